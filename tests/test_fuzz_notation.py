"""Fuzzing card notation, move notation and move data (see tests/fuzzing.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import (
    CARD_LIKE,
    FAST,
    NOTATION_CHARACTERS,
    NOTATION_TEXT,
    TEXT,
    edited,
    own_error_or,
)
from tests.strategies import (
    DATA,
    candidate_moves,
    constructed_positions,
    mutated,
)
from zwicker_ref.errors import ZwickerError
from zwicker_ref.formats.move_data import move_from_data, move_to_data
from zwicker_ref.formats.notation import format_move, format_move_annotated, parse_cards, parse_move
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

# Card and move notation ----------------------------------------------------------------


@FAST
@given(TEXT | NOTATION_TEXT | CARD_LIKE | DATA)
def test_card_notation(text: Any) -> None:
    card = own_error_or(lambda: Card.parse(text))
    if isinstance(card, Card):
        assert str(card) == text
    own_error_or(lambda: parse_cards(text))


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    """Canonical and annotated notations of moves, often edited a little."""
    position = draw(constructed_positions(max_table=5, max_hand=4))
    move = draw(candidate_moves(position))
    text = draw(st.sampled_from([format_move(move), format_move_annotated(move)]))
    return draw(st.just(text) | edited(text, NOTATION_CHARACTERS))


# Text in the shape of the notation: card-like words, its separators, and words that look
# like numbers to a person but not to the notation (signs, underscores, other digits).
NUMBER_LIKE = st.from_regex(r"\A[-+]?[0-9\u0660-\u0669_ ]{0,4}\Z") | st.integers().map(str)
NOTATION_TOKEN = CARD_LIKE | NUMBER_LIKE | st.sampled_from([" x ", ">", "=", "@", "+", ", ", " "])


@st.composite
def notation_shaped(draw: st.DrawFn) -> str:
    """Tokens of the notation's grammar, joined in any order."""
    return "".join(draw(st.lists(NOTATION_TOKEN, min_size=1, max_size=8)))


PART = CARD_LIKE | NUMBER_LIKE | st.text(alphabet=NOTATION_CHARACTERS, max_size=3)
DECKS = [load_variant(variant).rules_with(()) for variant in variant_ids()]
CARD_TEXT = st.sampled_from(
    sorted({str(card) for rules in DECKS for card in rules.deck(max(rules.player_counts))})
)


@st.composite
def move_shaped(draw: st.DrawFn) -> str:
    """A well-formed move (trail or build: CARD >TARGET =VALUE @SEAT; capture: CARD =VALUE
    x GROUPS) with exactly one of its parts replaced by a card-like, number-like or junk
    word: a single fault in an otherwise good move, the case a reader most easily misses."""
    value = st.integers(min_value=1, max_value=40).map(str)
    seat = st.integers(min_value=0, max_value=11).map(str)
    parts: list[tuple[str, str]] = [("", draw(CARD_TEXT))]
    if draw(st.booleans()):
        if draw(st.booleans()):
            parts.append((">", draw(CARD_TEXT)))
        parts.append(("=", draw(value)))
        if draw(st.booleans()):
            parts.append(("@", draw(seat)))
    else:
        if draw(st.booleans()):
            parts.append(("=", draw(value)))
        for index in range(draw(st.integers(min_value=1, max_value=3))):
            parts.append((" x " if index == 0 else ", ", draw(CARD_TEXT)))
    wrong = draw(st.integers(min_value=0, max_value=len(parts) - 1))
    parts[wrong] = (parts[wrong][0], draw(PART))
    return "".join(mark + part for mark, part in parts)


@FAST
@given(TEXT | NOTATION_TEXT | move_texts() | notation_shaped() | move_shaped())
def test_move_notation(text: str) -> None:
    move = own_error_or(lambda: parse_move(text))
    if not isinstance(move, ZwickerError):
        assert parse_move(format_move(move)) == move


@st.composite
def move_data(draw: st.DrawFn) -> Any:
    """The data form of moves, mutated."""
    position = draw(constructed_positions(max_table=5, max_hand=4))
    return draw(mutated(move_to_data(draw(candidate_moves(position)))))


@FAST
@given(DATA | move_data())
def test_move_data(data: Any) -> None:
    move = own_error_or(lambda: move_from_data(data, ("moves", 0)))
    if not isinstance(move, ZwickerError):
        assert move_from_data(move_to_data(move)) == move
