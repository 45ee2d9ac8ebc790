"""The engine-bug catalogue of tests/corpus_mutants.py stays true to the code and the docs.

Running the catalogue takes minutes (``make corpus-mutants``); these checks take
milliseconds: every edit still applies to the current source exactly once and leaves
valid Python, the bugs cover every rule area and all six variants, and the page "What
the corpus catches" lists exactly the catalogue's bugs, as the saved run found them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.corpus_mutants import (
    AREA_TITLES_DE,
    AREAS,
    BUGS,
    CATALOGUE,
    NEEDED,
    PAGE,
    PAGE_DE,
    SAVED_RUN,
    Bug,
    load_bugs,
    page_text,
    page_text_de,
)
from tests.mutants import MutantError, check_edits_apply
from zwicker_ref import load_variant

VARIANTS = ("christiansen", "classic", "dithmarschen", "grossenwiehe", "grupp", "zwick")


def test_bug_ids_are_unique_and_there_are_at_least_forty() -> None:
    ids = [bug.id for bug in BUGS]
    assert len(ids) == len(set(ids))
    assert len(ids) >= 40


def test_every_area_and_variant_has_bugs() -> None:
    assert {bug.area for bug in BUGS} == set(AREAS)
    assert {variant for bug in BUGS for variant in bug.variants} == set(VARIANTS)


@pytest.mark.parametrize("bug", BUGS, ids=lambda bug: bug.id)
def test_every_edit_applies_exactly_once(bug: Bug) -> None:
    check_edits_apply(bug)


@pytest.mark.parametrize("bug", BUGS, ids=lambda bug: bug.id)
def test_every_bug_names_clauses_of_its_variants(bug: Bug) -> None:
    for clause in bug.clauses:
        assert any(
            clause in {rule.id for rule in load_variant(variant).clauses}
            for variant in bug.variants
        ), f"{bug.id}: no variant of {bug.variants} has clause {clause}"


def test_the_saved_run_covers_the_catalogue_and_catches_each_bug_twice() -> None:
    saved = json.loads(SAVED_RUN.read_text("utf-8"))
    assert set(saved) == {bug.id for bug in BUGS}
    assert all(len(scenarios) >= NEEDED for scenarios in saved.values())


def test_the_page_lists_exactly_the_catalogue() -> None:
    page = PAGE.read_text("utf-8")
    named = set(re.findall(r"^- \*\*.*\*\* \(`([a-z0-9-]+)`\)$", page, re.MULTILINE))
    assert named == {bug.id for bug in BUGS}
    # The page is the generator's output from the catalogue and the saved run.
    assert page == page_text(BUGS, json.loads(SAVED_RUN.read_text("utf-8"))) + "\n"


def test_the_german_page_is_generated_from_the_catalogue_and_the_english_page() -> None:
    # Every bug and area has its German words, and the German page is the generator's
    # output for today's English page (so its `translates` digest is current).
    assert set(AREA_TITLES_DE) == set(AREAS)
    assert all(bug.bug_de.strip() and bug.bug_de != bug.bug for bug in BUGS)
    page = PAGE_DE.read_text("utf-8")
    named = set(re.findall(r"^- \*\*.*\*\* \(`([a-z0-9-]+)`\)$", page, re.MULTILINE))
    assert named == {bug.id for bug in BUGS}
    saved = json.loads(SAVED_RUN.read_text("utf-8"))
    assert page == page_text_de(BUGS, saved, PAGE.read_bytes()) + "\n"


def test_a_bug_without_its_german_words_is_refused_by_name(tmp_path: Path) -> None:
    text = CATALOGUE.read_text("utf-8")
    without = re.sub(r"\n  bug_de: [^\n]*", "", text, count=1)
    catalogue = tmp_path / "corpus_mutants.yaml"
    catalogue.write_text(without, "utf-8")
    with pytest.raises(MutantError, match=f"bug {BUGS[0].id} has no bug_de"):
        load_bugs(catalogue)


def test_the_page_links_every_clause_to_its_row_on_the_grid() -> None:
    page = PAGE.read_text("utf-8")
    linked = re.findall(r"\[`([a-z]+\.[a-z0-9-]+)`\]\(grid\.md#row-\1\)", page)
    assert {clause for bug in BUGS for clause in bug.clauses} == set(linked)
    # No clause id named without its link.
    assert re.findall(r"(?<!\[)`[a-z]+\.[a-z0-9-]+`", page) == []
