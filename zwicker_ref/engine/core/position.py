"""Positions: everything about a hand in progress, as one immutable value.

A position holds the variant (with its options and player count), the dealer, whose turn
it is, the deal stage, every hand, the table, the stock (top first), the captured cards
and zwicks of every side, and the seat that captured last. Play is a pure function from a
position and a move to the next position (:mod:`zwicker_ref.engine.play`).

Seats are numbered 0..n-1 clockwise; forehand is the seat after the dealer. Sides own
captured cards and zwicks: in a partnership game the two teams (side 0 holds seats
0, 2, ...; side 1 holds 1, 3, ...), otherwise one side per seat, numbered like the seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import Rules


@dataclass(frozen=True, kw_only=True, slots=True)
class Pile:
    """A build on the table: its cards (bottom first), announced value and owner seat.

    A pile is named by its bottom card (``base``), which no other item can share. The
    owner is None in variants without ownership.
    """

    cards: tuple[Card, ...]
    value: int
    owner: int | None

    def __post_init__(self) -> None:
        if not self.cards:
            raise ValueError("a build has at least one card")
        if self.value < 1:
            raise ValueError(f"a build's value is at least 1, not {self.value}")

    @property
    def base(self) -> Card:
        """The bottom card, which names the build."""
        return self.cards[0]


TableItem = Card | Pile
"""A loose card, or a build."""


def item_name(item: TableItem) -> Card:
    """The card that names a table item: the card itself, or a build's bottom card."""
    return item.base if isinstance(item, Pile) else item


def holds_joker(item: TableItem) -> bool:
    """True when a table item is a joker or a build with a joker in it."""
    if isinstance(item, Pile):
        return any(card.is_joker for card in item.cards)
    return item.is_joker


def item_cards(item: TableItem) -> tuple[Card, ...]:
    """Every card of a table item."""
    return item.cards if isinstance(item, Pile) else (item,)


def item_key(item: TableItem) -> int:
    """The sort key of the card that names a table item (its place in canonical order)."""
    return item.base.sort_key if isinstance(item, Pile) else item.sort_key


_CARD_KEY = attrgetter("sort_key")


def sorted_cards(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Cards in canonical order."""
    return tuple(sorted(cards, key=_CARD_KEY))


def sorted_items(items: tuple[TableItem, ...] | list[TableItem]) -> tuple[TableItem, ...]:
    """Table items in canonical order of the cards that name them."""
    return tuple(sorted(items, key=item_key))


@dataclass(frozen=True, kw_only=True, slots=True)
class Position:
    """A hand of Zwicker in progress (or finished).

    Hands, the table and captured piles are kept in canonical order, so two positions
    with the same content compare equal. ``rules`` is derived from the variant id and
    options and is not part of a position's identity.
    """

    variant: str
    options: tuple[str, ...]
    players: int
    dealer: int
    to_move: int
    stage: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[TableItem, ...]
    stock: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], ...]
    zwicks: tuple[int, ...]
    last_capture: int | None
    rules: Rules = field(compare=False, repr=False)
    shown: tuple[tuple[int, ...], ...] = ()
    """Where building for partner rests on it (``partner-shown``): by seat, the values (in
    increasing order) it has built for itself earlier in this hand. Empty elsewhere, and
    until somebody builds."""

    @property
    def forehand(self) -> int:
        """The seat after the dealer, who leads every stage."""
        return (self.dealer + 1) % self.players

    @property
    def partnership(self) -> bool:
        """True when the seats play in two alternating teams."""
        return self.rules.is_partnership(self.players)

    @property
    def sides(self) -> int:
        """How many sides own captured cards: 2 teams, or one per seat."""
        return self.rules.sides_for(self.players)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % 2 if self.partnership else seat

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of the seat's team (none when everyone plays alone)."""
        if not self.partnership:
            return ()
        return tuple(
            other for other in range(self.players) if other != seat and other % 2 == seat % 2
        )

    @property
    def is_over(self) -> bool:
        """True when every hand and the stock are empty: the hand has been played out."""
        return not self.stock and not any(self.hands)

    def compact(self) -> str:
        """The position in one line, for messages: variant, seats, hands, table and stock.

        For example ``dithmarschen, 4 players, dealer 3, seat 0 to move; hands AH | 5C | 5D |
        2H; table AC 10D 5S+4H=9@1; stock 0`` (a build as its cards, bottom first, its
        value and its owner).
        """
        name = "+".join((self.variant, *self.options))
        hands = " | ".join(" ".join(map(str, hand)) or "-" for hand in self.hands)
        table = " ".join(map(_item_text, self.table)) or "-"
        return (
            f"{name}, {self.players} players, dealer {self.dealer}, seat {self.to_move} "
            f"to move; hands {hands}; table {table}; stock {len(self.stock)}"
        )

    def item(self, name: Card) -> TableItem | None:
        """The table item named by ``name`` (a loose card or a build's bottom card)."""
        for item in self.table:
            if item_name(item) == name:
                return item
        return None


_new = object.__new__
_SETTERS = {name: vars(Position)[name].__set__ for name in Position.__dataclass_fields__}
_SET_VARIANT, _SET_OPTIONS, _SET_PLAYERS, _SET_DEALER = (
    _SETTERS["variant"],
    _SETTERS["options"],
    _SETTERS["players"],
    _SETTERS["dealer"],
)
_SET_TO_MOVE, _SET_STAGE, _SET_HANDS, _SET_TABLE = (
    _SETTERS["to_move"],
    _SETTERS["stage"],
    _SETTERS["hands"],
    _SETTERS["table"],
)
_SET_STOCK, _SET_CAPTURED, _SET_ZWICKS, _SET_LAST_CAPTURE, _SET_RULES, _SET_SHOWN = (
    _SETTERS["stock"],
    _SETTERS["captured"],
    _SETTERS["zwicks"],
    _SETTERS["last_capture"],
    _SETTERS["rules"],
    _SETTERS["shown"],
)


def after_play(
    position: Position,
    *,
    to_move: int,
    hands: tuple[tuple[Card, ...], ...],
    table: tuple[TableItem, ...],
    captured: tuple[tuple[Card, ...], ...],
    zwicks: tuple[int, ...],
    last_capture: int | None,
    shown: tuple[tuple[int, ...], ...] | None = None,
) -> Position:
    """``position`` with what one move changes, made without the dataclass ``__init__``.

    Play makes a position per move of every game; setting the slots directly (the
    variant, options, seats, stage, stock and rules copied from ``position``) takes half
    the time of the frozen dataclass's constructor, with the same result. ``shown``
    (None: as before the move) changes only where the variant keeps it.
    """
    after: Position = _new(Position)
    _SET_VARIANT(after, position.variant)
    _SET_OPTIONS(after, position.options)
    _SET_PLAYERS(after, position.players)
    _SET_DEALER(after, position.dealer)
    _SET_TO_MOVE(after, to_move)
    _SET_STAGE(after, position.stage)
    _SET_HANDS(after, hands)
    _SET_TABLE(after, table)
    _SET_STOCK(after, position.stock)
    _SET_CAPTURED(after, captured)
    _SET_ZWICKS(after, zwicks)
    _SET_LAST_CAPTURE(after, last_capture)
    _SET_RULES(after, position.rules)
    _SET_SHOWN(after, position.shown if shown is None else shown)
    return after


_SET_PILE_CARDS, _SET_PILE_VALUE, _SET_PILE_OWNER = (
    vars(Pile)[name].__set__ for name in ("cards", "value", "owner")
)


def built_pile(cards: tuple[Card, ...], value: int, owner: int | None) -> Pile:
    """The build a legal move makes, made without the dataclass ``__init__``.

    Play makes one per build move; a legal build has cards and a value of at least 1, so
    the checks of :class:`Pile` (for builds read from files) have nothing to find.
    """
    pile: Pile = _new(Pile)
    _SET_PILE_CARDS(pile, cards)
    _SET_PILE_VALUE(pile, value)
    _SET_PILE_OWNER(pile, owner)
    return pile


def _item_text(item: TableItem) -> str:
    """A table item in one word: a card, or a build's cards (bottom first), value and owner."""
    if not isinstance(item, Pile):
        return str(item)
    owner = "" if item.owner is None else f"@{item.owner}"
    return f"{'+'.join(map(str, item.cards))}={item.value}{owner}"
