"""Cards, moves, tables and positions drawn as HTML for people."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence

from zwicker_ref.conformance.scenario_kinds import BuildPart, Parts
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Pile, Position, TableItem
from zwicker_ref.errors import NotationError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.rules.cards import Card

SUITS = {"C": ("♣", "black"), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "black")}
_NOTATION_SEPARATORS = re.compile(r"([\s,>+=@\"{}\[\]:]+)")
"""What separates the words of move notation (and of move data written as JSON)."""


def card_html(text: str) -> str:
    """One card drawn for people: rank and suit symbol in the suit's colour."""
    card = Card.parse(text)
    copy = f"<sup>{card.copy}</sup>" if card.copy > 1 else ""
    if card.joker_label is not None:
        return f'<span class="zc zc-joker" title="{card}">★{card.joker_label}{copy}</span>'
    assert card.rank is not None
    assert card.suit is not None
    symbol, colour = SUITS[card.suit.value]
    return f'<span class="zc zc-{colour}" title="{card}">{card.rank.value}{symbol}{copy}</span>'


def cards_html(texts: Iterable[str]) -> str:
    """Several cards drawn side by side (a dash for none)."""
    drawn = [card_html(text) for text in texts]
    return " ".join(drawn) if drawn else "—"


def move_html(raw: object, title: str | None = None) -> str:
    """A move in notation, with its cards drawn; ``title`` is its hover text."""
    text = raw if isinstance(raw, str) else json.dumps(raw)
    words = _NOTATION_SEPARATORS.split(text)
    hover = f' title="{html.escape(title)}"' if title else ""
    return (
        f'<span class="zc-move"{hover}>'
        + "".join(card_html(word) if _is_card(word) else html.escape(word) for word in words)
        + "</span>"
    )


def _is_card(word: str) -> bool:
    """True when ``word`` is a card in card notation (the one parser: Card.parse)."""
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


_CARD_IN_PROSE = re.compile(r"(?<![\w#])(?:10|[2-9AJQK])[CDHS](?:#\d+)?(?![\w#])|JK\d+(?:#\d+)?\b")
"""A word of prose shaped like a card code (``KH``, ``10D``, ``JK25``); Card.parse decides."""


def prose_html(text: str) -> str:
    """Prose escaped for HTML, with every card code in it drawn as a card (KH+4H: K♥+4♥)."""

    def drawn(found: re.Match[str]) -> str:
        word = found.group(0)
        return card_html(word) if _is_card(word) else word

    return _CARD_IN_PROSE.sub(drawn, html.escape(text))


def seat_name(seat: int, names: Sequence[str] = ()) -> str:
    """A seat as people call it: the player's name where the scenario gives names."""
    return html.escape(names[seat]) if seat < len(names) else f"seat {seat}"


def move_in_words(move: Move) -> str:
    """What a move does, in words (the hover text of a drawn move)."""
    if isinstance(move, Trail):
        return f"trail: {move.card} is played to the table as a loose card"
    if isinstance(move, Capture):
        items = " ".join(sorted(str(item) for item in move.items))
        value = "" if move.value is None else f", counting {move.value}"
        return f"capture: {move.card} takes {items}{value}"
    assert isinstance(move, Build)
    target = "alone, as a new build" if move.target is None else f"onto {move.target}"
    owner = "" if move.owner is None else f"; seat {move.owner} owns the build"
    return f"build: {move.card} is played {target} and {move.value} announced{owner}"


def played_move_html(move: Move) -> str:
    """A typed move drawn in canonical notation, with its meaning as hover text."""
    return move_html(format_move(move), move_in_words(move))


def table_html(items: Iterable[TableItem | BuildPart], names: Sequence[str] = ()) -> str:
    """Table items drawn: loose cards, and builds with their value and owner."""
    drawn = []
    for item in items:
        if isinstance(item, Pile | BuildPart):
            owner = "" if item.owner is None else f" <small>{seat_name(item.owner, names)}</small>"
            cards = cards_html(map(str, item.cards))
            drawn.append(f'<span class="zc-build">{cards} <b>= {item.value}</b>{owner}</span>')
        else:
            drawn.append(card_html(str(item)))
    return " ".join(drawn) or "—"


def hands_html(hands: Iterable[Iterable[Card]], names: Sequence[str] = ()) -> str:
    """Every seat's cards on one line (each seat by its player's name where given)."""
    return " · ".join(
        f"{seat_name(seat, names)}: {cards_html(map(str, hand))}" for seat, hand in enumerate(hands)
    )


def position_html(position: Position, names: Sequence[str] = ()) -> list[str]:
    """A position's hands and table, one line each (seats by their players' names if given)."""
    lines = ['<div class="zc-position">']
    for seat, hand in enumerate(position.hands):
        mover = " <small>(to move)</small>" if seat == position.to_move else ""
        who = f"{html.escape(names[seat])} (seat {seat})" if seat < len(names) else f"Seat {seat}"
        lines.append(f"<div>{who}{mover}: {cards_html(map(str, hand))}</div>")
    lines.append(f"<div>Table: {table_html(position.table, names)}</div>")
    lines.append("</div>")
    return lines


def parts_html(parts: Parts | None) -> str:
    """The parts of a position a scenario asserts, in words."""
    if parts is None:
        return ""
    shown = []
    if "table" in parts.given:
        shown.append("table " + (table_html(parts.table) if parts.table else "empty"))
    if "captured_counts" in parts.given:
        shown.append("cards captured by side " + ", ".join(map(str, parts.captured_counts)))
    if "zwicks" in parts.given:
        shown.append("zwicks by side " + ", ".join(map(str, parts.zwicks)))
    if "to_move" in parts.given:
        shown.append(f"seat {parts.to_move} to move")
    if "over" in parts.given:
        shown.append("the hand is over" if parts.over else "the hand goes on")
    return "; ".join(shown)
