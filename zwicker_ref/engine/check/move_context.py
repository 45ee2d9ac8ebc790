"""One position seen from the seat to move, as checking one move reads it.

The legal-move rule of RULINGS.md reads in four parts, and so does this package:

1. **Trail** — any card may be played to the table, if the owner obligation still holds.
2. **Capture** (:mod:`~zwicker_ref.engine.check.capture_options`) — the played card takes one
   value; the player takes one or more disjoint groups of table items each adding up to
   it.
3. **Build** (:mod:`~zwicker_ref.engine.check.build_options`) — the played card onto an item (or
   alone) announces a new value; the builder keeps a card matching it, or builds it for a
   partner.
4. **The owner obligation** (:mod:`~zwicker_ref.engine.check.obligation`) — after every move,
   each seat still backs the builds it owns.

:class:`MoveContext` holds what all four read (a :class:`~zwicker_ref.engine.check.turn.Turn`:
the mover's hand, the table, the value table) and one object for each of the other three
parts; :mod:`~zwicker_ref.engine.check.legality`
checks one move through it, and names the rule a move breaks. Listing every legal move is
:mod:`~zwicker_ref.engine.listing.listing`'s: the same rule on small integers, made for speed,
sharing the values of :mod:`~zwicker_ref.engine.core.values` (a card's values, build results,
the matching of the owner obligation). The property suite holds the two to each other
(generation and checking agree) and both to the brute-force definition of the tests.
"""

from __future__ import annotations

from zwicker_ref.engine.check.build_options import BuildOptions
from zwicker_ref.engine.check.capture_options import CaptureOptions
from zwicker_ref.engine.check.turn import Turn
from zwicker_ref.engine.core.moves import Build, Capture, Move
from zwicker_ref.engine.core.position import Position


class MoveContext(Turn):
    """One position seen from the seat to move, as checking one move reads it."""

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.captures = CaptureOptions(self)
        """What each card of the mover's hand may capture."""
        self.builds = BuildOptions(self)
        """What each card of the mover's hand may build."""

    def obligation_holds(self, move: Move) -> bool:
        """True when, after ``move``, the mover and any partner built for back all their builds."""
        if isinstance(move, Build):
            return self.obligation.after_build(move.card, move.target, move.value, move.owner)
        if isinstance(move, Capture):
            return self.obligation.after_capture(move.card, move.items)
        return self.obligation.after_trail(move.card)
