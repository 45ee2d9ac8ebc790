"""Moves: trail, capture and build, with their canonical identities.

Identity (RULINGS.md): a trail is its card; a capture is its played card and the set of
table items it takes (items are named by their card, a build by its bottom card), however
they are grouped and whichever values are chosen; a build is its played card, its target
item (None for a new single-card build), its new value and its owner seat. Equality and
hashing follow the identity, so a position's legal moves form a well-defined set.

A capture may also carry, for people and for checking, the value the played card takes
and the groups it is split into; any move may carry the seat that plays it (checked
against the seat to move). None of these take part in equality.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from zwicker_ref.rules.cards import Card


@dataclass(frozen=True, slots=True)
class Trail:
    """Play a card to the table as a loose card."""

    card: Card
    seat: int | None = field(default=None, compare=False)

    @property
    def sort_key(self) -> tuple[object, ...]:
        """Canonical order: trails first, then by card."""
        return (0, self.card.sort_key)


@dataclass(frozen=True, slots=True)
class Capture:
    """Play a card and take a set of table items with it.

    ``value`` and ``groups`` are optional annotations (how the capture adds up); when a
    move gives them, the legality check verifies them too.
    """

    card: Card
    items: frozenset[Card]
    value: int | None = field(default=None, compare=False)
    groups: tuple[tuple[Card, ...], ...] | None = field(default=None, compare=False)
    seat: int | None = field(default=None, compare=False)

    @property
    def sort_key(self) -> tuple[object, ...]:
        """Canonical order: after trails, by card, then by the captured items."""
        return (1, self.card.sort_key, sorted([item.sort_key for item in self.items]))


@dataclass(frozen=True, slots=True)
class Build:
    """Play a card onto a table item (or alone) and announce the build's new value.

    ``target`` names the item built on (None: a new single-card build); ``owner`` is the
    seat that owns the result (the mover, or a partner), None where builds have no owner.
    """

    card: Card
    target: Card | None
    value: int
    owner: int | None
    seat: int | None = field(default=None, compare=False)

    @property
    def sort_key(self) -> tuple[object, ...]:
        """Canonical order: after captures, by card, target, value and owner."""
        target = (0,) if self.target is None else (1, self.target.sort_key)
        owner = -1 if self.owner is None else self.owner
        return (2, self.card.sort_key, target, self.value, owner)


Move = Trail | Capture | Build
"""Any move."""


def canonical_order(moves: set[Move] | list[Move]) -> list[Move]:
    """Moves sorted in the canonical order used by every listing."""
    return sorted(moves, key=lambda move: move.sort_key)


# Making moves in bulk ---------------------------------------------------------------------
# Listing makes millions of moves. A frozen dataclass's __init__ sets each field through
# object.__setattr__; setting the slots directly makes a move in about half the time. These
# give exactly what the classes' own constructors give (tests/test_generation.py checks).

_new = object.__new__


def _setter(cls: type, name: str) -> Callable[[object, object], None]:
    """The slot setter of field ``name`` of a slotted dataclass."""
    setter: Callable[[object, object], None] = vars(cls)[name].__set__
    return setter


_set_capture_card = _setter(Capture, "card")
_set_capture_items = _setter(Capture, "items")
_set_capture_value = _setter(Capture, "value")
_set_capture_groups = _setter(Capture, "groups")
_set_capture_seat = _setter(Capture, "seat")
_set_build_card = _setter(Build, "card")
_set_build_target = _setter(Build, "target")
_set_build_value = _setter(Build, "value")
_set_build_owner = _setter(Build, "owner")
_set_build_seat = _setter(Build, "seat")


def new_captures(card: Card, item_sets: Iterable[frozenset[Card]]) -> list[Move]:
    """``[Capture(card, items) for items in item_sets]``, made faster.

    A listing of thousands of captures of one card makes them here in one loop, without
    a call per move.
    """
    new, cls = _new, Capture
    set_card, set_items = _set_capture_card, _set_capture_items
    set_value, set_groups, set_seat = _set_capture_value, _set_capture_groups, _set_capture_seat
    moves: list[Move] = []
    append = moves.append
    for items in item_sets:
        move = new(cls)
        set_card(move, card)
        set_items(move, items)
        set_value(move, None)
        set_groups(move, None)
        set_seat(move, None)
        append(move)
    return moves


def new_build(card: Card, target: Card | None, value: int, owner: int | None) -> Build:
    """``Build(card, target, value, owner)``, made faster."""
    move: Build = _new(Build)
    _set_build_card(move, card)
    _set_build_target(move, target)
    _set_build_value(move, value)
    _set_build_owner(move, owner)
    _set_build_seat(move, None)
    return move
