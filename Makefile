# Set-up is two commands (see README):  `make play`  and  `make test`.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: play test install warm bench fuzz clean

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

# Tests use a throwaway numba cache: the cache only checks the defining file,
# so a stale cache could hide a change in a helper module.
test: $(STAMP)
	NUMBA_CACHE_DIR=$$(mktemp -d) $(BIN)/python -m pytest

# The fuzz tests long: FUZZ cases each (make test runs 150, always the same).
FUZZ ?= 100000
fuzz: $(STAMP)
	PASSPORT_FUZZ=$(FUZZ) NUMBA_CACHE_DIR=$$(mktemp -d) $(BIN)/python -m pytest tests/fuzz --hypothesis-show-statistics

bench: warm
	$(BIN)/passport bench engine

clean:
	rm -rf $(VENV) out .pytest_cache
