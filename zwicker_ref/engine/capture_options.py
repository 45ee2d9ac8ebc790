"""Captures (RULINGS.md, Capture): which item sets each card of the mover's hand may take.

The played card takes one of its capture values v; the player takes one or more disjoint
groups of table items, each adding up to exactly v (a loose ace, court card or wild joker
counting whichever of its values fits, a build its announced value). Only addition. The
identity of a capture is the set of items taken. A sweeping card (the club seven of
``zwick``) may instead take every item of its sweep at once. A variant's joker
restrictions decide which items may be taken at all. The owner obligation then removes
the captures that leave the mover's own builds unbacked.

Finding the item sets is :mod:`~zwicker_ref.engine.captures`' search, asked of the
table's values alone: every set as a bit mask over the table items, in canonical order
(over item subsets on a small table, over count vectors of value classes on a large one).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from zwicker_ref.engine.captures import (
    CaptureSearch,
    capture_masks,
    classify,
    count_capture_masks,
    splits_whole,
)
from zwicker_ref.engine.memo import Memo
from zwicker_ref.engine.moves import Capture
from zwicker_ref.engine.position import Pile, TableItem, item_key, item_name
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import LoneJoker, TableJokers

if TYPE_CHECKING:
    from zwicker_ref.engine.move_context import MoveContext


class CaptureOptions:
    """What each card of the mover's hand may capture, in one position."""

    def __init__(self, context: MoveContext) -> None:
        self.context = context
        table = context.table
        lone = table[0] if len(table) == 1 else None
        # Where a joker alone on the table may be taken only by a joker, the capturable
        # items depend on whether the played card is a joker; otherwise on nothing.
        self._joker_restricted = (
            context.rules.lone_joker is LoneJoker.JOKER_ONLY
            and isinstance(lone, Card)
            and lone.is_joker
        )
        self._searches = Memo(self._search)
        self._sets = Memo(self._sets_for_values)
        self._mask_items = Memo(self._items_of_mask)

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

    def search_for(self, card: Card) -> tuple[CaptureSearch[int], frozenset[Card]]:
        """The capture search over the items ``card`` may take, and their names.

        The search names each item by its naming card's sort key.
        """
        return self._searches[self.takes_lone_joker(card)]

    def _search(self, takes_lone_joker: bool) -> tuple[CaptureSearch[int], frozenset[Card]]:
        items = self.capturable(takes_lone_joker)
        values = self.context.values
        classes = classify((item_key(item), values.item_values(item)) for item in items)
        return CaptureSearch(classes), frozenset(item_name(item) for item in items)

    def sweep_set(self, card: Card) -> frozenset[Card] | None:
        """What a sweeping card (the club seven) takes at once; None if it does not sweep here."""
        sweep = self.context.values.use(card).sweep
        if sweep is None:
            return None
        taken = frozenset(
            item_name(item)
            for item in self.context.table
            if (isinstance(item, Pile) and item.value in sweep.build_values)
            or (not isinstance(item, Pile) and item.rank in sweep.loose_ranks)
        )
        return taken or None

    # The item sets ---------------------------------------------------------------------

    def capture_sets(self, card: Card) -> list[frozenset[Card]]:
        """Every item set ``card`` may capture, in canonical order, before the owner obligation.

        Cards that capture the same values share one list.
        """
        use = self.context.values.use(card)
        found = self._sets[not self._joker_restricted or card.is_joker, use.capture]
        if use.sweep is None:
            return found
        swept = self.sweep_set(card)
        if swept is None or swept in found:
            return found
        # A sweep adds one set to what the card takes as an ordinary card.
        return sorted([*found, swept], key=self._canonical_place)

    def _sets_for_values(self, key: tuple[bool, tuple[int, ...]]) -> list[frozenset[Card]]:
        """The item sets that split into groups of one of ``values``, in canonical order."""
        takes_lone_joker, values = key
        if not takes_lone_joker:
            return []
        mask_items = self._mask_items
        return [
            mask_items[mask]
            for mask in capture_masks(self._offered, values, self.context.values.capture_bound)
        ]

    @staticmethod
    def _canonical_place(items: frozenset[Card]) -> list[int]:
        return sorted(name.sort_key for name in items)

    @functools.cached_property
    def _offered(self) -> tuple[tuple[int, ...], ...]:
        """The values each table item offers a capture (none for an item that may not be taken)."""
        context = self.context
        offered = context.item_values
        if context.rules.table_jokers is TableJokers.NEVER:
            offered = [
                () if holds_joker(item) else values
                for item, values in zip(context.table, offered, strict=True)
            ]
        return tuple(offered)

    def _items_of_mask(self, mask: int) -> frozenset[Card]:
        names = self.context.names
        return frozenset([names[index] for index in range(len(names)) if mask >> index & 1])

    def _adds_up(self, items: frozenset[Card], values: tuple[int, ...]) -> bool:
        """True when ``items`` is also an ordinary capture: it splits into groups of one value."""
        offered = tuple(
            offered
            for name, offered in zip(self.context.names, self._offered, strict=True)
            if name in items
        )
        return any(splits_whole(offered, value) for value in values)

    # The legal captures ----------------------------------------------------------------

    def legal(self, card: Card) -> list[Capture]:
        """Every legal capture with ``card``, in canonical order."""
        context = self.context
        sets = self.capture_sets(card)
        obligation = context.obligation
        if obligation.applies and obligation.owned.get(context.mover):
            # Whether the mover stays backed depends only on which of its builds are taken.
            after_capture = obligation.after_capture
            sets = [items for items in sets if after_capture(card, items)]
        return [Capture(card, items) for items in sets]

    def count(self, card: Card) -> int:
        """How many legal captures ``card`` has, without building them where it can."""
        context = self.context
        obligation = context.obligation
        if obligation.applies and context.mover in obligation.owned:
            # The obligation depends on which builds are taken: count by listing.
            return len(self.legal(card))
        values = context.values.use(card).capture
        takes = self.takes_lone_joker(card)
        total = (
            count_capture_masks(self._offered, values, context.values.capture_bound) if takes else 0
        )
        swept = self.sweep_set(card)
        if swept is not None and not (takes and self._adds_up(swept, values)):
            total += 1  # a sweep that is not also an ordinary capture
        return total


def holds_joker(item: TableItem) -> bool:
    """True when a table item is a joker or a build with a joker in it."""
    if isinstance(item, Pile):
        return any(card.is_joker for card in item.cards)
    return item.is_joker
