"""The fast schema check of positions (what makes ``zwicker serve`` fast) agrees with the schema.

``plainly_fits_schema`` may only say True of a document the JSON Schema accepts; when it
says False the schema validator runs. Each mutation below breaks one schema rule and must
be refused by the fast check, and every reading error code stays the same.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import YamlDocument
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.errors import InvalidFileError
from zwicker_ref.formats.position_fit import plainly_fits_schema
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.rules.spec_loader import load_variant


def _valid() -> dict[str, Any]:
    variant = load_variant("grossenwiehe")
    position = start_hand(variant, 4, 3, shuffled_deck(variant.rules, 4, 7))
    data = position_to_data(position)
    data["table"].append({"build": ["AS"], "value": 1, "owner": 0})
    return data


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


def _table(value: object) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["table"].append(value)


BREAKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "format 2": _set("format", 2),
    "format true": _set("format", True),
    "variant upper case": _set("variant", "Zwick"),
    "variant number": _set("variant", 3),
    "options not a list": _set("options", "a"),
    "options repeated": _set("options", ["a", "a"]),
    "option bad id": _set("options", ["A_b"]),
    "players 1": _set("players", 1),
    "players 13": _set("players", 13),
    "players 4.0": _set("players", 4.0),
    "players true": _set("players", True),
    "dealer -1": _set("dealer", -1),
    "to_move text": _set("to_move", "0"),
    "stage -1": _set("stage", -1),
    "hands not lists": _set("hands", ["AS"]),
    "hand card lower case": _set("hands", [["as"], [], [], []]),
    "card copy #1": _set("hands", [["AS#1"], [], [], []]),
    "card copy #10": _set("hands", [["AS#10"], [], [], []]),
    "joker label too long": _set("hands", [["JK1234"], [], [], []]),
    "table not a list": _set("table", "AS"),
    "table number": _table(3),
    "build empty": _table({"build": [], "value": 3}),
    "build value 0": _table({"build": ["2S"], "value": 0}),
    "build value missing": _table({"build": ["2S"]}),
    "build extra field": _table({"build": ["2S"], "value": 2, "colour": "red"}),
    "build owner -1": _table({"build": ["2S"], "value": 2, "owner": -1}),
    "stock text": _set("stock", "AS"),
    "captured pile text": _set("captured", ["AS"]),
    "zwicks negative": _set("zwicks", [0, -1, 0, 0]),
    "last_capture -1": _set("last_capture", -1),
    "last_capture text": _set("last_capture", "0"),
    "unknown field": _set("colour", "red"),
    "missing table": _drop("table"),
    "missing hands": _drop("hands"),
    "missing format": _drop("format"),
}


def test_a_valid_position_skips_the_validator() -> None:
    data = _valid()
    assert plainly_fits_schema(data)
    assert schema_problems(YamlDocument(file="x", data=data, lines={}), "position") == []
    for optional in ("options", "stock", "captured", "zwicks", "last_capture"):
        trimmed = {key: value for key, value in data.items() if key != optional}
        assert plainly_fits_schema(trimmed)


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_schema_break_goes_to_the_validator(name: str) -> None:
    data = copy.deepcopy(_valid())
    BREAKS[name](data)
    assert schema_problems(YamlDocument(file="x", data=data, lines={}), "position")
    assert not plainly_fits_schema(data)
    with pytest.raises(InvalidFileError):
        position_from_data(data)
