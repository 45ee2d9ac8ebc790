"""Benchmark: legal-move listing and counting, serving, random play and memory. Prints figures.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_moves`` (``make
bench``): run as a module, it imports the tests' positions and the brute-force definition
with no change to ``sys.path``. ``--quick`` runs fewer hands, ``--json FILE`` also writes
every figure as JSON (never over an existing file), ``--soak HANDS`` plays that many random
hands and prints the resident memory as it goes.

What it measures (targets of issue 17; it asserts nothing):

- For each large position (``tests/positions.py``): the number of legal moves; the time to
  list them and to count them, **cold** (the first call in a fresh process, start-up
  excluded: the best and the median of several processes, as issue 17 measured the best
  of 3) and warm (best of several calls); the round trip of one ``legal`` request to
  ``zwicker serve``; and the brute-force generator's time on the same position
  (``tests/brute_force.py``, the rule written straight from the text; best of 3, taken
  between the cold processes so that a slow spell of the machine falls on both).
  Target: cold listing at least 10 times faster than the brute force; counting under 20 ms.
- Random hands a second for every variant at every player count from 2 to 6 it allows
  (target: 400; 1,000 for Dithmarschen with 4 players), and the median and 99th percentile
  time to list the legal moves of the positions met (target: median under 20 µs).
- Whole ``zwicker play --hands N`` runs, one per variant at its smallest and largest player
  count up to 6: match hands a second, start-up excluded (a one-hand run of the same
  match is timed too and taken off; target: the random-play rates above).
- ``zwicker --version``: wall-clock time of the whole process, median of 10 (target: under
  120 ms).
- Peak resident memory of the run.

In-process times are CPU time of this process (``time.process_time``): the figures of one
core, steady when other work shares the machine. Times that cross a process boundary (cold
starts, ``serve``) are wall-clock times.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from tests.brute_force import brute_force_moves
from tests.positions import large_positions
from zwicker_ref.cli import quiet_on_closed_pipe
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

ROOT = Path(__file__).resolve().parents[1]

_COLD = """
import sys, time
from tests.positions import large_positions
from zwicker_ref.engine.generation import legal_moves
position = large_positions()[sys.argv[1]]
started = time.perf_counter()
if sys.argv[2] == "list":
    list(legal_moves(position))
else:
    len(legal_moves(position))
print(time.perf_counter() - started)
"""


def cold_time(name: str, what: str) -> float:
    """Seconds of the first ``list`` or ``count`` call in a fresh process (start-up excluded)."""
    result = subprocess.run(
        [sys.executable, "-c", _COLD, name, what],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return float(result.stdout.strip())


def best_time(function: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` calls."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


class Server:
    """``zwicker serve`` in a child process, asked one request at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [zwicker_command(), "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        self.next_id = 0

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request and read its answer."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, **request}) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        """Ask the server to quit and wait for it."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"id": 0, "op": "quit"}) + "\n")
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _listed(position: Position) -> list[Move]:
    return list(legal_moves(position))


def _counted(position: Position) -> int:
    return len(legal_moves(position))


def bench_large(repeat: int, brute: bool) -> list[dict[str, Any]]:
    """Listing, counting, serving and brute-force times on the large positions."""
    print(
        f"Large positions: cold = first call in a fresh process, best and median of {repeat} "
        f"processes; warm = best of {repeat} calls"
    )
    server = Server()
    figures = []
    try:
        for name, position in large_positions().items():
            moves = len(list(legal_moves(position)))
            request = {"op": "legal", "position": position_to_data(position)}
            server.ask(request)  # the variant is loaded by the first request
            started = time.perf_counter()
            answer = server.ask(request)
            served = time.perf_counter() - started
            if not answer.get("ok") or len(answer["moves"]) != moves:
                raise RuntimeError(f"zwicker serve answered {str(answer)[:200]}")
            listed: list[float] = []
            counted: list[float] = []
            brute_times: list[float] = []
            for turn in range(repeat):
                listed.append(cold_time(name, "list") * 1e3)
                counted.append(cold_time(name, "count") * 1e3)
                if brute and turn < 3:
                    brute_times.append(best_time(partial(brute_force_moves, position), 1) * 1e3)
            entry = {
                "position": name,
                "moves": moves,
                "list_cold_ms": min(listed),
                "list_cold_median_ms": statistics.median(listed),
                "count_cold_ms": min(counted),
                "count_cold_median_ms": statistics.median(counted),
                "list_warm_ms": best_time(partial(_listed, position), repeat) * 1e3,
                "count_warm_ms": best_time(partial(_counted, position), repeat) * 1e3,
                "serve_ms": served * 1e3,
                "brute_force_ms": min(brute_times) if brute_times else None,
            }
            figures.append(entry)
            print(f"  {name}\n    {_large_line(entry)}")
    finally:
        server.close()
    return figures


def _large_line(entry: dict[str, Any]) -> str:
    brute = entry["brute_force_ms"]
    ratio = (
        ""
        if brute is None
        else (
            f"; brute force {brute:7.0f} ms ({brute / entry['list_cold_ms']:.1f}x the best "
            f"cold listing, {brute / entry['list_cold_median_ms']:.1f}x the median)"
        )
    )
    return (
        f"{entry['moves']:>6} moves: list cold {entry['list_cold_ms']:6.1f} ms (median "
        f"{entry['list_cold_median_ms']:6.1f}), warm {entry['list_warm_ms']:6.1f} ms; count cold "
        f"{entry['count_cold_ms']:5.1f} ms (median {entry['count_cold_median_ms']:5.1f}), warm "
        f"{entry['count_warm_ms']:5.1f} ms; serve {entry['serve_ms']:6.1f} ms{ratio}"
    )


def random_hand(variant_id: str, players: int, seed: int, timings: list[float] | None) -> int:
    """Play one seeded random hand; the number of moves (listing times into ``timings``)."""
    variant = load_variant(variant_id)
    p = start_hand(variant, players, players - 1, shuffled_deck(variant.rules, players, seed))
    policy = splitmix64(seed)
    moves = 0
    while not p.is_over:
        if timings is None:
            # As the record's policy plays: count, then make the one move chosen.
            choices = legal_moves(p)
            p = apply_legal(p, choices[uniform_below(len(choices), policy)])
        else:
            started = time.process_time()
            listed = list(legal_moves(p))
            timings.append(time.process_time() - started)
            p = apply_legal(p, listed[uniform_below(len(listed), policy)])
        moves += 1
    return moves


def bench_random(hands: int) -> list[dict[str, Any]]:
    """Random hands a second per variant and player count, and listing time per position."""
    print(f"Random play ({hands} hands per variant and player count; CPU time)")
    figures = []
    for variant_id in variant_ids():
        counts = sorted(n for n in load_variant(variant_id).rules.player_counts if n <= 6)
        for players in counts:
            started = time.process_time()
            for seed in range(hands):
                random_hand(variant_id, players, seed, None)
            rate = hands / (time.process_time() - started)
            # Hands not played above: replaying them would find their tables remembered.
            timings: list[float] = []
            for seed in range(hands, hands + max(1, hands // 4)):
                random_hand(variant_id, players, seed, timings)
            timings.sort()
            entry = {
                "variant": variant_id,
                "players": players,
                "hands_per_second": rate,
                "list_median_us": statistics.median(timings) * 1e6,
                "list_p99_us": timings[int(len(timings) * 0.99)] * 1e6,
            }
            figures.append(entry)
            print(
                f"  {variant_id:13s} {players} players: {rate:7.1f} hands/s; listing per "
                f"position: median {entry['list_median_us']:5.1f} us, 99th percentile "
                f"{entry['list_p99_us']:6.1f} us"
            )
    return figures


def zwicker_command() -> str:
    """The ``zwicker`` entry point installed beside this interpreter."""
    return str(Path(sys.executable).with_name("zwicker"))


def wall_time(arguments: list[str]) -> float:
    """Seconds of wall-clock time of one ``zwicker`` run (its output thrown away)."""
    started = time.perf_counter()
    subprocess.run(
        [zwicker_command(), *arguments],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
        cwd=ROOT,
    )
    return time.perf_counter() - started


def bench_match_play(hands: int) -> list[dict[str, Any]]:
    """Hands a second of whole ``zwicker play --hands`` runs, start-up taken off."""
    print(f"zwicker play --hands {hands} (wall clock, a one-hand run taken off)")
    figures = []
    for variant_id in variant_ids():
        counts = sorted(n for n in load_variant(variant_id).rules.player_counts if n <= 6)
        for players in sorted({counts[0], counts[-1]}):
            command = ["play", "--variant", variant_id, "--players", str(players), "--seed", "1"]
            one = wall_time([*command, "--hands", "1"])
            many = wall_time([*command, "--hands", str(hands)])
            rate = (hands - 1) / max(many - one, 1e-9)
            figures.append(
                {
                    "variant": variant_id,
                    "players": players,
                    "hands": hands,
                    "seconds": many,
                    "start_up_and_one_hand_seconds": one,
                    "hands_per_second": rate,
                }
            )
            print(
                f"  {variant_id:13s} {players} players: {rate:7.1f} hands/s "
                f"({many:.2f} s for {hands} hands, {one:.2f} s for one)"
            )
    return figures


def bench_version(runs: int) -> dict[str, float]:
    """Wall-clock time of ``zwicker --version``: median and range of ``runs`` runs."""
    times = sorted(wall_time(["--version"]) for _ in range(runs))
    figures = {
        "median_ms": statistics.median(times) * 1e3,
        "min_ms": times[0] * 1e3,
        "max_ms": times[-1] * 1e3,
    }
    print(
        f"zwicker --version: median {figures['median_ms']:.0f} ms "
        f"(from {figures['min_ms']:.0f} to {figures['max_ms']:.0f} ms in {runs} runs)"
    )
    return figures


def resident_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_rss_mb() -> float:
    """Resident memory now, in MB (from /proc where there is one; else the peak)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
    except OSError:
        return resident_mb()
    return int(fields[1]) * resource.getpagesize() / 2**20


def soak(hands: int) -> list[dict[str, Any]]:
    """Random hands over every variant and player count; resident memory at ten checkpoints."""
    settings = [
        (variant_id, players)
        for variant_id in variant_ids()
        for players in sorted(load_variant(variant_id).rules.player_counts)
        if players <= 6
    ]
    print(f"Soak: {hands} random hands over every variant and player count")
    checkpoints = []
    for index in range(hands):
        variant_id, players = settings[index % len(settings)]
        random_hand(variant_id, players, index, None)
        if (index + 1) % max(1, hands // 10) == 0:
            checkpoints.append({"hands": index + 1, "rss_mb": current_rss_mb()})
            print(f"  after {index + 1:>6} hands: resident {checkpoints[-1]['rss_mb']:.1f} MB")
    return checkpoints


def main() -> int:
    """Run the benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and hands")
    parser.add_argument("--no-brute-force", action="store_true", help="skip the slow baseline")
    parser.add_argument("--soak", type=int, metavar="HANDS", help="also play HANDS soak hands")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    args = parser.parse_args()
    if args.json is not None and args.json.exists():
        parser.error(f"{args.json} exists; not overwriting it")
    figures: dict[str, Any] = {
        "python": sys.version.split()[0],
        "large_positions": bench_large(2 if args.quick else 5, not args.no_brute_force),
        "random_play": bench_random(20 if args.quick else 200),
        "match_play": bench_match_play(20 if args.quick else 200),
        "version": bench_version(10),
    }
    if args.soak:
        figures["soak"] = soak(args.soak)
    figures["peak_rss_mb"] = resident_mb()
    print(f"Peak resident memory: {figures['peak_rss_mb']:.1f} MB")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
