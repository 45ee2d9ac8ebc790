"""Fuzzing every entry point that reads what a user wrote.

Variant specs, position files, move notation, move data, card notation, game records and
command-line arguments get arbitrary text (and bytes), and structured mutations of valid
documents: a key deleted, a value of another type, an item duplicated, two values swapped,
a key added. The only outcome allowed besides success is the project's own error - a
:class:`~zwicker_ref.errors.ZwickerError` with a non-empty message (for the command line:
exit status 1 with a message, or argparse's exit status 2 for a usage error) - never
another exception, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
import yaml
from hypothesis import assume, given, note
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.conftest import raw_spec
from tests.strategies import (
    DATA,
    Setting,
    candidate_moves,
    constructed_positions,
    mutated,
    positions,
)
from zwicker_ref.cards import Card
from zwicker_ref.cli import main
from zwicker_ref.errors import InvalidFileError, ZwickerError
from zwicker_ref.generation import count_legal_moves, legal_moves
from zwicker_ref.move_data import move_from_data, move_to_data
from zwicker_ref.notation import format_move, format_move_annotated, parse_cards, parse_move
from zwicker_ref.position_io import (
    dump_position_yaml,
    load_position,
    position_from_data,
    position_from_document,
    position_to_data,
)
from zwicker_ref.record import random_game, record_from_document, record_to_data, replay
from zwicker_ref.spec_loader import check_variant_document, variant_ids
from zwicker_ref.yamlfile import parse_yaml, read_yaml

T = TypeVar("T")

SLOW = hypothesis_settings(max_examples=max(5, hypothesis_settings.default.max_examples // 3))

# Text as people type it, and as a broken editor or a wrong file gives it.
TEXT = st.text() | st.binary().map(lambda raw: raw.decode("utf-8", errors="replace"))
NOTATION_CHARACTERS = "AJQK0123456789CDHS#x=>@+, JKW-"
NOTATION_TEXT = st.text(alphabet=NOTATION_CHARACTERS, max_size=24)
YAML_CHARACTERS = "{}[]:,-'\"#&*!|>%@` \n\tabcx0123456789.~"


def own_error_or(call: Callable[[], T]) -> T | ZwickerError:
    """The result of ``call``, or the project's own error with a message; anything else fails."""
    try:
        return call()
    except ZwickerError as error:
        caught = error
    assert caught.message.strip(), repr(caught)
    assert str(caught).strip(), repr(caught)
    if isinstance(caught, InvalidFileError):
        assert caught.problems
        assert all(problem.message.strip() for problem in caught.problems)
    return caught


@st.composite
def edited(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """``text`` with a few characters inserted, deleted or replaced."""
    chars = list(text)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.integers(min_value=0, max_value=len(chars)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        if action == "insert" or where == len(chars):
            chars.insert(where, draw(st.sampled_from(alphabet)))
        elif action == "delete":
            del chars[where]
        else:
            chars[where] = draw(st.sampled_from(alphabet))
    return "".join(chars)


# Card and move notation ----------------------------------------------------------------


@given(TEXT | NOTATION_TEXT | DATA)
def test_card_notation(text: Any) -> None:
    card = own_error_or(lambda: Card.parse(text))
    if isinstance(card, Card):
        assert str(card) == text
    own_error_or(lambda: parse_cards(text))


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    """Canonical and annotated notations of moves, often edited a little."""
    position = draw(constructed_positions(max_table=5, max_hand=4))
    move = draw(candidate_moves(position))
    text = draw(st.sampled_from([format_move(move), format_move_annotated(move)]))
    return draw(st.just(text) | edited(text, NOTATION_CHARACTERS))


@given(TEXT | NOTATION_TEXT | move_texts())
def test_move_notation(text: str) -> None:
    move = own_error_or(lambda: parse_move(text))
    if not isinstance(move, ZwickerError):
        assert parse_move(format_move(move)) == move


@st.composite
def move_data(draw: st.DrawFn) -> Any:
    """The data form of moves, mutated."""
    position = draw(constructed_positions(max_table=5, max_hand=4))
    return draw(mutated(move_to_data(draw(candidate_moves(position)))))


@given(DATA | move_data())
def test_move_data(data: Any) -> None:
    move = own_error_or(lambda: move_from_data(data, ("moves", 0)))
    if not isinstance(move, ZwickerError):
        assert move_from_data(move_to_data(move)) == move


# Positions -----------------------------------------------------------------------------


def check_loaded(position: object) -> None:
    """A position that loads is usable: it lists its moves and writes back to itself."""
    if isinstance(position, ZwickerError):
        return
    assert not isinstance(position, Exception)
    moves = legal_moves(position)  # type: ignore[arg-type]
    assert len(moves) == count_legal_moves(position)  # type: ignore[arg-type]
    assert position_from_data(position_to_data(position)) == position  # type: ignore[arg-type]


@given(TEXT | st.text(alphabet=YAML_CHARACTERS))
def test_position_text(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "position.yaml"))
    if not isinstance(document, ZwickerError):
        check_loaded(own_error_or(lambda: position_from_document(document)))


@given(st.data(), positions(max_table=6))
def test_mutated_positions(data: st.DataObject, position: Any) -> None:
    broken = data.draw(mutated(position_to_data(position)))
    check_loaded(own_error_or(lambda: position_from_data(broken, "position.yaml")))
    text = yaml.safe_dump(broken)
    document = own_error_or(lambda: parse_yaml(text, "position.yaml"))
    if not isinstance(document, ZwickerError):
        check_loaded(own_error_or(lambda: position_from_document(document)))


@given(st.binary() | positions(max_table=6).map(lambda p: dump_position_yaml(p).encode()))
def test_position_files(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("positions") / "position.yaml"
    path.write_bytes(raw)
    check_loaded(own_error_or(lambda: load_position(path)))


# Variant specs -------------------------------------------------------------------------


def check_spec(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "fuzzed.yaml"))
    if isinstance(document, ZwickerError):
        return
    variant, problems = check_variant_document(document, expected_id="fuzzed")
    assert (variant is None) == bool(problems)
    assert all(problem.message.strip() for problem in problems)


@given(TEXT | st.text(alphabet=YAML_CHARACTERS))
def test_spec_text(text: str) -> None:
    check_spec(text)


SPECS = {variant_id: raw_spec(variant_id) for variant_id in variant_ids()}


@SLOW
@given(st.data(), st.sampled_from(sorted(SPECS)))
def test_mutated_specs(data: st.DataObject, variant_id: str) -> None:
    check_spec(yaml.safe_dump(data.draw(mutated(SPECS[variant_id])), allow_unicode=True))


@given(st.binary())
def test_spec_files(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("specs") / "fuzzed.yaml"
    path.write_bytes(raw)
    document = own_error_or(lambda: read_yaml(path))
    if not isinstance(document, ZwickerError):
        check_variant_document(document)


# Game records --------------------------------------------------------------------------

RECORDS = {
    setting: record_to_data(random_game(setting.variant_id, setting.players, 5, None)[0])
    for setting in [Setting("classic", (), 2), Setting("zwick", (), 4), Setting("grupp", (), 3)]
}


def check_record(text: str) -> None:
    document = own_error_or(lambda: parse_yaml(text, "game.yaml"))
    if isinstance(document, ZwickerError):
        return
    record = own_error_or(lambda: record_from_document(document))
    if isinstance(record, ZwickerError):
        return
    own_error_or(lambda: replay(record))


@given(TEXT | st.text(alphabet=YAML_CHARACTERS))
def test_record_text(text: str) -> None:
    check_record(text)


@SLOW
@given(st.data(), st.sampled_from(sorted(RECORDS, key=str)))
def test_mutated_records(data: st.DataObject, setting: Setting) -> None:
    broken = data.draw(mutated(RECORDS[setting]))
    note(repr(broken)[:2000])
    check_record(yaml.safe_dump(broken, allow_unicode=True))


# The command line ----------------------------------------------------------------------

# What a shell can pass: no NUL; undecodable bytes arrive as lone surrogates U+DC80-U+DCFF.
ARGUMENT = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")
    | st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF),
    max_size=12,
).filter(lambda word: not word.startswith(("/", "~")) and ".." not in word)
COMMANDS = ["validate", "variants", "legal", "play", "replay"]
FLAGS = ["--variant", "--players", "--seed", "--dealer", "--option", "-o", "--output"]
FLAGS += ["--count", "-q", "--quiet", "-h", "--help", "--version", "--"]
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


@SLOW
@given(
    command_lines(),
    st.sampled_from(list(SPECS.values())).flatmap(mutated),
    st.sampled_from(list(RECORDS.values())).flatmap(mutated),
    st.binary(max_size=200),
)
def test_command_line(
    tmp_path_factory: pytest.TempPathFactory,
    argv: list[str],
    spec: Any,
    record: Any,
    position: bytes,
) -> None:
    # `validate` without paths checks every shipped file: slow, and tested in test_cli.py.
    assume(argv[0] != "validate" or any(not word.startswith("-") for word in argv[1:]))
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
        assert "usage:" in err.getvalue()
    elif status == 1:
        assert err.getvalue().strip() or "FAIL" in out.getvalue()
    else:
        assert status == 0
        assert out.getvalue() or err.getvalue()


# Bugs the fuzzers found, fixed: they stay as regression tests ---------------------------


def test_replay_rejects_a_record_with_a_non_text_option() -> None:
    data = {**RECORDS[Setting("classic", (), 2)], "options": [1]}
    document = parse_yaml(yaml.safe_dump(data), "game.yaml")
    with pytest.raises(ZwickerError):
        replay(record_from_document(document))


def test_play_reports_an_output_file_in_a_missing_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--variant", "classic", "--players", "2", "--seed", "1"]
    with contextlib.chdir(tmp_path):
        assert main([*argv, "-o", "nodir/game.yaml"]) == 1
    assert "nodir/game.yaml" in capsys.readouterr().err
