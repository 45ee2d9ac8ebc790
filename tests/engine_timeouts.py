"""How long the tests wait for an engine process: nothing in them may depend on timing.

An engine that should answer is given :data:`ANSWER_TIMEOUT`, far more than any answer
takes on a loaded machine: it is reached only when something is broken, and the test then
fails instead of waiting for ever. Only the hang tests, whose engine never answers one
request, use the short :data:`HANG_TIMEOUT`; their engine is a :class:`PatientEngine`,
which waits for the engine to start (its ``hello``, which takes a fresh Python process
seconds under load) as long as for any answer, so that the short wait is run out by the
hang and by nothing else. Crashes need no timeout: the runner sees the engine's output
end.
"""

from __future__ import annotations

import subprocess

from zwicker_ref.protocol import ProcessEngine

ANSWER_TIMEOUT = 120.0
"""Seconds an engine that answers is given for each answer (reached only on a fault)."""

HANG_TIMEOUT = 2.0
"""Seconds the hang tests wait for the answer their engine never gives."""


class PatientEngine(ProcessEngine):
    """An engine process whose start is waited for as long as it takes (ANSWER_TIMEOUT).

    Its ``timeout`` counts for the answers to requests only; the answer to ``hello``,
    after every start and restart, is waited for with :data:`ANSWER_TIMEOUT`.
    """

    def _greet(self, process: subprocess.Popen[str]) -> subprocess.Popen[str]:
        timeout, self.timeout = self.timeout, max(self.timeout, ANSWER_TIMEOUT)
        try:
            return super()._greet(process)
        finally:
            self.timeout = timeout
