"""The pages of one variant: an overview, and one page per topic with its clauses and examples.

Every example appears once, under its primary clause (the first clause it lists), numbered
in the variant's clause order, with its scenario id as its permanent anchor. The other
clauses it exercises link to it. More than :data:`SHOWN` examples under one clause are
folded. A topic (``capture`` of ``capture.sum``) is one page, which keeps every page small
however large the corpus grows.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from zwicker_ref.conformance.scenario_kinds import GameBody
from zwicker_ref.conformance.scenarios import Kind, Provenance, Scenario
from zwicker_ref.rules.parameter_text import describe_parameter
from zwicker_ref.rules.variant import Clause, Variant
from zwicker_ref.site.examples import example_html
from zwicker_ref.site.links import (
    GRID,
    citations_md,
    clause_page_path,
    display_name,
    grid_row_id,
    link_clause_refs,
    source_link,
    topic_of,
    topic_page_path,
    topic_title,
    url_of,
    variant_page_path,
    walkthrough_path,
)

SHOWN = 3
"""Examples shown open under a clause; more are folded."""

TOPIC_ROOT = "../../"
"""The docs root from a topic page (``variants/<id>/<topic>.md``)."""

TOPIC_ROOT_URL = "../../../"
"""The site root from a topic page's URL (``variants/<id>/<topic>/``)."""

STATUS_MEANINGS = {
    "explicit": "a cited source states the rule",
    "inferred": "it follows from a source's example or wording",
    "ruling": "the sources are silent or disagree; decided in the project's rulings",
}


def status_badge(status: str, hover: bool = True) -> str:
    """A clause's status as a coloured badge, its meaning as hover text (unless ``hover``)."""
    meaning = STATUS_MEANINGS.get(status, "")
    title = f' title="{meaning}"' if hover else ""
    return f'<span class="zc-status zc-{status}"{title}>{status}</span>'


def key_md(to_root: str) -> list[str]:
    """The key to status badges and move notation, folded."""
    statuses = "".join(
        f"<li>{status_badge(status)} {meaning}</li>" for status, meaning in STATUS_MEANINGS.items()
    )
    return [
        '<details class="zc-key" markdown="1"><summary>Key: status badges and move notation'
        "</summary>",
        "",
        f"<ul>{statuses}</ul>",
        "",
        f"Moves are written in [move notation]({to_root}reference/notation.md) "
        "(hover over a move to read it in words):",
        "",
        "| written | meaning |",
        "|---|---|",
        "| `10S` | trail: the ten of spades goes to the table as a loose card |",
        "| `KS x QS AD` | capture: the king of spades takes the queen of spades and the ace "
        "of diamonds |",
        "| `10S>JK30=20@3` | build: the ten of spades onto the 30-joker, announcing 20; "
        "seat 3 owns it |",
        "| `QH=13@1` | build: the queen of hearts alone as a build of 13, owned by seat 1 |",
        "",
        "Cards: `10D` is the ten of diamonds, `JK25` the 25-joker (★25), `AH#2` the second "
        "ace of hearts of a double pack. A dashed frame is a build with its value and owner.",
        "",
        "</details>",
        "",
    ]


@dataclass(frozen=True, kw_only=True, slots=True)
class Filing:
    """Where a variant's examples go: numbered, under a primary clause, linked from others."""

    numbers: Mapping[str, int]
    """Example number by scenario id."""
    filed: Mapping[str, tuple[Scenario, ...]]
    """The examples shown under each clause id (their primary clause)."""
    also: Mapping[str, tuple[Scenario, ...]]
    """The examples that also exercise each clause id, shown elsewhere."""


def primary_clause(scenario: Scenario) -> str:
    """The clause an example is shown under: the first it lists."""
    return scenario.clauses[0]


def example_page_path(scenario: Scenario) -> str:
    """The Markdown path of the page an example is shown on."""
    return clause_page_path(scenario.variant.id, primary_clause(scenario))


def file_examples(variant: Variant, scenarios: list[Scenario]) -> Filing:
    """Number the variant's examples in clause order and file each under its primary clause."""
    order = {clause.id: index for index, clause in enumerate(variant.clauses)}
    ordered = sorted(scenarios, key=lambda s: order[primary_clause(s)])
    filed: dict[str, list[Scenario]] = {}
    also: dict[str, list[Scenario]] = {}
    for scenario in ordered:
        filed.setdefault(primary_clause(scenario), []).append(scenario)
        for clause_id in scenario.clauses[1:]:
            also.setdefault(clause_id, []).append(scenario)
    numbers = {scenario.id: number for number, scenario in enumerate(ordered, start=1)}
    return Filing(
        numbers=MappingProxyType(numbers),
        filed=MappingProxyType({key: tuple(value) for key, value in filed.items()}),
        also=MappingProxyType({key: tuple(value) for key, value in also.items()}),
    )


def _targets(
    variant: Variant, topic: str, variants: list[Variant], markdown: bool = True
) -> dict[str, str]:
    """Where each clause id mentioned on a topic page links to, from that page.

    The variant's own clauses link to their sections, others to their rows on the grid.
    Markdown paths, or with ``markdown=False`` built URLs (for links in raw HTML blocks).
    """
    grid = f"{TOPIC_ROOT}{GRID}" if markdown else f"{TOPIC_ROOT_URL}{url_of(GRID)}"
    targets = {c.id: f"{grid}#{grid_row_id(c.id)}" for v in variants for c in v.clauses}
    for clause in variant.clauses:
        home = topic_of(clause.id)
        page = "" if home == topic else f"{home}.md" if markdown else f"../{home}/"
        targets[clause.id] = f"{page}#{clause.id}"
    return targets


def _other_variants(clause: Clause, here: Variant, variants: list[Variant]) -> str:
    others = [
        f"[{variant.id}](../{variant.id}/{topic_of(clause.id)}.md#{clause.id})"
        for variant in variants
        if variant.id != here.id and any(c.id == clause.id for c in variant.clauses)
    ]
    grid = f"[all variants side by side]({TOPIC_ROOT}{GRID}#{grid_row_id(clause.id)})"
    listed = ", ".join(others) + "; " if others else "no other variant; "
    return f"Same clause in {listed}{grid}."


def _example_link(scenario: Scenario, filing: Filing, topic: str) -> str:
    home = topic_of(primary_clause(scenario))
    page = "" if home == topic else f"{home}.md"
    return f"[Example {filing.numbers[scenario.id]}]({page}#{scenario.id})"


def _clause_links_html(scenario: Scenario, targets: Mapping[str, str]) -> str:
    """The clauses an example exercises, as HTML links from the page it is shown on."""
    return ", ".join(
        link_clause_refs(clause_id, targets, markdown=False) for clause_id in scenario.clauses
    )


def _clause_md(
    clause: Clause, variant: Variant, variants: list[Variant], filing: Filing
) -> list[str]:
    topic = topic_of(clause.id)
    targets = _targets(variant, topic, variants)
    breakable = " · breakable" if clause.breakable else ""
    lines = [
        f"## {clause.id} — {clause.title} {{#{clause.id}}}",
        "",
        f"{status_badge(clause.status.value)}{breakable}",
        "",
        link_clause_refs(clause.text, targets),
        "",
        f"Sources: {citations_md(clause.citations, TOPIC_ROOT)}.",
        "",
    ]
    if clause.params:
        params = "; ".join(
            f"`{name}`: {html.escape(describe_parameter(name, variant.rules))}"
            for name in clause.params
        )
        lines += [f"Parameters: {params}.", ""]
    for alternative in clause.alternatives:
        if alternative.option:
            label = f"Option `{alternative.option}`"
        elif alternative.unplayable:
            label = "Recorded discrepancy"
        else:
            label = "Other reading"
        cites = citations_md(alternative.citations, TOPIC_ROOT)
        text = f'!!! note "{label}"\n    {link_clause_refs(alternative.text, targets)} ({cites})'
        if alternative.unplayable:
            unplayable = link_clause_refs(alternative.unplayable, targets)
            text += f"\n\n    Not playable as written: {unplayable}"
        lines += [text, ""]
    lines += [_other_variants(clause, variant, variants), ""]
    also = filing.also.get(clause.id, ())
    if also:
        refs = ", ".join(_example_link(scenario, filing, topic) for scenario in also)
        lines += [f"Also exercised by {refs}.", ""]
    examples = filing.filed.get(clause.id, ())
    # Examples are raw HTML: their clause references link to built URLs.
    html_targets = _targets(variant, topic, variants, markdown=False)
    drawn = [
        line
        for scenario in examples
        for line in example_html(
            scenario,
            filing.numbers[scenario.id],
            _clause_links_html(scenario, html_targets),
            TOPIC_ROOT_URL,
            html_targets,
        )
    ]
    if len(examples) > SHOWN:
        first, last = filing.numbers[examples[0].id], filing.numbers[examples[-1].id]
        lines += [
            f'<details class="zc-examples"><summary>Examples {first} to {last} '
            f"({len(examples)}): show</summary>",
            *drawn,
            "</details>",
            "",
        ]
    elif examples:
        lines += [*drawn, ""]
    return lines


def topics(variant: Variant) -> dict[str, list[Clause]]:
    """The variant's clauses by topic, in clause order."""
    grouped: dict[str, list[Clause]] = {}
    for clause in variant.clauses:
        grouped.setdefault(topic_of(clause.id), []).append(clause)
    return grouped


def _topic_page(
    variant: Variant, topic: str, variants: list[Variant], filing: Filing, names: list[str]
) -> str:
    index = names.index(topic)
    steps = [f"[↑ {variant.name}](../{variant.id}.md)"]
    if index > 0:
        steps.insert(0, f"[← {names[index - 1]}]({names[index - 1]}.md)")
    if index + 1 < len(names):
        steps.append(f"[{names[index + 1]} →]({names[index + 1]}.md)")
    title = f"{display_name(variant.id)}: {topic_title(topic).lower()}"
    lines = [f"# {title}", "", " · ".join(steps), "", *key_md(TOPIC_ROOT)]
    for clause in topics(variant)[topic]:
        lines += _clause_md(clause, variant, variants, filing)
    lines += [" · ".join(steps), ""]
    return "\n".join(lines) + "\n"


def _source_games_md(scenarios: list[Scenario]) -> list[str]:
    """The variant's games from its sources, each linked to its walkthrough (none: nothing)."""
    games = [
        s for s in scenarios if s.kind is Kind.GAME and s.provenance is Provenance.SOURCE_EXAMPLE
    ]
    if not games:
        return []
    lines = ["## Sample games", ""]
    lines += [
        f"- [{html.escape(game.title)}](../{walkthrough_path(game.id)}), move by move "
        f"({len(game.body.moves) if isinstance(game.body, GameBody) else 0} moves)"
        for game in games
    ]
    lines += ["", "Every game of the corpus: [games move by move](../games/index.md).", ""]
    return lines


def _overview(variant: Variant, scenarios: list[Scenario], filing: Filing) -> str:
    lines = [
        f"# {variant.name}",
        "",
        variant.summary,
        "",
        f"{len(variant.clauses)} clauses and {len(scenarios)} examples, one page per topic. "
        "Each example is shown once, under the first clause it exercises, and its scenario "
        f"id is its permanent link. Compare every rule with the other variants on [the grid]"
        f"(../{GRID}).",
        "",
        *key_md("../"),
        *_source_games_md(scenarios),
        "## Sources",
        "",
        *[f"- {source_link(s.source, '../')}: {s.role}" for s in variant.sources],
        "",
        "## Rules",
        "",
    ]
    for topic, clauses in topics(variant).items():
        lines += [
            f"### [{topic_title(topic)}]({variant.id}/{topic}.md) {{#topic-{topic}}}",
            "",
            "| clause | rule | status | examples |",
            "|---|---|---|---|",
        ]
        for clause in clauses:
            count = len(filing.filed.get(clause.id, ()))
            lines.append(
                f"| [{clause.id}]({variant.id}/{topic}.md#{clause.id}) | {clause.title} "
                f"| {status_badge(clause.status.value)} | {count or ''} |"
            )
        lines.append("")
    return "\n".join(lines) + "\n"


def variant_pages(
    variant: Variant, scenarios: list[Scenario], variants: list[Variant]
) -> dict[str, str]:
    """The variant's pages by Markdown path (``variants``: all, for cross-variant links)."""
    filing = file_examples(variant, scenarios)
    names = list(topics(variant))
    pages = {variant_page_path(variant.id): _overview(variant, scenarios, filing)}
    for topic in names:
        pages[topic_page_path(variant.id, topic)] = _topic_page(
            variant, topic, variants, filing, names
        )
    return pages


__all__ = [
    "SHOWN",
    "example_page_path",
    "file_examples",
    "key_md",
    "status_badge",
    "url_of",
    "variant_pages",
]
