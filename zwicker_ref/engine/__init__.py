"""Layer 3, engine: positions, moves, legal moves, play, dealing and scoring.

Pure functions from a position (and a move) to a position or a score; nothing here reads
or writes files. The folder shows the engine's three parts, each a layer of its own
(the import-linter contract in ``pyproject.toml`` holds them):

- :mod:`~zwicker_ref.engine.core`: the shared core — positions, moves, card values, the
  capture search, dealing, scoring and match play;
- :mod:`~zwicker_ref.engine.check`: checking one move, naming the rule it breaks;
- :mod:`~zwicker_ref.engine.listing`: listing and counting every legal move, fast.

On top of them, :mod:`~zwicker_ref.engine.generation` answers for all moves (listing,
with checking where one move is asked about) and :mod:`~zwicker_ref.engine.play` applies
a legal move. A rule is stated in three places, each held to the others by the property
suite: the check, the listing, and the brute-force definition in ``tests/brute_force.py``.
"""
