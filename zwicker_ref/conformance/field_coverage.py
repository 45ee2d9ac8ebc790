"""Which fields of an ``apply`` answer the corpus pins, at which moments of a hand.

An engine that answers only ``legal`` and ``apply`` (the smallest adapter the
implementer's guide describes) is never sent ``start``, ``deal`` or ``score``: of the
corpus it runs the ``move`` and ``legal-moves`` scenarios. Field coverage says, for every
field of the position such an engine returns and for each kind of moment a move can be,
which of those cases fail when that field of the answer is wrong.

A **moment** is what a move does to the hand, as the reference plays it:

- ``mid-stage``: nothing is dealt and some hand still holds cards;
- ``new-stage``: the next stage is dealt inside ``apply`` while hands still hold cards
  (``deal.timing: each-round``: a round of play is complete);
- ``stage-end``: the last move of a stage: every hand is empty and ``apply`` deals the
  next stage from the stock;
- ``hand-end``: the last move of the hand (every hand and the stock empty), with the
  leftovers given to the last capturer.

A step of a ``move`` scenario **pins** a field at its moment when the step is legal and
its ``after`` asserts the whole field: ``hands`` and ``captured`` with no seat or side
left out; ``over: true`` pins the hands and the stock (both empty) at the hand's end
(``captured_counts`` pins no field). ``shown`` (the values each seat has built for
itself) is pinned where ``after`` states it and the rules keep it (elsewhere it is
always empty). A move that ends a stage or the hand cannot add to it (a builder must
still hold a card of the value after building, ``build.holding``, and the mover has
just played its last card), so there a case pins that it is carried over unchanged,
which an engine can still get wrong: every field applies at every moment. The fields a move
never changes (``variant``, ``options``, ``players``, ``dealer``: the game's identity)
are pinned by every legal step, since the runner refuses an answer that changes them.
Only what is asserted counts: a later step that happens to fail, or a perft count that
happens to differ, is not counted, so the measure is a lower bound.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from zwicker_ref.conformance.scenario_kinds import MoveBody, Parts
from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.play import play
from zwicker_ref.errors import ZwickerError
from zwicker_ref.rules.variant import PartnerBasis


class Moment(Enum):
    """The kind of moment a move is, by what it does to the hand."""

    MID_STAGE = "mid-stage"
    NEW_STAGE = "new-stage"
    STAGE_END = "stage-end"
    HAND_END = "hand-end"


IDENTITY_FIELDS = ("variant", "options", "players", "dealer")
"""The fields no move changes: every legal step of a move scenario pins them."""

PLAY_FIELDS = (
    "to_move", "stage", "hands", "table", "stock", "captured", "zwicks", "last_capture", "shown",
)  # fmt: skip
"""The fields a move changes, each pinned only where a step asserts it whole."""

FIELDS = IDENTITY_FIELDS + PLAY_FIELDS
"""Every field of the position an engine returns from ``apply``."""


def moment_of(before: Position, after: Position) -> Moment:
    """The moment of the move that led from ``before`` to ``after`` (as the reference plays it)."""
    if after.is_over:
        return Moment.HAND_END
    if after.stage == before.stage:
        return Moment.MID_STAGE
    if any(hand for seat, hand in enumerate(before.hands) if seat != before.to_move) or (
        len(before.hands[before.to_move]) > 1
    ):
        return Moment.NEW_STAGE
    return Moment.STAGE_END


def keeps_shown(position: Position) -> bool:
    """True when the position's rules keep ``shown`` (building for partner rests on it)."""
    return PartnerBasis.PARTNER_SHOWN in position.rules.build_for_partner


def pinned_fields(parts: Parts | None, *, shown_kept: bool = True) -> frozenset[str]:
    """The fields a legal step's ``after`` pins (the identity fields always).

    ``shown`` counts only where the rules keep it (``shown_kept``): elsewhere it is
    always empty, and stating it so pins nothing an engine could get wrong in play.
    """
    pinned = set(IDENTITY_FIELDS)
    if parts is None:
        return frozenset(pinned)
    if "over" in parts.given and parts.over:
        pinned |= {"hands", "stock"}
    for field in PLAY_FIELDS:
        if field not in parts.given:
            continue
        if field == "hands" and any(hand is None for hand in parts.hands):
            continue
        if field == "captured" and any(pile is None for pile in parts.captured):
            continue
        if field == "shown" and not shown_kept:
            continue
        pinned.add(field)
    return frozenset(pinned)


@dataclass(frozen=True, kw_only=True, slots=True)
class FieldCoverage:
    """The scenarios that pin one field at one kind of moment."""

    field: str
    moment: Moment
    scenarios: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """True when at least one scenario pins the field at this moment."""
        return bool(self.scenarios)


def pins(scenario: Scenario) -> set[tuple[str, Moment]]:
    """Every (field, moment) a scenario pins for an engine of ``legal`` and ``apply``."""
    body = scenario.body
    if not isinstance(body, MoveBody):
        return set()
    found: set[tuple[str, Moment]] = set()
    position = body.position
    for step in body.steps:
        if not step.legal:
            continue  # an illegal step leaves the position as it was
        move = replace(step.move, seat=step.seat) if step.seat is not None else step.move
        try:
            after = play(position, move)
        except ZwickerError:
            return found  # the case fails on the reference: `check` says so
        moment = moment_of(position, after)
        pinned = pinned_fields(step.after, shown_kept=keeps_shown(position))
        found |= {(field, moment) for field in pinned}
        position = after
    return found


def field_coverage(scenarios: Iterable[Scenario]) -> list[FieldCoverage]:
    """For every field and moment, the scenarios that pin it (see the module docstring)."""
    by_cell: dict[tuple[str, Moment], list[str]] = {}
    for scenario in scenarios:
        for cell in pins(scenario):
            by_cell.setdefault(cell, []).append(scenario.id)
    return [
        FieldCoverage(
            field=field, moment=moment, scenarios=tuple(sorted(by_cell.get((field, moment), ())))
        )
        for moment in Moment
        for field in FIELDS
    ]
