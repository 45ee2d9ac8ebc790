"""The explorer's own words (its buttons, notes and messages), in each site language.

The explorer's script reads them from ``explorer/words.json``, written at build time
(:func:`zwicker_ref.site.explorer_bundle.explorer_words`) with the labels of positions and
examples it shares with the pages; :mod:`zwicker_ref.site.labels` serves them with the
rest of the site's words.
"""

from __future__ import annotations

from collections.abc import Mapping

from zwicker_ref.rules.translations import Language

EXPLORER_LABELS: Mapping[str, Mapping[Language, str]] = {
    "zx.no_wasm": {
        "en": "This browser has no WebAssembly, which the explorer needs to run the reference "
        "interpreter.",
        "de": "Dieser Browser hat kein WebAssembly, das der Explorer braucht, um den "
        "Referenzinterpreter auszuführen.",
    },
    "zx.stopped": {
        "en": "The explorer stopped with an error: {error}",
        "de": "Der Explorer hat mit einem Fehler angehalten: {error}",
    },
    "zx.no_start": {
        "en": "The reference could not start: {error}",
        "de": "Der Referenzinterpreter konnte nicht starten: {error}",
    },
    "zx.loading": {
        "en": "Loading the reference interpreter (Python in WebAssembly, about 14 MB the first "
        "time)…",
        "de": "Der Referenzinterpreter wird geladen (Python in WebAssembly, beim ersten Mal "
        "etwa 14 MB)…",
    },
    "zx.open_part": {"en": "Open a position", "de": "Eine Stellung öffnen"},
    "zx.position_part": {"en": "The position", "de": "Die Stellung"},
    "zx.ask_part": {"en": "Ask about one move", "de": "Nach einem Zug fragen"},
    "zx.columns_part": {"en": "The variants", "de": "Die Spielarten"},
    "zx.example_placeholder": {
        "en": "e.g. dith-build-ace-on-nine",
        "de": "z. B. dith-build-ace-on-nine",
    },
    "zx.paste_label": {
        "en": "A position file, YAML or JSON",
        "de": "Eine Stellungsdatei, YAML oder JSON",
    },
    "zx.corpus_example": {"en": "Corpus example ", "de": "Beispiel des Korpus "},
    "zx.open": {"en": "Open", "de": "Öffnen"},
    "zx.paste": {
        "en": "Paste a position file (YAML or JSON)",
        "de": "Eine Stellungsdatei einfügen (YAML oder JSON)",
    },
    "zx.read": {"en": "Read it", "de": "Einlesen"},
    "zx.build": {
        "en": "Build a position card by card",
        "de": "Eine Stellung Karte für Karte aufbauen",
    },
    "zx.target_hand": {"en": "seat {seat}'s hand", "de": "die Hand von Platz {seat}"},
    "zx.target_table": {"en": "the table (loose)", "de": "den Tisch (lose)"},
    "zx.target_build": {"en": "a build on the table", "de": "einen Bau auf dem Tisch"},
    "zx.pack_of": {"en": "Pack of ", "de": "Blatt von "},
    "zx.players": {"en": "players ", "de": "Spieler "},
    "zx.cards_go_to": {"en": "cards go to ", "de": "Karten kommen in "},
    "zx.build_value": {"en": "build value", "de": "Bauwert"},
    "zx.owner_seat": {"en": "owner seat", "de": "Platz des Besitzers"},
    "zx.seat_to_move": {"en": "seat to move", "de": "Platz am Zug"},
    "zx.pack_label": {
        "en": "The pack: click a card to place it, again to take it back",
        "de": "Das Blatt: eine Karte anklicken, um sie zu legen, noch einmal, um sie "
        "zurückzunehmen",
    },
    "zx.table": {"en": "Table", "de": "Tisch"},
    "zx.explore": {"en": "Explore this position", "de": "Diese Stellung untersuchen"},
    "zx.facts": {
        "en": "{variant}, {players} players, dealer seat {dealer}, stage {stage}, {stock}",
        "de": "{variant}, {players} Spieler, Geber Platz {dealer}, Ausgabe {stage}, {stock}",
    },
    "zx.stock.one": {"en": "{count} card in the stock", "de": "{count} Karte im Talon"},
    "zx.stock.other": {"en": "{count} cards in the stock", "de": "{count} Karten im Talon"},
    "zx.back": {"en": "← Step back", "de": "← Zurück"},
    "zx.captured": {
        "en": "Side {side} captured {cards}, {zwicks}",
        "de": "Partei {side} hat {cards} gestochen, {zwicks}",
    },
    "zx.cards.one": {"en": "{count} card", "de": "{count} Karte"},
    "zx.cards.other": {"en": "{count} cards", "de": "{count} Karten"},
    "zx.zwicks.one": {"en": "{count} zwick", "de": "{count} Zwick"},
    "zx.zwicks.other": {"en": "{count} zwicks", "de": "{count} Zwicks"},
    "zx.over": {"en": "The hand is over. ", "de": "Das Spiel ist vorbei. "},
    "zx.points_by_side": {"en": "Points by side: {points}", "de": "Punkte je Partei: {points}"},
    "zx.next": {
        "en": "Seat {seat} (side {side}) is to move.",
        "de": "Platz {seat} (Partei {side}) ist am Zug.",
    },
    "zx.move_placeholder": {"en": "e.g. 9C x 4D 5S", "de": "z. B. 9C x 4D 5S"},
    "zx.move_label": {"en": "A move in notation", "de": "Ein Zug in Zugschreibweise"},
    "zx.is_legal": {"en": "Is this move legal? ", "de": "Ist dieser Zug erlaubt? "},
    "zx.ask": {"en": "Ask", "de": "Fragen"},
    "zx.notation": {"en": "move notation", "de": "Zugschreibweise"},
    "zx.cannot_hold": {
        "en": ": cannot hold this position",
        "de": ": kann diese Stellung nicht aufnehmen",
    },
    "zx.legal": {"en": ": ✔ legal — {words}", "de": ": ✔ erlaubt — {words}"},
    "zx.play_here": {"en": "Play it here", "de": "Hier spielen"},
    "zx.illegal": {"en": ": ✘ illegal ", "de": ": ✘ unerlaubt "},
    "zx.the_clause": {"en": "the clause", "de": "die Klausel"},
    "zx.error_codes": {"en": "error codes", "de": "Fehlercodes"},
    "zx.kind.trail": {"en": "Trails", "de": "Zulegen"},
    "zx.kind.capture": {"en": "Captures", "de": "Stiche"},
    "zx.kind.build": {"en": "Builds", "de": "Bauten"},
    "zx.not_this": {"en": "Not this position: ", "de": "Nicht diese Stellung: "},
    "zx.legal_moves.one": {"en": " legal move", "de": " erlaubter Zug"},
    "zx.legal_moves.other": {"en": " legal moves", "de": " erlaubte Züge"},
    "zx.listing": {"en": "listing…", "de": "wird aufgelistet…"},
    "zx.every_variant": {"en": "Every variant", "de": "Alle Spielarten"},
    "zx.differences": {
        "en": " Only the differences (moves some variants allow and others do not)",
        "de": " Nur die Unterschiede (Züge, die manche Spielarten erlauben und andere nicht)",
    },
    "zx.options": {"en": "Options as extra columns", "de": "Optionen als weitere Spalten"},
    "zx.legal_in": {"en": "legal in {columns}", "de": "erlaubt in {columns}"},
    "zx.legal_only_in": {"en": "legal only in {columns}", "de": "nur erlaubt in {columns}"},
    "zx.ask_about": {"en": "Ask about {move}", "de": "Nach {move} fragen"},
    "zx.play_in": {"en": "Play {move} in {column}", "de": "{move} in {column} spielen"},
    "zx.none_refused": {
        "en": "No move here that another variant refuses.",
        "de": "Hier kein Zug, den eine andere Spielart verweigert.",
    },
    "zx.no_move": {"en": "No legal move.", "de": "Kein erlaubter Zug."},
    "zx.more": {
        "en": "Show more ({shown} of {total} shown)",
        "de": "Mehr zeigen ({shown} von {total} gezeigt)",
    },
    "zx.asking": {"en": "Asking every variant…", "de": "Alle Spielarten werden gefragt…"},
    "zx.unreadable_position": {
        "en": "This position cannot be read:",
        "de": "Diese Stellung lässt sich nicht lesen:",
    },
    "zx.counted": {
        "en": "Counted; listing the moves…",
        "de": "Gezählt; die Züge werden aufgelistet…",
    },
    "zx.ready": {
        "en": "Ready: {held} of {total} variants hold this position.",
        "de": "Fertig: {held} von {total} Spielarten nehmen diese Stellung auf.",
    },
    "zx.unreadable_file": {
        "en": "This position file cannot be read:",
        "de": "Diese Stellungsdatei lässt sich nicht lesen:",
    },
    "zx.no_example": {
        "en": "No corpus example has the id “{id}”.",
        "de": "Kein Beispiel des Korpus hat die Id „{id}“.",
    },
    "zx.unplayable": {
        "en": "This move cannot be played:",
        "de": "Dieser Zug lässt sich nicht spielen:",
    },
    "zx.builder_hint": {
        "en": "Build a position: pick where the cards go, then click them.",
        "de": "Eine Stellung aufbauen: wählen, wohin die Karten kommen, dann sie anklicken.",
    },
    "zx.reference_says": {"en": "", "de": "Meldung des Referenzinterpreters (englisch): "},
}
