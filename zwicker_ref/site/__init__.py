"""The rules site's generated pages: variants clause by clause with their passing examples.

``docs/gen_pages.py`` (run by mkdocs-gen-files during ``mkdocs build``) calls
:func:`generate`. Every scenario of the corpus is run against the reference interpreter
first; if any fails, or any file is invalid, :class:`SiteError` stops the build and names
the scenario, so the site never shows an example that does not pass.

The modules, by page kind: :mod:`.cards` (cards and moves drawn), :mod:`.examples` (one
example of any kind), :mod:`.variant_page`, :mod:`.grid` (rule-by-variant grid and the
home table), :mod:`.walkthrough` (game pages), :mod:`.discrepancies` (sources and readings
not chosen), :mod:`.pages` (schemas), :mod:`.rulings` (every ruling clause with its
readings not chosen), :mod:`.files` (the corpus's files), :mod:`.links`
(where things are) and :mod:`.version` (what the site states it shows).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenarios import Kind, Scenario, load_corpus
from zwicker_ref.documents.corpus import content_digest
from zwicker_ref.documents.locations import corpus_root, scenarios_dir
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.rules.variant import Variant
from zwicker_ref.site.cards import card_html, move_html
from zwicker_ref.site.discrepancies import sources_page
from zwicker_ref.site.explorer_bundle import examples_json
from zwicker_ref.site.explorer_rows import disagreements
from zwicker_ref.site.files import (
    FILES_MARKER,
    files_markdown,
    published_files,
    published_path,
)
from zwicker_ref.site.grid import grid_page, home_table
from zwicker_ref.site.labels import LANGUAGES, Language, page_path
from zwicker_ref.site.links import (
    GRID,
    all_clause_ids,
    grid_row_id,
    ordered_variants,
    walkthrough_path,
)
from zwicker_ref.site.pages import schemas_page
from zwicker_ref.site.rulings import RULINGS, rulings_page
from zwicker_ref.site.variant_page import variant_pages
from zwicker_ref.site.version import SiteVersion, corpus_json, site_version
from zwicker_ref.site.walkthrough import (
    games_index,
    has_played_hand,
    match_walkthrough_page,
    walkthrough_page,
)

Write = Callable[[str, str], None]
"""Write a generated page: its path under docs/ and its Markdown text."""

HOME_VARIANTS = "<!-- zwicker:variants -->"
HOME_VERSION = "<!-- zwicker:version -->"


class SiteError(ZwickerError):
    """The site cannot be built: a scenario fails or a file is invalid."""


def check_corpus(corpus: Path | None = None) -> list[Scenario]:
    """Every scenario, each run against the reference; :class:`SiteError` on any failure."""
    scenarios, problems = load_corpus([corpus or scenarios_dir()])
    if problems:
        raise SiteError(problems[0].code, "invalid scenario file: " + "; ".join(map(str, problems)))
    for scenario in scenarios:
        outcome = run_scenario(scenario)
        if not outcome.passed:
            raise SiteError(
                ErrorCode.SCENARIO_FAILED,
                f"scenario {scenario.id} ({scenario.file}) fails: "
                + "; ".join(outcome.differences),
            )
    return scenarios


def home_page(
    template: str, variants: list[Variant], version: SiteVersion, language: Language = "en"
) -> str:
    """docs/index.md (or its German) with its variants table and version filled in."""
    for marker in (HOME_VARIANTS, HOME_VERSION):
        if template.count(marker) != 1:
            raise SiteError(
                ErrorCode.SCHEMA_VIOLATION, f"docs/index.md: write the marker {marker} exactly once"
            )
    return template.replace(HOME_VARIANTS, home_table(variants, language)).replace(
        HOME_VERSION, version.markdown(language)
    )


_CODE_CLAUSE_ID = re.compile(r"`([a-z]+\.[a-z][a-z0-9-]*)`")


def link_clause_ids(text: str, clause_ids: set[str], to_root: str = "") -> str:
    """Markdown with every clause id written as code (`deal.schedule`) linked to the grid."""

    def linked(found: re.Match[str]) -> str:
        clause_id = found.group(1)
        if clause_id not in clause_ids:
            return found.group(0)
        return f"[`{clause_id}`]({to_root}{GRID}#{grid_row_id(clause_id)})"

    return _CODE_CLAUSE_ID.sub(linked, text)


def generate(
    write: Write,
    corpus: Path | None = None,
    home_template: str | None = None,
    laws: str | None = None,
    implementers: str | None = None,
    repo_url: str | None = None,
    german_home_template: str | None = None,
) -> SiteVersion:
    """Write every generated page, from the corpus in ``corpus`` (default: the shipped one).

    ``home_template`` (docs/index.md) and ``laws`` (docs/laws.md) are the hand-written
    pages the build completes: the home page's table and version, the laws' clause links.
    ``implementers`` (docs/implementers.md) gets where the files are, with the project's
    public home ``repo_url`` (mkdocs.yml's ``repo_url``) where it is set.
    ``german_home_template`` (docs/index.de.md) is the German home page, completed the same
    way in German and written as ``index.de.md``. Returns the version the site states.

    The pages of both languages are made in one call, and the i18n plugin builds the site
    once per language, calling this twice in one process: a second call with the same
    inputs (the shipped corpus's files the same byte for byte, the same arguments) writes
    the pages the first one made instead of checking the corpus and making them again.
    """
    arguments = (home_template, laws, implementers, repo_url, german_home_template)
    if corpus is not None:  # scenarios from elsewhere: their files are not in the digest
        return _generate(write, corpus, *arguments)
    made, version = _made(content_digest(corpus_root().path)[0], *arguments)
    for path, text in made:
        write(path, text)
    return version


@functools.lru_cache(maxsize=1)
def _made(digest: str, *arguments: str | None) -> tuple[tuple[tuple[str, str], ...], SiteVersion]:
    """The pages and version of the shipped corpus whose content digest is ``digest``.

    ``digest`` is only the cache's key: a changed corpus file makes it new. The latest
    generation only is kept.
    """
    pages: list[tuple[str, str]] = []
    version = _generate(lambda path, text: pages.append((path, text)), None, *arguments)
    return tuple(pages), version


def _generate(
    write: Write,
    corpus: Path | None,
    home_template: str | None,
    laws: str | None,
    implementers: str | None,
    repo_url: str | None,
    german_home_template: str | None,
) -> SiteVersion:
    """What :func:`generate` does for inputs it has not seen last."""
    scenarios = check_corpus(corpus)
    variants = ordered_variants()
    version = site_version(len(scenarios))
    for variant in variants:
        mine = [s for s in scenarios if s.variant.id == variant.id]
        for language in LANGUAGES:
            for path, text in variant_pages(variant, mine, variants, language).items():
                write(path, text)
    games = [s for s in scenarios if s.kind is Kind.GAME or has_played_hand(s)]
    games.sort(key=lambda s: ([v.id for v in variants].index(s.variant.id), s.id))
    for game in games:
        page = walkthrough_page if game.kind is Kind.GAME else match_walkthrough_page
        for language in LANGUAGES:
            write(page_path(walkthrough_path(game.id), language), page(game, language))
    for language in LANGUAGES:
        write(page_path("games/index.md", language), games_index(games, language))
    explore = disagreements(variants, scenarios, all_clause_ids(variants))
    for language in LANGUAGES:
        write(page_path(GRID, language), grid_page(variants, explore, language))
    # corpus.json at the root as before, and with every corpus file at its versioned address.
    exported = corpus_json(version)
    write("corpus.json", exported)
    write(published_path("corpus.json", version.corpus), exported)
    for path, text in published_files():
        write(path, text)
    write("explorer/examples.json", examples_json(scenarios))
    for language in LANGUAGES:
        write(page_path("sources.md", language), sources_page(variants, language))
        write(page_path(RULINGS, language), rulings_page(variants, language))
        write(page_path("reference/schemas.md", language), schemas_page(language))
    if home_template is not None:
        write("index.md", home_page(home_template, variants, version))
    if german_home_template is not None:
        write(page_path("index.md", "de"), home_page(german_home_template, variants, version, "de"))
    if implementers is not None:
        if implementers.count(FILES_MARKER) != 1:
            raise SiteError(
                ErrorCode.SCHEMA_VIOLATION,
                f"docs/implementers.md: write the marker {FILES_MARKER} exactly once",
            )
        where = files_markdown(version.corpus, repo_url)
        write("implementers.md", implementers.replace(FILES_MARKER, where))
    if laws is not None:
        write("laws.md", link_clause_ids(laws, set(all_clause_ids(variants))))
    return version


__all__ = [
    "SiteError",
    "card_html",
    "check_corpus",
    "generate",
    "link_clause_ids",
    "move_html",
    "variant_pages",
]
