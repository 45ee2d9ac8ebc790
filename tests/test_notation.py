"""The compact move notation and the structured move form.

Expected canonical spellings are worked out by hand from the card order of
docs/reference/card-notation.md: by copy, then suit (C D H S), then rank (A 2 ... 10 J Q
K), jokers after the suited cards of their copy.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.positions import card, cards
from zwicker_ref.documents.schemas import validator
from zwicker_ref.documents.yamlfile import format_path, parse_yaml
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.errors import ErrorCode, NotationError
from zwicker_ref.formats.move_data import MoveDataError, move_from_data, move_to_data
from zwicker_ref.formats.notation import (
    format_move,
    format_move_annotated,
    format_move_list,
    parse_cards,
    parse_move,
)
from zwicker_ref.rules.cards import build_deck

# --- reading and writing each kind -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move", "canonical"),
    [
        ("10S", Trail(card("10S")), "10S"),
        ("JK25#2", Trail(card("JK25#2")), "JK25#2"),
        # The brief's example; A sorts before 2 within a suit, diamonds before spades.
        (
            "KS x QS AD 8D 4D 2D",
            Capture(card("KS"), frozenset(cards("QS AD 8D 4D 2D"))),
            "KS x AD 2D 4D 8D QS",
        ),
        ("8C x 3D", Capture(card("8C"), frozenset(cards("3D"))), "8C x 3D"),
        # Second copies after every first copy; jokers after the suited cards.
        (
            "JK20 x JK15 5C#2 5C",
            Capture(card("JK20"), frozenset(cards("JK15 5C#2 5C"))),
            "JK20 x 5C JK15 5C#2",
        ),
        ("10S>JK30=20@3", Build(card("10S"), card("JK30"), 20, 3), "10S>JK30=20@3"),
        ("3C>5D=8", Build(card("3C"), card("5D"), 8, None), "3C>5D=8"),
        ("QH=13@1", Build(card("QH"), None, 13, 1), "QH=13@1"),
        ("QH=12", Build(card("QH"), None, 12, None), "QH=12"),
        ("9S>9C=9@0", Build(card("9S"), card("9C"), 9, 0), "9S>9C=9@0"),
    ],
)
def test_each_kind_reads_and_writes(text: str, move: Move, canonical: str) -> None:
    parsed = parse_move(text)
    assert parsed == move
    assert type(parsed) is type(move)
    assert format_move(parsed) == canonical
    assert parse_move(canonical) == move


def test_annotations_are_read_but_are_not_the_identity() -> None:
    annotated = parse_move("KS=14 x QS+AD, 8D+4D+2D")
    assert isinstance(annotated, Capture)
    assert annotated.value == 14
    assert annotated.groups == (cards("QS AD"), cards("8D 4D 2D"))
    assert annotated.items == frozenset(cards("2D 4D 8D AD QS"))
    # RULINGS.md: two groupings that take the same items are one move.
    assert annotated == parse_move("KS x 8D+4D+2D, QS+AD")
    assert annotated == parse_move("KS x QS 2D AD 8D 4D")
    assert hash(annotated) == hash(parse_move("KS x AD 2D 4D 8D QS"))
    assert format_move(annotated) == "KS x AD 2D 4D 8D QS"
    assert format_move_annotated(annotated) == "KS=14 x QS+AD, 8D+4D+2D"


@pytest.mark.parametrize(
    ("text", "value", "groups"),
    [
        ("KS=13 x KH", 13, None),
        ("KS=14 x QS AD", 14, None),
        ("KS x QS+AD", None, (("QS", "AD"),)),
        ("KS x KH, KD", None, (("KH",), ("KD",))),
    ],
)
def test_partial_annotations(
    text: str, value: int | None, groups: tuple[tuple[str, ...], ...] | None
) -> None:
    move = parse_move(text)
    assert isinstance(move, Capture)
    assert move.value == value
    expected = None if groups is None else tuple(tuple(map(card, group)) for group in groups)
    assert move.groups == expected


def test_annotated_form_of_a_plain_move_is_the_canonical_one() -> None:
    assert format_move_annotated(parse_move("KS=14 x QS AD")) == "KS=14 x AD QS"
    assert format_move_annotated(parse_move("KS x QS AD")) == "KS x AD QS"
    assert format_move_annotated(parse_move("QH=13@1")) == "QH=13@1"
    assert format_move_annotated(parse_move("10S")) == "10S"


def test_groups_that_do_not_name_the_items_are_not_written() -> None:
    inconsistent = Capture(card("KS"), frozenset(cards("QS AD")), value=14, groups=(cards("QS"),))
    assert format_move_annotated(inconsistent) == "KS=14 x AD QS"


def test_move_lists_are_canonical_one_a_line() -> None:
    moves = [
        parse_move("QH=13@1"),
        parse_move("KS x QS"),
        parse_move("2C"),
        parse_move("10S>JK30=20@3"),
        parse_move("AC"),
        parse_move("KS x 3D QS"),
    ]
    # Trails, captures, builds; within a kind by played card (hearts before spades), then
    # a capture's sorted items compared in turn (3D before QS).
    assert format_move_list(moves).splitlines() == [
        "AC",
        "2C",
        "KS x 3D QS",
        "KS x QS",
        "QH=13@1",
        "10S>JK30=20@3",
    ]
    assert format_move_list([]) == ""


# --- rejections --------------------------------------------------------------------------

REJECTED = [
    ("", "empty"),
    (" KS", "start or end"),
    ("KS ", "start or end"),
    ("KS\tx QS", "tabs"),
    ("KS QS", "a capture is CARD x ITEMS"),
    ("ks", "not a card"),
    ("D10", "not a card"),
    ("KS  x QS", "one space on each side of 'x'"),
    ("KSx QS", "one space on each side of 'x'"),
    ("KS xQS", "one space on each side of 'x'"),
    ("KS x  QS", "one space on each side of 'x'"),
    ("KS x", "name the captured items"),
    ("KS x QS x AD", "one 'x'"),
    ("KS x QS  AD", "single spaces"),
    ("KS x QS+AD 8D", "mixes the two ways"),
    ("KS x QS AD+8D", "mixes the two ways"),
    ("KS x QS,AD", "one space after each comma"),
    ("KS x QS,  AD", "one space after each comma"),
    ("KS x QS, , AD", "a group is missing"),
    ("KS x QS,", "a group is missing"),
    ("KS x , QS", "a group is missing"),
    ("KS x QS+", "each side of every '+'"),
    ("KS x QS++AD", "each side of every '+'"),
    ("KS x QS + AD", "mixes the two ways"),
    ("KS x QS QS", "QS is named twice"),
    ("KS x QS+AD, QS", "QS is named twice"),
    ("KS x QQ", "not a card"),
    ("KS=0 x QS", "from 1 up"),
    ("KS=014 x QS", "from 1 up"),
    ("KS= x QS", "from 1 up"),
    ("KS>QS x AD", "before 'x' comes the played card"),
    ("K S x QS", "before 'x' comes the played card"),
    ("KS=14@1 x QS", "before 'x' comes the played card"),
    ("QH@1", "announces its new value"),
    ("10S>JK30", "announces its new value"),
    ("10S>JK30@3", "announces its new value"),
    ("QH=13@", "seat number"),
    ("QH=13@01", "seat number"),
    ("QH=13@-1", "seat number"),
    ("QH=-1", "from 1 up"),
    ("QH=1.5", "from 1 up"),
    ("10S>JK30>5=4", "at most once, in that order"),
    ("10S=4>JK30", "at most once, in that order"),
    ("10S>=4", "not a card"),
    ("=4", "not a card"),
    ("10S>JK30=20@3 ", "start or end"),
]


@pytest.mark.parametrize(("text", "expected"), REJECTED)
def test_bad_notation_is_rejected_with_the_text_and_what_was_expected(
    text: str, expected: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert caught.value.code is ErrorCode.BAD_MOVE_NOTATION
    assert repr(text) in caught.value.message
    assert expected in caught.value.message


def test_a_move_that_is_not_text_is_rejected() -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(10)  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.BAD_MOVE_NOTATION


def test_card_lists() -> None:
    assert parse_cards("AH KH 10D#2 JK15") == cards("AH KH 10D#2 JK15")
    assert parse_cards("") == ()
    for bad in ("AH  KH", " AH", "AH ", "AH,KH"):
        with pytest.raises(NotationError) as caught:
            parse_cards(bad)
        assert caught.value.code is ErrorCode.BAD_CARD_NOTATION


# --- properties --------------------------------------------------------------------------

DECK = build_deck(("15", "20", "25", "30", "W1"), packs=2)
some_cards = st.sampled_from(DECK)
values = st.integers(min_value=1, max_value=60)
owners = st.none() | st.integers(min_value=0, max_value=11)


@st.composite
def captures(draw: st.DrawFn) -> Capture:
    chosen = draw(st.lists(some_cards, min_size=2, max_size=9, unique=True))
    played, taken = chosen[0], chosen[1:]
    cuts = draw(st.sets(st.integers(1, len(taken) - 1), max_size=3)) if len(taken) > 1 else set()
    bounds = [0, *sorted(cuts), len(taken)]
    groups = tuple(tuple(taken[a:b]) for a, b in itertools.pairwise(bounds))
    annotated = draw(st.booleans())
    return Capture(
        played,
        frozenset(taken),
        value=draw(st.none() | values),
        groups=groups if annotated else None,
    )


moves = st.one_of(
    st.builds(Trail, some_cards),
    captures(),
    st.builds(Build, some_cards, st.none() | some_cards, values, owners),
)


@given(moves)
def test_reading_the_canonical_form_gives_the_move_back(move: Move) -> None:
    """parse(format(m)) == m, and format(parse(s)) is canonical (RULINGS.md identities)."""
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text)) == text


@given(moves)
def test_the_annotated_form_keeps_the_annotations(move: Move) -> None:
    again = parse_move(format_move_annotated(move))
    assert again == move
    if isinstance(move, Capture):
        assert isinstance(again, Capture)
        assert again.value == move.value
        groups = move.groups
        if groups is not None and not (len(groups) == 1 and len(groups[0]) == 1):
            assert again.groups == groups  # a single one-item group reads as a plain set


@given(moves, st.none() | st.integers(min_value=0, max_value=11))
def test_structured_form_round_trips(move: Move, seat: int | None) -> None:
    seated = _with_seat(move, seat)
    back = move_from_data(move_to_data(seated))
    assert back == seated
    assert back.seat == seat
    assert move_from_data(json.loads(json.dumps(move_to_data(seated)))) == seated
    assert move_from_data(format_move(move)) == move
    assert not list(validator("move").iter_errors(move_to_data(seated)))
    assert not list(validator("move").iter_errors(format_move_annotated(move)))


def _with_seat(move: Move, seat: int | None) -> Move:
    if isinstance(move, Trail):
        return Trail(move.card, seat=seat)
    if isinstance(move, Capture):
        return Capture(move.card, move.items, value=move.value, groups=move.groups, seat=seat)
    return Build(move.card, move.target, move.value, move.owner, seat=seat)


# --- the structured form -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"trail": "10S"}, "10S"),
        ({"capture": "KS", "items": ["QS", "AD", "8D", "4D", "2D"]}, "KS x AD 2D 4D 8D QS"),
        (
            {"capture": "KS", "value": 14, "groups": [["QS", "AD"], ["8D", "4D", "2D"]]},
            "KS x AD 2D 4D 8D QS",
        ),
        ({"build": "10S", "onto": "JK30", "value": 20, "owner": 3}, "10S>JK30=20@3"),
        ({"build": "QH", "value": 13, "owner": 1}, "QH=13@1"),
        ({"build": "QH", "value": 13}, "QH=13"),
        ({"build": "3C", "onto": "5D", "value": 8, "owner": None}, "3C>5D=8"),
        ("KS=14 x QS+AD, 8D+4D+2D", "KS x AD 2D 4D 8D QS"),
    ],
)
def test_structured_moves_read(data: Any, expected: str) -> None:
    assert format_move(move_from_data(data)) == expected
    assert not list(validator("move").iter_errors(data))


def test_structured_moves_carry_seat_and_annotations() -> None:
    move = move_from_data(
        {"capture": "KS", "value": 14, "groups": [["QS", "AD"], ["8D", "4D", "2D"]], "seat": 2}
    )
    assert isinstance(move, Capture)
    assert (move.seat, move.value) == (2, 14)
    assert move.groups == (cards("QS AD"), cards("8D 4D 2D"))
    assert move_to_data(move) == {
        "capture": "KS",
        "value": 14,
        "groups": [["QS", "AD"], ["8D", "4D", "2D"]],
        "seat": 2,
    }
    assert move_to_data(move, annotated=False) == {
        "capture": "KS",
        "items": ["AD", "2D", "4D", "8D", "QS"],
        "seat": 2,
    }
    assert move_to_data(Build(card("10S"), card("JK30"), 20, None)) == {
        "build": "10S",
        "onto": "JK30",
        "value": 20,
    }


BAD_DATA: list[tuple[Any, str, str]] = [
    (5, "", "a mapping"),
    (None, "", "a mapping"),
    ({}, "", "found none of them"),
    ({"trail": "10S", "build": "QH"}, "", "'trail' and 'build'"),
    ({"trail": "10S", "value": 4}, "value", "unknown field 'value'"),
    ({"trail": "10X"}, "trail", "not a card"),
    ({"trail": 10}, "trail", "written as text"),
    ({"trail": "10S", "seat": -1}, "seat", "from 0 up"),
    ({"trail": "10S", "seat": True}, "seat", "from 0 up"),
    ({"trail": "10S", "seat": None}, "seat", "from 0 up"),
    ({"capture": "KS"}, "", "either 'items'"),
    ({"capture": "KS", "items": ["QS"], "groups": [["QS"]]}, "", "not both"),
    ({"capture": "KS", "items": "QS AD"}, "items", "non-empty list"),
    (
        {"capture": "KS", "items": ["QS", "AD", "QS"]},
        "items[2]",
        "already named at moves[3].items[0]",
    ),
    ({"capture": "KS", "groups": []}, "groups", "non-empty list"),
    ({"capture": "KS", "groups": [[]]}, "groups[0]", "non-empty list"),
    ({"capture": "KS", "groups": [["QS", 7]]}, "groups[0][1]", "written as text"),
    ({"capture": "KS", "items": ["QS"], "value": 0}, "value", "from 1 up"),
    ({"capture": "KS", "items": ["QS"], "value": "14"}, "value", "from 1 up"),
    ({"build": "QH"}, "", "announces its new value"),
    ({"build": "QH", "value": 13, "onto": None}, "onto", "leave it out"),
    ({"build": "QH", "value": 13, "onto": "Q"}, "onto", "not a card"),
    ({"build": "QH", "value": 13, "owner": -2}, "owner", "from 0 up"),
    ({"build": "QH", "value": 13, "owner": "1"}, "owner", "from 0 up"),
    ({"build": "QH", "value": 13, "items": ["QS"]}, "items", "unknown field 'items'"),
    ("KS x QS+AD 8D", "", "mixes the two ways"),
]


@pytest.mark.parametrize(("data", "place", "expected"), BAD_DATA)
def test_bad_structured_moves_name_the_place(data: Any, place: str, expected: str) -> None:
    with pytest.raises(MoveDataError) as caught:
        move_from_data(data, ("moves", 3))
    error = caught.value
    assert error.code is ErrorCode.BAD_MOVE_NOTATION
    assert expected in error.message
    expected_place = "moves[3]" + (f".{place}" if place else "")
    assert format_path(error.path) == expected_place
    assert str(error).startswith(f"at {expected_place}: ")
    assert error.message in str(error)


def test_bad_structured_moves_are_also_schema_violations() -> None:
    for data, _place, _expected in BAD_DATA:
        if isinstance(data, str):
            continue  # mixed lists: beyond what a schema says
        assert list(validator("move").iter_errors(data)), data


def test_a_move_data_error_becomes_a_located_problem() -> None:
    document = parse_yaml("moves:\n  - 10S\n  - {capture: KS, items: [QS, 7]}\n", "game.yaml")
    with pytest.raises(MoveDataError) as caught:
        move_from_data(document.data["moves"][1], ("moves", 1))
    problem = caught.value.problem(document)
    assert (problem.file, problem.line, problem.path) == ("game.yaml", 3, "moves[1].items[1]")
    assert problem.code is ErrorCode.BAD_MOVE_NOTATION


# --- the schema's notation pattern agrees with the reader --------------------------------

PATTERN_SAMPLES = [
    "10S",
    "JK25#2",
    "KS x AD 2D 4D 8D QS",
    "KS=14 x QS+AD, 8D+4D+2D",
    "KS x QS+AD",
    "KS x KH, KD",
    "KS=13 x KH",
    "10S>JK30=20@3",
    "3C>5D=8",
    "QH=13@1",
    "QH=13",
    "9S>9C=9@0",
    "10D#2>JKW1=14",
]


def _schema_pattern() -> re.Pattern[str]:
    schema = json.loads((ROOT / "spec" / "schema" / "move.schema.json").read_text("utf-8"))
    return re.compile(schema["$defs"]["notation"]["pattern"])


@pytest.mark.parametrize("text", PATTERN_SAMPLES)
def test_schema_pattern_accepts_what_the_reader_accepts(text: str) -> None:
    parse_move(text)
    assert _schema_pattern().search(text)


@pytest.mark.parametrize("text", [text for text, _ in REJECTED if "named twice" not in _])
def test_schema_pattern_rejects_what_the_reader_rejects(text: str) -> None:
    assert not _schema_pattern().search(text)


def test_illegal_but_well_formed_captures_can_be_written_as_data() -> None:
    # The corpus must be able to show engines these moves, so the legality check (not the
    # reader) rejects them: capture-takes-nothing and item-used-twice.
    empty = move_from_data({"capture": "KS", "items": []})
    assert isinstance(empty, Capture)
    assert empty.items == frozenset()
    twice = move_from_data({"capture": "KS", "groups": [["QS"], ["AD", "QS"]]})
    assert isinstance(twice, Capture)
    assert twice.groups is not None
    assert [str(c) for g in twice.groups for c in g] == ["QS", "AD", "QS"]


def test_format_moves_writes_each_move_as_format_move_does() -> None:
    from tests.positions import large_positions
    from zwicker_ref.engine.generation import legal_moves
    from zwicker_ref.formats.notation import format_moves

    for position in large_positions().values():
        moves = list(legal_moves(position))[::7]
        assert format_moves(moves) == [format_move(move) for move in moves]
