"""Field coverage: every field of an ``apply`` answer, wrong at any kind of moment, is caught.

Issue 33, section 2: an engine driven only by ``legal`` and ``apply`` passed the whole
corpus while it got the finished position wrong after the hand's last move. Here a small
engine of ``legal`` and ``apply`` (the reference's answers) has one fault planted at a
time: one field of its ``apply`` answer wrong, only at one kind of moment. Every case
that ``zwicker coverage`` counts as pinning that field at that moment must fail it, and
every field must be pinned at every moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from zwicker_ref.conformance.field_coverage import (
    FIELDS,
    FieldCoverage,
    Moment,
    field_coverage,
    moment_of,
    pins,
)
from zwicker_ref.conformance.reference import Setup, StageDeal, Unsupported
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import Scenario, load_corpus
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position, item_cards
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import play
from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules.cards import Card


def _some_card(position: Position) -> Card:
    """A card of the position (to add where a part is empty; a card twice is still wrong)."""
    for cards in (*position.hands, *position.captured, position.stock):
        if cards:
            return cards[0]
    return item_cards(position.table[0])[0]


def _drop_or_add(cards: tuple[Card, ...], position: Position) -> tuple[Card, ...]:
    return cards[1:] if cards else (_some_card(position),)


def _wrong_hands(p: Position) -> Position:
    seat = next((seat for seat, hand in enumerate(p.hands) if hand), 0)
    hands = tuple(
        _drop_or_add(hand, p) if index == seat else hand for index, hand in enumerate(p.hands)
    )
    return replace(p, hands=hands)


def _wrong_captured(p: Position) -> Position:
    captured = (_drop_or_add(p.captured[0], p), *p.captured[1:])
    return replace(p, captured=captured)


def _wrong_shown(p: Position) -> Position:
    """A seat's shown values dropped, or a value shown where none was."""
    shown = p.shown or ((),) * p.players
    seat = next((seat for seat, values in enumerate(shown) if values), None)
    if seat is None:
        return replace(p, shown=((1,), *shown[1:]))
    return replace(p, shown=tuple(() if index == seat else v for index, v in enumerate(shown)))


FAULTS: dict[str, Callable[[Position], Position]] = {
    "variant": lambda p: replace(p, variant="classic" if p.variant != "classic" else "grupp"),
    "options": lambda p: replace(p, options=(*p.options, "no-such-option")),
    "players": lambda p: replace(p, players=p.players + 1),
    "dealer": lambda p: replace(p, dealer=(p.dealer + 1) % p.players),
    "to_move": lambda p: replace(p, to_move=(p.to_move + 1) % p.players),
    "stage": lambda p: replace(p, stage=p.stage + 1),
    "hands": _wrong_hands,
    "table": lambda p: replace(p, table=p.table[1:] if p.table else (_some_card(p),)),
    "stock": lambda p: replace(p, stock=_drop_or_add(p.stock, p)),
    "captured": _wrong_captured,
    "zwicks": lambda p: replace(p, zwicks=(p.zwicks[0] + 1, *p.zwicks[1:])),
    "last_capture": lambda p: replace(
        p, last_capture=None if p.last_capture is not None else p.to_move
    ),
    "shown": _wrong_shown,
}
"""One way to get each field wrong: each changes that field and nothing else."""


class LegalApplyEngine:
    """An engine of ``legal`` and ``apply`` only, with one field wrong at one kind of moment.

    Only the answer is wrong: the engine keeps the true position behind each wrong answer
    it gave and plays on from that, so a later answer never undoes (or compounds) the
    fault, and a case catches it only where it looks at that field then.
    """

    def __init__(self, field: str | None = None, moment: Moment | None = None) -> None:
        self.name = f"legal+apply ({field} wrong at {moment.value})" if moment else "legal+apply"
        self.field = field
        self.moment = moment
        self.truth: dict[Position, Position] = {}

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        raise Unsupported(ErrorCode.UNSUPPORTED, "legal and apply only")

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        raise Unsupported(ErrorCode.UNSUPPORTED, "legal and apply only")

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        raise Unsupported(ErrorCode.UNSUPPORTED, "legal and apply only")

    def legal(self, position: Position) -> list[Move]:
        return list(legal_moves(self.truth.get(position, position)))

    def apply(self, position: Position, move: Move) -> Position:
        position = self.truth.get(position, position)
        after = play(position, move)
        if self.field is None or moment_of(position, after) is not self.moment:
            return after
        wrong = FAULTS[self.field](after)
        self.truth[wrong] = after
        return wrong


@cache
def _corpus() -> tuple[dict[str, Scenario], tuple[FieldCoverage, ...]]:
    scenarios, problems = load_corpus([scenarios_dir()])
    assert not problems
    return {s.id: s for s in scenarios}, tuple(field_coverage(scenarios))


def test_every_field_is_pinned_at_every_moment() -> None:
    _scenarios, cells = _corpus()
    assert {cell.field for cell in cells} == set(FIELDS) == set(FAULTS)
    assert len(cells) == len(FIELDS) * len(Moment)
    assert [f"{c.field} at {c.moment.value}" for c in cells if not c.complete] == []


def test_the_fault_free_engine_passes_every_pinning_case() -> None:
    scenarios, cells = _corpus()
    ids = sorted({scenario_id for cell in cells for scenario_id in cell.scenarios})
    failed = [i for i in ids if not run_scenario(scenarios[i], LegalApplyEngine()).passed]
    assert failed == []


@pytest.mark.parametrize("moment", list(Moment), ids=lambda m: m.value)
@pytest.mark.parametrize("field", FIELDS)
def test_a_wrong_field_fails_every_case_that_pins_it(field: str, moment: Moment) -> None:
    """Every case counted for (field, moment) fails an engine with that field wrong then."""
    scenarios, cells = _corpus()
    (cell,) = [c for c in cells if c.field == field and c.moment is moment]
    assert cell.scenarios, f"no case pins {field} at {moment.value}"
    engine = LegalApplyEngine(field, moment)
    passed = [i for i in cell.scenarios if run_scenario(scenarios[i], engine).passed]
    assert passed == [], f"{field} wrong at {moment.value} passes {passed}"


def test_the_hand_end_fault_of_the_issue_is_caught() -> None:
    """The engine of the issue: the finished position wrong after the hand's last move."""
    scenarios, _cells = _corpus()
    engine = LegalApplyEngine("captured", Moment.HAND_END)
    outcome = run_scenario(scenarios["gw-end-last-card-zwick-every-field"], engine)
    assert not outcome.passed
    assert "captured[0]" in outcome.differences[0]


def test_the_order_of_the_options_is_not_a_change() -> None:
    """Options are a set: an answer that lists them in another order changes nothing."""
    from zwicker_ref.conformance.runner import identity_changes

    scenarios, _cells = _corpus()
    position = scenarios["dith-stage-draw-each-round"].position
    assert position is not None
    two = replace(position, options=("a", "b"))
    assert identity_changes(two, replace(two, options=("b", "a")), "step 1") == []
    assert identity_changes(two, replace(two, options=("a",)), "step 1") == [
        "step 1: options: expected ['a', 'b'] (no move changes it), got ['a']"
    ]
    assert identity_changes(two, replace(two, dealer=0), "step 1") == [
        "step 1: dealer: expected 3 (no move changes it), got 0"
    ]


_SHOWN_CASE = """\
format: 1
id: shown-stated-{variant}
title: A case that states the values built earlier
kind: move
variant: {variant}
{options}players: 4
clauses: [build.up-down]
source: constructed
provenance: hand
description: A build for oneself, with the shown values stated after it.
position:
  dealer: 3
  to_move: 0
  hands: [[7H, QH], [8S], [9S], [10S]]
  table: [6H]
steps:
  - {{move: 7H>6H=13@0, expect: legal, after: {{shown: {shown}}}}}
"""


@pytest.mark.parametrize(
    ("variant", "options", "shown", "counted"),
    [
        ("dithmarschen", "options: [partner-built-earlier]\n", "[[13], [], [], []]", True),
        ("dithmarschen", "", "[[], [], [], []]", False),
    ],
    ids=["kept", "not-kept"],
)
def test_shown_counts_only_where_the_rules_keep_it(
    tmp_path: Path, variant: str, options: str, shown: str, counted: bool
) -> None:
    """Stating ``shown`` where the rules keep none (always empty) pins nothing."""
    text = _SHOWN_CASE.format(variant=variant, options=options, shown=shown)
    (tmp_path / "case.yaml").write_text(text, encoding="utf-8")
    scenarios, problems = load_corpus([tmp_path])
    assert problems == []
    (scenario,) = scenarios
    assert run_scenario(scenario, LegalApplyEngine()).passed
    assert (("shown", Moment.MID_STAGE) in pins(scenario)) is counted
