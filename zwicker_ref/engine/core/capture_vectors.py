"""Captures on a large table: count vectors of value classes, held as bit sets.

A capture is a set of table items that splits into disjoint groups each adding up to the
one value v the played card takes (RULINGS.md, Capture). Items offering the same values
(every loose 4, say, and every build of 4) are interchangeable for that question, so
whether a set splits depends only on its *count vector*: how many items of each such
value class it holds. A table of 16 items has 65,536 subsets but, with repeated values,
only a few hundred vectors (625 for A-4 of four suits).

**Vectors as bit positions.** A vector is written as one integer in a mixed radix, a
digit per class (digit c counts 0 to the class's size); the number of vectors V is the
product of (size + 1) over the classes. A *set* of vectors is then one Python integer
with bit x set for each vector x in it: a bit set. Adding one vector g to every vector of
a set is a shift by g, so the big-integer operations of Python (shifts, and, or) work on
all vectors at once. Where a sum would overflow a digit (more items of a class than the
table has), the set is first masked to the vectors with room for g.

**Three steps.**

1. *Sums.* For each total t up to the bound: the set of vectors whose items can add up
   to t, one value chosen per item (a dynamic programme over the classes). The vectors
   with total v are the *groups* of v. One table serves every card played onto the table.
2. *Splits.* The vectors that split into groups of v: every sum of disjoint groups. The
   groups are added in stages by their highest digit, lowest first; within a stage
   repeatedly, as long as something new is reached (each round adds one group). Every
   split of a set orders its groups that way, so every sum is reached; the result for
   the card is the union over its values.
3. *Item sets in canonical order.* Captures are listed in canonical order: sets compared
   as their increasing sequences of item indices, a prefix before its extensions. That is
   the order of a walk through the items in table order that, at each item, first lists
   the sets taking it and then those skipping it. The walk carries the *residual*: the
   set of vectors the items still to come must make up (taking item j of class c shifts
   the residual down by one in digit c). It never enters a branch whose residual no
   vector of the remaining items fits, so it visits only prefixes of captures; and since
   two prefixes with the same position and residual have the same completions, each
   such pair is listed once and reused. A list of item sets is kept as bytes (a fixed
   number of bytes per set, bit i for item i), so joining two lists and adding item j to
   every set of one are single operations on bytes, not a loop over the sets.

Counting needs no list at all: the sets with a vector x number the product over classes
of binomial(size, count), summed over the vectors that split (bit counts of the bit set,
split by those factors).

Everything here is a pure function of the table's values (``offered``) and the bound,
cached per table by :func:`vector_table`; the walk's memory lives for one call. Tables
with so many classes that V is huge (over :data:`VECTOR_LIMIT`) are left to the caller.
"""

from __future__ import annotations

import bisect
import functools
import math
import sys
from array import array

VECTOR_LIMIT = 1 << 20
"""The most vectors (bits of one bit set) the search takes on; larger tables go elsewhere."""

_ROOM_BITS = 1 << 24
"""How many bits of room masks one table keeps, at most (a bound on its memory)."""

Listed = bytes | bytearray
"""A list of item sets as bytes: a fixed number of bytes per set, bit i for item i."""

_ADD_BIT = tuple(bytes(byte | 1 << bit for byte in range(256)) for bit in range(8))
"""For each bit of a byte: the translation table that sets it in every byte."""

_TYPECODES = {array(code).itemsize: code for code in "QLIHB"}
"""An unsigned array typecode for each width in bytes the platform has."""


class VectorTable:
    """The capture search over one table: its value classes, digit layout and sum sets.

    ``offered`` gives each table item's values in table order (``()`` for an item that
    may not be taken); ``bound`` is at least every value asked for.
    """

    def __init__(self, offered: tuple[tuple[int, ...], ...], bound: int) -> None:
        self.items = len(offered)
        self.bound = bound
        members: dict[tuple[int, ...], list[int]] = {}
        for index, values in enumerate(offered):
            if values:
                members.setdefault(values, []).append(index)
        # Digit 0 is the class whose last item comes latest. The walk of step 3 goes
        # through the items in table order; once past a class's last item its digit is
        # zero, and with the classes left behind in the high digits the residual sets
        # shrink as the walk goes on.
        classes = sorted(members.values(), key=lambda indices: -indices[-1])
        self.values = [offered[indices[0]] for indices in classes]
        self.sizes = [len(indices) for indices in classes]
        strides = [1]
        for size in self.sizes:
            strides.append(strides[-1] * (size + 1))
        self.strides = strides
        """The place value of each digit, and last the number of vectors V."""
        self.vectors = strides[-1]
        self._item_stride = [0] * self.items
        for digit, indices in enumerate(classes):
            for index in indices:
                self._item_stride[index] = strides[digit]
        self._fitting = self._fitting_sets()
        self._at_most = [
            [
                _repeat((1 << stride * (count + 1)) - 1, strides[digit + 1], self.vectors)
                for count in range(size)
            ]
            for digit, (stride, size) in enumerate(zip(strides, self.sizes, strict=False))
        ]
        self._sums = self._sum_sets()
        self._room = _Rooms(self, limit=max(64, _ROOM_BITS // self.vectors))
        split = 0
        while split < len(self.sizes) and strides[split] ** 2 < self.vectors:
            split += 1
        self._splits = _Splits(self, self._room, strides[split])
        self._width = max(1, -(-self.items // 8))
        if self._width in (3, 5, 6, 7):
            self._width = 1 << self._width.bit_length()  # a width an array can hold

    # Step 1: sums -----------------------------------------------------------------------

    def _fitting_sets(self) -> list[int]:
        """For each position k: the vectors some subset of the items from k on makes up.

        That is every vector counting, per class, at most the class's items at or after
        k; an item of class c adds the same set shifted up by one in digit c.
        """
        fitting = [0] * self.items + [1]
        for index in reversed(range(self.items)):
            after = fitting[index + 1]
            stride = self._item_stride[index]
            fitting[index] = after | after << stride if stride else after
        return fitting

    def _sum_sets(self) -> list[int]:
        """For each total up to the bound: the vectors whose items can add up to it."""
        bound = self.bound
        sums = [1] + [0] * bound  # only the empty vector adds up to 0
        for stride, values, size in zip(self.strides, self.values, self.sizes, strict=False):
            grown = [0] * (bound + 1)
            for count, totals in enumerate(_totals_by_count(values, size)):
                shift = count * stride
                for total in totals:
                    if total > bound:
                        break
                    for before in range(bound - total + 1):
                        if sums[before]:
                            grown[before + total] |= sums[before] << shift
            sums = grown
        return sums

    # Step 2: splits ---------------------------------------------------------------------

    def splits(self, value: int) -> int:
        """The bit set of the nonzero vectors that split into groups adding up to ``value``."""
        return self._splits[value]

    def splits_whole(self, value: int) -> bool:
        """True when all the items together split into groups adding up to ``value``."""
        return bool(self.splits(value) >> (self.vectors - 1) & 1)

    # Counting ---------------------------------------------------------------------------

    def count(self, values: tuple[int, ...]) -> int:
        """How many item sets split into groups adding up to one of ``values``."""
        return self._weighed(self._wanted(values), 0)

    def _weighed(self, vectors: int, level: int) -> int:
        """How many item sets have a vector of ``vectors``, weighing the classes from ``level``.

        The sets with vector x number the product over classes of binomial(size, count);
        split by that factor class after class, and a part where every factor is known is
        counted by its set bits.
        """
        if level == len(self._weights):
            return vectors.bit_count()
        return sum(
            weight * self._weighed(part, level + 1)
            for weight, mask in self._weights[level]
            if (part := vectors & mask)
        )

    @functools.cached_property
    def _weights(self) -> list[list[tuple[int, int]]]:
        """For each class of more than one item: each binomial(size, count) and its vectors.

        A class of one item has one set for either count, so it weighs nothing.
        """
        weights = []
        for digit, size in enumerate(self.sizes):
            if size < 2:
                continue
            stride = self.strides[digit]
            patterns: dict[int, int] = {}
            for count in range(size + 1):
                weight = math.comb(size, count)
                patterns[weight] = patterns.get(weight, 0) | ((1 << stride) - 1) << count * stride
            weights.append(
                [
                    (weight, _repeat(pattern, self.strides[digit + 1], self.vectors))
                    for weight, pattern in patterns.items()
                ]
            )
        return weights

    def _wanted(self, values: tuple[int, ...]) -> int:
        wanted = 0
        for value in values:
            wanted |= self.splits(value)
        return wanted

    # Step 3: item sets in canonical order -----------------------------------------------

    def masks(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """Every item set (bit mask) splitting into groups of one of ``values``, in order."""
        wanted = self._wanted(values)
        if not wanted:
            return ()
        return self._decode(self._listing(wanted))

    def _listing(self, wanted: int) -> Listed:
        """The canonical list of the nonempty item sets with a vector in ``wanted``, as bytes."""
        width = self._width
        # Per item j: the stride of its class (0: it is never taken), the vectors the
        # items after it make up, where its bit lies in a set's bytes, and j alone.
        steps = [
            (
                self._item_stride[index],
                self._fitting[index + 1],
                slice(index >> 3, None, width),
                _ADD_BIT[index & 7],
                (1 << index).to_bytes(width, "little"),
            )
            for index in range(self.items)
        ]
        return _Walk(steps, width).sets(0, wanted)

    def _decode(self, listed: Listed) -> tuple[int, ...]:
        """The bit masks of a list of item sets, in order."""
        width = self._width
        code = _TYPECODES.get(width)
        if code is None:  # a table wider than a machine word
            return tuple(
                int.from_bytes(listed[start : start + width], "little")
                for start in range(0, len(listed), width)
            )
        masks = array(code, listed)
        if sys.byteorder == "big":
            masks.byteswap()
        return tuple(masks.tolist())


# The memos of step 2 hold what they need of the table, not the table: a table holding a
# memo of one of its own methods would be a reference cycle, left for the garbage
# collector to find (with its megabytes of room masks) whenever a cache lets it go.


class _Rooms(dict[int, int]):
    """``rooms[group]``: the vectors with room for ``group``; at most ``limit`` remembered.

    Adding the group to such a vector leaves every count within its class. Built digit by
    digit from the highest, so groups that agree below share the rest.
    """

    __slots__ = ("_at_most", "_limit", "_sizes", "_strides")

    def __init__(self, table: VectorTable, limit: int) -> None:
        super().__init__()
        self._strides = table.strides
        self._sizes = table.sizes
        self._at_most = table._at_most
        self._limit = limit

    def __missing__(self, group: int) -> int:
        strides = self._strides
        digit = bisect.bisect_right(strides, group) - 1
        count, rest = divmod(group, strides[digit])
        room = self._at_most[digit][self._sizes[digit] - count]
        if rest:
            room &= self[rest]
        if len(self) < self._limit:
            self[group] = room
        return room


class _Splits(dict[int, int]):
    """``splits[value]``: :meth:`VectorTable.splits` of ``value``, remembered.

    Every sum of disjoint groups adding up to the value, found stage by stage (step 2).
    """

    __slots__ = ("_rooms", "_sizes", "_split", "_strides", "_sums")

    def __init__(self, table: VectorTable, rooms: _Rooms, split: int) -> None:
        super().__init__()
        self._sums = table._sums
        self._strides = table.strides
        self._sizes = table.sizes
        self._rooms = rooms
        self._split = split
        """The place value of the middle digit, where a group's room is split in two."""

    def __missing__(self, value: int) -> int:
        groups = [group for group in _set_bits(self._sums[value]) if group]
        strides = self._strides
        room = self._rooms
        reached = 1  # the empty vector: the sum of no groups
        start = 0
        while start < len(groups):
            # The next stage: the groups whose highest digit is the digit of groups[start].
            digit = bisect.bisect_right(strides, groups[start]) - 1
            end = bisect.bisect_left(groups, strides[digit + 1], start)
            stage = groups[start:end]
            start = end
            # Before the stage every vector reached is zero in this digit and above, so a
            # vector of the stage holds at most `size` of its groups: one per round. In the
            # first round only the lower digits can overflow (their part of a group is
            # `group % stride`); on a class of one item there is no other round. The room
            # for those digits is taken in two halves (split at a middle digit): the groups
            # come in increasing order, so those with the same upper half are together
            # and share the first half of the work, and few distinct rooms are built.
            stride = strides[digit]
            split = self._split
            grown = 0
            upper = 0
            part = reached  # the vectors reached with room for the upper half
            for group in stage:
                lower = group % stride
                low = lower % split
                if lower - low != upper:
                    upper = lower - low
                    part = reached & room[upper] if upper else reached
                grown |= (part & room[low] if low else part) << group
            frontier = grown
            reached |= grown
            for _ in range(self._sizes[digit] - 1):
                grown = 0
                for group in stage:
                    grown |= (frontier & room[group]) << group
                grown &= ~reached
                if not grown:
                    break
                reached |= grown
                frontier = grown
        found = reached ^ 1
        self[value] = found  # one per value up to the table's bound
        return found


class _Walk:
    """Step 3's walk through one table's items, for one call: the lists it has found.

    A class rather than a function that calls itself: such a function refers to itself
    through its closure, a reference cycle that would keep its lists for the garbage
    collector to find.
    """

    __slots__ = ("_empty", "_known", "_steps")

    def __init__(self, steps: list[tuple[int, int, slice, bytes, bytes]], width: int) -> None:
        self._steps = steps
        self._empty = bytearray(width)  # the empty set; adding to a bytearray makes a new one
        # The lists found, per position and residual: a walk reaches the same pair by
        # many paths (any two prefixes with the same vector and the same last item).
        self._known: list[dict[int, Listed]] = [{} for _ in range(len(steps) + 1)]

    def sets(self, index: int, residual: int) -> Listed:
        """The nonempty sets of the items from ``index`` on with a vector in ``residual``.

        ``residual`` holds some nonzero vector those items make up.
        """
        stride, after, place, add_bit, alone = self._steps[index]
        later = self._known[index + 1]
        taking = (residual >> stride) & after if stride else 0
        skipping = residual & after
        found: Listed
        if not taking:
            # No set takes this item: every set is a set of the later items.
            found = later.get(skipping) or self.sets(index + 1, skipping)
        else:
            if taking == 1:  # only the item alone
                found = alone
            else:
                rest = later.get(taking) or self.sets(index + 1, taking)
                grown = self._empty + rest if taking & 1 else bytearray(rest)
                grown[place] = grown[place].translate(add_bit)
                found = grown
            # The sets taking the item come first: each precedes the sets after it.
            if skipping > 1:
                found += later.get(skipping) or self.sets(index + 1, skipping)
        self._known[index][residual] = found
        return found


def vector_table(offered: tuple[tuple[int, ...], ...], bound: int) -> VectorTable | None:
    """The search over one table's values, or None where it has too many vectors.

    A table's bit sets take some (items + bound) * V bits, a few kilobytes for the tables
    of play and megabytes near the limit, so the few tables in use at once are kept (each
    card of the mover's hand asks the same table), fewer of the large ones.
    """
    vectors = math.prod(size + 1 for size in _class_sizes(offered))
    if vectors > VECTOR_LIMIT:
        return None
    if vectors > _FEW_VECTORS:
        return _many_vectors(offered, bound)
    return _few_vectors(offered, bound)


_FEW_VECTORS = 1 << 16
"""Up to this many vectors a table is small enough to keep dozens of."""


@functools.lru_cache(maxsize=32)
def _few_vectors(offered: tuple[tuple[int, ...], ...], bound: int) -> VectorTable:
    return VectorTable(offered, bound)


@functools.lru_cache(maxsize=2)
def _many_vectors(offered: tuple[tuple[int, ...], ...], bound: int) -> VectorTable:
    return VectorTable(offered, bound)


def _class_sizes(offered: tuple[tuple[int, ...], ...]) -> list[int]:
    sizes: dict[tuple[int, ...], int] = {}
    for values in offered:
        if values:
            sizes[values] = sizes.get(values, 0) + 1
    return list(sizes.values())


@functools.lru_cache(maxsize=4096)
def _totals_by_count(values: tuple[int, ...], available: int) -> tuple[tuple[int, ...], ...]:
    """For k = 0..available: the distinct totals of k items that each take one of ``values``."""
    result: list[tuple[int, ...]] = [(0,)]
    current = {0}
    for _ in range(available):
        current = {total + value for total in current for value in values}
        result.append(tuple(sorted(current)))
    return tuple(result)


def _repeat(pattern: int, period: int, length: int) -> int:
    """``pattern`` repeated every ``period`` bits (it is narrower), ``length`` bits in all."""
    result = 0
    copies = length // period
    done = 0
    block, block_length = pattern, period
    # Binary doubling: log(copies) shifts, not one per copy.
    while copies:
        if copies & 1:
            result |= block << done
            done += block_length
        copies >>= 1
        if copies:
            block |= block << block_length
            block_length *= 2
    return result


def _set_bits(bits: int) -> list[int]:
    """The positions of the set bits of ``bits``, in increasing order."""
    text = bin(bits)[:1:-1]  # bit i at index i
    found = []
    position = text.find("1")
    while position >= 0:
        found.append(position)
        position = text.find("1", position + 1)
    return found
