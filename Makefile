# Zwicker Rules: every command a contributor needs. `make check` and `make test` set up
# .venv on first use (Python 3.11+ and make are all a fresh machine needs).

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: check test lint typecheck docs clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,docs]'
	@touch $(STAMP)

## check: the main job: validate every spec file and summarise the variants.
check: $(STAMP)
	$(BIN)/zwicker validate
	$(BIN)/zwicker variants

## test: the test suite, the linters, the type checker and the docs build.
test: $(STAMP)
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory lint typecheck docs

lint: $(STAMP)
	$(BIN)/ruff check zwicker_ref tests
	$(BIN)/ruff format --check zwicker_ref tests

typecheck: $(STAMP)
	$(BIN)/mypy

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache
