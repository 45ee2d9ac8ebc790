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
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from zwicker_ref.conformance.export import export_corpus
from zwicker_ref.conformance.runner import deck_from_stages, run_scenario
from zwicker_ref.conformance.scenarios import Kind, Scenario, load_corpus
from zwicker_ref.documents.locations import scenarios_dir, spec_dir
from zwicker_ref.engine.dealing import start_hand
from zwicker_ref.engine.play import play
from zwicker_ref.errors import ErrorCode, NotationError, ZwickerError
from zwicker_ref.formats.position_io import position_to_data
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


def item_html(raw: object) -> str:
    """A table item drawn: a loose card, or a build with its value and owner."""
    if isinstance(raw, str):
        return card_html(raw)
    assert isinstance(raw, Mapping)
    owner = "" if raw.get("owner") is None else f" <small>seat {raw['owner']}</small>"
    return (
        f'<span class="zc-build">{cards_html(raw["build"])} <b>= {raw["value"]}</b>{owner}</span>'
    )


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


def _position_html(position: Mapping[str, Any]) -> list[str]:
    lines = ['<div class="zc-position">']
    for seat, hand in enumerate(position["hands"]):
        lines.append(f"<div>Seat {seat}: {cards_html(hand)}</div>")
    table = " ".join(item_html(item) for item in position["table"]) or "—"
    lines.append(f"<div>Table: {table}</div>")
    lines.append("</div>")
    return lines


def _parts_html(parts: Mapping[str, Any]) -> str:
    shown = []
    if "table" in parts:
        shown.append("table " + (" ".join(item_html(item) for item in parts["table"]) or "empty"))
    for key in ("zwicks", "captured_counts", "to_move", "over"):
        if key in parts:
            shown.append(f"{key.replace('_', ' ')} {parts[key]}")
    return "; ".join(shown)


def scenario_html(scenario: Scenario) -> list[str]:
    """A scenario for people: position, moves and outcome, with its pass badge."""
    data = scenario.data
    lines = [
        f'<div class="zc-scenario" id="{scenario.id}" markdown="0">',
        f'<p><span class="zc-pass">✔ passes</span> <b>{html.escape(scenario.title)}</b> '
        f'<a href="#{scenario.id}">{scenario.id}</a> · {scenario.kind.value} · '
        f"{scenario.provenance.value} · {scenario.players} players"
        + (f" · options {', '.join(scenario.options)}" if scenario.options else "")
        + "</p>",
        f"<p>{html.escape(data['description'])}</p>",
    ]
    if "position" in data:
        lines += _position_html(data["position"])
    if scenario.kind is Kind.MOVE:
        lines.append("<ol>")
        for step in data["steps"]:
            if step["expect"] == "legal":
                after = _parts_html(step.get("after", {}))
                outcome = "legal" + (f" → {after}" if after else "")
            else:
                outcome = f"illegal: <code>{step['error']}</code>"
            lines.append(f"<li>{move_html(step['move'])} — {outcome}</li>")
        lines.append("</ol>")
    elif scenario.kind is Kind.LEGAL_MOVES:
        expect = data["expect"]
        if "count" in expect:
            lines.append(f"<p>{expect['count']} legal moves.</p>")
        for key, label in (("moves", "Exactly"), ("includes", "Legal"), ("excludes", "Not legal")):
            if key in expect:
                moves = ", ".join(move_html(move) for move in expect[key])
                lines.append(f"<p>{label}: {moves}</p>")
        for entry in expect.get("perft", ()):
            lines.append(f"<p>Perft depth {entry['depth']}: {entry['count']}</p>")
    elif scenario.kind is Kind.GAME:
        result = data["result"]
        lines.append(
            f"<p>{len(data['moves'])} moves; result by side: "
            + "; ".join(f"{key} {value}" for key, value in result.items())
            + "</p>"
        )
    elif scenario.kind is Kind.DEAL:
        for number, stage in enumerate(data["stages"], start=1):
            hands = " · ".join(
                f"seat {seat}: {cards_html(hand)}" for seat, hand in enumerate(stage["hands"])
            )
            table = cards_html(stage.get("table", ()))
            lines.append(f"<p>Stage {number}: {hands}; table {table}</p>")
    elif scenario.kind is Kind.SCORE:
        counts = ", ".join(str(len(pile)) for pile in data["captured"])
        expect = "; ".join(f"{key} {value}" for key, value in data["expect"].items())
        lines.append(f"<p>Cards captured by side: {counts}; zwicks {data['zwicks']}. {expect}</p>")
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
    data = scenario.data
    deck = deck_from_stages(scenario, data["dealer"], data["deal"]["stages"])
    position = start_hand(
        scenario.variant, scenario.players, data["dealer"], deck, scenario.options
    )
    lines = [
        f"# {scenario.title}",
        "",
        data["description"],
        "",
        f"Scenario [{scenario.id}](variants/{scenario.variant.id}.md#{scenario.id}), replayed "
        "by the reference interpreter while this page was built.",
        "",
    ]
    for erratum in data.get("errata", ()):
        lines += ['!!! warning "Erratum"', f"    {erratum}", ""]
    lines += ["## Deal", ""]
    lines += _position_html(position_to_data(position))
    lines += [
        "",
        "## Play",
        "",
        "| # | seat | move | table after | cards by side | zwicks |",
        "|---|---|---|---|---|---|",
    ]
    moves = [(game_move.seat, game_move.move) for game_move in scenario.moves]
    for played in replay_moves(position, moves, play):
        number, seat, position = played.number, played.seat, played.after
        if played.dealt:
            hands = " · ".join(
                f"seat {s}: {cards_html(map(str, hand))}" for s, hand in enumerate(position.hands)
            )
            lines.append(f"| | | **deal {position.stage}**: {hands} | | | |")
        table = " ".join(item_html(item) for item in position_to_data(position)["table"]) or "—"
        counts = ", ".join(str(len(pile)) for pile in position.captured)
        raw = data["moves"][number - 1]["move"]
        zwicks = ", ".join(map(str, position.zwicks))
        lines.append(f"| {number} | {seat} | {move_html(raw)} | {table} | {counts} | {zwicks} |")
    result = data["result"]
    lines += ["", "## Result", "", "| side | cards | zwicks | points |", "|---|---|---|---|"]
    for side, (cards, zwicks, points) in enumerate(
        zip(result["cards"], result["zwicks"], result["points"], strict=True)
    ):
        lines.append(f"| {side} | {cards} | {zwicks} | {points} |")
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
