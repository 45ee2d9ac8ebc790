"""`zwicker validate` knows every file the project ships (issue 33, §3.10).

`zwicker validate spec` failed on the project's own `spec/corpus.yaml` ("not a file zwicker
knows"). Every shipped file must validate, and `validate` with no path covers them all:
the variant specs, the sources manifest, the corpus version, the JSON Schemas, the
scenarios and the example position.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zwicker_ref.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _shipped() -> set[str]:
    return {
        str(path.relative_to(ROOT))
        for folder in ("spec", "scenarios", "examples")
        for pattern in ("*.yaml", "*.json")
        for path in (ROOT / folder).rglob(pattern)
    }


def test_validate_spec_passes_on_every_file_of_spec(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["validate", "spec"]) == 0
    out = capsys.readouterr().out
    assert "ok   spec/corpus.yaml" in out
    assert "ok   spec/schema/position.schema.json" in out
    assert "ok   spec/sources.yaml" in out


def test_validate_with_no_path_covers_every_shipped_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    checked = {
        str(Path(line[5:]).resolve().relative_to(ROOT))
        for line in out.splitlines()
        if line.startswith("ok   ")
    }
    assert checked == _shipped()
    assert "examples/position.yaml" in checked
    assert re.search(rf"^{len(checked)} valid, 0 invalid$", out, re.MULTILINE)


def test_a_wrong_corpus_version_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "corpus.yaml"
    bad.write_text('version: "1.1"\n', encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:1: at version '1.1' is not a semantic version" in out
    assert "[schema-violation]" in out
    bad.write_text("version: 1.1\n", encoding="utf-8")  # a number, not a version
    assert main(["validate", str(bad)]) == 1
    assert "expected string, found a number 1.1 [schema-violation]" in capsys.readouterr().out


def test_a_broken_schema_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.schema.json"
    bad.write_text(
        '{"$schema": "https://json-schema.org/draft/2020-12/schema",\n'
        ' "$id": "urn:zwicker-rules:schema:x", "type": "thing"}\n',
        encoding="utf-8",
    )
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "not a valid JSON Schema" in out
    assert "[schema-violation]" in out


def test_a_bad_position_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "position.yaml"
    bad.write_text(
        "format: 1\nvariant: zwick\nplayers: 2\nhands: [[AH, AH], [2C]]\ntable: []\n",
        encoding="utf-8",
    )
    assert main(["validate", str(bad)]) == 1
    assert "[invalid-position]" in capsys.readouterr().out
