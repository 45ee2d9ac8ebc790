"""Running a ``match`` scenario: a series of hands, then the dealers, totals and winner.

The engine plays and scores every hand that the scenario gives as a deck and moves (as in
a ``game`` scenario); a hand given as points is taken as it stands. What lies between
hands (the first dealer, the rotation of the deal, the running totals, when the match
ends and who wins) is the match model of :mod:`zwicker_ref.engine.core.match`, driven by the
variant's match rules: the engine protocol has no request for it, so for another engine
a match scenario checks its hands and the reference checks the bookkeeping. An engine
that does not play the variant skips the case, even when no hand is played in it.
"""

from __future__ import annotations

from zwicker_ref.conformance.reference import Engine, Setup, played_at_once
from zwicker_ref.conformance.scenario_kinds import MatchBody, MatchHandPart
from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.engine.core.match import (
    MatchStatus,
    add_points,
    dealer_of_hand,
    first_dealer,
    match_status,
)
from zwicker_ref.formats.replay import ReplayError, replay_moves, require_finished


def run_match(scenario: Scenario, body: MatchBody, engine: Engine) -> list[str]:
    """Every difference between what the match scenario expects and what it gives."""
    rules = scenario.variant.rules_with(scenario.options)
    players = scenario.players
    first, _draw = first_dealer(rules, players, body.first_dealer, body.draw)
    sides = rules.sides_for(players)
    if all(hand.points is not None for hand in body.hands):
        # The protocol has no request for the match itself. Asking the engine to score
        # empty piles makes an engine that does not play the variant skip the case
        # (Unsupported), as every other kind does, instead of passing it untested.
        engine.score(_setup(scenario, first), ((),) * sides, (0,) * sides)
    differences: list[str] = []
    if first != body.expect_first_dealer:
        differences.append(f"first dealer: expected seat {body.expect_first_dealer}, got {first}")
    totals = (0,) * sides
    status: MatchStatus | None = None
    for index, (hand, expect) in enumerate(zip(body.hands, body.expect_hands, strict=True)):
        label = f"hand {index + 1}"
        if status is not None and status.over:
            differences.append(
                f"the match is over after hand {index}, but the scenario lists "
                f"{len(body.hands)} hands"
            )
            return differences
        dealer = dealer_of_hand(first, players, index)
        if dealer != expect.dealer:
            differences.append(f"{label}: dealer: expected seat {expect.dealer}, got {dealer}")
        try:
            points = _points(scenario, hand, dealer, engine)
        except ReplayError as error:
            return [*differences, f"{label}: {error.message}"]
        if expect.points is not None and points != expect.points:
            differences.append(
                f"{label}: points: expected {list(expect.points)}, got {list(points)}"
            )
        totals = add_points(totals, points)
        if totals != expect.totals:
            differences.append(
                f"{label}: totals: expected {list(expect.totals)}, got {list(totals)}"
            )
        status = match_status(rules, body.end, totals, index + 1)
    assert status is not None  # the schema asks for at least one hand
    if not status.over:
        differences.append(
            f"the match ({body.end.describe()}) is not over after the "
            f"{len(body.hands)} hands listed"
        )
    elif status.leaders != body.winners:
        differences.append(
            f"winners: expected sides {list(body.winners)}, got {list(status.leaders)}"
        )
    return differences


def _points(
    scenario: Scenario, hand: MatchHandPart, dealer: int, engine: Engine
) -> tuple[int, ...]:
    """The hand's points by side: given, or played and scored by ``engine``."""
    if hand.points is not None:
        return hand.points
    setup = _setup(scenario, dealer)
    position = engine.start(setup, hand.deck)
    moves = [(game_move.seat, game_move.move) for game_move in hand.moves]
    at_once = played_at_once(engine, position, [move for _seat, move in moves])
    apply = engine.apply if at_once is None else at_once.in_turn()
    for played in replay_moves(position, moves, apply):
        position = played.after
    require_finished(position)
    return tuple(side.points for side in engine.score(setup, position.captured, position.zwicks))


def _setup(scenario: Scenario, dealer: int) -> Setup:
    return Setup(
        variant=scenario.variant.id,
        options=scenario.options,
        players=scenario.players,
        dealer=dealer,
    )
