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
from zwicker_ref.site.labels import (
    Language,
    clause_words,
    english_markdown,
    label,
    page_path,
    topic_words,
    variant_words,
)
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

STATUSES = ("explicit", "inferred", "ruling")

STATUS_MEANINGS = {status: label("en", f"status.{status}.meaning") for status in STATUSES}


def status_badge(status: str, hover: bool = True, language: Language = "en") -> str:
    """A clause's status as a coloured badge, its meaning as hover text (unless ``hover``)."""
    known = status in STATUSES
    meaning = label(language, f"status.{status}.meaning") if known else ""
    title = f' title="{meaning}"' if hover else ""
    word = label(language, f"status.{status}") if known else status
    return f'<span class="zc-status zc-{status}"{title}>{word}</span>'


def key_md(to_root: str, language: Language = "en") -> list[str]:
    """The key to status badges and move notation, folded."""
    statuses = "".join(
        f"<li>{status_badge(status, language=language)} "
        f"{label(language, f'status.{status}.meaning')}</li>"
        for status in STATUSES
    )
    moves = (
        ("10S", "key.trail"),
        ("KS x QS AD", "key.capture"),
        ("10S>JK30=20@3", "key.build"),
        ("QH=13@1", "key.build_alone"),
    )
    return [
        f'<details class="zc-key" markdown="1"><summary>{label(language, "key.summary")}</summary>',
        "",
        f"<ul>{statuses}</ul>",
        "",
        label(language, "key.moves", root=to_root),
        "",
        label(language, "key.head"),
        "|---|---|",
        *[f"| `{move}` | {label(language, key)} |" for move, key in moves],
        "",
        label(language, "key.cards"),
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


def _other_variants(
    clause: Clause, here: Variant, variants: list[Variant], language: Language
) -> str:
    others = [
        f"[{variant.id}](../{variant.id}/{topic_of(clause.id)}.md#{clause.id})"
        for variant in variants
        if variant.id != here.id and any(c.id == clause.id for c in variant.clauses)
    ]
    grid = f"[{label(language, 'clause.grid')}]({TOPIC_ROOT}{GRID}#{grid_row_id(clause.id)})"
    listed = ", ".join(others) + "; " if others else label(language, "clause.no_other")
    return label(language, "clause.same_in", listed=listed, grid=grid)


def _example_link(scenario: Scenario, filing: Filing, topic: str, language: Language) -> str:
    home = topic_of(primary_clause(scenario))
    page = "" if home == topic else f"{home}.md"
    name = label(language, "example.link", number=filing.numbers[scenario.id])
    return f"[{name}]({page}#{scenario.id})"


def _clause_links_html(scenario: Scenario, targets: Mapping[str, str]) -> str:
    """The clauses an example exercises, as HTML links from the page it is shown on."""
    return ", ".join(
        link_clause_refs(clause_id, targets, markdown=False) for clause_id in scenario.clauses
    )


def _clause_md(
    clause: Clause, variant: Variant, variants: list[Variant], filing: Filing, language: Language
) -> list[str]:
    topic = topic_of(clause.id)
    targets = _targets(variant, topic, variants)
    words = clause_words(variant, clause, language)
    breakable = label(language, "clause.breakable") if clause.breakable else ""
    lines = [
        f"## {clause.id} — {words.title} {{#{clause.id}}}",
        "",
        f"{status_badge(clause.status.value, language=language)}{breakable}",
        "",
        link_clause_refs(words.text, targets),
        "",
        label(
            language,
            "clause.sources",
            cites=citations_md(clause.citations, TOPIC_ROOT, language),
        ),
        "",
    ]
    if clause.params:
        params = "; ".join(
            f"`{name}`: {html.escape(describe_parameter(name, variant.rules, language))}"
            for name in clause.params
        )
        lines += [label(language, "clause.parameters", params=params), ""]
    for alternative, said in zip(clause.alternatives, words.alternatives, strict=True):
        if alternative.option:
            head = label(language, "clause.option", option=alternative.option)
        elif alternative.unplayable:
            head = label(language, "clause.discrepancy")
        else:
            head = label(language, "clause.reading")
        cites = citations_md(alternative.citations, TOPIC_ROOT, language)
        text = f'!!! note "{head}"\n    {link_clause_refs(said.text, targets)} ({cites})'
        if said.unplayable:
            unplayable = link_clause_refs(said.unplayable, targets)
            text += "\n\n    " + label(language, "clause.unplayable", text=unplayable)
        lines += [text, ""]
    lines += [_other_variants(clause, variant, variants, language), ""]
    also = filing.also.get(clause.id, ())
    if also:
        refs = ", ".join(_example_link(scenario, filing, topic, language) for scenario in also)
        lines += [label(language, "clause.also", refs=refs), ""]
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
            language,
        )
    ]
    if len(examples) > SHOWN:
        first, last = filing.numbers[examples[0].id], filing.numbers[examples[-1].id]
        lines += [
            '<details class="zc-examples"><summary>'
            + label(language, "examples.folded", first=first, last=last, count=len(examples))
            + "</summary>",
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


def _step_name(topic: str, language: Language) -> str:
    """A neighbouring topic as the step links name it: its id in English, else its name."""
    return topic if language == "en" else topic_words(topic, language)


def _topic_page(
    variant: Variant,
    topic: str,
    variants: list[Variant],
    filing: Filing,
    names: list[str],
    language: Language,
) -> str:
    index = names.index(topic)
    steps = [f"[↑ {variant_words(variant, language).name}](../{variant.id}.md)"]
    if index > 0:
        before = names[index - 1]
        steps.insert(0, f"[← {_step_name(before, language)}]({before}.md)")
    if index + 1 < len(names):
        after = names[index + 1]
        steps.append(f"[{_step_name(after, language)} →]({after}.md)")
    name = topic_words(topic, language)
    title = f"{display_name(variant.id, language)}: {name.lower() if language == 'en' else name}"
    lines = [f"# {title}", "", " · ".join(steps), "", *key_md(TOPIC_ROOT, language)]
    for clause in topics(variant)[topic]:
        lines += _clause_md(clause, variant, variants, filing, language)
    lines += [" · ".join(steps), ""]
    return "\n".join(lines) + "\n"


def _source_games_md(scenarios: list[Scenario], language: Language) -> list[str]:
    """The variant's games from its sources, each linked to its walkthrough (none: nothing)."""
    games = [
        s for s in scenarios if s.kind is Kind.GAME and s.provenance is Provenance.SOURCE_EXAMPLE
    ]
    if not games:
        return []
    lines = [f"## {label(language, 'overview.sample_games')}", ""]
    lines += [
        f"- [{english_markdown(html.escape(game.title), language)}]"
        f"(../{walkthrough_path(game.id)}), "
        + label(
            language,
            "overview.game",
            moves=len(game.body.moves) if isinstance(game.body, GameBody) else 0,
        )
        for game in games
    ]
    lines += ["", label(language, "overview.all_games"), ""]
    return lines


def _overview(
    variant: Variant, scenarios: list[Scenario], filing: Filing, language: Language
) -> str:
    words = variant_words(variant, language)
    intro = label(
        language,
        "overview.intro",
        clauses=len(variant.clauses),
        examples=len(scenarios),
        grid=f"../{GRID}",
    )
    roles = zip(variant.sources, words.source_roles, strict=True)
    lines = [
        f"# {words.name}",
        "",
        words.summary,
        "",
        intro,
        "",
        *key_md("../", language),
        *_source_games_md(scenarios, language),
        f"## {label(language, 'overview.sources')} {{#sources}}",
        "",
        *[f"- {source_link(s.source, '../', language)}: {role}" for s, role in roles],
        "",
        f"## {label(language, 'overview.rules')} {{#rules}}",
        "",
    ]
    for topic, clauses in topics(variant).items():
        lines += [
            f"### [{topic_words(topic, language)}]({variant.id}/{topic}.md) {{#topic-{topic}}}",
            "",
            label(language, "overview.head"),
            "|---|---|---|---|",
        ]
        for clause in clauses:
            count = len(filing.filed.get(clause.id, ()))
            title = clause_words(variant, clause, language).title
            badge = status_badge(clause.status.value, language=language)
            lines.append(
                f"| [{clause.id}]({variant.id}/{topic}.md#{clause.id}) | {title} "
                f"| {badge} | {count or ''} |"
            )
        lines.append("")
    return "\n".join(lines) + "\n"


def variant_pages(
    variant: Variant,
    scenarios: list[Scenario],
    variants: list[Variant],
    language: Language = "en",
) -> dict[str, str]:
    """The variant's pages by Markdown path (``variants``: all, for cross-variant links).

    In ``language``: German pages are written at their ``.de.md`` paths.
    """
    filing = file_examples(variant, scenarios)
    names = list(topics(variant))
    pages = {
        page_path(variant_page_path(variant.id), language): _overview(
            variant, scenarios, filing, language
        )
    }
    for topic in names:
        pages[page_path(topic_page_path(variant.id, topic), language)] = _topic_page(
            variant, topic, variants, filing, names, language
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
