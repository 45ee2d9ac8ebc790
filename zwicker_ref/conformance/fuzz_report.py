"""The report of a fuzz run: lines of text, or JSON (``zwicker conform --fuzz … --json``).

Both carry the corpus identity (the fuzzer checks against the same specs), what was
covered (games, comparisons), the figures (hands, positions, requests, seconds) and each
disagreement with its minimal case in card and move notation.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from zwicker_ref.conformance.fuzz import Failure, Game, Summary
from zwicker_ref.conformance.fuzz_checks import Finding
from zwicker_ref.conformance.shrink import card_count
from zwicker_ref.documents.corpus import CorpusIdentity
from zwicker_ref.engine.core.position import Position
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_to_data


def case_text(position: Position) -> str:
    """A position in one line, with what :meth:`Position.compact` leaves out."""
    text = position.compact()
    if position.stock:
        text += " (" + " ".join(map(str, position.stock)) + ")"
    piles = [" ".join(map(str, pile)) or "-" for pile in position.captured]
    if any(position.captured):
        text += "; captured " + " | ".join(piles)
    if any(position.zwicks):
        text += f"; zwicks {list(position.zwicks)}"
    if position.last_capture is not None:
        text += f"; last capture seat {position.last_capture}"
    return text


def summary_lines(
    summary: Summary, corpus: CorpusIdentity, saved: Mapping[int, Path] | None = None
) -> Iterator[str]:
    """The text report: one line of coverage, each failure, the closing figures."""
    saved = saved or {}
    yield f"{corpus.describe()}; read from {corpus.root.describe()}"
    yield (
        f"fuzzing {summary.engine} with seed {summary.seed}: {len(summary.games)} games "
        f"({_games_text(summary.games)})"
    )
    if summary.unsupported:
        yield f"  not supported by the engine: {_games_text(summary.unsupported)}"
    for index, failure in enumerate(summary.failures):
        yield from _failure_lines(failure)
        if index in saved:
            yield f"  saved as {saved[index]}"
    rate = summary.requests / summary.seconds if summary.seconds else 0.0
    compared = ", ".join(op for op in ("legal", "apply", "score") if op in summary.compared)
    yield (
        f"{summary.hands} hands, {summary.positions} positions, {summary.requests} requests "
        f"in {summary.seconds:.1f} s ({rate:,.0f} requests/s); compared: {compared or 'nothing'}; "
        f"{len(summary.failures)} disagreements"
    )


def _games_text(games: list[Game]) -> str:
    """Games grouped by variant and options: ``zwick 2, 3, 4 players; classic 2-12 players``."""
    counts: dict[str, list[int]] = {}
    for game in games:
        counts.setdefault("+".join((game.variant, *game.options)), []).append(game.players)
    return "; ".join(f"{name} {_counts_text(players)}" for name, players in counts.items()) or (
        "none"
    )


def _counts_text(counts: list[int]) -> str:
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players"
    return f"{', '.join(map(str, counts))} players"


def _failure_lines(failure: Failure) -> Iterator[str]:
    minimal = failure.minimal
    finding = minimal.finding
    yield (
        f"DISAGREE hand {failure.hand} ({failure.game.label}; hand seed {failure.hand_seed}), "
        f"position {failure.ply}: {failure.found.kind.value}"
    )
    yield (
        f"  minimal case ({card_count(finding)} cards; {minimal.checks} candidates tried in "
        f"{minimal.seconds:.2f} s):"
    )
    if finding.position is not None:
        yield f"    {case_text(finding.position)}"
    else:
        piles = " | ".join(" ".join(map(str, pile)) or "-" for pile in finding.captured)
        yield f"    score of captured {piles}; zwicks {list(finding.zwicks)}"
    if finding.move is not None:
        yield f"    move: {format_move(finding.move)}"
    yield f"    engine: {finding.engine_said}"
    yield f"    reference: {finding.reference_says}"
    yield f"    clauses: {', '.join(failure.clauses) or 'none named'}"


def summary_json(
    summary: Summary, corpus: CorpusIdentity, saved: Mapping[int, Path] | None = None
) -> dict[str, Any]:
    """The JSON report."""
    saved = saved or {}
    return {
        "engine": summary.engine,
        "corpus": corpus.to_json(),
        "fuzz": {
            "seed": summary.seed,
            "hands": summary.hands,
            "positions": summary.positions,
            "requests": summary.requests,
            "seconds": round(summary.seconds, 3),
            "games": [_game_json(game) for game in summary.games],
            "unsupported": [_game_json(game) for game in summary.unsupported],
            "compared": sorted(summary.compared),
            "disagreements": [
                _failure_json(failure, saved.get(index))
                for index, failure in enumerate(summary.failures)
            ],
        },
    }


def _game_json(game: Game) -> dict[str, Any]:
    return {"variant": game.variant, "options": list(game.options), "players": game.players}


def _failure_json(failure: Failure, saved: Path | None) -> dict[str, Any]:
    return {
        "hand": failure.hand,
        "hand_seed": failure.hand_seed,
        "game": _game_json(failure.game),
        "position_number": failure.ply,
        "kind": failure.found.kind.value,
        "found": _finding_json(failure.found),
        "minimal": {
            **_finding_json(failure.minimal.finding),
            "cards": card_count(failure.minimal.finding),
            "candidates_tried": failure.minimal.checks,
            "seconds": round(failure.minimal.seconds, 3),
        },
        "clauses": list(failure.clauses),
        "saved": None if saved is None else str(saved),
    }


def _finding_json(finding: Finding) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kinds": sorted(kind.value for kind in finding.kinds),
        "position": None if finding.position is None else position_to_data(finding.position),
        "move": None if finding.move is None else format_move(finding.move),
        "engine": finding.engine_said,
        "reference": finding.reference_says,
    }
    if finding.position is None:
        data["captured"] = [[str(card) for card in pile] for pile in finding.captured]
        data["zwicks"] = list(finding.zwicks)
    return data
