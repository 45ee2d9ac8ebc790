"""``zwicker serve``, then its own CPU seconds appended to a file: for the benchmarks.

``python -m benchmarks.serve_cpu FILE`` serves as ``zwicker serve`` does (standard input
and output); when it stops it appends one line to ``FILE``, its user and system CPU
seconds, so that a benchmark can tell the engine's share of a ``conform`` run from the
client's. Not part of the package: nothing else runs it.
"""

from __future__ import annotations

import os
import resource
import sys

from zwicker_ref.protocol.server import serve


def main() -> None:
    """Serve, then record the CPU seconds used."""
    serve(sys.stdin, sys.stdout)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(sys.argv[1], "a", encoding="utf-8") as out:
        out.write(f"{usage.ru_utime + usage.ru_stime:.3f}\n")
    # Leaves as `zwicker serve` does, without freeing what the session remembered.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
