"""Driving an engine process: the requests of the protocol, for ``zwicker conform``.

:class:`ProcessEngine` asks each request of the engine interface
(:class:`~zwicker_ref.conformance.reference.Engine` and its batch forms) over an
:class:`~zwicker_ref.protocol.connection.EngineConnection`, and reads each answer
strictly. Batches (a perft walk's ply, a game's ``legal`` with its ``apply``, the
fuzzer's window of positions) are sent together and answered in order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, TypeVar, cast

from zwicker_ref.conformance.reference import Expected, Outcome, Played, Setup, StageDeal
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import SideScore
from zwicker_ref.errors import ZwickerError
from zwicker_ref.formats.move_data import move_to_data
from zwicker_ref.formats.notation import canonical_spelling, canonical_spellings, parse_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.protocol.connection import EngineConnection
from zwicker_ref.protocol.messages import (
    AnswerError,
    Pending,
    answer_count,
    answer_list,
    answer_text,
    apply_request,
    names_of,
    position_request,
    position_text,
    read_divide,
    read_played,
    read_sides,
    read_stages,
    setup_to_data,
)
from zwicker_ref.rules.cards import Card

T = TypeVar("T")


class ProcessEngine(EngineConnection):
    """An engine program driven over the protocol, restarted after any fault."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        super().__init__(command, timeout)
        self._last_data: tuple[Position | None, dict[str, Any]] = (None, {})
        """The last position :meth:`_data_of` wrote, with its data."""

    def _position(self, data: Any, op: str) -> Position:
        try:
            return position_from_data(data, f"engine answer to {op}")
        except ZwickerError as error:
            raise self._fault(f"invalid position in answer to {op}: {error}") from None

    def start(self, setup: Setup, deck: Sequence[Card]) -> Position:
        """The position after the first deal."""
        reply = self._request(
            {"op": "start", "setup": setup_to_data(setup), "deck": names_of(deck)},
            setup.variant,
            setup.options,
        )
        return self._position(self._field(reply, "position", "start"), "start")

    def deal(self, setup: Setup, deck: Sequence[Card]) -> list[StageDeal]:
        """Every stage of the deal."""
        reply = self._request(
            {"op": "deal", "setup": setup_to_data(setup), "deck": names_of(deck)},
            setup.variant,
            setup.options,
        )
        return self._read("deal", lambda: read_stages(self._field(reply, "stages", "deal")))

    def legal(self, position: Position) -> list[Move]:
        """The legal moves."""
        return self._moves(self._legal_reply(position))

    def legal_texts(self, position: Position) -> list[str]:
        """The legal moves in canonical notation, checked as :meth:`legal` checks them."""
        return self._listed(self._legal_reply(position), canonical_spelling, canonical_spellings)

    def _legal_reply(self, position: Position) -> dict[str, Any]:
        return self._request(
            {"op": "legal", "position": position_to_data(position)},
            position.variant,
            position.options,
        )

    def _moves(self, reply: dict[str, Any]) -> list[Move]:
        return self._listed(reply, parse_move)

    def _listed(
        self,
        reply: dict[str, Any],
        read: Callable[[str], T],
        read_all: Callable[[list[str]], list[T]] | None = None,
    ) -> list[T]:
        """What ``read`` makes of each move text of a ``legal`` answer.

        A fault names the first text that is not a move, by its place in the list.
        ``read_all``, if given, reads a list of texts at once as ``read`` reads each.
        """
        try:
            texts = answer_list(self._field(reply, "moves", "legal"), "moves")
            if read_all is not None and all(type(text) is str for text in texts):
                return read_all(texts)
            listed = []
            for index, text in enumerate(texts):
                if type(text) is not str:  # the place is named only for what is wrong
                    answer_text(text, f"moves[{index}]")
                listed.append(read(text))
            return listed
        except (AnswerError, ZwickerError) as error:
            raise self._fault(f"invalid move in answer to legal: {error}") from None

    def _count(self, reply: dict[str, Any]) -> int:
        return self._read(
            "count", lambda: answer_count(self._field(reply, "count", "count"), "count")
        )

    def apply(self, position: Position, move: Move) -> Position:
        """The position after a move (IllegalMoveError with the engine's code)."""
        request: dict[str, Any] = {
            "op": "apply",
            "position": position_to_data(position),
            # Structured data keeps a capture's stated value and groups (which the engine
            # checks too) and can state captures the notation cannot (no items, an item
            # named twice), so engines can be asked to reject them with their codes.
            "move": move_to_data(move),
        }
        if move.seat is not None:
            request["seat"] = move.seat
        reply = self._request(request, position.variant, position.options)
        return self._after(reply)

    def _after(self, reply: dict[str, Any]) -> Position:
        return self._position(self._field(reply, "position", "apply"), "apply")

    def count_then_apply(self, position: Position, move: Move) -> tuple[int, Position]:
        """How many legal moves ``position`` has, and the position after ``move``.

        The two requests are sent together, ``count`` (or ``legal``, from an engine that
        does not answer ``count``) first, so that an engine may play the move knowing
        its listing.
        """
        text = position_text(position)
        counts = self._declares("count")
        first = position_request("count" if counts else "legal", text, position)
        listed, after = self._batch([first, apply_request(text, position, move)], _as_is)
        count = self._count(listed) if counts else len(self._moves(listed))
        return count, self._after(after)

    def legal_apply_each(
        self,
        steps: Sequence[tuple[Position, Move]],
        expected: Sequence[Expected] = (),
        meanwhile: Callable[[], object] = lambda: None,
    ) -> list[Outcome]:
        """Each step's ``legal`` and ``apply`` answers, all the requests sent at once.

        The fuzzer's window (:class:`~zwicker_ref.conformance.reference.PipelineEngine`):
        the engine answers in order, as it would one request at a time, so any protocol-1
        engine can be sent them. Each answer is read as :meth:`legal` and :meth:`apply`
        read them; an error answer stays in its place, and a fault ends the list.
        ``expected`` may give what the reference answers to each step: an answer that is
        exactly its canonical text (the moves in any order) is taken for the expected
        moves or position themselves, without being read again. ``meanwhile`` is called
        once the requests are sent, before the answers are read.
        """
        # Each position's data is made once: a step's position is the one before's
        # position after its move, which its apply answer is compared with.
        datas = [self._data_of(position) for position, _move in steps]
        requests = []
        for (position, move), data in zip(steps, datas, strict=True):
            text = json.dumps(data)
            requests.append(position_request("legal", text, position))
            requests.append(apply_request(text, position, move))

        def after_data(step: int) -> dict[str, Any]:
            after = expected[step].after
            if step + 1 < len(steps) and steps[step + 1][0] is after:
                return datas[step + 1]
            return self._data_of(after)

        def read(place: int, reply: dict[str, Any]) -> list[Move] | Position:
            step, op = divmod(place, 2)
            if step < len(expected):
                if op:
                    if reply.get("position") == after_data(step):
                        return expected[step].after
                elif _lists_texts(reply, expected[step].texts):
                    return expected[step].moves
            return self._after(reply) if op else self._moves(reply)

        return self._exchange_each(requests, read, meanwhile)

    def _data_of(self, position: Position) -> dict[str, Any]:
        """``position_to_data`` of ``position``; the last position asked is remembered.

        A window's last position after its move is the next window's first position.
        """
        known, data = self._last_data
        if known is not position:
            data = position_to_data(position)
            self._last_data = (position, data)
        return data

    def count_each(self, positions: Sequence[Position]) -> list[int]:
        """How many legal moves each position has, the requests sent together.

        Asked with ``count`` where the engine answers it, else listed with ``legal``.
        """
        if not self._declares("count"):
            return [len(moves) for moves in self.legal_each(positions)]
        return self._batch(
            [position_request("count", position_text(p), p) for p in positions], self._count
        )

    def legal_each(self, positions: Sequence[Position]) -> list[list[Move]]:
        """The legal moves of each position, the requests sent together."""
        return self._batch(
            [position_request("legal", position_text(p), p) for p in positions], self._moves
        )

    def expand_each(self, positions: Sequence[Position]) -> list[list[tuple[Move, Position]]]:
        """Each position's legal moves, each with the position after it.

        The ``legal`` requests are sent together, then the ``apply`` requests of all
        their moves together.
        """
        texts = [position_text(position) for position in positions]
        listed = self._batch(
            [position_request("legal", text, p) for text, p in zip(texts, positions, strict=True)],
            self._moves,
        )
        steps = [
            apply_request(text, position, move)
            for text, position, moves in zip(texts, positions, listed, strict=True)
            for move in moves
        ]
        after = iter(self._batch(steps, self._after))
        return [[(move, next(after)) for move in moves] for moves in listed]

    def play(
        self, position: Position, moves: Sequence[Move], counted: Collection[int]
    ) -> Played | None:
        """The moves played one after another by the engine's ``play``, sent at once.

        The number of legal moves is asked before each move whose index (from 0) is in
        ``counted``. None if the engine does not answer ``play`` (its ``hello`` does not
        list it).
        """
        if not self._declares("play"):
            return None
        reply = self._request(
            {
                "op": "play",
                "position": position_to_data(position),
                "moves": [move_to_data(move) for move in moves],
                "count": sorted(counted),
            },
            position.variant,
            position.options,
        )
        return self._read(
            "play",
            lambda: read_played(
                self._field(reply, "counts", "play"),
                self._field(reply, "positions", "play"),
                reply.get("refused"),
                len(moves),
                counted,
            ),
        )

    def perft_divide(
        self, position: Position, depth: int
    ) -> tuple[list[Move], list[list[int]]] | None:
        """The root's legal moves, and the move sequences under each at each depth.

        For each depth from 1 to ``depth``, as the engine's ``perft`` answers them; None if
        it does not answer ``perft`` (its ``hello`` does not list it).
        """
        if not self._declares("perft"):
            return None
        reply = self._request(
            {"op": "perft", "position": position_to_data(position), "depth": depth},
            position.variant,
            position.options,
        )
        return self._read(
            "perft", lambda: read_divide(self._field(reply, "divide", "perft"), depth)
        )

    def legal_texts_and_perft(
        self, position: Position, depth: int
    ) -> tuple[list[str], tuple[list[Move], list[list[int]]] | None]:
        """:meth:`legal_texts` and :meth:`perft_divide`, the requests sent together.

        Each answer is read as those read it, the listing first; an engine that does not
        answer ``perft`` is asked ``legal`` alone (and None is its counts).
        """
        if not self._declares("perft"):
            return self.legal_texts(position), None
        text = position_text(position)
        perft = f'"op": "perft", "position": {text}, "depth": {depth}'
        # Each answer is read as it comes, as one request at a time reads it: a listing
        # that is not valid is the fault even when the perft answer is one too.
        readers: Iterator[Callable[[dict[str, Any]], object]] = iter(
            (
                lambda reply: self._listed(reply, canonical_spelling, canonical_spellings),
                lambda reply: self._read(
                    "perft", lambda: read_divide(self._field(reply, "divide", "perft"), depth)
                ),
            )
        )
        requests = [
            position_request("legal", text, position),
            Pending("perft", position.variant, position.options, perft),
        ]
        listed, divided = self._batch(requests, lambda reply: next(readers)(reply))
        return cast(list[str], listed), cast(tuple[list[Move], list[list[int]]], divided)

    def score(
        self, setup: Setup, captured: Sequence[Sequence[Card]], zwicks: Sequence[int]
    ) -> list[SideScore]:
        """The scores by side."""
        reply = self._request(
            {
                "op": "score",
                "setup": setup_to_data(setup),
                "captured": [names_of(pile) for pile in captured],
                "zwicks": list(zwicks),
            },
            setup.variant,
            setup.options,
        )
        return self._read(
            "score",
            lambda: read_sides(
                self._field(reply, "sides", "score"), setup.players, captured, zwicks
            ),
        )


def _lists_texts(reply: dict[str, Any], texts: list[str]) -> bool:
    """True if a ``legal`` answer's moves are exactly ``texts`` (sorted), in any order."""
    listed = reply.get("moves")
    if not isinstance(listed, list) or len(listed) != len(texts):
        return False
    try:
        return sorted(listed) == texts
    except TypeError:  # not all texts (nor all of one kind of value): read in full
        return False


def _as_is(reply: dict[str, Any]) -> dict[str, Any]:
    return reply
