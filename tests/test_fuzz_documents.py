"""Fuzzing the readers of documents: position, spec, game record and scenario files, and
every level of each format broken in turn (see tests/fuzzing.py)."""

from __future__ import annotations

import copy
import io
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from hypothesis import given, note
from hypothesis import strategies as st

from tests.conftest import raw_spec
from tests.fuzzing import (
    FAST,
    RECORD_SETTINGS,
    SLOW,
    SPECS,
    YAML_CHARACTERS,
    YAML_TEXT,
    check_served,
    edited,
    own_error_or,
    record_data,
    renumbered,
)
from tests.oracle import all_cards
from tests.strategies import (
    Setting,
    mutated,
    positions,
    structural_faults,
)
from zwicker_ref.conformance.runner import Outcome, run_scenario
from zwicker_ref.conformance.scenarios import Scenario, check_scenario_document, load_scenario
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.documents.yamlfile import parse_yaml, read_yaml
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.errors import ErrorCode, InvalidFileError, ZwickerError
from zwicker_ref.formats.move_data import move_from_data, move_to_data
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.formats.position_io import (
    dump_position_yaml,
    load_position,
    position_from_data,
    position_from_document,
    position_to_data,
)
from zwicker_ref.formats.record import record_from_document, replay
from zwicker_ref.protocol import serve
from zwicker_ref.rules.spec_loader import check_variant_document, load_variant

# Positions -----------------------------------------------------------------------------


def check_loaded(position: object) -> None:
    """A position that loads is usable: it lists its moves and writes back to itself."""
    if isinstance(position, ZwickerError):
        return
    assert isinstance(position, Position)
    # What the loader promises: one hand a seat, a pile and a zwick count a side, seats
    # in range, every card of the deck at most once.
    assert len(position.hands) == position.players
    assert len(position.captured) == len(position.zwicks) == position.sides
    for seat in (position.dealer, position.to_move, position.last_capture):
        assert seat is None or 0 <= seat < position.players
    cards = Counter(all_cards(position))
    assert max(cards.values(), default=1) == 1
    assert set(cards) <= set(position.rules.deck(position.players))
    moves = list(legal_moves(position))
    assert len(moves) == count_legal_moves(position)
    assert position_from_data(position_to_data(position)) == position


@FAST
@given(YAML_TEXT)
def test_position_text(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "position.yaml"))
    if not isinstance(document, ZwickerError):
        check_loaded(own_error_or(lambda: position_from_document(document)))


@FAST
@given(st.data(), positions(max_table=6))
def test_mutated_positions(data: st.DataObject, position: Any) -> None:
    broken = data.draw(mutated(position_to_data(position)))
    check_loaded(own_error_or(lambda: position_from_data(broken, "position.yaml")))
    text = yaml.safe_dump(broken)
    document = own_error_or(lambda: parse_yaml(text, "position.yaml"))
    if not isinstance(document, ZwickerError):
        check_loaded(own_error_or(lambda: position_from_document(document)))


@given(st.binary() | positions(max_table=6).map(lambda p: dump_position_yaml(p).encode()))
def test_position_files(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("positions") / "position.yaml"
    path.write_bytes(raw)
    check_loaded(own_error_or(lambda: load_position(path)))


# Variant specs -------------------------------------------------------------------------


def check_spec(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "fuzzed.yaml"))
    if isinstance(document, ZwickerError):
        return
    variant, problems = check_variant_document(document, expected_id="fuzzed")
    assert (variant is None) == bool(problems)
    assert all(problem.message.strip() for problem in problems)


@FAST
@given(YAML_TEXT)
def test_spec_text(text: str) -> None:
    check_spec(text)


@given(st.data(), st.sampled_from(sorted(SPECS)))
def test_mutated_specs(data: st.DataObject, variant_id: str) -> None:
    check_spec(yaml.safe_dump(data.draw(mutated(SPECS[variant_id])), allow_unicode=True))


@given(st.binary())
def test_spec_files(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("specs") / "fuzzed.yaml"
    path.write_bytes(raw)
    document = own_error_or(lambda: read_yaml(path))
    if not isinstance(document, ZwickerError):
        check_variant_document(document)


# Game records ----------------------------------------------------------


def check_record(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "game.yaml"))
    if isinstance(document, ZwickerError):
        return
    record = own_error_or(lambda: record_from_document(document))
    if isinstance(record, ZwickerError):
        return
    own_error_or(lambda: replay(record))


@FAST
@given(YAML_TEXT)
def test_record_text(text: str) -> None:
    check_record(text)


@SLOW
@given(st.data(), st.sampled_from(RECORD_SETTINGS))
def test_mutated_records(data: st.DataObject, setting: Setting) -> None:
    broken = data.draw(mutated(record_data(setting)))
    note(repr(broken)[:2000])
    check_record(yaml.safe_dump(broken, allow_unicode=True))


# Scenario files ------------------------------------------------------------------------

# A small sample of the shipped corpus, every kind and the shapes of their expectations.
SCENARIO_FILES = [
    "zwick/turn/not-your-turn.yaml",  # move: seats, error codes, parts after
    "christiansen/build/owner-keeps-card.yaml",  # move: an owned build on the table
    "zwick/generator/club-seven-never-takes-ace.yaml",  # legal-moves: count, excludes
    "classic/generator/perft-three-ply.yaml",  # legal-moves: moves, perft with divide
    "grossenwiehe/end/game-nobody-captures.yaml",  # game: a deck, checkpoints
    "classic/game/two-players-full-hand.yaml",  # game: hands by stage
    "zwick/deal/initial-twos-singly-two.yaml",  # deal
    "classic/score/one-pack-21.yaml",  # score: score lines, the check
]
SCENARIO_TEXTS = {
    name: (scenarios_dir() / name).read_text(encoding="utf-8") for name in SCENARIO_FILES
}
SCENARIOS = {name: yaml.safe_load(text) for name, text in SCENARIO_TEXTS.items()}


def check_runs(scenario: Scenario) -> None:
    """A scenario that loads runs to an outcome: run_scenario turns the interpreter's own
    errors into differences, so any exception out of it is a bug."""
    outcome = run_scenario(scenario)
    assert isinstance(outcome, Outcome)
    assert outcome.skipped is None  # the reference runs every kind
    assert all(difference.strip() for difference in outcome.differences)


def check_scenario(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "scenario.yaml"))
    if isinstance(document, ZwickerError):
        return
    checked = own_error_or(lambda: check_scenario_document(document))
    if isinstance(checked, ZwickerError):
        return
    scenario, problems = checked
    assert (scenario is None) == bool(problems)
    assert all(isinstance(problem.code, ErrorCode) for problem in problems)
    assert all(problem.message.strip() for problem in problems)
    if scenario is not None:
        check_runs(scenario)


@FAST
@given(YAML_TEXT)
def test_scenario_text(text: str) -> None:
    """Any text read as a scenario: a parse error, problems, or a scenario that runs."""
    check_scenario(text)


@SLOW
@given(st.data(), st.sampled_from(SCENARIO_FILES))
def test_mutated_scenarios(data: st.DataObject, name: str) -> None:
    """Shipped scenarios of every kind, broken a little: problems, or a run to an outcome."""
    # The checks pass what the runner then reads unchecked: an expectation of the wrong
    # shape must be a problem of the file, not a traceback of the run.
    broken = data.draw(mutated(SCENARIOS[name]) | renumbered(SCENARIOS[name]))
    note(repr(broken)[:2000])
    check_scenario(yaml.safe_dump(broken, allow_unicode=True))


@given(
    st.binary()
    | st.sampled_from(SCENARIO_FILES)
    .flatmap(lambda name: edited(SCENARIO_TEXTS[name], YAML_CHARACTERS))
    .map(str.encode)
)
def test_scenario_files(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    """load_scenario on any bytes, and on shipped files with a few characters edited."""
    path = tmp_path_factory.mktemp("scenarios") / "scenario.yaml"
    path.write_bytes(raw)
    scenario = own_error_or(lambda: load_scenario(path))
    if not isinstance(scenario, ZwickerError):
        check_runs(scenario)


# Every level of every format, broken on purpose ------------------------------------------
#
# Random mutation reaches a given level of a large document only by chance (one clause
# of a spec is one place among hundreds); structural_faults breaks each level in fixed
# ways, every run.

SAMPLE_POSITION: dict[str, Any] = {
    "format": 1,
    "variant": "dithmarschen",
    "options": [],
    "players": 4,
    "dealer": 0,
    "to_move": 1,
    "stage": 1,
    "hands": [["AC"], ["5D", "8D"], ["2S"], ["3H"]],
    "table": [{"build": ["5C", "3C"], "value": 8, "owner": 1}, "KH"],
    "stock": ["4S"],
    "captured": [["9C"], []],
    "zwicks": [0, 1],
    "last_capture": 0,
}
SAMPLE_MOVES: list[Any] = [
    {**move_to_data(parse_move("8D>KH=5@1")), "seat": 1},
    move_to_data(parse_move("KS=14 x QS+AD, 8D+4D+2D")),
]


def _request(op: str, **fields: Any) -> dict[str, Any]:
    return {"id": 1, "op": op, **fields}


DITHMARSCHEN_DECK = load_variant("dithmarschen").rules_with(()).deck(4)
SAMPLE_SETUP = {"variant": "dithmarschen", "options": [], "players": 4, "dealer": 0}
SAMPLE_REQUESTS = [
    _request("start", setup=SAMPLE_SETUP, deck=[str(card) for card in DITHMARSCHEN_DECK]),
    _request("legal", position=SAMPLE_POSITION),
    _request("apply", position=SAMPLE_POSITION, move=move_to_data(parse_move("8D x 5C")), seat=1),
    _request("score", setup=SAMPLE_SETUP, captured=[["AC", "JK25"], ["10D"]], zwicks=[1, 0]),
]

STRUCTURED: dict[str, tuple[Any, Callable[[Any], object]]] = {
    "spec": (raw_spec("classic"), lambda data: check_spec(yaml.safe_dump(data))),
    "position": (
        SAMPLE_POSITION,
        lambda data: check_loaded(own_error_or(lambda: position_from_data(data))),
    ),
    "record": (record_data(RECORD_SETTINGS[0]), lambda data: check_record(yaml.safe_dump(data))),
    **{
        f"move {index}": (move, lambda data: own_error_or(lambda: move_from_data(data, ("m",))))
        for index, move in enumerate(SAMPLE_MOVES)
    },
    **{f"request {request['op']}": (request, check_served) for request in SAMPLE_REQUESTS},
    **{
        f"scenario {name}": (SCENARIOS[name], lambda data: check_scenario(yaml.safe_dump(data)))
        for name in SCENARIO_FILES
    },
}


def test_the_unbroken_samples_are_valid() -> None:
    """The sweep below starts from sound documents, so each fault is the only one."""
    position_from_data(SAMPLE_POSITION)
    for move in SAMPLE_MOVES:
        move_from_data(move, ("m",))
    for request in SAMPLE_REQUESTS:
        out = io.StringIO()
        serve(io.StringIO(json.dumps(request) + "\n"), out)
        assert json.loads(out.getvalue())["ok"] is True, out.getvalue()
    for name in SCENARIO_FILES:
        assert run_scenario(load_scenario(scenarios_dir() / name)).passed, name


@pytest.mark.parametrize("kind", sorted(STRUCTURED))
def test_every_level_broken(kind: str) -> None:
    """Each format with each level replaced by every other type, a list item dropped or
    doubled: the project's own error, or a document that works."""
    document, check = STRUCTURED[kind]
    check(copy.deepcopy(document))  # the sample itself is sound
    for fault, broken in structural_faults(document):
        try:
            check(broken)
        except Exception as error:
            raise AssertionError(f"{kind}, {fault}: {error!r}") from error


# Bugs the fuzzers found, fixed: each kept as a minimal regression test -----------------


def test_replay_rejects_a_record_with_a_non_text_option() -> None:
    """Found by test_mutated_records: replay raised TypeError in Variant.rules_with."""
    data = {**record_data(RECORD_SETTINGS[0]), "options": [1]}
    document = parse_yaml(yaml.safe_dump(data), "game.yaml")
    with pytest.raises(ZwickerError):
        replay(record_from_document(document))


def test_a_number_with_a_decimal_point_is_not_a_seat() -> None:
    """Found by test_mutated_scenarios: JSON Schema counts 2.0 as an integer, so a player
    count of 2.0 passed the schema and failed an assertion of the position reader (a seat
    of 1.0 loaded and failed later, indexing a tuple)."""
    data = {"format": 1, "variant": "classic", "players": 2, "dealer": 1, "to_move": 0}
    data |= {"stage": 1, "hands": [["AC"], ["2C"]], "table": ["3C"]}
    for field in ("players", "dealer"):
        with pytest.raises(InvalidFileError, match="whole number") as raised:
            position_from_data({**data, field: float(data[field])})
        assert [problem.path for problem in raised.value.problems] == [field]
