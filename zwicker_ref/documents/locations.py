"""Where the shipped specification and corpus live: inside the package, or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def spec_dir() -> Path:
    """The ``spec/`` directory: shipped inside the package, or beside it in a checkout."""
    for candidate in (_PACKAGE / "spec", _PACKAGE.parent / "spec"):
        if (candidate / "schema").is_dir():
            return candidate
    raise FileNotFoundError(f"no spec/ directory next to {_PACKAGE}")


def scenarios_dir() -> Path:
    """The ``scenarios/`` directory of the corpus, beside ``spec/``."""
    return spec_dir().parent / "scenarios"
