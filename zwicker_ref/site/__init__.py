"""The rules site's generated pages: variants clause by clause with their passing examples.

``docs/gen_pages.py`` (run by mkdocs-gen-files during ``mkdocs build``) calls
:func:`generate`. Every scenario of the corpus is run against the reference interpreter
first; if any fails, or any file is invalid, :class:`SiteError` stops the build and names
the scenario, so the site never shows an example that does not pass.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from zwicker_ref.conformance.export import export_corpus
from zwicker_ref.conformance.runner import run_scenario
from zwicker_ref.conformance.scenario_kinds import (
    BuildPart,
    DealBody,
    GameBody,
    LegalMovesBody,
    MatchBody,
    MoveBody,
    Parts,
)
from zwicker_ref.conformance.scenarios import Scenario, load_corpus
from zwicker_ref.documents.locations import scenarios_dir, spec_dir
from zwicker_ref.engine.dealing import start_hand
from zwicker_ref.engine.moves import Move, canonical_order
from zwicker_ref.engine.play import play
from zwicker_ref.engine.position import Pile, Position, TableItem
from zwicker_ref.errors import ErrorCode, NotationError, ZwickerError
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.replay import replay_moves
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.comparison import compare, differences
from zwicker_ref.rules.sources import load_sources, source_by_file
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Clause, Variant

Write = Callable[[str, str], None]
"""Write a generated page: its path under docs/ and its Markdown text."""

SUITS = {"C": ("♣", "black"), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "black")}
_NOTATION_SEPARATORS = re.compile(r"([\s,>+=@\"{}\[\]:]+)")
"""What separates the words of move notation (and of move data written as JSON)."""


class SiteError(ZwickerError):
    """The site cannot be built: a scenario fails or a file is invalid."""


# Cards ----------------------------------------------------------------------------------


def card_html(text: str) -> str:
    """One card drawn for people: rank and suit symbol in the suit's colour."""
    card = Card.parse(text)
    copy = f"<sup>{card.copy}</sup>" if card.copy > 1 else ""
    if card.joker_label is not None:
        return f'<span class="zc zc-joker" title="{card}">★{card.joker_label}{copy}</span>'
    assert card.rank is not None
    assert card.suit is not None
    symbol, colour = SUITS[card.suit.value]
    return f'<span class="zc zc-{colour}" title="{card}">{card.rank.value}{symbol}{copy}</span>'


def cards_html(texts: Iterable[str]) -> str:
    """Several cards drawn side by side (a dash for none)."""
    drawn = [card_html(text) for text in texts]
    return " ".join(drawn) if drawn else "—"


def move_html(raw: object) -> str:
    """A move in notation, with its cards drawn."""
    text = raw if isinstance(raw, str) else json.dumps(raw)
    words = _NOTATION_SEPARATORS.split(text)
    return (
        '<span class="zc-move">'
        + "".join(card_html(word) if _is_card(word) else html.escape(word) for word in words)
        + "</span>"
    )


def _is_card(word: str) -> bool:
    """True when ``word`` is a card in card notation (the one parser: Card.parse)."""
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


# Scenarios ------------------------------------------------------------------------------


def _table_html(items: Iterable[TableItem | BuildPart]) -> str:
    """Table items drawn: loose cards, and builds with their value and owner."""
    drawn = []
    for item in items:
        if isinstance(item, Pile | BuildPart):
            owner = "" if item.owner is None else f" <small>seat {item.owner}</small>"
            cards = cards_html(map(str, item.cards))
            drawn.append(f'<span class="zc-build">{cards} <b>= {item.value}</b>{owner}</span>')
        else:
            drawn.append(card_html(str(item)))
    return " ".join(drawn) or "—"


def _position_html(position: Position) -> list[str]:
    lines = ['<div class="zc-position">']
    for seat, hand in enumerate(position.hands):
        lines.append(f"<div>Seat {seat}: {cards_html(map(str, hand))}</div>")
    lines.append(f"<div>Table: {_table_html(position.table)}</div>")
    lines.append("</div>")
    return lines


def _parts_html(parts: Parts | None) -> str:
    if parts is None:
        return ""
    shown = []
    if "table" in parts.given:
        shown.append("table " + (_table_html(parts.table) if parts.table else "empty"))
    for key in ("zwicks", "captured_counts", "to_move", "over"):
        if key in parts.given:
            value = getattr(parts, key)
            shown.append(
                f"{key.replace('_', ' ')} {list(value) if isinstance(value, tuple) else value}"
            )
    return "; ".join(shown)


def _move_html(move: Move) -> str:
    return move_html(format_move(move))


def scenario_html(scenario: Scenario) -> list[str]:
    """A scenario for people: position, moves and outcome, with its pass badge."""
    lines = [
        f'<div class="zc-scenario" id="{scenario.id}" markdown="0">',
        f'<p><span class="zc-pass">✔ passes</span> <b>{html.escape(scenario.title)}</b> '
        f'<a href="#{scenario.id}">{scenario.id}</a> · {scenario.kind.value} · '
        f"{scenario.provenance.value} · {scenario.players} players"
        + (f" · options {', '.join(scenario.options)}" if scenario.options else "")
        + "</p>",
        f"<p>{html.escape(scenario.description)}</p>",
    ]
    body = scenario.body
    if isinstance(body, MoveBody | LegalMovesBody):
        lines += _position_html(body.position)
    if isinstance(body, MoveBody):
        lines.append("<ol>")
        for step in body.steps:
            if step.legal:
                after = _parts_html(step.after)
                outcome = "legal" + (f" → {after}" if after else "")
            else:
                outcome = f"illegal: <code>{step.error}</code>"
            lines.append(f"<li>{_move_html(step.move)} — {outcome}</li>")
        lines.append("</ol>")
    elif isinstance(body, LegalMovesBody):
        if body.count is not None:
            lines.append(f"<p>{body.count} legal moves.</p>")
        for moves, label in (
            (None if body.moves is None else canonical_order(list(body.moves)), "Exactly"),
            (body.includes or None, "Legal"),
            (body.excludes or None, "Not legal"),
        ):
            if moves is not None:
                lines.append(f"<p>{label}: {', '.join(_move_html(move) for move in moves)}</p>")
        for entry in body.perft:
            lines.append(f"<p>Perft depth {entry.depth}: {entry.count}</p>")
    elif isinstance(body, GameBody):
        result = body.result
        shown = [
            f"{key} {list(value)}"
            for key, value in (
                ("cards", result.cards),
                ("zwicks", result.zwicks),
                ("points", result.points),
            )
            if value is not None
        ]
        lines.append(f"<p>{len(body.moves)} moves; result by side: {'; '.join(shown)}</p>")
    elif isinstance(body, DealBody):
        for number, stage in enumerate(body.stages, start=1):
            hands = " · ".join(
                f"seat {seat}: {cards_html(map(str, hand))}"
                for seat, hand in enumerate(stage.hands)
            )
            table = cards_html(map(str, stage.table or ()))
            lines.append(f"<p>Stage {number}: {hands}; table {table}</p>")
    elif isinstance(body, MatchBody):
        lines.append(
            f"<p>Match to {body.end.describe()}; first dealer seat {body.expect_first_dealer}.</p>"
        )
        lines.append("<ol>")
        for hand in body.expect_hands:
            lines.append(f"<li>dealer seat {hand.dealer}; totals {list(hand.totals)}</li>")
        lines.append(f"</ol><p>Highest total: side(s) {list(body.winners)}</p>")
    else:
        counts = ", ".join(str(len(pile)) for pile in body.captured)
        expect = body.expect
        shown = [
            f"{key} {list(value)}"
            for key, value in (
                ("card_points", expect.card_points),
                ("most_cards", expect.most_cards),
                ("zwick_points", expect.zwick_points),
                ("points", expect.points),
            )
            if value is not None
        ]
        shown += [f"line {label} {list(points)}" for label, points in expect.lines]
        if expect.check_holds is not None:
            shown.append(f"check holds {expect.check_holds}")
        lines.append(
            f"<p>Cards captured by side: {counts}; zwicks {list(body.zwicks)}. "
            f"{'; '.join(shown)}</p>"
        )
    lines.append("</div>")
    return lines


# Pages ----------------------------------------------------------------------------------


def _citation(citation: Any, to_root: str = "../") -> str:
    name = _source_link(citation.source, to_root)
    return f"{name}, “{html.escape(citation.section)}”"


def _source_link(file: str, to_root: str = "../") -> str:
    """A source by its short label, linked to its entry on the sources page."""
    source = source_by_file(file)
    if source is None:
        return file
    return f"[{source.label}]({to_root}sources.md#source-{source.id.lower()})"


def _clause_md(clause: Clause, scenarios: list[Scenario]) -> list[str]:
    breakable = " · breakable" if clause.breakable else ""
    lines = [
        f"### {clause.id} — {clause.title} {{#{clause.id}}}",
        "",
        f'<span class="zc-status zc-{clause.status.value}">{clause.status.value}</span>{breakable}',
        "",
        clause.text,
        "",
        "Sources: " + "; ".join(_citation(citation) for citation in clause.citations) + ".",
        "",
    ]
    if clause.params:
        params = ", ".join(f"`{name}`" for name in clause.params)
        lines += [f"Parameters: {params}.", ""]
    for alternative in clause.alternatives:
        if alternative.option:
            label = f"Option `{alternative.option}`"
        elif alternative.unplayable:
            label = "Recorded discrepancy"
        else:
            label = "Other reading"
        cites = "; ".join(_citation(citation) for citation in alternative.citations)
        text = f'!!! note "{label}"\n    {alternative.text} ({cites})'
        if alternative.unplayable:
            text += f"\n\n    Not playable as written: {alternative.unplayable}"
        lines += [text, ""]
    if scenarios:
        lines += [f"Examples ({len(scenarios)}):", ""]
        for scenario in scenarios:
            lines += scenario_html(scenario)
            lines.append("")
    return lines


def variant_page(variant: Variant, scenarios: list[Scenario]) -> str:
    """The page of one variant: its clauses in order, each with its passing examples."""
    by_clause: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        for clause_id in scenario.clauses:
            by_clause.setdefault(clause_id, []).append(scenario)
    lines = [f"# {variant.name}", "", variant.summary, "", "## Sources", ""]
    lines += [f"- {_source_link(s.source)}: {s.role}" for s in variant.sources]
    lines += ["", "## Rules", ""]
    for clause in variant.clauses:
        lines += _clause_md(clause, by_clause.get(clause.id, []))
    return "\n".join(lines) + "\n"


def comparison_page(variants: list[Variant]) -> str:
    """All variants side by side, computed from their parameters."""
    lines = [
        "# Variants compared",
        "",
        "Every cell is computed from the variant's rule parameters; `zwicker diff A B` prints "
        "the same differences in a terminal.",
        "",
        "| | " + " | ".join(f"[{v.id}](variants/{v.id}.md)" for v in variants) + " |",
        "|---|" + "---|" * len(variants),
    ]
    for name, texts in compare(variants):
        lines.append(f"| **{name}** | " + " | ".join(html.escape(t) for t in texts) + " |")
    return "\n".join(lines) + "\n"


def sources_page(variants: list[Variant]) -> str:
    """Each source with what it covers, and every recorded discrepancy with both readings."""
    lines = ["# Sources and discrepancies", "", "## Sources", ""]
    for source in load_sources():
        used = [v.id for v in variants if any(s.source == source.file for s in v.sources)]
        lines += [
            f"### {source.label} {{#source-{source.id.lower()}}}",
            "",
            f"*{html.escape(source.title)}*. {html.escape(source.author)}; {source.date}; "
            f"{source.language}; {source.kind}. File `{source.file}`.",
            "",
            f"{source.covers} Used by: {', '.join(used) or 'rulings only'}.",
            "",
        ]
    lines += ["", "## Readings not chosen", ""]
    for variant in variants:
        lines += [f"### {variant.id}", ""]
        for clause in variant.clauses:
            for alternative in clause.alternatives:
                kind = (
                    f"option `{alternative.option}`"
                    if alternative.option
                    else ("not playable" if alternative.unplayable else "other reading")
                )
                cites = "; ".join(_citation(c, "") for c in alternative.citations)
                lines.append(
                    f"- [{clause.id}](variants/{variant.id}.md#{clause.id}) ({kind}): "
                    f"chosen: {clause.text} **Other:** {alternative.text} ({cites})"
                )
        lines.append("")
    return "\n".join(lines) + "\n"


def schemas_page() -> str:
    """The JSON Schemas of the formats, as tables of their properties."""
    lines = [
        "# Schemas",
        "",
        "The formats' JSON Schemas (draft 2020-12), from `spec/schema/`. One difference from",
        "the draft: an `integer` is a whole number written as one, `3` and never `3.0` (the",
        "draft counts `3.0` as an integer; the reference rejects it).",
        "",
    ]
    for path in sorted((spec_dir() / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        lines += [f"## {path.name}", "", schema.get("description", ""), ""]
        properties = schema.get("properties", {})
        if properties:
            required = set(schema.get("required", ()))
            lines += ["| field | required | meaning |", "|---|---|---|"]
            for name, spec in properties.items():
                meaning = html.escape(spec.get("description", "")).replace("|", "\\|")
                lines.append(f"| `{name}` | {'yes' if name in required else ''} | {meaning} |")
            lines.append("")
        definitions = schema.get("$defs", {})
        if definitions:
            lines += ["Definitions: " + ", ".join(f"`{name}`" for name in definitions) + ".", ""]
    return "\n".join(lines) + "\n"


def check_corpus(corpus: Path | None = None) -> list[Scenario]:
    """Every scenario, each run against the reference; :class:`SiteError` on any failure."""
    scenarios, problems = load_corpus([corpus or scenarios_dir()])
    if problems:
        raise SiteError(problems[0].code, "invalid scenario file: " + "; ".join(map(str, problems)))
    for scenario in scenarios:
        outcome = run_scenario(scenario)
        if not outcome.passed:
            raise SiteError(
                ErrorCode.SCENARIO_FAILED,
                f"scenario {scenario.id} ({scenario.file}) fails: "
                + "; ".join(outcome.differences),
            )
    return scenarios


SAMPLE_GAME = "chr-sample-game"


def sample_game_page(scenario: Scenario) -> str:
    """The Christiansen sample game move by move: the table and captured counts after each."""
    body = scenario.body
    assert isinstance(body, GameBody)
    position = start_hand(
        scenario.variant, scenario.players, body.dealer, body.deck, scenario.options
    )
    lines = [
        f"# {scenario.title}",
        "",
        scenario.description,
        "",
        f"Scenario [{scenario.id}](variants/{scenario.variant.id}.md#{scenario.id}), replayed "
        "by the reference interpreter while this page was built.",
        "",
    ]
    for erratum in body.errata:
        lines += ['!!! warning "Erratum"', f"    {erratum}", ""]
    lines += ["## Deal", ""]
    lines += _position_html(position)
    lines += [
        "",
        "## Play",
        "",
        "| # | seat | move | table after | cards by side | zwicks |",
        "|---|---|---|---|---|---|",
    ]
    moves = [(game_move.seat, game_move.move) for game_move in body.moves]
    for played in replay_moves(position, moves, play):
        number, seat, position = played.number, played.seat, played.after
        if played.dealt:
            hands = " · ".join(
                f"seat {s}: {cards_html(map(str, hand))}" for s, hand in enumerate(position.hands)
            )
            lines.append(f"| | | **deal {position.stage}**: {hands} | | | |")
        table = _table_html(position.table)
        counts = ", ".join(str(len(pile)) for pile in position.captured)
        zwicks = ", ".join(map(str, position.zwicks))
        move = _move_html(played.move)
        lines.append(f"| {number} | {seat} | {move} | {table} | {counts} | {zwicks} |")
    result = body.result
    lines += ["", "## Result", "", "| side | cards | zwicks | points |", "|---|---|---|---|"]
    for side, (taken, made, points) in enumerate(
        zip(result.cards or (), result.zwicks or (), result.points or (), strict=True)
    ):
        lines.append(f"| {side} | {taken} | {made} | {points} |")
    return "\n".join(lines) + "\n"


def generate(write: Write, corpus: Path | None = None) -> None:
    """Write every generated page, from the corpus in ``corpus`` (default: the shipped one)."""
    scenarios = check_corpus(corpus)
    sample = [s for s in scenarios if s.id == SAMPLE_GAME]
    if not sample:
        raise SiteError(ErrorCode.SCENARIO_FAILED, f"the corpus has no scenario {SAMPLE_GAME}")
    write("sample-game.md", sample_game_page(sample[0]))
    variants = [load_variant(variant_id) for variant_id in variant_ids()]
    for variant in variants:
        mine = [s for s in scenarios if s.variant.id == variant.id]
        write(f"variants/{variant.id}.md", variant_page(variant, mine))
    write("compare.md", comparison_page(variants))
    write("corpus.json", export_corpus())
    write("sources.md", sources_page(variants))
    write("reference/schemas.md", schemas_page())


__all__ = ["SiteError", "card_html", "differences", "generate", "move_html", "variant_page"]
