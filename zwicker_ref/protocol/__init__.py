"""The engine protocol: JSON lines between ``zwicker conform`` and an engine process.

Version 1. The runner starts the engine once and writes one request per line to its
standard input; the engine writes one answer per line to its standard output, in order.
Every request has an ``id`` and an ``op``; every answer repeats the ``id`` and has
``"ok": true`` with the result, ``"ok": false`` with an ``error`` code and ``message``
(an illegal move, a bad request), or ``"unsupported": true`` (the case is skipped).
Positions are position-format objects, moves compact notation, cards card notation.
``docs/implementers.md`` describes every message; ``spec/schema/protocol.schema.json``
gives their JSON Schemas.

:func:`serve` answers the protocol with the reference interpreter (``zwicker serve``);
:class:`ProcessEngine` drives an engine process for the runner, surviving engines that
crash, hang, write garbage or answer out of order: the request fails with the reason,
the engine is restarted, and the run goes on.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import IO, Any

from zwicker_ref._version import __version__
from zwicker_ref.conformance.reference import (
    REFERENCE,
    EngineFault,
    Setup,
    SideScores,
    StageDeal,
    Unsupported,
)
from zwicker_ref.documents.schemas import is_whole_number
from zwicker_ref.engine.moves import Move
from zwicker_ref.engine.position import Position
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.move_data import move_from_data, move_to_data
from zwicker_ref.formats.notation import format_move, parse_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import variant_ids

PROTOCOL_VERSION = 1
OPERATIONS = ("hello", "start", "deal", "legal", "apply", "score", "quit")


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


def _cards(texts: Sequence[Any]) -> list[Card]:
    return [Card.parse(text) for text in texts]


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


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
    }


def _start(request: dict[str, Any]) -> dict[str, Any]:
    position = REFERENCE.start(setup_from_data(request["setup"]), _cards(request["deck"]))
    return {"position": position_to_data(position)}


def _deal(request: dict[str, Any]) -> dict[str, Any]:
    stages = REFERENCE.deal(setup_from_data(request["setup"]), _cards(request["deck"]))
    return {
        "stages": [
            {"hands": [_names(hand) for hand in stage.hands], "table": _names(stage.table)}
            for stage in stages
        ]
    }


def _legal(request: dict[str, Any]) -> dict[str, Any]:
    position = position_from_data(request["position"], "request.position")
    return {"moves": [format_move(move) for move in REFERENCE.legal(position)]}


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
        [_cards(pile) for pile in request["captured"]],
        [whole_number(count, "zwicks[]") for count in request["zwicks"]],
    )
    return {
        "sides": [
            {
                "card_points": side.card_points,
                "most_cards": side.most_cards,
                "zwick_points": side.zwick_points,
                "points": side.points,
                "lines": dict(side.lines),
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


# Driving an engine process ----------------------------------------------------------------


class ProcessEngine:
    """An engine program driven over the protocol, restarted after any fault."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command = command
        self.name = command
        self.timeout = timeout
        self.restarts = 0
        self._starts = 0
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._next_id = 0
        self.hello: dict[str, Any] = {}

    # Process management --------------------------------------------------------------------

    def _ensure_started(self) -> subprocess.Popen[str]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        if self._process is not None:
            self.close()
        if self._starts:
            self.restarts += 1
        self._starts += 1
        try:
            process = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineFault(
                ErrorCode.ENGINE_FAULT, f"cannot start {self.command!r}: {error}"
            ) from None
        self._process = process
        self._lines = queue.Queue()
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        self.hello = self._exchange({"op": "hello"}, started=process)
        if self.hello.get("protocol") != PROTOCOL_VERSION:
            self.close()
            raise EngineFault(
                ErrorCode.ENGINE_FAULT,
                f"the engine speaks protocol {self.hello.get('protocol')!r}, "
                f"not {PROTOCOL_VERSION}",
            )
        self.name = str(self.hello.get("engine", self.command))
        return process

    def close(self) -> None:
        """Stop the engine process."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(json.dumps({"id": -1, "op": "quit"}) + "\n")
                process.stdin.flush()
                process.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def _fault(self, reason: str) -> EngineFault:
        self.close()
        return EngineFault(ErrorCode.ENGINE_FAULT, reason)

    def _exchange(
        self, request: dict[str, Any], started: subprocess.Popen[str] | None = None
    ) -> dict[str, Any]:
        process = started or self._ensure_started()
        self._next_id += 1
        ident = self._next_id
        try:
            assert process.stdin is not None
            process.stdin.write(json.dumps({"id": ident, **request}) + "\n")
            process.stdin.flush()
        except (OSError, ValueError):
            raise self._fault(
                f"the engine exited (code {process.poll()}) before the {request['op']} request"
            ) from None
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fault(f"no answer to {request['op']} within {self.timeout:g} s") from None
        if line is None:
            process.wait()
            raise self._fault(
                f"the engine exited (code {process.returncode}) during {request['op']}"
            )
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):  # as in serve: unreadable JSON is not JSON
            raise self._fault(
                f"not JSON in answer to {request['op']}: {line.strip()[:80]!r}"
            ) from None
        if not isinstance(reply, dict):
            raise self._fault(
                f"the answer to {request['op']} is not an object: {line.strip()[:80]!r}"
            )
        if reply.get("id") != ident:
            raise self._fault(f"answer out of order: id {reply.get('id')!r} for request {ident}")
        return reply

    # Requests -------------------------------------------------------------------------------

    def _request(self, request: dict[str, Any], variant: str | None = None) -> dict[str, Any]:
        self._ensure_started()
        supported = self.hello.get("variants")
        if variant is not None and isinstance(supported, list) and variant not in supported:
            raise Unsupported(ErrorCode.UNSUPPORTED, f"the engine does not support {variant!r}")
        reply = self._exchange(request)
        if reply.get("unsupported"):
            raise Unsupported(
                ErrorCode.UNSUPPORTED, str(reply.get("message") or f"{request['op']} unsupported")
            )
        if reply.get("ok") is False:
            code = str(reply.get("error"))
            try:
                error = ErrorCode(code)
            except ValueError:
                raise self._fault(
                    f"unknown error code {code!r} in answer to {request['op']}"
                ) from None
            raise IllegalMoveError(error, str(reply.get("message", "")))
        if reply.get("ok") is not True:
            raise self._fault(f"the answer to {request['op']} has no 'ok'")
        return reply

    def _field(self, reply: dict[str, Any], key: str, op: str) -> Any:
        if key not in reply:
            raise self._fault(f"the answer to {op} has no {key!r}")
        return reply[key]

    def _position(self, data: Any, op: str) -> Position:
        try:
            return position_from_data(data, f"engine answer to {op}")
        except ZwickerError as error:
            raise self._fault(f"invalid position in answer to {op}: {error}") from None

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        """The position after the first deal."""
        reply = self._request(
            {"op": "start", "setup": setup_to_data(setup), "deck": _names(deck)}, setup.variant
        )
        return self._position(self._field(reply, "position", "start"), "start")

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        """Every stage of the deal."""
        reply = self._request(
            {"op": "deal", "setup": setup_to_data(setup), "deck": _names(deck)}, setup.variant
        )
        try:
            return [
                StageDeal(
                    hands=tuple(tuple(_cards(hand)) for hand in stage["hands"]),
                    table=tuple(_cards(stage.get("table", ()))),
                )
                for stage in self._field(reply, "stages", "deal")
            ]
        except (KeyError, TypeError, ZwickerError) as error:
            raise self._fault(f"invalid stages in answer to deal: {error}") from None

    def legal(self, position: Position) -> list[Move]:
        """The legal moves."""
        reply = self._request(
            {"op": "legal", "position": position_to_data(position)}, position.variant
        )
        try:
            return [parse_move(text) for text in self._field(reply, "moves", "legal")]
        except (TypeError, ZwickerError) as error:
            raise self._fault(f"invalid move in answer to legal: {error}") from None

    def apply(self, position: Position, move: Move) -> Position:
        """The position after a move (IllegalMoveError with the engine's code)."""
        request: dict[str, Any] = {
            "op": "apply",
            "position": position_to_data(position),
            # Structured data keeps a capture's stated value and groups (which the engine
            # checks too) and can state captures the notation cannot (no items, an item
            # named twice), so engines can be asked to reject them with their codes.
            "move": move_to_data(move),
        }
        if move.seat is not None:
            request["seat"] = move.seat
        reply = self._request(request, position.variant)
        return self._position(self._field(reply, "position", "apply"), "apply")

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScores]:
        """The scores by side."""
        reply = self._request(
            {
                "op": "score",
                "setup": setup_to_data(setup),
                "captured": [_names(pile) for pile in captured],
                "zwicks": list(zwicks),
            },
            setup.variant,
        )
        try:
            return [
                SideScores(
                    card_points=int(side["card_points"]),
                    most_cards=int(side["most_cards"]),
                    zwick_points=int(side["zwick_points"]),
                    points=int(side["points"]),
                    lines=tuple((str(k), int(v)) for k, v in side.get("lines", {}).items()),
                )
                for side in self._field(reply, "sides", "score")
            ]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise self._fault(f"invalid sides in answer to score: {error!r}") from None


def _pump(stream: IO[str] | None, lines: queue.Queue[str | None]) -> None:
    """Copy the engine's output lines into a queue; None marks the end (the engine exited)."""
    if stream is None:
        lines.put(None)
        return
    for line in stream:
        lines.put(line)
    lines.put(None)
