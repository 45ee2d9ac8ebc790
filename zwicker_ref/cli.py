"""The ``zwicker`` command.

``zwicker validate [PATH...]`` checks spec files (all shipped specs when no path is
given) and prints every problem with its file, line, place and code; it exits 1 if any
file is invalid. ``zwicker variants`` lists the shipped variants.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from zwicker_ref import __version__
from zwicker_ref.dealing import plan_deal
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, ZwickerError
from zwicker_ref.scoring import check_total
from zwicker_ref.spec_loader import check_variant_document, load_variant, variant_ids, variants_dir
from zwicker_ref.variant import Variant
from zwicker_ref.yamlfile import read_yaml


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
        help="files or directories (searched for *.yaml); default: the shipped variant specs",
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
    return parser


def _expand(paths: Sequence[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.yaml"))
        else:
            yield path


def _validate(args: argparse.Namespace) -> int:
    paths = list(_expand(args.paths or [variants_dir()]))
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
    if isinstance(data, dict) and "clauses" in data:
        _variant, problems = check_variant_document(document, expected_id=path.stem)
        return problems
    return [
        Problem(
            code=ErrorCode.FILE_KIND_UNKNOWN,
            message="not a file zwicker knows: a variant spec is a mapping with a 'clauses' list",
            file=name,
            line=1,
        )
    ]


def _variants(_args: argparse.Namespace) -> int:
    for variant_id in variant_ids():
        print(_describe(load_variant(variant_id)))
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
