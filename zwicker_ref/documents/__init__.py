"""Layer 1, documents: reading YAML and JSON files with line numbers, and JSON Schema checks.

Every file the package reads goes through :mod:`~zwicker_ref.documents.yamlfile` (so each
problem can name its file, line and place) and, where a format has a schema, through
:mod:`~zwicker_ref.documents.schemas`. :mod:`~zwicker_ref.documents.locations` finds the
shipped ``spec/`` and ``scenarios/``. Nothing here knows the rules of the game.
"""
