"""Builds (RULINGS.md, Build): which builds each card of the mover's hand may make.

Onto a table item offering t, a played card counting x announces t + x, t - x (at least
1, where subtraction is allowed) or t itself when x == t (where the same-value option
is allowed), never x - t and never above the maximum build value; played alone (where
single-card builds are allowed) it announces one of its own values. Where builds have
owners, the builder owns the build if it still holds a card matching the new value (the
holding requirement, where the variant has it), and may instead build it for a partner
on the variant's partner basis, judged before the move: a partner owns a build of that
value, or (Großenwiehe, "Magger") holds a matching card. Each owner makes a different
move. The owner obligation then removes the builds that leave a seat unbacked.
"""

from __future__ import annotations

from zwicker_ref.engine.check.turn import Turn
from zwicker_ref.engine.core.position import TableItem
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import PartnerBasis


class BuildOptions:
    """What each card of the mover's hand may build, in one position."""

    def __init__(self, context: Turn) -> None:
        self.context = context
        self.partners: tuple[int, ...] = ()
        self._partner_values: dict[int, frozenset[int]] = {}
        if not context.rules.build_ownership:
            return  # no owners: no partners to build for, nothing held for oneself
        if context.position.partnership:
            self.partners = context.position.partners_of(context.mover)
            self._partner_values = {
                partner: self._basis_values(partner) for partner in self.partners
            }

    def build_values(self, card: Card, target: TableItem | None) -> tuple[int, ...]:
        """Every value a build of ``card`` onto ``target`` (None: alone) may announce."""
        values = self.context.values
        bases = None if target is None else values.item_values(target)
        return values.build_results(bases, values.use(card).build)

    def owners(self, card: Card, value: int) -> list[int | None]:
        """Who may own a build of ``value`` made with ``card``: the mover and/or partners."""
        context = self.context
        rules = context.rules
        if not rules.build_ownership:
            return [None]
        owners: list[int | None] = []
        if not rules.build_holding or context.obligation.holds_after(context.mover, card, value):
            owners.append(context.mover)
        for partner in self.partners:
            if self.partner_basis(partner, value):
                owners.append(partner)
        return owners

    def partner_basis(self, partner: int, value: int) -> bool:
        """True when the position before the move lets the mover build ``value`` for ``partner``."""
        return value in self._partner_values.get(partner, ())

    def _basis_values(self, partner: int) -> frozenset[int]:
        """The values the mover may build for ``partner`` (judged before the move)."""
        context = self.context
        bases = context.rules.build_for_partner
        values: set[int] = set()
        if PartnerBasis.PARTNER_BUILD in bases:
            values |= {value for _base, value in context.obligation.owned.get(partner, ())}
        if PartnerBasis.PARTNER_HOLDS in bases:
            for held in context.position.hands[partner]:
                values |= context.values.use(held).hold
        if PartnerBasis.PARTNER_SHOWN in bases and context.position.shown:
            values.update(context.position.shown[partner])
        return frozenset(values)
