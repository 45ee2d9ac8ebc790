"""Which sets of table items a played card can capture.

A capture takes one or more disjoint groups of table items, each adding up to the one
value the played card takes; a loose ace, court card or wild joker counts whichever of
its values fits, a build its announced value (RULINGS.md, Capture). The identity of a
capture is the set of items taken, so what matters is which *sets* can be split into such
groups.

Items that offer the same values (every loose 4 and every 4-build, say) are
interchangeable for that question. So the search runs over *count vectors*: how many
items of each value class a set takes. Whether a vector can be split into groups is
decided once, by dynamic programming over vectors, and only the feasible vectors are then
expanded into actual item sets. The exponential part is thereby the number of vectors,
which is far smaller than the number of item subsets on a table with repeated values.

The feasible vectors depend only on the table's *shape* (each class's values and size)
and the value played, not on which cards the items are, so they are kept per shape and
shared by every position with that shape.

On a small table (at most :data:`SMALL_TABLE` items, the usual case in play) it is
cheaper to skip the classes and work on the item subsets themselves, as bit masks:
:func:`subset_totals` finds what every subset can add up to, :func:`feasible_subsets`
which subsets split into groups of one value.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from zwicker_ref.engine.memo import Memo

Vector = tuple[int, ...]
Name = TypeVar("Name", bound=Hashable)
"""How the items of a search are named: by card, or by any other hashable label."""

Shape = tuple[tuple[tuple[int, ...], int], ...]
"""Each class's values and number of items, in class order."""


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


@functools.lru_cache(maxsize=20_000)
def _feasible_by_value(_shape: Shape) -> dict[int, frozenset[int]]:
    """The feasible vectors found so far for one table shape, by value played.

    Random play meets the same small shapes again and again, so every search over a
    shape shares them; the searches fill the dictionary as values are asked for (at most
    the variant's capture values). The cache is bounded: a long run cannot grow it
    without limit.
    """
    return {}


class CaptureSearch(Generic[Name]):
    """Feasible capture vectors over a fixed set of value classes, cached per value.

    A vector is packed into one integer, a bit field per class, each field one guard bit
    wider than it needs; adding a constant then tells in one step whether a sum of two
    vectors still fits the items available (no guard bit set).
    """

    def __init__(self, classes: tuple[ValueClass[Name], ...]) -> None:
        self.classes = classes
        self.sizes = tuple(len(value_class.names) for value_class in classes)
        self._width = max((size.bit_length() for size in self.sizes), default=1) + 2
        self._shifts = tuple(self._width * index for index in range(len(classes)))
        self._field = (1 << self._width) - 1
        self._shape: Shape = tuple(
            (value_class.values, size)
            for value_class, size in zip(classes, self.sizes, strict=True)
        )
        self._feasible = _feasible_by_value(self._shape)
        self._combos = Memo(self._combinations_of)

    def pack(self, vector: Vector) -> int:
        """One integer for a count vector."""
        return sum(count << shift for count, shift in zip(vector, self._shifts, strict=True))

    def unpack(self, packed: int) -> Vector:
        """The count vector of a packed integer."""
        return tuple((packed >> shift) & self._field for shift in self._shifts)

    def feasible(self, value: int) -> frozenset[int]:
        """Packed vectors of every item set that splits into groups adding up to ``value``."""
        known = self._feasible.get(value)
        if known is None:
            self.solve((value,))
            known = self._feasible[value]
        return known

    def solve(self, values: Iterable[int]) -> None:
        """Find the feasible vectors of every value in ``values`` not yet known, in one walk."""
        wanted = {value for value in values if value not in self._feasible}
        if not wanted:
            return
        groups = self._groups(wanted)
        for value in wanted:
            self._feasible[value] = frozenset(self._closure(groups[value]))

    def _groups(self, wanted: set[int]) -> dict[int, set[int]]:
        """Packed vectors of every nonzero item set that can add up to each wanted value.

        One walk over the classes serves every value: it keeps each (total, vector) pair
        reachable so far, never above the largest value wanted (values only add).
        """
        bound = max(wanted)
        states: set[tuple[int, int]] = {(0, 0)}
        for value_class, size, shift in zip(self.classes, self.sizes, self._shifts, strict=True):
            by_count = _sums_by_count(value_class.values, size)
            grown: set[tuple[int, int]] = set()
            for total, packed in states:
                for count, sums in enumerate(by_count):
                    if total + sums[0] > bound:
                        break  # more items of this class only add more
                    counted = packed + (count << shift)
                    for added in sums:
                        if total + added > bound:
                            break
                        grown.add((total + added, counted))
            states = grown
        found: dict[int, set[int]] = {value: set() for value in wanted}
        for total, packed in states:
            if packed and total in found:
                found[total].add(packed)
        return found

    def _closure(self, groups: Iterable[int]) -> set[int]:
        """Every nonzero sum of groups that fits: unions of disjoint groups, as count vectors.

        Groups are added class by class, from the last class to the first, taking at each
        class the groups whose first item is of that class (a split of a set orders its
        groups that way). So each vector is reached from vectors of later classes only,
        and the work follows the number of feasible vectors, not of all subsets.
        """
        guard = 1 << (self._width - 1)
        guards = sum(guard << shift for shift in self._shifts)
        # Adding this to a packed sum sets a guard bit exactly where a count exceeds its size.
        overflow = sum(
            (guard - 1 - size) << shift
            for size, shift in zip(self.sizes, self._shifts, strict=True)
        )
        by_first: list[list[int]] = [[] for _ in self.classes]
        for packed in groups:
            lowest = (packed & -packed).bit_length() - 1
            by_first[lowest // self._width].append(packed)
        reached: set[int] = {0}
        for starting in reversed(by_first):
            if not starting:
                continue
            frontier = list(reached)
            while frontier:
                grown: list[int] = []
                for packed in frontier:
                    for start in starting:
                        total = packed + start
                        if (total + overflow) & guards or total in reached:
                            continue
                        reached.add(total)
                        grown.append(total)
                frontier = grown
        reached.discard(0)
        return reached

    def splits(self, vector: Vector, value: int) -> bool:
        """True when ``vector`` splits into groups each adding up to ``value``."""
        return self.pack(vector) in self.feasible(value)

    def expand(self, packed: int) -> Iterator[tuple[Name, ...]]:
        """The names of every item set with the counts of a packed vector, class by class."""
        choices = [
            self._combinations(index, count)
            for index, count in enumerate(self.unpack(packed))
            if count
        ]
        if len(choices) == 1:
            yield from choices[0]
            return
        for parts in itertools.product(*choices):
            yield tuple(itertools.chain.from_iterable(parts))

    def _combinations(self, index: int, count: int) -> list[tuple[Name, ...]]:
        return self._combos[index, count]

    def _combinations_of(self, key: tuple[int, int]) -> list[tuple[Name, ...]]:
        index, count = key
        return list(itertools.combinations(self.classes[index].names, count))

    def count(self, packed: int) -> int:
        """How many item sets have the counts of a packed vector."""
        return math.prod(
            math.comb(size, count)
            for size, count in zip(self.sizes, self.unpack(packed), strict=True)
        )

    def vector_of(self, names: frozenset[Name] | set[Name]) -> Vector | None:
        """The count vector of a set of item names (None if a name is in no class)."""
        counts = [
            sum(1 for name in value_class.names if name in names) for value_class in self.classes
        ]
        return tuple(counts) if sum(counts) == len(names) else None


@functools.lru_cache(maxsize=20_000)
def _sums_by_count(values: tuple[int, ...], available: int) -> tuple[tuple[int, ...], ...]:
    """For k = 0..available: the distinct totals of k items that each take one of ``values``."""
    result: list[tuple[int, ...]] = [(0,)]
    current = {0}
    for _ in range(available):
        current = {total + value for total in current for value in values}
        result.append(tuple(sorted(current)))
    return tuple(result)


def sorted_keys(search: CaptureSearch[int], vectors: Iterable[int]) -> list[tuple[int, ...]]:
    """The item sets of ``vectors``, each as its sorted names, in sorted order.

    For a search whose items are named by their cards' sort keys this is the canonical
    order of captures by their captured items.
    """
    return sorted(tuple(sorted(names)) for packed in vectors for names in search.expand(packed))


SMALL_TABLE = 8
"""Up to this many table items, captures are searched over item subsets (bit masks)."""


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


@functools.lru_cache(maxsize=50_000)
def capture_masks(
    offered: tuple[tuple[int, ...], ...], values: tuple[int, ...], bound: int
) -> tuple[int, ...]:
    """Every item subset (bit mask) that splits into groups of one of ``values``, in order.

    ``offered`` gives the values of each item of a small table, in table order (an empty
    tuple for an item that may not be taken); ``bound`` is at least every value a card of
    the variant captures, so one table of subset totals serves every card played onto the
    table. The subsets come in canonical order (:func:`subset_order`). The answers depend
    only on those values, not on which cards the items are, so positions with tables of
    the same values share them; the caches are bounded.
    """
    masks: set[int] = set()
    for value in values:
        masks |= _feasible_masks(offered, bound, value)
    return tuple(sorted(masks, key=subset_order(len(offered)).__getitem__))


@functools.lru_cache(maxsize=50_000)
def _feasible_masks(offered: tuple[tuple[int, ...], ...], bound: int, value: int) -> set[int]:
    return feasible_subsets(_subset_totals(offered, bound), value)


@functools.lru_cache(maxsize=20_000)
def _subset_totals(offered: tuple[tuple[int, ...], ...], bound: int) -> list[tuple[int, int]]:
    return subset_totals(offered, bound)


@functools.cache  # at most SMALL_TABLE + 1 sizes
def subset_order(size: int) -> list[int]:
    """The place of every subset of ``size`` items in canonical order, indexed by mask.

    Canonical order compares subsets by their items' indices in increasing order, as
    sequences (a subset comes before the subsets that extend it).
    """
    if size > SMALL_TABLE:
        raise ValueError(f"subsets are ordered by table only up to {SMALL_TABLE} items")
    by_items = sorted(range(1 << size), key=lambda mask: [i for i in range(size) if mask >> i & 1])
    places = [0] * (1 << size)
    for place, mask in enumerate(by_items):
        places[mask] = place
    return places
