"""The words of examples and game pages, in each site language.

Their parts, positions, moves in words and match walkthroughs.
Keys begin ``ex.``, ``walk.``, ``pos.``, ``move.``, ``parts.`` and ``match.``; the explorer
shows positions and examples with the same words. :mod:`zwicker_ref.site.labels` serves
them with the rest of the site's words.
"""

from __future__ import annotations

from collections.abc import Mapping

from zwicker_ref.rules.translations import Language

EXAMPLE_LABELS: Mapping[str, Mapping[Language, str]] = {
    "ex.side": {"en": "side {side}", "de": "Partei {side}"},
    "ex.legal": {"en": "legal", "de": "erlaubt"},
    "ex.illegal": {"en": "illegal: {error}", "de": "unerlaubt: {error}"},
    "ex.count": {"en": "{count} legal moves.", "de": "{count} erlaubte Züge."},
    "ex.exactly": {"en": "Exactly these", "de": "Genau diese"},
    "ex.legal_list": {"en": "Legal", "de": "Erlaubt"},
    "ex.not_legal": {"en": "Not legal", "de": "Unerlaubt"},
    "ex.perft": {
        "en": "Move sequences {depth} deep: {count}",
        "de": "Zugfolgen der Tiefe {depth}: {count}",
    },
    "ex.walkthrough": {"en": "the walkthrough, move by move", "de": "das Spiel Zug für Zug"},
    "ex.game": {
        "en": "A whole hand of {moves} moves, dealt by seat {dealer}: {link}.",
        "de": "Ein ganzes Spiel aus {moves} Zügen, gegeben von Platz {dealer}: {link}.",
    },
    "ex.result": {"en": "result", "de": "Ergebnis"},
    "ex.captured": {"en": "cards captured", "de": "gestochene Karten"},
    "ex.zwicks": {"en": "zwicks", "de": "Zwicks"},
    "ex.points": {"en": "points", "de": "Punkte"},
    "ex.deals": {"en": "Seat {dealer} deals.", "de": "Platz {dealer} gibt."},
    "ex.table": {"en": "table {cards}", "de": "Tisch {cards}"},
    "ex.card_points": {"en": "card points", "de": "Kartenpunkte"},
    "ex.most_cards": {"en": "most cards", "de": "die meisten Karten"},
    "ex.zwicks_made": {"en": "zwicks made", "de": "gemachte Zwicks"},
    "ex.zwick_points": {"en": "zwick points", "de": "Zwickpunkte"},
    "ex.total": {"en": "total", "de": "Summe"},
    "ex.check_holds": {
        "en": "The check holds: the totals add up to the check total plus the zwick points, less "
        "the most-cards points nobody won.",
        "de": "Die Kontrolle geht auf: die Summen ergeben die Kontrollsumme plus die Zwickpunkte, "
        "abzüglich der Punkte für die meisten Karten, die niemand gewann.",
    },
    "ex.check_fails": {
        "en": "The check does not hold: the totals do not add up to the check total plus the zwick "
        "points, less the most-cards points nobody won.",
        "de": "Die Kontrolle geht nicht auf: die Summen ergeben nicht die Kontrollsumme plus die "
        "Zwickpunkte, abzüglich der Punkte für die meisten Karten, die niemand gewann.",
    },
    "ex.captured_by_side": {"en": "Captured cards by side", "de": "Gestochene Karten nach Partei"},
    "ex.first_dealer": {"en": "seat {dealer} deals first", "de": "Platz {dealer} gibt zuerst"},
    "ex.drawn": {"en": "(drawn: {cards})", "de": "(gezogen: {cards})"},
    "ex.match_hands": {"en": "A match of {hands} hands", "de": "Eine Partie über {hands} Spiele"},
    "ex.match_target": {
        "en": "A match played until a side reaches {target} points",
        "de": "Eine Partie, bis eine Partei {target} Punkte erreicht",
    },
    "ex.side_points": {"en": "side {side} points", "de": "Partei {side} Punkte"},
    "ex.side_total": {"en": "side {side} total", "de": "Partei {side} Stand"},
    "ex.hand": {"en": "hand", "de": "Spiel"},
    "ex.dealer": {"en": "dealer", "de": "Geber"},
    "ex.points_given": {"en": "points given", "de": "Punkte vorgegeben"},
    "ex.moves_played": {"en": "{moves} moves played", "de": "{moves} Züge gespielt"},
    "ex.seat": {"en": "seat {seat}", "de": "Platz {seat}"},
    "ex.and": {"en": " and ", "de": " und "},
    "ex.wins": {"en": "wins", "de": "gewinnt"},
    "ex.tie": {"en": "share the match (a tie)", "de": "teilen sich die Partie (Gleichstand)"},
    "ex.hands_played": {"en": "The hands played: {link}.", "de": "Die gespielten Spiele: {link}."},
    "ex.players": {"en": "{players} players", "de": "{players} Spieler"},
    "ex.options": {"en": "options {options}", "de": "Optionen {options}"},
    "ex.source": {"en": "Source: {link}, “{section}”.", "de": "Quelle: {link}, „{section}“."},
    "ex.permalink": {
        "en": "Permanent link to this example",
        "de": "Dauerhafter Link zu diesem Beispiel",
    },
    "ex.passes_title": {
        "en": "The reference interpreter passes it",
        "de": "Der Referenzinterpreter besteht es",
    },
    "ex.passes": {"en": "passes", "de": "besteht"},
    "ex.file": {"en": "file", "de": "Datei"},
    "ex.file_title": {
        "en": "The scenario file, corpus version {version}",
        "de": "Die Szenariodatei, Korpusversion {version}",
    },
    "ex.explore": {"en": "Open in the explorer", "de": "Im Explorer öffnen"},
    "ex.clauses": {
        "en": "Clauses: {links} · How to read and write one:",
        "de": "Klauseln: {links} · Wie man eines liest und schreibt:",
    },
    "ex.format": {"en": "Scenario format", "de": "Format der Szenarien"},
    "ex.contributing": {"en": "Contributing", "de": "Mitarbeiten"},
    "ex.yaml": {"en": "The scenario file (YAML)", "de": "Die Szenariodatei (YAML)"},
    "walk.header": {
        "en": "Example {example} of {variant}, file {file}, replayed by the reference "
        "interpreter while this page was built.",
        "de": "Beispiel {example} der Spielart {variant}, Datei {file}, beim Erstellen dieser "
        "Seite vom Referenzinterpreter nachgespielt.",
    },
    "walk.named_deals": {"en": "{name} ({seat}) deals", "de": "{name} ({seat}) gibt"},
    "walk.deal": {"en": "Deal", "de": "Geben"},
    "walk.play": {"en": "Play", "de": "Spiel"},
    "walk.result": {"en": "Result", "de": "Ergebnis"},
    "walk.side": {"en": "side", "de": "Partei"},
    "walk.cards": {"en": "cards", "de": "Karten"},
    "walk.stage": {"en": "deal {stage}", "de": "Ausgabe {stage}"},
    "walk.column.#": {"en": "#", "de": "#"},
    "walk.column.seat": {"en": "seat", "de": "Platz"},
    "walk.column.move": {"en": "move", "de": "Zug"},
    "walk.column.table_after": {"en": "table after", "de": "Tisch danach"},
    "walk.column.cards_by_side": {"en": "cards by side", "de": "Karten je Partei"},
    "walk.column.zwicks": {"en": "zwicks", "de": "Zwicks"},
    "walk.column.what_happens": {"en": "what happens", "de": "was geschieht"},
    # Positions, moves in words, match walkthroughs and the explorer (degames) -------------
    "pos.seat": {"en": "Seat {seat}", "de": "Platz {seat}"},
    "pos.to_move": {"en": "(to move)", "de": "(am Zug)"},
    "pos.table": {"en": "Table: {table}", "de": "Tisch: {table}"},
    "move.trail": {
        "en": "trail: {card} is played to the table as a loose card",
        "de": "zulegen: {card} kommt als lose Karte auf den Tisch",
    },
    "move.capture": {
        "en": "capture: {card} takes {items}{value}",
        "de": "stechen: {card} nimmt {items}{value}",
    },
    "move.counting": {"en": ", counting {value}", "de": ", gezählt als {value}"},
    "move.build": {
        "en": "build: {card} is played {target} and {value} announced{owner}",
        "de": "bauen: {card} wird {target} gespielt und {value} angesagt{owner}",
    },
    "move.alone": {"en": "alone, as a new build", "de": "allein als neuer Bau"},
    "move.onto": {"en": "onto {target}", "de": "auf {target}"},
    "move.owner": {"en": "; seat {seat} owns the build", "de": "; der Bau gehört Platz {seat}"},
    "parts.table": {"en": "table {table}", "de": "Tisch {table}"},
    "parts.empty": {"en": "empty", "de": "leer"},
    "parts.captured": {
        "en": "cards captured by side {counts}",
        "de": "gestochene Karten je Partei {counts}",
    },
    "parts.zwicks": {"en": "zwicks by side {counts}", "de": "Zwicks je Partei {counts}"},
    "parts.to_move": {"en": "seat {seat} to move", "de": "Platz {seat} am Zug"},
    "parts.over": {"en": "the hand is over", "de": "das Spiel ist vorbei"},
    "parts.goes_on": {"en": "the hand goes on", "de": "das Spiel geht weiter"},
    "match.facts_hands": {
        "en": "{players} players, a match of {hands}.",
        "de": "{players} Spieler, eine Partie über {hands}.",
    },
    "match.facts_target": {
        "en": "{players} players, a match played until a side reaches {target} points.",
        "de": "{players} Spieler, eine Partie, bis eine Partei {target} Punkte erreicht.",
    },
    "match.hands.one": {"en": "{count} hand", "de": "{count} Spiel"},
    "match.hands.other": {"en": "{count} hands", "de": "{count} Spiele"},
    "match.first_dealer": {"en": "First dealer", "de": "Erster Geber"},
    "match.draw_head": {"en": "| draw | seat | card |", "de": "| Ziehen | Platz | Karte |"},
    "match.drawn_dealer": {
        "en": "Seat {seat} deals first, as `match.first-dealer` says.",
        "de": "Platz {seat} gibt zuerst, wie `match.first-dealer` es sagt.",
    },
    "match.named_dealer": {
        "en": "The match names seat {seat} as the first dealer.",
        "de": "Die Partie nennt Platz {seat} als ersten Geber.",
    },
    "match.hand": {
        "en": "Hand {number}: seat {dealer} deals",
        "de": "Spiel {number}: Platz {dealer} gibt",
    },
    "match.not_played": {
        "en": "Not played here: the scenario gives the hand's points.",
        "de": "Hier nicht gespielt: Das Szenario gibt die Punkte des Spiels vor.",
    },
    "match.hand_head": {
        "en": "| side | points this hand | total |",
        "de": "| Partei | Punkte dieses Spiels | Gesamtstand |",
    },
    "match.wins": {"en": "wins the match", "de": "gewinnt die Partie"},
}
