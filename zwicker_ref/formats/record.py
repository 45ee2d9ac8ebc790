"""Game records: one whole hand as data (the deal, every move, the result) that replays.

A record is what ``zwicker play`` writes and ``zwicker replay`` checks. Its YAML form:

.. code-block:: yaml

    format: 1
    kind: game-record
    variant: dithmarschen
    options: []
    players: 4
    dealer: 3
    seed: 7                # how the deck was shuffled (absent for a deck given by hand)
    deck: [8H, 6S, ...]    # the stock before the deal, top first
    moves:                 # in order: the seat that played and the move, in move notation
      - {seat: 0, move: KS x 2D 4D 8D}
    result:                # by side: what it took and its whole score
      - side: 0
        seats: [0, 2]
        cards: 30
        zwicks: 1
        card_points: 12    # the sum of the lines
        most_cards: 3
        zwick_points: 3
        points: 18         # card points + most cards + zwick points
        lines: {Each ace: 4, Ten of diamonds: 2, ...}   # points per score line

The random policy of :func:`random_game` is reproducible in any language: the deck is
:func:`~zwicker_ref.engine.core.dealing.shuffled_deck` of the seed, and each move is
``legal_moves(position)[uniform_below(count, stream)]`` where ``stream`` is SplitMix64
seeded with ``seed XOR POLICY_SALT`` and moves are in canonical order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, read_yaml
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import LineScore, SideScore, score_hand
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal, play
from zwicker_ref.errors import (
    ErrorCode,
    InvalidFileError,
    NotationError,
    ZwickerError,
)
from zwicker_ref.formats.notation import format_move, parse_move
from zwicker_ref.formats.replay import replay_moves, require_finished
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant

SIDE_NUMBERS = (
    "side",
    "cards",
    "zwicks",
    "card_points",
    "most_cards",
    "zwick_points",
    "points",
)
"""The whole-number fields of a result row (besides its seats and its lines)."""

POLICY_SALT = 0x5EED_0F_2A6E_C0DE
"""XOR-ed into the seed for the random policy's stream, so it differs from the shuffle's."""


@dataclass(frozen=True, kw_only=True, slots=True)
class GameRecord:
    """A whole hand: variant, deal, every move with its seat, and the result by side."""

    variant: str
    options: tuple[str, ...]
    players: int
    dealer: int
    seed: int | None
    deck: tuple[Card, ...]
    moves: tuple[tuple[int, Move], ...]
    result: tuple[SideScore, ...]


def result_of(position: Position) -> tuple[SideScore, ...]:
    """The result by side of a finished hand: each side's score."""
    return score_hand(position).sides


def side_to_data(side: SideScore) -> dict[str, Any]:
    """One result row of a game or match record as plain data."""
    return {
        "side": side.side,
        "seats": list(side.seats),
        "cards": side.cards,
        "zwicks": side.zwicks,
        "card_points": side.card_points,
        "most_cards": side.most_cards,
        "zwick_points": side.zwick_points,
        "points": side.points,
        "lines": {line.label: line.points for line in side.lines},
    }


def side_from_data(row: Mapping[str, Any]) -> SideScore:
    """A result row read back.

    Its fields are already checked: whole numbers, a list of seats, an object of line points.
    """
    return SideScore(
        side=row["side"],
        seats=tuple(row["seats"]),
        cards=row["cards"],
        zwicks=row["zwicks"],
        lines=tuple(
            LineScore(label=label, points=points) for label, points in row["lines"].items()
        ),
        card_points=row["card_points"],
        most_cards=row["most_cards"],
        zwick_points=row["zwick_points"],
        points=row["points"],
    )


def random_game(
    variant_id: str,
    players: int,
    seed: int,
    dealer: int | None = None,
    options: tuple[str, ...] = (),
) -> tuple[GameRecord, Position]:
    """Play one hand with the seeded random policy; the record and the final position."""
    variant = load_variant(variant_id)
    rules = variant.rules_with(options)
    rules.check_players(players)
    seat = players - 1 if dealer is None else dealer
    if not 0 <= seat < players:
        raise ZwickerError(
            ErrorCode.INVALID_POSITION, f"dealer seat {seat} is not a seat of {players}"
        )
    deck = shuffled_deck(rules, players, seed)
    policy = splitmix64(seed ^ POLICY_SALT)
    position = start_hand(variant, players, seat, deck, options)
    moves: list[tuple[int, Move]] = []
    while not position.is_over:
        choices = legal_moves(position)
        move = choices[uniform_below(len(choices), policy)]
        moves.append((position.to_move, move))
        position = apply_legal(position, move)
    record = GameRecord(
        variant=variant_id,
        options=position.options,
        players=players,
        dealer=seat,
        seed=seed,
        deck=deck,
        moves=tuple(moves),
        result=result_of(position),
    )
    return record, position


def replay(record: GameRecord) -> Position:
    """Replay a record, checking every move and the result; the final position."""
    variant = load_variant(record.variant)
    position = start_hand(variant, record.players, record.dealer, record.deck, record.options)
    for played in replay_moves(position, record.moves, play):
        position = played.after
    require_finished(position)
    got = result_of(position)
    if got != record.result:
        raise ZwickerError(
            ErrorCode.RECORD_MISMATCH,
            "the result differs: " + _differences(record.result, got),
        )
    return position


def _differences(recorded: tuple[SideScore, ...], replayed: tuple[SideScore, ...]) -> str:
    """Each figure of each side that the replay does not give as recorded."""
    if len(recorded) != len(replayed):
        return f"{len(recorded)} sides recorded, {len(replayed)} replayed"
    found = []
    for was, got in zip(recorded, replayed, strict=True):
        for name in ("side", "seats", *SIDE_NUMBERS[1:]):
            if getattr(was, name) != getattr(got, name):
                found.append(
                    f"side {got.side} {name}: recorded {getattr(was, name)}, "
                    f"replayed {getattr(got, name)}"
                )
        if was.lines != got.lines:
            found.append(f"side {got.side} lines: recorded {_lines(was)}, replayed {_lines(got)}")
    return "; ".join(found)


def _lines(side: SideScore) -> str:
    return "{" + ", ".join(f"{line.label}: {line.points}" for line in side.lines) + "}"


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """The record as plain data (for YAML or JSON)."""
    data: dict[str, Any] = {
        "format": 1,
        "kind": "game-record",
        "variant": record.variant,
        "options": list(record.options),
        "players": record.players,
        "dealer": record.dealer,
    }
    if record.seed is not None:
        data["seed"] = record.seed
    data["deck"] = [str(card) for card in record.deck]
    data["moves"] = [{"seat": seat, "move": format_move(move)} for seat, move in record.moves]
    data["result"] = [side_to_data(side) for side in record.result]
    return data


def load_record(path: Path) -> GameRecord:
    """Read a game record file; :class:`InvalidFileError` with every problem found."""
    document = read_yaml(path)
    return record_from_document(document)


def record_from_document(document: YamlDocument) -> GameRecord:
    """A game record from a parsed YAML document."""
    data = document.data
    problems = []

    def need(key: str, kind: type, where: Mapping[str, Any], path: DocPath) -> Any:
        value = where.get(key)
        if not (_whole(value) if kind is int else isinstance(value, kind)):
            problems.append(
                document.problem(
                    ErrorCode.SCHEMA_VIOLATION,
                    f"{key!r} must be {kind.__name__}, found {value!r}",
                    (*path, key),
                )
            )
            return None
        return value

    if not isinstance(data, dict) or data.get("kind") != "game-record":
        raise InvalidFileError(
            document.file,
            [
                document.problem(
                    ErrorCode.FILE_KIND_UNKNOWN, "not a game record (kind: game-record)"
                )
            ],
        )
    variant = need("variant", str, data, ())
    players = need("players", int, data, ())
    dealer = need("dealer", int, data, ())
    options = need("options", list, data, ())
    for index, option in enumerate(options or []):
        if not isinstance(option, str):
            problems.append(
                document.problem(
                    ErrorCode.SCHEMA_VIOLATION,
                    f"an option id is text, not {option!r}",
                    ("options", index),
                )
            )
    seed = data.get("seed")
    deck: list[Card] = []
    for index, text in enumerate(need("deck", list, data, ()) or []):
        try:
            deck.append(Card.parse(text))
        except NotationError as error:
            problems.append(document.problem(error.code, error.message, ("deck", index)))
    moves: list[tuple[int, Move]] = []
    for index, entry in enumerate(need("moves", list, data, ()) or []):
        path: DocPath = ("moves", index)
        if not isinstance(entry, dict):
            problems.append(
                document.problem(ErrorCode.SCHEMA_VIOLATION, "a move entry is {seat, move}", path)
            )
            continue
        seat = need("seat", int, entry, path)
        text = need("move", str, entry, path)
        if seat is None or text is None:
            continue
        try:
            moves.append((seat, parse_move(text)))
        except NotationError as error:
            problems.append(document.problem(error.code, error.message, (*path, "move")))
    result: list[SideScore] = []
    for index, entry in enumerate(need("result", list, data, ()) or []):
        path = ("result", index)
        if not isinstance(entry, dict):
            problems.append(
                document.problem(ErrorCode.SCHEMA_VIOLATION, "a result entry is a mapping", path)
            )
            continue
        numbers = [need(key, int, entry, path) for key in SIDE_NUMBERS]
        seats = need("seats", list, entry, path)
        lines = need("lines", dict, entry, path)
        for place, member in enumerate(seats or []):
            if not _whole(member):
                problems.append(
                    document.problem(
                        ErrorCode.SCHEMA_VIOLATION,
                        f"a seat is a whole number, not {member!r}",
                        (*path, "seats", place),
                    )
                )
                seats = None
        for label, points in (lines or {}).items():
            if not _whole(points):
                problems.append(
                    document.problem(
                        ErrorCode.SCHEMA_VIOLATION,
                        f"the points of line {label!r} are a whole number, not {points!r}",
                        (*path, "lines", label),
                    )
                )
                lines = None
        if None not in numbers and seats is not None and lines is not None:
            result.append(side_from_data(entry))
    if problems:
        raise InvalidFileError(document.file, problems)
    return GameRecord(
        variant=variant,
        options=tuple(options),
        players=players,
        dealer=dealer,
        seed=seed,
        deck=tuple(deck),
        moves=tuple(moves),
        result=tuple(result),
    )


def _whole(value: object) -> bool:
    """True for a whole number (YAML's true and false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)
