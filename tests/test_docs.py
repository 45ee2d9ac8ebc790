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


ARCHITECTURE = ROOT / "docs" / "reference" / "architecture.md"
PACKAGE = ROOT / "zwicker_ref"


def test_the_architecture_page_names_every_module() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"^- `([a-z_/]+\.py)`:", text, re.MULTILINE))
    modules = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")}
    assert named == modules


def test_the_architecture_page_states_the_layers_contract_and_the_public_api() -> None:
    import tomllib

    import zwicker_ref

    text = ARCHITECTURE.read_text(encoding="utf-8")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = config["tool"]["importlinter"]["contracts"][0]
    rows = re.findall(r"^\| (\d) \| (.+?) \|", text, re.MULTILINE)
    stated = [
        " | ".join(f"zwicker_ref.{name}" for name in re.findall(r"`(\w+)`", packages))
        for _, packages in sorted(rows, key=lambda row: -int(row[0]))
    ]
    assert stated == contract["layers"][:-1]  # the last is _version, below errors
    api = text.split("## The public API", 1)[1]
    assert set(re.findall(r"`(\w+)`", api.split("```", 1)[0])) >= set(zwicker_ref.__all__)


def test_the_readme_layout_names_every_module_of_each_subpackage() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for package in sorted(path for path in PACKAGE.iterdir() if (path / "__init__.py").exists()):
        [row] = re.findall(rf"^\| `zwicker_ref/{package.name}/` \|(.*)$", readme, re.MULTILINE)
        named = set(re.findall(r"`(\w+)`", row))
        modules = {path.stem for path in package.rglob("*.py")} - {"__init__", "__main__"}
        assert modules <= named, f"{package.name}: {sorted(modules - named)} not in the README"
