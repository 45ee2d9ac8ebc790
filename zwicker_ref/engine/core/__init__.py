"""The engine's shared core: what both the one-move check and the fast listing stand on.

Positions and moves (immutable values), what a card counts in each use
(:mod:`~zwicker_ref.engine.core.values`), which table items a card may take at all
(:mod:`~zwicker_ref.engine.core.capturable`), the search for the item sets a card can
capture (:mod:`~zwicker_ref.engine.core.captures`, with
:mod:`~zwicker_ref.engine.core.capture_vectors` for large tables), dealing, scoring and
match play. Nothing here knows how a move is checked or how moves are listed.
"""
