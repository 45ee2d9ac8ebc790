"""Listing and counting a position's legal moves, fast: the rule of RULINGS.md on small integers.

The rule is the one :mod:`~zwicker_ref.engine.check.move_context` spells out part by part for
checking a move (and ``tests/brute_force.py`` states straight from the text, as the
executable definition this module is tested against):

1. a **trail** of any card;
2. a **capture** of every set of table items that splits into groups each adding up to one
   value the played card takes (or, for a sweeping card, its sweep);
3. a **build** onto an item (or alone) announcing each value the rules reach, owned by the
   mover if it keeps a matching card, or by a partner on the variant's basis;
4. for every move, the **owner obligation**: the mover, and a partner it builds for, still
   back every value of the builds they own, a different card for each value.

This module answers it the way a fast engine must, since random play, perft counts and the
fuzzer list millions of positions:

- a card's values in each use are read once per variant
  (:class:`~zwicker_ref.engine.listing.rule_tables.CardFacts`); what a card *holds* is a bit set
  of values, so a hand is a tuple of small integers, and "does this hand back these
  values" is Hall's condition on bit sets: counted for two values, remembered for more
  (:func:`~zwicker_ref.engine.core.values.backs`, which checking shares);
- the table is a tuple of the values its items offer, its *shape*; what a card captures
  there (bit masks of items, :func:`~zwicker_ref.engine.core.captures.table_captures`)
  depends only on the shape and the card's values. Play meets a new shape at nearly
  every move, so where the table makes few subsets (always on a small table) one search
  of them serves the whole hand and nothing is remembered; the answers of a large table
  that makes many are remembered per shape. Which values
  a card builds onto an item (a bit set) depends only on the values of the two,
  remembered per pair;
- the owner obligation is asked move by move only where somebody owns builds; otherwise it
  reduces to "the owner keeps a matching card", one bit test.

So listing a position costs a few dictionary lookups per card plus making the moves.
They come in canonical order (docs/reference/moves.md): trails, then captures, then
builds; each by card, then by the captured items, or by target (none first), value and
owner.
"""

from __future__ import annotations

import gc

from zwicker_ref.engine.core.captures import SMALL_TABLE
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.listing.mover_builds import MoverBuilds
from zwicker_ref.engine.listing.mover_view import MoverView

# The three questions ---------------------------------------------------------------------


def list_moves(position: Position) -> list[Move]:
    """Every legal move of the seat to move, once each, in canonical order."""
    if position.is_over:
        return []
    # The moves made here hold no reference cycles, so the cyclic garbage collector has
    # nothing to find among them; paused while they are made, it does not walk the young
    # objects again and again (a third of the time of a listing of thousands).
    collecting = gc.isenabled()
    promoting = collecting and len(position.table) > SMALL_TABLE and not gc.get_freeze_count()
    if promoting:
        # A large table may make thousands of moves, to be promoted unwalked below: first
        # the young objects already there are collected, so that no garbage of the
        # caller's is promoted with them.
        gc.collect(1)
    if collecting:
        gc.disable()
    try:
        view = MoverView(position)
        cards = view.cards
        trail = view.tables.trails
        moves: list[Move] = [trail[cards[index]] for index in view.trailed()]
        for index, card in enumerate(cards):
            moves += view.capture_moves(card, view.captures(index))
        builds = MoverBuilds(view)
        for index, card in enumerate(cards):
            moves += builds.moves(index, card)
        if promoting and len(moves) > gc.get_threshold()[0]:
            _promote_young_objects()
    finally:
        if collecting:
            gc.enable()
    return moves


def _promote_young_objects() -> None:
    """Hand the young objects to the oldest generation unwalked, after a large listing.

    Once the collector is on again, the first allocation would walk every object made
    while it was paused, thousands of moves and their item sets with no cycle among them:
    an eighth of the instructions of listing 8,817 moves, deferred by the pause, not saved.
    Freezing and at once unfreezing the tracked objects moves them, as whole lists, to the
    oldest generation instead; they are freed by their reference counts as before, and
    walked only by a full collection. That is safe only where they hold no garbage that
    the young collections would have found: the caller's was collected before the
    listing, and the listing makes no reference cycles (a test holds it to that). Never
    done where anybody else has frozen objects, as unfreezing would let go of theirs.
    """
    gc.freeze()
    gc.unfreeze()


def count_moves(position: Position) -> int:
    """How many legal moves the position has, without making them."""
    return MoveIndex(position).count


class MoveIndex:
    """A position's legal moves numbered in canonical order, each made only when asked for.

    The moves are counted card by card and :meth:`move` makes the one asked for, numbered
    as :func:`list_moves` lists it: a random player takes one move of many, and a count
    makes none. On a small table a card's captures are listed as item sets (found at once,
    and kept for :meth:`move`). On a large one they are listed the same way where the
    hand's one search of the table's subsets stays within its budgets
    (:meth:`MoverView.capture_count`); otherwise counted without listing them (by
    inclusion and exclusion where the mover owns builds), and listed only for the card
    whose capture is asked for.
    """

    __slots__ = ("_builder", "_builds", "_captures", "_listed", "_trailed", "_view", "count")

    def __init__(self, position: Position) -> None:
        self._view: MoverView | None = None
        self._builder: MoverBuilds | None = None
        self._trailed: list[int] = []
        self._listed: list[tuple[int, ...] | list[int]] | None = None
        self._captures: list[int] = []
        self._builds: list[int] = []
        self.count = 0
        """How many legal moves there are."""
        if position.is_over:
            return
        view = self._view = MoverView(position)
        trailed = self._trailed = view.trailed()
        if len(view.taken) <= SMALL_TABLE:
            listed = self._listed = view.hand_captures()
            captures = self._captures = list(map(len, listed))
        else:
            captures = self._captures = list(map(view.capture_count, range(len(view.cards))))
        builder = self._builder = MoverBuilds(view)
        builds = self._builds = builder.counts()
        self.count = len(trailed) + sum(captures) + sum(builds)

    def move(self, number: int) -> Move:
        """The legal move numbered ``number`` (from 0), as :func:`list_moves` orders them."""
        view, builder = self._view, self._builder
        if view is None or builder is None or not 0 <= number < self.count:
            raise IndexError(f"move number {number} is not below the {self.count} legal moves")
        cards = view.cards
        if number < len(self._trailed):
            return view.tables.trails[cards[self._trailed[number]]]
        number -= len(self._trailed)
        for index, count in enumerate(self._captures):
            if number < count:
                listed = self._listed
                masks = view.captures(index) if listed is None else listed[index]
                return view.capture_moves(cards[index], [masks[number]])[0]
            number -= count
        for index, count in enumerate(self._builds):
            if number < count:
                return builder.move(index, cards[index], number)
            number -= count
        raise AssertionError("the numbers add up to the count")  # pragma: no cover


def has_moves(position: Position) -> bool:
    """True when the seat to move has a legal move."""
    if position.is_over:
        return False
    view = MoverView(position)
    builds = MoverBuilds(view)
    places = range(len(view.cards))
    return (
        bool(view.trailed())
        or any(view.captures(index) for index in places)
        or any(builds.counts())
    )
