"""Checking one move: legal, or the code of the first rule it breaks.

The rule in its four parts, as RULINGS.md states it and the rulings page publishes it:
trails (:mod:`~zwicker_ref.engine.check.legality`), captures
(:mod:`~zwicker_ref.engine.check.capture_options`), builds
(:mod:`~zwicker_ref.engine.check.build_options`) and the owner obligation
(:mod:`~zwicker_ref.engine.check.obligation`), read through one
:class:`~zwicker_ref.engine.check.move_context.MoveContext`. Written for clarity, not
speed; the property suite holds it to :mod:`zwicker_ref.engine.listing` and both to the
brute-force definition in ``tests/brute_force.py``.
"""
