"""Commands for contributors: ``fmt`` (the canonical layout) and ``new`` (a scenario skeleton)."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from zwicker_ref.cli.command import Command, add_output, expand, refuse_existing, write_output
from zwicker_ref.conformance.layout import format_scenario_text
from zwicker_ref.conformance.scenarios import Kind, is_scenario_data
from zwicker_ref.conformance.skeleton import new_scenario
from zwicker_ref.documents import bounds
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem


def _configure_fmt(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="scenario files or directories; default: the scenarios of the corpus",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list the files not in the canonical layout (exit 1 if any)",
    )


def _fmt(args: argparse.Namespace) -> int:
    canonical = changed = refused = 0
    for path in expand(args.paths or [scenarios_dir()]):
        try:
            text = bounds.read_text(path, str(path))
        except InvalidFileError as error:
            refused += 1
            print(f"ERROR {error}")
            continue
        try:
            if not is_scenario_data(parse_yaml(text, str(path)).data):
                continue  # a spec or another YAML file: not ours to lay out
        except InvalidFileError as error:
            refused += 1  # not YAML that can be read: reported once, not read again
            print(f"REFUSED {path}")
            for problem in error.problems:
                print(f"  {problem}")
            continue
        try:
            formatted = format_scenario_text(text, str(path))
        except InvalidFileError as error:
            refused += 1
            print(f"REFUSED {path}")
            for problem in error.problems:
                print(f"  {problem}")
            continue
        if formatted == text:
            canonical += 1
            continue
        changed += 1
        if args.check:
            print(f"DIFFERS {_first_difference(path, text, formatted)}")
        else:
            _replace(path, formatted)
            print(f"formatted {path}")
    verb = "would be reformatted" if args.check else "reformatted"
    print(f"{canonical} canonical, {changed} {verb}, {refused} refused")
    return 1 if refused or (args.check and changed) else 0


def _first_difference(path: Path, text: str, formatted: str) -> Problem:
    old, new = text.splitlines(), formatted.splitlines()
    line = next(
        (number for number, (a, b) in enumerate(zip(old, new, strict=False), 1) if a != b),
        min(len(old), len(new)) + 1,
    )
    wanted = new[line - 1] if line <= len(new) else "(end of file)"
    return Problem(
        code=ErrorCode.FMT_DIFFERS,
        message=f"not in the canonical layout; the line should read: {wanted.strip()!r}",
        file=str(path),
        line=line,
    )


def _replace(path: Path, text: str) -> None:
    """Write ``text`` over ``path`` at once (a temporary file renamed), never half a file."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError:
        os.unlink(temporary)  # a full disk: the file stays as it was, and nothing beside it
        raise


def _configure_new(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", choices=[kind.value for kind in Kind], metavar="KIND")
    parser.add_argument(
        "--variant", required=True, metavar="V", help="variant id (see `zwicker variants`)"
    )
    parser.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="FILE",
        help="start from this position file, game record or match record",
    )
    parser.add_argument(
        "--players", type=int, metavar="N", help="number of players (default: the fewest)"
    )
    parser.add_argument(
        "--golden",
        action="store_true",
        help="fill the expectation from the reference and mark it provenance: golden",
    )
    add_output(parser, "the scenario")


def _new(args: argparse.Namespace) -> int:
    refuse_existing(args.output)
    text = new_scenario(
        Kind(args.kind), args.variant, source=args.source, players=args.players, golden=args.golden
    )
    write_output(args.output, text)
    return 0


COMMANDS = (
    Command(
        name="fmt",
        summary="rewrite scenario files in the canonical layout (--check: only report)",
        description=(
            "Rewrite scenario files in the canonical layout (key order, card order, line "
            "style; see docs/reference/scenario-format.md). A file with a YAML comment is "
            "refused, never rewritten: move the comment into the description or a note. "
            "With --check nothing is written and every file not in the layout is listed "
            "with its first differing line (exit 1 if any)."
        ),
        examples=(
            "zwicker fmt --check                 # the corpus, as CI runs it",
            "zwicker fmt my-scenarios/new-case.yaml",
        ),
        configure=_configure_fmt,
        run=_fmt,
    ),
    Command(
        name="new",
        summary="write a scenario skeleton for you to complete by hand",
        description=(
            "Write the skeleton of a new scenario of KIND for a variant: a fresh id, the "
            "position (from --from, or an empty one to fill in), suggested clauses, and an "
            "expectation left for you to derive by hand from the rule text (the skeleton "
            "does not validate until you do). --golden fills the expectation from the "
            "reference instead and marks the scenario provenance: golden. Never overwrites."
        ),
        examples=(
            "zwicker new legal-moves --variant zwick --from position.yaml -o case.yaml",
            "zwicker new score --variant classic --players 3 -o score.yaml",
            "zwicker new move --variant dithmarschen --from position.yaml --golden",
        ),
        configure=_configure_new,
        run=_new,
    ),
)
