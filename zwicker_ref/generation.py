"""Legal-move generation: every legal move of a position, under the canonical identities.

``legal_moves(position)`` lists each legal move once, in canonical order, so positions'
move sets and counts can be compared across engines (as chess engines compare perft
counts). The rules come only from the variant's named parameters.

The building blocks (which values a build may announce, who may own it, whether the owner
obligation holds afterwards, which item sets a card may capture) are shared with
:mod:`zwicker_ref.legality`, so checking one move and generating all moves agree.
"""

from __future__ import annotations

from collections.abc import Iterator

from zwicker_ref.captures import CaptureSearch, classify
from zwicker_ref.cards import Card
from zwicker_ref.moves import Build, Capture, Move, Trail, canonical_order
from zwicker_ref.position import Pile, Position, TableItem, item_cards, item_name
from zwicker_ref.values import ValueTable, can_back, value_table
from zwicker_ref.variant import BuildOperation, LoneJoker, PartnerBasis, TableJokers


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the seat to move, once each, in canonical order."""
    if position.is_over:
        return []
    # Generation yields each move once (captures are distinct sets, builds distinct
    # values and owners), so no de-duplication is needed before sorting.
    return canonical_order(list(_generate(position)))


def count_legal_moves(position: Position) -> int:
    """How many legal moves the position has (without building every capture)."""
    if position.is_over:
        return 0
    context = MoveContext(position)
    total = 0
    for card in position.hands[position.to_move]:
        total += context.count_captures(card)
    total += sum(1 for move in _non_captures(context) if context.obligation_holds(move))
    return total


def _generate(position: Position) -> Iterator[Move]:
    context = MoveContext(position)
    check_captures = (
        context.rules.build_owner_obligation and context.mover in context.owners_on_table
    )
    for card in position.hands[position.to_move]:
        if check_captures:
            for items in context.capture_sets(card):
                capture = Capture(card, items)
                if context.obligation_holds(capture):
                    yield capture
        else:
            yield from (Capture(card, items) for items in context.capture_sets(card))
    for other in _non_captures(context):
        if context.obligation_holds(other):
            yield other


def _non_captures(context: MoveContext) -> Iterator[Trail | Build]:
    position = context.position
    for card in position.hands[position.to_move]:
        yield Trail(card)
        yield from context.builds_with(card)


class MoveContext:
    """One position seen from the seat to move, with what generation and checking share."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.rules = position.rules
        self.values: ValueTable = value_table(position.rules)
        self.mover = position.to_move
        self.hand = position.hands[position.to_move]
        self._searches: dict[bool, tuple[CaptureSearch, frozenset[Card]]] = {}
        self.owners_on_table = {item.owner for item in position.table if isinstance(item, Pile)}
        self.partners = position.partners_of(self.mover)
        # How many cards of the mover's hand back each value (for the holding requirement).
        self._backing: dict[int, int] = {}
        for held in self.hand:
            for value in self.values.use(held).hold:
                self._backing[value] = self._backing.get(value, 0) + 1
        self._partner_values = {partner: self._basis_values(partner) for partner in self.partners}

    # Captures -------------------------------------------------------------------------

    def capturable_items(self, card: Card) -> list[TableItem]:
        """The table items ``card`` may take at all, after the variant's joker restrictions."""
        items = list(self.position.table)
        if self.rules.table_jokers is TableJokers.NEVER:
            items = [item for item in items if not any(c.is_joker for c in item_cards(item))]
        lone = len(self.position.table) == 1 and not isinstance(self.position.table[0], Pile)
        if (
            lone
            and self.rules.lone_joker is LoneJoker.JOKER_ONLY
            and self.position.table[0].is_joker  # type: ignore[union-attr]
            and not card.is_joker
        ):
            items = []
        return items

    def search_for(self, card: Card) -> tuple[CaptureSearch, frozenset[Card]]:
        """The capture search over the items ``card`` may take, and their names."""
        key = self._restriction_key(card)
        found = self._searches.get(key)
        if found is None:
            items = self.capturable_items(card)
            classes = classify([(item_name(item), self.values.item_values(item)) for item in items])
            bound = max((max(self.values.use(held).capture) for held in self.hand), default=None)
            found = (CaptureSearch(classes, bound), frozenset(item_name(item) for item in items))
            self._searches[key] = found
        return found

    def _restriction_key(self, card: Card) -> bool:
        # Only the lone-joker option makes the set of capturable items depend on the card.
        return card.is_joker

    def capture_vectors(self, card: Card) -> set[int]:
        """Packed count vectors of every item set ``card`` may capture by adding up."""
        search, _names = self.search_for(card)
        vectors: set[int] = set()
        for value in self.values.use(card).capture:
            vectors |= search.feasible(value)
        return vectors

    def sweep_set(self, card: Card) -> frozenset[Card] | None:
        """What a sweeping card (the club seven) takes at once; None if it does not sweep here."""
        sweep = self.values.use(card).sweep
        if sweep is None:
            return None
        taken = frozenset(
            item_name(item)
            for item in self.position.table
            if (isinstance(item, Pile) and item.value in sweep.build_values)
            or (not isinstance(item, Pile) and item.rank in sweep.loose_ranks)
        )
        return taken or None

    def capture_sets(self, card: Card) -> Iterator[frozenset[Card]]:
        """Every set of item names ``card`` may capture, each once."""
        search, _names = self.search_for(card)
        vectors = self.capture_vectors(card)
        for packed in vectors:
            yield from search.expand(packed)
        swept = self.sweep_set(card)
        if swept is not None:
            vector = search.vector_of(swept)
            if vector is None or search.pack(vector) not in vectors:
                yield swept

    def count_captures(self, card: Card) -> int:
        """How many legal captures ``card`` has."""
        if self._owns_builds(self.mover):
            # The obligation depends on which builds are taken: count by listing.
            return sum(
                1
                for items in self.capture_sets(card)
                if self.obligation_holds(Capture(card, items))
            )
        search, _names = self.search_for(card)
        vectors = self.capture_vectors(card)
        total = sum(search.count(vector) for vector in vectors)
        swept = self.sweep_set(card)
        if swept is not None:
            vector = search.vector_of(swept)
            total += vector is None or search.pack(vector) not in vectors
        return total

    # Builds ----------------------------------------------------------------------------

    def build_values(self, card: Card, target: TableItem | None) -> set[int]:
        """Every value a build of ``card`` onto ``target`` (None: alone) may announce."""
        rules = self.rules
        played = self.values.use(card).build
        if target is None:
            found = set(played) if rules.build_single_card else set()
        else:
            found = set()
            subtract = BuildOperation.SUBTRACT in rules.build_operations
            for base in self.values.item_values(target):
                for value in played:
                    found.add(base + value)
                    if subtract and base - value >= 1:
                        found.add(base - value)
                    if rules.build_same_value and value == base:
                        found.add(base)
        if rules.build_max_value is not None:
            found = {value for value in found if value <= rules.build_max_value}
        return found

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
            values |= {
                item.value
                for item in self.position.table
                if isinstance(item, Pile) and item.owner == partner
            }
        if PartnerBasis.PARTNER_HOLDS in bases:
            for held in self.position.hands[partner]:
                values |= self.values.use(held).hold
        return frozenset(values)

    def builds_with(self, card: Card) -> Iterator[Build]:
        """Every build with ``card`` that the build rules allow (before the owner obligation)."""
        targets: list[TableItem | None] = [None, *self.position.table]
        if not self.rules.build_ownership:
            for target in targets:
                name = None if target is None else item_name(target)
                for value in self.build_values(card, target):
                    yield Build(card, name, value, None)
            return
        # The same test as owners(), once per card instead of once per value.
        hold = self.values.use(card).hold
        own: set[int] | None = None
        if self.rules.build_holding:
            own = {value for value, count in self._backing.items() if count - (value in hold) > 0}
        for target in targets:
            name = None if target is None else item_name(target)
            values = self.build_values(card, target)
            for value in values if own is None else values & own:
                yield Build(card, name, value, self.mover)
            for partner, allowed in self._partner_values.items():
                for value in values & allowed:
                    yield Build(card, name, value, partner)

    # The owner obligation ----------------------------------------------------------------

    def _owns_builds(self, seat: int) -> bool:
        return seat in self.owners_on_table

    def obligation_holds(self, move: Move) -> bool:
        """True when, after ``move``, the mover and any partner built for back all their builds."""
        if not self.rules.build_owner_obligation:
            return True
        if (
            isinstance(move, Build)
            and move.owner not in (None, self.mover)
            and not self._backed_after(move, move.owner)
        ):
            return False
        if not self._owns_builds(self.mover) and not (
            isinstance(move, Build) and move.owner == self.mover
        ):
            return True
        return self._backed_after(move, self.mover)

    def _backed_after(self, move: Move, seat: int) -> bool:
        removed: set[Card] = set()
        if isinstance(move, Capture):
            removed = set(move.items)
        elif isinstance(move, Build) and move.target is not None:
            removed = {move.target}
        values = {
            item.value
            for item in self.position.table
            if isinstance(item, Pile) and item.owner == seat and item.base not in removed
        }
        if isinstance(move, Build) and move.owner == seat:
            values.add(move.value)
        hand = list(self.position.hands[seat])
        if seat == self.mover:
            hand.remove(move.card)
        if len(values) == 1:
            (only,) = values
            return any(self.values.holds(held, only) for held in hand)
        return can_back(hand, values, self.values)
