"""Cards and the project's ASCII card notation.

Notation (one canonical spelling per card; parsing is strict):

* a suited card is its rank then its suit: ranks ``A 2 3 4 5 6 7 8 9 10 J Q K``, suits
  ``C D H S`` (clubs, diamonds, hearts, spades): ``10D``, ``QS``, ``AH``, ``7C``;
* a joker is ``JK`` followed by its label, 1-3 digits or capital letters, as the variant
  spec names it: ``JK15``, ``JK25``, ``JKW1`` (a wild joker of Grupp's game);
* in a game with two packs the second copy of a card carries ``#2``: ``10D#2``,
  ``JK15#2``. The first copy is written without a suffix (``#1`` is not accepted), so
  every card has exactly one spelling.

Matching values are not a property of a card: they depend on the variant (see
:mod:`zwicker_ref.rules.variant`).
"""

from __future__ import annotations

import enum
import functools
import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from zwicker_ref.errors import ErrorCode, NotationError


class Suit(enum.Enum):
    """The four French suits, by their notation letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


class Rank(enum.Enum):
    """The thirteen ranks, by their notation text."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def pip_value(self) -> int | None:
        """The face value of a pip card (2-10); None for an ace or court card."""
        return int(self.value) if self.value.isdigit() else None


MAX_COPIES = 9
_PATTERN = re.compile(
    r"^(?:(?P<rank>A|[2-9]|10|J|Q|K)(?P<suit>[CDHS])|JK(?P<joker>[0-9A-Z]{1,3}))"
    r"(?:#(?P<copy>[0-9]+))?$"
)


@dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class Card:
    """One physical card: a suited card or a joker, and which pack copy it is.

    Build cards with :meth:`suited`, :meth:`joker` or :meth:`parse`; ``str(card)`` is the
    canonical notation, and ``Card.parse(str(card)) == card`` always holds.

    A card is a value with one object per card: making a card that exists already gives
    that object back (copies and pickles too). So two cards are equal exactly when they
    are the same object, and hashing and comparing cards, which move generation does
    constantly, cost what they cost for any object.

    >>> Card.parse("10D").rank, Card.parse("10D").suit
    (<Rank.TEN: '10'>, <Suit.DIAMONDS: 'D'>)
    >>> str(Card.joker("25", copy=2))
    'JK25#2'
    """

    rank: Rank | None
    suit: Suit | None
    joker_label: str | None
    copy: int = 1
    # Cards are sorted constantly during move generation: the key is computed once.
    sort_key: int = field(init=False, compare=False, repr=False)
    # Written out constantly (move lists of tens of thousands of moves): made once.
    _name: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        suited = self.rank is not None and self.suit is not None and self.joker_label is None
        joker = self.rank is None and self.suit is None and self.joker_label is not None
        if not (suited or joker):
            raise ValueError("a card is either a rank and a suit, or a joker label")
        if self.joker_label is not None and not re.fullmatch(r"[0-9A-Z]{1,3}", self.joker_label):
            raise ValueError(f"joker label {self.joker_label!r} is not 1-3 digits or capitals")
        if not 1 <= self.copy <= MAX_COPIES:
            raise ValueError(f"copy {self.copy} is outside 1-{MAX_COPIES}")
        object.__setattr__(
            self, "sort_key", _order(self.rank, self.suit, self.joker_label, self.copy)
        )
        object.__setattr__(
            self, "_name", _notation(self.rank, self.suit, self.joker_label, self.copy)
        )
        _CARDS.setdefault((self.rank, self.suit, self.joker_label, self.copy), self)

    def __new__(
        cls, rank: Rank | None, suit: Suit | None, joker_label: str | None, copy: int = 1
    ) -> Card:
        """The one object of this card: the existing one, or a new one to initialise."""
        known = _CARDS.get((rank, suit, joker_label, copy))
        return known if known is not None else object.__new__(cls)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Copies and unpickled cards are the one object of their card.
        return Card.parse, (self._name,)

    @classmethod
    def suited(cls, rank: Rank, suit: Suit, copy: int = 1) -> Card:
        """The suited card of ``rank`` and ``suit`` (of pack ``copy``)."""
        return cls(rank, suit, None, copy)

    @classmethod
    def joker(cls, label: str, copy: int = 1) -> Card:
        """The joker labelled ``label`` (of pack ``copy``)."""
        return cls(None, None, label, copy)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in canonical notation; raise :class:`NotationError` otherwise."""
        if not isinstance(text, str):
            raise NotationError(
                ErrorCode.BAD_CARD_NOTATION, f"a card must be written as text, got {text!r}"
            )
        return _parse_card(text)

    @classmethod
    def _read(cls, text: str) -> Card:
        match = _PATTERN.match(text)
        if match is None:
            raise NotationError(
                ErrorCode.BAD_CARD_NOTATION,
                f"{text!r} is not a card: write rank then suit (A 2-10 J Q K; C D H S), "
                "e.g. 10D or QS, or JK and a joker label, e.g. JK25",
            )
        copy_text = match["copy"]
        copy = 1
        if copy_text is not None:
            copy = int(copy_text)
            if copy == 1 or copy > MAX_COPIES or copy_text.startswith("0"):
                raise NotationError(
                    ErrorCode.BAD_CARD_NOTATION,
                    f"{text!r}: a copy suffix is #2 to #{MAX_COPIES}; the first copy has none",
                )
        if match["joker"] is not None:
            return cls.joker(match["joker"], copy)
        return cls.suited(Rank(match["rank"]), Suit(match["suit"]), copy)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.joker_label is not None

    @property
    def first_copy(self) -> Card:
        """The same card of the first pack (how a spec names every copy of it)."""
        # Cards are immutable values: a first copy is its own first copy.
        return self if self.copy == 1 else Card(self.rank, self.suit, self.joker_label, 1)

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS: weakref.WeakValueDictionary[tuple[Rank | None, Suit | None, str | None, int], Card] = (
    weakref.WeakValueDictionary()
)
"""The one object of each card in use, by its rank, suit, joker label and copy."""


card_name: Callable[[Card], str] = attrgetter("_name")
"""``str(card)``, read without calling a method: a served listing or position writes
hundreds of thousands of cards, and the call costs more than the reading."""


def card_names(cards: Iterable[Card]) -> list[str]:
    """The card notation of each of ``cards``, in order (``str`` of each)."""
    return list(map(card_name, cards))


@functools.lru_cache(maxsize=8192)
def _parse_card(text: str) -> Card:
    """:meth:`Card.parse` of a text, remembered.

    Cards are values, and positions and moves name the same few cards again and again (a
    served position is read afresh with every request).
    """
    return Card._read(text)


def _notation(rank: Rank | None, suit: Suit | None, joker_label: str | None, copy: int) -> str:
    """A card's canonical notation: rank and suit, or JK and the label; ``#copy`` after 1."""
    if joker_label is not None:
        name = f"JK{joker_label}"
    else:
        assert rank is not None
        assert suit is not None
        name = f"{rank.value}{suit.value}"
    return name if copy == 1 else f"{name}#{copy}"


_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
_RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}
_COPY_SPAN = 100_000


def _order(rank: Rank | None, suit: Suit | None, joker_label: str | None, copy: int) -> int:
    """The canonical order as one integer: by copy, suit, rank; jokers after, by label.

    Numeric joker labels sort by number (JK15 before JK100), other labels after them by
    their base-36 reading.
    """
    if joker_label is not None:
        label = 1000 + int(joker_label) if joker_label.isdigit() else 2000 + int(joker_label, 36)
        return (copy - 1) * _COPY_SPAN + label
    assert rank is not None
    assert suit is not None
    return (copy - 1) * _COPY_SPAN + _SUIT_ORDER[suit] * 100 + _RANK_ORDER[rank]


@functools.lru_cache(maxsize=64)
def build_deck(joker_labels: tuple[str, ...], packs: int) -> tuple[Card, ...]:
    """Every card of ``packs`` copies of the 52 cards and the jokers, in canonical order.

    Asked at every deal; a variant has a few decks (by player count), kept once made.
    """
    cards = [
        Card(rank, suit, None, copy)
        for copy in range(1, packs + 1)
        for suit in Suit
        for rank in Rank
    ]
    cards += [Card.joker(label, copy) for copy in range(1, packs + 1) for label in joker_labels]
    return tuple(sorted(cards, key=lambda card: card.sort_key))
