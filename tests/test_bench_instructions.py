"""The instruction guard (``make bench-instructions``): a rise over 5 per cent fails.

valgrind is not run here (``make test`` runs the guard itself): these tests hold the
comparison with the committed baseline, and the reading of the baseline file, to what
``benchmarks/bench_instructions.py`` promises.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks.bench_instructions import (
    BASELINE,
    SETTINGS,
    BaselineError,
    Verdict,
    baseline_data,
    main,
    python_version,
    read_baseline,
)


def test_the_committed_baseline_covers_every_setting_on_this_python() -> None:
    baseline = read_baseline(BASELINE)
    assert sorted(baseline.per_hand) == sorted(SETTINGS)
    assert baseline.python == python_version()  # else CI's guard compares nothing
    assert baseline.hands >= 1


@pytest.mark.parametrize(
    ("now", "rose", "fell"),
    [
        (1_050_000, False, False),  # 5 per cent exactly: allowed
        (1_050_001, True, False),
        (1_000_000, False, False),
        (950_000, False, False),
        (949_999, False, True),  # a fall is reported, never a failure
    ],
)
def test_a_rise_over_five_per_cent_fails(now: int, rose: bool, fell: bool) -> None:
    verdict = Verdict(setting=("grupp", 3), baseline=1_000_000, now=now)
    assert (verdict.rose, verdict.fell) == (rose, fell)
    assert ("ROSE" in verdict.line()) is rose


def test_a_saved_baseline_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    figures = {("classic", 2): 9_681_928.4, ("grupp", 3): 10_860_584.0}
    path.write_text(json.dumps(baseline_data(8, figures)), encoding="utf-8")
    baseline = read_baseline(path)
    assert baseline.per_hand == {("classic", 2): 9_681_928, ("grupp", 3): 10_860_584}
    assert (baseline.python, baseline.hands) == (python_version(), 8)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{", "not JSON"),
        ("[]", "not a JSON object"),
        ('{"hands": 8, "per_hand": {"grupp:3": 1}}', "'python' must be"),
        ('{"python": "3.11", "hands": 0, "per_hand": {"grupp:3": 1}}', "'hands' must be"),
        ('{"python": "3.11", "hands": 8, "per_hand": {}}', "'per_hand' must map"),
        ('{"python": "3.11", "hands": 8, "per_hand": {"grupp": 1}}', "is not VARIANT:PLAYERS"),
        ('{"python": "3.11", "hands": 8, "per_hand": {"grupp:3": "1"}}', "positive number"),
    ],
)
def test_a_broken_baseline_is_named_in_one_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BaselineError) as caught:
        read_baseline(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert problem in message
    assert "\n" not in message


def test_the_guard_reports_a_broken_baseline_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing.json"
    assert main(["--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bench_instructions: {path}: cannot read it")
    assert err.count("\n") == 1


def test_another_python_is_not_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("shutil.which", lambda name: "/usr/bin/valgrind")  # never run
    path = tmp_path / "baseline.json"
    other = f"{sys.version_info.major}.{sys.version_info.minor + 1}"
    path.write_text(
        json.dumps({"python": other, "hands": 8, "per_hand": {"grupp:3": 1}}), encoding="utf-8"
    )
    assert main(["--check", str(path)]) == 0
    assert f"counted with CPython {other}" in capsys.readouterr().out


def test_without_valgrind_the_guard_is_skipped_saying_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert main(["--check"]) == 0
    assert "valgrind is not installed: the guard is skipped" in capsys.readouterr().out
    assert main([]) == 2  # measuring without valgrind is an error
