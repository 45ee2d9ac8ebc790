"""Positions read from and written to YAML and JSON (docs/reference/position-format.md).

Expected orders are worked out by hand from the canonical card order: by copy, then suit
(C D H S), then rank (A 2 ... 10 J Q K), jokers after the suited cards of their copy.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.positions import cards
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.errors import ErrorCode, InvalidFileError
from zwicker_ref.formats.position_io import (
    dump_position_json,
    dump_position_yaml,
    load_position,
    position_from_data,
    position_from_document,
    position_to_data,
)
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant

# Deliberately not in canonical order, with the optional fields left out.
UNSORTED = """\
format: 1
variant: dithmarschen
players: 4
dealer: 3
to_move: 0
stage: 1
hands: [[JK15, KH, AH, 10D], [9S, 2C], [], [5C]]
table: [QS, {build: [5S, 3D], value: 8, owner: 1}, AD]
stock: [9C, 8C, 7H]
"""

# UNSORTED in canonical form, written out by hand.
CANONICAL = """\
format: 1
variant: dithmarschen
options: []
players: 4
dealer: 3
to_move: 0
stage: 1
hands:
- [10D, AH, KH, JK15]
- [2C, 9S]
- []
- [5C]
table: [AD, {build: [5S, 3D], value: 8, owner: 1}, QS]
stock: [9C, 8C, 7H]
captured:
- []
- []
zwicks: [0, 0]
last_capture: null
"""


def base() -> dict[str, Any]:
    """A valid four-player Dithmarschen position as plain data."""
    return {
        "format": 1,
        "variant": "dithmarschen",
        "options": [],
        "players": 4,
        "dealer": 3,
        "to_move": 0,
        "stage": 1,
        "hands": [["AH", "KH", "JH", "3H"], ["2C"], ["5C"], []],
        "table": ["QS", "AD", {"build": ["3D", "5S"], "value": 8, "owner": 1}],
        "stock": ["9C", "8C"],
        "captured": [[], ["7C"]],
        "zwicks": [0, 1],
        "last_capture": 1,
    }


def load_text(tmp_path: Path, text: str, name: str = "position.yaml") -> Position:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_position(path)


def problems_of(data: Any) -> list[tuple[ErrorCode, str]]:
    with pytest.raises(InvalidFileError) as caught:
        position_from_data(data, "test.yaml")
    return [(problem.code, problem.path) for problem in caught.value.problems]


# --- reading -----------------------------------------------------------------------------


def test_a_position_is_read_with_defaults_and_in_canonical_order(tmp_path: Path) -> None:
    position = load_text(tmp_path, UNSORTED)
    assert (position.variant, position.options, position.players) == ("dithmarschen", (), 4)
    assert (position.dealer, position.to_move, position.stage) == (3, 0, 1)
    assert position.hands == (cards("10D AH KH JK15"), cards("2C 9S"), (), cards("5C"))
    pile = Pile(cards=cards("5S 3D"), value=8, owner=1)  # bottom first, as written
    assert position.table == (Card.parse("AD"), pile, Card.parse("QS"))  # 5S names the build
    assert position.stock == cards("9C 8C 7H")  # top first, never sorted
    assert position.captured == ((), ())  # Dithmarschen: four players, two teams
    assert position.zwicks == (0, 0)
    assert position.last_capture is None
    assert position.rules == load_variant("dithmarschen").rules


def test_dump_is_the_canonical_form(tmp_path: Path) -> None:
    assert dump_position_yaml(load_text(tmp_path, UNSORTED)) == CANONICAL


@pytest.mark.parametrize("dump", [dump_position_yaml, dump_position_json])
def test_load_dump_load_is_the_identity(tmp_path: Path, dump: Callable[[Position], str]) -> None:
    first = position_from_data(base())
    text = dump(first)
    again = load_text(tmp_path, text, "again.json" if dump is dump_position_json else "a.yaml")
    assert again == first
    assert again.rules == first.rules
    assert dump(again) == text
    assert position_from_data(position_to_data(first)) == first


def test_json_is_one_field_a_line() -> None:
    text = dump_position_json(position_from_data(base()))
    lines = text.splitlines()
    assert lines[0] == "{"
    assert lines[8] == '  "hands": [["AH", "3H", "JH", "KH"], ["2C"], ["5C"], []],'
    assert lines[9] == '  "table": ["AD", {"build": ["3D", "5S"], "value": 8, "owner": 1}, "QS"],'
    assert json.loads(text) == position_to_data(position_from_data(base()))


def test_the_documented_example_is_canonical() -> None:
    page = (ROOT / "docs" / "reference" / "position-format.md").read_text(encoding="utf-8")
    example = page.split("```yaml\n", 1)[1].split("```", 1)[0]
    position = position_from_document(parse_yaml(example, "position-format.md"))
    assert dump_position_yaml(position) == example


def test_players_alone_have_one_side_each() -> None:
    data = base() | {"variant": "grossenwiehe", "players": 3, "dealer": 2}
    data |= {"hands": [["AH"], ["2C"], []], "captured": [[], ["7C"], []], "zwicks": [0, 0, 2]}
    position = position_from_data(data)
    assert position.captured == ((), cards("7C"), ())
    assert position.zwicks == (0, 0, 2)
    assert problems_of(data | {"captured": [[], ["7C"]]}) == [
        (ErrorCode.INVALID_POSITION, "captured")
    ]


def test_builds_without_owners_in_the_classic_game() -> None:
    data = base() | {"variant": "classic", "players": 2, "dealer": 1, "last_capture": 0}
    data |= {"hands": [["AH"], ["2C"]], "captured": [[], []], "zwicks": [0, 0]}
    data["table"] = ["QS", {"build": ["3D", "5S"], "value": 8}]
    position = position_from_data(data)
    assert Pile(cards=cards("3D 5S"), value=8, owner=None) in position.table
    assert "owner" not in position_to_data(position)["table"][0]
    data["table"] = [{"build": ["3D", "5S"], "value": 8, "owner": None}]
    assert position_from_data(data).table == (Pile(cards=cards("3D 5S"), value=8, owner=None),)


def test_options_change_the_rules_the_position_is_checked_by() -> None:
    # Classic: above four players two packs, so 10D#2 exists; with single-pack it does not.
    data = base() | {"variant": "classic", "players": 5, "dealer": 0, "last_capture": None}
    data |= {"hands": [["10D#2"], [], [], [], []], "table": [], "captured": [[]] * 5}
    data |= {"zwicks": [0] * 5}
    assert position_from_data(data).hands[0] == cards("10D#2")
    assert problems_of(data | {"options": ["single-pack"]}) == [
        (ErrorCode.INVALID_POSITION, "hands[0][0]")
    ]
    # Dithmarschen deals 3 stages; drawing each round, 1 + (55 - 19) / 4 = 10.
    assert problems_of(base() | {"stage": 4}) == [(ErrorCode.INVALID_POSITION, "stage")]
    drawing = position_from_data(base() | {"stage": 10, "options": ["draw-each-round"]})
    assert drawing.rules == load_variant("dithmarschen").rules_with(("draw-each-round",))
    assert problems_of(base() | {"stage": 11, "options": ["draw-each-round"]}) == [
        (ErrorCode.INVALID_POSITION, "stage")
    ]


def test_a_subset_of_the_deck_is_a_position() -> None:
    data = base() | {"hands": [[], [], [], []], "table": [], "stock": [], "captured": [[], []]}
    assert position_from_data(data).is_over


# --- rejections --------------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def setter(**changes: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data.update(changes)

    return mutate


def hand_card(seat: int, card: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["hands"][seat].append(card)

    return mutate


def build_field(**changes: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["table"][2].update(changes)

    return mutate


def drop_owner(data: dict[str, Any]) -> None:
    del data["table"][2]["owner"]


REJECTIONS: list[tuple[str, Mutation, ErrorCode, str]] = [
    ("unknown variant", setter(variant="zwickel"), ErrorCode.UNKNOWN_VARIANT, "variant"),
    ("unknown option", setter(options=["no-such"]), ErrorCode.UNKNOWN_OPTION, "options[0]"),
    ("player count", setter(players=3), ErrorCode.UNSUPPORTED_PLAYER_COUNT, "players"),
    ("dealer out of range", setter(dealer=4), ErrorCode.INVALID_POSITION, "dealer"),
    ("mover out of range", setter(to_move=7), ErrorCode.INVALID_POSITION, "to_move"),
    ("capturer out of range", setter(last_capture=4), ErrorCode.INVALID_POSITION, "last_capture"),
    ("owner out of range", build_field(owner=4), ErrorCode.INVALID_POSITION, "table[2].owner"),
    ("owner missing", drop_owner, ErrorCode.INVALID_POSITION, "table[2]"),
    ("owner null", build_field(owner=None), ErrorCode.INVALID_POSITION, "table[2]"),
    ("too few hands", setter(hands=[["AH"], [], []]), ErrorCode.INVALID_POSITION, "hands"),
    ("too many sides", setter(captured=[[], [], []]), ErrorCode.INVALID_POSITION, "captured"),
    ("too few zwicks", setter(zwicks=[0]), ErrorCode.INVALID_POSITION, "zwicks"),
    ("stage", setter(stage=4), ErrorCode.INVALID_POSITION, "stage"),
    ("foreign joker", hand_card(3, "JK30"), ErrorCode.INVALID_POSITION, "hands[3][0]"),
    ("second copy", hand_card(3, "AH#2"), ErrorCode.INVALID_POSITION, "hands[3][0]"),
    ("card twice", hand_card(3, "7C"), ErrorCode.INVALID_POSITION, "captured[1][0]"),
    ("build card twice", hand_card(0, "5S"), ErrorCode.INVALID_POSITION, "table[2].build[1]"),
    ("bad card", hand_card(0, "D10"), ErrorCode.SCHEMA_VIOLATION, "hands[0][4]"),
    ("build value 0", build_field(value=0), ErrorCode.SCHEMA_VIOLATION, "table[2].value"),
    ("empty build", build_field(build=[]), ErrorCode.SCHEMA_VIOLATION, "table[2].build"),
    ("unknown field", setter(trumps="hearts"), ErrorCode.SCHEMA_VIOLATION, ""),
    ("seat true", setter(dealer=True), ErrorCode.SCHEMA_VIOLATION, "dealer"),
    ("format 2", setter(format=2), ErrorCode.SCHEMA_VIOLATION, "format"),
    (
        "option twice",
        setter(options=["draw-each-round"] * 2),
        ErrorCode.SCHEMA_VIOLATION,
        "options",
    ),
]


@pytest.mark.parametrize(
    ("mutation", "code", "path"),
    [case[1:] for case in REJECTIONS],
    ids=[case[0] for case in REJECTIONS],
)
def test_each_problem_is_reported_with_its_code_and_place(
    mutation: Mutation, code: ErrorCode, path: str
) -> None:
    data = copy.deepcopy(base())
    mutation(data)
    assert problems_of(data) == [(code, path)]


def test_owner_in_a_variant_without_ownership() -> None:
    data = base() | {"variant": "grupp", "players": 2, "dealer": 1, "last_capture": 0}
    data |= {"hands": [["AH"], ["2C"]], "captured": [[], []], "zwicks": [0, 0]}
    assert problems_of(data) == [(ErrorCode.INVALID_POSITION, "table[2].owner")]


def test_build_above_the_maximum() -> None:
    data = base() | {"variant": "grupp", "players": 2, "dealer": 1, "last_capture": 0}
    data |= {"hands": [["AH"], ["2C"]], "captured": [[], []], "zwicks": [0, 0]}
    data["table"] = [{"build": ["9D", "6S"], "value": 15}, {"build": ["8D", "6D"], "value": 14}]
    assert problems_of(data) == [(ErrorCode.INVALID_POSITION, "table[0].value")]


def test_a_duplicate_names_the_first_place() -> None:
    data = base()
    data["stock"].append("AH")
    with pytest.raises(InvalidFileError) as caught:
        position_from_data(data, "test.yaml")
    (problem,) = caught.value.problems
    assert problem.message == "AH appears twice: also at hands[0][0]"
    assert problem.file == "test.yaml"


def test_every_problem_of_a_file_is_reported_with_its_line(tmp_path: Path) -> None:
    text = """\
format: 1
variant: dithmarschen
players: 4
dealer: 4
to_move: 0
stage: 1
hands:
- [AH, KH, AH]
- [JK30]
- [QX]
- []
table: [QS, {build: [3D, 5S], value: 8}]
stock: [QS, 10D#2]
captured: [[], [], []]
"""
    with pytest.raises(InvalidFileError) as caught:
        load_text(tmp_path, text)
    found = [(problem.line, problem.path, problem.code) for problem in caught.value.problems]
    assert found == [
        (4, "dealer", ErrorCode.INVALID_POSITION),
        (8, "hands[0][2]", ErrorCode.INVALID_POSITION),
        (9, "hands[1][0]", ErrorCode.INVALID_POSITION),
        (10, "hands[2][0]", ErrorCode.SCHEMA_VIOLATION),
        (12, "table[1]", ErrorCode.INVALID_POSITION),
        (13, "stock[0]", ErrorCode.INVALID_POSITION),
        (13, "stock[1]", ErrorCode.INVALID_POSITION),
        (14, "captured", ErrorCode.INVALID_POSITION),
    ]
    assert all(problem.file == str(tmp_path / "position.yaml") for problem in caught.value.problems)
    assert "4: at dealer seat 4 is out of range" in str(caught.value)


def test_a_file_that_is_not_a_position(tmp_path: Path) -> None:
    with pytest.raises(InvalidFileError) as caught:
        load_text(tmp_path, "- AH\n- KH\n")
    assert [problem.code for problem in caught.value.problems] == [ErrorCode.SCHEMA_VIOLATION]
    with pytest.raises(InvalidFileError) as caught:
        load_text(tmp_path, "hands: [AH\n")
    assert [problem.code for problem in caught.value.problems] == [ErrorCode.YAML_SYNTAX]
    with pytest.raises(InvalidFileError) as caught:
        load_position(tmp_path / "missing.yaml")
    assert [problem.code for problem in caught.value.problems] == [ErrorCode.FILE_UNREADABLE]


def test_missing_fields_are_named() -> None:
    data = base()
    del data["hands"]
    del data["stage"]
    codes = problems_of(data)
    assert codes == [(ErrorCode.SCHEMA_VIOLATION, ""), (ErrorCode.SCHEMA_VIOLATION, "")]


SHOWN = {
    "format": 1,
    "variant": "dithmarschen",
    "options": ["partner-built-earlier"],
    "players": 4,
    "dealer": 3,
    "to_move": 0,
    "stage": 1,
    "hands": [["JD", "5C"], ["6C"], ["QS"], ["6D"]],
    "table": ["JK25"],
    "shown": [[], [], [13], []],
}


def test_values_built_earlier_are_read_written_and_checked() -> None:
    # The option partner-built-earlier keeps, by seat, the values built for itself earlier
    # in the hand (docs/reference/position-format.md, shown).
    position = position_from_data(SHOWN)
    assert position.shown == ((), (), (13,), ())
    assert position_to_data(position)["shown"] == [[], [], [13], []]
    assert position_from_data(position_to_data(position)) == position
    assert "shown: [[], [], [13], []]" in dump_position_yaml(position)
    # Nothing shown is not written, and reads as nothing shown.
    blank = position_from_data({**SHOWN, "shown": [[], [], [], []]})
    assert blank.shown == ()
    assert "shown" not in position_to_data(blank)
    for changed, code, words in (
        ({"options": []}, ErrorCode.INVALID_POSITION, "these rules keep none"),
        ({"shown": [[13]]}, ErrorCode.INVALID_POSITION, "4 lists of values built earlier"),
        ({"shown": [[], [0], [], []]}, ErrorCode.SCHEMA_VIOLATION, "minimum"),
        ({"shown": [[], [5, 5], [], []]}, ErrorCode.SCHEMA_VIOLATION, "unique"),
    ):
        with pytest.raises(InvalidFileError) as raised:
            position_from_data({**SHOWN, **changed})
        (problem,) = raised.value.problems
        assert problem.code is code, changed
        assert words in problem.message, (changed, problem.message)
