"""Positions written: the canonical plain data, YAML and JSON.

Writing gives the canonical form: hands, table and captured piles in canonical card
order, the stock and each build's cards in their own order, so ``load -> dump -> load``
is the identity and equal positions are written identically
(``docs/reference/position-format.md``, "Canonical form").
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from zwicker_ref.engine.core.position import Position, TableItem, sorted_cards, sorted_items
from zwicker_ref.formats.position_fit import FORMAT
from zwicker_ref.formats.position_shown import shown_to_data
from zwicker_ref.rules.cards import Card, card_names


def position_to_data(position: Position) -> dict[str, Any]:
    """The canonical plain-data form of a position (for YAML or JSON)."""
    return {
        "format": FORMAT,
        "variant": position.variant,
        "options": sorted(position.options),
        "players": position.players,
        "dealer": position.dealer,
        "to_move": position.to_move,
        "stage": position.stage,
        "hands": [_names(sorted_cards(hand)) for hand in position.hands],
        "table": [_item_data(item) for item in sorted_items(position.table)],
        "stock": _names(position.stock),
        "captured": [_names(sorted_cards(pile)) for pile in position.captured],
        "zwicks": list(position.zwicks),
        "last_capture": position.last_capture,
        **shown_to_data(position.shown),
    }


def dump_position_yaml(position: Position) -> str:
    """The canonical YAML text of a position: one field a line, card lists in flow style."""
    data = position_to_data(position)
    flowing: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("hands", "captured"):
            flowing[key] = [_Flow(pile) for pile in value]
        elif key == "table":
            flowing[key] = _Flow(
                _FlowMap({**item, "build": _Flow(item["build"])})
                if isinstance(item, dict)
                else item
                for item in value
            )
        elif isinstance(value, list):
            flowing[key] = _Flow(value)
        else:
            flowing[key] = value
    return yaml.dump(flowing, Dumper=_Dumper, sort_keys=False, width=96, allow_unicode=True)


def dump_position_json(position: Position) -> str:
    """The canonical JSON text of a position: one field a line."""
    data = position_to_data(position)
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _names(cards: tuple[Card, ...]) -> list[str]:
    return card_names(cards)


def _item_data(item: TableItem) -> str | dict[str, Any]:
    if isinstance(item, Card):
        return str(item)
    data: dict[str, Any] = {"build": _names(item.cards), "value": item.value}
    if item.owner is not None:
        data["owner"] = item.owner
    return data


class _Flow(list[Any]):
    """A list written in YAML flow style: ``[AH, KH]``."""


class _FlowMap(dict[str, Any]):
    """A mapping written in YAML flow style: ``{build: [3D, 5S], value: 8}``."""


class _Dumper(yaml.SafeDumper):
    """A safe dumper that writes :class:`_Flow` and :class:`_FlowMap` in flow style."""


def _represent_flow(dumper: yaml.SafeDumper, value: _Flow) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)


def _represent_flow_map(dumper: yaml.SafeDumper, value: _FlowMap) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=True)


_Dumper.add_representer(_Flow, _represent_flow)
_Dumper.add_representer(_FlowMap, _represent_flow_map)
