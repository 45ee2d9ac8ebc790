"""The site's schemas page: each format's JSON Schema as a table of its fields."""

from __future__ import annotations

import html
import json
import re

from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.site.files import published_path
from zwicker_ref.site.labels import Language, label, schema_words

_CODE_SPAN = re.compile(r"(`[^`]*`)")


def markdown_words(text: str) -> str:
    """Plain words for a Markdown page: ``<``, ``>`` and ``&`` escaped outside code spans.

    A schema's description is plain text (``spec/variants/<id>.yaml``, where ``<id>`` would
    otherwise be read as a tag and vanish); inside a code span Markdown shows them as typed.
    """
    return "".join(
        part if part.startswith("`") else html.escape(part, quote=False)
        for part in _CODE_SPAN.split(text)
    )


def schemas_page(language: Language = "en") -> str:
    """The JSON Schemas of the formats, as tables of their properties, in ``language``.

    The schemas stay English; their descriptions and fields' meanings are shown in
    ``language`` (from ``spec/translations/``, checked against the English they translate).
    """
    words = schema_words(language)
    lines = [f"# {label(language, 'schemas.title')}", "", label(language, "schemas.intro"), ""]
    for path in sorted((spec_dir() / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        published = published_path(f"spec/schema/{path.name}")
        own = words[path.name]
        lines += [
            f"## {path.name}",
            "",
            markdown_words(own.description),
            "",
            label(
                language,
                "schemas.file",
                name=path.name,
                published=published,
                version=corpus_identity().version,
            ),
            "",
        ]
        properties = schema.get("properties", {})
        if properties:
            required = set(schema.get("required", ()))
            yes = label(language, "schemas.required")
            lines += [label(language, "schemas.head"), "|---|---|---|"]
            for name in properties:
                meaning = markdown_words(own.fields.get(name, "")).replace("|", "\\|")
                lines.append(f"| `{name}` | {yes if name in required else ''} | {meaning} |")
            lines.append("")
        definitions = schema.get("$defs", {})
        if definitions:
            names = ", ".join(f"`{name}`" for name in definitions)
            lines += [label(language, "schemas.definitions", names=names), ""]
    return "\n".join(lines) + "\n"
