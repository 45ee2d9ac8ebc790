"""Asking an engine for many answers at once changes nothing but the time it takes.

The runner walks a perft tree a ply at a time and sends a ply's requests together
(``BatchEngine``); it asks a game's number of legal moves with the move (``count_then_apply``); it
compares a listing by canonical notation where the engine gives that (``TextEngine``).
Each gives the outcome that the same engine asked one request at a time gives, for the
reference and for engines that break in the middle of a batch: the failing request is
still the one named, and the run goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.engine_timeouts import ANSWER_TIMEOUT, HANG_TIMEOUT
from zwicker_ref.conformance.reference import (
    REFERENCE,
    BatchEngine,
    Engine,
    Setup,
    StageDeal,
    TextEngine,
)
from zwicker_ref.conformance.runner import Outcome, perft_counts, run_scenario
from zwicker_ref.conformance.scenarios import Scenario, load_scenario
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.protocol import ProcessEngine
from zwicker_ref.rules.cards import Card

BROKEN = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'broken_engine.py'}"
SERVE = f"{sys.executable} -m zwicker_ref.cli serve"
PERFT = ROOT / "scenarios" / "classic" / "perft" / "2p-middle.yaml"
THREE_PLY = ROOT / "scenarios" / "classic" / "generator" / "perft-three-ply.yaml"
PLAYTHROUGH = ROOT / "scenarios" / "classic" / "playthrough" / "2p.yaml"
LISTING = ROOT / "scenarios" / "zwick" / "generator" / "club-seven-never-takes-ace.yaml"
SWEEP = ROOT / "scenarios" / "dithmarschen" / "capture" / "jack-sweeps-the-table.yaml"


class OneAtATime:
    """An engine asked one request at a time: its batch and text requests hidden."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def name(self) -> str:
        return self.engine.name

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        return self.engine.start(setup, deck)

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        return self.engine.deal(setup, deck)

    def legal(self, position: Position) -> list[Move]:
        return self.engine.legal(position)

    def apply(self, position: Position, move: Move) -> Position:
        return self.engine.apply(position, move)

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        return self.engine.score(setup, captured, zwicks)


def recursive_perft(engine: Engine, position: Position, depth: int) -> int:
    """The definition: the move sequences of ``depth`` plies, one request at a time."""
    moves = engine.legal(position)
    if depth == 1:
        return len(moves)
    return sum(recursive_perft(engine, engine.apply(position, move), depth - 1) for move in moves)


def _outcome(outcome: Outcome) -> tuple[tuple[str, ...], str | None]:
    return outcome.differences, outcome.skipped


def test_the_engines_that_batch() -> None:
    assert isinstance(REFERENCE, BatchEngine)
    assert not isinstance(REFERENCE, TextEngine)  # it compares moves, as it always has
    engine = ProcessEngine(SERVE)
    assert isinstance(engine, BatchEngine)
    assert isinstance(engine, TextEngine)
    assert not isinstance(OneAtATime(engine), BatchEngine | TextEngine)


@pytest.mark.parametrize("path", [PERFT, THREE_PLY], ids=lambda path: path.stem)
def test_one_walk_gives_every_depth_of_the_definition(
    path: Path, process: Callable[..., ProcessEngine]
) -> None:
    position = load_scenario(path).position
    assert position is not None
    expected = [recursive_perft(REFERENCE, position, depth) for depth in (1, 2, 3)]
    # Served, the reference answers perft itself; the broken engine in a mode that breaks
    # nothing does not list perft, so the runner walks the tree, counting the last ply.
    engines = (REFERENCE, OneAtATime(REFERENCE), process(SERVE), process(f"{BROKEN} none"))
    for engine in engines:
        roots, counts = perft_counts(engine, position, 3)
        assert [sum(row) for row in counts] == expected
        assert roots == REFERENCE.legal(position)
        for root, move in enumerate(roots):  # the divide: each first move's subtree
            after = REFERENCE.apply(position, move)
            assert counts[2][root] == recursive_perft(REFERENCE, after, 2)


def test_the_reference_plays_what_it_lists_as_apply_does() -> None:
    position = load_scenario(PERFT).position
    assert position is not None
    [children] = REFERENCE.expand_each([position])
    assert children == [
        (move, REFERENCE.apply(position, move)) for move in REFERENCE.legal(position)
    ]
    move = children[-1][0]
    assert REFERENCE.count_then_apply(position, move) == (
        len(REFERENCE.legal(position)),
        REFERENCE.apply(position, move),
    )


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("apply-crash", "engine fault: the engine exited (code 3) during apply"),
        ("apply-hang", f"engine fault: no answer to apply within {HANG_TIMEOUT:g} s"),
        ("apply-garbage", "engine fault: not JSON in answer to apply: 'this is not JSON'"),
        ("apply-illegal", "could not run it: no [card-not-in-hand]"),
    ],
)
def test_a_request_failing_in_a_batch_is_named_as_one_at_a_time(
    mode: str, reason: str, process: Callable[..., ProcessEngine]
) -> None:
    """The seventh ``apply`` fails: sent in the middle of a ply's batch, or alone.

    Only the engine that hangs is waited for briefly; a crash is seen as the end of the
    engine's output, at once.
    """
    scenario = load_scenario(PERFT)
    timeout = HANG_TIMEOUT if mode == "apply-hang" else ANSWER_TIMEOUT
    batched = process(f"{BROKEN} {mode} 7", timeout)
    one_at_a_time = OneAtATime(process(f"{BROKEN} {mode} 7", timeout))
    outcome = run_scenario(scenario, batched)
    assert _outcome(outcome) == _outcome(run_scenario(scenario, one_at_a_time))
    assert len(outcome.differences) == 1
    assert reason in outcome.differences[0]
    # The run goes on: the engine, restarted if it had to be, answers the next case.
    batched.timeout = ANSWER_TIMEOUT
    assert run_scenario(load_scenario(LISTING), batched).passed
    assert batched.restarts == (0 if mode == "apply-illegal" else 1)


@pytest.mark.parametrize("mode", ["twice", "wrong", "spelled"])
@pytest.mark.parametrize(
    "path", [LISTING, SWEEP, THREE_PLY, PLAYTHROUGH], ids=lambda path: path.stem
)
def test_a_listing_compared_by_notation_gives_the_same_differences(
    mode: str, path: Path, process: Callable[..., ProcessEngine]
) -> None:
    """Duplicates, missing moves and moves spelled another way, found as from moves."""
    scenario: Scenario = load_scenario(path)
    got = run_scenario(scenario, process(f"{BROKEN} {mode}"))
    assert _outcome(got) == _outcome(
        run_scenario(scenario, OneAtATime(process(f"{BROKEN} {mode}")))
    )
    if mode == "spelled":
        assert got.passed  # the same moves, only spelled otherwise
    elif path != PLAYTHROUGH or mode == "wrong":
        assert not got.passed


def test_the_reference_served_passes_a_perft_file_and_a_playthrough(
    process: Callable[..., ProcessEngine],
) -> None:
    engine = process(SERVE)
    for path in (PERFT, PLAYTHROUGH):
        assert run_scenario(load_scenario(path), engine).passed
    assert engine.restarts == 0


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("perft-wrong", "perft depth 4: expected 0, got 1"),
        ("perft-text", "invalid answer to perft: divide[0].counts[0] must be a JSON integer"),
        ("count-text", "invalid answer to count: count must be a JSON integer, not '"),
    ],
)
def test_wrong_perft_and_count_answers_are_found(
    mode: str, reason: str, process: Callable[..., ProcessEngine]
) -> None:
    """A ``perft`` or ``count`` answer is checked as strictly as a listing is."""
    outcome = run_scenario(load_scenario(THREE_PLY), process(f"{BROKEN} {mode}"))
    assert not outcome.passed
    assert any(reason in difference for difference in outcome.differences), outcome


def test_a_game_played_at_once_fails_where_it_fails_a_move_at_a_time(
    process: Callable[..., ProcessEngine],
) -> None:
    """The fifth move refused: by ``play``, or by the fifth ``apply`` of the game."""
    scenario = load_scenario(PLAYTHROUGH)
    at_once = run_scenario(scenario, process(f"{BROKEN} play-illegal 5"))
    one_by_one = run_scenario(scenario, process(f"{BROKEN} apply-illegal 5"))
    assert _outcome(at_once) == _outcome(one_by_one)
    assert at_once.differences[0].startswith("move 5 (")
    assert "illegal [card-not-in-hand]: no" in at_once.differences[0]


def test_a_play_answer_short_of_a_position_is_an_engine_fault(
    process: Callable[..., ProcessEngine],
) -> None:
    outcome = run_scenario(load_scenario(PLAYTHROUGH), process(f"{BROKEN} play-short"))
    assert not outcome.passed
    assert "invalid answer to play:" in outcome.differences[0]
    assert "none refused" in outcome.differences[0]
