"""One comparison of an engine with the reference, giving a :class:`Finding` or None.

The comparisons: a position's legal moves, a move's result, a finished hand's scores.
A finding has a **kind** that the shrinker keeps while it makes the case smaller (a
missing move stays missing, an extra move stays extra, a rejected move stays rejected, a
wrong result stays wrong), and says in card and move notation what the engine said and
what the reference says.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from zwicker_ref.conformance.reference import REFERENCE, Engine, EngineFault, Setup
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.errors import ErrorCode, IllegalMoveError, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.cards import Card


class Kind(enum.Enum):
    """What kind of disagreement: the shrinker keeps it while the case gets smaller."""

    MISSING = "missing-move"
    """The engine does not list a move the reference lists."""
    EXTRA = "extra-move"
    """The engine lists a move the reference does not."""
    DUPLICATE = "duplicate-move"
    """The engine lists one move twice (under the canonical identity)."""
    REJECTED = "rejected-move"
    """The engine calls illegal a move the reference plays."""
    WRONG_RESULT = "wrong-result"
    """The engine's position after a move differs from the reference's."""
    WRONG_SCORE = "wrong-score"
    """The engine's scores of a finished hand differ from the reference's."""
    FAULT = "engine-fault"
    """The engine crashed, hung or broke the protocol."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Finding:
    """A disagreement at one position (or one finished hand): its kinds and what differs.

    ``kinds`` holds every kind seen here; ``kind`` is the first of them in the order of
    :class:`Kind`, the one the shrinker keeps.
    """

    kinds: frozenset[Kind]
    position: Position | None
    move: Move | None
    engine_said: str
    reference_says: str
    areas: tuple[str, ...]
    """Clause topics involved (``capture.``, ``zwick.``, …), for naming the clauses."""
    reasons: tuple[ErrorCode, ...] = ()
    """The error codes that separate the two answers: why the reference refuses a move
    the engine lists, or why the engine refuses a move the reference plays."""
    setup: Setup | None = None
    captured: tuple[tuple[Card, ...], ...] = ()
    zwicks: tuple[int, ...] = ()

    @property
    def kind(self) -> Kind:
        """The main kind: the first of :class:`Kind`'s order among ``kinds``."""
        return next(kind for kind in Kind if kind in self.kinds)


def moves_text(moves: Sequence[Move] | set[Move] | frozenset[Move]) -> str:
    """Moves in notation, sorted, comma-separated (``none`` for no move)."""
    return ", ".join(sorted(format_move(move) for move in moves)) or "none"


def _areas_of_moves(moves: set[Move]) -> tuple[str, ...]:
    areas = set()
    for move in moves:
        if isinstance(move, Capture):
            areas.add("capture.")
        elif isinstance(move, Build):
            areas.add("build.")
        elif isinstance(move, Trail):
            areas.add("trail.")
    return tuple(sorted(areas))


def check_legal(engine: Engine, position: Position) -> Finding | None:
    """Compare the engine's legal moves of ``position`` with the reference's."""
    try:
        listed: list[Move] | EngineFault = engine.legal(position)
    except EngineFault as fault:
        listed = fault
    return compare_legal(position, REFERENCE.legal(position), listed)


def compare_legal(
    position: Position, reference: Sequence[Move], listed: Sequence[Move] | EngineFault
) -> Finding | None:
    """Compare the moves an engine listed (or its fault) with the reference's ``reference``.

    The very list ``reference`` (as a pipelined exchange gives an answer that states
    exactly the reference's moves) is no difference.
    """
    if listed is reference:
        return None
    expected = set(reference)
    if isinstance(listed, EngineFault):
        return _fault(listed, position, None, f"the legal moves: {moves_text(expected)}")
    got = set(listed)
    kinds = set()
    missing, extra = expected - got, got - expected
    if missing:
        kinds.add(Kind.MISSING)
    if extra:
        kinds.add(Kind.EXTRA)
    twice = [move for move, count in Counter(listed).items() if count > 1]
    if twice:
        kinds.add(Kind.DUPLICATE)
    if not kinds:
        return None
    said = (
        f"{len(got)} legal moves; missing: {moves_text(missing)}; unexpected: {moves_text(extra)}"
    )
    if twice:
        said += f"; listed twice: {moves_text(twice)}"
    return Finding(
        kinds=frozenset(kinds),
        position=position,
        move=None,
        engine_said=said,
        reference_says=f"{len(expected)} legal moves: {moves_text(expected)}",
        areas=_areas_of_moves(missing | extra | set(twice)),
        reasons=_reasons(position, extra),
    )


def check_apply(engine: Engine, position: Position, move: Move) -> Finding | None:
    """Compare the engine's result of ``move`` (legal for the reference) with the reference's.

    Raises :class:`IllegalMoveError` if the reference does not play the move: the caller
    (the shrinker) has made a position where the move no longer exists.
    """
    expected = REFERENCE.apply(position, move)
    try:
        got: Position | IllegalMoveError | EngineFault = engine.apply(position, move)
    except (IllegalMoveError, EngineFault) as error:
        got = error
    return compare_apply(position, move, expected, got)


def compare_apply(
    position: Position,
    move: Move,
    expected: Position,
    got: Position | IllegalMoveError | EngineFault,
) -> Finding | None:
    """Compare an engine's result of ``move`` (or its refusal, or fault) with ``expected``.

    The very position ``expected`` (as a pipelined exchange gives an answer that states
    exactly it) is no difference.
    """
    if got is expected:
        return None
    if isinstance(got, EngineFault):
        return _fault(got, position, move, f"legal, giving: {expected.compact()}")
    if isinstance(got, IllegalMoveError):
        return Finding(
            kinds=frozenset({Kind.REJECTED}),
            position=position,
            move=move,
            engine_said=f"illegal [{got.code}]: {got.message}",
            reference_says=f"legal, giving: {expected.compact()}",
            areas=_areas_of_moves({move}),
            reasons=(got.code,),
        )
    differences = position_differences(expected, got)
    if not differences:
        return None
    return Finding(
        kinds=frozenset({Kind.WRONG_RESULT}),
        position=position,
        move=move,
        engine_said="; ".join(f"{key}: {got_text}" for key, _want, got_text in differences),
        reference_says="; ".join(f"{key}: {want}" for key, want, _got in differences),
        areas=_areas_of_result({key for key, _want, _got in differences}, move),
    )


def _reasons(position: Position, extra: set[Move]) -> tuple[ErrorCode, ...]:
    """Why the reference refuses each of the ``extra`` moves: its error codes, sorted."""
    codes = set()
    for move in extra:
        try:
            REFERENCE.apply(position, move)
        except IllegalMoveError as error:
            codes.add(error.code)
        except ZwickerError:
            continue
    return tuple(sorted(codes))


_RESULT_AREAS = {
    "to_move": ("turn.",),
    "zwicks": ("zwick.",),
    "stage": ("stage.", "deal."),
    "stock": ("stage.", "deal."),
    "last_capture": ("end.",),
}


def _areas_of_result(keys: set[str], move: Move) -> tuple[str, ...]:
    areas = set(_areas_of_moves({move})) if keys & {"hands", "table", "captured"} else set()
    for key in keys:
        areas.update(_RESULT_AREAS.get(key, ()))
    return tuple(sorted(areas))


def position_differences(expected: Position, got: Position) -> list[tuple[str, str, str]]:
    """The parts in which two positions differ: (part, expected, got) in position data."""
    want, have = position_to_data(expected), position_to_data(got)
    return [
        (key, _data_text(want[key]), _data_text(have.get(key)))
        for key in want
        if want[key] != have.get(key)
    ]


def _data_text(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_data_text(item) for item in value) + "]"
    if isinstance(value, dict):
        owner = f"@{value['owner']}" if value.get("owner") is not None else ""
        return f"{'+'.join(value['build'])}={value['value']}{owner}"
    return "null" if value is None else str(value)


def check_score(
    engine: Engine, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
) -> Finding | None:
    """Compare the engine's scores of a finished hand with the reference's."""
    piles = tuple(tuple(pile) for pile in captured)
    expected = REFERENCE.score(setup, piles, zwicks)
    try:
        got = engine.score(setup, piles, zwicks)
    except EngineFault as fault:
        return Finding(
            kinds=frozenset({Kind.FAULT}),
            position=None,
            move=None,
            engine_said=f"engine fault: {fault.message}",
            reference_says=scores_text(expected),
            areas=("score.",),
            setup=setup,
            captured=piles,
            zwicks=tuple(zwicks),
        )
    if _same_scores(got, expected):
        return None
    return Finding(
        kinds=frozenset({Kind.WRONG_SCORE}),
        position=None,
        move=None,
        engine_said=scores_text(got),
        reference_says=scores_text(expected),
        areas=("score.",),
        setup=setup,
        captured=piles,
        zwicks=tuple(zwicks),
    )


def _same_scores(got: Sequence[SideScore], expected: Sequence[SideScore]) -> bool:
    """Equal scores, side by side; score lines compared by label, in any order."""
    return len(got) == len(expected) and all(
        (a.card_points, a.most_cards, a.zwick_points, a.points, _by_label(a))
        == (b.card_points, b.most_cards, b.zwick_points, b.points, _by_label(b))
        for a, b in zip(got, expected, strict=True)
    )


def _by_label(side: SideScore) -> dict[str, int]:
    return {line.label: line.points for line in side.lines}


def scores_text(sides: Sequence[SideScore]) -> str:
    """Scores by side in one line."""
    return "; ".join(
        f"side {index}: {side.points} points ({side.card_points} card, {side.most_cards} "
        f"most-cards, {side.zwick_points} zwick)"
        for index, side in enumerate(sides)
    )


def _fault(fault: EngineFault, position: Position, move: Move | None, reference: str) -> Finding:
    return Finding(
        kinds=frozenset({Kind.FAULT}),
        position=position,
        move=move,
        engine_said=f"engine fault: {fault.message}",
        reference_says=reference,
        areas=(),
    )
