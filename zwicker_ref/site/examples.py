"""One example (a passing scenario) drawn for people, whatever its kind.

:data:`RENDERERS` maps each scenario kind to the function that draws its body; a new kind
is one function added there (a test checks that every kind has one). :func:`example_html`
adds what every example has: its number, permanent anchor, file, clauses and YAML.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from zwicker_ref.conformance.scenario_kinds import (
    DealBody,
    GameBody,
    LegalMovesBody,
    MatchBody,
    MoveBody,
    ScoreBody,
)
from zwicker_ref.conformance.scenarios import Kind, Scenario
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.engine.core.moves import canonical_order
from zwicker_ref.site.cards import (
    cards_html,
    hands_html,
    parts_html,
    played_move_html,
    position_html,
    prose_html,
)
from zwicker_ref.site.explorer_bundle import explorer_href
from zwicker_ref.site.files import published_path
from zwicker_ref.site.links import link_clause_refs, source_link_html, url_of, walkthrough_path

Renderer = Callable[[Scenario, str], list[str]]
"""Draws the body of one kind of scenario as lines of HTML (given the URL of the site root)."""


def _sides(count: int) -> str:
    return "".join(f"<th>side {side}</th>" for side in range(count))


def _row(label: str, values: Sequence[object] | None, count: int) -> str:
    cells = ["—"] * count if values is None else [str(value) for value in values]
    return f"<tr><th>{label}</th>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"


def _move_body(scenario: Scenario, root: str) -> list[str]:
    body = scenario.body
    assert isinstance(body, MoveBody)
    lines = position_html(body.position)
    lines.append("<ol>")
    for step in body.steps:
        if step.legal:
            after = parts_html(step.after)
            outcome = "legal" + (f" → {after}" if after else "")
        else:
            outcome = f'illegal: <a href="{root}reference/errors/"><code>{step.error}</code></a>'
        note = f" <i>{html.escape(step.note)}</i>" if step.note else ""
        lines.append(f"<li>{played_move_html(step.move)} — {outcome}{note}</li>")
    lines.append("</ol>")
    return lines


def _legal_moves_body(scenario: Scenario, root: str) -> list[str]:
    body = scenario.body
    assert isinstance(body, LegalMovesBody)
    lines = position_html(body.position)
    if body.count is not None:
        lines.append(f"<p>{body.count} legal moves.</p>")
    for moves, label in (
        (None if body.moves is None else canonical_order(list(body.moves)), "Exactly these"),
        (body.includes or None, "Legal"),
        (body.excludes or None, "Not legal"),
    ):
        if moves is not None:
            drawn = ", ".join(played_move_html(move) for move in moves)
            lines.append(f"<p>{label}: {drawn}</p>")
    for entry in body.perft:
        lines.append(f"<p>Move sequences {entry.depth} deep: {entry.count}</p>")
    return lines


def _game_body(scenario: Scenario, root: str) -> list[str]:
    body = scenario.body
    assert isinstance(body, GameBody)
    result = body.result
    sides = len(next(v for v in (result.cards, result.zwicks, result.points, ()) if v is not None))
    href = root + url_of(walkthrough_path(scenario.id))
    lines = [
        f"<p>A whole hand of {len(body.moves)} moves, dealt by seat {body.dealer}: "
        f'<a href="{href}">the walkthrough, move by move</a>.</p>'
    ]
    if sides:
        lines += [
            f'<table class="zc-score"><tr><th>result</th>{_sides(sides)}</tr>',
            _row("cards captured", result.cards, sides),
            _row("zwicks", result.zwicks, sides),
            _row("points", result.points, sides),
            "</table>",
        ]
    return lines


def _deal_body(scenario: Scenario, root: str) -> list[str]:
    body = scenario.body
    assert isinstance(body, DealBody)
    lines = [f"<p>Seat {body.dealer} deals.</p>", "<ol>"]
    for stage in body.stages:
        table = "" if stage.table is None else f"; table {cards_html(map(str, stage.table))}"
        lines.append(f"<li>{hands_html(stage.hands)}{table}</li>")
    lines.append("</ol>")
    return lines


def _score_body(scenario: Scenario, root: str) -> list[str]:
    """The expected score as a table by side: card lines, most cards, zwicks, total, check."""
    body = scenario.body
    assert isinstance(body, ScoreBody)
    expect = body.expect
    sides = len(body.captured)
    lines = [
        f'<table class="zc-score"><tr><th></th>{_sides(sides)}</tr>',
        _row("cards captured", [len(pile) for pile in body.captured], sides),
    ]
    lines += [_row(html.escape(label), points, sides) for label, points in expect.lines]
    lines += [
        _row("card points", expect.card_points, sides),
        _row("most cards", expect.most_cards, sides),
        _row("zwicks made", body.zwicks, sides),
        _row("zwick points", expect.zwick_points, sides),
        _row("<b>total</b>", expect.points, sides),
        "</table>",
    ]
    if expect.check_holds is not None:
        verdict = "holds" if expect.check_holds else "does not hold"
        lines.append(
            f"<p>The check {verdict}: the totals {'' if expect.check_holds else 'do not '}add "
            "up to the check total plus the zwick points, less the most-cards points nobody "
            "won.</p>"
        )
    lines.append("<details><summary>Captured cards by side</summary><ul>")
    lines += [
        f"<li>side {side}: {cards_html(map(str, pile))}</li>"
        for side, pile in enumerate(body.captured)
    ]
    lines.append("</ul></details>")
    return lines


def _match_body(scenario: Scenario, root: str) -> list[str]:
    """A match hand by hand: who dealt, each hand's points and the running totals."""
    body = scenario.body
    assert isinstance(body, MatchBody)
    sides = len(body.expect_hands[0].totals) if body.expect_hands else 0
    first = f"seat {body.expect_first_dealer} deals first"
    if body.draw is not None:
        first += f" (drawn: {cards_html(map(str, body.draw))})"
    lines = [
        f"<p>A match {body.end.in_words()}; {first}.</p>",
        f'<table class="zc-score"><tr><th>hand</th><th>dealer</th>'
        f"{''.join(f'<th>side {side} points</th>' for side in range(sides))}"
        f"{''.join(f'<th>side {side} total</th>' for side in range(sides))}</tr>",
    ]
    for number, (hand, expect) in enumerate(zip(body.hands, body.expect_hands, strict=False), 1):
        points = expect.points if expect.points is not None else hand.points
        how = "points given" if hand.points is not None else f"{len(hand.moves)} moves played"
        cells = [f"<td>{value}</td>" for value in (points or ["—"] * sides)]
        cells += [f"<td>{value}</td>" for value in expect.totals]
        lines.append(
            f'<tr><th title="{how}">{number}</th><td>seat {expect.dealer}</td>{"".join(cells)}</tr>'
        )
    lines.append("</table>")
    winners = " and ".join(f"side {side}" for side in body.winners)
    verdict = "wins" if len(body.winners) == 1 else "share the match (a tie)"
    lines.append(f"<p>{winners} {verdict}.</p>")
    if any(hand.points is None for hand in body.hands):
        href = root + url_of(walkthrough_path(scenario.id))
        walkthrough = f'<a href="{href}">the walkthrough, move by move</a>'
        lines.append(f"<p>The hands played: {walkthrough}.</p>")
    return lines


RENDERERS: dict[Kind, Renderer] = {
    Kind.MOVE: _move_body,
    Kind.LEGAL_MOVES: _legal_moves_body,
    Kind.GAME: _game_body,
    Kind.DEAL: _deal_body,
    Kind.SCORE: _score_body,
    Kind.MATCH: _match_body,
}
"""The one place that says how each kind of scenario is drawn."""


def scenario_path(scenario: Scenario) -> str:
    """The scenario's file as the repository names it: ``scenarios/<variant>/...``."""
    parts = Path(scenario.file).parts
    if "scenarios" in parts:
        start = len(parts) - 1 - parts[::-1].index("scenarios")
        return "/".join(parts[start:])
    return Path(scenario.file).name


def example_html(
    scenario: Scenario,
    number: int,
    clause_links: str,
    root: str,
    clause_targets: Mapping[str, str],
) -> list[str]:
    """Example ``number``: header with permanent anchor, file, body, clauses and YAML.

    ``clause_links`` is the HTML list of the clauses the example exercises; ``root`` the
    URL of the site root from the page; ``clause_targets`` where each clause id named in
    the description links to from the page (built URLs).
    """
    facts = [scenario.kind.value, scenario.provenance.value, f"{scenario.players} players"]
    if scenario.options:
        facts.append("options " + ", ".join(scenario.options))
    source = ""
    if scenario.source is not None:
        link = source_link_html(scenario.source.source, root)
        source = f" Source: {link}, “{html.escape(scenario.source.section)}”."
    yaml_text = Path(scenario.file).read_text(encoding="utf-8")
    description = prose_html(scenario.description)
    lines = [
        f'<div class="zc-scenario" id="{scenario.id}" markdown="0">',
        f'<p class="zc-example-head"><a class="zc-number" href="#{scenario.id}" '
        f'title="Permanent link to this example">Example {number}</a> '
        f"<b>{html.escape(scenario.title)}</b> "
        f'<span class="zc-pass" title="The reference interpreter passes it">✔ passes</span></p>',
        f'<p class="zc-facts"><code>{scenario.id}</code> · {" · ".join(facts)} · file '
        f'<a href="{root}{published_path(scenario_path(scenario))}" class="zc-file" '
        f'title="The scenario file, corpus version {corpus_identity().version}">'
        f"<code>{scenario_path(scenario)}</code></a> · "
        f'<a class="zc-explore" href="{explorer_href(scenario, root)}">'
        "Open in the explorer</a></p>",
        f"<p>{link_clause_refs(description, clause_targets, markdown=False)}{source}</p>",
        *RENDERERS[scenario.kind](scenario, root),
        f'<p class="zc-facts">Clauses: {clause_links} · How to read and write one: '
        f'<a href="{root}reference/scenario-format/">Scenario format</a>, '
        f'<a href="{root}contributing/">Contributing</a></p>',
        "<details><summary>The scenario file (YAML)</summary>",
        f"<pre><code>{html.escape(yaml_text)}</code></pre>",
        "</details>",
        "</div>",
    ]
    return lines
