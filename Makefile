# Set-up is two commands (see README):  `make play`  and  `make test`.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: play test quick install warm bench fuzz clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Compiles the numba kernels once into the user cache so later starts are quick.
warm: $(STAMP)
	$(BIN)/passport warm

# You against three bots (medium); see README for the options.
play: warm
	$(BIN)/passport play --bots 3

# The whole suite, with a throwaway numba cache: every run compiles the
# kernels from their sources, as a fresh install does.
test: $(STAMP)
	NUMBA_CACHE_DIR=$$(mktemp -d) $(BIN)/python -m pytest

# The quick loop while you work: the tests not marked slow, with a numba
# cache kept in .venv (engine/kernel_cache.py drops a package's kernels from
# it whenever one of its sources changes).
quick: $(STAMP)
	NUMBA_CACHE_DIR=$(VENV)/numba-quick $(BIN)/python -m pytest -m "not slow"

# The fuzz tests long: FUZZ cases each (make test runs 150, always the same).
FUZZ ?= 100000
fuzz: $(STAMP)
	PASSPORT_FUZZ=$(FUZZ) NUMBA_CACHE_DIR=$$(mktemp -d) $(BIN)/python -m pytest tests/fuzz --hypothesis-show-statistics

bench: warm
	$(BIN)/passport bench engine

clean:
	rm -rf $(VENV) out .pytest_cache
