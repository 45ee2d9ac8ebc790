"""What every part of checking one move reads of the position: the seat to move and its turn.

The capture and build options (:mod:`~zwicker_ref.engine.check.capture_options`,
:mod:`~zwicker_ref.engine.check.build_options`) read a :class:`Turn`;
:class:`~zwicker_ref.engine.check.move_context.MoveContext` is a turn that also holds those
options. Keeping what they read in its own class lets the options depend on it without
depending on the context that holds them.
"""

from __future__ import annotations

from zwicker_ref.engine.check.obligation import OwnerObligation
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.values import ValueTable, value_table


class Turn:
    """One position seen from the seat to move: its hand, the table, values and obligation."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.rules = position.rules
        self.values: ValueTable = value_table(self.rules)
        self.mover = position.to_move
        self.hand = position.hands[self.mover]
        """The mover's cards."""
        self.table = position.table
        """The table items (a position keeps them in canonical order)."""
        self.obligation = OwnerObligation(position, self.values)
        """The owner obligation of this position."""
