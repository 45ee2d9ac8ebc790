"""Match play: the match model, match records, match scenarios and the CLI (issue 14, part 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import clause_of, raw_spec
from tests.positions import cards
from zwicker_ref.cli import main
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import check_scenario_document
from zwicker_ref.documents.yamlfile import parse_yaml, record_text
from zwicker_ref.engine.core.match import (
    MatchEnd,
    add_points,
    dealer_of_hand,
    draw_for_dealer,
    first_dealer,
    match_status,
)
from zwicker_ref.errors import ErrorCode, InvalidFileError, ZwickerError
from zwicker_ref.formats.match_record import (
    match_from_document,
    match_to_data,
    random_match,
    replay_match,
)
from zwicker_ref.formats.record import random_game, record_to_data
from zwicker_ref.rules.match_rules import DrawWins, FirstDealer, TieRule
from zwicker_ref.rules.spec_loader import check_variant_document, load_variant, variant_ids


def rules(variant_id: str) -> Any:
    return load_variant(variant_id).rules


# The variants' match rules ----------------------------------------------------------------


def test_every_variant_states_its_match_rules() -> None:
    for variant_id in ("dithmarschen", "grossenwiehe", "christiansen", "classic", "grupp", "zwick"):
        variant = load_variant(variant_id)
        ids = {clause.id for clause in variant.clauses}
        assert {
            "match.first-dealer",
            "match.rotation",
            "match.end",
            "match.winner",
            "match.tie",
            "match.carry-over",
        } <= ids, variant_id
        assert variant.rules.match.tie_after_hands is TieRule.SHARED
        assert variant.rules.match.tie_at_target is TieRule.PLAY_ON
    assert rules("dithmarschen").match.first_dealer is FirstDealer.STATED
    assert rules("grupp").match.draw_wins is DrawWins.HIGHEST
    assert rules("classic").match.draw_wins is DrawWins.LOWEST


def test_a_spec_without_the_tie_rule_is_rejected() -> None:
    data = raw_spec("zwick")
    del clause_of(data, "match.tie")["params"]
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    variant, problems = check_variant_document(parse_yaml(text, "zwick.yaml"), "zwick")
    assert variant is None
    assert [problem.code for problem in problems] == [ErrorCode.MISSING_PARAMETER]
    assert "match.tie" in problems[0].message


def test_a_draw_needs_its_order() -> None:
    data = raw_spec("grupp")
    del clause_of(data, "match.first-dealer")["params"]["match.first-dealer"]["order"]
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    _variant, problems = check_variant_document(parse_yaml(text, "grupp.yaml"), "grupp")
    assert {problem.code for problem in problems} == {ErrorCode.SCHEMA_VIOLATION}


# The model ----------------------------------------------------------------------------------


def test_the_deal_passes_to_the_left() -> None:
    assert [dealer_of_hand(2, 4, hand) for hand in range(6)] == [2, 3, 0, 1, 2, 3]
    assert [dealer_of_hand(0, 2, hand) for hand in range(3)] == [0, 1, 0]


def test_a_match_of_hands_ends_after_them_whatever_the_totals() -> None:
    end = MatchEnd(hands=3)
    dith = rules("dithmarschen")
    assert not match_status(dith, end, (90, 10), 2).over
    status = match_status(dith, end, (40, 50), 3)
    assert status.over
    assert status.leaders == (1,)
    assert not status.tied


def test_a_target_ends_the_match_after_the_hand_that_reaches_it() -> None:
    end = MatchEnd(target=60)
    dith = rules("dithmarschen")
    assert not match_status(dith, end, (59, 58), 7).over
    status = match_status(dith, end, (64, 62), 4)
    assert status.over
    assert status.leaders == (0,)
    # The first to pass the target need not win: the higher total does.
    assert match_status(dith, end, (61, 70), 4).leaders == (1,)


def test_a_tie_after_the_hands_is_shared_and_at_a_target_plays_on() -> None:
    christiansen = rules("christiansen")
    shared = match_status(christiansen, MatchEnd(hands=2), (30, 30, 11), 2)
    assert shared.over
    assert shared.tied
    assert shared.leaders == (0, 1)
    level = match_status(christiansen, MatchEnd(target=40), (42, 42, 3), 3)
    assert not level.over
    assert level.leaders == (0, 1)
    assert match_status(christiansen, MatchEnd(target=40), (47, 55, 6), 4).over


def test_totals_add_hand_by_hand() -> None:
    assert add_points((10, 5), (3, 4)) == (13, 9)
    with pytest.raises(ZwickerError) as raised:
        add_points((10, 5), (3, 4, 1))
    assert raised.value.code is ErrorCode.INVALID_MATCH


@pytest.mark.parametrize(
    ("hands", "target"), [(None, None), (2, 30), (0, None), (None, -5), (True, None)]
)
def test_a_match_ends_one_way(hands: Any, target: Any) -> None:
    with pytest.raises(ZwickerError) as raised:
        MatchEnd(hands=hands, target=target)
    assert raised.value.code is ErrorCode.INVALID_MATCH


def test_the_draw_redraws_a_void_joker_and_a_level_card() -> None:
    grupp = rules("grupp")
    result = draw_for_dealer(grupp, 3, cards("JKW3 7C KD AS"))
    assert result.dealer == 0
    assert [seat for seat, _card in result.draws] == [0, 1, 2, 0]
    level = draw_for_dealer(grupp, 3, cards("KC 2D KH 5S 9S"))
    assert level.dealer == 2  # seats 0 and 2 drew kings; 5S for seat 0, 9S for seat 2
    assert [seat for seat, _card in level.draws] == [0, 1, 2, 0, 2]


def test_the_classic_draw_gives_the_deal_to_the_lowest_card() -> None:
    classic = rules("classic")
    assert draw_for_dealer(classic, 3, cards("9H 4C 4S QD 2H")).dealer == 2
    # Ranked by matching value: the ace (11) is below the jack, above the 10.
    assert draw_for_dealer(classic, 2, cards("AH 10S")).dealer == 1


def test_a_joker_drawn_in_zwick_draws_again() -> None:
    # zwick match.first-dealer-redraw (RULINGS.md): a drawn joker draws again; then the
    # kings are level and their holders draw again (KS JK15 KH 10C, then 2C for seat 1,
    # then 3D for seat 0 and 9D for seat 2).
    zwick = rules("zwick")
    result = draw_for_dealer(zwick, 4, cards("KS JK15 KH 10C 2C 3D 9D"))
    assert result.dealer == 2
    assert [seat for seat, _ in result.draws] == [0, 1, 2, 3, 1, 0, 2]
    # Both jokers draw again (5C, 4C); the ace, counting 11, stays highest.
    assert draw_for_dealer(zwick, 3, cards("JK16 AS JK17 5C 4C")).dealer == 1


def test_the_zwick_joker_option_ranks_jokers_by_their_numbers() -> None:
    zwick = load_variant("zwick").rules_with(("jokers-draw-by-number",))
    assert draw_for_dealer(zwick, 4, cards("KS JK15 KH 10C")).dealer == 1
    assert draw_for_dealer(zwick, 3, cards("JK16 AS JK17")).dealer == 2


def test_a_draw_that_runs_out_is_undecided() -> None:
    with pytest.raises(ZwickerError) as raised:
        draw_for_dealer(rules("grupp"), 2, cards("KC KH"))
    assert raised.value.code is ErrorCode.DRAW_UNDECIDED


def test_the_first_dealer_is_named_or_drawn_as_the_variant_says() -> None:
    assert first_dealer(rules("dithmarschen"), 4, 3, None) == (3, None)
    for variant_id, stated, draw in (
        ("dithmarschen", None, cards("KC 2D 3D 4D")),
        ("dithmarschen", 4, None),
        ("grupp", 1, None),
        ("grupp", None, None),
        ("grupp", None, cards("KC KC")),
        ("zwick", None, cards("KC JK99")),
    ):
        with pytest.raises(ZwickerError) as raised:
            first_dealer(rules(variant_id), 4 if variant_id != "grupp" else 3, stated, draw)
        assert raised.value.code is ErrorCode.INVALID_MATCH, (variant_id, stated, draw)


# Records ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def grupp_match() -> Any:
    return random_match("grupp", 2, 5, MatchEnd(target=40))


def round_trip(data: dict[str, Any]) -> Any:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return match_from_document(parse_yaml(text, "match.yaml"))


def test_a_random_match_is_reproducible_and_round_trips(grupp_match: Any) -> None:
    assert grupp_match == random_match("grupp", 2, 5, MatchEnd(target=40))
    assert grupp_match.draw is not None
    assert grupp_match.first_dealer == 1
    assert [hand.dealer for hand in grupp_match.hands] == [1, 0, 1, 0]
    assert max(grupp_match.totals) >= 40
    loaded = round_trip(match_to_data(grupp_match))
    assert loaded == grupp_match
    status = replay_match(loaded)
    assert status.over
    assert status.leaders == grupp_match.winners


def test_a_match_of_hands_plays_exactly_that_many() -> None:
    record = random_match("christiansen", 2, 11, MatchEnd(hands=2), dealer=1)
    assert record.draw is None
    assert [hand.dealer for hand in record.hands] == [1, 0]
    assert record.totals == record.hands[-1].totals
    assert replay_match(round_trip(match_to_data(record))).hands_played == 2


def tampered(record: Any, change: Any) -> str:
    data = match_to_data(record)
    change(data)
    with pytest.raises(ZwickerError) as raised:
        replay_match(round_trip(data))
    assert raised.value.code is ErrorCode.RECORD_MISMATCH
    return raised.value.message


def test_replay_rejects_a_tampered_total(grupp_match: Any) -> None:
    def change(data: dict[str, Any]) -> None:
        data["hands"][1]["totals"][0] += 1

    assert "hand 2: the totals" in tampered(grupp_match, change)


def test_replay_rejects_a_tampered_move(grupp_match: Any) -> None:
    def change(data: dict[str, Any]) -> None:
        moves = data["hands"][2]["moves"]
        moves[0], moves[1] = moves[1], moves[0]

    assert tampered(grupp_match, change).startswith("hand 3: move 1")


def test_replay_rejects_a_wrong_dealer_winner_and_length(grupp_match: Any) -> None:
    def dealer(data: dict[str, Any]) -> None:
        data["hands"][0]["dealer"] = 0

    def winner(data: dict[str, Any]) -> None:
        data["result"]["winners"] = [0]

    def shorter(data: dict[str, Any]) -> None:
        del data["hands"][-1]

    def longer(data: dict[str, Any]) -> None:
        data["end"] = {"target": 30}

    def draw(data: dict[str, Any]) -> None:
        data["first_dealer"] = 0

    assert "hand 1: recorded dealer 0" in tampered(grupp_match, dealer)
    assert "the result differs" in tampered(grupp_match, winner)
    assert "is not over" in tampered(grupp_match, shorter)
    assert "the record goes on" in tampered(grupp_match, longer)
    assert "the draw makes seat 1" in tampered(grupp_match, draw)


def test_a_record_that_breaks_the_schema_lists_its_problems() -> None:
    text = "format: 1\nkind: match-record\nvariant: grupp\nplayers: two\n"
    with pytest.raises(InvalidFileError) as raised:
        match_from_document(parse_yaml(text, "bad.yaml"))
    assert {problem.code for problem in raised.value.problems} == {ErrorCode.SCHEMA_VIOLATION}
    assert any(problem.line == 4 for problem in raised.value.problems)


# Scenarios ----------------------------------------------------------------------------------

SCENARIO = """\
format: 1
id: zw-match-test
title: A test match of two hands
kind: match
variant: zwick
players: 4
clauses: [match.first-dealer]
source: constructed
provenance: hand
description: Seat 1 draws a joker, draws again a king and deals first; team 0 leads after two hands.
match:
  end: {hands: 2}
  draw: [7S, JK15, 9H, 10C, KD]
hands: [{points: [25, 14]}, {points: [17, 23]}]
expect:
  first_dealer: 1
  hands:
    - {dealer: 1, totals: [25, 14]}
    - {dealer: 2, totals: [42, 37]}
  winners: [0]
"""


def scenario_of(text: str) -> Any:
    scenario, problems = check_scenario_document(parse_yaml(text, "case.yaml"))
    assert not problems, problems
    return scenario


def test_a_match_scenario_passes_and_fails_on_each_expectation() -> None:
    assert run_scenario(scenario_of(SCENARIO)).passed
    for old, new, words in (
        ("winners: [0]", "winners: [0, 1]", "winners: expected"),
        ("{dealer: 2, totals", "{dealer: 3, totals", "hand 2: dealer"),
        ("totals: [42, 37]", "totals: [42, 36]", "hand 2: totals"),
        ("first_dealer: 1", "first_dealer: 2", "first dealer: expected"),
        ("end: {hands: 2}", "end: {target: 100}", "is not over"),
        ("end: {hands: 2}", "end: {hands: 1}", "over after hand 1"),
    ):
        outcome = run_scenario(scenario_of(SCENARIO.replace(old, new)))
        assert not outcome.passed
        assert any(words in difference for difference in outcome.differences), (
            old,
            outcome.differences,
        )


def test_a_match_scenario_with_wrong_counts_is_invalid() -> None:
    for old, new in (
        ("{points: [17, 23]}", "{points: [17, 23, 1]}"),
        ("    - {dealer: 2, totals: [42, 37]}\n", ""),
    ):
        _scenario, problems = check_scenario_document(
            parse_yaml(SCENARIO.replace(old, new), "case.yaml")
        )
        assert [problem.code for problem in problems] == [ErrorCode.SCHEMA_VIOLATION], old


def test_a_played_hand_must_replay() -> None:
    record = random_match("christiansen", 2, 11, MatchEnd(hands=1), dealer=1)
    hand = record.hands[0]
    data = match_to_data(record)["hands"][0]
    text = f"""\
format: 1
id: chr-match-test
title: A played hand in a match
kind: match
variant: christiansen
players: 2
clauses: [match.end]
source: constructed
provenance: golden
description: One hand played from its deck.
match:
  end: {{hands: 1}}
  first_dealer: 1
hands:
  - deck: {yaml.safe_dump(data["deck"], default_flow_style=True).strip()}
    moves: {yaml.safe_dump(data["moves"], default_flow_style=True, width=10**6).strip()}
expect:
  first_dealer: 1
  hands:
    - {{dealer: 1, points: {list(hand.totals)}, totals: {list(hand.totals)}}}
  winners: {list(record.winners)}
"""
    assert run_scenario(scenario_of(text)).passed
    first_move = yaml.safe_dump(data["moves"][0], default_flow_style=True).strip()
    outcome = run_scenario(scenario_of(text.replace(first_move + ", ", "", 1)))
    assert not outcome.passed
    assert outcome.differences[0].startswith("hand 1: move 1")


# The command line ---------------------------------------------------------------------------


def test_play_hands_writes_a_match_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "match.yaml"
    argv = ["play", "--variant", "zwick", "--players", "2", "--seed", "4", "--hands", "2"]
    assert main([*argv, "-o", str(out)]) == 0
    assert "2 hands" in capsys.readouterr().err
    text = out.read_text(encoding="utf-8")
    assert "kind: match-record" in text
    assert main(["replay", str(out)]) == 0
    assert "winner as recorded" in capsys.readouterr().out
    # Never overwrites.
    assert main([*argv, "-o", str(out)]) == 2
    assert "[output-exists]" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == text


def test_play_target_and_a_tampered_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "match.yaml"
    argv = ["play", "--variant", "classic", "--players", "2", "--seed", "2", "--target", "25"]
    assert main([*argv, "-o", str(out)]) == 0
    capsys.readouterr()
    data = yaml.safe_load(out.read_text(encoding="utf-8"))
    data["result"]["totals"][0] += 1
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert "[record-mismatch]" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        (["--hands", "0"], "[invalid-match]"),
        (["--target", "-3"], "[invalid-match]"),
        (["--hands", "2", "--dealer", "1"], "[invalid-match]"),  # grupp draws for the dealer
    ],
)
def test_play_match_usage_errors(
    extra: list[str], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--variant", "grupp", "--players", "3", "--seed", "1", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert code in err
    assert "Traceback" not in err


def test_hands_and_target_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--variant", "grupp", "--players", "3", "--seed", "1"]
    with pytest.raises(SystemExit) as raised:
        main([*argv, "--hands", "2", "--target", "30"])
    assert raised.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_replay_of_a_broken_match_file_names_the_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "format: 1\nkind: match-record\nvariant: grupp\noptions: []\nplayers: 3\n"
        "end: {hands: 0}\nfirst_dealer: 0\nhands: []\nresult: {hands: 1, totals: [0, 0],"
        " winners: [0]}\n",
        encoding="utf-8",
    )
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml:6" in err
    assert "[schema-violation]" in err


def test_a_draw_order_naming_a_joker_the_deck_lacks_is_rejected() -> None:
    data = raw_spec("zwick")
    order = clause_of(data, "match.first-dealer")["params"]["match.first-dealer"]["order"]
    order.append("JK99")
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    _variant, problems = check_variant_document(parse_yaml(text, "zwick.yaml"), "zwick")
    # Once for the default rules, and once more for each combination of the options.
    assert {problem.code for problem in problems} == {ErrorCode.UNKNOWN_CARD}
    assert problems[0].message == "the draw order names JK99, which is not in the deck"


def test_new_match_from_a_record_is_a_passing_golden_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "match.yaml"
    argv = ["play", "--variant", "zwick", "--players", "2", "--seed", "8", "--hands", "1"]
    assert main([*argv, "-o", str(record)]) == 0
    case = tmp_path / "case.yaml"
    new = ["new", "match", "--variant", "zwick", "--from", str(record), "--golden"]
    assert main([*new, "-o", str(case)]) == 0
    capsys.readouterr()
    text = case.read_text(encoding="utf-8")
    assert "provenance: golden" in text
    assert run_scenario(scenario_of(text)).passed
    skeleton = tmp_path / "skeleton.yaml"
    assert main(["new", "match", "--variant", "grupp", "-o", str(skeleton)]) == 0
    _scenario, problems = check_scenario_document(
        parse_yaml(skeleton.read_text(encoding="utf-8"), "skeleton.yaml")
    )
    assert problems  # the expectation is the author's to derive


@pytest.mark.parametrize("variant_id", variant_ids())
def test_records_are_written_as_pure_python_yaml_would(variant_id: str) -> None:
    """The records ``zwicker play`` writes (with libyaml's emitter where PyYAML has it, and
    without looking for values to alias) are the very text PyYAML's own safe dumper writes:
    a game record and a match record of every variant."""
    players = min(load_variant(variant_id).rules.player_counts)
    match = match_to_data(random_match(variant_id, players, 5, MatchEnd(hands=3, target=None)))
    game = record_to_data(random_game(variant_id, players, 5)[0])
    for data in (match, game):
        pure = yaml.dump(
            data,
            Dumper=yaml.SafeDumper,
            sort_keys=False,
            default_flow_style=None,
            width=100,
            allow_unicode=True,
        )
        assert record_text(data) == pure


# Values as records hold them, and the scalars that test the writer: text that reads back
# as another type unless quoted, long text that wraps, nothing at all.
RECORD_SCALARS = (
    st.integers(-(2**70), 2**70)
    | st.booleans()
    | st.none()
    | st.sampled_from(["", "yes", "~", "12", "0x1F", "1.5", "- x", "a: b", "#", "KS x JK15"])
    | st.text(max_size=130)
)
RECORD_VALUES = st.recursive(
    RECORD_SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(RECORD_SCALARS, inner, max_size=6),
    max_leaves=40,
)


@given(st.dictionaries(RECORD_SCALARS, RECORD_VALUES, max_size=6))
def test_record_values_are_written_as_pyyaml_writes_them(data: dict[Any, Any]) -> None:
    """Any mapping of the values records are made of is written as PyYAML writes it,
    through its own representer and serializer to the same emitter (libyaml's, where
    PyYAML has it): quoting, wrapping, flow and block style."""
    from zwicker_ref.documents.yamlfile import _EMITTER

    pyyaml = yaml.dump(
        data,
        Dumper=_EMITTER,
        sort_keys=False,
        default_flow_style=None,
        width=100,
        allow_unicode=True,
    )
    assert record_text(data) == pyyaml
