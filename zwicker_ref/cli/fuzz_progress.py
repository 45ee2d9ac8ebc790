"""What ``zwicker conform --fuzz`` shows while it runs, and its report at the end.

The text report is written as the run goes: its first lines when the games are known,
each disagreement when it is found (its minimal case saved at once with
``--save-failures``, so a run stopped by Ctrl-C keeps every case found), the closing
figures at the end. With ``--json`` the whole report is printed at the end. On a
terminal, standard error carries a progress line (hands done of all, positions a
second, disagreements so far, time left), rewritten at most four times a second and
cleared at the end; when standard error is not a terminal nothing extra is written.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from zwicker_ref.conformance.fuzz import Failure, Observer, Summary
from zwicker_ref.conformance.fuzz_report import (
    closing_line,
    failure_lines,
    header_lines,
    summary_json,
)
from zwicker_ref.conformance.fuzz_save import save_failure
from zwicker_ref.documents.corpus import CorpusIdentity

EVERY = 0.25
"""Seconds between two progress lines, at least."""


def progress_text(summary: Summary, seconds: float) -> str:
    """The progress line: ``120/1000 hands, 2,310 positions/s, 0 disagreements, 41 s left``."""
    done, planned = summary.hands, summary.planned
    rate = summary.positions / seconds if seconds > 0 else 0.0
    left = seconds / done * (planned - done) if done else None
    eta = "?" if left is None else _duration(left)
    return (
        f"{done}/{planned} hands, {rate:,.0f} positions/s, "
        f"{len(summary.failures)} disagreements, {eta} left"
    )


def _duration(seconds: float) -> str:
    whole = int(seconds + 0.5)
    if whole < 60:
        return f"{whole} s"
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class FuzzReporter(Observer):
    """The CLI's observer of a fuzz run: the report as it goes, progress, saved cases."""

    def __init__(
        self,
        as_json: bool,
        save_to: Path | None,
        corpus: CorpusIdentity,
        out: TextIO,
        err: TextIO,
    ) -> None:
        self.as_json = as_json
        self.save_to = save_to
        self.corpus = corpus
        self.out = out
        self.err = err
        self.saved: dict[int, Path] = {}
        self.progress = _is_terminal(err)
        self._started = time.monotonic()
        self._next = self._started + EVERY
        self._shown = 0

    def started(self, summary: Summary) -> None:
        """Print the report's first lines (text)."""
        self._started = time.monotonic()
        self._next = self._started + EVERY
        if not self.as_json:
            self._print(header_lines(summary, self.corpus))

    def failed(self, summary: Summary, failure: Failure) -> None:
        """Save the case, and print it (text)."""
        index = len(summary.failures) - 1
        path = None
        if self.save_to is not None:
            path = save_failure(failure, self.save_to, seed=summary.seed, engine=summary.engine)
            self.saved[index] = path
        if not self.as_json:
            self._print(failure_lines(failure, path))

    def hand_done(self, summary: Summary) -> None:
        """Rewrite the progress line, if it is time (and standard error is a terminal)."""
        if not self.progress:
            return
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + EVERY
        text = progress_text(summary, now - self._started)
        self.err.write("\r" + text.ljust(self._shown))
        self.err.flush()
        self._shown = len(text)

    def finish(self, summary: Summary) -> None:
        """Clear the progress line; print the closing figures, or the JSON report."""
        self._clear()
        if self.as_json:
            report = summary_json(summary, self.corpus, self.saved)
            self.out.write(json.dumps(report, indent=2) + "\n")
        else:
            self.out.write(closing_line(summary) + "\n")
        self.out.flush()

    def _print(self, lines: Iterable[str]) -> None:
        self._clear()
        for line in lines:
            self.out.write(f"{line}\n")
        self.out.flush()

    def _clear(self) -> None:
        if self._shown:
            self.err.write("\r" + " " * self._shown + "\r")
            self.err.flush()
            self._shown = 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
