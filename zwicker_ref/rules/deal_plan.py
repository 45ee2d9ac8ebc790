"""Deal schedules as plans: where every card of each stage goes, counted, before any card is dealt.

One walk over a variant's schedule (:func:`walk_stage`) says where every card of a stage
goes: to a seat, counted from forehand, or face up to the table. :func:`plan_deal`
follows that walk with the size of the deck and reports exactly where a schedule fails to
use the deck up (or asks for more cards than there are). Dealing real cards
(:mod:`zwicker_ref.engine.core.dealing`) follows the same walk; the spec loader uses the plan to
check every schedule when a variant is loaded.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules.variant import DealFinal, DealSchedule, DealStep, DealTarget, Rules

MAX_STAGES = 200  # a schedule longer than this is certainly a mistake in the spec

Destination = int | None
"""Where one dealt card goes: a seat counted from forehand (0 = forehand), or None: the table."""


@dataclass(frozen=True, kw_only=True, slots=True)
class StageWalk:
    """Where each card of one stage goes, in dealing order, or why the stage cannot be dealt.

    ``destinations[k]`` is the destination of the k-th card from the top of the stock. When
    ``problem`` is set, ``destinations`` holds the cards dealt before the stage failed.
    """

    destinations: tuple[Destination, ...]
    problem: tuple[ErrorCode, str] | None


@dataclass(frozen=True, kw_only=True, slots=True)
class StagePlan:
    """Cards dealt in one stage: per seat (index 0 = forehand, then clockwise) and to the table."""

    hands: tuple[int, ...]
    table: int

    @property
    def total(self) -> int:
        """All cards dealt in this stage."""
        return sum(self.hands) + self.table


@dataclass(frozen=True, kw_only=True, slots=True)
class DealPlan:
    """The stages of one hand at one player count, or why the schedule does not work."""

    players: int
    deck_size: int
    stages: tuple[StagePlan, ...]
    problem: tuple[ErrorCode, str] | None

    @property
    def dealt(self) -> int:
        """Cards dealt over all stages."""
        return sum(stage.total for stage in self.stages)


def stage_steps(schedule: DealSchedule, index: int) -> tuple[DealStep, ...] | None:
    """The steps of stage ``index`` (0 = the first deal); None when the schedule has ended."""
    if index < len(schedule.stages):
        return schedule.stages[index]
    if schedule.repeat_last_stage:
        return schedule.stages[-1]
    return None


@functools.lru_cache(maxsize=4096)
def walk_stage(
    steps: tuple[DealStep, ...], final: DealFinal, players: int, stock: int, index: int
) -> StageWalk:
    """Where each card of stage ``index`` goes when ``stock`` cards are left to deal.

    ``each`` steps go round the seats from forehand clockwise, ``packet`` cards to a seat at
    a time (a last round of smaller packets when ``cards`` is not a multiple of it);
    ``table`` steps lay their cards face up. When the stock cannot complete an ``each``
    step, ``final`` decides: as-far-as-it-goes deals the rest one card at a time from
    forehand; exact reports the stage as overdrawn.

    A pure function of small values, asked once per stage of every hand played: its
    answers are kept (a bounded cache).
    """
    destinations: list[Destination] = []
    left = stock
    for step in steps:
        if step.target is DealTarget.TABLE:
            if step.cards > left:
                return StageWalk(
                    destinations=tuple(destinations),
                    problem=_short(players, index, step.cards, left, "the table"),
                )
            destinations += [None] * step.cards
            left -= step.cards
            continue
        needed = step.cards * players
        if needed <= left:
            given = 0
            while given < step.cards:
                size = min(step.packet, step.cards - given)
                for seat in range(players):
                    destinations += [seat] * size
                given += size
            left -= needed
        elif final is DealFinal.AS_FAR_AS_IT_GOES:
            # One card at a time from forehand until the stock is empty (RULINGS.md).
            destinations += [card % players for card in range(left)]
            left = 0
        else:
            return StageWalk(
                destinations=tuple(destinations),
                problem=_short(players, index, needed, left, "the players"),
            )
    return StageWalk(destinations=tuple(destinations), problem=None)


def plan_deal(rules: Rules, players: int) -> DealPlan:
    """Follow ``rules``' schedule for ``players`` through the whole deck."""
    rules.check_players(players)
    deck_size = len(rules.deck(players))
    return plan_schedule(rules.schedule_for(players), rules.deal_final, players, deck_size)


def plan_schedule(
    schedule: DealSchedule, final: DealFinal, players: int, deck_size: int
) -> DealPlan:
    """Follow ``schedule`` for ``players`` from a stock of ``deck_size`` cards."""
    stock = deck_size
    stages: list[StagePlan] = []
    problem: tuple[ErrorCode, str] | None = None
    index = 0
    while stock > 0 and problem is None and len(stages) < MAX_STAGES:
        steps = stage_steps(schedule, index)
        if steps is None:
            problem = (
                ErrorCode.DEAL_INCOMPLETE,
                f"with {players} players the schedule deals {deck_size - stock} of "
                f"{deck_size} cards; {stock} are never dealt",
            )
            break
        walk = walk_stage(steps, final, players, stock, index)
        hands = tuple(walk.destinations.count(seat) for seat in range(players))
        stages.append(StagePlan(hands=hands, table=walk.destinations.count(None)))
        stock -= len(walk.destinations)
        problem = walk.problem
        index += 1
    if problem is None and stock > 0:
        problem = (ErrorCode.DEAL_INCOMPLETE, f"the schedule runs past {MAX_STAGES} stages")
    return DealPlan(players=players, deck_size=deck_size, stages=tuple(stages), problem=problem)


def _short(players: int, index: int, needed: int, stock: int, whom: str) -> tuple[ErrorCode, str]:
    return (
        ErrorCode.DEAL_OVERDRAWN,
        f"with {players} players stage {index + 1} needs {needed} cards for {whom} "
        f"but only {stock} are left in the stock",
    )
