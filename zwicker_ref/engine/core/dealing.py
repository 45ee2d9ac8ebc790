"""Deal schedules, and dealing real cards from a deck order or a seeded shuffle.

:func:`start_hand` and :func:`deal_next_stage` follow the walk of the schedule
(:mod:`zwicker_ref.rules.deal_plan`) with actual cards, top of the stock first.

:func:`shuffled_deck` gives a deck order from a seed that every implementation, in any
language, reproduces bit for bit: SplitMix64 drives a Fisher-Yates shuffle of the
canonical deck order (``docs/reference/dealing.md`` has the exact procedure).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from zwicker_ref.engine.core.position import Position, TableItem, sorted_cards, sorted_items
from zwicker_ref.errors import ErrorCode, ZwickerError
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.deal_plan import stage_steps, walk_stage
from zwicker_ref.rules.variant import (
    DealTiming,
    Rules,
    Variant,
)

# Dealing cards


def start_hand(
    variant: Variant,
    players: int,
    dealer: int,
    deck_order: Sequence[Card],
    options: tuple[str, ...] = (),
) -> Position:
    """The position after the first stage of a hand is dealt from ``deck_order`` (top first).

    ``deck_order`` must hold every card of the variant's deck for ``players`` exactly once
    (:meth:`Rules.deck`); otherwise :class:`ZwickerError` ``invalid-deck-order`` names the
    cards missing, doubled or foreign. Forehand, the seat after ``dealer``, is to move.

    >>> from zwicker_ref import load_variant
    >>> variant = load_variant("classic")
    >>> deck = variant.rules.deck(2)
    >>> position = start_hand(variant, 2, 0, deck)
    >>> [str(card) for card in position.hands[1]], len(position.stock)
    (['AC', '3C', '5C', '7C'], 40)
    """
    rules = variant.rules_with(options)
    rules.check_players(players)
    if not 0 <= dealer < players:
        raise ZwickerError(
            ErrorCode.INVALID_POSITION,
            f"dealer seat {dealer} does not exist with {players} players (seats 0-{players - 1})",
        )
    expected = rules.deck(players)
    problem = deck_order_problem(expected, deck_order)
    if problem is not None:
        raise ZwickerError(
            ErrorCode.INVALID_DECK_ORDER,
            f"the deck order for {variant.id} with {players} players {problem}",
        )
    undealt = Position(
        variant=variant.id,
        options=tuple(sorted(set(options))),
        players=players,
        dealer=dealer,
        to_move=(dealer + 1) % players,
        stage=0,
        hands=((),) * players,
        table=(),
        stock=tuple(deck_order),
        captured=(),
        zwicks=(),
        last_capture=None,
        rules=rules,
    )
    undealt = replace(undealt, captured=((),) * undealt.sides, zwicks=(0,) * undealt.sides)
    return deal_next_stage(undealt)


def deck_order_problem(expected: Sequence[Card], deck_order: Sequence[object]) -> str | None:
    """What is wrong with ``deck_order`` as an order of the cards ``expected``, or None."""
    keys = [card.sort_key for card in deck_order if isinstance(card, Card)]
    if len(keys) == len(deck_order) and sorted(keys) == [card.sort_key for card in expected]:
        # The usual case, met at every deal: each card once (cards are equal by their keys).
        return None
    not_cards = [index for index, card in enumerate(deck_order) if not isinstance(card, Card)]
    if not_cards:
        places = ", ".join(str(index) for index in not_cards[:5])
        return f"has entries that are not cards (at {places})"
    given = Counter(card for card in deck_order if isinstance(card, Card))
    wanted = Counter(expected)
    missing = sorted(wanted - given, key=lambda card: card.sort_key)
    foreign = sorted(set(given) - set(wanted), key=lambda card: card.sort_key)
    doubled = sorted(
        (card for card, count in given.items() if card in wanted and count > wanted[card]),
        key=lambda card: card.sort_key,
    )
    parts = []
    if missing:
        parts.append(f"lacks {_card_list(missing)}")
    if doubled:
        parts.append(f"has more than one {_card_list(doubled)}")
    if foreign:
        parts.append(f"has cards that are not in this deck: {_card_list(foreign)}")
    if not parts:
        return None
    return (
        f"must hold each of its {len(expected)} cards once; it has {len(deck_order)} and "
        + "; ".join(parts)
    )


def _card_list(cards: list[Card]) -> str:
    shown = " ".join(str(card) for card in cards[:12])
    return shown if len(cards) <= 12 else f"{shown} and {len(cards) - 12} more"


def deal_next_stage(position: Position) -> Position:
    """``position`` with the next stage of the schedule dealt from its stock.

    The stage dealt is ``position.stage`` (0-based; past the listed stages the last one
    again, where the schedule repeats it); ``stage`` goes up by one and forehand (the
    first seat from forehand, clockwise, that holds a card) is to move. Builds, owners and
    table cards stay where they are.
    """
    if not position.stock:
        raise ZwickerError(ErrorCode.INVALID_POSITION, "the stock is empty: nothing to deal")
    rules = position.rules
    if rules.deal_timing is DealTiming.HANDS_EMPTY and any(position.hands):
        holding = ", ".join(str(seat) for seat, hand in enumerate(position.hands) if hand)
        raise ZwickerError(
            ErrorCode.INVALID_POSITION,
            f"the next stage is dealt when every hand is empty; seat(s) {holding} still hold cards",
        )
    schedule = rules.schedule_for(position.players)
    steps = stage_steps(schedule, position.stage)
    if steps is None:
        raise ZwickerError(
            ErrorCode.DEAL_INCOMPLETE,
            f"the schedule has {len(schedule.stages)} stages, but {len(position.stock)} cards "
            "are still in the stock",
        )
    walk = walk_stage(
        steps, rules.deal_final, position.players, len(position.stock), position.stage
    )
    if walk.problem is not None:
        raise ZwickerError(*walk.problem)
    hands = [list(hand) for hand in position.hands]
    table: list[TableItem] = list(position.table)
    for card, destination in zip(position.stock, walk.destinations, strict=False):
        if destination is None:
            table.append(card)
        else:
            hands[(position.forehand + destination) % position.players].append(card)
    seats_holding = [
        seat
        for offset in range(position.players)
        if hands[seat := (position.forehand + offset) % position.players]
    ]
    return replace(
        position,
        to_move=seats_holding[0] if seats_holding else position.forehand,
        stage=position.stage + 1,
        hands=tuple(sorted_cards(hand) for hand in hands),
        table=sorted_items(table),
        stock=position.stock[len(walk.destinations) :],
    )


# The seeded shuffle

SPLITMIX64_INCREMENT = 0x9E3779B97F4A7C15
"""Added to the state before every output: 2**64 divided by the golden ratio, made odd."""
SPLITMIX64_MULTIPLIER_1 = 0xBF58476D1CE4E5B9
"""First multiplier of the output mix (Stafford's "Mix13" finaliser)."""
SPLITMIX64_MULTIPLIER_2 = 0x94D049BB133111EB
"""Second multiplier of the output mix."""
_MASK64 = (1 << 64) - 1
_TWO_TO_64 = 1 << 64


def splitmix64(seed: int) -> Iterator[int]:
    """The endless output stream of SplitMix64 started from the 64-bit state ``seed``.

    Each output: ``state = state + 0x9E3779B97F4A7C15 (mod 2**64)``; ``z = state``;
    ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``; ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``;
    output ``z ^ (z >> 31)``, every product taken mod 2**64 (Vigna's ``splitmix64.c``).

    >>> next(splitmix64(1234567))
    6457827717110365317
    """
    # Checked here, not inside the generator, so a bad seed fails at the call.
    return _splitmix64_outputs(_check_seed(seed))


def _splitmix64_outputs(state: int) -> Iterator[int]:
    while True:
        state = (state + SPLITMIX64_INCREMENT) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * SPLITMIX64_MULTIPLIER_1) & _MASK64
        z = ((z ^ (z >> 27)) * SPLITMIX64_MULTIPLIER_2) & _MASK64
        yield z ^ (z >> 31)


def uniform_below(bound: int, outputs: Iterator[int]) -> int:
    """A number in 0..bound-1 drawn without bias from 64-bit ``outputs`` by rejection.

    With ``r = 2**64 mod bound``, an output ``x`` is accepted when ``x < 2**64 - r`` (always,
    when ``r`` is 0) and gives ``x mod bound``; otherwise the next output is tried. The
    accepted range holds every residue equally often.
    """
    if not 1 <= bound <= _TWO_TO_64:
        raise ValueError(f"bound {bound} is outside 1..2**64")
    limit = _TWO_TO_64 - _TWO_TO_64 % bound
    for x in outputs:
        if x < limit:
            return x % bound
    raise ValueError("the output stream ended")  # only a finite test stream can end


def shuffled_deck(rules: Rules, players: int, seed: int) -> tuple[Card, ...]:
    """The deck for ``players`` shuffled reproducibly from ``seed`` (0..2**64-1), top first.

    Start from the canonical deck order (:meth:`Rules.deck`), as a list indexed from 0.
    For ``i`` from ``n - 1`` down to 1, draw ``j = uniform_below(i + 1)`` from the
    SplitMix64 stream seeded with ``seed`` and swap the cards at ``i`` and ``j``. The list
    is then the deck order, index 0 the top of the stock.
    """
    outputs = splitmix64(seed)
    rules.check_players(players)
    cards = list(rules.deck(players))
    draw = next
    for i in range(len(cards) - 1, 0, -1):
        # uniform_below(i + 1), inlined: this loop runs for every card of every deal.
        bound = i + 1
        limit = _TWO_TO_64 - _TWO_TO_64 % bound
        x = draw(outputs)
        while x >= limit:
            x = draw(outputs)
        j = x % bound
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
        raise ZwickerError(
            ErrorCode.INVALID_SEED,
            f"a seed is a whole number from 0 to 2**64-1 = {_MASK64}, not {seed!r}",
        )
    return seed
