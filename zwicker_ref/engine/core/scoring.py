"""Scoring: the score of a finished hand.

:func:`score_hand` scores a hand that has been played out: each side's card points by
score line, the most-cards awards, its zwicks after cancellation, and the check that the
sides' totals add up to the check total, less the most-cards points nobody won and the
points of leftovers nobody took, plus the zwick points awarded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from zwicker_ref.engine.core.position import Position, item_cards, sorted_cards
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.check_total import CheckTotal, card_points, cards_on_line, check_total
from zwicker_ref.rules.variant import ScoreLine, ZwickCancellation


@dataclass(frozen=True, kw_only=True, slots=True)
class LineScore:
    """What one side scored on one score line, with the cards that scored where known.

    ``cards`` is kept where the score was worked out from captured piles (the reference's
    own score); an engine's answer and a record file state only the points. It takes no
    part in equality, so two scores are equal when they state the same figures.
    """

    label: str
    points: int
    cards: tuple[Card, ...] | None = field(default=None, compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class SideScore:
    """One side's score for a hand: what it took and what it scored.

    The one per-side score record of the package: the reference's score
    (:func:`score_hand`), an engine's answer to the protocol's ``score`` request and the
    result rows of game and match records are all this record, so they compare with
    ``==``. Every figure is stored as stated, none derived from the others, so that an
    engine's inconsistent answer (points that are not the sum of their parts) can be held
    and compared figure by figure. ``lines`` are in the variant's score-line order (an
    engine's answer: in its order; empty where it states none).
    """

    side: int
    seats: tuple[int, ...]
    cards: int
    zwicks: int
    lines: tuple[LineScore, ...]
    card_points: int
    most_cards: int
    zwick_points: int
    points: int

    def line_points(self, label: str) -> int | None:
        """The points of the score line ``label`` (None where the score states no such line)."""
        return next((line.points for line in self.lines if line.label == label), None)


@dataclass(frozen=True, kw_only=True, slots=True)
class HandScore:
    """The score of a finished hand, side by side, with its check.

    ``expected_total`` is the check total less the most-cards points nobody won and the
    card points of leftovers nobody took (``uncounted``), plus the zwick points awarded;
    :attr:`check_holds` says whether the sides' totals add up to it.
    """

    variant: str
    players: int
    partnership: bool
    sides: tuple[SideScore, ...]
    check: CheckTotal
    most_cards_not_awarded: int
    uncounted: tuple[Card, ...]
    uncounted_points: int

    @property
    def zwick_points_awarded(self) -> int:
        """Zwick points of all sides, after cancellation."""
        return sum(side.zwick_points for side in self.sides)

    @property
    def expected_total(self) -> int:
        """What the sides' totals must add up to."""
        return (
            self.check.total
            - self.most_cards_not_awarded
            - self.uncounted_points
            + self.zwick_points_awarded
        )

    @property
    def total(self) -> int:
        """The sides' points added up."""
        return sum(side.points for side in self.sides)

    @property
    def check_holds(self) -> bool:
        """True when the sides' totals add up to the expected total."""
        return self.total == self.expected_total

    def lines(self) -> tuple[str, ...]:
        """A plain-text table of the score, one line per row, for people."""
        names = [_side_name(side, self.partnership) for side in self.sides]
        width = max(len("most cards"), *(len(line.label) for line in self._all_lines()))
        column = max(8, *(len(name) for name in names))

        def row(label: str, values: Iterable[object]) -> str:
            cells = "".join(f"{value!s:>{column + 2}}" for value in values)
            return f"{label:<{width}}{cells}".rstrip()

        rows = [row("", names), row("cards", (side.cards for side in self.sides))]
        for index, line in enumerate(self.sides[0].lines if self.sides else ()):
            rows.append(row(line.label, (side.lines[index].points for side in self.sides)))
        rows.append(row("most cards", (side.most_cards for side in self.sides)))
        rows.append(row("zwicks", (side.zwicks for side in self.sides)))
        rows.append(row("zwick points", (side.zwick_points for side in self.sides)))
        rows.append(row("total", (side.points for side in self.sides)))
        if self.uncounted:
            rows.append(
                f"not counted (nobody captured): {' '.join(str(card) for card in self.uncounted)}"
            )
        verdict = "holds" if self.check_holds else "FAILS"
        rows.append(
            f"check {verdict}: {self.check.total} - {self.most_cards_not_awarded} most cards "
            f"not awarded - {self.uncounted_points} uncounted + {self.zwick_points_awarded} "
            f"zwick points = {self.expected_total}; the sides add up to {self.total}"
        )
        return tuple(rows)

    def _all_lines(self) -> tuple[LineScore, ...]:
        return tuple(line for side in self.sides for line in side.lines)


def _side_name(side: SideScore, partnership: bool) -> str:
    if partnership:
        return "seats " + "+".join(str(seat) for seat in side.seats)
    return f"seat {side.side}"


def score_hand(position: Position) -> HandScore:
    """The score of the finished hand ``position``.

    Leftovers must already have gone to the last capturer (play does that); cards still on
    the table when nobody captured during the hand belong to nobody and are not counted.
    Raises :class:`ZwickerError` ``invalid-position`` for a hand that is not over.
    """
    if not position.is_over:
        raise ZwickerError(
            ErrorCode.INVALID_POSITION,
            "the hand is not over: cards are still in the hands or the stock",
        )
    uncounted = sorted_cards([card for item in position.table for card in item_cards(item)])
    if uncounted and position.last_capture is not None:
        raise ZwickerError(
            ErrorCode.INVALID_POSITION,
            f"cards are left on the table ({' '.join(str(card) for card in uncounted)}) "
            f"though seat {position.last_capture} captured last; they belong to its side",
        )
    sides = position.sides
    if len(position.captured) != sides or len(position.zwicks) != sides:
        raise ZwickerError(
            ErrorCode.INVALID_POSITION,
            f"a hand of {position.players} players has {sides} sides, but the position has "
            f"{len(position.captured)} captured piles and {len(position.zwicks)} zwick counts",
        )
    rules = position.rules
    counts = tuple(len(pile) for pile in position.captured)
    awards = most_cards_awards(rules.most_cards_for(position.players), counts)
    zwick_counts = cancelled_zwicks(rules.zwick_cancellation, position.zwicks)
    scores = []
    for side, seats in enumerate(side_seats(sides, position.players)):
        lines = tuple(_line_score(line, position.captured[side]) for line in rules.score_lines)
        card_total = sum(line.points for line in lines)
        zwick_points = zwick_counts[side] * rules.zwick_points
        scores.append(
            SideScore(
                side=side,
                seats=seats,
                cards=counts[side],
                zwicks=position.zwicks[side],
                lines=lines,
                card_points=card_total,
                most_cards=awards[side],
                zwick_points=zwick_points,
                points=card_total + awards[side] + zwick_points,
            )
        )
    check = check_total(rules, position.players)
    return HandScore(
        variant=position.variant,
        players=position.players,
        partnership=position.partnership,
        sides=tuple(scores),
        check=check,
        most_cards_not_awarded=check.most_cards - sum(awards),
        uncounted=uncounted,
        uncounted_points=card_points(rules, uncounted),
    )


def _line_score(line: ScoreLine, pile: tuple[Card, ...]) -> LineScore:
    cards = sorted_cards(cards_on_line(line, pile))
    return LineScore(label=line.label, points=len(cards) * line.points, cards=cards)


def side_seats(sides: int, players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, in side order.

    Seats alternate between the sides: two teams (seats 0, 2, … and 1, 3, …), or one seat
    per side when there are as many sides as players.
    """
    return tuple(tuple(range(side, players, sides)) for side in range(sides))


def most_cards_awards(points: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    """The most-cards points each side wins, given each side's number of captured cards.

    ``points[0]`` goes to a side with strictly more cards than every other side;
    ``points[1]`` (where given) to a side with exactly one side above it and no other side
    level with it. A tie for a place gives that place's points to nobody (RULINGS.md).
    """
    awards = []
    for count in counts:
        above = sum(1 for other in counts if other > count)
        level = counts.count(count) - 1
        place = above if level == 0 else None
        awards.append(points[place] if place is not None and place < len(points) else 0)
    return tuple(awards)


def cancelled_zwicks(cancellation: ZwickCancellation, zwicks: tuple[int, ...]) -> tuple[int, ...]:
    """The zwicks that score for each side after cancellation.

    none: every zwick scores; subtract-fewest: each side's zwicks less the fewest zwicks
    any side made.
    """
    if cancellation is ZwickCancellation.SUBTRACT_FEWEST and zwicks:
        fewest = min(zwicks)
        return tuple(count - fewest for count in zwicks)
    return zwicks
