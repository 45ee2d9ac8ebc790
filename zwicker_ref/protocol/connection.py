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
import queue
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from zwicker_ref.conformance.reference import EngineFault, Unsupported
from zwicker_ref.documents.bounds import check_json_bounds
from zwicker_ref.errors import ErrorCode, IllegalMoveError, InvalidFileError, ZwickerError
from zwicker_ref.protocol.ahead import Ahead, Answer, AskedAhead
from zwicker_ref.protocol.engine_command import engine_argv
from zwicker_ref.protocol.messages import (
    PROTOCOL_VERSION,
    AnswerError,
    Pending,
    hello_problem,
    hello_rules_out,
)
from zwicker_ref.protocol.pipes import (
    OWN_GROUP,
    SMALL,
    keep_last_lines,
    pipe_room,
    pump,
    write_now,
    write_text,
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
        self._room = SMALL
        """Characters of requests written at once, without a writer thread."""
        self._line_characters = 0
        """The length of the last answer line read."""
        self._asked = AskedAhead()
        """Requests asked ahead of their runs (:meth:`ask_ahead`), and answers read early."""

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
        if self._asked.rehearsing:  # a rehearsal neither starts nor greets the engine
            if process is None or self._greeting is not None or process.poll() is not None:
                self._asked.keep(())  # stops it, with nothing to ask ahead
            assert process is not None
            return process
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
                **OWN_GROUP,
            )
        except OSError as error:
            self._refused = f"cannot start {self.command!r}: {error}"
            raise EngineFault(ErrorCode.ENGINE_FAULT, self._refused) from None
        self._process = process
        self._room = pipe_room(process.stdin)
        self._lines = queue.SimpleQueue()
        self._taken = deque()
        threading.Thread(target=pump, args=(process.stdout, self._lines), daemon=True).start()
        self._stderr = deque(maxlen=STDERR_LINES)
        self._stderr_reader = threading.Thread(
            target=keep_last_lines, args=(process.stderr, self._stderr), daemon=True
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
        self._asked.in_flight.clear()  # requests asked ahead not answered never will be
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
        op = request["op"]
        process, (ident,) = self._send_all([Pending(op, None, (), json.dumps(request)[1:-1])])
        reply = self._receive(process, op, ident)
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.join()
        return reply

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _receive(
        self, process: subprocess.Popen[str] | None, op: str, ident: int
    ) -> dict[str, Any]:
        """The engine's answer to request ``ident`` (an ``op``), or EngineFault.

        The answer to a request asked ahead may have been read already
        (:attr:`AskedAhead.early`).
        """
        asked = self._asked
        early = asked.take_early(ident)
        if early is not None:
            return early
        line = self._taken.popleft() if self._taken else self._next_line(op)
        self._line_characters = 0 if line is None else len(line)
        if line is None:
            assert process is not None  # its output ended: it was running
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
        if ident == asked.last_sent and self._writer is None:
            # The engine has nothing of the run's left to answer: it answers the runs to
            # come while this answer is checked (a writer still at work owns the pipe).
            self._ask_more()
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

        A writer thread sends the requests (unless they are few: :data:`SMALL`) while
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

    def _send_all(
        self, requests: Sequence[Pending]
    ) -> tuple[subprocess.Popen[str] | None, list[int]]:
        """Write ``requests`` together (a writer thread for many); the process and the ids.

        Requests the run asked ahead (:meth:`offer`) are not written again: their ids are
        given. Others are written behind those asked ahead still unanswered, whose
        answers are then read (and kept for their runs) while the engine goes on to these.
        More of the runs to come are asked ahead once the last of these is answered: the
        engine answers them while the runner checks that answer.
        """
        asked = self._asked
        asked.keep(requests)
        served = asked.served(requests)
        if served is not None:
            return self._process, served
        behind = bool(asked.in_flight)
        process = self._ensure_started()
        idents = [self._new_id() for _ in requests]
        text = "".join(_request_lines(idents, requests))
        if len(text) <= self._room - asked.unanswered():
            # Into the pipe at once: it holds them beside what may still be in it, so the
            # write cannot block, and a thread costs more.
            written = write_now(process, text)
        else:
            self._writer = threading.Thread(
                target=write_text, args=(process.stdin, text), daemon=True
            )
            self._writer.start()
            written = True
        if behind:
            asked.take_in(self._receive_ahead)
            if self._process is not process:
                # Reading an answer asked ahead was a fault (kept for its run), and the
                # engine was stopped with these requests unread: to the next one, then.
                return self._send_all(requests)
        if not written:
            raise self._fault(
                f"the engine exited (code {process.poll()}) before the {requests[0].op} request"
            )
        asked.last_sent = idents[-1]
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
        self._asked.keep(sent)  # before meanwhile: a rehearsal does none of the run's work
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

    # Requests asked ahead --------------------------------------------------------------------

    def offer(self, run: Callable[[], object]) -> None:
        """A run to come (a scenario against this connection), after those offered before.

        Its first requests may be written ahead, from now on: each run is rehearsed,
        the first requests it would send kept instead of sent
        (:mod:`~zwicker_ref.protocol.ahead`). When it runs (:meth:`begin`) and sends the
        very same requests, their answers are read as if it had just sent them. No more
        is written than the pipe holds beside the requests not answered: writing never
        waits on the engine.
        """
        self._asked.runs.append(run)
        self._ask_more()

    def begin(self, owner: int) -> None:
        """Run ``owner`` (by the order offered) starts; answers asked ahead before it go."""
        asked = self._asked
        asked.owner, asked.next = owner, max(asked.next, owner)
        asked.take_in(self._receive_ahead, before=owner)
        self._ask_more()
        asked.next = max(asked.next, owner + 1)  # not once it has sent anything itself

    def forget_runs(self) -> None:
        """No more runs: those offered go, with the requests asked ahead for them.

        If answers to some are still coming (runs stopped before their turn), the engine
        is stopped, since it would answer those first; it starts again when asked, and
        that is no restart.
        """
        asked, self._asked = self._asked, AskedAhead()
        if asked.in_flight and self._process is not None:
            self.close()
            self._starts = 0

    def _ask_more(self) -> None:
        """Take in the answers come to requests asked ahead, and ask ahead for more runs.

        Not before the engine has answered ``hello`` (what it declares decides the
        requests), which is read here once it has come.
        """
        if self._process is not None and self._greeting is not None and self._line_ready():
            with contextlib.suppress(EngineFault):  # the run meets it, as it would have
                self._ensure_started()
        if self._process is not None and self._greeting is None:
            self._asked.take_in(self._receive_ahead, ready=self._line_ready)
            self._asked.ask_more(self._ask_ahead)

    def _line_ready(self) -> bool:
        return bool(self._taken) or not self._lines.empty()

    def _ask_ahead(self, owner: int) -> bool:
        """Write the first requests of run ``owner``: False if not now (no engine, no room)."""
        process, asked = self._process, self._asked
        if process is None or self._greeting is not None or asked.rehearsing:
            return False
        group = asked.rehearse(owner)
        if not group:
            return True
        idents = [self._new_id() for _ in group]
        lines = _request_lines(idents, group)
        if asked.unanswered() + sum(map(len, lines)) > self._room:
            return False
        if write_now(process, "".join(lines)):  # if not, the run finds the engine gone
            asked.add(owner, group, idents, lines)
        return True

    def _receive_ahead(self, entry: Ahead) -> tuple[Answer, int]:
        """The answer to a request asked ahead, read now, and the length of its line."""
        answer = self._receive(self._process, entry.op, entry.ident)
        return answer, self._line_characters

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
        ruled_out = hello_rules_out(self.hello, op, variant, options)
        if ruled_out is not None:
            raise Unsupported(ErrorCode.UNSUPPORTED, ruled_out)

    def _declares(self, op: str) -> bool:
        """True if the engine answers the optional ``op`` (its ``hello`` lists it)."""
        self._ensure_started()
        return hello_rules_out(self.hello, op) is None

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


def _request_lines(idents: Sequence[int], requests: Sequence[Pending]) -> list[str]:
    """Each request's line, with its id."""
    return [
        f'{{"id": {ident}, {pending.fields}}}\n'
        for ident, pending in zip(idents, requests, strict=True)
    ]
