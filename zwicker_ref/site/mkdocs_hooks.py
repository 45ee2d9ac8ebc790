"""MkDocs hooks (``hooks:`` in mkdocs.yml): keep the built site self-contained.

The theme ships source maps of its scripts and style sheets (about 1 MB) and points its
files at them; the site serves people, so both are removed after the build. The explorer
page's runtime (Pyodide, from ``explorer/node_modules``) and the Python it runs are put
into the site after the build too (:mod:`zwicker_ref.site.explorer_bundle`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import Abort

from zwicker_ref.site.explorer_bundle import (
    EXPLORER,
    ExplorerBuildError,
    copy_runtime,
    python_bundle,
)

_SOURCE_MAP_COMMENT = re.compile(rb"\n?/[/*][#@] sourceMappingURL=[^\n]*?(\*/)?(?=\n|$)")


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


def on_post_build(config: Any, **_: Any) -> None:
    """After the build: no source maps in the site; the explorer's runtime and Python in it."""
    site_dir = Path(config["site_dir"])
    strip_source_maps(site_dir)
    try:
        copy_runtime(Path(config["config_file_path"]).resolve().parent, site_dir)
    except ExplorerBuildError as error:
        raise Abort(str(error)) from None  # one line, no traceback
    (site_dir / "explorer" / "zwicker.zip").write_bytes(python_bundle())
