"""Reading YAML documents so that every problem can name its file, place and line.

PyYAML alone silently keeps the last of two equal keys and forgets where values were;
this module rejects duplicate keys (nothing a user wrote is dropped) and records the line
of every place in the document, keyed by its path.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml

from zwicker_ref.documents import bounds
from zwicker_ref.errors import (
    MAX_PROBLEMS_OF_A_KIND,
    ErrorCode,
    InvalidFileError,
    Problem,
    more_problems,
)

# libyaml's parser, where PyYAML was built with it, composes the same nodes with the same
# marks about ten times faster: reading the corpus is most of what `zwicker check` does.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Which tag a plain scalar has is a pure function of its text (PyYAML's implicit
# resolvers, and no path resolvers: none are registered). The parser asks it of every
# scalar, the same card names thousands of times; each answer is kept once found.
_resolve: Callable[[Any, str | None, Any], str] = functools.lru_cache(maxsize=4096)(
    yaml.resolver.Resolver().resolve
)


class _Composer(_LOADER):  # type: ignore[misc]
    """The safe loader, with the resolution of scalars' tags remembered."""

    def resolve(self, kind: type[yaml.Node], value: str | None, implicit: Any) -> str:
        """The tag of a node (see :data:`_resolve`)."""
        return _resolve(kind, value, implicit)


_COMPOSER: Any = _Composer

# libyaml's emitter writes the same text as PyYAML's own three to four times as fast; a
# match record of 200 hands is half a megabyte of YAML.
_EMITTER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_TAGS = {str: "tag:yaml.org,2002:str", int: "tag:yaml.org,2002:int"}
# The events that open and close a collection, in block (False) and flow (True) style.
_MAPPING_START = {
    flow: yaml.MappingStartEvent(None, _MAP, True, flow_style=flow) for flow in (False, True)
}
_SEQUENCE_START = {
    flow: yaml.SequenceStartEvent(None, _SEQ, True, flow_style=flow) for flow in (False, True)
}
_MAPPING_END = yaml.MappingEndEvent()
_SEQUENCE_END = yaml.SequenceEndEvent()


class _RecordDumper(_EMITTER):  # type: ignore[misc]
    """The safe dumper, for records: dictionaries, lists, strings and integers.

    A match record is tens of thousands of values; PyYAML would make a node of each, look
    for values to alias among them and ask the tag of every scalar twice on the way to
    libyaml's emitter. :meth:`represent` hands the emitter the events the serializer would
    make of the same nodes instead, straight from the values:

    - a collection is in flow style where all its items are scalars, as the safe
      representer has it with ``default_flow_style=None``;
    - a scalar's event says which tag a plain reading of its text resolves to, as the
      serializer's does; made once per distinct string or integer and handed over again
      for each recurrence (the emitter copies what it writes, and never an alias: a
      record's values are fresh);
    - any other value is represented by the safe representer.

    The test that compares records with PyYAML's own output holds it to the same text.
    """

    def ignore_aliases(self, data: Any) -> bool:
        """Never write an anchor and alias."""
        return True

    def represent(self, data: Any) -> None:
        """Emit the document of ``data``."""
        self._scalars: dict[Any, yaml.ScalarEvent] = {}
        self.emit(yaml.DocumentStartEvent(explicit=False))
        self._emit_value(data)
        self.emit(yaml.DocumentEndEvent(explicit=False))

    def _emit_value(self, data: Any) -> None:
        kind = type(data)
        if kind is dict:
            self.emit(_MAPPING_START[_all_scalars(data.values())])
            for key, value in data.items():
                self._emit_value(key)
                self._emit_value(value)
            self.emit(_MAPPING_END)
        elif kind is list:
            self.emit(_SEQUENCE_START[_all_scalars(data)])
            for item in data:
                self._emit_value(item)
            self.emit(_SEQUENCE_END)
        # A string never equals an integer, so one dictionary holds the events of both.
        elif kind is str or kind is int:
            event = self._scalars.get(data)
            if event is None:
                event = self._scalars[data] = self._scalar_event(data)
            self.emit(event)
        else:
            self.emit(self._scalar_event(data))

    def _scalar_event(self, data: Any) -> yaml.ScalarEvent:
        tag = _TAGS.get(type(data))
        if tag is None:
            node = self.represent_data(data)
            if type(node) is not yaml.ScalarNode:
                raise yaml.representer.RepresenterError(f"not a record value: {data!r}")
            tag, text = node.tag, node.value
        else:
            text = str(data)
        implicit = (
            _resolve(yaml.ScalarNode, text, (True, False)) == tag,
            _resolve(yaml.ScalarNode, text, (False, True)) == tag,
        )
        return yaml.ScalarEvent(None, tag, implicit, text)


def _all_scalars(values: Iterable[Any]) -> bool:
    """True when no value is a dictionary or list: their collection is written in flow style."""
    return not any(type(value) is dict or type(value) is list for value in values)


_DUMPER: Any = _RecordDumper


def record_text(data: Mapping[str, Any]) -> str:
    """The YAML text of a game or match record: keys in the order given, rows in flow style."""
    text: str = yaml.dump(
        data,
        Dumper=_DUMPER,
        sort_keys=False,
        default_flow_style=None,
        width=100,
        allow_unicode=True,
    )
    return text


PathPart = str | int
DocPath = tuple[PathPart, ...]


def format_path(path: DocPath) -> str:
    """Render a document path for people: ``clauses[3].params["deal.schedule"][0]``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.replace("_", "").replace("-", "").isalnum():
            text += f".{part}" if text else part
        else:
            text += f'["{part}"]'
    return text


@dataclass(frozen=True, slots=True)
class YamlDocument:
    """A parsed YAML document with the line (1-based) where each place starts."""

    file: str
    data: Any
    lines: Mapping[DocPath, int]

    def line_of(self, path: DocPath) -> int | None:
        """The line of ``path``, or of its nearest enclosing place that has one."""
        return line_in(self.lines, path)

    def problem(self, code: ErrorCode, message: str, path: DocPath = ()) -> Problem:
        """A :class:`Problem` located at ``path`` in this document."""
        return Problem(
            code=code,
            message=message,
            file=self.file,
            path=format_path(path),
            line=self.line_of(path),
        )


def line_in(lines: Mapping[DocPath, int], path: DocPath) -> int | None:
    """The line of ``path`` in ``lines``, or of its nearest enclosing place that has one."""
    for length in range(len(path), -1, -1):
        line = lines.get(path[:length])
        if line is not None:
            return line
    return None


Checked = TypeVar("Checked")


def checked(
    document: YamlDocument, check: Callable[[YamlDocument], tuple[Checked | None, list[Problem]]]
) -> Checked:
    """What ``check`` makes of ``document``; :class:`InvalidFileError` with every problem if not.

    Every reader of a file format is a check that collects all problems and returns the
    value only when there are none; this turns such a check into a loader.
    """
    value, problems = check(document)
    if problems or value is None:
        raise InvalidFileError(document.file, problems)
    return value


def read_yaml(path: Path, display_name: str | None = None) -> YamlDocument:
    """Read one YAML file; raise :class:`InvalidFileError` on any reading problem.

    The file is held to the limits of :mod:`~zwicker_ref.documents.bounds` (its size, its
    nesting, its values with aliases expanded) before anything is built from it.
    """
    name = display_name or str(path)
    return parse_yaml(bounds.read_text(path, name), name)


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML ``text`` (named ``name`` in messages) into a :class:`YamlDocument`.

    Text past the limits of :mod:`~zwicker_ref.documents.bounds` is refused first.
    """
    bounds.check_yaml_text(text, name)
    try:
        node = yaml.compose(text, Loader=_COMPOSER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        reason = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise InvalidFileError(
            name,
            [
                Problem(
                    code=ErrorCode.YAML_SYNTAX,
                    message=f"not valid YAML: {reason}",
                    file=name,
                    line=line,
                )
            ],
        ) from None
    if node is None:
        return YamlDocument(file=name, data=None, lines={})
    reader = _Reader(name)
    data = reader.read(node, ())
    if reader.duplicates:
        more = reader.more_duplicates
        counted = [more_problems(name, ErrorCode.YAML_DUPLICATE_KEY, more)] if more else []
        raise InvalidFileError(name, [*reader.duplicates, *counted])
    if not reader.plain:
        data = _construct(node, name)
    return YamlDocument(file=name, data=data, lines=reader.lines)


def _construct(node: yaml.Node, name: str) -> Any:
    """The data of a document by PyYAML's safe constructor (anchors merged, tags...)."""
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node)
    except yaml.YAMLError as error:
        raise InvalidFileError(
            name,
            [Problem(code=ErrorCode.YAML_SYNTAX, message=f"not valid YAML: {error}", file=name)],
        ) from None
    finally:
        loader.dispose()


_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_SCALAR_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_SCALARS = {
    tag: _SCALAR_CONSTRUCTOR.yaml_constructors[tag]
    for tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool")
}
_NULL = "tag:yaml.org,2002:null"


class _Reader:
    """One walk over a composed document: the line of each place, duplicate keys, the data.

    The data is what PyYAML's safe constructor makes of a document of plain mappings,
    lists, texts, numbers, booleans and nulls (an anchor's repeats are the same object,
    as there), built in the same walk that records the lines. Anything else (a merge key,
    an explicit tag, a timestamp, a key that is not a scalar) marks the document not
    plain, and the safe constructor makes the whole of it, errors and all.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: dict[DocPath, int] = {}
        self.duplicates: list[Problem] = []
        self.more_duplicates = 0
        self.plain = True
        self._made: dict[int, Any] = {}  # containers by node id: an alias is the same object

    def read(self, node: yaml.Node, path: DocPath) -> Any:
        """The data of ``node`` at ``path``, recording lines and duplicates below it."""
        self.lines.setdefault(path, node.start_mark.line + 1)
        made = self._made.get(id(node))
        if made is not None:
            return made  # an alias of a collection already read: the same object, read once
        tag = node.tag
        if isinstance(node, yaml.ScalarNode):
            if tag == _STR:
                return node.value
            if tag == _NULL:
                return None
            construct = _SCALARS.get(tag)
            if construct is None:
                self.plain = False
                return None
            return construct(_SCALAR_CONSTRUCTOR, node)
        if isinstance(node, yaml.MappingNode):
            data: Any = self._mapping(node, path)
            if tag != _MAP:
                self.plain = False
        else:
            data = [self.read(item, (*path, index)) for index, item in enumerate(node.value)]
            if tag != _SEQ:
                self.plain = False
        return self._made.setdefault(id(node), data)

    def _mapping(self, node: yaml.MappingNode, path: DocPath) -> dict[Any, Any]:
        data: dict[Any, Any] = {}
        seen: dict[object, int] = {}
        for key_node, value_node in node.value:
            scalar = isinstance(key_node, yaml.ScalarNode)
            key: PathPart = key_node.value if scalar else "?"
            line = key_node.start_mark.line + 1
            if key in seen:
                if len(self.duplicates) >= MAX_PROBLEMS_OF_A_KIND:
                    self.more_duplicates += 1  # counted, not described
                    continue
                self.duplicates.append(
                    Problem(
                        code=ErrorCode.YAML_DUPLICATE_KEY,
                        message=f"key {key!r} appears twice (first on line {seen[key]})",
                        file=self.name,
                        path=format_path(path),
                        line=line,
                    )
                )
                continue
            seen[key] = line
            self.lines[(*path, key)] = line
            value = self.read(value_node, (*path, key))
            if not scalar or key_node.tag in (_MERGE, _VALUE):
                self.plain = False
                continue
            data[self._key(key_node)] = value
        return data

    def _key(self, node: yaml.ScalarNode) -> Any:
        """A key as the safe constructor makes it (read without recording a line)."""
        if node.tag == _STR:
            return node.value
        if node.tag == _NULL:
            return None
        construct = _SCALARS.get(node.tag)
        if construct is None:
            self.plain = False
            return None
        return construct(_SCALAR_CONSTRUCTOR, node)


_MERGE = "tag:yaml.org,2002:merge"
_VALUE = "tag:yaml.org,2002:value"
