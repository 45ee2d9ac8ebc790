"""Scenario files: one conformance case each, read, checked and turned into typed values.

The format is ``spec/schema/scenario.schema.json`` and ``docs/reference/scenario-format.md``.
Reading checks the schema, then the meaning: the variant, its options and the player count
exist; every clause id named is a clause of the variant; every position is valid; every
move parses; every error code is one the interpreter has; ids are checked for uniqueness
across a corpus by :func:`load_corpus`. Every problem is reported with file, place and line.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zwicker_ref.conformance.scenario_kinds import Body, LegalMovesBody, MoveBody
from zwicker_ref.conformance.scenario_reader import ScenarioReader
from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, checked, line_in, read_yaml
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, ZwickerError
from zwicker_ref.formats.position_io import check_position_document
from zwicker_ref.rules.sources import unknown_sources
from zwicker_ref.rules.spec_loader import load_variant
from zwicker_ref.rules.variant import Citation, Variant

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
    MATCH = "match"


class Provenance(enum.Enum):
    """Where a scenario's expectation comes from."""

    SOURCE_EXAMPLE = "source-example"
    HAND = "hand"
    GOLDEN = "golden"


@dataclass(frozen=True, kw_only=True, slots=True)
class Scenario:
    """A checked scenario: its header and its typed content (:data:`Body`, one per kind)."""

    id: str
    title: str
    kind: Kind
    variant: Variant
    options: tuple[str, ...]
    players: int
    clauses: tuple[str, ...]
    source: Citation | None
    """The passage it comes from; None for a constructed case."""
    provenance: Provenance
    description: str
    file: str
    body: Body
    lines: Mapping[DocPath, int]

    @property
    def position(self) -> Position | None:
        """The position a move or legal-moves scenario starts from."""
        body = self.body
        return body.position if isinstance(body, MoveBody | LegalMovesBody) else None

    @property
    def negative(self) -> bool:
        """True when the scenario shows a rule being broken (an illegal move, an excluded move)."""
        body = self.body
        if isinstance(body, MoveBody):
            return any(not step.legal for step in body.steps)
        return isinstance(body, LegalMovesBody) and bool(body.excludes)

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
    placeholders = placeholder_problems(document)
    left = {problem.path for problem in placeholders}
    problems = [p for p in schema_problems(document, "scenario") if p.path not in left]
    if problems or placeholders:
        return None, placeholders + problems
    data: dict[str, Any] = document.data
    if isinstance(data.get("source"), dict):
        problems += unknown_sources(
            document, iter([(("source", "source"), data["source"]["source"])])
        )
    try:
        variant = load_variant(data["variant"])
        rules = variant.rules_with(tuple(data.get("options", ())))
        rules.check_players(data["players"])
    except InvalidFileError as error:
        # The scenario is fine but its variant's spec is not: name the spec's own problems.
        shown = "; ".join(
            f"{problem.file}:{problem.line or 1}: {problem.message}"
            for problem in error.problems[:3]
        )
        more = len(error.problems) - 3
        message = f"its variant's spec cannot be used: {shown}" + (
            f" (and {more} more)" if more > 0 else ""
        )
        return None, [document.problem(error.code, message, ("variant",))]
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
    reader = ScenarioReader(document, problems)
    body = reader.body(data["kind"], data, position, variant)
    if problems or body is None:
        return None, problems
    source = data["source"]
    scenario = Scenario(
        id=data["id"],
        title=data["title"],
        kind=Kind(data["kind"]),
        variant=variant,
        options=tuple(data.get("options", ())),
        players=data["players"],
        clauses=tuple(data["clauses"]),
        source=None
        if source == "constructed"
        else Citation(source=source["source"], section=source["section"]),
        provenance=Provenance(data["provenance"]),
        description=data["description"],
        file=document.file,
        body=body,
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
            more=p.more,
            open_ended=p.open_ended,
        )
        for p in problems
    ]
    return position, placed


def load_corpus(
    paths: Iterable[Path], each: Callable[[Scenario], object] = lambda scenario: None
) -> tuple[list[Scenario], list[Problem]]:
    """Every scenario under ``paths`` (files or directories), and every problem found.

    A file with problems is left out and its problems reported; the rest still load.
    Duplicate ids across the corpus are problems of the later files. ``each`` is given
    each scenario as soon as it is read (and kept).
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
        each(scenario)
    return scenarios, problems


PLACEHOLDER = "TODO"
"""How every placeholder of a ``zwicker new`` skeleton begins."""


def placeholder_problems(document: YamlDocument) -> list[Problem]:
    """``skeleton-placeholder`` for each text left as ``zwicker new`` wrote it (``TODO...``).

    A skeleton's title, description and expectation begin with :data:`PLACEHOLDER`; a
    completed case has none (a title or an expectation never begins with the word).
    """
    found: list[Problem] = []
    stack: list[tuple[DocPath, object]] = [((), document.data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if value.lstrip().startswith(PLACEHOLDER):
                found.append(
                    document.problem(
                        ErrorCode.SKELETON_PLACEHOLDER,
                        f"a placeholder of zwicker new is left: {value.strip()[:60]!r}; "
                        "replace it with what the case says",
                        path,
                    )
                )
        elif isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in reversed(list(enumerate(value))))
    return found


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """The ``*.yaml`` files under ``paths``, sorted, each once."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    unique: dict[Path, None] = dict.fromkeys(found)
    return list(unique)
