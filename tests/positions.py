"""Building positions by hand for tests: a variant, hands by seat, and a table."""

from __future__ import annotations

from collections.abc import Sequence

from zwicker_ref.engine.core.position import (
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


def card(text: str) -> Card:
    """The one card of ``text`` (card notation)."""
    (only,) = cards(text)
    return only


def hand(text: str) -> tuple[Card, ...]:
    """The cards of ``text`` in canonical order, as a position keeps hands and piles."""
    return sorted_cards(cards(text))


def pile(text: str, value: int, owner: int | None) -> Pile:
    """A build of the cards of ``text`` (bottom first), with its value and owner."""
    return Pile(cards=cards(text), value=value, owner=owner)


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
    items: list[TableItem] = [card(item) if isinstance(item, str) else item for item in table]
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


_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_SMALL = [f"{rank}{suit}" for rank in "A234" for suit in "CDHS"]


def large_positions() -> dict[str, Position]:
    """Positions with large tables, dual-valued cards, builds and jokers in hand.

    The speed benchmark lists their moves beside a brute-force generator's, and a test
    holds the reference to the brute-force definition on them (with small hands).
    """
    return {
        "dithmarschen 4p: A-4 x4 on the table, six high cards in hand": position(
            "dithmarschen", ["KH QH JH 10H 9H 8H", "5C", "5D", "5S"], _SMALL
        ),
        "dithmarschen 4p: A-K of clubs + AD 2D 3D, a joker in hand": position(
            "dithmarschen",
            ["KH QH JH 10H 9H JK25", "6H", "6D", "6S"],
            [f"{rank}C" for rank in _RANKS] + ["AD", "2D", "3D"],
        ),
        "grossenwiehe 6p: 12 cards + 2 builds, two jokers in hand": position(
            "grossenwiehe",
            ["KH QH JK30 JK25 9H", "5C 10S", "5H", "5S", "6C", "6D"],
            [f"{rank}{suit}" for rank in "A234" for suit in "SDH"]
            + [pile("10D 5D", 15, 1), pile("9C", 9, 0)],
        ),
        "grossenwiehe 4p: 13 cards + 2 builds, Magger": position(
            "grossenwiehe",
            ["KH QH JH 10H 9H", "6C", "5H 7H", "8S"],
            [f"{rank}{suit}" for rank in "A23" for suit in "SDC"]
            + ["4S", "4D", "4C", "5S"]
            + [pile("6D 2H", 8, 1), pile("7C", 7, 2)],
        ),
        "classic 2p: A-4 x4": position("classic", ["KH QH JH 10H 9H 8H", "5C"], _SMALL),
        "christiansen 3p: 14 small cards": position(
            "christiansen",
            ["KH QH JH 10H 9H 8H", "5C", "5D"],
            _SMALL[:14],
        ),
        "grupp 2p: 12 small cards + 2 wild jokers on the table, jokers in hand": position(
            "grupp",
            ["JKW1 JKW2 KH QH", "5C"],
            [f"{rank}{suit}" for rank in "A234" for suit in "CDH"] + ["JKW3", "JKW4"],
        ),
        "zwick 4p: club seven and diamond seven with 12 table cards": position(
            "zwick",
            ["7C 7D KH QH", "6C", "6D", "6S"],
            [f"{rank}{suit}" for rank in "A2345" for suit in "SH"] + ["JS", "QD"],
        ),
    }
