"""Legal-move generation: every legal move of a position, under the canonical identities.

``legal_moves(position)`` is a view of the position's legal moves, in the style of
python-chess's ``board.legal_moves``: iterate it for each legal move once, in canonical
order; ``len()`` counts them without building every capture; ``move in legal`` checks
one move by the rules of :mod:`~zwicker_ref.engine.legality`; it is true when there is a
move. Positions' move sets and counts can so be compared across engines (as chess
engines compare perft counts). The rules come only from the variant's named parameters.

Moves come directly in canonical order (docs/reference/moves.md): trails, then captures,
then builds; within each by played card in card order, then by the sorted captured
items, or by target (none first), value and owner. The parts of the rule are in
:mod:`~zwicker_ref.engine.move_context` and the modules it names.
"""

from __future__ import annotations

from collections.abc import Iterator

from zwicker_ref.engine.legality import is_legal
from zwicker_ref.engine.move_context import MoveContext
from zwicker_ref.engine.moves import Move, Trail
from zwicker_ref.engine.position import Position


class LegalMoves:
    """The legal moves of one position: iterate, count, test membership, test for any.

    The view computes nothing until asked, and lists the moves at most once.
    """

    __slots__ = ("_listed", "position")

    def __init__(self, position: Position) -> None:
        self.position = position
        self._listed: list[Move] | None = None

    def __iter__(self) -> Iterator[Move]:
        if self._listed is None:
            self._listed = _list_moves(self.position)
        return iter(self._listed)

    def __len__(self) -> int:
        if self._listed is not None:
            return len(self._listed)
        return count_legal_moves(self.position)

    def count(self) -> int:
        """How many legal moves there are (without building every capture)."""
        return len(self)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and is_legal(self.position, move)

    def __bool__(self) -> bool:
        if self._listed is not None:
            return bool(self._listed)
        return any_legal_move(self.position)

    def __repr__(self) -> str:
        position = self.position
        return f"<LegalMoves of a {position.variant} position, seat {position.to_move} to move>"


def legal_moves(position: Position) -> LegalMoves:
    """The legal moves of the seat to move: a view to iterate (canonical order), count or test."""
    return LegalMoves(position)


def _list_moves(position: Position) -> list[Move]:
    """Every legal move of the seat to move, once each, in canonical order.

    Trails first, then each card's captures, then each card's builds.
    """
    if position.is_over:
        return []
    context = MoveContext(position)
    cards = context.cards
    after_trail = context.obligation.after_trail
    moves: list[Move] = [Trail(card) for card in cards if after_trail(card)]
    captures = context.captures
    for card in cards:
        moves += captures.legal(card)
    builds = context.builds
    for card in cards:
        moves += builds.legal(card)
    return moves


def any_legal_move(position: Position) -> bool:
    """True when the seat to move has a legal move (a trail nearly always is one)."""
    if position.is_over:
        return False
    context = MoveContext(position)
    cards = context.cards
    after_trail = context.obligation.after_trail
    return (
        any(after_trail(card) for card in cards)
        or any(context.captures.legal(card) for card in cards)
        or any(context.builds.legal(card) for card in cards)
    )


def count_legal_moves(position: Position) -> int:
    """How many legal moves the position has (without building every capture)."""
    if position.is_over:
        return 0
    context = MoveContext(position)
    after_trail = context.obligation.after_trail
    total = 0
    for card in context.cards:
        total += after_trail(card)
        total += context.captures.count(card)
        total += len(context.builds.legal(card))
    return total
