"""Layer 2, rules: the game's rules as immutable values, read from the spec.

Cards and their notation (:mod:`~zwicker_ref.rules.cards`), a variant's rules and clauses
(:mod:`~zwicker_ref.rules.variant`), loading and checking a spec file
(:mod:`~zwicker_ref.rules.spec_loader`), and the pure functions of the rules alone that
the loader checks a spec with: deal plans (:mod:`~zwicker_ref.rules.deal_plan`) and check
totals (:mod:`~zwicker_ref.rules.check_total`). :mod:`~zwicker_ref.rules.comparison`
compares variants aspect by aspect. Nothing here knows positions or moves.
"""
