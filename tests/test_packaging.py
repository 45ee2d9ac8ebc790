"""The package as a user installs it: a wheel in a fresh virtual environment, no checkout.

Builds the sdist from this checkout and the wheel from the sdist, installs the wheel into
a new virtual environment (its dependencies come from the package index, as for any
user), and runs the installed ``zwicker`` from a directory outside any checkout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from zwicker_ref.documents.corpus import content_digest, corpus_version

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = len(list((ROOT / "scenarios").rglob("*.yaml")))


def _run(*command: str | Path, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "ZWICKER_CORPUS"}
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=check,
        timeout=600,
    )


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # python -m build makes the sdist, then the wheel from the sdist: the wheel test also
    # shows that the sdist is complete.
    _run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=ROOT)
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    environment = tmp_path_factory.mktemp("venv")
    venv.create(environment, with_pip=True)
    (wheel,) = dist.glob("*.whl")
    _run(environment / "bin" / "python", "-m", "pip", "install", "--quiet", wheel, cwd=environment)
    return environment / "bin"


def test_the_wheel_carries_the_spec_and_the_corpus(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "zwicker_ref/spec/corpus.yaml" in names
    assert sum(name.startswith("zwicker_ref/scenarios/") for name in names) == SCENARIOS
    assert sum(name.startswith("zwicker_ref/spec/variants/") for name in names) == 6


def test_the_installed_command_runs_the_shipped_corpus_outside_a_checkout(
    installed: Path, tmp_path: Path
) -> None:
    result = _run(installed / "zwicker", "check", cwd=tmp_path, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert re.fullmatch(
        f"{SCENARIOS} passed, 0 failed in [0-9]+\\.[0-9] s", result.stdout.splitlines()[-1]
    )
    assert result.stderr == ""


def test_the_installed_version_names_the_shipped_corpus(installed: Path, tmp_path: Path) -> None:
    result = _run(installed / "zwicker", "--version", cwd=tmp_path)
    digest, _ = content_digest(ROOT)
    lines = result.stdout.splitlines()
    assert lines[1:3] == [f"corpus {corpus_version(ROOT)}", f"digest {digest}"]
    assert "shipped with the installed package" in lines[3]
    assert result.stderr == ""


def test_the_installed_package_reports_the_shipped_corpus(installed: Path, tmp_path: Path) -> None:
    code = (
        "from zwicker_ref.documents.corpus import corpus_identity as c; i = c(); "
        "print(i.version, i.digest, i.root.origin.value)"
    )
    result = _run(installed / "python", "-c", code, cwd=tmp_path)
    digest, _ = content_digest(ROOT)
    assert result.stdout.split() == [corpus_version(ROOT), digest, "shipped"]


def test_the_sdist_carries_the_spec_and_the_corpus(dist: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert any(name.endswith("/spec/corpus.yaml") for name in names)
    assert sum("/scenarios/" in name and name.endswith(".yaml") for name in names) == SCENARIOS
