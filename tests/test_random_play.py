"""Seeded random hands of every variant, option and player count, played to the end.

In every reached position: the seat to move has a legal move, every legal move passes the
legality check, the count and the move of the chosen number (made alone by a fresh view)
agree with the listing, the cards are conserved, and at the end the scores add up to the
check total. ZWICKER_RANDOM_HANDS sets the hands per variant and player count (``make soak``
runs thousands; the default keeps ``make test`` quick).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from zwicker_ref.engine.check.legality import check_move
from zwicker_ref.engine.core.dealing import shuffled_deck, splitmix64, start_hand, uniform_below
from zwicker_ref.engine.core.position import Position, item_cards
from zwicker_ref.engine.core.scoring import score_hand
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.formats.record import random_game, replay
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.spec_loader import load_variant, variant_ids

HANDS = int(os.environ.get("ZWICKER_RANDOM_HANDS", "4"))


def every_card(position: Position) -> Counter[str]:
    cards = [card for hand in position.hands for card in hand]
    cards += [card for item in position.table for card in item_cards(item)]
    cards += [*position.stock, *(card for pile in position.captured for card in pile)]
    return Counter(str(card) for card in cards)


def settings() -> list[tuple[str, tuple[str, ...], int]]:
    found = []
    for variant_id in variant_ids():
        variant = load_variant(variant_id)
        for options in variant.option_rules:
            for players in sorted(variant.rules_with(options).player_counts):
                if players <= 6 or HANDS > 4:
                    found.append((variant_id, tuple(sorted(options)), players))
    return found


@pytest.mark.parametrize(("variant_id", "options", "players"), settings())
def test_random_hands(variant_id: str, options: tuple[str, ...], players: int) -> None:
    variant = load_variant(variant_id)
    rules = variant.rules_with(options)
    deck = Counter(str(card) for card in rules.deck(players))
    for seed in range(HANDS):
        position = start_hand(
            variant, players, seed % players, shuffled_deck(rules, players, seed), options
        )
        policy = splitmix64(seed)
        moves = 0
        while not position.is_over:
            legal = list(legal_moves(position))
            assert legal, f"seed {seed}: no legal move for seat {position.to_move}"
            assert len(legal) == count_legal_moves(position)
            for move in legal:
                assert check_move(position, move) == move
            number = uniform_below(len(legal), policy)
            # A fresh view makes the move of that number alone, as zwicker play takes it.
            chosen = legal_moves(position)[number]
            assert chosen == legal[number], f"seed {seed}: move {number} numbered wrongly"
            position = apply_legal(position, chosen)
            moves += 1
            assert every_card(position) == deck, f"seed {seed}: cards not conserved"
        dealt = sum(sum(stage.hands) for stage in plan_deal(rules, players).stages)
        assert moves == dealt, "a hand lasts exactly as many moves as cards dealt to players"
        score = score_hand(position)
        assert score.check_holds, f"seed {seed}: {score.total} != {score.expected_total}"


@pytest.mark.parametrize("variant_id", ["dithmarschen", "zwick", "grupp"])
def test_records_replay(variant_id: str) -> None:
    players = 4
    record, final = random_game(variant_id, players, seed=11)
    assert replay(record) == final
    again, _ = random_game(variant_id, players, seed=11)
    assert again == record, "the same seed gives the same game"
