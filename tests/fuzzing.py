"""What the fuzz tests share: example budgets, text as people and broken tools write it,
the check that a reader fails only with the project's own error, and sample documents.

The fuzz tests (``tests/test_fuzz_*.py``) feed every entry point that reads what a user
wrote arbitrary text and bytes, text in the shape of the notation, and structured
mutations of valid documents. The only outcome allowed besides success is the project's
own error - a :class:`~zwicker_ref.errors.ZwickerError` with a non-empty message (for the
command line: exit status 1 with a message, or argparse's exit status 2 for a usage
error; for the protocol: an ``ok: false`` answer with an error code) - never another
exception, never a traceback, never a silent pass.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import math
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.conftest import raw_spec
from tests.strategies import Setting, value_at
from zwicker_ref.errors import ErrorCode, InvalidFileError, ZwickerError
from zwicker_ref.formats.record import random_game, record_to_data
from zwicker_ref.protocol import serve
from zwicker_ref.rules.spec_loader import variant_ids

T = TypeVar("T")

# The cheap fuzzers run three times the profile's examples, the slow ones a third.
FAST = hypothesis_settings(max_examples=3 * hypothesis_settings.default.max_examples)
SLOW = hypothesis_settings(max_examples=max(5, hypothesis_settings.default.max_examples // 3))

# Text as people type it, and as a broken editor or a wrong file gives it.
TEXT = st.text() | st.binary().map(lambda raw: raw.decode("utf-8", errors="replace"))
NOTATION_CHARACTERS = "AJQK0123456789CDHS#x=>@+, JKW-"
NOTATION_TEXT = st.text(alphabet=NOTATION_CHARACTERS, max_size=24)
CARD_LIKE = st.from_regex(r"\A(?:[AJQK2-9]|1[0-9]|JK[0-9A-Zaz]{0,4})[CDHSX]?(?:#[0-9]{0,3})?\Z")
YAML_CHARACTERS = "{}[]:,-'\"#&*!|>%@` \n\tabcx0123456789.~"


@st.composite
def aliased_yaml(draw: st.DrawFn) -> str:
    """YAML built to hurt a reader: anchors whose aliases multiply (a "billion laughs" when
    they nest), an alias inside its own anchor, an alias of no anchor, nesting past the
    readers' limit of 64, and anchors given twice. Issue 34: each reader must answer with
    its own error (or the data), at a cost bounded by the text's size."""
    lines: list[str] = []
    names: list[str] = []
    for index in range(draw(st.integers(min_value=1, max_value=8))):
        name = draw(st.sampled_from([f"a{index}", *names])) if names else f"a{index}"
        targets = st.sampled_from([*names, name, "nowhere"])
        refs = draw(st.lists(targets, max_size=12)) if names else []
        items = [f"*{ref}" for ref in refs] + ["x"] * draw(st.integers(min_value=0, max_value=3))
        depth = draw(st.integers(min_value=0, max_value=80))
        value = "[" * depth + "[" + ", ".join(items) + "]" + "]" * depth
        block = draw(st.booleans())
        if block and depth < 40:
            value = "\n" + "".join(f"{'  ' * level}- " for level in range(depth)) + "x"
        lines.append(f"k{index}: &{name} {value}")
        names.append(name)
    return "\n".join(lines) + "\n"


YAML_TEXT = TEXT | st.text(alphabet=YAML_CHARACTERS) | aliased_yaml()
"""Text for the readers of YAML files: any text, YAML-like text, and hostile YAML."""


def own_error_or(call: Callable[[], T]) -> T | ZwickerError:
    """The result of ``call``, or the project's own error with a message; anything else fails."""
    try:
        return call()
    except ZwickerError as error:
        caught = error
    assert caught.message.strip(), repr(caught)
    assert str(caught).strip(), repr(caught)
    if isinstance(caught, InvalidFileError):
        assert caught.problems
        assert all(problem.message.strip() for problem in caught.problems)
    return caught


@st.composite
def edited(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """``text`` with a few characters inserted, deleted or replaced."""
    chars = list(text)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.integers(min_value=0, max_value=len(chars)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        if action == "insert" or where == len(chars):
            chars.insert(where, draw(st.sampled_from(alphabet)))
        elif action == "delete":
            del chars[where]
        else:
            chars[where] = draw(st.sampled_from(alphabet))
    return "".join(chars)


def _integer_places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every integer (not bool) in ``data``."""
    if isinstance(data, dict):
        return [
            place for key, value in data.items() for place in _integer_places(value, (*path, key))
        ]
    if isinstance(data, list):
        return [
            place
            for index, value in enumerate(data)
            for place in _integer_places(value, (*path, index))
        ]
    return [path] if type(data) is int else []


@st.composite
def renumbered(draw: st.DrawFn, data: Any) -> Any:
    """A copy of ``data`` with an integer or two written as another writer may: ``3.0`` for
    3 (still an integer to JSON Schema, so the schemas let it through), or a number too
    large for a float (``1e400`` in JSON, ``.inf`` in YAML)."""
    result = copy.deepcopy(data)
    places = _integer_places(result)
    # Half the time a field of the document or of one of its parts: players, seats, stage.
    shallow = [place for place in places if len(place) <= 2] or places
    for _ in range(draw(st.integers(min_value=1, max_value=2)) if places else 0):
        *path, last = draw(st.sampled_from(shallow) | st.sampled_from(places))
        node = value_at(result, tuple(path))
        node[last] = draw(st.sampled_from([float(node[last]), math.inf]))
    return result


SPECS = {variant_id: raw_spec(variant_id) for variant_id in variant_ids()}


RECORD_SETTINGS = [Setting("classic", (), 2), Setting("zwick", (), 4), Setting("grupp", (), 3)]


@functools.cache
def _record(setting: Setting) -> dict[str, Any]:
    # Made on first use, not at import: a broken interpreter then fails these tests, not
    # the collection of the whole module.
    return record_to_data(random_game(setting.variant_id, setting.players, 5, None)[0])


def record_data(setting: Setting) -> dict[str, Any]:
    """The data of a seeded random game record (a fresh copy)."""
    return copy.deepcopy(_record(setting))


def check_reply(request: Any, reply: Any) -> None:
    """A well-formed protocol answer to ``request`` (None: a line that was not JSON): it
    repeats the id, says ok or not, and a refusal has an error code and a message."""
    assert isinstance(reply, dict)
    assert isinstance(reply["ok"], bool)
    ident = request.get("id") if isinstance(request, dict) else None
    assert json.dumps(reply["id"]) == json.dumps(ident)  # NaN is an id too
    if not reply["ok"]:
        assert reply["message"].strip()
        assert reply["error"] in set(ErrorCode)


def check_served(request: Any) -> None:
    """One request served: one answer, a well-formed one."""
    out = io.StringIO()
    serve(io.StringIO(json.dumps(request) + "\n"), out)
    (line,) = out.getvalue().splitlines()
    check_reply(request, json.loads(line))
