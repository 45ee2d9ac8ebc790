"""The engine protocol: JSON lines between ``zwicker conform`` and an engine process.

Version 1. The runner starts the engine once and writes one request per line to its
standard input; the engine writes one answer per line to its standard output, in order.
Every request has an ``id`` and an ``op``; every answer repeats the ``id`` and has
``"ok": true`` with the result, ``"ok": false`` with an ``error`` code and ``message``
(an illegal move, a bad request), or ``"unsupported": true`` (the case is skipped).
Positions are position-format objects, moves compact notation, cards card notation.
``docs/implementers.md`` describes every message; ``spec/schema/protocol.schema.json``
gives their JSON Schemas.

Four modules: :mod:`~zwicker_ref.protocol.messages` reads and writes the messages
(requests and answers alike, strictly); :mod:`~zwicker_ref.protocol.server` answers the
protocol with the reference interpreter (``zwicker serve``);
:mod:`~zwicker_ref.protocol.connection` runs the engine process and exchanges lines with
it, and :mod:`~zwicker_ref.protocol.client` drives it for the runner, surviving
engines that crash, hang, write garbage or answer out of order: the request fails with
the reason, the engine is restarted, and the run goes on. The client honours what the
engine's ``hello`` declares (its ``variants``, ``ops`` and ``options``: requests ruled out
are skipped without being sent) and refuses, once, an engine whose ``hello`` is not a
protocol-1 answer.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # without importing typing (as the package's own __init__)
if TYPE_CHECKING:
    from typing import Any

    from zwicker_ref.protocol.client import ProcessEngine
    from zwicker_ref.protocol.messages import OPERATIONS, PROTOCOL_VERSION
    from zwicker_ref.protocol.server import answer, serve

# Where each name lives; imported on first use (PEP 562), so that ``zwicker serve``
# does not import the client's half (processes, threads) and the client not the server.
_HOME = {
    "OPERATIONS": "zwicker_ref.protocol.messages",
    "PROTOCOL_VERSION": "zwicker_ref.protocol.messages",
    "ProcessEngine": "zwicker_ref.protocol.client",
    "answer": "zwicker_ref.protocol.server",
    "serve": "zwicker_ref.protocol.server",
}

__all__ = ["OPERATIONS", "PROTOCOL_VERSION", "ProcessEngine", "answer", "serve"]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'zwicker_ref.protocol' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
