"""Matching values by use: what a card counts on the table, played, built or held.

Most cards offer the same values in every use (pip cards their face value, aces and
court cards one or two values, jokers what the spec gives them). Special cards (the club
and diamond sevens of the ``zwick`` variant) offer other values when played to capture,
played to build, or held to back a build; loose on the table they are ordinary cards.
This module answers those questions for a :class:`~zwicker_ref.rules.variant.Rules`, once per
card, so generation and checking read one table.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from zwicker_ref.engine.core.memo import Memo, PerObject
from zwicker_ref.engine.core.position import Pile, TableItem
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import BuildOperation, Rules, Sweep


@dataclass(frozen=True, slots=True)
class CardUse:
    """The values one card offers in each use."""

    table: tuple[int, ...]
    capture: tuple[int, ...]
    build: tuple[int, ...]
    hold: frozenset[int]
    sweep: Sweep | None


class ValueTable:
    """The values of every card of a variant, computed once per :class:`Rules`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._special = {special.card: special for special in rules.special_cards}
        self._uses: Memo[Card, CardUse] = Memo(self._use)
        """Each card's :class:`CardUse` (a deck's cards, a finite set)."""
        self._builds = Memo(self._build_results, limit=20_000)
        self._subtract = BuildOperation.SUBTRACT in rules.build_operations

    @functools.cached_property
    def capture_bound(self) -> int:
        """The highest value any card of the variant takes when played to capture."""
        rules = self.rules
        deck = rules.deck(min(rules.player_counts))
        return max(value for card in deck for value in self.use(card).capture)

    def use(self, card: Card) -> CardUse:
        """The values ``card`` offers in each use."""
        return self._uses[card]

    def _use(self, card: Card) -> CardUse:
        ordinary = self.rules.values_of(card)
        special = self._special.get(card.first_copy)
        if special is None:
            return CardUse(ordinary, ordinary, ordinary, frozenset(ordinary), None)
        return CardUse(
            table=ordinary,
            capture=special.capture_values,
            build=special.build_values,
            hold=frozenset(special.hold_values),
            sweep=special.sweep,
        )

    def item_values(self, item: TableItem) -> tuple[int, ...]:
        """The values a table item offers: all of a loose card's, or a build's announced value."""
        if isinstance(item, Pile):
            return (item.value,)
        return self.use(item).table

    def holds(self, card: Card, value: int) -> bool:
        """True when ``card`` kept in hand backs a build of ``value``."""
        return value in self.use(card).hold

    def build_results(
        self, bases: tuple[int, ...] | None, played: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Every value a build may announce, in increasing order (RULINGS.md, Build).

        ``bases`` are the values the target item offers (None: a new single-card build);
        ``played`` the values the played card may take when built. Onto a target: every
        ``t + x``, ``t - x`` (at least 1, where subtraction is allowed) or ``t`` when
        ``x == t`` (where the same-value option is allowed); alone, the card's own values
        where single-card builds are allowed; never above the maximum build value.
        """
        return self._builds[bases, played]

    def _build_results(
        self, key: tuple[tuple[int, ...] | None, tuple[int, ...]]
    ) -> tuple[int, ...]:
        bases, played = key
        rules = self.rules
        found: set[int] = set()
        if bases is None:
            if rules.build_single_card:
                found.update(played)
        else:
            for base in bases:
                for value in played:
                    found.add(base + value)
                    if self._subtract and base - value >= 1:
                        found.add(base - value)
                    if rules.build_same_value and value == base:
                        found.add(base)
        limit = rules.build_max_value
        return tuple(sorted(value for value in found if limit is None or value <= limit))


value_table: PerObject[Rules, ValueTable] = PerObject(ValueTable)
"""The shared :class:`ValueTable` of a :class:`Rules` (one per variant and option set)."""


def backs(holds: tuple[int, ...], wanted: int) -> bool:
    """True when each value in ``wanted`` can be given a different card that holds it.

    ``holds`` gives each card of a hand the values it backs, as a bit set (bit v: value
    v); ``wanted`` is the values to back, as one. This is the owner obligation of
    RULINGS.md: one card backs every build of one value, but two values need two cards (a
    king backs a 4-build or a 14-build, not both).
    """
    higher = wanted & (wanted - 1)  # wanted without its lowest value
    if higher:
        if higher & (higher - 1):
            return _matching(holds, wanted)
        # Two values, the usual case (a build owned, another considered): Hall's condition
        # is that each is held by some card and two different cards hold them between them.
        # Counted here, not remembered: the hands asked about are seldom met again.
        holders = seen = 0
        for held in holds:
            common = held & wanted
            if common:
                holders += 1
                seen |= common
        return seen == wanted and holders >= 2
    # No value, or one: any card that holds it will do. A loop, not any() over a generator,
    # which costs more than the test itself here, once per build and trail considered.
    if not wanted:
        return True
    for held in holds:  # noqa: SIM110
        if held & wanted:
            return True
    return False


@functools.lru_cache(maxsize=1 << 14)
def _matching(holds: tuple[int, ...], wanted: int) -> bool:
    """:func:`backs` for three values or more, by Hall's theorem.

    Each value can be given its own card exactly when every k of the values are held,
    between them, by at least k different cards. Owners keep few values (two to four in
    play), so the sets of values to try are few; each is the union of its values' cards,
    as a bit set of card indices. Hands are small, and the answers are remembered.
    """
    cards_of: dict[int, int] = {}  # value bit -> the cards that hold it (bit i: card i)
    for index, held in enumerate(holds):
        common = held & wanted
        while common:
            bit = common & -common
            cards_of[bit] = cards_of.get(bit, 0) | 1 << index
            common ^= bit
    if len(cards_of) < wanted.bit_count():
        return False  # a value no card holds
    # Every set of the values: its size, and the cards holding any of them.
    sets = [(0, 0)]
    for cards in cards_of.values():
        sets += [(union | cards, size + 1) for union, size in sets]
    return all(union.bit_count() >= size for union, size in sets)


def bit_set(values: Iterable[int]) -> int:
    """``values`` as a bit set (bit v: value v)."""
    found = 0
    for value in values:
        found |= 1 << value
    return found
