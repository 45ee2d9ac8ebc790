"""Dealing real cards: explicit deck orders for every variant, and the seeded shuffle.

Expected hands are worked out by hand from each variant's schedule and the deck order
(top first, RULINGS.md "Deals from an explicit deck"), not taken from the code.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tests.conftest import ROOT
from tests.positions import cards
from zwicker_ref.engine.core.dealing import (
    deal_next_stage,
    shuffled_deck,
    splitmix64,
    start_hand,
    uniform_below,
)
from zwicker_ref.engine.core.position import Position
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.spec_loader import load_variant, variant_ids


def names(found: tuple[Card, ...] | tuple[object, ...]) -> str:
    return " ".join(str(card) for card in found)


def empty_hands(position: Position) -> Position:
    """The position once every hand has been played out (play itself is not tested here)."""
    return replace(position, hands=((),) * position.players)


# Explicit deck orders, variant by variant


def test_dithmarschen_deals_four_each_one_at_a_time_then_three_to_the_table() -> None:
    variant = load_variant("dithmarschen")
    # Canonical order: AC 2C 3C ... KC, AD 2D ... ; dealer 0, so seat 1 is forehand.
    position = start_hand(variant, 4, 0, variant.rules.deck(4))
    assert names(position.hands[1]) == "AC 5C 9C KC"
    assert names(position.hands[2]) == "2C 6C 10C AD"
    assert names(position.hands[3]) == "3C 7C JC 2D"
    assert names(position.hands[0]) == "4C 8C QC 3D"
    assert names(position.table) == "4D 5D 6D"
    assert len(position.stock) == 55 - 19
    assert position.stock[0] == Card.parse("7D")
    assert (position.to_move, position.stage) == (1, 1)
    assert position.captured == ((), ())  # two partnerships
    assert position.zwicks == (0, 0)
    assert position.last_capture is None


def test_grossenwiehe_deals_packets_of_two_and_ten_table_cards() -> None:
    variant = load_variant("grossenwiehe")
    # Dealer 3, so seat 0 is forehand. Stage 1: two each in one packet, five to the
    # table, two each in one packet, five to the table.
    position = start_hand(variant, 4, 3, variant.rules.deck(4))
    assert position.hands == (
        cards("AC 2C AD 2D"),
        cards("3C 4C 3D 4D"),
        cards("5C 6C 5D 6D"),
        cards("7C 8C 7D 8D"),
    )
    assert names(position.table) == "9C 10C JC QC KC 9D 10D JD QD KD"
    assert position.to_move == 0
    assert position.captured == ((), ())
    # Stage 2: four each in packets of two: AH 2H | 3H 4H | 5H 6H | 7H 8H | 9H 10H | ...
    second = deal_next_stage(empty_hands(position))
    assert second.hands == (
        cards("AH 2H 9H 10H"),
        cards("3H 4H JH QH"),
        cards("5H 6H KH AS"),
        cards("7H 8H 2S 3S"),
    )
    assert second.table == position.table  # nothing more to the table
    third = deal_next_stage(empty_hands(second))
    assert third.hands == (
        cards("4S 5S QS KS"),
        cards("6S 7S JK15 JK17"),
        cards("8S 9S JK20 JK22"),
        cards("10S JS JK25 JK30"),
    )
    assert third.stock == ()
    assert third.stage == 3


def test_grossenwiehe_option_deals_the_first_cards_one_at_a_time() -> None:
    variant = load_variant("grossenwiehe")
    position = start_hand(variant, 2, 1, variant.rules.deck(2), ("initial-one-at-a-time",))
    # Dealer 1, forehand 0: AC to 0, 2C to 1, 3C to 0, 4C to 1; table 5C-9C; then
    # 10C to 0, JC to 1, QC to 0, KC to 1; table AD-5D.
    assert position.hands == (cards("AC 3C 10C QC"), cards("2C 4C JC KC"))
    assert names(position.table) == "5C 6C 7C 8C 9C AD 2D 3D 4D 5D"
    assert position.options == ("initial-one-at-a-time",)
    assert position.captured == ((), ())  # two players, each alone


def test_zwick_deals_two_three_two_four_in_packets() -> None:
    variant = load_variant("zwick")
    position = start_hand(variant, 3, 0, variant.rules.deck(3))
    # Forehand 1: AC 2C | 3C 4C to seat 2 | 5C 6C to seat 0 | 7C 8C 9C to the table |
    # 10C JC | QC KC | AD 2D | 3D 4D 5D 6D to the table.
    assert position.hands == (cards("5C 6C AD 2D"), cards("AC 2C 10C JC"), cards("3C 4C QC KC"))
    assert names(position.table) == "7C 8C 9C 3D 4D 5D 6D"
    assert position.captured == ((), (), ())
    assert position.zwicks == (0, 0, 0)


def test_classic_two_players() -> None:
    variant = load_variant("classic")
    position = start_hand(variant, 2, 0, variant.rules.deck(2))
    assert position.hands == (cards("2C 4C 6C 8C"), cards("AC 3C 5C 7C"))
    assert names(position.table) == "9C 10C JC QC"
    assert len(position.stock) == 40


def test_classic_six_players_uses_two_packs_and_ends_unevenly() -> None:
    variant = load_variant("classic")
    deck = variant.rules.deck(6)
    assert len(deck) == 104
    position = start_hand(variant, 6, 5, deck)  # forehand is seat 0
    for _ in range(3):
        position = deal_next_stage(empty_hands(position))
    # 28 + 3 * 24 = 100 cards dealt; the last four (the canonical order ends with the
    # second pack's spades 10 J Q K) go one at a time from forehand to seats 0, 1, 2, 3;
    # seats 4 and 5 get nothing.
    last = deal_next_stage(empty_hands(position))
    assert last.hands == (
        cards("10S#2"),
        cards("JS#2"),
        cards("QS#2"),
        cards("KS#2"),
        (),
        (),
    )
    assert last.stock == ()
    assert last.to_move == 0


def test_grupp_final_deal_with_four_players_is_two_two_one_one() -> None:
    variant = load_variant("grupp")
    position = start_hand(variant, 4, 3, variant.rules.deck(4))  # forehand is seat 0
    for _ in range(2):
        position = deal_next_stage(empty_hands(position))
    assert len(position.stock) == 58 - 20 - 16 - 16
    # The six left are the wild jokers W1-W6, one at a time from forehand.
    last = deal_next_stage(empty_hands(position))
    assert last.hands == (cards("JKW1 JKW5"), cards("JKW2 JKW6"), cards("JKW3"), cards("JKW4"))
    assert [len(hand) for hand in last.hands] == [2, 2, 1, 1]
    assert last.stage == 4


def test_christiansen_sample_game_first_and_second_deal() -> None:
    """Source 000, "A Sample Game of Zwickern": Albert deals; Beatrice, Charlie, Dianne follow."""
    variant = load_variant("christiansen")
    albert, beatrice, charlie, dianne = range(4)  # clockwise from the dealer
    first = {
        albert: cards("AH KH JH 3H 10D JK15"),
        beatrice: cards("KS 8C 7C 3C 9H 5H"),
        charlie: cards("8S 7S 3S JD 5D 6H"),
        dianne: cards("9D 6D JS 10S 4H JK20"),
    }
    picture = cards("QS AD 8D 4D 2D 2C 10H JK30")
    second = {
        albert: cards("AC 10C 9S 6S 7H 3D"),
        beatrice: cards("JC 9C 5S 2S 8H 2H"),
        charlie: cards("AS 4S 6C 5C QD QH"),
        dianne: cards("KD 7D KC QC 4C JK25"),
    }
    # Four players: six each one at a time from forehand (Beatrice), then eight face up;
    # the second deal is six more each.
    order: list[Card] = []
    for hands in (first, second):
        for round_ in range(6):
            order += [hands[seat][round_] for seat in (beatrice, charlie, dianne, albert)]
        if hands is first:
            order += picture
    position = start_hand(variant, 4, albert, order)
    for seat, hand in first.items():
        assert set(position.hands[seat]) == set(hand)
    assert set(position.table) == set(picture)
    assert position.to_move == beatrice
    assert position.captured == ((), (), (), ())
    # The first hand leaves the spade jack and the diamond five on the table.
    played_out = replace(empty_hands(position), table=cards("JS 5D"))
    dealt = deal_next_stage(played_out)
    for seat, hand in second.items():
        assert set(dealt.hands[seat]) == set(hand)
    assert dealt.table == cards("5D JS")
    assert dealt.stock == ()
    assert dealt.to_move == beatrice


def test_dithmarschen_draw_each_round_deals_stages_of_one_card() -> None:
    variant = load_variant("dithmarschen")
    position = start_hand(variant, 4, 0, variant.rules.deck(4), ("draw-each-round",))
    assert [len(hand) for hand in position.hands] == [4, 4, 4, 4]
    assert len(position.stock) == 36
    # After a round every seat holds three cards; each draws one (7D to forehand, seat 1).
    after_round = replace(position, hands=tuple(hand[1:] for hand in position.hands))
    drawn = deal_next_stage(after_round)
    assert drawn.hands[1] == cards("5C 9C KC 7D")
    assert drawn.hands[2] == cards("6C 10C AD 8D")
    assert drawn.hands[3] == cards("7C JC 2D 9D")
    assert drawn.hands[0] == cards("8C QC 3D 10D")
    assert (drawn.stage, len(drawn.stock)) == (2, 32)
    for _ in range(8):
        drawn = deal_next_stage(drawn)
    assert (drawn.stage, drawn.stock) == (10, ())
    with pytest.raises(ZwickerError) as caught:
        deal_next_stage(drawn)
    assert caught.value.code is ErrorCode.INVALID_POSITION


def test_hands_empty_timing_refuses_to_deal_onto_held_cards() -> None:
    variant = load_variant("dithmarschen")
    position = start_hand(variant, 4, 0, variant.rules.deck(4))
    with pytest.raises(ZwickerError, match="every hand is empty") as caught:
        deal_next_stage(position)
    assert caught.value.code is ErrorCode.INVALID_POSITION


@pytest.mark.parametrize("variant_id", variant_ids())
def test_a_whole_deal_follows_the_plan_and_deals_every_card_once(variant_id: str) -> None:
    variant = load_variant(variant_id)
    for players in sorted(variant.rules.player_counts):
        deck = shuffled_deck(variant.rules, players, 20240601 + players)
        position = start_hand(variant, players, players - 1, deck)
        table = 0
        for index, stage in enumerate(plan_deal(variant.rules, players).stages):
            if index:
                position = deal_next_stage(empty_hands(position))
            # Forehand is seat 0 here, so plan and position count seats alike.
            assert tuple(len(hand) for hand in position.hands) == stage.hands
            table += stage.table
            assert len(position.table) == table
        assert position.stock == ()


# Invalid deck orders and seats


def deal_error(variant_id: str, order: list[Card], players: int = 4) -> ZwickerError:
    with pytest.raises(ZwickerError) as caught:
        start_hand(load_variant(variant_id), players, 0, order)
    return caught.value


def test_deck_order_missing_a_card() -> None:
    order = list(load_variant("dithmarschen").rules.deck(4))
    order.remove(Card.parse("JK25"))
    error = deal_error("dithmarschen", order)
    assert error.code is ErrorCode.INVALID_DECK_ORDER
    assert "it has 54 and lacks JK25" in error.message


def test_deck_order_with_a_card_twice() -> None:
    order = list(load_variant("dithmarschen").rules.deck(4))
    order[order.index(Card.parse("AS"))] = Card.parse("10D")
    error = deal_error("dithmarschen", order)
    assert error.code is ErrorCode.INVALID_DECK_ORDER
    assert "lacks AS" in error.message
    assert "has more than one 10D" in error.message


def test_deck_order_with_foreign_cards() -> None:
    order = list(load_variant("dithmarschen").rules.deck(4))
    order += cards("JK30 10D#2")
    error = deal_error("dithmarschen", order)
    assert error.code is ErrorCode.INVALID_DECK_ORDER
    assert "not in this deck: JK30 10D#2"  # canonical order: copy first in error.message


def test_deck_order_of_the_wrong_pack_count() -> None:
    # Five players of the classic game use two packs: one pack is 52 cards short.
    error = deal_error("classic", list(load_variant("classic").rules.deck(4)), players=5)
    assert error.code is ErrorCode.INVALID_DECK_ORDER
    assert "each of its 104 cards once; it has 52" in error.message
    assert "AC#2" in error.message
    assert "and 40 more" in error.message


def test_deck_order_with_something_that_is_not_a_card() -> None:
    order: list[object] = list(load_variant("dithmarschen").rules.deck(4))
    order[3] = "4C"
    error = deal_error("dithmarschen", order)  # type: ignore[arg-type]
    assert error.code is ErrorCode.INVALID_DECK_ORDER
    assert "not cards (at 3)" in error.message


def test_dealer_must_be_a_seat() -> None:
    variant = load_variant("zwick")
    with pytest.raises(ZwickerError) as caught:
        start_hand(variant, 3, 3, variant.rules.deck(3))
    assert caught.value.code is ErrorCode.INVALID_POSITION


def test_player_count_must_be_allowed() -> None:
    variant = load_variant("dithmarschen")
    with pytest.raises(ZwickerError) as caught:
        start_hand(variant, 3, 0, variant.rules.deck(4))
    assert caught.value.code is ErrorCode.UNSUPPORTED_PLAYER_COUNT


# The seeded shuffle

# rust-random/rngs, rand_xoshiro/src/splitmix64.rs, test `reference`: "These values were
# produced with the reference implementation: http://xoshiro.di.unimi.it/splitmix64.c"
# (Vigna's splitmix64.c); the first five of its fifty.
RAND_XOSHIRO_SEED = 1477776061723855037
RAND_XOSHIRO_OUTPUTS = (
    1985237415132408290,
    2979275885539914483,
    13511426838097143398,
    8488337342461049707,
    15141737807933549159,
)
# Rosetta Code, "Pseudo-random numbers/Splitmix64": the first five outputs for seed 1234567.
ROSETTA_SEED = 1234567
ROSETTA_OUTPUTS = (
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
)


@pytest.mark.parametrize(
    ("seed", "expected"),
    [(RAND_XOSHIRO_SEED, RAND_XOSHIRO_OUTPUTS), (ROSETTA_SEED, ROSETTA_OUTPUTS)],
    ids=["rand_xoshiro-reference", "rosetta-code"],
)
def test_splitmix64_matches_published_outputs(seed: int, expected: tuple[int, ...]) -> None:
    stream = splitmix64(seed)
    assert tuple(next(stream) for _ in expected) == expected


def test_splitmix64_state_wraps_at_two_to_the_64() -> None:
    stream = splitmix64(2**64 - 1)
    assert 0 <= next(stream) < 2**64


def test_uniform_below_rejects_the_biased_top_of_the_range() -> None:
    # 2**64 = 1 (mod 3), so exactly one value, 2**64 - 1, lies in the incomplete top
    # block and is rejected; the next output (5) gives 5 mod 3 = 2.
    assert uniform_below(3, iter([2**64 - 1, 5])) == 2
    assert uniform_below(3, iter([2**64 - 2])) == (2**64 - 2) % 3
    # A power of two divides 2**64: nothing is rejected.
    assert uniform_below(4, iter([2**64 - 1])) == 3


def independent_shuffle(deck: list[str], seed: int) -> list[str]:
    """A second, straightforward implementation of the documented shuffle."""

    def output(n: int) -> int:
        # The n-th output (from 0) of SplitMix64: the state after n + 1 increments, mixed.
        z = (seed + (n + 1) * 0x9E3779B97F4A7C15) % 2**64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return z ^ (z >> 31)

    counter = 0
    result = list(deck)
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        while True:
            x = output(counter)
            counter += 1
            # Accept x when it lies in a complete block of `bound` values.
            if x // bound < 2**64 // bound:
                break
        j = x % bound
        result[i], result[j] = result[j], result[i]
    return result


def canonical_dithmarschen_deck() -> list[str]:
    """The notation page's canonical order, built from its description, not from the code."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [rank + suit for suit in "CDHS" for rank in ranks] + ["JK15", "JK20", "JK25"]


WORKED_SEED = 1234567
WORKED_TOP_FIVE = "8H 6S QH 7H 3S"


def test_seeded_shuffle_agrees_with_an_independent_implementation() -> None:
    rules = load_variant("dithmarschen").rules
    assert [str(card) for card in rules.deck(4)] == canonical_dithmarschen_deck()
    for seed in (0, 1, WORKED_SEED, RAND_XOSHIRO_SEED, 2**64 - 1):
        ours = [str(card) for card in shuffled_deck(rules, 4, seed)]
        assert ours == independent_shuffle(canonical_dithmarschen_deck(), seed), seed
    worked = independent_shuffle(canonical_dithmarschen_deck(), WORKED_SEED)
    assert " ".join(worked[:5]) == WORKED_TOP_FIVE


def test_worked_example_in_the_docs_is_the_real_one() -> None:
    page = (ROOT / "docs" / "reference" / "dealing.md").read_text(encoding="utf-8")
    assert f"seed {WORKED_SEED}" in page
    assert f"`{WORKED_TOP_FIVE}`" in page
    # The first draw: 6457827717110365317 mod 55 = 7 (worked by the independent check).
    assert ROSETTA_OUTPUTS[0] % 55 == 7
    assert re.search(r"6457827717110365317\s*\|\s*55\s*\|\s*7\b", page)


def test_seeded_shuffle_is_reproducible_and_a_permutation() -> None:
    rules = load_variant("grossenwiehe").rules
    first = shuffled_deck(rules, 4, 42)
    assert first == shuffled_deck(rules, 4, 42)
    assert first != shuffled_deck(rules, 4, 43)
    assert sorted(first, key=lambda card: card.sort_key) == list(rules.deck(4))


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "7"])
def test_seed_out_of_range_is_rejected(seed: object) -> None:
    rules = load_variant("zwick").rules
    with pytest.raises(ZwickerError, match="0 to 2\\*\\*64-1") as caught:
        shuffled_deck(rules, 2, seed)  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.INVALID_SEED


@pytest.mark.parametrize("seed", [0, 2**64 - 1])
def test_seed_bounds_are_accepted(seed: int) -> None:
    assert len(shuffled_deck(load_variant("zwick").rules, 2, seed)) == 55
