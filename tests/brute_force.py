"""The legal-move rule of RULINGS.md, straight from the text: every legal move by brute force.

This is the executable definition the reference's fast search is held to (a property test
compares the two on random and constructed positions of every variant) and the
"straightforward engine" the speed benchmark measures the reference against. It shares
nothing with the interpreter's search: it reads only the variant's rule data
(:class:`~zwicker_ref.rules.variant.Rules`) and the helpers of :mod:`tests.oracle`, and
tries every subset of the table, every value of the played card, every place to build
and every owner, keeping each candidate that the rule text allows.

- **Trail**: any card, if the mover's builds stay backed.
- **Capture**: for each value v the card takes, each non-empty subset of the items the
  variant lets it take that splits into disjoint groups each adding up to v (one value per
  loose card, a build its announced value); a sweeping card also takes its sweep. The
  mover's builds not taken must stay backed by the cards left in hand.
- **Build**: onto each item offering t (or alone, where single-card builds are allowed,
  announcing one of the card's own values), each of t + x, t - x (at least 1, where
  subtraction is allowed) and t when x == t (where the same-value option is allowed), never
  above the maximum; each owner the rules allow (the mover if it keeps a matching card,
  where holding is required; a partner on the variant's basis, judged before the move);
  then the owner obligation for the owner and for the mover.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.oracle import backed, cards_of, item_values, name_of, played_capture_values, special
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Pile, Position, TableItem
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import BuildOperation, LoneJoker, PartnerBasis, Rules, TableJokers


def brute_force_moves(position: Position) -> set[Move]:
    """Every legal move of the seat to move, found by trying every candidate."""
    if position.is_over:
        return set()
    moves: set[Move] = set()
    for card in position.hands[position.to_move]:
        if _mover_backed(position, card, taken=frozenset()):
            moves.add(Trail(card))
        moves.update(_captures(position, card))
        moves.update(_builds(position, card))
    return moves


# Captures ------------------------------------------------------------------------------


def _captures(position: Position, card: Card) -> list[Capture]:
    rules = position.rules
    items = _capturable(position, card)
    found: set[frozenset[int]] = set()
    for value in played_capture_values(rules, card):
        found |= _unions_of_disjoint(_groups(rules, items, value))
    sets = {frozenset(name_of(items[index]) for index in taken) for taken in found}
    entry = special(rules, card)
    if entry is not None and entry.sweep is not None:
        swept = frozenset(
            name_of(item)
            for item in position.table
            if (isinstance(item, Pile) and item.value in entry.sweep.build_values)
            or (isinstance(item, Card) and item.rank in entry.sweep.loose_ranks)
        )
        if swept:
            sets.add(swept)
    return [Capture(card, taken) for taken in sets if _mover_backed(position, card, taken=taken)]


def _groups(rules: Rules, items: Sequence[TableItem], value: int) -> list[frozenset[int]]:
    """Every non-empty set of items (by index) that can add up to ``value``.

    Items are added in index order while some choice of their values stays at most
    ``value`` (every value is positive, so a set past it has no supersets that fit).
    """
    found: list[frozenset[int]] = []

    def extend(start: int, chosen: tuple[int, ...], totals: set[int]) -> None:
        for index in range(start, len(items)):
            grown = {
                total + offered
                for total in totals
                for offered in item_values(rules, items[index])
                if total + offered <= value
            }
            if not grown:
                continue
            group = (*chosen, index)
            if value in grown:
                found.append(frozenset(group))
            extend(index + 1, group, grown)

    extend(0, (), {0})
    return found


def _unions_of_disjoint(groups: list[frozenset[int]]) -> set[frozenset[int]]:
    """Every union of one or more pairwise disjoint groups."""
    reached: set[frozenset[int]] = {frozenset()}
    for group in groups:
        reached |= {done | group for done in reached if not done & group}
    reached.discard(frozenset())
    return reached


def _capturable(position: Position, card: Card) -> list[TableItem]:
    """The items ``card`` may take at all, after the variant's joker restrictions."""
    rules = position.rules
    table = list(position.table)
    lone_joker = len(table) == 1 and isinstance(table[0], Card) and table[0].is_joker
    if lone_joker and rules.lone_joker is LoneJoker.JOKER_ONLY and not card.is_joker:
        return []
    if rules.table_jokers is TableJokers.NEVER:
        return [item for item in table if not any(c.is_joker for c in cards_of(item))]
    return table


# Builds --------------------------------------------------------------------------------


def _builds(position: Position, card: Card) -> list[Build]:
    rules = position.rules
    found: list[Build] = []
    targets: list[TableItem | None] = [None, *position.table]
    for target in targets:
        for value in _build_values(rules, card, target):
            for owner in _owners(position, card, value):
                name = None if target is None else name_of(target)
                if _build_keeps_everyone_backed(position, card, name, value, owner):
                    found.append(Build(card, name, value, owner))
    return found


def _build_values(rules: Rules, card: Card, target: TableItem | None) -> set[int]:
    entry = special(rules, card)
    played = entry.build_values if entry is not None else rules.values_of(card)
    values: set[int] = set()
    if target is None:
        if rules.build_single_card:
            values.update(played)
    else:
        for base in item_values(rules, target):
            for counted in played:
                values.add(base + counted)
                if BuildOperation.SUBTRACT in rules.build_operations and base - counted >= 1:
                    values.add(base - counted)
                if rules.build_same_value and counted == base:
                    values.add(base)
    limit = rules.build_max_value
    return {value for value in values if limit is None or value <= limit}


def _owners(position: Position, card: Card, value: int) -> list[int | None]:
    rules = position.rules
    if not rules.build_ownership:
        return [None]
    mover = position.to_move
    owners: list[int | None] = []
    rest = _without(position.hands[mover], card)
    if not rules.build_holding or backed(rules, rest, {value}):
        owners.append(mover)
    for partner in position.partners_of(mover):
        basis = (
            (
                PartnerBasis.PARTNER_BUILD in rules.build_for_partner
                and value in _owned_values(position, partner, without=None)
            )
            or (
                PartnerBasis.PARTNER_HOLDS in rules.build_for_partner
                and backed(rules, position.hands[partner], {value})
            )
            or (
                # Source 000's wider reading: the partner built the value earlier in the hand.
                PartnerBasis.PARTNER_SHOWN in rules.build_for_partner
                and bool(position.shown)
                and value in position.shown[partner]
            )
        )
        if basis:
            owners.append(partner)
    return owners


def _build_keeps_everyone_backed(
    position: Position, card: Card, target: Card | None, value: int, owner: int | None
) -> bool:
    """The owner obligation after a build: the owner, and the mover, back all their builds."""
    rules = position.rules
    if not rules.build_owner_obligation:
        return True
    mover = position.to_move
    rest = _without(position.hands[mover], card)
    if owner is not None:
        hand = rest if owner == mover else list(position.hands[owner])
        if not backed(rules, hand, _owned_values(position, owner, without=target) | {value}):
            return False
    if owner == mover:
        return True
    return backed(rules, rest, _owned_values(position, mover, without=target))


# The owner obligation ------------------------------------------------------------------


def _mover_backed(position: Position, card: Card, taken: frozenset[Card]) -> bool:
    """True when the mover's builds not in ``taken`` are backed by its hand less ``card``."""
    rules = position.rules
    if not rules.build_owner_obligation:
        return True
    mover = position.to_move
    kept = {
        item.value
        for item in position.table
        if isinstance(item, Pile) and item.owner == mover and item.cards[0] not in taken
    }
    return backed(rules, _without(position.hands[mover], card), kept)


def _owned_values(position: Position, seat: int, without: Card | None) -> set[int]:
    """The values of the builds ``seat`` owns, less the one named ``without``."""
    return {
        item.value
        for item in position.table
        if isinstance(item, Pile) and item.owner == seat and item.cards[0] != without
    }


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
