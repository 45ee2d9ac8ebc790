"""Issue 33 §3, points 4 to 7: what an implementer met, each mended.

4. An engine that crashes: its last standard error lines are shown with the failure.
5. Saved fuzz cases have unique ids (a digest of the case), so cases saved in several
   folders can be checked together.
6. A fuzzed case names the clause whose check separates the answers (the reference's
   error code for a move it refuses), not every clause of the move's kind.
7. Shrinking also changes the move compared, and removes items and cards in pairs.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conftest import ROOT
from zwicker_ref.cli import main
from zwicker_ref.conformance.fuzz import Game, first_position, fuzz
from zwicker_ref.conformance.fuzz_checks import check_legal
from zwicker_ref.conformance.fuzz_save import save_failure
from zwicker_ref.conformance.reference import ReferenceEngine
from zwicker_ref.conformance.scenarios import load_scenario
from zwicker_ref.conformance.shrink import card_count, shrink
from zwicker_ref.engine.core.moves import Move, Trail
from zwicker_ref.engine.core.position import Position
from zwicker_ref.protocol import ProcessEngine

PYTHON = sys.executable
FAULTY = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'faulty_engine.py'}"

_CRASHING = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "hello":
        print(json.dumps({"id": request["id"], "ok": True, "protocol": 1}), flush=True)
        continue
    print("loading tables", file=sys.stderr)
    print("panic: index 52 out of range in capture search", file=sys.stderr, flush=True)
    sys.exit(1)
"""


def test_a_crashing_engine_s_last_stderr_lines_are_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = tmp_path / "crashing.py"
    engine.write_text(_CRASHING, encoding="utf-8")
    case = str(ROOT / "scenarios" / "zwick")
    status = main(["conform", "--engine", f"{PYTHON} {engine}", case, "-v"])
    assert status == 1
    out = capsys.readouterr().out
    assert "the engine exited (code 1)" in out
    assert "panic: index 52 out of range in capture search" in out
    assert "loading tables | panic: index 52" in out  # the last lines, in order


def test_a_quiet_engine_s_fault_says_nothing_more() -> None:
    engine = ProcessEngine(f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} crash")
    try:
        summary = fuzz(engine, 1, seed=0)
    finally:
        engine.close()
    said = summary.failures[0].found.engine_said
    assert said.startswith("engine fault: the engine exited (code 3) during legal")
    assert "standard error" not in said


def test_cases_saved_in_several_folders_have_unique_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two bugs fuzzed with seed 0, each found in hand 0, saved into two folders."""
    folders = []
    for bug in ("trail-always", "trail-with-capture"):
        engine = ProcessEngine(f"{FAULTY} {bug}")
        try:
            summary = fuzz(engine, 2, seed=0)
        finally:
            engine.close()
        (failure,) = summary.failures
        assert failure.hand == 0
        folder = tmp_path / bug
        path = save_failure(failure, folder, seed=0, engine=summary.engine)
        assert load_scenario(path).id.startswith("chr-fuzz-s0-h0-")
        folders.append(str(folder))
    ids = {load_scenario(next(Path(folder).iterdir())).id for folder in folders}
    assert len(ids) == 2
    assert main(["check", *folders]) == 0
    assert "duplicate-scenario-id" not in capsys.readouterr().out


def test_a_fuzzed_case_names_the_clause_whose_check_refuses_the_move() -> None:
    """The engine lists a trail the owner obligation forbids: build.owner-obligation."""
    engine = ProcessEngine(f"{FAULTY} trail-always")
    try:
        summary = fuzz(engine, 2, seed=0)
    finally:
        engine.close()
    (failure,) = summary.failures
    assert failure.minimal.finding.reasons == ("owner-obligation-broken",)
    assert failure.clauses == ("build.owner-obligation",)


class _NoTrailOnAnEvenTable(ReferenceEngine):
    """In process: the reference, except that it lists no trail while the table holds an
    even number (two or more) of items. Removing one item at a time ends the bug; two
    at a time keeps it."""

    name = "no-trail-on-an-even-table"

    def legal(self, position: Position) -> list[Move]:
        moves = super().legal(position)
        if len(position.table) >= 2 and len(position.table) % 2 == 0:
            return [move for move in moves if not isinstance(move, Trail)]
        return moves


class _LastCaptureKept(ReferenceEngine):
    """In process: the reference, except that ``apply`` never updates the last capturer."""

    name = "last-capture-kept"

    def apply(self, position: Position, move: Move) -> Position:
        return replace(super().apply(position, move), last_capture=position.last_capture)


def test_shrinking_removes_items_in_pairs() -> None:
    engine = _NoTrailOnAnEvenTable()
    position = first_position(Game(variant="classic", options=(), players=2), 0)
    assert len(position.table) == 4
    found = check_legal(engine, position)
    assert found is not None
    minimal = shrink(engine, found).finding
    assert minimal.position is not None
    assert len(minimal.position.table) == 2  # one at a time stopped at 4
    assert card_count(minimal) == 3  # a card to trail and two on the table


def test_shrinking_changes_the_move_compared() -> None:
    """The first wrong result is a capture of several cards; any capture shows the bug."""
    engine = _LastCaptureKept()
    summary = fuzz(engine, 2, seed=0)
    (failure,) = summary.failures
    assert failure.found.move is not None
    minimal = failure.minimal.finding
    assert card_count(minimal) == 2  # a card and the one it captures (3 with the move held)
    assert minimal.move != failure.found.move
