"""Asking an engine ahead for the scenarios to come changes nothing but the time it takes.

``zwicker conform`` offers each scenario to the engine's connection as the corpus is
read (``ScenarioQueue``), and the connection writes the first requests of the scenarios
to come while the runner reads files and checks answers. For an engine whose answers
depend only on the request, every outcome and the number of restarts are those of the
same scenarios run one at a time, and the same requests are sent, each once: a fault met
reading an answer asked ahead is the fault of the scenario it was asked for, not of the
one under way; a run that sends other requests than it was rehearsed with gets its own
answers; runs left before their turn leave the connection as it was.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.engine_timeouts import ANSWER_TIMEOUT, HANG_TIMEOUT
from zwicker_ref.conformance.reference import REFERENCE
from zwicker_ref.conformance.runner import Outcome, ScenarioQueue, run_scenario
from zwicker_ref.conformance.scenario_kinds import LegalMovesBody
from zwicker_ref.conformance.scenarios import Scenario, load_corpus, load_scenario
from zwicker_ref.engine.core.position import Position
from zwicker_ref.formats.notation import format_move
from zwicker_ref.protocol import ProcessEngine
from zwicker_ref.protocol import ahead as ahead_module

PYTHON = sys.executable
SERVE = f"{PYTHON} -m zwicker_ref.cli serve"
BROKEN = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'broken_engine.py'}"
FAULTY = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'faulty_engine.py'}"
LOGGING = f"{PYTHON} {ROOT / 'tests' / 'engines' / 'logging_engine.py'}"
CLASSIC = ROOT / "scenarios" / "classic"
# Move scenarios of several steps (each step's request waits for the one before), and
# listings (a broken engine breaks every `legal` request, whichever scenario sends it).
FOUR_STEPS = CLASSIC / "build" / "builder-not-bound.yaml"
ANOTHER_FOUR = CLASSIC / "turn" / "clockwise-from-forehand.yaml"
LISTING = CLASSIC / "capture" / "queen-legal-moves.yaml"
ANOTHER_LISTING = CLASSIC / "capture" / "ace-only-eleven.yaml"
SCORE = CLASSIC / "score" / "four-players-no-teams.yaml"


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The runs (by index) whose first requests were written ahead, as they were."""
    owners: list[int] = []
    add = ahead_module.AskedAhead.add

    def recorded(self: ahead_module.AskedAhead, owner: int, *rest: object) -> None:
        owners.append(owner)
        add(self, owner, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(ahead_module.AskedAhead, "add", recorded)
    return owners


def queued(engine: ProcessEngine, paths: list[Path]) -> tuple[list[Scenario], list[Outcome]]:
    """The scenarios of ``paths`` offered as they are read, then run: their outcomes."""
    queue = ScenarioQueue(engine)
    scenarios, problems = load_corpus(paths, each=queue.add)
    assert not problems
    return scenarios, list(queue.outcomes())


def _seen(outcomes: list[Outcome]) -> list[tuple[str, tuple[str, ...], str | None]]:
    return [(o.scenario.id, o.differences, o.skipped) for o in outcomes]


def corpus_of(tmp_path: Path, files: list[Path]) -> Path:
    """The files in this order (the corpus is read sorted by name)."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for place, path in enumerate(files, start=1):
        shutil.copy(path, corpus / f"{place:02d}-{path.name}")
    return corpus


def _position(path: Path) -> Position:
    body = load_scenario(path).body
    assert isinstance(body, LegalMovesBody)
    return body.position


def _requests(log: Path) -> list[str]:
    """The requests of a logged run, without their ids, in the order the engine read them."""
    requests = []
    for line in log.read_text(encoding="utf-8").splitlines():
        request = json.loads(line)["request"]
        if request["op"] not in ("hello", "quit"):
            del request["id"]
            requests.append(json.dumps(request, sort_keys=True))
    return requests


def test_the_same_requests_are_sent_each_once_only_earlier(
    tmp_path: Path, process: Callable[..., ProcessEngine], asked: list[int]
) -> None:
    ahead_log, one_log = tmp_path / "ahead.jsonl", tmp_path / "one.jsonl"
    ahead = process(f"{LOGGING} {ahead_log}")
    scenarios, outcomes = queued(ahead, [CLASSIC])
    one = process(f"{LOGGING} {one_log}")
    one_at_a_time = [run_scenario(scenario, one) for scenario in scenarios]
    ahead.close()
    one.close()  # the logs are written out
    assert _seen(outcomes) == _seen(one_at_a_time)
    assert all(outcome.passed for outcome in outcomes)
    sent, alone = _requests(ahead_log), _requests(one_log)
    assert Counter(sent) == Counter(alone)  # no request added, none left out
    assert sent != alone  # in another order: asked ahead
    assert len(asked) > len(scenarios) / 2


@pytest.mark.parametrize("bug", ["three-item-captures", "zwick-uncounted", "no-most-cards"])
def test_an_engine_with_a_rule_bug_fails_the_same_scenarios_the_same_way(
    bug: str, process: Callable[..., ProcessEngine], asked: list[int]
) -> None:
    scenarios, outcomes = queued(process(f"{FAULTY} {bug}"), [CLASSIC])
    one = process(f"{FAULTY} {bug}")
    assert _seen(outcomes) == _seen([run_scenario(scenario, one) for scenario in scenarios])
    assert not all(outcome.passed for outcome in outcomes)
    assert asked


@pytest.mark.parametrize("room", [600, 4000])
def test_a_pipe_with_little_room_takes_fewer_ahead_and_changes_nothing(
    room: int, process: Callable[..., ProcessEngine], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Requests asked ahead never fill the pipe: with less room, fewer are written."""
    engine = process(SERVE)
    engine.open()
    monkeypatch.setattr(engine, "_room", room)
    scenarios, outcomes = queued(engine, [CLASSIC / "capture", CLASSIC / "build"])
    assert all(outcome.passed for outcome in outcomes), _seen(outcomes)
    assert len(outcomes) == len(scenarios)
    assert engine.restarts == 0


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "engine fault: the engine exited (code 3) during legal"),
        ("garbage", "engine fault: not JSON in answer to legal: 'this is not JSON'"),
        ("hang", f"engine fault: no answer to legal within {HANG_TIMEOUT:g} s"),
    ],
)
def test_a_fault_reading_an_answer_asked_ahead_is_its_own_scenario_s(
    mode: str,
    reason: str,
    tmp_path: Path,
    process: Callable[..., ProcessEngine],
    asked: list[int],
) -> None:
    """The listing that breaks the engine was asked while a move scenario before it ran.

    That scenario's next steps were written behind it and lost with the engine: they are
    sent again, and it passes; the listing's scenario meets the fault when its turn
    comes, without another restart.
    """
    files = [FOUR_STEPS, LISTING, ANOTHER_FOUR]
    if mode != "hang":  # each hang is waited out: one is enough
        files.append(ANOTHER_LISTING)
    corpus = corpus_of(tmp_path, files)
    timeout = HANG_TIMEOUT if mode == "hang" else ANSWER_TIMEOUT
    engine = process(f"{BROKEN} {mode}", timeout)
    engine.open()  # greeted before the corpus is read: the listing is asked ahead
    scenarios, outcomes = queued(engine, [corpus])
    alone = process(f"{BROKEN} {mode}", timeout)
    one_at_a_time = [run_scenario(scenario, alone) for scenario in scenarios]
    assert _seen(outcomes) == _seen(one_at_a_time)
    assert [outcome.passed for outcome in outcomes] == [True, False, True, False][: len(files)]
    assert all(reason in outcome.differences[0] for outcome in outcomes[1::2])
    assert engine.restarts == alone.restarts == 1  # after the first fault: before the third
    assert 1 in asked


def test_a_run_that_sends_other_requests_than_rehearsed_gets_its_own_answers(
    process: Callable[..., ProcessEngine],
) -> None:
    rehearsed, sent = (_position(path) for path in (LISTING, ANOTHER_LISTING))
    engine = process(SERVE)
    engine.open()
    calls: list[str] = []

    def run() -> list[str]:
        # Rehearsed, it lists one position; run, another (a run that is not the same
        # each time it runs, which a scenario never is).
        calls.append("run")
        return sorted(map(format_move, engine.legal(rehearsed if len(calls) == 1 else sent)))

    engine.offer(run)
    engine.begin(0)
    assert calls == ["run"]  # rehearsed when offered
    assert run() == sorted(map(format_move, REFERENCE.legal(sent)))
    engine.forget_runs()
    assert sorted(map(format_move, engine.legal(rehearsed))) == sorted(
        map(format_move, REFERENCE.legal(rehearsed))
    )
    assert engine.restarts == 0


def test_runs_forgotten_before_their_turn_leave_the_connection_usable(
    process: Callable[..., ProcessEngine],
) -> None:
    """The engine hangs on every listing: the one asked ahead never answers.

    Forgetting the runs stops that engine (a later request would wait behind the
    listing); the next request starts it again, and that is no restart.
    """
    score, listing = load_scenario(SCORE), load_scenario(LISTING)
    engine = process(f"{BROKEN} hang", HANG_TIMEOUT)
    engine.open()
    queue = ScenarioQueue(engine)
    queue.add(score)
    queue.add(listing)
    outcomes = queue.outcomes()
    assert next(outcomes).passed  # one request, answered before the listing asked ahead
    outcomes.close()  # the run stops before the listing's turn
    assert run_scenario(score, engine).passed
    assert engine.restarts == 0
