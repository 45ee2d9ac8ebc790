"""What every command of the ``zwicker`` table is made of, and what several commands share.

A :class:`Command` is one row of the table: its name, a one-line summary, a description,
examples for ``--help``, a function that adds its arguments and a function that runs it
and returns the exit status. Writing output files (never over an existing file), the
scenario filters of ``check`` and ``conform``, and the expansion of directories into
files are here once.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from zwicker_ref.conformance.report import Report
from zwicker_ref.conformance.scenarios import Kind, Provenance, Scenario
from zwicker_ref.errors import ErrorCode, ZwickerError


@dataclass(frozen=True, kw_only=True, slots=True)
class Command:
    """One command of ``zwicker``: its help and the two functions that make it."""

    name: str
    summary: str
    """One line, shown in ``zwicker --help``."""
    description: str
    examples: tuple[str, ...]
    """Command lines shown under "examples" in the command's ``--help``."""
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]

    def epilog(self) -> str:
        """The examples block of the command's ``--help``."""
        return "examples:\n" + "\n".join(f"  {example}" for example in self.examples)


def no_arguments(_parser: argparse.ArgumentParser) -> None:
    """For a command without arguments."""


# Output files ---------------------------------------------------------------------------


def refuse_existing(path: Path | None) -> None:
    """Raise ``output-exists`` before any work if the output file is already there."""
    if path is not None and path.exists():
        raise ZwickerError(ErrorCode.OUTPUT_EXISTS, f"{path} exists; not overwriting it")


def write_output(path: Path | None, text: str) -> None:
    """Write ``text`` to a new file at ``path`` (never over an existing one), or to stdout.

    The text goes to a temporary file beside ``path`` first, which is then linked to the
    name asked for: a full disk or any other failure leaves no file, never half of one,
    under that name (and no temporary file either).
    """
    if path is None:
        sys.stdout.write(text)
        return
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as error:
        raise _unwritable(path, error) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.link(temporary, path)  # fails, unlike a rename, where the name is taken
    except FileExistsError:
        raise ZwickerError(ErrorCode.OUTPUT_EXISTS, f"{path} exists; not overwriting it") from None
    except OSError as error:
        raise _unwritable(path, error) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _unwritable(path: Path, error: OSError) -> ZwickerError:
    return ZwickerError(
        ErrorCode.OUTPUT_UNWRITABLE, f"cannot write {path}: {error.strerror or error}"
    )


def add_output(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--output/-o FILE`` option of a command that writes ``what``."""
    parser.add_argument(
        "--output",
        "-o",
        type=Path,
        metavar="FILE",
        help=f"write {what} to FILE (refuses to overwrite an existing file); default: stdout",
    )


# Scenario selection ---------------------------------------------------------------------


def add_filters(parser: argparse.ArgumentParser) -> None:
    """The scenario filters shared by check and conform (each repeatable)."""
    parser.add_argument("--variant", action="append", default=[], help="only this variant")
    parser.add_argument(
        "--clause", action="append", default=[], help="only scenarios naming this clause"
    )
    parser.add_argument(
        "--kind",
        action="append",
        default=[],
        choices=[kind.value for kind in Kind],
        help="only this kind",
    )
    parser.add_argument(
        "--provenance",
        action="append",
        default=[],
        choices=[provenance.value for provenance in Provenance],
        help="only this provenance",
    )
    parser.add_argument("--id", action="append", default=[], dest="ids", help="only this id")


def selected(scenario: Scenario, args: argparse.Namespace) -> bool:
    """True when ``scenario`` passes every filter given."""
    return (
        (not args.variant or scenario.variant.id in args.variant)
        and (not args.clause or any(clause in scenario.clauses for clause in args.clause))
        and (not args.kind or scenario.kind.value in args.kind)
        and (not args.provenance or scenario.provenance.value in args.provenance)
        and (not args.ids or scenario.id in args.ids)
    )


def select(scenarios: Sequence[Scenario], args: argparse.Namespace) -> tuple[Scenario, ...]:
    """The scenarios that pass every filter given; ``filter-matches-nothing`` if none do.

    A filter value that no scenario read has is named, with the nearest values that
    exist (a misspelt variant or id); filters that each match but select nothing together
    are named together. Without filters every scenario is selected, even none.
    """
    chosen = tuple(scenario for scenario in scenarios if selected(scenario, args))
    given = [
        (flag, values, have)
        for flag, values, have in (
            ("--variant", args.variant, {s.variant.id for s in scenarios}),
            ("--clause", args.clause, {clause for s in scenarios for clause in s.clauses}),
            ("--kind", args.kind, {s.kind.value for s in scenarios}),
            ("--provenance", args.provenance, {s.provenance.value for s in scenarios}),
            ("--id", args.ids, {s.id for s in scenarios}),
        )
        if values
    ]
    for flag, values, have in given:
        for value in values:
            if value not in have:
                near = difflib.get_close_matches(value, sorted(have), n=3, cutoff=0.6)
                hint = (
                    f"; nearest: {', '.join(near)}"
                    if near
                    else f"; those read: {', '.join(sorted(have))}"
                    if len(have) <= 10
                    else ""
                )
                raise ZwickerError(
                    ErrorCode.FILTER_MATCHES_NOTHING,
                    f"{flag} {value}: no scenario read has it{hint}",
                )
    if given and not chosen:
        named = " ".join(f"{flag} {value}" for flag, values, _ in given for value in values)
        raise ZwickerError(
            ErrorCode.FILTER_MATCHES_NOTHING, f"{named}: no scenario passes these filters together"
        )
    return chosen


def add_corpus_paths(parser: argparse.ArgumentParser) -> None:
    """The ``PATH...`` arguments of a command that reads scenarios (default: the corpus)."""
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="scenario files or directories; default: the whole corpus (see below)",
    )


def require_existing(paths: Sequence[Path]) -> None:
    """Raise ``file-unreadable`` (exit 2) before any work if a path given does not exist.

    A scenario file that exists but is invalid is a failed scenario, reported with the
    others; a path that is not there is a mistake in the command line.
    """
    for path in paths:
        if not path.exists():
            raise ZwickerError(
                ErrorCode.FILE_UNREADABLE, f"{path}: cannot read: no such file or directory"
            )


def expand(paths: Sequence[Path]) -> Iterator[Path]:
    """Files as given, directories as the ``*.yaml`` files below them."""
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.yaml"))
        else:
            yield path


def print_report(report: Report, args: argparse.Namespace) -> int:
    """Print a corpus run's report (text, or JSON with ``--json``); its exit status."""
    if args.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in report.lines(verbose=args.verbose):
            print(line)
    return report.status
