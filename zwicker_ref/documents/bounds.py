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

import codecs
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


_NESTS = (dict, list)
"""The values that hold others (a tuple: ``isinstance`` reads it faster than ``dict | list``)."""


def check_json_bounds(data: object, name: str, text: str | None = None) -> None:
    """Refuse JSON ``data`` nested too deep or holding too many values.

    The limits are :data:`MAX_DEPTH` and :data:`MAX_VALUES`, as for YAML; the data is
    walked level by level, without recursion. ``text``, the JSON text the data was read
    from, if given, passes the data without the walk where the text alone shows that it
    is within both limits (:func:`_within_bounds`): most protocol lines do.
    """
    if text is not None and _within_bounds(text):
        return
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
        # Most values are text (a listing of moves is tens of thousands): passed over first.
        level = [value for value in below if type(value) is not str and isinstance(value, _NESTS)]


def _within_bounds(text: str) -> bool:
    """True if the data of the JSON ``text`` is certainly within both limits.

    Every value of a JSON text begins at a character of its own, so a text of no more
    characters than :data:`MAX_VALUES` holds no more values; and every array or object
    begins with a bracket, so a text with no more brackets than :data:`MAX_DEPTH` (those
    inside strings counted too) nests no deeper.
    """
    return len(text) <= MAX_VALUES and text.count("[") + text.count("{") <= MAX_DEPTH


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


def bounded_line_batches(stream: IO[str]) -> Iterator[list[str | None]]:
    r"""The lines of ``stream`` as :func:`bounded_lines` gives them, in batches.

    A batch is every line that had come whole when the stream was last read: a reader
    that answers each line can write its answers together after the batch, and knows
    that no line is waiting when it does (a peer that sent several requests at once gets
    their answers in one write, not one each). The stream is read as it comes, never
    waiting for more than it already holds once a line is whole.

    Only a UTF-8 text stream over a buffered binary one (standard input, a pipe opened
    as text) is read so: its bytes are read as they come and each line decoded as the
    text stream would (its error handler, and ``\r\n`` and a lone ``\r`` read as
    ``\n``), and nothing may have been read from the text stream before. Any other
    stream gives one line a batch, read by :func:`bounded_lines`.
    """
    raw = _bytes_under(stream)
    if raw is None:
        for line in bounded_lines(stream):
            yield [line]
        return
    errors = getattr(stream, "errors", None) or "strict"
    held = bytearray()  # the start of a line not yet whole
    skipping = False  # past an overlong line's limit: dropped until its end
    carried = False  # a chunk ended in \r: the next may begin with its \n
    while True:
        chunk = raw.read1(_CHUNK_BYTES)
        if not chunk:
            if carried:
                chunk, carried = b"\n", False
            elif held and not skipping:
                yield [held.decode("utf-8", errors)]
                return
            else:
                return
        chunk, carried = _line_ends(chunk, carried)
        batch: list[str | None] = []
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if skipping:
                skipping = False
            elif len(held) + end - start > MAX_LINE_BYTES:
                batch.append(None)
            else:
                held += chunk[start : end + 1]
                batch.append(held.decode("utf-8", errors))
            held.clear()
            start = end + 1
        if not skipping and start < len(chunk):
            held += chunk[start:]
            if len(held) > MAX_LINE_BYTES:
                batch.append(None)  # refused now: the rest may never come
                held.clear()
                skipping = True
        if batch:
            yield batch


_CHUNK_BYTES = 64 * 1024
"""The most bytes :func:`bounded_line_batches` reads at once (a pipe's default capacity)."""


def _bytes_under(stream: IO[str]) -> Any:
    """The buffered binary stream under a UTF-8 text ``stream``, or None."""
    raw = getattr(stream, "buffer", None)
    encoding = getattr(stream, "encoding", None)
    if raw is None or not hasattr(raw, "read1") or not isinstance(encoding, str):
        return None
    try:
        if codecs.lookup(encoding).name != "utf-8":
            return None
    except LookupError:
        return None
    return raw


def _line_ends(chunk: bytes, carried: bool) -> tuple[bytes, bool]:
    r"""``chunk`` with ``\r\n`` and ``\r`` as ``\n``, as a text stream reads line ends.

    A final ``\r`` is held back (the second value is true) until the next chunk shows
    whether a ``\n`` follows it; ``carried`` is the one held back from the chunk before.
    """
    if carried:
        chunk = b"\r" + chunk
    held_back = chunk.endswith(b"\r")
    if held_back:
        chunk = chunk[:-1]
    if b"\r" in chunk:
        chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return chunk, held_back


def _line(event: Any) -> int:
    return int(event.start_mark.line) + 1
