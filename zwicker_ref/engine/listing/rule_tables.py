"""What move listing reads of one variant's rules, worked out once per rule set.

A card's values in each use and the values a build may announce are pure functions of the
rules and the card (or the two cards' values): :class:`RuleTables` computes them on first
use and keeps them for as long as the rules live (:data:`rule_tables`), so the listing of
:mod:`~zwicker_ref.engine.listing.listing` reads them with a dictionary lookup.
"""

from __future__ import annotations

from dataclasses import dataclass

from zwicker_ref.engine.core.memo import Memo, PerObject
from zwicker_ref.engine.core.moves import Trail
from zwicker_ref.engine.core.values import ValueTable, bit_set, value_table
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import PartnerBasis, Rules, Sweep, TableJokers


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What one card counts in each use, as the listing reads it."""

    table: tuple[int, ...]
    """The values it offers loose on the table."""
    capture: tuple[int, ...]
    """The values it takes when played to capture."""
    capture_bits: int
    """The same, as a bit set (bit v: value v)."""
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
        self.partner_shown = PartnerBasis.PARTNER_SHOWN in rules.build_for_partner
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
            capture_bits=bit_set(use.capture),
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
