"""Captures (RULINGS.md, Capture): which item sets each card of the mover's hand may take.

The played card takes one of its capture values v; the player takes one or more disjoint
groups of table items, each adding up to exactly v (a loose ace, court card or wild joker
counting whichever of its values fits, a build its announced value). Only addition. The
identity of a capture is the set of items taken. A sweeping card (the club seven of
``zwick``) may instead take every item of its sweep at once. A variant's joker
restrictions decide which items may be taken at all. The owner obligation then removes
the captures that leave the mover's own builds unbacked.

This module answers what checking one capture asks of the position (which items may be
taken at all, what a sweep takes); whether the named items split into groups is asked of
:mod:`~zwicker_ref.engine.core.captures`. Listing every capture is
:mod:`~zwicker_ref.engine.listing.listing`'s.
"""

from __future__ import annotations

from zwicker_ref.engine.check.turn import Turn
from zwicker_ref.engine.core.capturable import lone_joker_only_by_joker, swept
from zwicker_ref.engine.core.memo import Memo
from zwicker_ref.engine.core.position import TableItem, holds_joker, item_name
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import TableJokers


class CaptureOptions:
    """What checking a capture asks of one position: the items a card may take, its sweep."""

    def __init__(self, context: Turn) -> None:
        self.context = context
        # Where a joker alone on the table may be taken only by a joker, the capturable
        # items depend on whether the played card is a joker; otherwise on nothing.
        self._joker_restricted = lone_joker_only_by_joker(context.rules, context.table)
        self._allowed = Memo(self._capturable_names)

    # Which items may be taken at all ---------------------------------------------------

    def takes_lone_joker(self, card: Card) -> bool:
        """False when a joker alone on the table may be taken only by a joker and ``card`` is none.

        The only way the capturable items depend on the card played.
        """
        return not self._joker_restricted or card.is_joker

    def capturable(self, takes_lone_joker: bool) -> list[TableItem]:
        """The table items a card may take at all, after the variant's joker restrictions."""
        if not takes_lone_joker:
            return []
        if self.context.rules.table_jokers is TableJokers.NEVER:
            return [item for item in self.context.table if not holds_joker(item)]
        return list(self.context.table)

    def capturable_names(self, card: Card) -> frozenset[Card]:
        """The names of the table items ``card`` may take at all."""
        return self._allowed[self.takes_lone_joker(card)]

    def _capturable_names(self, takes_lone_joker: bool) -> frozenset[Card]:
        return frozenset(item_name(item) for item in self.capturable(takes_lone_joker))

    def sweep_set(self, card: Card) -> frozenset[Card] | None:
        """What a sweeping card (the club seven) takes at once; None if it does not sweep here."""
        sweep = self.context.values.use(card).sweep
        if sweep is None:
            return None
        taken = frozenset(item_name(item) for item in self.context.table if swept(sweep, item))
        return taken or None
