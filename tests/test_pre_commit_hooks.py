"""The pre-commit hooks in a scratch git repository: what each one stops from being committed.

pre-commit itself is not installed by the project (and could not fetch the hooks'
environment offline), so the tests do what it does: list the staged files, keep those
each hook's ``files`` pattern matches (``re.search`` on the path from the repository
root) and run the hook's ``entry`` on them from the repository root. A hook fails the
commit when its command's status is not 0.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT
from zwicker_ref.cli import main

CASE = ROOT / "scenarios/classic/generator/copies-in-hand.yaml"
HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An engine's repository with one valid scenario committed."""
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "config", "user.email", "engine@example.org")
    _git(tmp_path, "config", "user.name", "Engine")
    (tmp_path / "scenarios").mkdir()
    shutil.copy(CASE, tmp_path / "scenarios" / CASE.name)
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "first case")
    monkeypatch.chdir(tmp_path)  # pre-commit runs hooks from the repository root
    return tmp_path


def _stage(repo: Path, name: str, text: str) -> None:
    (repo / name).parent.mkdir(parents=True, exist_ok=True)
    (repo / name).write_text(text, encoding="utf-8")
    _git(repo, "add", name)


def _failing_hooks(repo: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """Each hook that fails on the staged files, with what it printed."""
    staged = _git(repo, "diff", "--cached", "--name-only", "--diff-filter=ACMR").split()
    failed: dict[str, str] = {}
    for hook in HOOKS:
        files = [name for name in staged if re.search(hook["files"], name)]
        if not files:
            continue
        program, *arguments = hook["entry"].split()
        assert program == "zwicker"
        status = main([*arguments, *files])
        printed = capsys.readouterr()
        if status != 0:
            failed[hook["id"]] = printed.out + printed.err
    return failed


def test_the_hooks_pass_a_good_case(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CASE.read_text(encoding="utf-8").replace("cls-gen-copies-in-hand", "mine-copies")
    _stage(repo, "scenarios/mine.yaml", text)
    assert _failing_hooks(repo, capsys) == {}


def test_a_wrong_expected_count_fails_the_commit(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CASE.read_text(encoding="utf-8")
    _stage(repo, f"scenarios/{CASE.name}", text.replace("count: 14", "count: 13"))
    failed = _failing_hooks(repo, capsys)
    assert set(failed) == {"zwicker-check"}  # valid and canonical, but wrong
    assert "cls-gen-copies-in-hand" in failed["zwicker-check"]


def test_a_duplicate_id_fails_the_commit(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CASE.read_text(encoding="utf-8").replace("cls-gen-copies-in-hand", "mine-twice")
    _stage(repo, "scenarios/a/one.yaml", text)
    _stage(repo, "scenarios/b/two.yaml", text)
    failed = _failing_hooks(repo, capsys)
    assert "zwicker-validate" in failed
    assert (
        "scenarios/b/two.yaml:2: at id id 'mine-twice' is already used by "
        "scenarios/a/one.yaml:2 [duplicate-scenario-id]"
    ) in failed["zwicker-validate"]


@pytest.mark.parametrize("field", ["title", "expect"])
def test_a_left_placeholder_fails_the_commit(
    repo: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    text = CASE.read_text(encoding="utf-8")
    if field == "title":
        text = re.sub("(?m)^title: .*$", "title: 'TODO: what the case shows, in one line'", text)
    else:
        start = text.index("expect:")
        text = text[:start] + "expect: 'TODO: derive the expectation by hand'\n"
    _stage(repo, "scenarios/mine.yaml", text.replace("cls-gen-copies-in-hand", "mine"))
    failed = _failing_hooks(repo, capsys)
    assert "zwicker-validate" in failed
    assert f"at {field} a placeholder of zwicker new is left" in failed["zwicker-validate"]
    assert "[skeleton-placeholder]" in failed["zwicker-validate"]
