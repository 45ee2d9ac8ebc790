"""The mutant table of tests/mutants.py stays true to the code and to the property suite.

Running the mutants takes minutes (``make mutants``); these checks take milliseconds and
fail as soon as a change to the interpreter or to the laws leaves a mutant behind: an edit
that no longer applies, a law that no longer exists, or a law that nothing shows to work.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.mutants import (
    LAWS_WITHOUT_MUTANT,
    MUTANTS,
    ROOT,
    Mutant,
    MutantError,
    apply,
    check_edits_apply,
)


def test_mutant_ids_are_unique() -> None:
    ids = [mutant.id for mutant in MUTANTS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda mutant: mutant.id)
def test_every_edit_applies_exactly_once(mutant: Mutant) -> None:
    check_edits_apply(mutant)


def test_an_edit_that_does_not_apply_is_reported(tmp_path: Path) -> None:
    target = tmp_path / MUTANTS[0].edits[0].file
    target.parent.mkdir(parents=True)
    target.write_text("nothing to see\n", "utf-8")
    with pytest.raises(MutantError, match="0 times"):
        apply(MUTANTS[0], tmp_path)


def defined_tests(module: str) -> set[str]:
    """The names of the test functions of a test module."""
    tree = ast.parse((ROOT / module).read_text("utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def test_every_law_named_by_a_mutant_exists() -> None:
    for mutant in MUTANTS:
        assert mutant.test_name in defined_tests(mutant.module), mutant.law


def test_every_property_has_a_mutant() -> None:
    """Each law of the property suite is shown to catch a deliberate fault (or says why not)."""
    module = "tests/test_properties.py"
    laws = {f"{module}::{name}" for name in defined_tests(module)}
    aimed = {mutant.law for mutant in MUTANTS}
    assert laws - aimed - set(LAWS_WITHOUT_MUTANT) == set()
    assert set(LAWS_WITHOUT_MUTANT) <= laws
    assert not set(LAWS_WITHOUT_MUTANT) & aimed


def test_the_laws_page_lists_every_mutant() -> None:
    """docs/laws.md names each mutant, and names no mutant that does not exist."""
    page = (ROOT / "docs" / "laws.md").read_text("utf-8")
    table = page.split("## Every law is shown to catch a fault")[1].split("## Adding a law")[0]
    named = set(re.findall(r"\(`([a-z0-9-]+)`\)", table))
    assert named == {mutant.id for mutant in MUTANTS}
