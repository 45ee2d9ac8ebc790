"""The site's other generated pages: sources and readings not chosen, schemas, games list."""

from __future__ import annotations

import html
import json

from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.rules.sources import load_sources
from zwicker_ref.rules.variant import Variant
from zwicker_ref.site.links import (
    citations_md,
    clause_page_path,
    link_clause_refs,
    source_anchor,
    variant_page_path,
)
from zwicker_ref.site.rulings import RULINGS, RULINGS_FILE


def sources_page(variants: list[Variant]) -> str:
    """Each source with its bibliographic data, and every reading not chosen."""
    lines = ["# Sources and discrepancies", "", "## Sources", ""]
    for source in load_sources():
        used = [
            f"[{v.id}]({variant_page_path(v.id)})"
            for v in variants
            if any(s.source == source.file for s in v.sources)
        ]
        lines += [
            f"### {html.escape(source.label)} {{#{source_anchor(source.id)}}}",
            "",
            f"*{html.escape(source.title)}*. {html.escape(source.author)}; {source.date}; "
            f"{source.language}; {source.kind}. File `{source.file}`.",
            "",
            f"{html.escape(source.covers)} Used by: {', '.join(used) or 'rulings only'}.",
            "",
        ]
        if source.file == RULINGS_FILE:
            lines += [
                "Every ruling, in the project's own words and with the readings not chosen, "
                f"is on the page [Rulings]({RULINGS}).",
                "",
            ]
    lines += ["", "## Readings not chosen", ""]
    for variant in variants:
        lines += [f"### {variant.id} {{#readings-{variant.id}}}", ""]
        targets = {
            clause.id: f"{clause_page_path(variant.id, clause.id)}#{clause.id}"
            for clause in variant.clauses
        }
        for clause in variant.clauses:
            for alternative in clause.alternatives:
                kind = (
                    f"option `{alternative.option}`"
                    if alternative.option
                    else ("not playable" if alternative.unplayable else "other reading")
                )
                cites = citations_md(alternative.citations, "")
                page = clause_page_path(variant.id, clause.id)
                lines.append(
                    f"- [{clause.id}]({page}#{clause.id}) ({kind}): "
                    f"chosen: {link_clause_refs(clause.text, targets)} **Other:** "
                    f"{link_clause_refs(alternative.text, targets)} ({cites})"
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
