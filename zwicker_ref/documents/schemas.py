"""The JSON Schemas of ``spec/schema/`` and validation against them.

Schema errors become :class:`~zwicker_ref.errors.Problem` values that name the place in
the document (and its line), in words a contributor can act on.

A document is first put to the schema's compiled gate
(:mod:`~zwicker_ref.documents.schema_gate`), which answers valid or not in a fraction of
jsonschema's time; only a document it refuses is validated by jsonschema, whose errors
the messages are made from. jsonschema is imported then, not before: a run in which every
document is valid (``zwicker check`` on the corpus, ``zwicker serve``) never loads it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from zwicker_ref.documents import bounds
from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.documents.schema_gate import Check, Unsupported, compile_schema
from zwicker_ref.documents.yamlfile import YamlDocument
from zwicker_ref.errors import UNCOUNTED, ErrorCode, Problem

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

_URN = "urn:zwicker-rules:schema:"


@functools.cache
def _schemas() -> dict[str, Any]:
    """Every schema of ``spec/schema/``, by its ``$id``.

    Read within the limits of :mod:`~zwicker_ref.documents.bounds`, as every file is (a
    corpus named by ``ZWICKER_CORPUS`` may come from anywhere).
    """
    schemas: dict[str, Any] = {}
    for path in sorted((spec_dir() / "schema").glob("*.schema.json")):
        name = str(path)
        try:
            contents = json.loads(bounds.read_text(path, name))
        except (ValueError, RecursionError) as error:
            raise bounds.refuse(name, ErrorCode.YAML_SYNTAX, f"not valid JSON: {error}") from None
        bounds.check_json_bounds(contents, name)
        if not isinstance(contents, dict) or not isinstance(contents.get("$id"), str):
            raise bounds.refuse(name, ErrorCode.SCHEMA_VIOLATION, "a schema without an $id")
        schemas[contents["$id"]] = contents
    return schemas


def schema(name: str) -> dict[str, Any]:
    """The contents of ``spec/schema/<name>.schema.json`` (e.g. ``variant``)."""
    contents: dict[str, Any] = _schemas()[_URN + name]
    return contents


@functools.cache
def _registry() -> Registry[Any]:
    from referencing import Registry, Resource

    resources = [(uri, Resource.from_contents(contents)) for uri, contents in _schemas().items()]
    return Registry().with_resources(resources)


def is_whole_number(_checker: object, instance: object) -> bool:
    """The project's ``integer``: a whole number written as one, ``3`` but not ``3.0``.

    JSON Schema counts ``3.0`` as an integer, but YAML and JSON readers hand it over as a
    float, and a float seat or player count would pass the schema and then fail deep in
    the interpreter. So the project's files and messages write every count, seat and
    value without a decimal point (``true`` is not a number either).
    """
    return isinstance(instance, int) and not isinstance(instance, bool)


@functools.cache
def _validator_class() -> type[Draft202012Validator]:
    """Draft 2020-12, except that ``integer`` means :func:`is_whole_number`."""
    from jsonschema import Draft202012Validator, validators

    extended: type[Draft202012Validator] = validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", is_whole_number),
    )
    return extended


@functools.cache
def validator(name: str) -> Draft202012Validator:
    """The validator for ``spec/schema/<name>.schema.json`` (e.g. ``variant``).

    Draft 2020-12, except that ``integer`` means :func:`is_whole_number`.
    """
    return _validator_class()(schema(name), registry=_registry())


@functools.cache
def definition_validator(name: str, definition: str) -> Draft202012Validator:
    """The validator for one definition (``$defs``) of ``spec/schema/<name>.schema.json``."""
    reference = {"$ref": f"{_URN}{name}#/$defs/{definition}"}
    return _validator_class()(reference, registry=_registry())


@functools.cache
def gate(name: str) -> Check | None:
    """The compiled yes-or-no check of schema ``name``; None if the gate cannot compile it.

    It agrees with :func:`validator` about which documents are valid (only faster); a
    schema it cannot compile leaves every document to the validator.
    """
    try:
        return compile_schema(_schemas(), _URN + name, functools.partial(is_whole_number, None))
    except Unsupported:
        return None


def schema_problems(document: YamlDocument, schema_name: str) -> list[Problem]:
    """Every schema violation in ``document``, most specific first, in document order."""
    check = gate(schema_name)
    if check is not None and check(document.data):
        return []
    return validator_problems(document, schema_name)


MAX_SCHEMA_ERRORS = 1000
"""Where the validator's search for errors stops: each costs about a tenth of a millisecond
(a list of 200,000 wrong cards would take half a minute), and nobody reads the thousandth."""


def validator_problems(document: YamlDocument, schema_name: str) -> list[Problem]:
    """:func:`schema_problems` without the gate: jsonschema's errors, up to a limit.

    Past :data:`MAX_SCHEMA_ERRORS` the search stops, and a last problem says that more
    may follow (:func:`~zwicker_ref.errors.bounded_problems` reports it as "at least").
    """
    problems: list[Problem] = []
    for error in _leaf_errors(validator(schema_name).iter_errors(document.data)):
        if len(problems) == MAX_SCHEMA_ERRORS:
            problems.append(
                Problem(
                    code=ErrorCode.SCHEMA_VIOLATION,
                    message="… and more: the schema check stopped",
                    file=document.file,
                    more=UNCOUNTED,
                    open_ended=True,
                )
            )
            break
        path = tuple(error.absolute_path)
        code, message = _describe(error)
        problems.append(document.problem(code, message, path))
    problems.sort(key=lambda problem: (problem.line or 0, problem.path))
    return problems


def schema_file_problems(document: YamlDocument) -> list[Problem]:
    """Every problem of a JSON Schema file of ``spec/schema/``: not a valid draft 2020-12 schema.

    A schema is checked against the draft's own meta-schema, and must say its draft
    (``$schema``) and its ``$id`` in the project's scheme (``urn:zwicker-rules:schema:NAME``).
    """
    from jsonschema import Draft202012Validator

    data = document.data
    problems = []
    if data.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        problems.append(
            document.problem(
                ErrorCode.SCHEMA_VIOLATION,
                "'$schema' must be https://json-schema.org/draft/2020-12/schema",
                ("$schema",),
            )
        )
    if not str(data.get("$id", "")).startswith(_URN):
        problems.append(
            document.problem(ErrorCode.SCHEMA_VIOLATION, f"'$id' must start with {_URN}", ("$id",))
        )
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    for error in _leaf_errors(meta.iter_errors(data)):
        problems.append(
            document.problem(
                ErrorCode.SCHEMA_VIOLATION,
                f"not a valid JSON Schema: {error.message}",
                tuple(error.absolute_path),
            )
        )
    return problems


def _leaf_errors(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    """Replace an error about a choice of subschemas by its most relevant cause."""
    for error in errors:
        if error.context:
            best = max(error.context, key=lambda sub: len(sub.absolute_path))
            yield from _leaf_errors(iter([best]))
        else:
            yield error


def _describe(error: ValidationError) -> tuple[ErrorCode, str]:
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and path and path[-1] == "params":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        names = ", ".join(repr(name) for name in unknown)
        return (
            ErrorCode.UNKNOWN_PARAMETER,
            f"unknown parameter {names}; the parameters are: {', '.join(allowed)}",
        )
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        names = ", ".join(repr(name) for name in unknown)
        return (
            ErrorCode.SCHEMA_VIOLATION,
            f"unknown field {names}; allowed here: {', '.join(allowed)}",
        )
    if error.validator == "not" and "description" in error.validator_value:
        # A "not" states what it forbids in its description; the instance may be the whole file.
        return ErrorCode.SCHEMA_VIOLATION, error.validator_value["description"]
    if error.validator == "required":
        return ErrorCode.SCHEMA_VIOLATION, f"missing field: {error.message.split(' is a ')[0]}"
    if error.validator == "type":
        expected = error.validator_value
        expected_text = " or ".join(expected) if isinstance(expected, list) else expected
        if expected == "integer":
            expected_text = "a whole number (written without a decimal point)"
        return (
            ErrorCode.SCHEMA_VIOLATION,
            f"expected {expected_text}, "
            f"found {_type_name(error.instance)} {_short(error.instance)}",
        )
    if error.validator == "enum":
        choices = ", ".join(repr(choice) for choice in error.validator_value)
        return ErrorCode.SCHEMA_VIOLATION, f"{_short(error.instance)} is not one of {choices}"
    if error.validator == "pattern":
        what = error.schema.get("description", "").split(":")[0] or "the expected form"
        return ErrorCode.SCHEMA_VIOLATION, f"{_short(error.instance)} is not {what.lower()}"
    return ErrorCode.SCHEMA_VIOLATION, error.message


def _type_name(value: object) -> str:
    names = {
        dict: "a mapping",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        type(None): "nothing (null)",
    }
    return names.get(type(value), type(value).__name__)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
