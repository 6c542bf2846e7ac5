# archeo-lab: two commands set everything up on a fresh machine (Python 3.10+).
#   make lab    create .venv, install, open JupyterLab on the tutorials
#   make lint   ruff (lint) and mypy (types: strict on the engine), as CI and pre-commit run them
#   make test   create .venv, install, lint, then run every test (unit, random play, notebooks, browser)
#   make bench  throughput, latency, search speed and bot strength (benchmarks/; the ladder in build/bench/)
#   make lite   the course as a JupyterLite site in build/lite (no server: python -m http.server -d build/lite)
#   make site   the course site in build/site (every notebook executed), the JupyterLite site in build/site/lite

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab lint test bench lite site clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' || \
		{ echo "archeo-lab needs Python 3.10 or newer ($(PYTHON) is older): make PYTHON=python3.11 ..."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[lab,test,lint]"
	touch $(STAMP)

# The project's JupyterLab settings (binder/overrides.json: no "get Jupyter news?" pop-up over
# the boards) go where JupyterLab reads overrides for this environment, as Binder's postBuild does.
lab: $(STAMP)
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp binder/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	$(BIN)/jupyter lab $(ROOT_FLAG) tutorials/00_start_here.ipynb

# Settings in pyproject.toml ([tool.ruff], [tool.mypy]); well under a minute.
lint: $(STAMP)
	$(BIN)/ruff check archeo_lab tests benchmarks lite .ci
	$(BIN)/mypy

# Two workers (the CI machine has 2 cores); --dist loadfile keeps each file on one worker, so a
# notebook's nbval cells share one kernel and the browser tests of a file share one JupyterLab.
test: lint
	$(BIN)/python -m pytest -n 2 --dist loadfile

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet open_spiel || echo "open_spiel not installable here: benchmarks run without the comparison"
	$(BIN)/python benchmarks/throughput.py
	$(BIN)/python benchmarks/latency.py
	$(BIN)/python benchmarks/search_speed.py
	$(BIN)/python benchmarks/strength.py --svg build/bench/ladder.svg --json build/bench/strength.json

lite: $(STAMP)
	$(BIN)/python lite/build.py --out build/lite
	@echo "Serve it to this machine: $(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory build/lite"
	@echo "then open http://127.0.0.1:8000/lab/index.html?path=00_start_here.ipynb"
	@echo "To a classroom's network (students open http://<this machine>:8000/...): leave out --bind 127.0.0.1"
	@echo "(docs/howto/offline_classroom.md)"

# The course site (docs/conf.py): Sphinx + myst-nb over docs/ and tutorials/, every notebook executed
# (cached in build/site-cache: only changed notebooks run again), warnings are errors.  The Sphinx part
# runs offline; the JupyterLite part needs PyPI and npm as `make lite` does (SITE_LITE=no skips it).
SITE ?= build/site
SITE_LITE ?= yes
site: $(STAMP)
	$(BIN)/python -m sphinx -b html -c docs -d build/site-doctrees -W --keep-going -q -T . $(SITE)
	$(if $(filter yes,$(SITE_LITE)),$(BIN)/python lite/build.py --out $(SITE)/lite)
	@echo "Serve it with: $(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory $(SITE)"
	@echo "then open http://127.0.0.1:8000/"

clean:
	rm -rf $(VENV) dist build .pytest_cache .mypy_cache .ruff_cache
