"""Replaying a game: the one loop behind game records, game scenarios and walkthroughs.

A game is a start position and a list of moves, each with the seat that made it (or no
seat). :func:`replay_moves` plays them one by one with the ``apply`` it is given (the
reference's, or another engine's), checking before each move that the hand is not over
and that the move's seat is the seat to move, and yields every move played with the
position before and after it. The first thing that goes wrong is a :class:`ReplayError`
that names the move by its number and notation, in the same words wherever a game is
replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.notation import format_move

Apply = Callable[[Position, Move], Position]
"""How a move is played: the reference's ``play``, or an engine's ``apply``."""


class ReplayError(ZwickerError):
    """A game that does not replay: a move out of turn, after the end, or illegal."""

    def __init__(self, message: str) -> None:
        super().__init__(ErrorCode.RECORD_MISMATCH, message)


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayedMove:
    """One move of a replayed game, with the positions around it."""

    number: int
    """1 for the first move."""
    seat: int
    move: Move
    before: Position
    after: Position

    @property
    def dealt(self) -> bool:
        """True when a new stage was dealt after this move."""
        return self.after.stage != self.before.stage


def replay_moves(
    start: Position, moves: Iterable[tuple[int | None, Move]], apply: Apply
) -> Iterator[PlayedMove]:
    """Play ``moves`` (each with its seat, or None) from ``start`` with ``apply``."""
    position = start
    for number, (seat, move) in enumerate(moves, start=1):
        label = f"move {number} ({format_move(move)})"
        if position.is_over:
            raise ReplayError(f"{label}: the hand is already over")
        if seat is not None and seat != position.to_move:
            raise ReplayError(
                f"{label}: recorded for seat {seat}, but seat {position.to_move} is to move"
            )
        try:
            after = apply(position, move)
        except IllegalMoveError as error:
            # The position in one line, as the error of check_move names it (an engine
            # that is not the reference may leave it out).
            where = error.position or position.compact()
            raise ReplayError(
                f"{label}: illegal [{error.code}]: {error.message}; in {where}"
            ) from None
        yield PlayedMove(
            number=number, seat=position.to_move, move=move, before=position, after=after
        )
        position = after


def require_finished(position: Position) -> None:
    """Raise :class:`ReplayError` unless the hand has been played out."""
    if not position.is_over:
        raise ReplayError(
            f"the moves end before the hand is over (seat {position.to_move} to move)"
        )
