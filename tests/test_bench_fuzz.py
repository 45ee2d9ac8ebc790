"""The traced runs of ``benchmarks/bench_fuzz.py`` play what a ``--jobs 2`` run plays.

``make bench`` reports --jobs 2's efficiency from them; nothing else runs them, so a change
to the engines' interface that they do not follow would break only the benchmark.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.mark.parametrize("where", ["here", "serve"])
def test_a_traced_run_plays_every_hand_and_notes_each_process(where: str, tmp_path: Path) -> None:
    trace = tmp_path / "trace"
    command = [sys.executable, "-m", "benchmarks.bench_fuzz", "--traced-run", where, "6"]
    command.append(str(trace))
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["positions"] > 6
    spans = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert sorted(span["main"] for span in spans) == [False, True]
    assert all(span["first"] <= span["last"] for span in spans)
