"""The canonical layout of a scenario file, for ``zwicker fmt``.

One layout for every scenario file, so that a diff shows only what changed:

- **Key order**: the header first (``format``, ``id``, ``title``, ``kind``, ``variant``,
  ``options``, ``players``, ``clauses``, ``source``, ``provenance``, ``description``),
  then the body in the order of :data:`KEY_ORDER`; inside every mapping the keys follow
  the same table, and keys it does not name keep their order after the named ones.
- **Card order**: the cards of every hand, of the table's loose cards and of every
  captured pile are written in canonical card order (their order carries no meaning).
  A stock, a deck order and a build's cards are ordered (top first, bottom first) and
  are never reordered; neither are lists of moves.
- **Style**: a list whose items are plain values, or small lists and mappings of plain
  values, is written on one line (``[2H, 7H, AH]``) when the line fits in 100
  characters; otherwise one item a line, each item on one line where it fits. Mappings
  are written one key a line. A description or note longer than a line is written as a
  folded block (``>-``) wrapped at 90 characters.

:func:`format_scenario_text` rewrites a file's text to this layout; it refuses a file
with a comment (PyYAML, the project's YAML reader, would drop it: nothing a contributor
wrote is ever lost), and a file that is not a valid scenario. The rewrite changes no
meaning: the document read back is the same, up to the card order above.
"""

from __future__ import annotations

import bisect
import re
import textwrap
from collections.abc import Iterator
from typing import Any

import yaml

from zwicker_ref.conformance.scenarios import check_scenario_document
from zwicker_ref.documents import bounds
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem
from zwicker_ref.rules.cards import Card

WIDTH = 100
TEXT_WIDTH = 90
KEY_ORDER = (
    # header
    "format", "id", "title", "kind", "variant", "options", "players", "clauses", "source",
    "section", "provenance", "description",
    # bodies, and the parts of positions, steps and expectations
    "match", "end", "target", "first_dealer", "draw",
    "dealer", "names", "deal", "deck", "position", "to_move", "stage", "hands", "table", "stock",
    "captured", "captured_counts", "zwicks", "last_capture", "shown", "over", "steps", "move",
    "seat",
    "expect", "error", "after", "moves", "count", "includes", "excludes", "perft",
    "checkpoints", "stages", "result", "cards", "points", "card_points", "most_cards",
    "zwick_points", "lines", "check_holds", "totals", "winners", "errata", "note",
)  # fmt: skip
"""The order of keys in every mapping of a scenario file."""

_FOLDED = frozenset({"description", "note", "title", "section", "errata"})
_CARD_SETS = frozenset({"hands", "captured"})
"""Keys whose value is a list of card lists in no meaningful order within each list."""


def format_scenario_text(text: str, name: str) -> str:
    """The canonical text of a scenario file; :class:`InvalidFileError` if it cannot be."""
    bounds.check_yaml_text(text, name)  # before the comments are looked for
    comments = comment_problems(text, name)
    if comments:
        raise InvalidFileError(name, comments)
    document = parse_yaml(text, name)
    _scenario, problems = check_scenario_document(document)
    if problems:
        raise InvalidFileError(name, problems)
    return render(document.data)


def render(data: Any) -> str:
    """A scenario document's data as text in the canonical layout (without checking it)."""
    return "".join(_block(canonical_data(data), 0))


def canonical_data(data: Any) -> Any:
    """The document with keys in canonical order and unordered cards in card order."""
    return _canonical(data, None)


def _canonical(value: Any, key: str | None) -> Any:
    if isinstance(value, dict):
        ordered = sorted(value, key=_key_place)
        return {name: _canonical(value[name], name) for name in ordered}
    if isinstance(value, list):
        items = [_canonical(item, None) for item in value]
        if key in _CARD_SETS and all(isinstance(pile, list) for pile in items):
            return [_card_order(pile) for pile in items]
        if key == "table":
            return _table_order(items)
        return items
    return value


def _key_place(name: Any) -> tuple[int, int]:
    try:
        return (0, KEY_ORDER.index(name))
    except ValueError:
        return (1, 0)  # unknown keys keep their order (sorted() is stable)


def _sort_key(text: Any) -> tuple[int, Any]:
    try:
        return (0, Card.parse(text).sort_key) if isinstance(text, str) else (1, 0)
    except ValueError:
        return (1, 0)


def _card_order(cards: list[Any]) -> list[Any]:
    if not all(isinstance(card, str) for card in cards):
        return cards
    return sorted(cards, key=_sort_key)


def _table_order(items: list[Any]) -> list[Any]:
    """Loose cards and builds, each in the order of the card that names it."""

    def name(item: Any) -> tuple[int, Any]:
        if isinstance(item, dict) and isinstance(item.get("build"), list) and item["build"]:
            return _sort_key(item["build"][0])
        return _sort_key(item)

    return sorted(items, key=name)


# Comments -------------------------------------------------------------------------------


def comment_problems(text: str, name: str) -> list[Problem]:
    """One problem per comment in a YAML text (a ``#`` inside a value is not a comment).

    One walk over the scalars (found by libyaml's scanner where PyYAML has it) and the
    ``#`` characters together, both in text order: linear in the text, whatever it holds.
    """
    try:
        inside = [
            (token.start_mark.index, token.end_mark.index)
            for token in yaml.scan(text, Loader=_SCANNER)
            if isinstance(token, yaml.ScalarToken)
        ]
    except yaml.YAMLError:
        return []  # not YAML: the reader reports it
    newlines = [found.start() for found in re.finditer("\n", text)]
    problems = []
    scalar = 0
    rest_of_line = 0  # the end of the comment last found: a '#' before it is inside it
    for found in _COMMENT_START.finditer(text):
        index = found.start()
        if index < rest_of_line:
            continue
        while scalar < len(inside) and inside[scalar][1] <= index:
            scalar += 1
        if scalar < len(inside) and inside[scalar][0] <= index:
            continue  # inside a value
        line = bisect.bisect_left(newlines, index)
        end = rest_of_line = newlines[line] if line < len(newlines) else len(text)
        comment = text[index:end]
        problems.append(
            Problem(
                code=ErrorCode.FMT_COMMENT,
                message=f"a comment ({comment.strip()[:60]!r}) would be lost by rewriting: "
                "move what it says into the description or a note, then format the file",
                file=name,
                line=line + 1,
            )
        )
    return problems


_COMMENT_START = re.compile(r"(?:^|(?<=[ \t\n]))#")
"""A ``#`` at the start of the text or after a space, tab or newline (YAML's comments)."""
_SCANNER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# Writing --------------------------------------------------------------------------------


def _scalar(value: Any) -> str:
    """A plain value as YAML writes it in flow context (quoted only where needed)."""
    text = yaml.safe_dump([value], default_flow_style=True, width=1 << 30, allow_unicode=True)
    return text.strip()[1:-1]


def _block_scalar(value: Any) -> str:
    """A plain value as YAML writes it as a mapping's value (a comma needs no quotes)."""
    text = yaml.safe_dump({"k": value}, width=1 << 30, allow_unicode=True)
    return text[len("k: ") :].rstrip("\n").removesuffix("\n...")


def _flowable(value: Any, depth: int = 0) -> bool:
    """True for plain values and small nestings of them (a table item, a hand list)."""
    if isinstance(value, (dict, list)):
        items = value.values() if isinstance(value, dict) else value
        return depth < 3 and all(_flowable(item, depth + 1) for item in items)
    return True


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    return _scalar(value)


def _block(value: Any, indent: int) -> Iterator[str]:
    """Lines of a mapping or list in block style, at ``indent`` spaces."""
    pad = " " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{pad}{_scalar(key)}:"
            yield from _entry(head, key, item, indent)
        return
    for item in value:
        if isinstance(item, str) and _foldable(item, f"{pad}-"):
            yield f"{pad}- >-\n"
            yield from _folded_lines(item, indent + 2)
        elif not isinstance(item, (dict, list)) or (
            _flowable(item) and len(pad) + 2 + len(_flow(item)) <= WIDTH
        ):
            yield f"{pad}- {_flow(item)}\n"
        elif isinstance(item, list) and _plain_list(item):
            yield from _wrapped(f"{pad}- ", item)
        elif isinstance(item, dict):
            lines = list(_block(item, indent + 2))
            yield f"{pad}- {lines[0][indent + 2 :]}"
            yield from lines[1:]
        else:
            yield f"{pad}-\n"
            yield from _block(item, indent + 2)


def _entry(head: str, key: Any, item: Any, indent: int) -> Iterator[str]:
    if isinstance(item, str) and key in _FOLDED and _foldable(item, head):
        yield f"{head} >-\n"
        yield from _folded_lines(item, indent + 2)
    elif (
        key in _FOLDED
        and isinstance(item, list)
        and any(isinstance(entry, str) and _foldable(entry, head) for entry in item)
    ):
        yield f"{head}\n"
        yield from _block(item, indent + 2)
    elif not isinstance(item, (dict, list)):
        yield f"{head} {_block_scalar(item)}\n"
    elif isinstance(item, list) and _flowable(item) and len(head) + 1 + len(_flow(item)) <= WIDTH:
        yield f"{head} {_flow(item)}\n"
    elif isinstance(item, list) and _plain_list(item):
        yield from _wrapped(f"{head} ", item)
    elif isinstance(item, (dict, list)) and not item:
        yield f"{head} {_flow(item)}\n"
    else:
        yield f"{head}\n"
        yield from _block(item, indent + 2)


def _folded_lines(text: str, indent: int) -> Iterator[str]:
    for line in textwrap.wrap(
        text, TEXT_WIDTH - indent, break_on_hyphens=False, break_long_words=False
    ):
        yield f"{' ' * indent}{line}\n"


def _plain_list(value: Any) -> bool:
    """A non-empty list of plain values (cards, moves, numbers)."""
    return (
        isinstance(value, list)
        and bool(value)
        and not any(isinstance(item, (dict, list)) for item in value)
    )


def _wrapped(prefix: str, items: list[Any]) -> Iterator[str]:
    """A flow list too long for one line, wrapped, continued under its first item."""
    line = prefix + "["
    indent = " " * len(line)
    words = [_scalar(item) for item in items]
    for index, word in enumerate(words):
        word += "]" if index == len(words) - 1 else ","
        if line.endswith(("[", ",")) and len(line) + 1 + len(word) > WIDTH and line != prefix + "[":
            yield line + "\n"
            line = indent + word
        else:
            line += ("" if line.endswith("[") else " ") + word
    yield line + "\n"


def _foldable(text: str, head: str) -> bool:
    """True when ``text`` is too long for its line and reads back the same once folded."""
    if len(head) + 1 + len(_block_scalar(text)) <= WIDTH:
        return False
    plain = " ".join(text.split())
    return plain == text and not text.startswith(("#", "-", ">", "|", "'", '"'))
