"""What the explorer page asks the reference, answered as JSON (run in the browser by Pyodide).

The explorer (``docs/explorer.md``, its front end ``docs/explorer/explorer.js``) puts one
position to every variant. Its Python side is this module and nothing else of its own:
each function takes and returns JSON text, and reads the position, lists, checks and
plays moves through the same functions ``zwicker legal`` and ``zwicker play`` use. A
position is re-read under each variant by :func:`position_from_data`, so a variant whose
pack or player count does not admit it says why, in the words and code the command gives.

Requests (JSON objects; a *position* is position-format data, or the text of a position
file under ``"text"``):

- :func:`open_position` ``{"position"|"text", "columns": [[variant, [options]], ...]}``:
  the position read (or the file's problems), and each column's move count or why not;
- :func:`list_moves` ``{"position", "columns", "column", "offset", "limit", "differences",
  "language"}``: a page of one column's moves, grouped and in words (in ``language``, ``en``
  or ``de``; English when not given), each with the columns that allow it;
- :func:`ask_move` ``{"position", "columns", "move", "language"}``: each column's verdict
  on one move (a legal move in words);
- :func:`play_move` ``{"position", "columns", "column", "move"}``: the next position.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from typing import Any

from zwicker_ref.documents import yamlfile
from zwicker_ref.documents.yamlfile import YamlDocument, parse_yaml
from zwicker_ref.engine.check.legality import check_move
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import score_hand
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import play
from zwicker_ref.errors import InvalidFileError, ZwickerError
from zwicker_ref.formats.notation import format_move, format_moves, parse_move
from zwicker_ref.formats.position_io import position_from_data, position_from_document
from zwicker_ref.formats.position_io import position_to_data as _position_to_data
from zwicker_ref.rules.spec_loader import load_variant
from zwicker_ref.site.labels import LANGUAGES, Language
from zwicker_ref.site.links import ordered_variants
from zwicker_ref.site.positions import move_in_words

PASTED = "pasted position"
"""The file name a pasted position's problems give (as the command names its file)."""

KINDS = ((Trail, "trail"), (Capture, "capture"), (Build, "build"))

Column = tuple[str, tuple[str, ...]]
"""A column of the explorer: a variant id and the options turned on."""


def text_digest(text: str) -> str:
    """The SHA-256 of a file's text: the key of its pre-parsed document."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def preload_specs(documents_json: str) -> None:
    """Load every variant from the spec files' documents parsed at build time.

    PyYAML's pure-Python parser (the browser has no libyaml) takes most of a second per
    spec file; the bundle carries each spec file's parsed document (its data and lines),
    keyed by the digest of its text and checked at build time to be what the parser
    gives. While the variants load, a text with a known digest is taken from there, any
    other is parsed; the variants stay cached (``load_variant``), so no spec is parsed
    again.
    """
    documents = json.loads(documents_json)
    parse = yamlfile.parse_yaml

    def parse_known(text: str, name: str) -> YamlDocument:
        known = documents.get(text_digest(text))
        if known is None:
            return parse(text, name)
        lines = {tuple(path): line for path, line in known["lines"]}
        return YamlDocument(file=name, data=known["data"], lines=lines)

    yamlfile.parse_yaml = parse_known
    try:
        ordered_variants()
    finally:
        yamlfile.parse_yaml = parse


def _problems(error: ZwickerError) -> list[dict[str, str]]:
    """An error as the command prints it: one line per problem, each with its code."""
    if isinstance(error, InvalidFileError):
        return [{"code": str(p.code), "message": str(p)} for p in error.problems]
    return [{"code": str(error.code), "message": str(error)}]


def _columns(request: dict[str, Any]) -> tuple[Column, ...]:
    return tuple((str(v), tuple(sorted(map(str, opts)))) for v, opts in request["columns"])


def _canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@functools.lru_cache(maxsize=64)
def _read(text: str) -> Position:
    """The position of a pasted file (YAML or JSON), or its problems as the command gives."""
    return position_from_document(parse_yaml(text, PASTED))


@functools.lru_cache(maxsize=256)
def position_under(data_json: str, column: Column) -> Position:
    """The position (canonical JSON data) read again as a position of ``column``."""
    data = json.loads(data_json)
    data["variant"], data["options"] = column[0], list(column[1])
    _regroup_sides(data, column)
    return position_from_data(data, f"{column[0]} position")


def _regroup_sides(data: dict[str, Any], column: Column) -> None:
    """Captured piles and zwicks by the column's sides, where that is certain.

    A variant playing in partnership has two sides where another has one per seat. With
    nothing captured and no zwick yet the sides are simply counted anew; seats' piles
    merge into their teams' (seat ``s`` plays for side ``s % 2``). Team piles cannot be
    split into seats: such a position stays as it is and the column says why it is not
    admitted.
    """
    try:
        rules = load_variant(column[0]).rules_with(column[1])
        sides = rules.sides_for(int(data["players"]))
    except (ZwickerError, KeyError, TypeError, ValueError):
        return  # reading the position names the problem
    captured = list(data.get("captured") or [])
    zwicks = list(data.get("zwicks") or [])
    if len(captured) in (0, sides) and len(zwicks) in (0, sides):
        return
    if not any(captured) and not any(zwicks):
        data["captured"], data["zwicks"] = [[] for _ in range(sides)], [0] * sides
    elif sides == 2 and len(captured) == len(zwicks) == int(data["players"]):
        data["captured"] = [[c for pile in captured[side::2] for c in pile] for side in range(2)]
        data["zwicks"] = [sum(zwicks[side::2]) for side in range(2)]


@functools.lru_cache(maxsize=64)
def _listed(data_json: str, column: Column) -> tuple[str, ...]:
    """Every legal move of the position under ``column``, in canonical notation and order."""
    return tuple(format_moves(legal_moves(position_under(data_json, column))))


@functools.lru_cache(maxsize=64)
def _listed_set(data_json: str, column: Column) -> frozenset[str]:
    return frozenset(_listed(data_json, column))


def _base(request: dict[str, Any]) -> Position:
    if "text" in request:
        return _read(str(request["text"]))
    return position_from_data(request["position"], PASTED)


def _admitted(data_json: str, columns: Sequence[Column]) -> dict[Column, Position]:
    admitted = {}
    for column in columns:
        try:
            admitted[column] = position_under(data_json, column)
        except ZwickerError:
            continue
    return admitted


def state_of(position: Position) -> dict[str, Any]:
    """What the page shows beside the position: its sides, and at the hand's end the score.

    The score is figures by side, row by row (the page names the rows in its language;
    the score lines keep the spec's English names): captured cards, each score line, most
    cards, zwicks, zwick points and the total, and whether the check holds.
    """
    state: dict[str, Any] = {"sides": position.sides, "over": position.is_over}
    if position.is_over:
        score = score_hand(position)
        sides = score.sides
        state["points"] = [side.points for side in sides]
        state["score"] = {
            "cards": [side.cards for side in sides],
            "lines": [
                [line.label, [side.lines[index].points for side in sides]]
                for index, line in enumerate(sides[0].lines if sides else ())
            ],
            "most_cards": [side.most_cards for side in sides],
            "zwicks": [side.zwicks for side in sides],
            "zwick_points": [side.zwick_points for side in sides],
            "points": [side.points for side in sides],
            "check_holds": score.check_holds,
        }
    return state


def _language(request: dict[str, Any]) -> Language:
    """The language the page asks in (``language``; English when not given)."""
    asked = request.get("language", "en")
    return next((language for language in LANGUAGES if language == asked), "en")


def _answer(fn: Any) -> Any:
    """Wrap a request handler: JSON in, JSON out, any error of the package as problems."""

    @functools.wraps(fn)
    def wrapped(request_json: str) -> str:
        try:
            result = fn(json.loads(request_json))
        except ZwickerError as error:
            result = {"ok": False, "problems": _problems(error)}
        return json.dumps(result, ensure_ascii=False)

    return wrapped


@_answer
def open_position(request: dict[str, Any]) -> dict[str, Any]:
    """The position read, and each column's count of legal moves or why it cannot hold it."""
    base = _base(request)
    data_json = _canonical(_position_to_data(base))
    columns = []
    for column in _columns(request):
        try:
            position = position_under(data_json, column)
        except ZwickerError as error:
            columns.append({"admitted": False, "problems": _problems(error)})
            continue
        columns.append({"admitted": True, "count": len(legal_moves(position))})
    return {
        "ok": True,
        "position": _position_to_data(base),
        "state": state_of(base),
        "columns": columns,
    }


def _kind(move: Move) -> str:
    return next(name for kind, name in KINDS if isinstance(move, kind))


@_answer
def list_moves(request: dict[str, Any]) -> dict[str, Any]:
    """A page of one column's moves: notation, kind, words, and the columns allowing each."""
    data_json = _canonical(request["position"])
    columns = _columns(request)
    mine = columns[int(request["column"])]
    admitted = _admitted(data_json, columns)
    listed = _listed(data_json, mine)
    elsewhere = {c: _listed_set(data_json, c) for c in admitted if c != mine}
    chosen = listed
    if request.get("differences"):
        chosen = tuple(m for m in listed if not all(m in moves for moves in elsewhere.values()))
    offset, limit = int(request.get("offset", 0)), int(request.get("limit", 200))
    language = _language(request)
    page = []
    for text in chosen[offset : offset + limit]:
        move = parse_move(text)
        allowed = [i for i, c in enumerate(columns) if c == mine or text in elsewhere.get(c, ())]
        page.append(
            {
                "move": text,
                "kind": _kind(move),
                "words": move_in_words(move, language),
                "legal_in": allowed,
            }
        )
    return {"ok": True, "total": len(chosen), "offset": offset, "moves": page}


@_answer
def ask_move(request: dict[str, Any]) -> dict[str, Any]:
    """Each column's verdict on one move: legal, or illegal with its code and message."""
    data_json = _canonical(request["position"])
    move = parse_move(str(request["move"]).strip())
    verdicts: list[dict[str, Any]] = []
    for column in _columns(request):
        try:
            position = position_under(data_json, column)
        except ZwickerError as error:
            verdicts.append({"admitted": False, "problems": _problems(error)})
            continue
        try:
            check_move(position, move)
        except ZwickerError as error:
            verdicts.append({"admitted": True, "legal": False, **_problems(error)[0]})
            continue
        words = move_in_words(move, _language(request))
        verdicts.append({"admitted": True, "legal": True, "words": words})
    return {"ok": True, "move": format_move(move), "verdicts": verdicts}


@_answer
def play_move(request: dict[str, Any]) -> dict[str, Any]:
    """The position after a move in one column (an illegal move answers with its error)."""
    data_json = _canonical(request["position"])
    column = _columns(request)[int(request["column"])]
    position = position_under(data_json, column)
    after = play(position, parse_move(str(request["move"]).strip()))
    return {"ok": True, "position": _position_to_data(after), "state": state_of(after)}


@_answer
def deck(request: dict[str, Any]) -> dict[str, Any]:
    """The cards a variant plays with at a player count (the builder's choice of cards)."""
    rules = load_variant(str(request["variant"])).rules_with(tuple(request.get("options", ())))
    players = int(request["players"])
    rules.check_players(players)
    sides = rules.sides_for(players)
    return {"ok": True, "cards": [str(card) for card in rules.deck(players)], "sides": sides}


@_answer
def variants(request: dict[str, Any]) -> dict[str, Any]:
    """The variants in the site's order: their options and the player counts they allow."""
    return {
        "ok": True,
        "variants": [
            {
                "id": variant.id,
                "options": [option.id for option in variant.options],
                "players": sorted(variant.rules.player_counts),
            }
            for variant in ordered_variants()
        ],
    }
