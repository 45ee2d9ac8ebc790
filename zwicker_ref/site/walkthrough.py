"""Walkthrough pages: games and matches replayed move by move while the site is built.

Each move is shown with the table, the captured counts and the zwicks after it, and the
scenario's narrative of the move (its ``note``) beside it where the scenario gives one.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from zwicker_ref.conformance.scenario_kinds import GameBody, GameMove, MatchBody
from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.engine.core.dealing import start_hand
from zwicker_ref.engine.core.match import add_points, dealer_of_hand, first_dealer
from zwicker_ref.engine.core.position import Position
from zwicker_ref.engine.core.scoring import score_hand
from zwicker_ref.engine.play import play
from zwicker_ref.formats.replay import replay_moves
from zwicker_ref.site.cards import cards_html, prose_html
from zwicker_ref.site.examples import scenario_path
from zwicker_ref.site.files import published_path
from zwicker_ref.site.labels import (
    Language,
    english_html,
    english_html_prose,
    english_markdown,
    label,
    variant_words,
)
from zwicker_ref.site.links import (
    clause_page_path,
    display_name,
    link_clause_refs,
    variant_page_path,
    walkthrough_path,
)
from zwicker_ref.site.positions import (
    counted,
    hands_html,
    played_move_html,
    position_html,
    seat_name,
    table_html,
)
from zwicker_ref.site.variant_page import example_page_path, key_md


def game_title(scenario: Scenario) -> str:
    """A game page's title: the scenario's, with its variant's name unless it says it."""
    name = display_name(scenario.variant.id)
    return scenario.title if name in scenario.title else f"{scenario.title} ({name})"


_ENGLISH_HEADING: dict[Language, str] = {"en": "", "de": ' { lang="en" }'}
"""What a page in each language adds to a heading that is English test data (attr_list)."""


def _header(scenario: Scenario, facts: str, language: Language = "en") -> list[str]:
    """A walkthrough's title, narrative, where it comes from and the key."""
    variant_link = f"../{variant_page_path(scenario.variant.id)}"
    example_link = f"../{example_page_path(scenario)}#{scenario.id}"
    variant = scenario.variant
    clauses = {c.id: f"../{clause_page_path(variant.id, c.id)}#{c.id}" for c in variant.clauses}
    return [
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        f"# {game_title(scenario)}{_ENGLISH_HEADING[language]}",
        "",
        english_markdown(link_clause_refs(prose_html(scenario.description), clauses), language),
        "",
        label(
            language,
            "walk.header",
            example=f"[{english_markdown(scenario.id, language)}]({example_link})",
            variant=f"[{variant_words(variant, language).name}]({variant_link})",
            file=f"[`{scenario_path(scenario)}`](../{published_path(scenario_path(scenario))})",
        )
        + f" {facts}",
        "",
        *key_md("../", language),
    ]


def side_names(names: Sequence[str], sides: int, language: Language = "en") -> tuple[str, ...]:
    """Each side as people call it: its players' names, or ``side N`` without names."""
    if not names:
        return tuple(label(language, "ex.side", side=side) for side in range(sides))
    return tuple(
        label(language, "ex.and").join(
            html.escape(name) for seat, name in enumerate(names) if seat % sides == side
        )
        for side in range(sides)
    )


def walkthrough_page(scenario: Scenario, language: Language = "en") -> str:
    """One game scenario move by move: the table, captured counts and narrative after each."""
    body = scenario.body
    assert isinstance(body, GameBody)
    names = body.names
    position = start_hand(
        scenario.variant, scenario.players, body.dealer, body.deck, scenario.options
    )

    def seat(number: int) -> str:
        return label(language, "ex.seat", seat=number)

    dealer = (
        label(
            language,
            "walk.named_deals",
            name=html.escape(names[body.dealer]),
            seat=seat(body.dealer),
        )
        if names
        else label(language, "ex.deals", dealer=body.dealer).rstrip(".")
    )
    players = (
        label(language, "ex.players", players=scenario.players)
        + ": "
        + ", ".join(f"{html.escape(name)} ({seat(number)})" for number, name in enumerate(names))
        if names
        else label(language, "ex.players", players=scenario.players)
    )
    lines = _header(scenario, f"{dealer}; {players}.", language)
    for erratum in body.errata:
        lines += ['!!! warning "Erratum"', f"    {english_html_prose(erratum, language)}", ""]
    notes = {checkpoint.after: checkpoint.note for checkpoint in body.checkpoints}
    lines += [
        f"## {label(language, 'walk.deal')} {{#deal}}",
        "",
        *position_html(position, names, language),
        "",
    ]
    if notes.get(0):
        lines += [english_html_prose(notes[0] or "", language), ""]
    lines += [
        f"## {label(language, 'walk.play')} {{#play}}",
        "",
        *_play_table(position, body.moves, notes, names, language)[0],
    ]
    result = body.result
    given = [
        (name, column)
        for name, column in (
            (label(language, "walk.cards"), result.cards),
            (label(language, "ex.zwicks"), result.zwicks),
            (label(language, "ex.points"), result.points),
        )
        if column is not None
    ]
    sides = len(given[0][1]) if given else 0
    labels = side_names(names, sides, language)
    head = "".join(f"<th>{name}</th>" for name, _ in given)
    side_head = label(language, "walk.side")
    lines += [
        "",
        f"## {label(language, 'walk.result')} {{#result}}",
        "",
        f'<table class="zc-score"><tr><th>{side_head}</th>{head}</tr>',
    ]
    for side, values in enumerate(zip(*(column for _, column in given), strict=True)):
        cells = "".join(f"<td>{value}</td>" for value in values)
        lines.append(f"<tr><th>{labels[side]}</th>{cells}</tr>")
    lines += ["</table>", ""]
    return "\n".join(lines) + "\n"


_PLAY_COLUMNS = ("#", "seat", "move", "table_after", "cards_by_side", "zwicks", "what_happens")
"""The columns of a walkthrough's play table (their labels: ``walk.column.*``); on a phone
each row becomes a small card."""


def _play_table(
    position: Position,
    game_moves: Sequence[GameMove],
    notes: Mapping[int, str | None],
    names: Sequence[str] = (),
    language: Language = "en",
) -> tuple[list[str], Position]:
    """The moves of one hand as a table row each, and the position they end in.

    An HTML table of class ``zc-play``: where the screen is too narrow for its columns, the
    style sheet stacks each row's cells and names their columns (docs/stylesheets/cards.css,
    in the order of ``_PLAY_COLUMNS``).
    """
    head = "".join(f"<th>{label(language, f'walk.column.{c}')}</th>" for c in _PLAY_COLUMNS)
    lines = ['<table class="zc-play">', f"<thead><tr>{head}</tr></thead>", "<tbody>"]
    moves = [(game_move.seat, game_move.move) for game_move in game_moves]
    for played, game_move in zip(replay_moves(position, moves, play), game_moves, strict=True):
        after = played.after
        if played.dealt:
            span = len(_PLAY_COLUMNS)
            lines.append(
                f'<tr class="zc-deal"><td colspan="{span}">'
                f"<b>{label(language, 'walk.stage', stage=after.stage)}</b>: "
                f"{hands_html(after.hands, names, language)}</td></tr>"
            )
        narrative = "<br>".join(
            english_html_prose(text, language)
            if index == 0
            else f"<i>{english_html_prose(text, language)}</i>"
            for index, text in enumerate((game_move.note, notes.get(played.number)))
            if text is not None
        )
        counts = ", ".join(str(len(pile)) for pile in after.captured)
        zwicks = ", ".join(map(str, after.zwicks))
        cells = (
            str(played.number),
            seat_name(played.seat, names, language),
            played_move_html(played.move, language),
            table_html(after.table, names, language),
            counts,
            zwicks,
            narrative,
        )
        lines.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
        position = after
    lines += ["</tbody>", "</table>", ""]
    return lines, position


def has_played_hand(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a match with at least one hand played move by move."""
    body = scenario.body
    return isinstance(body, MatchBody) and any(hand.points is None for hand in body.hands)


def match_walkthrough_page(scenario: Scenario, language: Language = "en") -> str:
    """A match hand by hand: the first dealer, every played hand move by move, the totals."""
    body = scenario.body
    assert isinstance(body, MatchBody)
    rules = scenario.variant.rules_with(scenario.options)
    players = scenario.players
    first, draw = first_dealer(rules, players, body.first_dealer, body.draw)
    end = body.end
    facts = (
        label(
            language,
            "match.facts_hands",
            players=players,
            hands=counted(language, "match.hands", end.hands),
        )
        if end.hands is not None
        else label(language, "match.facts_target", players=players, target=end.target)
    )
    lines = [
        *_header(scenario, facts, language),
        f"## {label(language, 'match.first_dealer')}",
        "",
    ]
    if draw is not None:
        lines += [
            label(language, "match.draw_head"),
            "|---|---|---|",
            *(
                f"| {number} | {seat} | {cards_html([str(card)])} |"
                for number, (seat, card) in enumerate(draw.draws, 1)
            ),
            "",
            label(language, "match.drawn_dealer", seat=first),
        ]
    else:
        lines.append(label(language, "match.named_dealer", seat=first))
    lines.append("")
    sides = rules.sides_for(players)
    totals = (0,) * sides
    rows = []
    for index, hand in enumerate(body.hands):
        dealer = dealer_of_hand(first, players, index)
        lines += [f"## {label(language, 'match.hand', number=index + 1, dealer=dealer)}", ""]
        if hand.points is not None:
            points = hand.points
            lines += [label(language, "match.not_played"), ""]
        else:
            position = start_hand(scenario.variant, players, dealer, hand.deck, scenario.options)
            table, final = _play_table(position, hand.moves, {}, (), language)
            lines += [*position_html(position, (), language), "", *table, ""]
            points = tuple(side.points for side in score_hand(final).sides)
        totals = add_points(totals, points)
        rows.append((index + 1, dealer, points, totals))
        lines += [
            label(language, "match.hand_head"),
            "|---|---|---|",
            *(f"| {side} | {points[side]} | {totals[side]} |" for side in range(sides)),
            "",
        ]
    winners = label(language, "ex.and").join(
        label(language, "ex.side", side=side) for side in body.winners
    )
    verdict = label(language, "match.wins" if len(body.winners) == 1 else "ex.tie")
    side_totals = " | ".join(label(language, "ex.side_total", side=side) for side in range(sides))
    lines += [
        f"## {label(language, 'walk.result')}",
        "",
        f"| {label(language, 'ex.hand')} | {label(language, 'ex.dealer')} | {side_totals} |",
        "|---|---|" + "---|" * sides,
        *(
            f"| {number} | {label(language, 'ex.seat', seat=dealer)} | "
            + " | ".join(map(str, running))
            + " |"
            for number, dealer, _points, running in rows
        ),
        "",
        f"{winners} {verdict}.",
    ]
    return "\n".join(lines) + "\n"


def games_index(games: list[Scenario], language: Language = "en") -> str:
    """The list of walkthroughs: every game, and every match with a hand played.

    Scenario titles stay English (test data), marked ``lang="en"`` on the German page.
    """
    lines = [
        f"# {label(language, 'games.title')}",
        "",
        label(language, "games.intro"),
        "",
        label(language, "games.head"),
        "|---|---|---|---|",
    ]
    for scenario in games:
        body = scenario.body
        if isinstance(body, MatchBody):
            moves = sum(len(hand.moves) for hand in body.hands)
        else:
            assert isinstance(body, GameBody)
            moves = len(body.moves)
        page = walkthrough_path(scenario.id).removeprefix("games/")
        lines.append(
            f"| {scenario.variant.id} | {label(language, f'kind.{scenario.kind.value}')} "
            f"| [{english_html(scenario.title, language)}]({page}) | {moves} |"
        )
    return "\n".join(lines) + "\n"
