"""Benchmarks: scripts that print figures (``make bench``); they assert nothing."""
