"""Scenario skeletons for ``zwicker new``: everything but the expectation, which is the author's.

A skeleton has a fresh id in the variant's scheme, the header, the situation (a position
from a position file, or a hand from a game record, or a match from a match record, or an
empty one to fill in) and, as
suggestions, the variant's clauses that the situation touches. Its expectation is the
text :data:`TO_DERIVE`, which no schema accepts: a skeleton fails ``zwicker validate``
and ``zwicker check`` until the author replaces it with what the rules give, worked out
by hand (the corpus's rule: an expectation is derived from the rule text, never pasted
from the interpreter). With ``golden=True`` the reference fills the expectation instead
and the scenario says ``provenance: golden``: a regression figure, not evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.conformance.layout import format_scenario_text, render
from zwicker_ref.conformance.reference import REFERENCE, Setup
from zwicker_ref.conformance.scenarios import ID_PREFIXES, Kind, load_corpus
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.documents.yamlfile import read_yaml
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.engine.core.scoring import score_hand
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.formats.match_record import MatchRecord, match_from_document, replay_match
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_from_document, position_to_data
from zwicker_ref.formats.record import GameRecord, record_from_document, replay
from zwicker_ref.rules.match_rules import FirstDealer
from zwicker_ref.rules.spec_loader import load_variant
from zwicker_ref.rules.variant import Variant

_POSITION_KEYS = (
    "dealer",
    "to_move",
    "stage",
    "hands",
    "table",
    "stock",
    "captured",
    "zwicks",
    "last_capture",
)
TO_DERIVE = "TODO: derive the expectation by hand from the rule text (see the description)"
"""The placeholder of a skeleton's expectation; it fails the scenario schema on purpose."""

_TOPICS = {
    Kind.MOVE: ("trail.", "capture.", "build.", "values.", "turn."),
    Kind.LEGAL_MOVES: ("trail.", "capture.", "build.", "values."),
    Kind.GAME: ("deal.", "turn.", "stage.", "end.", "score."),
    Kind.DEAL: ("deck.", "deal.", "players."),
    Kind.SCORE: ("score.", "zwick."),
    Kind.MATCH: ("match.",),
}


@dataclass(frozen=True, kw_only=True, slots=True)
class _Situation:
    players: int
    options: tuple[str, ...]
    position: Position | None
    record: GameRecord | None
    match: MatchRecord | None = None


def new_scenario(
    kind: Kind,
    variant_id: str,
    *,
    source: Path | None = None,
    players: int | None = None,
    golden: bool = False,
) -> str:
    """The text of a new scenario skeleton (or, with ``golden``, a complete golden case)."""
    variant = load_variant(variant_id)
    situation = _situation(variant, source, players)
    data: dict[str, Any] = {
        "format": 1,
        "id": fresh_id(variant.id, kind),
        "title": (
            f"The reference's {kind.value} answer here, recorded (golden)"
            if golden
            else "TODO: what the case shows, in one line"
        ),
        "kind": kind.value,
        "variant": variant.id,
        "options": list(situation.options),
        "players": situation.players,
        "clauses": suggested_clauses(variant, kind, situation.position),
        "source": "constructed",
        "provenance": "golden" if golden else "hand",
        "description": (
            "Recorded from the reference by zwicker new --golden: a regression figure, "
            "not evidence that the reference is right."
            if golden
            else "TODO: the reasoning that gives the expectation, step by step from the "
            "rules. The clauses listed are suggestions from the situation: keep those the "
            "case exercises."
        ),
    }
    data.update(_body(kind, variant, situation, golden))
    text = render(data)
    # A golden case must come out canonical and valid; a skeleton is valid once completed.
    return format_scenario_text(text, "<new scenario>") if golden else text


def fresh_id(variant_id: str, kind: Kind) -> str:
    """An id in the variant's scheme that no scenario of the corpus has."""
    scenarios, _problems = load_corpus([scenarios_dir()])
    taken = {scenario.id for scenario in scenarios}
    stem = f"{ID_PREFIXES[variant_id]}-{kind.value}-new"
    number = 1
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"


def suggested_clauses(variant: Variant, kind: Kind, position: Position | None) -> list[str]:
    """The variant's clauses of the topics the kind touches, narrowed by what the position holds."""
    topics = _TOPICS[kind]
    if position is not None and kind in (Kind.MOVE, Kind.LEGAL_MOVES):
        has_builds = any(isinstance(item, Pile) for item in position.table)
        can_build = variant.rules.build_single_card or bool(position.table)
        if not has_builds and not can_build:
            topics = tuple(topic for topic in topics if topic != "build.")
    return [clause.id for clause in variant.clauses if clause.id.startswith(topics)]


def _situation(variant: Variant, source: Path | None, players: int | None) -> _Situation:
    if source is None:
        count = players if players is not None else min(variant.rules.player_counts)
        variant.rules.check_players(count)
        return _Situation(players=count, options=(), position=None, record=None)
    document = read_yaml(source)
    data = document.data
    if isinstance(data, dict) and data.get("kind") == "match-record":
        match = match_from_document(document)
        _same_variant(variant, match.variant, source)
        return _Situation(
            players=match.players, options=match.options, position=None, record=None, match=match
        )
    if isinstance(data, dict) and data.get("kind") == "game-record":
        record = record_from_document(document)
        _same_variant(variant, record.variant, source)
        start = start_hand(variant, record.players, record.dealer, record.deck, record.options)
        return _Situation(
            players=record.players, options=record.options, position=start, record=record
        )
    position = position_from_document(document)
    _same_variant(variant, position.variant, source)
    return _Situation(
        players=position.players, options=position.options, position=position, record=None
    )


def _same_variant(variant: Variant, named: str, source: Path) -> None:
    if named != variant.id:
        raise ZwickerError(
            ErrorCode.UNKNOWN_VARIANT,
            f"{source} is a {named} file, not {variant.id}: give --variant {named}",
        )


def _body(kind: Kind, variant: Variant, situation: _Situation, golden: bool) -> dict[str, Any]:
    if kind is Kind.MATCH:
        return _match_body(variant, situation, golden)
    position = situation.position or _empty(variant, situation.players)
    setup = Setup(
        variant=variant.id,
        options=situation.options,
        players=situation.players,
        dealer=position.dealer,
    )
    if kind is Kind.LEGAL_MOVES:
        moves = [format_move(move) for move in legal_moves(position)]
        expect: Any = {"moves": moves, "count": len(moves)} if golden else TO_DERIVE
        return {"position": _position_part(position), "expect": expect}
    if kind is Kind.MOVE:
        if not golden:
            return {"position": _position_part(position), "steps": TO_DERIVE}
        move = next(iter(legal_moves(position)))
        after = apply_legal(position, move)
        step = {"move": format_move(move), "expect": "legal", "after": {"to_move": after.to_move}}
        return {"position": _position_part(position), "steps": [step]}
    deck = (
        situation.record.deck
        if situation.record is not None
        else shuffled_deck(variant.rules_with(situation.options), situation.players, 0)
    )
    if kind is Kind.DEAL:
        stages: Any = TO_DERIVE
        if golden:
            stages = [
                {"hands": [_names(hand) for hand in stage.hands], "table": _names(stage.table)}
                for stage in REFERENCE.deal(setup, deck)
            ]
        return {"dealer": setup.dealer, "deck": _names(deck), "stages": stages}
    if kind is Kind.GAME:
        record = situation.record
        if record is None:
            raise ZwickerError(
                ErrorCode.FILE_KIND_UNKNOWN,
                "a game scenario starts from a game record: give --from RECORD "
                "(zwicker play writes one)",
            )
        result: Any = TO_DERIVE
        if golden:
            final = replay(record)
            score = score_hand(final)
            result = {
                "cards": [len(pile) for pile in final.captured],
                "zwicks": list(final.zwicks),
                "points": [side.points for side in score.sides],
            }
        played = [{"seat": seat, "move": format_move(move)} for seat, move in record.moves]
        return {
            "dealer": record.dealer,
            "deal": {"deck": _names(record.deck)},
            "moves": played,
            "result": result,
        }
    finished = situation.record is not None
    final = replay(situation.record) if situation.record is not None else position
    captured = [_names(pile) for pile in final.captured]
    zwicks = list(final.zwicks)
    score_expect: Any = TO_DERIVE
    if golden:
        if not finished:
            raise ZwickerError(
                ErrorCode.FILE_KIND_UNKNOWN,
                "a golden score scenario needs a finished hand: give --from RECORD",
            )
        sides = REFERENCE.score(setup, final.captured, final.zwicks)
        score_expect = {"points": [side.points for side in sides]}
    return {"captured": captured, "zwicks": zwicks, "expect": score_expect}


def _match_body(variant: Variant, situation: _Situation, golden: bool) -> dict[str, Any]:
    """A match: played from a match record, or two hands of given points to fill in."""
    match = situation.match
    if match is None:
        if golden:
            raise ZwickerError(
                ErrorCode.FILE_KIND_UNKNOWN,
                "a golden match scenario is recorded from a match record: give --from RECORD "
                "(zwicker play --hands N writes one)",
            )
        rules = variant.rules_with(situation.options)
        setup: dict[str, Any] = {"end": {"hands": 2}}
        if rules.match.first_dealer is FirstDealer.DRAW:
            setup["draw"] = _names(shuffled_deck(rules, situation.players, 0)[: situation.players])
        else:
            setup["first_dealer"] = situation.players - 1
        sides = rules.sides_for(situation.players)
        hands = [{"points": [0] * sides}, {"points": [0] * sides}]
        return {"match": setup, "hands": hands, "expect": TO_DERIVE}
    match_setup: dict[str, Any] = {
        "end": {"hands": match.end.hands}
        if match.end.hands is not None
        else {"target": match.end.target}
    }
    if match.draw is not None:
        match_setup["draw"] = _names(match.draw)
    else:
        match_setup["first_dealer"] = match.first_dealer
    played = [
        {
            "deck": _names(hand.deck),
            "moves": [{"seat": seat, "move": format_move(move)} for seat, move in hand.moves],
        }
        for hand in match.hands
    ]
    expect: Any = TO_DERIVE
    if golden:
        replay_match(match)
        expect = {
            "first_dealer": match.first_dealer,
            "hands": [
                {
                    "dealer": hand.dealer,
                    "points": [side.points for side in hand.result],
                    "totals": list(hand.totals),
                }
                for hand in match.hands
            ],
            "winners": list(match.winners),
        }
    return {"match": match_setup, "hands": played, "expect": expect}


def _empty(variant: Variant, players: int) -> Position:
    """A position to fill in: the variant's first deal from the canonical deck order."""
    deck = variant.rules.deck(players)
    return start_hand(variant, players, players - 1, deck)


def _position_part(position: Position) -> dict[str, Any]:
    data = position_to_data(position)
    return {key: data[key] for key in _POSITION_KEYS if data.get(key) is not None}


def _names(cards: Any) -> list[str]:
    return [str(card) for card in cards]
