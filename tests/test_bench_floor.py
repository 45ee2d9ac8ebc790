"""The floor engine of ``benchmarks/bench_floor.py`` does the work it claims to do.

It is a yardstick, not a rule: its rate bounds what an engine searching the same way can
reach only if it really searches. So its captures are held to their definition (every set
of items that splits into groups each adding up to the card's number), and whole hands
are played with a count of every move checked against the moves it can make.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.bench_floor import _groups, _moves, _play, _splits, floor_hand, shape_of


def splits_into(table: list[int], mask: int, number: int) -> bool:
    """True when the items of ``mask`` split into groups each adding up to ``number``."""
    if not mask:
        return True
    lowest = mask & -mask
    others = [1 << place for place in range(len(table)) if (mask & ~lowest) >> place & 1]
    # The group of the lowest item: it and some of the others.
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            group = lowest | sum(chosen)
            total = sum(table[place] for place in range(len(table)) if group >> place & 1)
            if total == number and splits_into(table, mask & ~group, number):
                return True
    return False


def defined_captures(table: list[int], number: int) -> set[int]:
    """Every nonempty item set (bit mask) a card of ``number`` captures, by the definition."""
    return {mask for mask in range(1, 1 << len(table)) if splits_into(table, mask, number)}


@given(
    st.lists(st.integers(1, 13), max_size=8),
    st.lists(st.integers(1, 13), min_size=1, max_size=6),
)
def test_floor_captures_are_the_definitions(table: list[int], hand: list[int]) -> None:
    groups = _groups(table, hand) if table else {}
    for number in hand:
        found = set(_splits(groups[number])) if number in groups else set()
        assert found == defined_captures(table, number), (table, number)


def test_a_card_of_a_number_on_the_table_many_times() -> None:
    # 3 3 3 3 2 1 against a 6: the pairs of threes and the 3+2+1 groups combine many ways.
    table = [3, 3, 3, 3, 2, 1]
    found = set(_splits(_groups(table, [6])[6]))
    assert found == defined_captures(table, 6)
    assert 0b001111 in found  # two pairs of threes
    assert 0b111111 not in found  # 3+3+3+3+2+1 = 15 is no sum of sixes


def test_a_turns_moves_counted_and_made_one_by_one() -> None:
    # Hand 5 5 3 8, table 2 3 5 1 (places 0-3). Worked out by hand:
    # - a 5 captures {2,3}, {5} or both; the 3 captures {3}, {2,1} or both; the 8
    #   captures {3,5} or {2,5,1}, which share the 5, so not both: 3 + 3 + 3 + 2;
    # - a 5 builds alone (the other 5 is held) or onto the 3 (an 8 is held); the 3 builds
    #   onto the 2 (a 5 is held) or onto the 5 (an 8); the 8 reaches nothing held.
    hand, table = [5, 5, 3, 8], [2, 3, 5, 1]
    captures, builds, held = _moves(hand, table)
    assert [sorted(masks) for masks in captures] == [
        [0b0011, 0b0100, 0b0111],
        [0b0011, 0b0100, 0b0111],
        [0b0010, 0b1001, 0b1011],
        [0b0110, 0b1101],
    ]
    assert builds == [2, 2, 2, 0]
    made = []
    for drawn in range(4 + 11 + 6):
        played_hand, played_table = list(hand), list(table)
        _play(played_hand, played_table, drawn, captures, builds, held)
        made.append((played_hand, played_table))
    assert made[0] == ([5, 3, 8], [2, 3, 5, 1, 5])  # the first 5 trailed
    assert made[4] == ([5, 3, 8], [5, 1])  # the first 5 takes 2 and 3
    assert made[13] == ([5, 5, 3], [2, 1])  # the 8 takes 3 and 5
    assert made[14] == ([5, 5, 3], [3])  # the 8 takes 2, 5 and 1
    assert made[15] == ([5, 3, 8], [2, 3, 5, 1, 5])  # the first 5 built alone
    assert made[16] == ([5, 3, 8], [2, 8, 5, 1])  # the first 5 onto the 3
    assert made[19] == ([5, 5, 8], [5, 3, 5, 1])  # the 3 onto the 2
    assert made[20] == ([5, 5, 8], [2, 3, 8, 1])  # the 3 onto the 5
    with pytest.raises(AssertionError):
        _play(list(hand), list(table), 21, captures, builds, held)


@pytest.mark.parametrize(
    ("variant_id", "players"), [("dithmarschen", 4), ("classic", 6), ("christiansen", 2)]
)
def test_a_floor_hand_plays_every_card_dealt(variant_id: str, players: int) -> None:
    shape = shape_of(variant_id, players)
    dealt = len(shape.numbers) - shape.table
    for seed in range(5):
        assert floor_hand(shape, seed) == dealt
