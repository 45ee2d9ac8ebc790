"""Every error code is documented, and the documentation names no code that does not exist."""

import re

import pytest

from tests.conftest import ROOT
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem

DOC = ROOT / "docs" / "reference" / "errors.md"


def documented_codes() -> set[str]:
    return set(re.findall(r"^\| `([a-z-]+)` \|", DOC.read_text(encoding="utf-8"), re.MULTILINE))


def test_every_code_is_documented() -> None:
    assert {code.value for code in ErrorCode} == documented_codes()


def test_codes_are_unique_and_kebab_case() -> None:
    values = [code.value for code in ErrorCode]
    assert len(values) == len(set(values))
    assert all(re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", value) for value in values)


def test_problem_renders_file_line_place_and_code() -> None:
    problem = Problem(
        code=ErrorCode.SCHEMA_VIOLATION,
        message="expected integer",
        file="spec/variants/x.yaml",
        path="clauses[2].params",
        line=40,
    )
    assert (
        str(problem)
        == "spec/variants/x.yaml:40: at clauses[2].params expected integer [schema-violation]"
    )


def test_invalid_file_error_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one problem"):
        InvalidFileError("x.yaml", [])


def _illegal_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Illegal moves") :]


def test_the_illegal_move_codes_are_listed_explicitly_and_documented_as_such() -> None:
    from zwicker_ref.errors import ILLEGAL_MOVE_CODES

    documented = set(re.findall(r"^\| `([a-z-]+)` \|", _illegal_section(), re.MULTILINE))
    assert {code.value for code in ILLEGAL_MOVE_CODES} == documented


def test_every_code_the_legality_check_raises_is_an_illegal_move_code() -> None:
    from zwicker_ref.errors import ILLEGAL_MOVE_CODES

    source = (ROOT / "zwicker_ref" / "engine" / "check" / "legality.py").read_text(encoding="utf-8")
    raised = {ErrorCode[name] for name in re.findall(r"ErrorCode\.([A-Z_]+)", source)}
    assert raised
    assert raised <= ILLEGAL_MOVE_CODES


def test_an_illegal_move_names_the_position() -> None:
    from tests.positions import position
    from zwicker_ref.engine.check.legality import check_move
    from zwicker_ref.engine.core.moves import Trail
    from zwicker_ref.errors import IllegalMoveError
    from zwicker_ref.rules.cards import Card

    p = position("dithmarschen", ["AH", "5C", "5D", "2H"], ["AC", "10D"])
    with pytest.raises(IllegalMoveError) as raised:
        check_move(p, Trail(Card.parse("KS")))
    error = raised.value
    assert error.code is ErrorCode.CARD_NOT_IN_HAND
    assert error.position == p.compact()
    assert str(error).endswith(f"[card-not-in-hand]; in {p.compact()}")
    assert "hands AH | 5C | 5D | 2H; table AC 10D; stock 0" in str(error)
