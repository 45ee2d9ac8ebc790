"""The engine-bug catalogue: every realistic bug must be caught by at least two scenarios.

``tests/mutants.py`` shows that each law of the property suite catches a fault. This
tool does the same for the scenario corpus. Each bug of ``tests/corpus_mutants.yaml``
(data beside this tool) is a mistake an implementer could make in any language (reverse
subtraction, leftovers scored as a zwick, a tie sharing the most-cards points, an option
ignored, ...) injected into a copy of the reference interpreter by a small source edit.
``make corpus-mutants`` (``python -m tests.corpus_mutants``) copies the tree once per bug
into a temporary directory (the work tree is never touched), applies the edit there, runs
the whole corpus against the copy with ``zwicker check --json`` in one process, and lists
the scenarios that fail: they *catch* the bug. It fails unless every bug is caught by at
least two scenarios.

``--save`` writes the scenarios that catch each bug to ``tests/corpus_catches.json``
and regenerates the page ``docs/corpus-catches.md`` and its German edition
``docs/corpus-catches.de.md`` from it and the catalogue (the German page records the
digest of the English one it translates, as every German page does).
``tests/test_corpus_mutants.py`` (part of ``make test``) checks that every edit still
applies exactly once and leaves valid Python, and that the pages list exactly the
catalogue's bugs.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tests.mutants import ROOT, Edit, MutantError, apply, copy_tree
from zwicker_ref.site.links import GRID, grid_row_id

CATALOGUE = ROOT / "tests" / "corpus_mutants.yaml"
"""The bugs, as data: id, the bug in words, its rule area, clauses and variants, the edits."""
SAVED_RUN = ROOT / "tests" / "corpus_catches.json"
"""The scenarios that caught each bug in the last saved run."""
PAGE = ROOT / "docs" / "corpus-catches.md"
"""The public page generated from the catalogue and the saved run."""
PAGE_DE = ROOT / "docs" / "corpus-catches.de.md"
"""The same page in German, generated beside it."""
NEEDED = 2
"""How many scenarios must catch each bug."""


@dataclass(frozen=True)
class Bug:
    """A realistic engine bug, and the source edits that inject it."""

    id: str
    bug: str
    bug_de: str
    """The bug in German, for the German page."""
    area: str
    clauses: tuple[str, ...]
    variants: tuple[str, ...]
    edits: tuple[Edit, ...]


def load_bugs(path: Path = CATALOGUE) -> tuple[tuple[str, ...], tuple[Bug, ...]]:
    """The rule areas and the bugs of the catalogue at ``path``."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for entry in data["bugs"]:
        if not entry.get("bug_de"):
            raise MutantError(
                f"{path.name}: bug {entry.get('id')} has no bug_de "
                "(the bug in German, for docs/corpus-catches.de.md)"
            )
    bugs = tuple(
        Bug(
            id=entry["id"],
            bug=entry["bug"],
            bug_de=entry["bug_de"],
            area=entry["area"],
            clauses=tuple(entry["clauses"]),
            variants=tuple(entry["variants"]),
            edits=tuple(Edit(**edit) for edit in entry["edits"]),
        )
        for entry in data["bugs"]
    )
    return tuple(data["areas"]), bugs


def load_area_titles_de(path: Path = CATALOGUE) -> dict[str, str]:
    """Each rule area's heading on the German page, from the catalogue at ``path``."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return dict(data["area_titles_de"])


AREAS, BUGS = load_bugs()
AREA_TITLES_DE = load_area_titles_de()


@dataclass(frozen=True)
class Result:
    """What running the corpus against one bug (or none) gave."""

    bug: Bug | None
    status: str  # caught, MISSED (fewer than NEEDED), BROKEN (the run failed), passed, FAILED
    catching: tuple[str, ...]
    seconds: float
    output: str
    ids_by_file: dict[str, str] = field(default_factory=dict)
    """The scenario id of every file the run read (its report names invalid files only)."""


def run_corpus(bug: Bug | None, ids_by_file: dict[str, str] | None = None) -> Result:
    """Run the whole corpus against a copy of the tree with ``bug`` applied (None: unchanged).

    A scenario catches the bug when it fails, or when the copy finds its file invalid (a
    bug in the spec loader or the deal plan can make a scenario's position impossible);
    ``ids_by_file`` (from the run without a bug) names the scenarios of such files.
    """
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="zwicker-corpus-mutant-") as scratch:
        tree = copy_tree(Path(scratch))
        if bug is not None:
            apply(bug, tree)
        # The copy's own package comes first on the path (the checkout is installed editable);
        # run in the copy, so the corpus and specs read are the copy's.
        env = {**os.environ, "PYTHONPATH": str(tree)}
        done = subprocess.run(
            [sys.executable, "-m", "zwicker_ref", "check", "--json", "scenarios"],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    seconds = time.monotonic() - started
    output = done.stdout + done.stderr
    try:
        report = json.loads(done.stdout)
        scenarios = report["scenarios"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return Result(bug, "BROKEN", (), seconds, output)
    failing = {entry["id"] for entry in scenarios if entry["status"] not in ("passed", "skipped")}
    invalid = {entry["file"] for entry in report.get("invalid", ())}
    if invalid and (bug is None or ids_by_file is None):
        return Result(bug, "BROKEN", tuple(sorted(failing)), seconds, output)
    known = ids_by_file or {}
    catching = tuple(sorted(failing | {known.get(name, name) for name in invalid}))
    if bug is None:
        status = "passed" if not catching else "FAILED"
    else:
        status = "caught" if len(catching) >= NEEDED else "MISSED"
    files = {entry["file"]: entry["id"] for entry in scenarios}
    return Result(bug, status, catching, seconds, output, files)


@dataclass(frozen=True)
class _PageWords:
    """The words of the corpus-catches page in one language."""

    intro: tuple[str, ...]
    """The title, the generated-file comment and the introduction, line by line."""
    bug_text: Callable[[Bug], str]
    area_title: Callable[[str], str]
    clause_word: tuple[str, str]
    """The word before the clause list: for one clause, for several."""
    variants_word: str
    caught: str
    """The line of catching scenarios, with ``{caught}``, ``{shown}`` and ``{more}``."""
    more: str
    """The count of scenarios not named, with ``{rest}``."""


def _intro(lines: str) -> tuple[str, ...]:
    return tuple(lines.format(needed=NEEDED).split("\n"))


_PAGE_WORDS = {
    "en": _PageWords(
        intro=_intro(
            "# What the corpus catches\n"
            "\n"
            "<!-- Generated by `python -m tests.corpus_mutants --save`; do not edit. -->\n"
            "\n"
            "A conformance corpus is only as good as the mistakes it catches. The catalogue\n"
            "`tests/corpus_mutants.yaml` lists realistic engine bugs, mistakes an implementer of\n"
            "the rules could make in any language. `make corpus-mutants` injects each one into a\n"
            "copy of the reference interpreter, runs the whole corpus against it and requires\n"
            "that at least {needed} scenarios fail: they catch the bug. An engine with one of\n"
            "these bugs cannot pass the corpus.\n"
            "\n"
            "Below, each bug with the clauses it breaks, the variants where it changes play and\n"
            "the scenarios that catch it (at most eight are named, hand-derived and source cases\n"
            "first; the count is of all). The catalogue is data: to add a bug, add an entry with\n"
            "its source edit and run `python -m tests.corpus_mutants --save`.\n"
        ),
        bug_text=lambda bug: bug.bug[0].upper() + bug.bug[1:],
        area_title=lambda area: area.replace("-", " ").capitalize(),
        clause_word=("Clauses", "Clauses"),
        variants_word="variants",
        caught="Caught by {caught} scenarios: {shown}{more}.",
        more=" and {rest} more",
    ),
    "de": _PageWords(
        intro=_intro(
            "# Was das Korpus fängt\n"
            "\n"
            "<!-- Erzeugt von `python -m tests.corpus_mutants --save`; nicht von Hand ändern. -->\n"
            "\n"
            "Ein Konformitätskorpus ist nur so gut wie die Fehler, die es fängt. Der Katalog\n"
            "`tests/corpus_mutants.yaml` führt wirklichkeitsnahe Engine-Fehler auf, Fehler, die\n"
            "jemandem, der die Regeln in irgendeiner Sprache umsetzt, unterlaufen könnten.\n"
            "`make corpus-mutants` baut jeden davon in eine Kopie des Referenzinterpreters ein,\n"
            "lässt das ganze Korpus dagegen laufen und verlangt, dass mindestens\n"
            "{needed} Szenarien fehlschlagen: Sie fangen den Fehler. Eine Engine mit einem dieser\n"
            "Fehler kann das Korpus nicht bestehen.\n"
            "\n"
            "Unten steht jeder Fehler mit den Klauseln, die er verletzt, den Spielarten, in denen\n"
            "er das Spiel verändert, und den Szenarien, die ihn fangen (höchstens acht werden\n"
            "genannt, von Hand hergeleitete und Quellenfälle zuerst; gezählt werden alle). Der\n"
            "Katalog ist Daten: Um einen Fehler hinzuzufügen, einen Eintrag mit seiner "
            "Änderung am\n"
            "Quelltext (und dem Fehler auf Deutsch, `bug_de`) anlegen und\n"
            "`python -m tests.corpus_mutants --save` ausführen.\n"
        ),
        bug_text=lambda bug: bug.bug_de,
        area_title=lambda area: AREA_TITLES_DE[area],
        clause_word=("Klausel", "Klauseln"),
        variants_word="Spielarten",
        caught="Gefangen von {caught} Szenarien: {shown}{more}.",
        more=" und {rest} weitere",
    ),
}


def _page_lines(bugs: tuple[Bug, ...], catches: dict[str, list[str]], words: _PageWords) -> str:
    """The corpus-catches page in the language of ``words``: every bug by area."""
    lines = list(words.intro)
    for area in AREAS:
        in_area = [bug for bug in bugs if bug.area == area]
        if not in_area:
            continue
        lines += [f"## {words.area_title(area)}", ""]
        for bug in in_area:
            caught, shown, rest = _catching(bug, catches)
            more = words.more.format(rest=rest) if rest else ""
            clause_word = words.clause_word[len(bug.clauses) > 1]
            lines += [
                f"- **{words.bug_text(bug)}** (`{bug.id}`)",
                f"    - {clause_word} {', '.join(_clause_link(clause) for clause in bug.clauses)}; "
                f"{words.variants_word} {', '.join(bug.variants)}.",
                f"    - {words.caught.format(caught=caught, shown=shown, more=more)}",
            ]
        lines.append("")
    return "\n".join(lines)


def page_text(bugs: tuple[Bug, ...], catches: dict[str, list[str]]) -> str:
    """The page "What the corpus catches": every bug by area with the scenarios catching it."""
    return _page_lines(bugs, catches, _PAGE_WORDS["en"])


def page_text_de(bugs: tuple[Bug, ...], catches: dict[str, list[str]], english: bytes) -> str:
    """The German page "Was das Korpus fängt", translating the English page ``english``.

    Its front matter records the digest of the English page's bytes (``translates``), so
    regenerating both keeps the German current.
    """
    digest = hashlib.sha256(english).hexdigest()[:16]
    front = f"---\ntranslates: {digest}\n---\n"
    return front + _page_lines(bugs, catches, _PAGE_WORDS["de"])


def _catching(bug: Bug, catches: dict[str, list[str]]) -> tuple[int, str, int]:
    """How many scenarios catch ``bug``, the first eight named, and how many more there are.

    Hand-derived and source cases come first, the generated perft files and playthroughs
    after them.
    """
    caught = sorted(catches.get(bug.id, []), key=lambda name: (_generated(name), name))
    shown = ", ".join(f"`{scenario}`" for scenario in caught[:8])
    return len(caught), shown, max(0, len(caught) - 8)


def _clause_link(clause_id: str) -> str:
    """A clause id linked to its row on the rule-by-variant grid (every variant side by side)."""
    return f"[`{clause_id}`]({GRID}#{grid_row_id(clause_id)})"


def _generated(scenario_id: str) -> bool:
    """True for the perft files and playthroughs of tools/golden_corpus.py."""
    return "-perft-" in scenario_id or "-playthrough-" in scenario_id


def main(argv: list[str] | None = None) -> int:
    """Run every bug (or those named) and print a table; exit 1 unless all are caught."""
    parser = argparse.ArgumentParser(prog="python -m tests.corpus_mutants", description=__doc__)
    parser.add_argument("ids", nargs="*", help="run only these bugs (default: all)")
    parser.add_argument("--list", action="store_true", help="list the bugs and stop")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel runs")
    parser.add_argument(
        "--save",
        action="store_true",
        help="write tests/corpus_catches.json and both corpus-catches pages (whole catalogue only)",
    )
    args = parser.parse_args(argv)
    known = {bug.id: bug for bug in BUGS}
    unknown = [name for name in args.ids if name not in known]
    if unknown:
        parser.error(f"no bug {', '.join(unknown)}; --list shows them")
    if args.save and args.ids:
        parser.error("--save runs the whole catalogue; name no bugs")
    chosen = [known[name] for name in args.ids] if args.ids else list(BUGS)
    if args.list:
        for bug in chosen:
            print(f"{bug.id:40} {bug.area}\n{'':40} {bug.bug}")
        return 0
    for bug in chosen:
        with tempfile.TemporaryDirectory() as scratch:
            try:
                for edit in bug.edits:
                    target = Path(scratch) / edit.file
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text((ROOT / edit.file).read_text("utf-8"), "utf-8")
                apply(bug, Path(scratch))
            except MutantError as error:
                print(error)
                return 1
    baseline = run_corpus(None)
    print(f"baseline (no bug): {baseline.status} in {baseline.seconds:.1f} s")
    if baseline.status != "passed":
        print(baseline.output[-3000:])
        return 1
    ids_by_file = baseline.ids_by_file
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda bug: run_corpus(bug, ids_by_file), chosen))
    for result in results:
        assert result.bug is not None
        print(f"{result.status:7} {result.bug.id:40} {len(result.catching):4} scenarios")
        print(f"{'':8}{' '.join(result.catching) or '-'}")
        if result.status == "BROKEN":
            print(result.output[-3000:])
    caught = sum(result.status == "caught" for result in results)
    print(
        f"{caught} caught by at least {NEEDED} scenarios, {len(results) - caught} not, "
        f"of {len(results)} bugs"
    )
    if args.save:
        catches = {
            result.bug.id: list(result.catching) for result in results if result.bug is not None
        }
        SAVED_RUN.write_text(json.dumps(catches, indent=1, sort_keys=True) + "\n", "utf-8")
        english = page_text(BUGS, catches) + "\n"
        PAGE.write_text(english, "utf-8")
        PAGE_DE.write_text(page_text_de(BUGS, catches, english.encode()) + "\n", "utf-8")
        print(
            f"wrote {SAVED_RUN.relative_to(ROOT)}, {PAGE.relative_to(ROOT)} "
            f"and {PAGE_DE.relative_to(ROOT)}"
        )
    return 0 if caught == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
