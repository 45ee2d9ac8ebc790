"""Hostile input for every reader: the cases, and a run of one under memory and CPU limits.

Each case is a file (or standard input) built to hurt a reader: a "billion laughs" of
nested aliases, an alias inside its own anchor, nesting hundreds deep, a file of a
gigabyte, a flood of errors of one kind, and the classes of bad input handled before
(not UTF-8, not YAML, a key twice, an empty file). Each reader is a ``zwicker`` command
line that reads such a file. :func:`run_limited` runs a command in a fresh process with
an address-space limit and a CPU-time limit (``resource.setrlimit`` in ``preexec_fn``),
and measures its time and peak memory: a blow-up is caught as a process killed or out
of memory, never by comparing times. ``tests/test_hostile_input.py`` checks every
reader against every case; ``benchmarks/bench_hostile.py`` prints the figures.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MEMORY_LIMIT = 300 * 1024 * 1024
"""Address space a reader's process may take (bytes)."""
CPU_LIMIT = 20
"""CPU seconds a reader's process may take: generous, to catch a blow-up, not to time."""
WALL_LIMIT = 300.0
"""A safety net only: a process still running after this long is killed (and fails)."""


def billion_laughs(depth: int = 10) -> str:
    """The issue's 532-byte bomb: ``depth`` levels, each alias used nine times."""
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, depth):
        aliases = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{aliases}]")
    return "\n".join(lines) + "\n"


def _position(stock: str) -> str:
    return (
        "format: 1\nvariant: dithmarschen\nplayers: 4\ndealer: 3\nto_move: 0\nstage: 1\n"
        f"hands: [[10D], [2C], [5C], []]\ntable: []\nstock: [{stock}]\n"
    )


def duplicate_cards(count: int = 150_000) -> str:
    """A position whose stock repeats one card ``count`` times (the error flood)."""
    return _position(", ".join(["9C"] * count))


def wrong_cards(count: int = 150_000) -> str:
    """A position whose stock is ``count`` texts that are no card: a flood of schema errors."""
    return _position(", ".join(["XX"] * count))


def comments(count: int = 40_000) -> str:
    """A scenario-like file of ``count`` list items, each with a comment of many ``#``."""
    return "kind: move\nprovenance: hand\nitems:\n" + "- a # # # #\n" * count


def duplicate_keys(count: int = 90_000) -> str:
    """A mapping with one key ``count`` times: a flood of ``yaml-duplicate-key``."""
    return "format: 1\n" + "x: 1\n" * count


def scenario_of(position: str) -> str:
    """A legal-moves scenario around ``position`` (a flood inside a scenario)."""
    body = "".join(f"  {line}\n" for line in position.splitlines() if line.split(":")[0] in _PLACE)
    return (
        "format: 1\nid: hostile-flood\ntitle: A flood\nkind: legal-moves\nvariant: dithmarschen\n"
        "players: 4\nclauses: [trail.play]\nsource: constructed\nprovenance: hand\n"
        f"description: A flood of one card, repeated.\nposition:\n{body}expect:\n  count: 1\n"
    )


_PLACE = ("dealer", "to_move", "stage", "hands", "table", "stock")


@dataclass(frozen=True, kw_only=True, slots=True)
class Case:
    """One hostile file and the code a reader must answer it with."""

    name: str
    code: str
    make: Callable[[Path], None]
    """Writes the file to the path given."""
    flood: bool = False
    """The answer counts most problems (``… and N more``) instead of listing them."""
    suffix: str = ".yaml"
    """The file's suffix (``.json`` for the JSON readers' cases)."""


def _text(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


def _sparse(size: int) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with path.open("wb") as handle:
            handle.truncate(size)  # a gigabyte that takes no room on disk

    return make


CASES = (
    Case(name="billion-laughs", code="file-too-large", make=_text(billion_laughs())),
    Case(name="recursive-alias", code="yaml-alias-recursive", make=_text("a: &x [*x]\n")),
    Case(name="deep-nesting", code="nesting-too-deep", make=_text("a: " + "[" * 900 + "]" * 900)),
    Case(name="gigabyte", code="file-too-large", make=_sparse(1024**3)),
    Case(
        name="duplicate-keys", code="yaml-duplicate-key", make=_text(duplicate_keys()), flood=True
    ),
    Case(name="not-utf8", code="file-unreadable", make=lambda path: path.write_bytes(b"a: \xff\n")),
    Case(name="not-yaml", code="yaml-syntax", make=_text("a: [1, 2\nb: }\n")),
    Case(name="key-twice", code="yaml-duplicate-key", make=_text("a: 1\na: 2\n")),
)
"""The cases every YAML reader gets."""

JSON_CASES = (
    Case(
        name="json-deep-nesting",
        code="nesting-too-deep",
        make=_text("[" * 100_000 + "]" * 100_000),
        suffix=".json",
    ),
    Case(
        name="json-too-many-values",
        code="file-too-large",
        make=_text("[" + "0," * 299_999 + "0]"),
        suffix=".json",
    ),
    Case(name="json-gigabyte", code="file-too-large", make=_sparse(1024**3), suffix=".json"),
    Case(
        name="json-not-utf8",
        code="file-unreadable",
        make=lambda path: path.write_bytes(b'{"a": "\xff"}'),
        suffix=".json",
    ),
    Case(name="json-not-json", code="file-unreadable", make=_text('{"a": [1, 2'), suffix=".json"),
)
"""The cases the JSON file readers get (fuzz reports given to ``conform --merge``)."""

FLOODS = {
    "position": Case(
        name="duplicate-cards",
        code="invalid-position",
        make=_text(duplicate_cards()),
        flood=True,
    ),
    "schema": Case(
        name="wrong-cards",
        code="schema-violation",
        make=_text(wrong_cards()),
        flood=True,
    ),
    "fmt": Case(name="comments", code="fmt-comment", make=_text(comments()), flood=True),
    "scenario": Case(
        name="duplicate-cards-in-a-scenario",
        code="invalid-position",
        make=_text(scenario_of(duplicate_cards())),
        flood=True,
    ),
}
"""Floods for the readers they hit: duplicate cards (the issue's), wrong cards (schema
errors), comments that ``zwicker fmt`` refuses (many ``#`` among many values)."""

READERS: dict[str, tuple[str, ...]] = {
    "position": ("legal", "{file}"),
    "scenario": ("check", "{file}"),
    "validate": ("validate", "--quiet", "{file}"),
    "record": ("replay", "{file}"),
    "fmt": ("fmt", "--check", "{file}"),
    "new --from": ("new", "move", "--variant", "zwick", "--from", "{file}"),
    "fuzz report": ("conform", "--merge", "{file}"),
}
"""Every command that reads a YAML file a user hands it, by the reader it goes through.

``validate`` reads specs and the sources manifest as it reads scenarios (one reader,
then the check of the kind the document is); ``replay`` reads game and match records.
"""


@dataclass(frozen=True, slots=True)
class Result:
    """What a limited run gave."""

    status: int
    out: str
    err: str
    seconds: float
    peak_mb: float
    cpu_seconds: float = 0.0
    """User and system time: the cost, less swayed than wall time by a loaded machine."""

    @property
    def killed(self) -> bool:
        """True if a limit (or the safety net) ended the process: a signal, or no memory."""
        return self.status < 0 or "MemoryError" in self.err


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))


def run_limited(
    arguments: list[str],
    *,
    stdin: bytes = b"",
    stdout: Path | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> Result:
    """Run ``zwicker ARGUMENTS`` in a fresh process under the limits; its result and cost.

    ``stdout``: a file to write standard output to (``/dev/full`` for a full disk);
    otherwise it is captured. Time is wall time; memory the process's peak resident size.
    """
    command = [sys.executable, "-m", "zwicker_ref.cli", *arguments]
    if env and "ZWICKER_HOSTILE_PLAN" in env:
        command = [sys.executable, "-m", "tests.hostile_cases"]
        cwd_root = Path(__file__).resolve().parent.parent
        env = {**env, "PYTHONPATH": str(cwd_root)}
    with tempfile.TemporaryDirectory() as scratch:
        places = Path(scratch)
        (places / "in").write_bytes(stdin)
        out_path = stdout or places / "out"
        with (
            (places / "in").open("rb") as given,
            out_path.open("wb") as out,
            (places / "err").open("wb") as err,
        ):
            started = time.perf_counter()
            process = subprocess.Popen(
                command,
                stdin=given,
                stdout=out,
                stderr=err,
                cwd=cwd,
                env={**os.environ, **(env or {})},
                preexec_fn=_limits,
            )
            net = threading.Timer(WALL_LIMIT, lambda: os.kill(process.pid, signal.SIGKILL))
            net.start()
            try:
                _pid, status, usage = os.wait4(process.pid, 0)
            finally:
                net.cancel()
            seconds = time.perf_counter() - started
            process.returncode = os.waitstatus_to_exitcode(status)
        text = "" if stdout is not None else out_path.read_text("utf-8", errors="replace")
        return Result(
            status=process.returncode,
            out=text,
            err=(places / "err").read_text("utf-8", errors="replace"),
            seconds=seconds,
            peak_mb=usage.ru_maxrss / 1024,
            cpu_seconds=usage.ru_utime + usage.ru_stime,
        )


def reader_runs() -> list[tuple[str, Case]]:
    """Every (reader, case) pair the suite runs."""
    pairs = [(reader, case) for case in CASES for reader in READERS if reader != "fuzz report"]
    pairs += [("fuzz report", case) for case in JSON_CASES]
    pairs += [("position", FLOODS["position"]), ("position", FLOODS["schema"])]
    pairs += [("scenario", FLOODS["scenario"]), ("fmt", FLOODS["fmt"])]
    pairs += [("validate", FLOODS["scenario"])]
    return pairs


def _arguments(reader: str, path: Path) -> list[str]:
    return [part.replace("{file}", str(path)) for part in READERS[reader]]


def _file(case: Case, place: Path) -> Path:
    path = place / f"{case.name}{case.suffix}"
    if not path.exists():
        case.make(path)
    return path


def run_reader(reader: str, case: Case, place: Path) -> Result:
    """Run ``reader`` on ``case``'s file, written in ``place``, in a process of its own."""
    return run_limited(_arguments(reader, _file(case, place)), cwd=place)


def run_readers(readers: list[str], case: Case, place: Path) -> tuple[Result, list[Result]]:
    """Run each of ``readers`` on ``case``'s file one after another in one limited process.

    The process's result (its cost is that of the costliest reader, or more), and each
    reader's status and output as :func:`main` gave them in that process.
    """
    path = _file(case, place)
    plan = json.dumps([_arguments(reader, path) for reader in readers])
    whole = run_limited([], cwd=place, env={"ZWICKER_HOSTILE_PLAN": plan})
    if whole.status != 0 or whole.killed:
        return whole, []
    each = [
        Result(status=item["status"], out=item["out"], err=item["err"], seconds=0.0, peak_mb=0.0)
        for item in json.loads(whole.out)
    ]
    return whole, each


def _run_plan(plan: list[list[str]]) -> None:
    """Run each command line of ``plan`` with :func:`main`; print each status and output."""
    import contextlib
    import io
    import traceback

    from zwicker_ref.cli import main

    report = []
    for arguments in plan:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(arguments)
            except SystemExit as exit:
                status = exit.code if isinstance(exit.code, int) else 2
            except BaseException:  # what a user would see as a traceback
                traceback.print_exc()
                status = -1
        report.append({"status": status, "out": out.getvalue(), "err": err.getvalue()})
    print(json.dumps(report))


if __name__ == "__main__":
    _run_plan(json.loads(os.environ["ZWICKER_HOSTILE_PLAN"]))
