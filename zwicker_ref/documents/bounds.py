"""The limits every reader holds a file to, so that no input costs more than its size.

A file written by someone else (a scenario in a pull request, an engine's answer, a
position handed to ``zwicker legal``) may be built to exhaust the reader: a "billion
laughs" of nested aliases, an alias inside its own anchor, nesting thousands deep, or
simply gigabytes. Each reader checks its input against these limits before it builds
anything from it, and refuses what exceeds them with an error naming the file, the line
and the limit (``docs/reference/errors.md``). The limits are far above any real file: the
largest file of the corpus is 12 kB, a 100-hand match record 235 kB and 46,000 values.

The YAML check walks libyaml's event stream once, in memory bounded by the nesting depth,
and stops at the first limit crossed: its cost is proportional to the text it reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import yaml

from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file any reader accepts (4 MiB)."""

MAX_VALUES = 200_000
"""The most values (scalars and collections) a YAML document may hold, aliases expanded."""

MAX_DEPTH = 64
"""The deepest nesting of collections a document may have (YAML or JSON)."""

MAX_LINE_BYTES = 8 * 1024 * 1024
"""The longest line of the engine protocol (one JSON message), in bytes."""

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def refuse(name: str, code: ErrorCode, message: str, line: int | None = None) -> InvalidFileError:
    """The error of a file refused for ``message``."""
    return InvalidFileError(name, [Problem(code=code, message=message, file=name, line=line)])


def too_large(name: str, size: int) -> InvalidFileError:
    """The error of a file of ``size`` bytes, over :data:`MAX_FILE_BYTES`."""
    return refuse(
        name,
        ErrorCode.FILE_TOO_LARGE,
        f"{size:,} bytes; files of more than {MAX_FILE_BYTES:,} bytes are refused",
    )


def read_text(path: Path, name: str) -> str:
    """The UTF-8 text of ``path``, refused with ``file-too-large`` past the size limit.

    Never reads more than one byte past the limit, however large the file.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
            if len(raw) > MAX_FILE_BYTES:
                size = path.stat().st_size if path.is_file() else len(raw)
                raise too_large(name, max(size, len(raw)))
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise refuse(name, ErrorCode.FILE_UNREADABLE, f"cannot read: {reason}") from None


def check_yaml_text(text: str, name: str) -> None:
    """Refuse YAML ``text`` that crosses a limit; pass over anything else.

    Limits: its length, :data:`MAX_DEPTH`, :data:`MAX_VALUES` counted with every alias
    expanded, and no alias inside the anchor it names (a recursive document). Syntax
    errors are left to the reader that follows, which reports them with its own words.
    """
    if len(text) > MAX_FILE_BYTES:
        raise too_large(name, len(text.encode("utf-8")))
    # Per open collection: the value count when it opened and its anchor (or None).
    opened: list[tuple[int, str | None]] = []
    sizes: dict[str, int] = {}  # anchor -> values it stands for, once it is closed
    total = 0
    try:
        event: Any
        for event in yaml.parse(text, Loader=_LOADER):
            kind = type(event)
            if kind is yaml.ScalarEvent:
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                total += 1
                opened.append((total, event.anchor))
                if len(opened) > MAX_DEPTH:
                    raise refuse(
                        name,
                        ErrorCode.NESTING_TOO_DEEP,
                        f"collections nested more than {MAX_DEPTH} deep",
                        _line(event),
                    )
                if event.anchor is not None:
                    sizes.pop(event.anchor, None)  # a redefined anchor is open again
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                start, anchor = opened.pop()
                if anchor is not None:
                    sizes[anchor] = total - start + 1
            elif kind is yaml.AliasEvent:
                size = sizes.get(event.anchor)
                if size is None:
                    if any(anchor == event.anchor for _start, anchor in opened):
                        raise refuse(
                            name,
                            ErrorCode.YAML_ALIAS_RECURSIVE,
                            f"alias *{event.anchor} stands inside its own anchor "
                            f"&{event.anchor}: a document without end",
                            _line(event),
                        )
                    continue  # an undefined alias: the reader reports it
                total += size
            else:
                continue
            if total > MAX_VALUES:
                raise refuse(
                    name,
                    ErrorCode.FILE_TOO_LARGE,
                    f"more than {MAX_VALUES:,} values"
                    + (" with its aliases expanded" if sizes else ""),
                    _line(event),
                )
    except yaml.YAMLError:
        return


def check_json_bounds(data: object, name: str) -> None:
    """Refuse JSON ``data`` nested too deep or holding too many values.

    The limits are :data:`MAX_DEPTH` and :data:`MAX_VALUES`, as for YAML; the data is
    walked level by level, without recursion.
    """
    level: list[object] = [data]
    depth, values = 0, 1
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise refuse(name, ErrorCode.NESTING_TOO_DEEP, f"nested more than {MAX_DEPTH} deep")
        below: list[object] = []
        for value in level:
            if isinstance(value, dict):
                below.extend(value.values())
            elif isinstance(value, list):
                below.extend(value)
        values += len(below)
        if values > MAX_VALUES:
            raise refuse(name, ErrorCode.FILE_TOO_LARGE, f"more than {MAX_VALUES:,} values")
        level = [value for value in below if isinstance(value, dict | list)]


def bounded_lines(stream: IO[str]) -> Iterator[str | None]:
    """The lines of ``stream``; None for a line longer than :data:`MAX_LINE_BYTES`.

    An overlong line is reported (None) as soon as the limit is crossed, then read past in
    pieces when the next line is asked for, never held whole: a peer that writes
    gigabytes without a newline costs no more memory than one long line allowed, and one
    that stops writing in the middle is not waited for before the refusal.
    """
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) <= MAX_LINE_BYTES or line.endswith("\n"):
            yield line
            continue
        yield None
        while line and not line.endswith("\n"):
            line = stream.readline(MAX_LINE_BYTES)


def _line(event: Any) -> int:
    return int(event.start_mark.line) + 1
