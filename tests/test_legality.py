"""Checking single moves: every illegal-move code, and agreement with generation."""

from __future__ import annotations

import random

import pytest

from tests.positions import pile, position
from zwicker_ref.engine.check.legality import check_move, is_legal
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.errors import ILLEGAL_MOVE_CODES, ErrorCode, IllegalMoveError
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.spec_loader import load_variant

C = Card.parse


def cap(card: str, items: str, value: int | None = None, groups: str | None = None) -> Capture:
    parsed = (
        None
        if groups is None
        else tuple(tuple(C(name) for name in group.split("+")) for group in groups.split(","))
    )
    return Capture(C(card), frozenset(C(name) for name in items.split()), value, parsed)


def build(card: str, target: str | None, value: int, owner: int | None) -> Build:
    return Build(C(card), None if target is None else C(target), value, owner)


# Each case: a position, a move, and the code the rules give for it (reasoned in the id).
CASES: list[tuple[str, Position, Move, ErrorCode]] = [
    (
        "not in hand",
        position("dithmarschen", ["2H", "5C", "5D", "5H"], ["9S"]),
        Trail(C("3H")),
        ErrorCode.CARD_NOT_IN_HAND,
    ),
    (
        "wrong seat",
        position("dithmarschen", ["2H", "5C", "5D", "5H"], ["9S"]),
        Trail(C("5C"), seat=1),
        ErrorCode.NOT_YOUR_TURN,
    ),
    (
        "item missing",
        position("dithmarschen", ["9H", "5C", "5D", "5H"], ["9S"]),
        cap("9H", "9C"),
        ErrorCode.ITEM_NOT_ON_TABLE,
    ),
    (
        "item twice in groups",
        position("dithmarschen", ["9H", "5C", "5D", "5H"], ["9S", "4S"]),
        cap("9H", "9S", groups="9S,9S"),
        ErrorCode.ITEM_USED_TWICE,
    ),
    (
        "takes nothing",
        position("dithmarschen", ["9H", "5C", "5D", "5H"], ["9S"]),
        Capture(C("9H"), frozenset()),
        ErrorCode.CAPTURE_TAKES_NOTHING,
    ),
    (
        "king cannot count 13",
        position("dithmarschen", ["KH", "5C", "5D", "5H"], ["9S", "4S"]),
        cap("KH", "9S 4S", value=13),
        ErrorCode.VALUE_NOT_AVAILABLE,
    ),
    (
        "group 9+3 is not 13",
        position("dithmarschen", ["QH", "5C", "5D", "5H"], ["9S", "3S", "4S"]),
        cap("QH", "9S 3S 4S", groups="9S+3S,4S"),
        ErrorCode.GROUP_DOES_NOT_SUM,
    ),
    (
        "9 cannot take 13-4",
        position("dithmarschen", ["9H", "5C", "5D", "5H"], [pile("10C 3C", 13, 1), "4D"]),
        cap("9H", "10C 4D"),
        ErrorCode.CAPTURE_DOES_NOT_ADD_UP,
    ),
    (
        "lone joker only by a joker",
        position("grupp", ["KH JKW1", "5C"], ["JKW2"], options=("lone-joker-only-by-joker",)),
        cap("KH", "JKW2"),
        ErrorCode.JOKER_CAPTURE_FORBIDDEN,
    ),
    (
        "jokers never captured",
        position("grupp", ["KH", "5C"], ["JKW2", "3S"], options=("jokers-never-captured",)),
        cap("KH", "JKW2 3S"),
        ErrorCode.JOKER_CAPTURE_FORBIDDEN,
    ),
    (
        "classic has no single-card builds",
        position("classic", ["5H 5C", "6C"], ["9S"]),
        build("5H", None, 5, None),
        ErrorCode.SINGLE_CARD_BUILD_NOT_ALLOWED,
    ),
    (
        "classic adds only",
        position("classic", ["3H 6C", "6D"], ["9S"]),
        build("3H", "9S", 6, None),
        ErrorCode.SUBTRACTION_NOT_ALLOWED,
    ),
    (
        "zero is below one",
        position("dithmarschen", ["9H 9C", "5C", "5D", "5H"], ["9S"]),
        build("9H", "9S", 0, 0),
        ErrorCode.SUBTRACT_BELOW_ONE,
    ),
    (
        "classic keeps no value",
        position("classic", ["5H 5C", "6C"], ["5S"]),
        build("5H", "5S", 5, None),
        ErrorCode.SAME_VALUE_NOT_ALLOWED,
    ),
    (
        "2 on 9 cannot make 8",
        position("dithmarschen", ["2H 8C", "5C", "5D", "5H"], ["9S"]),
        build("2H", "9S", 8, 0),
        ErrorCode.BUILD_VALUE_UNREACHABLE,
    ),
    (
        "classic maximum 14",
        position("classic", ["9H", "6C"], ["7S"]),
        build("9H", "7S", 16, None),
        ErrorCode.BUILD_ABOVE_MAXIMUM,
    ),
    (
        "ace on the 9 as 10, no 10 held",
        position("dithmarschen", ["2H 7H AH", "5C", "5D", "5H"], ["9S"]),
        build("AH", "9S", 10, 0),
        ErrorCode.VALUE_NOT_HELD,
    ),
    (
        "no partner build of 13",
        position("dithmarschen", ["JD 5C", "6C", "QS", "6D"], ["JK25"]),
        build("JD", "JK25", 13, 2),
        ErrorCode.NO_PARTNER_BASIS,
    ),
    (
        "an opponent is no partner",
        position("dithmarschen", ["JD 5C", "QS", "6C", "6D"], ["JK25", pile("QH", 13, 1)]),
        build("JD", "JK25", 13, 1),
        ErrorCode.OWNER_NOT_A_PARTNER,
    ),
    (
        "classic builds have no owner",
        position("classic", ["4H", "6C"], ["7S"]),
        build("4H", "7S", 11, 0),
        ErrorCode.OWNER_NOT_ALLOWED,
    ),
    (
        "trailing the only queen backing a 13",
        position("dithmarschen", ["QC 2C", "6C", "6H", "6D"], [pile("10S 3S", 13, 0)]),
        Trail(C("QC")),
        ErrorCode.OWNER_OBLIGATION_BROKEN,
    ),
]


@pytest.mark.parametrize(("p", "move", "code"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_illegal_move_gets_its_code(p: Position, move: Move, code: ErrorCode) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        check_move(p, move)
    assert caught.value.code is code
    assert caught.value.message
    assert not is_legal(p, move)


def test_hand_over() -> None:
    p = position("dithmarschen", ["", "", "", ""], [])
    with pytest.raises(IllegalMoveError) as caught:
        check_move(p, Trail(C("2H")))
    assert caught.value.code is ErrorCode.HAND_OVER


def test_every_code_of_illegal_moves_has_a_case() -> None:
    # HAND_OVER has its own test below.
    expected = ILLEGAL_MOVE_CODES - {ErrorCode.HAND_OVER}
    assert {case[3] for case in CASES} == expected


def test_grouped_capture_is_the_same_move_as_its_set() -> None:
    # 000: the 15-joker takes 8+7 and J+3; given as groups or as a set, one move.
    p = position("dithmarschen", ["JK15", "5C", "5D", "5H"], ["3S", "4S", "7S", "8S", "JS"])
    grouped = cap("JK15", "8S 7S JS 3S", value=15, groups="8S+7S,JS+3S")
    assert check_move(p, grouped) == cap("JK15", "3S 7S 8S JS")


def test_build_without_owner_is_a_build_for_the_mover() -> None:
    p = position("dithmarschen", ["2H 7H AH", "5C", "5D", "5H"], ["9S"])
    assert check_move(p, build("2H", "9S", 11, None)) == build("2H", "9S", 11, 0)


def random_moves(p: Position, rng: random.Random) -> list[Move]:
    """Plausible moves, legal and not: every card with trails, captures and builds."""
    hand = p.hands[p.to_move]
    names = [item.base if hasattr(item, "base") else item for item in p.table]
    moves: list[Move] = []
    for card in hand:
        moves.append(Trail(card))
        for _ in range(3):
            size = rng.randint(1, max(1, min(4, len(names))))
            if names:
                moves.append(Capture(card, frozenset(rng.sample(names, size))))
        for target in [None, *names[:4]]:
            for value in (rng.randint(1, 30), rng.randint(1, 14)):
                for owner in {p.to_move, (p.to_move + 2) % p.players, (p.to_move + 1) % p.players}:
                    moves.append(Build(card, target, value, owner))
    return moves


@pytest.mark.parametrize(
    "variant_id", ["dithmarschen", "grossenwiehe", "christiansen", "classic", "grupp", "zwick"]
)
def test_checking_agrees_with_generation_in_random_play(variant_id: str) -> None:
    variant = load_variant(variant_id)
    players = max(variant.rules.player_counts & {2, 3, 4})
    rng = random.Random(variant_id)
    for seed in range(3):
        p = start_hand(variant, players, players - 1, shuffled_deck(variant.rules, players, seed))
        while not p.is_over:
            legal = list(legal_moves(p))
            legal_set = set(legal)
            assert len(legal_set) == len(legal)
            for move in legal:
                assert check_move(p, move) == move
            for move in random_moves(p, rng):
                owner_free = isinstance(move, Build) and not p.rules.build_ownership
                candidate = Build(move.card, move.target, move.value, None) if owner_free else move  # type: ignore[union-attr]
                assert is_legal(p, candidate) == (candidate in legal_set), candidate
            p = apply_legal(p, rng.choice(legal))
