"""Fuzzing in several processes (``zwicker conform --fuzz … --jobs N``).

Each worker process (standard library :mod:`concurrent.futures`; forked where no other
thread runs, else started by a fork server or fresh) makes its own engine (for an engine
program: its own engine process) and plays blocks of consecutive hands. The blocks are
handed out in order, a few more than there are workers in flight, and their results are
taken in hand order, so the run finds, shrinks and reports the same disagreements in the
same order as one process does.
Workers ignore Ctrl-C (the run's process stops them); a worker's engine is closed when
the worker ends.

Positions hold rules tables that pickle cannot copy: between processes a position
travels as its position data (:func:`~zwicker_ref.formats.position_io.position_to_data`),
which is what the protocol sends too.
"""

from __future__ import annotations

import copyreg
import multiprocessing
import multiprocessing.util
import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from zwicker_ref.conformance.fuzz import Game, HandResult, play_hand
from zwicker_ref.conformance.reference import Engine
from zwicker_ref.engine.core.position import Position
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

BLOCK = 4
"""Hands a worker plays per task, at most (fewer when the run is short)."""

_engine: Engine | None = None
"""The worker process's engine, made once by :func:`_start_worker`."""


def _position_again(data: dict[str, Any]) -> Position:
    return position_from_data(data, "a position from a fuzz worker")


def _reduce_position(position: Position) -> tuple[Callable[..., Position], tuple[Any, ...]]:
    return _position_again, (position_to_data(position),)


copyreg.pickle(Position, _reduce_position)


def _start_worker(factory: Callable[[], Engine]) -> None:
    """Make the worker's engine; Ctrl-C is the run's to handle, not the worker's."""
    global _engine
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _engine = factory()
    for variant in variant_ids():
        load_variant(variant)  # read once here, not in the first hands
    close = getattr(_engine, "close", None)
    if close is not None:
        multiprocessing.util.Finalize(None, close, exitpriority=10)


def _play_block(
    games: Sequence[Game], seed: int, start: int, stop: int, max_failures: int
) -> list[HandResult]:
    """Hands ``start`` to ``stop - 1``, stopping after ``max_failures`` disagreements."""
    assert _engine is not None
    results = []
    failures = 0
    for hand in range(start, stop):
        result = play_hand(_engine, games, seed, hand)
        results.append(result)
        failures += result.failure is not None
        if failures >= max_failures:
            break
    return results


def start_workers(factory: Callable[[], Engine], jobs: int) -> ProcessPoolExecutor:
    """``jobs`` worker processes, started now (they start up while the run finds its games).

    Each makes its engine with ``factory`` and reads every variant's spec as it starts.
    The caller shuts the pool down (:func:`hands_in_workers` does, when it is closed).
    """
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=_context(),
        initializer=_start_worker,
        initargs=(factory,),
    )
    for _ in range(jobs):
        pool.submit(_ready)  # starts every worker at once, not as tasks come
    return pool


def _context() -> multiprocessing.context.BaseContext:
    """How workers start: forked where that is safe and cheapest, else started fresh.

    A fork copies the run's process with its specs read and modules imported, but is
    safe only with no other thread running (a thread's locks would be copied held):
    so only where the run has no engine process of its own (whose output threads run).
    Otherwise a fork server (POSIX) that imports the fuzzer once, or ``spawn``.
    """
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def _ready() -> None:
    """Nothing: a first task, so that the pool starts its workers now."""


def hands_in_workers(
    pool: ProcessPoolExecutor,
    jobs: int,
    games: Sequence[Game],
    seed: int,
    part: range,
    max_failures: int,
) -> Generator[HandResult, None, None]:
    """The results of the hands of ``part``, in order, played by the ``jobs`` workers of ``pool``.

    At most two blocks a worker are handed out ahead. The caller shuts the pool down
    (cancelling the blocks not yet begun) when it stops taking results.
    """
    size = max(1, min(BLOCK, len(part) // (jobs * 4) or 1))
    blocks = iter(range(part.start, part.stop, size))
    pending: deque[Future[list[HandResult]]] = deque()

    def submit() -> None:
        start = next(blocks, None)
        if start is not None:
            stop = min(start + size, part.stop)
            pending.append(pool.submit(_play_block, games, seed, start, stop, max_failures))

    for _ in range(2 * jobs):
        submit()
    while pending:
        results = pending.popleft().result()
        submit()
        yield from results
