"""Commands about other engines: ``serve`` (the reference over the protocol) and ``conform``."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from zwicker_ref.cli.command import (
    Command,
    add_corpus_paths,
    add_filters,
    no_arguments,
    print_report,
    require_existing,
    select,
    selected,
)
from zwicker_ref.cli.fuzz_progress import FuzzReporter
from zwicker_ref.conformance.fuzz import Game, fuzz, games_for
from zwicker_ref.conformance.fuzz_merge import merge_reports, merged_lines
from zwicker_ref.conformance.reference import REFERENCE, Engine, EngineFault
from zwicker_ref.conformance.report import Report, read_expected_failures
from zwicker_ref.conformance.runner import ScenarioQueue
from zwicker_ref.conformance.scenarios import Scenario, load_corpus
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.protocol import ProcessEngine, serve

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


def _serve(_args: argparse.Namespace) -> int:
    serve(sys.stdin, sys.stdout)
    return 0


def _engine_command(text: str) -> str:
    """An engine command line that splits into at least a program (argparse type)."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"cannot split {text!r} into words: {error}") from None
    if not words:
        raise argparse.ArgumentTypeError("the engine command is empty")
    return text


def _seconds(text: str) -> float:
    """A positive, finite number of seconds (argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def _count(text: str) -> int:
    """A whole number of at least 1 (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _seed(text: str) -> int:
    """A seed from 0 to 2**64-1 (argparse type)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to 2**64-1, not {text}")
    return value


def _shard(text: str) -> tuple[int, int]:
    """``K/N``: shard K (from 1) of N (argparse type)."""
    index, slash, count = text.partition("/")
    try:
        shard = (int(index), int(count))
    except ValueError:
        shard = (0, 0)
    if not slash or not 1 <= shard[0] <= shard[1]:
        raise argparse.ArgumentTypeError(f"a shard is K/N with 1 <= K <= N, not {text!r}")
    return shard


def _configure_conform(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        type=_engine_command,
        metavar="CMD",
        help="the engine command line (split into words as a POSIX shell would); required "
        "unless --fuzz, which without it soaks the reference in process",
    )
    add_corpus_paths(parser)
    add_filters(parser)
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=10.0,
        metavar="S",
        help="seconds per request, more than 0 (default 10)",
    )
    parser.add_argument(
        "--expected-failures",
        type=Path,
        metavar="FILE",
        help="scenario ids (one a line, # comments) expected to fail; a listed id that passes, "
        "or that no scenario has, is reported as an error",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON report")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list passing scenarios")
    fuzzing = parser.add_argument_group(
        "fuzzing", "instead of the corpus, seeded random hands compared with the reference"
    )
    fuzzing.add_argument(
        "--fuzz",
        type=_count,
        metavar="HANDS",
        help="play HANDS seeded random hands on the engine and the reference, comparing "
        "legal moves, results and scores; shrink each disagreement to a minimal case",
    )
    fuzzing.add_argument(
        "--seed", type=_seed, default=0, metavar="S", help="the run's seed (default 0)"
    )
    fuzzing.add_argument(
        "--players",
        type=_count,
        action="append",
        default=[],
        metavar="N",
        help="only this player count (repeatable; --variant narrows the variants)",
    )
    fuzzing.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="O",
        help="only games with this option (repeatable; default: none and each option alone)",
    )
    fuzzing.add_argument(
        "--max-failures",
        type=_count,
        default=1,
        metavar="N",
        help="stop after N disagreements (default 1)",
    )
    fuzzing.add_argument(
        "--jobs",
        type=_count,
        default=1,
        metavar="N",
        help="play the hands in N processes (this one and N-1 workers), each with its own "
        "engine process (default 1); the report is the same as with 1",
    )
    fuzzing.add_argument(
        "--shard",
        type=_shard,
        metavar="K/N",
        help="play only the K-th of N equal blocks of the hands (one machine of N); join "
        "the shards' --json reports with --merge",
    )
    fuzzing.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        metavar="REPORT",
        help="instead of running: join the --json reports of a sharded run's shards into "
        "the report of the whole run",
    )
    fuzzing.add_argument(
        "--save-failures",
        type=Path,
        metavar="DIR",
        help="write each minimal case as a scenario file in DIR (never overwriting)",
    )


def _conform(args: argparse.Namespace) -> int:
    if args.merge is not None:
        return _merge(args)
    fuzz_only = ("players", "option", "save_failures", "shard")
    if args.fuzz is None and (any(getattr(args, name) for name in fuzz_only) or args.jobs > 1):
        return _usage("--players, --option, --save-failures, --jobs and --shard go with --fuzz")
    if args.fuzz is not None:
        return _fuzz(args)
    if args.engine is None:
        return _usage("give --engine CMD (or --fuzz HANDS to soak the reference in process)")
    require_existing(args.paths)  # before the engine starts
    started = time.perf_counter()
    expected = (
        frozenset()
        if args.expected_failures is None
        else read_expected_failures(args.expected_failures)
    )
    engine = ProcessEngine(args.engine, timeout=args.timeout)
    with contextlib.suppress(EngineFault):  # one that does not start is refused below
        engine.launch()  # it starts up while the corpus is read
    queue = ScenarioQueue(engine)  # and answers the first scenarios' first requests

    def offer(scenario: Scenario) -> None:
        if selected(scenario, args):
            queue.add(scenario)

    try:
        scenarios, problems = load_corpus(args.paths or [scenarios_dir()], each=offer)
        refused = _refused(engine)
        if refused is not None:
            return _usage(refused)
        select(scenarios, args)  # a filter that matches nothing is an error
        outcomes = tuple(queue.outcomes())
    finally:
        engine.close()
    report = Report(
        engine=engine.name,
        corpus=corpus_identity(),
        outcomes=outcomes,
        invalid=tuple(problems),
        known_ids=frozenset(s.id for s in scenarios),
        expected=expected,
        restarts=engine.restarts,
        seconds=time.perf_counter() - started,
    )
    return print_report(report, args)


def _refused(engine: ProcessEngine) -> str | None:
    """Why the engine cannot be checked at all (it does not start or answer hello), or None."""
    try:
        engine.open()
    except EngineFault as fault:
        engine.close()
        return f"cannot check the engine: {fault.message}"
    return None


def _usage(message: str) -> int:
    from zwicker_ref.cli import USAGE_ERROR  # here: the package imports this module

    print(f"zwicker conform: {message}", file=sys.stderr)
    return USAGE_ERROR


def _fuzz(args: argparse.Namespace) -> int:
    corpus_only = [
        flag
        for flag, given in (
            ("PATH", args.paths),
            ("--clause", args.clause),
            ("--kind", args.kind),
            ("--provenance", args.provenance),
            ("--id", args.ids),
            ("--expected-failures", args.expected_failures),
        )
        if given
    ]
    if corpus_only:
        return _usage(f"{', '.join(corpus_only)} select scenarios of the corpus, not --fuzz")
    place = args.save_failures
    if place is not None and place.exists() and not place.is_dir():
        return _usage(f"--save-failures {place} is not a directory")
    games = games_for(args.variant, args.players, args.option)
    if not games:
        return _usage("no game has these variants, player counts and options")
    engine: Engine = REFERENCE
    factory: Callable[[], Engine] = _reference
    if args.engine is not None:
        factory = partial(ProcessEngine, args.engine, args.timeout)
    # The workers first: forked before this process starts its engine (and its threads),
    # they start theirs while it does.
    workers = None
    if args.jobs > 1 and args.fuzz > 1:
        from zwicker_ref.conformance.fuzz_jobs import start_workers  # only when asked for

        workers = start_workers(factory, args.jobs - 1)
    try:
        return _fuzz_with(args, games, engine, factory, workers)
    finally:
        if workers is not None:
            workers.shutdown(wait=True, cancel_futures=True)  # the run does, unless refused


def _fuzz_with(
    args: argparse.Namespace,
    games: list[Game],
    engine: Engine,
    factory: Callable[[], Engine],
    workers: ProcessPoolExecutor | None,
) -> int:
    if args.engine is not None:
        engine = process = ProcessEngine(args.engine, args.timeout)
        refused = _refused(process)
        if refused is not None:
            return _usage(refused)
    reporter = FuzzReporter(
        args.json, args.save_failures, corpus_identity(), sys.stdout, sys.stderr
    )
    try:
        with _interruptible() as interrupted:
            summary = fuzz(
                engine,
                args.fuzz,
                seed=args.seed,
                games=games,
                max_failures=args.max_failures,
                shard=args.shard,
                jobs=args.jobs,
                factory=factory,
                workers=workers,
                observer=reporter,
                stop=interrupted.is_set,
            )
    finally:
        if isinstance(engine, ProcessEngine):
            engine.close()
    reporter.finish(summary)
    if summary.interrupted:
        return INTERRUPTED
    return 1 if summary.failures else 0


INTERRUPTED = 130
"""The exit status of a fuzz run stopped by Ctrl-C (128 + SIGINT, as shells give it)."""


def _reference() -> Engine:
    """The reference engine, in process (a worker's engine when none is named)."""
    return REFERENCE


@contextlib.contextmanager
def _interruptible() -> Iterator[threading.Event]:
    """An event that Ctrl-C sets (instead of raising KeyboardInterrupt) while inside.

    The run checks it after each hand and stops there: what it found is reported and
    every case is already saved. A second Ctrl-C stops at once.
    """
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop  # signals reach only the main thread
        return

    def handle(_number: int, _frame: object) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, handle)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _merge(args: argparse.Namespace) -> int:
    ignored = [
        flag
        for flag, given in (
            ("--engine", args.engine),
            ("--fuzz", args.fuzz),
            ("--shard", args.shard),
            ("--save-failures", args.save_failures),
            ("PATH", args.paths),
        )
        if given
    ]
    if ignored:
        return _usage(f"--merge joins reports; {', '.join(ignored)} cannot go with it")
    merged = merge_reports(args.merge)
    if args.json:
        print(json.dumps(merged, indent=2))
    else:
        for line in merged_lines(merged):
            print(line)
    return 1 if merged["fuzz"]["disagreements"] else 0


COMMANDS = (
    Command(
        name="serve",
        summary="answer the engine protocol with the reference interpreter",
        description=(
            "Read protocol requests (JSON lines) from standard input and answer them with the "
            "reference interpreter, one JSON line each, until `quit` or end of input. See "
            "docs/implementers.md."
        ),
        examples=(
            'echo \'{"id": 1, "op": "hello"}\' | zwicker serve',
            'zwicker conform --engine "zwicker serve"   # the reference checks itself',
        ),
        configure=no_arguments,
        run=_serve,
    ),
    Command(
        name="conform",
        summary="run the corpus against an engine program",
        description=(
            "Start the engine command once and run scenarios against it over the engine "
            "protocol. A case fails with the reason if the engine crashes, hangs, writes "
            "garbage or answers out of order (the engine is restarted and the run goes on); a "
            "case the engine does not support is skipped. The first line names the corpus "
            "version, digest and location; the closing line is N passed, N failed, N skipped "
            "in T s. "
            "With --fuzz, seeded random hands are played on the engine and on the reference "
            "instead, comparing legal moves, results and scores at every position, and each "
            "disagreement is shrunk to a minimal case (docs/implementers.md, Fuzzing)."
        ),
        examples=(
            'zwicker conform --engine "python3 my_engine.py"',
            'zwicker conform --engine "./engine" --variant zwick --expected-failures known.txt',
            'zwicker conform --engine "./engine" --json > report.json',
            'zwicker conform --engine "./engine" --fuzz 1000 --seed 7 --save-failures found/',
            'zwicker conform --engine "./engine" --fuzz 100000 --jobs 2   # on every core',
            'zwicker conform --engine "./engine" --fuzz 100000 --shard 2/8 --json > r2.json',
            "zwicker conform --merge r*.json   # the shards' reports as one run",
            "zwicker conform --fuzz 200 --variant zwick   # soak the reference in process",
        ),
        configure=_configure_conform,
        run=_conform,
    ),
)
