"""The layers contracts (pyproject.toml) hold, and an upward import breaks them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter not installed")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    # PYTHONPATH makes grimp analyse this tree's package, not the installed one.
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(tree / "pyproject.toml")],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _copy(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy(ROOT / "pyproject.toml", tree)
    shutil.copytree(
        ROOT / "zwicker_ref", tree / "zwicker_ref", ignore=shutil.ignore_patterns("__pycache__")
    )
    return tree


def test_the_layers_contract_holds(tmp_path: Path) -> None:
    result = _lint(_copy(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("engine/core/position.py", "from zwicker_ref.formats import notation"),
        ("rules/variant.py", "from zwicker_ref.engine.core import position"),
        ("conformance/runner.py", "from zwicker_ref import site"),
        ("site/__init__.py", "from zwicker_ref import protocol"),
        ("engine/core/values.py", "from zwicker_ref.engine.check import obligation"),
        ("engine/core/position.py", "from zwicker_ref.engine.listing import listing"),
        ("engine/check/legality.py", "from zwicker_ref.engine.listing import mover_view"),
        ("engine/listing/mover_view.py", "from zwicker_ref.engine.check import obligation"),
        ("engine/listing/listing.py", "from zwicker_ref.engine import play"),
    ],
)
def test_an_upward_import_breaks_the_contract(tmp_path: Path, module: str, upward: str) -> None:
    tree = _copy(tmp_path)
    path = tree / "zwicker_ref" / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{upward}  # noqa\n", encoding="utf-8")
    result = _lint(tree)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout


def test_the_public_api_resolves() -> None:
    import zwicker_ref

    assert sorted(zwicker_ref.__all__) == sorted(["__version__", *zwicker_ref._HOME])
    for name in zwicker_ref.__all__:
        assert getattr(zwicker_ref, name) is not None, name
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = zwicker_ref.no_such_name
