"""Requests asked ahead: a scenario's first requests, written before the scenario runs.

The runner checks the corpus a scenario at a time, and an engine behind a pipe would
wait while the runner reads the corpus and checks each answer. So the scenarios to come
are offered to the connection as they are read; it rehearses each
(:meth:`AskedAhead.rehearse`), keeping the first requests it would send instead of
sending them, and writes those while the runner is busy. When the scenario runs and
sends the very same requests, their answers are read as if it had just sent them.

The answers and faults are those of a request at a time, for an engine whose answers
depend only on the request (as the protocol asks): an answer read before its scenario
asked for it is kept for it, and a fault met reading one is that scenario's fault, met
when it asks, not the fault of the scenario under way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from zwicker_ref.conformance.reference import EngineFault
from zwicker_ref.protocol.messages import Pending

AHEAD = 1000
"""Runs after the one under way that may be asked ahead."""

EARLY_CHARACTERS = 64 * 1024 * 1024
"""Characters of answers read early beyond which no more runs are asked ahead (memory)."""

Answer = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Ahead:
    """A request asked ahead: the run it is for, its op and fields, its id and length."""

    owner: int
    op: str
    fields: str
    """As :attr:`Pending.fields`: what the run's own request must be to be answered by it."""
    ident: int
    characters: int
    """The length of its line."""


class AskedAhead:
    """The runs to come on one connection, the requests asked ahead, answers read early."""

    def __init__(self) -> None:
        self.runs: list[Callable[[], object]] = []
        """The runs offered, by index: each a scenario run against the connection."""
        self.next = 0
        """The next run to ask ahead for."""
        self.owner = 0
        """The run under way: requests asked ahead for it may answer its own."""
        self.last_sent = 0
        """The id of the last request written that was not asked ahead."""
        self.entries: deque[Ahead] = deque()
        """Requests asked ahead, in the order written, not yet used by their run."""
        self.in_flight: dict[int, Ahead] = {}
        """Of those, the ones not answered yet (as far as read), in order, by id."""
        self.early: dict[int, tuple[Answer | EngineFault, int]] = {}
        """Answers read before their run asked (or the fault reading one was), with the
        length of their line, by id."""
        self._early_characters = 0
        self._rehearsal: list[Pending] | None = None
        self._rehearsed: tuple[int, list[Pending]] | None = None
        """The last run rehearsed and its first requests: a run the pipe had no room for
        is asked again later, and is not rehearsed again."""

    def rehearse(self, owner: int) -> list[Pending]:
        """The first requests run ``owner`` sends (none if it sends none): it stops there."""
        if self._rehearsed is not None and self._rehearsed[0] == owner:
            return self._rehearsed[1]
        self._rehearsal = []
        try:
            self.runs[owner]()
        except Rehearsed:
            pass
        finally:
            group, self._rehearsal = self._rehearsal, None
        self._rehearsed = (owner, group)
        return group

    def keep(self, requests: Sequence[Pending]) -> None:
        """While a rehearsal runs: keep ``requests`` as its first, and stop it."""
        if self._rehearsal is not None:
            self._rehearsal.extend(requests)
            raise Rehearsed

    @property
    def rehearsing(self) -> bool:
        """True while :meth:`rehearse` runs."""
        return self._rehearsal is not None

    def unanswered(self) -> int:
        """Characters of requests asked ahead that may still be in the engine's pipe."""
        return sum(entry.characters for entry in self.in_flight.values())

    def ask_more(self, ask: Callable[[int], bool]) -> None:
        """Ask ahead (``ask``, False if not now) for the runs after the one under way."""
        while (
            self.next < min(len(self.runs), self.owner + 1 + AHEAD)
            and self._early_characters <= EARLY_CHARACTERS
            and ask(self.next)
        ):
            self.next += 1

    def add(
        self, owner: int, group: Sequence[Pending], idents: Sequence[int], lines: Sequence[str]
    ) -> None:
        """Record the requests written ahead for run ``owner``."""
        for pending, ident, line in zip(group, idents, lines, strict=True):
            entry = Ahead(owner, pending.op, pending.fields, ident, len(line))
            self.entries.append(entry)
            self.in_flight[ident] = entry

    def served(self, requests: Sequence[Pending]) -> list[int] | None:
        """The ids of ``requests`` if the run under way asked them ahead, first; else None.

        Each must still have an answer coming (or read), except after one whose reading
        was a fault: a run asking them one at a time would stop at that fault too.
        """
        entries = self.entries
        if len(entries) < len(requests):
            return None
        faulted = False
        for entry, pending in zip(entries, requests, strict=False):
            if entry.owner != self.owner or entry.fields != pending.fields:
                return None
            answered = self.early.get(entry.ident)
            if not (faulted or answered is not None or entry.ident in self.in_flight):
                return None
            faulted = faulted or (answered is not None and isinstance(answered[0], EngineFault))
        return [entries.popleft().ident for _ in requests]

    def take_early(self, ident: int) -> Answer | None:
        """The answer to ``ident`` if it was read early (raised if it was a fault), else None.

        Otherwise its answer is about to be read: it is no longer in flight.
        """
        early = self.early.pop(ident, None)
        if early is None:
            self.in_flight.pop(ident, None)
            return None
        answer, characters = early
        self._early_characters -= characters
        if isinstance(answer, EngineFault):
            raise answer
        return answer

    def take_in(
        self,
        receive: Callable[[Ahead], tuple[Answer, int]],
        before: int | None = None,
        ready: Callable[[], bool] | None = None,
    ) -> None:
        """Read the answers still coming to requests asked ahead, keeping each for its run.

        ``receive`` reads one (the answer and the length of its line; EngineFault if the
        reading is one). With ``before``: those of runs before it, which are dropped.
        With ``ready``: those already come, kept, as long as ``ready`` says one has.
        Otherwise: all, before the answers to a request not asked ahead; those of the
        run under way are dropped (it sends other requests than it was asked ahead for).
        A fault reading one is kept as its answer (its run is given it, as it would have
        met it), and the requests after it are not answered.
        """
        kept: deque[Ahead] = deque()
        if ready is not None:
            while self.in_flight and ready():
                self._read_early(receive, next(iter(self.in_flight.values())))
            return
        while self.entries and (before is None or self.entries[0].owner < before):
            entry = self.entries.popleft()
            if entry.ident in self.in_flight:
                self._read_early(receive, entry)
            if before is not None or entry.owner == self.owner:
                self._drop(entry.ident)
            elif entry.ident in self.early:
                kept.append(entry)
        self.entries.extendleft(reversed(kept))

    def _read_early(self, receive: Callable[[Ahead], tuple[Answer, int]], entry: Ahead) -> None:
        try:
            answer, characters = receive(entry)
        except EngineFault as fault:
            self.early[entry.ident] = (fault, 0)
        else:
            self.early[entry.ident] = (answer, characters)
            self._early_characters += characters

    def _drop(self, ident: int) -> None:
        dropped = self.early.pop(ident, None)
        if dropped is not None:
            self._early_characters -= dropped[1]


class Rehearsed(Exception):
    """A rehearsal came to its first requests (:meth:`AskedAhead.rehearse`).

    Not a :class:`~zwicker_ref.errors.ZwickerError`: nothing in a run catches it.
    """
