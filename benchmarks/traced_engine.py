"""An engine that notes when its process asked its first and its last request.

For :mod:`benchmarks.bench_fuzz`: each process of a ``--jobs`` run makes one with the run's
factory; when the engine is closed (a worker's, as the worker ends) it appends one JSON
line to the trace file: the process id, whether it is the run's own process (``main``), and the
``time.perf_counter`` of its first and last request (the same clock in every process).
Not part of the package: nothing else uses it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from zwicker_ref.conformance.reference import Engine, Outcome, ReferenceEngine
from zwicker_ref.protocol import ProcessEngine


class Traced:
    """An engine passed through, with the times of its first and last request."""

    def __init__(self, engine: Engine, trace: str, main: int) -> None:
        self.engine = engine
        self.name = engine.name
        self.trace = trace
        self.main = main
        self.first = self.last = 0.0

    def _noted(self) -> None:
        self.last = time.perf_counter()
        if not self.first:
            self.first = self.last

    def __getattr__(self, name: str) -> Any:
        call = getattr(self.engine, name)

        def noted(*args: Any) -> Any:
            try:
                return call(*args)
            finally:
                self._noted()

        return noted

    def close(self) -> None:
        """Close the engine; write the process's line."""
        close = getattr(self.engine, "close", None)
        if close is not None:
            close()
        if self.first:
            line = {"pid": os.getpid(), "main": os.getpid() == self.main}
            line |= {"first": self.first, "last": self.last}
            with open(self.trace, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")


class TracedPipeline(Traced):
    """A traced engine that can be sent several requests at once (as the fuzzer does)."""

    def legal_apply_each(
        self,
        steps: Sequence[Any],
        expected: Sequence[Any] = (),
        meanwhile: Callable[[], object] = lambda: None,
    ) -> list[Outcome]:
        """Passed through (:class:`~zwicker_ref.conformance.reference.PipelineEngine`)."""
        try:
            return self.engine.legal_apply_each(steps, expected, meanwhile)  # type: ignore[attr-defined,no-any-return]
        finally:
            self._noted()


def traced_engine(command: str | None, trace: str, main: int) -> Traced:
    """The engine ``command`` (through the protocol), or the reference if None, traced.

    ``main`` is the process id of the run's own process.
    """
    if command is None:
        return Traced(ReferenceEngine(), trace, main)
    return TracedPipeline(ProcessEngine(command, 60.0), trace, main)
