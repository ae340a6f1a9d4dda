# Two commands on a fresh machine: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint install sysdeps clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	@# torch pinned: 2.13.0 is a CPU wheel; an unpinned torch pulls a CUDA build of several GB.
	$(BIN)/pip install -q 'torch==2.13.0' -e '.[suite,dev,ray,hf,serve]'
	touch $(STAMP)

install: $(STAMP)

# Optional system tools: bubblewrap (sandbox isolation) and, for the tests, chromium
# (the report test).
# Installed only as root with apt; without them the sandbox falls back and the
# browser test is skipped, each saying so.
sysdeps:
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  missing=""; \
	  command -v bwrap >/dev/null 2>&1 || missing="$$missing bubblewrap"; \
	  if [ "$(WITH_BROWSER)" = 1 ]; then command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; fi; \
	  if [ -n "$$missing" ]; then \
	    echo "installing system packages:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	      || echo "warning: could not install$$missing"; \
	  fi; \
	fi

demo: $(STAMP) sysdeps
	$(BIN)/mleworld demo

test: WITH_BROWSER := 1
test: $(STAMP) sysdeps
	$(BIN)/python -m pytest -q --durations=25

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
