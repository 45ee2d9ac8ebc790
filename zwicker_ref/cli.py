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

from zwicker_ref import __version__
from zwicker_ref.dealing import plan_deal
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, ZwickerError
from zwicker_ref.generation import count_legal_moves, legal_moves
from zwicker_ref.notation import format_move
from zwicker_ref.position_io import load_position
from zwicker_ref.record import load_record, random_game, record_to_data, replay
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
    else:
        with args.output.open("x", encoding="utf-8") as handle:
            handle.write(text)
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
