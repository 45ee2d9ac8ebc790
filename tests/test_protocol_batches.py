"""Requests that come together are answered together, and lines are read in batches.

A runner that pipelines writes many requests at once; ``zwicker serve`` reads what has
come (``bounded_line_batches``), answers it, and writes the answers with one flush rather
than one each, and the client reads the engine's lines the same way. The batches must be
exactly the lines a text stream reads (line ends, the length limit, a line cut off at the
end), and a JSON line's bounds read off its text must be those its data has.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from zwicker_ref.conformance.reference import REFERENCE, EngineFault, Expected
from zwicker_ref.documents import bounds
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.errors import InvalidFileError
from zwicker_ref.formats.notation import format_moves
from zwicker_ref.protocol import ProcessEngine, server
from zwicker_ref.rules.spec_loader import load_variant


class _Trickle(io.RawIOBase):
    """Bytes given back a few at a time, as a pipe gives what has come."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self._data, self._sizes, self._at = data, sizes or [1], 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = self._sizes[self._at % len(self._sizes)] if self._data else 0
        self._at += 1
        piece, self._data = self._data[:size], self._data[size:]
        buffer[: len(piece)] = piece
        return len(piece)


def _text(data: bytes, sizes: list[int]) -> io.TextIOWrapper:
    return io.TextIOWrapper(
        io.BufferedReader(_Trickle(data, sizes)), encoding="utf-8", errors="surrogateescape"
    )


@given(
    st.lists(st.sampled_from([b"a", b"b", b"\r", b"\n", b"\xff", b"\xc3\xa9"]), max_size=60),
    st.lists(st.integers(min_value=1, max_value=7), max_size=5),
)
def test_batches_are_the_lines_a_text_stream_reads(pieces: list[bytes], sizes: list[int]) -> None:
    data = b"".join(pieces)
    limit = bounds.MAX_LINE_BYTES
    try:
        bounds.MAX_LINE_BYTES = 8  # lines past the limit happen
        expected = list(
            bounds.bounded_lines(io.TextIOWrapper(io.BytesIO(data), "utf-8", "surrogateescape"))
        )
        batches = list(bounds.bounded_line_batches(_text(data, sizes)))
    finally:
        bounds.MAX_LINE_BYTES = limit
    assert all(batches)
    assert [line for batch in batches for line in batch] == expected


def test_a_batch_is_what_has_come() -> None:
    data = b'{"id": 1}\n{"id": 2}\n{"id"'
    first = next(bounds.bounded_line_batches(_text(data + b": 3}\n", [len(data)])))
    assert first == ['{"id": 1}\n', '{"id": 2}\n']


def _json_values(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
        ),
        max_leaves=30,
    )


@given(
    _json_values(st.none() | st.booleans() | st.integers() | st.text(alphabet="a[{", max_size=3))
)
@example({"a": {"b": {"c": {"d": 1}}}})
@example([[["[[[[[[[[[["]]])
@example(list(range(20)))
def test_bounds_read_off_the_text_are_the_bounds_of_the_data(data: Any) -> None:
    limits = bounds.MAX_DEPTH, bounds.MAX_VALUES
    text = json.dumps(data)
    outcomes = []
    try:
        for depth, values in ((3, 1000), (1000, 12)):  # each limit is crossed
            bounds.MAX_DEPTH, bounds.MAX_VALUES = depth, values
            for given_text in (None, text):
                try:
                    bounds.check_json_bounds(data, "data", given_text)
                    outcomes.append("within")
                except InvalidFileError as error:
                    outcomes.append(error.problems[0].message)
    finally:
        bounds.MAX_DEPTH, bounds.MAX_VALUES = limits
    assert outcomes[0::2] == outcomes[1::2]


class _Flushes(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def test_requests_that_came_together_are_answered_with_one_flush(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server, "FLUSH_AFTER", 3600.0)  # never written early here
    requests = b"".join(b'{"id": %d, "op": "hello"}\n' % ident for ident in range(1, 5))
    out = _Flushes()
    server.serve(io.TextIOWrapper(io.BytesIO(requests + b'{"id": 5, "op": "quit"}\n')), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [answer["id"] for answer in answers] == [1, 2, 3, 4, 5]
    assert out.flushes == 1


@pytest.mark.parametrize("command", [f"{sys.executable} -m zwicker_ref serve", "false"])
def test_the_caller_works_once_while_the_engine_answers(command: str) -> None:
    variant = load_variant("classic")
    position = start_hand(variant, 2, 1, shuffled_deck(variant.rules, 2, 4))
    moves = REFERENCE.legal(position)
    after = REFERENCE.apply(position, moves[0])
    expected = Expected(moves=moves, texts=sorted(format_moves(moves)), after=after)
    engine = ProcessEngine(command)
    calls: list[str] = []
    try:
        outcomes = engine.legal_apply_each(
            [(position, moves[0])], [expected], lambda: calls.append("meanwhile")
        )
    finally:
        engine.close()
    assert calls == ["meanwhile"]
    if command == "false":  # an engine gone: a fault, after the caller's work
        assert isinstance(outcomes[-1], EngineFault)
    else:  # answers that state the reference's are taken for its very moves and position
        assert outcomes[0] is moves
        assert outcomes[1] is after
