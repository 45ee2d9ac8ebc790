"""Obviously-correct checkers that share no code with the interpreter's fast paths.

Each works straight from the rule text of ``RULINGS.md`` and the variant's rule data
(:class:`~zwicker_ref.rules.variant.Rules`), by brute force: the capture oracle tries every subset
of the table, every partition of it into groups and every value choice; the backing check
tries every assignment of cards to build values. They are slow on purpose, so use them on
small tables and hands.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from zwicker_ref.engine.core.position import Pile, Position, TableItem
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import (
    LoneJoker,
    Rules,
    SpecialCard,
    TableJokers,
)


def special(rules: Rules, card: Card) -> SpecialCard | None:
    """The special-card entry of ``card`` (any copy), or None for an ordinary card."""
    for entry in rules.special_cards:
        if entry.card == card.first_copy:
            return entry
    return None


def loose_values(rules: Rules, card: Card) -> tuple[int, ...]:
    """What a loose card offers on the table: always its ordinary values (sevens are plain)."""
    return rules.values_of(card)


def item_values(rules: Rules, item: TableItem) -> tuple[int, ...]:
    """A build offers its announced value only; a loose card all of its values."""
    return (item.value,) if isinstance(item, Pile) else loose_values(rules, item)


def played_capture_values(rules: Rules, card: Card) -> tuple[int, ...]:
    """The values a card may take when played to capture."""
    entry = special(rules, card)
    return entry.capture_values if entry is not None else rules.values_of(card)


def hold_values(rules: Rules, card: Card) -> tuple[int, ...]:
    """The build values a card kept in hand backs."""
    entry = special(rules, card)
    return entry.hold_values if entry is not None else rules.values_of(card)


def highest_value(rules: Rules, players: int) -> int:
    """The highest value any card of the deck offers in any use."""
    found = 0
    for card in rules.deck(players):
        entry = special(rules, card)
        values = list(rules.values_of(card))
        if entry is not None:
            values += [*entry.capture_values, *entry.build_values, *entry.hold_values]
        found = max(found, *values)
    return found


def name_of(item: TableItem) -> Card:
    """The card that names a table item (a build by its bottom card)."""
    return item.cards[0] if isinstance(item, Pile) else item


def cards_of(item: TableItem) -> tuple[Card, ...]:
    """Every card of a table item."""
    return item.cards if isinstance(item, Pile) else (item,)


def partitions(items: Sequence[TableItem]) -> Iterator[list[list[TableItem]]]:
    """Every partition of ``items`` into non-empty groups (each exactly once)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        # The first item either joins one of the groups of a partition of the rest ...
        for index in range(len(smaller)):
            yield [*smaller[:index], [first, *smaller[index]], *smaller[index + 1 :]]
        # ... or forms a group of its own.
        yield [[first], *smaller]


def group_sums(rules: Rules, group: Sequence[TableItem]) -> set[int]:
    """Every total the group reaches, over every choice of one value per item."""
    totals = {0}
    for item in group:
        totals = {total + value for total in totals for value in item_values(rules, item)}
    return totals


def oracle_capture_sets(position: Position, card: Card) -> set[frozenset[Card]]:
    """Every set of item names ``card`` may capture, found by brute force from the rule text.

    A capture takes disjoint groups of table items that each add up to the one value the
    played card takes (one value per loose card); the variant's joker restrictions remove
    items first; a sweeping card also takes its sweep. The owner obligation is not applied.
    """
    rules = position.rules
    table = list(position.table)
    allowed = list(table)
    if rules.table_jokers is TableJokers.NEVER:
        allowed = [item for item in table if not any(c.is_joker for c in cards_of(item))]
    lone_joker = len(table) == 1 and isinstance(table[0], Card) and table[0].is_joker
    if lone_joker and rules.lone_joker is LoneJoker.JOKER_ONLY and not card.is_joker:
        allowed = []
    found: set[frozenset[Card]] = set()
    for size in range(1, len(allowed) + 1):
        for subset in itertools.combinations(allowed, size):
            for value in played_capture_values(rules, card):
                if any(
                    all(value in group_sums(rules, group) for group in partition)
                    for partition in partitions(subset)
                ):
                    found.add(frozenset(name_of(item) for item in subset))
                    break
    entry = special(rules, card)
    if entry is not None and entry.sweep is not None:
        swept = frozenset(
            name_of(item)
            for item in table
            if (isinstance(item, Pile) and item.value in entry.sweep.build_values)
            or (isinstance(item, Card) and item.rank in entry.sweep.loose_ranks)
        )
        if swept:
            found.add(swept)
    return found


def backed(rules: Rules, hand: Sequence[Card], values: set[int]) -> bool:
    """True when each value gets its own card of ``hand`` that backs it (RULINGS, Owner obligation).

    Brute force: some ordered choice of distinct cards, one per value, backs every value.
    """
    wanted = sorted(values)
    if len(wanted) > len(hand):
        return False
    return any(
        all(value in hold_values(rules, held) for value, held in zip(wanted, chosen, strict=True))
        for chosen in itertools.permutations(hand, len(wanted))
    )


def owned_values(position: Position, seat: int) -> set[int]:
    """The distinct values of the builds ``seat`` owns."""
    return {item.value for item in position.table if isinstance(item, Pile) and item.owner == seat}


def all_cards(position: Position) -> list[Card]:
    """Every card of a position: hands, table (builds' cards too), stock, captured piles."""
    cards = [card for hand in position.hands for card in hand]
    cards += [card for item in position.table for card in cards_of(item)]
    return [*cards, *position.stock, *(card for pile in position.captured for card in pile)]
