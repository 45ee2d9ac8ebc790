"""Benchmark: machine instructions per random hand, counted by valgrind. Prints figures.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_instructions``
(``make bench-instructions``). Timings on a shared or throttled machine drift by a quarter
or more between runs, which hides the gain or loss of most single changes. An instruction
count does not drift: valgrind's ``callgrind`` tool counts the instructions a process
runs, the same whatever else the machine does, so two trees compare to within a fraction
of a percent. What it does not see is what an instruction costs (cache misses, branch
mispredictions): it is a figure for comparing code, not a speed.

For each setting (variant and player count) a child Python plays ``1`` and then ``1 +
HANDS`` seeded random hands through the tree's own ``benchmarks.bench_moves.random_hand``
(after one hand to load the variant); the difference over ``HANDS`` is the cost of one
hand, start-up and loading excluded. ``--root DIR`` measures another checkout of the
project (an older commit in a ``git worktree``, say), so two trees can be compared
setting by setting. Hash randomisation is fixed (``PYTHONHASHSEED=0``), so a run repeats.

valgrind runs code about fifty times as slowly: the default of 8 hands per setting takes
a few minutes for every setting. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from zwicker_ref.cli import quiet_on_closed_pipe

ROOT = Path(__file__).resolve().parents[1]

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

_COLLECTED = re.compile(r"Collected : (\d+)")


def instructions(valgrind: str, root: Path, variant: str, players: int, hands: int) -> int:
    """Instructions of a child process playing ``hands`` random hands from tree ``root``."""
    result = subprocess.run(
        [
            valgrind,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _CHILD,
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


def main(argv: list[str] | None = None) -> int:
    """Print instructions per random hand for each setting."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_instructions",
        description="Instructions per random hand, counted by valgrind (callgrind).",
    )
    parser.add_argument(
        "--hands", type=int, default=8, help="hands per setting, beyond the first (default 8)"
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout to measure (default: this one)",
    )
    parser.add_argument(
        "settings",
        nargs="*",
        type=_setting,
        metavar="VARIANT:PLAYERS",
        help="settings to measure (default: one or two per variant)",
    )
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands must be at least 1, not {args.hands}")
    root = args.root.resolve()
    if not (root / "benchmarks" / "bench_moves.py").is_file():
        parser.error(f"--root {args.root}: no benchmarks/bench_moves.py there")
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("bench_instructions: valgrind is not installed (apt install valgrind)")
        return 2
    print(f"Instructions per random hand ({args.hands} hands per setting; tree {root})")
    for variant, players in args.settings or SETTINGS:
        one = instructions(valgrind, root, variant, players, 1)
        more = instructions(valgrind, root, variant, players, 1 + args.hands)
        per_hand = (more - one) / args.hands
        print(f"  {variant} {players}: {per_hand / 1e6:7.2f} million", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
