"""The owner obligation, and the holding requirement it shares its counting with.

RULINGS.md (Build): after every move, each seat's builds must stay *backed*: the distinct
values of the builds it owns can be given one card each from its hand, a different card
for each value, while one card backs every build of one value. A move is illegal if it
leaves the mover, or the partner it builds for, unbacked. The holding requirement (a
builder keeps a card matching the new value) is the same question for one value.

:class:`OwnerObligation` answers both for one position, for the seat to move: after a
trail, a capture (which may take some of the mover's builds) or a build (which adds a
value to its owner and may take a build over from its previous owner).
"""

from __future__ import annotations

from collections.abc import Collection

from zwicker_ref.engine.core.memo import Memo
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.engine.core.values import ValueTable, backs, bit_set
from zwicker_ref.rules.cards import Card

OwnedBuild = tuple[Card, int]
"""A build a seat owns: its naming card and its value."""


class OwnerObligation:
    """The owner obligation of one position, judged for the seat to move."""

    def __init__(self, position: Position, values: ValueTable) -> None:
        self.position = position
        self.values = values
        self.applies = position.rules.build_owner_obligation
        self.mover = position.to_move
        self.owned: dict[int, list[OwnedBuild]] = {}
        """The builds each seat owns."""
        for item in position.table:
            if isinstance(item, Pile) and item.owner is not None:
                self.owned.setdefault(item.owner, []).append((item.base, item.value))

        self.hold_counts = Memo(self._count_holders)
        """How many cards of a seat's hand back each value, by seat (counted when asked)."""
        self._backed = Memo(self._can_back)

    @property
    def mover_holds(self) -> dict[int, int]:
        """How many cards of the mover's hand back each value."""
        return self.hold_counts[self.mover]

    # The one-value question: the holding requirement ----------------------------------

    def holds_after(self, seat: int, played: Card | None, value: int) -> bool:
        """True when ``seat`` still holds a card backing ``value`` once ``played`` is gone."""
        counts = self.mover_holds if seat == self.mover else self.hold_counts[seat]
        held = counts.get(value, 0)
        return held - (played is not None and value in self.values.use(played).hold) > 0

    # After each kind of move -----------------------------------------------------------

    def after_trail(self, card: Card) -> bool:
        """True when the mover, having trailed ``card``, still backs all its builds."""
        if not self.applies:
            return True
        owned = self.owned.get(self.mover)
        if not owned:
            return True
        return self.backed(self.mover, card, [value for _base, value in owned])

    def after_capture(self, card: Card, taken: Collection[Card]) -> bool:
        """True when the mover still backs its builds after capturing the items ``taken``.

        ``taken`` names the captured items: the mover's builds among them are gone, and
        need no backing.
        """
        if not self.applies:
            return True
        owned = self.owned.get(self.mover)
        if not owned:
            return True
        return self.backed(self.mover, card, [value for base, value in owned if base not in taken])

    def after_build(self, card: Card, target: Card | None, value: int, owner: int | None) -> bool:
        """True when, after the build, its owner and then the mover are backed.

        ``target`` names the item built on (None: a new build); ``owner`` the
        seat that will own it (None where builds have no owner).
        """
        if not self.applies:
            return True
        mover = self.mover
        if owner == mover:
            if mover not in self.owned:
                # Its only build will be this one: the holding question, inlined (hot).
                held = self.mover_holds.get(value, 0)
                return held - (value in self.values.use(card).hold) > 0
            return self.backed(mover, card, self.values_after(mover, target, value))
        if owner is not None and not self.backed(
            owner, None, self.values_after(owner, target, value)
        ):
            return False
        return self.backed(mover, card, self.values_after(mover, target, None))

    def values_after(self, seat: int, target: Card | None, added: int | None) -> list[int]:
        """The values of ``seat``'s builds after a build onto ``target`` (``added``: its own)."""
        found = [value for base, value in self.owned.get(seat, ()) if base != target]
        if added is not None:
            found.append(added)
        return found

    # Backing ---------------------------------------------------------------------------

    def backed(self, seat: int, played: Card | None, values: list[int]) -> bool:
        """True when ``seat``'s hand, less ``played``, backs every value in ``values``.

        One card backs every build of one value; different values need different cards.
        """
        if not values:
            return True
        distinct = frozenset(values)
        if len(distinct) == 1:
            return self.holds_after(seat, played, values[0])
        return self._backed[seat, None if played is None else played.sort_key, distinct]

    def _can_back(self, key: tuple[int, int | None, frozenset[int]]) -> bool:
        seat, played, distinct = key
        use = self.values.use
        holds = tuple(
            bit_set(use(card).hold) for card in self.position.hands[seat] if card.sort_key != played
        )
        return backs(holds, bit_set(distinct))

    def _count_holders(self, seat: int) -> dict[int, int]:
        counts: dict[int, int] = {}
        use = self.values.use
        for held in self.position.hands[seat]:
            for value in use(held).hold:
                counts[value] = counts[value] + 1 if value in counts else 1
        return counts
