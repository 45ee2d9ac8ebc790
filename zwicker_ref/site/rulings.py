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
from zwicker_ref.site.labels import Language, clause_words, label, topic_words
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


def kind_of(alternative: Alternative, language: Language = "en") -> str:
    """What a reading not chosen is: a playable option, not playable, or another reading."""
    if alternative.option:
        return label(language, "sources.kind.option", option=alternative.option)
    kind = "unplayable" if alternative.unplayable else "reading"
    return label(language, f"sources.kind.{kind}")


def _sources_md(clause: Clause, language: Language) -> str:
    """The clause's citations other than the rulings document itself."""
    cited = [c for c in clause.citations if c.source != RULINGS_FILE]
    return citations_md(cited, "", language) if cited else label(language, "rulings.no_sources")


def _ruling_md(
    clause: Clause, variant: Variant, variant_links: Iterable[str], language: Language
) -> list[str]:
    """One ruling: the variants it holds in, its text, sources and readings not chosen.

    Its words are ``variant``'s (the first it holds in) in ``language``, and clause ids in
    the text link to that variant's clauses.
    """
    targets = {c.id: f"{clause_page_path(variant.id, c.id)}#{c.id}" for c in variant.clauses}
    words = clause_words(variant, clause, language)
    lines = [
        f"*{', '.join(variant_links)}*: **{html.escape(words.title)}**",
        "",
        link_clause_refs(html.escape(words.text), targets),
        "",
        label(language, "clause.sources", cites=_sources_md(clause, language)),
        "",
    ]
    if clause.alternatives:
        lines.append(label(language, "sources.readings") + ":")
        lines.append("")
        for alternative, own in zip(clause.alternatives, words.alternatives, strict=True):
            cites = citations_md(alternative.citations, "", language)
            lines.append(
                f"- ({kind_of(alternative, language)}) "
                f"{link_clause_refs(html.escape(own.text), targets)} ({cites})"
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


def rulings_page(variants: list[Variant], language: Language = "en") -> str:
    """The rulings page: every ruling clause of the variants, by topic, with its alternatives."""
    found = rulings_by_clause(variants)
    count = sum(len(holders) for same in found.values() for _, holders in same)
    lines = [
        f"# {label(language, 'rulings.title')}",
        "",
        label(language, "rulings.intro", count=count, ids=len(found), sources=SOURCES),
        "",
    ]
    place = _places(variants)
    topics: dict[str, list[str]] = {}
    for clause_id in sorted(found, key=lambda c: (place[topic_of(c)], place[c])):
        topics.setdefault(topic_of(clause_id), []).append(clause_id)
    for topic, clause_ids in topics.items():
        words = topic_words(topic, language)
        lines += [f"## {label(language, 'rulings.topic', topic=topic, words=words)}", ""]
        for clause_id in clause_ids:
            lines += [f"### `{clause_id}` {{#{ruling_anchor(clause_id)}}}", ""]
            for clause, holders in found[clause_id]:
                links = [
                    f"[{holder.id}]({clause_page_path(holder.id, clause_id)}#{clause_id})"
                    for holder in holders
                ]
                lines += _ruling_md(clause, holders[0], links, language)
    return "\n".join(lines) + "\n"
