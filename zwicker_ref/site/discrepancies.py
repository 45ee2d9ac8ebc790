"""The sources page: each source, and every reading not chosen, grouped by question.

A reading not chosen (a clause's alternative) is a discrepancy: a source, or another
reading of one, says otherwise than the rule a variant chose. The page states each
discrepancy once, under the question (the clause) it answers, however many variants
record it; it links the rule each of those variants chose, with that rule's sources, and
gives the other reading with its own sources, so the two sides stand side by side without
the rule's text being repeated.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from zwicker_ref.rules.sources import load_sources, source_by_file
from zwicker_ref.rules.variant import Alternative, Clause, Variant
from zwicker_ref.site.labels import (
    Language,
    clause_words,
    label,
    marked_markdown,
    source_label,
    source_words,
    topic_words,
)
from zwicker_ref.site.links import (
    SOURCES,
    clause_page_path,
    link_clause_refs,
    quoted,
    short_name,
    source_anchor,
    variant_page_path,
)
from zwicker_ref.site.rulings import RULINGS, RULINGS_FILE, kind_of


@dataclass(frozen=True, kw_only=True, slots=True)
class Reading:
    """One reading not chosen, with every variant that records it for the same clause."""

    alternative: Alternative
    variants: tuple[Variant, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Question:
    """A clause id across the variants: the rules chosen and the readings not chosen."""

    clause_id: str
    title: str
    chosen: tuple[tuple[Variant, Clause], ...]
    readings: tuple[Reading, ...]


def _same(first: Alternative, second: Alternative) -> bool:
    """Whether two variants record the same reading (text, kind and sources alike)."""
    return (
        " ".join(first.text.split()) == " ".join(second.text.split())
        and kind_of(first) == kind_of(second)
        and first.citations == second.citations
    )


def question_title(clause_id: str) -> str:
    """A question's heading, the same for every variant: ``deal.final`` → "Deal: final".

    Each variant titles its clause after its own rule ("Three deals of four, four and
    five"); the question they all answer is named by the clause id.
    """
    topic, _, rest = clause_id.partition(".")
    return f"{topic.capitalize()}: {rest.replace('-', ' ')}"


def questions(variants: Iterable[Variant]) -> list[Question]:
    """Every clause id with a reading not chosen, in the order the variants state them."""
    found: dict[str, list[tuple[Variant, Clause]]] = {}
    for variant in variants:
        for clause in variant.clauses:
            if clause.alternatives:
                found.setdefault(clause.id, []).append((variant, clause))
    result = []
    for clause_id, chosen in found.items():
        readings: list[Reading] = []
        for variant, clause in chosen:
            for alternative in clause.alternatives:
                index = next(
                    (i for i, r in enumerate(readings) if _same(r.alternative, alternative)), None
                )
                if index is None:
                    readings.append(Reading(alternative=alternative, variants=(variant,)))
                else:
                    known = readings[index]
                    readings[index] = Reading(
                        alternative=known.alternative, variants=(*known.variants, variant)
                    )
        result.append(
            Question(
                clause_id=clause_id,
                title=question_title(clause_id),
                chosen=tuple(chosen),
                readings=tuple(readings),
            )
        )
    return result


def _sources_md(variants: list[Variant], language: Language) -> list[str]:
    lines = []
    for source in load_sources():
        used = [
            f"[{short_name(v, language)}]({variant_page_path(v.id)})"
            for v in variants
            if any(s.source == source.file for s in v.sources)
        ]
        words = source_words(source, language)
        lines += [
            f"### {html.escape(source_label(source, language))} {{#{source_anchor(source.id)}}}",
            "",
            # The title is the source's own (English on every page); the rest is ours.
            marked_markdown(f"*{html.escape(source.title)}*", source.lang, language)
            + f". {html.escape(words.author)}; {words.date}; {words.language}; {words.kind}. "
            + label(language, "sources.file", file=source.file),
            "",
            html.escape(words.covers)
            + " "
            + label(
                language,
                "sources.used_by",
                used=", ".join(used) or label(language, "sources.rulings_only"),
            ),
            "",
        ]
        if source.file == RULINGS_FILE:
            lines += [label(language, "sources.rulings", page=RULINGS), ""]
    return lines


def question_anchor(clause_id: str) -> str:
    """The anchor of a question (a clause id) on the sources page."""
    return f"q-{clause_id}"


def _source_id_link(file: str, language: Language) -> str:
    """A source by its short id, linked to its entry above, its label shown on hover."""
    source = source_by_file(file)
    if source is None:
        return html.escape(file)
    target = f"{SOURCES}#{source_anchor(source.id)}"
    return f'[{source.id}]({target} "{html.escape(source_label(source, language))}")'


def _source_names(clause: Clause, language: Language) -> str:
    """The sources a chosen rule cites, by id (their sections are on the rule's page)."""
    files = dict.fromkeys(citation.source for citation in clause.citations)
    return ", ".join(_source_id_link(file, language) for file in files)


def _reading_text(reading: Reading, clause_id: str, language: Language) -> str:
    """A reading's text in ``language``: as its first variant's spec words it."""
    variant = reading.variants[0]
    clause = next(c for c in variant.clauses if c.id == clause_id)
    index = next(i for i, a in enumerate(clause.alternatives) if a is reading.alternative)
    return clause_words(variant, clause, language).alternatives[index].text


def _question_md(question: Question, language: Language) -> list[str]:
    clause_id = question.clause_id
    chosen = "; ".join(
        f"[{short_name(variant, language)}]({clause_page_path(variant.id, clause_id)}#{clause_id} "
        f'"{html.escape(clause_words(variant, clause, language).title)}")'
        + (f" ({_source_names(clause, language)})" if clause.citations else "")
        for variant, clause in question.chosen
    )
    topic = topic_words(clause_id.partition(".")[0], language)
    title = question.title if language == "en" else f"{topic}: `{clause_id}`"
    lines = [
        f"### {html.escape(title)} {{#{question_anchor(clause_id)}}}",
        "",
        label(language, "sources.chosen", clause_id=clause_id, chosen=chosen),
        "",
    ]
    for reading in question.readings:
        alternative = reading.alternative
        # A rule the reading names links to the first of its variants' clause pages.
        targets = {
            clause.id: f"{clause_page_path(reading.variants[0].id, clause.id)}#{clause.id}"
            for clause in reading.variants[0].clauses
        }
        # With one variant on the question, the reading is that variant's; else name them.
        who = (
            " (" + ", ".join(short_name(v, language) for v in reading.variants) + ")"
            if len(question.chosen) > 1
            else ""
        )
        cites = "; ".join(
            f"{_source_id_link(c.source, language)}, {quoted(c, language)}"
            for c in alternative.citations
        )
        text = " ".join(_reading_text(reading, clause_id, language).split())
        kind = kind_of(alternative, language)
        lines.append(
            f'- <span class="zc-reading">{kind[0].upper()}{kind[1:]}{who}:</span> '
            f"{link_clause_refs(html.escape(text), targets)}"
            + (" " + label(language, "sources.cites", cites=cites) if cites else "")
        )
    lines.append("")
    return lines


def sources_page(variants: list[Variant], language: Language = "en") -> str:
    """Each source with its bibliographic data, and every reading not chosen by question."""
    found = questions(variants)
    count = sum(len(r.variants) for q in found for r in q.readings)
    lines = [
        f"# {label(language, 'sources.title')}",
        "",
        f"## {label(language, 'sources.sources')} {{#sources}}",
        "",
        *_sources_md(variants, language),
        f"## {label(language, 'sources.readings')} {{#readings}}",
        "",
        label(language, "sources.intro", count=count),
        "",
    ]
    for question in found:
        lines += _question_md(question, language)
    return "\n".join(lines) + "\n"
