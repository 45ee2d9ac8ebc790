"""Driving an engine process: the client side of the protocol, for ``zwicker conform``."""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Sequence
from typing import IO, Any

from zwicker_ref.conformance.reference import EngineFault, Setup, StageDeal, Unsupported
from zwicker_ref.engine.moves import Move
from zwicker_ref.engine.position import Position
from zwicker_ref.engine.scoring import SideScore
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.move_data import move_to_data
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.protocol.messages import (
    PROTOCOL_VERSION,
    AnswerError,
    answer_list,
    answer_text,
    names_of,
    read_sides,
    read_stages,
    setup_to_data,
)
from zwicker_ref.rules.cards import Card


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
        self._refused: str | None = None

    # Process management --------------------------------------------------------------------

    def open(self) -> dict[str, Any]:
        """Start the engine and return its ``hello`` answer (EngineFault if it is not one)."""
        self._ensure_started()
        return self.hello

    def _ensure_started(self) -> subprocess.Popen[str]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        if self._refused is not None:
            # An engine whose hello is not a protocol-1 hello will not become one when
            # restarted: every later request fails at once with the same reason.
            raise EngineFault(ErrorCode.ENGINE_FAULT, self._refused)
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
            self._refused = f"cannot start {self.command!r}: {error}"
            raise EngineFault(ErrorCode.ENGINE_FAULT, self._refused) from None
        self._process = process
        self._lines = queue.Queue()
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        try:
            self.hello = self._exchange({"op": "hello"}, started=process)
        except EngineFault as fault:
            self.hello = {}
            problem: str | None = f"no valid answer to hello ({fault.message})"
        else:
            problem = hello_problem(self.hello)
        if problem is not None:
            self.close()
            self._refused = (
                f"{self.command!r} is not a protocol {PROTOCOL_VERSION} engine; {problem}"
            )
            raise EngineFault(ErrorCode.ENGINE_FAULT, self._refused)
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
        got = reply.get("id")
        # A JSON integer equal to the request's: true (a bool is an int in Python) and 2.0
        # (equal to 2) are not the id 1 or 2 the engine was sent.
        if type(got) is not int:
            raise self._fault(
                f"the answer to {request['op']} has id {json.dumps(got)}, "
                f"not the JSON integer {ident} of its request"
            )
        if got != ident:
            raise self._fault(f"answer out of order: id {got} for request {ident}")
        return reply

    # Requests -------------------------------------------------------------------------------

    def _request(
        self,
        request: dict[str, Any],
        variant: str | None = None,
        options: Sequence[str] = (),
    ) -> dict[str, Any]:
        self._ensure_started()
        # What hello declares is honoured: a request it rules out is skipped, not sent.
        ops = self.hello.get("ops")
        if isinstance(ops, list) and request["op"] not in ops:
            raise Unsupported(ErrorCode.UNSUPPORTED, f"the engine does not answer {request['op']}")
        supported = self.hello.get("variants")
        if variant is not None and isinstance(supported, list) and variant not in supported:
            raise Unsupported(ErrorCode.UNSUPPORTED, f"the engine does not support {variant!r}")
        declared = self.hello.get("options")
        if variant is not None and options and isinstance(declared, dict):
            missing = sorted(set(options) - set(declared.get(variant) or ()))
            if missing:
                raise Unsupported(
                    ErrorCode.UNSUPPORTED,
                    f"the engine does not support option {', '.join(missing)} of {variant!r}",
                )
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
            {"op": "start", "setup": setup_to_data(setup), "deck": names_of(deck)},
            setup.variant,
            setup.options,
        )
        return self._position(self._field(reply, "position", "start"), "start")

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        """Every stage of the deal."""
        reply = self._request(
            {"op": "deal", "setup": setup_to_data(setup), "deck": names_of(deck)},
            setup.variant,
            setup.options,
        )
        try:
            return read_stages(self._field(reply, "stages", "deal"))
        except AnswerError as error:
            raise self._fault(f"invalid answer to deal: {error}") from None

    def legal(self, position: Position) -> list[Move]:
        """The legal moves."""
        reply = self._request(
            {"op": "legal", "position": position_to_data(position)},
            position.variant,
            position.options,
        )
        try:
            texts = answer_list(self._field(reply, "moves", "legal"), "moves")
            return [parse_move(answer_text(text, f"moves[{i}]")) for i, text in enumerate(texts)]
        except (AnswerError, ZwickerError) as error:
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
        reply = self._request(request, position.variant, position.options)
        return self._position(self._field(reply, "position", "apply"), "apply")

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        """The scores by side."""
        reply = self._request(
            {
                "op": "score",
                "setup": setup_to_data(setup),
                "captured": [names_of(pile) for pile in captured],
                "zwicks": list(zwicks),
            },
            setup.variant,
            setup.options,
        )
        try:
            return read_sides(self._field(reply, "sides", "score"), setup.players, captured, zwicks)
        except AnswerError as error:
            raise self._fault(f"invalid answer to score: {error}") from None


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


def _pump(stream: IO[str] | None, lines: queue.Queue[str | None]) -> None:
    """Copy the engine's output lines into a queue; None marks the end (the engine exited)."""
    if stream is None:
        lines.put(None)
        return
    for line in stream:
        lines.put(line)
    lines.put(None)
