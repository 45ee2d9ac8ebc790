"""The rule-by-variant grid: every question against every variant, and the variants at a glance.

One row per question a reader asks (:mod:`.grid_rows`), grouped by topic; one column per
variant in the site's canonical order, headed by its name. Each cell states the variant's
rule in words from its clauses' parameters (:mod:`zwicker_ref.rules.parameter_text`), or
says why the variant has no clause there. Rows where the cells differ are highlighted; the
rows the same in every variant can be hidden with one switch.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from zwicker_ref.rules.comparison import check_totals_text, compare
from zwicker_ref.rules.parameter_text import describe_parameters
from zwicker_ref.rules.variant import Citation, Clause, Option, Variant
from zwicker_ref.site.explorer_rows import Explore, explore_link_html
from zwicker_ref.site.grid_rows import Question, grid_questions, row_topic
from zwicker_ref.site.labels import Language, clause_words, label, topic_words, variant_text
from zwicker_ref.site.links import (
    all_clause_ids,
    clause_page_path,
    display_name,
    grid_row_id,
    link_clause_refs,
    quoted,
    source_link_html,
    url_of,
    variant_page_path,
)
from zwicker_ref.site.variant_page import status_badge

_SAME_SWITCH = "zc-hide-same"


@dataclass(frozen=True, kw_only=True, slots=True)
class Cell:
    """What one variant says to one row's question: the rule in words, or why it says nothing."""

    clauses: tuple[Clause, ...]
    """The variant's clauses that answer the question (none: a dash with its reason)."""
    rule: str
    """The rule in a few words, from the row's parameters (else the clauses' titles)."""
    reason: str = ""
    """For a dash: why the variant has no clause here."""
    see: str | None = None
    """For a dash: the clause id of the row that states it, where another row does."""

    @property
    def signature(self) -> str:
        """What two cells must share to state the same rule."""
        return self.rule if self.clauses else f"— {self.reason} {self.rule}"


def row_parameters(question: Question, variants: Sequence[Variant]) -> list[str]:
    """The rule parameters a row states, in order of appearance.

    Those its clauses set in any variant, less any named after a clause id that another
    row answers (``build.ownership`` in Classic also sets ``build.for-partner``, which the
    row of ``build.for-partner`` states).
    """
    others = {c.id for v in variants for c in v.clauses} - set(question.clause_ids)
    names: dict[str, None] = {}
    for variant in variants:
        for clause in variant.clauses:
            if clause.id in question.clause_ids:
                names.update(dict.fromkeys(p for p in clause.params if p not in others))
    return list(names)


def _titles(clauses: Sequence[Clause], variant: Variant, language: Language) -> str:
    """The clauses' titles in ``language``, for a cell whose row states no parameter."""
    return "; ".join(clause_words(variant, clause, language).title for clause in clauses)


def row_cell(
    question: Question, variant: Variant, params: Sequence[str], language: Language = "en"
) -> Cell:
    """One variant's answer to a row's question, in ``language``."""
    clauses = tuple(c for c in variant.clauses if c.id in question.clause_ids)
    rule = describe_parameters(params, variant.rules, language) if params else ""
    if clauses:
        return Cell(clauses=clauses, rule=rule or _titles(clauses, variant, language))
    if question.arises is not None and not question.arises.test(variant.rules):
        return Cell(clauses=(), rule="", reason=question.arises.otherwise(language))
    elsewhere = next((c.id for c in variant.clauses if set(c.params) & set(params)), None)
    if elsewhere is not None:
        why = label(language, "grid.why.elsewhere")
        return Cell(clauses=(), rule=rule, reason=why, see=elsewhere)
    return Cell(clauses=(), rule=rule, reason=label(language, "grid.why.silent"))


def is_same_everywhere(cells: Sequence[Cell]) -> bool:
    """True when every variant has a clause for the row and all state the same rule."""
    return all(cell.clauses for cell in cells) and len({c.signature for c in cells}) == 1


def _sources_html(clause: Clause, language: Language) -> str:
    """A clause's sources, each once, with the sections cited from it."""
    sections: dict[str, dict[str, None]] = {}
    for citation in clause.citations:
        sections.setdefault(citation.source, {})[citation.section] = None
    cited = "; ".join(
        f"{source_link_html(source, '../', hover=False, language=language)}: "
        + ", ".join(quoted(Citation(source=source, section=section), language) for section in found)
        for source, found in sections.items()
    )
    return f'<div class="zc-cell-sources">{cited}</div>'


def _clause_html(clause: Clause, variant: Variant, elsewhere: set[str], language: Language) -> str:
    words = clause_words(variant, clause, language)
    href = f"../{url_of(clause_page_path(variant.id, clause.id))}#{clause.id}"
    link = f'<a href="{href}">{html.escape(words.title)}</a>'
    badge = status_badge(clause.status.value, hover=False, language=language)
    parts = [f'<div class="zc-cell-clause">{link} {badge}']
    parts.append(_sources_html(clause, language))
    if clause.alternatives:
        count = len(clause.alternatives)
        readings = "".join(
            f"<li>{label(language, 'grid.option', option=alt.option) if alt.option else ''}"
            f"{_linked_html(said.text, elsewhere)}</li>"
            for alt, said in zip(clause.alternatives, words.alternatives, strict=True)
        )
        summary = label(language, f"grid.not_chosen.{'one' if count == 1 else 'many'}", count=count)
        parts.append(f"<details><summary>{summary}</summary><ul>{readings}</ul></details>")
    parts.append("</div>")
    return "".join(parts)


def _cell(
    cell: Cell, variant: Variant, elsewhere: set[str], asks: dict[str, str], language: Language
) -> str:
    named = f' data-variant="{html.escape(display_name(variant.id, language))}"'
    if not cell.clauses:
        reason = html.escape(cell.reason)
        if cell.see is not None:
            row = f'<a href="#{grid_row_id(cell.see)}">{html.escape(asks[cell.see])}</a>'
            reason = label(language, "grid.stated_in_row", row=row)
        plays = label(language, "grid.reference_plays", rule=html.escape(cell.rule))
        rule = f'<div class="zc-cell-rule">{plays}</div>' if cell.rule else ""
        return (
            f'<td class="zc-absent"{named}><span class="zc-dash" aria-hidden="true">—</span> '
            f'<span class="zc-reason">{reason}</span>{rule}</td>'
        )
    stated = cell.rule != _titles(cell.clauses, variant, language)
    rule = f'<div class="zc-cell-rule">{html.escape(cell.rule)}</div>' if stated else ""
    clauses = "".join(_clause_html(c, variant, elsewhere, language) for c in cell.clauses)
    return f"<td{named}>{rule}{clauses}</td>"


def _linked_html(text: str, clause_ids: set[str]) -> str:
    """Escaped text with clause ids linked to their rows on this page."""
    targets = {clause_id: f"#{grid_row_id(clause_id)}" for clause_id in clause_ids}
    return link_clause_refs(html.escape(text), targets, markdown=False)


def _option_ids_html(text: str, option_ids: set[str]) -> str:
    """HTML text with every option id written as code (``single-pack``), as identifiers are."""
    if not option_ids:
        return text
    names = "|".join(re.escape(option_id) for option_id in sorted(option_ids, key=len)[::-1])
    return re.sub(rf"(?<![\w-])({names})(?![\w-])", r"<code>\1</code>", text)


def _glance(variants: list[Variant], language: Language) -> list[str]:
    clause_ids = set(all_clause_ids(variants))
    option_ids = {option.id for variant in variants for option in variant.options}
    rows = [
        f'<tr><th scope="row">{html.escape(name)}</th>'
        + "".join(
            f"<td>{_option_ids_html(_linked_html(text, clause_ids), option_ids)}</td>"
            for text in texts
        )
        + "</tr>"
        for name, texts in compare(variants, language)
    ]
    return [
        f"## {label(language, 'grid.glance')}",
        "",
        label(language, "grid.glance.intro"),
        "",
        '<div class="zc-grid-wrap" markdown="0"><table class="zc-grid">',
        _head(variants, label(language, "grid.corner.aspect"), language),
        "<tbody>",
        *rows,
        "</tbody></table></div>",
        "",
    ]


def _option_text(variant: Variant, option: Option, language: Language) -> str:
    """An option's explanation in ``language``: its clause's alternative that names it."""
    clause = next(c for c in variant.clauses if c.id == option.clause_id)
    said = clause_words(variant, clause, language).alternatives
    index = next(i for i, alt in enumerate(clause.alternatives) if alt.option == option.id)
    return said[index].text


def _options(variants: list[Variant], language: Language) -> list[str]:
    """Every playable option in words, under its variant, linked to its clause."""
    lines = [
        f"## {label(language, 'grid.options')}",
        "",
        label(language, "grid.options.intro"),
        "",
    ]
    for variant in variants:
        if not variant.options:
            continue
        lines += [f"**{display_name(variant.id, language)}**", ""]
        for option in variant.options:
            page = clause_page_path(variant.id, option.clause_id)
            targets = {
                clause.id: f"{clause_page_path(variant.id, clause.id)}#{clause.id}"
                for clause in variant.clauses
            }
            text = link_clause_refs(_option_text(variant, option, language), targets)
            lines.append(
                f"- `{option.id}` ([{option.clause_id}]({page}#{option.clause_id})): {text}"
            )
        lines.append("")
    return lines


def _head(variants: Sequence[Variant], corner: str, language: Language) -> str:
    """The header row: the variants by their names in ``language``, linked to their pages."""
    names = "".join(
        f'<th scope="col"><a href="../{url_of(variant_page_path(v.id))}">'
        f"{html.escape(display_name(v.id, language))}</a></th>"
        for v in variants
    )
    return f'<thead><tr><th class="zc-corner" scope="col">{corner}</th>{names}</tr></thead>'


def _row_head(question: Question, explore: str = "") -> str:
    """A row's first cell: its question, linked to itself, its clause ids as anchors.

    ``explore`` is the row's link to a position where the variants disagree, if any.
    """
    ids = " ".join(
        f'<code id="{grid_row_id(clause_id)}">{clause_id}</code>'
        if index
        else f"<code>{clause_id}</code>"
        for index, clause_id in enumerate(question.clause_ids)
    )
    return (
        f'<th scope="row"><a href="#{grid_row_id(question.anchor)}">'
        f'{html.escape(question.ask)}</a><div class="zc-row-ids">{ids}</div>{explore}</th>'
    )


def grid_rows_html(
    variants: list[Variant],
    explore: Mapping[str, Explore] | None = None,
    language: Language = "en",
) -> tuple[list[str], list[str], int]:
    """The clause grid's rows (HTML), its topics in order, and how many rows differ.

    ``explore`` gives, by clause id, the explorer position where the variants disagree
    (:func:`~zwicker_ref.site.explorer_rows.disagreements`); a differing row links to the
    first of its clause ids that has one.
    """
    known = set(all_clause_ids(variants))
    questions = grid_questions(variants, language)
    asks = {clause_id: q.ask for q in questions for clause_id in q.clause_ids}
    rows: list[str] = []
    topics: list[str] = []
    differing = 0
    for question in questions:
        topic = row_topic(question)
        if topic not in topics:
            topics.append(topic)
            rows.append(
                f'<tr class="zc-topic" id="topic-{topic}"><th colspan="{len(variants) + 1}">'
                f"{_topic_name(topic, language)}</th></tr>"
            )
        params = row_parameters(question, variants)
        cells = [row_cell(question, variant, params, language) for variant in variants]
        same = is_same_everywhere(cells)
        differing += not same
        rows.append(
            f'<tr id="{grid_row_id(question.anchor)}" '
            f'class="{"zc-same" if same else "zc-differs"}">'
            f"{_row_head(question, '' if same else _explore_link(question, explore, language))}"
            + "".join(
                _cell(cell, variant, known, asks, language)
                for cell, variant in zip(cells, variants, strict=True)
            )
            + "</tr>"
        )
    return rows, topics, differing


def _explore_link(
    question: Question, explore: Mapping[str, Explore] | None, language: Language
) -> str:
    """The row's link to the explorer: the first of its clause ids that has a position."""
    for clause_id in question.clause_ids:
        found = (explore or {}).get(clause_id)
        if found is not None:
            return explore_link_html(found, language=language)
    return ""


def _topic_name(topic: str, language: Language) -> str:
    """A topic as the grid names it: its id in English, its name in another language."""
    return label(language, "grid.topic", topic=topic, name=topic_words(topic, language))


def grid_page(
    variants: list[Variant],
    explore: Mapping[str, Explore] | None = None,
    language: Language = "en",
) -> str:
    """The grid page: the variants at a glance, then one row per question by variant."""
    clause_ids = all_clause_ids(variants)
    rows, topics, differing = grid_rows_html(variants, explore, language)
    home_links = " · ".join(f"[{_topic_name(topic, language)}](#topic-{topic})" for topic in topics)
    lines = [
        "---",
        "hide:",
        "  - navigation",
        "  - toc",
        "---",
        "",
        f"# {label(language, 'grid.title')}",
        "",
        label(
            language,
            "grid.intro",
            clause_ids=len(clause_ids),
            variants=len(variants),
            differing=differing,
        ),
        "",
        label(language, "grid.topics", links=home_links),
        "",
        *_glance(variants, language),
        *_options(variants, language),
        f"## {label(language, 'grid.by_question')}",
        "",
        f'<div class="zc-grid-page" markdown="0"><input type="checkbox" id="{_SAME_SWITCH}"> '
        f'<label for="{_SAME_SWITCH}">{label(language, "grid.hide_same")}</label>',
        '<table class="zc-grid zc-grid-clauses">',
        _head(variants, label(language, "grid.corner.question"), language),
        "<tbody>",
        *rows,
        "</tbody></table></div>",
        "",
    ]
    return "\n".join(lines) + "\n"


def home_table(variants: list[Variant], language: Language = "en") -> str:
    """The home page's table of the variants (Markdown), with the grid's check totals."""

    def players(variant: Variant) -> str:
        counts = sorted(variant.rules.player_counts)
        if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}-{counts[-1]}"
        return ", ".join(map(str, counts))

    heads = ("variant", "game", "players", "check_total")
    lines = [
        "| " + " | ".join(label(language, f"home.head.{head}") for head in heads) + " |",
        "|---|---|---|---|",
    ]
    for variant in variants:
        name = variant.name if language == "en" else variant_text(variant.id, language).name
        lines.append(
            f"| [{display_name(variant.id, language)}]({variant_page_path(variant.id)}) "
            f"| {html.escape(name)} "
            f"| {players(variant)} | {check_totals_text(variant.rules, language)} |"
        )
    return "\n".join(lines)
