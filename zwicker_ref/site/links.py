"""Where things are on the site, and links to them: variants, clauses, sources, examples.

Markdown links (``variants/x.md#id``) are checked by ``mkdocs build --strict``; links inside
raw HTML blocks use the built URLs (``variants/x/#id``) and are checked by the site test.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

from zwicker_ref.rules.sources import source_by_file
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Citation, Variant
from zwicker_ref.site.labels import Language, marked_markdown, source_label

VARIANT_ORDER = ("dithmarschen", "grossenwiehe", "christiansen", "classic", "grupp", "zwick")
"""The site's canonical order of the variants: the regional games first, then the book games.

The navigation in mkdocs.yml lists the variant pages in the same order (a test checks it);
a variant missing here comes after these, by id.
"""

DISPLAY_NAMES = {
    "dithmarschen": "Dithmarschen",
    "grossenwiehe": "Großenwiehe",
    "christiansen": "Christiansen",
    "classic": "Classic",
    "grupp": "Grupp",
    "zwick": "Zwick",
}
"""The short name a reader knows each variant by: page titles, the grid's column heads.

The navigation in mkdocs.yml names the variant pages the same way (a test checks it).
"""

TRANSLATED_DISPLAY_NAMES: dict[Language, dict[str, str]] = {"de": {"classic": "Klassisch"}}
"""The short names that differ in another language (the places and people keep theirs);
mkdocs.yml's ``nav_translations`` name the variant pages the same way (a test checks it)."""


def display_name(variant_id: str, language: Language = "en") -> str:
    """A variant's short name in ``language`` (``Klassisch``), its id capitalised if none."""
    translated = TRANSLATED_DISPLAY_NAMES.get(language, {}).get(variant_id)
    return translated or DISPLAY_NAMES.get(variant_id, variant_id.capitalize())


TOPIC_TITLES = {
    "players": "Players and partners",
    "seating": "Seats and the dealer",
    "deck": "The cards",
    "values": "Card values",
    "deal": "Dealing",
    "turn": "Turns",
    "trail": "Trailing",
    "capture": "Capturing",
    "build": "Building",
    "zwick": "The zwick",
    "stage": "Between deals",
    "end": "The end of a hand",
    "score": "Scoring",
    "match": "Match play",
}
"""A topic's name in words (``build`` is "Building"), for page titles and headings."""


def topic_title(topic: str) -> str:
    """A topic in words, its id capitalised if it has none."""
    return TOPIC_TITLES.get(topic, topic.capitalize())


def short_name(variant: Variant, language: Language = "en") -> str:
    """A variant's short name for tables and lists (Großenwiehe), in ``language``."""
    return display_name(variant.id, language)


GRID = "grid.md"
SOURCES = "sources.md"


def ordered_variants() -> list[Variant]:
    """Every shipped variant in the canonical order."""
    known = variant_ids()
    ordered = [v for v in VARIANT_ORDER if v in known] + sorted(set(known) - set(VARIANT_ORDER))
    return [load_variant(variant_id) for variant_id in ordered]


def variant_page_path(variant_id: str) -> str:
    """The Markdown path of a variant's page under docs/."""
    return f"variants/{variant_id}.md"


def topic_of(clause_id: str) -> str:
    """A clause's topic: the part of its id before the dot (``capture`` of ``capture.sum``)."""
    return clause_id.split(".", 1)[0]


def topic_page_path(variant_id: str, topic: str) -> str:
    """The Markdown path of one topic of a variant (its clauses and their examples)."""
    return f"variants/{variant_id}/{topic}.md"


def clause_page_path(variant_id: str, clause_id: str) -> str:
    """The Markdown path of the page that holds a clause of a variant."""
    return topic_page_path(variant_id, topic_of(clause_id))


def url_of(page_path: str) -> str:
    """The built URL of a Markdown page, relative to the site root (``a/b.md`` → ``a/b/``)."""
    stem = page_path.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("index") if stem.endswith("/index") else stem + "/"


def walkthrough_path(scenario_id: str) -> str:
    """The Markdown path of a game or match scenario's walkthrough page under docs/."""
    return f"games/{scenario_id}.md"


def grid_row_id(clause_id: str) -> str:
    """The anchor of a clause id's row on the grid page."""
    return f"row-{clause_id}"


def source_anchor(source_id: str) -> str:
    """The anchor of a source's entry on the sources page."""
    return f"source-{source_id.lower()}"


def source_link(file: str, to_root: str, language: Language = "en") -> str:
    """A source by its short label, linked (Markdown) to its entry on the sources page.

    The label is in ``language`` (the page's), like the rest of the page's words.
    """
    source = source_by_file(file)
    if source is None:
        return html.escape(file)
    name = html.escape(source_label(source, language))
    return f"[{name}]({to_root}{SOURCES}#{source_anchor(source.id)})"


def source_link_html(
    file: str, to_root_url: str, hover: bool = True, language: Language = "en"
) -> str:
    """A source by its short label in ``language``, linked (HTML) to its entry on the sources page.

    Its title is the link's hover text, unless ``hover`` is false (pages that list many).
    """
    source = source_by_file(file)
    if source is None:
        return html.escape(file)
    href = f"{to_root_url}sources/#{source_anchor(source.id)}"
    title = f' title="{html.escape(source.title)}"' if hover else ""
    return f'<a href="{href}"{title}>{html.escape(source_label(source, language))}</a>'


_QUOTATION: Mapping[Language, str] = {"en": "“{words}”", "de": "„{words}“"}
"""Quotation marks by the language of the page."""


def quoted_words(words: str, lang: str, language: Language) -> str:
    """A source's own words (escaped here) in quotation marks on a page in ``language``.

    The marks are the page's; the words are marked with their language ``lang`` where it
    is not the page's (``lang="en"`` on a German page, ``lang="de"`` for the German sheet's
    words on an English page), for browsers, screen readers and the test for English left
    in German pages.
    """
    return _QUOTATION[language].format(words=marked_markdown(html.escape(words), lang, language))


def citation_md(citation: Citation, to_root: str, language: Language = "en") -> str:
    """A citation: the linked source and the quoted section (the source's own words)."""
    return f"{source_link(citation.source, to_root, language)}, {quoted(citation, language)}"


def quoted(citation: Citation, language: Language) -> str:
    """A citation's section in quotation marks, marked with its source's language if needed."""
    source = source_by_file(citation.source)
    return quoted_words(citation.section, language if source is None else source.lang, language)


def citations_md(citations: Iterable[Citation], to_root: str, language: Language = "en") -> str:
    """Several citations, separated by semicolons."""
    return "; ".join(citation_md(citation, to_root, language) for citation in citations)


_CLAUSE_ID = re.compile(r"(?<![\w./#-])([a-z]+\.[a-z][a-z0-9-]*[a-z0-9])(?![\w/-])")
"""A word shaped like a clause id (``deal.schedule``); only known ids are linked."""


def link_clause_refs(text: str, targets: Mapping[str, str], markdown: bool = True) -> str:
    """``text`` with every clause id of ``targets`` made a link to its target there.

    Markdown links, or HTML links with ``markdown=False`` (for text inside HTML blocks).
    """

    def linked(found: re.Match[str]) -> str:
        clause_id = found.group(1)
        target = targets.get(clause_id)
        if target is None:
            return clause_id
        if markdown:
            return f"[{clause_id}]({target})"
        return f'<a href="{target}">{clause_id}</a>'

    return _CLAUSE_ID.sub(linked, text)


def all_clause_ids(variants: Iterable[Variant]) -> list[str]:
    """Every clause id of the variants, in order of first appearance."""
    seen: dict[str, None] = {}
    for variant in variants:
        for clause in variant.clauses:
            seen.setdefault(clause.id, None)
    return list(seen)
