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
from zwicker_ref.site.cards import cards_html, prose_html
from zwicker_ref.site.explorer_bundle import explorer_href
from zwicker_ref.site.files import published_path
from zwicker_ref.site.labels import Language, english_html, label
from zwicker_ref.site.links import link_clause_refs, source_link_html, url_of, walkthrough_path
from zwicker_ref.site.positions import hands_html, parts_html, played_move_html, position_html

Renderer = Callable[[Scenario, str, Language], list[str]]
"""Draws the body of one kind of scenario as lines of HTML (given the URL of the site root
and the page's language)."""


def _sides(count: int, language: Language) -> str:
    return "".join(f"<th>{label(language, 'ex.side', side=side)}</th>" for side in range(count))


def _row(head: str, values: Sequence[object] | None, count: int) -> str:
    cells = ["—"] * count if values is None else [str(value) for value in values]
    return f"<tr><th>{head}</th>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"


def _move_body(scenario: Scenario, root: str, language: Language) -> list[str]:
    body = scenario.body
    assert isinstance(body, MoveBody)
    lines = position_html(body.position, language=language)
    lines.append("<ol>")
    for step in body.steps:
        if step.legal:
            after = parts_html(step.after, language)
            outcome = label(language, "ex.legal") + (f" → {after}" if after else "")
        else:
            error = f'<a href="{root}reference/errors/"><code>{step.error}</code></a>'
            outcome = label(language, "ex.illegal", error=error)
        note = f" <i>{english_html(step.note, language)}</i>" if step.note else ""
        lines.append(f"<li>{played_move_html(step.move, language)} — {outcome}{note}</li>")
    lines.append("</ol>")
    return lines


def _legal_moves_body(scenario: Scenario, root: str, language: Language) -> list[str]:
    body = scenario.body
    assert isinstance(body, LegalMovesBody)
    lines = position_html(body.position, language=language)
    if body.count is not None:
        lines.append(f"<p>{label(language, 'ex.count', count=body.count)}</p>")
    for moves, key in (
        (None if body.moves is None else canonical_order(list(body.moves)), "ex.exactly"),
        (body.includes or None, "ex.legal_list"),
        (body.excludes or None, "ex.not_legal"),
    ):
        if moves is not None:
            drawn = ", ".join(played_move_html(move, language) for move in moves)
            lines.append(f"<p>{label(language, key)}: {drawn}</p>")
    for entry in body.perft:
        lines.append(f"<p>{label(language, 'ex.perft', depth=entry.depth, count=entry.count)}</p>")
    return lines


def _game_body(scenario: Scenario, root: str, language: Language) -> list[str]:
    body = scenario.body
    assert isinstance(body, GameBody)
    result = body.result
    sides = len(next(v for v in (result.cards, result.zwicks, result.points, ()) if v is not None))
    href = root + url_of(walkthrough_path(scenario.id))
    walkthrough = f'<a href="{href}">{label(language, "ex.walkthrough")}</a>'
    lines = [
        "<p>"
        + label(language, "ex.game", moves=len(body.moves), dealer=body.dealer, link=walkthrough)
        + "</p>"
    ]
    if sides:
        lines += [
            f'<table class="zc-score"><tr><th>{label(language, "ex.result")}</th>'
            f"{_sides(sides, language)}</tr>",
            _row(label(language, "ex.captured"), result.cards, sides),
            _row(label(language, "ex.zwicks"), result.zwicks, sides),
            _row(label(language, "ex.points"), result.points, sides),
            "</table>",
        ]
    return lines


def _deal_body(scenario: Scenario, root: str, language: Language) -> list[str]:
    body = scenario.body
    assert isinstance(body, DealBody)
    lines = [f"<p>{label(language, 'ex.deals', dealer=body.dealer)}</p>", "<ol>"]
    for stage in body.stages:
        table = (
            ""
            if stage.table is None
            else "; " + label(language, "ex.table", cards=cards_html(map(str, stage.table)))
        )
        lines.append(f"<li>{hands_html(stage.hands, (), language)}{table}</li>")
    lines.append("</ol>")
    return lines


def _score_body(scenario: Scenario, root: str, language: Language) -> list[str]:
    """The expected score as a table by side: card lines, most cards, zwicks, total, check."""
    body = scenario.body
    assert isinstance(body, ScoreBody)
    expect = body.expect
    sides = len(body.captured)
    lines = [
        f'<table class="zc-score"><tr><th></th>{_sides(sides, language)}</tr>',
        _row(label(language, "ex.captured"), [len(pile) for pile in body.captured], sides),
    ]
    lines += [_row(english_html(name, language), points, sides) for name, points in expect.lines]
    lines += [
        _row(label(language, "ex.card_points"), expect.card_points, sides),
        _row(label(language, "ex.most_cards"), expect.most_cards, sides),
        _row(label(language, "ex.zwicks_made"), body.zwicks, sides),
        _row(label(language, "ex.zwick_points"), expect.zwick_points, sides),
        _row(f"<b>{label(language, 'ex.total')}</b>", expect.points, sides),
        "</table>",
    ]
    if expect.check_holds is not None:
        key = "ex.check_holds" if expect.check_holds else "ex.check_fails"
        lines.append(f"<p>{label(language, key)}</p>")
    lines.append(f"<details><summary>{label(language, 'ex.captured_by_side')}</summary><ul>")
    lines += [
        f"<li>{label(language, 'ex.side', side=side)}: {cards_html(map(str, pile))}</li>"
        for side, pile in enumerate(body.captured)
    ]
    lines.append("</ul></details>")
    return lines


def _match_body(scenario: Scenario, root: str, language: Language) -> list[str]:
    """A match hand by hand: who dealt, each hand's points and the running totals."""
    body = scenario.body
    assert isinstance(body, MatchBody)
    sides = len(body.expect_hands[0].totals) if body.expect_hands else 0
    first = label(language, "ex.first_dealer", dealer=body.expect_first_dealer)
    if body.draw is not None:
        first += " " + label(language, "ex.drawn", cards=cards_html(map(str, body.draw)))
    end = body.end
    ends = (
        label(language, "ex.match_hands", hands=end.hands)
        if end.hands is not None
        else label(language, "ex.match_target", target=end.target)
    )
    side_points = "".join(
        f"<th>{label(language, 'ex.side_points', side=side)}</th>" for side in range(sides)
    )
    side_totals = "".join(
        f"<th>{label(language, 'ex.side_total', side=side)}</th>" for side in range(sides)
    )
    lines = [
        f"<p>{ends}; {first}.</p>",
        f"<tr><th>{label(language, 'ex.hand')}</th><th>{label(language, 'ex.dealer')}</th>"
        f"{side_points}{side_totals}</tr>",
    ]
    lines[1] = '<table class="zc-score">' + lines[1]
    for number, (hand, expect) in enumerate(zip(body.hands, body.expect_hands, strict=False), 1):
        points = expect.points if expect.points is not None else hand.points
        how = (
            label(language, "ex.points_given")
            if hand.points is not None
            else label(language, "ex.moves_played", moves=len(hand.moves))
        )
        cells = [f"<td>{value}</td>" for value in (points or ["—"] * sides)]
        cells += [f"<td>{value}</td>" for value in expect.totals]
        lines.append(
            f'<tr><th title="{how}">{number}</th>'
            f"<td>{label(language, 'ex.seat', seat=expect.dealer)}</td>{''.join(cells)}</tr>"
        )
    lines.append("</table>")
    winners = label(language, "ex.and").join(
        label(language, "ex.side", side=side) for side in body.winners
    )
    verdict = label(language, "ex.wins" if len(body.winners) == 1 else "ex.tie")
    lines.append(f"<p>{winners} {verdict}.</p>")
    if any(hand.points is None for hand in body.hands):
        href = root + url_of(walkthrough_path(scenario.id))
        walkthrough = f'<a href="{href}">{label(language, "ex.walkthrough")}</a>'
        lines.append(f"<p>{label(language, 'ex.hands_played', link=walkthrough)}</p>")
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
    language: Language = "en",
) -> list[str]:
    """Example ``number``: header with permanent anchor, file, body, clauses and YAML.

    ``clause_links`` is the HTML list of the clauses the example exercises; ``root`` the
    URL of the site root from the page; ``clause_targets`` where each clause id named in
    the description links to from the page (built URLs).
    """
    facts = [
        f"<code>{scenario.kind.value}</code>",
        f"<code>{scenario.provenance.value}</code>",
        label(language, "ex.players", players=scenario.players),
    ]
    if scenario.options:
        facts.append(
            label(
                language, "ex.options", options=english_html(", ".join(scenario.options), language)
            )
        )
    source = ""
    if scenario.source is not None:
        link = source_link_html(scenario.source.source, root)
        section = english_html(scenario.source.section, language)
        source = " " + label(language, "ex.source", link=link, section=section)
    yaml_text = Path(scenario.file).read_text(encoding="utf-8")
    description = prose_html(scenario.description)
    if language != "en":  # the description is English test data: say so to the browser
        description = f'<span lang="en">{description}</span>'
    lines = [
        f'<div class="zc-scenario" id="{scenario.id}" markdown="0">',
        f'<p class="zc-example-head"><a class="zc-number" href="#{scenario.id}" '
        f'title="{label(language, "ex.permalink")}">'
        f"{label(language, 'example.link', number=number)}</a> "
        f"<b>{english_html(scenario.title, language)}</b> "
        f'<span class="zc-pass" title="{label(language, "ex.passes_title")}">'
        f"✔ {label(language, 'ex.passes')}</span></p>",
        f'<p class="zc-facts"><code>{scenario.id}</code> · {" · ".join(facts)} · '
        f"{label(language, 'ex.file')} "
        f'<a href="{root}{published_path(scenario_path(scenario))}" class="zc-file" '
        f'title="{label(language, "ex.file_title", version=corpus_identity().version)}">'
        f"<code>{scenario_path(scenario)}</code></a> · "
        f'<a class="zc-explore" href="{explorer_href(scenario, root)}">'
        f"{label(language, 'ex.explore')}</a></p>",
        f"<p>{link_clause_refs(description, clause_targets, markdown=False)}{source}</p>",
        *RENDERERS[scenario.kind](scenario, root, language),
        f'<p class="zc-facts">{label(language, "ex.clauses", links=clause_links)} '
        f'<a href="{root}reference/scenario-format/">{label(language, "ex.format")}</a>, '
        f'<a href="{root}contributing/">{label(language, "ex.contributing")}</a></p>',
        f"<details><summary>{label(language, 'ex.yaml')}</summary>",
        f"<pre><code>{html.escape(yaml_text)}</code></pre>",
        "</details>",
        "</div>",
    ]
    return lines
