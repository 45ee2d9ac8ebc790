"""Generate the corpus's perft suites and playthroughs (golden scenarios), deterministically.

``python -m tools.golden_corpus`` writes, for every variant:

- ``scenarios/<variant>/perft/<players>p-start.yaml`` and ``<players>p-middle.yaml``: for
  every player count, the position after the first deal and a middle-game position with
  a build on the table and at least ``MIDDLE_MOVES`` legal moves, both from a deck
  shuffled with a fixed seed (the seeded shuffle of ``docs/reference/dealing.md``), as
  ``legal-moves`` scenarios with the perft counts of depths 1 to 3 (4 where it stays
  cheap) and the divide (the count under each first move) at the deepest depth. Depth 3
  is given where the positions of depths 1 and 2 (whose legal moves the runner lists to
  count depth 3) number at most ``DEPTH3_NODES``; a file without it says why;
- ``scenarios/<variant>/playthrough/<players>p[-<option>].yaml``: for every player count,
  one whole hand with the default rules and one with each option alone, from an explicit
  deck order, as a ``game`` scenario with the number of legal moves before every move and
  the final cards, zwicks and points by side. A player count is skipped for an option
  that provably changes nothing there: the rules it gives, read at that player count, are
  the default rules read there (``changes_nothing``). So the classic ``single-pack``
  option has no playthrough with two to four players (one pack and 21 points either
  way), nor Großenwiehe's ``no-magger`` with two or three (no partnerships, so no
  building for a partner).

Every count comes from the reference interpreter: the files are ``provenance: golden``,
regression checks only. ``tests/test_golden_corpus.py`` checks the perft counts of depths
1 and 2 against the brute-force definition of ``tests/brute_force.py`` (its own move
lists, the reference's play between plies); ``--check`` reports every file that differs
from what this script writes, and every file in a perft or playthrough folder that it
does not write (it takes some seconds: it recomputes every perft; without ``--check``
such files are removed). The moves of a middle game and of a playthrough are chosen by a
seeded ``random.Random`` (a capture where one is possible, two times in three, else any
legal move), so the same script always writes the same files.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from zwicker_ref import load_variant
from zwicker_ref.conformance.layout import render
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import load_scenario
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.engine.core.moves import Capture, Move
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.engine.core.scoring import score_hand
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.variant import ByPlayers, Rules, Variant, for_players

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
"""Most positions checking depth 4 (with the shallower depths) may play; depth 4 is given
only within it, so each such file runs in milliseconds."""
DEPTH3_NODES = 3000
"""Most positions of depths 1 and 2 a perft file may have for depth 3 to be given.

Counting depth 3 lists the legal moves of the start and of every position of depths 1 and
2 (the runner asks ``legal`` for each, and ``apply`` for each position of depths 1 and 2),
so this bounds the requests a depth-3 count costs; above it a file stops at depth 2 and
says so, to keep ``zwicker check`` on the whole corpus within its time budget."""
MIDDLE_MOVES = 8
"""Fewest legal moves a middle-game perft position has (with a build on the table)."""
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


def level_counts(position: Position) -> list[int]:
    """The perft counts needed to decide how deep a file goes, cheaply.

    Depths 1 and 2 always; depths 3 and 4 only where depth 4 might stay within
    ``PERFT_BUDGET`` (a depth-3 count that is given but not needed here is computed with
    the divide, in ``perft_file``).
    """
    counts = [perft_nodes(position, 1)[0], perft_nodes(position, 2)[0]]
    for depth in (3, 4):
        if depth_cost(counts) > PERFT_BUDGET:
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
    """The deepest depth a perft file gives, from the counts of ``level_counts``.

    Depth 2 always; depth 3 where the positions of depths 1 and 2 number at most
    ``DEPTH3_NODES``; depth 4 where checking every depth up to it plays at most
    ``PERFT_BUDGET`` positions.
    """
    if counts[0] + counts[1] > DEPTH3_NODES:
        return 2
    if len(counts) >= 4 and depth_cost(counts[:3]) <= PERFT_BUDGET:
        return 4
    return 3


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
    """A position with a build on the table, from the seeded deal, and the seed used.

    Plays the seeded policy from the first deal and stops at the first position, after a
    round of play, with a build on the table, at least two cards in the hand to move and
    at least ``MIDDLE_MOVES`` legal moves; another seed is tried (seed + 1, ...) if a
    hand ends without one.
    """
    rules = variant.rules
    for attempt in range(50):
        rng = random.Random(seed + attempt)
        position = start_hand(
            variant, players, players - 1, shuffled_deck(rules, players, seed + attempt)
        )
        played = 0
        while not position.is_over:
            moves = list(legal_moves(position))
            builds = [item for item in position.table if isinstance(item, Pile)]
            if (
                builds
                and played >= players
                and len(position.hands[position.to_move]) >= 2
                and len(moves) >= MIDDLE_MOVES
            ):
                return position, seed + attempt
            position = apply_legal(position, choose(rng, moves))
            played += 1
    raise RuntimeError(f"no middle-game build position for {variant.id} with {players} players")


def perft_file(
    variant: Variant, players: int, position: Position, seed: int, which: str, how: str
) -> Generated:
    """A legal-moves scenario with perft counts of depths 1 to 3 (4 where cheap)."""
    counts = level_counts(position)
    deepest = depth_within_budget(counts)
    by_move = divide(position, deepest)
    counts = [*counts[: deepest - 1], sum(by_move.values())]
    entries: list[dict[str, Any]] = [
        {"depth": depth, "count": counts[depth - 1]} for depth in range(1, deepest + 1)
    ]
    entries[-1]["divide"] = by_move
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
                    else " Depth 3 is left out: counting it lists the legal moves of every "
                    f"position of depths 1 and 2, {counts[0] + counts[1]} here, more than the "
                    f"{DEPTH3_NODES} a perft file may list within the corpus's time budget "
                    "(zwicker check on the whole corpus under 5 s)."
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
        counts = level_counts(candidate[0])
        deepest = depth_within_budget(counts)
        return (-deepest, depth_cost(counts[: deepest - 1]))

    return min(candidates, key=rank)


def rules_at(rules: Rules, players: int) -> dict[str, Any]:
    """Every parameter of ``rules`` as it applies to a hand of ``players``.

    The by-player-count tables (packs, deal schedules, most-cards awards, stated totals)
    are read at ``players``; outside the team game nobody has a partner, so the ways of
    building for a partner play no part there. A hand does not read the match rules (the
    draw for the first dealer, ties between totals), so they are left out.
    """
    read: dict[str, Any] = {
        "allowed": players in rules.player_counts,
        "partnership": rules.is_partnership(players),
    }
    for field in fields(rules):
        if field.name in ("player_counts", "partnership_counts", "match"):
            continue
        value = getattr(rules, field.name)
        if isinstance(value, tuple) and value and isinstance(value[0], ByPlayers):
            value = for_players(value, players, field.name)
        read[field.name] = value
    if not read["partnership"]:
        read["build_for_partner"] = frozenset()
    return read


def changes_nothing(variant: Variant, option: str, players: int) -> bool:
    """True when ``option`` gives, read at ``players``, exactly the default rules."""
    return rules_at(variant.rules_with((option,)), players) == rules_at(variant.rules, players)


def playthrough_cases(variant: Variant) -> Iterator[tuple[int, str | None]]:
    """Every (player count, option or None) with a playthrough, in a fixed order.

    Every player count without options, and with each option alone, except where the
    option changes nothing at that count (``changes_nothing``).
    """
    for players in sorted(variant.rules.player_counts):
        yield players, None
        for option in variant.options:
            if not changes_nothing(variant, option.id, players):
                yield players, option.id


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
        for players, option in playthrough_cases(variant):
            yield playthrough_file(variant, players, option)


def main(argv: list[str] | None = None) -> int:
    """Write the files (or, with --check, report those that differ); print the timings."""
    parser = argparse.ArgumentParser(prog="python -m tools.golden_corpus", description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; fail on a difference")
    args = parser.parse_args(argv)
    differ = []
    written = set()
    for item in generate():
        written.add(item.path)
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
    stale = sorted(
        path
        for folder in ("perft", "playthrough")
        for path in (ROOT / "scenarios").glob(f"*/{folder}/*.yaml")
        if path not in written
    )
    for path in stale:
        if args.check:
            print(f"not written by the generator: {path.relative_to(ROOT)}")
        else:
            path.unlink()
            print(f"removed (not written by the generator): {path.relative_to(ROOT)}")
    return 1 if args.check and (differ or stale) else 0


if __name__ == "__main__":
    sys.exit(main())
