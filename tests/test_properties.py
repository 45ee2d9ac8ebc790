"""Property-based tests: the laws every correct Zwicker engine obeys, in every variant.

Each ``check_*`` function states one law and names, in its docstring, the spec clause it
protects (clause ids of spec/variants/*.yaml). The ``test_*`` functions run the laws over
positions hypothesis builds (tests/strategies.py): positions reached by legal play from
seeded or explicit deals, and arbitrary but valid constructed ones. :class:`HandMachine`
plays whole hands step by step and checks the laws after every move. Independent
checkers (capture oracle, owner obligation) live in tests/oracle.py and share no code with
the interpreter's fast paths.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import event, given, note
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from tests.oracle import (
    all_cards,
    backed,
    cards_of,
    highest_value,
    oracle_capture_sets,
    owned_values,
)
from tests.strategies import (
    SEEDS,
    Deal,
    Setting,
    candidate_moves,
    choose_move,
    constructed_positions,
    deals,
    every_setting,
    finished_positions,
    positions,
    reachable_positions,
    settings_of,
)
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.engine.check.legality import check_move
from zwicker_ref.engine.core.dealing import shuffled_deck
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail, canonical_order
from zwicker_ref.engine.core.position import Pile, Position, TableItem, sorted_cards, sorted_items
from zwicker_ref.engine.core.scoring import score_hand
from zwicker_ref.engine.generation import count_legal_moves, legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.errors import ErrorCode, IllegalMoveError
from zwicker_ref.formats.move_data import move_from_data, move_to_data
from zwicker_ref.formats.notation import format_move, format_move_annotated, parse_move
from zwicker_ref.formats.position_io import (
    dump_position_json,
    dump_position_yaml,
    position_from_data,
    position_from_document,
    position_to_data,
)
from zwicker_ref.formats.record import random_game, replay
from zwicker_ref.rules.cards import Card, Suit
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import ZwickCancellation

# The slow properties (whole hands, brute force) run a quarter of the profile's examples.
SLOW = hypothesis_settings(max_examples=max(5, hypothesis_settings.default.max_examples // 4))


# The laws ------------------------------------------------------------------------------


def check_cards_conserved(position: Position, deck: tuple[Card, ...]) -> None:
    """deck.cards, capture.trick, end.leftovers: hands, table, stock and captured piles
    partition the deck, always - no card is lost, doubled or invented."""
    assert Counter(all_cards(position)) == Counter(deck)


def independent_totals(position: Position) -> tuple[list[int], int, int]:
    """Each side's points worked out from the rule text, the most-cards points not
    awarded, and the zwick points awarded."""
    rules, sides = position.rules, position.sides
    points = rules.most_cards_for(position.players)
    counts = [len(pile) for pile in position.captured]
    awarded = [0] * sides
    for side, count in enumerate(counts):
        place = sum(1 for other in counts if other > count)  # 0 = first
        alone = counts.count(count) == 1  # a tie for a place gives it to nobody
        if alone and place < len(points):
            awarded[side] = points[place]
    fewest = min(position.zwicks) if position.zwicks else 0
    cancel = rules.zwick_cancellation is ZwickCancellation.SUBTRACT_FEWEST
    zwick_points = [
        (count - (fewest if cancel else 0)) * rules.zwick_points for count in position.zwicks
    ]
    totals = []
    for side in range(sides):
        card_points = sum(
            line.points
            for card in position.captured[side]
            for line in rules.score_lines
            if card.first_copy in line.cards
        )
        totals.append(card_points + awarded[side] + zwick_points[side])
    return totals, sum(points) - sum(awarded), sum(zwick_points)


def check_scores_add_up(position: Position) -> None:
    """score.check-total (with score.most-cards, score.zwick, end.no-capture): each side's
    points are what the score table gives, and they add up to the variant's stated total
    less the most-cards points nobody won and the leftovers nobody took, plus zwick points."""
    score = score_hand(position)
    assert score.check_holds, score.lines()
    totals, not_awarded, zwick_points = independent_totals(position)
    assert [side.points for side in score.sides] == totals, score.lines()
    rules = position.rules
    uncounted = [card for item in position.table for card in cards_of(item)]
    uncounted_points = sum(
        line.points
        for card in uncounted
        for line in rules.score_lines
        if card.first_copy in line.cards
    )
    stated = rules.stated_total_for(position.players).total
    assert sum(totals) == stated - not_awarded - uncounted_points + zwick_points


def owner_filled(position: Position, move: Move) -> Move:
    """A build naming no owner is the mover's own build where builds have owners."""
    if isinstance(move, Build) and move.owner is None and position.rules.build_ownership:
        return Build(move.card, move.target, move.value, position.to_move, seat=move.seat)
    return move


def check_generation_agrees(position: Position, candidates: list[Move]) -> None:
    """turn.one-move, capture.identity, build.identity: every generated move is accepted
    by the checker; every candidate the checker accepts is generated; every rejected one
    gets an error code and leaves the position unchanged."""
    moves = list(legal_moves(position))
    generated = set(moves)
    assert len(moves) == count_legal_moves(position)
    for move in moves:
        assert check_move(position, move) == move, format_move(move)
    before = position_to_data(position)
    for candidate in candidates:
        try:
            accepted = check_move(position, candidate)
        except IllegalMoveError as error:
            rejected: IllegalMoveError | None = error
        else:
            rejected = None
            assert candidate.seat in (None, position.to_move), "a move of another seat"
            assert accepted in generated, format_move(candidate)
            assert accepted == owner_filled(position, candidate)
        if rejected is None:
            continue
        assert isinstance(rejected.code, ErrorCode)
        assert rejected.message
        assert position_to_data(position) == before
        bare = not isinstance(candidate, Capture) or (
            candidate.value is None and candidate.groups is None
        )
        if bare and candidate.seat in (None, position.to_move):
            assert owner_filled(position, candidate) not in generated, format_move(candidate)


def identity(move: Move) -> tuple[object, ...]:
    """A move's identity by RULINGS.md, spelled out from its fields."""
    if isinstance(move, Trail):
        return ("trail", str(move.card))
    if isinstance(move, Capture):
        return ("capture", str(move.card), frozenset(str(item) for item in move.items))
    target = None if move.target is None else str(move.target)
    return ("build", str(move.card), target, move.value, move.owner)


def check_moves_unique(moves: list[Move]) -> None:
    """capture.identity, build.identity: each legal move is listed once under its
    canonical identity, in canonical order."""
    assert len({identity(move) for move in moves}) == len(moves)
    assert moves == canonical_order(moves)


def check_notation_round_trip(moves: list[Move]) -> None:
    """capture.identity, build.identity: the notation and the data form write a move's
    identity, and reading them back gives the same move."""
    for move in moves:
        text = format_move(move)
        assert parse_move(text) == move, text
        assert format_move(parse_move(text)) == text
        assert parse_move(format_move_annotated(move)) == move
        assert move_from_data(move_to_data(move)) == move, text
        assert identity(move_from_data(move_to_data(move, annotated=False))) == identity(move)


def check_dump_load(position: Position) -> None:
    """build.ownership, stage.carry-over: a position written out and read back is the same
    position (builds, owners, stock order, captured cards and zwicks survive)."""
    data = position_to_data(position)
    assert position_from_data(data) == position
    for text in (dump_position_yaml(position), dump_position_json(position)):
        assert position_from_document(parse_yaml(text, "<dump>")) == position
    assert position_to_data(position_from_data(data)) == data


def check_mover_can_move(position: Position) -> None:
    """build.owner-obligation, turn.order: until the hand ends, the seat to move holds
    cards and has at least one legal move (an owner can always take its own build)."""
    if not position.is_over:
        assert position.hands[position.to_move]
        assert legal_moves(position)


def check_builds(position: Position) -> None:
    """build.owner-obligation, build.ownership, build.arithmetic: every seat's builds are
    backed (a different card for each distinct owned value); no build value is outside
    1..max-value (or the highest value of any card); no owner where builds have none."""
    rules = position.rules
    top = rules.build_max_value or highest_value(rules, position.players)
    for item in position.table:
        if isinstance(item, Pile):
            assert 1 <= item.value <= top, item
            if rules.build_ownership:
                assert item.owner is not None, item
                assert 0 <= item.owner < position.players, item
            else:
                assert item.owner is None, item
    if rules.build_owner_obligation:
        for seat in range(position.players):
            values = owned_values(position, seat)
            assert backed(rules, position.hands[seat], values), (seat, values)


def check_zwick(before: Position, move: Move, after: Position) -> None:
    """zwick.clear-table, zwick.last-play, end.leftovers: a zwick is scored exactly when a
    capture leaves the table empty (not for a joker's zwick where the variant voids it);
    the leftovers that go to the last capturer never score one."""
    expected = list(before.zwicks)
    if isinstance(move, Capture):
        left = [item for item in before.table if cards_of(item)[0] not in move.items]
        joker_void = move.card.is_joker and not before.rules.zwick_joker_counts
        if not left and not joker_void:
            expected[before.side_of(before.to_move)] += 1
    assert list(after.zwicks) == expected


def check_turn_order(before: Position, after: Position) -> None:
    """turn.order, turn.stage-lead: the turn passes clockwise to the next seat holding
    cards; after a new deal forehand (the first seat from it holding cards) leads."""
    if after.is_over:
        return
    start = before.to_move if after.stage == before.stage else before.dealer
    seat = start
    for _ in range(after.players):
        seat = (seat + 1) % after.players
        if after.hands[seat]:
            break
    assert after.to_move == seat


# Properties over hypothesis' positions -------------------------------------------------
#
# Every law runs once per shipped variant (the test id names it), so each variant gets the
# profile's examples of its own: sampling variants at random would leave a variant with a
# handful, or none, whenever the profile changes.

VARIANTS = variant_ids()
each_variant = pytest.mark.parametrize("variant", VARIANTS)


def only(variant: str) -> st.SearchStrategy[Setting]:
    """The settings (option combinations and player counts) of one variant."""
    return settings_of((variant,))


@each_variant
@SLOW
@given(data=st.data())
def test_cards_are_conserved(variant: str, data: st.DataObject) -> None:
    reached = data.draw(reachable_positions(only(variant)))
    for position in reached.path:
        check_cards_conserved(position, reached.deal.deck)


@each_variant
@SLOW
@given(data=st.data())
def test_scores_add_up_to_the_check_total(variant: str, data: st.DataObject) -> None:
    check_scores_add_up(data.draw(reachable_positions(only(variant), to_the_end=True)).position)


@each_variant
@given(data=st.data())
def test_scores_of_any_finished_hand_add_up(variant: str, data: st.DataObject) -> None:
    check_scores_add_up(data.draw(finished_positions(only(variant))))


@each_variant
@given(data=st.data())
def test_generation_and_checking_agree(variant: str, data: st.DataObject) -> None:
    position = data.draw(positions(only(variant)))
    candidates = data.draw(st.lists(candidate_moves(position), max_size=12))
    check_generation_agrees(position, candidates)


@each_variant
@given(data=st.data())
def test_moves_are_unique(variant: str, data: st.DataObject) -> None:
    # Small constructed tables too: there the club seven's sweep can equal a summed capture.
    position = data.draw(positions(only(variant)) | constructed_positions(only(variant), 3))
    check_moves_unique(list(legal_moves(position)))


@each_variant
@given(data=st.data())
def test_notation_and_data_round_trip(variant: str, data: st.DataObject) -> None:
    check_notation_round_trip(list(legal_moves(data.draw(positions(only(variant))))))


@each_variant
@given(data=st.data())
def test_dump_then_load_is_the_identity(variant: str, data: st.DataObject) -> None:
    check_dump_load(data.draw(positions(only(variant))))


@each_variant
@SLOW
@given(data=st.data())
def test_mover_always_has_a_legal_move(variant: str, data: st.DataObject) -> None:
    for position in data.draw(reachable_positions(only(variant))).path:
        check_mover_can_move(position)


@each_variant
@SLOW
@given(data=st.data())
def test_builds_stay_backed_and_in_range(variant: str, data: st.DataObject) -> None:
    for position in data.draw(reachable_positions(only(variant))).path:
        check_builds(position)


@each_variant
@SLOW
@given(data=st.data())
def test_zwick_exactly_when_a_capture_clears_the_table(variant: str, data: st.DataObject) -> None:
    reached = data.draw(reachable_positions(only(variant), to_the_end=True))
    for before, move, after in zip(reached.path, reached.moves, reached.path[1:], strict=False):
        check_zwick(before, move, after)


@each_variant
@SLOW
@given(data=st.data())
def test_same_seed_and_choices_give_the_same_game(variant: str, data: st.DataObject) -> None:
    """deal.deck-order, turn.order: the same seed shuffles the same deck, and the same deck
    and move choices give the same game, position by position."""
    deal = data.draw(deals(only(variant)))
    choices = data.draw(st.lists(st.integers(min_value=0, max_value=10**6), max_size=120))
    setting = deal.setting
    if deal.seed is not None:
        assert shuffled_deck(setting.rules, setting.players, deal.seed) == deal.deck

    def game() -> list[Position]:
        position = deal.start()
        path = [position]
        for choice in choices:
            if position.is_over:
                break
            moves = list(legal_moves(position))
            position = apply_legal(position, moves[choice % len(moves)])
            path.append(position)
        return path

    assert game() == game()


@each_variant
@SLOW
@given(data=st.data(), seed=SEEDS)
def test_random_games_replay_identically(variant: str, data: st.DataObject, seed: int) -> None:
    """deal.deck-order: a seeded random game is the same game every time, and replays."""
    setting = data.draw(settings_of((variant,), max_players=6))
    record, final = random_game(setting.variant_id, setting.players, seed, options=setting.options)
    again, final_again = random_game(
        setting.variant_id, setting.players, seed, options=setting.options
    )
    assert (again, final_again) == (record, final)
    assert replay(record) == final


@each_variant
@SLOW
@given(data=st.data())
def test_hand_lasts_as_many_moves_as_cards_dealt(variant: str, data: st.DataObject) -> None:
    """deal.schedule: a hand ends after exactly as many moves as cards dealt to players."""
    reached = data.draw(reachable_positions(only(variant), to_the_end=True))
    assert reached.position.is_over
    assert len(reached.moves) == reached.deal.setting.cards_to_players
    # Counted from the play itself too, not only from the deal plan (whose code the dealing
    # shares): every card that was ever in a hand was played exactly once.
    held = {card for position in reached.path for hand in position.hands for card in hand}
    assert len(reached.moves) == len(held)
    assert sorted(move.card.sort_key for move in reached.moves) == sorted(
        card.sort_key for card in held
    )


def relabel(position: Position, suits: dict[Suit, Suit]) -> Position:
    """The same position with every suit renamed by ``suits``."""

    def card(old: Card) -> Card:
        if old.suit is None or old.rank is None:
            return old
        return Card.suited(old.rank, suits[old.suit], old.copy)

    def item(old: TableItem) -> TableItem:
        if isinstance(old, Pile):
            return replace(old, cards=tuple(card(c) for c in old.cards))
        return card(old)

    return replace(
        position,
        hands=tuple(sorted_cards([card(c) for c in hand]) for hand in position.hands),
        table=sorted_items([item(old) for old in position.table]),
        stock=tuple(card(c) for c in position.stock),
        captured=tuple(sorted_cards([card(c) for c in pile]) for pile in position.captured),
    )


def fixing_special_suits(position: Position, order: list[Suit]) -> dict[Suit, Suit]:
    """A renaming of suits that leaves the suits of special cards (zwick's club and diamond
    sevens) in place and permutes the others in the order drawn."""
    fixed = {entry.card.suit for entry in position.rules.special_cards}
    free = [suit for suit in Suit if suit not in fixed]
    images = iter(suit for suit in order if suit not in fixed)
    renaming = {suit: suit for suit in Suit}
    renaming.update({suit: next(images) for suit in free})
    return renaming


@each_variant
@given(data=st.data(), order=st.permutations(list(Suit)))
def test_relabelling_suits_keeps_the_move_count(
    variant: str, data: st.DataObject, order: list[Suit]
) -> None:
    """values.matching, capture.sum: suits play no part in matching (except for suit-specific
    cards, whose suits stay in place), so renaming them keeps the number of legal moves.
    Move counts are compared, not scores (score tables name suited cards)."""
    # Small constructed tables too, where a special card is often in hand or on the table.
    position = data.draw(positions(only(variant)) | constructed_positions(only(variant), 4))
    suits = fixing_special_suits(position, order)
    renamed = relabel(position, suits)
    assert count_legal_moves(renamed) == count_legal_moves(position)
    assert len(list(legal_moves(renamed))) == len(list(legal_moves(position)))


@each_variant
@SLOW
@given(data=st.data())
def test_captures_match_a_brute_force_oracle(variant: str, data: st.DataObject) -> None:
    """capture.sum, capture.groups, capture.identity, capture.table-jokers: on small tables
    the generator's captures are exactly those found by trying every subset, every
    partition and every value choice (less those the owner obligation forbids)."""
    position = data.draw(constructed_positions(only(variant), max_table=6, max_hand=5))
    rules, mover = position.rules, position.to_move
    hand = position.hands[mover]
    moves = list(legal_moves(position))
    for card in hand:
        expected = set()
        for items in oracle_capture_sets(position, card):
            if rules.build_owner_obligation:
                kept = {
                    item.value
                    for item in position.table
                    if isinstance(item, Pile) and item.owner == mover and item.cards[0] not in items
                }
                rest = list(hand)
                rest.remove(card)
                if not backed(rules, rest, kept):
                    continue
            expected.add(items)
        found = {m.items for m in moves if isinstance(m, Capture) and m.card == card}
        note(f"{card}: missing {expected - found}, extra {found - expected}")
        assert found == expected


# Whole hands, step by step ---------------------------------------------------------------


class HandMachine(RuleBasedStateMachine):
    """Plays whole hands of one variant, checking every law after every move.

    When a hand ends, its score and its replay are checked and the next hand is dealt,
    so every rule is always enabled and one run may play several hands.
    """

    def __init__(self, variant: str) -> None:
        super().__init__()
        self.settings = only(variant)
        self.deal: Deal | None = None
        self.position: Position | None = None
        self.moves: list[Move] = []

    @initialize(data=st.data())
    def begin(self, data: st.DataObject) -> None:
        self.start(data.draw(deals(self.settings)))

    def start(self, deal: Deal) -> None:
        note(f"deal: {deal!r}")
        self.deal = deal
        self.position = deal.start()
        self.moves = []

    @rule(data=st.data(), count=st.integers(min_value=1, max_value=24))
    def play(self, data: st.DataObject, count: int) -> None:
        for _ in range(count):
            assert self.position is not None
            before = self.position
            move = choose_move(data.draw, before)
            note(f"seat {before.to_move}: {format_move(move)}")
            after = apply_legal(before, move)
            check_zwick(before, move, after)
            check_turn_order(before, after)
            self.position = after
            self.moves.append(move)
            if after.is_over:
                self.finish()
                self.start(data.draw(deals(self.settings)))
            self.check_move_laws()

    @rule(data=st.data())
    def try_candidates(self, data: st.DataObject) -> None:
        assert self.position is not None
        candidates = data.draw(st.lists(candidate_moves(self.position), max_size=6))
        check_generation_agrees(self.position, candidates)

    def finish(self) -> None:
        assert self.position is not None
        assert self.deal is not None
        event(f"hand of {self.deal.setting.variant_id} played to the end")
        assert len(self.moves) == self.deal.setting.cards_to_players
        check_cards_conserved(self.position, self.deal.deck)
        check_builds(self.position)
        check_scores_add_up(self.position)
        again = self.deal.start()
        for move in self.moves:
            again = apply_legal(again, move)
        assert again == self.position, "the same deal and moves give the same game"

    def check_move_laws(self) -> None:
        """The laws checked after every move (the cheap ones)."""
        assert self.position is not None
        assert self.deal is not None
        check_cards_conserved(self.position, self.deal.deck)
        check_mover_can_move(self.position)
        check_builds(self.position)
        check_moves_unique(list(legal_moves(self.position)))

    @invariant()
    def check_laws(self) -> None:
        """Every law, after every step (a step may play several moves)."""
        if self.position is None:
            return
        self.check_move_laws()
        check_generation_agrees(self.position, [])
        check_notation_round_trip(list(legal_moves(self.position)))
        check_dump_load(self.position)


@each_variant
def test_whole_hands(variant: str) -> None:
    """Every law after every move of whole hands (see :class:`HandMachine`)."""
    run_state_machine_as_test(
        lambda: HandMachine(variant),
        settings=hypothesis_settings(
            max_examples=max(5, hypothesis_settings.default.max_examples // 5),
            stateful_step_count=40,
        ),
    )


@pytest.mark.parametrize("setting", every_setting(), ids=str)
def test_every_setting_can_be_dealt(setting: Setting) -> None:
    """deal.schedule: every variant x option x player count deals and plays a first move."""
    position = Deal(setting, 0, setting.deck, None).start()
    check_cards_conserved(position, setting.deck)
    check_mover_can_move(position)


def test_every_law_names_clauses_that_exist() -> None:
    """Each law's docstring opens with the clause ids it protects, and each id is a clause
    of some shipped variant (a renamed clause must be renamed here too)."""
    clauses = {clause.id for variant in VARIANTS for clause in load_variant(variant).clauses}
    laws = [
        value
        for name, value in globals().items()
        if name.startswith("check_") and value.__module__ == __name__
    ]
    assert len(laws) >= 10
    for law in laws:
        named = re.findall(r"[a-z]+(?:\.[a-z0-9-]+)+", (law.__doc__ or "").split(":")[0])
        assert named, f"{law.__name__} names no clause"
        assert set(named) <= clauses, (law.__name__, set(named) - clauses)
