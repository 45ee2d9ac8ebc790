"""Running scenarios against an engine and saying exactly what differs.

Each kind is run as its format describes, against the reference interpreter or any other
:class:`~zwicker_ref.conformance.reference.Engine`; every difference is reported in card and move
notation, naming the step, move, stage or checkpoint where it appears. A scenario passes
when there is no difference; an engine that does not support a request skips it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from zwicker_ref.conformance.reference import REFERENCE, Engine, EngineFault, Setup, Unsupported
from zwicker_ref.conformance.scenarios import Kind, Scenario
from zwicker_ref.engine.moves import Build, Move
from zwicker_ref.engine.position import Pile, Position, TableItem
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.move_data import move_from_data
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.replay import ReplayError, replay_moves, require_finished
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.deal_plan import stage_steps, walk_stage


@dataclass(frozen=True, kw_only=True, slots=True)
class Outcome:
    """The result of one scenario: passed, skipped (with why), or the differences found."""

    scenario: Scenario
    differences: tuple[str, ...]
    skipped: str | None = None

    @property
    def passed(self) -> bool:
        """True when the scenario ran and nothing differs."""
        return self.skipped is None and not self.differences


def run_scenario(scenario: Scenario, engine: Engine = REFERENCE) -> Outcome:
    """Run one scenario against ``engine`` (by default the reference interpreter)."""
    runner = _RUNNERS[scenario.kind]
    try:
        differences = runner(scenario, engine)
    except Unsupported as unsupported:
        return Outcome(scenario=scenario, differences=(), skipped=unsupported.message)
    except EngineFault as fault:
        differences = [f"engine fault: {fault.message}"]
    except ZwickerError as error:
        differences = [f"{engine.name} could not run it: {error}"]
    return Outcome(scenario=scenario, differences=tuple(differences))


def setup_of(scenario: Scenario, dealer: int | None = None) -> Setup:
    """The deal setup of a scenario (dealer: the last seat unless given)."""
    seat = scenario.players - 1 if dealer is None else dealer
    return Setup(
        variant=scenario.variant.id, options=scenario.options, players=scenario.players, dealer=seat
    )


# Move scenarios -------------------------------------------------------------------------


def _run_move(scenario: Scenario, engine: Engine) -> list[str]:
    assert scenario.position is not None
    position = scenario.position
    for number, step in enumerate(scenario.steps, start=1):
        move = replace(step.move, seat=step.seat) if step.seat is not None else step.move
        label = f"step {number} ({format_move(move)})"
        try:
            after = engine.apply(position, move)
        except IllegalMoveError as error:
            if step.legal:
                return [f"{label}: expected legal, got illegal [{error.code}]: {error.message}"]
            if error.code is not step.error:
                return [
                    f"{label}: expected illegal [{step.error}], got [{error.code}]: {error.message}"
                ]
            continue
        if not step.legal:
            return [f"{label}: expected illegal [{step.error}], got legal"]
        position = after
        if step.after is not None:
            found = compare_parts(step.after, position, f"{label}, after")
            if found:
                return found
    return []


# Legal-move scenarios ---------------------------------------------------------------------


def _owned(position: Position, move: Move) -> Move:
    """A build that names no owner, where builds have owners, is the mover's."""
    if isinstance(move, Build) and move.owner is None and position.rules.build_ownership:
        return Build(move.card, move.target, move.value, position.to_move)
    return move


def _run_legal(scenario: Scenario, engine: Engine) -> list[str]:
    assert scenario.position is not None
    position = scenario.position
    expect: Mapping[str, Any] = scenario.data["expect"]
    differences: list[str] = []
    legal = engine.legal(position)
    legal_set = set(legal)
    if len(legal_set) != len(legal):
        differences.append("the legal moves list a move twice (under the canonical identity)")

    def parsed(key: str) -> list[Move]:
        return [_owned(position, move_from_data(raw)) for raw in expect.get(key, ())]

    if "moves" in expect:
        wanted = set(parsed("moves"))
        missing = sorted(format_move(move) for move in wanted - legal_set)
        extra = sorted(format_move(move) for move in legal_set - wanted)
        if missing or extra:
            differences.append(
                f"legal moves: expected {len(wanted)}, got {len(legal_set)}; "
                f"missing: {', '.join(missing) or 'none'}; unexpected: {', '.join(extra) or 'none'}"
            )
    if "count" in expect and expect["count"] != len(legal_set):
        differences.append(f"legal-move count: expected {expect['count']}, got {len(legal_set)}")
    for move in parsed("includes"):
        if move not in legal_set:
            differences.append(f"expected {format_move(move)} to be legal; it is not")
    for move in parsed("excludes"):
        if move in legal_set:
            differences.append(f"expected {format_move(move)} to be illegal; it is legal")
    for entry in expect.get("perft", ()):
        differences += _perft(engine, position, entry)
    return differences


def perft(engine: Engine, position: Position, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` plies from ``position``."""
    moves = engine.legal(position)
    if depth == 1:
        return len(moves)
    return sum(perft(engine, engine.apply(position, move), depth - 1) for move in moves)


def _perft(engine: Engine, position: Position, entry: Mapping[str, Any]) -> list[str]:
    depth = entry["depth"]
    differences = []
    divide = {
        format_move(move): perft(engine, engine.apply(position, move), depth - 1)
        if depth > 1
        else 1
        for move in engine.legal(position)
    }
    total = sum(divide.values())
    if total != entry["count"]:
        differences.append(f"perft depth {depth}: expected {entry['count']}, got {total}")
    for text, count in entry.get("divide", {}).items():
        move = format_move(_owned(position, move_from_data(text)))
        got = divide.get(move)
        if got != count:
            differences.append(
                f"perft depth {depth}, divide {move}: expected {count}, got "
                + ("no such legal move" if got is None else str(got))
            )
    return differences


# Game scenarios -------------------------------------------------------------------------


def deck_from_stages(
    scenario: Scenario, dealer: int, stages: list[Mapping[str, Any]]
) -> list[Card]:
    """The deck order (top first) that deals the given hands and table cards, stage by stage.

    Within a stage a seat's cards (and the table's) are taken in the order listed; which of
    them comes first does not change the position, since hands and the table are sets.
    """
    rules = scenario.variant.rules_with(scenario.options)
    players = scenario.players
    schedule = rules.schedule_for(players)
    remaining = sum(len(hand) for stage in stages for hand in stage["hands"])
    remaining += sum(len(stage.get("table", ())) for stage in stages)
    forehand = (dealer + 1) % players
    deck: list[Card] = []
    for index, stage in enumerate(stages):
        steps = stage_steps(schedule, index)
        if steps is None:
            raise ZwickerError(
                ErrorCode.INVALID_DECK_ORDER, f"stage {index + 1} is past the schedule"
            )
        walk = walk_stage(steps, rules.deal_final, players, remaining, index)
        hands = [[Card.parse(text) for text in hand] for hand in stage["hands"]]
        table = [Card.parse(text) for text in stage.get("table", ())]
        for destination in walk.destinations:
            pile = table if destination is None else hands[(forehand + destination) % players]
            if not pile:
                raise ZwickerError(
                    ErrorCode.INVALID_DECK_ORDER,
                    f"stage {index + 1} gives a seat or the table too few cards",
                )
            deck.append(pile.pop(0))
        if any(hands) or table:
            raise ZwickerError(
                ErrorCode.INVALID_DECK_ORDER,
                f"stage {index + 1} gives a seat or the table too many cards",
            )
        remaining -= len(walk.destinations)
    return deck


def _run_game(scenario: Scenario, engine: Engine) -> list[str]:
    data = scenario.data
    dealer = data["dealer"]
    deal = data["deal"]
    if "deck" in deal:
        deck = [Card.parse(text) for text in deal["deck"]]
    else:
        deck = deck_from_stages(scenario, dealer, deal["stages"])
    setup = setup_of(scenario, dealer)
    position = engine.start(setup, deck)
    checkpoints: dict[int, list[Mapping[str, Any]]] = {}
    for checkpoint in data.get("checkpoints", ()):
        checkpoints.setdefault(checkpoint["after"], []).append(checkpoint)

    def check_at(played: int) -> list[str]:
        found = []
        for checkpoint in checkpoints.get(played, ()):
            found += compare_parts(checkpoint["expect"], position, f"after move {played}")
        return found

    differences = check_at(0)
    moves = [(game_move.seat, game_move.move) for game_move in scenario.moves]
    try:
        for played in replay_moves(position, moves, engine.apply):
            if differences:
                return differences
            position = played.after
            differences = check_at(played.number)
        if differences:
            return differences
        require_finished(position)
    except ReplayError as error:
        return [error.message]
    got: dict[str, list[int]] = {
        "cards": [len(pile) for pile in position.captured],
        "zwicks": list(position.zwicks),
    }
    if "points" in data["result"]:
        answers = engine.score(setup, position.captured, position.zwicks)
        got["points"] = [side.points for side in answers]
    return [
        f"result {key}: expected {wanted}, got {got[key]}"
        for key, wanted in data["result"].items()
        if list(wanted) != got[key]
    ]


# Deal scenarios -------------------------------------------------------------------------


def _run_deal(scenario: Scenario, engine: Engine) -> list[str]:
    data = scenario.data
    deck = [Card.parse(text) for text in data["deck"]]
    stages = engine.deal(setup_of(scenario, data["dealer"]), deck)
    differences: list[str] = []
    if len(stages) < len(data["stages"]):
        differences.append(f"stages: expected at least {len(data['stages'])}, got {len(stages)}")
    for index, (stage, got) in enumerate(zip(data["stages"], stages, strict=False)):
        label = f"stage {index + 1}"
        for seat, cards in enumerate(stage["hands"]):
            wanted = [str(Card.parse(text)) for text in cards]
            actual = _names(got.hands[seat]) if seat < len(got.hands) else []
            differences += _set_difference(f"{label}: hands[{seat}]", wanted, actual)
        if "table" in stage:
            wanted = [str(Card.parse(text)) for text in stage["table"]]
            differences += _set_difference(f"{label}: table", wanted, _names(got.table))
    return differences


# Score scenarios ------------------------------------------------------------------------


def _run_score(scenario: Scenario, engine: Engine) -> list[str]:
    data = scenario.data
    rules = scenario.variant.rules_with(scenario.options)
    captured = [[Card.parse(text) for text in pile] for pile in data["captured"]]
    sides = rules.sides_for(scenario.players)
    if len(captured) != sides or len(data["zwicks"]) != sides:
        return [f"captured and zwicks must list {sides} sides"]
    answers = engine.score(setup_of(scenario), captured, data["zwicks"])
    if len(answers) != sides:
        return [f"scores: expected {sides} sides, got {len(answers)}"]
    # The check of RULINGS.md ("Scoring"): the sides' points add up to the variant's check
    # total plus the zwick points, less the most-cards points nobody won. Cards missing
    # from the piles (leftovers nobody took) make it fail, as they should.
    available = sum(rules.most_cards_for(scenario.players))
    awarded = sum(side.most_cards for side in answers)
    holds = sum(side.points for side in answers) == (
        check_total(rules, scenario.players).total
        - (available - awarded)
        + sum(side.zwick_points for side in answers)
    )
    got: dict[str, Any] = {
        "card_points": [side.card_points for side in answers],
        "most_cards": [side.most_cards for side in answers],
        "zwick_points": [side.zwick_points for side in answers],
        "points": [side.points for side in answers],
        "check_holds": holds,
    }
    differences = []
    for key, wanted in data["expect"].items():
        if key == "lines":
            for label, points in wanted.items():
                found = [dict(side.lines).get(label) for side in answers]
                if found != list(points):
                    differences.append(f"line {label!r}: expected {points}, got {found}")
        elif (list(wanted) if isinstance(wanted, list) else wanted) != got[key]:
            differences.append(f"{key}: expected {wanted}, got {got[key]}")
    return differences


# Comparing parts of a position ------------------------------------------------------------


def _item_key(item: TableItem) -> str:
    if isinstance(item, Pile):
        owner = "" if item.owner is None else f"@{item.owner}"
        return f"[{'+'.join(map(str, item.cards))}]={item.value}{owner}"
    return str(item)


def _expected_item_key(raw: object) -> str:
    if isinstance(raw, str):
        return str(Card.parse(raw))
    assert isinstance(raw, dict)
    cards = "+".join(str(Card.parse(text)) for text in raw["build"])
    owner = "" if raw.get("owner") is None else f"@{raw['owner']}"
    return f"[{cards}]={raw['value']}{owner}"


def _set_difference(what: str, expected: list[str], got: list[str]) -> list[str]:
    if Counter(expected) == Counter(got):
        return []
    missing = sorted((Counter(expected) - Counter(got)).elements())
    extra = sorted((Counter(got) - Counter(expected)).elements())
    return [
        f"{what}: expected {' '.join(sorted(expected)) or '(empty)'}, got "
        f"{' '.join(sorted(got)) or '(empty)'} (missing: {' '.join(missing) or 'none'}; "
        f"unexpected: {' '.join(extra) or 'none'})"
    ]


def _names(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(card) for card in cards]


def compare_parts(expected: Mapping[str, Any], position: Position, label: str) -> list[str]:
    """Differences between the asserted parts of a position and the actual position."""
    found: list[str] = []
    if "table" in expected:
        wanted = [_expected_item_key(raw) for raw in expected["table"]]
        found += _set_difference(f"{label}: table", wanted, [_item_key(i) for i in position.table])
    for key, actual in (("hands", position.hands), ("captured", position.captured)):
        for index, cards in enumerate(expected.get(key, ())):
            if cards is None:
                continue
            if index >= len(actual):
                found.append(f"{label}: {key}[{index}] does not exist")
                continue
            wanted = [str(Card.parse(text)) for text in cards]
            found += _set_difference(f"{label}: {key}[{index}]", wanted, _names(actual[index]))
    scalars = {
        "captured_counts": [len(pile) for pile in position.captured],
        "zwicks": list(position.zwicks),
        "to_move": position.to_move,
        "stage": position.stage,
        "last_capture": position.last_capture,
        "stock": _names(position.stock),
        "over": position.is_over,
    }
    for key, actual_value in scalars.items():
        if key in expected:
            wanted_value = expected[key]
            if key == "stock":
                wanted_value = [str(Card.parse(text)) for text in wanted_value]
            if wanted_value != actual_value:
                found.append(f"{label}: {key}: expected {wanted_value}, got {actual_value}")
    return found


_RUNNERS = {
    Kind.MOVE: _run_move,
    Kind.LEGAL_MOVES: _run_legal,
    Kind.GAME: _run_game,
    Kind.DEAL: _run_deal,
    Kind.SCORE: _run_score,
}
