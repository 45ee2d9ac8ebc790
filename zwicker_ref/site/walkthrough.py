"""Walkthrough pages: every ``game`` scenario replayed move by move while the site is built.

Each move is shown with the table, the captured counts and the zwicks after it, and the
scenario's narrative of the move (its ``note``) beside it where the scenario gives one.
"""

from __future__ import annotations

import html

from zwicker_ref.conformance.scenario_kinds import GameBody
from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.engine.dealing import start_hand
from zwicker_ref.engine.play import play
from zwicker_ref.formats.replay import replay_moves
from zwicker_ref.site.cards import hands_html, played_move_html, position_html, table_html
from zwicker_ref.site.examples import scenario_path
from zwicker_ref.site.links import variant_page_path, walkthrough_path
from zwicker_ref.site.variant_page import example_page_path, key_md


def walkthrough_page(scenario: Scenario) -> str:
    """One game scenario move by move: the table, captured counts and narrative after each."""
    body = scenario.body
    assert isinstance(body, GameBody)
    position = start_hand(
        scenario.variant, scenario.players, body.dealer, body.deck, scenario.options
    )
    variant_link = f"../{variant_page_path(scenario.variant.id)}"
    example_link = f"../{example_page_path(scenario)}#{scenario.id}"
    lines = [
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        f"# {scenario.title}",
        "",
        html.escape(scenario.description),
        "",
        f"Example [{scenario.id}]({example_link}) of "
        f"[{scenario.variant.name}]({variant_link}), file `{scenario_path(scenario)}`, "
        f"replayed by the reference interpreter while this page was built. Seat "
        f"{body.dealer} deals; {scenario.players} players.",
        "",
        *key_md("../"),
    ]
    for erratum in body.errata:
        lines += ['!!! warning "Erratum"', f"    {html.escape(erratum)}", ""]
    notes = {checkpoint.after: checkpoint.note for checkpoint in body.checkpoints}
    lines += ["## Deal", "", *position_html(position), ""]
    if notes.get(0):
        lines += [html.escape(notes[0] or ""), ""]
    lines += [
        "## Play",
        "",
        "| # | seat | move | table after | cards by side | zwicks | what happens |",
        "|---|---|---|---|---|---|---|",
    ]
    moves = [(game_move.seat, game_move.move) for game_move in body.moves]
    for played, game_move in zip(replay_moves(position, moves, play), body.moves, strict=True):
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


def games_index(games: list[Scenario]) -> str:
    """The list of walkthroughs."""
    lines = [
        "# Games move by move",
        "",
        "Every `game` scenario of the corpus, replayed move by move by the reference "
        "interpreter while the site was built.",
        "",
        "| variant | game | moves |",
        "|---|---|---|",
    ]
    for scenario in games:
        assert isinstance(scenario.body, GameBody)
        page = walkthrough_path(scenario.id).removeprefix("games/")
        lines.append(
            f"| {scenario.variant.id} | [{html.escape(scenario.title)}]({page}) "
            f"| {len(scenario.body.moves)} |"
        )
    return "\n".join(lines) + "\n"
