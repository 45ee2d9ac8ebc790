"""Fuzzing the command line: real commands with arguments mixed from flags, files and
junk, and commands with the arguments they take, some wrong (see tests/fuzzing.py)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.fuzzing import RECORD_SETTINGS, SPECS, record_data
from tests.strategies import mutated
from zwicker_ref.cli import main
from zwicker_ref.rules.spec_loader import variant_ids

# The command line ----------------------------------------------------------------------

# What a shell can pass: no NUL; undecodable bytes arrive as lone surrogates U+DC80-U+DCFF.
ARGUMENT = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")
    | st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF),
    max_size=12,
).filter(lambda word: not word.startswith(("/", "~")) and ".." not in word)
# Not `serve` (reads standard input), `conform` (runs the engine command it is given) or
# `export` (always the whole corpus).
COMMANDS = ["validate", "variants", "legal", "play", "replay", "diff", "check", "coverage"]
WHOLE_CORPUS = ("validate", "check", "coverage")  # without a path: slow, tested elsewhere
FLAGS = ["--variant", "--players", "--seed", "--dealer", "--option", "-o", "--output"]
FLAGS += ["--count", "-q", "--quiet", "-h", "--help", "--version", "--", "--json"]
FLAGS += ["-v", "--verbose", "--missing", "--id", "--kind", "--provenance"]
FILES = [
    "position.yaml",
    "game.yaml",
    "spec.yaml",
    "missing.yaml",
    "out.yaml",
    "dir",
    "dir/out.yaml",
    "nodir/out.yaml",
]
NUMBERS = st.integers(min_value=-3, max_value=14) | st.integers()
WORDS = st.sampled_from([*COMMANDS, *FLAGS, *FILES, *variant_ids()]) | NUMBERS.map(str) | ARGUMENT


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command (usually a real one) and arguments mixed from flags, files and junk."""
    head = draw(st.sampled_from(COMMANDS) | ARGUMENT)
    return [head, *draw(st.lists(WORDS, max_size=8))]


VARIANT_WORDS = st.sampled_from(variant_ids())


@st.composite
def well_formed_command_lines(draw: st.DrawFn) -> list[str]:
    """A command with the arguments it takes, some of them wrong or missing: these get
    past argparse to the command's own handling of files, variants and numbers."""

    def maybe(strategy: st.SearchStrategy[str]) -> str:
        # Mostly a fitting value, sometimes any word.
        return draw(strategy | WORDS) if draw(st.integers(0, 3)) else draw(WORDS)

    files = st.sampled_from(FILES)
    players = st.integers(min_value=1, max_value=13).map(str)
    shapes: dict[str, list[str]] = {
        "play": ["--variant", maybe(VARIANT_WORDS), "--players", maybe(players)]
        + ["--seed", maybe(NUMBERS.map(str))]
        + (["-o", maybe(files)] if draw(st.booleans()) else []),
        "replay": [maybe(files)],
        "legal": [maybe(files), *draw(st.lists(st.just("--count"), max_size=1))],
        "validate": [maybe(files)],
        "check": [maybe(files), *draw(st.lists(st.just("--json"), max_size=1))],
        "coverage": [maybe(files)],
        "diff": [maybe(VARIANT_WORDS), maybe(VARIANT_WORDS)],
        "variants": [],
    }
    command = draw(st.sampled_from(sorted(shapes)))
    return [command, *shapes[command], *draw(st.lists(WORDS, max_size=1))]


# A failing example carries a whole mutated spec: hypothesis warns that it is long, and
# the warning (an error here) would hide the failure itself.
@pytest.mark.filterwarnings("ignore:Generating overly large repr")
@given(
    command_lines() | well_formed_command_lines(),
    st.sampled_from(list(SPECS.values())).flatmap(mutated),
    st.sampled_from(RECORD_SETTINGS).flatmap(lambda setting: mutated(record_data(setting))),
    st.binary(max_size=200),
)
def test_command_line(
    tmp_path_factory: pytest.TempPathFactory,
    argv: list[str],
    spec: Any,
    record: Any,
    position: bytes,
) -> None:
    # Without a path these check every shipped file: slow, and tested in test_cli.py.
    assume(argv[0] not in WHOLE_CORPUS or any(not word.startswith("-") for word in argv[1:]))
    directory = tmp_path_factory.mktemp("cli")
    (directory / "dir").mkdir()
    (directory / "spec.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), "utf-8")
    (directory / "game.yaml").write_text(yaml.safe_dump(record, allow_unicode=True), "utf-8")
    (directory / "position.yaml").write_bytes(position)
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.chdir(directory),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            status: int | str | None = main(argv)
        except SystemExit as done:
            status = done.code
            assert status in (0, 2), status  # help and version; a usage error
    if status == 2:
        # A usage error (argparse), or input the command cannot work on, named on stderr.
        assert "usage:" in err.getvalue() or err.getvalue().startswith("zwicker ")
    elif status == 1:
        # A problem goes to standard error, or (validate, check) into the report on
        # standard output: a FAIL or ERROR line, a failed count, or (--json) a count field.
        report = out.getvalue()
        assert (
            err.getvalue().strip()
            or re.search(r"^(FAIL|ERROR) ", report, re.MULTILINE)
            or re.search(r"\b[1-9][0-9]* failed\b", report)
            or re.search(r'"(failed|invalid)": [1-9]', report)
        ), report
    else:
        assert status == 0
        assert out.getvalue() or err.getvalue()


# Bugs the fuzzers found, fixed: each kept as a minimal regression test -----------------


def test_play_reports_an_output_file_in_a_missing_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by test_command_line: `play -o DIR/FILE` with DIR missing ended in a traceback."""
    argv = ["play", "--variant", "classic", "--players", "2", "--seed", "1"]
    with contextlib.chdir(tmp_path):
        assert main([*argv, "-o", "nodir/game.yaml"]) == 2
    assert "nodir/game.yaml" in capsys.readouterr().err
