"""Comparing variants aspect by aspect, for the site's table and ``zwicker diff``.

Each aspect is a short text per variant, computed from the variant's rule parameters
(never written by hand), so the comparison cannot drift from the spec.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.variant import BuildOperation, PartnerBasis, Rules, Variant


@dataclass(frozen=True, kw_only=True, slots=True)
class Aspect:
    """One line of the comparison: a name and how to describe it for a variant."""

    name: str
    describe: Callable[[Variant], str]


def _counts(values: frozenset[int] | list[int]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "none"
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def _values(values: tuple[int, ...]) -> str:
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"any {values[0]}-{values[-1]}"
    return "/".join(map(str, values))


def _players(variant: Variant) -> str:
    return _counts(variant.rules.player_counts)


def _partnerships(variant: Variant) -> str:
    counts = variant.rules.partnership_counts
    return f"two teams with {_counts(counts)} players" if counts else "everyone alone"


def _deck(variant: Variant) -> str:
    rules = variant.rules
    packs = ", ".join(
        f"{entry.value} pack{'s' if entry.value > 1 else ''} with {_counts(entry.players)}"
        for entry in rules.packs
    )
    jokers = len(rules.jokers)
    return f"52 + {jokers} joker{'s' if jokers != 1 else ''}; {packs}"


def _jokers(variant: Variant) -> str:
    jokers = variant.rules.jokers
    if not jokers:
        return "none"
    return ", ".join(f"{joker.card} = {_values(joker.values)}" for joker in jokers)


def _court_values(variant: Variant) -> str:
    return ", ".join(
        f"{rank.value} {_values(values)}" for rank, values in variant.rules.rank_values.items()
    )


def _special(variant: Variant) -> str:
    specials = variant.rules.special_cards
    if not specials:
        return "none"
    parts = []
    for special in specials:
        text = (
            f"{special.card}: plays {_values(special.capture_values)}, "
            f"builds {_values(special.build_values)}"
        )
        if special.sweep is not None:
            ranks = sorted(rank.pip_value or 0 for rank in special.sweep.loose_ranks)
            text += (
                f", sweeps loose {_counts(ranks)} and builds of "
                f"{_counts(special.sweep.build_values)}"
            )
        parts.append(text)
    return "; ".join(parts)


def _deals(variant: Variant) -> str:
    rules = variant.rules
    parts = []
    for players in sorted(rules.player_counts):
        plan = plan_deal(rules, players)
        first = plan.stages[0]
        later = [stage.hands[0] for stage in plan.stages[1:]]
        text = f"{players}p: {first.hands[0]} each + {first.table} to the table"
        if later:
            text += ", then " + ", ".join(map(str, later))
        parts.append(text)
    return "; ".join(parts)


def _building(variant: Variant) -> str:
    rules = variant.rules
    operations = "up and down" if BuildOperation.SUBTRACT in rules.build_operations else "up only"
    extras = []
    if rules.build_same_value:
        extras.append("same value kept")
    if rules.build_single_card:
        extras.append("single-card builds")
    if rules.build_max_value is not None:
        extras.append(f"at most {rules.build_max_value}")
    if rules.build_holding:
        extras.append("must hold the value")
    return ", ".join([operations, *extras])


_BASIS_TEXT = {
    PartnerBasis.PARTNER_BUILD: "partner owns that value",
    PartnerBasis.PARTNER_HOLDS: "partner holds it",
    PartnerBasis.PARTNER_SHOWN: "partner built it earlier in the hand",
}


def _owners(variant: Variant) -> str:
    rules = variant.rules
    if not rules.build_ownership:
        return "no owners"
    text = "owner must keep every build backed" if rules.build_owner_obligation else "owned"
    if rules.build_for_partner:
        bases = " or ".join(
            _BASIS_TEXT[basis]
            for basis in sorted(rules.build_for_partner, key=lambda basis: basis.value)
        )
        text += f"; for partner when {bases}"
    return text


def _zwicks(variant: Variant) -> str:
    rules = variant.rules
    text = f"{rules.zwick_points} point{'s' if rules.zwick_points != 1 else ''} each"
    if rules.zwick_cancellation.value == "subtract-fewest":
        text += ", minus the fewest zwicks of any side"
    return text


def _scoring(variant: Variant) -> str:
    return "; ".join(
        f"{line.label} {line.points}" for line in variant.rules.score_lines if line.points
    )


def _most_cards(variant: Variant) -> str:
    parts = [
        f"{' + '.join(map(str, entry.value))} ({_counts(entry.players)} players)"
        for entry in variant.rules.most_cards
    ]
    return "; ".join(parts) + "; nobody on a tie"


_PLACES = ("first", "second", "third", "fourth")


_TOTAL_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "most": "{total} on a most-cards tie",
        "place": "{total} on a tie for {name} place",
        "nth": "place {n}",
        "with": "{text} with {players} players",
        "zwicks": "zwicks",
        "per": "{points} per zwick",
        "plus": "{totals}, plus {zwicks}",
    },
    "de": {
        "most": "{total} bei Gleichstand um die meisten Karten",
        "place": "{total} bei Gleichstand um den {name} Platz",
        "nth": "{n}.",
        "with": "{text} bei {players} Spielern",
        "zwicks": "die Zwicks",
        "per": "{points} je Zwick",
        "plus": "{totals}, dazu {zwicks}",
    },
}
"""The check total's words by language (the site's German edition; English elsewhere)."""

_PLACE_NAMES: dict[str, tuple[str, ...]] = {"en": _PLACES, "de": ("ersten", "zweiten", "dritten")}


def _tie_totals(total: int, awards: tuple[int, ...], language: str = "en") -> list[str]:
    """The totals when sides tie for a most-cards place.

    A tie for a place gives that place to nobody, and the next place too: the side after
    the tied ones has two sides above it (RULINGS.md, Scoring).
    """
    words = _TOTAL_WORDS[language]
    if not awards:
        return []
    if len(awards) == 1:
        return [words["most"].format(total=total - awards[0])]
    texts = []
    names = _PLACE_NAMES[language]
    for place in reversed(range(len(awards))):
        lost = sum(awards[place : place + 2])
        name = names[place] if place < len(names) else words["nth"].format(n=place + 1)
        texts.append(words["place"].format(total=total - lost, name=name))
    return texts


def check_totals_text(rules: Rules, language: str = "en") -> str:
    """The check total in words: by player count, the tie cases, and the zwicks.

    The one description of the check total: the site's home page and grid and
    ``zwicker diff`` all use it; ``language`` is ``en`` or ``de`` (the German site).
    """
    words = _TOTAL_WORDS[language]
    groups: dict[str, list[int]] = {}
    for players in sorted(rules.player_counts):
        total = check_total(rules, players).total
        ties = _tie_totals(total, rules.most_cards_for(players), language)
        text = f"{total} ({', '.join(ties)})" if ties else str(total)
        groups.setdefault(text, []).append(players)
    if len(groups) == 1:
        totals = next(iter(groups))
    else:
        totals = "; ".join(
            words["with"].format(text=text, players=_counts(players))
            for text, players in groups.items()
        )
    points = rules.zwick_points
    zwicks = words["zwicks"] if points == 1 else words["per"].format(points=points)
    return words["plus"].format(totals=totals, zwicks=zwicks)


def _total(variant: Variant) -> str:
    return check_totals_text(variant.rules)


def _options(variant: Variant) -> str:
    return ", ".join(option.id for option in variant.options) or "none"


ASPECTS: tuple[Aspect, ...] = (
    Aspect(name="Players", describe=_players),
    Aspect(name="Partnerships", describe=_partnerships),
    Aspect(name="Deck", describe=_deck),
    Aspect(name="Jokers", describe=_jokers),
    Aspect(name="Aces and courts", describe=_court_values),
    Aspect(name="Special cards", describe=_special),
    Aspect(name="Deals", describe=_deals),
    Aspect(name="Building", describe=_building),
    Aspect(name="Owners and partners", describe=_owners),
    Aspect(name="Card points", describe=_scoring),
    Aspect(name="Most cards", describe=_most_cards),
    Aspect(name="Zwicks", describe=_zwicks),
    Aspect(name="Check total", describe=_total),
    Aspect(name="Options", describe=_options),
)


def compare(variants: list[Variant]) -> list[tuple[str, list[str]]]:
    """Every aspect with its description for each variant, in order."""
    return [(aspect.name, [aspect.describe(variant) for variant in variants]) for aspect in ASPECTS]


def differences(first: Variant, second: Variant) -> list[tuple[str, str, str]]:
    """The aspects in which two variants differ: name, first's text, second's text."""
    return [
        (name, texts[0], texts[1])
        for name, texts in compare([first, second])
        if texts[0] != texts[1]
    ]
