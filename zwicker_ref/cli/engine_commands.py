"""Commands about other engines: ``serve`` (the reference over the protocol) and ``conform``."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import shlex
import sys
import time
from pathlib import Path

from zwicker_ref.cli.command import (
    Command,
    add_corpus_paths,
    add_filters,
    no_arguments,
    print_report,
    require_existing,
    select,
)
from zwicker_ref.conformance.fuzz import fuzz, games_for
from zwicker_ref.conformance.fuzz_report import summary_json, summary_lines
from zwicker_ref.conformance.fuzz_save import save_failure
from zwicker_ref.conformance.reference import REFERENCE, Engine, EngineFault
from zwicker_ref.conformance.report import Report, read_expected_failures
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import load_corpus
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.protocol import ProcessEngine, serve


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
        "--save-failures",
        type=Path,
        metavar="DIR",
        help="write each minimal case as a scenario file in DIR (never overwriting)",
    )


def _conform(args: argparse.Namespace) -> int:
    fuzz_only = ("players", "option", "save_failures")
    if args.fuzz is None and any(getattr(args, name) for name in fuzz_only):
        return _usage("--players, --option and --save-failures go with --fuzz")
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
    scenarios, problems = load_corpus(args.paths or [scenarios_dir()])
    refused = _refused(engine)
    if refused is not None:
        return _usage(refused)
    try:
        outcomes = tuple(run_scenario(s, engine) for s in select(scenarios, args))
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
    if args.engine is not None:
        engine = ProcessEngine(args.engine, args.timeout)
        refused = _refused(engine)
        if refused is not None:
            return _usage(refused)
    try:
        summary = fuzz(
            engine, args.fuzz, seed=args.seed, games=games, max_failures=args.max_failures
        )
        saved = {
            index: save_failure(failure, args.save_failures, seed=args.seed, engine=summary.engine)
            for index, failure in enumerate(summary.failures)
            if args.save_failures is not None
        }
    finally:
        if isinstance(engine, ProcessEngine):
            engine.close()
    if args.json:
        print(json.dumps(summary_json(summary, corpus_identity(), saved), indent=2))
    else:
        for line in summary_lines(summary, corpus_identity(), saved):
            print(line)
    return 1 if summary.failures else 0


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
            "zwicker conform --fuzz 200 --variant zwick   # soak the reference in process",
        ),
        configure=_configure_conform,
        run=_conform,
    ),
)
