"""Fuzzing at scale (issue 35): ``--jobs``, ``--shard`` and ``--merge``, progress, Ctrl-C.

A parallel run and a sharded run (its shards' reports merged) must equal one plain run:
the same hands, positions and disagreements in the same order, the same saved cases.
"""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from zwicker_ref.cli import fuzz_progress, main
from zwicker_ref.conformance import fuzz_jobs
from zwicker_ref.conformance.fuzz import Summary, fuzz, hand_seed, shard_hands
from zwicker_ref.conformance.fuzz_merge import merge_reports
from zwicker_ref.conformance.fuzz_report import summary_json
from zwicker_ref.conformance.reference import Engine, ReferenceEngine
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.engine.core.dealing import splitmix64
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position

PYTHON = sys.executable
FAULTY = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'faulty_engine.py'}"


class _LastCaptureKept(ReferenceEngine):
    """In process: the reference, except that ``apply`` never updates the last capturer."""

    name = "last-capture-kept"

    def apply(self, position: Position, move: Move) -> Position:
        return replace(super().apply(position, move), last_capture=position.last_capture)


def _buggy() -> Engine:
    """A worker's engine (a module-level function: worker processes import it)."""
    return _LastCaptureKept()


def _figures(summary: Summary) -> tuple[Any, ...]:
    return (
        summary.hands,
        summary.positions,
        [(f.hand, f.ply, f.found.kind, f.minimal.finding.engine_said) for f in summary.failures],
    )


def _merged(tmp_path: Path, shards: list[Summary]) -> dict[str, Any]:
    paths = []
    for summary in reversed(shards):  # the merge does not depend on the order given
        path = tmp_path / f"shard-{summary.shard}.json"
        path.write_text(json.dumps(summary_json(summary, corpus_identity())), encoding="utf-8")
        paths.append(path)
    return merge_reports(paths)


def _json_figures(report: dict[str, Any]) -> tuple[Any, ...]:
    fuzz_ = report["fuzz"]
    return (
        fuzz_["hands"],
        fuzz_["positions"],
        [
            (d["hand"], d["position_number"], d["kind"], d["minimal"]["engine"])
            for d in fuzz_["disagreements"]
        ],
    )


def test_hand_seeds_are_had_directly_from_the_hand_number() -> None:
    outputs = splitmix64(7)
    assert [hand_seed(7, hand) for hand in range(5)] == [next(outputs) for _ in range(5)]
    last = splitmix64(2**64 - 1)
    assert hand_seed(2**64 - 1, 3) == [next(last) for _ in range(4)][3]


def test_shards_are_contiguous_blocks_of_every_hand_once() -> None:
    for hands in (0, 1, 7, 100):
        for count in (1, 3, 8):
            blocks = [shard_hands(hands, index, count) for index in range(1, count + 1)]
            assert [hand for block in blocks for hand in block] == list(range(hands))
            assert max(map(len, blocks)) - min(map(len, blocks)) <= 1
    with pytest.raises(ValueError, match="not one of"):
        shard_hands(10, 4, 3)


@pytest.mark.parametrize("max_failures", [3, 50])
def test_a_parallel_and_a_sharded_run_equal_one_plain_run(
    tmp_path: Path, max_failures: int
) -> None:
    """9 hands of a buggy engine; 3 disagreements cut the run inside the second shard."""
    engine = _LastCaptureKept()
    plain = fuzz(engine, 9, seed=2, max_failures=max_failures)
    assert len(plain.failures) == min(max_failures, 9)
    parallel = fuzz(engine, 9, seed=2, max_failures=max_failures, jobs=2, factory=_buggy)
    assert _figures(parallel) == _figures(plain)
    shards = [
        fuzz(engine, 9, seed=2, max_failures=max_failures, shard=(index, 4))
        for index in range(1, 5)
    ]
    assert sum(shard.hands for shard in shards) > plain.hands or max_failures > 9
    merged = _merged(tmp_path, shards)
    assert _json_figures(merged) == _json_figures(summary_json(plain, corpus_identity()))
    assert merged["fuzz"]["interrupted"] is False


def test_the_reference_in_parallel_and_in_shards_counts_the_same_positions(
    tmp_path: Path,
) -> None:
    plain = fuzz(ReferenceEngine(), 10, seed=9)
    parallel = fuzz(ReferenceEngine(), 10, seed=9, jobs=2, factory=ReferenceEngine)
    assert _figures(parallel) == _figures(plain)
    assert plain.failures == []
    shards = [fuzz(ReferenceEngine(), 10, seed=9, shard=(index, 3)) for index in (1, 2, 3)]
    assert _json_figures(_merged(tmp_path, shards)) == _json_figures(
        summary_json(plain, corpus_identity())
    )


def test_saved_cases_of_parallel_and_sharded_runs_are_those_of_a_plain_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = f"{FAULTY} zwick-uncounted"
    common = ["conform", "--engine", engine, "--fuzz", "6", "--max-failures", "5", "--json"]

    def run(name: str, *extra: str) -> dict[str, Any]:
        status = main([*common, "--save-failures", str(tmp_path / name), *extra])
        assert status in (0, 1)
        report: dict[str, Any] = json.loads(capsys.readouterr().out)
        return report

    plain = run("plain")
    parallel = run("parallel", "--jobs", "2")
    reports = []
    for index in (1, 2):
        report = run(f"shard{index}", "--shard", f"{index}/2")
        path = tmp_path / f"r{index}.json"
        path.write_text(json.dumps(report), encoding="utf-8")
        reports.append(str(path))
    assert main(["conform", "--merge", *reports, "--json"]) == 1
    merged = json.loads(capsys.readouterr().out)
    assert _json_figures(parallel) == _json_figures(plain) == _json_figures(merged)

    def saved(report: dict[str, Any]) -> list[tuple[str, str]]:
        files = [Path(d["saved"]) for d in report["fuzz"]["disagreements"]]
        return [(file.name, file.read_text(encoding="utf-8")) for file in files]

    assert saved(plain)
    assert saved(parallel) == saved(plain) == saved(merged)
    names = sorted(file.name for file in (tmp_path / "plain").iterdir())
    assert names == sorted(name for name, _text in saved(plain))


def test_merge_refuses_reports_that_are_not_the_shards_of_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def report(seed: int, index: int) -> str:
        summary = fuzz(ReferenceEngine(), 4, seed=seed, shard=(index, 2), games=None)
        path = tmp_path / f"s{seed}-{index}.json"
        path.write_text(json.dumps(summary_json(summary, corpus_identity())), encoding="utf-8")
        return str(path)

    one, two, other = report(1, 1), report(1, 2), report(3, 2)
    assert main(["conform", "--merge", one, other]) == 2
    err = capsys.readouterr().err
    assert f"{other}: at seed is 3, but {one} has 1" in err
    assert "[fuzz-report-mismatch]" in err
    assert "Traceback" not in err
    assert main(["conform", "--merge", one, one]) == 2
    assert "shard 1/2 is also" in capsys.readouterr().err
    assert main(["conform", "--merge", one]) == 2
    assert "expected K/1" in capsys.readouterr().err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{", encoding="utf-8")
    assert main(["conform", "--merge", str(garbage), two]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["conform", "--merge", one, two]) == 0
    assert "2 shards merged" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["conform", "--engine", "x", "--jobs", "2"],
        ["conform", "--engine", "x", "--shard", "1/2"],
        ["conform", "--fuzz", "3", "--shard", "3/2"],
        ["conform", "--fuzz", "3", "--shard", "x"],
        ["conform", "--fuzz", "3", "--jobs", "0"],
        ["conform", "--fuzz", "3", "--merge", "a.json"],
    ],
)
def test_jobs_shard_and_merge_usage_errors(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_progress_line_says_how_far_the_run_is() -> None:
    summary = Summary(engine="e", seed=0, planned=100, hands=10, positions=1000)
    assert fuzz_progress.progress_text(summary, 2.0) == (
        "10/100 hands, 500 positions/s, 0 disagreements, 18 s left"
    )
    summary.hands = 0
    assert fuzz_progress.progress_text(summary, 0.0).endswith("? left")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["conform", "--fuzz", "3", "--variant", "zwick", "--players", "2"]
    assert main(argv) == 0
    piped = capsys.readouterr()
    assert piped.err == ""
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(fuzz_progress, "EVERY", 0.0)  # a line after every hand
    assert main(argv) == 0
    shown = terminal.getvalue()
    assert "\r1/3 hands, " in shown
    assert "3/3 hands, " in shown
    assert "0 disagreements, " in shown
    assert shown.endswith("\r")  # cleared at the end


def test_ctrl_c_stops_the_run_and_keeps_every_saved_case(tmp_path: Path) -> None:
    """SIGINT once the first case is saved: the report ends, the cases stay, status 130."""
    command = [
        PYTHON,
        "-m",
        "zwicker_ref.cli",
        "conform",
        "--engine",
        f"{FAULTY} last-capture-kept",
        "--fuzz",
        "100000",
        "--max-failures",
        "100000",
        "--save-failures",
        str(tmp_path),
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert process.stdout is not None
    seen = []
    for line in process.stdout:  # waits on the run's own output, not on a clock
        seen.append(line)
        if line.startswith("  saved as "):
            break
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=120)
    lines = seen + rest.splitlines(keepends=True)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    closing = lines[-1]
    assert closing.startswith("interrupted after ")
    assert " of 100000 hands: " in closing
    saved = [Path(line.split("saved as ", 1)[1].strip()) for line in lines if "saved as" in line]
    assert saved
    assert sorted(saved) == sorted(tmp_path.iterdir())
    assert main(["validate", *map(str, saved)]) == 0


def test_blocks_cover_every_hand_once_in_order_and_shrink_towards_the_end() -> None:
    for part in (range(0), range(1), range(5, 12), range(0, 200), range(37, 1000)):
        for players in (1, 2, 3, 8):
            blocks = fuzz_jobs.blocks_of(part, players)
            assert [hand for block in blocks for hand in block] == list(part)
            sizes = [len(block) for block in blocks]
            assert all(1 <= size <= fuzz_jobs.BLOCK for size in sizes)
            assert sizes == sorted(sizes, reverse=True)
            if len(part) >= players * fuzz_jobs.BLOCK:
                assert sizes[-players:] == [1] * players  # no long last block
