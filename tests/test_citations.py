"""Every citation points at words that really occur in the cited source.

A section anchor must occur verbatim (ignoring case and runs of white space) in the
source file, so a reader can find the passage with a text search. The sources live
outside the repository; without them these tests are skipped with a message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Citation


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def source_text(sources: Path, name: str) -> str:
    path = sources.parent / name if name == "RULINGS.md" else sources / name
    return normalise(path.read_text(encoding="utf-8"))


def all_citations(variant_id: str) -> list[tuple[str, Citation]]:
    found = []
    for clause in load_variant(variant_id).clauses:
        found += [(clause.id, citation) for citation in clause.citations]
        for alternative in clause.alternatives:
            found += [(f"{clause.id} (alternative)", c) for c in alternative.citations]
    return found


@pytest.mark.parametrize("variant_id", variant_ids())
def test_citation_sections_occur_verbatim(sources: Path, variant_id: str) -> None:
    texts: dict[str, str] = {}
    missing = []
    for where, citation in all_citations(variant_id):
        if citation.source not in texts:
            texts[citation.source] = source_text(sources, citation.source)
        if normalise(citation.section) not in texts[citation.source]:
            missing.append(f"{where}: {citation.section!r} not in {citation.source}")
    assert not missing, "\n".join(missing)


def test_the_manifest_lists_exactly_the_sources(sources: Path) -> None:
    from zwicker_ref.rules.sources import source_files

    listed = source_files() - {"RULINGS.md"}
    assert {path.name for path in sources.glob("*.txt")} == listed
    for name in listed:
        assert name in (sources / "README.md").read_text(encoding="utf-8"), name


def test_a_manifest_that_lists_a_file_twice_is_rejected(tmp_path: Path) -> None:
    from zwicker_ref.documents.yamlfile import read_yaml
    from zwicker_ref.errors import ErrorCode
    from zwicker_ref.rules.sources import check_sources_document

    text = (ROOT / "spec" / "sources.yaml").read_text(encoding="utf-8")
    first = text.index("  - file:")
    second = text.index("  - file:", first + 1)
    path = tmp_path / "sources.yaml"
    path.write_text(text + text[first:second], encoding="utf-8")
    _sources, problems = check_sources_document(read_yaml(path))
    assert [problem.code for problem in problems] == [ErrorCode.DUPLICATE_SOURCE]
    assert problems[0].line is not None


SHINGLE = 8  # this many consecutive words shared with a source count as copied prose


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9äöüß]+", text.lower())


def shingles(text: str) -> set[tuple[str, ...]]:
    tokens = words(text)
    return {tuple(tokens[i : i + SHINGLE]) for i in range(len(tokens) - SHINGLE + 1)}


def prose_fields(variant_id: str) -> list[tuple[str, str]]:
    variant = load_variant(variant_id)
    fields = [("summary", variant.summary)]
    fields += [(f"sources[{s.source}]", s.role) for s in variant.sources]
    for clause in variant.clauses:
        fields.append((clause.id, clause.text))
        for index, alternative in enumerate(clause.alternatives):
            fields.append((f"{clause.id} alternatives[{index}]", alternative.text))
            if alternative.unplayable:
                where = f"{clause.id} alternatives[{index}].unplayable"
                fields.append((where, alternative.unplayable))
    return fields


@pytest.mark.parametrize("variant_id", variant_ids())
def test_rule_text_is_in_our_own_words(sources: Path, variant_id: str) -> None:
    source_shingles: set[tuple[str, ...]] = set()
    # RULINGS.md is the project's own text; only the third-party sources must not be copied.
    for path in sources.glob("*.txt"):
        source_shingles |= shingles(path.read_text(encoding="utf-8"))
    copied = []
    for where, text in prose_fields(variant_id):
        shared = shingles(text) & source_shingles
        if shared:
            copied.append(f"{where}: {' '.join(sorted(shared)[0])!r}")
    assert not copied, "prose shares 8+ consecutive words with a source:\n" + "\n".join(copied)
