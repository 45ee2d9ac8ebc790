"""The compact move notation: one line of ASCII per move, strict to read, canonical to write.

Forms (``CARD`` is the :mod:`card notation <zwicker_ref.rules.cards>`; a table item is named by
its card, a build by its bottom card):

* trail: the bare card, ``10S``;
* capture: ``CARD x ITEMS``. The canonical form is the move's identity, the set of items
  in canonical card order separated by single spaces: ``KS x AD 2D 4D 8D QS``. People may
  annotate it with the value the played card takes (``=14`` after the card) and with the
  groups that add up to it (items of a group joined by ``+``, groups separated by
  ``", "``): ``KS=14 x QS+AD, 8D+4D+2D``. Annotations do not change which move it is;
* build onto an item: ``CARD>TARGET=VALUE``, then ``@SEAT`` for the owner where builds
  have one: ``10S>JK30=20@3``;
* new single-card build: ``CARD=VALUE`` (and ``@SEAT``): ``QH=13@1``.

Spacing is exact: one space on each side of ``x``, one space between the items of a
plain set, one space after each comma, and no space anywhere else (not around ``+``,
``=``, ``>`` or ``@``, not at either end). Any other text is rejected with a
:class:`~zwicker_ref.errors.NotationError` of code ``bad-move-notation`` that quotes the
text and says what was expected. ``parse_move(format_move(move)) == move`` always holds,
and ``format_move(parse_move(text))`` is the canonical spelling of ``text``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from operator import attrgetter

from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail, canonical_order
from zwicker_ref.errors import ErrorCode, NotationError
from zwicker_ref.rules.cards import Card, card_name

_VALUE = re.compile(r"[1-9][0-9]*")
_SEAT = re.compile(r"0|[1-9][0-9]*")
_BUILD = re.compile(
    r"(?P<card>[^>=@]*)(?:>(?P<target>[^>=@]*))?(?:=(?P<value>[^>=@]*))?(?:@(?P<seat>.*))?"
)

_FORMS = "a card (trail), CARD x ITEMS (capture), or CARD>TARGET=VALUE / CARD=VALUE (build)"


def parse_move(text: str) -> Move:
    """Read one move in compact notation; raise :class:`NotationError` if it is not one.

    >>> parse_move("KS=14 x QS+AD, 8D+4D+2D") == parse_move("KS x AD 2D 4D 8D QS")
    True
    >>> parse_move("10S>JK30=20@3")
    Build(card=Card.parse('10S'), target=Card.parse('JK30'), value=20, owner=3, seat=None)
    """
    if not isinstance(text, str):
        raise _error(repr(text), f"a move is written as text: {_FORMS}")
    return _canonical(text) or _parse_written(text)


def _parse_written(text: str) -> Move:
    """Read one move as people may write it, checking everything (the full reader)."""
    if not text:
        raise _error(repr(text), f"the text is empty; expected {_FORMS}")
    if text != text.strip():
        raise _error(repr(text), "remove the space at the start or end")
    if any(char.isspace() and char != " " for char in text):
        raise _error(repr(text), "separate the parts with single spaces (no tabs or line breaks)")
    if "x" in text:
        return _parse_capture(text)
    if " " in text:
        raise _error(
            repr(text),
            "a trail or build has no spaces; a capture is CARD x ITEMS, e.g. 'KS x QS AD'",
        )
    return _parse_trail_or_build(text)


@functools.lru_cache(maxsize=4096)
def _canonical(text: str) -> Move | None:
    """A move written exactly as the canonical form writes it, or None.

    Engines answer ``legal`` with tens of thousands of canonical moves; this reads them
    without the checks that only text written by people needs. Anything unusual (an
    annotation, odd spacing, a bad or repeated card) returns None, and the full reader
    then accepts it or says what is wrong with it. Remembered: the positions of a perft
    walk list mostly the same moves (nine in ten of them seen before), and moves are
    values.
    """
    if "\n" in text:
        return None  # card notation's pattern ends in $, which a final line break passes
    words = text.split(" ")
    try:
        if len(words) == 1:
            build = _CANONICAL_BUILD.fullmatch(text)
            if build is None:
                return None if ">" in text or "=" in text else Trail(Card.parse(text))
            card, target, value, owner = build.groups()
            return Build(
                Card.parse(card),
                None if target is None else Card.parse(target),
                int(value),
                None if owner is None else int(owner),
            )
        if len(words) < 3 or words[1] != "x" or "=" in words[0]:
            return None
        items = frozenset([Card.parse(word) for word in words[2:]])
        card = Card.parse(words[0])
    except NotationError:
        return None
    return Capture(card, items) if len(items) == len(words) - 2 else None


_CANONICAL_BUILD = re.compile(r"([^>=@\s]+)(?:>([^>=@\s]+))?=([1-9][0-9]*)(?:@(0|[1-9][0-9]*))?")
"""A build as :func:`format_move` writes it (its cards are read by :meth:`Card.parse`)."""


def canonical_spelling(text: str) -> str:
    """The canonical notation of the move ``text`` names; NotationError if it names none.

    ``text`` itself when it is already canonical (a trail, a plain capture with its items
    in card order, a build), which is checked without building the move: engines answer
    ``legal`` with tens of thousands of canonical moves, and two texts spelled this way
    are the same move exactly when they are the same text. Anything else is read by
    :func:`parse_move` and written back by :func:`format_move`.
    """
    if _is_canonical(text):
        return text
    return format_move(parse_move(text))


def canonical_spellings(texts: Iterable[str]) -> list[str]:
    """:func:`canonical_spelling` of each text of a listing (NotationError at the first bad one).

    The captures of one position share their items (a jack counting 2 and a king counting
    4 both take two twos): each distinct items part, and each played card, is checked
    once. A capture it cannot confirm as canonical, and every other move, goes to
    :func:`canonical_spelling`.
    """
    items_ordered: dict[str, bool] = {}
    cards: dict[str, bool] = {}
    spelt: list[str] = []
    append = spelt.append
    for text in texts:
        card, x, items = text.partition(" x ")
        if x and " " not in card and "\n" not in text:
            ordered = items_ordered.get(items)
            if ordered is None:
                ordered = items_ordered[items] = _in_card_order(items.split(" "))
            known = cards.get(card)
            if known is None:
                known = cards[card] = _in_card_order([card])
            if ordered and known:
                append(text)
                continue
        append(canonical_spelling(text))
    return spelt


def _in_card_order(words: list[str]) -> bool:
    """True if every word names a card, each after the one before in canonical order."""
    last = -1
    try:
        for word in words:
            order = _card_order(word)
            if order <= last:
                return False
            last = order
    except NotationError:
        return False
    return True


def _is_canonical(text: str) -> bool:
    """True if ``text`` is a move exactly as :func:`format_move` writes one."""
    if not isinstance(text, str) or "\n" in text:  # card notation's $ passes a final \n
        return False
    words = text.split(" ")
    try:
        if len(words) == 1:
            build = _CANONICAL_BUILD.fullmatch(text)
            if build is None and (">" in text or "=" in text):
                return False
            for card in (text,) if build is None else build.group(1, 2):
                if card is not None:
                    Card.parse(card)  # NotationError if it is not one
            return True
        if len(words) < 3 or words[1] != "x":
            return False
    except NotationError:
        return False
    # The played card, then the items in card order (so each item once).
    return _in_card_order(words[:1]) and _in_card_order(words[2:])


@functools.lru_cache(maxsize=1024)
def _card_order(word: str) -> int:
    """The place in canonical order of the card ``word`` names; NotationError if none."""
    return Card.parse(word).sort_key


def format_move(move: Move) -> str:
    """The canonical notation of a move: its identity, without annotations.

    >>> format_move(parse_move("KS=14 x QS+AD, 8D+4D+2D"))
    'KS x AD 2D 4D 8D QS'
    """
    if isinstance(move, Trail):
        return str(move.card)
    if isinstance(move, Capture):
        return f"{move.card} x {' '.join(str(card) for card in _sorted(move.items))}"
    return _format_build(move)


def format_moves(moves: Iterable[Move]) -> list[str]:
    """The canonical notation of many moves (a position's legal moves), in the order given.

    The same as :func:`format_move` on each, written for tens of thousands of captures: the
    played card's part (``KS x``) once per card, and the items once per distinct set (the
    captures of one position share them: a jack counting 2 and a king counting 4 both
    take two twos).
    """
    played: dict[Card, str] = {}
    written: dict[frozenset[Card], str] = {}
    texts: list[str] = []
    append = texts.append
    order = _CARD_ORDER
    for move in moves:
        kind = type(move)
        if kind is Capture:
            card = move.card
            prefix = played.get(card)
            if prefix is None:
                prefix = played[card] = f"{card_name(card)} x "
            items = move.items  # type: ignore[union-attr]
            text = written.get(items)
            if text is None:
                text = written[items] = " ".join(map(card_name, sorted(items, key=order)))
            append(prefix + text)
        elif kind is Trail:
            append(card_name(move.card))
        else:
            append(_format_build(move))  # type: ignore[arg-type]
    return texts


def format_move_annotated(move: Move) -> str:
    """The notation of a move with its annotations, for people: a capture's value and groups.

    A capture's groups are written in their own order when they name exactly its items;
    otherwise (or when there are none) the items are written as the canonical set. Trails
    and builds have no annotations and read as in :func:`format_move`.

    >>> format_move_annotated(parse_move("KS=14 x QS+AD, 8D+4D+2D"))
    'KS=14 x QS+AD, 8D+4D+2D'
    """
    if not isinstance(move, Capture):
        return format_move(move)
    played = str(move.card) if move.value is None else f"{move.card}={move.value}"
    groups = move.groups
    if groups and {card for group in groups for card in group} == move.items:
        listed = ", ".join("+".join(str(card) for card in group) for group in groups)
        return f"{played} x {listed}"
    return f"{played} x {' '.join(str(card) for card in _sorted(move.items))}"


def format_move_list(moves: Iterable[Move]) -> str:
    """Moves in canonical order, one canonical notation per line (no final line break)."""
    return "\n".join(format_moves(canonical_order(list(moves))))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by single spaces (``"AH KH 10D"``), in the order written.

    The empty text is no cards. Raise :class:`NotationError` (``bad-card-notation``) on a
    card that is not in the notation or on spacing other than single spaces between cards.
    """
    if not isinstance(text, str):
        raise NotationError(
            ErrorCode.BAD_CARD_NOTATION, f"a card list is written as text, got {text!r}"
        )
    if not text:
        return ()
    words = text.split(" ")
    if any(not word for word in words):
        raise NotationError(
            ErrorCode.BAD_CARD_NOTATION,
            f"{text!r}: separate the cards by single spaces, with none at the start or end",
        )
    return tuple(Card.parse(word) for word in words)


def _parse_capture(text: str) -> Capture:
    if text.count("x") > 1:
        raise _error(repr(text), "a capture has one 'x', between the played card and the items")
    left, right = text.split("x")
    if not right.strip():
        raise _error(repr(text), "name the captured items after 'x', e.g. 'KS x QS AD'")
    spaced = left.endswith(" ") and right.startswith(" ")
    if not spaced or left.endswith("  ") or right.startswith("  "):
        raise _error(repr(text), "write exactly one space on each side of 'x', e.g. 'KS x QS AD'")
    left, right = left[:-1], right[1:]
    card_text, _, value_text = left.partition("=")
    if " " in left or ">" in left or "@" in left:
        raise _error(
            repr(text),
            "before 'x' comes the played card, optionally with the value it takes: 'KS' or 'KS=14'",
        )
    card = _card(text, card_text)
    value = _value(text, value_text) if "=" in left else None
    if "+" in right or "," in right:
        groups = _groups(text, right)
        items = [item for group in groups for item in group]
        _no_repeats(text, items)
        return Capture(card, frozenset(items), value=value, groups=groups)
    words = right.split(" ")
    if any(not word for word in words):
        raise _error(repr(text), "separate the captured items by single spaces")
    items = [_card(text, word) for word in words]
    _no_repeats(text, items)
    return Capture(card, frozenset(items), value=value)


def _groups(text: str, listed: str) -> tuple[tuple[Card, ...], ...]:
    """Groups written ``QS+AD, 8D+4D+2D``: ``+`` inside a group, ``", "`` between groups."""
    parts = listed.split(",")
    groups = []
    for index, part in enumerate(parts):
        if index > 0:
            if part and (not part.startswith(" ") or part.startswith("  ")):
                raise _error(repr(text), "write one space after each comma between groups")
            part = part[1:]
        if not part:
            raise _error(repr(text), "a group is missing: name at least one item between commas")
        if " " in part:
            raise _error(
                repr(text),
                f"{part!r} mixes the two ways of listing items: either a plain set separated "
                "by spaces ('KS x QS AD 8D') or groups joined by '+' and separated by ', ' "
                "('KS x QS+AD, 8D+4D+2D')",
            )
        members = part.split("+")
        if any(not member for member in members):
            raise _error(repr(text), f"{part!r}: write an item on each side of every '+'")
        groups.append(tuple(_card(text, member) for member in members))
    return tuple(groups)


def _parse_trail_or_build(text: str) -> Move:
    match = _BUILD.fullmatch(text)
    if match is None:
        raise _error(
            repr(text),
            "a build is CARD>TARGET=VALUE or CARD=VALUE, with @SEAT for the owner; "
            "each of '>', '=' and '@' appears at most once, in that order",
        )
    card = _card(text, match["card"])
    target_text, value_text, seat_text = match["target"], match["value"], match["seat"]
    if target_text is None and value_text is None and seat_text is None:
        return Trail(card)
    if value_text is None:
        raise _error(repr(text), "a build announces its new value: CARD>TARGET=VALUE or CARD=VALUE")
    target = None if target_text is None else _card(text, target_text)
    value = _value(text, value_text)
    owner = None
    if seat_text is not None:
        if not _SEAT.fullmatch(seat_text):
            raise _error(
                repr(text),
                f"the owner after '@' is a seat number (0, 1, 2, ...), not {seat_text!r}",
            )
        owner = int(seat_text)
    return Build(card, target, value, owner)


def _format_build(move: Build) -> str:
    text = str(move.card)
    if move.target is not None:
        text += f">{move.target}"
    text += f"={move.value}"
    if move.owner is not None:
        text += f"@{move.owner}"
    return text


def _card(text: str, word: str) -> Card:
    """A card inside a move; a bad card is a bad move, quoted in the message."""
    try:
        return Card.parse(word)
    except NotationError as error:
        raise _error(repr(text), error.message) from None


def _value(text: str, value_text: str) -> int:
    if not _VALUE.fullmatch(value_text):
        raise _error(
            repr(text), f"a value after '=' is a whole number from 1 up, not {value_text!r}"
        )
    return int(value_text)


def _no_repeats(text: str, items: list[Card]) -> None:
    seen: set[Card] = set()
    for item in items:
        if item in seen:
            raise _error(repr(text), f"{item} is named twice; a capture takes each item once")
        seen.add(item)


def _sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=_CARD_ORDER)


_CARD_ORDER = attrgetter("sort_key")


def _error(quoted: str, expected: str) -> NotationError:
    return NotationError(ErrorCode.BAD_MOVE_NOTATION, f"{quoted} is not a move: {expected}")
