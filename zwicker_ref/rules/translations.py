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
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import YamlDocument, checked, read_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Clause, Variant

LANGUAGES: tuple[str, ...] = ("de",)
"""The languages the spec is translated into (every clause of every variant)."""


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


def translations_dir(language: str) -> Path:
    """The folder of one language's translations: ``spec/translations/<language>/``."""
    return spec_dir() / "translations" / language


def translation_display(language: str, variant_id: str) -> str:
    """The path a translation file is named by in messages: where it belongs in the repository."""
    return f"spec/translations/{language}/{variant_id}.yaml"


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


def load_translation(variant_id: str, language: str) -> Translation:
    """The checked translation of one variant; :class:`InvalidFileError` if it has problems."""
    path = translations_dir(language) / f"{variant_id}.yaml"
    return checked(
        read_yaml(path, translation_display(language, variant_id)),
        lambda document: check_translation(document, expected=(language, variant_id)),
    )


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
    problems = []
    english = {clause.id: clause for clause in variant.clauses}
    for clause_id in clauses:
        if clause_id not in english:
            problems.append(
                document.problem(
                    ErrorCode.TRANSLATION_UNKNOWN_CLAUSE,
                    f"the spec {variant.id!r} has no clause {clause_id!r}",
                    ("clauses", clause_id),
                )
            )
    for clause_id, clause in english.items():
        raw = clauses.get(clause_id)
        if raw is None:
            problems.append(
                document.problem(
                    ErrorCode.TRANSLATION_MISSING,
                    f"clause {clause_id!r} is not translated (the digest of its English is "
                    f"{digest(clause_english(clause))})",
                    ("clauses",),
                )
            )
            continue
        now = digest(clause_english(clause))
        if raw["translates"] != now:
            problems.append(
                document.problem(
                    ErrorCode.TRANSLATION_STALE,
                    f"clause {clause_id!r} changed in English since it was translated "
                    f"(digest now {now})",
                    ("clauses", clause_id, "translates"),
                )
            )
        problems += _alternative_problems(document, clause, raw.get("alternatives", []))
    return problems


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


def translation_problems(language: str) -> list[Problem]:
    """Every problem of one language's translations, a missing file included."""
    problems: list[Problem] = []
    for variant_id in variant_ids():
        path = translations_dir(language) / f"{variant_id}.yaml"
        display = translation_display(language, variant_id)
        if not path.is_file():
            problems.append(
                Problem(
                    code=ErrorCode.TRANSLATION_MISSING,
                    message=f"variant {variant_id!r} has no translation into {language!r}",
                    file=display,
                )
            )
            continue
        try:
            document = read_yaml(path, display)
        except InvalidFileError as error:
            problems += error.problems
            continue
        problems += check_translation(document, expected=(language, variant_id))[1]
    return problems
