# make lab   - install what the notebooks need into .venv and open JupyterLab on notebooks/
#              (LAB_ARGS="--no-browser" on a remote or headless machine: see the README)
# make test  - install everything and run the whole suite: lint, types, the table's
#              JavaScript tests, the notebooks (each executed once), the docs site build,
#              then one pytest run over tests/ on JOBS cores (browser tests included)
# make notebooks - execute the notebooks that changed into build/notebooks/
# make docs  - build the docs site into site/; make serve-docs - the same with live reload
# make lite  - build the JupyterLite lab (build/lite) that make docs puts in site/lite/
# make widget - rebuild the table's bundle (cardlab/widgets/static/) from widgets/src
# make bench - speed figures; make bench-peers - the same workloads on OpenSpiel and RLCard
# make bench-poker - poker hand evaluations per second beside treys and phevaluator

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LAB_STAMP := $(VENV)/.lab-installed
LAB_ARGS ?=
BENCH_VENV := .venv-bench
# Notebooks executed at once (CI has two cores), and pytest workers: one more than the
# cores, since the two browser groups spend most of their time waiting on the page.
JOBS ?= 2
PYTEST_JOBS ?= $(shell echo $$(($(JOBS) + 1)))
# More pytest options, e.g. PYTEST_ARGS="-x -k hearts" or "--durations=60".
PYTEST_ARGS ?=
# Each stage of a run prints the seconds since make started, so a CI log shows where the
# time goes.
START := $(shell date +%s)
stage = @echo "--- $(1) (at $$(( $$(date +%s) - $(START) )) s)"

.PHONY: install lab test lint widget widget-test widget-js notebooks docs serve-docs bench \
	bench-peers bench-poker clean lite

$(STAMP): pyproject.toml
	$(call stage,install)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebook,test,docs]'
	touch $(STAMP)

install: $(STAMP)

# The notebooks alone: JupyterLab, the widgets and the charts, without the test and docs tools.
$(LAB_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebook]'
	touch $(LAB_STAMP)

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(LAB_STAMP)
	$(BIN)/jupyter lab notebooks/ $(ROOT_FLAG) $(LAB_ARGS)

lint: $(STAMP)
	$(call stage,lint)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The table's JavaScript and CSS: ES modules in widgets/src, bundled by esbuild (from npm)
# into the package, so installing cardlab needs no Node.  widget-test runs their unit tests
# with Node's test runner and fails if the shipped bundle is stale.
widgets/node_modules/.installed: widgets/package.json widgets/package-lock.json
	cd widgets && npm ci --no-audit --no-fund --loglevel=error
	touch $@

widget: widgets/node_modules/.installed
	cd widgets && node build.mjs

widget-test: widgets/node_modules/.installed
	$(call stage,widget-test)
	cd widgets && node --test --test-reporter=dot test/ && node build.mjs --check

# The docs pages load widget JavaScript from the site itself: fetched once from the npm
# registry into build/ (ignored), at the version of the installed anywidget.
widget-js: $(STAMP)
	$(call stage,widget-js)
	$(BIN)/python docs/scripts/vendor_widget_js.py build/docs-vendor

# The JupyterLite lab the docs site carries as lite/: built clean into build/lite each time
# (Pyodide from npm, wheels fetched by pip; downloads kept in build/lite-cache).
lite: $(STAMP)
	$(BIN)/python docs/scripts/build_lite.py build/lite

export NO_MKDOCS_2_WARNING := 1

# Each notebook is executed once, JOBS at a time, each in its own kernel, by
# tests/run_notebooks.py into build/notebooks/: the copy with its outputs, chart images and
# widget state, and beside it a report of the checks run in the same kernel right after the
# last cell (every exercise asked, the facts the text states: tests/test_lessons.py). A cell
# that raises fails here. The docs site publishes these copies and the tests read the
# reports, so nothing executes a notebook twice. A copy is kept while the notebook,
# cardlab/ and the checks are unchanged: a second `make test` reuses it.
notebooks: $(STAMP)
	$(call stage,notebooks)
	$(BIN)/python tests/run_notebooks.py --jobs $(JOBS)

# Renders the executed notebooks (mkdocs-jupyter does not run them again) with the
# JupyterLite lab in site/lite/; fails on any warning or a broken link.
docs: widget-js notebooks lite
	$(call stage,docs)
	$(BIN)/mkdocs build --strict --clean --site-dir site

serve-docs: widget-js notebooks
	$(BIN)/mkdocs serve

# One pytest run on PYTEST_JOBS workers (pytest-xdist): unit, conformance, game and notebook tests
# spread over them; the browser tests (JupyterLab, Chromium, the site just built) run in
# two groups of about the same length, the table tests over every game and the rest (with
# every game's compact-layout test), each on one worker with its own JupyterLab
# (tests/conftest.py). The slowest tests are
# listed at the end, to keep an eye on the time.
test: lint widget-test docs
	$(call stage,pytest)
	DOCS_SITE_DIR=site $(BIN)/pytest tests -n $(PYTEST_JOBS) --dist loadgroup -rs --durations=40 \
		-p no:cacheprovider $(PYTEST_ARGS)
	$(call stage,done)

bench: $(STAMP)
	$(BIN)/python benchmarks/games.py
	$(BIN)/python benchmarks/melds.py
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/solvers.py

$(BENCH_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e '.[bench]'
	touch $@

bench-peers: $(BENCH_VENV)/.installed
	$(BENCH_VENV)/bin/python benchmarks/peers.py

# In the bench environment: the peers (treys, phevaluator) are in the bench extra.
bench-poker: $(BENCH_VENV)/.installed
	$(BENCH_VENV)/bin/python benchmarks/poker.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis site build/docs-vendor \
		widgets/node_modules
	rm -rf build/lite build/lite-src build/lite-cache
