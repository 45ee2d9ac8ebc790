"""The site's words other than rule texts, in each language the site is published in.

Clause titles and texts and variant names come from the spec's translations
(:mod:`zwicker_ref.rules.translations`); every other word a generated page shows (table
heads, link texts, notes) is here, keyed by language, so that a page generator takes a
language and never writes ``if language == ...`` itself. German follows the glossary
(``docs/glossary.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal

from zwicker_ref.rules.translations import VariantText, load_translation

Language = Literal["en", "de"]
"""A language the site is published in: English (the default, at the root) and German."""

LANGUAGES: tuple[Language, ...] = ("en", "de")

_LABELS: Mapping[str, Mapping[Language, str]] = {
    "home.head.variant": {"en": "variant", "de": "Spielart"},
    "home.head.game": {"en": "game", "de": "Spiel"},
    "home.head.players": {"en": "players", "de": "Spieler"},
    "home.head.check_total": {"en": "check total", "de": "Kontrollsumme"},
    "version.line": {
        "en": "**Corpus version {corpus}**, {scenarios} scenarios, built {built}. Content digest "
        "(SHA-256 of `spec/` and `scenarios/`, see [what to pin](versioning.md)): `{digest}`.",
        "de": "**Korpusversion {corpus}**, {scenarios} Szenarien, erstellt am {built}. "
        "Inhaltsprüfsumme (SHA-256 von `spec/` und `scenarios/`, siehe "
        "[was festzulegen ist](versioning.md)): `{digest}`.",
    },
}


def label(language: Language, key: str, **values: object) -> str:
    """The words for ``key`` in ``language``, with ``values`` filled in."""
    return _LABELS[key][language].format(**values)


def page_path(path: str, language: Language) -> str:
    """Where a generated page of ``path`` (English) is written in ``language``.

    English keeps the path; German gets the ``.de.md`` suffix mkdocs-static-i18n reads.
    """
    if language == "en" or not path.endswith(".md"):
        return path
    return path[: -len(".md")] + f".{language}.md"


def labelled_languages() -> set[Language]:
    """Every language whose labels are complete (each key in each language)."""
    return {language for language in LANGUAGES if all(language in v for v in _LABELS.values())}


@cache
def variant_text(variant_id: str, language: Language) -> VariantText:
    """A variant's name and summary in ``language`` (from spec/translations/)."""
    return load_translation(variant_id, language).variant_text
