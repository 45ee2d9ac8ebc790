"""The engine process and the exchange of protocol lines with it (the client's lower half).

:class:`EngineConnection` starts the engine program, sends ``hello`` and checks its
answer, writes requests and reads answers in order, honours what ``hello`` declares,
and turns anything that is not a valid answer (an exit, a hang, garbage, an answer out
of order) into an :class:`~zwicker_ref.conformance.reference.EngineFault` after which
the engine is restarted. The engine's standard error is kept (its last lines) and shown
with a fault. :class:`~zwicker_ref.protocol.client.ProcessEngine` builds the requests on
it.

Requests go one at a time (write, then read the answer), except for batches: those are
written together (by a writer thread, unless they are few) while the answers are read
as they come, so the engine never waits for the runner between requests. Answers are
read, checked and reported in the order of the requests, as they would be one at a
time: the first request whose answer is not a valid answer (or is an error) is the one
named.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import IO, Any, TypeVar

from zwicker_ref.conformance.reference import EngineFault, Unsupported
from zwicker_ref.documents.bounds import MAX_LINE_BYTES, bounded_line_batches, check_json_bounds
from zwicker_ref.errors import ErrorCode, IllegalMoveError, InvalidFileError, ZwickerError
from zwicker_ref.protocol.engine_command import engine_argv
from zwicker_ref.protocol.messages import (
    OPTIONAL_OPERATIONS,
    PROTOCOL_VERSION,
    AnswerError,
    Pending,
    hello_problem,
)

T = TypeVar("T")

STDERR_LINES = 10
"""The last lines of the engine's standard error shown with a fault."""


class EngineConnection:
    """An engine program over the protocol: started, greeted, restarted after any fault."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command = command
        self.name = command
        self.timeout = timeout
        self.restarts = 0
        self._starts = 0
        self._process: subprocess.Popen[str] | None = None
        # SimpleQueue: handing the answer lines from the reader thread over costs a
        # fraction of what queue.Queue costs (it is in C). The lines come in batches,
        # those the engine had written when they were read; None marks the end.
        self._lines: queue.SimpleQueue[list[str] | None] = queue.SimpleQueue()
        self._taken: deque[str] = deque()
        """Lines taken off the queue, not yet read as answers."""
        self._next_id = 0
        self.hello: dict[str, Any] = {}
        self._refused: str | None = None
        self._writer: threading.Thread | None = None
        """The thread writing a batch of requests, while it is at work."""
        self._greeting: int | None = None
        """The id of the ``hello`` sent to the engine process, until its answer is read."""
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        """The last lines the engine process wrote to its standard error."""
        self._stderr_reader: threading.Thread | None = None
        self._room = _SMALL
        """Characters of requests written at once, without a writer thread."""

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
                engine_argv(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                # Its own process group: Ctrl-C at the terminal is the runner's to handle
                # (it stops the run and closes the engine), not the engine's.
                **_OWN_GROUP,
            )
        except OSError as error:
            self._refused = f"cannot start {self.command!r}: {error}"
            raise EngineFault(ErrorCode.ENGINE_FAULT, self._refused) from None
        self._process = process
        self._room = _pipe_room(process.stdin)
        self._lines = queue.SimpleQueue()
        self._taken = deque()
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        self._stderr = deque(maxlen=STDERR_LINES)
        self._stderr_reader = threading.Thread(
            target=_keep, args=(process.stderr, self._stderr), daemon=True
        )
        self._stderr_reader.start()
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
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def _said(self) -> str:
        """The last lines of the engine's standard error, to follow a fault's reason.

        Read to its end once the engine has exited (a second at most: a process the
        engine started may hold the stream open).
        """
        reader = self._stderr_reader
        if reader is not None:
            reader.join(timeout=1)
        lines = [line.rstrip() for line in self._stderr if line.strip()]
        if not lines:
            return ""
        return "; its last standard error lines: " + " | ".join(lines)

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
        line = self._taken.popleft() if self._taken else self._next_line(op)
        if line is None:
            process.wait()
            raise self._fault(
                f"the engine exited (code {process.returncode}) during {op}{self._said()}"
            )
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):  # as in serve: unreadable JSON is not JSON
            raise self._fault(f"not JSON in answer to {op}: {line.strip()[:80]!r}") from None
        try:
            check_json_bounds(reply, "answer", line)
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

    def _next_line(self, op: str) -> str | None:
        """The next line the engine writes (None at its end), waited for up to the timeout."""
        try:
            batch = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fault(f"no answer to {op} within {self.timeout:g} s") from None
        if batch is None:
            return None
        self._taken.extend(batch)
        return self._taken.popleft()

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
        process, idents = self._send_all(requests)
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

    def _send_all(self, requests: Sequence[Pending]) -> tuple[subprocess.Popen[str], list[int]]:
        """Write ``requests`` together (a writer thread for many); the process and the ids."""
        process = self._ensure_started()
        idents = [self._new_id() for _ in requests]
        text = "".join(
            f'{{"id": {ident}, {pending.fields}}}\n'
            for ident, pending in zip(idents, requests, strict=True)
        )
        if len(text) <= self._room:
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
        return process, idents

    def _exchange_each(
        self,
        requests: Sequence[Pending],
        read: Callable[[int, dict[str, Any]], T],
        meanwhile: Callable[[], object] = lambda: None,
    ) -> list[T | ZwickerError]:
        """What ``read`` makes of each answer to ``requests``, or the error it is, in order.

        ``read`` is given the request's index in ``requests`` and its answer.

        Written together as :meth:`_exchange_all` writes them; unlike it, an answer that
        is an error (an illegal move, ``unsupported``) is kept in its place and the next
        answers are read. A fault (an answer that breaks the protocol, an engine gone) is
        the last item: the engine is stopped, and later requests have no answer. A
        request ``hello`` rules out is not sent: its item is ``unsupported``.
        ``meanwhile`` is called once, after the requests are sent (or found to be ruled
        out) and before any answer is read.
        """
        outcomes: list[T | ZwickerError | None] = []
        sent: list[Pending] = []
        places: list[int] = []
        for place, pending in enumerate(requests):
            try:
                self._admit(pending.op, pending.variant, pending.options)
            except Unsupported as unsupported:
                outcomes.append(unsupported)
            else:
                outcomes.append(None)
                sent.append(pending)
                places.append(place)
        answers: list[T | ZwickerError] = []
        if not sent:
            meanwhile()
        else:
            try:
                try:
                    process, idents = self._send_all(sent)
                finally:
                    meanwhile()
                for ident, pending, place in zip(idents, sent, places, strict=True):
                    reply = self._receive(process, pending.op, ident)
                    try:
                        answers.append(read(place, self._answer(pending.op, reply)))
                    except (Unsupported, IllegalMoveError) as error:
                        answers.append(error)
            except EngineFault as fault:
                answers.append(fault)
            writer, self._writer = self._writer, None
            if writer is not None:
                writer.join()
        given = iter(answers)
        result: list[T | ZwickerError] = []
        for outcome in outcomes:
            item = outcome if outcome is not None else next(given, None)
            if item is None:
                break  # after a fault: no more answers
            result.append(item)
            if isinstance(item, EngineFault):
                break
        return result

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


_SMALL = 4000
"""Characters of requests written without a writer thread. Less than one page (4096
bytes, line breaks written as two bytes included), the least a pipe holds where Python
runs (Linux short of pipe memory, Windows by default): written into the engine's pipe,
which holds nothing when a batch starts (every earlier answer is in), they never wait
for the engine, even one that hangs."""


def _write(stream: IO[str] | None, text: str) -> None:
    """Write a batch of requests (in a thread of its own).

    An engine that is gone is reported by the reader, which finds no answer.
    """
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.write(text)
        stream.flush()


def _pipe_room(stream: IO[str] | None) -> int:
    """What a batch written at once may hold: the pipe's capacity where Linux says it.

    A pipe holds 64 KiB by default on Linux, where ``F_GETPIPE_SZ`` tells; elsewhere (or
    if asking fails) :data:`_SMALL`. Half of it: a character may take two bytes.
    """
    try:
        import fcntl

        assert stream is not None
        size = fcntl.fcntl(stream.fileno(), _F_GETPIPE_SZ)
    except (ImportError, OSError, ValueError, AssertionError):
        return _SMALL
    return max(_SMALL, size // 2)


_F_GETPIPE_SZ = 1032
"""Linux's fcntl command that gives a pipe's capacity in bytes."""

_OWN_GROUP: dict[str, Any] = {"process_group": 0} if os.name == "posix" else {}


def _keep(stream: IO[str] | None, lines: deque[str]) -> None:
    """Keep the last lines of the engine's standard error (the rest is dropped as it comes)."""
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        for line in stream:
            lines.append(line[:300])


_OVERLONG = f"<a line of more than {MAX_LINE_BYTES:,} bytes>"
"""What the reader is given for a line past the limit (it is not JSON, and says so)."""


def _pump(stream: IO[str] | None, lines: queue.SimpleQueue[list[str] | None]) -> None:
    """Copy the engine's output lines into a queue, in batches; None marks the end.

    A batch is the lines the engine had written when its output was read
    (:func:`~zwicker_ref.documents.bounds.bounded_line_batches`), never empty.

    ``close`` may close the stream before this thread has read its end (on a busy
    machine it often does): the reading then stops there, as at the end.
    """
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):
            for batch in bounded_line_batches(stream):
                # An overlong line is not JSON: the reader says so with this text instead.
                lines.put([_OVERLONG if line is None else line for line in batch])
    lines.put(None)
