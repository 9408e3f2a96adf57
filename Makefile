# The course in two commands:  make lab   (set up and open JupyterLab)
#                              make test  (set up and run every test)
# Both create .venv when it is missing and install requirements.txt plus this package.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: lab test unit nbval browser notebooks lint bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) requirements.txt pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/

# Every test: unit and property tests, strict nbval over all notebooks, the browser test.
test: $(STAMP)
	$(PY) -m pytest tests notebooks --nbval --nbval-sanitize-with notebooks/nbval_sanitize.cfg

unit: $(STAMP)
	$(PY) -m pytest tests --ignore=tests/browser

nbval: $(STAMP)
	$(PY) -m pytest notebooks --nbval --nbval-sanitize-with notebooks/nbval_sanitize.cfg

browser: $(STAMP)
	$(PY) -m pytest tests/browser

# Rebuild notebooks from notebooks/src/*.py and execute them top to bottom in a fresh kernel.
# make notebooks NB=01 rebuilds only the chapters whose name starts with 01.
notebooks: $(STAMP)
	$(PY) tools/build_notebooks.py $(NB)

lint: $(STAMP)
	$(VENV)/bin/ruff check mcts_lesson tests benchmarks tools notebooks/src

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache artifacts
