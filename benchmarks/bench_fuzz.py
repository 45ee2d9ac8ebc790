"""Benchmark: fuzzing rates (``zwicker conform --fuzz``) beside the corpus times.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_fuzz``
(``--hands N``, default 200; ``--repeat R``, default 1; ``--no-corpus``). Prints
figures; asserts nothing. Each run is a whole command as a user runs it, with ``--json``
for its figures: positions a second over the run (the engine's start and the probing of
the games included; the command's own start-up not). Issue 35's goals:

- fuzzing through ``zwicker serve`` at most 2.2 times the in-process time;
- ``--jobs 2`` at least 1.7 times the rate of ``--jobs 1`` on two cores;
- the whole corpus through ``zwicker serve`` at most 1.5 times ``zwicker check``;

all measured in the same run. Where other work shares the machine, every figure is
slower and the ratios drift: the load average is printed with them, and the CPU
seconds each command used in all its processes (the engine and the workers too), which
such work disturbs less: two jobs at twice one job's rate need the same CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

from benchmarks.bench_protocol import SERVE, bench_corpus
from zwicker_ref.cli import quiet_on_closed_pipe

ZWICKER = [sys.executable, "-m", "zwicker_ref"]


def fuzz_run(hands: int, engine: str | None, jobs: int, repeat: int) -> dict[str, float]:
    """The best of ``repeat`` runs: seconds and positions a second."""
    command = [*ZWICKER, "conform", "--fuzz", str(hands), "--seed", "1", "--json"]
    if engine is not None:
        command += ["--engine", engine]
    if jobs > 1:
        command += ["--jobs", str(jobs)]
    best: dict[str, float] = {}
    for _ in range(repeat):
        started, used = time.perf_counter(), _children_cpu()
        done = subprocess.run(command, check=False, capture_output=True, text=True)
        wall, cpu = time.perf_counter() - started, _children_cpu() - used
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")
        fuzzed = json.loads(done.stdout)["fuzz"]
        run = {
            "wall": wall,
            "seconds": fuzzed["seconds"],
            "positions": fuzzed["positions"],
            "rate": fuzzed["rates"]["positions_per_second"],
            "cpu": cpu,
        }
        if not best or run["seconds"] < best["seconds"]:
            best = run
    return best


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (and theirs), user and system."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands a run (default 200)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (best printed)")
    parser.add_argument("--no-corpus", action="store_true", help="only the fuzzing rates")
    args = parser.parse_args()
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(
        f"Fuzzing {args.hands} hands, seed 1 (best of {args.repeat}; {os.cpu_count()} cores, "
        f"load average {load})"
    )
    runs = {
        "in process": fuzz_run(args.hands, None, 1, args.repeat),
        "through zwicker serve": fuzz_run(args.hands, SERVE, 1, args.repeat),
        "in process, --jobs 2": fuzz_run(args.hands, None, 2, args.repeat),
        "through zwicker serve, --jobs 2": fuzz_run(args.hands, SERVE, 2, args.repeat),
    }
    for label, run in runs.items():
        print(
            f"  {label}: {run['positions']:.0f} positions in {run['seconds']:.2f} s = "
            f"{run['rate']:,.0f} positions/s (command {run['wall']:.2f} s, "
            f"CPU {run['cpu']:.2f} s in all its processes)"
        )
    here, served = runs["in process"], runs["through zwicker serve"]
    print(f"  serve / in process: {served['seconds'] / here['seconds']:.2f} (goal: 2.2 or less)")
    for label, single in (("in process", here), ("through zwicker serve", served)):
        double = runs[f"{label}, --jobs 2"]
        print(
            f"  --jobs 2 / --jobs 1 rate, {label}: {double['rate'] / single['rate']:.2f} "
            "(goal: 1.7 or more on 2 cores)"
        )
    if not args.no_corpus:
        print("The whole corpus (1 run of each)")
        bench_corpus(1)


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
