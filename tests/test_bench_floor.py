"""The floor engine of ``benchmarks/bench_floor.py`` does the work it claims to do.

It is a yardstick, not a rule: its time per turn says what an engine searching the same
way cannot beat only if it really searches. So its captures are held to their definition
(every set of items that splits into groups all adding up to one value the card takes,
each item counting one of its values), its moves are counted and made as worked out by
hand, and it takes turns on positions of every variant.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.bench_floor import (
    FloorCard,
    _moves,
    _play,
    floor_position,
    floor_turn,
    played_positions,
)
from zwicker_ref.engine.core.dealing import splitmix64


def adds_up(table: list[tuple[int, ...]], group: list[int], value: int) -> bool:
    """True when the items at places ``group`` can add up to ``value``, one value each."""
    return any(sum(chosen) == value for chosen in product(*(table[place] for place in group)))


def splits_into(table: list[tuple[int, ...]], places: list[int], value: int) -> bool:
    """True when the items at ``places`` split into groups each adding up to ``value``."""
    if not places:
        return True
    first, others = places[0], places[1:]
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            rest = [place for place in others if place not in chosen]
            if adds_up(table, [first, *chosen], value) and splits_into(table, rest, value):
                return True
    return False


def defined_captures(table: list[tuple[int, ...]], takes: tuple[int, ...]) -> set[int]:
    """Every item set (bit mask) a card taking ``takes`` captures, by the definition."""
    return {
        mask
        for mask in range(1, 1 << len(table))
        if any(
            splits_into(table, [p for p in range(len(table)) if mask >> p & 1], value)
            for value in takes
        )
    }


def card(takes: tuple[int, ...], built: int = 1, holds: int = 0) -> FloorCard:
    return (takes, takes, built, holds)


values = st.tuples(st.integers(1, 13)) | st.tuples(st.integers(1, 5), st.integers(6, 14))


@given(st.lists(values | st.just(()), max_size=7), st.lists(values, min_size=1, max_size=5))
def test_floor_captures_are_the_definitions(
    table: list[tuple[int, ...]], takes: list[tuple[int, ...]]
) -> None:
    captures, _builds = _moves([card(values) for values in takes], table)
    for values_taken, found in zip(takes, captures, strict=True):
        assert set(found) == defined_captures(table, values_taken), (table, values_taken)


def test_the_threes_twos_and_one_against_a_six() -> None:
    table = [(3,), (3,), (3,), (3,), (2,), (1,)]
    (found,), _builds = _moves([card((6,))], table)
    assert set(found) == defined_captures(table, (6,))
    assert 0b001111 in found  # two pairs of threes
    assert 0b111111 not in found  # 15 is no sum of sixes


def test_a_turns_moves_counted_and_made_one_by_one() -> None:
    # Hand 5 5 3 8 (each backs its own value), table 2 3 5 1. Worked out by hand:
    # - a 5 captures {2,3}, {5} or both; the 3 captures {3}, {2,1} or both; the 8
    #   captures {3,5} or {2,5,1}, which share the 5, so not both: 3 + 3 + 3 + 2;
    # - a 5 builds alone (the other 5 backs it) or onto the 3 (the 8 backs it); the 3
    #   onto the 2 (a 5 backs it) or onto the 5 (the 8); the 8 reaches nothing backed.
    hand = [card((number,), number, 1 << number) for number in (5, 5, 3, 8)]
    table = [(2,), (3,), (5,), (1,)]
    captures, builds = _moves(hand, table)
    assert [sorted(masks) for masks in captures] == [
        [0b0011, 0b0100, 0b0111],
        [0b0011, 0b0100, 0b0111],
        [0b0010, 0b1001, 0b1011],
        [0b0110, 0b1101],
    ]
    assert builds == [[-1, 1], [-1, 1], [0, 2], []]
    made = []
    for drawn in range(4 + 11 + 6):
        played_hand, played_table = list(hand), list(table)
        _play(played_hand, played_table, drawn, captures, builds)
        made.append(([c[0][0] for c in played_hand], [v[0] for v in played_table]))
    assert made[0] == ([5, 3, 8], [2, 3, 5, 1, 5])  # the first 5 trailed
    assert made[4] == ([5, 3, 8], [5, 1])  # the first 5 takes 2 and 3
    assert made[13] == ([5, 5, 3], [2, 1])  # the 8 takes 3 and 5
    assert made[14] == ([5, 5, 3], [3])  # the 8 takes 2, 5 and 1
    assert made[15] == ([5, 3, 8], [2, 3, 5, 1, 5])  # the first 5 built alone
    assert made[16] == ([5, 3, 8], [2, 8, 5, 1])  # the first 5 onto the 3
    assert made[19] == ([5, 5, 8], [5, 3, 5, 1])  # the 3 onto the 2
    assert made[20] == ([5, 5, 8], [2, 3, 8, 1])  # the 3 onto the 5
    with pytest.raises(AssertionError):
        _play(list(hand), list(table), 21, captures, builds)


@pytest.mark.parametrize(
    ("variant_id", "players"),
    [("dithmarschen", 4), ("classic", 6), ("christiansen", 2), ("grossenwiehe", 6)],
)
def test_the_floor_takes_a_turn_on_every_position_of_play(variant_id: str, players: int) -> None:
    policy = splitmix64(7)
    positions = played_positions(variant_id, players, range(2))
    assert len(positions) > 40
    for position in positions:
        hand, table = floor_position(position)
        assert len(hand) == len(position.hands[position.to_move])
        assert len(table) == len(position.table)
        before = len(hand) + len(table)
        floor_turn(hand, table, policy)
        # A card left the hand: onto the table, or with the items it took.
        assert len(hand) == len(position.hands[position.to_move]) - 1
        assert len(hand) + len(table) <= before
