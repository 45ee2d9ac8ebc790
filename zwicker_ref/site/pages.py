"""The site's schemas page: each format's JSON Schema as a table of its fields."""

from __future__ import annotations

import html
import json

from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.site.files import published_path


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
        published = published_path(f"spec/schema/{path.name}")
        lines += [
            f"## {path.name}",
            "",
            schema.get("description", ""),
            "",
            f"The file: [`spec/schema/{path.name}`](../{published}) (corpus version "
            f"{corpus_identity().version}).",
            "",
        ]
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
