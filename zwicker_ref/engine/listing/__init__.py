"""Listing and counting every legal move of a position, made for speed.

The same rule as :mod:`zwicker_ref.engine.check`, on small integers: a position seen from
the seat to move (:mod:`~zwicker_ref.engine.listing.mover_view`, its trails and
captures; :mod:`~zwicker_ref.engine.listing.mover_builds`, its builds), what listing
reads of a variant's rules worked out once (:mod:`~zwicker_ref.engine.listing.rule_tables`),
and the listing itself (:mod:`~zwicker_ref.engine.listing.listing`). A contributor
changing a rule changes it here, in the check, and in the tests' brute-force definition.
"""
