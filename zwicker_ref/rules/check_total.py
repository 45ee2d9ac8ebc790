"""The check total: the points every hand distributes before zwicks.

It is the card points of the whole deck plus the most-cards awards, computed from a
variant's score table, so a spec whose table disagrees with the total its sources state is
caught when it is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import Rules, ScoreLine


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
    return CheckTotal(
        card_points=card_points(rules, rules.deck(players)),
        most_cards=sum(rules.most_cards_for(players)),
    )


def card_points(rules: Rules, cards: Iterable[Card]) -> int:
    """The points ``cards`` score by the score table (every copy of a listed card counts)."""
    # Each card's first copy found once, not once per score line (a spec is checked at
    # every player count of every option: thousands of cards each time).
    firsts = [card.first_copy for card in cards]
    return sum(
        sum(first in line.cards for first in firsts) * line.points for line in rules.score_lines
    )


def cards_on_line(line: ScoreLine, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``cards`` that score on ``line`` (every copy of a listed card), in order."""
    return tuple(card for card in cards if card.first_copy in line.cards)
