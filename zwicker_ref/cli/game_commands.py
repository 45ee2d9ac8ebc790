"""Commands about positions and games: ``legal``, ``play`` and ``replay``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zwicker_ref.cli.command import Command, add_output, refuse_existing, write_output
from zwicker_ref.conformance.scenarios import check_scenario_document, is_scenario_data
from zwicker_ref.documents import bounds
from zwicker_ref.documents.yamlfile import (
    YamlDocument,
    checked,
    parse_yaml,
    read_yaml,
    record_text,
)
from zwicker_ref.engine.core.match import MatchEnd
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, ZwickerError
from zwicker_ref.formats.match_record import (
    match_from_document,
    match_to_data,
    random_match,
    replay_match,
)
from zwicker_ref.formats.notation import format_moves
from zwicker_ref.formats.position_io import position_from_document
from zwicker_ref.formats.record import random_game, record_from_document, record_to_data, replay


def _configure_legal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        type=Path,
        metavar="POSITION_FILE",
        help="a position file, or a move or legal-moves scenario (its starting position); "
        "- reads standard input",
    )
    parser.add_argument("--count", action="store_true", help="print only the number of legal moves")


def _read_stdin() -> YamlDocument:
    """Standard input as a YAML document named ``<stdin>``."""
    try:
        text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as error:
        problem = Problem(
            code=ErrorCode.FILE_UNREADABLE, message=f"cannot read: {error}", file="<stdin>"
        )
        raise InvalidFileError("<stdin>", [problem]) from None
    return parse_yaml(text, "<stdin>")


def read_position_argument(path: Path) -> Position:
    """The position of a position file or a scenario's, ``-`` read from standard input."""
    document = _read_stdin() if str(path) == "-" else read_yaml(path)
    if not is_scenario_data(document.data):
        return position_from_document(document)
    scenario = checked(document, check_scenario_document)
    if scenario.position is None:
        raise InvalidFileError(
            document.file,
            [
                document.problem(
                    ErrorCode.FILE_KIND_UNKNOWN,
                    f"a {scenario.kind.value} scenario starts from no position: give a "
                    "position file, or a move or legal-moves scenario",
                    ("kind",),
                )
            ],
        )
    return scenario.position


def _legal(args: argparse.Namespace) -> int:
    position = read_position_argument(args.position)
    moves = legal_moves(position)
    if args.count:
        print(len(moves))
        return 0
    listed = format_moves(moves)
    if listed:
        print("\n".join(listed))
    print(f"{len(listed)} legal move{'s' if len(listed) != 1 else ''}")
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
    match = parser.add_mutually_exclusive_group()
    match.add_argument(
        "--hands",
        type=int,
        metavar="N",
        help="play a match of N hands and write a match record",
    )
    match.add_argument(
        "--target",
        type=int,
        metavar="P",
        help="play a match until a side's total reaches P points and write a match record",
    )
    add_output(parser, "the record")


def _play(args: argparse.Namespace) -> int:
    refuse_existing(args.output)
    if args.hands is not None or args.target is not None:
        return _play_match(args)
    record, _position = random_game(
        args.variant, args.players, args.seed, args.dealer, tuple(args.options)
    )
    write_output(args.output, record_text(record_to_data(record)))
    summary = "; ".join(
        f"side {side.side} (seats {','.join(map(str, side.seats))}): {side.cards} cards, "
        f"{side.zwicks} zwicks, {side.points} points"
        for side in record.result
    )
    print(f"{len(record.moves)} moves. {summary}", file=sys.stderr)
    return 0


def _play_match(args: argparse.Namespace) -> int:
    end = MatchEnd(hands=args.hands, target=args.target)
    record = random_match(
        args.variant, args.players, args.seed, end, args.dealer, tuple(args.options)
    )
    data = match_to_data(record)
    text = record_text(data)
    _readable_record(data, text, len(record.hands))
    write_output(args.output, text)
    outcome = (
        f"tied between sides {', '.join(map(str, record.winners))}"
        if len(record.winners) > 1
        else f"won by side {record.winners[0]}"
    )
    print(
        f"{len(record.hands)} hand{'s' if len(record.hands) != 1 else ''}, "
        f"first dealer seat {record.first_dealer}. "
        f"Totals by side: {', '.join(map(str, record.totals))}; {outcome}.",
        file=sys.stderr,
    )
    return 0


def _readable_record(data: dict[str, object], text: str, hands: int) -> None:
    """Refuse to write a match record that ``replay`` would refuse (the input limits).

    Every reader holds its input to :mod:`~zwicker_ref.documents.bounds`; a record past
    them would be written and then never read again, so it is not written at all.
    """
    size = len(text.encode("utf-8"))
    try:
        if size > bounds.MAX_FILE_BYTES:
            raise bounds.too_large("the match record", size)
        bounds.check_json_bounds(data, "the match record")
    except InvalidFileError as error:
        reason = error.problems[0].message
        raise ZwickerError(
            ErrorCode.FILE_TOO_LARGE,
            f"a match of {hands} hands makes a record past the input limits ({reason}), "
            "which no reader would accept; play fewer hands or a lower target",
        ) from None


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, metavar="RECORD_FILE")


def _replay(args: argparse.Namespace) -> int:
    document = read_yaml(args.record)
    data = document.data
    if isinstance(data, dict) and data.get("kind") == "match-record":
        match = match_from_document(document)
        status = replay_match(match)
        moves = sum(len(hand.moves) for hand in match.hands)
        print(
            f"{args.record}: {status.hands_played} hand{'s' if status.hands_played != 1 else ''}, "
            f"{moves} moves replayed; "
            "dealers, results, totals and winner as recorded"
        )
        return 0
    record = record_from_document(document)
    replay(record)
    print(f"{args.record}: {len(record.moves)} moves replayed, result as recorded")
    return 0


COMMANDS = (
    Command(
        name="legal",
        summary="list the legal moves of a position",
        description=(
            "Print the canonical legal moves of the position in POSITION_FILE (YAML or JSON, "
            "see docs/reference/position-format.md), one a line in move notation, then a count. "
            "POSITION_FILE may also be a move or legal-moves scenario (the position it starts "
            "from), or - for standard input."
        ),
        examples=(
            "zwicker legal examples/position.yaml",
            "zwicker legal examples/position.yaml --count",
            "zwicker legal scenarios/dithmarschen/build/ace-on-nine.yaml",
            "zwicker legal - < examples/position.yaml",
        ),
        configure=_configure_legal,
        run=_legal,
    ),
    Command(
        name="play",
        summary="play a hand or a match with a seeded random policy and write its record",
        description=(
            "Shuffle the deck from SEED, play one hand choosing each move at random "
            "(reproducibly, from the same seed) and write the game record: deck, every move, "
            "result. With --hands N or --target P play a whole match instead (a series of "
            "hands, the deal passing to the left) and write a match record: the first dealer "
            "(drawn where the variant draws for it), every hand, the running totals and the "
            "winner (docs/reference/match.md). Records replay with `zwicker replay`."
        ),
        examples=(
            "zwicker play --variant dithmarschen --players 4 --seed 7 -o game.yaml",
            "zwicker play --variant grupp --players 3 --seed 7 --hands 4 -o match.yaml",
            "zwicker play --variant dithmarschen --players 4 --seed 7 --target 60",
            "zwicker play --variant grupp --players 3 --seed 1 --option joker-zwick-void",
        ),
        configure=_configure_play,
        run=_play,
    ),
    Command(
        name="replay",
        summary="replay a game or match record and check every move and the result",
        description=(
            "Replay RECORD_FILE from its deck, checking each move and the final result. A match "
            "record is replayed hand by hand: the first dealer (or the draw), each hand's dealer, "
            "moves and result, the running totals, where the match ends, and the winner."
        ),
        examples=("zwicker replay game.yaml", "zwicker replay match.yaml"),
        configure=_configure_replay,
        run=_replay,
    ),
)
