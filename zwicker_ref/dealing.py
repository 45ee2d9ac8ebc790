"""Deal schedules: how many cards each seat and the table receive at each stage.

:func:`plan_deal` follows a variant's schedule with the size of its deck and reports
exactly where a schedule fails to use the deck up (or asks for more cards than there
are). Dealing actual cards from a deck order follows the same plan.
"""

from __future__ import annotations

from dataclasses import dataclass

from zwicker_ref.errors import ErrorCode
from zwicker_ref.variant import DealFinal, DealSchedule, DealTarget, Rules

MAX_STAGES = 200  # a schedule longer than this is certainly a mistake in the spec


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
        if index < len(schedule.stages):
            steps = schedule.stages[index]
        elif schedule.repeat_last_stage:
            steps = schedule.stages[-1]
        else:
            problem = (
                ErrorCode.DEAL_INCOMPLETE,
                f"with {players} players the schedule deals {deck_size - stock} of "
                f"{deck_size} cards; {stock} are never dealt",
            )
            break
        hands = [0] * players
        table = 0
        for step in steps:
            if step.target is DealTarget.TABLE:
                if step.cards > stock:
                    problem = _short(players, index, step.cards, stock, "the table")
                    break
                table += step.cards
                stock -= step.cards
                continue
            needed = step.cards * players
            if needed <= stock:
                hands = [held + step.cards for held in hands]
                stock -= needed
            elif final is DealFinal.AS_FAR_AS_IT_GOES:
                # One card at a time from forehand until the stock is empty.
                for seat in range(stock):
                    hands[seat % players] += 1
                stock = 0
            else:
                problem = _short(players, index, needed, stock, "the players")
                break
        stages.append(StagePlan(hands=tuple(hands), table=table))
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
