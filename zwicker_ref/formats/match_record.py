"""Match records: a whole match as data (its end, the draw, every hand, the totals, the winner).

A match record is what ``zwicker play --hands N`` or ``--target P`` writes and
``zwicker replay`` checks; its schema is ``spec/schema/match-record.schema.json`` and its
description ``docs/reference/match.md``. Each hand is a game record without its header
(dealer, deck, moves, result by side) plus the running totals after it.

The seeded random match is reproducible in any language: the SplitMix64 stream seeded
with the match seed gives, in order, the seed of the draw for the first dealer (always
taken, used only where the variant draws: the draw's cards come from the top of
``shuffled_deck`` of that seed) and then one seed per hand; each hand is played as
:func:`~zwicker_ref.formats.record.random_game` plays it from its own seed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import YamlDocument, read_yaml
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64
from zwicker_ref.engine.core.match import (
    MatchEnd,
    MatchStatus,
    add_points,
    dealer_of_hand,
    first_dealer,
    match_status,
)
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.errors import ErrorCode, InvalidFileError, NotationError, ZwickerError
from zwicker_ref.formats.notation import format_move, parse_move
from zwicker_ref.formats.record import (
    GameRecord,
    random_game,
    replay,
    side_from_data,
    side_to_data,
)
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.match_rules import FirstDealer
from zwicker_ref.rules.spec_loader import load_variant

MAX_HANDS = 1000
"""No match plays more hands than this (a level match playing on could otherwise go on)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchHand:
    """One hand of a match: its deal, moves and result by side, and the totals after it."""

    dealer: int
    seed: int | None
    deck: tuple[Card, ...]
    moves: tuple[tuple[int, Move], ...]
    result: tuple[SideScore, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchRecord:
    """A whole match: variant, how it ends, the first dealer (and draw), hands, and result."""

    variant: str
    options: tuple[str, ...]
    players: int
    seed: int | None
    end: MatchEnd
    draw: tuple[Card, ...] | None
    first_dealer: int
    hands: tuple[MatchHand, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


def match_seeds(seed: int) -> tuple[int, Iterator[int]]:
    """The draw's seed and the stream of hand seeds of the match seeded with ``seed``."""
    stream = splitmix64(seed)
    return next(stream), stream


def random_match(
    variant_id: str,
    players: int,
    seed: int,
    end: MatchEnd,
    dealer: int | None = None,
    options: tuple[str, ...] = (),
) -> MatchRecord:
    """Play a whole match with the seeded random policy (see the module's description).

    ``dealer`` names the first dealer where the variant does not draw for it (default:
    the last seat); where it draws, naming one is an ``invalid-match`` error.
    """
    rules = load_variant(variant_id).rules_with(options)
    rules.check_players(players)
    draw_seed, hand_seeds = match_seeds(seed)
    draw: tuple[Card, ...] | None = None
    if rules.match.first_dealer is FirstDealer.DRAW:
        if dealer is not None:
            raise ZwickerError(
                ErrorCode.INVALID_MATCH,
                f"{variant_id} draws cards for the first dealer; --dealer cannot be given",
            )
        first, result = first_dealer(rules, players, None, shuffled_deck(rules, players, draw_seed))
        assert result is not None
        draw = tuple(card for _seat, card in result.draws)
    else:
        first, _ = first_dealer(rules, players, players - 1 if dealer is None else dealer, None)
    totals = (0,) * rules.sides_for(players)
    hands: list[MatchHand] = []
    status: MatchStatus | None = None
    while status is None or not status.over:
        _check_length(len(hands))
        hand_seed = next(hand_seeds)
        seat = dealer_of_hand(first, players, len(hands))
        game, _position = random_game(variant_id, players, hand_seed, seat, options)
        totals = add_points(totals, [side.points for side in game.result])
        hands.append(
            MatchHand(
                dealer=seat,
                seed=hand_seed,
                deck=game.deck,
                moves=game.moves,
                result=game.result,
                totals=totals,
            )
        )
        status = match_status(rules, end, totals, len(hands))
    return MatchRecord(
        variant=variant_id,
        options=tuple(sorted(set(options))),
        players=players,
        seed=seed,
        end=end,
        draw=draw,
        first_dealer=first,
        hands=tuple(hands),
        totals=status.totals,
        winners=status.leaders,
    )


def _check_length(played: int) -> None:
    if played >= MAX_HANDS:
        raise ZwickerError(
            ErrorCode.INVALID_MATCH, f"the match is not over after {MAX_HANDS} hands; giving up"
        )


def replay_match(record: MatchRecord) -> MatchStatus:
    """Replay a match record, checking the first dealer, every hand, every total and the winner.

    Raises ``record-mismatch`` at the first thing that differs, naming the hand.
    """
    rules = load_variant(record.variant).rules_with(record.options)
    rules.check_players(record.players)
    drawn = rules.match.first_dealer is FirstDealer.DRAW
    first, result = first_dealer(
        rules, record.players, None if drawn else record.first_dealer, record.draw
    )
    if result is not None and record.draw is not None and len(result.draws) != len(record.draw):
        _mismatch(
            f"the draw lists {len(record.draw)} cards, but the dealer is found after "
            f"{len(result.draws)}"
        )
    if first != record.first_dealer:
        _mismatch(f"the draw makes seat {first} the first dealer, not {record.first_dealer}")
    totals = (0,) * rules.sides_for(record.players)
    status: MatchStatus | None = None
    for number, hand in enumerate(record.hands, start=1):
        label = f"hand {number}"
        if status is not None and status.over:
            _mismatch(f"the match is over after hand {number - 1}, but the record goes on")
        dealer = dealer_of_hand(first, record.players, number - 1)
        if hand.dealer != dealer:
            _mismatch(f"{label}: recorded dealer {hand.dealer}, but seat {dealer} deals it")
        if hand.seed is not None and hand.deck != shuffled_deck(rules, record.players, hand.seed):
            _mismatch(f"{label}: the deck is not the shuffle of its seed {hand.seed}")
        game = GameRecord(
            variant=record.variant,
            options=record.options,
            players=record.players,
            dealer=hand.dealer,
            seed=hand.seed,
            deck=hand.deck,
            moves=hand.moves,
            result=hand.result,
        )
        try:
            replay(game)
        except ZwickerError as error:
            raise ZwickerError(error.code, f"{label}: {error.message}") from None
        totals = add_points(totals, [side.points for side in hand.result])
        if totals != hand.totals:
            _mismatch(f"{label}: the totals are {list(totals)}, recorded {list(hand.totals)}")
        status = match_status(rules, record.end, totals, number)
    assert status is not None  # the schema asks for at least one hand
    if not status.over:
        _mismatch(
            f"the match ({record.end.describe()}) is not over after the "
            f"{len(record.hands)} recorded hands"
        )
    if status.totals != record.totals or status.leaders != record.winners:
        _mismatch(
            f"the result differs: recorded totals {list(record.totals)}, winners "
            f"{list(record.winners)}; replayed totals {list(status.totals)}, winners "
            f"{list(status.leaders)}"
        )
    return status


def _mismatch(message: str) -> None:
    raise ZwickerError(ErrorCode.RECORD_MISMATCH, message)


def match_to_data(record: MatchRecord) -> dict[str, Any]:
    """The record as plain data (for YAML or JSON), keys in the documented order."""
    data: dict[str, Any] = {
        "format": 1,
        "kind": "match-record",
        "variant": record.variant,
        "options": list(record.options),
        "players": record.players,
    }
    if record.seed is not None:
        data["seed"] = record.seed
    data["end"] = (
        {"hands": record.end.hands}
        if record.end.hands is not None
        else {"target": record.end.target}
    )
    if record.draw is not None:
        data["draw"] = [str(card) for card in record.draw]
    data["first_dealer"] = record.first_dealer
    data["hands"] = [_hand_data(hand) for hand in record.hands]
    data["result"] = {
        "hands": len(record.hands),
        "totals": list(record.totals),
        "winners": list(record.winners),
    }
    return data


def _hand_data(hand: MatchHand) -> dict[str, Any]:
    data: dict[str, Any] = {"dealer": hand.dealer}
    if hand.seed is not None:
        data["seed"] = hand.seed
    data["deck"] = [str(card) for card in hand.deck]
    data["moves"] = [{"seat": seat, "move": format_move(move)} for seat, move in hand.moves]
    data["result"] = [side_to_data(side) for side in hand.result]
    data["totals"] = list(hand.totals)
    return data


def load_match_record(path: Path) -> MatchRecord:
    """Read a match record file; :class:`InvalidFileError` with every problem found."""
    return match_from_document(read_yaml(path))


def match_from_document(document: YamlDocument) -> MatchRecord:
    """A match record from a parsed YAML document (schema first, then card and move notation)."""
    problems = schema_problems(document, "match-record")
    if problems:
        raise InvalidFileError(document.file, problems)
    data: dict[str, Any] = document.data

    def cards(raw: list[str], path: tuple[str | int, ...]) -> tuple[Card, ...]:
        found = []
        for index, text in enumerate(raw):
            try:
                found.append(Card.parse(text))
            except NotationError as error:
                problems.append(document.problem(error.code, error.message, (*path, index)))
        return tuple(found)

    hands = []
    for number, raw in enumerate(data["hands"]):
        moves = []
        for index, entry in enumerate(raw["moves"]):
            try:
                moves.append((entry["seat"], parse_move(entry["move"])))
            except NotationError as error:
                where = ("hands", number, "moves", index, "move")
                problems.append(document.problem(error.code, error.message, where))
        hands.append(
            MatchHand(
                dealer=raw["dealer"],
                seed=raw.get("seed"),
                deck=cards(raw["deck"], ("hands", number, "deck")),
                moves=tuple(moves),
                result=tuple(side_from_data(side) for side in raw["result"]),
                totals=tuple(raw["totals"]),
            )
        )
    draw = cards(data["draw"], ("draw",)) if "draw" in data else None
    if problems:
        raise InvalidFileError(document.file, problems)
    end = data["end"]
    return MatchRecord(
        variant=data["variant"],
        options=tuple(data["options"]),
        players=data["players"],
        seed=data.get("seed"),
        end=MatchEnd(hands=end.get("hands"), target=end.get("target")),
        draw=draw,
        first_dealer=data["first_dealer"],
        hands=tuple(hands),
        totals=tuple(data["result"]["totals"]),
        winners=tuple(data["result"]["winners"]),
    )
