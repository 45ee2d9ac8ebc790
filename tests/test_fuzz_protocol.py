"""Fuzzing the engine protocol as ``zwicker serve`` answers it (see tests/fuzzing.py)."""

from __future__ import annotations

import io
import itertools
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import TEXT, check_reply, renumbered
from tests.strategies import (
    DATA,
    legal_and_candidate,
    mutated,
    positions,
    settings_of,
)
from zwicker_ref.errors import ErrorCode
from zwicker_ref.formats.move_data import move_to_data
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.protocol import OPERATIONS, serve

# The engine protocol, served -----------------------------------------------------------


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """A valid request of any operation, shaped as the conformance runner sends it."""
    op = draw(st.sampled_from(OPERATIONS))
    request: dict[str, Any] = {"id": draw(st.integers(min_value=0, max_value=99)), "op": op}
    if op in ("start", "deal", "score"):
        setting = draw(settings_of(max_players=6))
        players = setting.players
        request["setup"] = {
            "variant": setting.variant_id,
            "options": list(setting.options),
            "players": players,
            "dealer": draw(st.integers(min_value=0, max_value=players - 1)),
        }
        deck = [str(card) for card in draw(st.permutations(setting.deck))]
        if op != "score":
            request["deck"] = deck
        else:
            sides = 2 if setting.rules.is_partnership(players) else players
            cuts = sorted(
                draw(st.lists(st.integers(0, len(deck)), min_size=sides - 1, max_size=sides - 1))
            )
            bounds = [0, *cuts, len(deck)]
            request["captured"] = [deck[a:b] for a, b in itertools.pairwise(bounds)]
            request["zwicks"] = [draw(st.integers(min_value=0, max_value=3)) for _ in range(sides)]
    elif op in ("legal", "count", "apply", "play", "perft"):
        position = draw(positions(max_table=6))
        request["position"] = position_to_data(position)
        if op == "apply":
            move = draw(legal_and_candidate(position))
            request["move"] = move_to_data(move)
            if move.seat is not None:
                request["seat"] = move.seat
        if op == "play":  # the first move, legal or not, and maybe another
            played = draw(st.lists(legal_and_candidate(position), min_size=1, max_size=2))
            request["moves"] = [move_to_data(move) for move in played]
            request["count"] = draw(st.sets(st.integers(0, len(played) - 1)).map(sorted))
        if op == "perft":
            request["depth"] = draw(st.integers(min_value=1, max_value=2))
    return request


# A line of input: junk, JSON that is no request, a request, a request slightly wrong.
REQUEST_LINES = (
    TEXT
    | DATA.map(json.dumps)
    | requests().map(json.dumps)
    | requests().flatmap(lambda request: mutated(request) | renumbered(request)).map(json.dumps)
)


@given(st.lists(REQUEST_LINES, max_size=5))
def test_served_protocol(lines: list[str]) -> None:
    """``zwicker serve`` answers every line with a protocol answer, in order, and never dies:
    an engine runner would see the reference crash or fall out of step."""
    text = "\n".join(lines) + "\n"
    # What it must answer: each non-blank line, up to and including a quit.
    expected: list[Any] = []
    for line in io.StringIO(text):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):  # what serve answers as unreadable JSON
            request = None
        expected.append(request)
        if isinstance(request, dict) and request.get("op") == "quit":
            break
    out = io.StringIO()
    serve(io.StringIO(text), out)
    # Lines end in "\n" only: ensure_ascii=False keeps U+2028 and the like as they are.
    replies = [json.loads(line) for line in out.getvalue().split("\n")[:-1]]
    assert len(replies) == len(expected), out.getvalue()
    for request, reply in zip(expected, replies, strict=True):
        check_reply(request, reply)


# Bugs the fuzzers found, fixed: each kept as a minimal regression test -----------------


@pytest.mark.parametrize(
    "line",
    [
        # Found by test_served_protocol: int(1e400) raised OverflowError out of serve.
        '{"id": 1, "op": "start", "setup": {"variant": "classic", "options": [], '
        '"players": 2, "dealer": 1e400}, "deck": []}',
        '{"id": 1, "op": "score", "setup": {"variant": "classic", "options": [], '
        '"players": 2, "dealer": 0}, "captured": [[], []], "zwicks": [0, 2.5]}',
        # Found in review: JSON that json.loads refuses with other errors than a decode error.
        '{"x": ' + "1" * 4301 + "}",
        "[" * 100_000,
    ],
    ids=["infinite-dealer", "fractional-zwicks", "4301-digits", "deep-nesting"],
)
def test_serve_answers_unreadable_numbers_with_bad_request(line: str) -> None:
    out = io.StringIO()
    serve(io.StringIO(line + "\n"), out)
    reply = json.loads(out.getvalue())
    assert reply["ok"] is False
    assert reply["error"] == ErrorCode.BAD_REQUEST.value
    assert reply["message"]
