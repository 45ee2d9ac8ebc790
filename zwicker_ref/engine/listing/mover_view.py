"""One position seen from the seat to move, its hand and table as small integers.

:class:`MoverView` is where :mod:`~zwicker_ref.engine.listing.listing` answers the rule: the hand's
cards as their values in each use, the table as the values its items offer, the owners of
builds and what each seat keeps to back them; and, from those, each card's trails and
captures (bit masks of table items), held to the owner obligation. Its builds are
:mod:`~zwicker_ref.engine.listing.mover_builds`'s, read from the same view. The view lasts one
listing, so what it works out once (the table's subsets, what the rest of the hand holds)
serves every card of the hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from zwicker_ref.engine.core.capturable import lone_joker_only_by_joker, swept
from zwicker_ref.engine.core.captures import (
    GROUP_BUDGET,
    SMALL_TABLE,
    SUBSET_BUDGET,
    Offered,
    canonical_masks,
    few_subsets,
    groups_by_value,
    split_masks,
    subset_totals,
    table_capture_count,
    table_captures,
)
from zwicker_ref.engine.core.moves import Move, new_captures
from zwicker_ref.engine.core.position import Pile, Position, TableItem, holds_joker
from zwicker_ref.engine.core.values import backs
from zwicker_ref.engine.listing.rule_tables import RuleTables, rule_tables
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import Sweep


def capture_shape(position: Position) -> Offered:
    """What each table item of ``position`` offers a capture, in table order.

    Its values, or none for a joker the variant's rules keep from being taken: the
    ``taken`` that :func:`~zwicker_ref.engine.core.captures.table_captures` searches.
    """
    tables = rule_tables(position.rules)
    item_values = tables.values.item_values
    return _taken(tables, position.table, [item_values(item) for item in position.table])


def _taken(
    tables: RuleTables, table: Sequence[TableItem], offered: list[tuple[int, ...]]
) -> Offered:
    """:func:`capture_shape` from the values each item offers (the lister has them already)."""
    if not tables.jokers_never_taken:
        return tuple(offered)
    return tuple(
        () if holds_joker(item) else values for item, values in zip(table, offered, strict=True)
    )


_MANY = 256
"""Above this many captures of one card on a table of over eight items, names are looked
up a byte at a time (:meth:`MoverView._many_capture_moves`)."""

_NEVER = 1 << 30
"""Above every value: the least value of an item that may not be captured."""


class MoverView:
    """One position seen from the seat to move: its hand and table as small integers."""

    __slots__ = (
        "backing",
        "builds_of",
        "captured_by",
        "cards",
        "facts",
        "groups",
        "hands",
        "item_sets",
        "lone_joker",
        "lows",
        "mover",
        "name_bytes",
        "names",
        "owned",
        "position",
        "rests",
        "searched",
        "table",
        "tables",
        "taken",
        "target_offers",
        "targets",
    )

    def __init__(self, position: Position) -> None:
        self.position = position
        tables = self.tables = rule_tables(position.rules)
        facts_of = tables.facts
        mover = self.mover = position.to_move
        hands = self.hands = position.hands
        # Hands and the table are kept in canonical order (position.py): no sorting here.
        cards = self.cards = hands[mover]
        self.facts = list(map(facts_of.__getitem__, cards))
        table = self.table = position.table
        # What each item offers (a loose card its table values, read from its facts; a
        # build as ValueTable.item_values says, the one definition checking reads too).
        item_values = tables.values.item_values
        offered: list[tuple[int, ...]] = []
        # Owned builds: each owning seat's values (a bit set), and its builds (item bit, value bit).
        owned: dict[int, int] = {}
        builds_of: dict[int, list[tuple[int, int]]] = {}
        for index, item in enumerate(table):
            if type(item) is Pile:
                value = item.value
                offered.append(item_values(item))
                owner = item.owner
                if owner is not None:
                    owned[owner] = owned.get(owner, 0) | 1 << value
                    builds_of.setdefault(owner, []).append((1 << index, 1 << value))
            else:
                offered.append(facts_of[item].table)  # type: ignore[index]
        # The card that names each item, and so each build target: worked out when a move
        # is made (a count makes none).
        self.names: list[Card] | None = None
        self.targets: tuple[Card | None, ...] | None = None
        self.target_offers: tuple[tuple[int, ...] | None, ...] = (None, *offered)
        self.owned = owned if tables.obligation else {}
        self.builds_of = builds_of
        self.rests: list[tuple[int, ...]] | None = None
        self.backing: list[bool] | None = None
        self.item_sets: dict[int, frozenset[Card]] = {}
        self.name_bytes: list[list[frozenset[Card]]] | None = None
        self.taken = _taken(tables, table, offered) if tables.jokers_never_taken else tuple(offered)
        self.lows: list[int] | None = None
        self.captured_by: dict[tuple[int, ...], tuple[int, ...]] = {}
        # A joker alone on the table, where only a joker may take it.
        self.lone_joker = len(table) == 1 and lone_joker_only_by_joker(position.rules, table)
        self.groups: dict[int, list[int]] | None = None
        self.searched = False

    # The table ---------------------------------------------------------------------------

    def item_names(self) -> list[Card]:
        """The card that names each table item (a build's bottom card), in table order."""
        names = self.names
        if names is None:
            names = self.names = [
                item.cards[0] if type(item) is Pile else item  # type: ignore[misc]
                for item in self.table
            ]
        return names

    def build_targets(self) -> tuple[Card | None, ...]:
        """What a build goes onto, by place: None (a new build), then each table item's name."""
        targets = self.targets
        if targets is None:
            targets = self.targets = (None, *self.item_names())
        return targets

    # The owner obligation ------------------------------------------------------------------

    def rest_holds(self, index: int) -> tuple[int, ...]:
        """What the hand holds (bit sets of values, a card each) once card ``index`` is played.

        Worked out for the whole hand when first asked: only where the mover owns builds,
        or builds for a seat that does, is the obligation asked card by card.
        """
        rests = self.rests
        if rests is None:
            holds = [fact.holds for fact in self.facts]
            rests = self.rests = [tuple(holds[:i] + holds[i + 1 :]) for i in range(len(holds))]
        return rests[index]

    def kept_values(self, seat: int, taken: int) -> int:
        """The values of ``seat``'s builds left once the items of mask ``taken`` are gone."""
        found = 0
        for bit, value in self.builds_of.get(seat, ()):
            if not taken & bit:
                found |= value
        return found

    def trailed(self) -> list[int]:
        """The indexes of the cards the mover may trail: its builds stay backed.

        Asked once per position, not once per card: where the mover owns no build, every
        card may be trailed.
        """
        places = range(len(self.cards))
        if not self.owned.get(self.mover):
            return list(places)
        return [index for index in places if self.rest_backs(index)]

    def rest_backs(self, index: int) -> bool:
        """True when the hand without card ``index`` backs every build the mover owns.

        Asked of each card for its trail and again for its captures, so answered for the
        whole hand when first asked.
        """
        backing = self.backing
        if backing is None:
            owned = self.owned.get(self.mover, 0)
            backing = self.backing = [
                backs(self.rest_holds(place), owned) for place in range(len(self.facts))
            ]
        return backing[index]

    # Captures ------------------------------------------------------------------------------

    def captures(self, index: int) -> tuple[int, ...] | list[int]:
        """The item sets (bit masks) card ``index`` may capture, in canonical order."""
        fact = self.facts[index]
        if self.lone_joker and not fact.joker:
            masks: tuple[int, ...] | list[int] = ()
        else:
            found = self.captured_by.get(fact.capture)
            if found is None:
                found = self.captured_by[fact.capture] = self._table_captures(fact.capture)
            masks = found
        if fact.sweep is not None:
            swept = self._swept(fact.sweep)
            if swept and swept not in masks:
                masks = canonical_masks([*masks, swept], len(self.table))
        owned = self.owned.get(self.mover)
        if owned and not self.rest_backs(index):
            # The rest of the hand does not back all the mover's builds (if it did, it
            # would back any of them). Only the builds left on the table after the
            # capture need backing; captures that leave the same builds get the same answer.
            rest, kept_values = self.rest_holds(index), self.kept_values
            mover = self.mover
            verdicts: dict[int, bool] = {}
            allowed = []
            for mask in masks:
                kept = kept_values(mover, mask)
                verdict = verdicts.get(kept)
                if verdict is None:
                    verdict = verdicts[kept] = backs(rest, kept)
                if verdict:
                    allowed.append(mask)
            masks = allowed
        return masks

    def hand_captures(self) -> list[tuple[int, ...] | list[int]]:
        """:meth:`captures` of every card of the hand, in hand order.

        On a small table, where no joker lies alone and the mover owns no build, a card's
        captures (unless it sweeps) are its values' split of the hand's one search of the
        table's subsets, read here in one loop: the question of most positions of play.
        """
        size = len(self.taken)
        if size > SMALL_TABLE or self.lone_joker or self.owned.get(self.mover):
            return list(map(self.captures, range(len(self.facts))))
        groups = self._groups()
        assert groups is not None  # a small table's search has no budget
        captured_by = self.captured_by
        found: list[tuple[int, ...] | list[int]] = []
        for index, fact in enumerate(self.facts):
            if fact.sweep is not None:
                found.append(self.captures(index))
                continue
            values = fact.capture
            masks = captured_by.get(values)
            if masks is None:
                # What _table_captures answers on a small table, without its call and
                # checks: calling it for each card costs 1 per cent of a listing.
                masks = captured_by[values] = split_masks(groups, values, size)
            found.append(masks)
        return found

    def _table_captures(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """The captures of a card taking ``values``, from the hand's one search where it can.

        The subsets of the table adding up to no more than the hand's highest value serve
        every card of the hand (on a large table, within the budgets of :meth:`_groups`
        and :meth:`_few_groups`): one search per position, not one per card.
        """
        groups = self.groups if self.searched else self._groups()
        size = len(self.taken)
        if groups is None or (size > SMALL_TABLE and not self._few_groups(groups, values)):
            return table_captures(self.taken, values, self.least_values())
        return split_masks(groups, values, size)

    def least_values(self) -> list[int] | None:
        """The least value of each item of a large table (None on a small one).

        A large table's captures are searched apart, card by card, over the items that
        count no more than the card's value, only where the hand's one search of its
        subsets passes its budgets: worked out when first asked.
        """
        lows = self.lows
        if lows is None and len(self.taken) > SMALL_TABLE:
            lows = self.lows = [min(offer) if offer else _NEVER for offer in self.taken]
        return lows

    def _groups(self) -> dict[int, list[int]] | None:
        """The groups of every value the hand takes, from one search of the table's subsets.

        On a large table, None where its subsets adding up to no more than the hand's
        highest value are more than :data:`~zwicker_ref.engine.core.captures.SUBSET_BUDGET`:
        then each card's captures are searched apart, over the items it can take.
        """
        if not self.searched:
            self.searched = True
            wanted = 0
            for fact in self.facts:
                wanted |= fact.capture_bits
            if not wanted:
                # No card to capture with: a position read from a file may give the turn
                # to a seat holding none (it has no move), and there is nothing to search.
                self.groups = {}
                return self.groups
            budget = None if len(self.taken) <= SMALL_TABLE else SUBSET_BUDGET
            totals = subset_totals(self.taken, wanted.bit_length() - 1, budget)
            if totals is not None:
                self.groups = groups_by_value(totals, wanted)
        return self.groups

    def _few_groups(self, groups: dict[int, list[int]], values: tuple[int, ...]) -> bool:
        """True when the groups of ``values`` are few enough to combine one by one.

        Always on a small table; on a large one, at most
        :data:`~zwicker_ref.engine.core.captures.GROUP_BUDGET` groups of each value.
        """
        if len(self.taken) <= SMALL_TABLE:
            return True
        # A loop, not all() over a generator, which costs more than the tests themselves.
        for value in values:
            found = groups.get(value)
            if found is not None and len(found) > GROUP_BUDGET:
                return False
        return True

    def capture_count(self, index: int) -> int:
        """``len(self.captures(index))``, counted without listing the sets where they are many.

        Where the hand's one search of the table's subsets found this card's groups, its
        captures are listed (and kept for making one). Otherwise, where the mover needs
        this card to back its builds, a few captures are listed and held to the owner
        obligation. Many are counted: captures that take the same of the mover's builds
        get the same verdict, and those taking exactly a set S of them are counted by
        inclusion and exclusion, from counts on the table with some items set aside.
        """
        fact = self.facts[index]
        if fact.sweep is not None or self.lone_joker:
            return len(self.captures(index))
        groups = self._groups()
        if groups is not None and self._few_groups(groups, fact.capture):
            # Found at once from the hand's one search, and kept for making the move.
            return len(self.captures(index))
        owned = self.owned.get(self.mover)
        if not owned or self.rest_backs(index):
            # Backing every build of the mover's, the rest of the hand backs any of them.
            return table_capture_count(self.taken, fact.capture, self.least_values())
        if few_subsets(self.taken, fact.capture, self.least_values()):
            return len(self.captures(index))
        rest = self.rest_holds(index)
        mine = self.builds_of[self.mover]
        places = range(len(mine))
        total = 0
        for size in range(len(mine) + 1):
            for chosen in itertools.combinations(places, size):
                kept = 0
                for place in places:
                    if place not in chosen:
                        kept |= mine[place][1]
                if not backs(rest, kept):
                    continue
                others = [mine[place][0] for place in places if place not in chosen]
                for removed in range(size + 1):
                    for also in itertools.combinations(chosen, removed):
                        aside = others + [mine[place][0] for place in also]
                        total += (-1) ** removed * self._count_without(fact.capture, aside)
        return total

    def _count_without(self, values: tuple[int, ...], aside: list[int]) -> int:
        """How many item sets a card capturing ``values`` takes, the items ``aside`` gone."""
        if not aside:
            return table_capture_count(self.taken, values, self.least_values())
        away = 0
        for bit in aside:
            away |= bit
        taken = tuple(() if away >> place & 1 else offer for place, offer in enumerate(self.taken))
        lows = self.least_values()
        assert lows is not None  # on a small table few_subsets holds, and counts never come here
        lows = [_NEVER if away >> place & 1 else low for place, low in enumerate(lows)]
        return table_capture_count(taken, values, lows)

    def _swept(self, sweep: Sweep) -> int:
        """The items a sweeping card takes at once, as a bit mask (0: none here)."""
        mask = 0
        for bit, item in enumerate(self.table):
            if swept(sweep, item):
                mask |= 1 << bit
        return mask

    def capture_moves(self, card: Card, masks: Sequence[int]) -> list[Move]:
        """The captures of ``card`` taking the item sets ``masks`` (bit masks), in order."""
        names = self.item_names()
        if len(masks) > _MANY and len(names) > 8:
            return self._many_capture_moves(card, masks)
        item_sets = self.item_sets
        taken: list[frozenset[Card]] = []
        for mask in masks:
            items = item_sets.get(mask)
            if items is None:
                found = []
                rest = mask
                while rest:
                    lowest = rest & -rest
                    found.append(names[lowest.bit_length() - 1])
                    rest ^= lowest
                items = item_sets[mask] = frozenset(found)
            taken.append(items)
        return new_captures(card, taken)

    def _many_capture_moves(self, card: Card, masks: Sequence[int]) -> list[Move]:
        """:meth:`capture_moves` for thousands of captures on a large table.

        The items of each byte of a mask are a set made once for the position, so a
        capture's items are the union of a set per eight items (sets are values: one
        serves every capture that takes those items of that byte).
        """
        names = self.item_names()
        bytes_of = self.name_bytes
        if bytes_of is None:
            bytes_of = self.name_bytes = []
            for start in range(0, len(names), 8):
                # Byte b's set, once made for the bits below the highest, is that set and
                # one more name: each set is one union.
                sets: list[frozenset[Card]] = [frozenset()]
                for name in names[start : start + 8]:
                    named = frozenset((name,))
                    sets += [found | named for found in sets]
                bytes_of.append(sets)
        first, *rest = bytes_of
        if len(rest) == 1:
            # A table of 9 to 16 items, the usual large table: two bytes to a mask.
            second = rest[0]
            item_sets = [first[mask & 255] | second[mask >> 8] for mask in masks]
        else:
            item_sets = []
            for mask in masks:
                items = first[mask & 255]
                for table in rest:
                    mask >>= 8
                    if mask & 255:
                        items = items | table[mask & 255] if items else table[mask & 255]
                item_sets.append(items)
        return new_captures(card, item_sets)
