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

from zwicker_ref.engine.dealing import deal_next_stage
from zwicker_ref.engine.legality import check_move
from zwicker_ref.engine.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.position import (
    Pile,
    Position,
    TableItem,
    item_cards,
    item_name,
    sorted_cards,
    sorted_items,
)
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import DealTiming


def play(position: Position, move: Move) -> Position:
    """The position after ``move``; :class:`~zwicker_ref.errors.IllegalMoveError` if illegal."""
    return apply_legal(position, check_move(position, move))


def apply_legal(position: Position, move: Move) -> Position:
    """The position after ``move``, which the caller knows to be legal and canonical.

    Use :func:`play` for moves from outside; this skips the check for moves that come
    from :func:`~zwicker_ref.engine.generation.legal_moves`.
    """
    mover = position.to_move
    hand = list(position.hands[mover])
    hand.remove(move.card)
    hands = list(position.hands)
    hands[mover] = tuple(hand)
    captured, zwicks, last_capture = position.captured, position.zwicks, position.last_capture
    if isinstance(move, Trail):
        table = sorted_items([*position.table, move.card])
    elif isinstance(move, Build):
        table = _built(position, move)
    else:
        table, captured, zwicks = _captured(position, move, mover)
        last_capture = mover
    rules = position.rules
    hands_empty = not any(hands)
    round_over = rules.deal_timing is DealTiming.EACH_ROUND and mover == position.dealer
    dealing = bool(position.stock) and (hands_empty or round_over)
    to_move = mover if dealing or hands_empty else _next_seat(hands, mover)
    # One new position, built directly: this runs once per move of every game played.
    after = Position(
        variant=position.variant,
        options=position.options,
        players=position.players,
        dealer=position.dealer,
        to_move=to_move,
        stage=position.stage,
        hands=tuple(hands),
        table=table,
        stock=position.stock,
        captured=captured,
        zwicks=zwicks,
        last_capture=last_capture,
        rules=rules,
    )
    if dealing:
        return deal_next_stage(after)
    if hands_empty:
        return _end_of_hand(after)
    return after


def _next_seat(hands: list[tuple[Card, ...]], mover: int) -> int:
    """The next seat clockwise from ``mover`` that holds cards (some seat does)."""
    players = len(hands)
    for step in range(1, players + 1):
        seat = (mover + step) % players
        if hands[seat]:
            return seat
    raise AssertionError("some hand holds cards, so some seat can move")  # pragma: no cover


def _built(position: Position, move: Build) -> tuple[TableItem, ...]:
    table: list[TableItem] = []
    base: tuple[Card, ...] = ()
    for item in position.table:
        if move.target is not None and item_name(item) == move.target:
            base = item_cards(item)
        else:
            table.append(item)
    table.append(Pile(cards=(*base, move.card), value=move.value, owner=move.owner))
    return sorted_items(table)


def _captured(
    position: Position, move: Capture, mover: int
) -> tuple[tuple[TableItem, ...], tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """The table, captured piles and zwicks after ``move``."""
    taken: list[Card] = [move.card]
    table: list[TableItem] = []
    for item in position.table:
        if item_name(item) in move.items:
            taken.extend(item_cards(item))
        else:
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
