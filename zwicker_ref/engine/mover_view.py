"""One position seen from the seat to move, its hand and table as small integers.

:class:`MoverView` is where :mod:`~zwicker_ref.engine.listing` answers the rule: the hand's
cards as their values in each use, the table as the values its items offer, the owners of
builds and what each seat keeps to back them; and, from those, each card's trails,
captures (bit masks of table items) and builds, held to the owner obligation. The view
lasts one listing, so what it works out once (the table's subsets, the owners of new
builds) serves every card of the hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from zwicker_ref.engine.capture_options import lone_joker_only_by_joker, swept
from zwicker_ref.engine.captures import (
    GROUP_BUDGET,
    SMALL_TABLE,
    SUBSET_BUDGET,
    Offered,
    few_subsets,
    groups_by_value,
    split_masks,
    subset_totals,
    table_capture_count,
    table_captures,
)
from zwicker_ref.engine.moves import Move, new_build, new_captures
from zwicker_ref.engine.position import Pile, Position, TableItem, holds_joker
from zwicker_ref.engine.rule_tables import RuleTables, rule_tables
from zwicker_ref.engine.values import backs
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import Sweep


def capture_shape(position: Position) -> Offered:
    """What each table item of ``position`` offers a capture, in table order.

    Its values, or none for a joker the variant's rules keep from being taken: the
    ``taken`` that :func:`~zwicker_ref.engine.captures.table_captures` searches.
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


def mask_order(mask: int) -> list[int]:
    """Canonical order of item sets: their item indices in increasing order, as sequences."""
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


class MoverView:
    """One position seen from the seat to move: its hand and table as small integers."""

    __slots__ = (
        "builds_of",
        "built",
        "captured_by",
        "cards",
        "checked",
        "facts",
        "groups",
        "hands",
        "item_sets",
        "keeps",
        "kept",
        "lone_joker",
        "lows",
        "mover",
        "name_bytes",
        "names",
        "owned",
        "owners",
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
        facts = self.facts = list(map(facts_of.__getitem__, cards))
        table = self.table = position.table
        # What each item offers (a loose card its table values, read from its facts; a
        # build as ValueTable.item_values says, the one definition checking reads too) and
        # the card that names it.
        item_values = tables.values.item_values
        offered: list[tuple[int, ...]] = []
        names: list[Card] = []
        # Owned builds: each owning seat's values (a bit set), and its builds (item bit, value bit).
        owned: dict[int, int] = {}
        builds_of: dict[int, list[tuple[int, int]]] = {}
        for index, item in enumerate(table):
            if type(item) is Pile:
                value = item.value
                offered.append(item_values(item))
                names.append(item.cards[0])
                owner = item.owner
                if owner is not None:
                    owned[owner] = owned.get(owner, 0) | 1 << value
                    builds_of.setdefault(owner, []).append((1 << index, 1 << value))
            else:
                offered.append(facts_of[item].table)  # type: ignore[index]
                names.append(item)  # type: ignore[arg-type]
        self.names = names
        self.targets = (None, *names)
        self.target_offers: tuple[tuple[int, ...] | None, ...] = (None, *offered)
        self.owned = owned if tables.obligation else {}
        self.builds_of = builds_of
        self.rests: list[tuple[int, ...]] | None = None
        # The values the mover may own a build of, by card played (-1: any). Where it must
        # keep a matching card, those the rest of the hand holds: a value one card holds
        # leaves with it, a value two cards hold stays.
        self.keeps: list[int] = []
        if tables.ownership and (tables.holding or tables.obligation):
            seen = twice = 0
            for fact in facts:
                twice |= seen & fact.holds
                seen |= fact.holds
            self.keeps = [seen & ~fact.holds | fact.holds & twice for fact in facts]
        elif tables.ownership:
            self.keeps = [-1] * len(facts)
        self.item_sets: dict[int, frozenset[Card]] = {}
        self.name_bytes: list[list[frozenset[Card]]] | None = None
        self.taken = _taken(tables, table, offered) if tables.jokers_never_taken else tuple(offered)
        # The least value of each item, where large tables are searched by the items that
        # count no more than a card's value (None: worked out by the search if asked).
        self.lows = (
            [min(offer) if offer else _NEVER for offer in self.taken]
            if len(table) > SMALL_TABLE
            else None
        )
        self.captured_by: dict[tuple[int, ...], tuple[int, ...]] = {}
        # A joker alone on the table, where only a joker may take it.
        self.lone_joker = len(table) == 1 and lone_joker_only_by_joker(position.rules, table)
        self.owners: list[tuple[int, int]] | None = None
        self.checked = False
        self.kept: list[int] | None = None
        self.groups: dict[int, list[int]] | None = None
        self.searched = False
        self.built: dict[int, list[tuple[int, int, int]]] = {}

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

        Asked once per position, not once per card: where the mover owns no build, each
        card costs one test of an empty set of values.
        """
        owned = self.owned.get(self.mover)
        return [
            index
            for index in range(len(self.cards))
            if not owned or backs(self.rest_holds(index), owned)
        ]

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
                masks = sorted([*masks, swept], key=mask_order)
        owned = self.owned.get(self.mover)
        if owned and not backs(self.rest_holds(index), owned):
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

    def _table_captures(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """The captures of a card taking ``values``, from the hand's one search where it can.

        The subsets of the table adding up to no more than the hand's highest value serve
        every card of the hand (on a large table, within the budgets of :meth:`_groups`
        and :meth:`_few_groups`): one search per position, not one per card.
        """
        groups = self.groups if self.searched else self._groups()
        size = len(self.taken)
        if groups is None or (size > SMALL_TABLE and not self._few_groups(groups, values)):
            return table_captures(self.taken, values, self.lows)
        return split_masks(groups, values, size)

    def _groups(self) -> dict[int, list[int]] | None:
        """The groups of every value the hand takes, from one search of the table's subsets.

        On a large table, None where its subsets adding up to no more than the hand's
        highest value are more than :data:`~zwicker_ref.engine.captures.SUBSET_BUDGET`:
        then each card's captures are searched apart, over the items it can take.
        """
        if not self.searched:
            self.searched = True
            wanted = 0
            for fact in self.facts:
                wanted |= fact.capture_bits
            budget = None if len(self.taken) <= SMALL_TABLE else SUBSET_BUDGET
            totals = subset_totals(self.taken, wanted.bit_length() - 1, budget)
            if totals is not None:
                self.groups = groups_by_value(totals, wanted)
        return self.groups

    def _few_groups(self, groups: dict[int, list[int]], values: tuple[int, ...]) -> bool:
        """True when the groups of ``values`` are few enough to combine one by one.

        Always on a small table; on a large one, at most
        :data:`~zwicker_ref.engine.captures.GROUP_BUDGET` groups of each value.
        """
        if len(self.taken) <= SMALL_TABLE:
            return True
        return all(len(groups.get(value, ())) <= GROUP_BUDGET for value in values)

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
        if not owned or backs(self.rest_holds(index), owned):
            # Backing every build of the mover's, the rest of the hand backs any of them.
            return table_capture_count(self.taken, fact.capture, self.lows)
        if few_subsets(self.taken, fact.capture, self.lows):
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
            return table_capture_count(self.taken, values, self.lows)
        away = 0
        for bit in aside:
            away |= bit
        taken = tuple(() if away >> place & 1 else offer for place, offer in enumerate(self.taken))
        lows = self.lows
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
        if len(masks) > _MANY and len(self.names) > 8:
            return self._many_capture_moves(card, masks)
        item_sets = self.item_sets
        names = self.names
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
        names = self.names
        bytes_of = self.name_bytes
        if bytes_of is None:
            bytes_of = self.name_bytes = [
                [
                    frozenset(names[start + bit] for bit in range(8) if byte >> bit & 1)
                    for byte in range(1 << min(8, len(names) - start))
                ]
                for start in range(0, len(names), 8)
            ]
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

    # Builds --------------------------------------------------------------------------------

    def build_moves(self, index: int, card: Card) -> list[Move]:
        """The legal builds of card ``index`` (``card``), in canonical order.

        By target (none first, then the table in order), value and owner.
        """
        targets = self.targets
        if self.tables.ownership:
            return [
                new_build(card, targets[place], value, seat)
                for place, value, seat in self._owned_builds(index)
            ]
        # What the card reaches onto each kind of target, by the values the target offers.
        reach = self.tables.reach[self.facts[index].build]
        moves: list[Move] = []
        for place, offer in enumerate(self.target_offers):
            values = reach[offer]
            while values:
                lowest = values & -values
                moves.append(new_build(card, targets[place], lowest.bit_length() - 1, None))
                values ^= lowest
        return moves

    def build_move(self, index: int, card: Card, number: int) -> Move:
        """``self.build_moves(index, card)[number]``, made alone."""
        if self.tables.ownership:
            place, value, seat = self._owned_builds(index)[number]
            return new_build(card, self.targets[place], value, seat)
        reach = self.tables.reach[self.facts[index].build]
        for place, offer in enumerate(self.target_offers):
            values = reach[offer]
            count = values.bit_count()
            if number < count:
                for _skipped in range(number):
                    values &= values - 1  # the lowest value off
                lowest = values & -values
                return new_build(card, self.targets[place], lowest.bit_length() - 1, None)
            number -= count
        raise IndexError(f"card {card} has no build numbered {number}")

    def build_count(self, index: int, card: Card) -> int:
        """``len(self.build_moves(index, card))``, counted without making the builds."""
        tables = self.tables
        reach = tables.reach[self.facts[index].build]
        total = 0
        if not tables.ownership:
            for offer in self.target_offers:
                total += reach[offer].bit_count()
            return total
        if self.owners is None:
            self.owners = self._owners()  # which also settles self.checked
        if self.checked:
            return len(self._owned_builds(index))
        if len(self.owners) == 1:
            # The mover alone may own the build: the values it may own for this card.
            keeps = self.keeps[index]
            if keeps:
                for offer in self.target_offers:
                    total += (reach[offer] & keeps).bit_count()
            return total
        owners, wanted = self._build_owners(index)
        if wanted:
            for offer in self.target_offers:
                values = reach[offer] & wanted
                if values:
                    for _seat, allowed in owners:
                        total += (values & allowed).bit_count()
        return total

    def _owned_builds(self, index: int) -> list[tuple[int, int, int]]:
        """The legal builds of card ``index`` where builds have owners: (place, value, owner).

        Place 0 is a new build, place i a build onto the table's item i - 1. Where somebody
        owns builds (:attr:`checked`), each build is held to the owner obligation; the
        mover's verdicts depend only on the values it must back, so each set is asked once.
        Worked out once per card: counting, then making one of them, asks twice.
        """
        found = self.built.get(index)
        if found is not None:
            return found
        found = self.built[index] = []
        owners, wanted = self._build_owners(index)
        if not wanted:
            return found
        reach = self.tables.reach[self.facts[index].build]
        checked = self.checked
        mover = self.mover
        rest = self.rest_holds(index) if checked else ()
        kept = self._mover_kept() if checked else []
        verdicts: dict[int, bool] = {}
        for place, offer in enumerate(self.target_offers):
            values = reach[offer] & wanted
            while values:
                bit = values & -values
                values ^= bit
                value = bit.bit_length() - 1
                for seat, allowed in owners:
                    if not allowed & bit:
                        continue
                    if checked:
                        if seat == mover:
                            backed = kept[place] | bit
                            verdict = verdicts.get(backed)
                            if verdict is None:
                                verdict = verdicts[backed] = backs(rest, backed)
                        else:
                            verdict = self._partner_backed(index, place, bit, seat)
                        if not verdict:
                            continue
                    found.append((place, value, seat))
        return found

    def _build_owners(self, index: int) -> tuple[list[tuple[int, int]], int]:
        """Who may own a build of card ``index``, in seat order, with the values each may.

        And all those values together (a bit set, -1: any). The mover may own the values of
        :attr:`keeps` for the card (those it keeps a matching card for, where holding is
        required or the obligation makes it back the build); its partners as
        :meth:`_owners` says.
        """
        mover = self.mover
        keeps = self.keeps[index]
        owners = self.owners
        if owners is None:
            owners = self.owners = self._owners()
        if len(owners) == 1:
            return [(mover, keeps)], keeps
        # The mover's values for this card, among its partners' in seat order.
        owners = [(seat, keeps if seat == mover else allowed) for seat, allowed in owners]
        wanted = 0
        for _seat, allowed in owners:
            wanted |= allowed
        return owners, wanted

    def _owners(self) -> list[tuple[int, int]]:
        """The seats that may own a build, in seat order, with the values each may own.

        The mover's entry is filled in per card (what it keeps depends on the card
        played). A partner may own a value on the variant's basis, judged before the move:
        a value the partner owns a build of, or (Magger) holds a card of; where the
        obligation applies, only values the partner holds, since it must back the build.
        Where nobody owns a build yet, that is the whole owner obligation; otherwise
        :attr:`checked` says to ask it move by move.
        """
        tables = self.tables
        mover = self.mover
        owners = [(mover, 0)]
        key = (self.position.players, mover)
        partners = tables.partners.get(key)
        if partners is None:
            partners = tables.partners[key] = self.position.partners_of(mover)
        for partner in partners:
            basis = 0
            if tables.partner_builds:
                for _bit, value in self.builds_of.get(partner, ()):
                    basis |= value
            if tables.partner_holds or tables.obligation:
                held = 0
                for card in self.hands[partner]:
                    held |= tables.facts[card].holds
                if tables.partner_holds:
                    basis |= held
                if tables.obligation:
                    basis &= held
            if basis:
                owners.append((partner, basis))
        owners.sort()
        owned = self.owned
        for seat, _allowed in owners:
            if seat in owned:
                self.checked = True
                break
        return owners

    def _mover_kept(self) -> list[int]:
        """The values of the mover's builds left after a build onto each place (0: none)."""
        kept = self.kept
        if kept is None:
            mover = self.mover
            mine = self.builds_of.get(mover, ())
            every = self.kept_values(mover, 0)
            # Only a build onto one of the mover's own builds takes one of them away.
            kept = self.kept = [every] * (len(self.table) + 1)
            for bit, _value in mine:
                kept[bit.bit_length()] = self.kept_values(mover, bit)
        return kept

    def _partner_backed(self, index: int, place: int, value: int, owner: int) -> bool:
        """The owner obligation after a build of card ``index`` for partner ``owner``.

        The partner backs its builds with the new one (``value``, as a bit) among them,
        and the mover still backs its own; a build built on leaves its old owner.
        """
        taken = 0 if place == 0 else 1 << (place - 1)
        facts = self.tables.facts
        partner_holds = tuple(facts[card].holds for card in self.hands[owner])
        if not backs(partner_holds, self.kept_values(owner, taken) | value):
            return False
        own = self.kept_values(self.mover, taken)
        return not own or backs(self.rest_holds(index), own)
