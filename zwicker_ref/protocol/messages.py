"""The protocol's messages: versions, operations, and reading and writing their parts.

Requests are read strictly (``bad-request`` names the place that is wrong); answers from
an engine are read as strictly (an answer that breaks the protocol is an engine fault that
says what was wrong): a whole number must be a JSON integer, never ``2.7``, ``true`` or
``"3"``. ``spec/schema/protocol.schema.json`` states the same in JSON Schema.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zwicker_ref.conformance.reference import Setup, StageDeal
from zwicker_ref.documents.schemas import is_whole_number
from zwicker_ref.engine.moves import Move
from zwicker_ref.engine.scoring import LineScore, SideScore, side_seats
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.rules.cards import Card

PROTOCOL_VERSION = 1
OPERATIONS = (
    "hello",
    "start",
    "deal",
    "legal",
    "count",
    "apply",
    "play",
    "perft",
    "score",
    "quit",
)
OPTIONAL_OPERATIONS = frozenset({"count", "play", "perft"})
"""Requests a runner sends only to an engine whose ``hello`` lists them in ``ops``."""


# Encoding --------------------------------------------------------------------------------


def setup_to_data(setup: Setup) -> dict[str, Any]:
    """A deal setup as protocol data."""
    return {
        "variant": setup.variant,
        "options": list(setup.options),
        "players": setup.players,
        "dealer": setup.dealer,
    }


def setup_from_data(data: Any) -> Setup:
    """A deal setup from protocol data."""
    return Setup(
        variant=data["variant"],
        options=tuple(data.get("options", ())),
        players=whole_number(data["players"], "setup.players"),
        dealer=whole_number(data["dealer"], "setup.dealer"),
    )


def whole_number(value: Any, place: str) -> int:
    """``value`` if it is a whole number; ``bad-request`` otherwise.

    Not ``int(value)``: that would read 2.7 as 2, and fail on ``1e400`` (infinity) with
    an error of its own.
    """
    if not is_whole_number(None, value):
        raise ZwickerError(
            ErrorCode.BAD_REQUEST,
            f"{place} is a whole number (written without a decimal point), not {value!r}",
        )
    return int(value)


def cards_of(texts: Sequence[Any]) -> list[Card]:
    """Cards from a request's card notation (``bad-card-notation`` otherwise)."""
    return [Card.parse(text) for text in texts]


def names_of(cards: Sequence[Card]) -> list[str]:
    """Cards in card notation, for a message."""
    return [str(card) for card in cards]


# Reading answers -------------------------------------------------------------------------


class AnswerError(ValueError):
    """An engine's answer that breaks the protocol; the message says where and how."""


def answer_int(value: Any, place: str) -> int:
    """A JSON integer (not a boolean, a decimal or text) from an engine's answer."""
    if type(value) is not int:
        raise AnswerError(f"{place} must be a JSON integer, not {value!r}")
    return value


def answer_text(value: Any, place: str) -> str:
    """A JSON string from an engine's answer."""
    if not isinstance(value, str):
        raise AnswerError(f"{place} must be a string, not {value!r}")
    return value


def answer_list(value: Any, place: str) -> list[Any]:
    """A JSON array from an engine's answer."""
    if not isinstance(value, list):
        raise AnswerError(f"{place} must be an array, not {value!r}")
    return value


def answer_object(
    value: Any, place: str, keys: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    """A JSON object with exactly the ``keys`` (and maybe the ``optional`` ones)."""
    if not isinstance(value, dict):
        raise AnswerError(f"{place} must be an object, not {value!r}")
    missing = [key for key in keys if key not in value]
    if missing:
        raise AnswerError(f"{place} lacks {', '.join(map(repr, missing))}")
    extra = sorted(set(value) - set(keys) - set(optional))
    if extra:
        raise AnswerError(f"{place} has unknown fields {', '.join(map(repr, extra))}")
    return value


def answer_cards(value: Any, place: str) -> tuple[Card, ...]:
    """Cards in card notation from an engine's answer."""
    texts = answer_list(value, place)
    try:
        return tuple(Card.parse(answer_text(text, f"{place}[{i}]")) for i, text in enumerate(texts))
    except ZwickerError as error:
        raise AnswerError(f"{place}: {error.message}") from None


def read_stages(value: Any) -> list[StageDeal]:
    """The ``stages`` of a ``deal`` answer."""
    stages = []
    for index, entry in enumerate(answer_list(value, "stages")):
        place = f"stages[{index}]"
        stage = answer_object(entry, place, ("hands", "table"))
        hands = answer_list(stage["hands"], f"{place}.hands")
        stages.append(
            StageDeal(
                hands=tuple(
                    answer_cards(hand, f"{place}.hands[{seat}]") for seat, hand in enumerate(hands)
                ),
                table=answer_cards(stage["table"], f"{place}.table"),
            )
        )
    return stages


def read_sides(
    value: Any, players: int, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
) -> list[SideScore]:
    """The ``sides`` of a ``score`` answer, as the scores of the sides asked about.

    The answer states each side's points; its seats, cards and zwicks are the request's.
    """
    entries = answer_list(value, "sides")
    if len(entries) != len(captured):
        raise AnswerError(f"sides lists {len(entries)} sides; {len(captured)} were asked about")
    sides = []
    fields = ("card_points", "most_cards", "zwick_points", "points")
    seats = side_seats(len(captured), players)
    for index, entry in enumerate(entries):
        place = f"sides[{index}]"
        side = answer_object(entry, place, fields, optional=("lines",))
        lines = side.get("lines", {})
        if not isinstance(lines, dict):
            raise AnswerError(f"{place}.lines must be an object, not {lines!r}")
        sides.append(
            SideScore(
                side=index,
                seats=seats[index],
                cards=len(captured[index]),
                zwicks=zwicks[index],
                lines=tuple(
                    LineScore(label=label, points=answer_int(points, f"{place}.lines[{label!r}]"))
                    for label, points in lines.items()
                ),
                card_points=answer_int(side["card_points"], f"{place}.card_points"),
                most_cards=answer_int(side["most_cards"], f"{place}.most_cards"),
                zwick_points=answer_int(side["zwick_points"], f"{place}.zwick_points"),
                points=answer_int(side["points"], f"{place}.points"),
            )
        )
    return sides


def read_divide(value: Any, depth: int) -> tuple[list[Move], list[list[int]]]:
    """The ``divide`` of a ``perft`` answer to ``depth``: the root's moves and their counts.

    The moves in the order given; for each depth from 1, the move sequences under each
    move (a row a depth).
    """
    roots: list[Move] = []
    rows: list[list[int]] = [[] for _ in range(depth)]
    for index, entry in enumerate(answer_list(value, "divide")):
        place = f"divide[{index}]"
        item = answer_object(entry, place, ("move", "counts"))
        try:
            roots.append(parse_move(answer_text(item["move"], f"{place}.move")))
        except ZwickerError as error:
            raise AnswerError(f"{place}.move: {error.message}") from None
        counts = answer_list(item["counts"], f"{place}.counts")
        if len(counts) != depth:
            raise AnswerError(
                f"{place}.counts has {len(counts)} numbers; one is asked for each of the "
                f"{depth} depths"
            )
        for at, count in enumerate(counts):
            rows[at].append(answer_count(count, f"{place}.counts[{at}]"))
    return roots, rows


def answer_count(value: Any, place: str) -> int:
    """A number of moves or move sequences: a JSON integer, 0 or more."""
    count = answer_int(value, place)
    if count < 0:
        raise AnswerError(f"{place} must be 0 or more, not {count}")
    return count
