"""The rule-by-variant grid: every question against every variant, and the variants at a glance.

One row per question a reader asks (:mod:`.grid_rows`), grouped by topic; one column per
variant in the site's canonical order, headed by its name. Each cell states the variant's
rule in words from its clauses' parameters (:mod:`zwicker_ref.rules.parameter_text`), or
says why the variant has no clause there. Rows where the cells differ are highlighted; the
rows the same in every variant can be hidden with one switch.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from zwicker_ref.rules.comparison import check_totals_text, compare
from zwicker_ref.rules.parameter_text import describe_parameters
from zwicker_ref.rules.variant import Clause, Variant
from zwicker_ref.site.explorer_rows import Explore, explore_link_html
from zwicker_ref.site.grid_rows import Question, grid_questions, row_topic
from zwicker_ref.site.labels import Language, label, variant_text
from zwicker_ref.site.links import (
    all_clause_ids,
    clause_page_path,
    display_name,
    grid_row_id,
    link_clause_refs,
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


def row_cell(question: Question, variant: Variant, params: Sequence[str]) -> Cell:
    """One variant's answer to a row's question."""
    clauses = tuple(c for c in variant.clauses if c.id in question.clause_ids)
    rule = describe_parameters(params, variant.rules) if params else ""
    if clauses:
        return Cell(clauses=clauses, rule=rule or "; ".join(c.title for c in clauses))
    if question.arises is not None and not question.arises.test(variant.rules):
        return Cell(clauses=(), rule="", reason=question.arises.otherwise)
    elsewhere = next((c.id for c in variant.clauses if set(c.params) & set(params)), None)
    if elsewhere is not None:
        return Cell(clauses=(), rule=rule, reason="stated in another row", see=elsewhere)
    return Cell(
        clauses=(),
        rule=rule,
        reason="the variant's sources are silent on it: no clause",
    )


def is_same_everywhere(cells: Sequence[Cell]) -> bool:
    """True when every variant has a clause for the row and all state the same rule."""
    return all(cell.clauses for cell in cells) and len({c.signature for c in cells}) == 1


def _sources_html(clause: Clause) -> str:
    """A clause's sources, each once, with the sections cited from it."""
    sections: dict[str, dict[str, None]] = {}
    for citation in clause.citations:
        sections.setdefault(citation.source, {})[citation.section] = None
    cited = "; ".join(
        f"{source_link_html(source, '../', hover=False)}: "
        + ", ".join(f"“{html.escape(section)}”" for section in found)
        for source, found in sections.items()
    )
    return f'<div class="zc-cell-sources">{cited}</div>'


def _clause_html(clause: Clause, variant: Variant, elsewhere: set[str]) -> str:
    href = f"../{url_of(clause_page_path(variant.id, clause.id))}#{clause.id}"
    link = f'<a href="{href}">{html.escape(clause.title)}</a>'
    parts = [f'<div class="zc-cell-clause">{link} {status_badge(clause.status.value, hover=False)}']
    parts.append(_sources_html(clause))
    if clause.alternatives:
        count = len(clause.alternatives)
        readings = "".join(
            f"<li>{'option <code>' + alt.option + '</code>: ' if alt.option else ''}"
            f"{_linked_html(alt.text, elsewhere)}</li>"
            for alt in clause.alternatives
        )
        parts.append(
            f"<details><summary>{count} reading{'s' if count > 1 else ''} not chosen"
            f"</summary><ul>{readings}</ul></details>"
        )
    parts.append("</div>")
    return "".join(parts)


def _cell(cell: Cell, variant: Variant, elsewhere: set[str], asks: dict[str, str]) -> str:
    label = f' data-variant="{html.escape(display_name(variant.id))}"'
    if not cell.clauses:
        reason = html.escape(cell.reason)
        if cell.see is not None:
            row = grid_row_id(cell.see)
            reason = f'stated in the row <a href="#{row}">{html.escape(asks[cell.see])}</a>'
        rule = (
            f'<div class="zc-cell-rule">the reference plays: {html.escape(cell.rule)}</div>'
            if cell.rule
            else ""
        )
        return (
            f'<td class="zc-absent"{label}><span class="zc-dash" aria-hidden="true">—</span> '
            f'<span class="zc-reason">{reason}</span>{rule}</td>'
        )
    stated = cell.rule != "; ".join(c.title for c in cell.clauses)
    rule = f'<div class="zc-cell-rule">{html.escape(cell.rule)}</div>' if stated else ""
    clauses = "".join(_clause_html(c, variant, elsewhere) for c in cell.clauses)
    return f"<td{label}>{rule}{clauses}</td>"


def _linked_html(text: str, clause_ids: set[str]) -> str:
    """Escaped text with clause ids linked to their rows on this page."""
    targets = {clause_id: f"#{grid_row_id(clause_id)}" for clause_id in clause_ids}
    return link_clause_refs(html.escape(text), targets, markdown=False)


def _glance(variants: list[Variant]) -> list[str]:
    clause_ids = set(all_clause_ids(variants))
    rows = [
        f'<tr><th scope="row">{html.escape(name)}</th>'
        + "".join(f"<td>{_linked_html(text, clause_ids)}</td>" for text in texts)
        + "</tr>"
        for name, texts in compare(variants)
    ]
    return [
        "## At a glance",
        "",
        "Computed from each variant's rule parameters (`zwicker diff A B` prints the "
        "differences of two in a terminal). The check total is the points one hand hands "
        "out before zwicks; a tie for a most-cards place gives that place, and the next, to "
        "nobody.",
        "",
        '<div class="zc-grid-wrap" markdown="0"><table class="zc-grid">',
        _head(variants, "aspect"),
        "<tbody>",
        *rows,
        "</tbody></table></div>",
        "",
    ]


def _options(variants: list[Variant]) -> list[str]:
    """Every playable option in words, under its variant, linked to its clause."""
    lines = [
        "## Options",
        "",
        "The readings a table can agree to play instead of the default rule.",
        "",
    ]
    for variant in variants:
        if not variant.options:
            continue
        lines += [f"**{display_name(variant.id)}**", ""]
        for option in variant.options:
            page = clause_page_path(variant.id, option.clause_id)
            targets = {
                clause.id: f"{clause_page_path(variant.id, clause.id)}#{clause.id}"
                for clause in variant.clauses
            }
            text = link_clause_refs(option.text, targets)
            lines.append(
                f"- `{option.id}` ([{option.clause_id}]({page}#{option.clause_id})): {text}"
            )
        lines.append("")
    return lines


def _head(variants: Sequence[Variant], corner: str) -> str:
    """The header row: the variants by their names, linked to their pages."""
    names = "".join(
        f'<th scope="col"><a href="../{url_of(variant_page_path(v.id))}">'
        f"{html.escape(display_name(v.id))}</a></th>"
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
    variants: list[Variant], explore: Mapping[str, Explore] | None = None
) -> tuple[list[str], list[str], int]:
    """The clause grid's rows (HTML), its topics in order, and how many rows differ.

    ``explore`` gives, by clause id, the explorer position where the variants disagree
    (:func:`~zwicker_ref.site.explorer_rows.disagreements`); a differing row links to the
    first of its clause ids that has one.
    """
    known = set(all_clause_ids(variants))
    questions = grid_questions(variants)
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
                f"{topic}</th></tr>"
            )
        params = row_parameters(question, variants)
        cells = [row_cell(question, variant, params) for variant in variants]
        same = is_same_everywhere(cells)
        differing += not same
        rows.append(
            f'<tr id="{grid_row_id(question.anchor)}" '
            f'class="{"zc-same" if same else "zc-differs"}">'
            f"{_row_head(question, '' if same else _explore_link(question, explore))}"
            + "".join(
                _cell(cell, variant, known, asks)
                for cell, variant in zip(cells, variants, strict=True)
            )
            + "</tr>"
        )
    return rows, topics, differing


def _explore_link(question: Question, explore: Mapping[str, Explore] | None) -> str:
    """The row's link to the explorer: the first of its clause ids that has a position."""
    for clause_id in question.clause_ids:
        found = (explore or {}).get(clause_id)
        if found is not None:
            return explore_link_html(found)
    return ""


def grid_page(variants: list[Variant], explore: Mapping[str, Explore] | None = None) -> str:
    """The grid page: the variants at a glance, then one row per question by variant."""
    clause_ids = all_clause_ids(variants)
    rows, topics, differing = grid_rows_html(variants, explore)
    home_links = " · ".join(f"[{topic}](#topic-{topic})" for topic in topics)
    lines = [
        "---",
        "hide:",
        "  - navigation",
        "  - toc",
        "---",
        "",
        "# The rules by variant",
        "",
        f"{len(clause_ids)} clause ids in {len(variants)} variants, one row per question "
        "(clauses that answer the same question share a row). Each cell states the rule in "
        "a few words, computed from the clause's parameters (or its title where it has "
        "none), then links the clause, with its status, its sources and the readings not "
        f"chosen. {differing} rows where the variants differ are marked "
        '<span class="zc-differs-key">like this</span>; a dash says why the variant has '
        "no clause there.",
        "",
        f"Topics: {home_links}.",
        "",
        *_glance(variants),
        *_options(variants),
        "## Question by question",
        "",
        f'<div class="zc-grid-page" markdown="0"><input type="checkbox" id="{_SAME_SWITCH}"> '
        f'<label for="{_SAME_SWITCH}">Hide the rows that are the same in every variant</label>',
        '<table class="zc-grid zc-grid-clauses">',
        _head(variants, "question"),
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
            f"| [{display_name(variant.id)}]({variant_page_path(variant.id)}) "
            f"| {html.escape(name)} "
            f"| {players(variant)} | {check_totals_text(variant.rules, language)} |"
        )
    return "\n".join(lines)
