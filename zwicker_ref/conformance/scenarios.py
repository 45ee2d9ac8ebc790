"""Scenario files: one conformance case each, read, checked and turned into typed values.

The format is ``spec/schema/scenario.schema.json`` and ``docs/reference/scenario-format.md``.
Reading checks the schema, then the meaning: the variant, its options and the player count
exist; every clause id named is a clause of the variant; every position is valid; every
move parses; every error code is one the interpreter has; ids are checked for uniqueness
across a corpus by :func:`load_corpus`. Every problem is reported with file, place and line.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, checked, line_in, read_yaml
from zwicker_ref.engine.moves import Move
from zwicker_ref.engine.position import Position
from zwicker_ref.errors import ErrorCode, InvalidFileError, NotationError, Problem, ZwickerError
from zwicker_ref.formats.move_data import MoveDataError, move_from_data
from zwicker_ref.formats.position_io import check_position_document
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.sources import unknown_sources
from zwicker_ref.rules.spec_loader import load_variant
from zwicker_ref.rules.variant import Variant

ID_PREFIXES = {
    "dithmarschen": "dith",
    "grossenwiehe": "gw",
    "christiansen": "chr",
    "classic": "cls",
    "grupp": "grp",
    "zwick": "zw",
}
"""The prefix of every scenario id of a variant (``dith-build-ace-on-nine``)."""


class Kind(enum.Enum):
    """The kinds of scenario."""

    MOVE = "move"
    LEGAL_MOVES = "legal-moves"
    GAME = "game"
    DEAL = "deal"
    SCORE = "score"


class Provenance(enum.Enum):
    """Where a scenario's expectation comes from."""

    SOURCE_EXAMPLE = "source-example"
    HAND = "hand"
    GOLDEN = "golden"


@dataclass(frozen=True, kw_only=True, slots=True)
class Step:
    """One move of a move scenario and what must happen."""

    move: Move
    seat: int | None
    legal: bool
    error: ErrorCode | None
    after: Mapping[str, Any] | None
    path: DocPath


@dataclass(frozen=True, kw_only=True, slots=True)
class GameMove:
    """One move of a game scenario."""

    move: Move
    seat: int | None
    path: DocPath


@dataclass(frozen=True, kw_only=True, slots=True)
class Scenario:
    """A checked scenario: its header, the typed parts the runner needs, and its raw data."""

    id: str
    title: str
    kind: Kind
    variant: Variant
    options: tuple[str, ...]
    players: int
    clauses: tuple[str, ...]
    provenance: Provenance
    file: str
    data: Mapping[str, Any]
    position: Position | None
    steps: tuple[Step, ...]
    moves: tuple[GameMove, ...]
    lines: Mapping[DocPath, int]

    @property
    def negative(self) -> bool:
        """True when the scenario shows a rule being broken (an illegal move, an excluded move)."""
        if any(not step.legal for step in self.steps):
            return True
        expect = self.data.get("expect")
        return self.kind is Kind.LEGAL_MOVES and isinstance(expect, dict) and "excludes" in expect

    def line_of(self, path: DocPath) -> int | None:
        """The line of a place in the scenario file."""
        return line_in(self.lines, path)


def is_scenario_data(data: object) -> bool:
    """True when parsed YAML looks like a scenario (it has a ``kind`` and a ``provenance``)."""
    return isinstance(data, dict) and "kind" in data and "provenance" in data


def load_scenario(path: Path, display_name: str | None = None) -> Scenario:
    """Read and check one scenario file; :class:`InvalidFileError` lists every problem."""
    return checked(read_yaml(path, display_name), check_scenario_document)


def check_scenario_document(document: YamlDocument) -> tuple[Scenario | None, list[Problem]]:
    """Check a parsed scenario; the scenario (if valid) and every problem found."""
    problems = schema_problems(document, "scenario")
    if problems:
        return None, problems
    data: dict[str, Any] = document.data
    if isinstance(data.get("source"), dict):
        problems += unknown_sources(
            document, iter([(("source", "source"), data["source"]["source"])])
        )
    try:
        variant = load_variant(data["variant"])
        rules = variant.rules_with(tuple(data.get("options", ())))
        rules.check_players(data["players"])
    except ZwickerError as error:
        return None, [document.problem(error.code, error.message, ("variant",))]
    known = {clause.id for clause in variant.clauses}
    for index, clause_id in enumerate(data["clauses"]):
        if clause_id not in known:
            problems.append(
                document.problem(
                    ErrorCode.UNKNOWN_CLAUSE,
                    f"{variant.id!r} has no clause {clause_id!r}",
                    ("clauses", index),
                )
            )
    position = None
    if "position" in data:
        position, found = _position(document, data)
        problems += found
    steps: list[Step] = []
    for index, raw in enumerate(data.get("steps", ())):
        path: DocPath = ("steps", index)
        move = _move(document, raw["move"], (*path, "move"), problems)
        expected_code = None
        if "error" in raw:
            try:
                expected_code = ErrorCode(raw["error"])
            except ValueError:
                problems.append(
                    document.problem(
                        ErrorCode.SCHEMA_VIOLATION,
                        f"{raw['error']!r} is not an error code (see docs/reference/errors.md)",
                        (*path, "error"),
                    )
                )
        if move is not None:
            steps.append(
                Step(
                    move=move,
                    seat=raw.get("seat"),
                    legal=raw["expect"] == "legal",
                    error=expected_code,
                    after=raw.get("after"),
                    path=path,
                )
            )
    moves: list[GameMove] = []
    for index, raw in enumerate(data.get("moves", ())):
        path = ("moves", index)
        move = _move(document, raw["move"], (*path, "move"), problems)
        if move is not None:
            moves.append(GameMove(move=move, seat=raw.get("seat"), path=path))
    expect = data.get("expect")
    if isinstance(expect, dict):
        for key in ("moves", "includes", "excludes"):
            for index, raw in enumerate(expect.get(key, ())):
                _move(document, raw, ("expect", key, index), problems)
    problems += _card_problems(document, data)
    if problems:
        return None, problems
    scenario = Scenario(
        id=data["id"],
        title=data["title"],
        kind=Kind(data["kind"]),
        variant=variant,
        options=tuple(data.get("options", ())),
        players=data["players"],
        clauses=tuple(data["clauses"]),
        provenance=Provenance(data["provenance"]),
        file=document.file,
        data=data,
        position=position,
        steps=tuple(steps),
        moves=tuple(moves),
        lines=document.lines,
    )
    return scenario, []


def _position(
    document: YamlDocument, data: dict[str, Any]
) -> tuple[Position | None, list[Problem]]:
    """The scenario's position, checked as a position file is; problems placed in the scenario."""
    raw = dict(data["position"])
    players = data["players"]
    dealer = raw.get("dealer", players - 1)
    full = {
        "format": 1,
        "variant": data["variant"],
        "options": list(data.get("options", ())),
        "players": players,
        "dealer": dealer,
        "to_move": raw.get("to_move", (dealer + 1) % players),
        "stage": raw.get("stage", 1),
        **{key: value for key, value in raw.items() if key not in ("dealer", "to_move", "stage")},
    }
    prefix: DocPath = ("position",)
    lines = {path[1:]: line for path, line in document.lines.items() if path[:1] == prefix}
    inner = YamlDocument(file=document.file, data=full, lines=lines)
    position, problems = check_position_document(inner)
    placed = [
        Problem(
            code=p.code,
            message=p.message,
            file=p.file,
            path="position" + ("." + p.path if p.path and not p.path.startswith("[") else p.path),
            line=p.line if p.line is not None else document.line_of(prefix),
        )
        for p in problems
    ]
    return position, placed


def _move(
    document: YamlDocument, raw: object, path: DocPath, problems: list[Problem]
) -> Move | None:
    try:
        return move_from_data(raw, path)
    except MoveDataError as error:
        problems.append(error.problem(document))
    except NotationError as error:
        problems.append(document.problem(error.code, error.message, path))
    return None


def _card_problems(document: YamlDocument, data: dict[str, Any]) -> list[Problem]:
    """Card notation in the places the schema only checks by pattern."""
    problems = []
    for path, text in _card_places(data):
        try:
            Card.parse(text)
        except NotationError as error:
            problems.append(document.problem(error.code, error.message, path))
    return problems


def _card_places(data: dict[str, Any]) -> Iterator[tuple[DocPath, str]]:
    for key in ("deck",):
        for index, text in enumerate(data.get(key, ())):
            yield (key, index), text


def load_corpus(paths: Iterable[Path]) -> tuple[list[Scenario], list[Problem]]:
    """Every scenario under ``paths`` (files or directories), and every problem found.

    A file with problems is left out and its problems reported; the rest still load.
    Duplicate ids across the corpus are problems of the later files.
    """
    scenarios: list[Scenario] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for path in scenario_files(paths):
        try:
            scenario = load_scenario(path)
        except InvalidFileError as error:
            problems += error.problems
            continue
        if scenario.id in seen:
            problems.append(
                Problem(
                    code=ErrorCode.DUPLICATE_SCENARIO_ID,
                    message=f"id {scenario.id!r} is already used by {seen[scenario.id]}",
                    file=scenario.file,
                    path="id",
                    line=scenario.line_of(("id",)),
                )
            )
            continue
        seen[scenario.id] = scenario.file
        scenarios.append(scenario)
    return scenarios, problems


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """The ``*.yaml`` files under ``paths``, sorted, each once."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    unique: dict[Path, None] = dict.fromkeys(found)
    return list(unique)
