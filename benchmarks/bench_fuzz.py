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
seconds each command used in all its processes (the engine and the workers too, and
their engines: on Linux the benchmark adopts and waits for every process a command
leaves behind, such as a fork server), which such work disturbs less: two jobs at twice
one job's rate need the same CPU seconds.

The parallel efficiency of ``--jobs 2`` follows, which load disturbs less than a wall
ratio (``--efficiency R`` runs, default 3; 0 leaves it out): the median over the runs of
the CPU seconds of ``--jobs 2`` over those of ``--jobs 1`` (the work must not grow), and
of each process's idle fraction: the part of the run's time before the process's first
engine request and after its last one (the run's own process first, then the worker).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from benchmarks.bench_protocol import SERVE, bench_corpus
from benchmarks.traced_engine import traced_engine
from zwicker_ref.cli import quiet_on_closed_pipe
from zwicker_ref.conformance.fuzz import fuzz, games_for
from zwicker_ref.conformance.fuzz_jobs import start_workers

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
        wall = time.perf_counter() - started
        _reap_left_behind()
        cpu = _children_cpu() - used
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


def _adopt_descendants() -> bool:
    """Adopt every process a command leaves behind (Linux); whether it could.

    Their CPU seconds then count: a fork server's, and its workers' engines'.
    """
    if not sys.platform.startswith("linux"):
        return False
    pr_set_child_subreaper = 36
    return bool(ctypes.CDLL(None, use_errno=True).prctl(pr_set_child_subreaper, 1) == 0)


def _reap_left_behind() -> None:
    """Wait for every process left behind by a finished command (adopted, see above)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def traced_run(serve: bool, hands: int, trace: Path) -> None:
    """One ``--fuzz HANDS --seed 1 --jobs 2`` run as the CLI makes it, its engines traced.

    As the CLI does, the games are found, the worker started, then this process's engine.
    Prints the run's seconds; each process's first and last request go to ``trace``
    (:mod:`benchmarks.traced_engine`).
    """
    factory = partial(traced_engine, SERVE if serve else None, str(trace), os.getpid())
    games = games_for()
    workers = start_workers(factory, 1)
    engine = factory()
    try:
        summary = fuzz(engine, hands, seed=1, games=games, jobs=2, factory=factory, workers=workers)
    finally:
        engine.close()
    print(json.dumps({"seconds": summary.seconds, "positions": summary.positions}))


def efficiency(hands: int, serve: bool, runs: int) -> str:
    """The medians over ``runs`` of the CPU ratio and each process's idle fraction."""
    ratios, idles = [], []
    for _ in range(runs):
        single = fuzz_run(hands, SERVE if serve else None, 1, 1)
        with tempfile.TemporaryDirectory() as scratch:
            trace = Path(scratch) / "trace"
            command = [sys.executable, "-m", "benchmarks.bench_fuzz", "--traced-run"]
            command += ["serve" if serve else "here", str(hands), str(trace)]
            used = _children_cpu()
            done = subprocess.run(command, check=True, capture_output=True, text=True)
            _reap_left_behind()
            cpu = _children_cpu() - used
            seconds = json.loads(done.stdout)["seconds"]
            spans = [json.loads(line) for line in trace.read_text().splitlines()]
        spans.sort(key=lambda span: not span["main"])  # the run's own process first
        idles.append([1 - (span["last"] - span["first"]) / seconds for span in spans])
        ratios.append(cpu / single["cpu"])
    idle = " and ".join(
        f"{statistics.median(run[index] for run in idles):.1%}"
        for index in range(min(map(len, idles)))
    )
    return f"CPU x{statistics.median(ratios):.2f} of --jobs 1, idle {idle} (run's own, worker)"


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands a run (default 200)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (best printed)")
    parser.add_argument("--no-corpus", action="store_true", help="only the fuzzing rates")
    parser.add_argument(
        "--efficiency", type=int, default=3, metavar="R", help="runs of --jobs 2's efficiency"
    )
    parser.add_argument("--traced-run", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.traced_run:
        where, hands, trace = args.traced_run
        traced_run(where == "serve", int(hands), Path(trace))
        return
    adopted = _adopt_descendants()
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
    cores = os.cpu_count() or 1
    for label, single in (("in process", here), ("through zwicker serve", served)):
        double = runs[f"{label}, --jobs 2"]
        # Two jobs cannot go faster than the cores allow: a run through serve keeps more
        # than one core busy (the run and its engine), so two of them share two cores.
        busy = single["cpu"] / single["wall"]
        ceiling = min(2.0, cores / busy)
        print(
            f"  --jobs 2 / --jobs 1 rate, {label}: {double['rate'] / single['rate']:.2f} "
            f"(goal: 1.7 or more on 2 cores; at most {ceiling:.2f} on {cores} cores, "
            f"--jobs 1 keeping {busy:.2f} busy)"
        )
    if args.efficiency > 0:
        load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
        print(f"--jobs 2's efficiency, median of {args.efficiency} runs (load average {load})")
        if not adopted:
            print("  (processes left behind are not counted here: CPU seconds may be low)")
        for label, serve in (("in process", False), ("through zwicker serve", True)):
            print(f"  {label}: {efficiency(args.hands, serve, args.efficiency)}")
    if not args.no_corpus:
        print("The whole corpus (1 run of each)")
        bench_corpus(1)


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
