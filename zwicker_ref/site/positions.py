"""Seats, hands, tables, positions and moves drawn and told for people, in a page's language.

The cards themselves are drawn by :mod:`.cards` (the same in every language); the words
around them (``seat 2``, ``(to move)``, ``Table:``, a move in words) come from
:mod:`.labels`, so a German page says ``Platz 2``, ``(am Zug)``, ``Tisch:`` and
``zulegen: …``. The explorer tells its moves with :func:`move_in_words` too.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from zwicker_ref.conformance.scenario_kinds import BuildPart, Parts
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Pile, Position, TableItem
from zwicker_ref.formats.notation import format_move
from zwicker_ref.rules.cards import Card
from zwicker_ref.site.cards import card_html, cards_html, move_html
from zwicker_ref.site.labels import Language, label


def counted(language: Language, key: str, count: int) -> str:
    """``count`` with its noun in the right number: ``1 hand``, ``2 hands`` (``key.one|other``)."""
    return label(language, f"{key}.{'one' if count == 1 else 'other'}", count=count)


def seat_name(seat: int, names: Sequence[str] = (), language: Language = "en") -> str:
    """A seat as people call it: the player's name where the scenario gives names."""
    return html.escape(names[seat]) if seat < len(names) else label(language, "ex.seat", seat=seat)


def move_in_words(move: Move, language: Language = "en") -> str:
    """What a move does, in words (the hover text of a drawn move)."""
    if isinstance(move, Trail):
        return label(language, "move.trail", card=move.card)
    if isinstance(move, Capture):
        items = " ".join(sorted(str(item) for item in move.items))
        value = "" if move.value is None else label(language, "move.counting", value=move.value)
        return label(language, "move.capture", card=move.card, items=items, value=value)
    assert isinstance(move, Build)
    target = (
        label(language, "move.alone")
        if move.target is None
        else label(language, "move.onto", target=move.target)
    )
    owner = "" if move.owner is None else label(language, "move.owner", seat=move.owner)
    return label(
        language, "move.build", card=move.card, target=target, value=move.value, owner=owner
    )


def played_move_html(move: Move, language: Language = "en") -> str:
    """A typed move drawn in canonical notation, with its meaning as hover text."""
    return move_html(format_move(move), move_in_words(move, language))


def table_html(
    items: Iterable[TableItem | BuildPart], names: Sequence[str] = (), language: Language = "en"
) -> str:
    """Table items drawn: loose cards, and builds with their value and owner."""
    drawn = []
    for item in items:
        if isinstance(item, Pile | BuildPart):
            owner = (
                ""
                if item.owner is None
                else f" <small>{seat_name(item.owner, names, language)}</small>"
            )
            cards = cards_html(map(str, item.cards))
            drawn.append(f'<span class="zc-build">{cards} <b>= {item.value}</b>{owner}</span>')
        else:
            drawn.append(card_html(str(item)))
    return " ".join(drawn) or "—"


def hands_html(
    hands: Iterable[Iterable[Card]], names: Sequence[str] = (), language: Language = "en"
) -> str:
    """Every seat's cards on one line (each seat by its player's name where given)."""
    return " · ".join(
        f"{seat_name(seat, names, language)}: {cards_html(map(str, hand))}"
        for seat, hand in enumerate(hands)
    )


def position_html(
    position: Position, names: Sequence[str] = (), language: Language = "en"
) -> list[str]:
    """A position's hands and table, one line each (seats by their players' names if given)."""
    lines = ['<div class="zc-position">']
    for seat, hand in enumerate(position.hands):
        mover = (
            f" <small>{label(language, 'pos.to_move')}</small>" if seat == position.to_move else ""
        )
        who = (
            f"{html.escape(names[seat])} ({label(language, 'ex.seat', seat=seat)})"
            if seat < len(names)
            else label(language, "pos.seat", seat=seat)
        )
        lines.append(f"<div>{who}{mover}: {cards_html(map(str, hand))}</div>")
    table = table_html(position.table, names, language)
    lines.append(f"<div>{label(language, 'pos.table', table=table)}</div>")
    lines.append("</div>")
    return lines


def parts_html(parts: Parts | None, language: Language = "en") -> str:
    """The parts of a position a scenario asserts, in words."""
    if parts is None:
        return ""
    shown = []
    if "table" in parts.given:
        table = (
            table_html(parts.table, (), language) if parts.table else label(language, "parts.empty")
        )
        shown.append(label(language, "parts.table", table=table))
    if "captured_counts" in parts.given:
        counts = ", ".join(map(str, parts.captured_counts))
        shown.append(label(language, "parts.captured", counts=counts))
    if "zwicks" in parts.given:
        shown.append(label(language, "parts.zwicks", counts=", ".join(map(str, parts.zwicks))))
    if "to_move" in parts.given:
        shown.append(label(language, "parts.to_move", seat=parts.to_move))
    if "over" in parts.given:
        shown.append(label(language, "parts.over" if parts.over else "parts.goes_on"))
    return "; ".join(shown)
