"""The perft suites and playthroughs (tools/golden_corpus.py) against an independent oracle.

Their counts are recorded from the reference (``provenance: golden``). Here the perft
counts of depths 1 and 2 are recomputed with the brute-force legal-move definition of
``tests/brute_force.py`` (built on the checkers of ``tests/oracle.py``: its own move
lists; the reference's play between the plies), so the shallow counts are evidence, not
just regression checks. Every variant and player count
has its two perft files, and every variant, player count and option its playthrough
(except where the option changes nothing at that player count); each perft file goes as
deep as the generator's limits allow, and every middle-game position has a build and
enough moves to be worth counting.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.brute_force import brute_force_moves
from tools.golden_corpus import (
    CHECKED_BY_ORACLE,
    DEPTH3_NODES,
    MIDDLE_MOVES,
    ROOT,
    VARIANTS,
    changes_nothing,
    playthrough_cases,
)
from zwicker_ref import load_variant
from zwicker_ref.conformance.scenario_kinds import LegalMovesBody
from zwicker_ref.conformance.scenarios import load_scenario
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal

PERFT_FILES = sorted((ROOT / "scenarios").glob("*/perft/*.yaml"))


def oracle_perft(position: Position, depth: int) -> int:
    """Perft by the oracle's move lists; checks the reference lists the same moves."""
    moves = brute_force_moves(position)
    assert moves == set(legal_moves(position)), position.compact()
    if depth == 1:
        return len(moves)
    return sum(oracle_perft(apply_legal(position, move), depth - 1) for move in moves)


def test_every_variant_and_player_count_has_its_files() -> None:
    for variant_id in VARIANTS:
        variant = load_variant(variant_id)
        folder = ROOT / "scenarios" / variant_id
        for players in variant.rules.player_counts:
            for which in ("start", "middle"):
                assert (folder / "perft" / f"{players}p-{which}.yaml").exists()
            assert (folder / "playthrough" / f"{players}p.yaml").exists()
            for option in variant.options:
                path = folder / "playthrough" / f"{players}p-{option.id}.yaml"
                wanted = not changes_nothing(variant, option.id, players)
                assert path.exists() == wanted, path
        expected = {
            f"{players}p" + (f"-{option}" if option else "") + ".yaml"
            for players, option in playthrough_cases(variant)
        }
        assert {path.name for path in (folder / "playthrough").glob("*.yaml")} == expected


def test_an_option_is_skipped_only_where_it_changes_nothing() -> None:
    """Single pack: nothing changes below five players (one pack, 21 points already); no
    magger: nothing changes without partnerships; the zwick draw's jokers by number: a hand
    does not read the match rules. Every other option changes something at every player
    count."""
    skipped = {
        (variant_id, option.id, players)
        for variant_id in VARIANTS
        for option in load_variant(variant_id).options
        for players in load_variant(variant_id).rules.player_counts
        if changes_nothing(load_variant(variant_id), option.id, players)
    }
    assert skipped == {
        ("classic", "single-pack", 2),
        ("classic", "single-pack", 3),
        ("classic", "single-pack", 4),
        ("grossenwiehe", "no-magger", 2),
        ("grossenwiehe", "no-magger", 3),
        ("zwick", "jokers-draw-by-number", 2),
        ("zwick", "jokers-draw-by-number", 3),
        ("zwick", "jokers-draw-by-number", 4),
    }


@pytest.mark.parametrize("path", PERFT_FILES, ids=lambda path: "/".join(path.parts[-3:]))
def test_each_perft_file_goes_as_deep_as_the_limits_allow(path: Path) -> None:
    """Depth 3 wherever the positions of depths 1 and 2 number at most DEPTH3_NODES (and
    the file says why where it stops at 2); a middle game has a build and enough moves."""
    scenario = load_scenario(path)
    body = scenario.body
    assert isinstance(body, LegalMovesBody)
    counts = {entry.depth: entry.count for entry in body.perft}
    shallow = counts[1] + counts[2]
    if shallow <= DEPTH3_NODES:
        assert 3 in counts, shallow
    else:
        assert max(counts) == 2
        assert f"{shallow} here, more than the {DEPTH3_NODES}" in " ".join(
            scenario.description.split()
        )
    if path.stem.endswith("-middle"):
        assert any(isinstance(item, Pile) for item in body.position.table)
        assert counts[1] >= MIDDLE_MOVES


@pytest.mark.parametrize("path", PERFT_FILES, ids=lambda path: "/".join(path.parts[-3:]))
def test_shallow_perft_counts_agree_with_the_oracle(path: Path) -> None:
    scenario = load_scenario(path)
    body = scenario.body
    assert isinstance(body, LegalMovesBody)
    checked = [entry for entry in body.perft if entry.depth in CHECKED_BY_ORACLE]
    assert [entry.depth for entry in checked] == list(CHECKED_BY_ORACLE)
    for entry in checked:
        assert oracle_perft(body.position, entry.depth) == entry.count, entry.depth


def test_the_files_are_what_the_generator_writes(capsys: pytest.CaptureFixture[str]) -> None:
    """The generator still runs and writes exactly the files in the corpus."""
    from tools.golden_corpus import main

    assert main(["--check"]) == 0, capsys.readouterr().out
