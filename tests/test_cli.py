from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import VARIANTS, raw_spec
from zwicker_ref.cli import main


def test_validate_all_shipped_specs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("6 valid, 0 invalid")


def test_validate_reports_problems_with_file_line_and_place(
    write_spec: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = raw_spec("dithmarschen")
    data["clauses"][0]["params"]["players.counts"] = "four"
    bad = write_spec(data)
    assert main(["validate", str(bad), str(VARIANTS / "zwick.yaml")]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {bad}" in out
    assert f"{bad}:" in out
    assert 'clauses[0].params["players.counts"]' in out
    assert "[schema-violation]" in out
    assert out.strip().endswith("1 valid, 1 invalid")
    assert "Traceback" not in out


def test_validate_a_directory_keeps_going_after_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.yaml").write_text("clauses: [\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("just: a mapping\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_bytes(b"\xff\xfe\x00binary")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "[yaml-syntax]" in out
    assert "[file-kind-unknown]" in out
    assert "[file-unreadable]" in out
    assert out.strip().endswith("0 valid, 3 invalid")


def test_validate_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "nope.yaml")]) == 1
    assert "no such file or directory [file-unreadable]" in capsys.readouterr().out


def test_validate_empty_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    assert "no *.yaml files found" in capsys.readouterr().err


def test_variants_lists_every_variant_with_its_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for variant_id in ("christiansen", "classic", "dithmarschen", "grossenwiehe", "grupp", "zwick"):
        assert f"{variant_id}: " in out
    assert "4p: 3 deals, 30 pts" in out


@pytest.mark.parametrize("argv", [["--help"], ["validate", "--help"], ["variants", "--help"]])
def test_help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 0
    assert "usage: zwicker" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["frobnicate"])
    assert stopped.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
