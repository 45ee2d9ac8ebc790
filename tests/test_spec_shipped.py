"""The shipped variant specs: they load, and their numbers agree with the sources.

The expected figures below are worked out by hand from the source texts (cited per
variant), not read from the spec files, so a spec that drifts from its sources fails.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Citation, Clause, Status, Variant

ALL_VARIANTS = ("christiansen", "classic", "dithmarschen", "grossenwiehe", "grupp", "zwick")


@dataclass(frozen=True)
class Expected:
    players: frozenset[int]
    deck: dict[int, int]  # deck size by player count
    total: dict[int, int]  # check total (without zwicks) by player count
    stages: dict[int, list[tuple[tuple[int, ...], int]]]  # hands per seat and table, per stage


def uniform(players: int, *stages: tuple[int, int]) -> list[tuple[tuple[int, ...], int]]:
    return [((each,) * players, table) for each, table in stages]


EXPECTED = {
    # 000 "The Players and Cards", "The Deal and Play", "Scoring values": 55 cards; 4+3, 4, 5; 30.
    "dithmarschen": Expected(
        players=frozenset({4}),
        deck={4: 55},
        total={4: 30},
        stages={4: uniform(4, (4, 3), (4, 0), (5, 0))},
    ),
    # 000 "Zwicker with 6 Jokers": 58 cards; 2,5,2,5 then fours; 83 points.
    "grossenwiehe": Expected(
        players=frozenset({2, 3, 4, 6}),
        deck={n: 58 for n in (2, 3, 4, 6)},
        total={n: 83 for n in (2, 3, 4, 6)},
        stages={
            2: uniform(2, (4, 10), *[(4, 0)] * 5),
            3: uniform(3, (4, 10), *[(4, 0)] * 3),
            4: uniform(4, (4, 10), (4, 0), (4, 0)),
            6: uniform(6, (4, 10), (4, 0)),
        },
    ),
    # 000 "Christiansen Version": 56 cards; deals per player count; 34 points.
    "christiansen": Expected(
        players=frozenset({2, 3, 4}),
        deck={2: 56, 3: 56, 4: 56},
        total={2: 34, 3: 34, 4: 34},
        stages={
            2: uniform(2, (8, 8), (8, 0), (8, 0)),
            3: uniform(3, (8, 8), (8, 0)),
            4: uniform(4, (6, 8), (6, 0)),
        },
    ),
    # 000 "Other Variations", 002 "Classic Zwicker": 4 each + 4 table, then fours;
    # 21 points, 41 with the double pack above four players.
    "classic": Expected(
        players=frozenset(range(2, 13)),
        deck={n: 52 if n <= 4 else 104 for n in range(2, 13)},
        total={n: 21 if n <= 4 else 41 for n in range(2, 13)},
        stages={
            2: uniform(2, (4, 4), *[(4, 0)] * 5),
            4: uniform(4, (4, 4), (4, 0), (4, 0)),
            5: uniform(5, (4, 4), *[(4, 0)] * 4),
            # 104 - 4 - 24 = 76 = 3 x 24 + 4: the last four cards go one each from forehand.
            6: [*uniform(6, (4, 4), (4, 0), (4, 0), (4, 0)), ((1, 1, 1, 1, 0, 0), 0)],
        },
    ),
    # 000 "Claus Grupp's book": 58 cards, Hülsemann's deal, last deal as far as it goes.
    "grupp": Expected(
        players=frozenset({2, 3, 4}),
        deck={2: 58, 3: 58, 4: 58},
        total={2: 21, 3: 21, 4: 21},
        stages={
            2: [*uniform(2, (4, 4), *[(4, 0)] * 5), ((3, 3), 0)],
            3: [*uniform(3, (4, 4), (4, 0), (4, 0), (4, 0)), ((2, 2, 2), 0)],
            4: [*uniform(4, (4, 4), (4, 0), (4, 0)), ((2, 2, 1, 1), 0)],
        },
    ),
    # 004 "Austeilen der Karten", "Zuordnung der Punkte": 55 cards; 2,3,2,4 then fours; 39.
    "zwick": Expected(
        players=frozenset({2, 3, 4}),
        deck={2: 55, 3: 55, 4: 55},
        total={2: 39, 3: 39, 4: 39},
        stages={
            2: uniform(2, (4, 7), *[(4, 0)] * 5),
            3: uniform(3, (4, 7), (4, 0), (4, 0), (4, 0)),
            4: uniform(4, (4, 7), (4, 0), (4, 0)),
        },
    ),
}


def test_all_six_variants_are_shipped() -> None:
    assert variant_ids() == ALL_VARIANTS


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_player_counts_and_deck_sizes(variant_id: str) -> None:
    rules = load_variant(variant_id).rules
    expected = EXPECTED[variant_id]
    assert rules.player_counts == expected.players
    for players, size in expected.deck.items():
        assert len(rules.deck(players)) == size


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_every_deal_accounts_for_every_card(variant_id: str) -> None:
    variant = load_variant(variant_id)
    for option_set, rules in variant.option_rules.items():
        for players in sorted(rules.player_counts):
            plan = plan_deal(rules, players)
            assert plan.problem is None, (option_set, players, plan.problem)
            assert plan.dealt == len(rules.deck(players)), (option_set, players)


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_deal_stages_match_the_sources(variant_id: str) -> None:
    rules = load_variant(variant_id).rules
    for players, stages in EXPECTED[variant_id].stages.items():
        plan = plan_deal(rules, players)
        assert [(stage.hands, stage.table) for stage in plan.stages] == stages, players


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_check_totals_equal_the_stated_totals(variant_id: str) -> None:
    rules = load_variant(variant_id).rules
    for players, total in EXPECTED[variant_id].total.items():
        assert check_total(rules, players).total == total, players


def test_grossenwiehe_total_without_most_cards_is_80() -> None:
    rules = load_variant("grossenwiehe").rules
    for players in (2, 3, 4, 6):
        assert check_total(rules, players).card_points == 80


def test_zwick_gives_second_place_points_only_with_three_players() -> None:
    rules = load_variant("zwick").rules
    assert rules.most_cards_for(2) == (5,)
    assert rules.most_cards_for(3) == (3, 2)
    assert rules.most_cards_for(4) == (5,)


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_every_clause_cites_and_every_ruling_cites_rulings(variant_id: str) -> None:
    variant = load_variant(variant_id)
    for clause in variant.clauses:
        assert clause.citations, clause.id
        if clause.status is Status.RULING:
            assert any(c.source == "RULINGS.md" for c in clause.citations), clause.id
            assert clause.alternatives, clause.id


def explicit_resting_on_rulings(variant: Variant) -> list[str]:
    """Clauses marked ``explicit`` whose every citation is RULINGS.md (no source states them)."""
    return [
        clause.id
        for clause in variant.clauses
        if clause.status is Status.EXPLICIT
        and all(citation.source == "RULINGS.md" for citation in clause.citations)
    ]


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_no_explicit_clause_cites_only_rulings(variant_id: str) -> None:
    # explicit = a cited source states the rule; a clause resting on RULINGS.md alone is a
    # ruling (issue 33).
    assert explicit_resting_on_rulings(load_variant(variant_id)) == []


def test_an_explicit_clause_citing_only_rulings_is_found() -> None:
    variant = load_variant("grupp")
    clauses = list(variant.clauses)
    at = next(i for i, c in enumerate(clauses) if c.id == "match.end")
    rulings_only = (Citation(source="RULINGS.md", section="A match ends in one of two ways"),)
    clauses[at] = replace(clauses[at], status=Status.EXPLICIT, citations=rulings_only)
    assert explicit_resting_on_rulings(replace(variant, clauses=tuple(clauses))) == ["match.end"]
    mixed: Clause = replace(
        clauses[at],
        citations=(*rulings_only, Citation(source="002_01b2c2b14509315c.txt", section="x")),
    )
    clauses[at] = mixed
    assert explicit_resting_on_rulings(replace(variant, clauses=tuple(clauses))) == []


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_every_variant_records_rulings(variant_id: str) -> None:
    statuses = {clause.status for clause in load_variant(variant_id).clauses}
    assert Status.RULING in statuses


# Clause ids that name the same rule in every variant, so variants compare clause by clause.
SHARED_CLAUSES = (
    "players.count",
    "deck.cards",
    "values.matching",
    "values.use",
    "deal.schedule",
    "deal.deck-order",
    "turn.order",
    "turn.stage-lead",
    "turn.one-move",
    "trail.play",
    "capture.match",
    "capture.sum",
    "capture.groups",
    "capture.addition-only",
    "capture.optional",
    "capture.identity",
    "build.identity",
    "build.no-combining",
    "zwick.clear-table",
    "zwick.last-play",
    "end.leftovers",
    "end.no-capture",
    "score.cards",
    "score.zwick",
    "score.most-cards",
    "score.check-total",
)


@pytest.mark.parametrize("variant_id", ALL_VARIANTS)
def test_shared_clause_ids(variant_id: str) -> None:
    ids = {clause.id for clause in load_variant(variant_id).clauses}
    missing = [clause_id for clause_id in SHARED_CLAUSES if clause_id not in ids]
    assert not missing


def test_options_that_the_sources_make_playable() -> None:
    # 003's draw after each round; 000's wider reading of building for partner (issue 33).
    assert {o.id for o in load_variant("dithmarschen").options} == {
        "draw-each-round",
        "partner-built-earlier",
    }
    wider = load_variant("dithmarschen").rules_with(("partner-built-earlier",))
    assert {basis.value for basis in wider.build_for_partner} == {"partner-build", "partner-shown"}
    # The zwick sheet's draw: jokers ranked by their numbers (issue 33).
    assert "jokers-draw-by-number" in {o.id for o in load_variant("zwick").options}
    assert {o.id for o in load_variant("grupp").options} == {
        "lone-joker-only-by-joker",
        "joker-zwick-void",
        "jokers-never-captured",
    }
    # Grupp's three restrictions combine freely.
    assert len(load_variant("grupp").option_rules) == 8


def _clause(variant_id: str, clause_id: str) -> Clause:
    return next(c for c in load_variant(variant_id).clauses if c.id == clause_id)


def _cited(clause: Clause, with_alternatives: bool = True) -> set[tuple[str, str]]:
    found = {(c.source, c.section) for c in clause.citations}
    if with_alternatives:
        found |= {(c.source, c.section) for a in clause.alternatives for c in a.citations}
    return found


CARD_RANK = "K, Q, J, A, 10, 9, 8, 7, 6, 5, 4, 3, 2"


def test_the_statuses_the_rule_historian_found_overstated_are_honest() -> None:
    # Issue 33 §1: parts that come from RULINGS.md make a clause a ruling, not explicit.
    end = _clause("grupp", "match.end")
    assert end.status is Status.RULING
    assert ("RULINGS.md", "A match ends in one of two ways") in _cited(end, False)
    assert _clause("christiansen", "match.end").status is Status.RULING
    # Zwick: the sheet's order is explicit; the joker and tie redraws are the ruling's, and
    # the jokers ranked by number are the option, not the rule.
    drawn = _clause("zwick", "match.first-dealer")
    assert drawn.status is Status.EXPLICIT
    assert not any(kind.startswith("JK") for kind in drawn.params["match.first-dealer"]["order"])
    redraw = _clause("zwick", "match.first-dealer-redraw")
    assert redraw.status is Status.RULING
    assert "draws again" in redraw.text
    assert [a.option for a in redraw.alternatives if a.option] == ["jokers-draw-by-number"]
    # Dithmarschen's narrower reading of building for partner is a ruling with the wider one
    # playable.
    partner = _clause("dithmarschen", "build.for-partner")
    assert partner.status is Status.RULING
    assert [a.option for a in partner.alternatives] == ["partner-built-earlier"]


def test_the_sources_card_rank_is_cited_where_cards_are_drawn_for_the_deal() -> None:
    # Sources 001 and 002 rank the cards K Q J A 10 ... 2 (issue 33 §1).
    for variant_id in ("grupp", "classic"):
        cited = _cited(_clause(variant_id, "match.first-dealer"))
        assert ("001_614894f9bb817c5f.txt", CARD_RANK) in cited, variant_id
        assert ("002_01b2c2b14509315c.txt", CARD_RANK) in cited, variant_id
    grupp = _clause("grupp", "match.first-dealer")
    assert grupp.status is Status.RULING
    assert "no card order" not in " ".join(a.text for a in grupp.alternatives)


def test_source_002s_other_joker_counts_are_recorded_as_unplayable() -> None:
    deck = _clause("dithmarschen", "deck.cards")
    sections = {
        c.section: alternative
        for alternative in deck.alternatives
        for c in alternative.citations
        if c.source == "002_01b2c2b14509315c.txt"
    }
    for words in ("played with 52 cards and a Joker", "at least 1 and up to 6 Jokers"):
        (found,) = [a for section, a in sections.items() if words in section]
        assert found.unplayable, words
        assert found.option is None, words
