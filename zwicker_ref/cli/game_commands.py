"""Commands about positions and games: ``legal``, ``play`` and ``replay``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zwicker_ref.cli.command import Command, add_output, refuse_existing, write_output
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import load_position
from zwicker_ref.formats.record import load_record, random_game, record_to_data, replay


def _configure_legal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", type=Path, metavar="POSITION_FILE")
    parser.add_argument("--count", action="store_true", help="print only the number of legal moves")


def _legal(args: argparse.Namespace) -> int:
    position = load_position(args.position)
    moves = legal_moves(position)
    if args.count:
        print(len(moves))
        return 0
    for move in moves:
        print(format_move(move))
    print(f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}")
    return 0


def _configure_play(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant", required=True, metavar="V", help="variant id (see `zwicker variants`)"
    )
    parser.add_argument("--players", required=True, type=int, metavar="N", help="number of players")
    parser.add_argument("--seed", required=True, type=int, metavar="S", help="seed, 0 to 2**64-1")
    parser.add_argument(
        "--dealer", type=int, metavar="SEAT", help="dealer's seat (default: the last)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="OPTION",
        dest="options",
        help="a variant option to play with (repeatable)",
    )
    add_output(parser, "the record")


def _play(args: argparse.Namespace) -> int:
    import yaml

    refuse_existing(args.output)
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
    write_output(args.output, text)
    summary = "; ".join(
        f"side {side.side} (seats {','.join(map(str, side.seats))}): {side.cards} cards, "
        f"{side.zwicks} zwicks, {side.points} points"
        for side in record.result
    )
    print(f"{len(record.moves)} moves. {summary}", file=sys.stderr)
    return 0


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, metavar="RECORD_FILE")


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    replay(record)
    print(f"{args.record}: {len(record.moves)} moves replayed, result as recorded")
    return 0


COMMANDS = (
    Command(
        name="legal",
        summary="list the legal moves of a position",
        description=(
            "Print the canonical legal moves of the position in POSITION_FILE (YAML or JSON, "
            "see docs/reference/position-format.md), one a line in move notation, then a count."
        ),
        examples=("zwicker legal position.yaml", "zwicker legal position.yaml --count"),
        configure=_configure_legal,
        run=_legal,
    ),
    Command(
        name="play",
        summary="play a hand with a seeded random policy and write its record",
        description=(
            "Shuffle the deck from SEED, play one hand choosing each move at random "
            "(reproducibly, from the same seed) and write the game record: deck, every move, "
            "result. The record replays with `zwicker replay`."
        ),
        examples=(
            "zwicker play --variant dithmarschen --players 4 --seed 7 -o game.yaml",
            "zwicker play --variant grupp --players 3 --seed 1 --option joker-zwick-void",
        ),
        configure=_configure_play,
        run=_play,
    ),
    Command(
        name="replay",
        summary="replay a game record and check every move and the result",
        description="Replay RECORD_FILE from its deck, checking each move and the final result.",
        examples=("zwicker replay game.yaml",),
        configure=_configure_replay,
        run=_replay,
    ),
)
