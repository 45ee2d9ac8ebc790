"""The reference's legal-move search agrees with the brute-force definition (tests/brute_force.py).

The search is written for speed (shared caches, bit masks, count vectors); the brute-force
generator is written from the rule text and shares none of its code. They must give the
same move set on random positions of every variant, option and player count, on positions
reached by random play, and on large tables (12 to 16 items) with small hands.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.brute_force import brute_force_moves
from tests.positions import large_positions
from tests.strategies import constructed_positions, reachable_positions, settings_of
from zwicker_ref.engine.core.moves import canonical_order
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.rules.spec_loader import variant_ids


def assert_agrees(position: Position) -> None:
    """The listed moves: each once, in canonical order, exactly the brute-force set."""
    listed = list(legal_moves(position))
    expected = brute_force_moves(position)
    found = set(listed)
    assert found == expected, (
        f"{position.compact()}: missing {sorted(map(str, expected - found))}; "
        f"extra {sorted(map(str, found - expected))}"
    )
    assert len(listed) == len(found)
    assert listed == canonical_order(listed)
    assert len(legal_moves(position)) == len(expected)
    # Indexing a fresh view makes the move listed at that number, without the listing.
    fresh = legal_moves(position)
    count = len(listed)
    for number in sorted({0, count - 1, *range(0, count, max(1, count // 40))}):
        if count:
            assert fresh[number] == listed[number], f"{position.compact()}: move {number}"


@pytest.mark.parametrize("variant", variant_ids())
@given(data=st.data())
def test_search_matches_the_definition_on_constructed_positions(
    variant: str, data: st.DataObject
) -> None:
    assert_agrees(data.draw(constructed_positions(settings_of((variant,)), 9, 4)))


@pytest.mark.parametrize("variant", variant_ids())
@given(data=st.data())
def test_search_matches_the_definition_in_random_play(variant: str, data: st.DataObject) -> None:
    for position in data.draw(reachable_positions(settings_of((variant,)))).path:
        assert_agrees(position)


def _with_one_card(position: Position, index: int) -> Position:
    mover = position.to_move
    held = position.hands[mover]
    hands = tuple(
        (held[index],) if seat == mover else cards for seat, cards in enumerate(position.hands)
    )
    return replace(position, hands=hands)


@pytest.mark.parametrize("name", sorted(large_positions()))
def test_search_matches_the_definition_on_large_tables(name: str) -> None:
    """Each large position with the mover's hand cut to its lowest and to its highest card."""
    position = large_positions()[name]
    for index in (0, -1):
        assert_agrees(_with_one_card(position, index))
