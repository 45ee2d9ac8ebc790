"""The engine interface the scenario runner drives, and the reference engine.

An engine answers five requests, the ones the corpus asks: deal a hand from a deck order
(``start`` and ``deal``), list a position's legal moves, apply a move (the next position,
or the error code of an illegal move), and score finished captured piles. The reference
interpreter is one engine (:class:`ReferenceEngine`); an engine in another language is
driven over the JSON-lines protocol of :mod:`zwicker_ref.protocol`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from zwicker_ref.engine.dealing import deal_next_stage, start_hand
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.engine.legality import check_move
from zwicker_ref.engine.moves import Capture, Move
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.engine.position import Position
from zwicker_ref.engine.scoring import SideScore, score_hand
from zwicker_ref.errors import ErrorCode, ZwickerError
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

    def legal_then_apply(self, position: Position, move: Move) -> tuple[list[Move], Position]:
        """The legal moves of ``position`` and the position after ``move``, asked together.

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

    The last ply of a perft walk needs only how many moves each position has.
    """

    def count_each(self, positions: Sequence[Position]) -> list[int]:
        """How many legal moves each position has."""


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

    def legal_then_apply(self, position: Position, move: Move) -> tuple[list[Move], Position]:
        """The legal moves of ``position``, and the position after ``move``.

        The move is checked against the moves just listed (:meth:`apply_listed`).
        """
        moves = self.legal(position)
        return moves, self.apply_listed(position, move, set(moves))

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
