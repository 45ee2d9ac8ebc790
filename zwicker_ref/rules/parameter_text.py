"""Each rule parameter in a few words, with its numbers, as a variant's rules set it.

The rules site states a clause's parameters with these texts (the grid's cells, the
"Parameters" line under each clause), so what a reader sees is computed from the spec and
cannot drift from it. Every parameter the variant schema defines has one description
(:data:`DESCRIPTIONS`; a test checks that none is missing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from zwicker_ref.rules.comparison import check_totals_text
from zwicker_ref.rules.match_rules import DrawWins, FirstDealer, TieRule
from zwicker_ref.rules.variant import (
    BuildOperation,
    ByPlayers,
    DealFinal,
    DealSchedule,
    DealStep,
    DealTarget,
    DealTiming,
    LoneJoker,
    PartnerBasis,
    Rules,
    ScoreLine,
    TableJokers,
    ZwickCancellation,
)

Describe = Callable[[Rules], str]
"""A parameter's value in words, read from a variant's typed rules."""


def spoken_list(items: Iterable[object], last: str = "or") -> str:
    """``2, 3, 4 or 6``: items joined for reading."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def counts_text(values: Iterable[int]) -> str:
    """Player counts or values for reading: ``2-12`` for a run of three or more, else a list."""
    ordered = sorted(values)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return spoken_list(ordered)


def _by_players(table: tuple[ByPlayers[str], ...], all_counts: frozenset[int]) -> str:
    """One text, or one text per group of player counts where they differ."""
    texts = dict.fromkeys(entry.value for entry in table)
    if len(texts) == 1 and set().union(*(entry.players for entry in table)) >= all_counts:
        return next(iter(texts))
    return "; ".join(f"{counts_text(entry.players)} players: {entry.value}" for entry in table)


def _players(rules: Rules) -> str:
    return f"{counts_text(rules.player_counts)} players"


def _partnerships(rules: Rules) -> str:
    teams = rules.partnership_counts
    if not teams:
        return "everyone plays alone"
    if teams >= rules.player_counts:
        return "two teams, partners alternating round the table"
    alone = rules.player_counts - teams
    return f"two teams with {counts_text(teams)} players; alone with {counts_text(alone)}"


def _packs(rules: Rules) -> str:
    table = tuple(
        ByPlayers(players=entry.players, value=f"{'one pack' if entry.value == 1 else 'two packs'}")
        if entry.value <= 2
        else ByPlayers(players=entry.players, value=f"{entry.value} packs")
        for entry in rules.packs
    )
    return _by_players(table, rules.player_counts)


def _value_range(values: tuple[int, ...]) -> str:
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"any {values[0]}-{values[-1]}"
    return spoken_list(values)


def _jokers(rules: Rules) -> str:
    jokers = rules.jokers
    if not jokers:
        return "no jokers"
    if all(len(joker.values) == 1 for joker in jokers):
        values = spoken_list((joker.values[0] for joker in jokers), "and")
        return f"{len(jokers)} jokers counting {values}"
    kinds = dict.fromkeys(_value_range(joker.values) for joker in jokers)
    if len(kinds) == 1:
        return f"{len(jokers)} wild jokers, each {next(iter(kinds))}"
    return "jokers " + ", ".join(f"{j.card} {_value_range(j.values)}" for j in jokers)


_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def _aces_and_courts(rules: Rules) -> str:
    return ", ".join(
        f"{_RANK_NAMES.get(rank.value, rank.value)} {spoken_list(values)}"
        for rank, values in rules.rank_values.items()
    )


def _special_cards(rules: Rules) -> str:
    if not rules.special_cards:
        return "no card has special values"
    parts = []
    for special in rules.special_cards:
        text = f"{special.card} captures as {_value_range(special.capture_values)}"
        if special.sweep is not None:
            ranks = sorted(rank.pip_value or 0 for rank in special.sweep.loose_ranks)
            text += (
                f" or sweeps every loose {counts_text(ranks)} and build of "
                f"{counts_text(special.sweep.build_values)}"
            )
        text += f", builds as {_value_range(special.build_values)}"
        text += f", backs a build of {_value_range(special.hold_values)}"
        parts.append(text)
    return "; ".join(parts)


def _stage_text(stage: tuple[DealStep, ...]) -> str:
    each = [step for step in stage if step.target is DealTarget.EACH]
    table = sum(step.cards for step in stage if step.target is DealTarget.TABLE)
    packets = sorted({step.packet for step in each} - {1})
    text = f"{' + '.join(str(step.cards) for step in each)} each"
    if packets:
        text += " (in " + ", ".join("twos" if p == 2 else f"packets of {p}" for p in packets) + ")"
    if table:
        text += f" and {table} to the table"
    return text


def _schedule_text(schedule: DealSchedule) -> str:
    first, *later = schedule.stages
    text = _stage_text(first)
    if later:
        text += ", then " + ", then ".join(_stage_text(stage) for stage in later)
    if schedule.repeat_last_stage:
        text += " until the stock runs out"
    return text


def _schedule(rules: Rules) -> str:
    table = tuple(
        ByPlayers(players=entry.players, value=_schedule_text(entry.value))
        for entry in rules.deal_schedules
    )
    return _by_players(table, rules.player_counts)


def _final(rules: Rules) -> str:
    if rules.deal_final is DealFinal.EXACT:
        return "every deal is complete"
    return "a short last deal goes one card at a time as far as it goes"


def _timing(rules: Rules) -> str:
    if rules.deal_timing is DealTiming.HANDS_EMPTY:
        return "the next deal when every hand is empty"
    return "the next deal after every round"


def _lone_joker(rules: Rules) -> str:
    if not rules.jokers:
        return "no jokers"
    if rules.lone_joker is LoneJoker.ANY_CARD:
        return "a joker alone on the table: any card that matches it takes it"
    return "a joker alone on the table: only a joker takes it"


def _table_jokers(rules: Rules) -> str:
    if not rules.jokers:
        return "no jokers"
    if rules.table_jokers is TableJokers.CAPTURABLE:
        return "jokers on the table can be captured"
    return "jokers on the table are never captured"


def _single_card(rules: Rules) -> str:
    if rules.build_single_card:
        return "one card alone may be announced as a build"
    return "one card alone is a trail, never a build"


def _operations(rules: Rules) -> str:
    if BuildOperation.SUBTRACT in rules.build_operations:
        return "a build goes up or down by the card played"
    return "a build only goes up (addition)"


def _max_value(rules: Rules) -> str:
    if rules.build_max_value is None:
        return "no highest build value"
    return f"a build is at most {rules.build_max_value}"


def _same_value(rules: Rules) -> str:
    if rules.build_same_value:
        return "a card of the build's value may be added, keeping it"
    return "adding a card always raises the value"


def _holding(rules: Rules) -> str:
    if rules.build_holding:
        return "the builder must hold a card of the new value"
    return "no need to hold the value"


def _ownership(rules: Rules) -> str:
    return "the builder owns the build" if rules.build_ownership else "builds have no owner"


def _owner_obligation(rules: Rules) -> str:
    if rules.build_owner_obligation:
        return "an owner keeps a card backing each build value"
    return "no owner to keep a build backed"


def _for_partner(rules: Rules) -> str:
    bases = sorted(rules.build_for_partner, key=lambda basis: basis.value)
    if not bases:
        return "never for a partner"
    words = {
        PartnerBasis.PARTNER_BUILD: "owns a build of the value",
        PartnerBasis.PARTNER_HOLDS: "holds a card of it",
    }
    return "for a partner who " + spoken_list((words[basis] for basis in bases), "or")


def _joker_zwicks(rules: Rules) -> str:
    if not rules.jokers:
        return "no jokers"
    if rules.zwick_joker_counts:
        return "a zwick made with a joker counts"
    return "a zwick made with a joker does not count"


def _cancellation(rules: Rules) -> str:
    if rules.zwick_cancellation is ZwickCancellation.NONE:
        return "every zwick scores"
    return "each side's zwicks minus the fewest of any side"


def _card_points(rules: Rules) -> str:
    def label(line: ScoreLine) -> str:
        return line.label[:1].lower() + line.label[1:]

    scoring = [f"{label(line)}: {line.points}" for line in rules.score_lines if line.points]
    nothing = [label(line) for line in rules.score_lines if not line.points]
    text = ", ".join(scoring)
    if nothing:
        text += f"; {spoken_list(nothing, 'and')} nothing"
    return text


def _zwick_points(rules: Rules) -> str:
    points = rules.zwick_points
    return f"{points} point{'s' if points != 1 else ''} a zwick"


def _most_cards(rules: Rules) -> str:
    def awards(points: tuple[int, ...]) -> str:
        first, *rest = points
        text = f"{first} point{'s' if first != 1 else ''}"
        for place, extra in enumerate(rest, start=2):
            text += f", {extra} to place {place}"
        return text

    table = tuple(
        ByPlayers(players=entry.players, value=awards(entry.value)) for entry in rules.most_cards
    )
    return _by_players(table, rules.player_counts) + "; a tie scores nobody"


def _stated_total(rules: Rules) -> str:
    return f"a hand's points add up to {check_totals_text(rules)}"


def _first_dealer(rules: Rules) -> str:
    match = rules.match
    if match.first_dealer is FirstDealer.STATED:
        return "a match names the first dealer"
    end = "highest" if match.draw_wins is DrawWins.HIGHEST else "lowest"
    order = " ".join(match.draw_order)
    return f"the {end} card drawn deals first (low to high: {order})"


def _match_tie(rules: Rules) -> str:
    def rule(tie: TieRule) -> str:
        return "shared" if tie is TieRule.SHARED else "played on hand by hand"

    match = rules.match
    return (
        f"level after the set hands: {rule(match.tie_after_hands)}; "
        f"level at the target: {rule(match.tie_at_target)}"
    )


DESCRIPTIONS: Mapping[str, Describe] = MappingProxyType(
    {
        "players.counts": _players,
        "players.partnerships": _partnerships,
        "deck.packs": _packs,
        "deck.jokers": _jokers,
        "values.aces-and-courts": _aces_and_courts,
        "values.special-cards": _special_cards,
        "deal.schedule": _schedule,
        "deal.final": _final,
        "deal.timing": _timing,
        "capture.lone-joker": _lone_joker,
        "capture.table-jokers": _table_jokers,
        "build.single-card": _single_card,
        "build.operations": _operations,
        "build.max-value": _max_value,
        "build.same-value": _same_value,
        "build.holding": _holding,
        "build.ownership": _ownership,
        "build.owner-obligation": _owner_obligation,
        "build.for-partner": _for_partner,
        "zwick.joker-counts": _joker_zwicks,
        "zwick.cancellation": _cancellation,
        "score.cards": _card_points,
        "score.zwick": _zwick_points,
        "score.most-cards": _most_cards,
        "score.stated-total": _stated_total,
        "match.first-dealer": _first_dealer,
        "match.tie": _match_tie,
    }
)
"""The description of every rule parameter, by its name in the spec."""


def describe_parameter(name: str, rules: Rules) -> str:
    """Parameter ``name`` as ``rules`` set it, in words (the name itself if it has no text)."""
    describe = DESCRIPTIONS.get(name)
    return describe(rules) if describe is not None else name


def describe_parameters(names: Iterable[str], rules: Rules) -> str:
    """Several parameters in words, in the order given, each once."""
    texts = dict.fromkeys(describe_parameter(name, rules) for name in names)
    return "; ".join(texts)
