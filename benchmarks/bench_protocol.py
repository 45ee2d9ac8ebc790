"""Benchmark: protocol throughput of ``conform``'s client against ``zwicker serve``.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_protocol``
(``--quick`` for a short run). Prints figures; asserts nothing. Target (issue 15): at
least 2,000 ``legal`` requests a second on positions reached in random play, through the
client (:class:`~zwicker_ref.protocol.ProcessEngine`) against ``zwicker serve``. Also
prints the in-process server's cost per request and the cost of switching variants, and
(unless ``--quick``) the whole corpus through ``zwicker serve`` beside ``zwicker check``
(goal: no more than 1.5 times as long; ``make bench`` has ``bench_fuzz`` time it,
beside the fuzzing rates).

Each timed loop runs ``--repeat`` times (default 3) and the best is printed: other work
on the machine only ever slows a run down. Beside the wall-clock rate, the client's CPU
time per request is printed (``time.process_time``), which such work disturbs less. The
requests go one at a time (as a game is played) and, where the client can send them
together (``legal_each``, as a perft walk asks for a ply), pipelined. The same script
runs against an older checkout (``PYTHONPATH=OLD python -m benchmarks.bench_protocol``
from inside it), which sends one request at a time only, so figures compare line by
line.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from zwicker_ref.cli import quiet_on_closed_pipe
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.protocol import ProcessEngine, answer
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

SERVE = f"{sys.executable} -m zwicker_ref serve"


def random_positions(hands: int, variants: list[str]) -> list[Position]:
    """Every position of ``hands`` seeded random hands per variant (4 players or fewer)."""
    positions: list[Position] = []
    for variant_id in variants:
        variant = load_variant(variant_id)
        players = min(variant.rules.player_counts, key=lambda count: abs(count - 4))
        for seed in range(hands):
            deck = shuffled_deck(variant.rules, players, seed)
            position = start_hand(variant, players, players - 1, deck)
            policy = splitmix64(seed)
            while not position.is_over:
                positions.append(position)
                moves = list(legal_moves(position))
                position = apply_legal(position, moves[uniform_below(len(moves), policy)])
    return positions


def best_of(repeat: int, run: Callable[[], None]) -> tuple[float, float]:
    """The best wall-clock and CPU seconds of ``repeat`` runs of ``run``."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def bench_client(positions: list[Position], label: str, repeat: int) -> None:
    """``legal`` requests a second through the client against ``zwicker serve``.

    The engine is started, and sees each variant once, outside the timing: loading a
    variant's spec is a one-off cost, printed on its own.
    """
    engine = ProcessEngine(SERVE)
    try:
        firsts = {p.variant: p for p in reversed(positions)}
        started = time.perf_counter()
        engine.legal(positions[0])
        print(f"  engine start: {(time.perf_counter() - started) * 1000:.0f} ms")
        for variant, position in firsts.items():
            started = time.perf_counter()
            engine.legal(position)
            elapsed = (time.perf_counter() - started) * 1000
            print(f"    first request of {variant}: {elapsed:.1f} ms")

        def one_at_a_time() -> None:
            for position in positions:
                engine.legal(position)

        wall, cpu = best_of(repeat, one_at_a_time)
        _report(f"client -> zwicker serve, {label}", len(positions), wall, cpu)
        together = getattr(engine, "legal_each", None)
        if together is not None:
            wall, cpu = best_of(repeat, lambda: together(positions))
            _report(f"  the same, pipelined (legal_each), {label}", len(positions), wall, cpu)
    finally:
        # A runner waits for the engine to end after quit; the reference used to spend
        # over a second freeing a long session's memory first.
        started = time.perf_counter()
        engine.close()
        print(f"  engine stop (quit to exit): {(time.perf_counter() - started) * 1000:.0f} ms")


def _report(label: str, requests: int, wall: float, cpu: float) -> None:
    print(
        f"  {label}: {requests} legal requests in {wall:.2f} s = {requests / wall:,.0f} "
        f"requests/s (client CPU {cpu / requests * 1e6:.0f} us a request)"
    )


def bench_server(positions: list[Position], repeat: int) -> None:
    """The server's own cost per ``legal`` request (in process, no pipes).

    Each request is a JSON line read and answered, as ``serve`` does; every position is
    new to the server, as in random play (positions it has read are forgotten between
    runs where the server remembers them).
    """
    lines = [
        json.dumps({"id": i, "op": "legal", "position": position_to_data(p)})
        for i, p in enumerate(positions)
    ]
    forget = getattr(sys.modules["zwicker_ref.protocol.server"], "_known", None)

    def serve_all() -> None:
        if forget is not None:
            forget.cache_clear()
        for line in lines:
            json.dumps(answer(json.loads(line)))

    serve_all()  # the variants' specs are loaded once, outside the timing
    _wall, cpu = best_of(repeat, serve_all)
    print(
        f"  server in process: {cpu / len(lines) * 1e6:.0f} us a legal request "
        f"({len(lines) / cpu:,.0f} requests/s, CPU time)"
    )


def bench_corpus(repeat: int) -> None:
    """The whole corpus in process (``zwicker check``) and through ``zwicker serve``.

    Whole commands, as a user runs them (start-up and reading the corpus included), each
    run printed with its wall-clock and CPU seconds (all its processes: ``conform`` and
    the engine it drives), then the best of ``repeat``; the goal (issue 35) is conform at
    most 1.5 times as long as check, wall-clock. The CPU seconds are the work of both
    processes together: the engine answers the scenarios to come while the runner reads
    the corpus and checks answers, so conform's CPU time exceeds its wall-clock time, and
    its CPU ratio the wall ratio. Other work on the machine lengthens wall-clock time (the
    load average is printed beside). The engine is ``zwicker serve`` run through
    :mod:`benchmarks.serve_cpu`, which reports its own CPU seconds: the client's share is
    the rest.
    """
    zwicker = [sys.executable, "-m", "zwicker_ref"]
    with tempfile.TemporaryDirectory() as scratch:
        serve_cpu = Path(scratch) / "serve-cpu"
        engine = f"{sys.executable} -m benchmarks.serve_cpu {serve_cpu}"
        commands = {
            "zwicker check": [*zwicker, "check"],
            "zwicker conform --engine 'zwicker serve'": [*zwicker, "conform", "--engine", engine],
        }
        best: dict[str, tuple[float, float]] = {}
        for _ in range(repeat):
            for label, command in commands.items():
                serve_cpu.unlink(missing_ok=True)
                started, used = time.perf_counter(), _children_cpu()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                wall, cpu = time.perf_counter() - started, _children_cpu() - used
                served = ""
                if serve_cpu.exists():
                    engines = [float(line) for line in serve_cpu.read_text().split()]
                    served = (
                        f" (zwicker serve {sum(engines):.2f} s, client {cpu - sum(engines):.2f} s)"
                    )
                load = ", ".join(f"{figure:.2f}" for figure in os.getloadavg())
                print(f"  {label}: wall {wall:.2f} s, CPU {cpu:.2f} s{served}; load {load}")
                wall_best, cpu_best = best.get(label, (wall, cpu))
                best[label] = (min(wall, wall_best), min(cpu, cpu_best))
    (check_wall, check_cpu), (conform_wall, conform_cpu) = best.values()
    print(
        f"  best of {repeat}: check wall {check_wall:.2f} s, CPU {check_cpu:.2f} s; "
        f"conform wall {conform_wall:.2f} s, CPU {conform_cpu:.2f} s"
    )
    print(
        f"  conform / check: wall {conform_wall / check_wall:.2f}, "
        f"CPU {conform_cpu / check_cpu:.2f} (goal of issue 35: 1.5 or less)"
    )


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (and theirs), user and system."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timed loop")
    parser.add_argument(
        "--no-corpus", action="store_true", help="not the whole corpus (bench_fuzz times it)"
    )
    parser.add_argument(
        "--only-corpus", action="store_true", help="only the whole corpus, check beside serve"
    )
    args = parser.parse_args()
    if args.only_corpus:
        print(f"The whole corpus ({args.repeat} runs of each)")
        bench_corpus(args.repeat)
        return
    hands = 3 if args.quick else 10
    variants = list(variant_ids())
    one = random_positions(hands, ["dithmarschen"])
    mixed = random_positions(max(1, hands // 3), variants)
    # Interleave the variants so that every request switches variant.
    switching = [
        p
        for group in zip(*[[p for p in mixed if p.variant == v] for v in variants], strict=False)
        for p in group
    ]
    print(f"Protocol throughput ({hands} random hands, best of {args.repeat})")
    bench_server(one, args.repeat)
    bench_client(one, "one variant", args.repeat)
    bench_client(
        switching, f"variant switching at every request ({len(variants)} variants)", args.repeat
    )
    if not (args.quick or args.no_corpus):
        print(f"The whole corpus ({args.repeat} runs of each)")
        bench_corpus(args.repeat)


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
