"""Whether a position document certainly fits ``position.schema.json``, answered at once.

The JSON Schema validator is thorough but slow (most of a served request's time). This is
a conservative restatement of the position schema (and of the card and option patterns of
``common.schema.json``) on plain data: where it says a document fits, the validator is
not asked; where it doubts, the validator runs and reports what is wrong, so no check is
lost. ``tests/test_fuzz_conform_fastcheck.py`` keeps it in step with the schema.
"""

from __future__ import annotations

import re

FORMAT = 1
"""The version of the position format (its ``format`` field)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 12  # as the schema allows

_CARD = r"(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|JK[0-9A-Z]{1,3})(?:#[2-9])?"
_CARD_TEXTS = re.compile(f"{_CARD}(?: {_CARD})*")
"""Cards in card notation (``common.schema.json``), separated by single spaces."""
_VARIANT_ID = re.compile(r"^[a-z][a-z0-9-]*$")
_OPTION_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_REQUIRED = frozenset(
    ("format", "variant", "players", "dealer", "to_move", "stage", "hands", "table")
)
_KEYS = _REQUIRED | {"options", "stock", "captured", "zwicks", "last_capture"}
# "shown" (position_shown) is not among them: a document that gives it is left to the
# schema validator, which admits it.


def plainly_fits_schema(data: object) -> bool:
    """True only if ``data`` certainly satisfies ``position.schema.json``.

    A conservative restatement of the schema (and of the card and option patterns of
    ``common.schema.json``): when it says False, the schema validator runs and reports
    what is wrong, so a doubtful document loses no check. Kept in step with the schema by
    ``tests/test_fuzz_conform_fastcheck.py``.
    """
    return fitting_cards(data) is not None


def fitting_cards(data: object) -> list[object] | None:
    """The card texts of ``data`` if it plainly fits the schema, else None.

    See :func:`plainly_fits_schema`; the texts are those the position reader gathers
    (every card of hands, table, stock and captured piles), gathered on the way.
    """
    if not isinstance(data, dict) or not _KEYS.issuperset(data) or not data.keys() >= _REQUIRED:
        return None
    variant = data["variant"]
    options = data.get("options", [])
    players = data["players"]
    last_capture = data.get("last_capture")
    zwicks = data.get("zwicks", [])
    plain = (
        type(data["format"]) is int
        and data["format"] == FORMAT
        and isinstance(variant, str)
        and _VARIANT_ID.match(variant) is not None
        and type(options) is list
        and all(isinstance(o, str) and _OPTION_ID.match(o) is not None for o in options)
        and len(set(options)) == len(options)
        and type(players) is int
        and MIN_PLAYERS <= players <= MAX_PLAYERS
        and _natural(data["dealer"])
        and _natural(data["to_move"])
        and _natural(data["stage"])
        and type(zwicks) is list
        and all(_natural(count) for count in zwicks)
        and (last_capture is None or _natural(last_capture))
    )
    cards: list[object] = []
    fits = (
        plain
        and _card_piles(data["hands"], cards)
        and type(data["table"]) is list
        and all(_table_item(item, cards) for item in data["table"])
        and _card_list(data.get("stock", []), cards)
        and _card_piles(data.get("captured", []), cards)
        and _card_texts_fit(cards)
    )
    return cards if fits else None


def _natural(value: object) -> bool:
    return type(value) is int and value >= 0


def _card_list(value: object, cards: list[object]) -> bool:
    """True if ``value`` is a list; its items join ``cards``, to be checked all at once."""
    if type(value) is not list:
        return False
    cards += value
    return True


def _card_piles(value: object, cards: list[object]) -> bool:
    if type(value) is not list or not all(type(pile) is list for pile in value):
        return False
    for pile in value:
        cards += pile
    return True


def _table_item(item: object, cards: list[object]) -> bool:
    if isinstance(item, str):
        cards.append(item)
        return True
    if type(item) is not dict or not {"build", "value"} <= item.keys() <= _BUILD_KEYS:
        return False
    owner = item.get("owner")
    return (
        _card_list(item["build"], cards)
        and len(item["build"]) >= 1
        and type(item["value"]) is int
        and item["value"] >= 1
        and (owner is None or _natural(owner))
    )


def _card_texts_fit(cards: list[object]) -> bool:
    """True if every item of ``cards`` is text in card notation.

    One regular expression over them all, joined by spaces, rather than one per card (a
    position names a hundred cards, and a server reads thousands of positions); the count
    of spaces makes sure that no item held a space of its own.
    """
    if not cards:
        return True
    try:
        joined = " ".join(cards)  # type: ignore[arg-type]  # TypeError: one is not text
    except TypeError:
        return False
    return joined.count(" ") == len(cards) - 1 and _CARD_TEXTS.fullmatch(joined) is not None


_BUILD_KEYS = frozenset(("build", "value", "owner"))
