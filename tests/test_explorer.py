"""The explorer page: its Python answers, its files, and the page itself in Chromium.

The answers (zwicker_ref.site.explorer_answers) are checked here directly and then in the
browser, where the same module runs under Pyodide: every column's count against
``zwicker legal --count`` on the same position, a refused move's code, the next seat after
a move played by keyboard, a malformed pasted file's message, and not one request leaving
the local server.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from zwicker_ref.conformance.scenarios import Kind, Scenario, load_corpus
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.formats.position_io import dump_position_yaml, position_to_data
from zwicker_ref.site import explorer_answers as answers
from zwicker_ref.site.explorer_bundle import python_bundle
from zwicker_ref.site.explorer_rows import PLAY_TOPICS, disagreements
from zwicker_ref.site.grid import is_same_everywhere, row_cell, row_parameters
from zwicker_ref.site.grid_rows import grid_questions, row_topic
from zwicker_ref.site.links import VARIANT_ORDER, all_clause_ids, ordered_variants

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DRIVER = ROOT / "explorer" / "drive.mjs"
COLUMNS = [[variant, []] for variant in VARIANT_ORDER]
DOUBLED = """format: 1
variant: classic
players: 2
dealer: 1
to_move: 0
stage: 1
hands: [[9C, 9C], [2H]]
table: [4D]
"""


def ask(function: object, request: dict[str, object]) -> dict[str, object]:
    answer: dict[str, object] = json.loads(function(json.dumps(request)))  # type: ignore[operator]
    return answer


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "zwicker"), *args], capture_output=True, text=True, check=False, cwd=ROOT
    )


@functools.cache
def corpus() -> list[Scenario]:
    scenarios, problems = load_corpus([scenarios_dir()])
    assert not problems
    return scenarios


def test_a_malformed_pasted_file_gives_the_commands_message(tmp_path: Path) -> None:
    """The explorer reads a pasted file as `zwicker legal` reads a file: same text, same code."""
    path = tmp_path / "doubled.yaml"
    path.write_text(DOUBLED, "utf-8")
    printed = cli("legal", str(path)).stderr.strip()
    answer = ask(answers.open_position, {"text": DOUBLED, "columns": COLUMNS})
    assert answer["ok"] is False
    problems = answer["problems"]
    assert isinstance(problems, list)
    assert [p["code"] for p in problems] == ["invalid-position"]
    assert (
        printed == f"zwicker legal: {problems[0]['message'].replace('pasted position', str(path))}"
    )


def test_a_schema_violation_pasted_is_refused_with_its_code() -> None:
    answer = ask(answers.open_position, {"text": "format: 1\nplayers: two\n", "columns": COLUMNS})
    assert answer["ok"] is False
    assert "schema-violation" in json.dumps(answer)


def test_each_column_says_why_it_cannot_hold_a_position() -> None:
    five = DOUBLED.replace("[9C, 9C]", "[9C, 5C]")
    answer = ask(answers.open_position, {"text": five, "columns": COLUMNS})
    columns = answer["columns"]
    assert isinstance(columns, list)
    dith = columns[VARIANT_ORDER.index("dithmarschen")]
    assert dith["admitted"] is False
    assert dith["problems"][0]["code"] == "unsupported-player-count"
    assert columns[VARIANT_ORDER.index("classic")] == {"admitted": True, "count": 4}


def test_partnership_sides_are_counted_anew_or_merged() -> None:
    """Dithmarschen's four play as two teams, Christiansen's as four sides: seats' piles merge."""
    position = {
        "format": 1,
        "variant": "christiansen",
        "players": 4,
        "dealer": 3,
        "to_move": 0,
        "stage": 1,
        "hands": [["AH"], ["5C"], ["5D"], ["5S"]],
        "table": ["9S"],
        "captured": [["2C"], [], ["3C"], []],
        "zwicks": [1, 0, 0, 0],
    }
    answer = ask(answers.open_position, {"position": position, "columns": COLUMNS})
    assert all(column["admitted"] for column in answer["columns"])  # type: ignore[union-attr]
    merged = answers.position_under(json.dumps(position), ("dithmarschen", ()))
    assert [len(pile) for pile in merged.captured] == [2, 0]
    assert merged.zwicks == (1, 0)


def test_moves_are_grouped_marked_and_filtered_to_the_differences() -> None:
    position = json.loads(
        json.dumps(position_to_data(answers._read(DOUBLED.replace("9C, 9C", "9C, 5C"))))
    )
    request = {"position": position, "columns": COLUMNS, "column": VARIANT_ORDER.index("classic")}
    everything = ask(answers.list_moves, request)
    differences = ask(answers.list_moves, {**request, "differences": True})
    assert everything["total"] == 4
    assert [m["move"] for m in differences["moves"]] == ["5C>4D=9", "9C>4D=13"]  # type: ignore[index]
    assert {m["kind"] for m in everything["moves"]} == {"trail", "build"}  # type: ignore[union-attr]


def test_asking_and_playing_a_move() -> None:
    position = position_to_data(answers._read(DOUBLED.replace("9C, 9C", "9C, 5C")))
    verdicts = ask(
        answers.ask_move, {"position": position, "columns": COLUMNS, "move": "9C>4D=13@0"}
    )
    codes = [v.get("code") for v in verdicts["verdicts"]]  # type: ignore[union-attr]
    assert codes[VARIANT_ORDER.index("zwick")] == "value-not-held"
    assert codes[VARIANT_ORDER.index("classic")] == "owner-not-allowed"
    played = ask(
        answers.play_move,
        {"position": position, "columns": COLUMNS, "column": 3, "move": "9C>4D=13"},
    )
    assert played["position"]["to_move"] == 1  # type: ignore[index]
    assert played["state"]["over"] is False  # type: ignore[index]


def test_the_bundle_holds_no_compiled_code_and_the_explorer_never_loads_jsonschema() -> None:
    with zipfile.ZipFile(__import__("io").BytesIO(python_bundle())) as bundle:
        names = bundle.namelist()
    assert "zwicker_ref/site/explorer_answers.py" in names
    assert "yaml/__init__.py" in names
    assert "corpus/spec/variants/zwick.yaml" in names
    assert not [n for n in names if not n.endswith((".py", ".yaml", ".json", "README"))]
    code = (
        "import sys, json\n"
        "sys.modules['yaml._yaml'] = None\n"  # as in the browser: no libyaml
        "from zwicker_ref.site import explorer_answers as e\n"
        f"print(e.open_position(json.dumps({{'text': {DOUBLED!r}, 'columns': {COLUMNS!r}}})))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jsonschema', 'rpds')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_variants_loaded_from_the_pre_parsed_specs_are_the_parsed_ones() -> None:
    """The browser loads the specs from documents parsed at build time: the same variants."""
    code = (
        "import io, sys, zipfile\n"
        "sys.modules['yaml._yaml'] = None\n"
        "from zwicker_ref.site.explorer_bundle import SPEC_DOCUMENTS, python_bundle\n"
        "from zwicker_ref.site import explorer_answers\n"
        "from zwicker_ref.documents import yamlfile\n"
        "from zwicker_ref.rules.spec_loader import load_variant, load_variant_file, variants_dir\n"
        "documents = zipfile.ZipFile(io.BytesIO(python_bundle())).read(SPEC_DOCUMENTS)\n"
        "parse = yamlfile.parse_yaml\n"
        "explorer_answers.preload_specs(documents.decode())\n"
        "assert yamlfile.parse_yaml is parse\n"
        "for path in sorted(variants_dir().glob('*.yaml')):\n"
        "    assert load_variant(path.stem) == load_variant_file(path), path\n"
        "print('same')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.stdout.strip() == "same", out.stderr


def test_every_differing_row_about_play_has_a_disagreeing_position() -> None:
    variants = ordered_variants()
    differing = []
    for question in grid_questions(variants):
        params = row_parameters(question, variants)
        cells = [row_cell(question, variant, params) for variant in variants]
        if not is_same_everywhere(cells) and row_topic(question) in PLAY_TOPICS:
            differing.append(question)
    found = disagreements(variants, corpus(), all_clause_ids(variants))
    assert differing
    assert [q.anchor for q in differing if not set(q.clause_ids) & set(found)] == []


# The page in Chromium -----------------------------------------------------------------


def _browser_or_skip() -> None:
    if shutil.which("chromium") is None and not os.environ.get("ZWICKER_CHROMIUM"):
        pytest.skip("no Chromium found: install Debian's chromium package to run the browser test")
    if (
        shutil.which("node") is None
        or not (ROOT / "explorer" / "node_modules" / "playwright-core").is_dir()
    ):
        pytest.skip(
            "node or explorer/node_modules missing: run `npm ci --prefix explorer` (make test does)"
        )


@pytest.fixture(scope="module")
def served_site(built_site: Path) -> Iterator[str]:
    _browser_or_skip()
    handler = functools.partial(QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def _one_example_per_variant() -> list[Scenario]:
    chosen: dict[str, Scenario] = {}
    for scenario in sorted(corpus(), key=lambda s: s.id):
        if scenario.kind is Kind.MOVE and scenario.variant.id not in chosen:
            chosen[scenario.variant.id] = scenario
    return [chosen[variant] for variant in VARIANT_ORDER]


def drive(mode: str, site: str, plan: dict[str, object]) -> dict[str, Any]:
    """What explorer/drive.mjs reports of the page in ``mode``; no request left the server."""
    run = subprocess.run(
        ["node", str(DRIVER), mode, site, json.dumps(plan)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        cwd=ROOT / "explorer",
    )
    result: dict[str, Any] = json.loads(run.stdout or "{}")
    assert run.returncode == 0, result.get("error", run.stderr)
    assert result["outside"] == []  # not one request left the local server
    assert result["errors"] == []
    return result


def test_the_explorer_in_a_browser(served_site: str, tmp_path: Path) -> None:
    examples = _one_example_per_variant()
    plan = {
        "examples": [s.id for s in examples],
        "illegal": {"move": "AH>9S=10@0"},
        "malformed": DOUBLED,
    }
    # The last example opened is asked about the illegal move: make it dith-build-ace-on-nine.
    plan["examples"] = [*plan["examples"], "dith-build-ace-on-nine"]
    result = drive("check", served_site, plan)
    for scenario in examples:
        shown = result["examples"][scenario.id]["columns"]
        assert [c["variant"] for c in shown] == list(VARIANT_ORDER)
        assert scenario.position is not None
        data = json.dumps(position_to_data(scenario.position), sort_keys=True)
        for column in shown:
            if column["count"] is None:
                continue
            position = answers.position_under(data, (column["variant"], ()))
            path = tmp_path / f"{scenario.id}-{column['variant']}.yaml"
            path.write_text(dump_position_yaml(position), "utf-8")
            counted = cli("legal", str(path), "--count")
            assert counted.returncode == 0, counted.stderr
            assert column["count"] == int(counted.stdout), (scenario.id, column)
    # dith-build-ace-on-nine's first step: the ace built to 10 is refused for want of a 10.
    dith = result["verdicts"][VARIANT_ORDER.index("dithmarschen")]
    assert dith["code"] == "value-not-held"
    # The move played (by keyboard) was the first listed: seat 0 trails, seat 1 is next.
    assert result["played"] == "Play AH in dithmarschen"
    assert re.match(r"Seat 1 \(side 1\) is to move", result["next"])
    assert "position=" in result["afterUrl"]
    assert "pasted position:7: at hands[0][1] 9C appears twice" in result["malformed"]
    assert "invalid-position" in result["malformed"]


def test_the_german_explorer_speaks_german(served_site: str) -> None:
    """On de/explorer/ every word is German but the reference's own messages (marked en)."""
    plan = {"example": "dith-build-ace-on-nine", "illegal": "AH>9S=10@0"}
    result = drive("german", served_site, plan)
    assert result["headings"][:3] == [
        "Eine Stellung öffnen",
        "Die Stellung",
        "Nach einem Zug fragen",
    ]
    assert result["status"].startswith("Fertig: ")
    assert re.fullmatch(r"Platz \d+ \(Partei \d+\) ist am Zug\.", result["next"])
    assert all(re.search(r"\d+ erlaubte(r Zug| Züge)$", count) for count in result["counts"])
    assert result["words"]
    assert all(re.match(r"(zulegen|stechen|bauen): ", words) for words in result["words"])
    dith = VARIANT_ORDER.index("dithmarschen")
    assert result["verdicts"][dith]["code"] == "value-not-held"
    refused = result["verdictTexts"][dith]
    assert "✘ unerlaubt value-not-held Der Bauende behält keine Karte" in refused
    english = re.compile(r"\b(legal|illegal|the|seat|move|cannot|Play|Ask|Open|Read)\b")
    left = [text for text in [*result["labels"], *result["verdictTexts"]] if english.search(text)]
    assert left == []
