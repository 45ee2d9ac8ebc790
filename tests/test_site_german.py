"""The German edition of the site (issue 36): every page in German, kept fresh, switchable.

The hand-written German pages (``docs/**/*.de.md``) record which English file they
translate (``translates:``, the first 16 hex digits of the SHA-256 of the English page's
bytes); a missing or stale one fails here, naming the page. The built site has a German page
for every English page, ``lang="de"`` on it, a language switch leading to the same page in
the other language, German search, and no English left in the generated text.
"""

from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site_checks import PAGE_BUDGET

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

_TRANSLATES = re.compile(r"\A---\n(?:[^\n]*\n)*?translates: ([0-9a-f]{16})\n(?:[^\n]*\n)*?---\n")
"""A German page's front matter, which records the digest among any other keys (hide, …)."""


def digest(path: Path) -> str:
    """The digest a German page records of its English page."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def english_pages() -> list[Path]:
    """The hand-written English pages (``docs/**/*.md`` without a language suffix)."""
    return sorted(p for p in DOCS.rglob("*.md") if not p.name.endswith(".de.md"))


def translation_problems(docs: Path) -> list[str]:
    """Each English page under ``docs`` whose German page is missing or stale, named."""
    problems = []
    for english in sorted(p for p in docs.rglob("*.md") if not p.name.endswith(".de.md")):
        german = english.with_name(english.name[: -len(".md")] + ".de.md")
        name = english.relative_to(docs).as_posix()
        if not german.exists():
            problems.append(f"{name}: no German page ({german.name})")
            continue
        found = _TRANSLATES.match(german.read_text(encoding="utf-8"))
        if found is None:
            problems.append(f"{german.name}: no 'translates:' front matter")
        elif found.group(1) != digest(english):
            problems.append(f"{name}: German page is stale (translates {found.group(1)})")
    return problems


def test_every_hand_written_page_has_a_fresh_german_page() -> None:
    assert translation_problems(DOCS) == []


def test_a_missing_or_stale_german_page_is_named(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# B\n", encoding="utf-8")
    (tmp_path / "b.de.md").write_text("---\ntranslates: 0000000000000000\n---\n# B\n")
    (tmp_path / "c.md").write_text("# C\n", encoding="utf-8")
    fresh = digest(tmp_path / "c.md")
    (tmp_path / "c.de.md").write_text(f"---\ntranslates: {fresh}\n---\n# C\n")
    assert translation_problems(tmp_path) == [
        "a.md: no German page (a.de.md)",
        "b.md: German page is stale (translates 0000000000000000)",
    ]


def _html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html") if not p.is_relative_to(site / "de"))


def _is_redirect(page: Path) -> bool:
    return "<title>Redirecting...</title>" in page.read_text(encoding="utf-8")


def test_every_english_page_has_its_german_page_with_lang_and_switch(built_site: Path) -> None:
    problems = []
    for english in _html_pages(built_site):
        if _is_redirect(english):
            continue
        relative = english.relative_to(built_site)
        german = built_site / "de" / relative
        if not german.exists():
            problems.append(f"{relative}: no German page")
            continue
        text = german.read_text(encoding="utf-8")
        if '<html lang="de"' not in text:
            problems.append(f"de/{relative}: no lang=de")
        english_text = english.read_text(encoding="utf-8")
        if '<html lang="en"' not in english_text:
            problems.append(f"{relative}: no lang=en")
        # The switch leads to the same page: both languages' links end in this page's path.
        here = relative.parent.as_posix()
        here = "" if here == "." else here + "/"
        for page, other in ((english_text, "de/" + here), (text, here)):
            links = re.findall(r'href="([^"]*)" hreflang="(?:en|de)"', page)
            if not any(
                link.rstrip("/").endswith(other.rstrip("/"))
                or (other in ("", "de/") and link.rstrip("/").endswith(("..", "de", ".")))
                for link in links
            ):
                problems.append(f"{relative}: the switch does not lead to {other or 'the root'}")
    assert problems == []


def test_german_search_index(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    assert "de" in index["config"]["lang"]
    assert any(entry["location"].startswith("de/") for entry in index["docs"])


def test_no_german_page_over_budget(built_site: Path) -> None:
    heavy = [
        f"{p.relative_to(built_site)}: {p.stat().st_size} bytes"
        for p in (built_site / "de").rglob("*.html")
        if p.stat().st_size > PAGE_BUDGET
    ]
    assert heavy == []


# English words that must not appear in the German pages' text. Left out of the scan
# (:class:`_GermanText`): code and pre (card codes, notation, commands); English test data
# (scenario titles, descriptions and notes) and the sources' own words, which the pages mark
# lang="en"; quotations in English quotation marks (“...”); clause ids (``build.holding``:
# identifiers, like code); and the changelog, which stays English on the German site under a
# German note (the project keeps one changelog, in English). The words are ones German never
# uses, so a hit is English left in place.
_ENGLISH = re.compile(
    r"\b(?:the|and|of|with|when|where|which|must|may|only|each|every|one|two|from|into|"
    r"players?|variants?|check total|clauses?|sources?|examples?|moves?|parameters?|"
    r"discrepancy|readings?|hands?|stages?|stock|trails?|captures?|builds?|seat|table|"
    r"score|points|deal|dealer|round|cards?|rulings?|playthrough|leftovers|to move)\b"
)
_QUOTED = re.compile(r"“[^”]*”")
_CLAUSE_ID = re.compile(r"\b[a-z]+\.[a-z][a-z0-9-]*\b")
_GERMAN_PAGES = {
    "home": "index.html",
    "variants": "variants/*/index.html",
    "topics": "variants/*/*/index.html",
    "grid": "grid/index.html",
    "sources": "sources/index.html",
    "rulings": "rulings/index.html",
    "glossary": "glossary/index.html",
    "explorer": "explorer/index.html",
    "games": "games/index.html",
    "game pages": "games/*/index.html",
    "reference": "reference/*/index.html",
    "other pages": "*/index.html",
}
"""Every German page (under ``de/``), in groups; the last group is the rest of the top level."""
_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}


class _GermanText(HTMLParser):
    """The text of a page's article that is meant to be German."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []  # per open element: whether it starts a skipped part
        self.skipping = 0
        self.inside = False
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.inside = True
        if tag in _VOID:
            return
        named = dict(attrs)
        skip = tag in ("code", "pre", "script", "style") or named.get("lang") == "en"
        self.stack.append(skip)
        self.skipping += skip

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.inside = False
        if tag in _VOID or not self.stack:
            return
        self.skipping -= self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.inside and not self.skipping:
            self.parts.append(data)


def english_left(html: str) -> list[str]:
    """The English words left in a German page's text, each with a little context."""
    reader = _GermanText()
    reader.feed(html)
    text = _CLAUSE_ID.sub(" ", _QUOTED.sub(" ", " ".join(reader.parts)))
    return [
        " ".join(text[max(0, m.start() - 40) : m.end() + 20].split())
        for m in _ENGLISH.finditer(text)
    ]


def test_the_english_scan_finds_english_but_not_marked_test_data() -> None:
    page = (
        '<article><p>Regel <span lang="en">the <b>build</b> rule</span> gilt.</p>'
        "<p><code>the</code> „Bau“ “a build”</p><p>Every hand counts.</p></article>"
    )
    left = english_left(page)
    assert len(left) == 1
    assert "hand" in left[0]
    assert "build" not in left[0]


def german_pages(site: Path, group: str) -> list[Path]:
    """The German pages of one group of :data:`_GERMAN_PAGES` (the changelog left out)."""
    german = site / "de"
    pages = set(german.glob(_GERMAN_PAGES[group]))
    if group == "other pages":
        named = {p for g in _GERMAN_PAGES if g != group for p in german.glob(_GERMAN_PAGES[g])}
        pages -= named | {german / "changelog" / "index.html"}
    return sorted(p for p in pages if not _is_redirect(p))


@pytest.mark.parametrize("group", list(_GERMAN_PAGES))
def test_no_english_left_in_german_pages(built_site: Path, group: str) -> None:
    pages = german_pages(built_site, group)
    assert pages, f"no German pages match {_GERMAN_PAGES[group]}"
    left = [
        f"{page.relative_to(built_site).parent.as_posix()}: {words}"
        for page in pages
        for words in english_left(page.read_text(encoding="utf-8"))
    ]
    assert left[:10] == [], f"{len(left)} English words left"


def test_the_changelog_stays_english_under_a_german_note(built_site: Path) -> None:
    # Left out of the English scan on purpose: one changelog, in English (CHANGELOG.md).
    page = (built_site / "de" / "changelog" / "index.html").read_text(encoding="utf-8")
    assert "Nur auf Englisch" in page


def test_every_parameter_text_has_its_words_in_every_language() -> None:
    from zwicker_ref.rules.parameter_words import SCORE_LABEL, WORDS
    from zwicker_ref.site.links import ordered_variants

    own = {language: set(words.templates) for language, words in WORDS.items()}
    plain = {
        language: {k for k in keys if not k.startswith(SCORE_LABEL)}
        for language, keys in own.items()
    }
    assert all(keys == plain["en"] for keys in plain.values()), plain
    labels = {line.label for v in ordered_variants() for line in v.rules.score_lines}
    for language, keys in own.items():
        if language != "en":
            assert {SCORE_LABEL + label for label in labels} <= keys, language


def test_parameter_lines_and_grid_cells_in_german() -> None:
    from zwicker_ref.rules.parameter_text import describe_parameter
    from zwicker_ref.rules.spec_loader import load_variant
    from zwicker_ref.site.grid import row_cell, row_parameters
    from zwicker_ref.site.grid_rows import ASKED, QUESTIONS, grid_questions
    from zwicker_ref.site.links import ordered_variants

    grossenwiehe = load_variant("grossenwiehe").rules
    assert describe_parameter("players.counts", grossenwiehe, "de") == "2, 3, 4 oder 6 Spieler"
    assert describe_parameter("score.zwick", load_variant("classic").rules, "de") == (
        "3 Punkte je Zwick"
    )
    assert describe_parameter("deal.schedule", grossenwiehe, "de") == (
        "je 2 + 2 (in Zweierpäckchen) und 10 auf den Tisch, dann je 4 (in Zweierpäckchen), "
        "bis der Talon aufgebraucht ist"
    )
    assert {q.clause_ids[0] for q in QUESTIONS} == set(ASKED["de"])
    variants = ordered_variants()
    jokers = next(q for q in grid_questions(variants, "de") if q.anchor == "capture.table-jokers")
    assert jokers.ask == "Kann ein Joker vom Tisch genommen werden?"
    classic = load_variant("classic")
    cell = row_cell(jokers, classic, row_parameters(jokers, variants), "de")
    assert cell.reason == "stellt sich nicht: die Spielart hat keine Joker"


def test_a_source_quoted_on_a_german_page_is_marked_english() -> None:
    from zwicker_ref.site.links import quoted_words

    assert quoted_words("Cards placed <one>", "en", "en") == "“Cards placed &lt;one&gt;”"
    assert quoted_words("Cards placed", "en", "de") == '„<span lang="en">Cards placed</span>“'
    # The German sheet's own words are German on a German page, marked so on an English one.
    assert quoted_words("Hat er", "de", "de") == "„Hat er“"
    assert quoted_words("Hat er", "de", "en") == '“<span lang="de">Hat er</span>”'


def test_positions_and_moves_in_german_words() -> None:
    from zwicker_ref.formats.notation import parse_move
    from zwicker_ref.site.positions import move_in_words

    assert move_in_words(parse_move("10S"), "de") == (
        "zulegen: 10S kommt als lose Karte auf den Tisch"
    )
    assert move_in_words(parse_move("KS x QS AD"), "de") == "stechen: KS nimmt AD QS"
    assert move_in_words(parse_move("10S>JK30=20@3"), "de") == (
        "bauen: 10S wird auf JK30 gespielt und 20 angesagt; der Bau gehört Platz 3"
    )
    assert move_in_words(parse_move("QH=13@1"), "en") == (
        "build: QH is played alone, as a new build and 13 announced; seat 1 owns the build"
    )


def test_german_game_pages_say_seat_table_and_moves_in_german(built_site: Path) -> None:
    games = built_site / "de" / "games"
    sample = (games / "chr-sample-game" / "index.html").read_text("utf-8")
    assert "Albert (Platz 0)" in sample
    assert "<small>(am Zug)</small>" in sample
    assert "<div>Tisch: " in sample
    assert re.search(r'<h1 id="[^"]*" lang="en">The Christiansen sample game', sample)
    assert re.search(r'title="(zulegen|stechen|bauen): ', sample)
    assert not re.search(r'title="(trail|capture|build): ', sample)
    match = (games / "cls-match-played-to-target-golden" / "index.html").read_text("utf-8")
    assert "Erster Geber" in match
    assert "Spiel 1: Platz" in match
    assert "First dealer" not in match


_EXAMPLE = re.compile(r'<div class="zc-scenario".*?</details>\s*</div>', re.DOTALL)
"""One example block of a topic page (header, position, moves, clauses, its folded file)."""


def test_no_english_left_in_the_examples_of_german_topic_pages(built_site: Path) -> None:
    # The examples' labels, positions and moves (the topic pages' clause blocks aside).
    left = [
        f"{page.relative_to(built_site).parent.as_posix()}: {words}"
        for page in german_pages(built_site, "topics")
        for example in _EXAMPLE.findall(page.read_text(encoding="utf-8"))
        for words in english_left(f"<article>{example}</article>")
    ]
    assert left[:10] == [], f"{len(left)} English words left"
