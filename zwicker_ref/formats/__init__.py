"""Layer 4, formats: the notations and files people and engines exchange.

Move notation (:mod:`~zwicker_ref.formats.notation`), structured move data
(:mod:`~zwicker_ref.formats.move_data`), position files
(:mod:`~zwicker_ref.formats.position_io`) and game records
(:mod:`~zwicker_ref.formats.record`). Each reader collects every problem of a document
with its place; each writer's output reads back to the same value.
"""
