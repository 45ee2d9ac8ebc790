"""Benchmark: random play beside a floor engine that does a fraction of the rule. Prints figures.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_floor`` (``make
bench-floor``). ``--hands N`` sets the hands per setting (default 200), ``--rounds N`` how
often each engine's turns are timed (default 3, the best counts), ``--json FILE`` also
writes every figure as JSON (never over an existing file). It asserts nothing.

Issue 17 asks random play of at least 400 hands a second in every variant at every player
count, and 1,000 in Dithmarschen with 4 players: a time budget per turn of play. This puts
each setting's turns beside what plain CPython does, on the same machine in the same run,
for the same positions with nearly nothing of the rule in them.

For each setting, in each round:

- the **reference** plays seeded random hands it has not played before, as ``make bench``
  does (``benchmarks.bench_moves.random_hand``: count the legal moves, draw one with
  ``uniform_below`` over SplitMix64, make it, play it; shuffling and dealing included, as
  in the hand rate the targets are about). Its time per turn is that time over the turns;
- the **floor engine** then takes the same turns, on every position those hands met,
  reduced to numbers beforehand (untimed): the hand's cards as the values they take when
  capturing, offer on the table, build with (the lowest) and back in hand, read from the
  reference's tables; the table as the values its items offer a capture. It counts its
  moves, draws one the same way and plays it on lists changed in place:

  - a capture takes any set of table items that splits into groups all adding up to one
    value the played card takes. The table's subsets are searched once for the whole hand
    and combined into each card's captures by the reference's own functions
    (:mod:`zwicker_ref.engine.core.captures`: ``subset_totals``, ``groups_by_value``,
    ``feasible_subsets``); they are sorted only for the card whose capture is drawn;
  - a build is one card alone, or onto one item announcing the sum of its and the item's
    lowest value, where the rest of the hand backs that value;
  - there are no owners or owner obligation, builds of more cards, jokers' own rules,
    sweeps, zwicks, captured piles, shuffling, dealing or scoring, and no position, move
    or card objects.

The floor is not a rule and says nothing about correctness (``tests/test_bench_floor.py``
holds its captures to their definition, so that it cannot look fast by doing less than it
says). It is a yardstick: an engine searching the same way does all of this work per turn
and more. The figure to read is the turn budget of a target (the time a turn may take at
that rate, with the setting's turns per hand) beside the floor's time per turn: a budget
near or under the floor's time is out of reach of an engine written this way. (The floor
neither shuffles nor deals, which the budget must also pay for: if anything, the ratio of
budget to floor flatters the target.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.bench_moves import random_hand
from zwicker_ref.cli import quiet_on_closed_pipe
from zwicker_ref.engine.core.captures import feasible_subsets, groups_by_value, subset_totals
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.listing.mover_view import capture_shape
from zwicker_ref.engine.listing.rule_tables import rule_tables
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

TARGETS = {("dithmarschen", 4): 1000}
"""Issue 17's random-play targets, hands a second, where they are not :data:`TARGET`."""

TARGET = 400
"""Issue 17's random-play target for every other setting, hands a second."""


FloorCard = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""A card as the floor engine sees it: the values it takes when capturing, the values it
offers on the table, its lowest value when built, and the values it backs in hand (a bit
set): the reference's :class:`~zwicker_ref.engine.listing.rule_tables.CardFacts`, as numbers."""

Captures = list[set[int] | tuple[()]]
"""Each card's captures, as item sets (bit masks of table places) in no order."""


def floor_position(position: Position) -> tuple[list[FloorCard], list[tuple[int, ...]]]:
    """The hand to move and the table of ``position``, as the floor engine sees them."""
    facts = rule_tables(position.rules).facts
    hand = [
        (fact.capture, fact.table, min(fact.build or (1,)), fact.holds)
        for fact in map(facts.__getitem__, position.hands[position.to_move])
    ]
    return hand, list(capture_shape(position))


def floor_turn(hand: list[FloorCard], table: list[tuple[int, ...]], policy: Iterator[int]) -> None:
    """One turn of the floor engine: count the moves, draw one, play it on the lists."""
    captures, builds = _moves(hand, table)
    count = len(hand) + sum(map(len, captures)) + sum(map(len, builds))
    _play(hand, table, uniform_below(count, policy), captures, builds)


def _moves(hand: list[FloorCard], table: list[tuple[int, ...]]) -> tuple[Captures, list[list[int]]]:
    """Each card's captures (item sets) and builds (their targets: -1 alone, or a place).

    A card captures the item sets that split into groups all adding up to one value it
    takes. It builds alone, or onto an item (announcing its build value and the item's
    lowest), where the rest of the hand backs the value.
    """
    wanted = 0
    for card in hand:
        for value in card[0]:
            wanted |= 1 << value
    groups = groups_by_value(subset_totals(table, wanted.bit_length() - 1), wanted) if table else {}
    captures: Captures = []
    for takes, _offers, _built, _holds in hand:
        if len(takes) == 1:
            captures.append(feasible_subsets(groups[takes[0]]) if takes[0] in groups else ())
        else:
            found: set[int] = set()
            for value in takes:
                if value in groups:
                    found |= feasible_subsets(groups[value])
            captures.append(found)
    # What the rest of the hand backs, card by card: a value one card holds leaves with
    # it, a value two cards hold stays (the reference's own shortcut).
    seen = twice = 0
    for card in hand:
        twice |= seen & card[3]
        seen |= card[3]
    lows = [min(values) if values else -1 for values in table]
    builds = []
    for _takes, _offers, built, holds in hand:
        rest = seen & ~holds | holds & twice
        reached = [-1] if rest >> built & 1 else []
        for place, low in enumerate(lows):
            if low >= 0 and rest >> built + low & 1:
                reached.append(place)
        builds.append(reached)
    return captures, builds


def _play(
    hand: list[FloorCard],
    table: list[tuple[int, ...]],
    drawn: int,
    captures: Captures,
    builds: list[list[int]],
) -> None:
    """Make move number ``drawn`` (trails, then captures, then builds, card by card)."""
    if drawn < len(hand):
        table.append(hand.pop(drawn)[1])
        return
    drawn -= len(hand)
    for index, masks in enumerate(captures):
        if drawn < len(masks):
            mask = sorted(masks)[drawn]
            table[:] = [item for place, item in enumerate(table) if not mask >> place & 1]
            del hand[index]
            return
        drawn -= len(masks)
    for index, targets in enumerate(builds):
        if drawn < len(targets):
            built = hand.pop(index)[2]
            place = targets[drawn]
            if place < 0:
                table.append((built,))
            else:
                table[place] = (built + min(table[place]),)
            return
        drawn -= len(targets)
    raise AssertionError("the moves drawn from add up to the count")  # pragma: no cover


def played_positions(variant_id: str, players: int, seeds: range) -> list[Position]:
    """Every position met in the seeded random hands of ``random_hand``, in order."""
    variant = load_variant(variant_id)
    positions = []
    for seed in seeds:
        position = start_hand(
            variant, players, players - 1, shuffled_deck(variant.rules, players, seed)
        )
        policy = splitmix64(seed)
        while not position.is_over:
            positions.append(position)
            choices = legal_moves(position)
            position = apply_legal(position, choices[uniform_below(len(choices), policy)])
    return positions


def turn_times(variant_id: str, players: int, hands: int, rounds: int) -> dict[str, float]:
    """The reference's and the floor's least time per turn (µs, CPU), and turns per hand.

    Each round the reference plays ``hands`` hands it has not played before (its
    remembered tables stay as cold as in ``make bench``); then the floor engine takes the
    turns of the positions those hands met, reduced to numbers beforehand.
    """
    best = {"reference": float("inf"), "floor": float("inf")}
    turns = 0
    for round_ in range(rounds):
        seeds = range(round_ * hands, (round_ + 1) * hands)
        started = time.process_time()
        turns = sum(random_hand(variant_id, players, seed, None) for seed in seeds)
        spent = time.process_time() - started
        best["reference"] = min(best["reference"], spent / turns)
        reduced = [
            floor_position(position) for position in played_positions(variant_id, players, seeds)
        ]
        policy = splitmix64(round_)
        started = time.process_time()
        for hand, table in reduced:
            floor_turn(hand, table, policy)
        best["floor"] = min(best["floor"], (time.process_time() - started) / len(reduced))
    return {
        "turns_per_hand": turns / hands,
        "reference_us_per_turn": best["reference"] * 1e6,
        "floor_us_per_turn": best["floor"] * 1e6,
    }


def bench(hands: int, rounds: int) -> list[dict[str, Any]]:
    """Both engines' time per turn for every variant at every player count from 2 to 6."""
    print(
        f"Random play, the reference beside the floor engine on the same positions ({hands} "
        f"hands a round, best of {rounds} rounds; CPU time)"
    )
    print(
        "  setting                  turns/hand   µs per turn: reference   floor   "
        "target    budget per turn    budget / floor"
    )
    figures = []
    for variant_id in variant_ids():
        counts = sorted(n for n in load_variant(variant_id).rules.player_counts if n <= 6)
        for players in counts:
            random_hand(variant_id, players, 1_000_000, None)  # load the variant and its tables
            entry: dict[str, Any] = {"variant": variant_id, "players": players}
            entry.update(turn_times(variant_id, players, hands, rounds))
            target = TARGETS.get((variant_id, players), TARGET)
            budget = 1e6 / target / entry["turns_per_hand"]
            entry["target_hands_per_second"] = target
            entry["budget_us_per_turn"] = budget
            entry["reference_hands_per_second"] = 1e6 / (
                entry["reference_us_per_turn"] * entry["turns_per_hand"]
            )
            figures.append(entry)
            print(
                f"  {variant_id:13s} {players} players {entry['turns_per_hand']:8.1f}   "
                f"{entry['reference_us_per_turn']:20.1f}   {entry['floor_us_per_turn']:5.1f}   "
                f"{target:6d}   {budget:12.1f} µs   {budget / entry['floor_us_per_turn']:12.2f}"
            )
    return figures


def main() -> int:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per setting (200)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the best counts (3)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    args = parser.parse_args()
    for name in ("hands", "rounds"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    if args.json is not None and args.json.exists():
        parser.error(f"{args.json} exists; not overwriting it")
    figures = {"python": sys.version.split()[0], "random_play": bench(args.hands, args.rounds)}
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
