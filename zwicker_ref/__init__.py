"""Zwicker Rules: the reference interpreter of the Zwicker family of card games.

The package is layered; each layer imports only from the layers below it (an
import-linter contract in ``pyproject.toml`` enforces this in CI):

========================  ============================================================
``zwicker_ref.cli``       the ``zwicker`` command
``zwicker_ref.site``      the rules site's generated pages
``zwicker_ref.protocol``  the JSON-lines engine protocol: messages, server, client
``zwicker_ref.conformance``  scenarios, the runner, the reference engine, coverage, export
``zwicker_ref.formats``   move notation, move data, position files, game records
``zwicker_ref.engine``    positions, moves, legal moves, play, dealing, scoring
``zwicker_ref.rules``     cards, variants and their spec files, deal plans, check totals
``zwicker_ref.documents``  YAML with line numbers, JSON Schemas, shipped file locations
``zwicker_ref.errors``    the one exception hierarchy and its stable error codes
========================  ============================================================

The public API is what this module exports (``__all__``); everything else may change
between releases. A short session::

    >>> from zwicker_ref import legal_moves, load_variant, play, shuffled_deck, start_hand
    >>> variant = load_variant("dithmarschen")
    >>> deck = shuffled_deck(variant.rules, 4, seed=7)
    >>> position = start_hand(variant, 4, dealer=0, deck_order=deck)
    >>> after = play(position, next(iter(legal_moves(position))))

Names are imported on first use, so ``import zwicker_ref`` stays cheap.
"""

from __future__ import annotations

import importlib

from zwicker_ref._version import __version__

# typing.TYPE_CHECKING without importing typing, which every command would then pay for
# (``zwicker --version`` imports this package and little else); type checkers read any
# name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from zwicker_ref.engine.check.legality import check_move, is_legal
    from zwicker_ref.engine.core.dealing import deal_next_stage, shuffled_deck, start_hand
    from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
    from zwicker_ref.engine.core.position import Pile, Position, TableItem
    from zwicker_ref.engine.core.scoring import HandScore, SideScore, score_hand
    from zwicker_ref.engine.generation import LegalMoves, count_legal_moves, legal_moves
    from zwicker_ref.engine.play import play
    from zwicker_ref.errors import (
        ErrorCode,
        IllegalMoveError,
        InvalidFileError,
        NotationError,
        Problem,
        ZwickerError,
    )
    from zwicker_ref.formats.notation import format_move, parse_move
    from zwicker_ref.formats.position_io import load_position, position_from_data
    from zwicker_ref.rules.cards import Card, Rank, Suit
    from zwicker_ref.rules.spec_loader import load_variant, load_variant_file, variant_ids
    from zwicker_ref.rules.variant import Rules, Variant

# Where each public name lives; imported on first use (PEP 562).
_HOME = {
    "Build": "zwicker_ref.engine.core.moves",
    "Capture": "zwicker_ref.engine.core.moves",
    "Card": "zwicker_ref.rules.cards",
    "ErrorCode": "zwicker_ref.errors",
    "HandScore": "zwicker_ref.engine.core.scoring",
    "IllegalMoveError": "zwicker_ref.errors",
    "InvalidFileError": "zwicker_ref.errors",
    "LegalMoves": "zwicker_ref.engine.generation",
    "Move": "zwicker_ref.engine.core.moves",
    "NotationError": "zwicker_ref.errors",
    "Pile": "zwicker_ref.engine.core.position",
    "Position": "zwicker_ref.engine.core.position",
    "Problem": "zwicker_ref.errors",
    "Rank": "zwicker_ref.rules.cards",
    "Rules": "zwicker_ref.rules.variant",
    "SideScore": "zwicker_ref.engine.core.scoring",
    "Suit": "zwicker_ref.rules.cards",
    "TableItem": "zwicker_ref.engine.core.position",
    "Trail": "zwicker_ref.engine.core.moves",
    "Variant": "zwicker_ref.rules.variant",
    "ZwickerError": "zwicker_ref.errors",
    "check_move": "zwicker_ref.engine.check.legality",
    "count_legal_moves": "zwicker_ref.engine.generation",
    "deal_next_stage": "zwicker_ref.engine.core.dealing",
    "format_move": "zwicker_ref.formats.notation",
    "is_legal": "zwicker_ref.engine.check.legality",
    "legal_moves": "zwicker_ref.engine.generation",
    "load_position": "zwicker_ref.formats.position_io",
    "load_variant": "zwicker_ref.rules.spec_loader",
    "load_variant_file": "zwicker_ref.rules.spec_loader",
    "parse_move": "zwicker_ref.formats.notation",
    "play": "zwicker_ref.engine.play",
    "position_from_data": "zwicker_ref.formats.position_io",
    "score_hand": "zwicker_ref.engine.core.scoring",
    "shuffled_deck": "zwicker_ref.engine.core.dealing",
    "start_hand": "zwicker_ref.engine.core.dealing",
    "variant_ids": "zwicker_ref.rules.spec_loader",
}

__all__ = [
    "Build",
    "Capture",
    "Card",
    "ErrorCode",
    "HandScore",
    "IllegalMoveError",
    "InvalidFileError",
    "LegalMoves",
    "Move",
    "NotationError",
    "Pile",
    "Position",
    "Problem",
    "Rank",
    "Rules",
    "SideScore",
    "Suit",
    "TableItem",
    "Trail",
    "Variant",
    "ZwickerError",
    "__version__",
    "check_move",
    "count_legal_moves",
    "deal_next_stage",
    "format_move",
    "is_legal",
    "legal_moves",
    "load_position",
    "load_variant",
    "load_variant_file",
    "parse_move",
    "play",
    "position_from_data",
    "score_hand",
    "shuffled_deck",
    "start_hand",
    "variant_ids",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'zwicker_ref' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
