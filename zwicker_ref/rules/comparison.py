"""Comparing variants aspect by aspect, for the site's table and ``zwicker diff``.

Each aspect is a short text per variant, computed from the variant's rule parameters
(never written by hand), so the comparison cannot drift from the spec.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.parameter_words import SCORE_LABEL, WORDS
from zwicker_ref.rules.translations import Language
from zwicker_ref.rules.variant import BuildOperation, Rules, Variant

_ASPECT_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "none": "none",
        "range": "any {low}-{high}",
        "partners": "two teams with {counts} players",
        "alone": "everyone alone",
        "packs.one": "{count} pack with {players}",
        "packs.many": "{count} packs with {players}",
        "deck.one": "52 + {count} joker; {packs}",
        "deck.many": "52 + {count} jokers; {packs}",
        "special": "{card}: plays {plays}, builds {builds}",
        "sweeps": ", sweeps loose {ranks} and builds of {builds}",
        "deal": "{players}p: {each} each + {table} to the table",
        "then": ", then ",
        "both-ways": "up and down",
        "up-only": "up only",
        "same-value": "same value kept",
        "single-card": "single-card builds",
        "at-most": "at most {value}",
        "holding": "must hold the value",
        "no-owners": "no owners",
        "obligation": "owner must keep every build backed",
        "owned": "owned",
        "for-partner": "; for partner when {bases}",
        "or": " or ",
        "basis.partner-build": "partner owns that value",
        "basis.partner-holds": "partner holds it",
        "basis.partner-shown": "partner built it earlier in the hand",
        "zwicks.one": "{points} point each",
        "zwicks.many": "{points} points each",
        "fewest": ", minus the fewest zwicks of any side",
        "most-cards": "{points} ({players} players)",
        "most-cards.tie": "; nobody on a tie",
        "Players": "Players",
        "Partnerships": "Partnerships",
        "Deck": "Deck",
        "Jokers": "Jokers",
        "Aces and courts": "Aces and courts",
        "Special cards": "Special cards",
        "Deals": "Deals",
        "Building": "Building",
        "Owners and partners": "Owners and partners",
        "Card points": "Card points",
        "Most cards": "Most cards",
        "Zwicks": "Zwicks",
        "Check total": "Check total",
        "Options": "Options",
    },
    "de": {
        "none": "keine",
        "range": "beliebig {low}-{high}",
        "partners": "zwei Paare bei {counts} Spielern",
        "alone": "jeder für sich",
        "packs.one": "{count} Blatt bei {players}",
        "packs.many": "{count} Blätter bei {players}",
        "deck.one": "52 + {count} Joker; {packs}",
        "deck.many": "52 + {count} Joker; {packs}",
        "special": "{card}: spielt {plays}, baut {builds}",
        "sweeps": ", räumt lose {ranks} und Bauten von {builds} ab",
        "deal": "{players} Sp.: je {each} + {table} auf den Tisch",
        "then": ", dann ",
        "both-ways": "auf und ab",
        "up-only": "nur aufwärts",
        "same-value": "gleicher Wert erlaubt",
        "single-card": "Bauten aus einer Karte",
        "at-most": "höchstens {value}",
        "holding": "Haltepflicht",
        "no-owners": "keine Besitzer",
        "obligation": "der Besitzer muss jeden Bau gedeckt halten",
        "owned": "mit Besitzer",
        "for-partner": "; für den Partner, wenn {bases}",
        "or": " oder ",
        "basis.partner-build": "der Partner diesen Wert besitzt",
        "basis.partner-holds": "der Partner ihn hält",
        "basis.partner-shown": "der Partner ihn früher im Spiel gebaut hat",
        "zwicks.one": "je {points} Punkt",
        "zwicks.many": "je {points} Punkte",
        "fewest": ", abzüglich der wenigsten Zwicks einer Partei",
        "most-cards": "{points} ({players} Spieler)",
        "most-cards.tie": "; bei Gleichstand niemand",
        "Players": "Spieler",
        "Partnerships": "Paare",
        "Deck": "Blatt",
        "Jokers": "Joker",
        "Aces and courts": "Asse und Bilder",
        "Special cards": "Besondere Karten",
        "Deals": "Ausgaben",
        "Building": "Bauen",
        "Owners and partners": "Besitzer und Partner",
        "Card points": "Kartenpunkte",
        "Most cards": "Die meisten Karten",
        "Zwicks": "Zwicks",
        "Check total": "Kontrollsumme",
        "Options": "Optionen",
    },
}
"""The comparison's words by language (aspect names and the words of their texts)."""


def _score_labels(language: Language) -> dict[str, str]:
    """The score lines' labels in ``language`` (shared with the parameter texts' words)."""
    templates = WORDS[language].templates
    return {key: text for key, text in templates.items() if key.startswith(SCORE_LABEL)}


@dataclass(frozen=True, kw_only=True, slots=True)
class Aspect:
    """One line of the comparison: a name and how to describe it for a variant."""

    name: str
    describe: Callable[[Variant, Mapping[str, str]], str]
    """The variant's text, in the words (:data:`_ASPECT_WORDS`) of one language."""


def _counts(values: frozenset[int] | list[int], none: str = "none") -> str:
    ordered = sorted(values)
    if not ordered:
        return none
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def _values(values: tuple[int, ...], w: Mapping[str, str]) -> str:
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return w["range"].format(low=values[0], high=values[-1])
    return "/".join(map(str, values))


def _plural(w: Mapping[str, str], key: str, count: int, **values: object) -> str:
    return w[f"{key}.{'one' if count == 1 else 'many'}"].format(count=count, **values)


def _players(variant: Variant, w: Mapping[str, str]) -> str:
    return _counts(variant.rules.player_counts, w["none"])


def _partnerships(variant: Variant, w: Mapping[str, str]) -> str:
    counts = variant.rules.partnership_counts
    return w["partners"].format(counts=_counts(counts, w["none"])) if counts else w["alone"]


def _deck(variant: Variant, w: Mapping[str, str]) -> str:
    rules = variant.rules
    packs = ", ".join(
        _plural(w, "packs", entry.value, players=_counts(entry.players, w["none"]))
        for entry in rules.packs
    )
    return _plural(w, "deck", len(rules.jokers), packs=packs)


def _jokers(variant: Variant, w: Mapping[str, str]) -> str:
    jokers = variant.rules.jokers
    if not jokers:
        return w["none"]
    return ", ".join(f"{joker.card} = {_values(joker.values, w)}" for joker in jokers)


def _court_values(variant: Variant, w: Mapping[str, str]) -> str:
    return ", ".join(
        f"{rank.value} {_values(values, w)}" for rank, values in variant.rules.rank_values.items()
    )


def _special(variant: Variant, w: Mapping[str, str]) -> str:
    specials = variant.rules.special_cards
    if not specials:
        return w["none"]
    parts = []
    for special in specials:
        text = w["special"].format(
            card=special.card,
            plays=_values(special.capture_values, w),
            builds=_values(special.build_values, w),
        )
        if special.sweep is not None:
            ranks = sorted(rank.pip_value or 0 for rank in special.sweep.loose_ranks)
            text += w["sweeps"].format(
                ranks=_counts(ranks, w["none"]),
                builds=_counts(special.sweep.build_values, w["none"]),
            )
        parts.append(text)
    return "; ".join(parts)


def _deals(variant: Variant, w: Mapping[str, str]) -> str:
    rules = variant.rules
    parts = []
    for players in sorted(rules.player_counts):
        plan = plan_deal(rules, players)
        first = plan.stages[0]
        later = [stage.hands[0] for stage in plan.stages[1:]]
        text = w["deal"].format(players=players, each=first.hands[0], table=first.table)
        if later:
            text += w["then"] + ", ".join(map(str, later))
        parts.append(text)
    return "; ".join(parts)


def _building(variant: Variant, w: Mapping[str, str]) -> str:
    rules = variant.rules
    both = BuildOperation.SUBTRACT in rules.build_operations
    extras = [w["both-ways" if both else "up-only"]]
    if rules.build_same_value:
        extras.append(w["same-value"])
    if rules.build_single_card:
        extras.append(w["single-card"])
    if rules.build_max_value is not None:
        extras.append(w["at-most"].format(value=rules.build_max_value))
    if rules.build_holding:
        extras.append(w["holding"])
    return ", ".join(extras)


def _owners(variant: Variant, w: Mapping[str, str]) -> str:
    rules = variant.rules
    if not rules.build_ownership:
        return w["no-owners"]
    text = w["obligation" if rules.build_owner_obligation else "owned"]
    if rules.build_for_partner:
        bases = w["or"].join(
            w[f"basis.{basis.value}"]
            for basis in sorted(rules.build_for_partner, key=lambda basis: basis.value)
        )
        text += w["for-partner"].format(bases=bases)
    return text


def _zwicks(variant: Variant, w: Mapping[str, str]) -> str:
    rules = variant.rules
    text = _plural(w, "zwicks", rules.zwick_points, points=rules.zwick_points)
    if rules.zwick_cancellation.value == "subtract-fewest":
        text += w["fewest"]
    return text


def _scoring(variant: Variant, w: Mapping[str, str]) -> str:
    return "; ".join(
        f"{w.get(SCORE_LABEL + line.label, line.label)} {line.points}"
        for line in variant.rules.score_lines
        if line.points
    )


def _most_cards(variant: Variant, w: Mapping[str, str]) -> str:
    parts = [
        w["most-cards"].format(
            points=" + ".join(map(str, entry.value)), players=_counts(entry.players, w["none"])
        )
        for entry in variant.rules.most_cards
    ]
    return "; ".join(parts) + w["most-cards.tie"]


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


def _options(variant: Variant, w: Mapping[str, str]) -> str:
    return ", ".join(option.id for option in variant.options) or w["none"]


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
    Aspect(
        name="Check total",
        describe=lambda variant, w: check_totals_text(variant.rules, w["language"]),
    ),
    Aspect(name="Options", describe=_options),
)


def compare(variants: list[Variant], language: Language = "en") -> list[tuple[str, list[str]]]:
    """Every aspect with its description for each variant, in order, in ``language``."""
    words = {**_ASPECT_WORDS[language], **_score_labels(language), "language": language}
    return [
        (words[aspect.name], [aspect.describe(variant, words) for variant in variants])
        for aspect in ASPECTS
    ]


def differences(first: Variant, second: Variant) -> list[tuple[str, str, str]]:
    """The aspects in which two variants differ: name, first's text, second's text."""
    return [
        (name, texts[0], texts[1])
        for name, texts in compare([first, second])
        if texts[0] != texts[1]
    ]
