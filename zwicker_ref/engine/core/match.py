"""Match play: a series of hands, as pure functions of the variant's match rules.

A match (RULINGS.md, "Match play") is a series of hands among the same players. This
module knows only what is between hands: who deals first (:func:`draw_for_dealer` where
the variant draws for it), who deals hand ``k`` (:func:`dealer_of_hand`), the running
totals (:func:`add_points`), and when the match is over and who won
(:func:`match_status`). Playing and scoring each hand is the business of
:mod:`~zwicker_ref.engine.play` and :mod:`~zwicker_ref.engine.core.scoring`, unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.match_rules import DrawWins, FirstDealer, MatchRules, TieRule
from zwicker_ref.rules.variant import Rules


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchEnd:
    """How a match ends, chosen when it starts: after ``hands`` hands, or at ``target`` points.

    Exactly one of the two is set.
    """

    hands: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if (self.hands is None) == (self.target is None):
            raise ZwickerError(
                ErrorCode.INVALID_MATCH,
                "a match ends either after a number of hands or at a target score; give one",
            )
        for name, value in (("hands", self.hands), ("target", self.target)):
            if value is not None and (isinstance(value, bool) or value < 1):
                raise ZwickerError(
                    ErrorCode.INVALID_MATCH, f"the number of {name} must be 1 or more, not {value}"
                )

    def describe(self) -> str:
        """``4 hands`` or ``target 50``."""
        if self.hands is not None:
            return f"{self.hands} hand{'s' if self.hands != 1 else ''}"
        return f"target {self.target}"

    def in_words(self) -> str:
        """How the match ends, after "a match": ``of 4 hands`` or ``played until ...``."""
        if self.hands is not None:
            return f"of {self.describe()}"
        return f"played until a side reaches {self.target} points"


@dataclass(frozen=True, kw_only=True, slots=True)
class DrawResult:
    """The draw for the first dealer: every card drawn (seat, card) in order, and the dealer."""

    draws: tuple[tuple[int, Card], ...]
    dealer: int


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchStatus:
    """Where a match stands after some hands: over or not, and the sides leading."""

    hands_played: int
    totals: tuple[int, ...]
    over: bool
    leaders: tuple[int, ...]
    """The sides with the highest total (more than one: level)."""

    @property
    def tied(self) -> bool:
        """True when the match is over with two or more sides sharing the highest total."""
        return self.over and len(self.leaders) > 1


def draw_for_dealer(rules: Rules, players: int, cards: Sequence[Card]) -> DrawResult:
    """Find the first dealer by drawing from ``cards`` (top first), as the variant's rule says.

    Every seat from seat 0 clockwise takes the next card. A seat whose card is void (its
    kind is not in the draw order, such as a wild joker) takes another in the next round;
    once no seat holds a void card, the seats level on the best card (highest or lowest,
    as the variant says) draw again among themselves, until one seat alone is best.
    """
    match = rules.match
    if match.first_dealer is not FirstDealer.DRAW:
        raise ZwickerError(
            ErrorCode.INVALID_MATCH,
            "this variant does not draw for the first dealer; the match names the seat",
        )
    if len(set(cards)) != len(cards):
        raise ZwickerError(ErrorCode.INVALID_MATCH, "the draw lists a card twice")
    deck = set(rules.deck(players))
    foreign = [str(card) for card in cards if card not in deck]
    if foreign:
        raise ZwickerError(
            ErrorCode.INVALID_MATCH,
            f"the draw holds cards that are not in the deck: {' '.join(foreign)}",
        )
    remaining = list(cards)
    draws: list[tuple[int, Card]] = []
    drawing = list(range(players))
    while True:
        held: dict[int, int] = {}
        pending = drawing
        while pending:
            void = []
            for seat in pending:
                if not remaining:
                    raise ZwickerError(
                        ErrorCode.DRAW_UNDECIDED,
                        f"the draw ran out of cards after {len(draws)} with no dealer found",
                    )
                card = remaining.pop(0)
                draws.append((seat, card))
                rank = match.draw_rank(card)
                if rank is None:
                    void.append(seat)
                else:
                    held[seat] = rank
            pending = void
        best = _best(match, held.values())
        level = [seat for seat in drawing if held[seat] == best]
        if len(level) == 1:
            return DrawResult(draws=tuple(draws), dealer=level[0])
        drawing = level


def _best(match: MatchRules, ranks: Iterable[int]) -> int:
    return max(ranks) if match.draw_wins is DrawWins.HIGHEST else min(ranks)


def first_dealer(
    rules: Rules, players: int, stated: int | None, draw: Sequence[Card] | None
) -> tuple[int, DrawResult | None]:
    """The first dealer: the stated seat, or the winner of the draw, as the variant says."""
    if rules.match.first_dealer is FirstDealer.DRAW:
        if stated is not None:
            raise ZwickerError(
                ErrorCode.INVALID_MATCH,
                "this variant draws cards for the first dealer; give the draw, not a seat",
            )
        if draw is None:
            raise ZwickerError(
                ErrorCode.INVALID_MATCH,
                "this variant draws cards for the first dealer; the draw is missing",
            )
        result = draw_for_dealer(rules, players, draw)
        return result.dealer, result
    if draw is not None:
        raise ZwickerError(
            ErrorCode.INVALID_MATCH,
            "this variant does not draw for the first dealer; name the seat instead of a draw",
        )
    if stated is None or not 0 <= stated < players:
        raise ZwickerError(
            ErrorCode.INVALID_MATCH,
            f"the first dealer must be a seat from 0 to {players - 1}, not {stated}",
        )
    return stated, None


def dealer_of_hand(first: int, players: int, hand: int) -> int:
    """The dealer of hand number ``hand`` (0 for the first): the deal passes to the left."""
    return (first + hand) % players


def add_points(totals: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """The running totals after a hand that scored ``points`` (by side)."""
    if len(totals) != len(points):
        raise ZwickerError(
            ErrorCode.INVALID_MATCH,
            f"a hand scores {len(totals)} sides, not {len(points)}",
        )
    return tuple(total + gained for total, gained in zip(totals, points, strict=True))


def match_status(rules: Rules, end: MatchEnd, totals: Sequence[int], hands: int) -> MatchStatus:
    """Whether a match that has played ``hands`` hands, with these ``totals``, is over.

    After the fixed number of hands (or at the end of any hand in which some side's total
    reaches the target) the match is over unless the best total is shared and the
    variant's tie rule plays on; then it is over after the first hand that leaves one side
    alone highest.
    """
    best = max(totals)
    leaders = tuple(side for side, total in enumerate(totals) if total == best)
    if end.hands is not None:
        reached = hands >= end.hands
        rule = rules.match.tie_after_hands
    else:
        assert end.target is not None
        reached = best >= end.target
        rule = rules.match.tie_at_target
    over = reached and (len(leaders) == 1 or rule is TieRule.SHARED)
    return MatchStatus(hands_played=hands, totals=tuple(totals), over=over, leaders=leaders)
