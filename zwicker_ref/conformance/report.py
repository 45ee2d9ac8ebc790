"""One report of a corpus run, for ``zwicker check`` (the reference) and ``zwicker conform``.

A :class:`Report` holds every outcome, the files that did not validate, the corpus's
identity (version and digest, so two reports can be compared) and, for an engine run,
the expected failures and restarts. It gives the same accounting to both commands: the
text lines, the closing summary (``N passed, N failed``, plus ``N skipped`` for an
engine) and the JSON document (``docs/reference/cli.md`` describes its fields).

Expected failures (``--expected-failures FILE``, as toml-test's skip lists): a listed id
that fails is not counted as failed; a listed id that passes, or that no scenario has, is
an error, so the list cannot silently go stale.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zwicker_ref._version import __version__
from zwicker_ref.conformance.runner import Outcome
from zwicker_ref.documents import bounds
from zwicker_ref.documents.corpus import CorpusIdentity
from zwicker_ref.errors import Problem

REFERENCE_ENGINE = "reference"
"""The engine name of a run against the reference interpreter."""


def read_expected_failures(path: Path) -> frozenset[str]:
    """The scenario ids listed in ``path`` (one a line; ``#`` starts a comment)."""
    text = bounds.read_text(path, str(path))  # InvalidFileError if unreadable or too large
    return frozenset({line.split("#")[0].strip() for line in text.splitlines()} - {""})


@dataclass(frozen=True, kw_only=True, slots=True)
class Report:
    """The outcome of running a selection of the corpus against one engine."""

    engine: str
    corpus: CorpusIdentity
    outcomes: tuple[Outcome, ...]
    invalid: tuple[Problem, ...] = ()
    """Problems of the scenario files that did not validate (each file counts as failed)."""
    known_ids: frozenset[str] = frozenset()
    """Every scenario id read (to tell a stale expected failure)."""
    expected: frozenset[str] = frozenset()
    restarts: int = 0
    seconds: float = 0.0
    _files: tuple[str, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        files = tuple(sorted({problem.file or "" for problem in self.invalid}))
        object.__setattr__(self, "_files", files)

    # Accounting ------------------------------------------------------------------------

    @property
    def passed(self) -> list[Outcome]:
        """Outcomes that passed and were not expected to fail."""
        return [o for o in self.outcomes if o.passed and o.scenario.id not in self.expected]

    @property
    def skipped(self) -> list[Outcome]:
        """Outcomes the engine did not support."""
        return [o for o in self.outcomes if o.skipped is not None]

    @property
    def failures(self) -> list[Outcome]:
        """Outcomes that failed and were not expected to."""
        return [o for o in self._failed if o.scenario.id not in self.expected]

    @property
    def expected_failures(self) -> list[Outcome]:
        """Outcomes that failed as expected."""
        return [o for o in self._failed if o.scenario.id in self.expected]

    @property
    def unexpected_passes(self) -> list[Outcome]:
        """Outcomes listed as expected failures that pass: an error."""
        return [o for o in self.outcomes if o.passed and o.scenario.id in self.expected]

    @property
    def unknown_expected(self) -> list[str]:
        """Listed expected failures that no scenario has: an error."""
        return sorted(self.expected - self.known_ids)

    @property
    def failed_count(self) -> int:
        """Everything counted as failed: failures, invalid files, stale expected failures."""
        return (
            len(self.failures)
            + len(self._files)
            + len(self.unexpected_passes)
            + len(self.unknown_expected)
        )

    @property
    def status(self) -> int:
        """The exit status: 0 when nothing failed, 1 otherwise."""
        return 1 if self.failed_count else 0

    @property
    def _failed(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.passed and o.skipped is None]

    # For people ------------------------------------------------------------------------

    def summary(self) -> str:
        """The closing line: ``N passed, N failed`` (``, N skipped`` for an engine) ``in T s``.

        The time (reading included) is left out where the run was not timed.
        """
        line = f"{len(self.passed)} passed, {self.failed_count} failed"
        if self.engine != REFERENCE_ENGINE:
            line += f", {len(self.skipped)} skipped"
        if self.seconds > 0:
            line += f" in {self.seconds:.1f} s"
        return line

    def lines(self, *, verbose: bool = False) -> Iterator[str]:
        """The text report, the summary last."""
        yield f"{self.corpus.describe()}; read from {self.corpus.root.describe()}"
        for problem in self.invalid:
            yield f"ERROR {problem}"
        for outcome in self.outcomes:
            if outcome.passed or outcome.skipped is not None:
                if verbose:
                    state = "ok  " if outcome.skipped is None else "skip"
                    yield f"{state} {outcome.scenario.id}"
                continue
            if outcome.scenario.id in self.expected:
                continue
            yield f"FAIL {outcome.scenario.id} ({outcome.scenario.file})"
            yield from (f"  {difference}" for difference in outcome.differences)
        for outcome in self.unexpected_passes:
            yield f"ERROR {outcome.scenario.id}: listed as an expected failure, but it passes"
        for ident in self.unknown_expected:
            yield f"ERROR {ident}: listed as an expected failure, but no scenario has this id"
        if self.expected_failures:
            yield f"({len(self.expected_failures)} expected failures)"
        if self.restarts:
            yield f"(the engine was restarted {self.restarts} times)"
        yield self.summary()

    # For programs ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data (the shape ``docs/reference/cli.md`` documents)."""
        return {
            "package": __version__,
            "corpus": self.corpus.to_json(),
            "engine": self.engine,
            "passed": len(self.passed),
            "failed": self.failed_count,
            "skipped": len(self.skipped),
            "expected_failures": len(self.expected_failures),
            "restarts": self.restarts,
            "seconds": round(self.seconds, 3),
            "scenarios": [self._scenario_json(outcome) for outcome in self.outcomes],
            "invalid": [
                {
                    "file": problem.file,
                    "line": problem.line,
                    "path": problem.path,
                    "code": problem.code.value,
                    "message": problem.message,
                    **({"more": problem.more} if problem.more else {}),
                }
                for problem in self.invalid
            ],
            "unknown_expected_failures": self.unknown_expected,
        }

    def _scenario_json(self, outcome: Outcome) -> dict[str, Any]:
        scenario = outcome.scenario
        status = (
            "skipped" if outcome.skipped is not None else "passed" if outcome.passed else "failed"
        )
        return {
            "id": scenario.id,
            "file": scenario.file,
            "kind": scenario.kind.value,
            "variant": scenario.variant.id,
            "status": status,
            "expected_to_fail": scenario.id in self.expected,
            "differences": list(outcome.differences),
            "skipped": outcome.skipped,
        }
