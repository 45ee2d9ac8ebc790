"""The sources manifest: ``spec/sources.yaml``, every rule source the specs and scenarios cite.

Each entry names a file (what citations give as ``source``) and its bibliographic data:
a short id, a few words for the site, title, author or site, date or revision, language,
kind of document and what it covers. It is the one list of sources: the spec loader and
the scenario loader report a citation of a file it lacks (``unknown-source``), and the
site shows each source from it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, checked, read_yaml
from zwicker_ref.errors import ErrorCode, Problem

MANIFEST = "sources.yaml"


@dataclass(frozen=True, kw_only=True, slots=True)
class Source:
    """One rule source and its bibliographic data."""

    file: str
    id: str
    short: str
    title: str
    author: str
    date: str
    language: str
    lang: str
    kind: str
    covers: str

    @property
    def label(self) -> str:
        """How the site names it in a citation: ``000 (rules site, McLeod)``."""
        return self.labelled(self.short)

    def labelled(self, short: str) -> str:
        """Its label with ``short`` for its short name (the short name in another language).

        A source whose id is its file's name (RULINGS) is named by its id alone.
        """
        return self.id if self.id == self.file.removesuffix(".md") else f"{self.id} ({short})"


def check_sources_document(document: YamlDocument) -> tuple[tuple[Source, ...], list[Problem]]:
    """The sources of a manifest, and every problem found in it."""
    problems = schema_problems(document, "sources")
    if problems:
        return (), problems
    entries: list[dict[str, Any]] = document.data["sources"]
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if entry["file"] in seen:
            problems.append(
                document.problem(
                    ErrorCode.DUPLICATE_SOURCE,
                    f"{entry['file']!r} is listed twice (first at sources[{seen[entry['file']]}])",
                    ("sources", index, "file"),
                )
            )
        seen.setdefault(entry["file"], index)
    sources = tuple(Source(**entry) for entry in entries)
    return sources, problems


@functools.cache
def load_sources() -> tuple[Source, ...]:
    """The shipped manifest's sources; :class:`InvalidFileError` if the manifest is invalid."""
    return checked(read_yaml(spec_dir() / MANIFEST), check_sources_document)


def source_files() -> frozenset[str]:
    """The file names a citation may give."""
    return frozenset(source.file for source in load_sources())


def source_by_file(file: str) -> Source | None:
    """The manifest's entry for ``file``, if it lists one."""
    return next((source for source in load_sources() if source.file == file), None)


def unknown_sources(document: YamlDocument, places: Iterator[tuple[DocPath, Any]]) -> list[Problem]:
    """A problem for each place whose value is a source file the manifest does not list."""
    known = source_files()
    return [
        document.problem(
            ErrorCode.UNKNOWN_SOURCE,
            f"{value!r} is not a source of the manifest spec/{MANIFEST} "
            f"(it lists {', '.join(sorted(known))})",
            path,
        )
        for path, value in places
        if isinstance(value, str) and value not in known
    ]
