"""Benchmark: machine instructions per random hand, counted by valgrind. Prints figures.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_instructions``
(``make bench-instructions``). Timings on a shared or throttled machine drift by a quarter
or more between runs, which hides the gain or loss of most single changes. An instruction
count does not drift: valgrind's ``callgrind`` tool counts the instructions a process
runs, the same whatever else the machine does, so two trees compare to within a fraction
of a percent. What it does not see is what an instruction costs (cache misses, branch
mispredictions): it is a figure for comparing code, not a speed.

For each setting (variant and player count) a child Python plays seeded random hands
through the tree's own ``benchmarks.bench_moves.random_hand``: one to load the variant
and hand 0, then hands 1 to ``HANDS``, counted alone: they are played inside a ctypes
callback, and callgrind collects only inside the C function that runs such callbacks
(``--collect-atstart=no --toggle-collect=closure_fcn``), so that start-up and loading
are run but not counted; the count over ``HANDS`` is the cost of one hand. Where that
function is not known by name (a stripped interpreter) nothing is collected, and the
setting is counted as before: two children play ``1`` and ``1 + HANDS`` hands, and the
difference over ``HANDS`` is the cost of one hand. ``--root DIR`` measures another checkout of the
project (an older commit in a ``git worktree``, say), so two trees can be compared
setting by setting. Hash randomisation is fixed (``PYTHONHASHSEED=0``), so a run repeats.

The guard (``make bench-instructions``, part of ``make test``): ``--check`` compares each
setting's figure with the committed baseline (``benchmarks/instructions_baseline.json``,
written by ``--save``) and fails, exit status 1, where it rose by more than 5 per cent: the
engine must not get slower (issue 35). A fall of more than 5 per cent is reported, with
the advice to lower the baseline (``--save``), so that later rises count from there. The
baseline holds the CPython version it was counted with; another version counts otherwise,
so the figures are then printed and not compared, and without valgrind the check is
skipped, saying so (``.ci/run`` installs it).

valgrind runs code about fifty times as slowly, and most of its time goes on starting
Python: each setting takes about ten seconds of a core per process (one process; two
where the callback's function is not known), the hands a fraction of a second each. The
settings are counted in parallel, one process per core.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.cli import quiet_on_closed_pipe

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "benchmarks" / "instructions_baseline.json"
"""The committed figures the guard compares with (``--check``; ``--save`` writes them)."""

TOLERANCE = 0.05
"""The largest rise of a setting's instructions per hand that the guard lets pass."""

SETTINGS = (
    ("christiansen", 2),
    ("classic", 2),
    ("classic", 6),
    ("dithmarschen", 4),
    ("grossenwiehe", 4),
    ("grupp", 3),
    ("zwick", 2),
)
"""The settings measured unless others are named: each variant, the slowest player counts."""

_CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from benchmarks.bench_moves import random_hand
variant, players, hands = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
random_hand(variant, players, 1_000_000, None)  # load the variant and its tables
for seed in range(hands):
    random_hand(variant, players, seed, None)
"""

_CHILD_COUNTED_INSIDE = """
import ctypes, sys
sys.path.insert(0, sys.argv[1])
from benchmarks.bench_moves import random_hand
variant, players, hands = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
random_hand(variant, players, 1_000_000, None)  # load the variant and its tables
random_hand(variant, players, 0, None)
def counted():
    for seed in range(1, 1 + hands):
        random_hand(variant, players, seed, None)
    return 0
ctypes.CFUNCTYPE(ctypes.c_int)(counted)()  # collected: only inside closure_fcn
"""

_INSIDE = ["--collect-atstart=no", "--toggle-collect=closure_fcn"]
"""callgrind collects only inside the C function of ctypes that runs a Python callback."""

_COLLECTED = re.compile(r"Collected : (\d+)")


def instructions(
    valgrind: str,
    root: Path,
    variant: str,
    players: int,
    hands: int,
    child: str = _CHILD,
    options: tuple[str, ...] = (),
) -> int:
    """Instructions of a child process playing ``hands`` random hands from tree ``root``."""
    result = subprocess.run(
        [
            valgrind,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            *options,
            sys.executable,
            "-c",
            child,
            str(root),
            variant,
            str(players),
            str(hands),
        ],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
    )
    found = _COLLECTED.search(result.stderr)
    if result.returncode != 0 or found is None:
        # The child's own last line of error, not valgrind's (its lines start with ==pid==).
        lines = [line for line in result.stderr.splitlines() if line and line[:2] != "=="]
        tail = lines[-1] if lines else "(no output)"
        raise SystemExit(f"bench_instructions: {variant} with {players} players failed: {tail}")
    return int(found.group(1))


def _setting(text: str) -> tuple[str, int]:
    variant, _, players = text.partition(":")
    if not players.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not VARIANT:PLAYERS (e.g. grupp:3)")
    return variant, int(players)


def per_hand(valgrind: str, root: Path, variant: str, players: int, hands: int) -> float:
    """Instructions of one random hand: hands 1 to ``hands`` counted alone, over ``hands``.

    Where nothing was collected (the callback's C function not known by name): ``1 +
    hands`` hands less one, over ``hands``, in two processes.
    """
    inside = instructions(
        valgrind, root, variant, players, hands, _CHILD_COUNTED_INSIDE, tuple(_INSIDE)
    )
    if inside > 0:
        return inside / hands
    one = instructions(valgrind, root, variant, players, 1)
    more = instructions(valgrind, root, variant, players, 1 + hands)
    return (more - one) / hands


def python_version() -> str:
    """The CPython version that counts (major.minor): another one runs other instructions."""
    return f"{sys.version_info.major}.{sys.version_info.minor}"


class BaselineError(Exception):
    """A baseline file that cannot be read: its name and the problem, in one line."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Baseline:
    """Committed figures: instructions per hand by setting, and how they were counted."""

    python: str
    hands: int
    per_hand: dict[tuple[str, int], float]


def setting_name(variant: str, players: int) -> str:
    """A setting as the baseline file and the command line write it: ``grupp:3``."""
    return f"{variant}:{players}"


def read_baseline(path: Path) -> Baseline:
    """The baseline in ``path`` (BaselineError naming the file and what is wrong)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BaselineError(f"{path}: cannot read it ({error.strerror})") from None
    except ValueError as error:
        raise BaselineError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise BaselineError(f"{path}: not a JSON object")
    python, hands, figures = data.get("python"), data.get("hands"), data.get("per_hand")
    if not isinstance(python, str):
        raise BaselineError(f"{path}: 'python' must be a version such as \"3.11\"")
    if type(hands) is not int or hands < 1:
        raise BaselineError(f"{path}: 'hands' must be a whole number, at least 1")
    if not isinstance(figures, dict) or not figures:
        raise BaselineError(f"{path}: 'per_hand' must map settings to instructions per hand")
    per_hand: dict[tuple[str, int], float] = {}
    for name, figure in figures.items():
        try:
            setting = _setting(name)
        except argparse.ArgumentTypeError as error:
            raise BaselineError(f"{path}: per_hand: {error}") from None
        if type(figure) not in (int, float) or not figure > 0:
            raise BaselineError(f"{path}: per_hand.{name} must be a positive number")
        per_hand[setting] = float(figure)
    return Baseline(python=python, hands=hands, per_hand=per_hand)


def baseline_data(hands: int, figures: dict[tuple[str, int], float]) -> dict[str, Any]:
    """What ``--save`` writes: the figures (whole instructions) and how they were counted."""
    return {
        "python": python_version(),
        "hands": hands,
        "per_hand": {setting_name(*setting): round(figure) for setting, figure in figures.items()},
    }


@dataclass(frozen=True, kw_only=True, slots=True)
class Verdict:
    """One setting held to its baseline figure."""

    setting: tuple[str, int]
    baseline: float
    now: float

    @property
    def change(self) -> float:
        """The relative change, +0.05 for a rise of 5 per cent."""
        return self.now / self.baseline - 1

    @property
    def rose(self) -> bool:
        """True when the setting rose by more than the tolerance: the guard fails."""
        return self.now - self.baseline > TOLERANCE * self.baseline

    @property
    def fell(self) -> bool:
        """True when it fell by more than the tolerance: time to lower the baseline."""
        return self.baseline - self.now > TOLERANCE * self.baseline

    def line(self) -> str:
        """The setting, both figures and the change, marked where the guard fails."""
        mark = "  ROSE: over 5 per cent" if self.rose else ("  fell" if self.fell else "")
        return (
            f"  {self.setting[0]} {self.setting[1]}: {self.now / 1e6:7.2f} million "
            f"(baseline {self.baseline / 1e6:7.2f}, {self.change:+.1%}){mark}"
        )


def main(argv: list[str] | None = None) -> int:
    """Print instructions per random hand for each setting; held to the baseline with --check."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_instructions",
        description="Instructions per random hand, counted by valgrind (callgrind).",
    )
    parser.add_argument(
        "--hands",
        type=int,
        default=None,
        help="hands per setting, beyond the first (default 8; with --check, the baseline's)",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout to measure (default: this one)",
    )
    guard = parser.add_mutually_exclusive_group()
    guard.add_argument(
        "--check",
        nargs="?",
        const=BASELINE,
        type=Path,
        metavar="FILE",
        help="compare with the baseline (default benchmarks/instructions_baseline.json); "
        "exit status 1 where a setting rose by more than 5 per cent",
    )
    guard.add_argument(
        "--save",
        nargs="?",
        const=BASELINE,
        type=Path,
        metavar="FILE",
        help="write the figures as the baseline (default benchmarks/instructions_baseline.json)",
    )
    parser.add_argument(
        "settings",
        nargs="*",
        type=_setting,
        metavar="VARIANT:PLAYERS",
        help="settings to measure (default: one or two per variant; with --check, the baseline's)",
    )
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        parser.error(f"--hands must be at least 1, not {args.hands}")
    root = args.root.resolve()
    if not (root / "benchmarks" / "bench_moves.py").is_file():
        parser.error(f"--root {args.root}: no benchmarks/bench_moves.py there")
    baseline = None
    if args.check is not None:
        try:
            baseline = read_baseline(args.check)
        except BaselineError as error:
            print(f"bench_instructions: {error}", file=sys.stderr)
            return 2
        unknown = [s for s in args.settings if s not in baseline.per_hand]
        if unknown:
            parser.error(f"{setting_name(*unknown[0])} has no figure in {args.check}")
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        if baseline is not None:
            print("bench_instructions: valgrind is not installed: the guard is skipped")
            return 0
        print("bench_instructions: valgrind is not installed (apt install valgrind)")
        return 2
    if baseline is not None and baseline.python != python_version():
        print(
            f"bench_instructions: the baseline was counted with CPython {baseline.python}, "
            f"this is {python_version()}: another interpreter runs other instructions, so "
            "the guard is skipped (count a baseline with --save on one interpreter)"
        )
        return 0
    hands = args.hands or (baseline.hands if baseline is not None else 8)
    settings = args.settings or (list(baseline.per_hand) if baseline is not None else SETTINGS)
    print(f"Instructions per random hand ({hands} hands per setting; tree {root})")
    figures: dict[tuple[str, int], float] = {}
    verdicts: list[Verdict] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        counted = pool.map(lambda s: per_hand(valgrind, root, *s, hands), settings)
        for setting, figure in zip(settings, counted, strict=True):
            figures[setting] = figure
            if baseline is None:
                print(f"  {setting[0]} {setting[1]}: {figure / 1e6:7.2f} million", flush=True)
                continue
            verdicts.append(
                Verdict(setting=setting, baseline=baseline.per_hand[setting], now=figure)
            )
            print(verdicts[-1].line(), flush=True)
    if args.save is not None:
        args.save.write_text(json.dumps(baseline_data(hands, figures), indent=1) + "\n", "utf-8")
        print(f"baseline written to {args.save}")
    if baseline is None:
        return 0
    if any(verdict.fell for verdict in verdicts):
        print("Some settings fell by more than 5 per cent: lower the baseline with --save.")
    risen = [setting_name(*verdict.setting) for verdict in verdicts if verdict.rose]
    if risen:
        print(f"FAILED: instructions per hand rose by more than 5 per cent in {', '.join(risen)}")
        return 1
    print("passed: no setting rose by more than 5 per cent")
    return 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
