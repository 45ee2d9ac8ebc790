"""Reading YAML documents so that every problem can name its file, place and line.

PyYAML alone silently keeps the last of two equal keys and forgets where values were;
this module rejects duplicate keys (nothing a user wrote is dropped) and records the line
of every place in the document, keyed by its path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml

from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem

# libyaml's parser, where PyYAML was built with it, composes the same nodes with the same
# marks about ten times faster: reading the corpus is most of what `zwicker check` does.
_COMPOSER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

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
    """Read one YAML file; raise :class:`InvalidFileError` on any reading problem."""
    name = display_name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise InvalidFileError(
            name,
            [Problem(code=ErrorCode.FILE_UNREADABLE, message=f"cannot read: {reason}", file=name)],
        ) from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML ``text`` (named ``name`` in messages) into a :class:`YamlDocument`."""
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
    lines: dict[DocPath, int] = {}
    duplicates: list[Problem] = []
    if node is not None:
        _walk(node, (), lines, duplicates, name)
    if duplicates:
        raise InvalidFileError(name, duplicates)
    loader = yaml.SafeLoader("")
    try:
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        raise InvalidFileError(
            name,
            [Problem(code=ErrorCode.YAML_SYNTAX, message=f"not valid YAML: {error}", file=name)],
        ) from None
    finally:
        loader.dispose()
    return YamlDocument(file=name, data=data, lines=lines)


def _walk(
    node: yaml.Node,
    path: DocPath,
    lines: dict[DocPath, int],
    duplicates: list[Problem],
    name: str,
) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[object, int] = {}
        for key_node, value_node in node.value:
            key: PathPart = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
            line = key_node.start_mark.line + 1
            if key in seen:
                duplicates.append(
                    Problem(
                        code=ErrorCode.YAML_DUPLICATE_KEY,
                        message=f"key {key!r} appears twice (first on line {seen[key]})",
                        file=name,
                        path=format_path(path),
                        line=line,
                    )
                )
                continue
            seen[key] = line
            lines[(*path, key)] = line
            _walk(value_node, (*path, key), lines, duplicates, name)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), lines, duplicates, name)
