"""How long the tests wait for an engine process: nothing in them may depend on timing.

An engine that should answer is given :data:`ANSWER_TIMEOUT`, far more than any answer
takes on a loaded machine: it is reached only when something is broken, and the test then
fails instead of waiting for ever. Only the hang tests, whose engine never answers one
request, use the short :data:`HANG_TIMEOUT`. An engine's start (the answer to ``hello``,
which takes a fresh Python process seconds on a loaded machine) is waited for with
ANSWER_TIMEOUT whatever the timeout of its requests: ``tests/conftest.py`` has every
engine process of every test greet with :func:`greet_patiently`, so that a short wait is
run out by a hang and by nothing else. Crashes need no timeout: the runner sees the
engine's output end.
"""

from __future__ import annotations

import subprocess

from zwicker_ref.protocol import ProcessEngine

ANSWER_TIMEOUT = 120.0
"""Seconds an engine that answers is given for each answer (reached only on a fault)."""

HANG_TIMEOUT = 2.0
"""Seconds the hang tests wait for the answer their engine never gives."""

_GREET = ProcessEngine._greet


def greet_patiently(engine: ProcessEngine, process: subprocess.Popen[str]) -> subprocess.Popen[str]:
    """``ProcessEngine._greet`` with ANSWER_TIMEOUT for the answer to ``hello``."""
    timeout, engine.timeout = engine.timeout, max(engine.timeout, ANSWER_TIMEOUT)
    try:
        return _GREET(engine, process)
    finally:
        engine.timeout = timeout
