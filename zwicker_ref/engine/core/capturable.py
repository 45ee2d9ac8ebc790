"""Which table items a card may take at all: rules that checking and listing both state.

A joker alone on the table that only a joker may take (``lone_joker``), and what a
sweeping card (the club seven of ``zwick``) takes at once. Checking one move
(:mod:`~zwicker_ref.engine.check.capture_options`) and listing every move
(:mod:`~zwicker_ref.engine.listing.mover_view`) read the rule from here, so it is stated once.
"""

from __future__ import annotations

from collections.abc import Sequence

from zwicker_ref.engine.core.position import Pile, TableItem
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import LoneJoker, Rules, Sweep


def lone_joker_only_by_joker(rules: Rules, table: Sequence[TableItem]) -> bool:
    """True when ``table`` is one loose joker that, under ``rules``, only a joker may take."""
    return (
        rules.lone_joker is LoneJoker.JOKER_ONLY
        and len(table) == 1
        and isinstance(table[0], Card)
        and table[0].is_joker
    )


def swept(sweep: Sweep, item: TableItem) -> bool:
    """True when a sweeping card takes ``item`` (a build or loose card the sweep names)."""
    if isinstance(item, Pile):
        return item.value in sweep.build_values
    return item.rank in sweep.loose_ranks
