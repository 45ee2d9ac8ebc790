"""Checking one move: legal, or the stable code of what is wrong with it.

``check_move`` raises :class:`~zwicker_ref.errors.IllegalMoveError` with the first rule
the move breaks, in a fixed order (the hand is over; not the mover's turn; the card is
not in hand; then the kind-specific checks; the owner obligation last). It uses the same
building blocks as :mod:`zwicker_ref.engine.generation`, so a move passes exactly when it is
among the position's legal moves.
"""

from __future__ import annotations

from zwicker_ref.engine.check.move_context import MoveContext
from zwicker_ref.engine.core.captures import CaptureSearch, classify
from zwicker_ref.engine.core.moves import Build, Capture, Move
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.errors import ErrorCode, IllegalMoveError
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.variant import BuildOperation


def check_move(position: Position, move: Move) -> Move:
    """Return the move in canonical form if it is legal; raise :class:`IllegalMoveError` if not.

    The canonical form differs from ``move`` only in a build that names no owner in a
    variant with ownership: it is taken as a build for the mover.
    """
    try:
        return _check(position, move)
    except IllegalMoveError as error:
        raise IllegalMoveError(error.code, error.message, position.compact()) from None


def _check(position: Position, move: Move) -> Move:
    if position.is_over:
        _fail(ErrorCode.HAND_OVER, "the hand is over: every hand and the stock are empty")
    if move.seat is not None and move.seat != position.to_move:
        _fail(
            ErrorCode.NOT_YOUR_TURN,
            f"seat {move.seat} moved, but it is seat {position.to_move}'s turn",
        )
    context = MoveContext(position)
    if move.card not in context.hand:
        held = " ".join(str(card) for card in context.hand)
        _fail(
            ErrorCode.CARD_NOT_IN_HAND,
            f"{move.card} is not in seat {context.mover}'s hand ({held})",
        )
    if isinstance(move, Capture):
        _check_capture(context, move)
    elif isinstance(move, Build):
        move = _check_build(context, move)
    if not context.obligation_holds(move):
        _fail(
            ErrorCode.OWNER_OBLIGATION_BROKEN,
            "after this move a seat could not back every value of the builds it owns "
            "with a different card in hand",
        )
    return move


def is_legal(position: Position, move: Move) -> bool:
    """True when ``move`` is legal in ``position``."""
    try:
        _check(position, move)
    except IllegalMoveError:
        return False
    return True


def _fail(code: ErrorCode, message: str) -> None:
    raise IllegalMoveError(code, message)


def _check_capture(context: MoveContext, move: Capture) -> None:
    position = context.position
    if move.groups is not None:
        flat = [name for group in move.groups for name in group]
        doubled = sorted({name for name in flat if flat.count(name) > 1}, key=lambda c: c.sort_key)
        if doubled:
            _fail(ErrorCode.ITEM_USED_TWICE, f"{' '.join(map(str, doubled))} named more than once")
    if not move.items:
        _fail(ErrorCode.CAPTURE_TAKES_NOTHING, "a capture must take at least one table item")
    missing = sorted(
        (name for name in move.items if position.item(name) is None), key=lambda c: c.sort_key
    )
    if missing:
        _fail(ErrorCode.ITEM_NOT_ON_TABLE, f"{' '.join(map(str, missing))} not on the table")
    allowed = context.captures.capturable_names(move.card)
    forbidden = move.items - allowed
    if forbidden:
        _fail(
            ErrorCode.JOKER_CAPTURE_FORBIDDEN,
            f"{' '.join(sorted(map(str, forbidden)))} may not be captured with {move.card} here",
        )
    use = context.values.use(move.card)
    # A stated value must be one the card takes when capturing; a sweep has no value, so
    # a value stated on it is checked the same way.
    if move.value is not None and move.value not in use.capture:
        offered = ", ".join(map(str, use.capture))
        _fail(
            ErrorCode.VALUE_NOT_AVAILABLE,
            f"{move.card} cannot count {move.value} (it counts {offered})",
        )
    if move.groups is not None:
        _check_groups(context, move)
    if context.captures.sweep_set(move.card) == move.items:
        return
    # Only the named items matter: search over them alone, so checking one capture costs
    # the same on a table of 50 cards as on a table of 5.
    named = [(name, context.values.item_values(position.item(name))) for name in move.items]  # type: ignore[arg-type]
    taken = CaptureSearch(classify(named))
    everything = tuple(len(value_class.names) for value_class in taken.classes)
    values = [move.value] if move.value is not None else list(use.capture)
    if not any(taken.splits(everything, value) for value in values):
        counted = " or ".join(map(str, values))
        _fail(
            ErrorCode.CAPTURE_DOES_NOT_ADD_UP,
            f"{' '.join(sorted(map(str, move.items)))} cannot be split into groups "
            f"that each add up to {counted}",
        )


def _check_groups(context: MoveContext, move: Capture) -> None:
    assert move.groups is not None
    values = [move.value] if move.value is not None else list(context.values.use(move.card).capture)
    for group in move.groups:
        options = [context.values.item_values(context.position.item(name)) for name in group]  # type: ignore[arg-type]
        totals = {0}
        for offered in options:
            totals = {total + value for total in totals for value in offered}
        if not any(value in totals for value in values):
            counted = " or ".join(map(str, values))
            _fail(
                ErrorCode.GROUP_DOES_NOT_SUM,
                f"the group {'+'.join(map(str, group))} does not add up to {counted}",
            )


def _check_build(context: MoveContext, move: Build) -> Build:
    rules = context.rules
    position = context.position
    target = None
    if move.target is not None:
        target = position.item(move.target)
        if target is None:
            _fail(ErrorCode.ITEM_NOT_ON_TABLE, f"{move.target} is not on the table")
    elif not rules.build_single_card:
        _fail(
            ErrorCode.SINGLE_CARD_BUILD_NOT_ALLOWED,
            f"a card played alone cannot start a build here; play {move.card} as a trail",
        )
    if not rules.build_ownership and move.owner is not None:
        _fail(ErrorCode.OWNER_NOT_ALLOWED, "builds have no owner in this variant")
    if rules.build_ownership and move.owner is None:
        move = Build(move.card, move.target, move.value, context.mover, seat=move.seat)
    if rules.build_max_value is not None and move.value > rules.build_max_value:
        _fail(ErrorCode.BUILD_ABOVE_MAXIMUM, f"a build may not exceed {rules.build_max_value}")
    if move.value not in context.builds.build_values(move.card, target):
        _unreachable(context, move, target)
    if move.owner is not None and move.owner not in context.builds.owners(move.card, move.value):
        if move.owner == context.mover:
            _fail(
                ErrorCode.VALUE_NOT_HELD,
                f"seat {context.mover} keeps no card that matches {move.value}",
            )
        if move.owner not in position.partners_of(context.mover):
            _fail(
                ErrorCode.OWNER_NOT_A_PARTNER,
                f"seat {move.owner} is not a partner of seat {context.mover}",
            )
        _fail(
            ErrorCode.NO_PARTNER_BASIS,
            f"seat {move.owner} gives no basis for a build of {move.value}",
        )
    return move


def _unreachable(context: MoveContext, move: Build, target: Pile | Card | None) -> None:
    rules = context.rules
    played = context.values.use(move.card).build
    if target is None:
        _fail(
            ErrorCode.VALUE_NOT_AVAILABLE, f"{move.card} alone cannot be announced as {move.value}"
        )
    bases = context.values.item_values(target)  # type: ignore[arg-type]
    subtract = BuildOperation.SUBTRACT in rules.build_operations
    if move.value < 1:
        _fail(ErrorCode.SUBTRACT_BELOW_ONE, "a build's value cannot go below 1")
    # Announcing x - t means subtracting the item from the played card: the subtraction
    # the rules allow (t - x) would go below 1 (RULINGS.md: never x - t).
    reverse = [(base, value) for base in bases for value in played if value - base == move.value]
    if subtract and reverse and all(base - value < 1 for base, value in reverse):
        base, value = reverse[0]
        _fail(
            ErrorCode.SUBTRACT_BELOW_ONE,
            f"{move.card} ({value}) on an item counting {base}: {base} - {value} is below 1, "
            "and the item is never subtracted from the played card",
        )
    by_subtraction = any(base - value == move.value for base in bases for value in played)
    if by_subtraction and not subtract:
        _fail(ErrorCode.SUBTRACTION_NOT_ALLOWED, "this variant builds by addition only")
    same = move.value in bases and move.value in played
    if same and not rules.build_same_value:
        _fail(ErrorCode.SAME_VALUE_NOT_ALLOWED, "a build cannot keep its value in this variant")
    offered = ", ".join(map(str, bases))
    _fail(
        ErrorCode.BUILD_VALUE_UNREACHABLE,
        f"{move.card} on an item counting {offered} cannot make {move.value}",
    )
