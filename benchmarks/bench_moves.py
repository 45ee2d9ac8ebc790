"""Benchmark: legal-move generation and random play. Prints figures; asserts nothing.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_moves`` (``make
bench``; ``--quick`` for a short run): run as a module, it imports the tests' position
builders with no change to ``sys.path``.
Figures are for one core of the machine it runs on. Targets (issue 3): legal moves of
positions reached in random play under 2 ms (median); on the hardest constructed
positions at least 250 000 legal moves a second of output; at least 400 random
``dithmarschen`` hands a second.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from tests.positions import pile, position
from zwicker_ref.engine.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.engine.position import Position
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def hard_positions() -> dict[str, Position]:
    """Constructed positions with large tables, dual cards, builds and jokers in hand."""
    small = [f"{rank}{suit}" for rank in "A234" for suit in "CDHS"]
    return {
        "16 small cards (A-4 x4), 6 high cards in hand": position(
            "dithmarschen", ["KH QH JH 10H 9H 8H", "5C", "5D", "5S"], small
        ),
        "13 distinct ranks + 3, jokers in hand": position(
            "dithmarschen",
            ["KH QH JH 10H 9H JK25", "6H", "6D", "6S"],
            [f"{rank}C" for rank in RANKS] + ["AD", "2D", "3D"],
        ),
        "grupp: 12 small cards + 2 wild jokers on the table, jokers in hand": position(
            "grupp",
            ["JKW1 JKW2 KH QH", "5C"],
            [f"{rank}{suit}" for rank in "A234" for suit in "CDH"] + ["JKW3", "JKW4"],
        ),
        "grossenwiehe: 10 table cards with builds, 6 players": position(
            "grossenwiehe",
            ["KH QH JK30 JK25 9H", "5C", "5H", "5S", "6C", "6D"],
            [
                "AS",
                "2S",
                "3S",
                "4S",
                "JS",
                "QS",
                "KS",
                "AD",
                pile("10D 5D", 15, 1),
                pile("9C", 9, 0),
            ],
        ),
        "zwick: club seven and diamond seven with 12 table cards": position(
            "zwick",
            ["7C 7D KH QH", "6C", "6D", "6S"],
            [f"{rank}{suit}" for rank in "A2345" for suit in "SH"] + ["JS", "QD"],
        ),
    }


def time_call(function: Callable[[], object], repeat: int) -> float:
    """The best wall time of ``repeat`` calls."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - started)
    return best


def bench_hard(repeat: int) -> None:
    """Print listing and counting speed on the hardest constructed positions."""
    print("Hardest constructed positions (best of", repeat, "runs)")
    for name, p in hard_positions().items():
        listing = time_call(lambda p=p: list(legal_moves(p)), repeat)
        counting = time_call(lambda p=p: count_legal_moves(p), repeat)
        moves = len(legal_moves(p))
        print(
            f"  {name}\n    {moves:>7} moves: list {listing * 1000:8.1f} ms "
            f"({moves / listing:>9,.0f} moves/s), count {counting * 1000:7.2f} ms"
        )


def random_hand(variant_id: str, players: int, seed: int, timings: list[float] | None) -> int:
    """Play one seeded random hand; the number of moves (generation times into ``timings``)."""
    variant = load_variant(variant_id)
    p = start_hand(variant, players, players - 1, shuffled_deck(variant.rules, players, seed))
    policy = splitmix64(seed)
    moves = 0
    while not p.is_over:
        started = time.perf_counter()
        choices = list(legal_moves(p))
        if timings is not None:
            timings.append(time.perf_counter() - started)
        p = apply_legal(p, choices[uniform_below(len(choices), policy)])
        moves += 1
    return moves


def bench_random(hands: int) -> None:
    """Print random hands per second per variant and the generation time per position."""
    print(f"Random play ({hands} hands per variant and player count)")
    timings: list[float] = []
    for variant_id in variant_ids():
        for players in sorted(load_variant(variant_id).rules.player_counts):
            if players > 6:
                continue
            started = time.perf_counter()
            for seed in range(hands):
                random_hand(variant_id, players, seed, None)
            elapsed = time.perf_counter() - started
            print(f"  {variant_id:13s} {players:2d} players: {hands / elapsed:8.1f} hands/s")
    for seed in range(hands):
        random_hand("dithmarschen", 4, seed, timings)
    timings.sort()
    print(
        f"  dithmarschen legal moves per reached position: median "
        f"{statistics.median(timings) * 1e6:.0f} us, 99th percentile "
        f"{timings[int(len(timings) * 0.99)] * 1e6:.0f} us, max {timings[-1] * 1e3:.1f} ms"
    )


def main() -> None:
    """Run the benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and hands")
    args = parser.parse_args()
    bench_hard(2 if args.quick else 5)
    bench_random(20 if args.quick else 200)


if __name__ == "__main__":
    main()
