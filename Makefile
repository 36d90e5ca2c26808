# Gemau: `make serve` to play, `make test` to run every test. See README.md.
PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python
VENDORED := static/vendor/VERSIONS.json
PYODIDE_SITE := .cache/pyodide-site
STARTED := $(shell date +%s)

.PHONY: build site serve test lint test-unit test-pyodide test-e2e bench clean

build: $(VENDORED) site

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

$(VENDORED): node_modules/.package-lock.json tools/vendor.py
	$(PYTHON) tools/vendor.py

site:
	$(PYTHON) tools/build.py

serve: build
	$(PYTHON) tools/serve.py --port $(PORT)

$(VENV)/.installed: tests/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r tests/requirements.txt
	touch $@

# Pure-Python wheels of pytest, unpacked for the Pyodide run (no network inside Pyodide).
$(PYODIDE_SITE)/.installed: tests/pyodide/requirements.txt $(VENV)/.installed
	rm -rf $(PYODIDE_SITE) .cache/wheels
	$(VENV_PY) -m pip download --quiet --disable-pip-version-check --only-binary=:all: --no-deps \
		-d .cache/wheels -r tests/pyodide/requirements.txt
	for wheel in .cache/wheels/*.whl; do $(VENV_PY) -m zipfile -e "$$wheel" $(PYODIDE_SITE); done
	touch $@

# Static checks: ruff (lint and format) everywhere; mypy, strict over py/games and py/app/{fair,peer,remote}
# ([tool.mypy] in pyproject.toml).
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check py tests tools bench
	$(VENV)/bin/ruff format --check py tests tools bench
	$(VENV)/bin/mypy

test-unit: $(VENV)/.installed
	$(VENV_PY) -m pytest tests/unit

test-pyodide: build $(PYODIDE_SITE)/.installed
	node tests/pyodide/run.mjs

# End-to-end: two test processes, each with its own Chromium and server (E2E_WORKERS=1: one).
E2E_WORKERS ?= 2
E2E := $(VENV_PY) -m pytest tests/e2e -n $(E2E_WORKERS) --dist worksteal

# The programs the end-to-end tests start besides Chromium (installed on Debian as root).
E2E_PROGRAMS := sh tools/need_program.sh turnserver coturn

test-e2e: build $(VENV)/.installed
	$(E2E_PROGRAMS) && CHROMIUM="$$(sh tools/find_chromium.sh)" && export CHROMIUM && $(E2E)

test: build $(VENV)/.installed $(PYODIDE_SITE)/.installed lint
	$(E2E_PROGRAMS) && CHROMIUM="$$(sh tools/find_chromium.sh)" && export CHROMIUM && \
	sh tools/unit_tests.sh && \
	$(E2E) --durations=25
	@echo "make test: $$(( $$(date +%s) - $(STARTED) )) s from start to end, installs included"

bench: build $(VENV)/.installed
	CHROMIUM="$$(sh tools/find_chromium.sh)" && export CHROMIUM && $(VENV_PY) bench/boot.py

clean:
	rm -rf static/vendor static/py.zip sw.js .cache $(VENV) node_modules

# Wordle word lists (static/words): needs the Debian packages listed in
# tools/wordlists.py (hunspell-tools, 14 hunspell-* dictionaries, aspell-cy and FreeDict cym-eng).
WORDLISTS_VENV := .cache/wordlists-venv
.PHONY: wordlists
$(WORDLISTS_VENV)/.installed-2:
	$(PYTHON) -m venv $(WORDLISTS_VENV)
	$(WORDLISTS_VENV)/bin/pip install --quiet --disable-pip-version-check \
		wordfreq==3.1.1 spylls==0.1.7 uzbek-text-tools==0.1.0 \
		simplemma==2.0.0 pymorphy3==2.0.6 pymorphy3-dicts-ru==2.4.417150.4580142 \
		pymorphy3-dicts-uk==2.4.1.1.1663094765
	touch $@

wordlists: $(WORDLISTS_VENV)/.installed-2
	@command -v unmunch >/dev/null || { echo "apt-get install hunspell-tools hunspell-en-us hunspell-id hunspell-de-de hunspell-es hunspell-fr hunspell-it hunspell-nl hunspell-uz hunspell-pl hunspell-pt-br hunspell-pt-pt hunspell-kk hunspell-ru hunspell-uk aspell aspell-cy dict-freedict-cym-eng"; exit 1; }
	nice -n 10 $(WORDLISTS_VENV)/bin/python tools/wordlists.py

# The expert Wordle player's books (static/words/<lang>.book.json) from the
# word lists: tools/wordle_book.py searches English 8 wide (about 7 minutes),
# 4-letter lists 3 wide, the rest greedily.
BOOKS_VENV := .cache/books-venv
.PHONY: books
$(BOOKS_VENV)/.installed:
	$(PYTHON) -m venv $(BOOKS_VENV)
	$(BOOKS_VENV)/bin/pip install --quiet --disable-pip-version-check numpy==2.4.6
	touch $@

books: $(BOOKS_VENV)/.installed
	nice -n 10 $(BOOKS_VENV)/bin/python tools/wordle_book.py --lang en --width 8 --root-width 8
	nice -n 10 $(BOOKS_VENV)/bin/python tools/wordle_book.py --lang cy de es fr id it kk nl pl pt ru uk uz --width 1 --root-width 1
	nice -n 10 $(BOOKS_VENV)/bin/python tools/wordle_book.py --lang cy de es fr id it kk nl pl pt ru uk uz --lengths 4
