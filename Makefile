# Two commands for a newcomer: `make run` (set up, build the KB from the bundled rulebooks, show
# what it holds) and `make test`. Both create the virtual environment on first use.
VENV ?= .venv
PYTHON ?= python3

.PHONY: run test setup bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

setup: $(VENV)/.installed

run: setup
	$(VENV)/bin/rulebase build
	$(VENV)/bin/rulebase stats

test: setup
	$(VENV)/bin/python -m pytest

bench: setup
	$(VENV)/bin/python bench/build.py

clean:
	rm -rf $(VENV) kb.sqlite .pytest_cache *.egg-info
