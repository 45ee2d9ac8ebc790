from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT, VARIANTS, raw_spec
from zwicker_ref.cli import main
from zwicker_ref.engine.core.dealing import start_hand
from zwicker_ref.engine.play import play
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.record import load_record
from zwicker_ref.rules.spec_loader import load_variant


def test_validate_all_shipped_specs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(VARIANTS)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("6 valid, 0 invalid")
    assert main(["validate", "--quiet"]) == 0  # specs and the whole corpus
    assert capsys.readouterr().out.strip().endswith(" 0 invalid")


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


@pytest.mark.parametrize("command", ["check", "coverage", "conform"])
def test_a_path_that_does_not_exist_is_a_file_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Exit 2, as for legal and replay, and before an engine is started.
    log = tmp_path / "ops.log"
    hello = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'hello_engine.py'} no-options {log}"
    engine = ["--engine", hello] if command == "conform" else []
    missing = tmp_path / "nope.yaml"
    case = ROOT / "scenarios" / "zwick" / "build" / "for-partner-moves.yaml"
    assert main([command, *engine, str(case), str(missing)]) == 2
    captured = capsys.readouterr()
    assert f"zwicker {command}: {missing}: cannot read: no such file or directory" in captured.err
    assert "[file-unreadable]" in captured.err
    assert captured.out == ""
    assert not log.exists()


def test_an_invalid_scenario_file_that_exists_counts_as_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text("kind: move\n", encoding="utf-8")
    assert main(["check", str(invalid)]) == 1
    out = capsys.readouterr().out
    assert "[schema-violation]" in out
    assert out.splitlines()[-1].startswith("0 passed, 1 failed")


def test_validate_empty_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    assert "no *.yaml files found" in capsys.readouterr().err


def test_variants_lists_every_variant_with_its_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for variant_id in ("christiansen", "classic", "dithmarschen", "grossenwiehe", "grupp", "zwick"):
        assert f"{variant_id}: " in out
    assert "4p: 3 deals, 30 pts" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["validate", "--help"],
        ["variants", "--help"],
        ["legal", "--help"],
        ["play", "--help"],
        ["replay", "--help"],
    ],
)
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


POSITION = """\
format: 1
variant: dithmarschen
players: 4
dealer: 3
to_move: 0
stage: 1
hands: [[2H, 7H, AH], [5C], [5D], [5H]]
table: [9S]
stock: [2C]
"""


def test_legal_lists_the_moves_and_a_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 000 "Building": 9 on the table, hand 2, 7, A: three trails and the builds 2 -> 7 or 11,
    # 7 -> 2 (all owned by seat 0). Nothing to capture.
    path = tmp_path / "position.yaml"
    path.write_text(POSITION, encoding="utf-8")
    assert main(["legal", str(path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "6 legal moves"
    assert set(lines[:-1]) == {"AH", "2H", "7H", "2H>9S=7@0", "2H>9S=11@0", "7H>9S=2@0"}
    assert main(["legal", "--count", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "6"


def test_legal_reports_a_bad_position_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.yaml"
    path.write_text(POSITION.replace("[5C]", "[5C, 9S]"), encoding="utf-8")
    assert main(["legal", str(path)]) == 2  # input the command cannot work on
    err = capsys.readouterr().err
    assert str(path) in err
    assert "9S" in err
    assert "Traceback" not in err


def test_play_writes_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.yaml"
    assert (
        main(
            [
                "play",
                "--variant",
                "dithmarschen",
                "--players",
                "4",
                "--seed",
                "3",
                "--output",
                str(out),
            ]
        )
        == 0
    )
    assert "moves." in capsys.readouterr().err
    text = out.read_text(encoding="utf-8")
    assert "kind: game-record" in text
    assert main(["replay", str(out)]) == 0
    assert "result as recorded" in capsys.readouterr().out


def test_play_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.yaml"
    out.write_text("mine\n", encoding="utf-8")
    assert (
        main(["play", "--variant", "zwick", "--players", "2", "--seed", "1", "-o", str(out)]) == 2
    )
    assert out.read_text(encoding="utf-8") == "mine\n"
    assert "not overwriting" in capsys.readouterr().err


def played_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A two-player zwick game record written by ``zwicker play`` (seed 5), output cleared."""
    out = tmp_path / "game.yaml"
    assert (
        main(["play", "--variant", "zwick", "--players", "2", "--seed", "5", "-o", str(out)]) == 0
    )
    capsys.readouterr()
    return out


def test_replay_names_the_step_that_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = played_game(tmp_path, capsys)
    lines = out.read_text(encoding="utf-8").splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("- {seat: 0, move:"))
    lines[first] = "- {seat: 1, move: 2C}"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(out)]) == 1
    err = capsys.readouterr().err
    assert "move 1" in err
    assert "[record-mismatch]" in err


def test_replay_names_the_position_of_an_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = played_game(tmp_path, capsys)
    record = load_record(out)
    second = format_move(record.moves[1][1])
    first_card = format_move(record.moves[0][1]).split()[0].split(">")[0].split("=")[0]
    text = out.read_text(encoding="utf-8")
    # Seat 1 plays seat 0's first card at move 2.
    out.write_text(text.replace(f"move: {second}}}", f"move: {first_card}}}", 1), "utf-8")
    position = start_hand(load_variant("zwick"), 2, record.dealer, record.deck)
    after = play(position, record.moves[0][1])
    assert main(["replay", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"move 2 ({first_card}): illegal [card-not-in-hand]" in err
    assert f"; in {after.compact()} [record-mismatch]" in err


def test_play_rejects_unknown_variant_and_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--variant", "skat", "--players", "4", "--seed", "1"]) == 2
    assert "[unknown-variant]" in capsys.readouterr().err
    assert main(["play", "--variant", "dithmarschen", "--players", "3", "--seed", "1"]) == 2
    assert "[unsupported-player-count]" in capsys.readouterr().err
    assert main(["play", "--variant", "dithmarschen", "--players", "4", "--seed", "-1"]) == 2
    assert "[invalid-seed]" in capsys.readouterr().err


def test_check_runs_scenarios_and_reports_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = ROOT / "scenarios" / "dithmarschen" / "build" / "ace-on-nine.yaml"
    text = good.read_text(encoding="utf-8").replace("to_move: 1", "to_move: 3")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("dith-build-ace-on-nine", "dith-build-broken"), encoding="utf-8")
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text("kind: move\nprovenance: hand\n", encoding="utf-8")
    assert main(["check", str(good), str(bad), str(invalid)]) == 1
    out = capsys.readouterr().out
    assert "FAIL dith-build-broken" in out
    assert "to_move: expected 3, got 1" in out
    assert f"ERROR {invalid}" in out
    assert re.search(r"\n1 passed, 2 failed in [0-9]+\.[0-9] s$", out.strip()), out


def test_check_filters_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    corpus = str(ROOT / "scenarios" / "dithmarschen")
    assert main(["check", corpus, "--kind", "deal", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["failed"] == 0
    assert {entry["kind"] for entry in report["scenarios"]} == {"deal"}
    assert main(["check", corpus, "--id", "dith-build-ace-on-nine", "-v"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("corpus 1.")
    assert out.splitlines()[1] == "ok   dith-build-ace-on-nine"
    assert re.fullmatch(r"1 passed, 0 failed in [0-9]+\.[0-9] s", out.splitlines()[2])
    assert len(out.splitlines()) == 3


def test_validate_covers_scenarios(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        (ROOT / "scenarios" / "dithmarschen" / "build" / "ace-on-nine.yaml")
        .read_text(encoding="utf-8")
        .replace("build.holding", "build.nonsense"),
        encoding="utf-8",
    )
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "'dithmarschen' has no clause 'build.nonsense' [unknown-clause]" in out


def test_coverage_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["coverage"])
    out = capsys.readouterr().out
    assert "dithmarschen" in out
    assert "321 of 321 clauses covered" in out
    assert out.strip().splitlines()[-1] == "52 of 52 fields by moment pinned (100 %)"


def test_coverage_marks_a_field_no_case_pins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A corpus whose only case states the table alone leaves the other fields MISSING."""
    case = ROOT / "scenarios" / "dithmarschen" / "build" / "ace-on-nine.yaml"
    (tmp_path / "case.yaml").write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["coverage", "--missing", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "  stage " in out
    assert "MISSING" in out
    # The identity fields, the seat to move and the table, all mid-stage (hands: one seat).
    assert out.strip().splitlines()[-1] == "6 of 52 fields by moment pinned (11 %)"


# The command line as a Unix user meets it ------------------------------------------------

ZWICKER = Path(sys.executable).with_name("zwicker")


def test_version_names_the_package_the_corpus_and_its_digest() -> None:
    from zwicker_ref._version import __version__
    from zwicker_ref.documents.corpus import corpus_identity

    result = subprocess.run(
        [str(ZWICKER), "--version"], capture_output=True, text=True, check=True, cwd=ROOT
    )
    identity = corpus_identity()
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        f"zwicker {__version__}",
        f"corpus {identity.version}",
        f"digest {identity.digest}",
    ]
    assert lines[3].startswith("corpus root ")


@pytest.mark.parametrize("inside", [True, False], ids=["in-the-checkout", "elsewhere"])
def test_version_starts_without_the_interpreter(inside: bool, tmp_path: Path) -> None:
    """``--version`` is answered before the command table (and jsonschema) is imported,
    and without the modules only other commands need (typing, the error codes, the
    argument parser, dataclasses, and what reading a corpus shipped in a zip takes),
    whether it reads the checkout around it or the corpus beside the package."""
    probe = (
        "import sys; from zwicker_ref.cli import main; status = main(['--version']); "
        "loaded = [name for name in ('jsonschema', 'zwicker_ref.engine.generation', "
        "'zwicker_ref.cli.spec_commands', 'typing', 'zwicker_ref.errors', 'shutil', "
        "'tempfile', 'importlib.resources', 'argparse', 'dataclasses', 'textwrap') "
        "if name in sys.modules]; "
        "print('LOADED', loaded, status)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT if inside else tmp_path,
        env={key: value for key, value in os.environ.items() if key != "ZWICKER_CORPUS"},
    )
    assert result.stdout.splitlines()[-1] == "LOADED [] 0"


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    result = subprocess.run(
        f"'{ZWICKER}' variants | head -n 1",
        shell=True,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert len(result.stdout.splitlines()) == 1
    assert result.stderr == ""


def test_every_command_has_help_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    from zwicker_ref.cli import commands

    for command in commands():
        with pytest.raises(SystemExit) as done:
            main([command.name, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        examples = out.split("examples:\n", 1)[1].split("\n\n", 1)[0]
        assert "zwicker " in examples, command.name
        assert "corpus: " in out


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        (["--engine", ""], "the engine command is empty"),
        (["--engine", "python3 'unclosed"], "cannot split"),
        (["--engine", "x", "--timeout=-1"], "more than 0 seconds"),
        (["--engine", "x", "--timeout", "0"], "more than 0 seconds"),
        (["--engine", "x", "--timeout", "nan"], "more than 0 seconds"),
    ],
)
def test_conform_refuses_bad_arguments_before_anything_starts(
    argument: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["conform", *argument])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_the_json_report_names_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    from zwicker_ref.documents.corpus import corpus_identity

    assert main(["check", "--id", "dith-build-ace-on-nine", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["corpus"]["version"] == corpus_identity().version
    assert report["corpus"]["digest"] == corpus_identity().digest
    assert report["engine"] == "reference"
    assert (report["passed"], report["failed"]) == (1, 0)


def test_play_refuses_a_match_record_no_reader_would_accept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # replay reads a match record within the input limits (documents.bounds); play does not
    # write one past them, which would be written and never read again (issue 34).
    from zwicker_ref.documents import bounds
    from zwicker_ref.rules.spec_loader import load_variant

    load_variant("grupp")  # read (and kept) within the real limits; only the record is held
    monkeypatch.setattr(bounds, "MAX_VALUES", 500)
    out = tmp_path / "match.yaml"
    arguments = ["play", "--variant", "grupp", "--players", "3", "--seed", "7", "--hands", "3"]
    status = main([*arguments, "-o", str(out)])
    assert status == 2
    assert "file-too-large" in capsys.readouterr().err
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []
