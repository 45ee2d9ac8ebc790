"""Differential fuzzing: seeded random hands played on an engine and on the reference at once.

The seeded policy (``docs/implementers.md``, "Fuzzing", states it for any language):

1. The **games** are every variant (by id, in code-point order), each with no option and
   then each of its options alone (by id), each at every player count it allows
   (ascending); ``--variant``, ``--option`` and ``--players`` narrow the list, and so does
   the engine: a game it answers ``unsupported`` (to ``legal`` and ``apply`` of the first
   position of seed 0 and to ``score`` of empty piles) is left out.
2. **Hand** ``h`` (from 0) has the seed ``s_h``, output ``h + 1`` of SplitMix64 seeded with
   the run's seed, and plays game number ``h mod G`` of the ``G`` games left. Its deck is
   ``shuffled_deck(rules, players, s_h)`` (``docs/reference/dealing.md``); the dealer is
   the last seat; the first stage is dealt as the rules say.
3. At every position, the reference's legal moves are sorted by their move notation
   (code-point order) and move number ``uniform_below(n, stream)`` is played, the stream
   being SplitMix64 seeded with ``s_h`` (a fresh stream, one draw a move).

At every position the engine's legal moves are compared with the reference's, the chosen
move is applied by both and the positions compared; at the end of the hand the scores
are compared. The first disagreement ends its hand; it is shrunk
(:mod:`~zwicker_ref.conformance.shrink`) to a minimal case of the same kind.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from zwicker_ref.conformance.fuzz_checks import (
    Finding,
    Kind,
    check_score,
    compare_apply,
    compare_legal,
)
from zwicker_ref.conformance.fuzz_clauses import finding_clauses
from zwicker_ref.conformance.reference import (
    REFERENCE,
    Engine,
    EngineFault,
    Expected,
    Outcome,
    PipelineEngine,
    Setup,
    StageDeal,
    Unsupported,
)
from zwicker_ref.conformance.shrink import Shrunk, shrink
from zwicker_ref.engine.core.dealing import (
    SPLITMIX64_INCREMENT,
    shuffled_deck,
    splitmix64,
    start_hand,
    uniform_below,
)
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.errors import ErrorCode, IllegalMoveError, LookupProblem, ZwickerError
from zwicker_ref.formats.notation import format_move, format_moves
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")

FAULT_CHECKS = 20
"""The most candidates shrinking an engine fault tries (each may restart the engine)."""


@dataclass(frozen=True, kw_only=True, slots=True, order=True)
class Game:
    """What a hand is played as: a variant, its options, a player count."""

    variant: str
    options: tuple[str, ...]
    players: int

    @property
    def label(self) -> str:
        """``zwick+option, 4 players``."""
        return f"{'+'.join((self.variant, *self.options))}, {self.players} players"


@dataclass(frozen=True, kw_only=True, slots=True)
class Failure:
    """A disagreement found in a hand, and its minimal case."""

    hand: int
    hand_seed: int
    game: Game
    ply: int
    found: Finding
    minimal: Shrunk
    clauses: tuple[str, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class HandResult:
    """What one hand did: the positions compared, the comparisons made, any disagreement."""

    hand: int
    positions: int
    requests: int
    compared: frozenset[str]
    failure: Failure | None


@dataclass(kw_only=True, slots=True)
class Summary:
    """What a fuzz run (or one shard of it) did and found.

    ``marks`` has, for each failure, the hands and positions done when its hand was
    done, counted from ``first_hand``: what merging shards needs to cut a run where one
    unsharded would have stopped.
    """

    engine: str
    seed: int
    total: int = 0
    """The hands the run was asked for (all shards together)."""
    first_hand: int = 0
    """The first hand of this part of the run (0 unless sharded)."""
    planned: int = 0
    """The hands of this part: ``total`` unless sharded."""
    shard: tuple[int, int] | None = None
    max_failures: int = 1
    jobs: int = 1
    hands: int = 0
    positions: int = 0
    requests: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    games: list[Game] = field(default_factory=list)
    unsupported: list[Game] = field(default_factory=list)
    compared: set[str] = field(default_factory=set)
    failures: list[Failure] = field(default_factory=list)
    marks: list[tuple[int, int]] = field(default_factory=list)


class Observer:
    """What a caller hears of a run while it goes (the CLI's report and progress line)."""

    def started(self, summary: Summary) -> None:
        """The games are known: the run begins."""

    def failed(self, summary: Summary, failure: Failure) -> None:
        """A disagreement was found (the last of ``summary.failures``)."""

    def hand_done(self, summary: Summary) -> None:
        """A hand was played (``summary.hands`` counts it)."""


def hand_seed(seed: int, hand: int) -> int:
    """The seed of hand ``hand``: output ``hand + 1`` of SplitMix64 seeded with ``seed``.

    SplitMix64 adds a constant to its state before each output, so the output is had
    at once from the state ``seed + hand`` constants on.
    """
    return next(splitmix64((seed + hand * SPLITMIX64_INCREMENT) % 2**64))


def shard_hands(hands: int, index: int, count: int) -> range:
    """The hands of shard ``index`` (from 1) of ``count``: a contiguous block of ``range(hands)``.

    The blocks differ in size by at most one, and together are every hand once, in order.
    """
    if not 1 <= index <= count:
        raise ValueError(f"shard {index} is not one of 1..{count}")
    return range(hands * (index - 1) // count, hands * index // count)


def games_for(
    variants: Sequence[str] = (), players: Sequence[int] = (), options: Sequence[str] = ()
) -> list[Game]:
    """The games of the policy, narrowed to the given variants, player counts and options."""
    games = []
    for variant_id in sorted(variants or variant_ids()):
        variant = load_variant(variant_id)
        ids = sorted(option.id for option in variant.options)
        choices: list[tuple[str, ...]]
        if options:
            choices = [(option,) for option in ids if option in options]
        else:
            choices = [(), *((option,) for option in ids)]
        for chosen in choices:
            try:
                rules = variant.rules_with(chosen)
            except LookupProblem:
                continue  # an option that needs another one: not playable alone
            for count in sorted(rules.player_counts):
                if not players or count in players:
                    games.append(Game(variant=variant_id, options=chosen, players=count))
    return games


class _Counting:
    """An engine that counts the requests it answers.

    Requests answered ``unsupported`` are not counted: a process engine skips what its
    ``hello`` rules out without sending it.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.name = engine.name
        self.requests = 0

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        return self._counted(partial(self.engine.start, setup, deck))

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        return self._counted(partial(self.engine.deal, setup, deck))

    def legal(self, position: Position) -> list[Move]:
        return self._counted(partial(self.engine.legal, position))

    def apply(self, position: Position, move: Move) -> Position:
        return self._counted(partial(self.engine.apply, position, move))

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        return self._counted(partial(self.engine.score, setup, captured, zwicks))

    def legal_apply_each(
        self,
        steps: Sequence[tuple[Position, Move]],
        expected: Sequence[Expected] = (),
        meanwhile: Callable[[], object] = lambda: None,
    ) -> list[Outcome]:
        """Each step's ``legal`` and ``apply`` answers (:class:`PipelineEngine`), in order.

        An engine that cannot be sent them at once is asked one request at a time (and
        ``meanwhile`` is called after its answers).
        """
        if isinstance(self.engine, PipelineEngine):
            outcomes = self.engine.legal_apply_each(steps, expected, meanwhile)
            self.requests += sum(not isinstance(o, Unsupported) for o in outcomes)
            return outcomes
        answers: list[Outcome] = []
        try:
            for position, move in steps:
                for call in (partial(self.legal, position), partial(self.apply, position, move)):
                    try:
                        answers.append(call())
                    except ZwickerError as error:
                        answers.append(error)
                        if isinstance(error, EngineFault):
                            return answers
        finally:
            meanwhile()
        return answers

    def _counted(self, call: Callable[[], T]) -> T:
        try:
            result = call()
        except Unsupported:
            raise
        except ZwickerError:
            self.requests += 1  # answered: an illegal move, a fault
            raise
        self.requests += 1
        return result


def first_position(game: Game, hand_seed: int) -> Position:
    """The position after the first deal of a hand of ``game`` from ``hand_seed``."""
    variant = load_variant(game.variant)
    deck = shuffled_deck(variant.rules_with(game.options), game.players, hand_seed)
    return start_hand(variant, game.players, game.players - 1, deck, game.options)


def policy_moves(position: Position) -> list[Move]:
    """The reference's legal moves in the policy's order: by move notation, code points."""
    return sorted(REFERENCE.legal(position), key=format_move)


def fuzz(
    engine: Engine,
    hands: int,
    *,
    seed: int = 0,
    games: Sequence[Game] | None = None,
    max_failures: int = 1,
    shard: tuple[int, int] | None = None,
    jobs: int = 1,
    factory: Callable[[], Engine] | None = None,
    workers: ProcessPoolExecutor | None = None,
    observer: Observer | None = None,
    stop: Callable[[], bool] = lambda: False,
) -> Summary:
    """Play ``hands`` seeded random hands on ``engine`` and the reference; shrink what differs.

    ``shard`` ``(K, N)`` plays only the K-th of N blocks of the hands (:func:`shard_hands`).
    With ``jobs`` above 1 the hands are played by ``engine`` here and by ``jobs - 1``
    worker processes, each with an engine made by ``factory``; the results are taken in
    hand order, so the summary is the one ``jobs=1`` gives. ``workers`` are those
    workers started already (:func:`~zwicker_ref.conformance.fuzz_jobs.start_workers`),
    shut down when the run ends; without them they are started here. The run
    stops after ``max_failures`` disagreements, or when ``stop()`` turns true (checked
    after each hand: the summary is then marked interrupted).
    """
    started = time.perf_counter()
    observer = observer or Observer()
    counting = _Counting(engine)
    part = range(hands) if shard is None else shard_hands(hands, *shard)
    summary = Summary(
        engine=engine.name,
        seed=seed,
        total=hands,
        first_hand=part.start,
        planned=len(part),
        shard=shard,
        max_failures=max_failures,
        jobs=jobs,
    )
    from zwicker_ref.conformance import fuzz_jobs  # it imports this module

    pool = workers
    if pool is None and jobs > 1 and factory is not None and len(part) > 1:
        pool = fuzz_jobs.start_workers(factory, jobs - 1)
    try:
        summary.games, summary.unsupported = _supported(counting, games or games_for())
        summary.engine = engine.name  # a process engine's name comes from its hello
        summary.requests = counting.requests
        observer.started(summary)
        if summary.games and len(part):
            if pool is not None and len(part) > 1:
                results = fuzz_jobs.hands_in_workers(
                    pool, jobs - 1, summary.games, seed, part, max_failures, counting
                )
            else:
                results = _hands_here(counting, summary.games, seed, part)
            try:
                for result in results:
                    _count_hand(summary, result, observer)
                    if len(summary.failures) >= max_failures:
                        break
                    if stop() and summary.hands < len(part):
                        summary.interrupted = True
                        break
            finally:
                results.close()
    finally:
        ended = time.perf_counter()  # the workers' engines are closed after, as is engine
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    summary.seconds = ended - started
    return summary


def _count_hand(summary: Summary, result: HandResult, observer: Observer) -> None:
    summary.hands += 1
    summary.positions += result.positions
    summary.requests += result.requests
    summary.compared |= result.compared
    if result.failure is not None:
        summary.failures.append(result.failure)
        summary.marks.append((summary.hands, summary.positions))
        observer.failed(summary, result.failure)
    observer.hand_done(summary)


def _hands_here(
    engine: _Counting, games: Sequence[Game], seed: int, part: range
) -> Generator[HandResult, None, None]:
    for hand in part:
        yield play_hand(engine, games, seed, hand)


def play_hand(engine: Engine, games: Sequence[Game], seed: int, hand: int) -> HandResult:
    """Play hand number ``hand`` of the run with ``seed`` over ``games`` on the engine."""
    counting = engine if isinstance(engine, _Counting) else _Counting(engine)
    before = counting.requests
    compared: set[str] = set()
    seed_of_hand = hand_seed(seed, hand)
    game = games[hand % len(games)]
    positions, ply, found = _play(counting, compared, game, seed_of_hand)
    failure = None
    if found is not None:
        failure = _failure(counting, hand, seed_of_hand, game, ply, found)
    return HandResult(
        hand=hand,
        positions=positions,
        requests=counting.requests - before,
        compared=frozenset(compared),
        failure=failure,
    )


def _supported(engine: Engine, games: Sequence[Game]) -> tuple[list[Game], list[Game]]:
    """The games the engine answers, and the rest.

    A game is kept if the engine answers anything but ``unsupported`` to ``legal`` or
    ``apply`` of its first position, or to ``score`` of empty piles (then only the scores
    of the hands are compared). After an engine fault no more games are probed (each
    probe could cost a restart or a timeout): the rest are kept, and the fault is found
    again, and reported, in play.
    """
    kept: list[Game] = []
    dropped: list[Game] = []
    for index, game in enumerate(games):
        position = first_position(game, 0)
        setup = Setup(variant=game.variant, options=game.options, players=game.players, dealer=0)
        empty = [()] * position.sides
        probes: list[Callable[[], object]] = [
            partial(engine.legal, position),
            partial(engine.apply, position, policy_moves(position)[0]),
            partial(engine.score, setup, empty, [0] * position.sides),
        ]
        answers = set()
        for probe in probes:
            answers.add(_answer(probe))
            if answers & {"answered", "fault"}:
                break  # supported: the other probes are not needed
        if "fault" in answers:
            return [*kept, *games[index:]], dropped
        (kept if "answered" in answers else dropped).append(game)
    return kept, dropped


def _answer(probe: Callable[[], object]) -> str:
    """``unsupported``, ``fault`` or ``answered`` (an illegal move is an answer)."""
    try:
        probe()
    except Unsupported:
        return "unsupported"
    except EngineFault:
        return "fault"
    except ZwickerError:
        return "answered"
    return "answered"


WINDOW = 8
"""Positions whose ``legal`` and ``apply`` are sent to a pipelining engine at once."""


@dataclass(frozen=True, slots=True)
class _Step:
    """A position of the hand as the reference plays it: the move, and what the reference says."""

    position: Position
    move: Move
    expected: Expected


class _Hand:
    """A hand as the policy plays it on the reference, taken a few positions at a time."""

    def __init__(self, game: Game, seed_of_hand: int) -> None:
        self.position = first_position(game, seed_of_hand)
        """The first position not yet taken (the last of the hand once all are)."""
        self._stream = splitmix64(seed_of_hand)

    def take(self, count: int) -> list[_Step]:
        """The next ``count`` positions of the hand (fewer at its end), each with its move.

        The policy's order of the moves is their canonical notation's, which is also what
        an engine's listing is compared with.
        """
        steps: list[_Step] = []
        position = self.position
        while len(steps) < count and not position.is_over:
            legal = REFERENCE.legal(position)
            texts = format_moves(legal)
            order = sorted(range(len(legal)), key=texts.__getitem__)
            move = legal[order[uniform_below(len(order), self._stream)]]
            after = REFERENCE.apply(position, move)
            expected = Expected(moves=legal, texts=[texts[at] for at in order], after=after)
            steps.append(_Step(position, move, expected))
            position = after
        self.position = position
        return steps

    def take_into(self, steps: list[_Step], count: int) -> None:
        """Add the next ``count`` positions to ``steps`` (:meth:`take`)."""
        steps.extend(self.take(count))


def _play(
    engine: _Counting, compared: set[str], game: Game, seed_of_hand: int
) -> tuple[int, int, Finding | None]:
    """The positions compared, the ply reached, and the first disagreement (or None).

    A window of positions is sent to the engine at once where it pipelines; while it
    answers, the reference plays the next window's positions (the work of the two
    processes overlaps, and no position past a disagreement's window is sent).
    """
    hand = _Hand(game, seed_of_hand)
    size = WINDOW if isinstance(engine.engine, PipelineEngine) else 1
    window = hand.take(size)
    done = 0
    while window:
        upcoming: list[_Step] = []
        answers: list[Outcome | None] = list(
            engine.legal_apply_each(
                [(step.position, step.move) for step in window],
                [step.expected for step in window],
                meanwhile=partial(hand.take_into, upcoming, size),
            )
        )
        answers += [None] * (2 * len(window) - len(answers))  # none after a fault
        for offset, step in enumerate(window):
            listed, after = answers[2 * offset], answers[2 * offset + 1]
            if isinstance(listed, IllegalMoveError):  # not an answer to legal
                listed = EngineFault(ErrorCode.ENGINE_FAULT, f"an error answer to legal: {listed}")
            expected = step.expected
            found = _judge(
                compared, "legal", listed, partial(compare_legal, step.position, expected.moves)
            )
            if found is None and not isinstance(listed, EngineFault):
                found = _judge(
                    compared,
                    "apply",
                    after,
                    partial(compare_apply, step.position, step.move, expected.after),
                )
            if found is not None:
                return done + offset + 1, done + offset, found
        done += len(window)
        window = upcoming
    last = hand.position
    setup = Setup(
        variant=game.variant, options=game.options, players=game.players, dealer=last.dealer
    )
    found = _compare(
        compared, "score", partial(check_score, engine, setup, last.captured, last.zwicks)
    )
    return done, done, found


def _judge(
    compared: set[str], op: str, answer: Outcome | None, compare: Callable[[Any], Finding | None]
) -> Finding | None:
    """Compare one answer; an ``unsupported`` answer skips it (and is no finding)."""
    if answer is None or isinstance(answer, Unsupported):
        return None
    if isinstance(answer, ZwickerError) and not isinstance(answer, (EngineFault, IllegalMoveError)):
        return None  # an error the comparison cannot use: the engine does not support it
    compared.add(op)
    return compare(answer)


def _compare(compared: set[str], op: str, check: Callable[[], Finding | None]) -> Finding | None:
    """Run one comparison; an ``unsupported`` answer skips it (and is no finding)."""
    try:
        found = check()
    except Unsupported:
        return None
    compared.add(op)
    return found


def _failure(
    engine: Engine, hand: int, hand_seed: int, game: Game, ply: int, found: Finding
) -> Failure:
    limit = FAULT_CHECKS if found.kind is Kind.FAULT else None
    minimal = shrink(engine, found) if limit is None else shrink(engine, found, limit)
    variant = load_variant(game.variant)
    clauses = finding_clauses(variant, minimal.finding) or finding_clauses(variant, found)
    return Failure(
        hand=hand,
        hand_seed=hand_seed,
        game=game,
        ply=ply,
        found=found,
        minimal=minimal,
        clauses=clauses,
    )
