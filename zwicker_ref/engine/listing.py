"""Listing and counting a position's legal moves, fast: the rule of RULINGS.md on small integers.

The rule is the one :mod:`~zwicker_ref.engine.move_context` spells out part by part for
checking a move (and ``tests/brute_force.py`` states straight from the text, as the
executable definition this module is tested against):

1. a **trail** of any card;
2. a **capture** of every set of table items that splits into groups each adding up to one
   value the played card takes (or, for a sweeping card, its sweep);
3. a **build** onto an item (or alone) announcing each value the rules reach, owned by the
   mover if it keeps a matching card, or by a partner on the variant's basis;
4. for every move, the **owner obligation**: the mover, and a partner it builds for, still
   back every value of the builds they own, a different card for each value.

This module answers it the way a fast engine must, since random play, perft counts and the
fuzzer list millions of positions:

- a card's values in each use are read once per variant (:class:`CardFacts`); what a card
  *holds* is a bit set of values, so a hand is a tuple of small integers, and "does this
  hand back these values" is Hall's condition on bit sets, remembered
  (:func:`~zwicker_ref.engine.values.backs`, which checking shares);
- the table is a tuple of the values its items offer, its *shape*; what a card captures
  there (bit masks of items, :func:`~zwicker_ref.engine.captures.table_captures`)
  depends only on the shape and the card's values. Play meets a new shape at nearly
  every move, so on a small table one search of its subsets serves the whole hand and
  nothing is remembered; a large table's answers are remembered per shape. Which values
  a card builds onto an item (a bit set) depends only on the values of the two,
  remembered per pair;
- the owner obligation is asked move by move only where somebody owns builds; otherwise it
  reduces to "the owner keeps a matching card", one bit test.

So listing a position costs a few dictionary lookups per card plus making the moves.
They come in canonical order (docs/reference/moves.md): trails, then captures, then
builds; each by card, then by the captured items, or by target (none first), value and
owner.
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from zwicker_ref.engine.capture_options import lone_joker_only_by_joker, swept
from zwicker_ref.engine.captures import (
    SMALL_TABLE,
    Offered,
    split_masks,
    subset_totals,
    table_capture_count,
    table_captures,
)
from zwicker_ref.engine.memo import Memo, PerObject
from zwicker_ref.engine.moves import Move, Trail, new_build, new_capture
from zwicker_ref.engine.position import Pile, Position, TableItem, holds_joker
from zwicker_ref.engine.values import ValueTable, backs, bit_set, value_table
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import PartnerBasis, Rules, Sweep, TableJokers


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What one card counts in each use, as the listing reads it."""

    table: tuple[int, ...]
    """The values it offers loose on the table."""
    capture: tuple[int, ...]
    """The values it takes when played to capture."""
    build: tuple[int, ...]
    """The values it counts when played onto a build (or alone)."""
    holds: int
    """The values it backs when kept in hand, as a bit set (bit v: value v)."""
    joker: bool
    sweep: Sweep | None
    """What it takes at once as a sweeping card (the club seven of ``zwick``), if it sweeps."""


class RuleTables:
    """Everything the listing reads of one variant's rules, computed once per :class:`Rules`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.values: ValueTable = value_table(rules)
        self.ownership = rules.build_ownership
        self.holding = rules.build_holding
        self.obligation = rules.build_owner_obligation
        self.partner_builds = PartnerBasis.PARTNER_BUILD in rules.build_for_partner
        self.partner_holds = PartnerBasis.PARTNER_HOLDS in rules.build_for_partner
        self.jokers_never_taken = rules.table_jokers is TableJokers.NEVER
        self.facts: Memo[Card, CardFacts] = Memo(self._facts_of)
        """What each card counts in each use (a deck's cards, a finite set)."""
        self.reach: Memo[tuple[int, ...], Memo[tuple[int, ...] | None, int]] = Memo(self._reach)
        """The values a build may announce (a bit set): by the values the played card
        counts, then by those its target offers (None: a new single-card build)."""
        self.trails: Memo[Card, Trail] = Memo(Trail)
        """The trail of each card: a move is a value, so one object serves every listing."""
        self.partners: dict[tuple[int, int], tuple[int, ...]] = {}
        """The partners of each seat, by player count and seat, as positions name them (at
        most one entry per seat of each player count)."""

    def _facts_of(self, card: Card) -> CardFacts:
        use = self.values.use(card)
        return CardFacts(
            table=use.table,
            capture=use.capture,
            build=use.build,
            holds=bit_set(use.hold),
            joker=card.is_joker,
            sweep=use.sweep,
        )

    def _reach(self, played: tuple[int, ...]) -> Memo[tuple[int, ...] | None, int]:
        results = self.values.build_results
        return Memo(lambda offer: bit_set(results(offer, played)))


rule_tables: PerObject[Rules, RuleTables] = PerObject(RuleTables)
"""The shared :class:`RuleTables` of a :class:`Rules` (one per variant and option set)."""


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
up a byte at a time (:meth:`_Prepared._many_capture_moves`)."""

_NEVER = 1 << 30
"""Above every value: the least value of an item that may not be captured."""


def mask_order(mask: int) -> list[int]:
    """Canonical order of item sets: their item indices in increasing order, as sequences."""
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


class _Prepared:
    """One position seen from the seat to move: its hand and table as small integers."""

    __slots__ = (
        "builds_of",
        "captured_by",
        "cards",
        "checked",
        "facts",
        "hands",
        "item_sets",
        "lone_joker",
        "lows",
        "mover",
        "name_bytes",
        "names",
        "offered",
        "owned",
        "owners",
        "position",
        "rest_holds",
        "table",
        "tables",
        "taken",
        "target_offers",
        "targets",
        "totals",
    )

    def __init__(self, position: Position) -> None:
        self.position = position
        tables = self.tables = rule_tables(position.rules)
        facts_of = tables.facts
        mover = self.mover = position.to_move
        hands = self.hands = position.hands
        # Hands and the table are kept in canonical order (position.py): no sorting here.
        cards = self.cards = hands[mover]
        facts = self.facts = [facts_of[card] for card in cards]
        table = self.table = position.table
        # What each item offers, as checking reads it too (one definition).
        item_values = tables.values.item_values
        offered = [item_values(item) for item in table]
        names: list[Card] = []
        # Owned builds: each owning seat's values (a bit set), and its builds (item bit, value bit).
        owned: dict[int, int] = {}
        builds_of: dict[int, list[tuple[int, int]]] = {}
        for index, item in enumerate(table):
            if type(item) is Pile:
                names.append(item.cards[0])
                owner = item.owner
                if owner is not None:
                    value = item.value
                    owned[owner] = owned.get(owner, 0) | 1 << value
                    builds_of.setdefault(owner, []).append((1 << index, 1 << value))
            else:
                names.append(item)  # type: ignore[arg-type]
        self.names = names
        self.targets = (None, *names)
        self.target_offers: tuple[tuple[int, ...] | None, ...] = (None, *offered)
        self.owned = owned if tables.obligation else {}
        self.builds_of = builds_of
        # What each card of the hand leaves behind to back builds, where builds are owned.
        if tables.ownership:
            holds = [fact.holds for fact in facts]
            self.rest_holds = [tuple(holds[:i] + holds[i + 1 :]) for i in range(len(holds))]
        else:
            self.rest_holds = []
        self.item_sets: dict[int, frozenset[Card]] = {}
        self.name_bytes: list[list[frozenset[Card]]] | None = None
        self.offered = offered
        self.taken = _taken(tables, table, offered)
        self.lows = [min(offer) if offer else _NEVER for offer in self.taken]
        self.captured_by: dict[tuple[int, ...], tuple[int, ...]] = {}
        # A joker alone on the table, where only a joker may take it.
        self.lone_joker = len(table) == 1 and lone_joker_only_by_joker(position.rules, table)
        self.owners: list[tuple[int, int]] | None = None
        self.checked = False
        self.totals: list[tuple[int, int]] | None = None

    # The owner obligation ------------------------------------------------------------------

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
            if not owned or backs(self.rest_holds[index], owned)
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
        if self.mover in self.owned:
            # Only the mover's builds left on the table need backing after the capture;
            # captures that leave the same builds get the same answer.
            rest, kept_values = self.rest_holds[index], self.kept_values
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
        """The captures of a card taking ``values``; on a small table, one search per hand.

        The subsets of a small table adding up to no more than the hand's highest value
        serve every card of the hand: one search per position, not one per card.
        """
        if len(self.taken) > SMALL_TABLE:
            return table_captures(self.taken, values, self.lows)
        totals = self.totals
        if totals is None:
            top = max([max(fact.capture) for fact in self.facts])
            totals = self.totals = subset_totals(self.taken, top)
        return split_masks(totals, values, len(self.taken))

    def capture_count(self, index: int) -> int:
        """``len(self.captures(index))``, counted without listing the sets.

        Where the mover owns builds, captures that take the same of them get the same
        verdict of the owner obligation; those taking exactly a set S of them are counted
        by inclusion and exclusion, from counts on the table with some items set aside.
        """
        fact = self.facts[index]
        if fact.sweep is not None or self.lone_joker:
            return len(self.captures(index))
        mine = self.builds_of.get(self.mover, []) if self.mover in self.owned else []
        if not mine:
            return table_capture_count(self.taken, fact.capture, self.lows)
        rest = self.rest_holds[index]
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
        lows = [_NEVER if away >> place & 1 else low for place, low in enumerate(self.lows)]
        return table_capture_count(taken, values, lows)

    def _swept(self, sweep: Sweep) -> int:
        """The items a sweeping card takes at once, as a bit mask (0: none here)."""
        mask = 0
        for bit, item in enumerate(self.table):
            if swept(sweep, item):
                mask |= 1 << bit
        return mask

    def capture_moves(self, index: int, card: Card) -> list[Move]:
        """The legal captures of card ``index`` (``card``), in canonical order."""
        masks = self.captures(index)
        if len(masks) > _MANY and len(self.names) > 8:
            return self._many_capture_moves(card, masks)
        item_sets = self.item_sets
        names = self.names
        moves: list[Move] = []
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
            moves.append(new_capture(card, items))
        return moves

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
        moves: list[Move] = []
        for mask in masks:
            items = first[mask & 255]
            for table in rest:
                mask >>= 8
                if mask & 255:
                    items = items | table[mask & 255] if items else table[mask & 255]
            moves.append(new_capture(card, items))
        return moves

    # Builds --------------------------------------------------------------------------------

    def build_moves(self, index: int, card: Card) -> list[Move]:
        """The legal builds of card ``index`` (``card``), in canonical order.

        By target (none first, then the table in order), value and owner.
        """
        tables = self.tables
        # What the card reaches onto each kind of target, by the values the target offers.
        reach = tables.reach[self.facts[index].build]
        targets = self.targets
        moves: list[Move] = []
        if not tables.ownership:
            for place, offer in enumerate(self.target_offers):
                values = reach[offer]
                while values:
                    lowest = values & -values
                    moves.append(new_build(card, targets[place], lowest.bit_length() - 1, None))
                    values ^= lowest
            return moves
        owners, wanted = self._build_owners(index)
        if not wanted:
            return moves
        checked = self.checked
        for place, offer in enumerate(self.target_offers):
            values = reach[offer] & wanted
            while values:
                bit = values & -values
                values ^= bit
                value = bit.bit_length() - 1
                for seat, allowed in owners:
                    if allowed & bit and (
                        not checked or self._build_backed(index, place, bit, seat)
                    ):
                        moves.append(new_build(card, targets[place], value, seat))
        return moves

    def build_count(self, index: int, card: Card) -> int:
        """``len(self.build_moves(index, card))``, counted a target at a time where it can."""
        tables = self.tables
        reach = tables.reach[self.facts[index].build]
        if not tables.ownership:
            return sum(reach[offer].bit_count() for offer in self.target_offers)
        owners, wanted = self._build_owners(index)
        if not wanted:
            return 0
        if self.checked:
            return len(self.build_moves(index, card))
        total = 0
        for offer in self.target_offers:
            values = reach[offer] & wanted
            if values:
                for _seat, allowed in owners:
                    total += (values & allowed).bit_count()
        return total

    def _build_owners(self, index: int) -> tuple[list[tuple[int, int]], int]:
        """Who may own a build of card ``index``, in seat order, with the values each may.

        And all those values together (a bit set, -1: any). The mover may own the values
        it keeps a matching card for, where holding is required or the obligation makes it
        back the build; its partners as :meth:`_owners` says.
        """
        tables = self.tables
        mover = self.mover
        keeps = -1
        if tables.holding or tables.obligation:
            keeps = 0
            for held in self.rest_holds[index]:
                keeps |= held
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
        self.checked = any(seat in self.owned for seat, _allowed in owners)
        return owners

    def _build_backed(self, index: int, place: int, value: int, owner: int) -> bool:
        """The owner obligation after a build of card ``index`` (``value`` as a bit).

        The new owner backs its builds with the new one among them, and the mover, if it
        builds for a partner, still backs its own; a build built on leaves its old owner.
        """
        taken = 0 if place == 0 else 1 << (place - 1)
        rest = self.rest_holds[index]
        mover = self.mover
        if owner == mover:
            return backs(rest, self.kept_values(mover, taken) | value)
        facts = self.tables.facts
        partner_holds = tuple(facts[card].holds for card in self.hands[owner])
        if not backs(partner_holds, self.kept_values(owner, taken) | value):
            return False
        own = self.kept_values(mover, taken)
        return not own or backs(rest, own)


# The three questions ---------------------------------------------------------------------


def list_moves(position: Position) -> list[Move]:
    """Every legal move of the seat to move, once each, in canonical order."""
    if position.is_over:
        return []
    # The moves made here hold no reference cycles, so the cyclic garbage collector has
    # nothing to find among them; paused while they are made, it does not walk the young
    # objects again and again (a third of the time of a listing of thousands).
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        prepared = _Prepared(position)
        cards = prepared.cards
        trail = prepared.tables.trails
        moves: list[Move] = [trail[cards[index]] for index in prepared.trailed()]
        for index, card in enumerate(cards):
            moves += prepared.capture_moves(index, card)
        for index, card in enumerate(cards):
            moves += prepared.build_moves(index, card)
    finally:
        if collecting:
            gc.enable()
    return moves


def count_moves(position: Position) -> int:
    """How many legal moves the position has, without making the captures."""
    if position.is_over:
        return 0
    prepared = _Prepared(position)
    total = len(prepared.trailed())
    for index, card in enumerate(prepared.cards):
        total += prepared.capture_count(index)
        total += prepared.build_count(index, card)
    return total


def has_moves(position: Position) -> bool:
    """True when the seat to move has a legal move."""
    if position.is_over:
        return False
    prepared = _Prepared(position)
    indexed = list(enumerate(prepared.cards))
    return (
        bool(prepared.trailed())
        or any(prepared.captures(index) for index, _card in indexed)
        or any(prepared.build_moves(index, card) for index, card in indexed)
    )
