"""Generate the corpus's perft suites and playthroughs (golden scenarios), deterministically.

``python -m tools.golden_corpus`` writes, for every variant:

- ``scenarios/<variant>/perft/<players>p-start.yaml`` and ``<players>p-middle.yaml``: for
  every player count, the position after the first deal and a middle-game position with
  a build on the table, both from a deck shuffled with a fixed seed (the seeded shuffle of
  ``docs/reference/dealing.md``), as ``legal-moves`` scenarios with the perft counts of
  depths 1 to 3 (4 where it stays cheap) and the divide (the count under each first move)
  at the deepest depth;
- ``scenarios/<variant>/playthrough/<players>p[-<option>].yaml``: for every player count
  with the default rules, and for every option, one whole hand from an explicit deck
  order as a ``game`` scenario with the number of legal moves before every move and the
  final cards, zwicks and points by side.

Every count comes from the reference interpreter: the files are ``provenance: golden``,
regression checks only. ``tests/test_golden_corpus.py`` checks the perft counts of depths
1 and 2 against the brute-force definition of ``tests/brute_force.py`` (its own move
lists, the reference's play between plies); ``--check`` reports every file that differs
from what this script writes (it takes some seconds: it recomputes every perft). The moves of a
middle game and of a playthrough are chosen by a seeded ``random.Random`` (a capture where
one is possible, two times in three, else any legal move), so the same script always
writes the same files.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref import load_variant
from zwicker_ref.conformance.layout import render
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import load_scenario
from zwicker_ref.engine.dealing import shuffled_deck, start_hand
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.moves import Capture, Move
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.engine.position import Pile, Position
from zwicker_ref.engine.scoring import score_hand
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.variant import Variant

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("christiansen", "classic", "dithmarschen", "grossenwiehe", "grupp", "zwick")
PREFIX = {
    "christiansen": "chr",
    "classic": "cls",
    "dithmarschen": "dith",
    "grossenwiehe": "gw",
    "grupp": "grp",
    "zwick": "zw",
}
PERFT_BUDGET = 300
"""Most positions a perft file may visit (plies applied), so each runs in tens of ms."""
CANDIDATES = 6
"""Decks tried for each perft position; the one whose perft is cheapest to check is kept."""
CHECKED_BY_ORACLE = (1, 2)
"""The depths tests/test_golden_corpus.py checks against the brute-force definition."""
_POSITION_KEYS = ("dealer", "to_move", "stage", "hands", "table", "stock", "captured")


@dataclass(frozen=True)
class Generated:
    """One scenario file to write: where, and its data."""

    path: Path
    data: dict[str, Any]


def seed_of(variant: str, players: int, kind: str, option: str | None = None) -> int:
    """The fixed shuffle seed of one file: stable, readable, different for every file."""
    text = f"{variant}/{players}/{kind}/{option or ''}"
    return sum((index + 1) * ord(char) for index, char in enumerate(text)) * 7919


def choose(rng: random.Random, moves: list[Move]) -> Move:
    """The policy of generated games: a capture two times in three where one exists."""
    captures = [move for move in moves if isinstance(move, Capture)]
    if captures and rng.random() < 2 / 3:
        return rng.choice(captures)
    return rng.choice(moves)


def perft_nodes(position: Position, depth: int) -> tuple[int, int]:
    """The perft count of ``depth`` and how many positions computing it applies."""
    moves = list(legal_moves(position))
    if depth == 1:
        return len(moves), 0
    count = applied = 0
    for move in moves:
        sub, visited = perft_nodes(apply_legal(position, move), depth - 1)
        count += sub
        applied += visited + 1
    return count, applied


def level_counts(position: Position, deepest: int, budget: int = PERFT_BUDGET) -> list[int]:
    """The perft counts of depths 1, 2, ... up to ``deepest``, stopping once over ``budget``."""
    counts = []
    for depth in range(1, deepest + 1):
        if counts and depth_cost(counts) > budget:
            break
        counts.append(perft_nodes(position, depth)[0])
    return counts


def depth_cost(counts: list[int]) -> int:
    """What checking every depth up to ``len(counts) + 1`` costs, in positions played.

    Checking depth d plays every sequence shorter than d once (the runner counts each
    depth and its divide separately), so the cost is the sum over d of the counts below d.
    """
    return sum(sum(counts[: depth - 1]) for depth in range(1, len(counts) + 2))


def depth_within_budget(counts: list[int]) -> int:
    """The deepest depth whose checking (with all shallower ones) stays within the budget."""
    deepest = 1
    for depth in range(2, len(counts) + 1):
        if depth_cost(counts[: depth - 1]) <= PERFT_BUDGET:
            deepest = depth
    return max(deepest, 2)


def divide(position: Position, depth: int) -> dict[str, int]:
    """The perft count of ``depth`` under each first move, by its notation."""
    return {
        format_move(move): perft_nodes(apply_legal(position, move), depth - 1)[0]
        if depth > 1
        else 1
        for move in legal_moves(position)
    }


def _position_part(position: Position) -> dict[str, Any]:
    data = position_to_data(position)
    part = {key: data[key] for key in _POSITION_KEYS}
    part["zwicks"] = data["zwicks"]
    part["last_capture"] = data["last_capture"]
    return part


def _header(
    variant: Variant, players: int, kind: str, ident: str, title: str, options: list[str]
) -> dict[str, Any]:
    return {
        "format": 1,
        "id": ident,
        "title": title,
        "kind": kind,
        "variant": variant.id,
        "options": options,
        "players": players,
    }


def middle_position(variant: Variant, players: int, seed: int) -> tuple[Position, int]:
    """A position with a build on the table, from the seeded deal, and the moves played.

    Plays the seeded policy from the first deal and stops at the first position with a
    build on the table and at least two cards in the hand to move; another seed is tried
    (seed + 1, ...) if a hand ends without one.
    """
    rules = variant.rules
    for attempt in range(50):
        rng = random.Random(seed + attempt)
        position = start_hand(
            variant, players, players - 1, shuffled_deck(rules, players, seed + attempt)
        )
        played = 0
        while not position.is_over:
            builds = [item for item in position.table if isinstance(item, Pile)]
            if builds and played >= players and len(position.hands[position.to_move]) >= 2:
                return position, seed + attempt
            position = apply_legal(position, choose(rng, list(legal_moves(position))))
            played += 1
    raise RuntimeError(f"no middle-game build position for {variant.id} with {players} players")


def perft_file(
    variant: Variant, players: int, position: Position, seed: int, which: str, how: str
) -> Generated:
    """A legal-moves scenario with perft counts of depths 1 to 3 (4 where cheap)."""
    counts = level_counts(position, 4)
    deepest = depth_within_budget(counts)
    entries: list[dict[str, Any]] = [
        {"depth": depth, "count": counts[depth - 1]} for depth in range(1, deepest + 1)
    ]
    deepest = entries[-1]["depth"]
    entries[-1]["divide"] = divide(position, deepest)
    prefix = PREFIX[variant.id]
    data = _header(
        variant,
        players,
        "legal-moves",
        f"{prefix}-perft-{players}p-{which}",
        f"Perft to depth {deepest}, {players} players, {how}",
        [],
    )
    data.update(
        {
            "clauses": ["trail.play", "capture.match", "build.definition", "turn.order"],
            "source": "constructed",
            "provenance": "golden",
            "description": (
                f"Perft suite (golden, written by tools/golden_corpus.py): {how}, from the deck "
                f"shuffled with seed {seed} (docs/reference/dealing.md), dealer seat "
                f"{players - 1}. The number of move sequences of each depth and, at depth "
                f"{deepest}, the count under each first move, all recorded from the reference. "
                "Depths 1 and 2 are cross-checked against the brute-force legal-move "
                "definition of tests/brute_force.py by tests/test_golden_corpus.py; deeper "
                "depths are not."
                + (
                    ""
                    if deepest >= 3
                    else " Depth 3 is left out: it would play more than "
                    f"{PERFT_BUDGET} positions, too slow for the corpus's time budget."
                )
            ),
            "position": _position_part(position),
            "expect": {"perft": entries},
        }
    )
    path = ROOT / "scenarios" / variant.id / "perft" / f"{players}p-{which}.yaml"
    return Generated(path, data)


def playthrough_file(variant: Variant, players: int, option: str | None) -> Generated:
    """A game scenario: one whole hand with the legal-move count before every move."""
    options = [option] if option else []
    rules = variant.rules_with(tuple(options))
    seed = seed_of(variant.id, players, "playthrough", option)
    deck = shuffled_deck(rules, players, seed)
    dealer = players - 1
    position = start_hand(variant, players, dealer, deck, tuple(options))
    rng = random.Random(seed)
    moves = []
    while not position.is_over:
        legal = list(legal_moves(position))
        move = choose(rng, legal)
        moves.append({"seat": position.to_move, "move": format_move(move), "count": len(legal)})
        position = apply_legal(position, move)
    score = score_hand(position)
    name = f"{players}p" + (f"-{option}" if option else "")
    prefix = PREFIX[variant.id]
    with_option = f" with the option {option}" if option else ""
    data = _header(
        variant,
        players,
        "game",
        f"{prefix}-playthrough-{name}",
        f"Playthrough: a whole hand, {players} players{with_option}",
        options,
    )
    data.update(
        {
            "clauses": [
                "deal.schedule",
                "turn.order",
                "trail.play",
                "capture.match",
                "zwick.clear-table",
                "end.leftovers",
                "score.cards",
            ],
            "source": "constructed",
            "provenance": "golden",
            "description": (
                f"Playthrough (golden, written by tools/golden_corpus.py): a whole hand of "
                f"{players} players{with_option}, dealt by seat {dealer} from the deck shuffled "
                f"with seed {seed}, the moves chosen by a seeded policy. Every move gives the "
                "number of legal moves before it; the result gives the cards, zwicks and points "
                "of each side. All recorded from the reference: a regression check."
            ),
            "dealer": dealer,
            "deal": {"deck": [str(card) for card in deck]},
            "moves": moves,
            "result": {
                "cards": [len(pile) for pile in position.captured],
                "zwicks": list(position.zwicks),
                "points": [side.points for side in score.sides],
            },
        }
    )
    path = ROOT / "scenarios" / variant.id / "playthrough" / f"{name}.yaml"
    return Generated(path, data)


def cheapest(candidates: list[tuple[Position, int]]) -> tuple[Position, int]:
    """The candidate position whose perft reaches deepest within the budget, then cheapest."""

    def rank(candidate: tuple[Position, int]) -> tuple[int, int]:
        counts = level_counts(candidate[0], 3)
        deepest = depth_within_budget(counts)
        return (-deepest, depth_cost(counts[: deepest - 1]))

    return min(candidates, key=rank)


def option_players(variant: Variant, option: str) -> int:
    """The player count an option's playthrough uses: a partnership count where there is one."""
    rules = variant.rules_with((option,))
    partnerships = sorted(rules.partnership_counts)
    return partnerships[0] if partnerships else min(rules.player_counts)


def generate() -> Iterator[Generated]:
    """Every generated scenario, in a fixed order."""
    for variant_id in VARIANTS:
        variant = load_variant(variant_id)
        counts = sorted(variant.rules.player_counts)
        for players in counts:
            starts = []
            for offset in range(CANDIDATES):
                seed = seed_of(variant_id, players, "perft-start") + offset
                deck = shuffled_deck(variant.rules, players, seed)
                starts.append((start_hand(variant, players, players - 1, deck), seed))
            start, seed = cheapest(starts)
            yield perft_file(variant, players, start, seed, "start", "the start of a hand")
            middles = [
                middle_position(
                    variant, players, seed_of(variant_id, players, "perft-middle") + 100 * offset
                )
                for offset in range(CANDIDATES)
            ]
            middle, used = cheapest(middles)
            yield perft_file(
                variant, players, middle, used, "middle", "a middle-game position with a build"
            )
        for players in counts:
            yield playthrough_file(variant, players, None)
        for option in variant.options:
            yield playthrough_file(variant, option_players(variant, option.id), option.id)


def main(argv: list[str] | None = None) -> int:
    """Write the files (or, with --check, report those that differ); print the timings."""
    parser = argparse.ArgumentParser(prog="python -m tools.golden_corpus", description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; fail on a difference")
    args = parser.parse_args(argv)
    differ = []
    for item in generate():
        text = render(item.data)
        old = item.path.read_text("utf-8") if item.path.exists() else None
        if old != text:
            differ.append(item.path)
            if not args.check:
                item.path.parent.mkdir(parents=True, exist_ok=True)
                item.path.write_text(text, "utf-8")
        if not args.check:
            started = time.perf_counter()
            outcome = run_scenario(load_scenario(item.path))
            took = (time.perf_counter() - started) * 1000
            status = "ok" if outcome.passed else "FAILED"
            print(f"{status} {took:6.1f} ms  {item.path.relative_to(ROOT)}")
    what = "differs from what the generator writes" if args.check else "rewritten"
    for path in differ:
        print(f"{what}: {path.relative_to(ROOT)}")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
