"""Benchmark: random play beside a floor engine that does a fraction of the rule. Prints figures.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_floor`` (``make
bench-floor``). ``--hands N`` sets the hands per setting (default 200), ``--json FILE``
also writes every figure as JSON (never over an existing file). It asserts nothing.

Issue 17 asks random play of at least 400 hands a second in every variant at every player
count, and 1,000 in Dithmarschen with 4 players. This puts each setting's rate beside what
plain CPython does, on the same machine in the same run, for a game with nearly nothing of
the rule in it. The floor engine plays the reference's hands reduced to numbers:

- every card is one number: the lowest value it takes when capturing;
- a capture takes any set of table items that splits into groups each adding up to the
  played card's number. The table's subsets are searched once per turn for the whole hand
  (totals as bit sets, the reference's own method), each card's captures are counted from
  its groups, and they are sorted only for the card whose capture is drawn;
- a build is one card alone, or onto one table item announcing the sum, where the rest of
  the hand holds a card of that number; a build lies on the table as its number;
- there are no owners or owner obligation, no jokers' rules, sweeps, zwicks, captured
  piles, last capture or scoring; hands and table are lists of numbers changed in place,
  with no position, move or card objects.

Each turn it counts the moves, draws one with the reference's policy (``uniform_below``
over SplitMix64 seeded with the hand's number, as ``benchmarks.bench_moves.random_hand``
does) and plays it. Each hand starts from the reference's shuffled deck for the seed
(``shuffled_deck``, timed on both sides), dealt in the reference's shape: as many cards
per seat and on the table as the reference's first stage, then stages of the same size or
an equal share of what is left. So both engines play as many turns per hand.

The floor is not a rule and says nothing about correctness. It is a yardstick: a complete
engine searching the same way does all of this work per turn and more, so the ratio of
the two rates is the price of the rest of the rule, and a target near or above the floor's
rate is out of reach of an engine written this way.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.bench_moves import random_hand
from benchmarks.closed_pipe import run
from zwicker_ref.engine.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.rule_tables import rule_tables
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Rules

TARGETS = {("dithmarschen", 4): 1000}
"""Issue 17's random-play targets, hands a second, where they are not :data:`TARGET`."""

TARGET = 400
"""Issue 17's random-play target for every other setting, hands a second."""


@dataclass(frozen=True)
class Shape:
    """How a setting deals, and its cards as the floor engine's numbers."""

    rules: Rules
    players: int
    hand: int
    """Cards per seat in the first stage (and every full stage after it)."""
    table: int
    """Cards laid on the table before the first turn."""
    numbers: dict[Card, int]
    """Each card's number: the lowest value it takes when capturing."""


def shape_of(variant_id: str, players: int) -> Shape:
    """The floor engine's view of a setting, read from the reference's first stage."""
    variant = load_variant(variant_id)
    first = start_hand(variant, players, players - 1, shuffled_deck(variant.rules, players, 0))
    facts = rule_tables(first.rules).facts
    numbers = {}
    for card in first.rules.deck(players):
        fact = facts[card]
        numbers[card] = min(fact.capture or fact.table or (1,))
    return Shape(first.rules, players, len(first.hands[0]), len(first.table), numbers)


def _groups(table: list[int], hand: list[int]) -> dict[int, list[int]]:
    """The subsets of ``table`` (bit masks) adding up to each number of ``hand``."""
    wanted = 0
    for number in hand:
        wanted |= 1 << number
    limit = (1 << wanted.bit_length()) - 1
    found = [(0, 1)]
    for place, number in enumerate(table):
        if number < wanted.bit_length():
            bit = 1 << place
            found += [
                (mask | bit, grown) for mask, totals in found if (grown := totals << number & limit)
            ]
    groups: dict[int, list[int]] = {}
    for mask, totals in found:
        totals &= wanted
        while totals:
            lowest = totals & -totals
            totals ^= lowest
            number = lowest.bit_length() - 1
            group = groups.get(number)
            if group is None:
                groups[number] = [mask]
            else:
                group.append(mask)
    return groups


def _splits(groups: list[int]) -> set[int] | list[int]:
    """Every nonempty union of disjoint ``groups``: the item sets a card may capture."""
    if len(groups) == 1:
        return groups
    found: set[int] = set()
    for group in sorted(groups, reverse=True):
        found |= {union | group for union in found if not union & group}
        found.add(group)
    return found


def floor_hand(shape: Shape, seed: int) -> int:
    """Play one seeded hand with the floor engine; the number of turns."""
    numbers = shape.numbers
    deck = [numbers[card] for card in shuffled_deck(shape.rules, shape.players, seed)]
    players, size = shape.players, shape.hand
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    table = deck[players * size : players * size + shape.table]
    stock = deck[players * size + shape.table :]
    policy: Iterator[int] = splitmix64(seed)
    mover = turns = 0
    while True:
        if not any(hands):
            if not stock:
                return turns
            share = min(size, len(stock) // players) or 1
            for seat in range(players):
                hands[seat] = stock[seat * share : (seat + 1) * share]
            stock = stock[players * share :]
            mover = 0
            while not hands[mover]:
                mover += 1
        hand = hands[mover]
        captures, builds, held = _moves(hand, table)
        drawn = uniform_below(len(hand) + sum(map(len, captures)) + sum(builds), policy)
        _play(hand, table, drawn, captures, builds, held)
        turns += 1
        for step in range(1, players + 1):
            if hands[(mover + step) % players]:
                mover = (mover + step) % players
                break


Captures = list[set[int] | list[int] | tuple[()]]
"""Each card's captures, as item sets (bit masks of table places) in no order."""


def _moves(hand: list[int], table: list[int]) -> tuple[Captures, list[int], dict[int, int]]:
    """Each card's captures and number of builds; and how many cards of each number held."""
    groups = _groups(table, hand) if table else {}
    captures: Captures = [_splits(groups[number]) if number in groups else () for number in hand]
    held: dict[int, int] = {}
    for number in hand:
        held[number] = held.get(number, 0) + 1
    builds = []
    for number in hand:
        count = 1 if held[number] > 1 else 0
        for item in table:
            if number + item in held:
                count += 1
        builds.append(count)
    return captures, builds, held


def _play(
    hand: list[int],
    table: list[int],
    drawn: int,
    captures: Captures,
    builds: list[int],
    held: dict[int, int],
) -> None:
    """Make move number ``drawn`` (trails, then captures, then builds, card by card)."""
    if drawn < len(hand):
        table.append(hand.pop(drawn))
        return
    drawn -= len(hand)
    for index, masks in enumerate(captures):
        if drawn < len(masks):
            mask = sorted(masks)[drawn]
            table[:] = [item for place, item in enumerate(table) if not mask >> place & 1]
            del hand[index]
            return
        drawn -= len(masks)
    for index, count in enumerate(builds):
        if drawn < count:
            number = hand.pop(index)
            if held[number] > 1:
                if drawn == 0:
                    table.append(number)
                    return
                drawn -= 1
            for place, item in enumerate(table):
                if number + item in held:
                    if drawn == 0:
                        table[place] = number + item
                        return
                    drawn -= 1
        drawn -= count
    raise AssertionError("the moves drawn from add up to the count")  # pragma: no cover


def _rates(
    reference: Callable[[int], int], floor: Callable[[int], int], hands: int, rounds: int
) -> tuple[float, int, float, int]:
    """The best rates (hands a second, CPU time) of both engines over seeds 0..hands-1.

    The engines take turns, ``rounds`` times each, so that a slower spell of a shared
    machine falls on both; each engine's best round counts. Also the turns of a round.
    """
    best = {reference: 0.0, floor: 0.0}
    turns = {reference: 0, floor: 0}
    for _ in range(rounds):
        for play in (reference, floor):
            started = time.process_time()
            turns[play] = sum(play(seed) for seed in range(hands))
            best[play] = max(best[play], hands / (time.process_time() - started))
    return best[reference], turns[reference], best[floor], turns[floor]


def bench(hands: int, rounds: int) -> list[dict[str, Any]]:
    """Both engines' rates for every variant at every player count from 2 to 6."""
    print(
        f"Random play, the reference beside the floor engine ({hands} hands each, best of "
        f"{rounds} rounds taken in turn; CPU time)"
    )
    print(
        "  setting                  turns/hand   reference         floor             "
        "floor / reference   target   target / floor"
    )
    figures = []
    for variant_id in variant_ids():
        counts = sorted(n for n in load_variant(variant_id).rules.player_counts if n <= 6)
        for players in counts:
            shape = shape_of(variant_id, players)
            random_hand(variant_id, players, 1_000_000, None)  # load the variant and its tables
            reference, turns, floor, floor_turns = _rates(
                partial(random_hand, variant_id, players, timings=None),
                partial(floor_hand, shape),
                hands,
                rounds,
            )
            target = TARGETS.get((variant_id, players), TARGET)
            entry = {
                "variant": variant_id,
                "players": players,
                "turns_per_hand": turns / hands,
                "floor_turns_per_hand": floor_turns / hands,
                "reference_hands_per_second": reference,
                "floor_hands_per_second": floor,
                "reference_us_per_turn": 1e6 * hands / reference / turns,
                "floor_us_per_turn": 1e6 * hands / floor / floor_turns,
                "target_hands_per_second": target,
            }
            figures.append(entry)
            print(
                f"  {variant_id:13s} {players} players {turns / hands:8.1f}   "
                f"{reference:6.0f} h/s {entry['reference_us_per_turn']:5.1f} µs   "
                f"{floor:6.0f} h/s {entry['floor_us_per_turn']:5.1f} µs   "
                f"{floor / reference:6.1f}x   {target:12d}   {target / floor:8.2f}"
            )
    return figures


def main() -> int:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per setting (200)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per engine (2)")
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
    run(main)
