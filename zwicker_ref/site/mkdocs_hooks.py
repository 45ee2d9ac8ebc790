"""MkDocs hooks (``hooks:`` in mkdocs.yml): a self-contained site, and examples searchable.

The theme ships source maps of its scripts and style sheets (about 1 MB) and points its
files at them; the site serves people, so both are removed after the build. MkDocs runs
hooks after the plugins, so the search index is written when the examples' entries are
added to it (:mod:`.search_entries`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from zwicker_ref.site.search_entries import add_example_entries

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


def on_post_build(config: Any, **_: Any) -> None:
    """After the build: no source maps in the site; every example in the search index."""
    site_dir = Path(config["site_dir"])
    strip_source_maps(site_dir)
    add_example_entries(site_dir)
