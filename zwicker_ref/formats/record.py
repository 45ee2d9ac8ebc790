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
    result:                # by side
      - {side: 0, seats: [0, 2], cards: 30, zwicks: 1, points: 18}

The random policy of :func:`random_game` is reproducible in any language: the deck is
:func:`~zwicker_ref.engine.dealing.shuffled_deck` of the seed, and each move is
``legal_moves(position)[uniform_below(count, stream)]`` where ``stream`` is SplitMix64
seeded with ``seed XOR POLICY_SALT`` and moves are in canonical order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, read_yaml
from zwicker_ref.engine.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.moves import Move
from zwicker_ref.engine.play import apply_legal, play
from zwicker_ref.engine.position import Position
from zwicker_ref.engine.scoring import score_hand
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

POLICY_SALT = 0x5EED_0F_2A6E_C0DE
"""XOR-ed into the seed for the random policy's stream, so it differs from the shuffle's."""


@dataclass(frozen=True, kw_only=True, slots=True)
class SideResult:
    """What one side took and scored in a hand."""

    side: int
    seats: tuple[int, ...]
    cards: int
    zwicks: int
    points: int


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
    result: tuple[SideResult, ...]


def result_of(position: Position) -> tuple[SideResult, ...]:
    """The result by side of a finished hand."""
    score = score_hand(position)
    return tuple(
        SideResult(
            side=side.side,
            seats=side.seats,
            cards=side.cards,
            zwicks=side.zwicks,
            points=side.total,
        )
        for side in score.sides
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
        choices = list(legal_moves(position))
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
            "the result differs: recorded "
            + _describe(record.result)
            + "; replayed "
            + _describe(got),
        )
    return position


def _describe(result: tuple[SideResult, ...]) -> str:
    return ", ".join(
        f"side {side.side}: {side.cards} cards, {side.zwicks} zwicks, {side.points} points"
        for side in result
    )


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
    data["result"] = [
        {
            "side": side.side,
            "seats": list(side.seats),
            "cards": side.cards,
            "zwicks": side.zwicks,
            "points": side.points,
        }
        for side in record.result
    ]
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
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
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
    result: list[SideResult] = []
    for index, entry in enumerate(need("result", list, data, ()) or []):
        path = ("result", index)
        if not isinstance(entry, dict):
            problems.append(
                document.problem(ErrorCode.SCHEMA_VIOLATION, "a result entry is a mapping", path)
            )
            continue
        fields = {key: need(key, int, entry, path) for key in ("side", "cards", "zwicks", "points")}
        seats = need("seats", list, entry, path)
        if None not in fields.values() and seats is not None:
            result.append(SideResult(seats=tuple(seats), **fields))
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
