"""Each rule parameter in a few words, with its numbers, as a variant's rules set it.

The rules site states a clause's parameters with these texts (the grid's cells, the
"Parameters" line under each clause), so what a reader sees is computed from the spec and
cannot drift from it. Every parameter the variant schema defines has one description
(:data:`DESCRIPTIONS`; a test checks that none is missing). The words come from one table
of templates per language (:mod:`.parameter_words`); the functions here only choose and
fill them, so a description reads the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from zwicker_ref.rules.comparison import check_totals_text
from zwicker_ref.rules.match_rules import DrawWins, FirstDealer, TieRule
from zwicker_ref.rules.parameter_words import SCORE_LABEL, WORDS, Words
from zwicker_ref.rules.translations import Language
from zwicker_ref.rules.variant import (
    BuildOperation,
    ByPlayers,
    DealFinal,
    DealSchedule,
    DealStep,
    DealTarget,
    DealTiming,
    LoneJoker,
    Rules,
    ScoreLine,
    TableJokers,
    ZwickCancellation,
)

Describe = Callable[[Rules, Words], str]
"""A parameter's value in words, read from a variant's typed rules, in one language's words."""


def spoken_list(items: Iterable[object], last: str = "or") -> str:
    """``2, 3, 4 or 6``: items joined for reading."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def counts_text(values: Iterable[int], last: str = "or") -> str:
    """Player counts or values for reading: ``2-12`` for a run of three or more, else a list."""
    ordered = sorted(values)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return spoken_list(ordered, last)


def _plural(words: Words, key: str, count: int, **values: object) -> str:
    """The singular (``key.one``) or plural (``key.many``) form of some words, filled in."""
    return words[f"{key}.{'one' if count == 1 else 'many'}"].format(**values)


def _by_players(table: tuple[ByPlayers[str], ...], all_counts: frozenset[int], w: Words) -> str:
    """One text, or one text per group of player counts where they differ."""
    texts = dict.fromkeys(entry.value for entry in table)
    if len(texts) == 1 and set().union(*(entry.players for entry in table)) >= all_counts:
        return next(iter(texts))
    return "; ".join(
        w["by-players"].format(players=counts_text(entry.players, w["or"]), value=entry.value)
        for entry in table
    )


def _players(rules: Rules, w: Words) -> str:
    return w["players"].format(counts=counts_text(rules.player_counts, w["or"]))


def _partnerships(rules: Rules, w: Words) -> str:
    teams = rules.partnership_counts
    if not teams:
        return w["partners.none"]
    if teams >= rules.player_counts:
        return w["partners.all"]
    alone = rules.player_counts - teams
    return w["partners.some"].format(
        teams=counts_text(teams, w["or"]), alone=counts_text(alone, w["or"])
    )


def _packs(rules: Rules, w: Words) -> str:
    names = {1: w["packs.one"], 2: w["packs.two"]}
    table = tuple(
        ByPlayers(
            players=entry.players,
            value=names.get(entry.value, w["packs.many"].format(count=entry.value)),
        )
        for entry in rules.packs
    )
    return _by_players(table, rules.player_counts, w)


def _value_range(values: tuple[int, ...], w: Words) -> str:
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return w["range"].format(low=values[0], high=values[-1])
    return spoken_list(values, w["or"])


def _jokers(rules: Rules, w: Words) -> str:
    jokers = rules.jokers
    if not jokers:
        return w["jokers.none"]
    if all(len(joker.values) == 1 for joker in jokers):
        values = spoken_list((joker.values[0] for joker in jokers), w["and"])
        return w["jokers.fixed"].format(count=len(jokers), values=values)
    kinds = dict.fromkeys(_value_range(joker.values, w) for joker in jokers)
    if len(kinds) == 1:
        return w["jokers.wild"].format(count=len(jokers), values=next(iter(kinds)))
    listed = ", ".join(f"{j.card} {_value_range(j.values, w)}" for j in jokers)
    return w["jokers.each"].format(jokers=listed)


def _aces_and_courts(rules: Rules, w: Words) -> str:
    return ", ".join(
        f"{w.get(f'rank.{rank.value}', rank.value)} {spoken_list(values, w['or'])}"
        for rank, values in rules.rank_values.items()
    )


def _special_cards(rules: Rules, w: Words) -> str:
    if not rules.special_cards:
        return w["special.none"]
    parts = []
    for special in rules.special_cards:
        text = w["special.captures"].format(
            card=special.card, values=_value_range(special.capture_values, w)
        )
        if special.sweep is not None:
            ranks = sorted(rank.pip_value or 0 for rank in special.sweep.loose_ranks)
            text += w["special.sweeps"].format(
                ranks=counts_text(ranks, w["or"]),
                builds=counts_text(special.sweep.build_values, w["or"]),
            )
        text += w["special.builds"].format(values=_value_range(special.build_values, w))
        text += w["special.backs"].format(values=_value_range(special.hold_values, w))
        parts.append(text)
    return "; ".join(parts)


def _stage_text(stage: tuple[DealStep, ...], w: Words) -> str:
    each = [step for step in stage if step.target is DealTarget.EACH]
    table = sum(step.cards for step in stage if step.target is DealTarget.TABLE)
    packets = sorted({step.packet for step in each} - {1})
    text = w["stage.each"].format(cards=" + ".join(str(step.cards) for step in each))
    if packets:
        text += w["stage.packets"].format(
            packets=", ".join(
                w["packet.two"] if p == 2 else w["packet.many"].format(size=p) for p in packets
            )
        )
    if table:
        text += w["stage.table"].format(table=table)
    return text


def _schedule_text(schedule: DealSchedule, w: Words) -> str:
    first, *later = schedule.stages
    text = _stage_text(first, w)
    if later:
        text += w["schedule.then"] + w["schedule.then"].join(
            _stage_text(stage, w) for stage in later
        )
    if schedule.repeat_last_stage:
        text += w["schedule.repeat"]
    return text


def _schedule(rules: Rules, w: Words) -> str:
    table = tuple(
        ByPlayers(players=entry.players, value=_schedule_text(entry.value, w))
        for entry in rules.deal_schedules
    )
    return _by_players(table, rules.player_counts, w)


def _final(rules: Rules, w: Words) -> str:
    return w["final.exact" if rules.deal_final is DealFinal.EXACT else "final.short"]


def _timing(rules: Rules, w: Words) -> str:
    return w["timing.empty" if rules.deal_timing is DealTiming.HANDS_EMPTY else "timing.round"]


def _lone_joker(rules: Rules, w: Words) -> str:
    if not rules.jokers:
        return w["jokers.none"]
    if rules.lone_joker is LoneJoker.ANY_CARD:
        return w["lone-joker.any-card"]
    return w["lone-joker.joker-only"]


def _table_jokers(rules: Rules, w: Words) -> str:
    if not rules.jokers:
        return w["jokers.none"]
    if rules.table_jokers is TableJokers.CAPTURABLE:
        return w["table-jokers.capturable"]
    return w["table-jokers.never"]


def _yes_no(key: str, yes: Callable[[Rules], bool]) -> Describe:
    """A parameter that is on or off: ``key.yes`` or ``key.no``."""

    def describe(rules: Rules, w: Words) -> str:
        return w[f"{key}.{'yes' if yes(rules) else 'no'}"]

    return describe


def _operations(rules: Rules, w: Words) -> str:
    both = BuildOperation.SUBTRACT in rules.build_operations
    return w["operations.both" if both else "operations.up"]


def _max_value(rules: Rules, w: Words) -> str:
    if rules.build_max_value is None:
        return w["max-value.none"]
    return w["max-value.at-most"].format(value=rules.build_max_value)


def _for_partner(rules: Rules, w: Words) -> str:
    bases = sorted(rules.build_for_partner, key=lambda basis: basis.value)
    if not bases:
        return w["for-partner.never"]
    said = spoken_list((w[f"basis.{basis.value}"] for basis in bases), w["or"])
    return w["for-partner.who"].format(bases=said)


def _joker_zwicks(rules: Rules, w: Words) -> str:
    if not rules.jokers:
        return w["jokers.none"]
    return w["joker-zwicks.yes" if rules.zwick_joker_counts else "joker-zwicks.no"]


def _cancellation(rules: Rules, w: Words) -> str:
    if rules.zwick_cancellation is ZwickCancellation.NONE:
        return w["cancellation.none"]
    return w["cancellation.fewest"]


def score_label(line: ScoreLine, w: Words) -> str:
    """A score line's label in a language: its table's, else the spec's, first letter small."""
    return w.get(SCORE_LABEL + line.label, line.label[:1].lower() + line.label[1:])


def _card_points(rules: Rules, w: Words) -> str:
    scoring = [
        w["score.line"].format(label=score_label(line, w), points=line.points)
        for line in rules.score_lines
        if line.points
    ]
    nothing = [score_label(line, w) for line in rules.score_lines if not line.points]
    text = ", ".join(scoring)
    if nothing:
        text += w["score.nothing"].format(labels=spoken_list(nothing, w["and"]))
    return text


def _zwick_points(rules: Rules, w: Words) -> str:
    points = rules.zwick_points
    return _plural(w, "zwick", points, points=points)


def _most_cards(rules: Rules, w: Words) -> str:
    def awards(points: tuple[int, ...]) -> str:
        first, *rest = points
        text = _plural(w, "points", first, points=first)
        for place, extra in enumerate(rest, start=2):
            text += w["most-cards.place"].format(points=extra, place=place)
        return text

    table = tuple(
        ByPlayers(players=entry.players, value=awards(entry.value)) for entry in rules.most_cards
    )
    return _by_players(table, rules.player_counts, w) + w["most-cards.tie"]


def _stated_total(rules: Rules, w: Words) -> str:
    return w["stated-total"].format(total=check_totals_text(rules, w.language))


def _first_dealer(rules: Rules, w: Words) -> str:
    match = rules.match
    if match.first_dealer is FirstDealer.STATED:
        return w["first-dealer.stated"]
    end = w["draw.highest" if match.draw_wins is DrawWins.HIGHEST else "draw.lowest"]
    return w["first-dealer.draw"].format(end=end, order=" ".join(match.draw_order))


def _match_tie(rules: Rules, w: Words) -> str:
    def rule(tie: TieRule) -> str:
        return w["tie.shared" if tie is TieRule.SHARED else "tie.play-on"]

    match = rules.match
    return w["tie.rules"].format(
        after=rule(match.tie_after_hands), target=rule(match.tie_at_target)
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
        "build.single-card": _yes_no("single-card", lambda rules: rules.build_single_card),
        "build.operations": _operations,
        "build.max-value": _max_value,
        "build.same-value": _yes_no("same-value", lambda rules: rules.build_same_value),
        "build.holding": _yes_no("holding", lambda rules: rules.build_holding),
        "build.ownership": _yes_no("ownership", lambda rules: rules.build_ownership),
        "build.owner-obligation": _yes_no("obligation", lambda rules: rules.build_owner_obligation),
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


def describe_parameter(name: str, rules: Rules, language: Language = "en") -> str:
    """Parameter ``name`` as ``rules`` set it, in words (the name itself if it has no text)."""
    describe = DESCRIPTIONS.get(name)
    return describe(rules, WORDS[language]) if describe is not None else name


def describe_parameters(names: Iterable[str], rules: Rules, language: Language = "en") -> str:
    """Several parameters in words, in the order given, each once."""
    texts = dict.fromkeys(describe_parameter(name, rules, language) for name in names)
    return "; ".join(texts)
