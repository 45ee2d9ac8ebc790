"""The whole corpus as one JSON document, for engines without a YAML reader.

The document holds every variant spec, every JSON Schema and every scenario, as the data
their files hold, the list of files it was made from (paths relative to the corpus root),
and the corpus's version and digest.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zwicker_ref._version import __version__
from zwicker_ref.conformance.scenarios import load_corpus
from zwicker_ref.documents.corpus import corpus_identity
from zwicker_ref.documents.locations import scenarios_dir, spec_dir
from zwicker_ref.documents.yamlfile import read_yaml
from zwicker_ref.errors import InvalidFileError
from zwicker_ref.rules.spec_loader import variant_ids, variants_dir


def export_data() -> dict[str, Any]:
    """The corpus document as plain data; :class:`InvalidFileError` if a file is invalid."""
    root = spec_dir().parent
    files: list[str] = []

    def relative(path: Path) -> str:
        text = str(path.resolve().relative_to(root.resolve()))
        files.append(text)
        return text

    schemas = {}
    for path in sorted((spec_dir() / "schema").glob("*.schema.json")):
        schemas[path.name] = json.loads(path.read_text(encoding="utf-8"))
        relative(path)
    variants = {}
    for variant_id in variant_ids():
        path = variants_dir() / f"{variant_id}.yaml"
        variants[variant_id] = read_yaml(path).data
        relative(path)
    scenarios, problems = load_corpus([scenarios_dir()])
    if problems:
        raise InvalidFileError(problems[0].file or "scenarios", problems)
    entries = []
    for scenario in scenarios:
        # The scenario as its file holds it (the loaded scenario is typed, not raw data).
        entries.append(
            {"file": relative(Path(scenario.file)), **read_yaml(Path(scenario.file)).data}
        )
    return {
        "format": 1,
        "generator": f"zwicker_ref {__version__}",
        "package": __version__,
        # Without the corpus root: the document is the same wherever it is made.
        "corpus": {
            key: value
            for key, value in corpus_identity().to_json().items()
            if key in ("version", "digest", "files")
        },
        "variants": variants,
        "schemas": schemas,
        "scenarios": entries,
        "files": files,
    }


def export_corpus() -> str:
    """The corpus document as JSON text."""
    return json.dumps(export_data(), indent=1, ensure_ascii=False, sort_keys=False) + "\n"
