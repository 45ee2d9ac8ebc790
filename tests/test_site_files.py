"""The rules site, issue 32: files one click away, schemas with meanings, the sources page
short with every discrepancy still on it, and the sample game readable on a phone."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.site_checks import find_browser, layout_at
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.site.discrepancies import kind_of
from zwicker_ref.site.files import files_markdown, published_path
from zwicker_ref.site.links import DISPLAY_NAMES, ordered_variants

OLD_SOURCES_WORDS = 18_351
"""The words of the sources page before issue 32 (measured on the built page's article)."""

FROZEN = json.loads((ROOT / "tests" / "discrepancies.json").read_text(encoding="utf-8"))

RAW_CARD = re.compile(r"(?<![\w#])(?:10|[2-9AJQK])[CDHS](?![\w])|\bJK\d+")
"""A card code written as text (KH, 10D, JK25) rather than drawn as a card."""


def words(text: str) -> str:
    """Text with its whitespace made single spaces, for comparing prose."""
    return " ".join(text.split())


class _Text(HTMLParser):
    """The text of an HTML fragment, without code, scripts and styles; links collected."""

    def __init__(self, skip: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.SKIP = skip
        self.skipping = 0
        self.parts: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        if tag == "a":
            self.links.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def text_of(fragment: str, code: bool = False) -> _Text:
    """The fragment's text; code and listings left out unless ``code``."""
    parsed = _Text(frozenset({"script", "style", "title"} | (set() if code else {"code", "pre"})))
    parsed.feed(fragment)
    return parsed


def article(page: Path) -> str:
    """The article of a built page (its content, without navigation and footer)."""
    found = re.search(r"<article.*?</article>", page.read_text(encoding="utf-8"), re.DOTALL)
    assert found is not None, page
    return found.group(0)


# --- The sources page ---------------------------------------------------------------------


def test_the_frozen_discrepancies_are_the_specs_readings_not_chosen() -> None:
    # The frozen set is today's: a reading added, removed or reworded in a spec is added,
    # removed or reworded in tests/discrepancies.json in the same change.
    current = [
        {
            "variant": variant.id,
            "clause": clause.id,
            "kind": kind_of(alternative).replace("`", ""),
            "text": words(alternative.text),
            "citations": [
                {"source": c.source, "section": c.section} for c in alternative.citations
            ],
        }
        for variant in ordered_variants()
        for clause in variant.clauses
        for alternative in clause.alternatives
    ]
    assert current == FROZEN["discrepancies"]
    assert len(current) == 184


def sources_by_question(site: Path) -> dict[str, str]:
    """The sources page's questions: clause id → the HTML of its section."""
    page = article(site / "sources" / "index.html")
    parts = re.split(r'<h3 id="q-([^"]+)"', page)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def test_every_discrepancy_is_still_on_the_sources_page(built_site: Path) -> None:
    questions = sources_by_question(built_site)
    names = {variant.id: variant for variant in ordered_variants()}
    missing = []
    for entry in FROZEN["discrepancies"]:
        section = questions.get(entry["clause"])
        if section is None:
            missing.append(f"{entry['variant']} {entry['clause']}: no question")
            continue
        variant = names[entry["variant"]]
        # The chosen side: the variant's rule linked from the question.
        topic = entry["clause"].split(".")[0]
        chosen = f'href="../variants/{variant.id}/{topic}/#{entry["clause"]}"'
        found = False
        for item in re.findall(r"<li>(.*?)</li>", section, re.DOTALL):
            text = words(html.unescape("".join(text_of(item, code=True).parts)))
            head = text.split(":", 1)[0]
            kind = entry["kind"].capitalize()
            named = (
                f"({DISPLAY_NAMES[variant.id]}" in head or f" {DISPLAY_NAMES[variant.id]}" in head
            )
            alone = "(" not in head
            if (
                text.startswith(kind)
                and (named or alone)
                and entry["text"] in text
                and all(words(c["section"]) in text for c in entry["citations"])
            ):
                found = True
                break
        if not found or chosen not in section:
            missing.append(f"{entry['variant']} {entry['clause']} ({entry['kind']})")
    assert missing == []


def test_the_sources_page_is_under_half_its_old_length(built_site: Path) -> None:
    text = html.unescape(re.sub(r"<[^>]+>", " ", article(built_site / "sources" / "index.html")))
    count = len(text.split())
    print(f"sources page: {count} words (was {OLD_SOURCES_WORDS})")
    assert count < OLD_SOURCES_WORDS / 2


# --- Files on the site ---------------------------------------------------------------------


def test_every_example_links_its_file_and_the_format_pages(built_site: Path) -> None:
    version = corpus_identity().version
    examples = 0
    problems = []
    for page in sorted((built_site / "variants").rglob("index.html")):
        content = page.read_text(encoding="utf-8")
        for block in content.split('<div class="zc-scenario" id="')[1:]:
            scenario_id = block.split('"', 1)[0]
            examples += 1
            found = re.search(r'<a href="([^"]+)" class="zc-file"[^>]*><code>([^<]+)</code>', block)
            if found is None:
                problems.append(f"{scenario_id}: no file link")
                continue
            href, shown = found.groups()
            target = (page.parent / href).resolve()
            expected = built_site / published_path(shown, version)
            if target != expected.resolve() or not target.is_file():
                problems.append(f"{scenario_id}: {href} is not the file {shown}")
            elif target.read_bytes() != (ROOT / shown).read_bytes():
                problems.append(f"{scenario_id}: {href} differs from {shown}")
            for name in ("reference/scenario-format/", "contributing/"):
                if f'{name}">' not in block:
                    problems.append(f"{scenario_id}: no link to {name}")
    assert problems == []
    assert examples >= 647


def test_the_corpus_files_and_corpus_json_are_published_by_version(built_site: Path) -> None:
    version = corpus_identity().version
    root = built_site / "files" / version
    for name in (
        "spec/corpus.yaml",
        "spec/schema/scenario.schema.json",
        "spec/variants/zwick.yaml",
    ):
        assert (root / name).read_bytes() == (ROOT / name).read_bytes(), name
    published = json.loads((root / "corpus.json").read_text(encoding="utf-8"))
    assert published["corpus"]["version"] == version
    assert len(list((root / "scenarios").rglob("*.yaml"))) == len(
        list((ROOT / "scenarios").rglob("*.yaml"))
    )
    implementers = article(built_site / "implementers" / "index.html")
    assert f'href="../files/{version}/corpus.json"' in implementers


def test_the_projects_home_is_named_where_repo_url_is_set() -> None:
    named = files_markdown("1.1.0", "https://example.org/zwicker-rules")
    assert "[https://example.org/zwicker-rules](https://example.org/zwicker-rules)" in named
    assert "git clone https://example.org/zwicker-rules" in named
    unnamed = files_markdown("1.1.0", None)
    assert "not named on this site yet" in unnamed
    assert "files/1.1.0/corpus.json" in unnamed


# --- Schemas -------------------------------------------------------------------------------


def test_every_schema_field_has_a_meaning(built_site: Path) -> None:
    missing = []
    for path in sorted((ROOT / "spec" / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        missing += [
            f"{path.name}: {name}"
            for name, field in schema.get("properties", {}).items()
            if not field.get("description", "").strip()
        ]
    assert missing == []
    page = article(built_site / "reference" / "schemas" / "index.html")
    rows = re.findall(r"<tr>\s*<td><code>([^<]+)</code></td>(.*?)</tr>", page, re.DOTALL)
    assert len(rows) >= 58
    empty = [name for name, row in rows if not re.findall(r"<td>([^<]+)", row)[-1:]]
    assert empty == []
    version = corpus_identity().version
    for path in sorted((ROOT / "spec" / "schema").glob("*.schema.json")):
        assert f'href="../../files/{version}/spec/schema/{path.name}"' in page


# --- The sample game -----------------------------------------------------------------------


def sample_game(site: Path) -> Path:
    return site / "games" / "chr-sample-game" / "index.html"


def test_the_sample_game_draws_its_cards_and_names_its_players(built_site: Path) -> None:
    prose = " ".join(text_of(article(sample_game(built_site))).parts)
    assert RAW_CARD.findall(prose) == []
    for name in ("Albert", "Beatrice", "Charlie", "Dianne"):
        assert name in prose
    assert "Albert (seat 0) deals" in prose
    christiansen = (built_site / "variants" / "christiansen" / "index.html").read_text("utf-8")
    assert 'href="../../games/chr-sample-game/"' in christiansen


def test_raw_card_codes_are_found() -> None:
    # The check above can fail: codes in prose are found, drawn cards and code are not.
    assert RAW_CARD.findall("Albert KH+4H, JK15 with the 5H-10D build") == [
        "KH",
        "4H",
        "JK15",
        "5H",
        "10D",
    ]
    drawn = text_of('<span class="zc" title="KH">K♥</span> <code>KH</code>')
    assert RAW_CARD.findall(" ".join(drawn.parts)) == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_sample_game_fits_the_screen(built_site: Path, tmp_path: Path, width: int) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip("no Chromium found: install Debian's chromium package to run the browser test")
    layout = layout_at(browser, sample_game(built_site), width, tmp_path)
    print(f"sample game at {width} px: {layout}")
    assert layout["width"] == width
    assert layout["over"] == []
    assert isinstance(layout["right"], int | float)
    assert layout["right"] <= width
