"""Translations of the specs: complete, fresh, really translated, and checked when they are not."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tools.translation_worklist import _started
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules import translations
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.translations import (
    LANGUAGES,
    SCHEMAS,
    SOURCES,
    check_schema_translation,
    check_source_translation,
    check_translation,
    load_schema_translation,
    load_source_translation,
    load_translation,
    schema_english,
    source_english,
    translation_problems,
    translations_dir,
)

ROOT = Path(__file__).resolve().parents[1]


def _codes(data: dict[str, Any], expected: tuple[str, str] | None = None) -> list[str]:
    document = parse_yaml(yaml.safe_dump(data, allow_unicode=True), "t.yaml")
    _translation, problems = check_translation(document, expected=expected)
    return [problem.code for problem in problems]


def _validate(data: dict[str, Any], path: Path) -> subprocess.CompletedProcess[str]:
    """``zwicker validate`` run on ``data`` written as the translation file ``path``."""
    path.parent.mkdir()
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "zwicker_ref", "validate", str(path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


@pytest.fixture
def started() -> dict[str, Any]:
    """A translation of the Zwick spec that still holds the English: valid in form."""
    return _started(load_variant("zwick"), "de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_variant_is_translated_and_no_translation_is_stale(language: str) -> None:
    assert [str(problem) for problem in translation_problems(language)] == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant_id", variant_ids())
def test_no_translated_text_is_the_english_left_in_place(language: str, variant_id: str) -> None:
    variant = load_variant(variant_id)
    translation = load_translation(variant_id, language)
    left = [
        clause.id
        for clause in variant.clauses
        if clause.text == translation.clauses[clause.id].text
        or any(
            own.text == english.text
            for own, english in zip(
                translation.clauses[clause.id].alternatives, clause.alternatives, strict=True
            )
        )
    ]
    assert left == []
    assert translation.variant_text.summary != variant.summary


def test_a_started_file_is_valid_in_form(started: dict[str, Any]) -> None:
    assert _codes(started, expected=("de", "zwick")) == []


def test_a_changed_english_text_makes_its_translation_stale(started: dict[str, Any]) -> None:
    changed = copy.deepcopy(started)
    changed["clauses"]["players.count"]["translates"] = "0" * 16
    assert _codes(changed) == [ErrorCode.TRANSLATION_STALE]
    changed = copy.deepcopy(started)
    changed["variant-text"]["translates"] = "f" * 16
    assert _codes(changed) == [ErrorCode.TRANSLATION_STALE]


def test_a_clause_left_out_is_missing(started: dict[str, Any]) -> None:
    del started["clauses"]["players.count"]
    assert _codes(started) == [ErrorCode.TRANSLATION_MISSING]


def test_a_clause_the_spec_lacks_is_refused(started: dict[str, Any]) -> None:
    started["clauses"]["players.nobody"] = dict(started["clauses"]["players.count"])
    assert _codes(started) == [ErrorCode.TRANSLATION_UNKNOWN_CLAUSE]


def test_alternatives_and_source_roles_must_match_the_english(started: dict[str, Any]) -> None:
    with_alternatives = next(c for c in started["clauses"].values() if "alternatives" in c)
    with_alternatives["alternatives"].append({"text": "Eine Lesart, die es nicht gibt."})
    started["variant-text"]["source-roles"].append("Eine Quelle zu viel.")
    assert _codes(started) == [ErrorCode.TRANSLATION_MISMATCH] * 2


def test_a_translation_in_the_wrong_place_is_refused(started: dict[str, Any]) -> None:
    assert _codes(started, expected=("de", "grupp")) == [ErrorCode.TRANSLATION_MISPLACED]
    started["variant"] = "nonesuch"
    assert ErrorCode.UNKNOWN_VARIANT in _codes(started)


def test_validate_knows_a_translation_file_and_names_a_stale_clause(
    started: dict[str, Any], tmp_path: Path
) -> None:
    started["clauses"]["players.count"]["translates"] = "0" * 16
    result = _validate(started, tmp_path / "de" / "zwick.yaml")
    assert result.returncode == 1
    assert "translation-stale" in result.stdout
    assert "players.count" in result.stdout


def test_the_shipped_translations_are_where_validate_looks() -> None:
    for language in LANGUAGES:
        assert translations_dir(language) == ROOT / "spec" / "translations" / language


# The words of the schemas and of the sources manifest: translated and checked the same way.


def _schema_codes(data: dict[str, Any], expected: tuple[str, str] | None = None) -> list[str]:
    document = parse_yaml(yaml.safe_dump(data, allow_unicode=True), "schemas.yaml")
    _texts, problems = check_schema_translation(document, expected=expected)
    return [problem.code for problem in problems]


@pytest.fixture
def schemas() -> dict[str, Any]:
    """The shipped German translation of the schemas' words, as data."""
    text = (translations_dir("de") / f"{SCHEMAS}.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def test_every_schema_field_has_a_fresh_german_meaning(schemas: dict[str, Any]) -> None:
    english = schema_english()
    assert {name: set(text.fields) for name, text in english.items()} == {
        name: set(entry["fields"]) for name, entry in schemas["schemas"].items()
    }
    assert sum(len(text.fields) for text in english.values()) >= 58
    assert _schema_codes(schemas, expected=("de", SCHEMAS)) == []
    german = load_schema_translation("de")
    left = [
        f"{name}: {field}"
        for name, text in english.items()
        for field, meaning in text.fields.items()
        if german[name].fields[field] == meaning and len(meaning.split()) > 3
    ]
    assert left == []


def test_a_changed_or_missing_field_meaning_is_named(schemas: dict[str, Any]) -> None:
    changed = copy.deepcopy(schemas)
    changed["schemas"]["position.schema.json"]["fields"]["dealer"]["translates"] = "f" * 16
    assert _schema_codes(changed) == [ErrorCode.TRANSLATION_STALE]
    changed = copy.deepcopy(schemas)
    del changed["schemas"]["position.schema.json"]["fields"]["dealer"]
    changed["schemas"]["scenario.schema.json"]["translates"] = "f" * 16
    assert sorted(_schema_codes(changed)) == [
        ErrorCode.TRANSLATION_MISSING,
        ErrorCode.TRANSLATION_STALE,
    ]
    changed = copy.deepcopy(schemas)
    changed["schemas"]["position.schema.json"]["fields"]["nonesuch"] = {
        "translates": "f" * 16,
        "meaning": "Ein Feld, das es nicht gibt.",
    }
    assert _schema_codes(changed) == [ErrorCode.TRANSLATION_UNKNOWN_CLAUSE]
    assert _schema_codes(schemas, expected=("de", "grupp")) == [ErrorCode.TRANSLATION_MISPLACED]


def test_a_schema_whose_english_changed_makes_its_translation_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The English is today's schemas: change one field's description in a copy of spec/.
    spec = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", spec)
    path = spec / "schema" / "position.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["dealer"]["description"] = "The seat that deals."
    path.write_text(json.dumps(schema), encoding="utf-8")
    monkeypatch.setattr(translations, "spec_dir", lambda: spec)
    problems = [str(problem) for problem in translation_problems("de")]
    assert len(problems) == 1
    assert "position.schema.json, field 'dealer'" in problems[0]
    assert "translation-stale" in problems[0]


def test_validate_names_a_stale_field_meaning(schemas: dict[str, Any], tmp_path: Path) -> None:
    schemas["schemas"]["position.schema.json"]["fields"]["dealer"]["translates"] = "f" * 16
    result = _validate(schemas, tmp_path / "de" / "schemas.yaml")
    assert result.returncode == 1
    assert "translation-stale" in result.stdout
    assert "position.schema.json, field 'dealer'" in result.stdout


def test_every_source_has_a_fresh_german_entry() -> None:
    german = load_source_translation("de")
    english = source_english()
    assert german.keys() == english.keys()
    assert [
        source_id for source_id in english if german[source_id].covers == english[source_id].covers
    ] == []
    text = (translations_dir("de") / f"{SOURCES}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["sources"]["000"]["translates"] = "f" * 16
    del data["sources"]["004"]
    document = parse_yaml(yaml.safe_dump(data, allow_unicode=True), "sources.yaml")
    codes = sorted(problem.code for problem in check_source_translation(document)[1])
    assert codes == [ErrorCode.TRANSLATION_MISSING, ErrorCode.TRANSLATION_STALE]


def test_a_translation_has_one_kind(schemas: dict[str, Any]) -> None:
    # The schemas' words and a variant's clauses do not mix in one file.
    schemas["variant"] = "zwick"
    codes = _schema_codes(schemas)
    assert codes == [ErrorCode.SCHEMA_VIOLATION]
