"""The site's words other than rule texts, in each language the site is published in.

Clause titles and texts and variant names come from the spec's translations
(:mod:`zwicker_ref.rules.translations`); every other word a generated page shows (table
heads, link texts, notes) is here, keyed by language, so that a page generator takes a
language and never writes ``if language == ...`` itself. German follows the glossary
(``docs/glossary.md``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from functools import cache

from zwicker_ref.rules.sources import Source
from zwicker_ref.rules.translations import (
    AlternativeText,
    ClauseText,
    SchemaText,
    SourceText,
    Translation,
    VariantText,
    load_schema_translation,
    load_source_translation,
    load_translation,
    schema_english,
    source_english,
)
from zwicker_ref.rules.translations import (
    Language as Language,  # re-exported: the site names it here
)
from zwicker_ref.rules.variant import Clause, Variant
from zwicker_ref.site.cards import prose_html
from zwicker_ref.site.example_labels import EXAMPLE_LABELS
from zwicker_ref.site.explorer_labels import EXPLORER_LABELS

LANGUAGES: tuple[Language, ...] = ("en", "de")

_SITE_LABELS: Mapping[str, Mapping[Language, str]] = {
    "home.head.variant": {"en": "variant", "de": "Spielart"},
    "home.head.game": {"en": "game", "de": "Spiel"},
    "home.head.players": {"en": "players", "de": "Spieler"},
    "home.head.check_total": {"en": "check total", "de": "Kontrollsumme"},
    "version.line": {
        "en": "**Corpus version {corpus}**, {scenarios} scenarios, built {built}. Content digest "
        "(SHA-256 of `spec/` and `scenarios/`, see [what to pin](versioning.md)): `{digest}`.",
        "de": "**Korpusversion {corpus}**, {scenarios} Szenarien, erstellt am {built}. "
        "Inhaltsprüfsumme (SHA-256 von `spec/` und `scenarios/`, siehe "
        "[was festzulegen ist](versioning.md)): `{digest}`.",
    },
    "version.footer": {
        "en": "Corpus version {corpus} · {scenarios} scenarios · built {built} · SHA-256 {digest}…",
        "de": "Korpusversion {corpus} · {scenarios} Szenarien · erstellt am {built} · "
        "SHA-256 {digest}…",
    },
    "status.explicit": {"en": "explicit", "de": "ausdrücklich"},
    "status.inferred": {"en": "inferred", "de": "erschlossen"},
    "status.ruling": {"en": "ruling", "de": "Festlegung"},
    "status.explicit.meaning": {
        "en": "a cited source states the rule",
        "de": "eine genannte Quelle spricht die Regel aus",
    },
    "status.inferred.meaning": {
        "en": "it follows from a source's example or wording",
        "de": "sie folgt aus einem Beispiel oder dem Wortlaut einer Quelle",
    },
    "status.ruling.meaning": {
        "en": "the sources are silent or disagree; decided in the project's rulings",
        "de": "die Quellen schweigen oder widersprechen sich; in den Festlegungen des "
        "Projekts entschieden",
    },
    "key.summary": {
        "en": "Key: status badges and move notation",
        "de": "Legende: Statusmarken und Zugschreibweise",
    },
    "key.moves": {
        "en": "Moves are written in [move notation]({root}reference/notation.md) "
        "(hover over a move to read it in words):",
        "de": "Züge stehen in [Zugschreibweise]({root}reference/notation.md) "
        "(mit der Maus über einem Zug erscheint er in Worten):",
    },
    "key.head": {"en": "| written | meaning |", "de": "| geschrieben | Bedeutung |"},
    "key.trail": {
        "en": "trail: the ten of spades goes to the table as a loose card",
        "de": "zulegen: die Pik-Zehn kommt als lose Karte auf den Tisch",
    },
    "key.capture": {
        "en": "capture: the king of spades takes the queen of spades and the ace of diamonds",
        "de": "stechen: der Pik-König nimmt die Pik-Dame und das Karo-Ass",
    },
    "key.build": {
        "en": "build: the ten of spades onto the 30-joker, announcing 20; seat 3 owns it",
        "de": "bauen: die Pik-Zehn auf den 30er-Joker, angesagt 20; Besitzer ist Platz 3",
    },
    "key.build_alone": {
        "en": "build: the queen of hearts alone as a build of 13, owned by seat 1",
        "de": "bauen: die Herz-Dame allein als Bau von 13, Besitzer Platz 1",
    },
    "key.cards": {
        "en": "Cards: `10D` is the ten of diamonds, `JK25` the 25-joker (★25), `AH#2` the "
        "second ace of hearts of a double pack. A dashed frame is a build with its value and "
        "owner.",
        "de": "Karten: `10D` ist die Karo-Zehn, `JK25` der 25er-Joker (★25), `AH#2` das zweite "
        "Herz-Ass eines doppelten Blatts. Ein gestrichelter Rahmen ist ein Bau mit Wert und "
        "Besitzer.",
    },
    "clause.breakable": {"en": " · breakable", "de": " · abdingbar"},
    "clause.sources": {"en": "Sources: {cites}.", "de": "Quellen: {cites}."},
    "clause.parameters": {"en": "Parameters: {params}.", "de": "Parameter: {params}."},
    "clause.option": {"en": "Option `{option}`", "de": "Option `{option}`"},
    "clause.discrepancy": {"en": "Recorded discrepancy", "de": "Festgehaltene Abweichung"},
    "clause.reading": {"en": "Other reading", "de": "Andere Lesart"},
    "clause.unplayable": {
        "en": "Not playable as written: {text}",
        "de": "So nicht spielbar: {text}",
    },
    "clause.grid": {"en": "all variants side by side", "de": "alle Spielarten nebeneinander"},
    "clause.same_in": {
        "en": "Same clause in {listed}{grid}.",
        "de": "Dieselbe Klausel in {listed}{grid}.",
    },
    "clause.no_other": {"en": "no other variant; ", "de": "keiner anderen Spielart; "},
    "clause.also": {"en": "Also exercised by {refs}.", "de": "Auch geprüft von {refs}."},
    "example.link": {"en": "Example {number}", "de": "Beispiel {number}"},
    "examples.folded": {
        "en": "Examples {first} to {last} ({count}): show",
        "de": "Beispiele {first} bis {last} ({count}): zeigen",
    },
    "overview.intro": {
        "en": "{clauses} clauses and {examples} examples, one page per topic. Each example is "
        "shown once, under the first clause it exercises, and its scenario id is its permanent "
        "link. Compare every rule with the other variants on [the grid]({grid}).",
        "de": "{clauses} Klauseln und {examples} Beispiele, eine Seite je Thema. Jedes Beispiel "
        "steht einmal, unter der ersten Klausel, die es prüft, und seine Szenario-Id ist sein "
        "dauerhafter Link. Jede Regel im Vergleich mit den anderen Spielarten: "
        "[das Raster]({grid}).",
    },
    "overview.sample_games": {"en": "Sample games", "de": "Beispielspiele"},
    "overview.game": {
        "en": "move by move ({moves} moves)",
        "de": "Zug für Zug ({moves} Züge)",
    },
    "overview.all_games": {
        "en": "Every game of the corpus: [games move by move](../games/index.md).",
        "de": "Jedes Spiel des Korpus: [Spiele Zug für Zug](../games/index.md).",
    },
    "overview.sources": {"en": "Sources", "de": "Quellen"},
    "overview.rules": {"en": "Rules", "de": "Regeln"},
    "overview.head": {
        "en": "| clause | rule | status | examples |",
        "de": "| Klausel | Regel | Status | Beispiele |",
    },
    # The grid (grid.py, grid_rows.py): its page, cells, dashes and their reasons.
    "grid.title": {"en": "The rules by variant", "de": "Die Regeln nach Spielart"},
    "grid.intro": {
        "en": "{clause_ids} clause ids in {variants} variants, one row per question "
        "(clauses that answer the same question share a row). Each cell states the rule in "
        "a few words, computed from the clause's parameters (or its title where it has "
        "none), then links the clause, with its status, its sources and the readings not "
        "chosen. {differing} rows where the variants differ are marked "
        '<span class="zc-differs-key">like this</span>; a dash says why the variant has '
        "no clause there.",
        "de": "{clause_ids} Klausel-Ids in {variants} Spielarten, eine Zeile je Frage "
        "(Klauseln, die dieselbe Frage beantworten, teilen sich eine Zeile). Jede Zelle nennt "
        "die Regel in wenigen Worten, berechnet aus den Parametern der Klausel (oder aus "
        "ihrem Titel, wo sie keine hat), und verlinkt dann die Klausel mit ihrem Status, "
        "ihren Quellen und den nicht gewählten Lesarten. {differing} Zeilen, in denen sich "
        'die Spielarten unterscheiden, sind <span class="zc-differs-key">so</span> '
        "markiert; ein Strich sagt, warum die Spielart dort keine Klausel hat.",
    },
    "grid.topics": {"en": "Topics: {links}.", "de": "Themen: {links}."},
    "grid.topic": {"en": "{topic}", "de": "{name}"},
    "grid.glance": {"en": "At a glance", "de": "Auf einen Blick"},
    "grid.glance.intro": {
        "en": "Computed from each variant's rule parameters (`zwicker diff A B` prints the "
        "differences of two in a terminal). The check total is the points one hand hands "
        "out before zwicks; a tie for a most-cards place gives that place, and the next, to "
        "nobody.",
        "de": "Berechnet aus den Regelparametern jeder Spielart (`zwicker diff A B` zeigt die "
        "Unterschiede zweier Spielarten im Terminal). Die Kontrollsumme sind die Punkte, die "
        "ein Spiel vor den Zwicks verteilt; ein Gleichstand um einen Platz bei den meisten "
        "Karten gibt diesen Platz und den nächsten niemandem.",
    },
    "grid.corner.aspect": {"en": "aspect", "de": "Aspekt"},
    "grid.corner.question": {"en": "question", "de": "Frage"},
    "grid.options": {"en": "Options", "de": "Optionen"},
    "grid.options.intro": {
        "en": "The readings a table can agree to play instead of the default rule.",
        "de": "Die Lesarten, die eine Runde statt der Grundregel vereinbaren kann.",
    },
    "grid.by_question": {"en": "Question by question", "de": "Frage für Frage"},
    "grid.hide_same": {
        "en": "Hide the rows that are the same in every variant",
        "de": "Die Zeilen ausblenden, die in allen Spielarten gleich sind",
    },
    "grid.not_chosen.one": {
        "en": "{count} reading not chosen",
        "de": "{count} nicht gewählte Lesart",
    },
    "grid.not_chosen.many": {
        "en": "{count} readings not chosen",
        "de": "{count} nicht gewählte Lesarten",
    },
    "grid.option": {"en": "option <code>{option}</code>: ", "de": "Option <code>{option}</code>: "},
    "grid.stated_in_row": {"en": "stated in the row {row}", "de": "steht in der Zeile {row}"},
    "grid.reference_plays": {
        "en": "the reference plays: {rule}",
        "de": "der Referenzinterpreter spielt: {rule}",
    },
    "grid.explore": {"en": "explore ▸", "de": "erkunden ▸"},
    "grid.explore.title": {
        "en": "Open {example} in the explorer: the variants answer it differently",
        "de": "{example} im Explorer öffnen: die Spielarten beantworten es verschieden",
    },
    "grid.why.elsewhere": {"en": "stated in another row", "de": "steht in einer anderen Zeile"},
    "grid.why.silent": {
        "en": "the variant's sources are silent on it: no clause",
        "de": "die Quellen der Spielart schweigen dazu: keine Klausel",
    },
    "grid.why.no-jokers": {
        "en": "does not arise: the variant has no jokers",
        "de": "stellt sich nicht: die Spielart hat keine Joker",
    },
    "grid.why.no-partners": {
        "en": "does not arise: everyone plays alone",
        "de": "stellt sich nicht: jeder spielt für sich",
    },
    "grid.why.no-owners": {
        "en": "does not arise: builds have no owners",
        "de": "stellt sich nicht: Bauten haben keinen Besitzer",
    },
    "grid.why.nobody-for-partner": {
        "en": "does not arise: nobody builds for a partner",
        "de": "stellt sich nicht: niemand baut für einen Partner",
    },
    "changelog.note": {
        "en": "",
        "de": '!!! note "Nur auf Englisch"\n    Das Änderungsprotokoll führt das Projekt an einer '
        "Stelle und auf Englisch (`CHANGELOG.md`); es steht hier unübersetzt.\n\n",
    },
    "games.title": {"en": "Games move by move", "de": "Spiele Zug für Zug"},
    "games.intro": {
        "en": "Every `game` scenario of the corpus, and every `match` scenario that plays a "
        "hand, replayed move by move by the reference interpreter while the site was built.",
        "de": "Jedes Szenario `game` des Korpus und jedes Szenario `match`, das ein Spiel "
        "spielt, beim Erstellen der Seite vom Referenzinterpreter Zug für Zug nachgespielt. "
        "Die Titel der Szenarien sind Testdaten und bleiben englisch.",
    },
    "games.head": {
        "en": "| variant | kind | game | moves |",
        "de": "| Spielart | Art | Spiel | Züge |",
    },
    "kind.game": {"en": "game", "de": "Spiel"},
    "kind.match": {"en": "match", "de": "Partie"},
    "sources.title": {"en": "Sources and discrepancies", "de": "Quellen und Abweichungen"},
    "sources.sources": {"en": "Sources", "de": "Quellen"},
    "sources.readings": {"en": "Readings not chosen", "de": "Nicht gewählte Lesarten"},
    "sources.intro": {
        "en": "Where the sources differ, or a source can be read in more than one way, each "
        "variant's spec records the reading it chose and the readings it did not ({count} in "
        "all). Here each one is stated once, under the question it answers, with the variants "
        "that record it and the sources on each side; the chosen rule is linked, not repeated, "
        "and each source is named by its id above. An *option* can be played (`--option` of "
        "the `zwicker` command); a reading *not playable* contradicts the variant's own source.",
        "de": "Wo die Quellen voneinander abweichen oder sich eine Quelle auf mehr als eine Art "
        "lesen lässt, hält die Spezifikation jeder Spielart die gewählte Lesart und die nicht "
        "gewählten fest (insgesamt {count}). Hier steht jede einmal, unter der Frage, die sie "
        "beantwortet, mit den Spielarten, die sie festhalten, und den Quellen beider Seiten; "
        "die gewählte Regel ist verlinkt, nicht wiederholt, und jede Quelle ist mit ihrer Id "
        "von oben genannt. Eine *Option* lässt sich spielen (`--option` des Befehls "
        "`zwicker`); eine Lesart, die *nicht spielbar* ist, widerspricht der eigenen Quelle "
        "der Spielart.",
    },
    "sources.file": {"en": "File `{file}`.", "de": "Datei `{file}`."},
    "sources.used_by": {"en": "Used by: {used}.", "de": "Verwendet von: {used}."},
    "sources.rulings": {
        "en": "Every ruling, in the project's own words and with the readings not chosen, "
        "is on the page [Rulings]({page}).",
        "de": "Jede Festlegung, in den eigenen Worten des Projekts und mit den nicht gewählten "
        "Lesarten, steht auf der Seite [Festlegungen]({page}).",
    },
    "sources.rulings_only": {"en": "rulings only", "de": "nur Festlegungen"},
    "sources.chosen": {
        "en": "Chosen (`{clause_id}`): {chosen}. Not chosen:",
        "de": "Gewählt (`{clause_id}`): {chosen}. Nicht gewählt:",
    },
    "sources.cites": {"en": "Sources: {cites}.", "de": "Quellen: {cites}."},
    "sources.kind.option": {"en": "option `{option}`", "de": "Option `{option}`"},
    "sources.kind.unplayable": {"en": "not playable", "de": "nicht spielbar"},
    "sources.kind.reading": {"en": "other reading", "de": "andere Lesart"},
    # The rulings page, the schemas page and the sources page's own words (rulings.py,
    # pages.py, discrepancies.py).
    "rulings.title": {"en": "Rulings", "de": "Festlegungen"},
    "rulings.intro": {
        "en": "Where the sources are silent, ambiguous or in conflict, the specification decides,\n"
        "and says so: such a clause has the status **ruling** (the others are **explicit**, a\n"
        "cited source states the rule, or **inferred**, it follows from a source's example or\n"
        "wording). Every ruling names the readings it did not choose, with their sources; a\n"
        "reading that can be played is an option of the variant (see\n"
        "[checking an engine](implementers.md#what-each-option-does)).\n"
        "\n"
        "This page lists every ruling of the shipped variants, generated from their specs:\n"
        "{count} clauses under {ids} clause ids. A ruling that reads the same in\n"
        "several variants is shown once, with the variants it holds in; each variant name\n"
        "links to the clause on that variant's page. Citations of a source link to the\n"
        "[sources]({sources}).",
        "de": "Wo die Quellen schweigen, mehrdeutig sind oder sich widersprechen, entscheidet "
        "die Spezifikation und sagt es: Eine solche Klausel hat den Status **Festlegung** (die "
        "anderen sind **ausdrücklich**: eine genannte Quelle spricht die Regel aus, oder "
        "**erschlossen**: sie folgt aus einem Beispiel oder dem Wortlaut einer Quelle). Jede "
        "Festlegung nennt die Lesarten, die sie nicht gewählt hat, mit deren Quellen; eine "
        "Lesart, die sich spielen lässt, ist eine Option der Spielart (siehe "
        "[eine Engine prüfen](implementers.md#what-each-option-does)).\n\n"
        "Diese Seite führt jede Festlegung der mitgelieferten Spielarten auf, erzeugt aus "
        "ihren Spezifikationen: {count} Klauseln unter {ids} Klausel-Ids. Eine Festlegung, die "
        "in mehreren Spielarten gleich lautet, steht einmal, mit den Spielarten, in denen sie "
        "gilt; jeder Name einer Spielart verlinkt auf die Klausel auf deren Seite. Quellenangaben "
        "verlinken auf die [Quellen]({sources}).",
    },
    "rulings.topic": {"en": "{topic}", "de": "{words} {{#{topic}}}"},
    "schemas.title": {"en": "Schemas", "de": "Schemas"},
    "schemas.intro": {
        "en": "The formats' JSON Schemas (draft 2020-12), from `spec/schema/`. One difference "
        "from\nthe draft: an `integer` is a whole number written as one, `3` and never `3.0` (the\n"
        "draft counts `3.0` as an integer; the reference rejects it).",
        "de": "Die JSON-Schemas der Formate (Entwurf 2020-12), aus `spec/schema/`. Die Schemas "
        "selbst bleiben englisch; hier stehen ihre Beschreibungen auf Deutsch "
        "(`spec/translations/de/schemas.yaml`). Ein Unterschied zum Entwurf: Ein `integer` ist "
        "eine ganze Zahl, die als solche geschrieben ist, `3` und nie `3.0` (der Entwurf zählt "
        "`3.0` als `integer`; die Referenz weist es zurück).",
    },
    "schemas.file": {
        "en": "The file: [`spec/schema/{name}`](../{published}) (corpus version {version}).",
        "de": "Die Datei: [`spec/schema/{name}`](../{published}) (Korpusversion {version}).",
    },
    "schemas.head": {
        "en": "| field | required | meaning |",
        "de": "| Feld | Pflicht | Bedeutung |",
    },
    "schemas.required": {"en": "yes", "de": "ja"},
    "schemas.definitions": {"en": "Definitions: {names}.", "de": "Definitionen: {names}."},
    "rulings.no_sources": {
        "en": "none (the project's decision alone)",
        "de": "keine (allein die Entscheidung des Projekts)",
    },
    "topic.players": {"en": "Players and partners", "de": "Spieler und Partner"},
    "topic.seating": {"en": "Seats and the dealer", "de": "Plätze und Geber"},
    "topic.deck": {"en": "The cards", "de": "Die Karten"},
    "topic.values": {"en": "Card values", "de": "Kartenwerte"},
    "topic.deal": {"en": "Dealing", "de": "Geben"},
    "topic.turn": {"en": "Turns", "de": "Züge"},
    "topic.trail": {"en": "Trailing", "de": "Zulegen"},
    "topic.capture": {"en": "Capturing", "de": "Stechen"},
    "topic.build": {"en": "Building", "de": "Bauen"},
    "topic.zwick": {"en": "The zwick", "de": "Der Zwick"},
    "topic.stage": {"en": "Between deals", "de": "Zwischen den Ausgaben"},
    "topic.end": {"en": "The end of a hand", "de": "Das Ende eines Spiels"},
    "topic.score": {"en": "Scoring", "de": "Zählen"},
    "topic.match": {"en": "Match play", "de": "Partiespiel"},
}

_LABELS: Mapping[str, Mapping[Language, str]] = {
    **_SITE_LABELS,
    **EXAMPLE_LABELS,
    **EXPLORER_LABELS,
}
"""Every word of the site by key: the pages', the examples' and game pages', the explorer's."""


def label(language: Language, key: str, **values: object) -> str:
    """The words for ``key`` in ``language``, with ``values`` filled in."""
    return _LABELS[key][language].format(**values)


def label_templates(language: Language, prefixes: tuple[str, ...]) -> dict[str, str]:
    """The unfilled words of every key starting with one of ``prefixes`` (for a script)."""
    return {key: words[language] for key, words in _LABELS.items() if key.startswith(prefixes)}


def page_path(path: str, language: Language) -> str:
    """Where a generated page of ``path`` (English) is written in ``language``.

    English keeps the path; German gets the ``.de.md`` suffix mkdocs-static-i18n reads.
    """
    if language == "en" or not path.endswith(".md"):
        return path
    return path[: -len(".md")] + f".{language}.md"


def labelled_languages() -> set[Language]:
    """Every language whose labels are complete (each key in each language)."""
    return {language for language in LANGUAGES if all(language in v for v in _LABELS.values())}


@cache
def variant_text(variant_id: str, language: Language) -> VariantText:
    """A variant's name and summary in ``language`` (from spec/translations/)."""
    return load_translation(variant_id, language).variant_text


def variant_words(variant: Variant, language: Language) -> VariantText:
    """A variant's name, summary and source roles in ``language``."""
    if language == "en":
        roles = tuple(source.role for source in variant.sources)
        return VariantText(name=variant.name, summary=variant.summary, source_roles=roles)
    return variant_text(variant.id, language)


def clause_words(variant: Variant, clause: Clause, language: Language) -> ClauseText:
    """A clause's title, text and alternatives in ``language``."""
    if language == "en":
        alternatives = tuple(
            AlternativeText(text=a.text, unplayable=a.unplayable) for a in clause.alternatives
        )
        return ClauseText(title=clause.title, text=clause.text, alternatives=alternatives)
    return _translation(variant.id, language).clauses[clause.id]


@cache
def _translation(variant_id: str, language: Language) -> Translation:
    return load_translation(variant_id, language)


def schema_words(language: Language) -> Mapping[str, SchemaText]:
    """Each JSON Schema's description and fields' meanings in ``language``, by file name."""
    if language == "en":
        return schema_english()
    return load_schema_translation(language)


def source_words(source: Source, language: Language) -> SourceText:
    """A source's entry in the manifest's words (all but its title) in ``language``."""
    if language == "en":
        return source_english()[source.id]
    return _source_translation(language)[source.id]


@cache
def _source_translation(language: Language) -> Mapping[str, SourceText]:
    return load_source_translation(language)


def source_label(source: Source, language: Language) -> str:
    """How a page in ``language`` names a source in a citation: ``000 (Regelseite, McLeod)``."""
    return source.labelled(source_words(source, language).short)


def topic_words(topic: str, language: Language) -> str:
    """A topic's name in ``language`` (its id capitalised if it has none)."""
    words = _LABELS.get(f"topic.{topic}")
    return words[language] if words else topic.capitalize()


def english_html(text: str, language: Language) -> str:
    """English test data (a scenario's title or description) as HTML for a page in ``language``.

    Escaped; on a page in another language it is marked ``lang="en"``, so that browsers,
    screen readers and the test for English left in German pages know it for English.
    """
    escaped = html.escape(text)
    return escaped if language == "en" else f'<span lang="en">{escaped}</span>'


def english_markdown(markdown: str, language: Language) -> str:
    """English Markdown (already escaped) on a page in ``language``, marked as English."""
    return marked_markdown(markdown, "en", language)


def marked_markdown(markdown: str, lang: str, language: Language) -> str:
    """Markdown (already escaped) in the language ``lang`` on a page in ``language``.

    Marked with its language where it differs from the page's: a source's own words (its
    title, a quoted section) keep their language on every page.
    """
    return markdown if lang == language else f'<span lang="{lang}">{markdown}</span>'


def english_html_prose(text: str, language: Language) -> str:
    """English prose of test data (a narrative, a note) as HTML, marked on other pages."""
    drawn = prose_html(text)
    return drawn if language == "en" else f'<span lang="en">{drawn}</span>'
