"""Layer 3, engine: positions, moves, legal moves, play, dealing and scoring.

Pure functions from a position (and a move) to a position or a score. Positions and moves
are immutable values (:mod:`~zwicker_ref.engine.position`,
:mod:`~zwicker_ref.engine.moves`); what a card counts in each use is in
:mod:`~zwicker_ref.engine.values`; the legal-move rule is in
:mod:`~zwicker_ref.engine.generation` (all moves) and :mod:`~zwicker_ref.engine.legality`
(one move, with the first rule it breaks); :mod:`~zwicker_ref.engine.play` applies a move,
:mod:`~zwicker_ref.engine.dealing` deals, :mod:`~zwicker_ref.engine.scoring` scores a
finished hand. Nothing here reads or writes files.
"""
