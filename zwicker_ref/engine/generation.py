"""Legal-move generation: every legal move of a position, under the canonical identities.

``legal_moves(position)`` lists each legal move once, in canonical order, so positions'
move sets and counts can be compared across engines (as chess engines compare perft
counts). The rules come only from the variant's named parameters.

The building blocks (which values a build may announce, who may own it, whether the owner
obligation holds afterwards, which item sets a card may capture) are shared with
:mod:`zwicker_ref.engine.legality`, so checking one move and generating all moves agree.

Moves are produced directly in canonical order (docs/reference/moves.md): trails, then
captures, then builds; within each by played card in card order, then by the sorted
captured items, or by target (none first), value and owner. Table items are handled by
their naming card's sort key, so a capture's sorted keys are its place in that order.
"""

from __future__ import annotations

from operator import attrgetter

from zwicker_ref.engine.captures import (
    SMALL_TABLE,
    CaptureSearch,
    classify,
    feasible_subsets,
    sorted_keys,
    subset_order,
    subset_totals,
)
from zwicker_ref.engine.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.position import Pile, Position, TableItem, item_key, item_name
from zwicker_ref.engine.values import ValueTable, can_back, value_table
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import LoneJoker, PartnerBasis, TableJokers

_CARD_ORDER = attrgetter("sort_key")


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the seat to move, once each, in canonical order."""
    if position.is_over:
        return []
    context = MoveContext(position)
    cards = context.cards
    moves: list[Move] = [trail for trail in map(Trail, cards) if context.obligation_holds(trail)]
    for card in cards:
        moves += context.captures(card)
    for card in cards:
        moves += context.builds(card)
    return moves


def count_legal_moves(position: Position) -> int:
    """How many legal moves the position has (without building every capture)."""
    if position.is_over:
        return 0
    context = MoveContext(position)
    total = 0
    for card in context.cards:
        total += context.obligation_holds(Trail(card))
        total += context.count_captures(card)
        total += len(context.builds(card))
    return total


class MoveContext:
    """One position seen from the seat to move, with what generation and checking share."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.rules = rules = position.rules
        self.values: ValueTable = value_table(rules)
        self.mover = mover = position.to_move
        self.hand = position.hands[mover]
        self.cards = sorted(self.hand, key=_CARD_ORDER)
        """The mover's cards in canonical order."""
        self.table = sorted(position.table, key=item_key)
        """The table items in canonical order of their naming cards."""
        self._names = [item_name(item) for item in self.table]
        self._by_key = {name.sort_key: name for name in self._names}
        """The naming card of each table item, by its sort key."""
        # Build targets in canonical order (none first): sort key, name and values offered.
        self._targets: list[tuple[int | None, Card | None, tuple[int, ...] | None]] = [
            (None, None, None)
        ]
        self._item_values = [self.values.item_values(item) for item in self.table]
        self._targets += [
            (name.sort_key, name, values)
            for name, values in zip(self._names, self._item_values, strict=True)
        ]
        # The builds each seat owns, as (naming card's sort key, value).
        self._owned: dict[int, list[tuple[int, int]]] = {}
        for item in self.table:
            if isinstance(item, Pile) and item.owner is not None:
                self._owned.setdefault(item.owner, []).append((item.base.sort_key, item.value))
        self._obligation = rules.build_owner_obligation
        self.partners = position.partners_of(mover)
        # How many cards of the mover's hand back each value (for the holding requirement).
        self._backing = _backing_counts(self.hand, self.values)
        self._held_twice = frozenset(value for value, count in self._backing.items() if count > 1)
        self._held_once = frozenset(value for value, count in self._backing.items() if count == 1)
        self._other_backing: dict[int, dict[int, int]] = {}
        self._partner_values = {partner: self._basis_values(partner) for partner in self.partners}
        # Capture searches, keyed by whether the card may take a lone joker (see
        # _takes_lone_joker) and, where it matters, by the values it captures.
        self._searches: dict[bool, tuple[CaptureSearch[int], frozenset[Card]]] = {}
        self._capture_sets: dict[tuple[bool, tuple[int, ...]], list[frozenset[Card]]] = {}
        self._subset_totals: tuple[int, list[tuple[int, int]]] | None = None
        self._masks: dict[int, set[int]] = {}
        self._mask_sets: dict[int, frozenset[Card]] = {}
        self._backed: dict[tuple[int, int | None, frozenset[int]], bool] = {}
        # Where a joker alone on the table may be taken only by a joker, the capturable
        # items depend on whether the played card is a joker; otherwise on nothing.
        lone = self.table[0] if len(self.table) == 1 else None
        self._joker_restricted = (
            rules.lone_joker is LoneJoker.JOKER_ONLY and isinstance(lone, Card) and lone.is_joker
        )

    # Captures -------------------------------------------------------------------------

    def capturable_items(self, card: Card) -> list[TableItem]:
        """The table items ``card`` may take at all, after the variant's joker restrictions."""
        return self._capturable(self._takes_lone_joker(card))

    def _takes_lone_joker(self, card: Card) -> bool:
        """False when a joker alone on the table may be taken only by a joker and ``card`` is none.

        The only way the capturable items depend on the card played.
        """
        return not self._joker_restricted or card.is_joker

    def _capturable(self, takes_lone_joker: bool) -> list[TableItem]:
        if not takes_lone_joker:
            return []
        if self.rules.table_jokers is TableJokers.NEVER:
            return [item for item in self.table if not _holds_joker(item)]
        return list(self.table)

    def search_for(self, card: Card) -> tuple[CaptureSearch[int], frozenset[Card]]:
        """The capture search over the items ``card`` may take, and the items' names.

        The search names each item by its naming card's sort key.
        """
        key = self._takes_lone_joker(card)
        found = self._searches.get(key)
        if found is None:
            items = self._capturable(key)
            classes = classify((item_key(item), self.values.item_values(item)) for item in items)
            found = (CaptureSearch(classes), frozenset(item_name(item) for item in items))
            self._searches[key] = found
        return found

    def capture_vectors(self, card: Card) -> set[int]:
        """Packed count vectors of every item set ``card`` may capture by adding up."""
        search, _names = self.search_for(card)
        values = self.values.use(card).capture
        search.solve(values)
        vectors: set[int] = set()
        for value in values:
            vectors |= search.feasible(value)
        return vectors

    def sweep_set(self, card: Card) -> frozenset[Card] | None:
        """What a sweeping card (the club seven) takes at once; None if it does not sweep here."""
        sweep = self.values.use(card).sweep
        if sweep is None:
            return None
        taken = frozenset(
            item_name(item)
            for item in self.table
            if (isinstance(item, Pile) and item.value in sweep.build_values)
            or (not isinstance(item, Pile) and item.rank in sweep.loose_ranks)
        )
        return taken or None

    def capture_sets(self, card: Card) -> list[frozenset[Card]]:
        """Every item set ``card`` may capture, in canonical order, before the owner obligation.

        Cards that capture the same values share one list.
        """
        use = self.values.use(card)
        key = (self._takes_lone_joker(card), use.capture)
        found = self._capture_sets.get(key) if use.sweep is None else None
        if found is None:
            if len(self.table) <= SMALL_TABLE:
                found = self._small_table_sets(card)
            else:
                found = self._large_table_sets(card)
            if use.sweep is None:
                self._capture_sets[key] = found
        return found

    def _small_table_sets(self, card: Card) -> list[frozenset[Card]]:
        """Capture sets over item subsets as bit masks (bit i: the i-th table item)."""
        masks: set[int] = set()
        if self._takes_lone_joker(card):
            for value in self.values.use(card).capture:
                masks |= self._feasible_masks(value)
        swept = self.sweep_set(card)
        if swept is not None:
            masks.add(sum(1 << index for index, name in enumerate(self._names) if name in swept))
        order = subset_order(len(self.table))
        return [self._mask_items(mask) for mask in sorted(masks, key=order.__getitem__)]

    def _feasible_masks(self, value: int) -> set[int]:
        """Subsets of the capturable items that split into groups adding up to ``value``."""
        found = self._masks.get(value)
        if found is None:
            found = self._masks[value] = feasible_subsets(self._totals(value), value)
        return found

    def _totals(self, value: int) -> list[tuple[int, int]]:
        """What every subset of the capturable items adds up to, at least up to ``value``.

        An item that may not be taken offers no value, so no subset with it adds up.
        """
        known = self._subset_totals
        if known is None or known[0] < value:
            # One table serves every value the hand can capture.
            bound = max(value, *(max(self.values.use(held).capture) for held in self.hand))
            offered = self._item_values
            if self.rules.table_jokers is TableJokers.NEVER:
                offered = [
                    () if _holds_joker(item) else values
                    for item, values in zip(self.table, offered, strict=True)
                ]
            known = self._subset_totals = (bound, subset_totals(offered, bound))
        return known[1]

    def _mask_items(self, mask: int) -> frozenset[Card]:
        found = self._mask_sets.get(mask)
        if found is None:
            names = self._names
            found = frozenset([names[index] for index in range(len(names)) if mask >> index & 1])
            self._mask_sets[mask] = found
        return found

    def _large_table_sets(self, card: Card) -> list[frozenset[Card]]:
        """Capture sets over count vectors of value classes, items named by sort key."""
        search, _names = self.search_for(card)
        keys = sorted_keys(search, self.capture_vectors(card))
        swept = self.sweep_set(card)
        if swept is not None:
            sweep_key = tuple(sorted(name.sort_key for name in swept))
            if sweep_key not in set(keys):
                keys.append(sweep_key)
                keys.sort()
        by_key = self._by_key
        return [frozenset([by_key[name] for name in key]) for key in keys]

    def captures(self, card: Card) -> list[Capture]:
        """Every legal capture with ``card``, in canonical order."""
        sets = self.capture_sets(card)
        owned = self._owned.get(self.mover) if self._obligation else None
        if owned:
            # Whether the mover stays backed depends only on which of its builds are taken.
            by_key = self._by_key
            sets = [
                items
                for items in sets
                if self._seat_backed(
                    self.mover,
                    card,
                    [value for base, value in owned if by_key[base] not in items],
                )
            ]
        return [Capture(card, items) for items in sets]

    def count_captures(self, card: Card) -> int:
        """How many legal captures ``card`` has."""
        if self._owns_builds(self.mover) or len(self.table) <= SMALL_TABLE:
            # The obligation depends on which builds are taken: count by listing.
            return len(self.captures(card))
        search, _names = self.search_for(card)
        vectors = self.capture_vectors(card)
        total = sum(search.count(vector) for vector in vectors)
        swept = self.sweep_set(card)
        if swept is not None:
            vector = search.vector_of({name.sort_key for name in swept})
            total += vector is None or search.pack(vector) not in vectors
        return total

    # Builds ----------------------------------------------------------------------------

    def build_values(self, card: Card, target: TableItem | None) -> tuple[int, ...]:
        """Every value a build of ``card`` onto ``target`` (None: alone) may announce."""
        bases = None if target is None else self.values.item_values(target)
        return self.values.build_results(bases, self.values.use(card).build)

    def owners(self, card: Card, value: int) -> list[int | None]:
        """Who may own a build of ``value`` made with ``card``: the mover and/or partners."""
        rules = self.rules
        if not rules.build_ownership:
            return [None]
        owners: list[int | None] = []
        if not rules.build_holding or self.holds_after(card, value):
            owners.append(self.mover)
        for partner in self.partners:
            if self.partner_basis(partner, value):
                owners.append(partner)
        return owners

    def holds_after(self, card: Card, value: int) -> bool:
        """True when the mover, after playing ``card``, still holds a card backing ``value``."""
        backing = self._backing.get(value, 0)
        return backing - (value in self.values.use(card).hold) > 0

    def partner_basis(self, partner: int, value: int) -> bool:
        """True when the position before the move lets the mover build ``value`` for ``partner``."""
        return value in self._partner_values.get(partner, ())

    def _basis_values(self, partner: int) -> frozenset[int]:
        """The values the mover may build for ``partner`` (judged before the move)."""
        bases = self.rules.build_for_partner
        values: set[int] = set()
        if PartnerBasis.PARTNER_BUILD in bases:
            values |= {value for _base, value in self._owned.get(partner, ())}
        if PartnerBasis.PARTNER_HOLDS in bases:
            for held in self.position.hands[partner]:
                values |= self.values.use(held).hold
        return frozenset(values)

    def builds(self, card: Card) -> list[Build]:
        """Every legal build with ``card``, in canonical order."""
        values = self.values
        use = values.use(card)
        played = use.build
        results = values.build_results
        legal = self._build_backed
        moves: list[Build] = []
        if not self.rules.build_ownership:
            for key, name, bases in self._targets:
                for value in results(bases, played):
                    if legal(card, key, value, None):
                        moves.append(Build(card, name, value, None))
            return moves
        # Who may own each value (as owners() decides), once per card instead of per value.
        mover = self.mover
        allowed: dict[int, frozenset[int] | None] = {mover: None, **self._partner_values}
        if self.rules.build_holding:
            # Values the mover still holds after playing the card.
            allowed[mover] = self._held_twice | (self._held_once - use.hold)
        seats = sorted(allowed.items())
        # Owners allow few values: look only at those (all values where one allows any).
        wanted: frozenset[int] | None = frozenset()
        for _seat, seat_values in seats:
            wanted = None if seat_values is None or wanted is None else wanted | seat_values
        if wanted is not None and not wanted:
            return moves
        for key, name, bases in self._targets:
            reached = results(bases, played)
            if wanted is not None:
                hits = wanted.intersection(reached)
                if not hits:
                    continue
                reached = tuple(sorted(hits))
            for value in reached:
                for seat, seat_values in seats:
                    if (seat_values is None or value in seat_values) and legal(
                        card, key, value, seat
                    ):
                        moves.append(Build(card, name, value, seat))
        return moves

    # The owner obligation ----------------------------------------------------------------

    def _owns_builds(self, seat: int) -> bool:
        return seat in self._owned

    def obligation_holds(self, move: Move) -> bool:
        """True when, after ``move``, the mover and any partner built for back all their builds."""
        if not self._obligation:
            return True
        if isinstance(move, Build):
            target = None if move.target is None else move.target.sort_key
            return self._build_backed(move.card, target, move.value, move.owner)
        owned = self._owned.get(self.mover)
        if not owned:
            return True
        if isinstance(move, Capture):
            taken = {name.sort_key for name in move.items}
            return self._seat_backed(
                self.mover, move.card, [value for base, value in owned if base not in taken]
            )
        return self._seat_backed(self.mover, move.card, [value for _base, value in owned])

    def _build_backed(self, card: Card, target: int | None, value: int, owner: int | None) -> bool:
        """The owner obligation after a build: the owner built for, then the mover, backed.

        ``target`` is the sort key of the item built on (None: a new build).
        """
        if not self._obligation:
            return True
        mover = self.mover
        owned = self._owned
        if owner == mover:
            if mover not in owned:
                # Its only build will be this one: some card left in hand must hold it.
                return self._backing.get(value, 0) - (value in self.values.use(card).hold) > 0
            return self._seat_backed(mover, card, self._owned_after(mover, target, value))
        if owner is not None and not self._seat_backed(
            owner, None, self._owned_after(owner, target, value)
        ):
            return False
        return mover not in owned or self._seat_backed(
            mover, card, self._owned_after(mover, target, None)
        )

    def _owned_after(self, seat: int, target: int | None, added: int | None) -> list[int]:
        """The values of ``seat``'s builds after a build onto ``target`` that it owns if added."""
        found = [value for base, value in self._owned.get(seat, ()) if base != target]
        if added is not None:
            found.append(added)
        return found

    def _seat_backed(self, seat: int, played: Card | None, values: list[int]) -> bool:
        """True when ``seat``'s hand (less ``played``) backs every value in ``values``.

        One card backs every build of one value; different values need different cards.
        """
        distinct = set(values)
        if len(distinct) <= 1:
            # One value: some card left in hand holds it (counted, not searched).
            for only in distinct:
                held = self._hold_counts(seat).get(only, 0)
                return held - (played is not None and only in self.values.use(played).hold) > 0
            return True
        key = (seat, None if played is None else played.sort_key, frozenset(distinct))
        known = self._backed.get(key)
        if known is None:
            hand = list(self.position.hands[seat])
            if played is not None:
                hand.remove(played)
            known = self._backed[key] = can_back(hand, distinct, self.values)
        return known

    def _hold_counts(self, seat: int) -> dict[int, int]:
        """How many cards of ``seat``'s hand back each value."""
        if seat == self.mover:
            return self._backing
        known = self._other_backing.get(seat)
        if known is None:
            known = self._other_backing[seat] = _backing_counts(
                self.position.hands[seat], self.values
            )
        return known


def _backing_counts(hand: tuple[Card, ...], values: ValueTable) -> dict[int, int]:
    """How many cards of ``hand`` back each value (hold it, for the owner obligation)."""
    counts: dict[int, int] = {}
    for held in hand:
        for value in values.use(held).hold:
            counts[value] = counts.get(value, 0) + 1
    return counts


def _holds_joker(item: TableItem) -> bool:
    """True when a table item is a joker or a build with a joker in it."""
    if isinstance(item, Pile):
        return any(card.is_joker for card in item.cards)
    return item.is_joker
