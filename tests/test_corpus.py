"""The conformance corpus: every scenario passes, and the corpus checks itself.

Each scenario runs as its own test, named by its id. The self-checks: every file
validates, ids are unique and carry their variant's prefix, every clause of every variant
has a positive scenario (and a negative one where a move can break it), every illegal-move
code appears in a negative scenario, citations point at words in the sources, and the
corpus keeps its size and its share of hand-derived cases.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT
from zwicker_ref.conformance.coverage import coverage
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenario_kinds import GameBody, MoveBody
from zwicker_ref.conformance.scenarios import (
    ID_PREFIXES,
    Provenance,
    Scenario,
    load_corpus,
    load_scenario,
)
from zwicker_ref.engine.check.legality import check_move
from zwicker_ref.engine.core.dealing import start_hand
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.errors import ILLEGAL_MOVE_CODES, ErrorCode, InvalidFileError

CORPUS = ROOT / "scenarios"
SCENARIOS, PROBLEMS = load_corpus([CORPUS])
PREFIX = ID_PREFIXES


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    outcome = run_scenario(scenario)
    assert outcome.passed, "\n".join(outcome.differences)


def test_every_scenario_file_validates() -> None:
    assert not PROBLEMS, "\n".join(str(problem) for problem in PROBLEMS)


def test_ids_carry_their_variant_prefix() -> None:
    wrong = [s.id for s in SCENARIOS if not s.id.startswith(PREFIX[s.variant.id] + "-")]
    assert not wrong


def test_files_live_under_their_variant() -> None:
    wrong = [s.file for s in SCENARIOS if Path(s.file).relative_to(CORPUS).parts[0] != s.variant.id]
    assert not wrong


def test_every_clause_is_exercised() -> None:
    incomplete = [
        f"{row.variant} {row.clause}: {'no positive' if not row.positive else 'no negative'}"
        for row in coverage(SCENARIOS)
        if not row.complete
    ]
    assert not incomplete, "\n".join(incomplete)


def test_every_illegal_move_code_has_a_negative_scenario() -> None:
    shown = {
        step.error
        for s in SCENARIOS
        if isinstance(s.body, MoveBody)
        for step in s.body.steps
        if not step.legal
    }
    assert sorted(code.value for code in ILLEGAL_MOVE_CODES - shown) == []


def test_corpus_size_and_share_of_hand_derived_cases() -> None:
    derived = [s for s in SCENARIOS if s.provenance is not Provenance.GOLDEN]
    assert len(SCENARIOS) >= 250
    assert len(derived) >= 150
    assert {s.variant.id for s in SCENARIOS} == set(PREFIX)


def test_scenario_citations_occur_in_the_sources(sources: Path) -> None:
    def normalise(text: str) -> str:
        return re.sub(r"\s+", " ", text).strip().lower()

    texts: dict[str, str] = {}
    missing = []
    for scenario in SCENARIOS:
        source = scenario.source
        if source is None:
            continue
        name = source.source
        if name not in texts:
            path = sources.parent / name if name == "RULINGS.md" else sources / name
            texts[name] = normalise(path.read_text(encoding="utf-8"))
        if normalise(source.section) not in texts[name]:
            missing.append(f"{scenario.id}: {source.section!r} not in {name}")
    assert not missing, "\n".join(missing)


def test_a_broken_expectation_fails_and_names_the_step(tmp_path: Path) -> None:
    path = CORPUS / "dithmarschen" / "build" / "ace-on-nine.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["steps"][2]["after"]["to_move"] = 2
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    outcome = run_scenario(load_scenario(broken))
    assert not outcome.passed
    assert outcome.differences[0].startswith(
        "step 3 (2H>9S=11@0), after: to_move: expected 2, got 1"
    )


def test_an_unexpected_illegal_move_names_the_position(tmp_path: Path) -> None:
    # Issue 11: the message of an illegal move names the position in its one-line form.
    path = CORPUS / "dithmarschen" / "build" / "ace-on-nine.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["steps"][0] = {"move": "AH>9S=10@0", "expect": "illegal", "error": "card-not-in-hand"}
    data["steps"][2]["move"] = "5C>9S=14@0"
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    scenario = load_scenario(broken)
    body = scenario.body
    assert isinstance(body, MoveBody)
    where = body.position.compact()
    assert "hands AH 2H 7H | 5C | 5D | 5S; table 9S" in where
    [wrong_code] = run_scenario(scenario).differences
    assert wrong_code.startswith(
        "step 1 (AH>9S=10@0): expected illegal [card-not-in-hand], got [value-not-held]: "
    )
    assert wrong_code.endswith(f"; in {where}")
    del data["steps"][:2]
    broken.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    [illegal] = run_scenario(load_scenario(broken)).differences
    assert illegal.startswith("step 1 (5C>9S=14@0): expected legal, got illegal [card-not-in-hand]")
    assert illegal.endswith(f"; in {where}")


def test_changing_any_card_of_the_sample_game_names_that_move(tmp_path: Path) -> None:
    # Issue 4: replace the played card of any one move by a card the mover does not hold;
    # the runner must name exactly that move.
    path = CORPUS / "christiansen" / "game" / "sample-game.yaml"
    original = load_scenario(path)
    body = original.body
    assert isinstance(body, GameBody)
    position = start_hand(original.variant, original.players, body.dealer, body.deck)
    replacements = []
    for game_move in body.moves:
        held = {str(card) for card in position.hands[position.to_move]}
        replacements.append(next(c for c in ("AS", "KD", "2C", "9H", "JK30") if c not in held))
        position = apply_legal(position, check_move(position, game_move.move))
    for index, card in enumerate(replacements):
        changed = yaml.safe_load(path.read_text(encoding="utf-8"))
        move = changed["moves"][index]["move"]
        played = move.split(">")[0].split("=")[0].split(" ")[0]
        changed["moves"][index]["move"] = card + move[len(played) :]
        broken = tmp_path / f"move-{index}.yaml"
        broken.write_text(yaml.safe_dump(changed, sort_keys=False), encoding="utf-8")
        outcome = run_scenario(load_scenario(broken))
        assert not outcome.passed
        assert outcome.differences[0].startswith(f"move {index + 1} ("), outcome.differences


def test_a_game_names_its_players_one_per_seat_and_nowhere_else(tmp_path: Path) -> None:
    # Issue 32: the sample game names its players (the walkthrough calls the seats by them);
    # a list of the wrong length, or names on another kind, is refused with the place.
    path = CORPUS / "christiansen" / "game" / "sample-game.yaml"
    body = load_scenario(path).body
    assert isinstance(body, GameBody)
    assert body.names == ("Albert", "Beatrice", "Charlie", "Dianne")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["names"] = ["Albert", "Beatrice", "Charlie"]
    broken = tmp_path / "three-names.yaml"
    broken.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        load_scenario(broken)
    [problem] = caught.value.problems
    assert problem.code is ErrorCode.SCHEMA_VIOLATION
    assert "names lists 3 players; the scenario has 4" in problem.message
    move = yaml.safe_load((CORPUS / "dithmarschen" / "build" / "ace-on-nine.yaml").read_text())
    move["names"] = ["A", "B", "C", "D"]
    broken.write_text(yaml.safe_dump(move, sort_keys=False), encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        load_scenario(broken)
    assert "names" in str(caught.value)
