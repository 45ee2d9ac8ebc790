"""The words of the parameter texts (:mod:`.parameter_text`), one table per language.

Each table maps a key to a template whose ``{fields}`` the parameter text fills in; the
keys are the same in every language (a test checks it), so a language is added as one more
table. A key ending in ``.one`` or ``.many`` is the singular or plural form of the same
words. ``score.label.<English label>`` gives a score line's label (a spec word) in the
language; without one, the spec's English label is used (English has none).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from zwicker_ref.rules.translations import Language


@dataclass(frozen=True, slots=True)
class Words:
    """One language's templates, by key."""

    language: Language
    templates: Mapping[str, str]

    def __getitem__(self, key: str) -> str:
        return self.templates[key]

    def get(self, key: str, default: str) -> str:
        """The template of ``key``, or ``default`` where the language has none."""
        return self.templates.get(key, default)


_ENGLISH: Mapping[str, str] = {
    "or": "or",
    "and": "and",
    "by-players": "{players} players: {value}",
    "players": "{counts} players",
    "partners.none": "everyone plays alone",
    "partners.all": "two teams, partners alternating round the table",
    "partners.some": "two teams with {teams} players; alone with {alone}",
    "packs.one": "one pack",
    "packs.two": "two packs",
    "packs.many": "{count} packs",
    "range": "any {low}-{high}",
    "jokers.none": "no jokers",
    "jokers.fixed": "{count} jokers counting {values}",
    "jokers.wild": "{count} wild jokers, each {values}",
    "jokers.each": "jokers {jokers}",
    "rank.A": "ace",
    "rank.J": "jack",
    "rank.Q": "queen",
    "rank.K": "king",
    "special.none": "no card has special values",
    "special.captures": "{card} captures as {values}",
    "special.sweeps": " or sweeps every loose {ranks} and build of {builds}",
    "special.builds": ", builds as {values}",
    "special.backs": ", backs a build of {values}",
    "stage.each": "{cards} each",
    "stage.packets": " (in {packets})",
    "packet.two": "twos",
    "packet.many": "packets of {size}",
    "stage.table": " and {table} to the table",
    "schedule.then": ", then ",
    "schedule.repeat": " until the stock runs out",
    "final.exact": "every deal is complete",
    "final.short": "a short last deal goes one card at a time as far as it goes",
    "timing.empty": "the next deal when every hand is empty",
    "timing.round": "the next deal after every round",
    "lone-joker.any-card": "a joker alone on the table: any card that matches it takes it",
    "lone-joker.joker-only": "a joker alone on the table: only a joker takes it",
    "table-jokers.capturable": "jokers on the table can be captured",
    "table-jokers.never": "jokers on the table are never captured",
    "single-card.yes": "one card alone may be announced as a build",
    "single-card.no": "one card alone is a trail, never a build",
    "operations.both": "a build goes up or down by the card played",
    "operations.up": "a build only goes up (addition)",
    "max-value.none": "no highest build value",
    "max-value.at-most": "a build is at most {value}",
    "same-value.yes": "a card of the build's value may be added, keeping it",
    "same-value.no": "adding a card always raises the value",
    "holding.yes": "the builder must hold a card of the new value",
    "holding.no": "no need to hold the value",
    "ownership.yes": "the builder owns the build",
    "ownership.no": "builds have no owner",
    "obligation.yes": "an owner keeps a card backing each build value",
    "obligation.no": "no owner to keep a build backed",
    "for-partner.never": "never for a partner",
    "for-partner.who": "for a partner who {bases}",
    "basis.partner-build": "owns a build of the value",
    "basis.partner-holds": "holds a card of it",
    "basis.partner-shown": "built the value earlier in the hand",
    "joker-zwicks.yes": "a zwick made with a joker counts",
    "joker-zwicks.no": "a zwick made with a joker does not count",
    "cancellation.none": "every zwick scores",
    "cancellation.fewest": "each side's zwicks minus the fewest of any side",
    "score.line": "{label}: {points}",
    "score.nothing": "; {labels} nothing",
    "zwick.one": "{points} point a zwick",
    "zwick.many": "{points} points a zwick",
    "points.one": "{points} point",
    "points.many": "{points} points",
    "most-cards.place": ", {points} to place {place}",
    "most-cards.tie": "; a tie scores nobody",
    "stated-total": "a hand's points add up to {total}",
    "first-dealer.stated": "a match names the first dealer",
    "first-dealer.draw": "the {end} card drawn deals first (low to high: {order})",
    "draw.highest": "highest",
    "draw.lowest": "lowest",
    "tie.shared": "shared",
    "tie.play-on": "played on hand by hand",
    "tie.rules": "level after the set hands: {after}; level at the target: {target}",
}

_GERMAN: Mapping[str, str] = {
    "or": "oder",
    "and": "und",
    "by-players": "{players} Spieler: {value}",
    "players": "{counts} Spieler",
    "partners.none": "jeder spielt für sich",
    "partners.all": "zwei Paare, die Partner sitzen abwechselnd am Tisch",
    "partners.some": "zwei Paare bei {teams} Spielern; jeder für sich bei {alone}",
    "packs.one": "ein Blatt",
    "packs.two": "zwei Blätter",
    "packs.many": "{count} Blätter",
    "range": "beliebig {low}-{high}",
    "jokers.none": "keine Joker",
    "jokers.fixed": "{count} Joker, die {values} zählen",
    "jokers.wild": "{count} freie Joker, jeder {values}",
    "jokers.each": "Joker {jokers}",
    "rank.A": "Ass",
    "rank.J": "Bube",
    "rank.Q": "Dame",
    "rank.K": "König",
    "special.none": "keine Karte hat besondere Werte",
    "special.captures": "{card} sticht als {values}",
    "special.sweeps": " oder räumt alle losen Karten {ranks} und Bauten von {builds} ab",
    "special.builds": ", baut als {values}",
    "special.backs": ", deckt einen Bau von {values}",
    "stage.each": "je {cards}",
    "stage.packets": " (in {packets})",
    "packet.two": "Zweierpäckchen",
    "packet.many": "Päckchen zu {size}",
    "stage.table": " und {table} auf den Tisch",
    "schedule.then": ", dann ",
    "schedule.repeat": ", bis der Talon aufgebraucht ist",
    "final.exact": "jede Ausgabe ist vollständig",
    "final.short": "eine zu kurze letzte Ausgabe geht Karte für Karte, so weit sie reicht",
    "timing.empty": "die nächste Ausgabe, wenn alle Hände leer sind",
    "timing.round": "die nächste Ausgabe nach jeder Runde",
    "lone-joker.any-card": "ein Joker allein auf dem Tisch: jede passende Karte nimmt ihn",
    "lone-joker.joker-only": "ein Joker allein auf dem Tisch: nur ein Joker nimmt ihn",
    "table-jokers.capturable": "Joker auf dem Tisch können gestochen werden",
    "table-jokers.never": "Joker auf dem Tisch werden nie gestochen",
    "single-card.yes": "eine Karte allein darf als Bau angesagt werden",
    "single-card.no": "eine Karte allein wird zugelegt, nie gebaut",
    "operations.both": "ein Bau wird um die ausgespielte Karte auf- oder abgebaut",
    "operations.up": "ein Bau wird nur aufgebaut (Addition)",
    "max-value.none": "kein höchster Bauwert",
    "max-value.at-most": "ein Bau ist höchstens {value}",
    "same-value.yes": "eine Karte vom Wert des Baus darf dazukommen, der Wert bleibt",
    "same-value.no": "eine dazugelegte Karte erhöht immer den Wert",
    "holding.yes": "wer baut, muss eine Karte des neuen Werts halten",
    "holding.no": "keine Haltepflicht",
    "ownership.yes": "wer baut, ist Besitzer des Baus",
    "ownership.no": "Bauten haben keinen Besitzer",
    "obligation.yes": "ein Besitzer behält für jeden Bauwert eine Karte, die ihn deckt",
    "obligation.no": "kein Besitzer, der einen Bau gedeckt halten muss",
    "for-partner.never": "nie für einen Partner",
    "for-partner.who": "für einen Partner, der {bases}",
    "basis.partner-build": "einen Bau des Werts besitzt",
    "basis.partner-holds": "eine Karte des Werts hält",
    "basis.partner-shown": "den Wert früher im Spiel gebaut hat",
    "joker-zwicks.yes": "ein Zwick mit einem Joker zählt",
    "joker-zwicks.no": "ein Zwick mit einem Joker zählt nicht",
    "cancellation.none": "jeder Zwick zählt",
    "cancellation.fewest": "die Zwicks jeder Partei abzüglich der wenigsten einer Partei",
    "score.line": "{label}: {points}",
    "score.nothing": "; {labels} nichts",
    "zwick.one": "{points} Punkt je Zwick",
    "zwick.many": "{points} Punkte je Zwick",
    "points.one": "{points} Punkt",
    "points.many": "{points} Punkte",
    "most-cards.place": ", {points} für den {place}. Platz",
    "most-cards.tie": "; bei Gleichstand niemand",
    "stated-total": "die Punkte eines Spiels ergeben {total}",
    "first-dealer.stated": "eine Partie nennt den ersten Geber",
    "first-dealer.draw": "wer die {end} Karte zieht, gibt zuerst (von niedrig nach hoch: {order})",
    "draw.highest": "höchste",
    "draw.lowest": "niedrigste",
    "tie.shared": "geteilt",
    "tie.play-on": "es wird Spiel um Spiel weitergespielt",
    "tie.rules": "Gleichstand nach den festgesetzten Spielen: {after}; Gleichstand beim "
    "Punkteziel: {target}",
    # The spec's score-line labels (spec/variants/*.yaml, score.cards), in German.
    "score.label.15-joker": "15er-Joker",
    "score.label.17-joker": "17er-Joker",
    "score.label.20-joker": "20er-Joker",
    "score.label.22-joker": "22er-Joker",
    "score.label.25-joker": "25er-Joker",
    "score.label.30-joker": "30er-Joker",
    "score.label.Club seven": "Kreuz-Sieben",
    "score.label.Diamond seven": "Karo-Sieben",
    "score.label.Each ace": "jedes Ass",
    "score.label.Each other ten": "jede andere Zehn",
    "score.label.Joker 15": "Joker 15",
    "score.label.Joker 16": "Joker 16",
    "score.label.Joker 17": "Joker 17",
    "score.label.Jokers": "Joker",
    "score.label.Large joker (25)": "großer Joker (25)",
    "score.label.Middle joker (20)": "mittlerer Joker (20)",
    "score.label.Small joker (15)": "kleiner Joker (15)",
    "score.label.Other tens": "andere Zehnen",
    "score.label.Seven of diamonds": "Karo-Sieben",
    "score.label.Seven of spades": "Pik-Sieben",
    "score.label.Ten of diamonds": "Karo-Zehn",
    "score.label.Ten of diamonds (cardinal)": "Karo-Zehn (Kardinal)",
    "score.label.Ten of spades": "Pik-Zehn",
    "score.label.Two of spades": "Pik-Zwei",
    "score.label.Two of spades (Pingel)": "Pik-Zwei (Pingel)",
}

WORDS: Mapping[Language, Words] = MappingProxyType(
    {
        "en": Words("en", MappingProxyType(_ENGLISH)),
        "de": Words("de", MappingProxyType(_GERMAN)),
    }
)
"""The parameter texts' templates, by language."""

SCORE_LABEL = "score.label."
"""The prefix of a score line's label in a language's table (then the spec's English label)."""
