"""One way to remember results: a bounded memo of a pure function, declared where it is used.

Move generation asks the same questions of one position many times (which item sets a
card captures, whether a hand backs some values). Each such question is a pure function
of its arguments; a :class:`Memo` remembers its answers for the life of the object that
owns it (one position), so no cache outlives the position or grows without bound.
Module-level caches of pure functions of the rules use :func:`functools.lru_cache`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class Memo(dict[Key, Value]):
    """``memo[key]`` is ``compute(key)``, computed once per key; at most ``limit`` keys kept.

    A dictionary whose missing keys are computed: a key already known costs one
    dictionary lookup, which matters in the inner loops of move generation.
    """

    __slots__ = ("_compute", "_limit")

    def __init__(self, compute: Callable[[Key], Value], limit: int = 4096) -> None:
        super().__init__()
        self._compute = compute
        self._limit = limit

    def __missing__(self, key: Key) -> Value:
        value = self._compute(key)
        if len(self) < self._limit:
            self[key] = value
        return value


Owner = TypeVar("Owner")


class PerObject(Generic[Owner, Value]):
    """``tables(owner)`` is ``compute(owner)``, computed once per object, by identity.

    For derived tables of objects that do not hash (a variant's :class:`Rules` holds
    mappings): each owner is kept alongside its table, so its identity cannot be reused
    while the entry lives; at most ``limit`` owners are kept (the variants and their option
    combinations are a few dozen).
    """

    __slots__ = ("_compute", "_entries", "_limit")

    def __init__(self, compute: Callable[[Owner], Value], limit: int = 256) -> None:
        self._compute = compute
        self._limit = limit
        self._entries: dict[int, tuple[Owner, Value]] = {}

    def __call__(self, owner: Owner) -> Value:
        """The table of ``owner``."""
        entry = self._entries.get(id(owner))
        if entry is not None and entry[0] is owner:
            return entry[1]
        value = self._compute(owner)
        if len(self._entries) < self._limit:
            self._entries[id(owner)] = (owner, value)
        return value
