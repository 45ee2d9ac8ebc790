"""The capture search (zwicker_ref.engine.core.captures) against the rule written out plainly.

:func:`capture_masks` and :func:`count_capture_masks` answer from a table's values alone
(``offered``: each item's values in table order, ``()`` for an item never taken). The
definition they are held to, :func:`definition`, is the rule of RULINGS.md in a few lines:
a nonempty set of items counts when it splits into disjoint groups each adding up to one
value v of the card (one v for the whole set, one value per item), each set once, in
canonical order (increasing sequences of item indices, a prefix before its extensions).

Random tables of up to 12 items exercise every method: the subset method (up to
SMALL_TABLE items), the vector search (larger tables, and here also small ones directly)
and the subset fallback for tables with too many value classes; the large positions of
tests/positions.py and constructed tables of 17 to 21 items exercise them at the sizes
where speed matters.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, note
from hypothesis import strategies as st

from tests.positions import large_positions
from zwicker_ref.engine.core.capture_vectors import VECTOR_LIMIT, vector_table
from zwicker_ref.engine.core.captures import (
    _SPREAD_TABLES,
    GROUP_BUDGET,
    SMALL_TABLE,
    SUBSET_BUDGET,
    CaptureSearch,
    _at_places,
    _subset_masks,
    canonical_masks,
    capture_masks,
    classify,
    count_capture_masks,
    masks_by_subsets,
    splits_whole,
    table_captures,
)
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.values import value_table
from zwicker_ref.engine.listing.mover_view import capture_shape

Offered = tuple[tuple[int, ...], ...]


# The definition ------------------------------------------------------------------------


def definition(offered: Offered, values: tuple[int, ...]) -> tuple[int, ...]:
    """Every capturable set as a bit mask, in canonical order, straight from the rule."""
    found: set[int] = set()
    for value in values:
        groups = [mask for mask, totals in _subsets_up_to(offered, value) if value in totals]
        # Every union of pairwise disjoint groups (each group added once, in turn).
        reached = {0}
        for group in groups:
            reached |= {done | group for done in reached if not done & group}
        found |= reached - {0}
    return tuple(sorted(found, key=lambda mask: _items(mask, len(offered))))


def _subsets_up_to(offered: Offered, value: int) -> list[tuple[int, set[int]]]:
    """Every subset (bit mask) with what it can add up to, one value per item, up to ``value``.

    Values are positive, so a subset whose every total passes ``value`` has no superset
    adding up to it and is not grown further.
    """
    found: list[tuple[int, set[int]]] = [(0, {0})]
    for index, choices in enumerate(offered):
        found += [
            (mask | 1 << index, grown)
            for mask, totals in found
            if (
                grown := {
                    total + choice
                    for total in totals
                    for choice in choices
                    if total + choice <= value
                }
            )
        ]
    return found


def _items(mask: int, size: int) -> list[int]:
    return [index for index in range(size) if mask >> index & 1]


# Random tables -------------------------------------------------------------------------

# Loose cards and builds offer one value; aces and court cards two (Dithmarschen's A=1/11
# and J/Q/K=2/12..4/14); a wild joker many; an item the variant keeps from capture none.
ITEM_VALUES = st.one_of(
    st.integers(min_value=1, max_value=14).map(lambda value: (value,)),
    st.sampled_from([(1, 11), (2, 12), (3, 13), (4, 14)]),
    st.just(()),
    st.just(tuple(range(2, 15))),
)
CARD_VALUES = st.one_of(
    st.integers(min_value=1, max_value=14).map(lambda value: (value,)),
    st.sampled_from([(2, 12), (3, 13), (4, 14), (25,), tuple(range(1, 15))]),
)


@st.composite
def tables(
    draw: st.DrawFn, max_items: int, min_items: int = 0
) -> tuple[Offered, tuple[int, ...], int]:
    """A table's values, a card's capture values, and a bound at least as high as them."""
    offered = tuple(draw(st.lists(ITEM_VALUES, min_size=min_items, max_size=max_items)))
    values = draw(CARD_VALUES)
    bound = max(values) + draw(st.integers(min_value=0, max_value=16))
    note(f"offered={offered} values={values} bound={bound}")
    return offered, values, bound


@given(
    st.integers(min_value=1, max_value=20).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.sets(st.integers(min_value=1, max_value=(1 << size) - 1), max_size=200),
        )
    )
)
def test_subsets_are_ranked_in_canonical_order(sized: tuple[int, set[int]]) -> None:
    """The order of canonical_masks is that of the items' indices as sequences, every size."""
    size, masks = sized
    assert canonical_masks(masks, size) == tuple(sorted(masks, key=lambda m: _items(m, size)))


@pytest.mark.parametrize("size", range(1, 13))
def test_every_subset_is_ranked_in_canonical_order(size: int) -> None:
    """Every subset of a table of up to 12 items, in the order of their items' indices."""
    masks = range((1 << size) - 1, 0, -1)
    assert canonical_masks(masks, size) == tuple(sorted(masks, key=lambda m: _items(m, size)))


@given(tables(max_items=SMALL_TABLE + 2))
def test_capture_masks_follow_the_definition(table: tuple[Offered, tuple[int, ...], int]) -> None:
    """Each capturable set once, nothing else, in canonical order; counted without listing."""
    offered, values, bound = table
    expected = definition(offered, values)
    assert capture_masks(offered, values, bound) == expected
    assert count_capture_masks(offered, values, bound) == len(expected)


@given(tables(min_items=SMALL_TABLE + 1, max_items=12))
def test_capture_masks_follow_the_definition_on_larger_tables(
    table: tuple[Offered, tuple[int, ...], int],
) -> None:
    """The same beyond SMALL_TABLE items, where the vector search answers."""
    offered, values, bound = table
    expected = definition(offered, values)
    assert capture_masks(offered, values, bound) == expected
    assert count_capture_masks(offered, values, bound) == len(expected)


@given(tables(max_items=SMALL_TABLE + 1))
def test_the_vector_search_follows_the_definition(
    table: tuple[Offered, tuple[int, ...], int],
) -> None:
    """The vector search on small tables too, where capture_masks would use subsets."""
    offered, values, bound = table
    search = vector_table(offered, bound)
    assert search is not None
    expected = definition(offered, values)
    assert search.masks(values) == expected
    assert search.count(values) == len(expected)


@given(tables(max_items=12))
def test_a_card_on_a_table_captures_as_the_definition_says(
    table: tuple[Offered, tuple[int, ...], int],
) -> None:
    """table_captures searches only the items a card can take, then maps back to places."""
    offered, values, _bound = table
    assert table_captures(offered, values) == definition(offered, values)


@given(
    st.lists(st.integers(min_value=0, max_value=23), min_size=1, max_size=24, unique=True)
    .map(sorted)
    .flatmap(
        lambda places: st.tuples(
            st.just(places),
            st.lists(
                st.integers(min_value=0, max_value=(1 << len(places)) - 1), min_size=1, max_size=20
            ),
        )
    )
)
@example(([*range(1, 24)], [(1 << 23) - 1, 1 << 15 | 1 << 7, 1 << 22]))  # three tables
@example(([0, 2, 3, 5, 8, 9, 11, 12, 14, 15], [1023, 1 << 9, 1 << 7]))  # two
@example(([1, 4, 6], [7, 2]))  # one
def test_masks_over_some_items_spread_to_their_table_places(
    case: tuple[list[int], list[int]],
) -> None:
    """Bit i of a mask over the items at ``places`` is bit ``places[i]`` of the table mask.

    Masks over up to 24 places: a few, spread bit by bit, and the same repeated past
    _SPREAD_TABLES, spread through one, two or three tables of eight places.
    """
    places, masks = case
    expected = tuple(
        sum(1 << place for index, place in enumerate(places) if mask >> index & 1) for mask in masks
    )
    assert _at_places(tuple(masks), places) == expected
    many = -(-_SPREAD_TABLES // len(masks))  # enough copies to reach the tables
    assert _at_places(tuple(masks) * many, places) == expected * many


@given(tables(max_items=12))
def test_the_subset_fallback_follows_the_definition(
    table: tuple[Offered, tuple[int, ...], int],
) -> None:
    offered, values, _bound = table
    assert masks_by_subsets(offered, values) == definition(offered, values)


@given(tables(max_items=12), st.data())
def test_a_given_set_splits_as_the_definition_says(
    table: tuple[Offered, tuple[int, ...], int], data: st.DataObject
) -> None:
    """splits_whole and the checker's CaptureSearch.splits: one set, one value."""
    offered, values, _bound = table
    value = data.draw(st.sampled_from(values))
    everything = (1 << len(offered)) - 1
    expected = bool(offered) and everything in definition(offered, (value,))
    assert splits_whole(offered, value) is expected
    search = CaptureSearch(classify(enumerate(offered)))
    vector = tuple(len(value_class.names) for value_class in search.classes)
    assert search.splits(vector, value) is expected


# Large tables --------------------------------------------------------------------------


def _table_of(position: Position) -> tuple[Offered, int, list[tuple[int, ...]]]:
    """The table values the lister asks about, the capture bound, and each hand card's values."""
    values = value_table(position.rules)
    hand = position.hands[position.to_move]
    return (
        capture_shape(position),
        values.capture_bound,
        [values.use(card).capture for card in hand],
    )


DITHMARSCHEN = [(1, 11), *((value,) for value in range(2, 11)), (2, 12), (3, 13), (4, 14)]
"""A, 2-10, J, Q, K in Dithmarschen."""

CONSTRUCTED: dict[str, tuple[Offered, list[tuple[int, ...]]]] = {
    # 17 items: a suit of 13 and four more small cards, many value classes.
    "17 items: A-K and A-4": (
        (*DITHMARSCHEN, (1, 11), (2,), (3,), (4,)),
        [(9,), (2, 12), (4, 14), (25,)],
    ),
    # 20 items: a suit and seven cards of another (some 140,000 count vectors).
    "20 items: A-K and A-7": (
        (*DITHMARSCHEN, (1, 11), *((value,) for value in range(2, 8))),
        [(9,), (4, 14)],
    ),
    # 20 items of high values and builds: few captures, every card of the deck in play.
    "20 items: 5-K twice, two builds": (
        (*DITHMARSCHEN[4:], *DITHMARSCHEN[4:], (9,), (14,)),
        [(9,), (10,), (3, 13), (4, 14)],
    ),
    # 21 items offering 21 different values: more vectors than the search takes on.
    "21 items, all different": (
        (*DITHMARSCHEN, (11,), (12,), (13,), (14,), (15,), (16,), (17,), (1,)),
        [(9,), (4, 14), (17,)],
    ),
}


@pytest.mark.parametrize("name", sorted(large_positions()))
def test_captures_on_the_large_positions(name: str) -> None:
    """Every card of the mover's hand: every capture, in order, and its count."""
    offered, bound, cards = _table_of(large_positions()[name])
    for values in cards:
        expected = definition(offered, values)
        assert capture_masks(offered, values, bound) == expected, values
        assert count_capture_masks(offered, values, bound) == len(expected), values


@pytest.mark.parametrize("name", sorted(CONSTRUCTED))
def test_captures_on_constructed_large_tables(name: str) -> None:
    offered, cards = CONSTRUCTED[name]
    for values in cards:
        expected = definition(offered, values)
        assert capture_masks(offered, values, 25) == expected, values
        assert count_capture_masks(offered, values, 25) == len(expected), values


# Ten items, mostly high: few subsets add up to 13 or 14, and few of those exactly.
HIGH_TABLE: Offered = ((9,), (10,), (11,), (12,), (13,), (14,), (5,), (1, 11), (13,), (8,))


@pytest.mark.parametrize(
    ("offered", "values", "by_subsets"),
    [
        pytest.param(HIGH_TABLE, (14,), True, id="10 high items, 14: few subsets"),
        pytest.param(HIGH_TABLE, (3, 13), True, id="10 high items, 3 or 13: few subsets"),
        pytest.param(((7,),) * 9, (7,), False, id="nine 7s, 7: nine groups"),
        pytest.param(
            CONSTRUCTED["20 items: 5-K twice, two builds"][0], (9,), False, id="20 items, 9"
        ),
    ],
)
def test_larger_tables_take_the_method_the_budgets_choose(
    offered: Offered, values: tuple[int, ...], by_subsets: bool
) -> None:
    """Past SMALL_TABLE items, the subset method answers within its budgets, vectors past them.

    Both answer as the definition says (nine 7s: every one of the 511 nonempty sets).
    """
    assert len(offered) > SMALL_TABLE
    assert (_subset_masks(offered, values, SUBSET_BUDGET) is not None) is by_subsets
    expected = definition(offered, values)
    assert capture_masks(offered, values, 14) == expected
    assert count_capture_masks(offered, values, 14) == len(expected)
    if offered == ((7,),) * 9:
        assert GROUP_BUDGET < 9
        assert len(expected) == 511


def test_the_constructed_tables_reach_every_method() -> None:
    """The constructed tables take the vector search up to its limit, and past it."""
    vectors = {
        name: math.prod(1 + offered.count(values) for values in set(offered))
        for name, (offered, _cards) in CONSTRUCTED.items()
    }
    assert vectors["20 items: A-K and A-7"] > VECTOR_LIMIT // 8
    assert vectors["21 items, all different"] > VECTOR_LIMIT
    assert vector_table(CONSTRUCTED["21 items, all different"][0], 25) is None
