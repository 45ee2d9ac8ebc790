"""Maintenance scripts of the corpus (tools/golden_corpus.py writes the golden scenarios)."""
