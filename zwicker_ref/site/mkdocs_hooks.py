"""MkDocs hooks (``hooks:`` in mkdocs.yml): two-place links, a self-contained site, search.

The hand-written pages of ``docs/`` are read in the repository as well as on the site,
but some pages exist only on the built site (the variant pages, ``corpus.json``, the
changelog page). Such a link names what the repository has, with the site's target in
its title: ``[Zwick](../spec/variants/zwick.yaml "site:variants/zwick.md")`` opens the
spec file in the repository and the variant page on the site, where the hook rewrites it
(:func:`site_links`).

The theme ships source maps of its scripts and style sheets (about 1 MB) and points its
files at them; the site serves people, so both are removed after the build. MkDocs runs
hooks after the plugins, so the search index is written when the examples' entries are
added to it (:mod:`.search_entries`). The explorer page's runtime (Pyodide, from
``explorer/node_modules``) and the Python it runs are put into the site after the build
too (:mod:`zwicker_ref.site.explorer_bundle`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import Abort
from mkdocs.plugins import event_priority

from zwicker_ref.site.explorer_bundle import (
    EXPLORER,
    ExplorerBuildError,
    copy_runtime,
    explorer_words,
    python_bundle,
)
from zwicker_ref.site.search_entries import add_example_entries

_SOURCE_MAP_COMMENT = re.compile(rb"\n?/[/*][#@] sourceMappingURL=[^\n]*?(\*/)?(?=\n|$)")


_SITE_LINK = re.compile(r'\]\((?P<repository>[^()\s]+) "site:(?P<site>[^"\s]+)"\)')


def site_links(markdown: str) -> str:
    """``markdown`` with every link of the form ``(REPO "site:SITE")`` pointing at SITE."""
    return _SITE_LINK.sub(lambda found: f"]({found.group('site')})", markdown)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Before a page is rendered: its two-place links point at the site's pages."""
    return site_links(markdown)


def strip_source_maps(site_dir: Path) -> int:
    """Delete every ``*.map`` under ``site_dir`` and the comments naming them; how many."""
    removed = 0
    for path in sorted(site_dir.rglob("*.map")):
        path.unlink()
        removed += 1
    for path in [*site_dir.rglob("*.js"), *site_dir.rglob("*.css")]:
        content = path.read_bytes()
        stripped = _SOURCE_MAP_COMMENT.sub(b"", content)
        if stripped != content:
            path.write_bytes(stripped)
    return removed


SEARCH_FORM = '<form class="md-search__form" name="search">'


def without_search(html: str) -> str:
    """The page without the site's search, so it does not load the search index (3.4 MB).

    The theme fetches the index only for a page with a form named ``search``; the
    explorer's own style sheet hides the search box.
    """
    if html.count(SEARCH_FORM) != 1:
        raise ValueError("the theme's search form has changed: update SEARCH_FORM")
    return html.replace(SEARCH_FORM, '<form class="md-search__form">')


def on_post_page(output: str, page: Any, **_: Any) -> str:
    """The explorer page leaves the site's search out: it pays for Python instead."""
    if page.file.src_uri == EXPLORER:
        return without_search(output)
    return output


@event_priority(-110)
def on_post_build(config: Any, **_: Any) -> None:
    """After the build: no source maps; every example searchable; the explorer's files.

    Runs after the i18n plugin (priority -100), which builds the German site into ``de/``
    and then writes the search index of both languages anew.
    """
    site_dir = Path(config["site_dir"])
    strip_source_maps(site_dir)
    add_example_entries(site_dir)
    try:
        copy_runtime(Path(config["config_file_path"]).resolve().parent, site_dir)
    except ExplorerBuildError as error:
        raise Abort(str(error)) from None  # one line, no traceback
    (site_dir / "explorer" / "zwicker.zip").write_bytes(python_bundle())
    words = explorer_words(Path(config["docs_dir"]))
    (site_dir / "explorer" / "words.json").write_text(words, encoding="utf-8")
