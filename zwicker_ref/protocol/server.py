"""Serving the reference: ``zwicker serve`` answers the protocol with the reference interpreter."""

from __future__ import annotations

import functools
import gc
import json
import time
from collections.abc import Callable
from dataclasses import replace
from typing import IO, Any

from zwicker_ref._version import __version__
from zwicker_ref.conformance.reference import REFERENCE
from zwicker_ref.documents import bounds
from zwicker_ref.documents.bounds import bounded_line_batches, check_json_bounds
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode, IllegalMoveError, InvalidFileError, ZwickerError
from zwicker_ref.formats.move_data import move_from_data
from zwicker_ref.formats.notation import format_moves
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.protocol.messages import (
    OPERATIONS,
    OPTIONAL_OPERATIONS,
    PROTOCOL_VERSION,
    cards_of,
    names_of,
    setup_from_data,
    whole_number,
)
from zwicker_ref.rules.spec_loader import variant_ids

# Serving the reference -------------------------------------------------------------------


def answer(request: Any) -> dict[str, Any]:
    """The reference engine's answer to one request (never raises).

    Every operation is answered, but the ``hello`` lists only those every engine answers,
    not the optional ``count``, ``play`` and ``perft`` (:data:`OPTIONAL_OPERATIONS`),
    which only :func:`serve` lists: a program that answers with this function and
    changes some answers (as the test engines with a deliberate bug do) is asked for
    ``legal`` and ``apply``, never for a ``perft`` or ``play`` that would pass by its
    changes, unless it lists them itself.
    """
    ident = request.get("id") if isinstance(request, dict) else None
    if not isinstance(request, dict) or request.get("op") not in OPERATIONS:
        return {
            "id": ident,
            "ok": False,
            "error": ErrorCode.BAD_REQUEST.value,
            "message": f"a request is an object with an id and an op, one of {OPERATIONS}",
        }
    try:
        result = _HANDLERS[request["op"]](request)
    except IllegalMoveError as error:
        return {"id": ident, "ok": False, "error": error.code.value, "message": error.message}
    except ZwickerError as error:
        return {"id": ident, "ok": False, "error": error.code.value, "message": error.message}
    except (KeyError, TypeError, ValueError) as error:
        return {
            "id": ident,
            "ok": False,
            "error": ErrorCode.BAD_REQUEST.value,
            "message": f"malformed {request['op']} request: {error!r}",
        }
    return {"id": ident, "ok": True, **result}


def _hello(_request: dict[str, Any]) -> dict[str, Any]:
    return {
        "protocol": PROTOCOL_VERSION,
        "engine": REFERENCE.name,
        "version": __version__,
        "variants": list(variant_ids()),
        "ops": [op for op in OPERATIONS if op != "quit" and op not in OPTIONAL_OPERATIONS],
        # No "options": the reference plays every option, and listing them would load
        # every variant's spec before the first request.
    }


def _start(request: dict[str, Any]) -> dict[str, Any]:
    position = REFERENCE.start(setup_from_data(request["setup"]), cards_of(request["deck"]))
    return {"position": _answered(position)}


def _deal(request: dict[str, Any]) -> dict[str, Any]:
    stages = REFERENCE.deal(setup_from_data(request["setup"]), cards_of(request["deck"]))
    return {
        "stages": [
            {"hands": [names_of(hand) for hand in stage.hands], "table": names_of(stage.table)}
            for stage in stages
        ]
    }


def _legal(request: dict[str, Any]) -> dict[str, Any]:
    known = _known_position(request["position"])
    known.moves = REFERENCE.legal(known.position)
    known.listed = None
    return {"moves": format_moves(known.moves)}


def _count(request: dict[str, Any]) -> dict[str, Any]:
    known = _known_position(request["position"])
    if known.moves is not None:
        return {"count": len(known.moves)}
    return {"count": REFERENCE.count_each([known.position])[0]}


def _apply(request: dict[str, Any]) -> dict[str, Any]:
    known = _known_position(request["position"])
    move = move_from_data(request["move"], ("move",))
    if request.get("seat") is not None:
        move = _with_seat(move, whole_number(request["seat"], "seat"))
    after = REFERENCE.apply_listed(known.position, move, known.listed_moves())
    return {"position": _answered(after)}


def _play(request: dict[str, Any]) -> dict[str, Any]:
    position = _known_position(request["position"]).position
    moves = request["moves"]
    counted = request.get("count", [])
    if not isinstance(moves, list):
        raise ZwickerError(ErrorCode.BAD_REQUEST, "moves is an array of moves")
    if not isinstance(counted, list):
        raise ZwickerError(ErrorCode.BAD_REQUEST, "count is an array of move indexes")
    read = [move_from_data(data, ("moves", index)) for index, data in enumerate(moves)]
    asked = {whole_number(index, "count[]") for index in counted}
    counts: list[int | None] = []
    positions: list[dict[str, Any]] = []
    for index, move in enumerate(read):
        try:
            after = REFERENCE.apply(position, move)
        except IllegalMoveError as error:
            refused = {"error": error.code.value, "message": error.message}
            return {"counts": counts, "positions": positions, "refused": refused}
        # Only where asked: a late position of a hand may have a table of many items.
        counts.append(REFERENCE.count_each([position])[0] if index in asked else None)
        # Not remembered (as _answered does): a runner does not send these back.
        positions.append(position_to_data(after))
        position = after
    return {"counts": counts, "positions": positions}


def _perft(request: dict[str, Any]) -> dict[str, Any]:
    known = _known_position(request["position"])
    depth = whole_number(request["depth"], "depth")
    if depth < 1:
        raise ZwickerError(ErrorCode.BAD_REQUEST, f"depth is 1 or more, not {depth}")
    # Imported here: the runner brings the scenario readers, which serving needs only
    # for this one optional request (and the engine's start-up is paid at every run).
    from zwicker_ref.conformance.runner import perft_counts

    roots, counts = perft_counts(REFERENCE, known.position, depth)
    return {
        "divide": [
            {"move": text, "counts": [row[index] for row in counts]}
            for index, text in enumerate(format_moves(roots))
        ]
    }


def _answered(position: Position) -> dict[str, Any]:
    """``position`` as answer data, remembered by its text.

    A runner sends it back next (to list its moves, or to play on): it is not read again.
    """
    data = position_to_data(position)
    text = _text(data)
    if text is not None:
        _known(text).position = position
    return data


class _Known:
    """What the server knows of a position a request states.

    The position, once it is read (or made by ``apply``), and its legal moves, once it
    has listed them.
    """

    __slots__ = ("_position", "listed", "moves")

    def __init__(self) -> None:
        self._position: Position | None = None
        self.moves: list[Move] | None = None
        self.listed: frozenset[Move] | None = None

    @property
    def position(self) -> Position:
        """The position (read before the entry is handed out)."""
        assert self._position is not None
        return self._position

    @position.setter
    def position(self, position: Position) -> None:
        self._position = position

    @property
    def read(self) -> bool:
        """True once the entry holds its position."""
        return self._position is not None

    def listed_moves(self) -> frozenset[Move]:
        """The legal moves listed for the position (none, if it has not been asked)."""
        if self.listed is None:
            self.listed = frozenset(self.moves or ())
        return self.listed


def _known_position(data: Any) -> _Known:
    """The entry of the position a request states, read (and checked) if need be.

    A perft walk or a divide sends a position with ``legal`` and then again with
    ``apply`` for each of its moves, and a runner playing a game sends back each position
    ``apply`` answered. Such a position is not read again: it is found by its text
    (:func:`_known`), read once or made by ``apply`` itself; and a move ``legal`` listed
    for it is played without being checked again (``ReferenceEngine.apply_listed``).
    """
    text = _text(data)
    if text is None:  # data JSON has no text for (NaN): read, and not kept
        known = _Known()
        known.position = position_from_data(data, "request.position")
        return known
    known = _known(text)
    if not known.read:
        known.position = position_from_data(data, "request.position")
    return known


def _text(data: Any) -> str | None:
    """The JSON text of request data, or None for data that JSON has no text for (NaN)."""
    try:
        return json.dumps(data, ensure_ascii=False, allow_nan=False)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def _known(text: str) -> _Known:
    """The entry of a position's JSON text, the same for the same text while it is kept.

    Keyed by the text, so only the same data finds it; positions and moves are immutable
    values. An entry holds a position only once it is valid (read without a problem, or
    made by ``apply``). The last 4,096 texts are kept: a perft walk sends a whole ply of
    ``apply`` requests (up to about 3,000 in the corpus) before it lists the positions
    they answered, which must still be known then (1,024 kept a third of them).
    """
    return _Known()


def _with_seat(move: Move, seat: int) -> Move:
    return replace(move, seat=seat)


def _score(request: dict[str, Any]) -> dict[str, Any]:
    setup = setup_from_data(request["setup"])
    sides = REFERENCE.score(
        setup,
        [cards_of(pile) for pile in request["captured"]],
        [whole_number(count, "zwicks[]") for count in request["zwicks"]],
    )
    return {
        "sides": [
            {
                "card_points": side.card_points,
                "most_cards": side.most_cards,
                "zwick_points": side.zwick_points,
                "points": side.points,
                "lines": {line.label: line.points for line in side.lines},
            }
            for side in sides
        ]
    }


_HANDLERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "hello": _hello,
    "start": _start,
    "deal": _deal,
    "legal": _legal,
    "count": _count,
    "apply": _apply,
    "play": _play,
    "perft": _perft,
    "score": _score,
    "quit": lambda _request: {},
}


def serve(reader: IO[str], writer: IO[str]) -> None:
    """Answer requests, one JSON line each, until ``quit`` or the end of the input.

    Its ``hello`` lists every operation, the optional ones included (:func:`answer`).
    The answers to requests that came together are written together
    (:func:`~zwicker_ref.documents.bounds.bounded_line_batches`), each as soon as it is
    known when they take long (:data:`FLUSH_AFTER`); every answer is written before the
    input is waited for. While it serves, the cyclic garbage collector's full collections
    run less often (:data:`COLLECT_OLDEST_AFTER`).
    """
    thresholds = gc.get_threshold()
    gc.set_threshold(*thresholds[:2], COLLECT_OLDEST_AFTER)
    try:
        for batch in bounded_line_batches(reader):
            since = time.monotonic()
            for line in batch:
                if line is not None and not line.strip():
                    continue
                request, reply = _read_and_answer(line)
                writer.write(json.dumps(reply, ensure_ascii=False) + "\n")
                if isinstance(request, dict) and request.get("op") == "quit":
                    writer.flush()
                    return
                if time.monotonic() - since > FLUSH_AFTER:
                    writer.flush()
                    since = time.monotonic()
            writer.flush()
    finally:
        gc.set_threshold(*thresholds)


COLLECT_OLDEST_AFTER = 1000
"""Collections of the middle generation between two of the oldest while serving (Python's
default is 10). A session remembers thousands of positions and their listings
(:func:`_known`), which hold no cycles; every full collection walks them all, and at the
default they were walked again and again (a sixth of the time of serving a fuzz run).
The young generations are collected as usual, and cycles still are, only later."""

FLUSH_AFTER = 0.05
"""Seconds after which the answers held back for a batch of requests are written at once:
a runner waits for each answer with a timeout."""


def _read_and_answer(line: str | None) -> tuple[Any, dict[str, Any]]:
    """The request a line holds (None if it holds none) and its answer."""
    request: Any = None
    try:
        if line is None:
            raise ValueError(f"a line of more than {bounds.MAX_LINE_BYTES:,} bytes")
        request = json.loads(line)
        check_json_bounds(request, "request", line)
    except (ValueError, RecursionError, InvalidFileError) as error:
        # Not only malformed JSON (JSONDecodeError is a ValueError): also a number of
        # more digits than Python converts, nesting deeper than it parses or than
        # MAX_DEPTH, or a line past MAX_LINE_BYTES (documents.bounds).
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        return request, {
            "id": None,
            "ok": False,
            "error": ErrorCode.BAD_REQUEST.value,
            "message": f"not JSON that can be read: {reason}",
        }
    reply = answer(request)
    if isinstance(request, dict) and request.get("op") == "hello" and reply["ok"]:
        reply["ops"] = [op for op in OPERATIONS if op != "quit"]
    return request, reply
