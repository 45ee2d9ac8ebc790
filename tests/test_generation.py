"""Legal-move generation against the worked examples of the sources and a brute-force oracle.

Expected move sets are worked out by hand from the rule text; each test says how.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.brute_force import brute_force_moves
from tests.oracle import oracle_capture_sets
from tests.positions import pile, position
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.values import backs
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.engine.play import play
from zwicker_ref.rules.cards import Card

C = Card.parse


def captures(moves: list[Move], card: str) -> set[frozenset[str]]:
    return {
        frozenset(str(item) for item in move.items)
        for move in moves
        if isinstance(move, Capture) and move.card == C(card)
    }


def builds(moves: list[Move]) -> set[tuple[str, str | None, int, int | None]]:
    return {
        (str(m.card), None if m.target is None else str(m.target), m.value, m.owner)
        for m in moves
        if isinstance(m, Build)
    }


def test_jack_sweeps_two_four_six_ten_jack() -> None:
    # 000 "Zwick" example: table 2, 4, 6, 10, J; a jack counting 12 takes 2+4+6 and
    # 10+J(2). By hand, J as 2: {2}, {J}, {2,J}; J as 12: groups {2,4,6}, {2,10}, {J},
    # {10,J}, {4,6,J} and their disjoint unions {2,4,6,J}, {2,10,J}, all five.
    p = position("dithmarschen", ["JH", "5C", "5D", "5H"], ["2S", "4S", "6S", "10S", "JS"])
    sets = captures(legal_moves(p), "JH")
    assert frozenset({"2S", "4S", "6S", "10S", "JS"}) in sets
    assert sets == {
        frozenset(s.split())
        for s in [
            "2S",
            "JS",
            "2S JS",
            "2S 4S 6S",
            "2S 10S",
            "10S JS",
            "4S 6S JS",
            "2S 4S 6S JS",
            "2S 10S JS",
            "2S 4S 6S 10S JS",
        ]
    }


def test_fifteen_joker_on_three_four_seven_eight_jack() -> None:
    # 000 "Capturing": with 3, 4, 7, 8, J the 15-joker takes 8+7 and J+3, or 8+4+3.
    # Groups of 15: {8,7}, {8,4,3}, {J(12),3}, {J(2),...}: 2+3+... no 10 on the table,
    # 2+4+... no; {J(12)+3}; {7,4,J(2),...}=13 no; {7,8}. Unions: {7,8}, {3,4,8},
    # {3,J}, {3,7,8,J}. Nothing else adds up to 15.
    p = position("dithmarschen", ["JK15", "5C", "5D", "5H"], ["3S", "4S", "7S", "8S", "JS"])
    assert captures(legal_moves(p), "JK15") == {
        frozenset(s.split()) for s in ["7S 8S", "3S 4S 8S", "3S JS", "3S 7S 8S JS"]
    }


def test_ace_cannot_go_on_a_nine() -> None:
    # 000 "Building": 9 on the table, hand 2, 7, A. The 2 makes 11 or 7, the 7 makes 2;
    # the ace could only make 8, 10 or 20, none of which the player holds. No captures.
    p = position("dithmarschen", ["2H 7H AH", "5C", "5D", "5H"], ["9S"])
    moves = list(legal_moves(p))
    assert builds(moves) == {("2H", "9S", 11, 0), ("2H", "9S", 7, 0), ("7H", "9S", 2, 0)}
    assert {str(m.card) for m in moves if isinstance(m, Trail)} == {"AH", "2H", "7H"}
    assert not [m for m in moves if isinstance(m, Capture)]


def test_queen_zwicks_builds_nine_and_thirteen_with_a_four_but_a_nine_cannot() -> None:
    # 000 "Building": builds of 9 and 13 and a loose 4. A queen (13) takes the 13 and 9+4:
    # a zwick. A 9 takes only the 9-build; 13-4 is subtraction, never allowed in captures.
    table = [pile("5C 4C", 9, 1), pile("10C 3C", 13, 1), "4D"]
    p = position("dithmarschen", ["QH 9H", "KC", "5D", "5H"], table)
    moves = list(legal_moves(p))
    assert frozenset({"5C", "10C", "4D"}) in captures(moves, "QH")
    assert captures(moves, "9H") == {frozenset({"5C"})}


def test_jack_builds_the_25_joker_down_to_13_for_partner() -> None:
    # 000 "Building": 25-joker on the table, partner (seat 2) has built 13 with a queen.
    # Seat 0's jack on the joker: 25-12 = 13, for partner. Not for itself: it holds no 13.
    table = ["JK25", pile("QH", 13, 2)]
    p = position("dithmarschen", ["JD 5C", "6C", "QS", "6D"], table)
    assert ("JD", "JK25", 13, 2) in builds(legal_moves(p))
    assert ("JD", "JK25", 13, 0) not in builds(legal_moves(p))


def test_eight_on_a_five_builds_thirteen_for_a_queen() -> None:
    # 000 "Notes on tactics": 25-joker and a 5 on the table, hand queen and 8: the 8 on the 5
    # makes 13 (held: the queen). 5-8 is never a result; 8+5 = 13 is the only use.
    p = position("dithmarschen", ["QC 8C", "6C", "6H", "6D"], ["JK25", "5S"])
    assert ("8C", "5S", 13, 0) in builds(legal_moves(p))


def test_same_value_build_keeps_the_value() -> None:
    # 000 "Building": a 10 on a 10 may stay 10 with another 10 in hand, or make 20 with the
    # 20-joker in hand.
    p = position("dithmarschen", ["10C 10D JK20", "6C", "6H", "6D"], ["10S"])
    found = builds(legal_moves(p))
    assert ("10C", "10S", 10, 0) in found
    assert ("10C", "10S", 20, 0) in found


def test_classic_builds_only_by_addition_up_to_fourteen_without_owner() -> None:
    # Classic: 4 on a 7 makes 11 (no holding requirement, no owner), never 3; 9 on the 7
    # would be 16 > 14. A lone card is a trail, never a build.
    p = position("classic", ["4C 9C", "6C"], ["7S"])
    assert builds(legal_moves(p)) == {("4C", "7S", 11, None)}


def test_owner_must_keep_backing_its_build() -> None:
    # Seat 0 owns a 13-build and holds one queen: it may not trail or build with the queen,
    # but may capture the build with it (and so always has a move).
    p = position("dithmarschen", ["QC 2C", "6C", "6H", "6D"], [pile("10S 3S", 13, 0), "9D"])
    moves = list(legal_moves(p))
    assert Trail(C("QC")) not in moves
    assert Capture(C("QC"), frozenset({C("10S")})) in moves
    assert Trail(C("2C")) in moves


def test_king_backs_four_or_fourteen_but_not_both() -> None:
    # RULINGS "Owner obligation": seat 0 owns a 4-build and holds KC and 2C. Building the
    # 2 on the 9 to make 11? Not held. 2 on the 9 as 7? Not held. The king backs the 4-build;
    # a second build of 14 would need the same king twice.
    p = position("dithmarschen", ["KC 10C", "6C", "6H", "6D"], [pile("3S AS", 4, 0), "4D"])
    assert ("10C", "4D", 14, 0) not in builds(legal_moves(p))


@given(
    st.lists(st.integers(min_value=0, max_value=(1 << 8) - 1), max_size=7).map(tuple),
    st.sets(st.integers(min_value=0, max_value=7), max_size=5),
)
def test_backs_gives_each_value_its_own_card(holds: tuple[int, ...], values: set[int]) -> None:
    """values.backs (Hall's condition on bit sets) against the owner obligation by brute force.

    Each card of ``holds`` backs the values of its bit set; the hand backs ``values`` when
    some ordered choice of distinct cards, one per value, holds each its value.
    """
    wanted = sorted(values)
    expected = any(
        all(held >> value & 1 for held, value in zip(chosen, wanted, strict=True))
        for chosen in itertools.permutations(holds, len(wanted))
    )
    assert backs(holds, sum(1 << value for value in wanted)) is expected


def test_zwick_club_seven_sweeps_the_blanks() -> None:
    # 004 "Die Kreuz 7 und die Karo 7": the club 7 takes every loose 2-9 and every build of
    # value 2-9 at once, never a 10 or court card.
    table = ["2S", "9H", "10S", "KD", pile("5S 3D", 8, 1)]
    p = position("zwick", ["7C 8C", "6C", "6H", "6D"], table)
    assert frozenset({"2S", "9H", "5S"}) in captures(legal_moves(p), "7C")


# Against the brute-force oracle (tests/oracle.py) -----------------------------------------


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.mark.parametrize("seed", range(40))
def test_captures_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    variant = rng.choice(["dithmarschen", "grupp", "classic"])
    deck = [f"{rank}{suit}" for rank in RANKS for suit in "CDHS"]
    if variant == "dithmarschen":
        deck += ["JK15", "JK20", "JK25"]
    if variant == "grupp":
        deck += ["JKW1", "JKW2"]
    chosen = rng.sample(deck, 9)
    hand, table = chosen[:2], chosen[2:]
    players = 4 if variant == "dithmarschen" else 2
    hands = [" ".join(hand)] + ["" for _ in range(players - 1)]
    spare = next(card for card in deck if card not in chosen)
    p = position(variant, hands, table, stock=spare)
    moves = list(legal_moves(p))
    assert len(moves) == count_legal_moves(p)
    for card in hand:
        expected = oracle_capture_sets(p, C(card))
        assert captures(moves, card) == {frozenset(str(c) for c in s) for s in expected}


# One positive and one negative case for rule parameters not covered above ------------


def test_single_card_build_with_two_queens() -> None:
    # 000 "Building": holding two queens, play one announcing 3 or 13; with one queen and a
    # 3, only "3".
    two_queens = builds(legal_moves(position("dithmarschen", ["QH QC", "5C", "5D", "5H"], ["9S"])))
    assert {("QH", None, 3, 0), ("QH", None, 13, 0)} <= two_queens
    queen_and_three = builds(
        legal_moves(position("dithmarschen", ["QH 3C", "5C", "5D", "5H"], ["9S"]))
    )
    assert ("QH", None, 3, 0) in queen_and_three
    assert ("QH", None, 13, 0) not in queen_and_three


def test_magger_builds_for_a_partner_who_holds_the_value() -> None:
    # 000 "Zwicker with 6 Jokers": a player may ask the partner for a value and then build it
    # for the partner. Seat 0 holds no 14; partner seat 2 holds a king: 9 on a 5 makes 14 for
    # seat 2. With the no-magger option (002 alone) there is no basis.
    hands = ["9C 2C", "6C", "KS", "6D"]
    with_magger = builds(legal_moves(position("grossenwiehe", hands, ["5S"])))
    assert ("9C", "5S", 14, 2) in with_magger
    assert ("9C", "5S", 14, 0) not in with_magger
    without = builds(legal_moves(position("grossenwiehe", hands, ["5S"], options=("no-magger",))))
    assert ("9C", "5S", 14, 2) not in without


def test_a_partner_who_built_a_value_earlier_is_a_basis_by_the_wider_reading() -> None:
    # 000 "Building": "if your partner has previously built a particular value and has not
    # yet played the matching card". Seat 2 built 13 earlier (its build is gone) and holds
    # a queen: with the option partner-built-earlier, seat 0's jack on the 25-joker makes
    # 13 for seat 2; by default (a partner's build on the table now) it does not.
    hands = ["JD 5C", "6C", "QS", "6D"]
    wider = position("dithmarschen", hands, ["JK25"], options=("partner-built-earlier",))
    shown = replace(wider, shown=((), (), (13,), ()))
    assert ("JD", "JK25", 13, 2) in builds(legal_moves(shown))
    assert ("JD", "JK25", 13, 2) not in builds(legal_moves(wider))
    default = position("dithmarschen", hands, ["JK25"])
    assert ("JD", "JK25", 13, 2) not in builds(legal_moves(default))
    # The check of one move, the listing and the brute-force definition agree.
    move = Build(card=C("JD"), target=C("JK25"), value=13, owner=2)
    assert play(shown, move).table[0] == pile("JK25 JD", 13, 2)
    assert set(legal_moves(shown)) == brute_force_moves(shown)
    # A partner who no longer holds a 13 cannot back a new 13-build: no basis helps.
    gone = position("dithmarschen", ["JD 5C", "6C", "4S", "6D"], ["JK25"], options=wider.options)
    gone = replace(gone, shown=((), (), (13,), ()))
    assert ("JD", "JK25", 13, 2) not in builds(legal_moves(gone))
    assert set(legal_moves(gone)) == brute_force_moves(gone)


def test_play_records_the_values_a_seat_builds_for_itself_where_the_variant_keeps_them() -> None:
    hands = ["8C 7H QH", "6C", "QS", "6D"]
    wider = position("dithmarschen", hands, ["6H"], options=("partner-built-earlier",))
    after = play(wider, Build(card=C("7H"), target=C("6H"), value=13, owner=0))
    assert after.shown == ((13,), (), (), ())
    plain = position("dithmarschen", hands, ["6H"])
    assert play(plain, Build(card=C("7H"), target=C("6H"), value=13, owner=0)).shown == ()


def test_joker_takes_a_lone_joker_under_grupps_restriction() -> None:
    # Grupp's option: a joker alone on the table only by a joker; the joker may take it.
    p = position("grupp", ["KH JKW1", "5C"], ["JKW2"], options=("lone-joker-only-by-joker",))
    assert captures(legal_moves(p), "JKW1") == {frozenset({"JKW2"})}
    assert captures(legal_moves(p), "KH") == set()


def test_wild_joker_on_the_table_counts_any_value_by_default() -> None:
    # Grupp: a loose joker counts any value 2-14, so a king takes it alone (as 14) or with a 3
    # (as 11).
    p = position("grupp", ["KH", "5C"], ["JKW2", "3S"])
    assert captures(legal_moves(p), "KH") == {frozenset({"JKW2"}), frozenset({"JKW2", "3S"})}


def test_diamond_seven_counts_any_one_value() -> None:
    # 004: the diamond 7 fixed at 13 takes every queen and groups adding up to 13; trailed it
    # is a plain 7 (so a loose diamond 7 is taken by a 7).
    p = position("zwick", ["7D 2C", "6C", "6H", "6D"], ["QS", "10S", "3H"])
    sets = captures(legal_moves(p), "7D")
    assert frozenset({"QS", "10S", "3H"}) in sets  # 13 = Q, and 10 + 3
    loose = position("zwick", ["7S 2C", "6C", "6H", "6D"], ["7D"])
    assert captures(legal_moves(loose), "7S") == {frozenset({"7D"})}


def test_club_seven_builds_the_17_joker_down_to_15() -> None:
    # 004: 17-joker on the table, club 7 and 15-joker in hand: the 7 counts 2 and builds
    # the 17 down to 15, held by the 15-joker. An ordinary 7 cannot (17 - 7 = 10).
    special = builds(legal_moves(position("zwick", ["7C JK15", "6C", "6H", "6D"], ["JK17"])))
    assert ("7C", "JK17", 15, 0) in special
    plain = builds(legal_moves(position("zwick", ["7H JK15", "6C", "6H", "6D"], ["JK17"])))
    assert ("7H", "JK17", 15, 0) not in plain


def test_classic_courts_count_high_only() -> None:
    # 002 "Classic Zwicker": king 14 only: it takes 9 + 5 but not a lone 4.
    p = position("classic", ["KH", "6C"], ["9S", "5S", "4D"])
    assert captures(legal_moves(p), "KH") == {frozenset({"9S", "5S"})}


def test_the_legal_move_view_iterates_counts_tests_membership_and_truth() -> None:
    from zwicker_ref.engine.core.moves import Trail
    from zwicker_ref.engine.generation import LegalMoves, count_legal_moves

    p = position("dithmarschen", ["AH 5S", "5C", "5D", "2H"], ["AC", "10D"])
    legal = legal_moves(p)
    assert isinstance(legal, LegalMoves)
    assert len(legal) == count_legal_moves(p) == legal.count()
    listed = list(legal)
    assert len(listed) == len(legal)
    assert listed == list(legal)
    assert all(move in legal for move in listed)
    assert Trail(C("KS")) not in legal  # not in hand
    assert "AH" not in legal  # not a move at all
    assert legal
    over = position("dithmarschen", ["", "", "", ""], ["AC"])
    assert not legal_moves(over)
    assert len(legal_moves(over)) == 0
    assert list(legal_moves(over)) == []


def test_a_seat_to_move_holding_no_card_has_no_move_listed_counted_or_made() -> None:
    # A position file may give the turn to a seat with an empty hand while others still
    # hold cards (the fuzzing of position files found one that crashed the count): the
    # seat has no move, whether the moves are listed, counted or tested.
    for variant, table in (("christiansen", ["6D", "4H", "8H"]), ("classic", ["5S", "9C"])):
        p = position(variant, ["7H", "", "KH", "AS"], table, to_move=1)
        assert list(legal_moves(p)) == []
        assert count_legal_moves(p) == len(legal_moves(p)) == 0
        assert not legal_moves(p)


def test_the_view_makes_the_move_of_each_number_alone() -> None:
    # Builds owned by both seats: trails, captures and builds, the mover's 9-build keeping
    # it from trailing its only 9.
    p = position(
        "christiansen",
        ["KH 4C 9D 2S", "QC 7D"],
        ["AC", pile("5H 4H", 9, 0), pile("3D 4D", 7, 1), "JS"],
    )
    listed = list(legal_moves(p))
    assert {type(move).__name__ for move in listed} == {"Trail", "Capture", "Build"}
    assert Trail(C("9D")) not in listed
    fresh = legal_moves(p)
    assert len(fresh) == len(listed)
    assert [fresh[number] for number in range(len(listed))] == listed
    assert fresh[-1] == listed[-1]
    assert fresh[-len(listed)] == listed[0]
    assert fresh[1:3] == listed[1:3]
    for outside in (len(listed), -len(listed) - 1):
        with pytest.raises(IndexError, match="out of range"):
            fresh[outside]
    over = position("christiansen", ["", ""], ["AC"])
    with pytest.raises(IndexError):
        legal_moves(over)[0]


def test_moves_made_in_bulk_are_the_moves_the_constructors_make() -> None:
    from dataclasses import astuple

    from zwicker_ref.engine.core.moves import Build, Capture, new_build, new_captures

    card, other, third = Card.parse("KH"), Card.parse("3C"), Card.parse("4D")
    made = [
        new_build(card, other, 7, 1),
        *new_captures(card, [frozenset([other]), frozenset([other, third])]),
    ]
    expected = [
        Build(card, other, 7, 1),
        Capture(card, frozenset([other])),
        Capture(card, frozenset([other, third])),
    ]
    for fast, slow in zip(made, expected, strict=True):
        assert type(fast) is type(slow)
        assert astuple(fast) == astuple(slow)  # every field, the annotations too
        assert hash(fast) == hash(slow)


def test_a_large_listing_leaves_the_collector_as_it_found_it() -> None:
    import gc
    import weakref

    from tests.positions import large_positions
    from zwicker_ref.engine.listing.listing import list_moves

    large = large_positions()["classic 2p: A-4 x4"]
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    class Node:
        pass

    gc.collect()
    cycle = Node()
    cycle.self = cycle  # type: ignore[attr-defined]
    garbage = weakref.ref(cycle)
    del cycle
    gc.callbacks.append(seen)
    try:
        listed = list_moves(large)
        # The caller's young garbage was collected before the listing, not promoted.
        assert garbage() is None
        assert collections == [1]
        kept = [[] for _ in range(10)]  # the first allocations once the collector is on
        assert len(listed) == 8817
        assert gc.isenabled()
        # The moves went to the oldest generation without a young collection walking them.
        assert collections == [1]
        assert gc.get_freeze_count() == 0
        gc.freeze()  # somebody else's frozen objects stay frozen
        try:
            frozen = gc.get_freeze_count()
            list_moves(large)
            assert gc.isenabled()
            assert gc.get_freeze_count() == frozen
        finally:
            gc.unfreeze()
        gc.disable()  # and a paused collector stays paused
        try:
            list_moves(large)
            assert not gc.isenabled()
        finally:
            gc.enable()
        assert len(kept) == 10
    finally:
        gc.callbacks.remove(seen)


def test_listing_makes_no_reference_cycles() -> None:
    # What a listing makes is freed by reference counts alone, its search tables too when
    # their caches let them go: the collector is paused while it lists, and a large
    # listing's objects are promoted unwalked.
    import gc

    from tests.positions import large_positions
    from zwicker_ref.engine.core import capture_vectors
    from zwicker_ref.engine.generation import count_legal_moves
    from zwicker_ref.engine.listing.listing import list_moves

    for name, large in large_positions().items():
        gc.collect()
        assert list_moves(large)
        assert count_legal_moves(large)
        capture_vectors._few_vectors.cache_clear()
        capture_vectors._many_vectors.cache_clear()
        assert gc.collect() == 0, name
