"""Benchmark: protocol throughput of ``conform``'s client against ``zwicker serve``.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_protocol``
(``--quick`` for a short run). Prints figures; asserts nothing. Target (issue 15): at
least 2,000 ``legal`` requests a second on positions reached in random play, through the
client (:class:`~zwicker_ref.protocol.ProcessEngine`) against ``zwicker serve``. Also
prints the in-process server's cost per request and the cost of switching variants.
"""

from __future__ import annotations

import argparse
import sys
import time

from zwicker_ref.engine.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.engine.position import Position
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


def bench_client(positions: list[Position], label: str) -> None:
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
        started = time.perf_counter()
        for position in positions:
            engine.legal(position)
        elapsed = time.perf_counter() - started
    finally:
        engine.close()
    print(
        f"  client -> zwicker serve, {label}: {len(positions)} legal requests in "
        f"{elapsed:.2f} s = {len(positions) / elapsed:,.0f} requests/s"
    )


def bench_server(positions: list[Position]) -> None:
    """The server's own cost per ``legal`` request (in process, no pipes)."""
    requests = [
        {"id": i, "op": "legal", "position": position_to_data(p)} for i, p in enumerate(positions)
    ]
    started = time.perf_counter()
    for request in requests:
        answer(request)
    elapsed = time.perf_counter() - started
    print(
        f"  server in process: {elapsed / len(requests) * 1e6:.0f} us a legal request "
        f"({len(requests) / elapsed:,.0f} requests/s)"
    )


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    args = parser.parse_args()
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
    print(f"Protocol throughput ({hands} random hands)")
    bench_server(one)
    bench_client(one, "one variant")
    bench_client(switching, f"variant switching at every request ({len(variants)} variants)")


if __name__ == "__main__":
    main()
