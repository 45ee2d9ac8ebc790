"""A fast yes-or-no answer to "does this document satisfy its JSON Schema?".

jsonschema reports every violation with its place, which the project's messages are made
from, but it is slow on documents that have none: it resolves every ``$ref`` through the
schema registry each time it meets it and builds a validator object per level. Nearly
every document read (the corpus's scenarios, the specs, the positions of served
requests) is valid, so :mod:`~zwicker_ref.documents.schemas` asks this gate first and
runs jsonschema only for a document the gate refuses. The messages are therefore
jsonschema's, byte for byte; the gate only has to agree with jsonschema about whether a
document is valid, which ``tests/test_schema_gate.py`` checks on broken documents of
every format.

:func:`compile_schema` turns a schema into nested closures once, with every ``$ref``
resolved when it is compiled (a schema that refers to itself gets a forwarding check, so
recursion works too). It implements the keywords of Draft 2020-12 the way jsonschema
4 does, with ``integer`` as the caller defines it; a schema using a keyword it does not
implement (``patternProperties``, ``unevaluatedProperties``, ``$dynamicRef``, ...) is
refused with :class:`Unsupported`, and its documents then all go to jsonschema. Keywords
jsonschema ignores (annotations, ``format`` without a format checker) are ignored here.
It never imports jsonschema, so a run in which every document is valid never does.
"""

from __future__ import annotations

import itertools
import numbers
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Check = Callable[[Any], bool]
"""True when the instance satisfies the compiled schema."""

DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Keywords that jsonschema's Draft 2020-12 validator does not check (annotations, and
# containers whose content is only reached through $ref). Any keyword it does not know
# is ignored by it, and so here; only the keywords it checks need an implementation.
_CHECKED_BY_JSONSCHEMA = frozenset(
    (
        "$dynamicRef", "$ref", "additionalProperties", "allOf", "anyOf", "const",
        "contains", "dependentRequired", "dependentSchemas", "enum", "exclusiveMaximum",
        "exclusiveMinimum", "format", "if", "items", "maxItems", "maxLength",
        "maxProperties", "maximum", "minItems", "minLength", "minProperties", "minimum",
        "multipleOf", "not", "oneOf", "pattern", "patternProperties", "prefixItems",
        "properties", "propertyNames", "required", "type", "unevaluatedItems",
        "unevaluatedProperties", "uniqueItems",
    )
)  # fmt: skip
# Keywords whose meaning changes how other places are resolved: not implemented.
_REFUSED = frozenset(("$id", "$anchor", "$dynamicAnchor"))


class Unsupported(Exception):
    """The schema uses something the gate does not implement (jsonschema then decides)."""


def compile_schema(
    resources: Mapping[str, Any], uri: str, is_integer: Callable[[object], bool]
) -> Check:
    """The check of the schema resource ``uri`` of ``resources`` (schemas by ``$id``).

    ``is_integer`` is what the ``integer`` type means, as a validator class made with
    ``jsonschema.validators.extend`` would have it. Like such a validator, the check
    applies it only outside other schema resources: jsonschema validates a place that
    states its own ``$schema`` (the whole of a resource a ``$ref`` names) with the
    dialect's standard validator, whose ``integer`` includes ``2.0``. Raises
    :class:`Unsupported` if the schema, or one it refers to, uses what the gate does not
    implement.
    """
    compiler = _Compiler(resources, is_integer)
    return compiler.schema(compiler.resolve(uri, ""), _Place(uri, custom=True), top=True)


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a subschema is compiled: what its references resolve against, which integer."""

    base: str
    """The ``$id`` of the resource it belongs to."""
    custom: bool
    """True while ``integer`` is the caller's, False inside a resource entered by ``$ref``."""


class _Compiler:
    """Compiles schemas into checks, each referenced place once."""

    def __init__(self, resources: Mapping[str, Any], is_integer: Callable[[object], bool]) -> None:
        self._resources = resources
        types: dict[str, Check] = {
            "object": lambda value: isinstance(value, dict),
            "array": lambda value: isinstance(value, list),
            "string": lambda value: isinstance(value, str),
            "integer": is_integer,
            "number": _is_number,
            "boolean": lambda value: isinstance(value, bool),
            "null": lambda value: value is None,
        }
        self._types = {True: types, False: {**types, "integer": _standard_integer}}
        self._done: dict[tuple[str, str, bool], Check] = {}
        # Places being compiled: a reference back to one of them (a recursive schema)
        # gets a check that forwards to the finished one.
        self._pending: dict[tuple[str, str, bool], list[Check]] = {}

    def reference(self, place: _Place, ref: str) -> Check:
        """The check of ``ref`` as written at ``place``."""
        target, _hash, fragment = ref.partition("#")
        uri = target or place.base
        if "%" in fragment or (fragment and not fragment.startswith("/")):
            raise Unsupported(f"reference {ref!r}: only JSON pointers are implemented")
        key = (uri, fragment, place.custom)
        done = self._done.get(key)
        if done is not None:
            return done
        pending = self._pending.get(key)
        if pending is not None:
            return lambda instance: pending[0](instance)
        schema = self.resolve(uri, fragment)
        self._pending[key] = cell = []
        check = self.schema(schema, _Place(uri, place.custom))
        cell.append(check)
        del self._pending[key]
        self._done[key] = check
        return check

    def resolve(self, uri: str, pointer: str) -> Any:
        """The subschema at JSON pointer ``pointer`` of the resource ``uri``."""
        resource = self._resources.get(uri)
        if resource is None:
            raise Unsupported(f"no schema {uri!r}")
        if not isinstance(resource, dict) or resource.get("$schema") != DIALECT:
            raise Unsupported(f"{uri!r} is not a Draft 2020-12 schema")
        node: Any = resource
        for part in pointer.split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, list):
                node = node[int(part)]
            elif isinstance(node, dict) and part in node:
                node = node[part]
            else:
                raise Unsupported(f"{uri}#{pointer} does not exist")
        return node

    def schema(self, schema: Any, place: _Place, *, top: bool = False) -> Check:
        """The check of one (sub)schema at ``place`` (``top``: the schema compiled)."""
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise Unsupported(f"not a schema: {schema!r}")
        if "$schema" in schema:
            if schema["$schema"] != DIALECT:
                raise Unsupported(f"a place of another dialect: {schema['$schema']!r}")
            if not top:
                place = _Place(place.base, custom=False)  # jsonschema's own validator
        refused = sorted(_REFUSED & schema.keys())
        if schema.get("$id") == place.base and schema is self._resources.get(place.base):
            refused.remove("$id")  # the resource's own id, which references resolve by
        if refused:
            raise Unsupported(f"keywords not implemented here: {refused}")
        checks = [
            self._keyword(keyword, value, schema, place)
            for keyword, value in schema.items()
            if keyword in _CHECKED_BY_JSONSCHEMA and keyword != "format"
        ]
        return _all_of([check for check in checks if check is not _always])

    def _keyword(self, keyword: str, value: Any, schema: dict[str, Any], place: _Place) -> Check:
        build = getattr(self, "_" + keyword.lstrip("$"), None)
        if build is None:
            raise Unsupported(f"keyword {keyword!r} is not implemented")
        check: Check = build(value, schema, place)
        return check

    # Applicators -----------------------------------------------------------------------

    def _ref(self, ref: Any, _schema: dict[str, Any], place: _Place) -> Check:
        return self.reference(place, ref)

    def _properties(self, properties: Any, _schema: dict[str, Any], place: _Place) -> Check:
        named = [(name, self.schema(sub, place)) for name, sub in properties.items()]

        def check(instance: Any) -> bool:
            if not isinstance(instance, dict):
                return True
            # A plain loop, not all(...) over a generator: this runs for every mapping of
            # every document read, and the loop is markedly faster.
            for name, each in named:  # noqa: SIM110
                if name in instance and not each(instance[name]):
                    return False
            return True

        return check

    def _additionalProperties(self, extra: Any, schema: dict[str, Any], place: _Place) -> Check:
        known = frozenset(schema.get("properties", {}))
        if extra is False:
            return lambda instance: not isinstance(instance, dict) or known.issuperset(instance)
        each = self.schema(extra, place)
        if each is _always:
            return _always
        return lambda instance: (
            not isinstance(instance, dict)
            or all(each(value) for name, value in instance.items() if name not in known)
        )

    def _propertyNames(self, names: Any, _schema: dict[str, Any], place: _Place) -> Check:
        each = self.schema(names, place)
        return lambda instance: not isinstance(instance, dict) or all(map(each, instance))

    def _items(self, items: Any, _schema: dict[str, Any], place: _Place) -> Check:
        each = self.schema(items, place)
        if each is _always:
            return _always
        if each is _never:
            return lambda instance: not isinstance(instance, list) or not instance
        return lambda instance: not isinstance(instance, list) or all(map(each, instance))

    def _contains(self, contains: Any, schema: dict[str, Any], place: _Place) -> Check:
        if "minContains" in schema or "maxContains" in schema:
            raise Unsupported("minContains and maxContains are not implemented")
        each = self.schema(contains, place)
        return lambda instance: not isinstance(instance, list) or any(map(each, instance))

    def _allOf(self, schemas: Any, _schema: dict[str, Any], place: _Place) -> Check:
        return _all_of([self.schema(sub, place) for sub in schemas])

    def _anyOf(self, schemas: Any, _schema: dict[str, Any], place: _Place) -> Check:
        checks = [self.schema(sub, place) for sub in schemas]
        return lambda instance: any(check(instance) for check in checks)

    def _oneOf(self, schemas: Any, _schema: dict[str, Any], place: _Place) -> Check:
        checks = [self.schema(sub, place) for sub in schemas]

        def check(instance: Any) -> bool:
            valid = 0
            for each in checks:
                if each(instance):
                    valid += 1
                    if valid > 1:
                        return False
            return valid == 1

        return check

    def _not(self, negated: Any, _schema: dict[str, Any], place: _Place) -> Check:
        check = self.schema(negated, place)
        return lambda instance: not check(instance)

    def _if(self, condition: Any, schema: dict[str, Any], place: _Place) -> Check:
        test = self.schema(condition, place)
        then = self.schema(schema.get("then", True), place)
        otherwise = self.schema(schema.get("else", True), place)
        return lambda instance: then(instance) if test(instance) else otherwise(instance)

    def _dependentRequired(
        self, dependencies: Any, _schema: dict[str, Any], _place: _Place
    ) -> Check:
        pairs = [(name, tuple(needed)) for name, needed in dependencies.items()]
        return lambda instance: (
            not isinstance(instance, dict)
            or all(
                all(each in instance for each in needed)
                for name, needed in pairs
                if name in instance
            )
        )

    # Assertions ------------------------------------------------------------------------

    def _type(self, types: Any, _schema: dict[str, Any], place: _Place) -> Check:
        known = self._types[place.custom]
        names = [types] if isinstance(types, str) else list(types)
        unknown = [name for name in names if name not in known]
        if unknown:
            raise Unsupported(f"unknown types {unknown}")
        tests = [known[name] for name in names]
        if len(tests) == 1:
            return tests[0]
        return lambda instance: any(test(instance) for test in tests)

    def _const(self, value: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        if isinstance(value, str):
            return lambda instance: isinstance(instance, str) and instance == value
        return lambda instance: equal(instance, value)

    def _enum(self, values: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        if all(isinstance(value, str) for value in values):
            texts = frozenset(values)
            return lambda instance: isinstance(instance, str) and instance in texts
        return lambda instance: any(equal(value, instance) for value in values)

    def _required(self, names: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        wanted = tuple(names)
        return lambda instance: (
            not isinstance(instance, dict) or all(name in instance for name in wanted)
        )

    def _minimum(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        # As jsonschema words it, "not below" (a NaN is not below anything).
        return lambda instance: not _is_number(instance) or not instance < limit

    def _maximum(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not _is_number(instance) or not instance > limit

    def _exclusiveMinimum(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not _is_number(instance) or not instance <= limit

    def _exclusiveMaximum(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not _is_number(instance) or not instance >= limit

    def _multipleOf(self, divisor: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not _is_number(instance) or _is_multiple(instance, divisor)

    def _minLength(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not isinstance(instance, str) or len(instance) >= limit

    def _maxLength(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not isinstance(instance, str) or len(instance) <= limit

    def _pattern(self, pattern: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        search = re.compile(pattern).search
        return lambda instance: not isinstance(instance, str) or search(instance) is not None

    def _minItems(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not isinstance(instance, list) or len(instance) >= limit

    def _maxItems(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not isinstance(instance, list) or len(instance) <= limit

    def _minProperties(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not isinstance(instance, dict) or len(instance) >= limit

    def _maxProperties(self, limit: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        return lambda instance: not isinstance(instance, dict) or len(instance) <= limit

    def _uniqueItems(self, unique: Any, _schema: dict[str, Any], _place: _Place) -> Check:
        if not unique:
            return _always
        return lambda instance: not isinstance(instance, list) or is_unique(instance)


def _always(_instance: Any) -> bool:
    return True


def _never(_instance: Any) -> bool:
    return False


def _all_of(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]

    def check(instance: Any) -> bool:
        for each in checks:  # noqa: SIM110 (a plain loop is faster, as in _properties)
            if not each(instance):
                return False
        return True

    return check


def _standard_integer(value: object) -> bool:
    """Draft 2020-12's ``integer`` as jsonschema reads it: ``2`` and ``2.0``, not ``true``."""
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    """JSON Schema's ``number`` as jsonschema reads it: any number but true and false."""
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _is_multiple(value: Any, divisor: Any) -> bool:
    """``multipleOf`` computed as jsonschema does (float division, exact on overflow)."""
    if isinstance(divisor, float):
        quotient = value / divisor
        try:
            return bool(int(quotient) == quotient)
        except OverflowError:
            from fractions import Fraction  # rarely needed, and slow to import

            return (Fraction(value) / Fraction(divisor)).denominator == 1
    return not value % divisor


# Equality as jsonschema defines it for const, enum and uniqueItems: true and false are
# not the numbers 1 and 0 (Python says they are), 1 and 1.0 are the same number, and
# lists and mappings compare item by item under the same rule.

_TRUE, _FALSE = object(), object()


def _unbool(value: Any) -> Any:
    if value is True:
        return _TRUE
    if value is False:
        return _FALSE
    return value


def equal(one: Any, two: Any) -> bool:
    """Whether two instances are equal, as jsonschema defines it."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(
            key in two and equal(value, two[key]) for key, value in one.items()
        )
    return bool(_unbool(one) == _unbool(two))


def is_unique(items: list[Any]) -> bool:
    """``uniqueItems`` as jsonschema decides it: sorted neighbours, else every pair."""
    if all(type(item) is str for item in items):
        return len(set(items)) == len(items)  # the common case, with the same answer
    try:
        ordered = sorted(_unbool(item) for item in items)
        return not any(equal(a, b) for a, b in itertools.pairwise(ordered))
    except (NotImplementedError, TypeError):
        seen: list[Any] = []
        for item in items:
            item = _unbool(item)
            if any(equal(other, item) for other in seen):
                return False
            seen.append(item)
        return True
