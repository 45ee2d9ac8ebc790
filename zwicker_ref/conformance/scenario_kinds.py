"""The typed content of a scenario: one frozen record per kind, and their parts.

A scenario's body is a tagged union: :class:`MoveBody`, :class:`LegalMovesBody`,
:class:`GameBody`, :class:`DealBody`, :class:`ScoreBody` or :class:`MatchBody`. Every card is a
:class:`~zwicker_ref.rules.cards.Card` and every move a
:class:`~zwicker_ref.engine.core.moves.Move` once loaded, so the runner and the site never read
raw mappings nor parse notation again. Each part keeps the place in the file it came from
(``path``) for messages.
"""

from __future__ import annotations

from dataclasses import dataclass

from zwicker_ref.documents.yamlfile import DocPath
from zwicker_ref.engine.core.match import MatchEnd
from zwicker_ref.engine.core.moves import Move
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode
from zwicker_ref.rules.cards import Card


@dataclass(frozen=True, kw_only=True, slots=True)
class BuildPart:
    """A build expected on the table: its cards (bottom first), value and owner."""

    cards: tuple[Card, ...]
    value: int
    owner: int | None


TablePart = Card | BuildPart
"""A loose card or a build, as a scenario expects it on the table."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Parts:
    """Parts of a position a scenario asserts; ``given`` names the parts it gives.

    ``hands`` and ``captured`` hold None for a seat or side that is not compared.
    """

    given: frozenset[str]
    table: tuple[TablePart, ...] = ()
    hands: tuple[tuple[Card, ...] | None, ...] = ()
    captured: tuple[tuple[Card, ...] | None, ...] = ()
    captured_counts: tuple[int, ...] = ()
    zwicks: tuple[int, ...] = ()
    to_move: int = 0
    stage: int = 0
    last_capture: int | None = None
    stock: tuple[Card, ...] = ()
    over: bool = False
    shown: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Step:
    """One move of a move scenario and what must happen."""

    move: Move
    seat: int | None
    legal: bool
    error: ErrorCode | None
    after: Parts | None
    note: str | None
    path: DocPath


@dataclass(frozen=True, kw_only=True, slots=True)
class MoveBody:
    """Kind ``move``: moves played one after another from a position."""

    position: Position
    steps: tuple[Step, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Perft:
    """The number of move sequences of one depth, and the count under each first move."""

    depth: int
    count: int
    divide: tuple[tuple[Move, int], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class LegalMovesBody:
    """Kind ``legal-moves``: the legal moves of a position (an unowned build is the mover's)."""

    position: Position
    moves: frozenset[Move] | None
    count: int | None
    includes: tuple[Move, ...]
    excludes: tuple[Move, ...]
    perft: tuple[Perft, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class StageCards:
    """The cards one stage of a deal gives each seat and the table."""

    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...] | None
    """None: the table's cards of the stage are not given (not compared)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class GameMove:
    """One move of a game scenario, with the number of legal moves before it where given."""

    move: Move
    seat: int | None
    note: str | None
    path: DocPath
    count: int | None = None
    """How many legal moves the position before this move has (None: not compared)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Checkpoint:
    """Parts of the position asserted after a number of moves (0: after the deal)."""

    after: int
    expect: Parts
    note: str | None


@dataclass(frozen=True, kw_only=True, slots=True)
class GameResult:
    """The end of the hand by side: cards captured, zwicks, points (each may be left out)."""

    cards: tuple[int, ...] | None
    zwicks: tuple[int, ...] | None
    points: tuple[int, ...] | None


@dataclass(frozen=True, kw_only=True, slots=True)
class GameBody:
    """Kind ``game``: a whole hand from its deal."""

    dealer: int
    deck: tuple[Card, ...]
    """The deck order (top first), given or made from the stages."""
    stages: tuple[StageCards, ...] | None
    """The deal as each stage's cards, where the scenario gives it so."""
    moves: tuple[GameMove, ...]
    checkpoints: tuple[Checkpoint, ...]
    result: GameResult
    errata: tuple[str, ...]
    names: tuple[str, ...] = ()
    """The players' names by seat, where the source names them (the walkthrough uses them)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class DealBody:
    """Kind ``deal``: the cards every stage deals from a deck order."""

    dealer: int
    deck: tuple[Card, ...]
    stages: tuple[StageCards, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ScoreExpect:
    """What a score scenario expects by side (None: not compared)."""

    card_points: tuple[int, ...] | None
    most_cards: tuple[int, ...] | None
    zwick_points: tuple[int, ...] | None
    points: tuple[int, ...] | None
    lines: tuple[tuple[str, tuple[int, ...]], ...]
    check_holds: bool | None


@dataclass(frozen=True, kw_only=True, slots=True)
class ScoreBody:
    """Kind ``score``: the score of a finished hand's captured piles and zwicks."""

    captured: tuple[tuple[Card, ...], ...]
    zwicks: tuple[int, ...]
    expect: ScoreExpect


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchHandPart:
    """One hand of a match scenario: its points given, or its deck and moves to play."""

    points: tuple[int, ...] | None
    deck: tuple[Card, ...]
    moves: tuple[GameMove, ...]
    path: DocPath


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchHandExpect:
    """What one hand of a match gives: its dealer, its points (None: not compared), totals."""

    dealer: int
    points: tuple[int, ...] | None
    totals: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchBody:
    """Kind ``match``: a series of hands, with the dealers, totals and winner they give."""

    end: MatchEnd
    first_dealer: int | None
    """The first dealer where the match names it (None where the variant draws)."""
    draw: tuple[Card, ...] | None
    """The cards drawn for the first dealer, top first, where the variant draws."""
    hands: tuple[MatchHandPart, ...]
    expect_first_dealer: int
    expect_hands: tuple[MatchHandExpect, ...]
    winners: tuple[int, ...]


Body = MoveBody | LegalMovesBody | GameBody | DealBody | ScoreBody | MatchBody
"""A scenario's content, one record per kind."""
