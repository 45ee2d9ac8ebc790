"""A position's ``shown`` values: what each seat has built for itself earlier in the hand.

Only a variant whose building for partner rests on it (``build.for-partner``:
``partner-shown``, source 000's wider reading) keeps them; a position file writes them
only when some seat has shown a value, and gives them only where the variant keeps them.
"""

from __future__ import annotations

from typing import Any

from zwicker_ref.rules.variant import PartnerBasis, Rules


def shown_from_data(raw: object) -> tuple[tuple[int, ...], ...]:
    """The canonical shown values of schema-valid ``raw`` (None or a list per seat)."""
    if not isinstance(raw, list) or not any(raw):
        return ()
    return tuple(tuple(sorted(values)) for values in raw)


def shown_to_data(shown: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """The ``shown`` member of a position's data: none where no seat has shown a value."""
    return {"shown": [list(values) for values in shown]} if any(shown) else {}


def shown_problem(raw: object, rules: Rules, players: int) -> str | None:
    """What is wrong with a position's ``shown`` member (None: nothing)."""
    if raw is None or not isinstance(raw, list):
        return None  # absent, or the schema has reported it
    if PartnerBasis.PARTNER_SHOWN not in rules.build_for_partner:
        return (
            "values built earlier are kept only where building for partner rests on them "
            "(build.for-partner: partner-shown); these rules keep none"
        )
    if len(raw) != players:
        return f"{players} players have {players} lists of values built earlier; found {len(raw)}"
    return None
