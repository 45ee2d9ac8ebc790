"""Translations of the variant specs: the same clauses in another language, kept in step.

A translation (``spec/translations/<language>/<variant>.yaml``, schema
``translation.schema.json``) carries only words: each clause's title, text and
alternatives, and the variant's name, summary and source roles. The rules themselves
(parameters, statuses, citations) stay in the English spec, which is the authority.

Each translated unit records the digest of the English it translates (:func:`digest` of
:func:`clause_english` or :func:`variant_english`). When the English changes, the
recorded digest no longer matches and the translation is *stale*: :func:`check_translation`
names every clause that is missing, stale, or shaped unlike its English (a different
number of alternatives), so ``zwicker validate`` and CI fail until the translator has
looked at it again.

The words of the JSON Schemas (each schema's description and its fields' meanings, which
the site's schemas page shows) and the sources manifest's words about each source (all
but its title) are translated the same way, unit by unit with digests, in one file each per
language: ``spec/translations/<language>/schemas.yaml`` (:func:`check_schema_translation`)
and ``sources.yaml`` (:func:`check_source_translation`). The schemas themselves and the
sources' titles stay English.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import astuple, dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import Checked, DocPath, YamlDocument, checked, read_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem
from zwicker_ref.rules.sources import load_sources
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Clause, Variant

LANGUAGES: tuple[str, ...] = ("de",)
"""The languages the spec is translated into (every clause of every variant)."""

Language = Literal["en", "de"]
"""A language the rules are published in: English (the spec's own) and German.

Here, below the site, so that the rules' own words (the parameter texts, the check total)
can be given in each language the site shows.
"""

SCHEMAS = "schemas"
"""The name (without ``.yaml``) of a language's translation of the schemas' words."""

SOURCES = "sources"
"""The name (without ``.yaml``) of a language's translation of the sources manifest's words."""


@dataclass(frozen=True, kw_only=True, slots=True)
class AlternativeText:
    """One alternative reading of a clause, translated."""

    text: str
    unplayable: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ClauseText:
    """One clause's words in another language."""

    title: str
    text: str
    alternatives: tuple[AlternativeText, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class VariantText:
    """A variant's name, summary and source roles in another language."""

    name: str
    summary: str
    source_roles: tuple[str, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Translation:
    """Every text of one variant spec in one language, checked against the English."""

    language: str
    variant: str
    variant_text: VariantText
    clauses: Mapping[str, ClauseText]


@dataclass(frozen=True, kw_only=True, slots=True)
class SchemaText:
    """One JSON Schema's words in another language: its description, its fields' meanings."""

    description: str
    fields: Mapping[str, str]


@dataclass(frozen=True, kw_only=True, slots=True)
class SourceText:
    """A source's entry in the manifest in the project's words, in another language.

    Its title stays as the source has it; these are the manifest's own words about it.
    """

    short: str
    author: str
    date: str
    language: str
    kind: str
    covers: str


def translations_dir(language: str) -> Path:
    """The folder of one language's translations: ``spec/translations/<language>/``."""
    return spec_dir() / "translations" / language


def translation_display(language: str, name: str) -> str:
    """The path a translation file is named by in messages: where it belongs in the repository."""
    return f"spec/translations/{language}/{name}.yaml"


def digest(english: object) -> str:
    """The first 16 hex digits of the SHA-256 of ``english`` written as canonical JSON."""
    canonical = json.dumps(english, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def clause_english(clause: Clause) -> list[object]:
    """What a clause's translation translates: its title, text and alternatives' words."""
    return [
        clause.title,
        clause.text,
        [[alternative.text, alternative.unplayable] for alternative in clause.alternatives],
    ]


def variant_english(variant: Variant) -> list[object]:
    """What a variant's own text translates: its name, summary and source roles."""
    return [variant.name, variant.summary, [source.role for source in variant.sources]]


def schema_english() -> dict[str, SchemaText]:
    """What the schemas' translation translates, by schema file name (``x.schema.json``).

    Each schema's description, and the description of each of its fields (its top-level
    properties) that has one; each is a unit of its own, with its own digest.
    """
    found = {}
    for path in sorted((spec_dir() / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        properties = schema.get("properties", {})
        fields = {name: f["description"] for name, f in properties.items() if "description" in f}
        found[path.name] = SchemaText(description=schema.get("description", ""), fields=fields)
    return found


def source_english() -> dict[str, SourceText]:
    """What the sources' translation translates: each entry's own words, by source id."""
    return {
        source.id: SourceText(
            short=source.short,
            author=source.author,
            date=source.date,
            language=source.language,
            kind=source.kind,
            covers=source.covers,
        )
        for source in load_sources()
    }


Check = Callable[[YamlDocument, tuple[str, str]], tuple[Checked | None, list[Problem]]]
"""A check of one kind of translation file, given the language and name its place says."""


def _translation_file(language: str, name: str) -> tuple[Path, str]:
    """Where the translation ``name`` into ``language`` is, and how problems name it."""
    return translations_dir(language) / f"{name}.yaml", translation_display(language, name)


def _load(language: str, name: str, check: Check[Checked]) -> Checked:
    """The checked translation file ``name``; :class:`InvalidFileError` if it has problems."""
    path, display = _translation_file(language, name)
    return checked(read_yaml(path, display), lambda document: check(document, (language, name)))


def load_translation(variant_id: str, language: str) -> Translation:
    """The checked translation of one variant; :class:`InvalidFileError` if it has problems."""
    return _load(language, variant_id, check_translation)


def check_translation(
    document: YamlDocument, expected: tuple[str, str] | None = None
) -> tuple[Translation | None, list[Problem]]:
    """Every problem of a translation file; the translation if there are none.

    ``expected`` is the language and variant its place names (its folder and file name).
    """
    problems = schema_problems(document, "translation")
    data = document.data
    if problems or not isinstance(data, dict):
        return None, problems
    language, variant_id = data["language"], data["variant"]
    if expected is not None and (language, variant_id) != expected:
        problems.append(
            document.problem(
                ErrorCode.TRANSLATION_MISPLACED,
                f"a translation of {variant_id!r} into {language!r} belongs at "
                + translation_display(language, variant_id),
                ("variant",),
            )
        )
    if variant_id not in variant_ids():
        problems.append(
            document.problem(
                ErrorCode.UNKNOWN_VARIANT, f"no variant spec {variant_id!r}", ("variant",)
            )
        )
        return None, problems
    variant = load_variant(variant_id)
    problems += _variant_text_problems(document, variant, data["variant-text"])
    problems += _clause_problems(document, variant, data["clauses"])
    if problems:
        return None, problems
    own = data["variant-text"]
    translation = Translation(
        language=language,
        variant=variant_id,
        variant_text=VariantText(
            name=own["name"], summary=own["summary"], source_roles=tuple(own["source-roles"])
        ),
        clauses=MappingProxyType(
            {clause_id: _clause_text(raw) for clause_id, raw in data["clauses"].items()}
        ),
    )
    return translation, []


def _variant_text_problems(
    document: YamlDocument, variant: Variant, own: dict[str, Any]
) -> list[Problem]:
    problems = []
    if own["translates"] != digest(variant_english(variant)):
        problems.append(
            document.problem(
                ErrorCode.TRANSLATION_STALE,
                "the variant's name, summary or source roles changed in English since they "
                f"were translated (digest now {digest(variant_english(variant))})",
                ("variant-text", "translates"),
            )
        )
    if len(own["source-roles"]) != len(variant.sources):
        problems.append(
            document.problem(
                ErrorCode.TRANSLATION_MISMATCH,
                f"{len(own['source-roles'])} source roles for the spec's "
                f"{len(variant.sources)} sources",
                ("variant-text", "source-roles"),
            )
        )
    return problems


def _clause_problems(
    document: YamlDocument, variant: Variant, clauses: dict[str, Any]
) -> list[Problem]:
    english = {clause.id: clause for clause in variant.clauses}
    lacks = f"the spec {variant.id!r} has no clause"
    problems = _unknown(document, clauses, english, ("clauses",), lacks)
    for clause_id, clause in english.items():
        raw = clauses.get(clause_id)
        if raw is None:
            problems.append(
                _missing(document, f"clause {clause_id!r}", clause_english(clause), ("clauses",))
            )
            continue
        where = ("clauses", clause_id, "translates")
        what = f"clause {clause_id!r}"
        problems += _stale(document, what, clause_english(clause), raw["translates"], where)
        problems += _alternative_problems(document, clause, raw.get("alternatives", []))
    return problems


def _missing(document: YamlDocument, what: str, english: object, path: DocPath) -> Problem:
    """``translation-missing``: ``what`` has no translation; the digest its entry records."""
    return document.problem(
        ErrorCode.TRANSLATION_MISSING,
        f"{what} is not translated (the digest of its English is {digest(english)})",
        path,
    )


def _stale(
    document: YamlDocument, what: str, english: object, recorded: str, path: DocPath
) -> list[Problem]:
    """``translation-stale`` if the ``recorded`` digest (at ``path``) is not ``english``'s."""
    now = digest(english)
    if recorded == now:
        return []
    return [
        document.problem(
            ErrorCode.TRANSLATION_STALE,
            f"{what} changed in English since it was translated (digest now {now})",
            path,
        )
    ]


def _alternative_problems(
    document: YamlDocument, clause: Clause, alternatives: list[dict[str, str]]
) -> list[Problem]:
    path = ("clauses", clause.id)
    if len(alternatives) != len(clause.alternatives):
        return [
            document.problem(
                ErrorCode.TRANSLATION_MISMATCH,
                f"clause {clause.id!r}: {len(alternatives)} alternatives for the English "
                f"{len(clause.alternatives)}",
                path,
            )
        ]
    problems = []
    for number, (own, english) in enumerate(zip(alternatives, clause.alternatives, strict=True)):
        if ("unplayable" in own) == (english.unplayable is not None):
            continue
        shape = "'unplayable' is missing" if english.unplayable else "the English has none"
        problems.append(
            document.problem(
                ErrorCode.TRANSLATION_MISMATCH,
                f"clause {clause.id!r}, alternative {number + 1}: {shape}",
                (*path, "alternatives", number),
            )
        )
    return problems


def _clause_text(raw: dict[str, Any]) -> ClauseText:
    return ClauseText(
        title=raw["title"],
        text=raw["text"],
        alternatives=tuple(
            AlternativeText(text=alt["text"], unplayable=alt.get("unplayable"))
            for alt in raw.get("alternatives", ())
        ),
    )


def load_schema_translation(language: str) -> Mapping[str, SchemaText]:
    """The checked translation of the schemas' words, by schema file name."""
    return _load(language, SCHEMAS, check_schema_translation)


def check_schema_translation(
    document: YamlDocument, expected: tuple[str, str] | None = None
) -> tuple[Mapping[str, SchemaText] | None, list[Problem]]:
    """Every problem of a translation of the schemas' words; the translation if none.

    Each schema of ``spec/schema/`` and each field of it that has a description must be
    there, with the digest of today's English; ``expected`` is the language and file name
    (``schemas``) its place names.
    """
    own, problems = _entries(document, SCHEMAS, expected)
    if own is None:
        return None, problems
    english = schema_english()
    problems += _unknown(document, own, english, ("schemas",), "spec/schema/ has no schema")
    for name, schema in english.items():
        problems += _schema_text_problems(document, name, schema, own.get(name))
    if problems:
        return None, problems
    return MappingProxyType(
        {
            name: SchemaText(
                description=raw["description"],
                fields=MappingProxyType(
                    {field: entry["meaning"] for field, entry in raw["fields"].items()}
                ),
            )
            for name, raw in own.items()
        }
    ), []


def _schema_text_problems(
    document: YamlDocument, name: str, english: SchemaText, raw: dict[str, Any] | None
) -> list[Problem]:
    """The problems of one schema's entry: missing, stale, or a field missing, stale, unknown."""
    if raw is None:
        return [_missing(document, f"schema {name!r}", english.description, ("schemas",))]
    path = ("schemas", name)
    problems = _stale(
        document,
        f"the description of {name!r}",
        english.description,
        raw["translates"],
        (*path, "translates"),
    )
    fields: dict[str, Any] = raw["fields"]
    listed = (*path, "fields")
    problems += _unknown(document, fields, english.fields, listed, f"{name} has no described field")
    for field, meaning in english.fields.items():
        what = f"{name}, field {field!r}"
        entry = fields.get(field)
        if entry is None:
            problems.append(_missing(document, what, meaning, listed))
        else:
            where = (*listed, field, "translates")
            problems += _stale(document, what, meaning, entry["translates"], where)
    return problems


def _entries(
    document: YamlDocument, name: str, expected: tuple[str, str] | None
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The entries of the translation ``name`` (``schemas``, ``sources``) and its problems so far.

    None for the entries if the file does not fit the schema.
    """
    problems = schema_problems(document, "translation")
    if problems or not isinstance(document.data, dict):
        return None, problems
    entries: dict[str, Any] = document.data[name]
    return entries, _misplaced(document, name, expected)


def _unknown(
    document: YamlDocument,
    own: Mapping[str, object],
    known: Mapping[str, object],
    path: DocPath,
    lacks: str,
) -> list[Problem]:
    """``translation-unknown-clause`` for each key of ``own`` that ``known`` lacks."""
    return [
        document.problem(ErrorCode.TRANSLATION_UNKNOWN_CLAUSE, f"{lacks} {key!r}", (*path, key))
        for key in own
        if key not in known
    ]


def _misplaced(
    document: YamlDocument, name: str, expected: tuple[str, str] | None
) -> list[Problem]:
    """``translation-misplaced`` if the file is not ``<language>/<name>.yaml`` as ``expected``."""
    language = document.data["language"]
    if expected is None or (language, name) == expected:
        return []
    return [
        document.problem(
            ErrorCode.TRANSLATION_MISPLACED,
            f"a translation of the {name}' words into {language!r} belongs at "
            + translation_display(language, name),
            ("language",),
        )
    ]


def load_source_translation(language: str) -> Mapping[str, SourceText]:
    """The checked translation of the sources manifest's words, by source id."""
    return _load(language, SOURCES, check_source_translation)


def check_source_translation(
    document: YamlDocument, expected: tuple[str, str] | None = None
) -> tuple[Mapping[str, SourceText] | None, list[Problem]]:
    """Every problem of a translation of the sources manifest's words; the translation if none.

    Each source of ``spec/sources.yaml`` must be there, keyed by its id, with the digest
    of its English words (all but the title, which stays the source's own).
    """
    own, problems = _entries(document, SOURCES, expected)
    if own is None:
        return None, problems
    english = source_english()
    problems += _unknown(document, own, english, ("sources",), "spec/sources.yaml has no source")
    for source_id, text in english.items():
        raw = own.get(source_id)
        what = f"source {source_id!r}"
        words = list(astuple(text))
        if raw is None:
            problems.append(_missing(document, what, words, ("sources",)))
        else:
            where = ("sources", source_id, "translates")
            problems += _stale(document, what, words, raw["translates"], where)
    if problems:
        return None, problems
    texts = {
        key: SourceText(**{k: v for k, v in raw.items() if k != "translates"})
        for key, raw in own.items()
    }
    return MappingProxyType(texts), []


def translation_problems(language: str) -> list[Problem]:
    """Every problem of one language's translations, a missing file included."""
    problems: list[Problem] = []
    for variant_id in variant_ids():
        what = f"variant {variant_id!r}"
        problems += _file_problems(language, variant_id, what, check_translation)
    problems += _file_problems(language, SCHEMAS, "the schemas' words", check_schema_translation)
    what = "the sources manifest's words"
    return problems + _file_problems(language, SOURCES, what, check_source_translation)


def _file_problems(language: str, name: str, what: str, check: Check[object]) -> list[Problem]:
    """The problems of the translation file ``name`` (``what`` it translates), or its absence."""
    path, display = _translation_file(language, name)
    if not path.is_file():
        message = f"{what} has no translation into {language!r}"
        return [Problem(code=ErrorCode.TRANSLATION_MISSING, message=message, file=display)]
    try:
        document = read_yaml(path, display)
    except InvalidFileError as error:
        return list(error.problems)
    return check(document, (language, name))[1]
