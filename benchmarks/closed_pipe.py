"""Running a benchmark whose reader may stop early (``make bench | head``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

CLOSED_PIPE = 128 + 13
"""The status a shell reports for a process ended by SIGPIPE, as ``zwicker`` returns."""


def run(main: Callable[[], int | None]) -> NoReturn:
    """Exit with ``main()``'s status; quietly with :data:`CLOSED_PIPE` if stdout closes.

    Without this, a reader that stops early (``head``) makes the next print raise
    ``BrokenPipeError`` and the benchmark end in a traceback.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Point stdout at nothing, so that the interpreter's last flush does not fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(CLOSED_PIPE)
    sys.exit(status or 0)
