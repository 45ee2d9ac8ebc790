"""The engine interface the scenario runner drives, and the reference engine.

An engine answers five requests, the ones the corpus asks: deal a hand from a deck order
(``start`` and ``deal``), list a position's legal moves, apply a move (the next position,
or the error code of an illegal move), and score finished captured piles. The reference
interpreter is one engine (:class:`ReferenceEngine`); an engine in another language is
driven over the JSON-lines protocol of :mod:`zwicker_ref.protocol`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from zwicker_ref.engine.check.legality import check_move
from zwicker_ref.engine.core.dealing import deal_next_stage, start_hand
from zwicker_ref.engine.core.moves import Capture, Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import SideScore, score_hand
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.replay import Apply
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant


class Unsupported(ZwickerError):
    """The engine does not support this request or variant: the case is skipped, not failed."""


class EngineFault(ZwickerError):
    """The engine crashed, hung, or answered something that is not a valid answer."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Setup:
    """What a deal needs: the variant, its options, the players and the dealer's seat."""

    variant: str
    options: tuple[str, ...]
    players: int
    dealer: int


@dataclass(frozen=True, kw_only=True, slots=True)
class StageDeal:
    """The hands (by seat) and the table after one stage of a deal."""

    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]


class Engine(Protocol):
    """What the scenario runner asks of an engine."""

    name: str

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        """The position after the first stage is dealt from ``deck`` (top first)."""

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        """The hands and table after each stage, dealing the whole deck with no play."""

    def legal(self, position: Position) -> list[Move]:
        """Every legal move of the position."""

    def apply(self, position: Position, move: Move) -> Position:
        """The position after ``move``; IllegalMoveError with its code if it is illegal."""

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        """The scores by side of a finished hand with these captured piles and zwicks.

        Each side's seats, cards and zwicks are the ones asked about; the engine states the
        points.
        """


@runtime_checkable
class BatchEngine(Protocol):
    """An engine that also answers for many positions at once.

    A perft walk asks for a whole ply of positions at a time; an engine behind a pipe
    can then be sent them all before its answers are read. The answers are the ones
    :meth:`Engine.legal` and :meth:`Engine.apply` give, position by position, in order.
    """

    def legal_each(self, positions: Sequence[Position]) -> list[list[Move]]:
        """The legal moves of each position."""

    def expand_each(self, positions: Sequence[Position]) -> list[list[tuple[Move, Position]]]:
        """Each position's legal moves, each with the position it leads to."""

    def count_then_apply(self, position: Position, move: Move) -> tuple[int, Position]:
        """How many legal moves ``position`` has and the position after ``move``, together.

        A game scenario that states the number of legal moves before a move asks both.
        """


@runtime_checkable
class TextEngine(Protocol):
    """An engine whose legal moves can also be had in canonical notation.

    Two canonical texts are the same move exactly when they are the same text, and
    checking that a text is canonical costs a fraction of building its move: a runner
    that only compares and counts a position's moves asks for these.
    """

    def legal_texts(self, position: Position) -> list[str]:
        """Every legal move of the position, in canonical notation."""


@runtime_checkable
class CountingEngine(Protocol):
    """An engine that counts a position's legal moves without listing them.

    The last ply of a perft walk needs only how many moves each position has. An engine
    behind the protocol counts with ``count`` where its ``hello`` lists it, and lists
    otherwise: the count is the number of moves ``legal`` lists.
    """

    def count_each(self, positions: Sequence[Position]) -> list[int]:
        """How many legal moves each position has."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Played:
    """A list of moves played by an engine at once, from a position (its ``play``).

    Each move played has the number of legal moves before it and the position after it;
    the engine stops at the first move it refuses, with the error it gives.
    """

    counts: tuple[int | None, ...]
    """How many legal moves there were before each move played, where it was asked."""
    positions: tuple[Position, ...]
    """The position after each move played."""
    refusal: IllegalMoveError | None = None
    """Why the move after the last one played was not played (None: every move was)."""

    def in_turn(self, listed: dict[int, int] | None = None) -> Apply:
        """The moves played, given back one by one as the engine's ``apply`` would.

        Each number of legal moves asked is kept in ``listed``, by move number (from 1).
        Replayed move by move (:func:`~zwicker_ref.formats.replay.replay_moves`), what
        the engine played is checked as if each move had just been asked, so the first
        difference found is the one found asking a move at a time; the move the engine
        refused raises its error.
        """
        numbers = itertools.count(1)  # replay_moves plays the moves in order, each once

        def apply(_position: Position, _move: Move) -> Position:
            number = next(numbers)
            if number > len(self.positions):
                assert self.refusal is not None  # the engine answers every move it is sent
                raise self.refusal
            count = self.counts[number - 1]
            if listed is not None and count is not None:
                listed[number] = count
            return self.positions[number - 1]

        return apply


@runtime_checkable
class PlayingEngine(Protocol):
    """An engine that plays a list of moves itself, one after another (its ``play``).

    A game scenario plays a hand's moves from its deal; such an engine is sent them all
    at once instead of a move at a time.
    """

    def play(
        self, position: Position, moves: Sequence[Move], counted: Collection[int]
    ) -> Played | None:
        """The moves played from ``position``; None if the engine does not answer ``play``.

        The number of legal moves is asked before each move whose index (from 0) is in
        ``counted``.
        """


def played_at_once(
    engine: Engine, position: Position, moves: Sequence[Move], counted: Collection[int] = ()
) -> Played | None:
    """The moves played by the engine's ``play`` (:class:`PlayingEngine`), sent at once.

    None if the engine has no ``play``: the moves are then asked a move at a time.
    """
    if not isinstance(engine, PlayingEngine):
        return None
    return engine.play(position, moves, counted)


@runtime_checkable
class ListingPerftEngine(Protocol):
    """An engine asked for a position's legal moves and its perft counts together.

    A scenario with a perft suite asks both of one position: behind a pipe they go in
    one message, which can be sent before the scenario runs (:class:`AheadEngine`).
    """

    def legal_texts_and_perft(
        self, position: Position, depth: int
    ) -> tuple[list[str], tuple[list[Move], list[list[int]]] | None]:
        """:meth:`TextEngine.legal_texts` and :meth:`PerftEngine.perft_divide`, at once.

        The two answers are read in that order, and checked as those read them.
        """


@runtime_checkable
class PerftEngine(Protocol):
    """An engine that walks a perft tree itself and answers the counts (its ``perft``).

    A perft suite compares only how many move sequences there are, under each first
    move; such an engine is asked for them at once instead of a ply at a time.
    """

    def perft_divide(
        self, position: Position, depth: int
    ) -> tuple[list[Move], list[list[int]]] | None:
        """The root's legal moves, and the move sequences under each at each depth.

        As :func:`~zwicker_ref.conformance.runner.perft_counts` gives them, for each depth
        from 1 to ``depth``; None if the engine does not answer ``perft``.
        """


class ReferenceEngine:
    """The reference interpreter as an engine."""

    name = "zwicker-ref"

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        """The position after the first stage is dealt."""
        variant = load_variant(setup.variant)
        return start_hand(variant, setup.players, setup.dealer, deck, setup.options)

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        """Every stage of the deal, with no play between stages (the table accumulates)."""
        position = self.start(setup, deck)
        stages = [_stage(position)]
        while position.stock:
            position = deal_next_stage(replace(position, hands=tuple(() for _ in position.hands)))
            stages.append(_stage(position))
        return stages

    def legal(self, position: Position) -> list[Move]:
        """The canonical legal moves."""
        return list(legal_moves(position))

    def apply(self, position: Position, move: Move) -> Position:
        """Check and play one move."""
        return apply_legal(position, check_move(position, move))

    def apply_listed(self, position: Position, move: Move, listed: Collection[Move]) -> Position:
        """:meth:`apply`, for a move that may be one of ``listed``.

        ``listed`` are the moves :meth:`legal` has just listed for ``position``. Such a
        move, stated with nothing the listing does not state (no capture value or groups
        to verify, no seat but the mover's), is legal: generation and checking agree
        (``tests/test_legality.py``), so it is played without checking it again. Any
        other move is checked as :meth:`apply` checks it.
        """
        plain = (move.seat is None or move.seat == position.to_move) and not (
            isinstance(move, Capture) and (move.value is not None or move.groups is not None)
        )
        if plain and move in listed:
            return apply_legal(position, move)
        return self.apply(position, move)

    def count_then_apply(self, position: Position, move: Move) -> tuple[int, Position]:
        """How many legal moves ``position`` has, and the position after ``move``.

        The move is checked against the moves just listed (:meth:`apply_listed`).
        """
        moves = self.legal(position)
        return len(moves), self.apply_listed(position, move, set(moves))

    def legal_each(self, positions: Sequence[Position]) -> list[list[Move]]:
        """The canonical legal moves of each position."""
        return [self.legal(position) for position in positions]

    def count_each(self, positions: Sequence[Position]) -> list[int]:
        """How many legal moves each position has, counted without listing them."""
        return [count_legal_moves(position) for position in positions]

    def expand_each(self, positions: Sequence[Position]) -> list[list[tuple[Move, Position]]]:
        """Each position's legal moves, each with the position after it.

        The moves are played without :func:`check_move`: they are the ones just listed
        for that very position, so checking them again would only repeat the listing.
        """
        return [
            [(move, apply_legal(position, move)) for move in legal_moves(position)]
            for position in positions
        ]

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        """Score a finished hand."""
        rules = load_variant(setup.variant).rules_with(setup.options)
        sides = rules.sides_for(setup.players)
        if len(captured) != sides or len(zwicks) != sides:
            raise ZwickerError(
                ErrorCode.INVALID_POSITION, f"captured and zwicks must list {sides} sides"
            )
        piles = tuple(tuple(pile) for pile in captured)
        # Sides 0 and 1 of a partnership are led by seats 0 and 1; otherwise seat = side.
        last = next((side for side, pile in enumerate(piles) if pile), None)
        position = Position(
            variant=setup.variant,
            options=setup.options,
            players=setup.players,
            dealer=setup.dealer,
            to_move=0,
            stage=1,
            hands=tuple(() for _ in range(setup.players)),
            table=(),
            stock=(),
            captured=piles,
            zwicks=tuple(zwicks),
            last_capture=last,
            rules=rules,
        )
        return list(score_hand(position).sides)


def _stage(position: Position) -> StageDeal:
    return StageDeal(
        hands=position.hands,
        table=tuple(item for item in position.table if isinstance(item, Card)),
    )


REFERENCE = ReferenceEngine()
"""The reference engine (stateless, shared)."""


Outcome = list[Move] | Position | ZwickerError
"""One answer of a pipelined exchange: the moves listed, the position after a move, or
the error the request gave (IllegalMoveError, Unsupported, EngineFault)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Expected:
    """What the reference answers to one step of a pipelined exchange (:class:`PipelineEngine`)."""

    moves: list[Move]
    """The legal moves of the step's position."""
    texts: list[str]
    """Their canonical notation, sorted by code points."""
    after: Position
    """The position after the step's move."""


@runtime_checkable
class PipelineEngine(Protocol):
    """An engine that can be sent several ``legal`` and ``apply`` requests before answering.

    The fuzzer knows a hand's positions and moves before the engine answers (the
    reference plays them): an engine behind a pipe is sent a window of them at once, and
    its answers are read in order.
    """

    def legal_apply_each(
        self,
        steps: Sequence[tuple[Position, Move]],
        expected: Sequence[Expected] = (),
        meanwhile: Callable[[], object] = lambda: None,
    ) -> list[Outcome]:
        """For each step, the answer to ``legal`` of its position, then to ``apply`` of its move.

        Two outcomes a step, in order; an EngineFault is the last outcome (the engine
        was stopped, and nothing after it was answered). ``expected`` may give what the
        reference answers to each step: an answer that states exactly that may be taken
        for it (the very moves and position of ``expected``) without being read in full.
        ``meanwhile`` is called once, after the requests are sent and before their
        answers are read: the caller's own work, done while the engine answers.
        """


@runtime_checkable
class AheadEngine(Protocol):
    """An engine that can be sent a scenario's first requests before the scenario runs.

    Behind a pipe, the engine then answers the scenarios to come while the runner reads
    the corpus and checks the answers of the one under way
    (:class:`~zwicker_ref.conformance.runner.ScenarioQueue`).
    """

    def offer(self, run: Callable[[], object]) -> None:
        """A run to come (a scenario against this engine), after those offered before."""

    def begin(self, owner: int) -> None:
        """Run ``owner`` (from 0, in the order offered) starts."""

    def forget_runs(self) -> None:
        """No more runs: those offered are forgotten."""
