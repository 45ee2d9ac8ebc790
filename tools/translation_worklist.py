"""What a translator has to do: the clauses of one language that are missing or stale.

``python -m tools.translation_worklist de`` prints, for every variant, each clause whose
translation is missing or stale, with its English (title, text, alternatives) and the
digest to record in ``translates:``. With ``--start VARIANT`` it writes a new
translation file for a variant that has none, holding the English and its digests, for
the translator to replace text by text; it never writes over an existing file. A started
file still carries English, which ``tests/test_translations.py`` refuses: nothing
untranslated passes.
"""

from __future__ import annotations

import argparse
import sys

import yaml

from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.translations import (
    clause_english,
    digest,
    translation_problems,
    translations_dir,
    variant_english,
)
from zwicker_ref.rules.variant import Variant


def _started(variant: Variant, language: str) -> dict[str, object]:
    """A translation file of ``variant`` still in English, with the digests to keep."""
    clauses: dict[str, object] = {}
    for clause in variant.clauses:
        entry: dict[str, object] = {
            "translates": digest(clause_english(clause)),
            "title": clause.title,
            "text": clause.text,
        }
        if clause.alternatives:
            entry["alternatives"] = [
                {"text": alt.text, **({"unplayable": alt.unplayable} if alt.unplayable else {})}
                for alt in clause.alternatives
            ]
        clauses[clause.id] = entry
    return {
        "format": 1,
        "language": language,
        "variant": variant.id,
        "variant-text": {
            "translates": digest(variant_english(variant)),
            "name": variant.name,
            "summary": variant.summary,
            "source-roles": [source.role for source in variant.sources],
        },
        "clauses": clauses,
    }


def main(argv: list[str] | None = None) -> int:
    """Print the work list of a language, or start a variant's translation file."""
    parser = argparse.ArgumentParser(prog="python -m tools.translation_worklist")
    parser.add_argument("language", help="the language code, e.g. de")
    parser.add_argument("--start", metavar="VARIANT", help="write a new file for VARIANT")
    args = parser.parse_args(argv)
    if args.start:
        if args.start not in variant_ids():
            print(f"no variant {args.start!r}", file=sys.stderr)
            return 2
        path = translations_dir(args.language) / f"{args.start}.yaml"
        if path.exists():
            print(f"{path} exists; not overwritten", file=sys.stderr)
            return 2
        path.parent.mkdir(parents=True, exist_ok=True)
        text = yaml.safe_dump(
            _started(load_variant(args.start), args.language),
            allow_unicode=True,
            sort_keys=False,
            width=88,
        )
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    problems = translation_problems(args.language)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} to do")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
