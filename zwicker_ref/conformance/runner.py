"""Running scenarios against an engine and saying exactly what differs.

Each kind is run as its format describes, against the reference interpreter or any other
:class:`~zwicker_ref.conformance.reference.Engine`; every difference is reported in card and move
notation, naming the step, move, stage or checkpoint where it appears. A scenario passes
when there is no difference; an engine that does not support a request skips it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from zwicker_ref.conformance.match_runner import run_match
from zwicker_ref.conformance.reference import (
    REFERENCE,
    AheadEngine,
    BatchEngine,
    CountingEngine,
    Engine,
    EngineFault,
    ListingPerftEngine,
    PerftEngine,
    Setup,
    TextEngine,
    Unsupported,
    played_at_once,
)
from zwicker_ref.conformance.scenario_kinds import (
    BuildPart,
    Checkpoint,
    DealBody,
    GameBody,
    GameMove,
    LegalMovesBody,
    MatchBody,
    MoveBody,
    Parts,
    Perft,
    ScoreBody,
)
from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Pile, Position, TableItem
from zwicker_ref.errors import IllegalMoveError, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.replay import Apply, ReplayError, replay_moves, require_finished
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.check_total import check_total


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
    try:
        differences = _run(scenario, engine)
    except Unsupported as unsupported:
        return Outcome(scenario=scenario, differences=(), skipped=unsupported.message)
    except EngineFault as fault:
        differences = [f"engine fault: {fault.message}"]
    except ZwickerError as error:
        differences = [f"{engine.name} could not run it: {error}"]
    return Outcome(scenario=scenario, differences=tuple(differences))


class ScenarioQueue:
    """Scenarios to run against one engine, in order, added as the corpus is read.

    An engine behind a pipe (:class:`AheadEngine`) is offered each scenario as it is
    added: it may be sent the first requests of the scenarios to come while the corpus
    is still read and while the runner checks the answers of the one under way. The
    outcomes are :func:`run_scenario`'s, scenario by scenario.
    """

    def __init__(self, engine: Engine = REFERENCE) -> None:
        self.engine = engine
        self.scenarios: list[Scenario] = []

    def add(self, scenario: Scenario) -> None:
        """Add ``scenario``, to run after those added before."""
        self.scenarios.append(scenario)
        if isinstance(self.engine, AheadEngine):
            self.engine.offer(partial(run_scenario, scenario, self.engine))

    def outcomes(self) -> Iterator[Outcome]:
        """Run the scenarios added: the outcome of each, in order."""
        engine = self.engine
        if not isinstance(engine, AheadEngine):
            yield from (run_scenario(scenario, engine) for scenario in self.scenarios)
            return
        try:
            for index, scenario in enumerate(self.scenarios):
                engine.begin(index)
                yield run_scenario(scenario, engine)
        finally:
            engine.forget_runs()


def _run(scenario: Scenario, engine: Engine) -> list[str]:
    body = scenario.body
    if isinstance(body, MoveBody):
        return _run_move(body, engine)
    if isinstance(body, LegalMovesBody):
        return _run_legal(body, engine)
    if isinstance(body, GameBody):
        return _run_game(scenario, body, engine)
    if isinstance(body, DealBody):
        return _run_deal(scenario, body, engine)
    if isinstance(body, MatchBody):
        return run_match(scenario, body, engine)
    return _run_score(scenario, body, engine)


def setup_of(scenario: Scenario, dealer: int | None = None) -> Setup:
    """The deal setup of a scenario (dealer: the last seat unless given)."""
    seat = scenario.players - 1 if dealer is None else dealer
    return Setup(
        variant=scenario.variant.id, options=scenario.options, players=scenario.players, dealer=seat
    )


# Move scenarios -------------------------------------------------------------------------


def _run_move(body: MoveBody, engine: Engine) -> list[str]:
    position = body.position
    for number, step in enumerate(body.steps, start=1):
        move = replace(step.move, seat=step.seat) if step.seat is not None else step.move
        label = f"step {number} ({format_move(move)})"
        try:
            after = engine.apply(position, move)
        except IllegalMoveError as error:
            said = f"[{error.code}]: {error.message}; in {error.position or position.compact()}"
            if step.legal:
                return [f"{label}: expected legal, got illegal {said}"]
            if error.code is not step.error:
                return [f"{label}: expected illegal [{step.error}], got {said}"]
            continue
        if not step.legal:
            return [f"{label}: expected illegal [{step.error}], got legal"]
        changed = identity_changes(position, after, f"{label}, after")
        if changed:
            return changed
        position = after
        if step.after is not None:
            found = compare_parts(step.after, position, f"{label}, after")
            if found:
                return found
    return []


# Legal-move scenarios ---------------------------------------------------------------------


def _run_legal(body: LegalMovesBody, engine: Engine) -> list[str]:
    position = body.position
    differences: list[str] = []
    deepest = max((entry.depth for entry in body.perft), default=0)
    listing, divided = _Listing.with_perft(engine, position, deepest)
    legal = listing.moves
    legal_set = set(legal)
    if len(legal_set) != len(legal):
        differences.append("the legal moves list a move twice (under the canonical identity)")
    if body.moves is not None:
        expected = {listing.identity(move) for move in body.moves}
        missing = sorted(listing.spell(move) for move in expected - legal_set)
        extra = sorted(listing.spell(move) for move in legal_set - expected)
        if missing or extra:
            differences.append(
                f"legal moves: expected {len(body.moves)}, got {len(legal_set)}; "
                f"missing: {', '.join(missing) or 'none'}; unexpected: {', '.join(extra) or 'none'}"
            )
    if body.count is not None and body.count != len(legal_set):
        differences.append(f"legal-move count: expected {body.count}, got {len(legal_set)}")
    for move in body.includes:
        if listing.identity(move) not in legal_set:
            differences.append(f"expected {format_move(move)} to be legal; it is not")
    for move in body.excludes:
        if listing.identity(move) in legal_set:
            differences.append(f"expected {format_move(move)} to be illegal; it is legal")
    if body.perft:
        differences += _perft(engine, position, body.perft, divided)
    return differences


@dataclass(frozen=True, slots=True)
class _Listing:
    """An engine's legal moves of a position, each as its identity.

    The identity is the move itself, or its canonical notation (the same text exactly for
    the same move) where the engine gives that (:class:`TextEngine`): cheaper to check
    than building every move of a listing of tens of thousands.
    """

    moves: list[Move] | list[str]
    texts: bool

    @classmethod
    def of(cls, engine: Engine, position: Position) -> _Listing:
        if isinstance(engine, TextEngine):
            return cls(engine.legal_texts(position), texts=True)
        return cls(engine.legal(position), texts=False)

    @classmethod
    def with_perft(
        cls, engine: Engine, position: Position, deepest: int
    ) -> tuple[_Listing, tuple[list[Move], list[list[int]]] | None]:
        """The listing, and the perft counts to ``deepest`` if asked together (else None).

        An engine that takes both at once (:class:`ListingPerftEngine`) is asked so.
        """
        if deepest and isinstance(engine, ListingPerftEngine):
            texts, divided = engine.legal_texts_and_perft(position, deepest)
            return cls(texts, texts=True), divided
        return cls.of(engine, position), None

    def identity(self, move: Move) -> Move | str:
        """``move`` as this listing's moves are given."""
        return format_move(move) if self.texts else move

    @staticmethod
    def spell(identity: Move | str) -> str:
        """The canonical notation of a move given as either."""
        return identity if isinstance(identity, str) else format_move(identity)


def perft(engine: Engine, position: Position, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` plies from ``position``."""
    _roots, counts = perft_counts(engine, position, depth)
    return sum(counts[depth - 1])


def perft_counts(
    engine: Engine, position: Position, deepest: int
) -> tuple[list[Move], list[list[int]]]:
    """The root's legal moves, and the move sequences under each, at each depth.

    ``counts[depth - 1][i]`` is the number of sequences of ``depth`` plies that start
    with the root's ``i``-th move, for each depth from 1 to ``deepest``. One walk gives
    every depth, a ply at a time: each position of the tree is listed once, however many
    depths are asked, and an engine that takes a ply at once (:class:`BatchEngine`) is
    sent each ply's requests together. An engine that walks the tree itself
    (:class:`PerftEngine`) is asked for the counts instead.
    """
    if isinstance(engine, PerftEngine):
        answered = engine.perft_divide(position, deepest)
        if answered is not None:
            return answered
    if deepest == 1:
        roots = _legal_each(engine, [position])[0]
        return roots, [[1] * len(roots)]
    expanded = _expand_each(engine, [position])[0]
    roots = [move for move, _after in expanded]
    counts = [[1] * len(roots)]
    # The positions of the ply reached, each with the place of its first move.
    frontier = [(root, after) for root, (_move, after) in enumerate(expanded)]
    for depth in range(2, deepest + 1):
        row = [0] * len(roots)
        positions = [reached for _root, reached in frontier]
        if depth == deepest:
            for (root, _reached), count in zip(
                frontier, _count_each(engine, positions), strict=True
            ):
                row[root] += count
        else:
            deeper = []
            for (root, _reached), children in zip(
                frontier, _expand_each(engine, positions), strict=True
            ):
                row[root] += len(children)
                deeper += [(root, after) for _move, after in children]
            frontier = deeper
        counts.append(row)
    return roots, counts


def _count_each(engine: Engine, positions: Sequence[Position]) -> list[int]:
    """How many legal moves each position has: counted where the engine can, else listed."""
    if isinstance(engine, CountingEngine):
        return engine.count_each(positions)
    return [len(moves) for moves in _legal_each(engine, positions)]


def _legal_each(engine: Engine, positions: Sequence[Position]) -> list[list[Move]]:
    if isinstance(engine, BatchEngine):
        return engine.legal_each(positions)
    return [engine.legal(position) for position in positions]


def _expand_each(
    engine: Engine, positions: Sequence[Position]
) -> list[list[tuple[Move, Position]]]:
    if isinstance(engine, BatchEngine):
        return engine.expand_each(positions)
    return [
        [(move, engine.apply(position, move)) for move in engine.legal(position)]
        for position in positions
    ]


def _perft(
    engine: Engine,
    position: Position,
    entries: Sequence[Perft],
    divided: tuple[list[Move], list[list[int]]] | None = None,
) -> list[str]:
    """The differences from a perft suite; ``divided``: the engine's counts, if asked."""
    deepest = max(entry.depth for entry in entries)
    roots, counts = perft_counts(engine, position, deepest) if divided is None else divided
    differences = []
    for entry in entries:
        depth = entry.depth
        # By notation, as a divide table lists them: a move listed twice is counted once.
        divide = {
            format_move(move): count for move, count in zip(roots, counts[depth - 1], strict=True)
        }
        total = sum(divide.values())
        if total != entry.count:
            differences.append(f"perft depth {depth}: expected {entry.count}, got {total}")
        for move, count in entry.divide:
            text = format_move(move)
            got = divide.get(text)
            if got != count:
                differences.append(
                    f"perft depth {depth}, divide {text}: expected {count}, got "
                    + ("no such legal move" if got is None else str(got))
                )
    return differences


# Game scenarios -------------------------------------------------------------------------


def _run_game(scenario: Scenario, body: GameBody, engine: Engine) -> list[str]:
    setup = setup_of(scenario, body.dealer)
    position = engine.start(setup, body.deck)
    checkpoints: dict[int, list[Checkpoint]] = {}
    for checkpoint in body.checkpoints:
        checkpoints.setdefault(checkpoint.after, []).append(checkpoint)

    def check_at(played: int) -> list[str]:
        found = []
        for checkpoint in checkpoints.get(played, ()):
            found += compare_parts(checkpoint.expect, position, f"after move {played}")
        return found

    differences = check_at(0)
    moves = [(game_move.seat, game_move.move) for game_move in body.moves]
    listed: dict[int, int] = {}  # by move number: how many legal moves came before it
    at_once = played_at_once(
        engine,
        position,
        [game_move.move for game_move in body.moves],
        {index for index, game_move in enumerate(body.moves) if game_move.count is not None},
    )
    apply = _game_apply(body, engine, listed) if at_once is None else at_once.in_turn(listed)
    try:
        for played in replay_moves(position, moves, apply):
            if differences:
                return differences
            differences = _count_before(
                body.moves[played.number - 1], played.before, engine, listed.get(played.number)
            )
            if differences:
                return differences
            position = played.after
            differences = check_at(played.number)
        if differences:
            return differences
        require_finished(position)
    except ReplayError as error:
        return [error.message]
    result = body.result
    got = {"cards": tuple(len(pile) for pile in position.captured), "zwicks": position.zwicks}
    if result.points is not None:
        answers = engine.score(setup, position.captured, position.zwicks)
        got["points"] = tuple(side.points for side in answers)
    wanted = {"cards": result.cards, "zwicks": result.zwicks, "points": result.points}
    return [
        f"result {key}: expected {list(value)}, got {list(got[key])}"
        for key, value in wanted.items()
        if value is not None and value != got[key]
    ]


def _game_apply(body: GameBody, engine: Engine, listed: dict[int, int]) -> Apply:
    """How a game's moves are played: by ``engine.apply``, or asked with the legal moves.

    Before a move whose number of legal moves is given, a :class:`BatchEngine` is asked
    for the legal moves and the move together; their number is kept in ``listed`` by
    move number.
    """
    counted = [game_move.count is not None for game_move in body.moves]
    if not isinstance(engine, BatchEngine) or not any(counted):
        return engine.apply
    batch = engine
    numbers = itertools.count(1)  # replay_moves plays the moves in order, each once

    def apply(position: Position, move: Move) -> Position:
        number = next(numbers)
        if not counted[number - 1]:
            return batch.apply(position, move)
        listed[number], after = batch.count_then_apply(position, move)
        return after

    return apply


def _count_before(
    game_move: GameMove, before: Position, engine: Engine, listed: int | None = None
) -> list[str]:
    """The difference in the number of legal moves before a game move, where one is given.

    ``listed``: the number of legal moves the engine gave for ``before``, if it was asked.
    """
    if game_move.count is None:
        return []
    got = len(engine.legal(before)) if listed is None else listed
    if got == game_move.count:
        return []
    return [
        f"before move {format_move(game_move.move)}: expected {game_move.count} legal moves, "
        f"got {got}"
    ]


# Deal scenarios -------------------------------------------------------------------------


def _run_deal(scenario: Scenario, body: DealBody, engine: Engine) -> list[str]:
    stages = engine.deal(setup_of(scenario, body.dealer), body.deck)
    differences: list[str] = []
    if len(stages) < len(body.stages):
        differences.append(f"stages: expected at least {len(body.stages)}, got {len(stages)}")
    for index, (stage, got) in enumerate(zip(body.stages, stages, strict=False)):
        label = f"stage {index + 1}"
        for seat, cards in enumerate(stage.hands):
            actual = _names(got.hands[seat]) if seat < len(got.hands) else []
            differences += _set_difference(f"{label}: hands[{seat}]", _names(cards), actual)
        if stage.table is not None:
            differences += _set_difference(
                f"{label}: table", _names(stage.table), _names(got.table)
            )
    return differences


# Score scenarios ------------------------------------------------------------------------


def _run_score(scenario: Scenario, body: ScoreBody, engine: Engine) -> list[str]:
    rules = scenario.variant.rules_with(scenario.options)
    sides = rules.sides_for(scenario.players)
    if len(body.captured) != sides or len(body.zwicks) != sides:
        return [f"captured and zwicks must list {sides} sides"]
    answers = engine.score(setup_of(scenario), body.captured, body.zwicks)
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
    expect = body.expect
    compared = {
        "card_points": (expect.card_points, tuple(side.card_points for side in answers)),
        "most_cards": (expect.most_cards, tuple(side.most_cards for side in answers)),
        "zwick_points": (expect.zwick_points, tuple(side.zwick_points for side in answers)),
        "points": (expect.points, tuple(side.points for side in answers)),
    }
    differences = [
        f"{key}: expected {list(wanted)}, got {list(got)}"
        for key, (wanted, got) in compared.items()
        if wanted is not None and wanted != got
    ]
    for label, points in expect.lines:
        found = [side.line_points(label) for side in answers]
        if found != list(points):
            differences.append(f"line {label!r}: expected {list(points)}, got {found}")
    if expect.check_holds is not None and expect.check_holds != holds:
        differences.append(f"check_holds: expected {expect.check_holds}, got {holds}")
    return differences


# Comparing parts of a position ------------------------------------------------------------


def _item_key(item: TableItem | BuildPart) -> str:
    if isinstance(item, Pile | BuildPart):
        owner = "" if item.owner is None else f"@{item.owner}"
        return f"[{'+'.join(map(str, item.cards))}]={item.value}{owner}"
    return str(item)


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


def _names(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def identity_changes(before: Position, after: Position, label: str) -> list[str]:
    """The fields no move changes (variant, options, players, dealer) that ``after`` changed.

    The options are a set: their order is not compared.
    """
    found = []
    for key in ("variant", "options", "players", "dealer"):
        wanted, got = getattr(before, key), getattr(after, key)
        if key == "options":
            wanted, got = sorted(wanted), sorted(got)
        if wanted != got:
            found.append(f"{label}: {key}: expected {wanted!r} (no move changes it), got {got!r}")
    return found


def compare_parts(expected: Parts, position: Position, label: str) -> list[str]:
    """Differences between the asserted parts of a position and the actual position."""
    found: list[str] = []
    given = expected.given
    if "table" in given:
        wanted = [_item_key(item) for item in expected.table]
        found += _set_difference(f"{label}: table", wanted, [_item_key(i) for i in position.table])
    for key, piles, actual in (
        ("hands", expected.hands, position.hands),
        ("captured", expected.captured, position.captured),
    ):
        if key not in given:
            continue
        for index, cards in enumerate(piles):
            if cards is None:
                continue
            if index >= len(actual):
                found.append(f"{label}: {key}[{index}] does not exist")
                continue
            found += _set_difference(
                f"{label}: {key}[{index}]", _names(cards), _names(actual[index])
            )
    scalars: dict[str, tuple[object, object]] = {
        "captured_counts": (
            list(expected.captured_counts),
            [len(pile) for pile in position.captured],
        ),
        "zwicks": (list(expected.zwicks), list(position.zwicks)),
        "to_move": (expected.to_move, position.to_move),
        "stage": (expected.stage, position.stage),
        "last_capture": (expected.last_capture, position.last_capture),
        "stock": (_names(expected.stock), _names(position.stock)),
        "over": (expected.over, position.is_over),
        "shown": (
            [list(values) for values in expected.shown],
            [list(values) for values in position.shown or ((),) * position.players],
        ),
    }
    for key, (wanted_value, actual_value) in scalars.items():
        if key in given and wanted_value != actual_value:
            found.append(f"{label}: {key}: expected {wanted_value}, got {actual_value}")
    return found
