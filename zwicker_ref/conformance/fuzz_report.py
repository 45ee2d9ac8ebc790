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
    yield from header_lines(summary, corpus)
    for index, failure in enumerate(summary.failures):
        yield from failure_lines(failure, saved.get(index))
    yield closing_line(summary)


def header_lines(summary: Summary, corpus: CorpusIdentity) -> Iterator[str]:
    """The report's first lines: the corpus, the engine, seed and games (and the shard)."""
    yield f"{corpus.describe()}; read from {corpus.root.describe()}"
    part = ""
    if summary.shard is not None:
        last = summary.first_hand + summary.planned - 1
        part = (
            f", shard {summary.shard[0]}/{summary.shard[1]} (hands {summary.first_hand}-{last} "
            f"of {summary.total})"
        )
    yield (
        f"fuzzing {summary.engine} with seed {summary.seed}{part}: {len(summary.games)} games "
        f"({_games_text(summary.games)})"
    )
    if summary.unsupported:
        yield f"  not supported by the engine: {_games_text(summary.unsupported)}"


def failure_lines(failure: Failure, saved: Path | None = None) -> Iterator[str]:
    """One disagreement: where it was found, its minimal case, where it was saved."""
    yield from _failure_lines(failure)
    if saved is not None:
        yield f"  saved as {saved}"


def rates(summary: Summary) -> dict[str, float]:
    """Hands, positions and requests a second over the run."""
    seconds = summary.seconds or float("inf")
    return {
        "hands_per_second": round(summary.hands / seconds, 1),
        "positions_per_second": round(summary.positions / seconds, 1),
        "requests_per_second": round(summary.requests / seconds, 1),
    }


def closing_line(summary: Summary) -> str:
    """The closing figures (and, for a run stopped by Ctrl-C, how far it got)."""
    rate = rates(summary)
    compared = ", ".join(op for op in ("legal", "apply", "score") if op in summary.compared)
    stopped = (
        f"interrupted after {summary.hands} of {summary.planned} hands: "
        if (summary.interrupted)
        else ""
    )
    return (
        f"{stopped}{summary.hands} hands, {summary.positions} positions, {summary.requests} "
        f"requests in {summary.seconds:.1f} s ({rate['positions_per_second']:,.0f} positions/s, "
        f"{rate['requests_per_second']:,.0f} requests/s); compared: {compared or 'nothing'}; "
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
    """The JSON report.

    ``run`` says what part of which run it is (``zwicker conform --merge`` joins the
    reports of a run's shards); each disagreement's ``hands_done`` and
    ``positions_done`` count this report's hands up to and including its hand.
    """
    saved = saved or {}
    return {
        "engine": summary.engine,
        "corpus": corpus.to_json(),
        "fuzz": {
            "seed": summary.seed,
            "run": {
                "hands": summary.total,
                "shard": None if summary.shard is None else list(summary.shard),
                "first_hand": summary.first_hand,
                "planned": summary.planned,
                "max_failures": summary.max_failures,
                "jobs": summary.jobs,
            },
            "interrupted": summary.interrupted,
            "hands": summary.hands,
            "positions": summary.positions,
            "requests": summary.requests,
            "seconds": round(summary.seconds, 3),
            "rates": rates(summary),
            "games": [_game_json(game) for game in summary.games],
            "unsupported": [_game_json(game) for game in summary.unsupported],
            "compared": sorted(summary.compared),
            "disagreements": [
                {
                    **_failure_json(failure, saved.get(index)),
                    "hands_done": mark[0],
                    "positions_done": mark[1],
                }
                for index, (failure, mark) in enumerate(
                    zip(summary.failures, summary.marks, strict=True)
                )
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
