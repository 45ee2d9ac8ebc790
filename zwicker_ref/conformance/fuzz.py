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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from zwicker_ref.conformance.fuzz_checks import (
    Finding,
    Kind,
    check_apply,
    check_legal,
    check_score,
)
from zwicker_ref.conformance.reference import (
    REFERENCE,
    Engine,
    EngineFault,
    Setup,
    StageDeal,
    Unsupported,
)
from zwicker_ref.conformance.shrink import Shrunk, shrink
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.errors import LookupProblem, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

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


@dataclass(kw_only=True, slots=True)
class Summary:
    """What a fuzz run did and found."""

    engine: str
    seed: int
    hands: int = 0
    positions: int = 0
    requests: int = 0
    seconds: float = 0.0
    games: list[Game] = field(default_factory=list)
    unsupported: list[Game] = field(default_factory=list)
    compared: set[str] = field(default_factory=set)
    failures: list[Failure] = field(default_factory=list)


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
) -> Summary:
    """Play ``hands`` seeded random hands on ``engine`` and the reference; shrink what differs."""
    started = time.perf_counter()
    counting = _Counting(engine)
    summary = Summary(engine=engine.name, seed=seed)
    summary.games, summary.unsupported = _supported(counting, games or games_for())
    seeds = splitmix64(seed)
    for hand in range(hands if summary.games else 0):
        hand_seed = next(seeds)
        game = summary.games[hand % len(summary.games)]
        failure = _play_hand(counting, summary, hand, hand_seed, game)
        summary.hands += 1
        if failure is not None:
            summary.failures.append(failure)
            if len(summary.failures) >= max_failures:
                break
    summary.requests = counting.requests
    summary.engine = engine.name  # a process engine's name comes from its hello
    summary.seconds = time.perf_counter() - started
    return summary


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


def _play_hand(
    engine: Engine, summary: Summary, hand: int, hand_seed: int, game: Game
) -> Failure | None:
    position = first_position(game, hand_seed)
    stream = splitmix64(hand_seed)
    ply = 0
    while not position.is_over:
        summary.positions += 1
        found = _compare(summary, "legal", partial(check_legal, engine, position))
        moves = policy_moves(position)
        move = moves[uniform_below(len(moves), stream)]
        if found is None:
            found = _compare(summary, "apply", partial(check_apply, engine, position, move))
        if found is not None:
            return _failure(engine, hand, hand_seed, game, ply, found)
        position = REFERENCE.apply(position, move)
        ply += 1
    setup = Setup(
        variant=game.variant, options=game.options, players=game.players, dealer=position.dealer
    )
    found = _compare(
        summary, "score", partial(check_score, engine, setup, position.captured, position.zwicks)
    )
    return None if found is None else _failure(engine, hand, hand_seed, game, ply, found)


def _compare(summary: Summary, op: str, check: Callable[[], Finding | None]) -> Finding | None:
    """Run one comparison; an ``unsupported`` answer skips it (and is no finding)."""
    try:
        found = check()
    except Unsupported:
        return None
    summary.compared.add(op)
    return found


def _failure(
    engine: Engine, hand: int, hand_seed: int, game: Game, ply: int, found: Finding
) -> Failure:
    limit = FAULT_CHECKS if found.kind is Kind.FAULT else None
    minimal = shrink(engine, found) if limit is None else shrink(engine, found, limit)
    variant = load_variant(game.variant)
    areas = minimal.finding.areas or found.areas
    clauses = tuple(clause.id for clause in variant.clauses if clause.id.startswith(areas))
    return Failure(
        hand=hand,
        hand_seed=hand_seed,
        game=game,
        ply=ply,
        found=found,
        minimal=minimal,
        clauses=clauses,
    )
