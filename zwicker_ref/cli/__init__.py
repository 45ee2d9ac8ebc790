"""The ``zwicker`` command.

``zwicker validate [PATH...]`` checks spec files (all shipped specs when no path is
given) and prints every problem with its file, line, place and code; it exits 1 if any
file is invalid. ``zwicker variants`` lists the shipped variants. ``zwicker legal`` lists
a position's legal moves; ``zwicker play`` plays a hand with a seeded random policy and
writes its record; ``zwicker replay`` checks a record.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from zwicker_ref._version import __version__
from zwicker_ref.conformance.coverage import coverage
from zwicker_ref.conformance.runner import Outcome, run_scenario
from zwicker_ref.conformance.scenarios import (
    Kind,
    Provenance,
    Scenario,
    check_scenario_document,
    is_scenario_data,
    load_corpus,
)
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.documents.yamlfile import read_yaml
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import load_position
from zwicker_ref.formats.record import load_record, random_game, record_to_data, replay
from zwicker_ref.protocol import ProcessEngine, serve
from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.comparison import differences
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.spec_loader import (
    check_variant_document,
    load_variant,
    variant_ids,
    variants_dir,
)
from zwicker_ref.rules.variant import Variant


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except ZwickerError as error:
        print(f"zwicker: {error}", file=sys.stderr)
        return 1
    return status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zwicker",
        description="Zwicker Rules: reference interpreter and checker of the Zwicker card games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", required=True, metavar="COMMAND")

    validate = commands.add_parser(
        "validate",
        help="check spec files against their schema and for consistency",
        description=(
            "Check variant spec files: the JSON Schema, unique clause ids, each parameter set "
            "once, deals that use up the deck, score tables that add up to the stated totals. "
            "Every problem is printed with file, line and place. Exit status 1 if any file is "
            "invalid."
        ),
    )
    validate.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="spec or scenario files, or directories (searched for *.yaml); "
        "default: the shipped variant specs and scenarios",
    )
    validate.add_argument(
        "-q", "--quiet", action="store_true", help="print only problems and the summary"
    )
    validate.set_defaults(run=_validate)

    variants = commands.add_parser(
        "variants",
        help="list the shipped variants",
        description="List the shipped variants with their player counts, options and check totals.",
    )
    variants.set_defaults(run=_variants)

    legal = commands.add_parser(
        "legal",
        help="list the legal moves of a position",
        description=(
            "Print the canonical legal moves of the position in POSITION_FILE (YAML or JSON, "
            "see docs/reference/position-format.md), one a line in move notation, then a count."
        ),
    )
    legal.add_argument("position", type=Path, metavar="POSITION_FILE")
    legal.add_argument("--count", action="store_true", help="print only the number of legal moves")
    legal.set_defaults(run=_legal)

    play = commands.add_parser(
        "play",
        help="play a hand with a seeded random policy and write its record",
        description=(
            "Shuffle the deck from SEED, play one hand choosing each move at random (reproducibly, "
            "from the same seed) and write the game record: deck, every move, result. "
            "The record replays with `zwicker replay`."
        ),
    )
    play.add_argument(
        "--variant", required=True, metavar="V", help="variant id (see `zwicker variants`)"
    )
    play.add_argument("--players", required=True, type=int, metavar="N", help="number of players")
    play.add_argument("--seed", required=True, type=int, metavar="S", help="seed, 0 to 2**64-1")
    play.add_argument(
        "--dealer", type=int, metavar="SEAT", help="dealer's seat (default: the last)"
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="OPTION",
        dest="options",
        help="a variant option to play with (repeatable)",
    )
    play.add_argument(
        "--output",
        "-o",
        type=Path,
        metavar="FILE",
        help="write the record to FILE (refuses to overwrite an existing file); default: stdout",
    )
    play.set_defaults(run=_play)

    replay_command = commands.add_parser(
        "replay",
        help="replay a game record and check every move and the result",
        description="Replay RECORD_FILE from its deck, checking each move and the final result.",
    )
    replay_command.add_argument("record", type=Path, metavar="RECORD_FILE")
    replay_command.set_defaults(run=_replay)

    check = commands.add_parser(
        "check",
        help="run scenarios against the reference interpreter",
        description=(
            "Run conformance scenarios against the reference interpreter and print each "
            "failure with what differs, then `N passed, N failed`. A scenario file that does "
            "not validate counts as failed, with its file and place; the run goes on. "
            "Exit status 1 if anything failed."
        ),
    )
    check.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="scenario files or directories; default: the whole corpus (scenarios/)",
    )
    _add_filters(check)
    check.add_argument("--json", action="store_true", help="print a JSON report instead of text")
    check.add_argument("-v", "--verbose", action="store_true", help="also list passing scenarios")
    check.set_defaults(run=_check)

    coverage_command = commands.add_parser(
        "coverage",
        help="print which scenarios exercise which clauses",
        description=(
            "Print, for every clause of every variant, how many positive and negative "
            "scenarios exercise it; clauses without enough are marked. Exit status 1 if any "
            "clause lacks a positive scenario, or a breakable clause a negative one."
        ),
    )
    coverage_command.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="default: the whole corpus"
    )
    coverage_command.add_argument(
        "--missing", action="store_true", help="print only incomplete clauses"
    )
    coverage_command.set_defaults(run=_coverage)

    diff = commands.add_parser(
        "diff",
        help="print how two variants differ",
        description="Print the aspects (players, deck, deals, building, scoring...) in which "
        "two variants differ, computed from their rule parameters.",
    )
    diff.add_argument("first", metavar="A", help="a variant id")
    diff.add_argument("second", metavar="B", help="another variant id")
    diff.set_defaults(run=_diff)

    serve = commands.add_parser(
        "serve",
        help="answer the engine protocol with the reference interpreter",
        description="Read protocol requests (JSON lines) from standard input and answer them "
        "with the reference interpreter, one JSON line each, until `quit` or end of input. "
        "See docs/implementers.md.",
    )
    serve.set_defaults(run=_serve)

    conform = commands.add_parser(
        "conform",
        help="run the corpus against an engine program",
        description="Start the engine command once and run scenarios against it over the "
        "engine protocol. A case fails with the reason if the engine crashes, hangs, writes "
        "garbage or answers out of order (the engine is restarted and the run goes on); a case "
        "the engine does not support is skipped. Closing line: N passed, N failed, N skipped.",
    )
    conform.add_argument("--engine", required=True, metavar="CMD", help="the engine command line")
    conform.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="default: the whole corpus"
    )
    _add_filters(conform)
    conform.add_argument(
        "--timeout", type=float, default=10.0, metavar="S", help="seconds per request (default 10)"
    )
    conform.add_argument(
        "--expected-failures",
        type=Path,
        metavar="FILE",
        help="scenario ids (one a line, # comments) expected to fail; a listed id that passes "
        "is reported as an error",
    )
    conform.add_argument("--json", action="store_true", help="print a JSON report")
    conform.set_defaults(run=_conform)

    export = commands.add_parser(
        "export",
        help="write the corpus, variants and schemas as one JSON document",
        description="Write every variant spec, JSON Schema and scenario as one JSON document "
        "(for engines without a YAML reader), with the list of files it was made from.",
    )
    export.add_argument("--json", action="store_true", required=True, help="JSON (the only format)")
    export.add_argument(
        "--output",
        "-o",
        type=Path,
        metavar="FILE",
        help="write to FILE (refuses to overwrite an existing file); default: stdout",
    )
    export.set_defaults(run=_export)
    return parser


def _add_filters(command: argparse.ArgumentParser) -> None:
    """The scenario filters shared by check and conform (each repeatable)."""
    command.add_argument("--variant", action="append", default=[], help="only this variant")
    command.add_argument(
        "--clause", action="append", default=[], help="only scenarios naming this clause"
    )
    command.add_argument(
        "--kind",
        action="append",
        default=[],
        choices=[kind.value for kind in Kind],
        help="only this kind",
    )
    command.add_argument(
        "--provenance",
        action="append",
        default=[],
        choices=[provenance.value for provenance in Provenance],
        help="only this provenance",
    )
    command.add_argument("--id", action="append", default=[], dest="ids", help="only this id")


def _expand(paths: Sequence[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.yaml"))
        else:
            yield path


def _validate(args: argparse.Namespace) -> int:
    defaults = [variants_dir()] + ([scenarios_dir()] if scenarios_dir().is_dir() else [])
    paths = list(_expand(args.paths or defaults))
    if not paths:
        print("zwicker validate: no *.yaml files found", file=sys.stderr)
        return 1
    valid = invalid = 0
    for path in paths:
        problems = _check_file(path)
        if problems:
            invalid += 1
            print(f"FAIL {path}")
            for problem in problems:
                print(f"  {problem}")
        else:
            valid += 1
            if not args.quiet:
                print(f"ok   {path}")
    print(f"{valid} valid, {invalid} invalid")
    return 1 if invalid else 0


def _check_file(path: Path) -> list[Problem]:
    name = str(path)
    if not path.exists():
        return [
            Problem(code=ErrorCode.FILE_UNREADABLE, message="no such file or directory", file=name)
        ]
    try:
        document = read_yaml(path, name)
    except InvalidFileError as error:
        return list(error.problems)
    data = document.data
    if is_scenario_data(data):
        _scenario, problems = check_scenario_document(document)
        return problems
    if isinstance(data, dict) and "clauses" in data:
        _variant, problems = check_variant_document(document, expected_id=path.stem)
        return problems
    return [
        Problem(
            code=ErrorCode.FILE_KIND_UNKNOWN,
            message="not a file zwicker knows: a variant spec is a mapping with a 'clauses' "
            "list; a scenario has a 'kind' and a 'provenance'",
            file=name,
            line=1,
        )
    ]


def _variants(_args: argparse.Namespace) -> int:
    for variant_id in variant_ids():
        print(_describe(load_variant(variant_id)))
    return 0


def _legal(args: argparse.Namespace) -> int:
    position = load_position(args.position)
    if args.count:
        print(count_legal_moves(position))
        return 0
    moves = legal_moves(position)
    for move in moves:
        print(format_move(move))
    print(f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}")
    return 0


def _play(args: argparse.Namespace) -> int:
    import yaml

    if args.output is not None and args.output.exists():
        print(f"zwicker play: {args.output} exists; not overwriting it", file=sys.stderr)
        return 1
    record, _position = random_game(
        args.variant, args.players, args.seed, args.dealer, tuple(args.options)
    )
    text = yaml.safe_dump(
        record_to_data(record),
        sort_keys=False,
        default_flow_style=None,
        width=100,
        allow_unicode=True,
    )
    if args.output is None:
        sys.stdout.write(text)
    elif not _write_new(args.output, text, "play"):
        return 1
    summary = "; ".join(
        f"side {side.side} (seats {','.join(map(str, side.seats))}): {side.cards} cards, "
        f"{side.zwicks} zwicks, {side.points} points"
        for side in record.result
    )
    print(f"{len(record.moves)} moves. {summary}", file=sys.stderr)
    return 0


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    replay(record)
    print(f"{args.record}: {len(record.moves)} moves replayed, result as recorded")
    return 0


def _selected(scenario: Scenario, args: argparse.Namespace) -> bool:
    return (
        (not args.variant or scenario.variant.id in args.variant)
        and (not args.clause or any(clause in scenario.clauses for clause in args.clause))
        and (not args.kind or scenario.kind.value in args.kind)
        and (not args.provenance or scenario.provenance.value in args.provenance)
        and (not args.ids or scenario.id in args.ids)
    )


def _check(args: argparse.Namespace) -> int:
    import json

    scenarios, problems = load_corpus(args.paths or [scenarios_dir()])
    outcomes: list[Outcome] = [run_scenario(s) for s in scenarios if _selected(s, args)]
    failed = [outcome for outcome in outcomes if not outcome.passed]
    passed = len(outcomes) - len(failed)
    invalid_files = sorted({problem.file or "" for problem in problems})
    if args.json:
        report = {
            "passed": passed,
            "failed": len(failed) + len(invalid_files),
            "scenarios": [
                {
                    "id": outcome.scenario.id,
                    "file": outcome.scenario.file,
                    "kind": outcome.scenario.kind.value,
                    "variant": outcome.scenario.variant.id,
                    "passed": outcome.passed,
                    "differences": list(outcome.differences),
                }
                for outcome in outcomes
            ],
            "invalid": [
                {
                    "file": problem.file,
                    "line": problem.line,
                    "path": problem.path,
                    "code": problem.code.value,
                    "message": problem.message,
                }
                for problem in problems
            ],
        }
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        for problem in problems:
            print(f"ERROR {problem}")
        for outcome in outcomes:
            if outcome.passed:
                if args.verbose:
                    print(f"ok   {outcome.scenario.id}")
                continue
            print(f"FAIL {outcome.scenario.id} ({outcome.scenario.file})")
            for difference in outcome.differences:
                print(f"  {difference}")
        print(f"{passed} passed, {len(failed) + len(invalid_files)} failed")
    return 1 if failed or problems else 0


def _coverage(args: argparse.Namespace) -> int:
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
    return 1 if incomplete or problems else 0


def _serve(_args: argparse.Namespace) -> int:
    serve(sys.stdin, sys.stdout)
    return 0


def _expected_failures(path: Path | None) -> set[str]:
    if path is None:
        return set()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ZwickerError(ErrorCode.FILE_UNREADABLE, f"{path}: cannot read: {error}") from None
    return {line.split("#")[0].strip() for line in text.splitlines()} - {""}


def _conform(args: argparse.Namespace) -> int:
    import json

    expected = _expected_failures(args.expected_failures)
    scenarios, problems = load_corpus(args.paths or [scenarios_dir()])
    chosen = [s for s in scenarios if _selected(s, args)]
    engine = ProcessEngine(args.engine, timeout=args.timeout)
    outcomes: list[Outcome] = []
    try:
        for scenario in chosen:
            outcomes.append(run_scenario(scenario, engine))
    finally:
        engine.close()
    passed = [o for o in outcomes if o.passed and o.scenario.id not in expected]
    skipped = [o for o in outcomes if o.skipped is not None]
    failed = [o for o in outcomes if not o.passed and o.skipped is None]
    expected_failed = [o for o in failed if o.scenario.id in expected]
    unexpected_passes = [o for o in outcomes if o.passed and o.scenario.id in expected]
    real_failures = [o for o in failed if o.scenario.id not in expected]
    unknown = sorted(expected - {s.id for s in scenarios})
    failed_count = len(real_failures) + len(unexpected_passes) + len(problems) + len(unknown)
    if args.json:
        print(
            json.dumps(
                {
                    "engine": engine.name,
                    "passed": len(passed),
                    "failed": failed_count,
                    "skipped": len(skipped),
                    "expected_failures": len(expected_failed),
                    "restarts": engine.restarts,
                    "scenarios": [
                        {
                            "id": o.scenario.id,
                            "file": o.scenario.file,
                            "status": "skipped"
                            if o.skipped is not None
                            else ("passed" if o.passed else "failed"),
                            "expected_to_fail": o.scenario.id in expected,
                            "differences": list(o.differences),
                            "skipped": o.skipped,
                        }
                        for o in outcomes
                    ],
                    "invalid": [str(problem) for problem in problems],
                    "unknown_expected_failures": unknown,
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for problem in problems:
            print(f"ERROR {problem}")
        for outcome in real_failures:
            print(f"FAIL {outcome.scenario.id} ({outcome.scenario.file})")
            for difference in outcome.differences:
                print(f"  {difference}")
        for outcome in unexpected_passes:
            print(f"ERROR {outcome.scenario.id}: listed as an expected failure, but it passes")
        for ident in unknown:
            print(f"ERROR {ident}: listed as an expected failure, but no scenario has this id")
        if expected_failed:
            print(f"({len(expected_failed)} expected failures)")
        if engine.restarts:
            print(f"(the engine was restarted {engine.restarts} times)")
        print(f"{len(passed)} passed, {failed_count} failed, {len(skipped)} skipped")
    return 1 if failed_count else 0


def _export(args: argparse.Namespace) -> int:
    from zwicker_ref.conformance.export import export_corpus

    if args.output is not None and args.output.exists():
        print(f"zwicker export: {args.output} exists; not overwriting it", file=sys.stderr)
        return 1
    text = export_corpus()
    if args.output is None:
        sys.stdout.write(text)
    elif not _write_new(args.output, text, "export"):
        return 1
    return 0


def _write_new(path: Path, text: str, command: str) -> bool:
    """Write a new file (never over an existing one); report a failure and return False."""
    try:
        with path.open("x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        print(f"zwicker {command}: {path} exists; not overwriting it", file=sys.stderr)
        return False
    except OSError as error:
        print(f"zwicker {command}: cannot write {path}: {error.strerror or error}", file=sys.stderr)
        return False
    return True


def _diff(args: argparse.Namespace) -> int:
    first, second = load_variant(args.first), load_variant(args.second)
    found = differences(first, second)
    for name, one, other in found:
        print(f"{name}\n  {first.id}: {one}\n  {second.id}: {other}")
    print(f"{len(found)} aspects differ")
    return 0


def _describe(variant: Variant) -> str:
    rules = variant.rules
    counts = sorted(rules.player_counts)
    totals = ", ".join(
        f"{players}p: {len(plan_deal(rules, players).stages)} deals, "
        f"{check_total(rules, players).total} pts"
        for players in counts
    )
    options = ", ".join(option.id for option in variant.options) or "none"
    return (
        f"{variant.id}: {variant.name}\n"
        f"  {len(variant.clauses)} clauses; options: {options}\n"
        f"  {totals}"
    )
