"""Commands about the corpus: ``check``, ``coverage`` and ``export``."""

from __future__ import annotations

import argparse
import sys
import time

from zwicker_ref.cli.command import (
    Command,
    add_corpus_paths,
    add_filters,
    add_output,
    print_report,
    refuse_existing,
    require_existing,
    select,
    write_output,
)
from zwicker_ref.conformance.coverage import coverage
from zwicker_ref.conformance.field_coverage import FieldCoverage, Moment, field_coverage
from zwicker_ref.conformance.report import REFERENCE_ENGINE, Report
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import load_corpus
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.documents.locations import scenarios_dir


def _configure_check(parser: argparse.ArgumentParser) -> None:
    add_corpus_paths(parser)
    add_filters(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON report instead of text")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list passing scenarios")


def _check(args: argparse.Namespace) -> int:
    require_existing(args.paths)
    started = time.perf_counter()
    scenarios, problems = load_corpus(args.paths or [scenarios_dir()])
    outcomes = tuple(run_scenario(s) for s in select(scenarios, args))
    report = Report(
        engine=REFERENCE_ENGINE,
        corpus=corpus_identity(),
        outcomes=outcomes,
        invalid=tuple(problems),
        known_ids=frozenset(s.id for s in scenarios),
        seconds=time.perf_counter() - started,
    )
    return print_report(report, args)


def _configure_coverage(parser: argparse.ArgumentParser) -> None:
    add_corpus_paths(parser)
    parser.add_argument("--missing", action="store_true", help="print only incomplete clauses")


def _coverage(args: argparse.Namespace) -> int:
    require_existing(args.paths)
    scenarios, problems = load_corpus(args.paths or [scenarios_dir()])
    for problem in problems:
        print(f"ERROR {problem}", file=sys.stderr)
    table = coverage(scenarios)
    width = max(len(row.clause) for row in table)
    incomplete = 0
    current = ""
    for row in table:
        if not row.complete:
            incomplete += 1
        if args.missing and row.complete:
            continue
        if row.variant != current:
            current = row.variant
            print(f"{row.variant}")
        need = "positive" if not row.positive else "negative" if not row.complete else ""
        mark = f"  MISSING {need}" if need else ""
        negatives = f"{len(row.negative):3d}" if row.breakable else "  -"
        print(f"  {row.clause:<{width}} {len(row.positive):3d} + {negatives} -{mark}")
    print(f"{len(table) - incomplete} of {len(table)} clauses covered")
    fields_missing = _print_field_coverage(field_coverage(scenarios), missing_only=args.missing)
    return 1 if incomplete or fields_missing or problems else 0


def _print_field_coverage(cells: list[FieldCoverage], *, missing_only: bool) -> int:
    """Print the field coverage table (fields by moment); the number of cells not pinned."""
    moments = list(Moment)
    fields = list(dict.fromkeys(cell.field for cell in cells))
    count = {(cell.field, cell.moment): len(cell.scenarios) for cell in cells}
    missing = [cell for cell in cells if not cell.complete]
    print()
    print("fields of an apply answer pinned, by moment (cases a legal+apply engine runs)")
    width = max(len(field) for field in fields)
    print(f"  {'':<{width}} " + " ".join(f"{moment.value:>10}" for moment in moments))
    for field in fields:
        if missing_only and all(count[field, moment] for moment in moments):
            continue
        row = " ".join(
            f"{count[field, moment]:>10}" if count[field, moment] else f"{'MISSING':>10}"
            for moment in moments
        )
        print(f"  {field:<{width}} {row}")
    covered = len(cells) - len(missing)
    print(f"{covered} of {len(cells)} fields by moment pinned ({100 * covered // len(cells)} %)")
    return len(missing)


def _configure_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", required=True, help="JSON (the only format)")
    add_output(parser, "the document")


def _export(args: argparse.Namespace) -> int:
    from zwicker_ref.conformance.export import export_corpus

    refuse_existing(args.output)
    write_output(args.output, export_corpus())
    return 0


COMMANDS = (
    Command(
        name="check",
        summary="run scenarios against the reference interpreter",
        description=(
            "Run conformance scenarios against the reference interpreter and print each "
            "failure with what differs, then `N passed, N failed in T s`. A scenario file "
            "that does not validate counts as failed, with its file and place; the run goes "
            "on. The first line names the corpus version, its digest and where it was read "
            "from. "
            "Exit status 1 if anything failed."
        ),
        examples=(
            "zwicker check                               # the whole corpus",
            "zwicker check scenarios/zwick --kind move",
            "zwicker check --json > report.json",
        ),
        configure=_configure_check,
        run=_check,
    ),
    Command(
        name="coverage",
        summary="print which scenarios exercise which clauses",
        description=(
            "Print, for every clause of every variant, how many positive and negative "
            "scenarios exercise it; clauses without enough are marked. Then the field "
            "coverage: for every field of the position an engine returns from `apply` and "
            "each kind of moment (mid-stage, new-stage, stage-end, hand-end), how many "
            "move scenarios assert that whole field after a move of that kind, so that an "
            "engine of only `legal` and `apply` fails them when the field is wrong. Exit "
            "status 1 if any clause lacks a positive scenario, a breakable clause a "
            "negative one, or a field is pinned at no moment of some kind."
        ),
        examples=("zwicker coverage --missing",),
        configure=_configure_coverage,
        run=_coverage,
    ),
    Command(
        name="export",
        summary="write the corpus, variants and schemas as one JSON document",
        description=(
            "Write every variant spec, JSON Schema and scenario as one JSON document (for "
            "engines without a YAML reader), with the corpus version and digest and the list "
            "of files it was made from."
        ),
        examples=("zwicker export --json -o corpus.json",),
        configure=_configure_export,
        run=_export,
    ),
)
