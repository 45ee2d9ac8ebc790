"""Shrinking a disagreement to a minimal case of the same kind.

From the position where the engine and the reference disagree, the shrinker tries
smaller positions, largest cuts first: the stock emptied, a captured pile emptied, the
zwicks and the last capturer cleared, a hand emptied, a seat removed and the later seats
renumbered (where the variant allows one player fewer, the seats play alone at both
counts and the seat neither moves nor owns a build), a table item removed, a build taken
apart into loose cards, then single cards removed from hands, stock and captured piles.
A candidate is kept when it is a valid position (it reads back under the position
format's checks), a playable one (the reference lists at least one legal move there, or
the hand is over: a seat to move with no move at all cannot arise in play, so a minimal
case stays one an engine can meet), and the engine still disagrees with the reference in
the same way
(:attr:`Finding.kind`: a missing move stays missing, an extra move extra, a rejected
move rejected, a wrong result wrong). A move's disagreement keeps its move while the
reference still plays it; where a cut takes the move away, the cut position is tried
with its other legal moves, so the case is not held to the move first found. Small
positions are also tried with two items or cards removed at once (one at a time stops
where each is needed only with the other). Passes repeat until none makes the case
smaller, or the budget of checks runs out.

A score disagreement shrinks the captured piles the same way, card by card.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TypeVar

from zwicker_ref.conformance.fuzz_checks import Finding, check_apply, check_legal, check_score
from zwicker_ref.conformance.reference import Engine
from zwicker_ref.engine.core.position import Pile, Position, TableItem, sorted_items
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.errors import IllegalMoveError, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.rules.cards import Card

MAX_CHECKS = 3000
"""The most candidates one shrink tries (each is one or two engine requests)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Shrunk:
    """A minimal finding, and what finding it took."""

    finding: Finding
    checks: int
    seconds: float


def card_count(finding: Finding) -> int:
    """The cards of a finding's case: in its position, or in its captured piles."""
    if finding.position is None:
        return sum(len(pile) for pile in finding.captured)
    return position_cards(finding.position)


def position_cards(position: Position) -> int:
    """Every card of a position: hands, table (builds' cards too), stock, captured piles."""
    table = sum(len(item.cards) if isinstance(item, Pile) else 1 for item in position.table)
    hands = sum(len(hand) for hand in position.hands)
    captured = sum(len(pile) for pile in position.captured)
    return hands + table + len(position.stock) + captured


def shrink(engine: Engine, finding: Finding, max_checks: int = MAX_CHECKS) -> Shrunk:
    """The smallest case with a disagreement of ``finding``'s kind that the passes find."""
    started = time.perf_counter()
    checks = 0
    current = finding
    changed = True
    while changed and checks < max_checks:
        changed = False
        index = 0
        while checks < max_checks:
            candidates = _candidates(current)
            if index >= len(candidates):
                break
            candidate: Candidate | None = candidates[index]
            if isinstance(candidate, Position):
                candidate = _valid(candidate)
            if candidate is None:
                index += 1
                continue
            checks += 1
            smaller = _recheck(engine, current, candidate)
            if smaller is None:
                index += 1
            else:  # keep the index: the next candidate of the smaller case is near it
                current, changed = smaller, True
    return Shrunk(finding=current, checks=checks, seconds=time.perf_counter() - started)


Candidate = Position | tuple[tuple[Card, ...], ...]


def _candidates(finding: Finding) -> list[Candidate]:
    """The cuts of a case, not yet checked for validity (which costs a read-back each)."""
    if finding.position is None:
        return list(_smaller_piles(finding.captured))
    return list(_smaller_positions(finding.position, finding))


def _recheck(engine: Engine, finding: Finding, candidate: Candidate) -> Finding | None:
    """The candidate's finding if it keeps ``finding``'s kind; None otherwise.

    A move's disagreement whose move the reference no longer plays in the candidate
    position is tried with the position's other legal moves (:data:`OTHER_MOVES` at
    most, in notation order): the case may shrink past the move first found.
    """
    try:
        if isinstance(candidate, Position):
            if finding.move is None:
                found = check_legal(engine, candidate)
            else:
                try:
                    found = check_apply(engine, candidate, finding.move)
                except IllegalMoveError:
                    return _other_move(engine, finding, candidate)
        else:
            assert finding.setup is not None
            found = check_score(engine, finding.setup, candidate, finding.zwicks)
    except ZwickerError:
        return None  # the engine does not support the candidate (or cannot read it)
    if found is None or finding.kind not in found.kinds:
        return None
    return found


OTHER_MOVES = 6
"""The most other moves a candidate position is tried with, when its move is gone."""


def _other_move(engine: Engine, finding: Finding, position: Position) -> Finding | None:
    """The first of the position's other legal moves that keeps ``finding``'s kind."""
    moves = sorted(legal_moves(position), key=format_move)
    for move in moves[:OTHER_MOVES]:
        try:
            found = check_apply(engine, position, move)
        except ZwickerError:
            continue
        if found is not None and finding.kind in found.kinds:
            return found
    return None


def _valid(position: Position) -> Position | None:
    """The position if it is valid (it reads back) and playable (over, or a legal move)."""
    try:
        valid = position_from_data(position_to_data(position), "shrink candidate")
    except ZwickerError:
        return None
    if not valid.is_over and not legal_moves(valid):
        return None
    return valid


def _smaller_positions(position: Position, finding: Finding) -> Iterator[Position]:
    """Smaller positions, largest cuts first (not all of them valid)."""
    if position.stock:
        yield replace(position, stock=())
    for side, pile in enumerate(position.captured):
        if pile:
            yield replace(position, captured=_set(position.captured, side, ()))
    if any(position.zwicks):
        yield replace(position, zwicks=tuple(0 for _ in position.zwicks))
    if position.last_capture is not None:
        yield replace(position, last_capture=None)
    for seat, hand in enumerate(position.hands):
        if hand:
            yield replace(position, hands=_set(position.hands, seat, ()))
    yield from _seats_fewer(position, finding)
    for index, item in enumerate(position.table):
        rest = position.table[:index] + position.table[index + 1 :]
        yield replace(position, table=rest)
        if isinstance(item, Pile):
            loose: tuple[TableItem, ...] = tuple(item.cards)
            yield replace(position, table=sorted_items(rest + loose))
    for seat, hand in enumerate(position.hands):
        for index in range(len(hand)):
            yield replace(position, hands=_set(position.hands, seat, _without(hand, index)))
    for index in range(len(position.stock)):
        yield replace(position, stock=_without(position.stock, index))
    for side, pile in enumerate(position.captured):
        for index in range(len(pile)):
            yield replace(position, captured=_set(position.captured, side, _without(pile, index)))
    if position_cards(position) <= PAIRS_BELOW:
        yield from _pairs_fewer(position)


PAIRS_BELOW = 12
"""Positions of at most this many cards are also tried with two items or cards removed."""

_Unit = tuple[str, int, int]
"""A table item (``table``, 0, index), a card in hand (``hand``, seat, index) or in the
stock (``stock``, 0, index)."""


def _pairs_fewer(position: Position) -> Iterator[Position]:
    """The position without two of its table items and cards in hand and stock.

    Removing one at a time stops where each alone is needed (a capture needing both
    cards of a sum, a build and the card backing it): these remove two together.
    """
    units: list[_Unit] = [("table", 0, index) for index in range(len(position.table))]
    for seat, hand in enumerate(position.hands):
        units += [("hand", seat, index) for index in range(len(hand))]
    units += [("stock", 0, index) for index in range(len(position.stock))]
    for first, second in itertools.combinations(units, 2):
        gone = {first, second}
        yield replace(
            position,
            table=tuple(
                item for index, item in enumerate(position.table) if ("table", 0, index) not in gone
            ),
            hands=tuple(
                tuple(card for index, card in enumerate(hand) if ("hand", seat, index) not in gone)
                for seat, hand in enumerate(position.hands)
            ),
            stock=tuple(
                card for index, card in enumerate(position.stock) if ("stock", 0, index) not in gone
            ),
        )


def _seats_fewer(position: Position, finding: Finding) -> Iterator[Position]:
    """The position without one seat (the later seats move up one), where that is allowed.

    Only where the variant allows one player fewer, everyone plays alone at both counts,
    and the seat neither moves now, nor is named by the move, nor owns a build.
    """
    rules, players = position.rules, position.players
    fewer = players - 1
    if (
        fewer not in rules.player_counts
        or rules.is_partnership(players)
        or rules.is_partnership(fewer)
        or (finding.move is not None and finding.move.seat is not None)
    ):
        return
    owners = {item.owner for item in position.table if isinstance(item, Pile)}
    for gone in reversed(range(players)):
        if gone == position.to_move or gone in owners:
            continue

        def seat(number: int, gone: int = gone) -> int:
            return number - 1 if number > gone else number

        last = position.last_capture
        yield replace(
            position,
            players=fewer,
            dealer=seat(position.dealer) % fewer,
            to_move=seat(position.to_move),
            hands=_without(position.hands, gone),
            table=tuple(
                replace(item, owner=seat(item.owner))
                if isinstance(item, Pile) and item.owner is not None
                else item
                for item in position.table
            ),
            captured=_without(position.captured, gone),
            zwicks=_without(position.zwicks, gone),
            last_capture=None if last in (None, gone) else seat(last),
            shown=_without(position.shown, gone) if position.shown else (),
        )


def _smaller_piles(
    captured: tuple[tuple[Card, ...], ...],
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    for side, pile in enumerate(captured):
        if pile:
            yield _set(captured, side, ())
    for side, pile in enumerate(captured):
        for index in range(len(pile)):
            yield _set(captured, side, _without(pile, index))


T = TypeVar("T")


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _without(items: tuple[T, ...], index: int) -> tuple[T, ...]:
    return items[:index] + items[index + 1 :]
