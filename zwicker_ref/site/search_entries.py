"""One search entry per example, so that searching a scenario id finds its example first.

The theme's search indexes a page by its headings: an example, drawn inside its clause's
section, was only words in that section's text, and a search for its scenario id
(``dith-build-ace-on-nine``, searched as the words dith, build, ace, on, nine) ranked every
section with "build" in its heading above it. After the build, each example of the built
pages gets an entry of its own in the search index, at its permanent link, titled with its
scenario id and its title: the title words count most, so the example whose id is searched
comes first.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SEARCH_INDEX = Path("search") / "search_index.json"
"""Where the theme writes its search index, under the built site."""

_EXAMPLE = re.compile(
    r'<div class="zc-scenario" id="(?P<id>[^"]+)"[^>]*>\s*'
    r'<p class="zc-example-head">(?P<head>.*?)</p>\s*'
    r'(?:<p class="zc-facts">(?P<facts>.*?)</p>\s*)?'
    r"(?:<p>(?P<text>.*?)</p>)?",
    re.DOTALL,
)
_TAG = re.compile(r"<[^>]+>")
_TITLE = re.compile(r"<b>(.*?)</b>", re.DOTALL)


@dataclass(frozen=True, kw_only=True, slots=True)
class ExampleEntry:
    """One example's entry in the search index."""

    location: str
    title: str
    text: str

    def as_json(self) -> dict[str, str]:
        """The entry as the theme's search index holds it."""
        return {"location": self.location, "title": self.title, "text": self.text}


def _plain(fragment: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", fragment)).split())


def example_entries(page: str, location: str) -> Iterator[ExampleEntry]:
    """The examples drawn on one built page (its HTML), at the page's ``location``."""
    for found in _EXAMPLE.finditer(page):
        scenario_id = found.group("id")
        named = _TITLE.search(found.group("head"))
        title = _plain(named.group(1)) if named else ""
        text = " ".join(_plain(found.group(part) or "") for part in ("facts", "text")).strip()
        yield ExampleEntry(
            location=f"{location}#{scenario_id}",
            title=f"{scenario_id}: {title}" if title else scenario_id,
            text=html.escape(text, quote=False),
        )


def add_example_entries(site_dir: Path) -> int:
    """Add every example of the variant pages of both languages to the search index; how many."""
    index_path = site_dir / SEARCH_INDEX
    if not index_path.exists():
        return 0
    index = json.loads(index_path.read_text(encoding="utf-8"))
    entries = [
        entry.as_json()
        for variants in (site_dir / "variants", site_dir / "de" / "variants")
        for page in sorted(variants.rglob("index.html"))
        for entry in example_entries(
            page.read_text(encoding="utf-8"), page.parent.relative_to(site_dir).as_posix() + "/"
        )
    ]
    index["docs"].extend(entries)
    index_path.write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    return len(entries)
