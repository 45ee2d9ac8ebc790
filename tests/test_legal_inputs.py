"""`zwicker legal` reads a scenario's position and standard input (issue 33, §3.11).

`zwicker legal case.yaml` on a scenario file failed with nine schema errors; it lists the
moves of the position the scenario starts from, and `legal -` reads standard input. The
README's examples use `examples/position.yaml`, which is shipped and works as written.
"""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from zwicker_ref.cli import main

ROOT = Path(__file__).resolve().parents[1]
ACE_ON_NINE = ROOT / "scenarios" / "dithmarschen" / "build" / "ace-on-nine.yaml"
# 000 "You cannot build your ace on the 9": three trails, 2 builds 7 or 11, 7 builds 2.
ACE_ON_NINE_MOVES = {"AH", "2H", "7H", "2H>9S=7@0", "2H>9S=11@0", "7H>9S=2@0"}


def _moves(out: str) -> set[str]:
    lines = out.strip().splitlines()
    assert re.fullmatch(r"\d+ legal moves?", lines[-1])
    return set(lines[:-1])


def test_legal_lists_the_moves_of_a_scenarios_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["legal", str(ACE_ON_NINE)]) == 0
    assert _moves(capsys.readouterr().out) == ACE_ON_NINE_MOVES


def test_legal_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(ACE_ON_NINE.read_text(encoding="utf-8")))
    assert main(["legal", "--count", "-"]) == 0
    assert capsys.readouterr().out.strip() == "6"
    position = (ROOT / "examples" / "position.yaml").read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(position))
    assert main(["legal", "-"]) == 0
    assert "AH x 3D QS" in _moves(capsys.readouterr().out)


def test_legal_names_a_scenario_without_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    game = ROOT / "scenarios" / "christiansen" / "game" / "sample-game.yaml"
    assert main(["legal", str(game)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "a game scenario starts from no position" in err
    assert "[file-kind-unknown]" in err


def test_the_readmes_examples_with_a_position_work_as_written(tmp_path: Path) -> None:
    """Every README line that uses examples/position.yaml runs (output files in tmp_path)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if "examples/position.yaml" in line]
    assert len(commands) >= 2
    for line in commands:
        words = shlex.split(line.split("#")[0])
        assert words[0] == ".venv/bin/zwicker"
        words = [str(tmp_path / w) if w.endswith("case.yaml") else w for w in words]
        run = [sys.executable, "-m", "zwicker_ref", *words[1:]]
        done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, check=False)
        assert done.returncode == 0, (line, done.stderr)


class _Unreadable(io.StringIO):
    def read(self, size: int | None = -1) -> str:
        raise OSError("reading from stdin is not possible here")


def test_unreadable_standard_input_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standard input that cannot be read: a clear error, never a traceback."""
    monkeypatch.setattr(sys, "stdin", _Unreadable())
    assert main(["legal", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("zwicker legal: <stdin>: cannot read:")
    assert "[file-unreadable]" in err
    assert "Traceback" not in err
