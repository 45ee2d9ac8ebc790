from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules.deal_plan import plan_schedule
from zwicker_ref.rules.variant import DealFinal, DealSchedule, DealStep, DealTarget


def schedule(*stages: list[tuple[str, int]], repeat: bool = False) -> DealSchedule:
    return DealSchedule(
        stages=tuple(
            tuple(DealStep(target=DealTarget(to), cards=cards) for to, cards in stage)
            for stage in stages
        ),
        repeat_last_stage=repeat,
    )


def test_exact_schedule_uses_the_deck() -> None:
    plan = plan_schedule(
        schedule([("each", 4), ("table", 3)], [("each", 4)], [("each", 5)]), DealFinal.EXACT, 4, 55
    )
    assert plan.problem is None
    assert [stage.total for stage in plan.stages] == [19, 16, 20]


def test_repeated_stage_runs_until_the_stock_is_empty() -> None:
    plan = plan_schedule(
        schedule([("each", 4), ("table", 4)], [("each", 4)], repeat=True), DealFinal.EXACT, 3, 52
    )
    assert plan.problem is None
    assert len(plan.stages) == 4


def test_uneven_final_deal_goes_one_at_a_time_from_forehand() -> None:
    plan = plan_schedule(
        schedule([("each", 4), ("table", 4)], [("each", 4)], repeat=True),
        DealFinal.AS_FAR_AS_IT_GOES,
        4,
        58,
    )
    assert plan.problem is None
    assert plan.stages[-1].hands == (2, 2, 1, 1)


def test_exact_schedule_that_cannot_finish_is_overdrawn() -> None:
    plan = plan_schedule(
        schedule([("each", 4), ("table", 4)], [("each", 4)], repeat=True), DealFinal.EXACT, 4, 58
    )
    assert plan.problem is not None
    assert plan.problem[0] is ErrorCode.DEAL_OVERDRAWN
    assert "only 6 are left" in plan.problem[1]


def test_schedule_that_stops_early_leaves_cards() -> None:
    plan = plan_schedule(schedule([("each", 4), ("table", 3)]), DealFinal.EXACT, 4, 55)
    assert plan.problem is not None
    assert plan.problem[0] is ErrorCode.DEAL_INCOMPLETE
    assert "36 are never dealt" in plan.problem[1]


def test_table_step_larger_than_stock() -> None:
    plan = plan_schedule(schedule([("table", 8)]), DealFinal.AS_FAR_AS_IT_GOES, 2, 5)
    assert plan.problem is not None
    assert plan.problem[0] is ErrorCode.DEAL_OVERDRAWN
