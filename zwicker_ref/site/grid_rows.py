"""The grid's rows: one per question a reader asks, whatever the clause ids that answer it.

Most questions are answered by one clause id in every variant. Where variants answer the
same question with clauses of different ids (``seating.dealer`` and ``seating.draw``, the
two ways a build changes value), or add a clause of their own to a shared question (the
Magger beside building for a partner), the ids share a row. A variant with none of a
row's clauses gets a cell saying why, decided from its rule parameters: the question does
not arise under its rules (no jokers, no owners, no partners), or another row states it
(a parameter the row is about, set by a clause shown elsewhere), or its sources are silent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from zwicker_ref.rules.variant import Rules, Variant
from zwicker_ref.site.labels import Language, clause_words, label


@dataclass(frozen=True, kw_only=True, slots=True)
class Arises:
    """When a row's question arises at all, as a test of the rules, and why it may not."""

    test: Callable[[Rules], bool]
    why: str
    """Why it does not arise, for a cell of a variant whose rules fail the test: the key of
    its words (``grid.why.<why>`` in :mod:`.labels`)."""

    def otherwise(self, language: Language = "en") -> str:
        """Why the question does not arise, in ``language``."""
        return label(language, f"grid.why.{self.why}")


@dataclass(frozen=True, kw_only=True, slots=True)
class Question:
    """One row of the grid: a question and the clause ids that answer it, main one first."""

    clause_ids: tuple[str, ...]
    ask: str
    arises: Arises | None = None

    @property
    def anchor(self) -> str:
        """The row's main clause id (its anchor; the others get anchors in the row too)."""
        return self.clause_ids[0]


def _has_jokers(rules: Rules) -> bool:
    return bool(rules.jokers)


def _has_partners(rules: Rules) -> bool:
    return bool(rules.partnership_counts)


def _has_owners(rules: Rules) -> bool:
    return rules.build_ownership


def _builds_for_partner(rules: Rules) -> bool:
    return bool(rules.build_for_partner)


NO_JOKERS = Arises(test=_has_jokers, why="no-jokers")
NO_PARTNERS = Arises(test=_has_partners, why="no-partners")
NO_OWNERS = Arises(test=_has_owners, why="no-owners")
NOBODY_FOR_PARTNER = Arises(test=_builds_for_partner, why="nobody-for-partner")


def _q(*clause_ids: str, ask: str, arises: Arises | None = None) -> Question:
    return Question(clause_ids=clause_ids, ask=ask, arises=arises)


QUESTIONS: tuple[Question, ...] = (
    _q("players.count", ask="How many play?"),
    _q("players.partnerships", ask="Who plays with whom?"),
    _q("seating.numbering", ask="How are seats and sides numbered?"),
    _q(
        "seating.dealer",
        "seating.draw",
        "match.first-dealer",
        ask="Who deals first, and how is it decided?",
    ),
    _q("deck.cards", "deck.copies", ask="Which pack, and how many?"),
    _q("deck.jokers", ask="Which jokers?"),
    _q("values.matching", ask="What do aces and court cards count?"),
    _q("values.use", ask="Which value does a card offer where?"),
    _q(
        "values.special-cards",
        "values.club-seven",
        "values.diamond-seven",
        "values.sevens-on-table",
        ask="Do some cards have special values?",
    ),
    _q(
        "deal.schedule",
        "deal.packets",
        "deal.order",
        "deal.final",
        ask="How are the cards dealt?",
    ),
    _q("deal.deck-order", ask="How is a deal read from a stated deck order?"),
    _q("turn.order", ask="Who plays when?"),
    _q("turn.stage-lead", ask="Who leads after a new deal?"),
    _q("turn.one-move", ask="How many actions in a turn?"),
    _q("trail.play", ask="What is a trail?"),
    _q("capture.match", ask="How does a card capture by matching?"),
    _q("capture.sum", ask="How does a card capture a group that adds up?"),
    _q("capture.groups", ask="Can one card take several groups?"),
    _q("capture.addition-only", ask="Do groups ever subtract?"),
    _q("capture.optional", "capture.partial", ask="Must a player capture, and take everything?"),
    _q("capture.no-advice", ask="May a partner point out a capture?", arises=NO_PARTNERS),
    _q("capture.trick", ask="Where do captured cards go?"),
    _q("capture.identity", ask="When are two captures the same move?"),
    _q(
        "capture.table-jokers",
        "capture.lone-joker",
        ask="Can a joker be taken from the table?",
        arises=NO_JOKERS,
    ),
    _q("build.definition", ask="What is a build?"),
    _q("build.single-card", ask="Can one card alone be a build?"),
    _q("build.up-down", "build.addition-only", ask="How does a card change a build's value?"),
    _q("build.arithmetic", ask="How high may a build go?"),
    _q("build.same-value", ask="May a build keep its value?"),
    _q("build.holding", "build.thirty-joker", ask="Must the builder hold the new value?"),
    _q("build.ownership", ask="Who owns a build?"),
    _q("build.owner-obligation", ask="Must an owner keep its builds backed?", arises=NO_OWNERS),
    _q(
        "build.for-partner",
        "build.magger",
        ask="May a player build a value for a partner?",
        arises=NO_OWNERS,
    ),
    _q(
        "build.for-partner-basis",
        ask="When is building for a partner judged?",
        arises=NOBODY_FOR_PARTNER,
    ),
    _q("build.no-combining", ask="Can separate items be combined into a build?"),
    _q("build.identity", ask="When are two builds the same move?"),
    _q("zwick.clear-table", "zwick.joker", ask="What is a zwick?"),
    _q("zwick.next-play", ask="What follows a zwick?"),
    _q("zwick.last-play", ask="Does a zwick on the last play count?"),
    _q("zwick.scoring", ask="Do zwicks cancel out?"),
    _q("stage.carry-over", ask="What stays on the table between deals?"),
    _q("end.leftovers", ask="Who gets the cards left at the end?"),
    _q("end.no-capture", ask="And if nobody captured?"),
    _q(
        "score.cards",
        "score.jokers",
        "score.joker-points",
        ask="Which cards score, and how much?",
    ),
    _q("score.zwick", ask="What is a zwick worth?"),
    _q("score.most-cards", "score.most-cards-tie", ask="What is most cards worth, and on a tie?"),
    _q("score.check-total", ask="What do a hand's points add up to?"),
    _q("match.rotation", ask="Who deals the next hand?"),
    _q("match.end", ask="When does a match end?"),
    _q("match.winner", ask="Who wins a match?"),
    _q("match.tie", ask="And if the totals are level?"),
    _q("match.carry-over", ask="What carries from hand to hand?"),
)
"""The grid's rows in order; a clause id listed nowhere gets a row of its own after them."""


ASKED: Mapping[Language, Mapping[str, str]] = {
    "en": {q.clause_ids[0]: q.ask for q in QUESTIONS},
    "de": {
        "players.count": "Wie viele spielen mit?",
        "players.partnerships": "Wer spielt mit wem?",
        "seating.numbering": "Wie sind Plätze und Parteien nummeriert?",
        "seating.dealer": "Wer gibt zuerst, und wie wird es entschieden?",
        "deck.cards": "Welches Blatt, und wie viele?",
        "deck.jokers": "Welche Joker?",
        "values.matching": "Was zählen Asse und Bilder?",
        "values.use": "Welchen Wert bietet eine Karte wo?",
        "values.special-cards": "Haben manche Karten besondere Werte?",
        "deal.schedule": "Wie werden die Karten gegeben?",
        "deal.deck-order": "Wie ergibt sich eine Ausgabe aus einer angegebenen Kartenfolge?",
        "turn.order": "Wer spielt wann?",
        "turn.stage-lead": "Wer spielt nach einer neuen Ausgabe zuerst?",
        "turn.one-move": "Wie viele Handlungen hat ein Zug?",
        "trail.play": "Was ist Zulegen?",
        "capture.match": "Wie sticht eine Karte durch gleichen Wert?",
        "capture.sum": "Wie sticht eine Karte eine Gruppe, die sich zum Wert summiert?",
        "capture.groups": "Kann eine Karte mehrere Gruppen nehmen?",
        "capture.addition-only": "Wird in Gruppen je abgezogen?",
        "capture.optional": "Muss man stechen, und alles nehmen?",
        "capture.no-advice": "Darf ein Partner auf einen Stich hinweisen?",
        "capture.trick": "Wohin kommen gestochene Karten?",
        "capture.identity": "Wann sind zwei Stiche derselbe Zug?",
        "capture.table-jokers": "Kann ein Joker vom Tisch genommen werden?",
        "build.definition": "Was ist ein Bau?",
        "build.single-card": "Kann eine Karte allein ein Bau sein?",
        "build.up-down": "Wie ändert eine Karte den Wert eines Baus?",
        "build.arithmetic": "Wie hoch darf ein Bau gehen?",
        "build.same-value": "Darf ein Bau seinen Wert behalten?",
        "build.holding": "Muss, wer baut, den neuen Wert halten?",
        "build.ownership": "Wem gehört ein Bau?",
        "build.owner-obligation": "Muss ein Besitzer seine Bauten gedeckt halten?",
        "build.for-partner": "Darf man einen Wert für den Partner bauen?",
        "build.for-partner-basis": "Wann wird das Bauen für den Partner beurteilt?",
        "build.no-combining": "Lassen sich getrennte Tischstücke zu einem Bau vereinen?",
        "build.identity": "Wann sind zwei Bauten derselbe Zug?",
        "zwick.clear-table": "Was ist ein Zwick?",
        "zwick.next-play": "Was folgt auf einen Zwick?",
        "zwick.last-play": "Zählt ein Zwick mit dem letzten Ausspielen?",
        "zwick.scoring": "Heben sich Zwicks auf?",
        "stage.carry-over": "Was bleibt zwischen den Ausgaben auf dem Tisch?",
        "end.leftovers": "Wer bekommt die Restkarten am Ende?",
        "end.no-capture": "Und wenn niemand gestochen hat?",
        "score.cards": "Welche Karten zählen, und wie viel?",
        "score.zwick": "Was ist ein Zwick wert?",
        "score.most-cards": "Was sind die meisten Karten wert, und bei Gleichstand?",
        "score.check-total": "Was ergeben die Punkte eines Spiels zusammen?",
        "match.rotation": "Wer gibt das nächste Spiel?",
        "match.end": "Wann endet eine Partie?",
        "match.winner": "Wer gewinnt eine Partie?",
        "match.tie": "Und wenn die Gesamtstände gleich sind?",
        "match.carry-over": "Was geht von Spiel zu Spiel weiter?",
    },
}
"""Each listed question in each language, by the first clause id it lists."""


def grid_questions(variants: Iterable[Variant], language: Language = "en") -> list[Question]:
    """The rows for these variants: the listed questions any of them answers, then the rest.

    Every clause id of every variant is in exactly one row. The questions are asked in
    ``language``; a clause listed in no question is asked by its title.
    """
    variants = list(variants)
    present = {
        clause.id: clause_words(variant, clause, language).title
        for variant in variants
        for clause in variant.clauses
    }
    rows = [
        Question(
            clause_ids=tuple(c for c in q.clause_ids if c in present),
            ask=ASKED[language][q.clause_ids[0]],
            arises=q.arises,
        )
        for q in QUESTIONS
        if any(clause_id in present for clause_id in q.clause_ids)
    ]
    listed = {clause_id for question in QUESTIONS for clause_id in question.clause_ids}
    rows += [
        Question(clause_ids=(clause_id,), ask=title)
        for clause_id, title in present.items()
        if clause_id not in listed
    ]
    return rows


def row_topic(question: Question) -> str:
    """The topic a row is filed under: its main clause id's."""
    return question.anchor.split(".", 1)[0]
