"""Cards and moves in notation drawn as HTML for people (the same in every language).

Seats, tables, positions and moves in words, which need a page's language, are drawn by
:mod:`.positions`.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable

from zwicker_ref.errors import NotationError
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
