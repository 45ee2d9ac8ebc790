"""The explorer page's files, made at build time: the Python it runs and the examples it opens.

The explorer runs this package in the browser under Pyodide. The browser gets:

- ``explorer/zwicker.zip`` (:func:`python_bundle`): the package's Python files, the
  pure-Python part of PyYAML (its ``yaml`` package as installed, without the compiled
  ``_yaml``), and the spec files as the build read them, laid out as a corpus root. The
  specs are validated here (the site's build loads every variant first); in the browser
  every spec passes the schema gate, so ``jsonschema`` and ``rpds`` are never imported;
- ``explorer/pyodide/`` (:func:`copy_runtime`): the Pyodide runtime from the npm package
  pinned in ``explorer/package.json`` (``npm ci --prefix explorer``);
- ``explorer/examples.json`` (:func:`examples_json`): each corpus example's position by
  its id, for ``?example=ID``, with the move its first step plays;
- ``explorer/words.json`` (:func:`explorer_words`): the page's words in each language the
  site is published in (the page picks its own by its ``lang``), and, for a language other
  than the reference's own, the meaning of each error code from that language's errors page.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from zwicker_ref.conformance.scenario_kinds import (
    DealBody,
    GameBody,
    MatchBody,
    MoveBody,
    ScoreBody,
)
from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.engine.core.dealing import start_hand
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.site.explorer_answers import text_digest
from zwicker_ref.site.labels import LANGUAGES, Language, label_templates, page_path
from zwicker_ref.site.links import clause_page_path, url_of

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the page loads of the npm package ``pyodide``: the loader, the runtime, the stdlib."""

EXPLORER = "explorer.md"
"""The explorer page's path under docs/."""

_PACKAGE = Path(__file__).resolve().parent.parent


class ExplorerBuildError(ZwickerError):
    """The explorer's files cannot be made (the Pyodide runtime is not installed)."""


def runtime_dir(repository: Path) -> Path:
    """Where ``npm ci --prefix explorer`` puts the pinned Pyodide package."""
    return repository / "explorer" / "node_modules" / "pyodide"


def copy_runtime(repository: Path, site_dir: Path) -> list[Path]:
    """Copy the Pyodide runtime into ``site_dir/explorer/pyodide``; the files copied."""
    source = runtime_dir(repository)
    missing = [name for name in RUNTIME_FILES if not (source / name).is_file()]
    if missing:
        raise ExplorerBuildError(
            ErrorCode.FILE_UNREADABLE,
            f"{source}: the explorer's Pyodide runtime is missing ({', '.join(missing)}); "
            "run `npm ci --prefix explorer` (make docs does)",
        )
    target = site_dir / "explorer" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in RUNTIME_FILES:
        copied.append(Path(shutil.copyfile(source / name, target / name)))
    return copied


def _python_files(package: Path, prefix: str) -> Iterable[tuple[str, Path]]:
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield f"{prefix}/{path.relative_to(package).as_posix()}", path


SPEC_DOCUMENTS = "corpus/spec-documents.json"
"""The spec files' parsed documents in the bundle (:func:`spec_documents`)."""


def spec_documents(spec: Path) -> str:
    """Every spec YAML file's parsed document (data and lines) by the digest of its text.

    The explorer loads the variants from these (PyYAML's pure-Python parser is slow in
    the browser); each is checked here to survive JSON unchanged, so it is the document
    the parser gives.
    """
    documents: dict[str, Any] = {}
    for path in sorted(spec.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        document = parse_yaml(text, str(path))
        lines = [[list(place), line] for place, line in document.lines.items()]
        entry = {"data": document.data, "lines": lines}
        again = json.loads(json.dumps(entry))
        if again["data"] != document.data or {
            tuple(place): line for place, line in again["lines"]
        } != dict(document.lines):
            raise ExplorerBuildError(
                ErrorCode.SCHEMA_VIOLATION,
                f"{path}: its parsed document does not survive JSON unchanged",
            )
        documents[text_digest(text)] = entry
    return json.dumps(documents, separators=(",", ":"), ensure_ascii=False)


def python_bundle() -> bytes:
    """The zip the page unpacks: ``zwicker_ref``, pure-Python ``yaml``, ``corpus/spec``."""
    spec = spec_dir()
    yaml_package = Path(yaml.__file__).resolve().parent
    members = [
        *_python_files(_PACKAGE, "zwicker_ref"),
        *_python_files(yaml_package, "yaml"),
        *(
            (f"corpus/spec/{path.relative_to(spec).as_posix()}", path)
            for path in sorted(spec.rglob("*"))
            if path.is_file() and path.suffix in (".yaml", ".json")
        ),
    ]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, path in members:
            # A fixed date: the same tree gives the same bytes.
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, path.read_bytes())
        bundle.writestr(zipfile.ZipInfo("corpus/scenarios/README", (2000, 1, 1, 0, 0, 0)), "")
        documents = zipfile.ZipInfo(SPEC_DOCUMENTS, (2000, 1, 1, 0, 0, 0))
        documents.compress_type = zipfile.ZIP_DEFLATED
        bundle.writestr(documents, spec_documents(spec))
    return buffer.getvalue()


def example_position(scenario: Scenario) -> Position | None:
    """The position an example opens in the explorer, where it has one.

    A move or legal-moves example opens its position; a game or deal example the
    position after its first stage is dealt; a played match hand likewise; a score
    example the finished hand (the captured piles and zwicks it scores, nothing left).
    """
    if scenario.position is not None:
        return scenario.position
    body = scenario.body
    variant, players, options = scenario.variant, scenario.players, scenario.options
    if isinstance(body, GameBody | DealBody):
        return start_hand(variant, players, body.dealer, body.deck, options)
    if isinstance(body, MatchBody):
        played = next((hand for hand in body.hands if hand.points is None), None)
        if played is None:
            return None
        dealer = body.expect_hands[body.hands.index(played)].dealer
        return start_hand(variant, players, dealer, played.deck, options)
    if isinstance(body, ScoreBody):
        deck = variant.rules_with(options).deck(players)
        dealt = start_hand(variant, players, players - 1, deck, options)
        return Position(
            variant=dealt.variant,
            options=dealt.options,
            players=players,
            dealer=dealt.dealer,
            to_move=dealt.to_move,
            stage=dealt.stage,
            hands=tuple(() for _ in range(players)),
            table=(),
            stock=(),
            captured=body.captured,
            zwicks=body.zwicks,
            last_capture=None,
            rules=dealt.rules,
        )
    return None


def first_move(scenario: Scenario) -> str | None:
    """The move a move example plays first (the explorer asks about it), in notation."""
    body = scenario.body
    if isinstance(body, MoveBody) and body.steps:
        return format_move(body.steps[0].move)
    return None


def error_clauses(scenarios: Iterable[Scenario]) -> dict[str, dict[str, str]]:
    """Where each error code of each variant links: the primary clause of its first example.

    The corpus's move examples say which clause a refused move breaks (their first clause)
    and which code the refusal carries; the explorer links a refusal to that clause.
    """
    links: dict[str, dict[str, str]] = {}
    for scenario in scenarios:
        body = scenario.body
        if not isinstance(body, MoveBody) or not scenario.clauses:
            continue
        clause = scenario.clauses[0]
        href = f"../{url_of(clause_page_path(scenario.variant.id, clause))}#{clause}"
        for step in body.steps:
            if step.error is not None:
                links.setdefault(scenario.variant.id, {}).setdefault(str(step.error), href)
    return links


def examples_json(scenarios: Sequence[Scenario]) -> str:
    """Every example's position by id (those that have one), and where refusals link."""
    examples: dict[str, Any] = {}
    for scenario in scenarios:
        position = example_position(scenario)
        if position is None:
            continue
        entry: dict[str, Any] = {"position": position_to_data(position)}
        move = first_move(scenario)
        if move is not None:
            entry["move"] = move
        examples[scenario.id] = entry
    document = {"examples": examples, "errors": error_clauses(scenarios)}
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def explorer_href(scenario: Scenario, root: str) -> str:
    """The explorer's address for an example: its position, or the builder set up for it.

    A match example whose hands are all given as points has no position; its link opens
    the builder with the example's variant and player count.
    """
    if has_position(scenario):
        return f"{root}explorer/?example={scenario.id}"
    return f"{root}explorer/?variant={scenario.variant.id}&players={scenario.players}"


def has_position(scenario: Scenario) -> bool:
    """True when the example can be opened in the explorer."""
    try:
        return example_position(scenario) is not None
    except ZwickerError:
        return False


REFERENCE_LANGUAGE: Language = "en"
"""The language of the reference's own messages (an illegal move's, a position's problem).

On a page in another language the explorer shows, beside such a message, the meaning of its
error code in the page's language, from that language's errors page."""

_ERROR_ROW = re.compile(r"^\| `([a-z0-9-]+)` \| (.+?) \|$", re.MULTILINE)
_MARKUP = re.compile(r"`|\[([^\]]*)\]\([^)]*\)")


def error_meanings(errors_page: str) -> dict[str, str]:
    """Each error code's meaning from an errors page's tables (``| `code` | meaning |``)."""
    return {
        code: _MARKUP.sub(lambda found: found.group(1) or "", meaning)
        for code, meaning in _ERROR_ROW.findall(errors_page)
    }


def explorer_words(docs: Path) -> str:
    """The explorer's words by language: its labels, and error meanings where needed.

    ``docs`` is the site's docs folder, whose ``reference/errors.md`` (and its German
    ``errors.de.md``) give the meanings.
    """
    words = {
        language: {
            "labels": label_templates(language, ("zx.", "pos.", "ex.")),
            "errors": (
                {}
                if language == REFERENCE_LANGUAGE
                else error_meanings(
                    (docs / page_path("reference/errors.md", language)).read_text("utf-8")
                )
            ),
        }
        for language in LANGUAGES
    }
    return json.dumps(words, separators=(",", ":"), ensure_ascii=False)
