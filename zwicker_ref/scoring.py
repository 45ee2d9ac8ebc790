"""Scoring tables and the per-hand check total.

The check total is what every hand's scores add up to before zwicks: the card points of
the whole deck plus the most-cards awards. :func:`check_total` computes it from a
variant's score table, so a spec whose table disagrees with the total its sources state
is caught when it is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

from zwicker_ref.variant import Rules


@dataclass(frozen=True, kw_only=True, slots=True)
class CheckTotal:
    """The points one hand distributes (without zwicks), computed from the score table."""

    card_points: int
    most_cards: int

    @property
    def total(self) -> int:
        """Card points plus every most-cards award."""
        return self.card_points + self.most_cards


def check_total(rules: Rules, players: int) -> CheckTotal:
    """The check total of one hand with ``players``."""
    deck = rules.deck(players)
    points = {card: line.points for line in rules.score_lines for card in line.cards}
    card_points = sum(points.get(card.first_copy, 0) for card in deck)
    return CheckTotal(card_points=card_points, most_cards=sum(rules.most_cards_for(players)))
