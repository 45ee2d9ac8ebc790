"""Serving the reference: ``zwicker serve`` answers the protocol with the reference interpreter."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import IO, Any

from zwicker_ref._version import __version__
from zwicker_ref.conformance.reference import REFERENCE
from zwicker_ref.engine.moves import Move
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.move_data import move_from_data
from zwicker_ref.formats.notation import format_moves
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.protocol.messages import (
    OPERATIONS,
    PROTOCOL_VERSION,
    cards_of,
    names_of,
    setup_from_data,
    whole_number,
)
from zwicker_ref.rules.spec_loader import variant_ids

# Serving the reference -------------------------------------------------------------------


def answer(request: Any) -> dict[str, Any]:
    """The reference engine's answer to one request (never raises)."""
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
        "ops": [op for op in OPERATIONS if op != "quit"],
        # No "options": the reference plays every option, and listing them would load
        # every variant's spec before the first request.
    }


def _start(request: dict[str, Any]) -> dict[str, Any]:
    position = REFERENCE.start(setup_from_data(request["setup"]), cards_of(request["deck"]))
    return {"position": position_to_data(position)}


def _deal(request: dict[str, Any]) -> dict[str, Any]:
    stages = REFERENCE.deal(setup_from_data(request["setup"]), cards_of(request["deck"]))
    return {
        "stages": [
            {"hands": [names_of(hand) for hand in stage.hands], "table": names_of(stage.table)}
            for stage in stages
        ]
    }


def _legal(request: dict[str, Any]) -> dict[str, Any]:
    position = position_from_data(request["position"], "request.position")
    return {"moves": format_moves(REFERENCE.legal(position))}


def _apply(request: dict[str, Any]) -> dict[str, Any]:
    position = position_from_data(request["position"], "request.position")
    move = move_from_data(request["move"], ("move",))
    if request.get("seat") is not None:
        move = _with_seat(move, whole_number(request["seat"], "seat"))
    return {"position": position_to_data(REFERENCE.apply(position, move))}


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
    "apply": _apply,
    "score": _score,
    "quit": lambda _request: {},
}


def serve(reader: IO[str], writer: IO[str]) -> None:
    """Answer requests, one JSON line each, until ``quit`` or the end of the input."""
    for line in reader:
        if not line.strip():
            continue
        request: Any = None
        try:
            request = json.loads(line)
        except (ValueError, RecursionError) as error:
            # Not only malformed JSON (JSONDecodeError is a ValueError): also a number of
            # more digits than Python converts, or nesting deeper than it parses.
            reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
            reply: dict[str, Any] = {
                "id": None,
                "ok": False,
                "error": ErrorCode.BAD_REQUEST.value,
                "message": f"not JSON that can be read: {reason}",
            }
        else:
            reply = answer(request)
        writer.write(json.dumps(reply, ensure_ascii=False) + "\n")
        writer.flush()
        if isinstance(request, dict) and request.get("op") == "quit":
            return
