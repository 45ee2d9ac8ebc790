"""Reading a scenario's content into its typed body, keeping the place of every problem.

The document has passed its JSON Schema; what is left to check is what the schema cannot
see: card and move notation, error codes, and a deal given as stages that the variant's
schedule cannot deal. Each getter takes the path of the place it reads, so a problem names
it (as ``packaging`` does for lock files: ``steps[2].after.hands[1]``).
"""

from __future__ import annotations

from typing import Any

from zwicker_ref.conformance.scenario_kinds import (
    Body,
    BuildPart,
    Checkpoint,
    DealBody,
    GameBody,
    GameMove,
    GameResult,
    LegalMovesBody,
    MatchBody,
    MatchHandExpect,
    MatchHandPart,
    MoveBody,
    Parts,
    Perft,
    ScoreBody,
    ScoreExpect,
    StageCards,
    Step,
    TablePart,
)
from zwicker_ref.documents.yamlfile import DocPath, YamlDocument
from zwicker_ref.engine.core.match import MatchEnd
from zwicker_ref.engine.core.moves import Build, Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode, NotationError, Problem, ZwickerError
from zwicker_ref.formats.move_data import MoveDataError, move_from_data
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.deal_plan import stage_steps, walk_stage
from zwicker_ref.rules.variant import Rules, Variant

_PARTS = (
    "table", "hands", "captured", "captured_counts", "zwicks", "to_move", "stage",
    "last_capture", "stock", "over", "shown",
)  # fmt: skip


class ScenarioReader:
    """Typed getters over one scenario document; problems go to ``problems``."""

    def __init__(self, document: YamlDocument, problems: list[Problem]) -> None:
        self.document = document
        self.problems = problems

    # Leaves ------------------------------------------------------------------------------

    def card(self, raw: Any, path: DocPath) -> Card | None:
        """A card in card notation."""
        try:
            return Card.parse(raw)
        except NotationError as error:
            self.problems.append(self.document.problem(error.code, error.message, path))
            return None

    def cards(self, raw: Any, path: DocPath) -> tuple[Card, ...]:
        """A list of cards."""
        found = (self.card(text, (*path, index)) for index, text in enumerate(raw))
        return tuple(card for card in found if card is not None)

    def move(self, raw: Any, path: DocPath) -> Move | None:
        """A move in notation or as move data."""
        try:
            return move_from_data(raw, path)
        except MoveDataError as error:
            self.problems.append(error.problem(self.document))
        except NotationError as error:
            self.problems.append(self.document.problem(error.code, error.message, path))
        return None

    def moves(self, raw: Any, path: DocPath) -> tuple[Move, ...]:
        """A list of moves."""
        found = (self.move(entry, (*path, index)) for index, entry in enumerate(raw))
        return tuple(move for move in found if move is not None)

    def code(self, raw: Any, path: DocPath) -> ErrorCode | None:
        """An error code of ``docs/reference/errors.md``."""
        try:
            return ErrorCode(raw)
        except ValueError:
            self.problems.append(
                self.document.problem(
                    ErrorCode.SCHEMA_VIOLATION,
                    f"{raw!r} is not an error code (see docs/reference/errors.md)",
                    path,
                )
            )
            return None

    def parts(self, raw: dict[str, Any], path: DocPath) -> Parts:
        """Asserted parts of a position."""
        values: dict[str, Any] = {}
        if "table" in raw:
            values["table"] = tuple(
                self._table_part(item, (*path, "table", index))
                for index, item in enumerate(raw["table"])
            )
        for key in ("hands", "captured"):
            if key in raw:
                values[key] = tuple(
                    None if pile is None else self.cards(pile, (*path, key, index))
                    for index, pile in enumerate(raw[key])
                )
        for key in ("captured_counts", "zwicks"):
            if key in raw:
                values[key] = tuple(raw[key])
        for key in ("to_move", "stage", "last_capture", "over"):
            if key in raw:
                values[key] = raw[key]
        if "stock" in raw:
            values["stock"] = self.cards(raw["stock"], (*path, "stock"))
        if "shown" in raw:
            values["shown"] = tuple(tuple(sorted(seat)) for seat in raw["shown"])
        return Parts(given=frozenset(key for key in _PARTS if key in raw), **values)

    def _table_part(self, raw: Any, path: DocPath) -> TablePart:
        if isinstance(raw, dict):
            return BuildPart(
                cards=self.cards(raw["build"], (*path, "build")),
                value=raw["value"],
                owner=raw.get("owner"),
            )
        card = self.card(raw, path)
        return card if card is not None else BuildPart(cards=(), value=1, owner=None)

    # Bodies ------------------------------------------------------------------------------

    def body(
        self, kind: str, data: dict[str, Any], position: Position | None, variant: Variant
    ) -> Body | None:
        """The typed content of a scenario of ``kind`` (None where a part is missing)."""
        if kind == "move":
            return None if position is None else self._move_body(data, position)
        if kind == "legal-moves":
            return None if position is None else self._legal_body(data["expect"], position)
        rules = variant.rules_with(tuple(data.get("options", ())))
        if kind == "game":
            return self._game_body(data, rules)
        if kind == "deal":
            return DealBody(
                dealer=data["dealer"],
                deck=self.cards(data["deck"], ("deck",)),
                stages=self._stages(data["stages"], ("stages",)),
            )
        if kind == "match":
            return self._match_body(data, rules.sides_for(data["players"]))
        return self._score_body(data)

    def _move_body(self, data: dict[str, Any], position: Position) -> MoveBody:
        steps = []
        for index, raw in enumerate(data["steps"]):
            path: DocPath = ("steps", index)
            move = self.move(raw["move"], (*path, "move"))
            error = self.code(raw["error"], (*path, "error")) if "error" in raw else None
            after = self.parts(raw["after"], (*path, "after")) if "after" in raw else None
            if move is not None:
                steps.append(
                    Step(
                        move=move,
                        seat=raw.get("seat"),
                        legal=raw["expect"] == "legal",
                        error=error,
                        after=after,
                        note=raw.get("note"),
                        path=path,
                    )
                )
        return MoveBody(position=position, steps=tuple(steps))

    def _legal_body(self, expect: dict[str, Any], position: Position) -> LegalMovesBody:
        def owned(key: str) -> tuple[Move, ...]:
            return tuple(
                _owned(position, move) for move in self.moves(expect.get(key, ()), ("expect", key))
            )

        perft = []
        for index, entry in enumerate(expect.get("perft", ())):
            path: DocPath = ("expect", "perft", index, "divide")
            divide = []
            for text, count in entry.get("divide", {}).items():
                move = self.move(text, (*path, text))
                if move is not None:
                    divide.append((_owned(position, move), count))
            perft.append(Perft(depth=entry["depth"], count=entry["count"], divide=tuple(divide)))
        return LegalMovesBody(
            position=position,
            moves=frozenset(owned("moves")) if "moves" in expect else None,
            count=expect.get("count"),
            includes=owned("includes"),
            excludes=owned("excludes"),
            perft=tuple(perft),
        )

    def _stages(self, raw: list[Any], path: DocPath) -> tuple[StageCards, ...]:
        return tuple(
            StageCards(
                hands=tuple(
                    self.cards(hand, (*path, index, "hands", seat))
                    for seat, hand in enumerate(stage["hands"])
                ),
                table=self.cards(stage["table"], (*path, index, "table"))
                if "table" in stage
                else None,
            )
            for index, stage in enumerate(raw)
        )

    def _game_body(self, data: dict[str, Any], rules: Rules) -> GameBody | None:
        deal = data["deal"]
        stages = None
        if "deck" in deal:
            deck = self.cards(deal["deck"], ("deal", "deck"))
        else:
            stages = self._stages(deal["stages"], ("deal", "stages"))
            try:
                deck = deck_from_stages(rules, data["players"], data["dealer"], stages)
            except ZwickerError as error:
                self.problems.append(
                    self.document.problem(error.code, error.message, ("deal", "stages"))
                )
                return None
        moves = self._game_moves(data["moves"], ("moves",))
        checkpoints = tuple(
            Checkpoint(
                after=entry["after"],
                expect=self.parts(entry["expect"], ("checkpoints", index, "expect")),
                note=entry.get("note"),
            )
            for index, entry in enumerate(data.get("checkpoints", ()))
        )
        result = data["result"]
        names = tuple(data.get("names", ()))
        if names and len(names) != data["players"]:
            self.problems.append(
                self.document.problem(
                    ErrorCode.SCHEMA_VIOLATION,
                    f"names lists {len(names)} players; the scenario has {data['players']}",
                    ("names",),
                )
            )
        return GameBody(
            dealer=data["dealer"],
            deck=deck,
            stages=stages,
            moves=moves,
            checkpoints=checkpoints,
            result=GameResult(
                cards=_counts(result.get("cards")),
                zwicks=_counts(result.get("zwicks")),
                points=_counts(result.get("points")),
            ),
            errata=tuple(data.get("errata", ())),
            names=names,
        )

    def _game_moves(self, raw: list[Any], path: DocPath) -> tuple[GameMove, ...]:
        moves = []
        for index, entry in enumerate(raw):
            place: DocPath = (*path, index)
            move = self.move(entry["move"], (*place, "move"))
            if move is not None:
                moves.append(
                    GameMove(
                        move=move,
                        seat=entry.get("seat"),
                        note=entry.get("note"),
                        path=place,
                        count=entry.get("count"),
                    )
                )
        return tuple(moves)

    def _match_body(self, data: dict[str, Any], sides: int) -> MatchBody:
        setup = data["match"]
        expect = data["expect"]
        hands = []
        for index, raw in enumerate(data["hands"]):
            path: DocPath = ("hands", index)
            points = raw.get("points")
            if points is not None and len(points) != sides:
                self.problems.append(
                    self.document.problem(
                        ErrorCode.SCHEMA_VIOLATION,
                        f"a hand's points list {len(points)} sides; this game has {sides}",
                        (*path, "points"),
                    )
                )
            hands.append(
                MatchHandPart(
                    points=None if points is None else tuple(points),
                    deck=self.cards(raw.get("deck", ()), (*path, "deck")),
                    moves=self._game_moves(raw.get("moves", ()), (*path, "moves")),
                    path=path,
                )
            )
        if len(expect["hands"]) != len(hands):
            self.problems.append(
                self.document.problem(
                    ErrorCode.SCHEMA_VIOLATION,
                    f"expect.hands lists {len(expect['hands'])} hands; the match has {len(hands)}",
                    ("expect", "hands"),
                )
            )
        end = setup["end"]
        return MatchBody(
            end=MatchEnd(hands=end.get("hands"), target=end.get("target")),
            first_dealer=setup.get("first_dealer"),
            draw=self.cards(setup["draw"], ("match", "draw")) if "draw" in setup else None,
            hands=tuple(hands),
            expect_first_dealer=expect["first_dealer"],
            expect_hands=tuple(
                MatchHandExpect(
                    dealer=entry["dealer"],
                    points=_counts(entry.get("points")),
                    totals=tuple(entry["totals"]),
                )
                for entry in expect["hands"]
            ),
            winners=tuple(expect["winners"]),
        )

    def _score_body(self, data: dict[str, Any]) -> ScoreBody:
        expect = data["expect"]
        return ScoreBody(
            captured=tuple(
                self.cards(pile, ("captured", index)) for index, pile in enumerate(data["captured"])
            ),
            zwicks=tuple(data["zwicks"]),
            expect=ScoreExpect(
                card_points=_counts(expect.get("card_points")),
                most_cards=_counts(expect.get("most_cards")),
                zwick_points=_counts(expect.get("zwick_points")),
                points=_counts(expect.get("points")),
                lines=tuple(
                    (label, tuple(points)) for label, points in expect.get("lines", {}).items()
                ),
                check_holds=expect.get("check_holds"),
            ),
        )


def _counts(raw: list[int] | None) -> tuple[int, ...] | None:
    return None if raw is None else tuple(raw)


def _owned(position: Position, move: Move) -> Move:
    """A build that names no owner, where builds have owners, is the mover's."""
    if isinstance(move, Build) and move.owner is None and position.rules.build_ownership:
        return Build(move.card, move.target, move.value, position.to_move)
    return move


def deck_from_stages(
    rules: Rules, players: int, dealer: int, stages: tuple[StageCards, ...]
) -> tuple[Card, ...]:
    """The deck order (top first) that deals the given hands and table cards, stage by stage.

    Within a stage a seat's cards (and the table's) are taken in the order listed; which of
    them comes first does not change the position, since hands and the table are sets.
    """
    schedule = rules.schedule_for(players)
    remaining = sum(len(hand) for stage in stages for hand in stage.hands)
    remaining += sum(len(stage.table or ()) for stage in stages)
    forehand = (dealer + 1) % players
    deck: list[Card] = []
    for index, stage in enumerate(stages):
        steps = stage_steps(schedule, index)
        if steps is None:
            raise ZwickerError(
                ErrorCode.INVALID_DECK_ORDER, f"stage {index + 1} is past the schedule"
            )
        walk = walk_stage(steps, rules.deal_final, players, remaining, index)
        hands = [list(hand) for hand in stage.hands]
        table = list(stage.table or ())
        for destination in walk.destinations:
            pile = table if destination is None else hands[(forehand + destination) % players]
            if not pile:
                raise ZwickerError(
                    ErrorCode.INVALID_DECK_ORDER,
                    f"stage {index + 1} gives a seat or the table too few cards",
                )
            deck.append(pile.pop(0))
        if any(hands) or table:
            raise ZwickerError(
                ErrorCode.INVALID_DECK_ORDER,
                f"stage {index + 1} gives a seat or the table too many cards",
            )
        remaining -= len(walk.destinations)
    return tuple(deck)
