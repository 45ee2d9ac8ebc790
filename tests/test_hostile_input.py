"""Every reader, handed hostile input, answers with a clear error in bounded time and memory.

Issue 34: a 532-byte YAML file hung every command that reads YAML (2-3 GB after 120 s);
a recursive alias printed a 3,000-line RecursionError; a million duplicate cards printed
262,146 lines; ``zwicker variants > /dev/full`` ended in a traceback; a filter matching
nothing passed silently. Each case runs in a fresh process limited to 300 MB of address
space and 20 CPU seconds (``tests/hostile_cases.py``): a reader that blows up is killed
by a limit, and the test fails on that, never on a time measured.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.hostile_cases import (
    MEMORY_LIMIT,
    Case,
    Result,
    billion_laughs,
    duplicate_cards,
    reader_runs,
    run_limited,
    run_readers,
)
from zwicker_ref.documents import bounds
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.errors import InvalidFileError
from zwicker_ref.protocol.server import serve

CASE = ROOT / "scenarios/classic/generator/copies-in-hand.yaml"


def _answered_clearly(result: Result, code: str) -> str:
    """Everything printed, after checking it is a clear refusal with ``code``."""
    printed = result.out + result.err
    assert not result.killed, f"killed by a limit: {result}"
    assert result.status in (1, 2), printed[-2000:]
    assert "Traceback" not in printed, printed[-2000:]
    assert f"[{code}]" in printed, printed[-2000:]
    return printed


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One directory for the hostile files, made once (the gigabyte is sparse)."""
    return tmp_path_factory.mktemp("hostile")


_GROUPS = [
    (case, [reader for reader, each in reader_runs() if each is case])
    for case in dict.fromkeys(case for _reader, case in reader_runs())
]


@pytest.mark.parametrize(("case", "readers"), _GROUPS, ids=[case.name for case, _ in _GROUPS])
def test_every_reader_refuses_hostile_input_clearly_and_cheaply(
    case: Case, readers: list[str], place: Path
) -> None:
    # One limited process runs every reader on the case in turn (each alone: the benchmark).
    whole, results = run_readers(readers, case, place)
    assert not whole.killed, f"killed by a limit: {whole}"
    assert len(results) == len(readers), whole.err[-2000:]
    for reader, result in zip(readers, results, strict=True):
        printed = _answered_clearly(result, case.code)
        if case.flood:
            assert "more problems of this kind" in printed, reader
            assert len(printed.splitlines()) < 60, reader
        else:
            assert len(printed.splitlines()) < 12, reader


# The five findings, in process: each of these fails without its fix ----------------------


def test_the_billion_laughs_is_refused_at_once() -> None:
    with pytest.raises(InvalidFileError) as raised:
        parse_yaml(billion_laughs(), "bomb.yaml")
    (problem,) = raised.value.problems
    assert problem.code == "file-too-large"
    assert "with its aliases expanded" in problem.message
    assert problem.line is not None


def test_aliases_below_the_limit_are_read_once_and_shared() -> None:
    document = parse_yaml(billion_laughs(depth=5), "laughs.yaml")  # 9**5 = 59,049 values
    assert document.data["a4"][0] is document.data["a4"][1]
    assert document.data["a1"][0] == ["lol"] * 9


def test_a_recursive_alias_is_refused() -> None:
    with pytest.raises(InvalidFileError) as raised:
        parse_yaml("a: &x [*x]\n", "loop.yaml")
    assert [(p.code, p.line) for p in raised.value.problems] == [("yaml-alias-recursive", 1)]


@pytest.mark.parametrize("text", ["[" * 65 + "]" * 65, "- " * 65 + "x\n", "a: " * 1 + "[" * 500])
def test_nesting_past_the_limit_is_refused(text: str) -> None:
    with pytest.raises(InvalidFileError) as raised:
        parse_yaml(text, "deep.yaml")
    assert raised.value.problems[0].code in ("nesting-too-deep", "yaml-syntax")
    assert raised.value.problems[0].code == "nesting-too-deep" or "[" * 500 in text


def test_nesting_at_the_limit_is_read() -> None:
    assert parse_yaml("[" * 64 + "]" * 64, "deep.yaml").data is not None


def test_a_file_past_the_size_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as handle:
        handle.truncate(1024**3)
    with pytest.raises(InvalidFileError) as raised:
        bounds.read_text(path, "huge.yaml")
    (problem,) = raised.value.problems
    assert problem.code == "file-too-large"
    assert "1,073,741,824 bytes" in problem.message


def test_a_flood_of_duplicate_cards_is_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from zwicker_ref.cli import main

    position = tmp_path / "flood.yaml"
    position.write_text(duplicate_cards(1000), encoding="utf-8")
    assert main(["legal", str(position)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 21  # 20 problems (the first after the command's name), then the count
    assert err[-1].endswith(": … and 979 more problems of this kind [invalid-position]")


def test_a_full_stdout_is_one_line_and_status_2() -> None:
    result = run_limited(["variants"], stdout=Path("/dev/full"))
    assert result.status == 2
    assert (
        result.err
        == "zwicker: cannot write the output: No space left on device [output-unwritable]\n"
    )


@pytest.mark.parametrize(
    "arguments", [["check", "--variant", "bogus"], ["check", "--id", "nothing"]]
)
def test_a_filter_that_matches_nothing_is_a_usage_error(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from zwicker_ref.cli import main

    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert f"{arguments[1]} {arguments[2]}: no scenario read has it" in err
    assert "[filter-matches-nothing]" in err


def test_a_misspelt_filter_names_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    from zwicker_ref.cli import main

    assert main(["check", "--variant", "zwik", str(ROOT / "scenarios/zwick/build")]) == 2
    assert "--variant zwik: no scenario read has it; nearest: zwick" in capsys.readouterr().err


def test_filters_that_match_apart_but_not_together_are_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from zwicker_ref.cli import main

    arguments = ["check", "--variant", "zwick", "--id", "cls-gen-copies-in-hand", str(CASE.parent)]
    assert main(arguments) == 2
    assert "--variant zwick" in capsys.readouterr().err  # classic only in that folder


# Writing ----------------------------------------------------------------------------------


def _no_room(size: int) -> None:
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_full_disk_leaves_no_half_written_file(tmp_path: Path) -> None:
    import subprocess

    target = tmp_path / "game.yaml"
    argv = ["play", "--variant", "zwick", "--players", "2", "--seed", "1", "-o", str(target)]
    done = subprocess.run(
        [sys.executable, "-m", "zwicker_ref.cli", *argv],
        capture_output=True,
        text=True,
        preexec_fn=lambda: _no_room(1000),
        check=False,
    )
    assert done.returncode == 2
    assert (
        done.stderr == f"zwicker play: cannot write {target}: File too large [output-unwritable]\n"
    )
    assert list(tmp_path.iterdir()) == []  # neither the name asked for nor a temporary file


def test_a_closed_stdout_is_one_line_and_status_2() -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "zwicker_ref.cli", "variants"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        preexec_fn=lambda: __import__("os").close(1),
    )
    assert done.returncode == 2
    assert "[output-unwritable]" in done.stderr
    assert "Traceback" not in done.stderr


# The engine protocol ----------------------------------------------------------------------


def _served(text: str) -> list[dict[str, object]]:
    out = io.StringIO()
    serve(io.StringIO(text), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_refuses_deep_nesting_and_goes_on() -> None:
    deep = '{"id": 1, "op": "legal", "position": ' + "[" * 900 + "]" * 900 + "}\n"
    first, second = _served(deep + '{"id": 2, "op": "hello"}\n')
    assert first["error"] == "bad-request"
    assert "nested more than 64 deep" in str(first["message"])
    assert second["ok"] is True


def test_serve_refuses_a_message_of_too_many_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "MAX_VALUES", 100)
    many = json.dumps({"id": 1, "op": "hello", "pad": ["x"] * 150}) + "\n"
    first, second = _served(many + '{"id": 2, "op": "hello"}\n')
    assert first["error"] == "bad-request"
    assert "more than 100 values" in str(first["message"])
    assert second["ok"] is True


def test_serve_refuses_an_overlong_line_without_holding_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bounds, "MAX_LINE_BYTES", 1000)
    long_line = '{"id": 1, "op": "hello", "pad": "' + "x" * 5000 + '"}\n'
    first, second = _served(long_line + '{"id": 2, "op": "hello"}\n')
    assert first["error"] == "bad-request"
    assert "a line of more than 1,000 bytes" in str(first["message"])
    assert second["id"] == 2


def test_serve_refuses_a_gigantic_line_in_bounded_memory() -> None:
    stdin = b'{"id": 1, "op": "hello", "pad": "' + b"x" * (20 * 1024 * 1024) + b'"}\n'
    result = run_limited(["serve"], stdin=stdin + b'{"id": 2, "op": "quit"}\n')
    assert not result.killed
    assert result.status == 0
    first = json.loads(result.out.splitlines()[0])
    assert first["error"] == "bad-request"
    assert result.peak_mb * 1024 * 1024 < MEMORY_LIMIT


_BAD_ENGINE = """
import sys
for line in sys.stdin:
    sys.stdout.write("[" * 5000 + "\\n" if "{kind}" == "deep" else "x" * (20 * 1024 * 1024))
    sys.stdout.flush()
"""


@pytest.mark.parametrize("kind", ["deep", "endless"])
def test_conform_refuses_a_hostile_engine_answer(tmp_path: Path, kind: str) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text(_BAD_ENGINE.replace("{kind}", kind), encoding="utf-8")
    result = run_limited(
        ["conform", "--engine", f"{sys.executable} {engine}", "--timeout", "60", str(CASE)]
    )
    assert not result.killed
    assert result.status == 2
    assert "cannot check the engine" in result.err
    assert "(not JSON in answer to hello: " in result.err
    assert len(result.err.splitlines()) == 1


def test_the_expected_failures_file_is_bounded(tmp_path: Path) -> None:
    listed = tmp_path / "known.txt"
    with listed.open("wb") as handle:
        handle.truncate(1024**3)
    result = run_limited(
        ["conform", "--engine", "false", "--expected-failures", str(listed), str(CASE)]
    )
    assert result.status == 2
    assert "[file-too-large]" in result.err
