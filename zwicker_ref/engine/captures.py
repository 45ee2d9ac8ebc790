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
given set of items splits. Positions with tables of the same values share the answers,
in bounded caches. The method depends on the table:

- **A small table** (at most :data:`SMALL_TABLE` items, the usual case in play): work on
  the item subsets themselves, as bit masks. :func:`subset_totals` finds what every
  subset can add up to, :func:`feasible_subsets` which subsets split into groups of one
  value; a table of places (:func:`subset_order`) puts them in canonical order.
- **A large table:** items offering the same values are interchangeable, so the search
  runs over count vectors of value classes held as bit sets, and lists the item sets in
  canonical order by a walk over the items
  (:mod:`~zwicker_ref.engine.capture_vectors`). Counting multiplies binomials and lists
  nothing.
- **A table with very many value classes** (more count vectors than
  :data:`~zwicker_ref.engine.capture_vectors.VECTOR_LIMIT`: 21 items of different values,
  or 13 values twice over from two decks): the subset method again, sorted by a key.
  Slower, but its work follows the number of subsets adding up to at most the bound, not
  the number of vectors, and counting lists.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from zwicker_ref.engine.capture_vectors import vector_table

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
"""Up to this many table items, captures are searched over item subsets (bit masks)."""


def capture_masks(offered: Offered, values: tuple[int, ...], bound: int) -> tuple[int, ...]:
    """Every item subset (bit mask) that splits into groups of one of ``values``, in order.

    ``offered`` gives the values of each table item in table order (an empty tuple for an
    item that may not be taken). A subset counts when it splits into disjoint groups each
    adding up to one value v of ``values`` (one v for the whole subset), each loose item
    counting one of its values. ``bound`` is at least every value a card of the variant
    captures, so one table of subset totals serves every card played onto the table. The
    subsets come in canonical order: compared as their increasing sequences of item
    indices, a prefix before its extensions.
    """
    if len(offered) <= SMALL_TABLE:
        return _small_table_masks(offered, values, bound)
    return _large_table_masks(offered, values, max((bound, *values)))


def count_capture_masks(offered: Offered, values: tuple[int, ...], bound: int) -> int:
    """How many subsets :func:`capture_masks` lists, without listing them on a large table."""
    if len(offered) <= SMALL_TABLE:
        return len(_small_table_masks(offered, values, bound))
    return _large_table_count(offered, values, max((bound, *values)))


def splits_whole(offered: Offered, value: int) -> bool:
    """True when all the items of ``offered`` together split into groups adding up to ``value``."""
    if () in offered:
        return False
    everything = (1 << len(offered)) - 1
    if len(offered) <= SMALL_TABLE:
        return everything in _feasible_masks(offered, value, value)
    table = vector_table(offered, value)
    if table is None:
        return everything in feasible_subsets(subset_totals(offered, value), value)
    return table.splits_whole(value)


# Small tables --------------------------------------------------------------------------


@functools.lru_cache(maxsize=50_000)
def _small_table_masks(offered: Offered, values: tuple[int, ...], bound: int) -> tuple[int, ...]:
    masks: set[int] = set()
    for value in values:
        masks |= _feasible_masks(offered, bound, value)
    return tuple(sorted(masks, key=subset_order(len(offered)).__getitem__))


@functools.lru_cache(maxsize=50_000)
def _feasible_masks(offered: Offered, bound: int, value: int) -> set[int]:
    return feasible_subsets(_subset_totals(offered, bound), value)


@functools.lru_cache(maxsize=20_000)
def _subset_totals(offered: Offered, bound: int) -> list[tuple[int, int]]:
    return subset_totals(offered, bound)


def subset_totals(offered: Sequence[tuple[int, ...]], bound: int) -> list[tuple[int, int]]:
    """What the subsets of the items can add up to, one value chosen per item.

    Each entry is a subset as a bit mask (bit i set: item i is in it) and a bit set of
    its totals (bit t set: the subset can add up to t). Only totals up to ``bound`` are
    kept, and only subsets with such a total are listed (the empty one first): values
    only add, so a subset past the bound has no supersets worth listing. An item that
    offers no values (one that may not be taken) is in no listed subset.
    """
    limit = (2 << bound) - 1
    found = [(0, 1)]  # the empty subset adds up to 0
    for index, values in enumerate(offered):
        bit = 1 << index
        if len(values) == 1:
            (value,) = values
            found += [
                (mask | bit, grown)
                for mask, totals in found
                if (grown := (totals << value) & limit)
            ]
        else:
            found += [
                (mask | bit, grown)
                for mask, totals in found
                if (grown := _shifted(totals, values) & limit)
            ]
    return found


def _shifted(totals: int, values: tuple[int, ...]) -> int:
    grown = 0
    for value in values:
        grown |= totals << value
    return grown


def feasible_subsets(totals: list[tuple[int, int]], value: int) -> set[int]:
    """Every nonempty subset (bit mask) that splits into disjoint groups adding up to ``value``.

    ``totals`` is :func:`subset_totals` of the items. Groups are added in order of their
    lowest item, highest first; a subset's groups all have different lowest items, so
    each split is reached by adding its groups in that order, and two groups with the
    same lowest item are never combined.
    """
    bit = 1 << value
    groups = [mask for mask, sums in totals if sums & bit]
    groups.sort(key=_lowest_item, reverse=True)
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


# Large tables --------------------------------------------------------------------------

# A large table's lists are long (tens of thousands of masks on a table of 16), and a
# move changes the table, so only the lists of the last few tables asked about are kept.


@functools.lru_cache(maxsize=32)
def _large_table_masks(offered: Offered, values: tuple[int, ...], bound: int) -> tuple[int, ...]:
    table = vector_table(offered, bound)
    if table is None:
        return masks_by_subsets(offered, values, bound)
    return table.masks(values)


@functools.lru_cache(maxsize=4096)
def _large_table_count(offered: Offered, values: tuple[int, ...], bound: int) -> int:
    table = vector_table(offered, bound)
    if table is None:
        return len(_large_table_masks(offered, values, bound))
    return table.count(values)


def masks_by_subsets(offered: Offered, values: tuple[int, ...], bound: int) -> tuple[int, ...]:
    """:func:`capture_masks` by the subset method on a table of any size, sorted by a key.

    The answer for a table with too many value classes for the vector search. Its work
    follows the number of subsets adding up to at most ``bound``, so it suits tables of
    high values; it is slow where many small cards make many small subsets.
    """
    found: set[int] = set()
    totals = subset_totals(offered, bound)
    for value in values:
        found |= feasible_subsets(totals, value)
    return tuple(sorted(found, key=_items_of))
