"""Commands about other engines: ``serve`` (the reference over the protocol) and ``conform``."""

from __future__ import annotations

import argparse
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
    selected,
)
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


def _configure_conform(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        required=True,
        type=_engine_command,
        metavar="CMD",
        help="the engine command line (split into words as a POSIX shell would)",
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


def _conform(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    expected = (
        frozenset()
        if args.expected_failures is None
        else read_expected_failures(args.expected_failures)
    )
    scenarios, problems = load_corpus(args.paths or [scenarios_dir()])
    engine = ProcessEngine(args.engine, timeout=args.timeout)
    try:
        outcomes = tuple(run_scenario(s, engine) for s in scenarios if selected(s, args))
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
            "version, digest and location; the closing line is N passed, N failed, N skipped."
        ),
        examples=(
            'zwicker conform --engine "python3 my_engine.py"',
            'zwicker conform --engine "./engine" --variant zwick --expected-failures known.txt',
            'zwicker conform --engine "./engine" --json > report.json',
        ),
        configure=_configure_conform,
        run=_conform,
    ),
)
