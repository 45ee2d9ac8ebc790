"""Merging the JSON reports of a fuzz run's shards (``zwicker conform --merge``).

A run of H hands split with ``--shard K/N`` plays contiguous blocks of hands
(:func:`~zwicker_ref.conformance.fuzz.shard_hands`); each shard's ``--json`` report says
which block it is. The merge takes the shards in order and adds them up as one
unsharded run would have counted: it stops where that run would have stopped (at its
``max_failures``-th disagreement, cut by the ``hands_done`` and ``positions_done`` that
disagreement carries; the later shards' hands are not part of it) or where a shard was
interrupted. Reports that are not the shards of one run (another seed, corpus, number of
hands or games, a shard missing or given twice) are refused.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from zwicker_ref.documents import bounds
from zwicker_ref.errors import ErrorCode, InvalidFileError, Problem

_SAME = ("seed", "run.hands", "run.max_failures", "games", "unsupported", "corpus.digest")


def read_report(path: Path) -> dict[str, Any]:
    """A fuzz report written by ``zwicker conform --fuzz … --json``."""
    # Bounded like every reader (documents.bounds): a report is read whoever wrote it.
    text = bounds.read_text(path, str(path))
    try:
        data = json.loads(text)
    except RecursionError:
        raise _problem(
            path, "", f"nested more than {bounds.MAX_DEPTH} deep", ErrorCode.NESTING_TOO_DEEP
        ) from None
    except ValueError as error:
        raise _problem(path, "", f"not JSON: {error}", ErrorCode.FILE_UNREADABLE) from None
    bounds.check_json_bounds(data, str(path))
    fuzz = data.get("fuzz") if isinstance(data, dict) else None
    if not isinstance(fuzz, dict) or not isinstance(fuzz.get("run"), dict):
        raise _problem(
            path, "fuzz.run", "not the JSON report of a fuzz run", ErrorCode.FUZZ_REPORT_MISMATCH
        )
    report: dict[str, Any] = data
    return report


def merge_reports(paths: Sequence[Path]) -> dict[str, Any]:
    """The report of the whole run whose shards' reports are at ``paths``."""
    reports = [(path, read_report(path)) for path in paths]
    first_path, first = reports[0]
    for path, report in reports[1:]:
        for key in _SAME:
            if _get(report, key) != _get(first, key):
                raise _problem(
                    path,
                    key,
                    f"is {_short(_get(report, key))}, but {first_path} has "
                    f"{_short(_get(first, key))}: not shards of one run",
                    ErrorCode.FUZZ_REPORT_MISMATCH,
                )
    reports.sort(key=lambda item: item[1]["fuzz"]["run"].get("first_hand", 0))
    _check_shards(reports)
    return _joined(first, [report for _path, report in reports])


def _check_shards(reports: list[tuple[Path, dict[str, Any]]]) -> None:
    count = len(reports)
    seen: dict[int, Path] = {}
    for path, report in reports:
        shard = report["fuzz"]["run"].get("shard")
        if not (isinstance(shard, list) and len(shard) == 2 and shard[1] == count):
            raise _problem(
                path,
                "fuzz.run.shard",
                f"is {_short(shard)}, but {count} reports were given: expected K/{count}",
                ErrorCode.FUZZ_REPORT_MISMATCH,
            )
        if shard[0] in seen:
            raise _problem(
                path,
                "fuzz.run.shard",
                f"shard {shard[0]}/{count} is also {seen[shard[0]]}",
                ErrorCode.FUZZ_REPORT_MISMATCH,
            )
        seen[shard[0]] = path


def _joined(first: dict[str, Any], shards: list[dict[str, Any]]) -> dict[str, Any]:
    run = first["fuzz"]["run"]
    limit = run["max_failures"]
    hands = positions = requests = 0
    seconds = 0.0
    compared: set[str] = set()
    found: list[dict[str, Any]] = []
    engines: list[str] = []
    interrupted = False
    for report in shards:
        fuzz = report["fuzz"]
        engines.append(report["engine"])
        seconds += fuzz["seconds"]
        requests += fuzz["requests"]
        compared.update(fuzz["compared"])
        room = limit - len(found)
        if len(fuzz["disagreements"]) >= room:  # the run would have stopped in this shard
            last = fuzz["disagreements"][room - 1]
            found += [
                {
                    **item,
                    "hands_done": hands + item["hands_done"],
                    "positions_done": positions + item["positions_done"],
                }
                for item in fuzz["disagreements"][:room]
            ]
            hands += last["hands_done"]
            positions += last["positions_done"]
            break
        found += [
            {
                **item,
                "hands_done": hands + item["hands_done"],
                "positions_done": positions + item["positions_done"],
            }
            for item in fuzz["disagreements"]
        ]
        hands += fuzz["hands"]
        positions += fuzz["positions"]
        if fuzz["interrupted"] or fuzz["hands"] < fuzz["run"]["planned"]:
            interrupted = True
            break
    per_second = seconds or float("inf")
    return {
        "engine": engines[0],
        "corpus": first["corpus"],
        "fuzz": {
            "seed": first["fuzz"]["seed"],
            "run": {
                **run,
                "shard": None,
                "first_hand": 0,
                "planned": run["hands"],
                "shards": len(shards),
            },
            "interrupted": interrupted,
            "hands": hands,
            "positions": positions,
            "requests": requests,
            "seconds": round(seconds, 3),
            "rates": {
                "hands_per_second": round(hands / per_second, 1),
                "positions_per_second": round(positions / per_second, 1),
                "requests_per_second": round(requests / per_second, 1),
            },
            "games": first["fuzz"]["games"],
            "unsupported": first["fuzz"]["unsupported"],
            "compared": sorted(compared),
            "disagreements": found,
        },
    }


def merged_lines(merged: dict[str, Any]) -> list[str]:
    """The merged report in text: the run, each disagreement in a line, the figures."""
    fuzz = merged["fuzz"]
    lines = [
        f"corpus {merged['corpus'].get('version')} (sha256 "
        f"{str(merged['corpus'].get('digest'))[:16]}); {fuzz['run']['shards']} shards merged",
        f"fuzzing {merged['engine']} with seed {fuzz['seed']}: {len(fuzz['games'])} games",
    ]
    for item in fuzz["disagreements"]:
        game = item["game"]
        name = "+".join([game["variant"], *game["options"]])
        lines.append(
            f"DISAGREE hand {item['hand']} ({name}, {game['players']} players; hand seed "
            f"{item['hand_seed']}), position {item['position_number']}: {item['kind']}"
        )
        lines.append(f"  clauses: {', '.join(item['clauses']) or 'none named'}")
        if item.get("saved"):
            lines.append(f"  saved as {item['saved']}")
    stopped = "interrupted: " if fuzz["interrupted"] else ""
    lines.append(
        f"{stopped}{fuzz['hands']} hands, {fuzz['positions']} positions, {fuzz['requests']} "
        f"requests in {fuzz['seconds']:.1f} s of the shards together; "
        f"{len(fuzz['disagreements'])} disagreements"
    )
    return lines


def _get(data: dict[str, Any], key: str) -> Any:
    head, _, rest = key.partition(".")
    if head in ("seed", "run", "games", "unsupported"):
        data = data.get("fuzz", {})
    value: Any = data.get(head)
    for part in rest.split(".") if rest else ():
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _problem(path: Path, place: str, message: str, code: ErrorCode) -> InvalidFileError:
    return InvalidFileError(
        str(path), [Problem(code=code, message=message, file=str(path), path=place)]
    )
