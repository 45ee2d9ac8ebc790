"""Checks over a built site: page sizes, duplicate ids, links (used by test_site.py)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Set
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

PAGE_BUDGET = 300_000
"""The largest HTML page allowed, in bytes."""


class _Page(HTMLParser):
    """The ids and the link targets of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: Counter[str] = Counter()
        self.links: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids[found["id"] or ""] += 1
        if tag == "a" and found.get("href"):
            self.links.append(found["href"] or "")
        for name in ("src", "href"):
            value = found.get(name)
            if value and tag in ("script", "img", "link", "iframe", "source"):
                self.sources.append(value)


def parse(page: Path) -> _Page:
    """The ids and links of ``page``."""
    parsed = _Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


def pages(site: Path) -> list[Path]:
    """Every HTML page of the site."""
    return sorted(site.rglob("*.html"))


def oversized(site: Path) -> list[str]:
    """Pages over the budget, with their sizes."""
    return [
        f"{page.relative_to(site)}: {page.stat().st_size} bytes"
        for page in pages(site)
        if page.stat().st_size > PAGE_BUDGET
    ]


def duplicate_ids(site: Path) -> list[str]:
    """Every id that occurs more than once on a page."""
    problems = []
    for page in pages(site):
        for name, count in parse(page).ids.items():
            if count > 1:
                problems.append(f"{page.relative_to(site)}: id {name!r} {count} times")
    return problems


def _target(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    """The file and anchor an internal link leads to (None for an outside link)."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("mailto:"):
        return None
    path, anchor = urldefrag(href)
    path = path.split("?", 1)[0]  # a query (the explorer's ?example=ID) names no other file
    if path.startswith("/"):
        target = (site / unquote(path).lstrip("/")).resolve()
    else:
        target = (page.parent / unquote(path)).resolve() if path else page
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target, unquote(anchor)


def broken_links(site: Path) -> list[str]:
    """Internal links whose page is missing or whose anchor is not there exactly once."""
    cache: dict[Path, _Page] = {}

    def parsed_once(page: Path) -> _Page:
        # Each page is parsed once however many links lead to it.
        if page not in cache:
            cache[page] = parse(page)
        return cache[page]

    problems = []
    for page in pages(site):
        for href in parsed_once(page.resolve()).links:
            found = _target(site, page.resolve(), href)
            if found is None:
                continue
            target, anchor = found
            where = f"{page.relative_to(site)}: {href}"
            if not target.exists():
                problems.append(f"{where}: no such page")
                continue
            if not anchor or target.suffix != ".html":
                continue
            ids = parsed_once(target).ids
            if ids[anchor] != 1:
                problems.append(f"{where}: anchor found {ids[anchor]} times")
    return problems


def outside_requests(site: Path) -> list[str]:
    """Scripts, style sheets, images and frames loaded from another host."""
    return [
        f"{page.relative_to(site)}: {source}"
        for page in pages(site)
        for source in parse(page).sources
        if urlsplit(source).netloc or source.startswith("//")
    ]


CLAUSE_SHAPED = re.compile(
    r"\b(?:players|seating|deck|values|deal|turn|trail|capture|build|zwick|stage|end|score|match)"
    r"\.[a-z-]+\b"
)
"""A word shaped like a clause id of one of the spec's topics."""

_NOT_PROSE = frozenset({"a", "code", "pre", "script", "style", "title", "h1", "h2", "h3", "h4"})
"""Elements whose text is not prose to link: links, code, the page title, headings (a
clause's own heading is its anchor)."""


class _Prose(HTMLParser):
    """The prose text of a page: outside links, code, scripts and headings."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _NOT_PROSE:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not self.open:
            self.text.append(data)


def unlinked_clause_ids(site: Path, clause_ids: Set[str]) -> list[str]:
    """Every clause id written as plain text in a page's prose rather than as a link."""
    problems = []
    for page in pages(site):
        prose = _Prose()
        prose.feed(page.read_text(encoding="utf-8"))
        for text in prose.text:
            for found in CLAUSE_SHAPED.finditer(text):
                if found.group(0) in clause_ids:
                    context = " ".join(text[max(0, found.start() - 40) : found.end() + 20].split())
                    problems.append(f"{page.relative_to(site)}: {found.group(0)} in “{context}”")
    return problems
