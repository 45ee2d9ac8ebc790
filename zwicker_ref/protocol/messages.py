"""The protocol's messages: versions, operations, and reading and writing their parts.

Requests are read strictly (``bad-request`` names the place that is wrong); answers from
an engine are read as strictly (an answer that breaks the protocol is an engine fault that
says what was wrong): a whole number must be a JSON integer, never ``2.7``, ``true`` or
``"3"``. ``spec/schema/protocol.schema.json`` states the same in JSON Schema.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from zwicker_ref.conformance.reference import Played, Setup, StageDeal
from zwicker_ref.documents.schemas import is_whole_number
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import LineScore, SideScore, side_seats
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.move_data import move_to_data
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
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


@dataclass(frozen=True, slots=True)
class Pending:
    """A request of a batch: its op, what ``hello`` may rule out, its fields as JSON text."""

    op: str
    variant: str | None
    options: tuple[str, ...]
    fields: str
    """The request's members after ``id``, as JSON: ``"op": "legal", "position": {...}``."""


def position_text(position: Position) -> str:
    """A position as request JSON, written once for its ``legal`` and every ``apply``."""
    return json.dumps(position_to_data(position))


def position_request(op: str, text: str, position: Position) -> Pending:
    """A request of ``op`` (``legal``, ``count``) about the position written as ``text``.

    ``text`` is :func:`position_text` of ``position``.
    """
    return Pending(op, position.variant, position.options, f'"op": "{op}", "position": {text}')


def apply_request(text: str, position: Position, move: Move) -> Pending:
    """An ``apply`` request of ``move`` in the position written as ``text``."""
    fields = f'"op": "apply", "position": {text}, "move": {json.dumps(move_to_data(move))}'
    if move.seat is not None:
        fields += f', "seat": {move.seat}'
    return Pending("apply", position.variant, position.options, fields)


def hello_rules_out(
    hello: dict[str, Any], op: str, variant: str | None = None, options: Sequence[str] = ()
) -> str | None:
    """Why what an engine's ``hello`` declares rules a request out, or None if it does not.

    An optional op must be listed in ``ops``; any other, when ``ops`` is given. The
    variant must be one of ``variants`` and the options among its ``options``, when given.
    """
    ops = hello.get("ops")
    listed = isinstance(ops, list) and op in ops
    if not listed and (op in OPTIONAL_OPERATIONS or isinstance(ops, list)):
        return f"the engine does not answer {op}"
    supported = hello.get("variants")
    if variant is not None and isinstance(supported, list) and variant not in supported:
        return f"the engine does not support {variant!r}"
    declared = hello.get("options")
    if variant is not None and options and isinstance(declared, dict):
        missing = sorted(set(options) - set(declared.get(variant) or ()))
        if missing:
            return f"the engine does not support option {', '.join(missing)} of {variant!r}"
    return None


def hello_problem(hello: dict[str, Any]) -> str | None:
    """What is wrong with an answer to ``hello``, or None for a protocol-1 hello.

    It must say ``"ok": true`` and ``"protocol": 1``; ``variants`` and ``ops``, when
    given, are lists of texts, ``options`` an object of such lists by variant.
    """
    if hello.get("ok") is not True:
        return f"its answer to hello is not ok: {json.dumps(hello)[:120]}"
    if hello.get("protocol") != PROTOCOL_VERSION:
        return f"its hello says protocol {hello.get('protocol')!r}, not {PROTOCOL_VERSION}"
    for key in ("variants", "ops"):
        value = hello.get(key)
        if value is not None and not _texts(value):
            return f"its hello's {key!r} is not a list of texts: {value!r}"
    options = hello.get("options")
    if options is not None and not (
        isinstance(options, dict) and all(_texts(value) for value in options.values())
    ):
        return f"its hello's 'options' is not an object of option lists by variant: {options!r}"
    return None


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


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


def read_played(
    counts: Any, positions: Any, refused: Any, moves: int, counted: Collection[int]
) -> Played:
    """A ``play`` answer's ``counts``, ``positions`` and ``refused``, for ``moves`` moves.

    Every position is read (and checked) as a position file is; a number of legal moves
    is read where ``counted`` asked for it (by move index, from 0).
    """
    counts = answer_list(counts, "counts")
    positions = answer_list(positions, "positions")
    played = len(positions)
    if len(counts) != played:
        raise AnswerError(f"counts has {len(counts)} numbers for the {played} moves played")
    if refused is None and played != moves:
        raise AnswerError(f"{played} positions for {moves} moves, none refused")
    if refused is not None and played >= moves:
        raise AnswerError(f"a move is refused after all {moves} were played")
    read: list[Position] = []
    for at, data in enumerate(positions):
        try:
            read.append(position_from_data(data, f"positions[{at}]"))
        except ZwickerError as error:
            raise AnswerError(f"positions[{at}] is not a valid position: {error}") from None
    return Played(
        counts=tuple(
            None if at not in counted else answer_count(count, f"counts[{at}]")
            for at, count in enumerate(counts)
        ),
        positions=tuple(read),
        refusal=None if refused is None else read_refusal(refused),
    )


def read_refusal(value: Any) -> IllegalMoveError:
    """The error of the move a ``play`` answer says was ``refused``."""
    entry = answer_object(value, "refused", ("error",), optional=("message",))
    code = answer_text(entry["error"], "refused.error")
    try:
        error = ErrorCode(code)
    except ValueError:
        raise AnswerError(f"refused.error: unknown error code {code!r}") from None
    return IllegalMoveError(error, str(entry.get("message", "")))
