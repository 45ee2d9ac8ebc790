"""The compiled schema gate agrees with jsonschema, so the problems reported stay the same.

``schema_problems`` asks the gate (``zwicker_ref.documents.schema_gate``) first and runs
jsonschema only for a document the gate refuses. That is sound only if the gate calls a
document valid exactly when jsonschema does: here on every shipped schema, on sound
documents of every format, on each of them broken level by level and at random (the
faults of the document fuzzers), and on the corners of JSON Schema's equality and types.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import yaml
from hypothesis import given, note
from hypothesis import strategies as st

from tests.fuzzing import SLOW, SPECS
from tests.strategies import mutated, structural_faults
from zwicker_ref.documents.locations import scenarios_dir, spec_dir
from zwicker_ref.documents.schema_gate import Unsupported, compile_schema, equal, is_unique
from zwicker_ref.documents.schemas import (
    gate,
    is_whole_number,
    schema_problems,
    validator,
    validator_problems,
)
from zwicker_ref.documents.yamlfile import YamlDocument
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.engine.core.match import MatchEnd
from zwicker_ref.formats.match_record import match_to_data, random_match
from zwicker_ref.formats.move_data import move_to_data
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.spec_loader import load_variant

# Every kind of scenario and the shapes of their expectations.
SCENARIO_FILES = [
    "zwick/turn/not-your-turn.yaml",
    "christiansen/build/owner-keeps-card.yaml",
    "zwick/generator/club-seven-never-takes-ace.yaml",
    "classic/generator/perft-three-ply.yaml",
    "grossenwiehe/end/game-nobody-captures.yaml",
    "classic/game/two-players-full-hand.yaml",
    "zwick/deal/initial-twos-singly-two.yaml",
    "classic/score/one-pack-21.yaml",
    "grupp/match/played-to-target-golden.yaml",
]
SCHEMAS = sorted(
    path.name.removesuffix(".schema.json") for path in (spec_dir() / "schema").glob("*.json")
)


@functools.cache
def _samples() -> dict[str, list[Any]]:
    """Sound documents of each schema."""
    variant = load_variant("grossenwiehe")
    position = position_to_data(start_hand(variant, 4, 3, shuffled_deck(variant.rules, 4, 7)))
    position["table"].append({"build": ["AS"], "value": 1, "owner": 0})
    setup = {"variant": "grossenwiehe", "options": [], "players": 4, "dealer": 3}
    moves = [move_to_data(parse_move(text)) for text in ("8D>KH=5@1", "KS=14 x QS+AD, 8D+4D+2D")]
    return {
        "scenario": [
            yaml.safe_load((scenarios_dir() / name).read_text(encoding="utf-8"))
            for name in SCENARIO_FILES
        ],
        "variant": list(SPECS.values()),
        "position": [position],
        "move": [*moves, {**moves[0], "seat": 1}],
        "protocol": [
            {"id": 1, "op": "hello"},
            {"id": 2, "op": "legal", "position": position},
            {"id": 3, "op": "apply", "position": position, "move": moves[0], "seat": 1},
            {
                "id": 4,
                "op": "score",
                "setup": setup,
                "captured": [["AC"], ["10D"]],
                "zwicks": [1, 0],
            },
        ],
        "sources": [yaml.safe_load((spec_dir() / "sources.yaml").read_text(encoding="utf-8"))],
        "corpus": [yaml.safe_load((spec_dir() / "corpus.yaml").read_text(encoding="utf-8"))],
        "translation": [
            yaml.safe_load(path.read_text(encoding="utf-8"))
            for path in sorted((spec_dir() / "translations").rglob("*.yaml"))[:2]
        ],
        "match-record": [match_to_data(random_match("grupp", 2, 5, MatchEnd(target=40)))],
        "common": [],
    }


def _agrees(schema_name: str, data: Any, label: str = "", *, problems: bool = True) -> bool:
    """The gate's answer is jsonschema's (returned), and so are the problems reported.

    The problems follow from the answer (the gate passes a document, or jsonschema
    reports on it), so the sweeps compare only answers; jsonschema's full report of a
    broken document takes it several times as long as its answer.
    """
    check = gate(schema_name)
    assert check is not None
    valid = bool(validator(schema_name).is_valid(data))
    assert check(data) == valid, f"{label}: {json.dumps(data, default=repr)[:500]}"
    if problems:
        document = YamlDocument(file="x.yaml", data=data, lines={})
        assert schema_problems(document, schema_name) == validator_problems(document, schema_name)
    return valid


def _broken(schema_name: str) -> Iterator[tuple[str, Any]]:
    for index, sample in enumerate(_samples()[schema_name]):
        for fault, broken in structural_faults(sample):
            yield f"{schema_name} {index}: {fault}", broken


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_shipped_schema_compiles(name: str) -> None:
    """Else the fast path is lost without a word: every document would go to jsonschema."""
    assert gate(name) is not None


@pytest.mark.parametrize("name", [name for name in SCHEMAS if name != "common"])
def test_sound_documents_pass_the_gate(name: str) -> None:
    assert _samples()[name]
    for sample in _samples()[name]:
        assert validator(name).is_valid(sample)
        _agrees(name, sample)


@pytest.mark.parametrize("name", [name for name in SCHEMAS if name != "common"])
def test_every_level_broken_gets_the_same_answer(name: str) -> None:
    valid = [_agrees(name, broken, fault, problems=False) for fault, broken in _broken(name)]
    assert not all(valid)  # the faults reach the schema, not only the checks after it


@SLOW
@given(st.data(), st.sampled_from(["scenario", "variant", "position", "protocol", "move"]))
def test_mutated_documents_get_the_same_answer(data: st.DataObject, name: str) -> None:
    sample = data.draw(st.sampled_from(_samples()[name]))
    broken = data.draw(mutated(sample))
    note(repr(broken)[:2000])
    _agrees(name, broken)


# The corners of JSON Schema, each as jsonschema decides it -------------------------------

CORNERS = [
    2, 2.0, True, False, None, 0, 1, 1.0, -1, 1e400, float("nan"), "2", "", "a" * 200,
    [], [1, True], [1, 1.0], [True, True], [[1], [True]], [{"a": 1}, {"a": 1}],
    [{"a": 1}, {"a": True}], [1, "1"], [0, False], [[0], [0.0]], {}, {"a": 1}, {1: "x"},
]  # fmt: skip
SCHEMA_PIECES: list[dict[str, Any]] = [
    {"type": "integer"},
    {"type": "number"},
    {"type": ["integer", "null"]},
    {"const": 1},
    {"const": True},
    {"const": [1, "a"]},
    {"enum": [1, "a", None, [True]]},
    {"enum": ["a", "b"]},
    {"uniqueItems": True},
    {"minimum": 1, "maximum": 2},
    {"exclusiveMinimum": 0},
    {"multipleOf": 2},
    {"multipleOf": 0.5},
    {"minLength": 1, "maxLength": 3, "pattern": "^a"},
    {"minItems": 1, "maxItems": 2, "items": {"type": "integer"}},
    {"items": False},
    {"contains": {"const": 1}},
    {"properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False},
    {"additionalProperties": {"type": "string"}, "minProperties": 1, "maxProperties": 1},
    {"propertyNames": {"pattern": "^[a-z]$"}},
    {"dependentRequired": {"a": ["b"]}},
    {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
    {"anyOf": [{"type": "string"}, {"type": "array"}]},
    {"not": {"type": "array"}},
    {"if": {"type": "integer"}, "then": {"minimum": 1}, "else": {"type": "string"}},
    {"if": {"type": "integer"}, "then": {"minimum": 1}},
    {"then": {"type": "string"}},  # without if: ignored
    {"format": "email", "description": "annotations are ignored", "x-custom": 1},
]
URI = "urn:test:schema"


def _compiled(schema: dict[str, Any]) -> Any:
    resources = {URI: {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}}
    return compile_schema(resources, URI, functools.partial(is_whole_number, None))


@pytest.mark.parametrize("schema", SCHEMA_PIECES, ids=json.dumps)
def test_each_keyword_as_jsonschema_reads_it(schema: dict[str, Any]) -> None:
    from jsonschema import Draft202012Validator, validators

    full = validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", is_whole_number),
    )(schema)
    check = _compiled(schema)
    for instance in [*CORNERS, *([corner] for corner in CORNERS)]:
        assert _outcome(check, instance) == _outcome(full.is_valid, instance), instance


def _outcome(check: Callable[[Any], bool], instance: Any) -> bool | str:
    """The answer, or the exception raised (jsonschema's multipleOf fails on infinity)."""
    try:
        return bool(check(instance))
    except Exception as error:
        return type(error).__name__


def test_equality_and_uniqueness_follow_jsonschema() -> None:
    from jsonschema._utils import equal as jsonschema_equal
    from jsonschema._utils import uniq

    for one in CORNERS:
        for two in CORNERS:
            assert equal(one, two) == jsonschema_equal(one, two), (one, two)
        if isinstance(one, list):
            assert is_unique(one) == uniq(one), one
            assert is_unique([one, copy.deepcopy(one)]) == uniq([one, copy.deepcopy(one)])


def test_references_resolve_across_resources_and_recursively() -> None:
    dialect = "https://json-schema.org/draft/2020-12/schema"
    resources = {
        "urn:a": {
            "$schema": dialect,
            "$id": "urn:a",
            "$ref": "urn:b#/$defs/tree",
        },
        "urn:b": {
            "$schema": dialect,
            "$id": "urn:b",
            "$defs": {
                "tree": {
                    "type": "object",
                    "properties": {
                        "children": {"type": "array", "items": {"$ref": "#/$defs/tree"}}
                    },
                    "required": ["name"],
                }
            },
        },
    }
    check = compile_schema(resources, "urn:a", functools.partial(is_whole_number, None))
    assert check({"name": 1, "children": [{"name": 2, "children": [{"name": 3}]}]})
    assert not check({"name": 1, "children": [{"name": 2, "children": [{}]}]})


@pytest.mark.parametrize(
    "schema",
    [
        {"patternProperties": {"^a": {}}},
        {"prefixItems": [{}]},
        {"unevaluatedProperties": False},
        {"$dynamicRef": "#x"},
        {"properties": {"a": {"$id": "urn:other"}}},
        {"properties": {"a": {"$anchor": "x"}}},
        {"$ref": "#x"},
        {"$ref": "urn:nowhere"},
        {"type": "decimal"},
        {"contains": {}, "minContains": 2},
    ],
    ids=json.dumps,
)
def test_what_the_gate_does_not_implement_is_refused(schema: dict[str, Any]) -> None:
    """Refused at compile time: jsonschema then decides every document (never a guess)."""
    with pytest.raises(Unsupported):
        _compiled(schema)


def test_integer_is_the_projects_only_outside_a_referenced_resource() -> None:
    """As jsonschema does it: a place with its own ``$schema`` (the whole of a resource a
    ``$ref`` names) is validated by the dialect's standard validator, for which ``2.0`` is
    an integer. The project's integer holds everywhere else."""
    dialect = "https://json-schema.org/draft/2020-12/schema"
    resources = {
        "urn:a": {
            "$schema": dialect,
            "properties": {
                "own": {"type": "integer"},
                "whole": {"$ref": "urn:b"},
                "part": {"$ref": "urn:b#/$defs/count"},
            },
        },
        "urn:b": {"$schema": dialect, "type": "integer", "$defs": {"count": {"type": "integer"}}},
    }
    check = compile_schema(resources, "urn:a", functools.partial(is_whole_number, None))
    assert not check({"own": 2.0})
    assert check({"whole": 2.0})
    assert not check({"part": 2.0})
    assert not check({"whole": True})
    assert validator("protocol").is_valid(
        {"id": 1, "op": "legal", "position": {**_samples()["position"][0], "players": 4.0}}
    )
