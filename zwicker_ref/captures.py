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
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from zwicker_ref.cards import Card

Vector = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ValueClass:
    """Table items (named by their cards) that all offer exactly the same values."""

    values: tuple[int, ...]
    names: tuple[Card, ...]


def classify(items: Sequence[tuple[Card, tuple[int, ...]]]) -> tuple[ValueClass, ...]:
    """Group named items by the values they offer (in a stable order)."""
    by_values: dict[tuple[int, ...], list[Card]] = {}
    for name, values in items:
        by_values.setdefault(values, []).append(name)
    return tuple(ValueClass(values, tuple(names)) for values, names in by_values.items())


# Feasible vectors depend only on the table's shape (the classes' values and sizes) and the
# value played; random play meets the same small shapes again and again. Bounded, so a long
# run cannot grow it without limit.
_SHAPES: dict[tuple[tuple[tuple[tuple[int, ...], int], ...], int], frozenset[int]] = {}
_SHAPES_LIMIT = 20_000


class CaptureSearch:
    """Feasible capture vectors over a fixed set of value classes, cached per value.

    A vector is packed into one integer, a bit field per class, each field one guard bit
    wider than it needs; adding a constant then tells in one step whether a sum of two
    vectors still fits the items available (no guard bit set).
    """

    def __init__(self, classes: tuple[ValueClass, ...], bound: int | None = None) -> None:
        self.classes = classes
        self._bound = bound
        self._by_total: dict[int, list[Vector]] | None = None
        self.sizes = tuple(len(value_class.names) for value_class in classes)
        width = max((size.bit_length() for size in self.sizes), default=1) + 2
        self._shifts = tuple(width * index for index in range(len(classes)))
        self._field = (1 << width) - 1
        guard = 1 << (width - 1)
        self._guards = sum(guard << shift for shift in self._shifts)
        # Adding this to a packed sum sets a guard bit exactly where a count exceeds its size.
        self._overflow = sum(
            (guard - 1 - size) << shift
            for size, shift in zip(self.sizes, self._shifts, strict=True)
        )
        self._feasible: dict[int, frozenset[int]] = {}
        self._combos: dict[tuple[int, int], list[tuple[Card, ...]]] = {}
        self._sums = [_sums_by_count(c.values, len(c.names)) for c in classes]

    def pack(self, vector: Vector) -> int:
        """One integer for a count vector."""
        return sum(count << shift for count, shift in zip(vector, self._shifts, strict=True))

    def unpack(self, packed: int) -> Vector:
        """The count vector of a packed integer."""
        return tuple((packed >> shift) & self._field for shift in self._shifts)

    def groups(self, value: int) -> list[Vector]:
        """Every nonzero vector of items that can add up to exactly ``value``."""
        if self._bound is not None and value <= self._bound:
            if self._by_total is None:
                self._by_total = self._groups_up_to(self._bound)
            return self._by_total.get(value, [])
        return self._groups_up_to(value).get(value, [])

    def _groups_up_to(self, bound: int) -> dict[int, list[Vector]]:
        """Every nonzero vector with some total up to ``bound``, listed under each such total.

        One walk serves every value a hand can play, instead of one walk per value.
        """
        found: dict[int, set[Vector]] = {}
        counts = [0] * len(self.classes)
        last = len(self.classes)

        def walk(index: int, total: int) -> None:
            if index == last:
                if total:
                    found.setdefault(total, set()).add(tuple(counts))
                return
            for count, sums in enumerate(self._sums[index]):
                reachable = [value for value in sums if total + value <= bound]
                if not reachable:
                    break  # more items of this class only add more
                counts[index] = count
                for value in reachable:
                    walk(index + 1, total + value)
            counts[index] = 0

        walk(0, 0)
        return {total: sorted(vectors) for total, vectors in found.items()}

    def feasible(self, value: int) -> frozenset[int]:
        """Packed vectors of every item set that splits into groups adding up to ``value``."""
        known = self._feasible.get(value)
        if known is None:
            shape = (tuple((c.values, len(c.names)) for c in self.classes), value)
            known = _SHAPES.get(shape)
            if known is None:
                known = frozenset(self._closure(self.groups(value)))
                if len(_SHAPES) >= _SHAPES_LIMIT:
                    _SHAPES.clear()
                _SHAPES[shape] = known
            self._feasible[value] = known
        return known

    def _closure(self, groups: list[Vector]) -> set[int]:
        """Every nonzero sum of groups that fits: unions of disjoint groups, as count vectors.

        Groups are added class by class, from the last class to the first, taking at each
        class the groups whose first item is of that class (a split of a set orders its
        groups that way). So each vector is reached from vectors of later classes only,
        and the work follows the number of feasible vectors, not of all subsets.
        """
        by_first: list[list[int]] = [[] for _ in self.classes]
        for vector in groups:
            first = next(index for index, count in enumerate(vector) if count)
            by_first[first].append(self.pack(vector))
        overflow, guards = self._overflow, self._guards
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

    def expand(self, packed: int) -> Iterator[frozenset[Card]]:
        """Every set of item names with the counts of a packed vector."""
        choices = [
            self._combinations(index, count)
            for index, count in enumerate(self.unpack(packed))
            if count
        ]
        empty: frozenset[Card] = frozenset()
        for parts in itertools.product(*choices):
            yield empty.union(*parts)

    def _combinations(self, index: int, count: int) -> list[tuple[Card, ...]]:
        key = (index, count)
        found = self._combos.get(key)
        if found is None:
            found = list(itertools.combinations(self.classes[index].names, count))
            self._combos[key] = found
        return found

    def count(self, packed: int) -> int:
        """How many item sets have the counts of a packed vector."""
        return math.prod(
            math.comb(len(value_class.names), count)
            for value_class, count in zip(self.classes, self.unpack(packed), strict=True)
        )

    def vector_of(self, names: frozenset[Card]) -> Vector | None:
        """The count vector of a set of item names (None if a name is in no class)."""
        counts = [
            sum(1 for name in value_class.names if name in names) for value_class in self.classes
        ]
        return tuple(counts) if sum(counts) == len(names) else None


def _sums_by_count(values: tuple[int, ...], available: int) -> list[list[int]]:
    """For k = 0..available: the distinct totals of k items that each take one of ``values``."""
    result = [[0]]
    current = {0}
    for _ in range(available):
        current = {total + value for total in current for value in values}
        result.append(sorted(current))
    return result
