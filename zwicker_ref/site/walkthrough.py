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
from zwicker_ref.site.cards import (
    cards_html,
    hands_html,
    played_move_html,
    position_html,
    table_html,
)
from zwicker_ref.site.examples import scenario_path
from zwicker_ref.site.links import (
    clause_page_path,
    display_name,
    link_clause_refs,
    variant_page_path,
    walkthrough_path,
)
from zwicker_ref.site.variant_page import example_page_path, key_md


def game_title(scenario: Scenario) -> str:
    """A game page's title: the scenario's, with its variant's name unless it says it."""
    name = display_name(scenario.variant.id)
    return scenario.title if name in scenario.title else f"{scenario.title} ({name})"


def _header(scenario: Scenario, facts: str) -> list[str]:
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
        f"# {game_title(scenario)}",
        "",
        link_clause_refs(html.escape(scenario.description), clauses),
        "",
        f"Example [{scenario.id}]({example_link}) of "
        f"[{scenario.variant.name}]({variant_link}), file `{scenario_path(scenario)}`, "
        f"replayed by the reference interpreter while this page was built. {facts}",
        "",
        *key_md("../"),
    ]


def walkthrough_page(scenario: Scenario) -> str:
    """One game scenario move by move: the table, captured counts and narrative after each."""
    body = scenario.body
    assert isinstance(body, GameBody)
    position = start_hand(
        scenario.variant, scenario.players, body.dealer, body.deck, scenario.options
    )
    lines = _header(scenario, f"Seat {body.dealer} deals; {scenario.players} players.")
    for erratum in body.errata:
        lines += ['!!! warning "Erratum"', f"    {html.escape(erratum)}", ""]
    notes = {checkpoint.after: checkpoint.note for checkpoint in body.checkpoints}
    lines += ["## Deal", "", *position_html(position), ""]
    if notes.get(0):
        lines += [html.escape(notes[0] or ""), ""]
    lines += ["## Play", "", *_play_table(position, body.moves, notes)[0]]
    result = body.result
    given = [
        (name, column)
        for name, column in (
            ("cards", result.cards),
            ("zwicks", result.zwicks),
            ("points", result.points),
        )
        if column is not None
    ]
    lines += ["", "## Result", ""]
    lines += ["| side | " + " | ".join(name for name, _ in given) + " |"]
    lines += ["|---|" + "---|" * len(given)]
    for side, values in enumerate(zip(*(column for _, column in given), strict=True)):
        lines.append(f"| {side} | " + " | ".join(map(str, values)) + " |")
    return "\n".join(lines) + "\n"


def _play_table(
    position: Position, game_moves: Sequence[GameMove], notes: Mapping[int, str | None]
) -> tuple[list[str], Position]:
    """The moves of one hand as a table row each, and the position they end in."""
    lines = [
        "| # | seat | move | table after | cards by side | zwicks | what happens |",
        "|---|---|---|---|---|---|---|",
    ]
    moves = [(game_move.seat, game_move.move) for game_move in game_moves]
    for played, game_move in zip(replay_moves(position, moves, play), game_moves, strict=True):
        after = played.after
        if played.dealt:
            lines.append(f"| | | **deal {after.stage}**: {hands_html(after.hands)} | | | | |")
        narrative = "<br>".join(
            html.escape(text) if index == 0 else f"<i>{html.escape(text)}</i>"
            for index, text in enumerate((game_move.note, notes.get(played.number)))
            if text is not None
        ).replace("|", "\\|")
        counts = ", ".join(str(len(pile)) for pile in after.captured)
        zwicks = ", ".join(map(str, after.zwicks))
        lines.append(
            f"| {played.number} | {played.seat} | {played_move_html(played.move)} "
            f"| {table_html(after.table)} | {counts} | {zwicks} | {narrative} |"
        )
        position = after
    return lines, position


def has_played_hand(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a match with at least one hand played move by move."""
    body = scenario.body
    return isinstance(body, MatchBody) and any(hand.points is None for hand in body.hands)


def match_walkthrough_page(scenario: Scenario) -> str:
    """A match hand by hand: the first dealer, every played hand move by move, the totals."""
    body = scenario.body
    assert isinstance(body, MatchBody)
    rules = scenario.variant.rules_with(scenario.options)
    players = scenario.players
    first, draw = first_dealer(rules, players, body.first_dealer, body.draw)
    lines = [
        *_header(scenario, f"{players} players, a match {body.end.in_words()}."),
        "## First dealer",
        "",
    ]
    if draw is not None:
        lines += [
            "| draw | seat | card |",
            "|---|---|---|",
            *(
                f"| {number} | {seat} | {cards_html([str(card)])} |"
                for number, (seat, card) in enumerate(draw.draws, 1)
            ),
            "",
            f"Seat {first} deals first, as `match.first-dealer` says.",
        ]
    else:
        lines.append(f"The match names seat {first} as the first dealer.")
    lines.append("")
    sides = rules.sides_for(players)
    totals = (0,) * sides
    rows = []
    for index, hand in enumerate(body.hands):
        dealer = dealer_of_hand(first, players, index)
        lines += [f"## Hand {index + 1}: seat {dealer} deals", ""]
        if hand.points is not None:
            points = hand.points
            lines += ["Not played here: the scenario gives the hand's points.", ""]
        else:
            position = start_hand(scenario.variant, players, dealer, hand.deck, scenario.options)
            table, final = _play_table(position, hand.moves, {})
            lines += [*position_html(position), "", *table, ""]
            points = tuple(side.points for side in score_hand(final).sides)
        totals = add_points(totals, points)
        rows.append((index + 1, dealer, points, totals))
        lines += [
            "| side | points this hand | total |",
            "|---|---|---|",
            *(f"| {side} | {points[side]} | {totals[side]} |" for side in range(sides)),
            "",
        ]
    winners = " and ".join(f"side {side}" for side in body.winners)
    verdict = "wins the match" if len(body.winners) == 1 else "share the match (a tie)"
    lines += [
        "## Result",
        "",
        "| hand | dealer | " + " | ".join(f"side {side} total" for side in range(sides)) + " |",
        "|---|---|" + "---|" * sides,
        *(
            f"| {number} | seat {dealer} | " + " | ".join(map(str, running)) + " |"
            for number, dealer, _points, running in rows
        ),
        "",
        f"{winners} {verdict}.",
    ]
    return "\n".join(lines) + "\n"


def games_index(games: list[Scenario]) -> str:
    """The list of walkthroughs: every game, and every match with a hand played."""
    lines = [
        "# Games move by move",
        "",
        "Every `game` scenario of the corpus, and every `match` scenario that plays a hand, "
        "replayed move by move by the reference interpreter while the site was built.",
        "",
        "| variant | kind | game | moves |",
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
            f"| {scenario.variant.id} | {scenario.kind.value} "
            f"| [{html.escape(scenario.title)}]({page}) | {moves} |"
        )
    return "\n".join(lines) + "\n"
