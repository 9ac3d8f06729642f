# make lab   - install everything into .venv and open JupyterLab on notebooks/
# make test  - install everything and run the whole suite (lint, types, tests, notebooks)
# make bench - speed figures; make bench-peers - the same workloads on OpenSpiel and RLCard

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_VENV := .venv-bench

.PHONY: install lab test lint bench bench-peers clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebook,test]'
	touch $(STAMP)

install: $(STAMP)

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/ $(ROOT_FLAG)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint
	$(BIN)/pytest tests notebooks --nbval-lax --nbval-current-env -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/python benchmarks/games.py
	$(BIN)/python benchmarks/melds.py

$(BENCH_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e '.[bench]'
	touch $@

bench-peers: $(BENCH_VENV)/.installed
	$(BENCH_VENV)/bin/python benchmarks/peers.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
