"""The match rules of a variant: who deals first, and what a level finish means.

A match is a series of hands among the same players (RULINGS.md, "Match play"). The
variant fixes how the first dealer is found and what happens when sides are level at the
end; the match itself chooses how it ends (a number of hands or a target score), so those
are not rule parameters. The parameters are ``match.first-dealer`` and ``match.tie`` of
``spec/schema/variant.schema.json``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from zwicker_ref.rules.cards import Card


class FirstDealer(enum.Enum):
    """How the first dealer of a match is found."""

    STATED = "stated"
    """The match names the seat (the sources pick the dealer at random)."""
    DRAW = "draw"
    """The players draw cards; the best card deals."""


class DrawWins(enum.Enum):
    """Which end of the draw order deals first."""

    HIGHEST = "highest"
    LOWEST = "lowest"


class TieRule(enum.Enum):
    """What happens when two or more sides share the best total at the end of a match."""

    SHARED = "shared"
    """The match is tied: the leading sides share the win."""
    PLAY_ON = "play-on"
    """Further hands are played, one at a time, until one side alone is highest."""


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchRules:
    """The match parameters of a variant, typed."""

    first_dealer: FirstDealer
    draw_wins: DrawWins
    draw_order: tuple[str, ...]
    """Card kinds from low to high: ranks (``2`` … ``10``, ``A``, ``J``, ``Q``, ``K``) or
    joker cards (``JK15``). A card whose kind is not listed is void: its drawer draws again."""
    tie_after_hands: TieRule
    tie_at_target: TieRule

    def draw_rank(self, card: Card) -> int | None:
        """The place of ``card`` in the draw order (higher = later in the list); None: void."""
        kind = f"JK{card.joker_label}" if card.joker_label is not None else _rank_text(card)
        try:
            return self.draw_order.index(kind)
        except ValueError:
            return None


def _rank_text(card: Card) -> str:
    assert card.rank is not None
    return card.rank.value


def match_rules_from_params(params: Mapping[str, Any]) -> MatchRules:
    """Typed match rules from schema-valid ``match.first-dealer`` and ``match.tie``."""
    first = params["match.first-dealer"]
    tie = params["match.tie"]
    return MatchRules(
        first_dealer=FirstDealer(first["method"]),
        draw_wins=DrawWins(first.get("wins", "highest")),
        draw_order=tuple(first.get("order", ())),
        tie_after_hands=TieRule(tie["after-hands"]),
        tie_at_target=TieRule(tie["at-target"]),
    )
