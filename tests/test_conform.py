"""The conformance kit: the protocol, the reference served over it, and engines that fail."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from zwicker_ref.cli import main
from zwicker_ref.protocol import serve

PYTHON = sys.executable
LEGAL_CASES = [
    ROOT / "scenarios" / "dithmarschen" / "capture" / "jack-sweeps-the-table.yaml",
]


def corpus_of(tmp_path: Path, files: list[Path]) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in files:
        shutil.copy(path, corpus / path.name)
    return corpus


def test_serve_answers_hello_and_bad_requests() -> None:
    requests = (
        "\n".join(
            [
                json.dumps({"id": 1, "op": "hello"}),
                "not json",
                json.dumps({"id": 2, "op": "fly"}),
                json.dumps({"id": 3, "op": "quit"}),
            ]
        )
        + "\n"
    )
    out = io.StringIO()
    serve(io.StringIO(requests), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[0]["ok"] is True
    assert replies[0]["protocol"] == 1
    assert "dithmarschen" in replies[0]["variants"]
    assert replies[1]["error"] == "bad-request"
    assert (replies[2]["id"], replies[2]["error"]) == (2, "bad-request")
    assert replies[3] == {"id": 3, "ok": True}


def test_the_reference_served_passes_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{PYTHON} -m zwicker_ref.cli serve"
    assert main(["conform", "--engine", engine]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith(" failed, 0 skipped")
    assert " 0 failed" in last


def test_the_example_engine_passes_what_it_supports(capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{PYTHON} {ROOT / 'examples' / 'engines' / 'minimal_engine.py'}"
    assert main(["conform", "--engine", engine, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["failed"] == 0
    assert report["passed"] >= 1
    assert report["skipped"] > report["passed"]
    ran = [s for s in report["scenarios"] if s["status"] == "passed"]
    assert all(s["id"].startswith("dith-") for s in ran)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "engine fault: the engine exited"),
        ("hang", "engine fault: no answer to legal within 2 s"),
        ("garbage", "engine fault: not JSON in answer to legal"),
        ("disorder", "engine fault: answer out of order"),
        ("wrong", "legal moves: expected 11, got 10; missing: "),
    ],
)
def test_a_broken_engine_is_caught_named_and_the_run_completes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, reason: str
) -> None:
    corpus = corpus_of(tmp_path, LEGAL_CASES * 1)
    second = corpus / "second.yaml"
    second.write_text(
        LEGAL_CASES[0]
        .read_text(encoding="utf-8")
        .replace("id: dith-capture-jack-sweep", "id: dith-capture-jack-sweep-again"),
        encoding="utf-8",
    )
    engine = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} {mode}"
    status = main(["conform", "--engine", engine, "--timeout", "2", str(corpus)])
    out = capsys.readouterr().out
    assert status == 1
    assert out.count(reason) == 2, out
    assert out.strip().splitlines()[-1] == "0 passed, 2 failed, 0 skipped"
    if mode != "wrong":
        assert "restarted" in out


def test_expected_failures_stay_honest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = corpus_of(tmp_path, LEGAL_CASES)
    listed = tmp_path / "xfail.txt"
    listed.write_text("# known\ndith-capture-jack-sweep\n", encoding="utf-8")
    broken = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} wrong"
    assert (
        main(["conform", "--engine", broken, "--expected-failures", str(listed), str(corpus)]) == 0
    )
    assert "(1 expected failures)" in capsys.readouterr().out
    served = f"{PYTHON} -m zwicker_ref.cli serve"
    assert (
        main(["conform", "--engine", served, "--expected-failures", str(listed), str(corpus)]) == 1
    )
    out = capsys.readouterr().out
    assert "listed as an expected failure, but it passes" in out


def test_export_writes_one_document(tmp_path: Path) -> None:
    out = tmp_path / "corpus.json"
    assert main(["export", "--json", "--output", str(out)]) == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    assert set(document["variants"]) >= {"dithmarschen", "zwick"}
    assert "scenario.schema.json" in document["schemas"]
    assert document["scenarios"]
    assert "spec/variants/zwick.yaml" in document["files"]
    assert main(["export", "--json", "--output", str(out)]) == 2  # never overwrites


def test_every_message_of_a_run_follows_the_protocol_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from zwicker_ref.documents.schemas import definition_validator, validator

    log = tmp_path / "messages.jsonl"
    engine = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'logging_engine.py'} {log}"
    # Every kind of case, so every operation is exchanged.
    assert main(["conform", "--engine", engine, "--variant", "grossenwiehe"]) == 0
    capsys.readouterr()
    requests, answers = validator("protocol"), definition_validator("protocol", "answer")
    operations = set()
    for line in log.read_text(encoding="utf-8").splitlines():
        message = json.loads(line)
        operations.add(message["request"]["op"])
        assert not list(requests.iter_errors(message["request"])), message["request"]
        assert not list(answers.iter_errors(message["answer"])), message["answer"]
    assert {"hello", "start", "deal", "legal", "apply", "score"} <= operations


@pytest.mark.parametrize("mode", ["float-score", "text-score"])
def test_an_answer_with_a_number_of_the_wrong_type_is_an_engine_fault(
    mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} {mode}"
    status = main(["conform", "--engine", engine, "--variant", "dithmarschen", "--kind", "score"])
    out = capsys.readouterr().out
    assert status == 1
    assert "must be a JSON integer" in out
    assert "sides[0].points" in out
