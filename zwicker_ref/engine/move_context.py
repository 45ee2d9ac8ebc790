"""One position seen from the seat to move: what generating and checking moves share.

The legal-move rule of RULINGS.md reads in four parts, and so does this package:

1. **Trail** — any card may be played to the table, if the owner obligation still holds.
2. **Capture** (:mod:`~zwicker_ref.engine.capture_options`) — the played card takes one
   value; the player takes one or more disjoint groups of table items each adding up to
   it.
3. **Build** (:mod:`~zwicker_ref.engine.build_options`) — the played card onto an item (or
   alone) announces a new value; the builder keeps a card matching it, or builds it for a
   partner.
4. **The owner obligation** (:mod:`~zwicker_ref.engine.obligation`) — after every move,
   each seat still backs the builds it owns.

:class:`MoveContext` holds what all four read (the mover's hand and the table in
canonical order, the value table) and one object for each of the other three parts.
:mod:`~zwicker_ref.engine.generation` lists every legal move through it;
:mod:`~zwicker_ref.engine.legality` checks one move through it, so the two agree.
"""

from __future__ import annotations

import functools
from operator import attrgetter

from zwicker_ref.engine.build_options import BuildOptions
from zwicker_ref.engine.capture_options import CaptureOptions
from zwicker_ref.engine.moves import Build, Capture, Move
from zwicker_ref.engine.obligation import OwnerObligation
from zwicker_ref.engine.position import Position, item_key, item_name
from zwicker_ref.engine.values import ValueTable, value_table
from zwicker_ref.rules.cards import Card

_CARD_ORDER = attrgetter("sort_key")


class MoveContext:
    """One position seen from the seat to move, with what generation and checking share."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.rules = position.rules
        self.values: ValueTable = value_table(self.rules)
        self.mover = position.to_move
        self.hand = position.hands[self.mover]
        self.cards: list[Card] = sorted(self.hand, key=_CARD_ORDER)
        """The mover's cards in canonical order."""
        self.table = sorted(position.table, key=item_key)
        """The table items in canonical order of their naming cards."""
        self.names: list[Card] = [item_name(item) for item in self.table]
        """The naming card of each table item, in table order."""
        item_values = self.values.item_values
        self.item_values: list[tuple[int, ...]] = [item_values(item) for item in self.table]
        """The values each table item offers, in table order (a build: its announced value)."""
        self.offered = tuple(self.item_values)
        """:attr:`item_values` as a tuple: the table's shape, a key of shared caches."""
        self.obligation = OwnerObligation(position, self.values)
        """The owner obligation of this position."""
        self.captures = CaptureOptions(self)
        """What each card of the mover's hand may capture."""
        self.builds = BuildOptions(self)
        """What each card of the mover's hand may build."""

    @functools.cached_property
    def by_key(self) -> dict[int, Card]:
        """The naming card of each table item, by its sort key."""
        return {name.sort_key: name for name in self.names}

    def obligation_holds(self, move: Move) -> bool:
        """True when, after ``move``, the mover and any partner built for back all their builds."""
        if isinstance(move, Build):
            return self.obligation.after_build(move.card, move.target, move.value, move.owner)
        if isinstance(move, Capture):
            return self.obligation.after_capture(move.card, move.items)
        return self.obligation.after_trail(move.card)
