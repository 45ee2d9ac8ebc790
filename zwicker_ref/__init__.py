"""Zwicker Rules: the reference interpreter of the Zwicker family of card games.

The rule specification lives in ``spec/`` as one YAML file per variant; this package
loads it into immutable values (:func:`load_variant`), reads and writes the card
notation (:class:`Card`), and checks spec files (``zwicker validate``).
"""

from zwicker_ref.cards import Card, Rank, Suit
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem, ZwickerError
from zwicker_ref.spec_loader import load_variant, load_variant_file, variant_ids
from zwicker_ref.variant import Rules, Variant

__version__ = "0.1.0"

__all__ = [
    "Card",
    "ErrorCode",
    "InvalidFileError",
    "Problem",
    "Rank",
    "Rules",
    "Suit",
    "Variant",
    "ZwickerError",
    "__version__",
    "load_variant",
    "load_variant_file",
    "variant_ids",
]
