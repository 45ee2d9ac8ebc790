"""`--engine "zwicker serve"` works as written, without the virtual environment on PATH.

Issue 33, §3.3: the guide's examples worked only with the environment's `bin` on `PATH`.
A program named without a directory is looked for on `PATH`, then beside the running
Python (where the package's own commands are installed).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from zwicker_ref.protocol.engine_command import engine_argv

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def test_conform_starts_zwicker_serve_without_the_environment_on_path() -> None:
    path = os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir())
    assert not (Path("/usr/bin") / "zwicker").exists()  # else this shows nothing
    done = subprocess.run(
        [str(BIN / "zwicker"), "conform", "--engine", "zwicker serve", "scenarios/zwick/build"],
        cwd=ROOT,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert " passed, 0 failed" in done.stdout


def test_a_program_on_path_is_left_to_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert engine_argv("python3 engine.py --fast") == ["python3", "engine.py", "--fast"]


def test_a_program_not_on_path_is_found_beside_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    assert engine_argv("zwicker serve") == [str(BIN / "zwicker"), "serve"]


def test_a_path_or_an_unknown_program_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    assert engine_argv("./my-engine --protocol") == ["./my-engine", "--protocol"]
    assert engine_argv("no-such-engine") == ["no-such-engine"]
