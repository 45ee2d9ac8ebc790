"""MkDocs hooks that let the i18n plugin see the generated pages (``hooks:`` in mkdocs.yml).

mkdocs-gen-files writes the generated pages (``x.md`` and their German ``x.de.md``) into a
temporary directory; mkdocs-static-i18n sorts pages into languages only when they lie in
``docs_dir`` and rebuilds each page's file from ``docs_dir``, so without help it drops every
generated page ("Unhandled file case"). Between the two (gen-files at priority 0, i18n at
-100), :func:`on_files` files each generated file under ``docs_dir`` and remembers where it
really is; :func:`on_nav` points each file back there before anything reads it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation

_WRITTEN_AT: dict[str, str] = {}
"""Each generated page's path under docs/ (its src_uri) and where gen-files wrote it."""


@event_priority(-50)
def on_files(files: Files, config: Any, **_: Any) -> Files:
    """Each generated page appears to lie in ``docs_dir``, for the i18n plugin to sort."""
    docs = Path(config.docs_dir)
    for file in files:
        written = file.abs_src_path
        if written is None or (file.generated_by is None and not file.is_documentation_page()):
            continue
        if Path(written).is_relative_to(docs):
            continue
        _WRITTEN_AT[file.src_uri] = written
        file.abs_src_path = str(docs / file.src_path)
    return files


def on_post_build(config: Any, **_: Any) -> None:
    """Each generated file that is not a page (corpus files, JSON) in every language's site.

    The i18n plugin carries pages into ``de/`` but writes the other files gen-files wrote
    once, at the root; the German pages' raw HTML links them at the same place under ``de/``.
    """
    i18n = config.plugins.get("i18n")
    language = getattr(i18n, "current_language", None)
    if not isinstance(language, str) or language == getattr(i18n, "default_language", None):
        return
    site = Path(config.site_dir) / language
    for src_uri, written in _WRITTEN_AT.items():
        if src_uri.endswith(".md"):
            continue
        target = site / src_uri
        if not target.exists() and Path(written).exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(written, target)


def on_nav(nav: Navigation, files: Files, **_: Any) -> Navigation:
    """After the i18n plugin sorted the files: each generated file is read where it was written."""
    for file in files:
        written = _WRITTEN_AT.get(file.src_uri)
        if written is not None:
            file.abs_src_path = written
    return nav


_EXPLORER_FILES = ('src="explorer.js"', 'href="explorer.css"')


def on_post_page(output: str, page: Any, config: Any, **_: Any) -> str:
    """On a page of another language, the explorer's script and style at the root's copy.

    The explorer's runtime (Pyodide, 15 MB) is put into the site once, under ``explorer/``;
    its script finds the runtime beside itself, so a German explorer page loads the one
    script there rather than a copy under ``de/explorer/``.
    """
    i18n = config.plugins.get("i18n")
    language = getattr(i18n, "current_language", None)
    if not isinstance(language, str) or language == getattr(i18n, "default_language", None):
        return output
    if page.file.src_uri.split(".")[0] != "explorer":
        return output
    for attribute in _EXPLORER_FILES:
        name, _sep, value = attribute.partition("=")
        output = output.replace(attribute, f'{name}="../../explorer/{value.strip(chr(34))}"')
    return output
