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
