"""Time and peak memory of every reader on every hostile case (issue 34; prints, asserts nothing).

Each (reader, case) pair runs alone in a fresh process under the limits of
``tests/hostile_cases.py`` (300 MB of address space, 20 CPU seconds); the table gives its
wall time and peak resident memory, and the worst of each at the end. The goal of the
issue: every case under 2 s and 200 MB. Figures taken on a loaded machine run long.

    python -m benchmarks.bench_hostile [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from tests.hostile_cases import Result, reader_runs, run_limited, run_reader
from zwicker_ref.cli import quiet_on_closed_pipe


def _measure() -> list[tuple[str, str, Result]]:
    with tempfile.TemporaryDirectory() as scratch:
        place = Path(scratch)
        rows = [
            (reader, case.name, run_reader(reader, case, place)) for reader, case in reader_runs()
        ]
        rows.append(("stdout", "full disk", run_limited(["variants"], stdout=Path("/dev/full"))))
        rows.append(("filters", "--variant bogus", run_limited(["check", "--variant", "bogus"])))
        rows.append(("baseline", "zwicker --version", run_limited(["--version"])))
    return rows


def main() -> int:
    """Print the table (and write it as JSON lines with ``--json FILE``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args()
    rows = _measure()
    print(f"{'reader':<12} {'case':<32} {'status':>6} {'wall s':>7} {'CPU s':>6} {'peak MB':>8}")
    for reader, case, result in rows:
        print(
            f"{reader:<12} {case:<32} {result.status:>6} {result.seconds:>7.2f} "
            f"{result.cpu_seconds:>6.2f} {result.peak_mb:>8.1f}"
        )
    slowest = max(rows, key=lambda row: row[2].cpu_seconds)
    largest = max(rows, key=lambda row: row[2].peak_mb)
    print(
        f"slowest: {slowest[0]} on {slowest[1]}: {slowest[2].cpu_seconds:.2f} s CPU, "
        f"{slowest[2].seconds:.2f} s wall"
    )
    print(f"largest: {largest[0]} on {largest[1]}: {largest[2].peak_mb:.1f} MB")
    if args.json is not None:
        args.json.write_text(
            "\n".join(
                json.dumps(
                    {
                        "reader": reader,
                        "case": case,
                        "status": result.status,
                        "seconds": round(result.seconds, 3),
                        "cpu_seconds": round(result.cpu_seconds, 3),
                        "peak_mb": round(result.peak_mb, 1),
                    }
                )
                for reader, case, result in rows
            )
            + "\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(quiet_on_closed_pipe(main))
