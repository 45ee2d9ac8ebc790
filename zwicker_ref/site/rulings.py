"""The rulings page: every clause whose status is ``ruling``, with its readings not chosen.

The project's decisions where the sources are silent, ambiguous or in conflict are kept as
clauses of the variant specs (status ``ruling``, each with its alternatives). This page
gathers them in the project's own words, by topic and clause id; a ruling that reads the
same in several variants is shown once, with the variants it holds in.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from zwicker_ref.rules.variant import Alternative, Clause, Status, Variant
from zwicker_ref.site.links import (
    SOURCES,
    citations_md,
    clause_page_path,
    link_clause_refs,
    topic_of,
)

RULINGS = "rulings.md"
"""The rulings page's path under docs/."""

RULINGS_FILE = "RULINGS.md"
"""The project's decisions document that ruling clauses cite (kept with the sources)."""


def ruling_anchor(clause_id: str) -> str:
    """The anchor of a clause id's rulings on the rulings page."""
    return f"ruling-{clause_id}"


def _alternative_kind(alternative: Alternative) -> str:
    if alternative.option:
        return f"option `{alternative.option}`"
    if alternative.unplayable:
        return "not playable"
    return "other reading"


def _sources_md(clause: Clause) -> str:
    """The clause's citations other than the rulings document itself."""
    cited = [c for c in clause.citations if c.source != RULINGS_FILE]
    return citations_md(cited, "") if cited else "none (the project's decision alone)"


def _ruling_md(clause: Clause, variant: Variant, variant_links: Iterable[str]) -> list[str]:
    """One ruling: the variants it holds in, its text, sources and readings not chosen.

    Clause ids in the text link to the clauses of ``variant`` (the first it holds in).
    """
    targets = {c.id: f"{clause_page_path(variant.id, c.id)}#{c.id}" for c in variant.clauses}
    lines = [
        f"*{', '.join(variant_links)}*: **{html.escape(clause.title)}**",
        "",
        link_clause_refs(html.escape(clause.text), targets),
        "",
        f"Sources: {_sources_md(clause)}.",
        "",
    ]
    if clause.alternatives:
        lines.append("Readings not chosen:")
        lines.append("")
        for alternative in clause.alternatives:
            cites = citations_md(alternative.citations, "")
            lines.append(
                f"- ({_alternative_kind(alternative)}) "
                f"{link_clause_refs(html.escape(alternative.text), targets)} ({cites})"
            )
        lines.append("")
    return lines


Holders = list[Variant]


def rulings_by_clause(variants: Iterable[Variant]) -> dict[str, list[tuple[Clause, Holders]]]:
    """Ruling clauses by clause id: each distinct ruling with the variants it holds in."""
    found: dict[str, list[tuple[Clause, Holders]]] = {}
    for variant in variants:
        for clause in variant.clauses:
            if clause.status is not Status.RULING:
                continue
            same = found.setdefault(clause.id, [])
            for known, holders in same:
                if (known.text, known.alternatives) == (clause.text, clause.alternatives):
                    holders.append(variant)
                    break
            else:
                same.append((clause, [variant]))
    return found


def _places(variants: Iterable[Variant]) -> dict[str, float]:
    """Where each clause id and topic comes in the specs (0 first, 1 last): the page's order.

    A clause id's place is the earliest of its relative places in the variants that have
    it, a topic's the earliest of its clause ids', so topics follow the specs' order
    (players, deck, ... match) though no variant has every ruling.
    """
    place: dict[str, float] = {}
    for variant in variants:
        count = len(variant.clauses)
        for index, clause in enumerate(variant.clauses):
            here = index / count
            for key in (clause.id, topic_of(clause.id)):
                place[key] = min(place.get(key, here), here)
    return place


def rulings_page(variants: list[Variant]) -> str:
    """The rulings page: every ruling clause of the variants, by topic, with its alternatives."""
    found = rulings_by_clause(variants)
    count = sum(len(holders) for same in found.values() for _, holders in same)
    lines = [
        "# Rulings",
        "",
        "Where the sources are silent, ambiguous or in conflict, the specification decides,",
        "and says so: such a clause has the status **ruling** (the others are **explicit**, a",
        "cited source states the rule, or **inferred**, it follows from a source's example or",
        "wording). Every ruling names the readings it did not choose, with their sources; a",
        "reading that can be played is an option of the variant (see",
        "[checking an engine](implementers.md#what-each-option-does)).",
        "",
        "This page lists every ruling of the shipped variants, generated from their specs:",
        f"{count} clauses under {len(found)} clause ids. A ruling that reads the same in",
        "several variants is shown once, with the variants it holds in; each variant name",
        "links to the clause on that variant's page. Citations of a source link to the",
        f"[sources]({SOURCES}).",
        "",
    ]
    place = _places(variants)
    topics: dict[str, list[str]] = {}
    for clause_id in sorted(found, key=lambda c: (place[topic_of(c)], place[c])):
        topics.setdefault(topic_of(clause_id), []).append(clause_id)
    for topic, clause_ids in topics.items():
        lines += [f"## {topic}", ""]
        for clause_id in clause_ids:
            lines += [f"### `{clause_id}` {{#{ruling_anchor(clause_id)}}}", ""]
            for clause, holders in found[clause_id]:
                links = [
                    f"[{holder.id}]({clause_page_path(holder.id, clause_id)}#{clause_id})"
                    for holder in holders
                ]
                lines += _ruling_md(clause, holders[0], links)
    return "\n".join(lines) + "\n"
