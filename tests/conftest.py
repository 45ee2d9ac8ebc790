"""Shared fixtures: the repository root, the rule sources, and mutable copies of specs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase
from hypothesis import settings as hypothesis_settings

from tests.engine_timeouts import ANSWER_TIMEOUT, greet_patiently
from zwicker_ref.protocol import ProcessEngine

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "spec" / "variants"
MKDOCS = Path(sys.executable).parent / "mkdocs"


def sources_dir() -> Path | None:
    """The rule sources: $ZWICKER_SOURCES, or shared/sources beside the checkout."""
    configured = os.environ.get("ZWICKER_SOURCES")
    candidates = [Path(configured)] if configured else []
    candidates.append(ROOT.parent / "shared" / "sources")
    for candidate in candidates:
        if (candidate / "README.md").is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def sources() -> Path:
    found = sources_dir()
    if found is None:
        pytest.skip(
            "rule sources not found: set ZWICKER_SOURCES to the directory of the source "
            "files (CI has them at ../shared/sources)"
        )
    return found


def raw_spec(variant_id: str) -> dict[str, Any]:
    """A fresh, mutable copy of a shipped spec's YAML data."""
    data = yaml.safe_load((VARIANTS / f"{variant_id}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def clause_of(data: dict[str, Any], clause_id: str) -> dict[str, Any]:
    """The clause with ``clause_id`` in raw spec data."""
    for clause in data["clauses"]:
        if clause["id"] == clause_id:
            return clause  # type: ignore[no-any-return]
    raise KeyError(clause_id)


# `make test` runs the suite on every core (pytest-xdist, `-n auto --dist loadgroup`). A
# module fixture that builds something slow (the site, the package) is built once by each
# worker that runs a test using it: the tests using one are kept on one worker.
_ONE_WORKER = {
    "built_site": "site",
    "corpus_ids": "site",
    "dist": "package",
    "installed": "package",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep the tests sharing a slow module fixture together (the xdist_group mark).

    First: xdist's own hook, which reads the marks, runs before this one otherwise (it
    is registered later), and then sees none: every worker built the site.
    """
    for item in items:
        names = getattr(item, "fixturenames", ())
        group = next((_ONE_WORKER[name] for name in names if name in _ONE_WORKER), None)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(autouse=True)
def _engine_starts_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every engine process a test starts, directly or through ``zwicker conform``, is
    waited for as long as it takes to start (tests/engine_timeouts.py): its requests keep
    their timeout, which only a hang may run out."""
    monkeypatch.setattr(ProcessEngine, "_greet", greet_patiently)


@pytest.fixture
def write_spec(tmp_path: Path) -> Callable[[dict[str, Any], str], Path]:
    """Write raw spec data to a temporary file named after the variant id."""

    def write(data: dict[str, Any], name: str = "") -> Path:
        path = tmp_path / f"{name or data['id']}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        return path

    return write


# Hypothesis profiles: `ci` (the default, derandomized so every run tests the same examples)
# and `nightly` (`make fuzz`: many more examples, random each run, no deadline). Choose with
# HYPOTHESIS_PROFILE. Deadlines are off in both: a whole hand of twelve players is slow on
# a busy machine, and a timing failure would say nothing about the rules.
_SLOW_DATA = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
hypothesis_settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_DATA,
)
hypothesis_settings.register_profile(
    "nightly",
    max_examples=2000,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_DATA,
)
# `mutants` (tests/mutants.py): the ci profile's examples without shrinking or explaining,
# so a law that catches a deliberate fault says so in seconds.
hypothesis_settings.register_profile(
    "mutants",
    hypothesis_settings.get_profile("ci"),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


SITE_DIR = "ZWICKER_SITE_DIR"
"""Names the directory the session builds the site into (``make test``: ``site``, where
``make docs`` builds it, so that the suite's build is the docs build); else a temporary
one."""


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once for the session by ``mkdocs build --strict`` (the one build:
    the tests using it, the browser tests' server too, run on one worker)."""
    named = os.environ.get(SITE_DIR)
    site = (ROOT / named).resolve() if named else tmp_path_factory.mktemp("site")
    subprocess.run(
        [str(MKDOCS), "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"},
        check=True,
    )
    return site


@pytest.fixture
def process() -> Iterator[Callable[..., ProcessEngine]]:
    """Engine processes started by a test, each closed after it.

    Each answer is waited for with ``timeout`` (by default ANSWER_TIMEOUT, reached only on
    a fault); the engine's start with ANSWER_TIMEOUT in any case (above).
    """
    started: list[ProcessEngine] = []

    def start(command: str, timeout: float = ANSWER_TIMEOUT) -> ProcessEngine:
        engine = ProcessEngine(command, timeout=timeout)
        started.append(engine)
        return engine

    yield start
    for engine in started:
        engine.close()
