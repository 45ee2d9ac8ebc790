"""Fuzzing in several processes (``zwicker conform --fuzz … --jobs N``).

The run's own process plays hands with the engine it already has (started, and asked
which games it answers), beside ``N - 1`` worker processes (standard library
:mod:`concurrent.futures`; forked where no other thread runs, else started by a fork
server or fresh), each with an engine of its own (for an engine program: its own engine
process). The hands are cut into blocks of consecutive hands, smaller towards the end
of the run so that no process is left with a long last block while the others wait.
Blocks are handed out as processes become free, not in lock step with the order the
results are taken in; the results are taken in hand order, so the run finds, shrinks
and reports the same disagreements in the same order as one process does.
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
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from zwicker_ref.conformance.fuzz import Game, HandResult, play_hand
from zwicker_ref.conformance.reference import Engine
from zwicker_ref.engine.core.position import Position
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

BLOCK = 4
"""Hands a block has at most (fewer towards the end of the run, and when it is short)."""

QUEUED = 2
"""Blocks handed to each worker at a time: one played, one waiting for it."""

AHEAD = 32
"""Blocks the run's own process plays at most ahead of the first result not yet taken,
per worker (while that result is still being played by a worker). Enough that a run of
long hands in one process does not leave the other waiting: on 2 cores --jobs 2 ran at
1.56 and 1.76 times --jobs 1's rate in two series at 4, 1.79 in both at 32. The results
held meanwhile are small (a hand's counts, and its finding if it has one)."""

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
    """In a worker: :func:`play_block` on the worker's engine."""
    assert _engine is not None
    return play_block(_engine, games, seed, start, stop, max_failures)


def play_block(
    engine: Engine, games: Sequence[Game], seed: int, start: int, stop: int, max_failures: int
) -> list[HandResult]:
    """Hands ``start`` to ``stop - 1``, stopping after ``max_failures`` disagreements."""
    results = []
    failures = 0
    for hand in range(start, stop):
        result = play_hand(engine, games, seed, hand)
        results.append(result)
        failures += result.failure is not None
        if failures >= max_failures:
            break
    return results


def start_workers(factory: Callable[[], Engine], workers: int) -> ProcessPoolExecutor:
    """``workers`` worker processes, started now (they start up while the run finds its games).

    Each makes its engine with ``factory`` and reads every variant's spec as it starts.
    The caller shuts the pool down (:func:`hands_in_workers` does, when it is closed).
    """
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=_context(),
        initializer=_start_worker,
        initargs=(factory,),
    )
    for _ in range(workers):
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


def blocks_of(part: range, players: int) -> list[range]:
    """``part`` cut into consecutive blocks for ``players`` processes, in order.

    A block has a ``players * BLOCK``-th of the hands still to come (guided
    self-scheduling), at most :data:`BLOCK` and at least one: large blocks while much is
    left (fewer hand-overs), single hands at the end (no long last block).
    """
    blocks = []
    start = part.start
    while start < part.stop:
        size = max(1, min(BLOCK, (part.stop - start) // (players * BLOCK)))
        blocks.append(range(start, min(start + size, part.stop)))
        start += size
    return blocks


def hands_in_workers(
    pool: ProcessPoolExecutor,
    workers: int,
    games: Sequence[Game],
    seed: int,
    part: range,
    max_failures: int,
    engine: Engine | None = None,
) -> Generator[HandResult, None, None]:
    """The results of the hands of ``part``, in order, played by ``workers`` workers of ``pool``.

    With ``engine``, the run's own process plays too: whenever the next result to take
    is still being played by a worker, it plays the next block not yet handed out
    (at most :data:`AHEAD` blocks a worker ahead). Each worker has at most
    :data:`QUEUED` blocks at a time, handed out as blocks finish, in any order. An error
    raised by a block is raised where its results would have been taken. The caller
    shuts the pool down (cancelling the blocks not yet begun) when it stops taking
    results.
    """
    blocks = blocks_of(part, workers + (engine is not None))
    done: dict[int, Future[list[HandResult]]] = {}
    running: dict[Future[list[HandResult]], int] = {}
    given = 0  # blocks handed out so far, to a worker or played here

    def hand_out(index: int) -> None:
        nonlocal given
        while len(running) < QUEUED * workers and given < len(blocks):
            if given - index >= AHEAD * workers:
                return
            block = blocks[given]
            future = pool.submit(_play_block, games, seed, block.start, block.stop, max_failures)
            running[future] = given
            given += 1

    for index in range(len(blocks)):
        while index not in done:
            for future in [future for future in running if future.done()]:
                done[running.pop(future)] = future
            if index in done:
                break
            hand_out(index)
            if engine is not None and given < len(blocks) and given - index < AHEAD * workers:
                block = blocks[given]
                done[given] = _played_here(engine, games, seed, block, max_failures)
                given += 1
            elif running:
                wait(running, return_when=FIRST_COMPLETED)
        yield from done.pop(index).result()


def _played_here(
    engine: Engine, games: Sequence[Game], seed: int, block: range, max_failures: int
) -> Future[list[HandResult]]:
    """A block played in the run's own process, as a finished future (its result or error)."""
    played: Future[list[HandResult]] = Future()
    try:
        played.set_result(play_block(engine, games, seed, block.start, block.stop, max_failures))
    except Exception as error:  # raised where the block's results are taken, as in a worker
        played.set_exception(error)
    return played
