"""Commands about the rule specs: ``validate``, ``variants`` and ``diff``."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from zwicker_ref.cli.command import Command, expand, no_arguments
from zwicker_ref.conformance.scenarios import check_scenario_document, is_scenario_data
from zwicker_ref.documents.locations import scenarios_dir, spec_dir
from zwicker_ref.documents.yamlfile import read_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, bounded_problems
from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.comparison import differences
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.sources import MANIFEST, check_sources_document
from zwicker_ref.rules.spec_loader import (
    check_variant_document,
    load_variant,
    variant_ids,
    variants_dir,
)
from zwicker_ref.rules.variant import Variant


def _configure_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="spec or scenario files, or directories (searched for *.yaml); "
        "default: the variant specs and scenarios of the corpus",
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only problems and the summary"
    )


def _validate(args: argparse.Namespace) -> int:
    defaults = [spec_dir() / MANIFEST, variants_dir()]
    defaults += [scenarios_dir()] if scenarios_dir().is_dir() else []
    paths = list(expand(args.paths or defaults))
    if not paths:
        print("zwicker validate: no *.yaml files found", file=sys.stderr)
        return 1
    valid = invalid = 0
    ids: dict[str, ScenarioId] = {}  # each scenario id where it was first met
    for path in paths:
        problems, named = check_file(path)
        if named is not None:
            problems += _duplicate_id(named, ids)
        if problems:
            invalid += 1
            problems = list(bounded_problems(problems))
            print(f"FAIL {path}")
            for problem in problems:
                print(f"  {problem}")
        else:
            valid += 1
            if not args.quiet:
                print(f"ok   {path}")
    print(f"{valid} valid, {invalid} invalid")
    return 1 if invalid else 0


@dataclass(frozen=True, slots=True)
class ScenarioId:
    """Where a scenario file states its id."""

    id: str
    file: str
    line: int | None


def _duplicate_id(named: ScenarioId, first: dict[str, ScenarioId]) -> list[Problem]:
    """``duplicate-scenario-id`` if ``named``'s id was met in an earlier file (else kept)."""
    earlier = first.setdefault(named.id, named)
    if earlier is named:
        return []
    where = earlier.file + (f":{earlier.line}" if earlier.line else "")
    return [
        Problem(
            code=ErrorCode.DUPLICATE_SCENARIO_ID,
            message=f"id {named.id!r} is already used by {where}",
            file=named.file,
            path="id",
            line=named.line,
        )
    ]


def check_file(path: Path) -> tuple[list[Problem], ScenarioId | None]:
    """Every problem of one spec or scenario file (none: it is valid), and a scenario's id.

    The id (None for a file that is not a scenario or has no id) is for the check of
    duplicate ids across the files validated together.
    """
    name = str(path)
    if not path.exists():
        return [
            Problem(code=ErrorCode.FILE_UNREADABLE, message="no such file or directory", file=name)
        ], None
    try:
        document = read_yaml(path, name)
    except InvalidFileError as error:
        return list(error.problems), None
    data = document.data
    if is_scenario_data(data):
        _scenario, problems = check_scenario_document(document)
        ident = data.get("id")
        named = (
            ScenarioId(ident, name, document.line_of(("id",))) if isinstance(ident, str) else None
        )
        return problems, named
    if isinstance(data, dict) and "clauses" in data:
        _variant, problems = check_variant_document(document, expected_id=path.stem)
        return problems, None
    if isinstance(data, dict) and "sources" in data:
        _sources, problems = check_sources_document(document)
        return problems, None
    return [
        Problem(
            code=ErrorCode.FILE_KIND_UNKNOWN,
            message="not a file zwicker knows: a variant spec is a mapping with a 'clauses' "
            "list; a scenario has a 'kind' and a 'provenance'; the sources manifest a "
            "'sources' list",
            file=name,
            line=1,
        )
    ], None


def _variants(_args: argparse.Namespace) -> int:
    for variant_id in variant_ids():
        print(_describe(load_variant(variant_id)))
    return 0


def _describe(variant: Variant) -> str:
    rules = variant.rules
    totals = ", ".join(
        f"{players}p: {len(plan_deal(rules, players).stages)} deals, "
        f"{check_total(rules, players).total} pts"
        for players in sorted(rules.player_counts)
    )
    options = ", ".join(option.id for option in variant.options) or "none"
    return (
        f"{variant.id}: {variant.name}\n"
        f"  {len(variant.clauses)} clauses; options: {options}\n"
        f"  {totals}"
    )


def _configure_diff(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", metavar="A", help="a variant id")
    parser.add_argument("second", metavar="B", help="another variant id")


def _diff(args: argparse.Namespace) -> int:
    first, second = load_variant(args.first), load_variant(args.second)
    found = differences(first, second)
    for name, one, other in found:
        print(f"{name}\n  {first.id}: {one}\n  {second.id}: {other}")
    print(f"{len(found)} aspects differ")
    return 0


COMMANDS = (
    Command(
        name="validate",
        summary="check spec and scenario files against their schemas and for consistency",
        description=(
            "Check variant spec and scenario files: the JSON Schema, unique clause ids, each "
            "parameter set once, deals that use up the deck, score tables that add up to the "
            "stated totals; for scenarios, that every position, move and clause named exists. "
            "Every problem is printed with file, line and place. Exit status 1 if any file is "
            "invalid."
        ),
        examples=(
            "zwicker validate                          # the whole corpus",
            "zwicker validate -q my-scenarios/         # your own extra scenarios",
            "zwicker validate spec/variants/zwick.yaml",
        ),
        configure=_configure_validate,
        run=_validate,
    ),
    Command(
        name="variants",
        summary="list the variants with their player counts, options and check totals",
        description="List the variants with their player counts, options and check totals.",
        examples=("zwicker variants", "zwicker variants | head -n 3"),
        configure=no_arguments,
        run=_variants,
    ),
    Command(
        name="diff",
        summary="print how two variants differ",
        description=(
            "Print the aspects (players, deck, deals, building, scoring...) in which two "
            "variants differ, computed from their rule parameters."
        ),
        examples=("zwicker diff dithmarschen zwick",),
        configure=_configure_diff,
        run=_diff,
    ),
)
