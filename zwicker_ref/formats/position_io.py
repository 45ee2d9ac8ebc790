"""Positions read from plain data and from YAML or JSON files.

The format is described field by field in ``docs/reference/position-format.md`` and by
``spec/schema/position.schema.json``. Reading checks the schema, then the meaning: the
variant and its options exist, the player count is allowed, seats are in range, there is
one hand per seat and one captured pile and zwick count per side, every card belongs to
the variant's deck at that player count and appears at most once, and builds have owners
exactly where the variant's builds do, with values the variant allows. Every problem is
reported, with its place and line, not only the first.

A position may hold only part of the deck (test positions leave cards out). A document
that plainly fits the schema skips the validator (:mod:`.position_fit`). Writing is
:mod:`.position_write` (its functions are named here too, where callers find them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from zwicker_ref.documents.schemas import schema_problems
from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, checked, format_path, read_yaml
from zwicker_ref.engine.core.memo import Memo, PerObject
from zwicker_ref.engine.core.position import Pile, Position, TableItem, sorted_cards, sorted_items
from zwicker_ref.errors import (
    MAX_PROBLEMS_OF_A_KIND,
    ErrorCode,
    LookupProblem,
    NotationError,
    Problem,
    bounded_problems,
    more_problems,
)
from zwicker_ref.formats.position_fit import FORMAT, MAX_PLAYERS, MIN_PLAYERS, fitting_cards
from zwicker_ref.formats.position_shown import shown_from_data, shown_problem
from zwicker_ref.formats.position_write import (
    dump_position_json,
    dump_position_yaml,
    position_to_data,
)
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.spec_loader import load_variant
from zwicker_ref.rules.variant import Rules

__all__ = [
    "FORMAT",
    "check_position_document",
    "dump_position_json",
    "dump_position_yaml",
    "load_position",
    "position_from_data",
    "position_from_document",
    "position_to_data",
]


def load_position(path: Path, display_name: str | None = None) -> Position:
    """Read a position file (YAML or JSON); :class:`InvalidFileError` lists every problem."""
    return position_from_document(read_yaml(path, display_name))


def position_from_data(data: object, name: str = "<data>") -> Position:
    """The position that plain ``data`` describes (``name`` labels it in problems)."""
    return position_from_document(YamlDocument(file=name, data=data, lines={}))


def position_from_document(document: YamlDocument) -> Position:
    """The position in a parsed document; raise :class:`InvalidFileError` if it is not valid."""
    return checked(document, check_position_document)


def check_position_document(document: YamlDocument) -> tuple[Position | None, list[Problem]]:
    """Check a parsed position; return the position (if it is valid) and every problem found."""
    data = document.data
    # The schema validator is thorough but slow (most of a served request's time); a
    # document that plainly fits the schema skips it, anything else gets its messages.
    fitting = fitting_cards(data)
    problems = [] if fitting is not None else schema_problems(document, "position")
    if not isinstance(data, dict):
        return None, problems
    checker = _Checker(document)
    rules = checker.rules(data)
    players = _int(data.get("players"))
    if players is not None and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        players = None  # the schema has reported it; seat checks against it would only echo
    players_allowed = players is not None and rules is not None and players in rules.player_counts
    if rules is not None and players is not None and not players_allowed:
        try:
            rules.check_players(players)
        except LookupProblem as error:
            checker.add(error.code, error.message, ("players",))
    if players is not None and (rules is None or players_allowed):
        checker.seats(data, players)  # against a count the variant forbids they only echo
    game: _Game | None = None
    if rules is not None and players is not None and players_allowed:
        game = _game(rules, players)
        checker.counts(data, rules, players, game.stages)
        checker.builds(data, rules, players)
    checker.cards(data, game, f"{data.get('variant')} with {players} players", fitting)
    reported = set(problems)
    problems += [problem for problem in checker.problems if problem not in reported]
    problems.sort(key=lambda problem: problem.line or 0)  # stable: same line keeps its order
    problems = list(bounded_problems([*problems, *checker.counted()]))
    if problems:
        return None, problems
    assert rules is not None
    assert players is not None
    assert game is not None
    return _position(data, rules, players, game.cards), []


class _Checker:
    """Collects the problems of one position document, each located."""

    def __init__(self, document: YamlDocument) -> None:
        self.document = document
        self.problems: list[Problem] = []
        self.found: dict[ErrorCode, int] = {}
        self.more: dict[ErrorCode, int] = {}  # problems past the limit, only counted

    def full(self, code: ErrorCode) -> bool:
        """True when the problems of ``code`` reach the limit: the next is only counted."""
        return self.found.get(code, 0) >= MAX_PROBLEMS_OF_A_KIND

    def add(self, code: ErrorCode, message: str, path: DocPath) -> None:
        if self.full(code):
            self.more[code] = self.more.get(code, 0) + 1
            return
        self.found[code] = self.found.get(code, 0) + 1
        self.problems.append(self.document.problem(code, message, path))

    def counted(self) -> list[Problem]:
        """The problems past the limit, one for each code (see :func:`bounded_problems`)."""
        return [more_problems(self.document.file, code, count) for code, count in self.more.items()]

    def rules(self, data: dict[Any, Any]) -> Rules | None:
        """The variant's rules with the position's options, or None (with a problem)."""
        variant_id = data.get("variant")
        if not isinstance(variant_id, str):
            return None
        try:
            variant = load_variant(variant_id)
        except LookupProblem as error:
            self.add(error.code, error.message, ("variant",))
            return None
        raw_options = data.get("options", [])
        if not isinstance(raw_options, list) or not all(isinstance(o, str) for o in raw_options):
            return None
        known = {option.id for option in variant.options} if raw_options else set()
        unknown = False
        for index, option in enumerate(raw_options):
            if option not in known:
                unknown = True
                listed = ", ".join(sorted(known)) or "none"
                self.add(
                    ErrorCode.UNKNOWN_OPTION,
                    f"variant {variant_id!r} has no option {option!r}; its options: {listed}",
                    ("options", index),
                )
        if unknown:
            return None
        try:
            return variant.rules_with(tuple(raw_options))
        except LookupProblem as error:
            self.add(error.code, error.message, ("options",))
            return None

    def seats(self, data: dict[Any, Any], players: int) -> None:
        """Dealer, player to move and last capturer are seats of the game; one hand a seat."""
        for key in ("dealer", "to_move", "last_capture"):
            self.seat(_int(data.get(key)), players, (key,))
        hands = data.get("hands")
        if isinstance(hands, list) and len(hands) != players:
            self.add(
                ErrorCode.INVALID_POSITION,
                f"{players} players have {players} hands; found {len(hands)}",
                ("hands",),
            )

    def seat(self, seat: int | None, players: int, path: DocPath) -> None:
        """One seat number is in range."""
        if seat is not None and not 0 <= seat < players:
            self.add(
                ErrorCode.INVALID_POSITION,
                f"seat {seat} is out of range: {players} players sit in seats 0-{players - 1}",
                path,
            )

    def counts(self, data: dict[Any, Any], rules: Rules, players: int, stages: int) -> None:
        """One captured pile and zwick count per side, a stage the deal has; shown values."""
        partnership = rules.is_partnership(players)
        sides = rules.sides_for(players)
        kind = "two teams" if partnership else "one side per seat"
        for key, what in (("captured", "captured piles"), ("zwicks", "zwick counts")):
            value = data.get(key)
            if isinstance(value, list) and len(value) != sides:
                self.add(
                    ErrorCode.INVALID_POSITION,
                    f"{players} players play as {kind}, so there are {sides} {what}; "
                    f"found {len(value)}",
                    (key,),
                )
        shown = shown_problem(data.get("shown"), rules, players)
        if shown is not None:
            self.add(ErrorCode.INVALID_POSITION, shown, ("shown",))
        stage = _int(data.get("stage"))
        if stage is not None and stage > stages:
            self.add(
                ErrorCode.INVALID_POSITION,
                f"the deal with {players} players has {stages} stages, so {stage} cannot "
                "have been dealt",
                ("stage",),
            )

    def builds(self, data: dict[Any, Any], rules: Rules, players: int) -> None:
        """Owners exactly where builds have them; values up to the variant's maximum."""
        table = data.get("table")
        if not isinstance(table, list):
            return
        for index, item in enumerate(table):
            if not isinstance(item, dict):
                continue
            path: DocPath = ("table", index)
            owner = item.get("owner")
            if rules.build_ownership and owner is None:
                self.add(
                    ErrorCode.INVALID_POSITION,
                    "builds in this variant have an owner: give the owner's seat as 'owner'",
                    path,
                )
            elif not rules.build_ownership and owner is not None:
                self.add(
                    ErrorCode.INVALID_POSITION,
                    "builds in this variant have no owner: leave 'owner' out",
                    (*path, "owner"),
                )
            else:
                self.seat(_int(owner), players, (*path, "owner"))
            value = _int(item.get("value"))
            limit = rules.build_max_value
            if value is not None and limit is not None and value > limit:
                self.add(
                    ErrorCode.INVALID_POSITION,
                    f"build value {value} is above the variant's maximum of {limit}",
                    (*path, "value"),
                )

    def cards(
        self,
        data: dict[Any, Any],
        known: _Game | None,
        game: str,
        texts: list[object] | None = None,
    ) -> None:
        """Every card in the deck (when it is known), and none twice.

        ``texts``: what :func:`_card_texts` gives, if it has been gathered already.
        """
        if known is not None and _distinct_cards_of(
            known, _card_texts(data) if texts is None else texts
        ):
            return  # the usual case, answered on the texts; the walk below names each fault
        deck = None if known is None else known.deck
        places = _card_places(data)
        try:
            cards = [Card.parse(raw) for _path, raw in places]  # type: ignore[arg-type]
        except NotationError:
            cards = None
        if (
            cards is not None
            and len(set(cards)) == len(cards)
            and (deck is None or deck.issuperset(cards))
        ):
            return  # the usual case, answered at once; the walk below names each fault
        seen: dict[Card, DocPath] = {}
        for path, raw in places:
            try:
                card = Card.parse(raw)  # type: ignore[arg-type]  # any non-text fails here
            except NotationError:
                continue  # the schema has reported it
            if deck is not None and card not in deck:
                self.add(ErrorCode.INVALID_POSITION, f"{card} is not a card of {game}", path)
            if card in seen:
                self.add(
                    ErrorCode.INVALID_POSITION,
                    ""  # only counted past the limit: the message is not made
                    if self.full(ErrorCode.INVALID_POSITION)
                    else f"{card} appears twice: also at {format_path(seen[card])}",
                    path,
                )
            else:
                seen[card] = path


@dataclass(frozen=True, slots=True)
class _Game:
    """What checking a position needs of its game: the deck and the number of deal stages."""

    deck: frozenset[Card]
    cards: Mapping[str, Card]
    """The deck's cards by their card notation (each names one card, no two the same)."""
    stages: int


def _game(rules: Rules, players: int) -> _Game:
    """The deck and the number of deal stages of a game.

    Computed once per variant's rules (with their options) and player count, not once
    per position read (a server reads thousands).
    """
    return _games(rules)[players]


def _games_of(rules: Rules) -> Memo[int, _Game]:
    def make(players: int) -> _Game:
        deck = rules.deck(players)
        return _Game(
            deck=frozenset(deck),
            cards=MappingProxyType({str(card): card for card in deck}),
            stages=len(plan_deal(rules, players).stages),
        )

    return Memo(make)


_games: PerObject[Rules, Memo[int, _Game]] = PerObject(_games_of)
"""The games whose positions have been read: by the rules, then the player count."""


def _distinct_cards_of(game: _Game, texts: list[object]) -> bool:
    """True if ``texts`` name cards of the game's deck, none twice (checked on the texts).

    Card notation names each card one way, so distinct texts that are all names of deck
    cards are distinct cards of the deck.
    """
    try:
        return len(set(texts)) == len(texts) and game.cards.keys() >= set(texts)
    except TypeError:  # an item that is not text (a list, a mapping)
        return False


def _card_texts(data: dict[Any, Any]) -> list[object]:
    """What every place that holds a card holds, in the order of :func:`_card_places`."""
    texts: list[object] = []

    def add_piles(key: str) -> None:
        piles = data.get(key)
        if isinstance(piles, list):
            for pile in piles:
                if isinstance(pile, list):
                    texts.extend(pile)

    add_piles("hands")
    table = data.get("table")
    if isinstance(table, list):
        for item in table:
            if isinstance(item, dict):
                build = item.get("build")
                if isinstance(build, list):
                    texts.extend(build)
            else:
                texts.append(item)
    stock = data.get("stock")
    if isinstance(stock, list):
        texts.extend(stock)
    add_piles("captured")
    return texts


def _card_places(data: dict[Any, Any]) -> list[tuple[DocPath, object]]:
    """Every place that holds a card, in document order of the fields."""
    places: list[tuple[DocPath, object]] = []

    def add_list(path: DocPath, value: object) -> None:
        if isinstance(value, list):
            places.extend(((*path, index), item) for index, item in enumerate(value))

    def add_piles(key: str) -> None:
        piles = data.get(key)
        if isinstance(piles, list):
            for index, pile in enumerate(piles):
                add_list((key, index), pile)

    add_piles("hands")
    table = data.get("table")
    if isinstance(table, list):
        for index, item in enumerate(table):
            if isinstance(item, dict):
                add_list(("table", index, "build"), item.get("build"))
            else:
                places.append((("table", index), item))
    add_list(("stock",), data.get("stock"))
    add_piles("captured")
    return places


def _position(
    data: dict[str, Any], rules: Rules, players: int, deck: Mapping[str, Card]
) -> Position:
    """The position of schema-valid, checked data (``deck``: its game's cards by name)."""
    sides = rules.sides_for(players)
    table: list[TableItem] = []
    for item in data["table"]:
        if isinstance(item, dict):
            cards = tuple([deck[card] for card in item["build"]])
            table.append(Pile(cards=cards, value=item["value"], owner=item.get("owner")))
        else:
            table.append(deck[item])
    return Position(
        variant=data["variant"],
        options=tuple(sorted(data.get("options", []))),
        players=players,
        dealer=data["dealer"],
        to_move=data["to_move"],
        stage=data["stage"],
        hands=tuple([sorted_cards([deck[card] for card in hand]) for hand in data["hands"]]),
        table=sorted_items(table),
        stock=tuple([deck[card] for card in data.get("stock", [])]),
        captured=tuple(
            [
                sorted_cards([deck[card] for card in pile])
                for pile in data.get("captured", [[]] * sides)
            ]
        ),
        zwicks=tuple(data.get("zwicks", [0] * sides)),
        last_capture=data.get("last_capture"),
        rules=rules,
        shown=shown_from_data(data.get("shown")),
    )


def _int(value: object) -> int | None:
    """``value`` if it is a whole number (``true`` is not, though Python says so)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None
