"""The builds of the seat to move, as listing counts and makes them.

:class:`MoverBuilds` answers the build part of the rule of
:mod:`~zwicker_ref.engine.listing.listing` over a
:class:`~zwicker_ref.engine.listing.mover_view.MoverView`: which values each card reaches
onto each target (a bit set per pair of values, read from the variant's
:class:`~zwicker_ref.engine.listing.rule_tables.RuleTables`), who may own the build
(the mover, if it keeps a matching card; a partner, on the variant's basis), and, where
somebody owns builds, the owner obligation build by build. It lasts one listing, like the
view: the owners of new builds are worked out once for the hand, a card's builds once for
a count and the move made after it.
"""

from __future__ import annotations

from zwicker_ref.engine.core.moves import Move, new_build
from zwicker_ref.engine.core.values import backs
from zwicker_ref.engine.listing.mover_view import MoverView
from zwicker_ref.rules.cards import Card


class MoverBuilds:
    """The builds of every card of the seat to move, counted, listed or made one at a time."""

    __slots__ = (
        "built",
        "checked",
        "counted",
        "facts",
        "held",
        "keeps",
        "kept",
        "offers",
        "owners",
        "partner_verdicts",
        "partners_values",
        "tables",
        "view",
    )

    def __init__(self, view: MoverView) -> None:
        self.view = view
        # Read for every card: kept here, one attribute away.
        tables = self.tables = view.tables
        self.facts = view.facts
        self.offers = view.target_offers
        # The values the mover may own a build of, by card played (-1: any). Where it must
        # keep a matching card, those the rest of the hand holds: a value one card holds
        # leaves with it, a value two cards hold stays.
        self.keeps: list[int] = []
        if tables.ownership and (tables.holding or tables.obligation):
            facts = view.facts
            seen = twice = 0
            for fact in facts:
                twice |= seen & fact.holds
                seen |= fact.holds
            self.keeps = [seen & ~fact.holds | fact.holds & twice for fact in facts]
        elif tables.ownership:
            self.keeps = [-1] * len(view.facts)
        self.owners: list[tuple[int, int]] | None = None
        self.counted: list[int] | None = None
        self.partners_values = (0, 0)
        self.checked = False
        # Made when first needed (most positions need none of them): the values of each
        # seat's builds left after a build onto each place; partners' verdicts by the
        # values they would back, and their hands as what each card backs.
        self.kept: dict[int, list[int]] | None = None
        self.partner_verdicts: dict[tuple[int, int], bool] | None = None
        self.held: dict[int, tuple[int, ...]] | None = None
        self.built: dict[int, list[tuple[int, int, int]]] = {}

    def moves(self, index: int, card: Card) -> list[Move]:
        """The legal builds of card ``index`` (``card``), in canonical order.

        By target (none first, then the table in order), value and owner.
        """
        targets = self.view.build_targets()
        if self.tables.ownership:
            return [
                new_build(card, targets[place], value, seat)
                for place, value, seat in self._owned_builds(index)
            ]
        # What the card reaches onto each kind of target, by the values the target offers.
        reach = self.tables.reach[self.facts[index].build]
        moves: list[Move] = []
        for place, offer in enumerate(self.offers):
            values = reach[offer]
            while values:
                lowest = values & -values
                moves.append(new_build(card, targets[place], lowest.bit_length() - 1, None))
                values ^= lowest
        return moves

    def move(self, index: int, card: Card, number: int) -> Move:
        """``self.moves(index, card)[number]``, made alone."""
        targets = self.view.build_targets()
        if self.tables.ownership:
            place, value, seat = self._owned_builds(index)[number]
            return new_build(card, targets[place], value, seat)
        reach = self.tables.reach[self.facts[index].build]
        for place, offer in enumerate(self.offers):
            values = reach[offer]
            count = values.bit_count()
            if number < count:
                for _skipped in range(number):
                    values &= values - 1  # the lowest value off
                lowest = values & -values
                return new_build(card, targets[place], lowest.bit_length() - 1, None)
            number -= count
        raise IndexError(f"card {card} has no build numbered {number}")

    def counts(self) -> list[int]:
        """How many legal builds each card of the hand has, in hand order, none of them made.

        Counted once per listing, the whole hand in one loop where builds have no owners,
        or where the mover alone may own them and nobody owns a build yet: the questions of
        nearly every position of random play.
        """
        counted = self.counted
        if counted is not None:
            return counted
        tables = self.tables
        reach_of = tables.reach
        offers = self.offers
        counted = self.counted = []
        if not tables.ownership:
            for fact in self.facts:
                reach = reach_of[fact.build]
                total = 0
                for offer in offers:
                    total += reach[offer].bit_count()
                counted.append(total)
            return counted
        owners = self.owners
        if owners is None:
            owners = self.owners = self._owners()  # which also settles self.checked
        if self.checked or len(owners) > 1:
            counted += map(self._owned_count, range(len(self.facts)))
            return counted
        # The mover alone may own the build: the values it may own for each card.
        for fact, keeps in zip(self.facts, self.keeps, strict=True):
            total = 0
            if keeps:
                reach = reach_of[fact.build]
                for offer in offers:
                    total += (reach[offer] & keeps).bit_count()
            counted.append(total)
        return counted

    def _owned_count(self, index: int) -> int:
        """How many legal builds card ``index`` has where its partners may own them too.

        Or where somebody owns builds already, so each build is held to the obligation.
        """
        if self.checked:
            return len(self._owned_builds(index))
        owners, wanted = self._build_owners(index)
        reach = self.tables.reach[self.facts[index].build]
        total = 0
        if wanted:
            for offer in self.offers:
                values = reach[offer] & wanted
                if values:
                    for _seat, allowed in owners:
                        total += (values & allowed).bit_count()
        return total

    def _owned_builds(self, index: int) -> list[tuple[int, int, int]]:
        """The legal builds of card ``index`` where builds have owners: (place, value, owner).

        Place 0 is a new build, place i a build onto the table's item i - 1. Where somebody
        owns builds (:attr:`checked`), each build is held to the owner obligation; the
        mover's verdicts depend only on the values it must back, so each set is asked once.
        Worked out once per card: counting, then making one of them, asks twice.
        """
        found = self.built.get(index)
        if found is not None:
            return found
        found = self.built[index] = []
        owners, wanted = self._build_owners(index)
        if not wanted:
            return found
        reach = self.tables.reach[self.facts[index].build]
        checked = self.checked
        view = self.view
        mover = view.mover
        rest = view.rest_holds(index) if checked else ()
        kept = self._kept_after(mover) if checked else []
        # The mover's verdicts, by the values it must back (its builds left, and the new
        # one if it owns it): answered once per set of values for the card.
        verdicts: dict[int, bool] = {0: True}
        for place, offer in enumerate(self.offers):
            values = reach[offer] & wanted
            while values:
                bit = values & -values
                values ^= bit
                value = bit.bit_length() - 1
                for seat, allowed in owners:
                    if not allowed & bit:
                        continue
                    if checked:
                        backed = kept[place] if seat != mover else kept[place] | bit
                        verdict = verdicts.get(backed)
                        if verdict is None:
                            verdict = verdicts[backed] = backs(rest, backed)
                        if not verdict:
                            continue
                        if seat != mover and not self._partner_backs(seat, place, bit):
                            continue
                    found.append((place, value, seat))
        return found

    def _build_owners(self, index: int) -> tuple[list[tuple[int, int]], int]:
        """Who may own a build of card ``index``, in seat order, with the values each may.

        And all those values together (a bit set, -1: any). The mover may own the values of
        :attr:`keeps` for the card (those it keeps a matching card for, where holding is
        required or the obligation makes it back the build); its partners as
        :meth:`_owners` says.
        """
        mover = self.view.mover
        keeps = self.keeps[index]
        owners = self.owners
        if owners is None:
            owners = self.owners = self._owners()
        if len(owners) == 1:
            return [(mover, keeps)], keeps
        # The mover's values for this card, among its partners' in seat order.
        place, partners_values = self.partners_values
        owners = owners.copy()
        owners[place] = (mover, keeps)
        return owners, keeps | partners_values

    def _owners(self) -> list[tuple[int, int]]:
        """The seats that may own a build, in seat order, with the values each may own.

        The mover's entry is filled in per card (what it keeps depends on the card
        played). A partner may own a value on the variant's basis, judged before the move:
        a value the partner owns a build of, or (Magger) holds a card of, or has built
        earlier in the hand (``Position.shown``); where the
        obligation applies, only values the partner holds, since it must back the build.
        Where nobody owns a build yet, that is the whole owner obligation; otherwise
        :attr:`checked` says to ask it move by move.
        """
        view = self.view
        tables = view.tables
        mover = view.mover
        owners = [(mover, 0)]
        key = (view.position.players, mover)
        partners = tables.partners.get(key)
        if partners is None:
            partners = tables.partners[key] = view.position.partners_of(mover)
        for partner in partners:
            basis = 0
            if tables.partner_builds:
                for _bit, value in view.builds_of.get(partner, ()):
                    basis |= value
            if tables.partner_shown and view.position.shown:
                for value in view.position.shown[partner]:
                    basis |= 1 << value
            if tables.partner_holds or tables.obligation:
                held = 0
                for card in view.hands[partner]:
                    held |= tables.facts[card].holds
                if tables.partner_holds:
                    basis |= held
                if tables.obligation:
                    basis &= held
            if basis:
                owners.append((partner, basis))
        owners.sort()
        # Where the mover's entry is, and all the values its partners may own.
        partners_values = 0
        for _seat, allowed in owners:
            partners_values |= allowed
        self.partners_values = (owners.index((mover, 0)), partners_values)
        owned = view.owned
        for seat, _allowed in owners:
            if seat in owned:
                self.checked = True
                break
        return owners

    def _kept_after(self, seat: int) -> list[int]:
        """The values of ``seat``'s builds left after a build onto each place (0: none)."""
        kept_of = self.kept
        if kept_of is None:
            kept_of = self.kept = {}
        kept = kept_of.get(seat)
        if kept is None:
            view = self.view
            every = view.kept_values(seat, 0)
            # Only a build onto one of the seat's own builds takes one of them away.
            kept = kept_of[seat] = [every] * (len(view.table) + 1)
            for bit, _value in view.builds_of.get(seat, ()):
                kept[bit.bit_length()] = view.kept_values(seat, bit)
        return kept

    def _partner_backs(self, owner: int, place: int, value: int) -> bool:
        """True when partner ``owner`` backs its builds after a build onto ``place`` for it.

        Its builds left (a build built on leaves its old owner) and the new one, of
        ``value`` (a bit), must each have a card of its hand. The mover's part of the
        owner obligation is asked apart, as for the mover's own builds. The verdict
        depends only on the partner and the values, so each set is asked once per listing.
        """
        backed = self._kept_after(owner)[place] | value
        key = (owner, backed)
        verdicts = self.partner_verdicts
        if verdicts is None:
            verdicts = self.partner_verdicts = {}
        verdict = verdicts.get(key)
        if verdict is None:
            held_of = self.held
            if held_of is None:
                held_of = self.held = {}
            held = held_of.get(owner)
            if held is None:
                facts = self.tables.facts
                hand = self.view.hands[owner]
                held = held_of[owner] = tuple(facts[card].holds for card in hand)
            verdict = verdicts[key] = backs(held, backed)
        return verdict
