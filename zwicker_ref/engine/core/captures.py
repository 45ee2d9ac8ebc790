"""Which sets of table items a played card can capture.

A capture takes one or more disjoint groups of table items, each adding up to the one
value the played card takes; a loose ace, court card or wild joker counts whichever of
its values fits, a build its announced value (RULINGS.md, Capture). The identity of a
capture is the set of items taken, so what matters is which *sets* can be split into such
groups.

The questions are asked of a table's values alone: ``offered`` gives each item's values
in table order (``()`` for an item that may not be taken). :func:`capture_masks` answers
with every capturable set as a bit mask (bit i: item i) in canonical order,
:func:`count_capture_masks` with how many there are, :func:`splits_whole` whether one
given set of items splits. The method depends on the table:

- **Few subsets** (every table of at most :data:`SMALL_TABLE` items, the usual case in
  play, and larger tables whose items make at most :data:`SUBSET_BUDGET` subsets adding
  up to no more than the card's value and at most :data:`GROUP_BUDGET` groups): work on
  the item subsets themselves, as bit masks. :func:`subset_totals` finds what every
  such subset can add up to, :func:`feasible_subsets` which subsets split into groups of
  one value; a table of places (:func:`subset_order`) or their ranks as integers
  (:func:`canonical_masks`) put them in canonical order. Play meets a new table at
  nearly every move, so nothing is remembered: a cache of these answers missed two
  times in three in random play, and its tens of thousands of entries weighed on the
  garbage collector.
- **Many subsets** (a large table of small values: A-4 of four suits makes tens of
  thousands): items offering the same values are interchangeable, so the search runs
  over count vectors of value classes held as bit sets, and lists the item sets in
  canonical order by a walk over the items
  (:mod:`~zwicker_ref.engine.core.capture_vectors`). Counting multiplies binomials and lists
  nothing.
- **A table with very many value classes** (more count vectors than
  :data:`~zwicker_ref.engine.core.capture_vectors.VECTOR_LIMIT`: 21 items of different values,
  or 13 values twice over from two decks): the subset method again, without a budget.
  Slower, but its work follows the number of subsets adding up to at most the bound, not
  the number of vectors, and counting lists.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, overload

from zwicker_ref.engine.core.capture_vectors import vector_table

Vector = tuple[int, ...]
Name = TypeVar("Name", bound=Hashable)
"""How the items of a search are named: by card, or by any other hashable label."""

Offered = tuple[tuple[int, ...], ...]
"""The values each table item offers a capture, in table order (``()``: never taken)."""


@dataclass(frozen=True, slots=True)
class ValueClass(Generic[Name]):
    """Table items (named by their cards or other labels) that all offer the same values."""

    values: tuple[int, ...]
    names: tuple[Name, ...]


def classify(items: Iterable[tuple[Name, tuple[int, ...]]]) -> tuple[ValueClass[Name], ...]:
    """Group named items by the values they offer, the classes ordered by their values.

    Ordering the classes by value (not by the items' names) gives two tables with the
    same values the same shape, so they share one search.
    """
    by_values: dict[tuple[int, ...], list[Name]] = {}
    for name, values in items:
        named = by_values.get(values)
        if named is None:
            by_values[values] = [name]
        else:
            named.append(name)
    return tuple(ValueClass(values, tuple(by_values[values])) for values in sorted(by_values))


class CaptureSearch(Generic[Name]):
    """Whether counts of items of some value classes split into groups of one value.

    The checker's question about one capture: do the items it names (so many of each
    class) split into groups each adding up to the value played?
    """

    def __init__(self, classes: tuple[ValueClass[Name], ...]) -> None:
        self.classes = classes

    def splits(self, vector: Vector, value: int) -> bool:
        """True when ``vector`` (a count per class) splits into groups adding up to ``value``."""
        offered = tuple(
            value_class.values
            for value_class, count in zip(self.classes, vector, strict=True)
            for _ in range(count)
        )
        return bool(offered) and splits_whole(offered, value)


SMALL_TABLE = 8
"""Up to this many table items, captures are always searched over item subsets (bit masks)."""

SUBSET_BUDGET = 64
"""On a larger table, the most subsets the subset method lists before the vector search
takes over. Tables met in random play make at most about 30 (classic with five players,
Grupp with three); the large positions of ``make bench`` make 143 to 12,000, where the
vector search is many times faster."""

GROUP_BUDGET = 8
"""On a larger table, the most groups of one value the subset method combines before the
vector search takes over: their unions (up to 255 per value here) are made one by one and
sorted by key, where the vector search joins lists of sets as bytes. Thirteen groups
(13 sets of cards adding up to 14) take the subset method some 40 ms, the vector
search about 1 ms."""


def capture_masks(offered: Offered, values: tuple[int, ...], bound: int) -> tuple[int, ...]:
    """Every item subset (bit mask) that splits into groups of one of ``values``, in order.

    ``offered`` gives the values of each table item in table order (an empty tuple for an
    item that may not be taken). A subset counts when it splits into disjoint groups each
    adding up to one value v of ``values`` (one v for the whole subset), each loose item
    counting one of its values. ``bound`` is at least every value a card of the variant
    captures, so one vector table serves every card played onto a large table. The
    subsets come in canonical order: compared as their increasing sequences of item
    indices, a prefix before its extensions.
    """
    budget = None if len(offered) <= SMALL_TABLE else SUBSET_BUDGET
    found = _subset_masks(offered, values, budget)
    if found is not None:
        return found
    return _large_table_masks(offered, values, max((bound, *values)))


def count_capture_masks(offered: Offered, values: tuple[int, ...], bound: int) -> int:
    """How many subsets :func:`capture_masks` lists, without listing them on a large table."""
    budget = None if len(offered) <= SMALL_TABLE else SUBSET_BUDGET
    found = _subset_masks(offered, values, budget)
    if found is not None:
        return len(found)
    return _large_table_count(offered, values, max((bound, *values)))


def splits_whole(offered: Offered, value: int) -> bool:
    """True when all the items of ``offered`` together split into groups adding up to ``value``."""
    if () in offered:
        return False
    everything = (1 << len(offered)) - 1
    if len(offered) <= SMALL_TABLE:
        return everything in _feasible_masks(offered, value)
    table = vector_table(offered, value)
    if table is None:
        return everything in feasible_subsets(groups_of(subset_totals(offered, value), value))
    return table.splits_whole(value)


# The subset method -------------------------------------------------------------------


def _subset_masks(
    offered: Offered, values: tuple[int, ...], budget: int | None
) -> tuple[int, ...] | None:
    """:func:`capture_masks` by the subset method.

    None, if a ``budget`` is given, past that many subsets or :data:`GROUP_BUDGET`
    groups of one value.
    """
    totals = subset_totals(offered, max(values), budget)
    if totals is None:
        return None
    wanted = 0
    for value in values:
        wanted |= 1 << value
    groups = groups_by_value(totals, wanted)
    if budget is not None and any(len(found) > GROUP_BUDGET for found in groups.values()):
        return None
    return split_masks(groups, values, len(offered))


def split_masks(
    groups: Mapping[int, list[int]], values: tuple[int, ...], size: int
) -> tuple[int, ...]:
    """The subsets that split into groups of one of ``values``, in canonical order.

    ``groups`` is :func:`groups_by_value` of a table of ``size`` items, for at least
    every value of ``values``: one such table serves every card of a hand.
    """
    if len(values) == 1:
        found = groups.get(values[0])
        if found is None:
            return ()
        if len(found) == 1:
            return (found[0],)
        masks = feasible_subsets(found)
    else:
        masks = set()
        for value in values:
            found = groups.get(value)
            if found is not None:
                masks |= feasible_subsets(found)
    if len(masks) < 2:
        return tuple(masks)
    if size <= SMALL_TABLE:
        return tuple(sorted(masks, key=subset_order(size).__getitem__))
    return canonical_masks(masks, size)


def masks_by_subsets(offered: Offered, values: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`capture_masks` by the subset method on a table of any size, without a budget.

    The answer for a table with too many value classes for the vector search. Its work
    follows the number of subsets adding up to at most the card's value, so it suits
    tables of high values; it is slow where many small cards make many small subsets.
    """
    found = _subset_masks(offered, values, None)
    assert found is not None  # no budget, so the search always ends
    return found


@functools.lru_cache(maxsize=50_000)
def _feasible_masks(offered: Offered, value: int) -> set[int]:
    """The subsets splitting into groups of ``value``, remembered for the checker.

    The checker asks about the items a move takes, by their values in order of value
    (:class:`CaptureSearch`), so the same few questions come back across positions.
    """
    return feasible_subsets(groups_of(subset_totals(offered, value), value))


@overload
def subset_totals(offered: Sequence[tuple[int, ...]], bound: int) -> list[tuple[int, int]]: ...


@overload
def subset_totals(
    offered: Sequence[tuple[int, ...]], bound: int, budget: int | None
) -> list[tuple[int, int]] | None: ...


def subset_totals(
    offered: Sequence[tuple[int, ...]], bound: int, budget: int | None = None
) -> list[tuple[int, int]] | None:
    """What the subsets of the items can add up to, one value chosen per item.

    Each entry is a subset as a bit mask (bit i set: item i is in it) and a bit set of
    its totals (bit t set: the subset can add up to t). Only totals up to ``bound`` are
    kept, and only subsets with such a total are listed (the empty one first): values
    only add, so a subset past the bound has no supersets worth listing. An item that
    offers no values up to the bound (or none at all: one that may not be taken) is in
    no listed subset. None when there are more than ``budget`` of them, if it is given.
    """
    limit = (2 << bound) - 1
    found = [(0, 1)]  # the empty subset adds up to 0
    for index, values in enumerate(offered):
        bit = 1 << index
        if len(values) == 1:
            (value,) = values
            if value > bound:
                continue
            found += [
                (mask | bit, grown)
                for mask, totals in found
                if (grown := (totals << value) & limit)
            ]
        elif len(values) == 2:
            # An ace or a court card of the two-valued decks: both shifts inline.
            low, high = values
            if low > bound and high > bound:
                continue
            found += [
                (mask | bit, grown)
                for mask, totals in found
                if (grown := (totals << low | totals << high) & limit)
            ]
        elif values and min(values) <= bound:
            found += [
                (mask | bit, grown)
                for mask, totals in found
                if (grown := _shifted(totals, values) & limit)
            ]
        else:
            continue
        if budget is not None and len(found) > budget:
            return None
    return found


def _shifted(totals: int, values: tuple[int, ...]) -> int:
    grown = 0
    for value in values:
        grown |= totals << value
    return grown


def groups_by_value(totals: list[tuple[int, int]], wanted: int) -> dict[int, list[int]]:
    """The groups of every value of ``wanted`` (a bit set): the subsets adding up to it.

    ``totals`` is :func:`subset_totals` of the items, with a bound of at least every
    value of ``wanted``. A value no subset adds up to is not a key. One pass serves all
    the values, where :func:`groups_of` passes over the totals once per value.
    """
    found: dict[int, list[int]] = {}
    for mask, sums in totals:
        sums &= wanted
        while sums:
            bit = sums & -sums
            sums ^= bit
            value = bit.bit_length() - 1
            group = found.get(value)
            if group is None:
                found[value] = [mask]
            else:
                group.append(mask)
    return found


def groups_of(totals: list[tuple[int, int]], value: int) -> list[int]:
    """The subsets (bit masks) that can add up to ``value``: its groups.

    ``totals`` is :func:`subset_totals` of the items, with a bound of at least ``value``.
    """
    bit = 1 << value
    return [mask for mask, sums in totals if sums & bit]


def feasible_subsets(groups: list[int]) -> set[int]:
    """Every nonempty union of disjoint ``groups`` (bit masks): the subsets that split.

    Groups are added in order of their lowest item, highest first; a subset's groups all
    have different lowest items, so each split is reached by adding its groups in that
    order, and two groups with the same lowest item are never combined.
    """
    if len(groups) < 2:
        return set(groups)
    groups = sorted(groups, key=_lowest_item, reverse=True)
    reached = {0}
    for group in groups:
        reached |= {found | group for found in reached if not found & group}
    reached.discard(0)
    return reached


def _lowest_item(mask: int) -> int:
    return mask & -mask


@functools.cache  # at most SMALL_TABLE + 1 sizes
def subset_order(size: int) -> list[int]:
    """The place of every subset of ``size`` items in canonical order, indexed by mask.

    Canonical order compares subsets by their items' indices in increasing order, as
    sequences (a subset comes before the subsets that extend it).
    """
    if size > SMALL_TABLE:
        raise ValueError(f"subsets are ordered by table only up to {SMALL_TABLE} items")
    by_items = sorted(range(1 << size), key=_items_of)
    places = [0] * (1 << size)
    for place, mask in enumerate(by_items):
        places[mask] = place
    return places


def _items_of(mask: int) -> list[int]:
    """The indices of the items of a subset, increasing: its canonical sort key."""
    return [index for index in range(mask.bit_length()) if mask >> index & 1]


_WIDE = 16
"""Tables of up to this many items put their subsets in order by rank (:func:`canonical_masks`)."""

_REVERSED_BYTE = [int(f"{byte:08b}"[::-1], 2) for byte in range(256)]
"""Each byte with its bits in reverse order."""


def canonical_masks(masks: Iterable[int], size: int) -> tuple[int, ...]:
    """Nonempty subsets (bit masks) of a table of ``size`` items, in canonical order.

    On a table of up to 16 items each subset S is sorted by its place among all the
    subsets of 16 items, a number: canonical order is a walk of the tree whose children
    extend a subset by one higher item, so S comes after its own items (one place each)
    and after the whole subtree of every item below its highest one that it skips (2 to
    the power of 15 - e places for item e). That is ``|S| + 2**16 - 2**(15 - top) - R(S)``,
    R reversing the 16 bits of S; with the mask in its low 16 bits, the numbers sort as
    plain integers, with no key function called per subset.
    """
    if size > _WIDE:
        return tuple(sorted(masks, key=_items_of))
    reverse = _REVERSED_BYTE
    ranked = sorted(
        [
            (
                65536
                + mask.bit_count()
                - (1 << (16 - mask.bit_length()))
                - (reverse[mask & 255] << 8 | reverse[mask >> 8])
            )
            << 16
            | mask
            for mask in masks
        ]
    )
    return tuple([rank & 65535 for rank in ranked])


# Large tables --------------------------------------------------------------------------

# A large table's lists are long (tens of thousands of masks on a table of 16), and a
# move changes the table, so only the lists of the last few tables asked about are kept.


@functools.lru_cache(maxsize=32)
def _large_table_masks(offered: Offered, values: tuple[int, ...], bound: int) -> tuple[int, ...]:
    table = vector_table(offered, bound)
    if table is None:
        return masks_by_subsets(offered, values)
    return table.masks(values)


@functools.lru_cache(maxsize=4096)
def _large_table_count(offered: Offered, values: tuple[int, ...], bound: int) -> int:
    table = vector_table(offered, bound)
    if table is None:
        return len(_large_table_masks(offered, values, bound))
    return table.count(values)


# A card on a table ------------------------------------------------------------------


def table_captures(
    taken: Offered, values: tuple[int, ...], lows: list[int] | None = None
) -> tuple[int, ...]:
    """The item sets (bit masks) a card capturing ``values`` takes, in canonical order.

    ``taken`` gives the values each table item offers a capture (none: it may not be
    taken); ``lows``, if given, the least of each (anything above every value for an
    item that may not be taken). Only the items that can count no more than the largest
    of ``values`` can be in a group. Where at most one is, the answer is read off;
    otherwise the search runs over those items alone: a smaller search, and one met
    again and again (a 5 looks only at the aces, twos, threes and fours on the table,
    whatever else lies there), so the vector search's remembered answers serve many
    large tables.
    """
    places = _places(taken, values, lows)
    if len(places) < 2:
        return _one_item(taken, values, places)
    top = max(values)
    if len(places) == len(taken):
        return capture_masks(taken, values, top)
    found = capture_masks(tuple([taken[place] for place in places]), values, top)
    if places[-1] == len(places) - 1:
        return found  # the first items of the table: their masks are the table's
    return _at_places(found, places)


def _at_places(masks: tuple[int, ...], places: list[int]) -> tuple[int, ...]:
    """Masks over the items at ``places`` (bit i: the item at ``places[i]``) as table masks.

    The places keep their order, so the canonical order of the sets (by their places as
    increasing sequences) is kept too. A few masks are spread bit by bit; many (the
    thousands of captures of a large table) through a table per eight places of what each
    byte of a mask spreads to, made once for the call.
    """
    if len(masks) < _SPREAD_TABLES:
        spread_masks = []
        for mask in masks:
            table_mask = 0
            for index, place in enumerate(places):
                if mask >> index & 1:
                    table_mask |= 1 << place
            spread_masks.append(table_mask)
        return tuple(spread_masks)
    spreads = []
    for start in range(0, len(places), 8):
        spread = [0]  # spread[byte]: the table mask of the places the byte's bits name
        for place in places[start : start + 8]:
            bit = 1 << place
            spread += [table_mask | bit for table_mask in spread]
        spreads.append(spread)
    first, *rest = spreads
    if not rest:
        return tuple([first[mask] for mask in masks])
    if len(rest) == 1:
        second = rest[0]
        return tuple([first[mask & 255] | second[mask >> 8] for mask in masks])
    spread_masks = []
    for mask in masks:
        table_mask = first[mask & 255]
        for spread in rest:
            mask >>= 8
            table_mask |= spread[mask & 255]
        spread_masks.append(table_mask)
    return tuple(spread_masks)


_SPREAD_TABLES = 16
"""From this many masks, :func:`_at_places` spreads them through tables made for the call."""


def table_capture_count(
    taken: Offered, values: tuple[int, ...], lows: list[int] | None = None
) -> int:
    """``len(table_captures(...))``, counted without listing the sets on a large table."""
    places = _places(taken, values, lows)
    if len(places) < 2:
        return len(_one_item(taken, values, places))
    reduced = taken if len(places) == len(taken) else tuple([taken[place] for place in places])
    return count_capture_masks(reduced, values, max(values))


def few_subsets(taken: Offered, values: tuple[int, ...], lows: list[int] | None = None) -> bool:
    """True when :func:`table_captures` finds its answer by subsets within the budgets.

    Then the captures are few and quickly listed: a count that would otherwise ask the
    search many times over (once per set of items set aside) may list them instead.
    """
    places = _places(taken, values, lows)
    if len(places) <= SMALL_TABLE:
        return True
    reduced = tuple([taken[place] for place in places])
    return _subset_masks(reduced, values, SUBSET_BUDGET) is not None


def _places(taken: Offered, values: tuple[int, ...], lows: list[int] | None) -> list[int]:
    """The places of the items that can count no more than the largest of ``values``."""
    top = max(values)
    if lows is None:
        lows = [min(offer) if offer else top + 1 for offer in taken]
    return [place for place, low in enumerate(lows) if low <= top]


def _one_item(taken: Offered, values: tuple[int, ...], places: list[int]) -> tuple[int, ...]:
    """:func:`table_captures` where at most one item can be in a group: on its own, or none."""
    if not places:
        return ()
    (place,) = places
    offer = taken[place]
    return (1 << place,) if any(value in offer for value in values) else ()
