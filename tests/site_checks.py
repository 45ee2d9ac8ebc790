"""Checks over a built site: page sizes, duplicate ids, links (used by test_site.py)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
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


_ROW = re.compile(r'<tr id="(row-[^"]+)" class="(zc-same|zc-differs)">(.*?)</tr>', re.DOTALL)
_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.DOTALL)
_NOT_THE_RULE = re.compile(
    r'<div class="zc-cell-sources">.*?</div>|<details>.*?</details>'
    r'|<span class="zc-status[^>]*>.*?</span>',
    re.DOTALL,
)
_TAGS = re.compile(r"<[^>]+>")


def _words(fragment: str) -> str:
    return " ".join(html.unescape(_TAGS.sub(" ", fragment)).split())


def grid_rows(grid: str) -> list[tuple[str, bool, list[str]]]:
    """The clause grid's rows: anchor, whether marked as differing, each cell's rule in words.

    A cell's rule is what it states, less its sources, status badge and readings not chosen
    (which differ between variants that state the same rule).
    """
    return [
        (
            found.group(1),
            found.group(2) == "zc-differs",
            [_words(_NOT_THE_RULE.sub("", cell)) for cell in _CELL.findall(found.group(3))],
        )
        for found in _ROW.finditer(grid)
    ]


def differing_rows_with_identical_cells(grid: str) -> list[str]:
    """Rows marked as differing whose cells all state the same rule."""
    return [
        f"{row}: every cell reads “{cells[0]}”"
        for row, differs, cells in grid_rows(grid)
        if differs and len(set(cells)) == 1
    ]


def dashes_without_reason(grid: str) -> list[str]:
    """Cells that are a dash and say nothing of why."""
    return [
        f"{row}, column {column + 1}"
        for row, _, cells in grid_rows(grid)
        for column, cell in enumerate(cells)
        if cell.startswith("—") and len(cell.lstrip("— ").split()) < 3
    ]


_PAGE_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_REDIRECT = re.compile(r'<meta http-equiv="refresh"')


def shared_titles(site: Path) -> list[str]:
    """Titles that more than one page has (pages that only redirect are not pages, nor 404)."""
    by_title: dict[str, list[str]] = {}
    for page in pages(site):
        if page == site / "404.html":
            continue
        text = page.read_text(encoding="utf-8")
        found = _PAGE_TITLE.search(text)
        if found is None or _REDIRECT.search(text):
            continue
        by_title.setdefault(html.unescape(found.group(1)), []).append(str(page.relative_to(site)))
    return [f"{title}: {', '.join(found)}" for title, found in by_title.items() if len(found) > 1]


def find_browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


HEADLESS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Chromium's flags for every browser test: headless, and nothing asked of another host
(without the background-networking flags this machine's closed network refuses many)."""


def browser_dump(
    browser: str, page: Path, tmp_path: Path, anchor: str = "", width: int = 1200
) -> str:
    """The page's DOM as Chromium builds it at ``width`` px (a screenshot beside it, page.png)."""
    address = page.as_uri() + (f"#{anchor}" if anchor else "")
    flags = [*HEADLESS, f"--user-data-dir={tmp_path / 'profile'}"]
    subprocess.run(
        [
            browser,
            *flags,
            f"--screenshot={tmp_path / 'page.png'}",
            f"--window-size={width},1600",
            address,
        ],
        capture_output=True,
        timeout=120,
        check=False,
    )
    result = subprocess.run(
        [browser, *flags, "--dump-dom", address],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout


_MEASURE = """<script>addEventListener("load", function () {
  var right = 0, over = [];
  document.querySelectorAll("article *").forEach(function (e) {
    var box = e.getBoundingClientRect();
    if (box.right > right) right = box.right;
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && e.tagName !== "PRE")
      over.push(e.tagName + "." + e.className + ": " + e.scrollWidth + " > " + e.clientWidth);
  });
  parent.postMessage(JSON.stringify({width: innerWidth, right: right, over: over}), "*");
});</script>"""
"""Measures a page as laid out: its rightmost edge and every box wider than itself (code
listings aside, which scroll by design)."""

_FRAME = """<!doctype html><html><body style="margin:0"><div id="measured"></div>
<iframe src="{page}" style="width:{width}px;height:1600px;border:0"></iframe>
<script>addEventListener("message", function (e) {{
  document.getElementById("measured").textContent = e.data; }});</script></body></html>"""
"""Chromium's headless window is at least 500 px wide: a narrower screen is a frame."""


def layout_at(browser: str, page: Path, width: int, tmp_path: Path) -> dict[str, object]:
    """How ``page`` lays out on a screen ``width`` px wide: the viewport width, the right
    edge of its content and the boxes that overflow (scroll sideways) there."""
    measured = page.with_name("zc-measured.html")
    frame = page.with_name("zc-frame.html")
    text = page.read_text(encoding="utf-8")
    measured.write_text(text.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
    frame.write_text(_FRAME.format(page=measured.name, width=width), encoding="utf-8")
    try:
        result = subprocess.run(
            [
                browser,
                *HEADLESS,
                f"--user-data-dir={tmp_path / 'profile'}",
                f"--window-size={width + 200},1600",
                "--virtual-time-budget=10000",
                "--dump-dom",
                frame.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    finally:
        measured.unlink()
        frame.unlink()
    found = re.search(r'<div id="measured">([^<]+)</div>', result.stdout)
    assert found is not None, "the page sent no measurement"
    data: dict[str, object] = json.loads(html.unescape(found.group(1)))
    return data
