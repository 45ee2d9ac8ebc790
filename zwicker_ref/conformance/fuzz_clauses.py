"""The clauses a fuzzed disagreement names: the rule whose check separates the two answers.

Where the reference refuses a move the engine lists (or the engine refuses one the
reference plays), the error code says which rule's check refused it, and the code names
its clause (:data:`REASON_CLAUSES`: the first of its clause ids that the variant has).
Otherwise the clauses are those of the areas the difference touches (the move's kind,
the parts of the position that differ).
"""

from __future__ import annotations

from zwicker_ref.conformance.fuzz_checks import Finding
from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules.variant import Variant

REASON_CLAUSES: dict[ErrorCode, tuple[str, ...]] = {
    ErrorCode.HAND_OVER: ("end.leftovers",),
    ErrorCode.NOT_YOUR_TURN: ("turn.order",),
    ErrorCode.CARD_NOT_IN_HAND: ("turn.one-move",),
    ErrorCode.ITEM_NOT_ON_TABLE: ("capture.identity", "build.identity"),
    ErrorCode.ITEM_USED_TWICE: ("capture.identity",),
    ErrorCode.CAPTURE_TAKES_NOTHING: ("capture.match",),
    ErrorCode.VALUE_NOT_AVAILABLE: ("values.use",),
    ErrorCode.GROUP_DOES_NOT_SUM: ("capture.sum",),
    ErrorCode.CAPTURE_DOES_NOT_ADD_UP: ("capture.groups", "capture.sum"),
    ErrorCode.JOKER_CAPTURE_FORBIDDEN: ("capture.table-jokers", "capture.lone-joker"),
    ErrorCode.SINGLE_CARD_BUILD_NOT_ALLOWED: ("build.single-card",),
    ErrorCode.SUBTRACTION_NOT_ALLOWED: ("build.addition-only", "build.up-down"),
    ErrorCode.SUBTRACT_BELOW_ONE: ("build.arithmetic",),
    ErrorCode.SAME_VALUE_NOT_ALLOWED: ("build.same-value",),
    ErrorCode.BUILD_VALUE_UNREACHABLE: ("build.arithmetic",),
    ErrorCode.BUILD_ABOVE_MAXIMUM: ("build.arithmetic",),
    ErrorCode.VALUE_NOT_HELD: ("build.holding",),
    ErrorCode.NO_PARTNER_BASIS: ("build.for-partner-basis", "build.for-partner"),
    ErrorCode.OWNER_NOT_A_PARTNER: ("build.for-partner", "build.ownership"),
    ErrorCode.OWNER_NOT_ALLOWED: ("build.ownership",),
    ErrorCode.OWNER_OBLIGATION_BROKEN: ("build.owner-obligation",),
}
"""Each illegal-move code's clause ids, the likeliest first (clause ids are shared by the
variants; a variant names the first it has)."""


def finding_clauses(variant: Variant, finding: Finding) -> tuple[str, ...]:
    """The ids of ``variant``'s clauses that ``finding`` is about, in spec order."""
    ids = [clause.id for clause in variant.clauses]
    named = set()
    for code in finding.reasons:
        chosen = next((c for c in REASON_CLAUSES.get(code, ()) if c in ids), None)
        if chosen is not None:
            named.add(chosen)
    if not named:
        named = {c for c in ids if c.startswith(finding.areas)} if finding.areas else set()
    return tuple(c for c in ids if c in named)
