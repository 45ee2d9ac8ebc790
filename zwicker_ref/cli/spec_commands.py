"""Commands about the rule specs: ``validate``, ``variants`` and ``diff``."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from zwicker_ref.cli.command import Command, no_arguments
from zwicker_ref.conformance.scenarios import check_scenario_document, is_scenario_data
from zwicker_ref.documents.corpus import is_corpus_version_data
from zwicker_ref.documents.locations import corpus_root, scenarios_dir, spec_dir
from zwicker_ref.documents.schemas import schema_file_problems, schema_problems
from zwicker_ref.documents.yamlfile import YamlDocument, read_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, bounded_problems
from zwicker_ref.formats.position_io import check_position_document
from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.comparison import differences
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.sources import check_sources_document
from zwicker_ref.rules.spec_loader import (
    check_variant_document,
    load_variant,
    variant_ids,
)
from zwicker_ref.rules.translations import (
    check_schema_translation,
    check_source_translation,
    check_translation,
)
from zwicker_ref.rules.variant import Variant


def _configure_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="spec, scenario or position files, or directories (searched for *.yaml and "
        "*.json); default: every file the project ships (spec/, scenarios/, examples/)",
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only problems and the summary"
    )


def shipped_paths() -> list[Path]:
    """Where the files the project ships are: ``spec/``, ``scenarios/`` and ``examples/``.

    ``examples/`` is there in a checkout, not in an installed package.
    """
    root = corpus_root().path
    found = [spec_dir(), scenarios_dir(), root / "examples"]
    return [path for path in found if path.is_dir()]


def validated_files(paths: list[Path]) -> list[Path]:
    """Files as given; directories as the ``*.yaml`` and ``*.json`` files below them."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted([*path.rglob("*.yaml"), *path.rglob("*.json")])
        else:
            files.append(path)
    return files


def _validate(args: argparse.Namespace) -> int:
    paths = validated_files(args.paths or shipped_paths())
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
    if isinstance(data, dict) and "variant-text" in data:
        _translation, problems = check_translation(document, expected=(path.parent.name, path.stem))
        return problems, None
    if isinstance(data, dict) and "language" in data and ("schemas" in data or "sources" in data):
        check = check_schema_translation if "schemas" in data else check_source_translation
        _texts, problems = check(document, expected=(path.parent.name, path.stem))
        return problems, None
    if isinstance(data, dict) and "clauses" in data:
        _variant, problems = check_variant_document(document, expected_id=path.stem)
        return problems, None
    if isinstance(data, dict) and "sources" in data:
        _sources, problems = check_sources_document(document)
        return problems, None
    other = _other_kind_problems(document)
    if other is not None:
        return other, None
    return [
        Problem(
            code=ErrorCode.FILE_KIND_UNKNOWN,
            message="not a file zwicker knows: a variant spec is a mapping with a 'clauses' "
            "list; a translation of one a 'variant-text', of the schemas' or sources' words "
            "a 'language' and 'schemas' or 'sources'; "
            "a scenario has a 'kind' and a 'provenance'; the sources manifest a 'sources' "
            "list; a position file a 'variant' and 'hands'; spec/corpus.yaml a 'version'; "
            "a JSON Schema a '$schema'",
            file=name,
            line=1,
        )
    ], None


def _other_kind_problems(document: YamlDocument) -> list[Problem] | None:
    """The problems of a position file, the corpus version or a JSON Schema; None: neither."""
    data = document.data
    if not isinstance(data, dict):
        return None
    if "$schema" in data:
        return schema_file_problems(document)
    if is_corpus_version_data(data):
        return schema_problems(document, "corpus")
    if "variant" in data and "hands" in data:
        _position, problems = check_position_document(document)
        return problems
    return None


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
            "Also the sources manifest, spec/corpus.yaml, the JSON Schemas of spec/schema/ "
            "and position files. With no path, every file the project ships: spec/, "
            "scenarios/ and (in a checkout) examples/. "
            "Every problem is printed with file, line and place. Exit status 1 if any file is "
            "invalid."
        ),
        examples=(
            "zwicker validate                          # every shipped file",
            "zwicker validate spec                     # specs, schemas, sources, corpus version",
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
