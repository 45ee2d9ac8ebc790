"""Building positions by hand for tests: a variant, hands by seat, and a table."""

from __future__ import annotations

from collections.abc import Sequence

from zwicker_ref.engine.position import (
    Pile,
    Position,
    TableItem,
    item_cards,
    sorted_cards,
    sorted_items,
)
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant


def cards(text: str) -> tuple[Card, ...]:
    """The cards of ``text`` (card notation, space-separated), in the order written."""
    return tuple(Card.parse(word) for word in text.split())


def hand(text: str) -> tuple[Card, ...]:
    """The cards of ``text`` in canonical order, as a position keeps hands and piles."""
    return sorted_cards(cards(text))


def pile(text: str, value: int, owner: int | None) -> Pile:
    return Pile(cards=tuple(Card.parse(word) for word in text.split()), value=value, owner=owner)


def position(
    variant: str,
    hands: Sequence[str],
    table: Sequence[str | Pile],
    *,
    to_move: int = 0,
    stock: str = "",
    options: tuple[str, ...] = (),
) -> Position:
    """A position of ``variant`` with one hand per seat and the table as given.

    Table entries are card notation (loose cards) or :class:`Pile` values. The dealer is
    the last seat, so seat 0 is forehand.
    """
    rules = load_variant(variant).rules_with(options)
    players = len(hands)
    sides = 2 if rules.is_partnership(players) else players
    items: list[TableItem] = [Card.parse(item) if isinstance(item, str) else item for item in table]
    every = [
        *(c for held in hands for c in cards(held)),
        *(c for i in items for c in item_cards(i)),
    ]
    every += list(cards(stock)) if stock else []
    doubled = sorted({str(card) for card in every if every.count(card) > 1})
    if doubled:
        raise ValueError(f"a test position holds {', '.join(doubled)} twice")
    return Position(
        variant=variant,
        options=options,
        players=players,
        dealer=players - 1,
        to_move=to_move,
        stage=1,
        hands=tuple(hand(held) for held in hands),
        table=sorted_items(items),
        stock=cards(stock) if stock else (),
        captured=((),) * sides,
        zwicks=(0,) * sides,
        last_capture=None,
        rules=rules,
    )
