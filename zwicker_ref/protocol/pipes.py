"""The engine process's pipes: writing requests, reading answers and standard error.

What :class:`~zwicker_ref.protocol.connection.EngineConnection` runs in threads of its own
beside the runner, and what it must know of a pipe's capacity to write into one without
waiting.
"""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
from collections import deque
from typing import IO, Any

from zwicker_ref.documents.bounds import MAX_LINE_BYTES, bounded_line_batches

SMALL = 4000
"""Characters of requests written without a writer thread. Less than one page (4096
bytes, line breaks written as two bytes included), the least a pipe holds where Python
runs (Linux short of pipe memory, Windows by default): the requests written into the
engine's pipe at once, with those asked ahead and not yet answered, never hold more, so
writing them never waits for the engine, even one that hangs."""


def write_text(stream: IO[str] | None, text: str) -> None:
    """Write a batch of requests (in a thread of its own).

    An engine that is gone is reported by the reader, which finds no answer.
    """
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.write(text)
        stream.flush()


def pipe_room(stream: IO[str] | None) -> int:
    """What a batch written at once may hold: the pipe's capacity where Linux says it.

    A pipe holds 64 KiB by default on Linux, where ``F_GETPIPE_SZ`` tells; elsewhere (or
    if asking fails) :data:`SMALL`. Half of it: a character may take two bytes.
    """
    try:
        import fcntl

        assert stream is not None
        size = fcntl.fcntl(stream.fileno(), _F_GETPIPE_SZ)
    except (ImportError, OSError, ValueError, AssertionError):
        return SMALL
    return max(SMALL, size // 2)


_F_GETPIPE_SZ = 1032
"""Linux's fcntl command that gives a pipe's capacity in bytes."""

OWN_GROUP: dict[str, Any] = {"process_group": 0} if os.name == "posix" else {}


def keep_last_lines(stream: IO[str] | None, lines: deque[str]) -> None:
    """Keep the last lines of the engine's standard error (the rest is dropped as it comes)."""
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        for line in stream:
            lines.append(line[:300])


OVERLONG = f"<a line of more than {MAX_LINE_BYTES:,} bytes>"
"""What the reader is given for a line past the limit (it is not JSON, and says so)."""


def pump(stream: IO[str] | None, lines: queue.SimpleQueue[list[str] | None]) -> None:
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
                lines.put([OVERLONG if line is None else line for line in batch])
    lines.put(None)


def write_now(process: subprocess.Popen[str], text: str) -> bool:
    """Write ``text`` to the engine at once (it must fit in the pipe); False if it is gone."""
    try:
        assert process.stdin is not None
        process.stdin.write(text)
        process.stdin.flush()
    except (OSError, ValueError):
        return False
    return True
