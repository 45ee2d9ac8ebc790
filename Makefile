# Zwicker Rules: every command a contributor needs. `make check` and `make test` set up
# .venv on first use (Python 3.11+ and make are all a fresh machine needs).

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CORES  := $(shell nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)
SYNC   := $(if $(filter output-sync,$(.FEATURES)),--output-sync=target)
# The explorer page's Pyodide runtime, pinned in explorer/package-lock.json; the docs build
# copies it into the site (zwicker_ref/site/explorer_bundle.py).
EXPLORER_RUNTIME := explorer/node_modules/.package-lock.json

.PHONY: check test lint typecheck docs soak fuzz mutants corpus-mutants goldens bench bench-instructions bench-floor bench-explorer bench-hostile clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,docs]'
	@touch $(STAMP)

$(EXPLORER_RUNTIME): explorer/package.json explorer/package-lock.json
	npm ci --prefix explorer --no-audit --no-fund
	@touch $(EXPLORER_RUNTIME)

## check: the main job: validate every spec and scenario file, then run the whole corpus
## against the reference interpreter (summary: N passed, N failed).
check: $(STAMP)
	$(BIN)/zwicker validate --quiet
	$(BIN)/zwicker check

## test: the test suite on every core (pytest-xdist), the linters, the type checker, the
## docs build and the instruction guard (bench-instructions).
## The suite's site is the docs build: it builds it, strictly, into site/ as `make docs`
## does (ZWICKER_SITE_DIR; built by `make docs` if no test asked for it). The steps after
## the suite run side by side, one a core (the output of each kept together where make
## can: GNU make 4).
test: $(STAMP) $(EXPLORER_RUNTIME)
	rm -rf site
	ZWICKER_SITE_DIR=site $(BIN)/python -m pytest -n auto --dist loadgroup
	@test -f site/index.html || $(MAKE) --no-print-directory docs
	$(MAKE) --no-print-directory -j$(CORES) $(SYNC) lint typecheck bench-instructions

lint: $(STAMP)
	$(BIN)/lint-imports --no-cache
	$(BIN)/ruff check zwicker_ref tests tools benchmarks examples docs/gen_pages.py
	$(BIN)/ruff format --check zwicker_ref tests tools benchmarks examples docs/gen_pages.py
	$(BIN)/zwicker fmt --check

typecheck: $(STAMP)
	$(BIN)/mypy

docs: $(STAMP) $(EXPLORER_RUNTIME)
	NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs build --strict --quiet --site-dir site

## soak: thousands of seeded random hands, every legal move checked, and the search held to
## the brute-force definition on many more positions (minutes).
soak: $(STAMP)
	ZWICKER_RANDOM_HANDS=250 $(BIN)/python -m pytest -q tests/test_random_play.py
	HYPOTHESIS_PROFILE=nightly $(BIN)/python -m pytest -q tests/test_fast_search.py

## fuzz: the property and fuzz tests with the deep `nightly` hypothesis profile (long).
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=nightly $(BIN)/python -m pytest -q tests/test_properties.py tests/test_fuzz_*.py

## mutants: each law of the property suite run against a deliberate fault in a copy of the
## tree (tests/mutants.py); fails unless every fault is caught (minutes).
mutants: $(STAMP)
	$(BIN)/python -m tests.mutants

## corpus-mutants: each realistic engine bug of tests/corpus_mutants.yaml injected into a
## copy of the tree, the whole corpus run against it; fails unless every bug is caught by
## at least two scenarios (minutes). tests.corpus_mutants --save also rewrites
## docs/corpus-catches.md and its German edition (.de.md) from the run.
corpus-mutants: $(STAMP)
	$(BIN)/python -m tests.corpus_mutants

## goldens: rewrite the perft suites and playthroughs (scenarios/*/perft, */playthrough)
## from the reference with tools/golden_corpus.py (deterministic; golden scenarios).
goldens: $(STAMP)
	$(BIN)/python -m tools.golden_corpus

## bench: speed figures of move generation, random play, the protocol, and fuzzing (in
## process, through serve, --jobs 2, and --jobs 2's efficiency: CPU against --jobs 1 and each
## process's idle fraction) beside the whole corpus's times (prints, asserts nothing).
bench: $(STAMP)
	$(BIN)/python -m benchmarks.bench_moves
	$(BIN)/python -m benchmarks.bench_protocol --no-corpus
	$(BIN)/python -m benchmarks.bench_fuzz

## bench-instructions: the guard: instructions per random hand, counted by valgrind (a figure
## that does not drift with the machine), held to benchmarks/instructions_baseline.json; fails
## where a setting rose by more than 5 per cent, skipped (saying so) without valgrind (about
## two minutes of a core). ROOT=DIR measures another checkout; a faster engine lowers the
## baseline with `.venv/bin/python -m benchmarks.bench_instructions --save`.
bench-instructions: $(STAMP)
	$(BIN)/python -m benchmarks.bench_instructions --check $(if $(ROOT),--root $(ROOT))

## bench-floor: time per turn of random play beside a floor engine taking the same turns with
## nearly nothing of the rule (benchmarks/bench_floor.py), and the time a turn may take at
## issue 17's target rates (prints, asserts nothing).
bench-floor: $(STAMP)
	$(BIN)/python -m benchmarks.bench_floor

## bench-explorer: the explorer page in headless Chromium: ready cold and warm, bytes, each
## example's moves after ready (issue 31's budgets; prints, asserts nothing).
bench-explorer: $(STAMP) $(EXPLORER_RUNTIME)
	$(BIN)/python -m benchmarks.bench_explorer

## bench-hostile: time and peak memory of every reader on every hostile input of
## tests/hostile_cases.py, each in a fresh process under 300 MB and 20 CPU s (prints, asserts nothing).
bench-hostile: $(STAMP)
	$(BIN)/python -m benchmarks.bench_hostile

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache explorer/node_modules
