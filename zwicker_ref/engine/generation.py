"""Legal-move generation: every legal move of a position, under the canonical identities.

``legal_moves(position)`` is a view of the position's legal moves, in the style of
python-chess's ``board.legal_moves``: iterate it for each legal move once, in canonical
order; ``len()`` counts them without building every capture; ``legal[k]`` is the k-th
of that order, made alone (a random player takes one move of many); ``move in legal``
checks one move by the rules of :mod:`~zwicker_ref.engine.check.legality`; it is true when
there is a move. Positions' move sets and counts can so be compared across engines (as chess
engines compare perft counts). The rules come only from the variant's named parameters.

Moves come directly in canonical order (docs/reference/moves.md): trails, then captures,
then builds; within each by played card in card order, then by the sorted captured
items, or by target (none first), value and owner. The listing is
:mod:`~zwicker_ref.engine.listing.listing`'s (the rule on small integers, made for speed); checking
one move is :mod:`~zwicker_ref.engine.check.legality`'s, through the parts of the rule in
:mod:`~zwicker_ref.engine.check.move_context`. The two are held to each other and to the
brute-force definition of the tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import overload

from zwicker_ref.engine.check.legality import is_legal
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.listing.listing import MoveIndex, count_moves, has_moves, list_moves


class LegalMoves:
    """The legal moves of one position: iterate, count, index, test membership, test for any.

    The view computes nothing until asked, and lists the moves at most once. Counting
    numbers the moves (:class:`~zwicker_ref.engine.listing.listing.MoveIndex`) without making
    them, and indexing then makes only the move asked for.
    """

    __slots__ = ("_indexed", "_listed", "position")

    def __init__(self, position: Position) -> None:
        self.position = position
        self._listed: list[Move] | None = None
        self._indexed: MoveIndex | None = None

    def __iter__(self) -> Iterator[Move]:
        if self._listed is None:
            self._listed = list_moves(self.position)
        return iter(self._listed)

    def __len__(self) -> int:
        if self._listed is not None:
            return len(self._listed)
        return self._index().count

    @overload
    def __getitem__(self, number: int) -> Move: ...

    @overload
    def __getitem__(self, number: slice) -> list[Move]: ...

    def __getitem__(self, number: int | slice) -> Move | list[Move]:
        """The legal move numbered ``number`` in canonical order (negative: from the end)."""
        if isinstance(number, slice):
            return list(self)[number]
        if self._listed is not None:
            return self._listed[number]
        index = self._index()
        found = number + index.count if number < 0 else number
        if not 0 <= found < index.count:
            raise IndexError(
                f"legal move index {number} is out of range: there are {index.count} legal moves"
            )
        return index.move(found)

    def _index(self) -> MoveIndex:
        if self._indexed is None:
            self._indexed = MoveIndex(self.position)
        return self._indexed

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


def any_legal_move(position: Position) -> bool:
    """True when the seat to move has a legal move (a trail nearly always is one)."""
    return has_moves(position)


def count_legal_moves(position: Position) -> int:
    """How many legal moves the position has (without building every capture)."""
    return count_moves(position)
