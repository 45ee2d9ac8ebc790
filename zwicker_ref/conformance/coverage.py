"""Which scenarios exercise which clauses: the coverage table of the corpus.

A scenario exercises the clauses it lists. It counts as *negative* for them when it shows
the rule being broken (an illegal step, or moves a position must not allow), otherwise as
*positive*. Every clause needs a positive scenario; a clause marked ``breakable`` in its
spec (a move can break it) also needs a negative one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.rules.spec_loader import load_variant, variant_ids


@dataclass(frozen=True, kw_only=True, slots=True)
class ClauseCoverage:
    """The scenarios of one clause of one variant."""

    variant: str
    clause: str
    breakable: bool
    positive: tuple[str, ...]
    negative: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """True when the clause has a positive scenario, and a negative one if breakable."""
        return bool(self.positive) and (bool(self.negative) or not self.breakable)


def coverage(scenarios: Iterable[Scenario]) -> list[ClauseCoverage]:
    """The coverage of every clause of every shipped variant by ``scenarios``."""
    positive: dict[tuple[str, str], list[str]] = {}
    negative: dict[tuple[str, str], list[str]] = {}
    for scenario in scenarios:
        target = negative if scenario.negative else positive
        for clause_id in scenario.clauses:
            target.setdefault((scenario.variant.id, clause_id), []).append(scenario.id)
    table = []
    for variant_id in variant_ids():
        for clause in load_variant(variant_id).clauses:
            key = (variant_id, clause.id)
            table.append(
                ClauseCoverage(
                    variant=variant_id,
                    clause=clause.id,
                    breakable=clause.breakable,
                    positive=tuple(sorted(positive.get(key, ()))),
                    negative=tuple(sorted(negative.get(key, ()))),
                )
            )
    return table
