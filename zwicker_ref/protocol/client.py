"""Driving an engine process: the client side of the protocol, for ``zwicker conform``.

Requests go one at a time (write, then read the answer), except for the batches of
:class:`~zwicker_ref.conformance.reference.BatchEngine` (a perft walk's ply, a game's
``legal`` with its ``apply``): those are written together (by a writer thread, unless
they are few) while the answers are read as they come, so the engine never waits for the
runner between requests. Answers are read, checked and reported in the order of the
requests, as they would be one at a time: the first request whose answer is not a valid
answer (or is an error) is the one named.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Collection, Sequence
from typing import IO, Any, TypeVar

from zwicker_ref.conformance.reference import EngineFault, Played, Setup, StageDeal, Unsupported
from zwicker_ref.documents.bounds import MAX_LINE_BYTES, bounded_lines, check_json_bounds
from zwicker_ref.engine.moves import Move
from zwicker_ref.engine.position import Position
from zwicker_ref.engine.scoring import SideScore
from zwicker_ref.errors import ErrorCode, IllegalMoveError, InvalidFileError, ZwickerError
from zwicker_ref.formats.move_data import move_to_data
from zwicker_ref.formats.notation import canonical_spelling, parse_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.protocol.messages import (
    OPTIONAL_OPERATIONS,
    PROTOCOL_VERSION,
    AnswerError,
    Pending,
    answer_count,
    answer_list,
    answer_text,
    apply_request,
    hello_problem,
    names_of,
    position_request,
    position_text,
    read_divide,
    read_played,
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
        # SimpleQueue: handing each answer line from the reader thread over costs a
        # fraction of what queue.Queue costs (it is in C), and there is one per answer.
        self._lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._next_id = 0
        self.hello: dict[str, Any] = {}
        self._refused: str | None = None
        self._writer: threading.Thread | None = None
        """The thread writing a batch of requests, while it is at work."""
        self._greeting: int | None = None
        """The id of the ``hello`` sent to the engine process, until its answer is read."""

    # Process management --------------------------------------------------------------------

    def open(self) -> dict[str, Any]:
        """Start the engine and return its ``hello`` answer (EngineFault if it is not one)."""
        self._ensure_started()
        return self.hello

    def launch(self) -> None:
        """Start the engine and send ``hello`` without waiting for the answer.

        The answer is read (and checked) by the first request or :meth:`open`: the
        engine starts up while the runner reads the corpus.
        """
        if self._process is None:
            self._launch()

    def _ensure_started(self) -> subprocess.Popen[str]:
        process = self._process
        if process is not None and self._greeting is None and process.poll() is None:
            return process
        if process is None or self._greeting is None:
            process = self._launch()
        return self._greet(process)

    def _launch(self) -> subprocess.Popen[str]:
        """Start the engine process (again, after a fault) and send it ``hello``."""
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
        self._lines = queue.SimpleQueue()
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        self._greeting = self._new_id()
        with contextlib.suppress(OSError, ValueError):  # an engine gone is found reading
            assert process.stdin is not None
            process.stdin.write(json.dumps({"id": self._greeting, "op": "hello"}) + "\n")
            process.stdin.flush()
        return process

    def _greet(self, process: subprocess.Popen[str]) -> subprocess.Popen[str]:
        """Read and check the answer to the ``hello`` that :meth:`_launch` sent."""
        assert self._greeting is not None
        ident, self._greeting = self._greeting, None
        try:
            self.hello = self._receive(process, "hello", ident)
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
        writer, self._writer = self._writer, None
        if writer is not None and writer.is_alive():
            # A batch is still being written to an engine that stopped reading: it cannot
            # be asked to quit through a full pipe, and the writer waits until it is gone.
            process.kill()
            writer.join()
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

    def _exchange(self, request: dict[str, Any]) -> dict[str, Any]:
        process = self._ensure_started()
        ident = self._new_id()
        try:
            assert process.stdin is not None
            process.stdin.write(json.dumps({"id": ident, **request}) + "\n")
            process.stdin.flush()
        except (OSError, ValueError):
            raise self._fault(
                f"the engine exited (code {process.poll()}) before the {request['op']} request"
            ) from None
        return self._receive(process, request["op"], ident)

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _receive(self, process: subprocess.Popen[str], op: str, ident: int) -> dict[str, Any]:
        """The engine's answer to request ``ident`` (an ``op``), or EngineFault."""
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fault(f"no answer to {op} within {self.timeout:g} s") from None
        if line is None:
            process.wait()
            raise self._fault(f"the engine exited (code {process.returncode}) during {op}")
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):  # as in serve: unreadable JSON is not JSON
            raise self._fault(f"not JSON in answer to {op}: {line.strip()[:80]!r}") from None
        try:
            check_json_bounds(reply, "answer")
        except InvalidFileError as error:
            reason = error.problems[0].message
            raise self._fault(f"the answer to {op} is refused: {reason}") from None
        if not isinstance(reply, dict):
            raise self._fault(f"the answer to {op} is not an object: {line.strip()[:80]!r}")
        got = reply.get("id")
        # A JSON integer equal to the request's: true (a bool is an int in Python) and 2.0
        # (equal to 2) are not the id 1 or 2 the engine was sent.
        if type(got) is not int:
            raise self._fault(
                f"the answer to {op} has id {json.dumps(got)}, "
                f"not the JSON integer {ident} of its request"
            )
        if got != ident:
            raise self._fault(f"answer out of order: id {got} for request {ident}")
        return reply

    def _exchange_all(
        self, requests: Sequence[Pending], read: Callable[[dict[str, Any]], T]
    ) -> list[T]:
        """What ``read`` makes of the answers to ``requests``, written together.

        A writer thread sends the requests (unless they are few: :data:`_SMALL`) while
        this thread reads the answers as they come (off the queue the reader thread
        fills), so reading and checking one answer overlaps the engine's work on the
        next, and a request the engine never reads cannot block the runner. Each answer
        is checked and read in order. The first that is an error (an illegal move,
        ``unsupported``) is raised once the answers still coming are in, as a request at
        a time would raise it; an answer that breaks the protocol stops the engine at
        once, after any earlier error.
        """
        process = self._ensure_started()
        idents = [self._new_id() for _ in requests]
        text = "".join(
            f'{{"id": {ident}, {pending.fields}}}\n'
            for ident, pending in zip(idents, requests, strict=True)
        )
        if len(text) <= _SMALL:
            # Into the empty pipe at once: it cannot block, and a thread costs more.
            try:
                assert process.stdin is not None
                process.stdin.write(text)
                process.stdin.flush()
            except (OSError, ValueError):
                raise self._fault(
                    f"the engine exited (code {process.poll()}) before the {requests[0].op} request"
                ) from None
        else:
            self._writer = threading.Thread(target=_write, args=(process.stdin, text), daemon=True)
            self._writer.start()
        results: list[T] = []
        refused: Unsupported | IllegalMoveError | None = None
        try:
            for ident, pending in zip(idents, requests, strict=True):
                reply = self._receive(process, pending.op, ident)
                if refused is None:
                    try:
                        results.append(read(self._answer(pending.op, reply)))
                    except (Unsupported, IllegalMoveError) as error:
                        refused = error  # the engine is in step: its other answers are read
        except EngineFault:
            if refused is not None:
                raise refused from None
            raise
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.join()
        if refused is not None:
            raise refused
        return results

    # Requests -------------------------------------------------------------------------------

    def _request(
        self,
        request: dict[str, Any],
        variant: str | None = None,
        options: Sequence[str] = (),
    ) -> dict[str, Any]:
        self._ensure_started()
        self._admit(request["op"], variant, options)
        return self._answer(request["op"], self._exchange(request))

    def _admit(self, op: str, variant: str | None, options: Sequence[str]) -> None:
        """Unsupported if what ``hello`` declared rules the request out (it is not sent)."""
        if not self._answers(op):
            raise Unsupported(ErrorCode.UNSUPPORTED, f"the engine does not answer {op}")
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

    def _answers(self, op: str) -> bool:
        """True if ``hello`` does not rule ``op`` out (an optional op must be listed)."""
        ops = self.hello.get("ops")
        if op in OPTIONAL_OPERATIONS:
            return isinstance(ops, list) and op in ops
        return not isinstance(ops, list) or op in ops

    def _declares(self, op: str) -> bool:
        """True if the engine answers the optional ``op`` (its ``hello`` lists it)."""
        self._ensure_started()
        return self._answers(op)

    def _read(self, op: str, read: Callable[[], T]) -> T:
        """What ``read`` makes of the answer to ``op``; a fault if it breaks the protocol."""
        try:
            return read()
        except AnswerError as error:
            raise self._fault(f"invalid answer to {op}: {error}") from None

    def _answer(self, op: str, reply: dict[str, Any]) -> dict[str, Any]:
        """``reply`` if it answers ``op``; Unsupported, IllegalMoveError or a fault if not."""
        if reply.get("unsupported"):
            raise Unsupported(
                ErrorCode.UNSUPPORTED, str(reply.get("message") or f"{op} unsupported")
            )
        if reply.get("ok") is False:
            code = str(reply.get("error"))
            try:
                error = ErrorCode(code)
            except ValueError:
                raise self._fault(f"unknown error code {code!r} in answer to {op}") from None
            raise IllegalMoveError(error, str(reply.get("message", "")))
        if reply.get("ok") is not True:
            raise self._fault(f"the answer to {op} has no 'ok'")
        return reply

    def _batch(self, requests: Sequence[Pending], read: Callable[[dict[str, Any]], T]) -> list[T]:
        """What ``read`` makes of each answer, the requests sent together.

        Each answer is checked, then read, in order; the first that fails raises, as the
        same requests one at a time would (:meth:`_exchange_all`). A request ``hello``
        rules out is not sent, nor any after it (those before it are, and their errors
        come first).
        """
        if not requests:
            return []
        self._ensure_started()
        admitted = 0
        refusal: Unsupported | None = None
        for pending in requests:
            try:
                self._admit(pending.op, pending.variant, pending.options)
            except Unsupported as unsupported:
                refusal = unsupported
                break
            admitted += 1
        results = self._exchange_all(requests[:admitted], read) if admitted else []
        if refusal is not None:
            raise refusal
        return results

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
        return self._read("deal", lambda: read_stages(self._field(reply, "stages", "deal")))

    def legal(self, position: Position) -> list[Move]:
        """The legal moves."""
        return self._moves(self._legal_reply(position))

    def legal_texts(self, position: Position) -> list[str]:
        """The legal moves in canonical notation, checked as :meth:`legal` checks them."""
        return self._listed(self._legal_reply(position), canonical_spelling)

    def _legal_reply(self, position: Position) -> dict[str, Any]:
        return self._request(
            {"op": "legal", "position": position_to_data(position)},
            position.variant,
            position.options,
        )

    def _moves(self, reply: dict[str, Any]) -> list[Move]:
        return self._listed(reply, parse_move)

    def _listed(self, reply: dict[str, Any], read: Callable[[str], T]) -> list[T]:
        """What ``read`` makes of each move text of a ``legal`` answer.

        A fault names the first text that is not a move, by its place in the list.
        """
        try:
            texts = answer_list(self._field(reply, "moves", "legal"), "moves")
            listed = []
            for index, text in enumerate(texts):
                if type(text) is not str:  # the place is named only for what is wrong
                    answer_text(text, f"moves[{index}]")
                listed.append(read(text))
            return listed
        except (AnswerError, ZwickerError) as error:
            raise self._fault(f"invalid move in answer to legal: {error}") from None

    def _count(self, reply: dict[str, Any]) -> int:
        return self._read(
            "count", lambda: answer_count(self._field(reply, "count", "count"), "count")
        )

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
        return self._after(reply)

    def _after(self, reply: dict[str, Any]) -> Position:
        return self._position(self._field(reply, "position", "apply"), "apply")

    def count_then_apply(self, position: Position, move: Move) -> tuple[int, Position]:
        """How many legal moves ``position`` has, and the position after ``move``.

        The two requests are sent together, ``count`` (or ``legal``, from an engine that
        does not answer ``count``) first, so that an engine may play the move knowing
        its listing.
        """
        text = position_text(position)
        counts = self._declares("count")
        first = position_request("count" if counts else "legal", text, position)
        listed, after = self._batch([first, apply_request(text, position, move)], _as_is)
        count = self._count(listed) if counts else len(self._moves(listed))
        return count, self._after(after)

    def count_each(self, positions: Sequence[Position]) -> list[int]:
        """How many legal moves each position has, the requests sent together.

        Asked with ``count`` where the engine answers it, else listed with ``legal``.
        """
        if not self._declares("count"):
            return [len(moves) for moves in self.legal_each(positions)]
        return self._batch(
            [position_request("count", position_text(p), p) for p in positions], self._count
        )

    def legal_each(self, positions: Sequence[Position]) -> list[list[Move]]:
        """The legal moves of each position, the requests sent together."""
        return self._batch(
            [position_request("legal", position_text(p), p) for p in positions], self._moves
        )

    def expand_each(self, positions: Sequence[Position]) -> list[list[tuple[Move, Position]]]:
        """Each position's legal moves, each with the position after it.

        The ``legal`` requests are sent together, then the ``apply`` requests of all
        their moves together.
        """
        texts = [position_text(position) for position in positions]
        listed = self._batch(
            [position_request("legal", text, p) for text, p in zip(texts, positions, strict=True)],
            self._moves,
        )
        steps = [
            apply_request(text, position, move)
            for text, position, moves in zip(texts, positions, listed, strict=True)
            for move in moves
        ]
        after = iter(self._batch(steps, self._after))
        return [[(move, next(after)) for move in moves] for moves in listed]

    def play(
        self, position: Position, moves: Sequence[Move], counted: Collection[int]
    ) -> Played | None:
        """The moves played one after another by the engine's ``play``, sent at once.

        The number of legal moves is asked before each move whose index (from 0) is in
        ``counted``. None if the engine does not answer ``play`` (its ``hello`` does not
        list it).
        """
        if not self._declares("play"):
            return None
        reply = self._request(
            {
                "op": "play",
                "position": position_to_data(position),
                "moves": [move_to_data(move) for move in moves],
                "count": sorted(counted),
            },
            position.variant,
            position.options,
        )
        return self._read(
            "play",
            lambda: read_played(
                self._field(reply, "counts", "play"),
                self._field(reply, "positions", "play"),
                reply.get("refused"),
                len(moves),
                counted,
            ),
        )

    def perft_divide(
        self, position: Position, depth: int
    ) -> tuple[list[Move], list[list[int]]] | None:
        """The root's legal moves, and the move sequences under each at each depth.

        For each depth from 1 to ``depth``, as the engine's ``perft`` answers them; None if
        it does not answer ``perft`` (its ``hello`` does not list it).
        """
        if not self._declares("perft"):
            return None
        reply = self._request(
            {"op": "perft", "position": position_to_data(position), "depth": depth},
            position.variant,
            position.options,
        )
        return self._read(
            "perft", lambda: read_divide(self._field(reply, "divide", "perft"), depth)
        )

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
        return self._read(
            "score",
            lambda: read_sides(
                self._field(reply, "sides", "score"), setup.players, captured, zwicks
            ),
        )


T = TypeVar("T")

_SMALL = 4000
"""Characters of requests written without a writer thread. Less than one page (4096
bytes, line breaks written as two bytes included), the least a pipe holds where Python
runs (Linux short of pipe memory, Windows by default): written into the engine's pipe,
which holds nothing when a batch starts (every earlier answer is in), they never wait
for the engine, even one that hangs."""


def _as_is(reply: dict[str, Any]) -> dict[str, Any]:
    return reply


def _write(stream: IO[str] | None, text: str) -> None:
    """Write a batch of requests (in a thread of its own).

    An engine that is gone is reported by the reader, which finds no answer.
    """
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.write(text)
        stream.flush()


def _pump(stream: IO[str] | None, lines: queue.SimpleQueue[str | None]) -> None:
    """Copy the engine's output lines into a queue; None marks the end (the engine exited)."""
    if stream is None:
        lines.put(None)
        return
    for line in bounded_lines(stream):
        # An overlong line is not JSON: the reader says so with this text instead.
        lines.put(f"<a line of more than {MAX_LINE_BYTES:,} bytes>" if line is None else line)
    lines.put(None)
