"""Reading YAML builds, in the walk that records lines, the data PyYAML's safe loader makes.

``parse_yaml`` makes the data of plain documents itself (mappings, lists, texts, numbers,
booleans, nulls) and leaves anything else to PyYAML's safe constructor; either way the
data must be what PyYAML's safe loader gives, with the same errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import YAML_CHARACTERS, edited
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError

ROOT = Path(__file__).resolve().parents[1]
# The parser the project uses (libyaml's where PyYAML has it, which reads a few texts
# the pure-Python parser refuses), with the safe constructor.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))[::7] + sorted(
    (ROOT / "spec").rglob("*.yaml")
)

ODD = [
    "a: &x [1, 2]\nb: *x\n",  # an anchor and its alias
    "base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n",  # a merge key
    "a: 2024-01-01\nb: 2024-01-01 10:00:00\n",  # timestamps
    "a: !!set {x, y}\nb: !!omap [{k: 1}]\n",  # explicit collection tags
    "a: !!str 12\nb: !!int '7'\nc: !!float '1'\n",  # explicit scalar tags
    "1: a\n0x1: b\n2.5: c\ntrue: d\n~: e\n",  # keys that are not texts
    "- 1.5\n- .inf\n- -.inf\n- 0o17\n- 0b101\n- ~\n- yes\n- 1_000\n- 1:30\n- ''\n",
    "=: 3\n",
    "a:\n",
    "[1, {a: b}, [c, [d]]]",
    "plain text",
    "",
    "# only a comment\n",
]
BROKEN = [
    "a: !foo x\n",  # a tag the safe constructor does not know
    "? [1]\n: 2\n",  # a key that cannot be a mapping key
    "a: 1\na: 2\n",  # a duplicate key
    "a: [1\n",  # not YAML
]


class Problems(list[tuple[ErrorCode, str, int | None]]):
    """The problems ``parse_yaml`` reported (told apart from data that is a list)."""


def _reading(text: str) -> object:
    """What ``parse_yaml`` makes of ``text``: its data, or the problems it reports."""
    try:
        return parse_yaml(text, "x.yaml").data
    except InvalidFileError as error:
        return Problems((problem.code, problem.message, problem.line) for problem in error.problems)


@pytest.mark.parametrize("text", ODD, ids=repr)
def test_odd_documents_read_as_the_safe_loader_reads_them(text: str) -> None:
    assert _reading(text) == yaml.load(text, Loader=LOADER)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: str(path.relative_to(ROOT)))
def test_shipped_files_read_as_the_safe_loader_reads_them(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert _reading(text) == yaml.load(text, Loader=LOADER)


def test_an_alias_is_the_same_object_as_its_anchor() -> None:
    data = parse_yaml("a: &x [1, 2]\nb: *x\nc: &y {k: [3]}\nd: *y\n", "x.yaml").data
    assert data["a"] is data["b"]
    assert data["c"] is data["d"]


@pytest.mark.parametrize("text", BROKEN, ids=repr)
def test_broken_documents_are_yaml_problems(text: str) -> None:
    problems = _reading(text)
    assert isinstance(problems, Problems)
    assert problems
    assert {code for code, _message, _line in problems} <= {
        ErrorCode.YAML_SYNTAX,
        ErrorCode.YAML_DUPLICATE_KEY,
    }


@given(
    st.sampled_from([*SHIPPED[:20], ROOT / "spec" / "corpus.yaml"]).flatmap(
        lambda path: edited(path.read_text(encoding="utf-8"), YAML_CHARACTERS)
    )
    | st.text(alphabet=YAML_CHARACTERS)
)
def test_edited_text_reads_as_the_safe_loader_reads_it(text: str) -> None:
    """Where PyYAML reads a document without a duplicate key, so does ``parse_yaml``."""
    try:
        expected = yaml.load(text, Loader=LOADER)
    except yaml.YAMLError:
        assert isinstance(_reading(text), Problems)  # reported as problems
        return
    except (ValueError, RecursionError):
        return  # e.g. a timestamp of month 13: PyYAML's own error, not ours to compare
    reading = _reading(text)
    if isinstance(reading, Problems) and any(
        code is ErrorCode.YAML_DUPLICATE_KEY for code, _message, _line in reading
    ):
        return  # PyYAML keeps the last of two equal keys; the project refuses them
    assert reading == expected
