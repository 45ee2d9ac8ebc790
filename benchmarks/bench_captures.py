"""Benchmark: the capture search on the large positions, cold. Prints figures.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_captures``. For
each large position (``tests/positions.py``) and each card of the mover's hand: how many
item sets the card can capture (:func:`~zwicker_ref.engine.core.captures.capture_masks`), the
time to list them and the time to count them
(:func:`~zwicker_ref.engine.core.captures.count_capture_masks`).

Every figure is taken cold, in a fresh process (start-up and imports excluded), as CPU time
of that process (``time.process_time``), the best of ``--runs`` runs:

- *list*: the cards' calls in hand order in one process, each card's time on its own; the
  position's total is what listing every card's captures costs from a cold start;
- *count*: each card in a process of its own, so each count is the first call for the
  table.

The budget is issue 17's (listing ten times faster than a brute-force generator, less
what turning masks into moves needs): the capture search may take half of it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from zwicker_ref.cli import quiet_on_closed_pipe

ROOT = Path(__file__).resolve().parents[1]

BUDGET_MS = {
    "dithmarschen 4p: A-4 x4": 800,
    "dithmarschen 4p: A-K of clubs": 170,
    "grossenwiehe 6p": 40,
    "grossenwiehe 4p": 60,
    "classic 2p": 6,
    "christiansen 3p": 90,
    "grupp 2p": 300,
    "zwick 4p": 6,
}
"""The time budget per position (by the start of its name); the search may take half."""

_RUN = """
import json, sys, time
from benchmarks.bench_captures import inputs
from zwicker_ref.engine.core.captures import capture_masks, count_capture_masks
offered, bound, cards = inputs(sys.argv[1])
only = int(sys.argv[3])
found = []
for index, (card, values) in enumerate(cards):
    if only >= 0 and index != only:
        continue
    started = time.process_time()
    if sys.argv[2] == "list":
        answer = len(capture_masks(offered, values, bound))
    else:
        answer = count_capture_masks(offered, values, bound)
    found.append((card, answer, (time.process_time() - started) * 1000))
print(json.dumps(found))
"""


def inputs(name: str) -> tuple[tuple[tuple[int, ...], ...], int, list[tuple[str, tuple[int, ...]]]]:
    """A large position's table values, capture bound, and each hand card's capture values.

    The table values are those the lister asks about: each item's in canonical table
    order, none for an item the variant's joker restrictions keep from being taken.
    """
    from tests.positions import large_positions
    from zwicker_ref.engine.core.values import value_table
    from zwicker_ref.engine.listing.mover_view import capture_shape

    position = large_positions()[name]
    values = value_table(position.rules)
    offered = capture_shape(position)
    hand = sorted(position.hands[position.to_move], key=lambda card: card.sort_key)
    return offered, values.capture_bound, [(str(card), values.use(card).capture) for card in hand]


def _cold(name: str, mode: str, only: int = -1) -> list[tuple[str, int, float]]:
    result = subprocess.run(
        [sys.executable, "-c", _RUN, name, mode, str(only)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(row) for row in json.loads(result.stdout)]  # type: ignore[misc]


def _budget(name: str) -> int:
    return next(ms for start, ms in BUDGET_MS.items() if name.startswith(start))


def main() -> None:
    """Print, per position and card: captures, cold list and count times; totals vs budget."""
    from tests.positions import large_positions

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="best of this many cold runs")
    parser.add_argument("--only", default="", help="only the positions whose name starts so")
    arguments = parser.parse_args()
    print(f"{'position / card':<34} {'captures':>9} {'list ms':>9} {'count ms':>9}")
    for name in large_positions():
        if not name.startswith(arguments.only):
            continue
        cards = len(inputs(name)[2])
        listed = [_cold(name, "list") for _ in range(arguments.runs)]
        counted = [
            [_cold(name, "count", index)[0] for _ in range(arguments.runs)]
            for index in range(cards)
        ]
        print(name)
        for index in range(cards):
            card, captures, _ = listed[0][index]
            list_ms = min(run[index][2] for run in listed)
            count_ms = min(run[2] for run in counted[index])
            assert all(run[1] == captures for run in counted[index])
            print(f"  {card:<32} {captures:>9} {list_ms:>9.2f} {count_ms:>9.2f}")
        total = min(sum(row[2] for row in run) for run in listed)
        budget = _budget(name)
        print(
            f"  {'all cards (list, one process)':<32} {'':>9} {total:>9.2f}"
            f"   budget {budget / 2:g} ms (half of {budget}): {100 * total / (budget / 2):.0f}%"
        )


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
