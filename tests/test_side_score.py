"""One per-side score record: the reference's score, an engine's answer over the protocol,
and the result rows of game and match records are the same record and compare equal."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from zwicker_ref.cli import main
from zwicker_ref.conformance.reference import REFERENCE, Setup
from zwicker_ref.engine.core.scoring import LineScore, SideScore, score_hand, side_seats
from zwicker_ref.errors import ErrorCode, InvalidFileError, ZwickerError
from zwicker_ref.formats.match_record import load_match_record
from zwicker_ref.formats.record import load_record, random_game, record_to_data, replay
from zwicker_ref.protocol.client import ProcessEngine
from zwicker_ref.protocol.messages import AnswerError, read_sides
from zwicker_ref.rules.cards import Card

SERVE = f"{sys.executable} -m zwicker_ref.cli serve"


@pytest.mark.parametrize(
    ("variant", "players", "seats"),
    [("dithmarschen", 4, [(0, 2), (1, 3)]), ("grupp", 3, [(0,), (1,), (2,)])],
)
def test_answer_reference_and_record_rows_are_one_record(
    tmp_path: Path, variant: str, players: int, seats: list[tuple[int, ...]]
) -> None:
    record, final = random_game(variant, players, seed=7)
    reference = score_hand(final).sides
    setup = Setup(variant=variant, options=final.options, players=players, dealer=final.dealer)
    engine = ProcessEngine(SERVE)
    try:
        answered = tuple(engine.score(setup, final.captured, final.zwicks))
    finally:
        engine.close()
    path = tmp_path / "game.yaml"
    assert (
        main(
            [
                "play",
                "--variant",
                variant,
                "--players",
                str(players),
                "--seed",
                "7",
                "--output",
                str(path),
            ]
        )
        == 0
    )
    written = load_record(path).result

    every = (*reference, *answered, *record.result, *written)
    assert {type(side) for side in every} == {SideScore}
    assert answered == reference
    assert record.result == reference
    assert written == reference
    assert tuple(REFERENCE.score(setup, final.captured, final.zwicks)) == reference
    assert [side.seats for side in reference] == seats
    # The captured cards are kept where the score was worked out from the piles; an answer
    # and a file state only the points, and equality compares the points.
    assert all(line.cards is not None for side in reference for line in side.lines)
    assert all(line.cards is None for side in answered + written for line in side.lines)


def test_match_record_rows_are_the_reference_scores(tmp_path: Path) -> None:
    path = tmp_path / "match.yaml"
    assert (
        main(
            [
                "play",
                "--variant",
                "grupp",
                "--players",
                "3",
                "--seed",
                "7",
                "--hands",
                "2",
                "--output",
                str(path),
            ]
        )
        == 0
    )
    match = load_match_record(path)
    for hand in match.hands:
        assert all(isinstance(side, SideScore) for side in hand.result)
        assert [side.points for side in hand.result] == [
            side.card_points + side.most_cards + side.zwick_points for side in hand.result
        ]
        assert all(
            side.card_points == sum(line.points for line in side.lines) for side in hand.result
        )


def answer(points: int, card_points: int = 3) -> dict[str, object]:
    return {
        "card_points": card_points,
        "most_cards": 0,
        "zwick_points": 1,
        "points": points,
        "lines": {"Each ace": card_points},
    }


def test_an_inconsistent_answer_is_held_as_stated_and_compared() -> None:
    captured = [(Card.parse("AC"), Card.parse("2C")), ()]
    # 3 + 0 + 1 is 4, not 9: the record keeps the 9 so the runner can report it.
    sides = read_sides([answer(9), answer(0, 0)], 4, captured, [1, 0])
    first = sides[0]
    assert first.points == 9
    assert (first.side, first.seats, first.cards, first.zwicks) == (0, (0, 2), 2, 1)
    assert first.lines == (LineScore(label="Each ace", points=3),)
    assert first.line_points("Each ace") == 3
    assert first.line_points("Jokers") is None
    assert first != read_sides([answer(4), answer(0, 0)], 4, captured, [1, 0])[0]


def test_an_answer_for_another_number_of_sides_is_refused() -> None:
    with pytest.raises(AnswerError, match="3 sides; 2 were asked about"):
        read_sides([answer(4)] * 3, 4, [(), ()], [0, 0])


def test_side_seats() -> None:
    assert side_seats(2, 6) == ((0, 2, 4), (1, 3, 5))
    assert side_seats(3, 3) == ((0,), (1,), (2,))


def test_a_record_row_without_the_whole_score_is_refused(tmp_path: Path) -> None:
    record, _final = random_game("grupp", 3, seed=7)
    data = record_to_data(record)
    data["result"][1] = {key: data["result"][1][key] for key in ("side", "seats", "points")}
    data["result"][2]["lines"]["Each ace"] = "two"
    path = tmp_path / "old.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        load_record(path)
    text = str(caught.value)
    for field in ("cards", "zwicks", "card_points", "most_cards", "zwick_points", "lines"):
        assert f"at result[1].{field} '{field}' must be" in text
    assert "result[1].points" not in text
    assert "the points of line 'Each ace' are a whole number, not 'two'" in text


def test_replay_names_each_figure_that_differs() -> None:
    record, _final = random_game("grupp", 3, seed=7)
    first = record.result[0]
    wrong = replace(
        first,
        most_cards=first.most_cards + 1,
        lines=tuple(replace(line, points=line.points + 1) for line in first.lines[:1])
        + first.lines[1:],
    )
    changed = replace(record, result=(wrong, *record.result[1:]))
    with pytest.raises(ZwickerError) as caught:
        replay(changed)
    message = caught.value.message
    assert caught.value.code is ErrorCode.RECORD_MISMATCH
    assert f"side 0 most_cards: recorded {first.most_cards + 1}, replayed {first.most_cards}" in (
        message
    )
    assert "side 0 lines: recorded {" in message
    assert "side 1" not in message
    assert "card_points" not in message
