"""The conformance kit: the protocol, the reference served over it, and engines that fail."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.engine_timeouts import ANSWER_TIMEOUT, HANG_TIMEOUT
from zwicker_ref.cli import main
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.protocol import OPERATIONS, answer, serve
from zwicker_ref.protocol.messages import OPTIONAL_OPERATIONS
from zwicker_ref.rules.spec_loader import load_variant

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
    # Served, every operation; answer() alone leaves the optional ones out, so that a
    # wrapper that changes its legal and apply answers is not asked a perft or a play.
    assert replies[0]["ops"] == [op for op in OPERATIONS if op != "quit"]
    assert answer({"id": 1, "op": "hello"})["ops"] == [
        op for op in OPERATIONS if op != "quit" and op not in OPTIONAL_OPERATIONS
    ]
    assert {"count", "play", "perft"} == OPTIONAL_OPERATIONS
    assert replies[1]["error"] == "bad-request"
    assert (replies[2]["id"], replies[2]["error"]) == (2, "bad-request")
    assert replies[3] == {"id": 3, "ok": True}


@pytest.mark.parametrize("ending", ["quit", "end of input"])
def test_the_served_process_answers_everything_then_exits(ending: str) -> None:
    # `zwicker serve` leaves without tearing its memory down (os._exit): every answer
    # must still reach the runner, and the exit status must still say all went well.
    variant = load_variant("dithmarschen")
    position = position_to_data(start_hand(variant, 4, 3, shuffled_deck(variant.rules, 4, 7)))
    lines = [json.dumps({"id": 1, "op": "hello"})]
    lines += [json.dumps({"id": 2 + i, "op": "legal", "position": position}) for i in range(50)]
    if ending == "quit":
        lines.append(json.dumps({"id": 99, "op": "quit"}))
    result = subprocess.run(
        [PYTHON, "-m", "zwicker_ref", "serve"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert (result.returncode, result.stderr) == (0, "")
    assert [reply["id"] for reply in replies] == [json.loads(line)["id"] for line in lines]
    assert all(reply["ok"] for reply in replies)


def test_the_reference_served_passes_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{PYTHON} -m zwicker_ref.cli serve"
    assert main(["conform", "--engine", engine]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"[0-9]+ passed, 0 failed, 0 skipped in [0-9]+\.[0-9] s", last), last


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
        ("hang", f"engine fault: no answer to legal within {HANG_TIMEOUT:g} s"),
        ("garbage", "engine fault: not JSON in answer to legal"),
        ("disorder", "engine fault: answer out of order"),
        ("float-id", "engine fault: the answer to legal has id "),
        ("wrong", "legal moves: expected 11, got 10; missing: "),
    ],
)
def test_a_broken_engine_is_caught_named_and_the_run_completes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, reason: str
) -> None:
    # Only the engine that hangs is waited for briefly (its starts as long as they take:
    # conftest.py), so the short timeout is run out by the hang alone, however busy the
    # machine.
    timeout = HANG_TIMEOUT if mode == "hang" else ANSWER_TIMEOUT
    corpus = corpus_of(tmp_path, LEGAL_CASES * 1)
    second = corpus / "second.yaml"
    second.write_text(
        LEGAL_CASES[0]
        .read_text(encoding="utf-8")
        .replace("id: dith-capture-jack-sweep", "id: dith-capture-jack-sweep-again"),
        encoding="utf-8",
    )
    engine = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} {mode}"
    status = main(["conform", "--engine", engine, "--timeout", f"{timeout:g}", str(corpus)])
    out = capsys.readouterr().out
    assert status == 1
    assert out.count(reason) == 2, out
    assert re.fullmatch(
        r"0 passed, 2 failed, 0 skipped in [0-9]+\.[0-9] s", out.strip().splitlines()[-1]
    )
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
    # Every kind of case, so every operation is exchanged: once by an engine that answers
    # every operation (it plays games and walks perft trees itself), once by one without
    # play and perft, which is asked the counts of a game's moves and of perft's last ply.
    variant = ROOT / "scenarios" / "grossenwiehe"
    folders = [str(folder) for folder in sorted(variant.iterdir())]
    assert main(["conform", "--engine", engine, *folders]) == 0
    walked = [
        str(variant / "playthrough" / "3p.yaml"),
        str(variant / "perft" / "2p-middle.yaml"),
    ]
    assert main(["conform", "--engine", f"{engine} perft,play", *walked]) == 0
    capsys.readouterr()
    requests, answers = validator("protocol"), definition_validator("protocol", "answer")
    operations = set()
    for line in log.read_text(encoding="utf-8").splitlines():
        message = json.loads(line)
        operations.add(message["request"]["op"])
        assert not list(requests.iter_errors(message["request"])), message["request"]
        assert not list(answers.iter_errors(message["answer"])), message["answer"]
    assert set(OPERATIONS) - {"quit"} <= operations


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


HELLO = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'hello_engine.py'}"


@pytest.mark.parametrize(
    ("mode", "reason"),
    [("empty", "no valid answer to hello"), ("old", "says protocol 0, not 1")],
)
def test_an_engine_without_a_protocol_hello_is_refused_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, reason: str
) -> None:
    log = tmp_path / "ops.log"
    status = main(["conform", "--engine", f"{HELLO} {mode} {log}", "--variant", "zwick"])
    err = capsys.readouterr().err
    assert status == 2
    assert "is not a protocol 1 engine" in err
    assert reason in err
    assert log.read_text(encoding="utf-8").split().count("hello") == 1  # never restarted


def test_an_answer_id_must_be_the_request_s_json_integer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # true == 1 and 2.0 == 2 in Python; on the wire they are not the ids that were sent.
    engine = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} bool-id"
    assert main(["conform", "--engine", engine, "--variant", "zwick"]) == 2
    err = capsys.readouterr().err
    assert "no valid answer to hello (the answer to hello has id true, not the JSON " in err
    engine = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'} float-id"
    corpus = [str(path) for path in LEGAL_CASES]
    assert main(["conform", "--engine", engine, *corpus]) == 1
    out = capsys.readouterr().out
    assert re.search(r"the answer to legal has id (\d+)\.0, not the JSON integer \1 ", out), out


def test_a_refused_engine_is_not_restarted_for_every_request(tmp_path: Path) -> None:
    from zwicker_ref.conformance.reference import EngineFault
    from zwicker_ref.protocol import ProcessEngine

    log = tmp_path / "ops.log"
    engine = ProcessEngine(f"{HELLO} empty {log}")
    for _ in range(5):
        with pytest.raises(EngineFault, match="not a protocol 1 engine"):
            engine.open()
    engine.close()
    assert log.read_text(encoding="utf-8").split().count("hello") == 1
    assert engine.restarts == 0


def test_hello_ops_are_honoured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "ops.log"
    engine = f"{HELLO} apply-only {log}"
    assert main(["conform", "--engine", engine, "--variant", "zwick", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(log.read_text(encoding="utf-8").split()) == {"hello", "legal", "apply", "quit"}
    skipped = [s for s in report["scenarios"] if s["status"] == "skipped"]
    assert skipped
    assert report["passed"] > 0


def test_hello_options_are_honoured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from zwicker_ref.conformance.reference import Setup, Unsupported
    from zwicker_ref.protocol import ProcessEngine

    engine = ProcessEngine(f"{HELLO} no-options {tmp_path / 'ops.log'}")
    try:
        setup = Setup(variant="zwick", options=("no-same-value",), players=2, dealer=1)
        with pytest.raises(Unsupported, match="option no-same-value"):
            engine.score(setup, [[], []], [0, 0])
        plain = Setup(variant="zwick", options=(), players=2, dealer=1)
        assert len(engine.score(plain, [[], []], [0, 0])) == 2
    finally:
        engine.close()
    assert "score" in (tmp_path / "ops.log").read_text(encoding="utf-8").split()
    # Fuzzing narrows its games to what the engine supports, and says so.
    status = main(
        [
            "conform",
            "--engine",
            f"{HELLO} no-options {tmp_path / 'b.log'}",
            "--fuzz",
            "2",
            "--variant",
            "zwick",
            "--players",
            "2",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "not supported by the engine: zwick+initial-twos-singly 2 players" in out


APPLY_BUGS = [
    "three-item-captures",
    "trail-with-capture",
    "zwick-uncounted",
    "last-capture-kept",
    "stage-lead",
    "skip-empty-hands",
]


@pytest.fixture(scope="module")
def cases_without_dealing() -> list[Any]:
    """The corpus's move and legal-moves scenarios (read once for the tests below)."""
    from zwicker_ref.conformance.scenarios import Kind, load_corpus

    scenarios, _problems = load_corpus([ROOT / "scenarios"])
    return [s for s in scenarios if s.kind in (Kind.MOVE, Kind.LEGAL_MOVES)]


@pytest.mark.parametrize("bug", APPLY_BUGS)
def test_the_corpus_catches_each_rule_bug_twice_without_dealing(
    bug: str, cases_without_dealing: list[Any]
) -> None:
    """An engine of ``legal`` and ``apply`` only still fails two cases for each rule bug."""
    from zwicker_ref.conformance.runner import run_scenario
    from zwicker_ref.protocol import ProcessEngine

    faulty = ROOT / "tests" / "engines" / "faulty_engine.py"
    engine = ProcessEngine(f"{PYTHON} {faulty} {bug} apply-only")
    failed: list[str] = []
    try:
        for scenario in cases_without_dealing:
            outcome = run_scenario(scenario, engine)
            assert outcome.skipped is None, (scenario.id, outcome.skipped)
            if outcome.differences:
                failed.append(scenario.id)
                if len(failed) == 2:
                    break
    finally:
        engine.close()
    assert len(failed) == 2, f"{bug} is caught only by {failed}"


def test_an_engine_output_closed_under_its_reader_ends_the_reading() -> None:
    """``close`` may close an engine's output before the thread reading it has read its end
    (on a busy machine it often does): the reader stops there, marking the end, and raises
    nothing (an exception in that thread failed whichever test was running)."""
    import queue

    from zwicker_ref.protocol.pipes import pump

    stream = io.StringIO("an answer never read\n")
    stream.close()
    lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
    pump(stream, lines)
    assert lines.get_nowait() is None
    assert lines.empty()
