# archeo-lab: two commands set everything up on a fresh machine (Python 3.10+).
#   make lab    create .venv, install, open JupyterLab on the tutorials
#   make lint   ruff (lint) and mypy (types: strict on the engine), as CI and pre-commit run them
#   make test   create .venv, install, lint, then run every test (unit, random play, notebooks, browser)
#   make bench  throughput and latency figures (benchmarks/)

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab lint test bench clean

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
	$(BIN)/ruff check archeo_lab tests benchmarks .ci
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet open_spiel || echo "open_spiel not installable here: benchmarks run without the comparison"
	$(BIN)/python benchmarks/throughput.py
	$(BIN)/python benchmarks/latency.py
	$(BIN)/python benchmarks/strength.py

clean:
	rm -rf $(VENV) dist build .pytest_cache .mypy_cache .ruff_cache
