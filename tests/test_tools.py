"""The contributor tools: ``zwicker fmt`` (the canonical layout) and ``zwicker new``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT
from zwicker_ref.cli import main
from zwicker_ref.conformance.layout import canonical_data, comment_problems, format_scenario_text
from zwicker_ref.errors import ErrorCode, InvalidFileError

CORPUS = sorted((ROOT / "scenarios").rglob("*.yaml"))
CASE = ROOT / "scenarios" / "christiansen" / "build" / "ace-on-nine.yaml"


def test_the_whole_corpus_is_in_the_canonical_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--check"]) == 0
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == f"{len(CORPUS)} canonical, 0 would be reformatted, 0 refused"
    )


@pytest.mark.parametrize("path", CORPUS, ids=[path.stem for path in CORPUS])
def test_formatting_keeps_the_meaning_and_is_a_fixpoint(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    formatted = format_scenario_text(text, str(path))
    assert format_scenario_text(formatted, str(path)) == formatted
    assert yaml.safe_load(formatted) == canonical_data(yaml.safe_load(text))


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / CASE.name
    shutil.copy(CASE, path)
    return path


def test_check_finds_keys_and_cards_out_of_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _copy(tmp_path)
    text = path.read_text(encoding="utf-8")
    shuffled = text.replace("hands: [[AH, 2H, 7H],", "hands: [[7H, AH, 2H],")
    shuffled = shuffled.replace(
        "kind: legal-moves\nvariant: christiansen\n", "variant: christiansen\nkind: legal-moves\n"
    )
    assert shuffled != text
    path.write_text(shuffled, encoding="utf-8")
    assert main(["fmt", "--check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"DIFFERS {path}:4:" in out
    assert "[fmt-differs]" in out
    assert path.read_text(encoding="utf-8") == shuffled  # --check writes nothing
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == text


def test_a_file_with_a_comment_is_refused_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _copy(tmp_path)
    text = path.read_text(encoding="utf-8").replace("table: [9S]", "table: [9S]   # the nine")
    text = text.replace("hands: [[AH, 2H, 7H],", "hands: [[7H, AH, 2H],")
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    assert main(["fmt", str(path)]) == 1
    out = capsys.readouterr().out
    assert "REFUSED" in out
    assert "[fmt-comment]" in out
    assert "'# the nine'" in out
    assert path.read_bytes() == before


def test_a_hash_inside_a_card_or_a_text_is_not_a_comment() -> None:
    text = "captured: [[10D#2, AC]]\nnote: 'see #3'\ntitle: a#hashtag\n"
    assert comment_problems(text, "x.yaml") == []
    # A space before the hash makes a comment in YAML, even after a plain value.
    assert len(comment_problems("title: a #hashtag\n", "x.yaml")) == 1
    assert [problem.line for problem in comment_problems("a: 1  # one\n# two\n", "x")] == [1, 2]


def test_an_invalid_scenario_is_refused(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    text = path.read_text(encoding="utf-8").replace("players: 4", "players: 9")
    with pytest.raises(InvalidFileError) as raised:
        format_scenario_text(text, str(path))
    assert raised.value.code is ErrorCode.UNSUPPORTED_PLAYER_COUNT


# zwicker new -------------------------------------------------------------------------------

POSITION = """\
format: 1
variant: dithmarschen
options: []
players: 4
dealer: 3
to_move: 0
stage: 1
hands: [[2H, 7H, AH], [5C], [5D], [5S]]
table: [9S]
stock: []
captured: [[], []]
zwicks: [0, 0]
last_capture: null
"""


def test_a_skeleton_fails_until_its_expectation_is_derived(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "position.yaml"
    position.write_text(POSITION, encoding="utf-8")
    out = tmp_path / "case.yaml"
    argv = ["new", "legal-moves", "--variant", "dithmarschen", "--from", str(position)]
    assert main([*argv, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "provenance: hand" in text
    assert "id: dith-legal-moves-new-1" in text
    assert "build.holding" in text  # a suggested clause
    assert main(["validate", str(out)]) == 1
    assert "TODO: derive the expectation by hand" in capsys.readouterr().out
    # The author derives it: three trails, the 2 builds 7 or 11, the 7 builds 2.
    completed = text.replace(
        "expect: 'TODO: derive the expectation by hand from the rule text (see the description)'",
        "expect:\n  moves: [AH, 2H, 7H, 2H>9S=7@0, 2H>9S=11@0, 7H>9S=2@0]",
    )
    completed = completed.replace(
        "title: 'TODO: what the case shows, in one line'",
        "title: The two and the seven build on the nine",
    )
    out.write_text(completed)
    # The description still holds its placeholder: refused until it says the reasoning.
    assert main(["check", str(out)]) == 1
    assert "[skeleton-placeholder]" in capsys.readouterr().out
    start = completed.index("description: >-")
    end = completed.index("\nposition:")
    reasoning = "description: The 2 and 7 build on the 9, the ace cannot; three trails."
    out.write_text(completed[:start] + reasoning + completed[end:])
    assert main(["check", str(out)]) == 0


def test_a_golden_skeleton_passes_and_says_it_is_golden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "position.yaml"
    position.write_text(POSITION, encoding="utf-8")
    for kind in ("legal-moves", "move", "deal"):
        out = tmp_path / f"{kind}.yaml"
        source = [] if kind == "deal" else ["--from", str(position)]
        assert (
            main(["new", kind, "--variant", "dithmarschen", *source, "--golden", "-o", str(out)])
            == 0
        )
        assert "provenance: golden" in out.read_text(encoding="utf-8")
        assert main(["check", str(out)]) == 0, kind
        assert main(["fmt", "--check", str(out)]) == 0, kind
    capsys.readouterr()


def test_new_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "case.yaml"
    out.write_text("mine\n", encoding="utf-8")
    assert main(["new", "deal", "--variant", "zwick", "-o", str(out)]) == 2
    assert out.read_text(encoding="utf-8") == "mine\n"
    assert "[output-exists]" in capsys.readouterr().err


def test_the_pre_commit_hooks_name_existing_commands() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    from zwicker_ref.cli import commands

    names = {command.name for command in commands()}
    assert {hook["id"] for hook in hooks} == {"zwicker-validate", "zwicker-fmt", "zwicker-check"}
    for hook in hooks:
        program, command = hook["entry"].split()[:2]
        assert program == "zwicker"
        assert command in names
        assert hook["language"] == "python"


def _hook_files(hook_id: str) -> str:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return str(next(hook["files"] for hook in hooks if hook["id"] == hook_id))


@pytest.mark.parametrize(
    ("path", "validated", "formatted"),
    [
        ("scenarios/zwick/build/case.yaml", True, True),
        ("tests/conformance/scenarios/extra.yml", True, True),
        ("spec/variants/house.yaml", True, False),
        (".pre-commit-config.yaml", False, False),
        (".github/workflows/ci.yml", False, False),
        ("mkdocs.yml", False, False),
        ("spec/sources.yaml", False, False),
        ("my_scenarios/case.yaml", False, False),
    ],
)
def test_the_pre_commit_hooks_select_only_scenario_and_spec_files(
    path: str, validated: bool, formatted: bool
) -> None:
    # pre-commit matches `files` with re.search against the path from the repository root.
    assert bool(re.search(_hook_files("zwicker-validate"), path)) is validated
    assert bool(re.search(_hook_files("zwicker-fmt"), path)) is formatted


def test_the_pre_commit_hooks_pass_in_an_engine_repository(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An engine's repository: its pre-commit config, a CI workflow and extra scenarios.
    files = {
        ".pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks: []\n",
        ".github/workflows/ci.yml": "on: push\njobs: {}\n",
        f"scenarios/extra/{CASE.name}": CASE.read_text(encoding="utf-8"),
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    for hook_id, command in (("zwicker-validate", "validate"), ("zwicker-fmt", "fmt")):
        selected = [name for name in files if re.search(_hook_files(hook_id), name)]
        assert selected == [f"scenarios/extra/{CASE.name}"], hook_id
        flag = "--quiet" if command == "validate" else "--check"
        assert main([command, flag, *(str(tmp_path / name) for name in selected)]) == 0
    # What the old `files: \.ya?ml$` also passed fails: the config is no zwicker file.
    assert main(["validate", "--quiet", str(tmp_path / ".pre-commit-config.yaml")]) == 1
    assert "[file-kind-unknown]" in capsys.readouterr().out
