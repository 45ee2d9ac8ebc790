"""A fuzz failure's minimal case as a ready scenario file (``zwicker conform --save-failures``).

The scenario has a fresh id (one no scenario of the corpus and no file of the directory
has): ``<prefix>-fuzz-s<seed>-h<hand>-<digest>``, the digest six hex digits of the case's
content, so cases that differ have different ids wherever they were saved. It has the
minimal position, the reference's expectation, ``provenance: golden`` (the expectation
is the reference's answer, a regression figure, not evidence) and a description that
says how it was found and with which seed. A file is never overwritten: a taken name
gets a number. ``docs/implementers.md`` says how to turn one into a hand-derived
scenario and contribute it.

A missing, extra or duplicated move becomes a ``legal-moves`` scenario with the
reference's moves; a rejected move or a wrong result a ``move`` scenario whose step is the
move, legal, with every part of the reference's resulting position; a wrong score a
``score`` scenario.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from zwicker_ref.conformance.fuzz import Failure
from zwicker_ref.conformance.fuzz_checks import Kind as Disagreement
from zwicker_ref.conformance.layout import format_scenario_text, render
from zwicker_ref.conformance.reference import REFERENCE
from zwicker_ref.conformance.scenarios import ID_PREFIXES, Kind, load_corpus
from zwicker_ref.conformance.skeleton import suggested_clauses
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.engine.core.position import Position
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.spec_loader import load_variant

IN_WORDS = {
    Disagreement.MISSING: "a missing move",
    Disagreement.EXTRA: "an extra move",
    Disagreement.DUPLICATE: "a move listed twice",
    Disagreement.REJECTED: "a legal move rejected",
    Disagreement.WRONG_RESULT: "a wrong position after a move",
    Disagreement.WRONG_SCORE: "a wrong score",
    Disagreement.FAULT: "an engine fault",
}
"""Each kind of disagreement in words, for a saved scenario's title."""

_POSITION_KEYS = ("dealer", "to_move", "stage", "hands", "table", "stock", "captured")
_AFTER_KEYS = (*_POSITION_KEYS[1:], "zwicks", "last_capture")


def save_failure(failure: Failure, directory: Path, *, seed: int, engine: str) -> Path:
    """Write ``failure``'s minimal case as a scenario file in ``directory``; its path."""
    directory.mkdir(parents=True, exist_ok=True)
    finding = failure.minimal.finding
    game = failure.game
    kind, body = _body(failure)
    variant = load_variant(game.variant)
    clauses = list(failure.clauses) or suggested_clauses(variant, kind, finding.position)
    taken = _corpus_ids()
    stem = f"{ID_PREFIXES[game.variant]}-fuzz-s{seed}-h{failure.hand}-{case_digest(kind, body)}"
    number = 1
    while True:
        ident = stem if number == 1 else f"{stem}-{number}"
        path = directory / f"{ident}.yaml"
        if ident not in taken and not path.exists():
            data: dict[str, Any] = {
                "format": 1,
                "id": ident,
                "title": f"Fuzzing found {IN_WORDS[finding.kind]} ({game.label})",
                "kind": kind.value,
                "variant": game.variant,
                "options": list(game.options),
                "players": _players(failure),
                "clauses": clauses,
                "source": "constructed",
                "provenance": "golden",
                "description": _description(failure, seed, engine),
                **body,
            }
            text = format_scenario_text(render(data), str(path))
            try:
                with path.open("x", encoding="utf-8") as file:  # "x": never overwrite
                    file.write(text)
            except FileExistsError:
                pass  # written meanwhile by someone else: take the next name
            else:
                return path
        number += 1


def case_digest(kind: Kind, body: dict[str, Any]) -> str:
    """Six hex digits of the SHA-256 of the case (its kind and content, as canonical JSON).

    Part of a saved case's id: two different cases found with the same seed and hand
    (by two engines' bugs, say) get different ids, so they can be checked together.
    """
    text = json.dumps([kind.value, body], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


@functools.cache
def _corpus_ids() -> frozenset[str]:
    """The ids of the corpus's scenarios (read once: a run may save several cases)."""
    return frozenset(scenario.id for scenario in load_corpus([scenarios_dir()])[0])


def _players(failure: Failure) -> int:
    position = failure.minimal.finding.position
    return failure.game.players if position is None else position.players


def _description(failure: Failure, seed: int, engine: str) -> str:
    finding = failure.minimal.finding
    return (
        f"Found by zwicker conform --fuzz with --seed {seed}: hand {failure.hand} (hand seed "
        f"{failure.hand_seed}, {failure.game.label}), position {failure.ply}, against "
        f"{engine}, then shrunk to this case. The engine said: {_short(finding.engine_said)}. "
        f"The reference says: {_short(finding.reference_says)}. The expectation is the reference's "
        "answer (golden): a regression figure, not evidence. To contribute it, work the "
        "expectation out from the rule text and make it a hand case (docs/implementers.md)."
    )


def _short(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _position_part(position: Position) -> dict[str, Any]:
    data = position_to_data(position)
    part = {key: data[key] for key in _POSITION_KEYS}
    if any(data["zwicks"]):
        part["zwicks"] = data["zwicks"]
    if data["last_capture"] is not None:
        part["last_capture"] = data["last_capture"]
    if "shown" in data:
        part["shown"] = data["shown"]
    return part


def _body(failure: Failure) -> tuple[Kind, dict[str, Any]]:
    finding = failure.minimal.finding
    position, move = finding.position, finding.move
    if position is None:
        assert finding.setup is not None
        sides = REFERENCE.score(finding.setup, finding.captured, finding.zwicks)
        expect = {
            "card_points": [side.card_points for side in sides],
            "most_cards": [side.most_cards for side in sides],
            "zwick_points": [side.zwick_points for side in sides],
            "points": [side.points for side in sides],
        }
        captured = [[str(card) for card in pile] for pile in finding.captured]
        return Kind.SCORE, {"captured": captured, "zwicks": list(finding.zwicks), "expect": expect}
    if move is None:
        moves = sorted(format_move(legal) for legal in REFERENCE.legal(position))
        return Kind.LEGAL_MOVES, {
            "position": _position_part(position),
            "expect": {"moves": moves, "count": len(moves)},
        }
    after = position_to_data(REFERENCE.apply(position, move))
    step: dict[str, Any] = {"move": format_move(move), "expect": "legal"}
    if move.seat is not None:
        step["seat"] = move.seat
    step["after"] = {key: after[key] for key in _AFTER_KEYS}
    return Kind.MOVE, {"position": _position_part(position), "steps": [step]}
