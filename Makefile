# Two commands for a newcomer: `make run` (set up, build the KB from the bundled rulebooks, serve
# the site on it) and `make test`. Both create the virtual environment on first use.
VENV ?= .venv
# The interpreter the virtual environment is made from: Debian's /usr/bin/python3 when it is 3.11 or
# later and has venv, else the first python3 on the PATH. Debian builds its CPython with profile-guided
# and link-time optimisation and libpython linked in; pyenv's (the PATH's python3 on our machines) is
# built without either: a replay is 12% more instructions on it and 1.1-1.25 times the CPU (docs/performance.md).
# `make clean` first to remake an existing environment; PYTHON=... to choose another.
PYTHON_CANDIDATES ?= /usr/bin/python3 python3
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell for p in $(PYTHON_CANDIDATES); do \
  $$p -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done)
endif
# Python's compiled modules are kept (__pycache__): a shell that says PYTHONDONTWRITEBYTECODE would
# have every test process and every `rulebase` a test starts compile the whole project again
# (about 0.5 s of CPU each, hundreds of times a run).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-fast lint setup browser bench clean

$(VENV)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "no python3 of 3.11 or later with venv found: set PYTHON=..."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

setup: $(VENV)/.installed

run: setup
	$(VENV)/bin/rulebase build
	$(VENV)/bin/rulebase serve

# The browser tests drive Debian's chromium; install it when missing and we are allowed to.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "browser tests need chromium: run 'sudo apt-get install chromium'"; exit 1; fi; }

# Every test: first on one process per core (pytest-xdist, a module to a process), then alone the tests
# that measure time under load (marked serial), so that no other test shares the cores with them.
# Built KBs are kept in .test-kbs/ and reused while their sources and code are unchanged.
test: setup browser lint
	$(VENV)/bin/python -m pytest -n auto --dist loadfile --no-loadscope-reorder -m "not serial" --durations=25
	$(VENV)/bin/python -m pytest -m serial --durations=10

# The inner loop: the engine, ingest, kb and API tests on one process per core, without the tests that
# take seconds (slow), run the CLI or a server in a process (cli), drive chromium (browser) or measure
# time under load (serial); stops at the first failure; reuses the KBs of .test-kbs/.
test-fast: setup
	$(VENV)/bin/python -m pytest -n auto --dist loadfile --no-loadscope-reorder --inner-loop -x -q

# ruff: the lint rules and the format of pyproject.toml; make test runs it first
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench: setup
	$(VENV)/bin/python bench/build.py
	$(VENV)/bin/python bench/verify.py
	$(VENV)/bin/python bench/search.py
	$(VENV)/bin/python bench/diff.py
	$(VENV)/bin/python bench/ingest.py
	$(VENV)/bin/python bench/growth.py
	$(VENV)/bin/python bench/play.py

clean:
	rm -rf $(VENV) kb.sqlite .pytest_cache .test-kbs *.egg-info
