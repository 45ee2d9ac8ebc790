import pytest

from zwicker_ref.errors import ErrorCode, NotationError
from zwicker_ref.rules.cards import Card, Rank, Suit, build_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10D", Rank.TEN, Suit.DIAMONDS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("AH", Rank.ACE, Suit.HEARTS),
        ("2C", Rank.TWO, Suit.CLUBS),
        ("KD", Rank.KING, Suit.DIAMONDS),
    ],
)
def test_suited_cards_parse(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit, card.joker_label, card.copy) == (rank, suit, None, 1)
    assert str(card) == text


def test_jokers_and_copies_parse() -> None:
    assert Card.parse("JK25") == Card.joker("25")
    assert Card.parse("JKW1").joker_label == "W1"
    second = Card.parse("10D#2")
    assert second.copy == 2
    assert second.first_copy == Card.parse("10D")
    assert str(Card.joker("15", copy=2)) == "JK15#2"


def test_every_card_of_a_double_pack_round_trips() -> None:
    deck = build_deck(("15", "20", "W1"), packs=2)
    assert len(deck) == 2 * 55
    assert len(set(deck)) == len(deck)
    for card in deck:
        assert Card.parse(str(card)) == card


@pytest.mark.parametrize(
    "text",
    [
        "",
        "10",
        "D10",
        "1D",
        "11D",
        "TD",
        "10d",
        "qs",
        "JK",
        "JK1234",
        "JK-1",
        "10D#1",
        "10D#0",
        "10D#02",
        "10D#10",
        " 10D",
        "10D ",
        "10 D",
        "10♦",
    ],
)
def test_bad_notation_is_rejected_with_its_code(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert caught.value.code is ErrorCode.BAD_CARD_NOTATION
    assert repr(text) in str(caught.value)


def test_non_text_is_rejected_not_crashed() -> None:
    with pytest.raises(NotationError):
        Card.parse(10)  # type: ignore[arg-type]


def test_impossible_cards_cannot_be_constructed() -> None:
    with pytest.raises(ValueError, match="either a rank and a suit"):
        Card(Rank.TEN, None, None)
    with pytest.raises(ValueError, match="copy"):
        Card.suited(Rank.TEN, Suit.CLUBS, copy=0)


def test_canonical_order_puts_jokers_last_and_copies_apart() -> None:
    deck = build_deck(("25", "15"), packs=1)
    assert [str(card) for card in deck[:3]] == ["AC", "2C", "3C"]
    assert [str(card) for card in deck[-2:]] == ["JK15", "JK25"]
