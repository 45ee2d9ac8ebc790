"""The rule-by-variant grid: every clause id against every variant, and the variants at a glance.

One row per clause id, grouped by topic (the part before the dot); one column per variant
in the site's canonical order. Rows where the variants differ are highlighted; the rows the
same in every variant can be hidden with one switch.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

from zwicker_ref.rules.comparison import check_totals_text, compare
from zwicker_ref.rules.variant import Clause, Variant
from zwicker_ref.site.explorer_rows import Explore, explore_link_html
from zwicker_ref.site.links import (
    all_clause_ids,
    clause_page_path,
    grid_row_id,
    link_clause_refs,
    source_link_html,
    url_of,
    variant_page_path,
)
from zwicker_ref.site.variant_page import status_badge

_SAME_SWITCH = "zc-hide-same"


def _signature(clause: Clause | None) -> str | None:
    """What must match for a clause to count as the same rule in two variants.

    Its rule parameters where it has any (the wording differs between variants), otherwise
    its title.
    """
    if clause is None:
        return None
    if clause.params:
        return json.dumps({k: clause.params[k] for k in sorted(clause.params)}, default=str)
    return clause.title


def is_same_everywhere(clauses: Sequence[Clause | None]) -> bool:
    """True when every variant has the clause and all state the same rule."""
    signatures = [_signature(clause) for clause in clauses]
    return None not in signatures and len(set(signatures)) == 1


def _cell(clause: Clause | None, variant: Variant, elsewhere: set[str]) -> str:
    if clause is None:
        return '<td class="zc-absent">—</td>'
    href = f"../{url_of(clause_page_path(variant.id, clause.id))}#{clause.id}"
    sources = ", ".join(
        dict.fromkeys(source_link_html(citation.source, "../") for citation in clause.citations)
    )
    lines = [
        f'<td><a href="{href}">{html.escape(clause.title)}</a> ',
        status_badge(clause.status.value),
        f'<div class="zc-cell-sources">{sources}</div>',
    ]
    if clause.alternatives:
        count = len(clause.alternatives)
        readings = "".join(
            f"<li>{'option <code>' + alt.option + '</code>: ' if alt.option else ''}"
            f"{_linked_html(alt.text, elsewhere)}</li>"
            for alt in clause.alternatives
        )
        lines.append(
            f"<details><summary>{count} reading{'s' if count > 1 else ''} not chosen"
            f"</summary><ul>{readings}</ul></details>"
        )
    lines.append("</td>")
    return "".join(lines)


def _linked_html(text: str, clause_ids: set[str]) -> str:
    """Escaped text with clause ids linked to their rows on this page."""
    targets = {clause_id: f"#{grid_row_id(clause_id)}" for clause_id in clause_ids}
    return link_clause_refs(html.escape(text), targets, markdown=False)


def _glance(variants: list[Variant]) -> list[str]:
    head = "".join(
        f'<th><a href="../{url_of(variant_page_path(v.id))}">{v.id}</a></th>' for v in variants
    )
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
        f'<thead><tr><th class="zc-corner">aspect</th>{head}</tr></thead><tbody>',
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
        lines += [f"**{variant.id}**", ""]
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


def grid_page(variants: list[Variant], explore: Mapping[str, Explore] | None = None) -> str:
    """The grid page: the variants at a glance, then every clause id by variant.

    ``explore`` gives, by clause id, the explorer position where the variants disagree
    (:func:`~zwicker_ref.site.explorer_rows.disagreements`); a differing row links to it.
    """
    clause_ids = all_clause_ids(variants)
    known = set(clause_ids)
    by_variant = [{clause.id: clause for clause in variant.clauses} for variant in variants]
    head = "".join(
        f'<th><a href="../{url_of(variant_page_path(v.id))}">{v.id}</a></th>' for v in variants
    )
    topics: dict[str, list[str]] = {}
    for clause_id in clause_ids:
        topics.setdefault(clause_id.split(".", 1)[0], []).append(clause_id)
    rows = []
    differing = 0
    for topic, ids in topics.items():
        rows.append(
            f'<tr class="zc-topic" id="topic-{topic}"><th colspan="{len(variants) + 1}">'
            f"{topic}</th></tr>"
        )
        for clause_id in ids:
            clauses = [found.get(clause_id) for found in by_variant]
            same = is_same_everywhere(clauses)
            differing += not same
            rows.append(
                f'<tr id="{grid_row_id(clause_id)}" class="{"zc-same" if same else "zc-differs"}">'
                f'<th scope="row"><a href="#{grid_row_id(clause_id)}">{clause_id}</a>'
                + ("" if same else explore_link_html((explore or {}).get(clause_id)))
                + "</th>"
                + "".join(
                    _cell(clause, variant, known)
                    for clause, variant in zip(clauses, variants, strict=True)
                )
                + "</tr>"
            )
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
        f"{len(clause_ids)} clause ids in {len(variants)} variants. Each cell gives the rule "
        "in one line (linked to its clause), its status, its sources and the readings not "
        f"chosen. {differing} rows where the variants differ are marked "
        '<span class="zc-differs-key">like this</span>; a dash means the variant has no '
        "such clause.",
        "",
        f"Topics: {home_links}.",
        "",
        *_glance(variants),
        *_options(variants),
        "## Clause by clause",
        "",
        f'<div class="zc-grid-page" markdown="0"><input type="checkbox" id="{_SAME_SWITCH}"> '
        f'<label for="{_SAME_SWITCH}">Hide the rows that are the same in every variant</label>',
        '<div class="zc-grid-wrap zc-grid-tall"><table class="zc-grid">',
        f'<thead><tr><th class="zc-corner">clause</th>{head}</tr></thead><tbody>',
        *rows,
        "</tbody></table></div></div>",
        "",
    ]
    return "\n".join(lines) + "\n"


def home_table(variants: list[Variant]) -> str:
    """The home page's table of the variants (Markdown), with the grid's check totals."""

    def players(variant: Variant) -> str:
        counts = sorted(variant.rules.player_counts)
        if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}-{counts[-1]}"
        return ", ".join(map(str, counts))

    lines = ["| id | game | players | check total |", "|---|---|---|---|"]
    for variant in variants:
        lines.append(
            f"| [{variant.id}]({variant_page_path(variant.id)}) | {html.escape(variant.name)} "
            f"| {players(variant)} | {check_totals_text(variant.rules)} |"
        )
    return "\n".join(lines)
