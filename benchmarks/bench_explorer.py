"""Benchmark: the explorer page in headless Chromium (issue 31's budgets). Prints; asserts nothing.

Run from the repository root with ``.venv/bin/python -m benchmarks.bench_explorer``
(``make bench-explorer``; ``--site DIR`` uses a site already built). It builds the site,
serves it on 127.0.0.1 and drives the page with ``explorer/drive.mjs`` (playwright-core,
the system's Chromium):

- ready, cold: a fresh browser profile opens the explorer until the first example's
  moves are shown (budget 8 s), with the phases inside (Pyodide, the bundle, the import);
- ready, warm: the same page reloaded with the browser cache warm (budget 3 s);
- the bytes the explorer page loads cold (budget 16 MB), beside another page's;
- each example of ``--examples`` opened after ready, until every column's first page of
  moves is shown (budget 1 s; the largest, 68,973 moves in Dithmarschen, shows its
  counts first and lists a page at a time);
- the requests that left the local server (must be none).

The machine's load average is printed with the figures: the budgets are for our 2-core
machine, and a busy one slows every figure down.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import BinaryIO, ClassVar

from zwicker_ref.cli import quiet_on_closed_pipe

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = str(Path(sys.executable).parent / "mkdocs")
EXAMPLES = (
    "dith-build-ace-on-nine",
    "gw-build-magger-choices",
    "chr-build-ace-on-nine",
    "cls-capture-ace-only-eleven",
    "grp-capture-lone-joker-default",
    "zw-values-club-seven-sweep-all-or-none",
    "dith-gen-hard-sixteen-small-cards",
)


class _Counting(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the bytes of each phase the driver names.

    The driver asks for ``/__phase__/NAME`` between its steps; every byte served after
    that (Pyodide's files, which the page's worker fetches, included) counts for NAME.
    """

    phase = "start"
    served: ClassVar[dict[str, int]] = {}

    def do_GET(self) -> None:
        if self.path.startswith("/__phase__/"):
            _Counting.phase = self.path.rsplit("/", 1)[1]
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        data = source.read()
        _Counting.served[_Counting.phase] = _Counting.served.get(_Counting.phase, 0) + len(data)
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


def build_site(target: Path) -> None:
    """``mkdocs build`` into ``target``."""
    subprocess.run(
        [MKDOCS, "build", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"},
        check=True,
    )


def run(site: Path, examples: list[str]) -> dict[str, object]:
    """Serve ``site`` and drive the explorer; the driver's figures."""
    handler = functools.partial(_Counting, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        done = subprocess.run(
            ["node", "drive.mjs", "bench", base, *examples],
            cwd=ROOT / "explorer",
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    figures: dict[str, object] = json.loads(done.stdout or "{}")
    figures["served"] = dict(_Counting.served)
    if done.returncode != 0 or "error" in figures:
        raise SystemExit(f"bench-explorer: the driver failed: {figures.get('error', done.stderr)}")
    return figures


def report(figures: dict[str, object]) -> None:
    """Print the figures beside their budgets."""
    load = os.getloadavg()
    averages = " ".join(f"{figure:.1f}" for figure in load)
    print(f"machine: {os.cpu_count()} cores, load average {averages}")
    timings = figures["timings"]
    assert isinstance(timings, dict)
    phases = timings["load"]
    print(
        f"ready, cold: {figures['coldMs'] / 1000:.2f} s (budget 8 s); in the worker: Pyodide "
        f"{(phases['runtime'] - phases['start']) / 1000:.2f} s, bundle "
        f"{(phases['unpacked'] - phases['runtime']) / 1000:.2f} s, import "
        f"{(phases['imported'] - phases['unpacked']) / 1000:.2f} s, the specs read "
        f"{timings['variants'] / 1000:.2f} s"
    )
    warm = figures["warmTimings"]
    assert isinstance(warm, dict)
    print(
        f"ready, warm cache: {figures['warmMs'] / 1000:.2f} s (budget 3 s); in the worker: "
        f"Pyodide {(warm['load']['runtime'] - warm['load']['start']) / 1000:.2f} s"
    )
    served = figures["served"]
    assert isinstance(served, dict)
    print(
        f"bytes served, cold: the explorer page {served.get('cold', 0) / 1e6:.2f} MB "
        f"(budget 16 MB); on reload {served.get('warm', 0) / 1e6:.2f} MB; a variant page "
        f"{served.get('other', 0) / 1e6:.2f} MB, the home page {served.get('home', 0) / 1e6:.2f} MB"
    )
    examples = figures["examples"]
    assert isinstance(examples, list)
    if len(examples) > len(EXAMPLES):
        slow = [e for e in examples if e["ms"] > 1000]
        print(
            f"  {len(examples)} examples opened: {len(examples) - len(slow)} within 1 s, the "
            f"median {sorted(e['ms'] for e in examples)[len(examples) // 2] / 1000:.2f} s; over:"
        )
        examples = slow
    for example in examples:
        counts = ", ".join("—" if n is None else str(n) for n in example["moves"])
        seconds = example["ms"] / 1000
        print(f"  {example['id']}: {seconds:.2f} s (budget 1 s); moves by column {counts}")
    print(f"requests outside the local server: {len(figures['outside'])}")  # type: ignore[arg-type]


def _examples(site: Path, named: list[str]) -> list[str]:
    """The examples to open: those named, or with ``all`` every one the explorer has."""
    if named != ["all"]:
        return named
    document = json.loads((site / "explorer" / "examples.json").read_text("utf-8"))
    return sorted(document["examples"])


def main() -> None:
    """Build (or take) the site, drive the explorer, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument(
        "--examples", nargs="*", default=list(EXAMPLES), help="example ids, or `all`"
    )
    args = parser.parse_args()
    if args.site is not None:
        report(run(args.site, _examples(args.site, args.examples)))
        return
    with tempfile.TemporaryDirectory() as directory:
        build_site(Path(directory))
        report(run(Path(directory), _examples(Path(directory), args.examples)))


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
