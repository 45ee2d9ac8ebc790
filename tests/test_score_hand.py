"""Scoring finished hands: card points by line, most cards, zwicks, and the check.

Every expected figure is worked out by hand from the variant's score table (or taken from
the source's own result), not from the code.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.positions import cards
from zwicker_ref.engine.core.dealing import start_hand
from zwicker_ref.engine.core.position import Position, sorted_cards
from zwicker_ref.engine.core.scoring import cancelled_zwicks, most_cards_awards, score_hand
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.rules.spec_loader import load_variant
from zwicker_ref.rules.variant import ZwickCancellation


def suits(letters: str, copy: str = "") -> str:
    """Every card of the suits ``letters`` (of pack copy ``copy``, e.g. "#2")."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return " ".join(f"{rank}{suit}{copy}" for suit in letters for rank in ranks)


def finished(
    variant_id: str,
    players: int,
    captured: Sequence[str],
    zwicks: Sequence[int],
    last_capture: int | None,
    table: str = "",
    options: tuple[str, ...] = (),
) -> Position:
    """A played-out hand: empty hands and stock, the given piles, zwicks and table."""
    rules = load_variant(variant_id).rules_with(options)
    return Position(
        variant=variant_id,
        options=options,
        players=players,
        dealer=0,
        to_move=1 % players,
        stage=3,
        hands=((),) * players,
        table=sorted_cards(cards(table)),
        stock=(),
        captured=tuple(sorted_cards(cards(pile)) for pile in captured),
        zwicks=tuple(zwicks),
        last_capture=last_capture,
        rules=rules,
    )


# Source 000, "A Sample Game of Zwickern (Christiansen variation)": Albert (seat 0) deals,
# Beatrice (1), Charlie (2) and Dianne (3) follow. The captured piles follow the narrative
# trick by trick (the source's second "heartQ" of Charlie is his diamond queen, as its
# later "spade6-heart2-diamondQ build" shows).
SAMPLE_GAME_PILES = (
    # Albert: KH takes 4H (zwick); JK15 takes the 5H-10D build.
    "KH 4H  JK15 5H 10D",
    # Beatrice: KS takes QS+AD and 8D+4D+2D; 3C takes 3H; JC takes JS; 9C takes 9S.
    "KS QS AD 8D 4D 2D  3C 3H  JC JS  9C 9S",
    # Charlie: JD takes 10H+2C; 7S takes 3S-JH-8C (zwick); 8S takes 7C+AH; 5C takes 5D
    # (zwick).
    "JD 10H 2C  7S 3S JH 8C  8S 7C AH  5C 5D",
    # Dianne: JK20 takes JK30-10S; 6D takes 6H; 9D takes 9H; QC takes 4C-7H-2S-4S (zwick);
    # JK25 takes 3D-5S-QH-KD and 6S-2H-QD-KC; 7D takes 6C+AS; the leftovers 10C 8H AC.
    "JK20 JK30 10S  6D 6H  9D 9H  QC 4C 7H 2S 4S  JK25 3D 5S QH KD 6S 2H QD KC  "
    "7D 6C AS  10C 8H AC",
)


def test_christiansen_sample_game_final_result() -> None:
    position = finished("christiansen", 4, SAMPLE_GAME_PILES, (1, 0, 2, 1), last_capture=3)
    all_cards = sorted_cards([card for pile in position.captured for card in pile])
    assert all_cards == position.rules.deck(4)  # the narrative accounts for all 56 cards
    score = score_hand(position)
    assert [side.cards for side in score.sides] == [5, 12, 12, 27]
    assert [side.zwicks for side in score.sides] == [1, 0, 2, 1]
    assert [side.most_cards for side in score.sides] == [0, 0, 0, 3]
    assert [side.points for side in score.sides] == [8, 1, 3, 26]
    albert, beatrice, charlie, dianne = score.sides
    assert {line.label: line.points for line in albert.lines if line.points} == {
        "15-joker": 4,
        "Ten of diamonds": 3,
    }
    assert [str(card) for line in beatrice.lines for card in line.cards] == ["AD"]
    assert [str(card) for line in charlie.lines for card in line.cards] == ["AH"]
    assert dianne.card_points == 1 + 1 + 1 + 1 + 5 + 6 + 7
    assert score.expected_total == 34 + 4
    assert score.total == 38
    assert score.check_holds


def test_a_hand_that_is_not_over_cannot_be_scored() -> None:
    variant = load_variant("christiansen")
    position = start_hand(variant, 4, 0, variant.rules.deck(4))
    with pytest.raises(ZwickerError) as caught:
        score_hand(position)
    assert caught.value.code is ErrorCode.INVALID_POSITION


def test_leftovers_must_have_gone_to_the_last_capturer() -> None:
    position = finished(
        "dithmarschen", 4, [suits("CD"), suits("H")], (0, 0), last_capture=1, table=suits("S")
    )
    with pytest.raises(ZwickerError, match="belong to its side") as caught:
        score_hand(position)
    assert caught.value.code is ErrorCode.INVALID_POSITION


# Most cards and ties


def test_grossenwiehe_tie_for_most_cards_totals_80_plus_zwicks() -> None:
    # 58 cards, 29 each. Seat 0: clubs, diamonds and the 15-, 17- and 20-jokers:
    # AC 1 + 10C 1 + AD 1 + 10D 3 + 5 + 7 + 10 = 28. Seat 1: hearts, spades and the
    # 22-, 25- and 30-jokers: AH 1 + 10H 1 + AS 1 + 10S 1 + 2S 1 + 12 + 15 + 20 = 52.
    position = finished(
        "grossenwiehe",
        2,
        [suits("CD") + " JK15 JK17 JK20", suits("HS") + " JK22 JK25 JK30"],
        (2, 1),
        last_capture=1,
    )
    score = score_hand(position)
    assert [side.cards for side in score.sides] == [29, 29]
    assert [side.card_points for side in score.sides] == [28, 52]
    assert [side.most_cards for side in score.sides] == [0, 0]
    assert [side.points for side in score.sides] == [30, 53]
    assert score.most_cards_not_awarded == 3
    assert score.expected_total == 80 + 3
    assert score.check_holds


def test_grossenwiehe_without_a_tie_totals_83_plus_zwicks() -> None:
    # As above, but seat 1 also took the two of clubs: 30 cards against 28.
    position = finished(
        "grossenwiehe",
        2,
        [
            suits("CD").replace("2C ", "") + " JK15 JK17 JK20",
            "2C " + suits("HS") + " JK22 JK25 JK30",
        ],
        (0, 0),
        last_capture=1,
    )
    score = score_hand(position)
    assert [side.points for side in score.sides] == [28, 55]
    assert score.expected_total == 83
    assert score.check_holds


def test_nobody_captured_leaves_everything_uncounted() -> None:
    # A Dithmarschen hand in which nobody captured: all 55 cards stay on the table, both
    # sides have 0 cards (a tie), and the check comes to 30 - 3 - 27 = 0.
    deck = " ".join(str(card) for card in load_variant("dithmarschen").rules.deck(4))
    position = finished("dithmarschen", 4, ["", ""], (0, 0), last_capture=None, table=deck)
    score = score_hand(position)
    assert len(score.uncounted) == 55
    assert score.uncounted_points == 7 + 6 + 5 + 3 + 1 + 1 + 4
    assert score.most_cards_not_awarded == 3
    assert (score.expected_total, score.total) == (0, 0)
    assert score.check_holds


@pytest.mark.parametrize(
    ("counts", "awards"),
    [
        ((25, 20, 10), (3, 2, 0)),  # a clear first and second
        ((20, 20, 15), (0, 0, 0)),  # tie for first; the third has two sides above it
        ((25, 15, 15), (3, 0, 0)),  # tie for second
        ((10, 25, 20), (0, 3, 2)),  # places do not follow seats
        ((18, 18, 18), (0, 0, 0)),
    ],
)
def test_zwick_three_players_first_and_second_place(
    counts: tuple[int, ...], awards: tuple[int, ...]
) -> None:
    """zwick.yaml score.most-cards-tie: second place only with one side above, none level."""
    points = load_variant("zwick").rules.most_cards_for(3)
    assert points == (3, 2)
    assert most_cards_awards(points, counts) == awards


def test_single_award_goes_only_to_a_strict_leader() -> None:
    assert most_cards_awards((3,), (28, 27)) == (3, 0)
    assert most_cards_awards((3,), (27, 27)) == (0, 0)
    assert most_cards_awards((1,), (10, 14, 14, 8)) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("zwicks", "scoring"),
    [((2, 1, 1), (1, 0, 0)), ((1, 1, 1), (0, 0, 0)), ((0, 3, 1), (0, 3, 1)), ((4, 2), (2, 0))],
)
def test_zwick_cancellation_subtracts_the_fewest(
    zwicks: tuple[int, ...], scoring: tuple[int, ...]
) -> None:
    assert cancelled_zwicks(ZwickCancellation.SUBTRACT_FEWEST, zwicks) == scoring
    assert cancelled_zwicks(ZwickCancellation.NONE, zwicks) == zwicks


def test_zwick_three_player_hand() -> None:
    # Seat 0: clubs and the diamonds but the king (25 cards): AC 1, 7C 3, 10C 1, AD 1,
    # 7D 2, 10D 3 = 11. Seat 1: KD, the hearts, A-6 of spades (20): AH 1, 10H 1, AS 1,
    # 2S 1 = 4. Seat 2: 7S-KS and the jokers (10): 10S 1 + 5 + 6 + 7 = 19.
    # Zwicks 2/1/1 cancel down to 1/0/0.
    position = finished(
        "zwick",
        3,
        [
            suits("C") + " " + suits("D").replace(" KD", ""),
            "KD " + suits("H") + " AS 2S 3S 4S 5S 6S",
            "7S 8S 9S 10S JS QS KS JK15 JK16 JK17",
        ],
        (2, 1, 1),
        last_capture=2,
    )
    score = score_hand(position)
    assert [side.cards for side in score.sides] == [25, 20, 10]
    assert [side.card_points for side in score.sides] == [11, 4, 19]
    assert [side.most_cards for side in score.sides] == [3, 2, 0]
    assert [side.zwick_points for side in score.sides] == [1, 0, 0]
    assert [side.points for side in score.sides] == [15, 6, 19]
    assert score.expected_total == 39 + 1
    assert score.check_holds


def test_zwick_partnership_hand_with_reversed_joker_points() -> None:
    # Four players, two teams; option joker-points-reversed: JK15 7, JK16 6, JK17 5.
    # Side 0 (seats 0, 2): clubs, diamonds, JK15 = 27 cards: AC 1, 7C 3, 10C 1, AD 1,
    # 7D 2, 10D 3, JK15 7 = 18. Side 1: hearts, spades, JK16, JK17 = 28 cards: AH 1,
    # 10H 1, AS 1, 2S 1, 10S 1, 6 + 5 = 16. Side 1 has most cards: 5 points.
    position = finished(
        "zwick",
        4,
        [suits("CD") + " JK15", suits("HS") + " JK16 JK17"],
        (3, 0),
        last_capture=3,
        options=("joker-points-reversed",),
    )
    score = score_hand(position)
    assert score.partnership
    assert [side.seats for side in score.sides] == [(0, 2), (1, 3)]
    assert [side.card_points for side in score.sides] == [18, 16]
    assert [side.points for side in score.sides] == [18 + 3, 16 + 5]
    assert score.check_holds


def test_classic_double_pack_hand() -> None:
    # Five players, two packs (104 cards). Every copy scores: 10D 10, 7D 1, 7S 1, aces 2.
    # Seat 0: pack-1 clubs and diamonds and AH#2 (27 cards): AC 2, AD 2, 7D 1, 10D 10,
    # AH#2 2 = 17. Seat 1: pack-1 hearts and spades (26): AH 2, AS 2, 7S 1 = 5.
    # Seat 2: pack-2 clubs and diamonds (26): 2 + 2 + 1 + 10 = 15. Seat 3: pack-2 hearts
    # but the ace (12): 0. Seat 4: pack-2 spades (13): AS#2 2, 7S#2 1 = 3.
    # Seat 0 has most cards (27): 1 point. Zwicks: seat 0 one, seat 4 two, 3 points each.
    position = finished(
        "classic",
        5,
        [
            suits("CD") + " AH#2",
            suits("HS"),
            suits("CD", "#2"),
            suits("H", "#2").replace("AH#2 ", ""),
            suits("S", "#2"),
        ],
        (1, 0, 0, 0, 2),
        last_capture=4,
    )
    score = score_hand(position)
    assert [side.cards for side in score.sides] == [27, 26, 26, 12, 13]
    assert [side.card_points for side in score.sides] == [17, 5, 15, 0, 3]
    assert [side.most_cards for side in score.sides] == [1, 0, 0, 0, 0]
    assert [side.points for side in score.sides] == [21, 5, 15, 0, 9]
    aces = next(line for line in score.sides[0].lines if line.label == "Each ace")
    assert [str(card) for card in aces.cards] == ["AC", "AD", "AH#2"]
    assert score.expected_total == 41 + 9
    assert score.check_holds


def test_check_fails_when_a_card_is_counted_twice() -> None:
    # A broken position: the ten of diamonds in both piles. The check must notice.
    piles = [suits("CD"), suits("HS") + " 10D JK15 JK20 JK25"]
    score = score_hand(finished("dithmarschen", 4, piles, (0, 0), last_capture=1))
    assert score.total == score.expected_total + 3
    assert not score.check_holds


def test_score_table_for_people() -> None:
    position = finished("christiansen", 4, SAMPLE_GAME_PILES, (1, 0, 2, 1), last_capture=3)
    lines = score_hand(position).lines()
    assert lines[0].split() == ["seat", "0", "seat", "1", "seat", "2", "seat", "3"]
    assert lines[1].split() == ["cards", "5", "12", "12", "27"]
    assert "total" in lines[-2]
    assert lines[-2].split()[-4:] == ["8", "1", "3", "26"]
    assert lines[-1].startswith("check holds: 34 - 0 most cards not awarded")
    assert lines[-1].endswith("= 38; the sides add up to 38")
