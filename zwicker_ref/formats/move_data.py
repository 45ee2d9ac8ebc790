"""The structured form of moves: plain data for YAML and JSON files.

A move is a mapping whose first key says its kind, or a text in the compact
:mod:`notation <zwicker_ref.formats.notation>` (accepted wherever a move is expected)::

    {trail: 10S}
    {capture: KS, items: [QS, AD, 8D, 4D, 2D]}
    {capture: KS, value: 14, groups: [[QS, AD], [8D, 4D, 2D]]}
    {build: 10S, onto: JK30, value: 20, owner: 3}
    {build: QH, value: 13, owner: 1}          # a new single-card build
    "KS x QS AD"

Any move may carry ``seat``, the seat that plays it. A capture gives either ``items``
(the set it takes) or ``groups`` (how they add up), and optionally the ``value`` the
played card takes. A build's ``owner`` is left out (or null) where builds have no
owner. ``spec/schema/move.schema.json`` describes the same form.
"""

from __future__ import annotations

from typing import Any

from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, format_path
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.errors import ErrorCode, NotationError, Problem
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.rules.cards import Card

_KEYS = {
    "trail": ("trail", "seat"),
    "capture": ("capture", "value", "items", "groups", "seat"),
    "build": ("build", "onto", "value", "owner", "seat"),
}


class MoveDataError(NotationError):
    """Data that is not a move, with the place of the problem inside the document."""

    def __init__(self, message: str, path: DocPath) -> None:
        super().__init__(ErrorCode.BAD_MOVE_NOTATION, message)
        self.path = path

    def problem(self, document: YamlDocument) -> Problem:
        """The error as a :class:`Problem` located in ``document``."""
        return document.problem(self.code, self.message, self.path)

    def __str__(self) -> str:
        place = f"at {format_path(self.path)}: " if self.path else ""
        return f"{place}{self.message} [{self.code}]"


def move_to_data(move: Move, *, annotated: bool = True) -> dict[str, Any]:
    """The structured form of ``move``, with its seat and (if ``annotated``) a capture's notes.

    Items are listed in canonical card order; groups in their own order.

    >>> move_to_data(Build(Card.parse("QH"), None, 13, 1))
    {'build': 'QH', 'value': 13, 'owner': 1}
    """
    data: dict[str, Any]
    if isinstance(move, Trail):
        data = {"trail": str(move.card)}
    elif isinstance(move, Capture):
        data = {"capture": str(move.card)}
        if annotated and move.value is not None:
            data["value"] = move.value
        groups = move.groups
        if annotated and groups and {card for group in groups for card in group} == move.items:
            data["groups"] = [[str(card) for card in group] for group in groups]
        else:
            data["items"] = [
                str(card) for card in sorted(move.items, key=lambda card: card.sort_key)
            ]
    else:
        data = {"build": str(move.card)}
        if move.target is not None:
            data["onto"] = str(move.target)
        data["value"] = move.value
        if move.owner is not None:
            data["owner"] = move.owner
    if move.seat is not None:
        data["seat"] = move.seat
    return data


def move_from_data(data: object, path: DocPath = ()) -> Move:
    """The move that ``data`` (a mapping or a compact-notation text) describes.

    ``path`` is where ``data`` sits in its document; a :class:`MoveDataError` names the
    place of the problem below it (``moves[3].items[1]``).

    >>> move_from_data({"capture": "KS", "items": ["QS", "AD"]}) == parse_move("KS x AD QS")
    True
    """
    if isinstance(data, str):
        try:
            return parse_move(data)
        except NotationError as error:
            raise MoveDataError(error.message, path) from None
    if not isinstance(data, dict):
        raise MoveDataError(
            f"a move is a mapping ({{trail: ...}}, {{capture: ...}} or {{build: ...}}) or a "
            f"text in move notation, not {_describe(data)}",
            path,
        )
    kinds = [kind for kind in _KEYS if kind in data]
    if len(kinds) != 1:
        found = " and ".join(repr(kind) for kind in kinds) or "none of them"
        raise MoveDataError(
            f"a move has exactly one of the keys 'trail', 'capture' or 'build'; found {found}",
            path,
        )
    kind = kinds[0]
    unknown = [key for key in data if key not in _KEYS[kind]]
    if unknown:
        raise MoveDataError(
            f"unknown field {', '.join(repr(key) for key in unknown)} in a {kind}; "
            f"allowed: {', '.join(_KEYS[kind])}",
            (*path, str(unknown[0])),
        )
    card = _card(data[kind], (*path, kind))
    seat = _optional_int(data, "seat", path, minimum=0)
    if kind == "trail":
        return Trail(card, seat=seat)
    value = _optional_int(data, "value", path, minimum=1)
    if kind == "build":
        if value is None:
            raise MoveDataError("a build announces its new value: add 'value'", path)
        if "onto" in data and data["onto"] is None:
            raise MoveDataError(
                "'onto' names a table item; leave it out for a new single-card build",
                (*path, "onto"),
            )
        target = _card(data["onto"], (*path, "onto")) if "onto" in data else None
        owner = _optional_int(data, "owner", path, minimum=0, nullable=True)
        return Build(card, target, value, owner, seat=seat)
    return _capture(data, card, value, seat, path)


def _capture(
    data: dict[Any, Any], card: Card, value: int | None, seat: int | None, path: DocPath
) -> Capture:
    if ("items" in data) == ("groups" in data):
        raise MoveDataError(
            "a capture lists either 'items' (the set it takes) or 'groups' (how they add up), "
            "not both and not neither",
            path,
        )
    if "items" in data:
        # An empty list is well formed: the legality check answers capture-takes-nothing.
        listed = _card_list(data["items"], (*path, "items"), "items", allow_empty=True)
        _no_repeats([((*path, "items", index), item) for index, item in enumerate(listed)])
        return Capture(card, frozenset(listed), value=value, seat=seat)
    raw_groups = data["groups"]
    groups_path = (*path, "groups")
    if not isinstance(raw_groups, list) or not raw_groups:
        raise MoveDataError(
            f"'groups' is a non-empty list of groups, not {_describe(raw_groups)}", groups_path
        )
    groups = tuple(
        tuple(_card_list(group, (*groups_path, index), "group"))
        for index, group in enumerate(raw_groups)
    )
    # An item named in two groups is well formed but illegal: the legality check answers
    # item-used-twice, so a corpus can test that engines reject it with that code.
    items = frozenset(item for group in groups for item in group)
    return Capture(card, items, value=value, groups=groups, seat=seat)


def _card(raw: object, path: DocPath) -> Card:
    try:
        return Card.parse(raw)  # type: ignore[arg-type]  # Card.parse reports non-text itself
    except NotationError as error:
        raise MoveDataError(error.message, path) from None


def _card_list(raw: object, path: DocPath, what: str, *, allow_empty: bool = False) -> list[Card]:
    if not isinstance(raw, list) or (not raw and not allow_empty):
        raise MoveDataError(f"{what} is a non-empty list of cards, not {_describe(raw)}", path)
    return [_card(item, (*path, index)) for index, item in enumerate(raw)]


def _optional_int(
    data: dict[Any, Any], key: str, path: DocPath, *, minimum: int, nullable: bool = False
) -> int | None:
    if key not in data or (nullable and data[key] is None):
        return None
    raw = data[key]
    # bool is an int in Python, but `true` is never a number a person meant.
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < minimum:
        raise MoveDataError(
            f"{key!r} is a whole number from {minimum} up, not {_describe(raw)}", (*path, key)
        )
    return raw


def _no_repeats(located: list[tuple[DocPath, Card]]) -> None:
    seen: dict[Card, DocPath] = {}
    for path, card in located:
        if card in seen:
            raise MoveDataError(
                f"{card} is already named at {format_path(seen[card])}; "
                "a capture takes each item once",
                path,
            )
        seen[card] = path


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
