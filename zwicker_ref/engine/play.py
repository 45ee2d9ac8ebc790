"""Play: a pure function from a position and a legal move to the next position.

After the move the turn passes clockwise to the next seat that holds cards. When every
hand is empty (or, with ``deal.timing: each-round``, when a round of play is complete)
and the stock is not, the next stage is dealt and forehand leads. When every hand and the
stock are empty the hand is over: the cards left on the table go to the side that made
the last capture, which is never a zwick; if nobody captured they stay where they are and
count for nobody (RULINGS.md, Stages, end of hand).
"""

from __future__ import annotations

from dataclasses import replace

from zwicker_ref.engine.check.legality import check_move
from zwicker_ref.engine.core.dealing import deal_next_stage
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import (
    Pile,
    Position,
    TableItem,
    after_play,
    built_pile,
    item_cards,
    sorted_cards,
)
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import DealTiming, PartnerBasis


def play(position: Position, move: Move) -> Position:
    """The position after ``move``; :class:`~zwicker_ref.errors.IllegalMoveError` if illegal."""
    return apply_legal(position, check_move(position, move))


def apply_legal(position: Position, move: Move) -> Position:
    """The position after ``move``, which the caller knows to be legal and canonical.

    Use :func:`play` for moves from outside; this skips the check for moves that come
    from :func:`~zwicker_ref.engine.generation.legal_moves`. It runs once per move of
    every game played, so it keeps to the few lines a move changes.
    """
    mover = position.to_move
    card = move.card
    hands = list(position.hands)
    hand = hands[mover]
    place = hand.index(card)  # cards are equal only to themselves
    hands[mover] = hand[:place] + hand[place + 1 :]
    captured, zwicks, last_capture = position.captured, position.zwicks, position.last_capture
    shown = None
    kind = type(move)
    if kind is Trail:
        table = _with_item(position.table, card, card.sort_key)
    elif kind is Build:
        build: Build = move  # type: ignore[assignment]
        table = _built(position.table, build)
        if build.owner == mover and PartnerBasis.PARTNER_SHOWN in position.rules.build_for_partner:
            shown = _shown_after(position, mover, build.value)
    else:
        table, captured, zwicks = _captured(position, move, mover)  # type: ignore[arg-type]
        last_capture = mover
    hands_empty = not any(hands)
    round_over = position.rules.deal_timing is DealTiming.EACH_ROUND and mover == position.dealer
    dealing = bool(position.stock) and (hands_empty or round_over)
    to_move = mover if dealing or hands_empty else _next_seat(hands, mover)
    after = after_play(
        position,
        to_move=to_move,
        hands=tuple(hands),
        table=table,
        captured=captured,
        zwicks=zwicks,
        last_capture=last_capture,
        shown=shown,
    )
    if dealing:
        return deal_next_stage(after)
    if hands_empty:
        return _end_of_hand(after)
    return after


def _shown_after(position: Position, seat: int, value: int) -> tuple[tuple[int, ...], ...]:
    """The values each seat has shown, after ``seat`` built ``value`` for itself."""
    shown = list(position.shown or ((),) * position.players)
    if value not in shown[seat]:
        shown[seat] = tuple(sorted((*shown[seat], value)))
    return tuple(shown)


def _next_seat(hands: list[tuple[Card, ...]], mover: int) -> int:
    """The next seat clockwise from ``mover`` that holds cards (some seat does)."""
    players = len(hands)
    for step in range(1, players + 1):
        seat = (mover + step) % players
        if hands[seat]:
            return seat
    raise AssertionError("some hand holds cards, so some seat can move")  # pragma: no cover


def _with_item(table: tuple[TableItem, ...], item: TableItem, key: int) -> tuple[TableItem, ...]:
    """``table`` (in canonical order) with ``item``, whose naming card's sort key is ``key``."""
    for index, other in enumerate(table):
        if (other.base if type(other) is Pile else other).sort_key > key:  # type: ignore[union-attr]
            return (*table[:index], item, *table[index:])
    return (*table, item)


def _built(table: tuple[TableItem, ...], move: Build) -> tuple[TableItem, ...]:
    """The table after a build: the target item (if any) gone, the new build in its place."""
    target = move.target
    if target is None:
        rest = table
        cards: tuple[Card, ...] = (move.card,)
    else:
        place = _place(table, target)
        rest = (*table[:place], *table[place + 1 :])
        cards = (*item_cards(table[place]), move.card)
    pile = built_pile(cards, move.value, move.owner)
    return _with_item(rest, pile, cards[0].sort_key)


def _place(table: tuple[TableItem, ...], name: Card) -> int:
    """The place on ``table`` of the item ``name`` names (a loose card, or a build's bottom)."""
    for place, item in enumerate(table):
        if item is name or (type(item) is Pile and item.cards[0] is name):
            return place
    raise AssertionError("a legal build's target lies on the table")  # pragma: no cover


def _captured(
    position: Position, move: Capture, mover: int
) -> tuple[tuple[TableItem, ...], tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """The table, captured piles and zwicks after ``move``."""
    taken: list[Card] = [move.card]
    table: list[TableItem] = []
    items = move.items
    for item in position.table:
        if type(item) is Pile:
            if item.cards[0] in items:
                taken += item.cards
                continue
        elif item in items:
            taken.append(item)
            continue
        table.append(item)
    side = position.side_of(mover)
    captured = tuple(
        sorted_cards([*pile, *taken]) if index == side else pile
        for index, pile in enumerate(position.captured)
    )
    zwicks = position.zwicks
    zwick = not table and (position.rules.zwick_joker_counts or not move.card.is_joker)
    if zwick:
        zwicks = tuple(count + 1 if index == side else count for index, count in enumerate(zwicks))
    return tuple(table), captured, zwicks


def _end_of_hand(position: Position) -> Position:
    if position.last_capture is None or not position.table:
        return position
    side = position.side_of(position.last_capture)
    leftovers = [card for item in position.table for card in item_cards(item)]
    captured = tuple(
        sorted_cards([*pile, *leftovers]) if index == side else pile
        for index, pile in enumerate(position.captured)
    )
    return replace(position, table=(), captured=captured)
