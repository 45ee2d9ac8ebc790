"""Mutation check of the property suite: every law must catch a deliberate fault.

A law that never fails proves nothing. Each :class:`Mutant` below is one deliberate fault
in the interpreter (a small edit of its source, described in words) aimed at one law of
``tests/test_properties.py`` or one fuzzer of ``tests/test_fuzz_*.py``. ``make mutants``
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


def _props(name: str) -> str:
    return f"tests/test_properties.py::{name}"


def _fuzz(module: str, name: str) -> str:
    return f"tests/test_fuzz_{module}.py::{name}"


MUTANTS: tuple[Mutant, ...] = (
    # Card conservation ---------------------------------------------------------------
    Mutant(
        "capture-keeps-build-bottom",
        _props("test_cards_are_conserved"),
        "capturing a build takes only its naming (bottom) card; the rest of the build vanishes",
        (
            Edit(
                "zwicker_ref/engine/play.py",
                "            taken.extend(item_cards(item))",
                "            taken.append(item_name(item))",
            ),
        ),
    ),
    # Scores add up -------------------------------------------------------------------
    Mutant(
        "most-cards-tie-shared",
        _props("test_scores_of_any_finished_hand_add_up"),
        "sides tied for most cards each get the place's points (RULINGS: a tie gives nobody)",
        (
            Edit(
                "zwicker_ref/engine/scoring.py",
                "        place = above if level == 0 else None",
                "        place = above",
            ),
        ),
    ),
    Mutant(
        "zwick-cancellation-by-one",
        _props("test_scores_add_up_to_the_check_total"),
        "zwick cancellation takes one zwick off every side instead of the fewest any side made",
        (
            Edit(
                "zwicker_ref/engine/scoring.py",
                "        return tuple(count - fewest for count in zwicks)",
                "        return tuple(max(count - 1, 0) for count in zwicks)",
            ),
        ),
    ),
    # Generation and checking agree -----------------------------------------------------
    Mutant(
        "checker-accepts-any-owner",
        _props("test_generation_and_checking_agree"),
        "the checker lets the mover build for any seat it may not build for, as long as the "
        "seat exists: it accepts moves the generator never lists",
        (
            Edit(
                "zwicker_ref/engine/legality.py",
                "    if move.owner is not None and move.owner not in "
                "context.builds.owners(move.card, move.value):",
                "    if move.owner is not None and move.owner >= position.players:",
            ),
        ),
    ),
    Mutant(
        "generator-misses-build-values",
        _props("test_generation_and_checking_agree"),
        "where owners restrict the values, the generator looks only at the lowest value a "
        "build reaches: it misses builds the checker accepts",
        (
            Edit(
                "zwicker_ref/engine/build_options.py",
                "                hits = wanted.intersection(reached)",
                "                hits = wanted.intersection(reached[:1])",
            ),
        ),
    ),
    Mutant(
        "rejection-without-code",
        _props("test_generation_and_checking_agree"),
        "a move of the wrong seat is rejected with a bare ValueError instead of an error code",
        (
            Edit(
                "zwicker_ref/engine/legality.py",
                "        _fail(\n            ErrorCode.NOT_YOUR_TURN,",
                "        raise ValueError(\n            ErrorCode.NOT_YOUR_TURN,",
            ),
        ),
    ),
    # Unique moves, notation, dump and load ---------------------------------------------
    Mutant(
        "captures-listed-twice",
        _props("test_moves_are_unique"),
        "capture sets on a small table are collected in a list, not a set: a set of items "
        "reached two ways (two capture values, or a sweep that also adds up) is listed twice",
        (
            Edit(
                "zwicker_ref/engine/capture_options.py",
                "            masks: set[int] = set()",
                "            masks: list[int] = []",
            ),
            Edit(
                "zwicker_ref/engine/capture_options.py",
                "                masks |= self._masks[value]",
                "                masks += self._masks[value]",
            ),
            Edit(
                "zwicker_ref/engine/capture_options.py",
                "        if swept is None or swept in found:",
                "        if swept is None:",
            ),
        ),
    ),
    Mutant(
        "notation-drops-owner-zero",
        _props("test_notation_and_data_round_trip"),
        "a build owned by seat 0 is written without its '@0' (a falsy-zero test)",
        (
            Edit(
                "zwicker_ref/formats/notation.py",
                '    if move.owner is not None:\n        text += f"@{move.owner}"',
                '    if move.owner:\n        text += f"@{move.owner}"',
            ),
        ),
    ),
    Mutant(
        "dump-drops-last-capture-zero",
        _props("test_dump_then_load_is_the_identity"),
        "a position written out loses 'last capture: seat 0' (a falsy-zero test)",
        (
            Edit(
                "zwicker_ref/formats/position_io.py",
                '        "last_capture": position.last_capture,',
                '        "last_capture": position.last_capture or None,',
            ),
        ),
    ),
    # The mover can move ----------------------------------------------------------------
    Mutant(
        "no-trail-without-builds",
        _props("test_mover_always_has_a_legal_move"),
        "under the owner obligation, a seat that owns no build may not trail (the condition "
        "inverted): a hand with no capture and no build has no move",
        (
            Edit(
                "zwicker_ref/engine/obligation.py",
                "        if not owned:\n            return True\n"
                "        return self.backed(self.mover, card, [value for _base, value in owned])",
                "        if not owned:\n            return False\n"
                "        return self.backed(self.mover, card, [value for _base, value in owned])",
            ),
        ),
    ),
    # Builds stay backed, in range, owned only where builds have owners -------------------
    Mutant(
        "one-card-backs-two-values",
        _props("test_builds_stay_backed_and_in_range"),
        "the owner obligation lets one card back builds of two different values (RULINGS: "
        "a different card for each distinct owned value)",
        (
            Edit(
                "zwicker_ref/engine/obligation.py",
                "        return can_back(hand, set(distinct), self.values)",
                "        return all(\n"
                "            any(self.values.holds(held, value) for held in hand)"
                " for value in distinct\n"
                "        )",
            ),
        ),
    ),
    Mutant(
        "no-build-maximum",
        _props("test_builds_stay_backed_and_in_range"),
        "the variant's highest build value (14 in classic and Grupp) is enforced nowhere, so "
        "builds past it are listed, accepted and played",
        (
            Edit(
                "zwicker_ref/engine/values.py",
                "        limit = rules.build_max_value",
                "        limit = None",
            ),
            Edit(
                "zwicker_ref/engine/legality.py",
                "    if rules.build_max_value is not None and move.value > rules.build_max_value:",
                "    if False:",
            ),
        ),
    ),
    Mutant(
        "builds-always-owned",
        _props("test_builds_stay_backed_and_in_range"),
        "every new build is owned by the mover, also in variants whose builds have no owner "
        "(and builds made for a partner)",
        (
            Edit(
                "zwicker_ref/engine/play.py",
                "value=move.value, owner=move.owner)",
                "value=move.value, owner=position.to_move)",
            ),
        ),
    ),
    # Zwicks ------------------------------------------------------------------------------
    Mutant(
        "leftovers-score-a-zwick",
        _props("test_zwick_exactly_when_a_capture_clears_the_table"),
        "the leftovers taken by the last capturer at the end of the hand count as a zwick",
        (
            Edit(
                "zwicker_ref/engine/play.py",
                "    return replace(position, table=(), captured=captured)",
                "    zwicks = tuple(n + (i == side) for i, n in enumerate(position.zwicks))\n"
                "    return replace(position, table=(), captured=captured, zwicks=zwicks)",
            ),
        ),
    ),
    Mutant(
        "zwick-when-one-item-left",
        _props("test_zwick_exactly_when_a_capture_clears_the_table"),
        "a capture that leaves a single item on the table scores a zwick",
        (
            Edit(
                "zwicker_ref/engine/play.py",
                "    zwick = not table and (",
                "    zwick = len(table) <= 1 and (",
            ),
        ),
    ),
    # Same seed, same game; hand length ---------------------------------------------------
    Mutant(
        "unseeded-shuffle",
        _props("test_same_seed_and_choices_give_the_same_game"),
        "the shuffle draws from Python's unseeded random module instead of the seeded "
        "SplitMix64 stream",
        (
            Edit(
                "zwicker_ref/engine/dealing.py",
                "        j = uniform_below(i + 1, outputs)",
                "        j = __import__('random').randrange(i + 1)",
            ),
        ),
    ),
    Mutant(
        "random-game-unseeded",
        _props("test_random_games_replay_identically"),
        "the random player picks its moves from Python's unseeded random module",
        (
            Edit(
                "zwicker_ref/formats/record.py",
                "        move = choices[uniform_below(len(choices), policy)]",
                "        move = choices[__import__('random').randrange(len(choices))]",
            ),
        ),
    ),
    Mutant(
        "hand-ends-with-mover",
        _props("test_hand_lasts_as_many_moves_as_cards_dealt"),
        "the hand (or stage) is taken as over when the mover's hand is empty, not every hand",
        (
            Edit(
                "zwicker_ref/engine/play.py",
                "    hands_empty = not any(hands)",
                "    hands_empty = not hands[mover]",
            ),
        ),
    ),
    # Suits play no part in matching --------------------------------------------------------
    Mutant(
        "dual-values-only-in-hearts",
        _props("test_relabelling_suits_keeps_the_move_count"),
        "aces and court cards offer both of their values only in hearts",
        (
            Edit(
                "zwicker_ref/rules/variant.py",
                "        return (pip,) if pip is not None else self.rank_values[card.rank]",
                "        return (pip,) if pip is not None else self.rank_values[card.rank][\n"
                '            : 1 + 9 * (card.suit is not None and card.suit.name == "HEARTS")\n'
                "        ]",
            ),
        ),
    ),
    # The brute-force capture oracle --------------------------------------------------------
    Mutant(
        "loose-card-one-value",
        _props("test_captures_match_a_brute_force_oracle"),
        "a loose ace or court card on the table offers only its first value to a capture "
        "(generator and checker share the fault; only the oracle sees it)",
        (
            Edit(
                "zwicker_ref/engine/values.py",
                "        return self.use(item).table",
                "        return self.use(item).table[:1]",
            ),
        ),
    ),
    Mutant(
        "single-group-captures",
        _props("test_captures_match_a_brute_force_oracle"),
        "on a small table a capture takes one group adding up to the value, never several",
        (
            Edit(
                "zwicker_ref/engine/captures.py",
                "        reached |= {found | group for found in reached if not found & group}",
                "        reached |= {group}",
            ),
        ),
    ),
    # Whole hands -------------------------------------------------------------------------
    Mutant(
        "turn-passes-anticlockwise",
        _props("test_whole_hands"),
        "the turn passes anticlockwise (only the whole-hand machine checks the turn order)",
        (
            Edit(
                "zwicker_ref/engine/play.py",
                "        seat = (mover + step) % players",
                "        seat = (mover - step) % players",
            ),
        ),
    ),
    # Readers of user text (fuzzers) --------------------------------------------------------
    Mutant(
        "card-parse-takes-any-type",
        _fuzz("notation", "test_card_notation"),
        "card notation no longer checks that it was given text (a TypeError on a number)",
        (
            Edit(
                "zwicker_ref/rules/cards.py",
                "        if not isinstance(text, str):\n            raise NotationError(",
                "        if False:\n            raise NotationError(",
            ),
        ),
    ),
    Mutant(
        "owner-seat-not-checked",
        _fuzz("notation", "test_move_notation"),
        "the owner after '@' is converted with int() unchecked (a ValueError on '@x')",
        (
            Edit(
                "zwicker_ref/formats/notation.py",
                "        if not _SEAT.fullmatch(seat_text):",
                "        if False:",
            ),
        ),
    ),
    Mutant(
        "move-data-not-a-mapping",
        _fuzz("notation", "test_move_data"),
        "move data is read without checking that it is a mapping (an AttributeError on a list)",
        (
            Edit(
                "zwicker_ref/formats/move_data.py",
                "    if not isinstance(data, dict):\n        raise MoveDataError(",
                "    if False:\n        raise MoveDataError(",
            ),
        ),
    ),
    Mutant(
        "hands-count-not-checked",
        _fuzz("documents", "test_every_level_broken"),
        "a position file with more or fewer hands than players loads silently",
        (
            Edit(
                "zwicker_ref/formats/position_io.py",
                "        if isinstance(hands, list) and len(hands) != players:",
                "        if False:",
            ),
        ),
    ),
    Mutant(
        "spec-clause-not-a-mapping",
        _fuzz("documents", "test_every_level_broken"),
        "the duplicate-id check of a spec reads every clause as a mapping (AttributeError)",
        (
            Edit(
                "zwicker_ref/rules/spec_loader.py",
                '        clause_id = clause.get("id") if isinstance(clause, dict) else None',
                '        clause_id = clause.get("id")',
            ),
        ),
    ),
    Mutant(
        "record-option-not-text",
        _fuzz("documents", "test_mutated_records"),
        "a game record's option ids are not checked to be text (the TypeError the fuzzer "
        "found in a049308, put back)",
        (
            Edit(
                "zwicker_ref/formats/record.py",
                "        if not isinstance(option, str):\n            problems.append(",
                "        if False:\n            problems.append(",
            ),
        ),
    ),
    Mutant(
        "decimal-point-integers",
        _fuzz("documents", "test_every_level_broken"),
        "the schemas count 2.0 as a whole number, as the JSON Schema draft does: a player "
        "count or seat of 2.0 passes and fails deep in the interpreter (the bug "
        "test_mutated_scenarios found, put back)",
        (
            Edit(
                "zwicker_ref/documents/schemas.py",
                '    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", '
                "is_whole_number),",
                "    type_checker=Draft202012Validator.TYPE_CHECKER,",
            ),
        ),
    ),
    Mutant(
        "served-dealer-int",
        _fuzz("documents", "test_every_level_broken"),
        "a served request's dealer is read with int(), which fails on 1e400 (infinity) with "
        "an OverflowError out of serve (the bug test_served_protocol found by chance, put back; "
        "the sweep of every level writes every number as infinity)",
        (
            Edit(
                "zwicker_ref/protocol/messages.py",
                '        dealer=whole_number(data["dealer"], "setup.dealer"),',
                '        dealer=int(data["dealer"]),',
            ),
        ),
    ),
    Mutant(
        "cli-errors-escape",
        _fuzz("cli", "test_command_line"),
        "the command line reports only errors that are ValueErrors (notation); any other error of "
        "the project's own (an unknown variant, a bad seed) ends in a traceback",
        (
            Edit(
                "zwicker_ref/cli/__init__.py",
                "    except ZwickerError as error:\n"
                '        print(f"zwicker {args.command}: {error}"',
                '    except ValueError as error:\n        print(f"zwicker {args.command}: {error}"',
            ),
        ),
    ),
)

LAWS_WITHOUT_MUTANT = {
    _props("test_every_setting_can_be_dealt"): (
        "a smoke test that every setting deals and opens; its two laws (cards conserved, "
        "the mover can move) have their own mutants"
    ),
    _props("test_every_law_names_clauses_that_exist"): (
        "checks the suite's own docstrings against the specs, not the interpreter"
    ),
}
"""Property tests with no mutant of their own, and why."""


class MutantError(Exception):
    """A mutant whose edit does not apply to the current source."""


def apply(mutant: Mutant, tree: Path) -> None:
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
