"""Applying moves: the table, the piles, zwicks, new deals and the end of the hand."""

from __future__ import annotations

import pytest

from tests.positions import cards, hand, pile, position
from zwicker_ref.engine.core.moves import Build, Capture, Trail
from zwicker_ref.engine.core.position import Pile
from zwicker_ref.engine.play import play
from zwicker_ref.errors import IllegalMoveError
from zwicker_ref.rules.cards import Card

C = Card.parse


def test_trail_puts_a_loose_card_on_the_table_and_passes_the_turn() -> None:
    p = play(position("dithmarschen", ["2H 5S", "5C", "5D", "5H"], ["9S"]), Trail(C("2H")))
    assert set(p.table) == {C("9S"), C("2H")}
    assert p.hands[0] == hand("5S")
    assert p.to_move == 1


def test_build_makes_a_pile_owned_by_the_builder() -> None:
    p = play(
        position("dithmarschen", ["2H 7H AH", "5C", "5D", "5H"], ["9S"]),
        Build(C("2H"), C("9S"), 11, 0),
    )
    assert p.table == (Pile(cards=(C("9S"), C("2H")), value=11, owner=0),)


def test_building_on_an_opponents_build_takes_it_over() -> None:
    # 000 sample game: Beatrice's 8 on Albert's 15-build makes 7 and she owns it.
    p = position("christiansen", ["8C 7C", "JK15", "3C", "9D"], [pile("3S JH", 15, 1)])
    after = play(p, Build(C("8C"), C("3S"), 7, 0))
    assert after.table == (Pile(cards=(C("3S"), C("JH"), C("8C")), value=7, owner=0),)


def test_capture_goes_to_the_side_and_a_cleared_table_is_a_zwick() -> None:
    p = position("dithmarschen", ["JH 3C", "5C", "5D", "5H"], ["2S", "4S", "6S", "10S", "JS"])
    after = play(p, Capture(C("JH"), frozenset(cards("2S 4S 6S 10S JS"))))
    assert after.table == ()
    assert after.captured[0] == hand("JH 2S 4S 6S 10S JS")
    assert after.zwicks == (1, 0)
    assert after.last_capture == 0


def test_capture_that_leaves_cards_is_no_zwick() -> None:
    p = position("dithmarschen", ["9H 3C", "5C", "5D", "5H"], ["9S", "4S"])
    after = play(p, Capture(C("9H"), frozenset({C("9S")})))
    assert after.zwicks == (0, 0)
    assert after.table == (C("4S"),)


def test_partner_captures_count_for_the_team() -> None:
    p = position("dithmarschen", ["5C", "5D", "9H 3C", "5H"], ["9S", "4S"], to_move=2)
    after = play(p, Capture(C("9H"), frozenset({C("9S")})))
    assert after.captured[0] == hand("9H 9S")


def test_grupp_option_a_joker_zwick_does_not_count() -> None:
    p = position("grupp", ["JKW1 3C", "5C"], ["9S"], options=("joker-zwick-void",))
    after = play(p, Capture(C("JKW1"), frozenset({C("9S")})))
    assert after.table == ()
    assert after.zwicks == (0, 0)


def test_last_card_ends_the_hand_and_leftovers_go_to_the_last_capturer() -> None:
    # Seat 3 (dealer) plays the last card as a trail; seat 1 captured last: its side takes
    # the table, and that is not a zwick.
    p = position("dithmarschen", ["", "", "", "2H"], ["9S", "4S"], to_move=3)
    p = p.__class__(**{**{f: getattr(p, f) for f in p.__dataclass_fields__}, "last_capture": 1})
    after = play(p, Trail(C("2H")))
    assert after.is_over
    assert after.table == ()
    assert after.captured[1] == hand("2H 9S 4S")
    assert after.zwicks == (0, 0)


def test_a_capture_clearing_the_table_with_the_last_card_is_a_zwick() -> None:
    p = position("dithmarschen", ["", "", "", "9H"], ["9S"], to_move=3)
    after = play(p, Capture(C("9H"), frozenset({C("9S")})))
    assert after.is_over
    assert after.zwicks == (0, 1)


def test_empty_hands_with_stock_deal_the_next_stage_and_forehand_leads() -> None:
    stock = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D"
    p = position("dithmarschen", ["", "", "", "9H"], ["9S", "4S"], to_move=3)
    p = p.__class__(
        **{
            **{f: getattr(p, f) for f in p.__dataclass_fields__},
            "stock": tuple(C(w) for w in stock.split()),
        }
    )
    after = play(p, Trail(C("9H")))
    assert after.to_move == 0
    assert after.stage == 2
    assert [len(hand) for hand in after.hands] == [4, 4, 4, 4]
    assert after.hands[0] == hand("2C 6C 10C AC")  # one at a time from forehand


def test_illegal_moves_are_refused_and_the_position_is_unchanged() -> None:
    p = position("dithmarschen", ["2H", "5C", "5D", "5H"], ["9S"])
    with pytest.raises(IllegalMoveError):
        play(p, Build(C("2H"), C("9S"), 11, 0))
    assert p.table == (C("9S"),)
