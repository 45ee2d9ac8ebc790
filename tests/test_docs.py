"""The reference pages name exactly what the code and schemas define."""

import re

from tests.conftest import ROOT
from zwicker_ref.rules.spec_loader import PARAMETER_DEFAULTS, parameter_names

SPEC_FORMAT = ROOT / "docs" / "reference" / "spec-format.md"


def test_every_parameter_is_documented_once() -> None:
    text = SPEC_FORMAT.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z.-]+)` \|(.*)$", text, re.MULTILINE)
    assert sorted(name for name, _ in rows) == sorted(parameter_names())
    for name, meaning in rows:
        assert ("*Default" in meaning) == (name in PARAMETER_DEFAULTS), name


def test_readme_quick_start_is_the_two_make_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make check", "make test"]


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert [line for line in script.splitlines() if line.startswith("make")] == ["make test"]
