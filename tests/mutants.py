"""Mutation check of the property suite: every law must catch a deliberate fault.

A law that never fails proves nothing. Each mutant of ``tests/law_mutants.yaml`` (data
beside this tool) is one deliberate fault in the interpreter (a small edit of its source,
described in words) aimed at one law of ``tests/test_properties.py`` or one fuzzer of
``tests/test_fuzz_*.py``. ``make mutants``
(``python -m tests.mutants``) copies the tree once per mutant into a temporary directory,
applies the edit there (the work tree is never touched), runs the law's tests against the
copy and reports whether they caught the fault ("killed") or not ("SURVIVED").

The tests run under the ``mutants`` hypothesis profile: the ``ci`` profile's examples
(derandomized, the same count) without shrinking, so a fault killed here is a fault
``make test`` catches, reported in seconds instead of minutes.

``tests/test_mutants.py`` (part of ``make test``) keeps this table honest: every edit still
applies to the current source exactly once, every law named here exists, and every law of
the property suite has a mutant aimed at it.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import yaml

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` (which must occur exactly once) with ``new`` in ``file``."""

    file: str
    old: str
    new: str


@dataclass(frozen=True)
class Mutant:
    """A deliberate fault, the law it is aimed at, and the tests that run that law."""

    id: str
    law: str
    """The test function (``tests/<module>.py::<name>``) that must catch the fault."""
    fault: str
    edits: tuple[Edit, ...]

    @property
    def module(self) -> str:
        return self.law.split("::")[0]

    @property
    def test_name(self) -> str:
        return self.law.split("::")[1]


MUTANT_TABLE = ROOT / "tests" / "law_mutants.yaml"
"""The mutants, as data: id, the law they are aimed at, the fault in words, the edits."""


def load_mutants(path: Path = MUTANT_TABLE) -> tuple[tuple[Mutant, ...], dict[str, str]]:
    """The mutants of ``path``, and the laws that have none with the reason why."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutants = tuple(
        Mutant(
            id=entry["id"],
            law=entry["law"],
            fault=entry["fault"],
            edits=tuple(Edit(**edit) for edit in entry["edits"]),
        )
        for entry in data["mutants"]
    )
    return mutants, {entry["law"]: entry["why"] for entry in data["laws_without_mutant"]}


MUTANTS, LAWS_WITHOUT_MUTANT = load_mutants()
"""The deliberate faults, and the property tests with no mutant of their own (and why)."""


class MutantError(Exception):
    """A mutant whose edit does not apply to the current source."""


class Faulty(Protocol):
    """Anything made of named source edits: a law mutant, or a bug of the corpus catalogue."""

    @property
    def id(self) -> str: ...

    @property
    def edits(self) -> tuple[Edit, ...]: ...


def apply(mutant: Faulty, tree: Path) -> None:
    """Make the mutant's edits in ``tree``; :class:`MutantError` if one does not apply."""
    for edit in mutant.edits:
        path = tree / edit.file
        text = path.read_text(encoding="utf-8")
        found = text.count(edit.old)
        if found != 1:
            raise MutantError(
                f"{mutant.id}: {edit.file} contains the text to replace {found} times, "
                f"not once: {edit.old!r}"
            )
        path.write_text(text.replace(edit.old, edit.new), encoding="utf-8")


def check_edits_apply(mutant: Faulty) -> None:
    """Apply ``mutant`` to a scratch copy of the files it edits: each edit applies exactly
    once, changes its file and leaves valid Python (a fault, not a syntax error) that uses
    no name it does not define.

    A mutant that names an undefined variable crashes wherever it runs, so any test
    "kills" it, whatever its law checks; ruff's F821 finds such names without running.
    """
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch)
        for edit in mutant.edits:
            (tree / edit.file).parent.mkdir(parents=True, exist_ok=True)
            (tree / edit.file).write_text((ROOT / edit.file).read_text("utf-8"), "utf-8")
        apply(mutant, tree)
        for edit in mutant.edits:
            changed = (tree / edit.file).read_text("utf-8")
            assert changed != (ROOT / edit.file).read_text("utf-8"), edit.file
            ast.parse(changed, filename=edit.file)
        undefined = undefined_names(sorted({tree / edit.file for edit in mutant.edits}))
        if undefined:
            raise MutantError(f"{mutant.id}: the edits use names never defined: {undefined}")


def undefined_names(paths: list[Path]) -> str:
    """What ruff reports of names used in ``paths`` but never defined (F821): '' if none."""
    command = [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache"]
    command += ["--select", "F821", "--output-format", "concise", "--quiet"]
    done = subprocess.run(
        [*command, *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):
        raise MutantError(f"ruff could not check the edited files: {done.stderr.strip()}")
    return " ".join(done.stdout.split())


_IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "site", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"
)


def copy_tree(destination: Path) -> Path:
    """A copy of the work tree (sources, specs, scenarios, tests) under ``destination``."""
    tree = destination / "tree"
    shutil.copytree(ROOT, tree, ignore=_IGNORED)
    return tree


@dataclass(frozen=True)
class Result:
    """What running a mutant's law against it gave."""

    mutant: Mutant | None
    status: str  # killed, SURVIVED, BROKEN (the tests could not run), or passed (no mutant)
    failed: tuple[str, ...]
    seconds: float
    output: str


def run(mutant: Mutant | None, laws: list[str]) -> Result:
    """Run ``laws`` against a copy of the tree with ``mutant`` applied (None: unchanged)."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="zwicker-mutant-") as scratch:
        tree = copy_tree(Path(scratch))
        if mutant is not None:
            apply(mutant, tree)
        # The copy's own package comes first on the path (the checkout is installed editable).
        env = {**os.environ, "PYTHONPATH": str(tree), "HYPOTHESIS_PROFILE": "mutants"}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-rfE", "-p", "no:cacheprovider", *laws],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    output = done.stdout + done.stderr
    failed = tuple(sorted(set(re.findall(r"^(?:FAILED|ERROR) (\S+)", output, re.MULTILINE))))
    if done.returncode == 0:
        status = "passed" if mutant is None else "SURVIVED"
    elif done.returncode == 1 and failed:
        status = "killed" if mutant is not None else "FAILED"
    else:
        status = "BROKEN"
    return Result(mutant, status, failed, time.monotonic() - started, output)


def _grouped(node_ids: tuple[str, ...]) -> str:
    """Failed tests by name, each with the variants it failed for: ``test_x[a, b]``."""
    by_name: dict[str, list[str]] = {}
    for node_id in node_ids:
        name, _, param = node_id.split("::")[-1].partition("[")
        by_name.setdefault(name, []).append(param.rstrip("]"))
    return ", ".join(
        f"{name}[{', '.join(params)}]" if any(params) else name for name, params in by_name.items()
    )


def main(argv: list[str] | None = None) -> int:
    """Run every mutant (or those named) and print a table; exit 1 unless all are killed."""
    parser = argparse.ArgumentParser(prog="python -m tests.mutants", description=__doc__)
    parser.add_argument("ids", nargs="*", help="run only these mutants (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel runs")
    args = parser.parse_args(argv)
    known = {mutant.id: mutant for mutant in MUTANTS}
    unknown = [name for name in args.ids if name not in known]
    if unknown:
        parser.error(f"no mutant {', '.join(unknown)}; --list shows them")
    chosen = [known[name] for name in args.ids] if args.ids else list(MUTANTS)
    if args.list:
        for mutant in chosen:
            print(f"{mutant.id:30} {mutant.law}\n{'':30} {mutant.fault}")
        return 0
    laws = sorted({mutant.law for mutant in chosen})
    baseline = run(None, laws)
    print(f"baseline (no fault): {baseline.status} in {baseline.seconds:.0f} s")
    if baseline.status != "passed":
        print(baseline.output)
        return 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda mutant: run(mutant, [mutant.law]), chosen))
    for result in results:
        assert result.mutant is not None
        caught = _grouped(result.failed) or "-"
        print(f"{result.status:9} {result.mutant.id:30} {result.seconds:5.0f} s  {caught}")
        if result.status == "BROKEN":
            print(result.output[-3000:])
    killed = sum(result.status == "killed" for result in results)
    print(f"{killed} killed, {len(results) - killed} not killed, of {len(results)} mutants")
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
