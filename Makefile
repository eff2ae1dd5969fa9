# Autoscope — the two commands of a fresh machine are `make run` and `make test`.
# Both install what they need (the pinned Rust toolchain and wasm target through
# rust-toolchain.toml, the npm test tools) and are safe to repeat.

SHELL := /bin/bash
# Build outputs live outside the clone so a fresh clone (CI) builds incrementally.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/autoscope/target
# anyhow captures a backtrace on every error when this is 1, which slows error paths.
export RUST_BACKTRACE ?= 0
CARGO ?= cargo
BIN_DEBUG := $(CARGO_TARGET_DIR)/debug/autoscope
# The demo data: a binary of its own, so the host binary names no product module.
DEMO_DEBUG := $(CARGO_TARGET_DIR)/debug/autoscope-demo
BIN_RELEASE := $(CARGO_TARGET_DIR)/release/autoscope

.PHONY: run build test scale-test examples bench bench-web soak modules packages web web-test web-sdk-test browser-test browser setup test-tools openorchestrator schemathesis lint fmt clean-data

# `npm ci` in $(1) when its packages are missing or older than its lock file.
define npm_ci
	@command -v npm >/dev/null || { echo "Node.js 20+ and npm are required"; exit 1; }
	@if [ ! -d $(1)/node_modules ] || [ $(1)/package-lock.json -nt $(1)/node_modules/.package-lock.json ]; then \
		cd $(1) && npm ci --no-audit --no-fund --loglevel=error; fi
endef

# The product modules' packages (plugins/ + modules-web/), and the browser tests' (those
# plus the test modules).
PACKAGES := $(CARGO_TARGET_DIR)/packages
# The product modules' crates (`module-<key>`): native unit tests and harness tests.
PLUGIN_CRATES := $(patsubst plugins/%/Cargo.toml,-p module-%,$(wildcard plugins/*/Cargo.toml))
TEST_PACKAGES := $(CARGO_TARGET_DIR)/browser-test-packages
# The modules of outside authors (examples/), and the build cache they and the kit's test share.
EXAMPLES := $(patsubst %/module.toml,%,$(wildcard examples/*/module.toml))
KIT_TARGET := $(HOME)/.cache/autoscope/kit-target
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

## run: build (debug profile) and serve on the embedded default with demo data and every
## product module installed (the locally built packages are unsigned)
run: export AUTOSCOPE_ALLOW_UNSIGNED_MODULES ?= true
run: setup web packages
	$(CARGO) build -p autoscope-demo
	$(BIN_DEBUG) migrate
	@for archive in $(PACKAGES)/*.tar.gz; do $(BIN_DEBUG) module install $$archive || exit 1; done
	$(DEMO_DEBUG)
	$(BIN_DEBUG) serve

## packages: the product modules' plugins and remotes, packed into $(PACKAGES)
packages: modules
	$(call npm_ci,modules-web)
	$(CARGO) build -p autoscope
	node plugins/build-packages.mjs $(PACKAGES)

## build: the release binary at target/release/autoscope
build: setup web
	$(CARGO) build -p autoscope --release
	mkdir -p target/release
	cp $(BIN_RELEASE) target/release/autoscope
	@echo "built target/release/autoscope"

## test: every test (lint, unit, integration on SQLite and PostgreSQL with real SMTP and OIDC
## peers, the web shell's unit tests and size report, and browser tests in Debian's chromium)
test: setup test-tools openorchestrator schemathesis modules lint web-sdk-test web-test
	$(CARGO) test --no-fail-fast
	$(CARGO) test --no-fail-fast -p autoscope-sdk -p autoscope-typescript $(PLUGIN_CRATES)
	$(MAKE) --no-print-directory examples
	$(MAKE) --no-print-directory browser-test

## scale-test: two hosts on one PostgreSQL database and NATS (sessions, rate limits, a module
## installed and upgraded through one served by the other, realtime, events and schedules
## once, a host killed during a job, a sync and rollup rebuilds which the other takes over,
## and one stopped gracefully); `make test` runs it among the API tests
scale-test: setup modules
	$(CARGO) test -p autoscope --test api scale_out -- --nocapture

## examples: each module of examples/ built, type-checked and tested exactly as its outside
## author does: the kit's `module build`, its own `cargo test` against the prebuilt binary
## (autoscope-harness), the SDK as an outside dependency; their builds share one cache
examples:
	$(CARGO) build -p autoscope
	@for dir in $(EXAMPLES); do \
		echo "== $$dir"; \
		CARGO_TARGET_DIR=$(KIT_TARGET) $(BIN_DEBUG) module build --dir $$dir || exit 1; \
		(cd $$dir/remote && npm run --silent typecheck) || exit 1; \
		CARGO_TARGET_DIR=$(KIT_TARGET) AUTOSCOPE_BIN=$(abspath $(BIN_DEBUG)) $(CARGO) test --manifest-path $$dir/Cargo.toml || exit 1; \
	done

## web: the web shell's production build (shell-web/dist), which the host serves at /
web:
	$(call npm_ci,shell-web)
	cd shell-web && npm run build

## web-test: the shell's type check, unit tests and login-page size against a plain app;
## the remotes' type check, unit and component tests, and build with its size report
## (each remote's own JavaScript at most 60 KB gzipped, or its own limit in build.mjs)
web-test:
	$(call npm_ci,shell-web)
	$(call npm_ci,modules-web)
	cd shell-web && npm run typecheck && npm test && npm run size
	cd modules-web && npm run typecheck && npm test && npm run build

## web-sdk-test: the web SDK's type check and unit tests (installs its npm packages when the lock changed)
web-sdk-test:
	$(call npm_ci,sdk/web)
	cd sdk/web && npm run typecheck && npm test

## browser-test: the shell end to end in Debian's chromium against the real host, SMTP and OIDC peers
browser-test: browser test-tools modules web
	$(call npm_ci,modules-web)
	$(CARGO) build -p autoscope -p autoscope-demo
	node tests/modules/build-test-packages.mjs $(TEST_PACKAGES)
	node plugins/build-packages.mjs $(TEST_PACKAGES)
	node tests/browser/run.mjs

# Debian's chromium (never a downloaded browser), installed once.
browser:
	@test -x /usr/bin/chromium || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# OpenOrchestrator (PyPI, pinned, with only what its database layer imports), in a
# virtualenv outside the clone: Database Integration's tests create its tables with it.
OO_VENV := $(HOME)/.cache/autoscope/openorchestrator-venv
export OPENORCHESTRATOR_PYTHON := $(OO_VENV)/bin/python
openorchestrator:
	@$(OO_VENV)/bin/python -c 'import OpenOrchestrator.database.db_util, pymysql' 2>/dev/null || \
		{ python3 -m venv $(OO_VENV) && $(OO_VENV)/bin/pip install --quiet --no-deps OpenOrchestrator==3.0.0 \
			SQLAlchemy==2.0.58 greenlet==3.5.6 typing_extensions==4.16.0 cryptography==45.0.7 cffi==2.1.1 \
			pycparser==3.12 cronsim==2.6 PyMySQL==1.1.1; }

# Schemathesis (PyPI, pinned with every dependency), in a virtualenv outside the clone: the
# API conformance test (host/tests/api/conformance.rs) runs it against /api/openapi.json.
ST_VENV := $(HOME)/.cache/autoscope/schemathesis-venv
export SCHEMATHESIS := $(ST_VENV)/bin/st
schemathesis:
	@$(SCHEMATHESIS) --version 2>/dev/null | grep -q 'version 4.32.5$$' || \
		{ python3 -m venv $(ST_VENV) && $(ST_VENV)/bin/pip install --quiet --no-deps schemathesis==4.32.5 \
			anyio==4.16.0 certifi==2026.10.19.post1 charset-normalizer==3.5.3 click==8.5.1 graphql-core==3.3.2 \
			harfile==0.6.0 hypothesis==6.170.17 hypothesis-graphql==0.13.5 idna==3.20 iniconfig==2.3.1 \
			jsonschema_rs==0.60.3 markdown-it-py==4.3.0 MarkupSafe==3.0.4 mdurl==0.1.2 packaging==26.4 \
			pluggy==1.7.0 Pygments==2.21.0 pyrate-limiter==4.5.1 pytest==9.2.0 PyYAML==6.0.4 requests==2.34.2 \
			rich==15.0.0 sortedcontainers==2.4.0 typing_extensions==4.16.0 urllib3==2.8.0 Werkzeug==3.1.9; }

# DuckDB for the insight benchmark (PyPI, pinned), in a virtualenv outside the clone.
DUCKDB_VENV := $(HOME)/.cache/autoscope/duckdb-venv

## bench: plugin-routed versus native list latency, Operational Insight on 10 million runs
## against DuckDB with ingestion against a raw INSERT, on SQLite and PostgreSQL, and Chat's
## fan-out to 1,000 realtime streams against a Node.js `ws` server with the memory of 10,000
## idle streams, Database Integration's sync from MariaDB against the ingestion API, and
## the p99 of quiet calls during one module's or one company's storm against without it,
## a signed-in call's p99 during a flood of sign-ins against without it (both as the host
## runs by default, a CPU set apart for heavy work, then on CPUs shared),
## and last Alerts' evaluation cycle of 100 rules over the 10 million runs (optimised build;
## about a quarter of an hour)
bench: modules
	@[ -x $(DUCKDB_VENV)/bin/python ] && $(DUCKDB_VENV)/bin/python -c 'import duckdb' 2>/dev/null || \
		{ python3 -m venv $(DUCKDB_VENV) && $(DUCKDB_VENV)/bin/pip install --quiet duckdb==1.1.3; }
	$(call npm_ci,tests)
	$(CARGO) bench -p autoscope --bench plugin_vs_native
	$(CARGO) bench -p autoscope --bench chat_vs_node
	$(CARGO) bench -p autoscope --bench dbsync_vs_ingest
	$(CARGO) bench -p autoscope --bench module_storm
	$(CARGO) bench -p autoscope --bench login_flood
	DUCKDB_PYTHON=$(DUCKDB_VENV)/bin/python $(CARGO) bench -p autoscope --bench insight_vs_duckdb

## soak: ten minutes of mixed load (sign-ins, dashboard reads, module writes, realtime
## streams) against the optimised host on SQLite with its RSS sampled every 5 s; ends with
## `soak rss_growth=<pct> errors=<n>` (goals: growth under 10 %, no error, p99 stable;
## SOAK_SECONDS shortens it, SOAK_ENGINE=postgres runs it on PostgreSQL)
soak: modules
	$(CARGO) bench -p autoscope --bench soak

## bench-web: the login page, the first signed-in screen and each module page of the demo
## user in Debian's chromium against the optimised host with the demo data: bytes on the
## wire cold and warm, long-task time, DOM nodes, click to main content (a few minutes)
bench-web: browser test-tools packages web
	$(CARGO) build --release -p autoscope -p autoscope-demo
	AUTOSCOPE_BIN=$(BIN_RELEASE) AUTOSCOPE_DEMO_BIN=$(CARGO_TARGET_DIR)/release/autoscope-demo node tests/bench/web.mjs

## modules: build every module plugin (the workspace but the host, the demo data and the native test harness)
## for wasm32 into $(CARGO_TARGET_DIR)/wasm32-unknown-unknown/plugin/
modules: setup
	$(CARGO) build --profile plugin --target wasm32-unknown-unknown --workspace --exclude autoscope --exclude autoscope-demo --exclude autoscope-typescript --exclude autoscope-module-test --exclude autoscope-harness

# Installs the pinned toolchain explicitly: rustup's auto-install may be off (RUSTUP_AUTO_INSTALL=0).
TOOLCHAIN := $(shell sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)
setup:
	@command -v rustup >/dev/null || { echo "rustup is required (https://rustup.rs)"; exit 1; }
	@{ rustup component list --toolchain $(TOOLCHAIN) --installed 2>/dev/null | grep -q clippy \
		&& rustup target list --toolchain $(TOOLCHAIN) --installed | grep -q wasm32-unknown-unknown; } \
		|| rustup toolchain install $(TOOLCHAIN) --profile minimal --component rustfmt --component clippy --target wasm32-unknown-unknown

test-tools:
	$(call npm_ci,tests)

## lint: formatting, clippy (host, SDK, plugins natively and for wasm32), the host's
## import graph (no cycles between the modules of a folder: tools/import-cycles.mjs), and
## ESLint and Prettier on the web (shell, remotes, web SDK)
lint:
	node tools/import-cycles.mjs host/src
	node tools/import-cycles.mjs demo/src
	$(call npm_ci,shell-web)
	$(call npm_ci,modules-web)
	$(call npm_ci,sdk/web)
	cd shell-web && npm run lint
	cd modules-web && npm run lint
	cd sdk/web && npm run lint
	$(CARGO) fmt --all --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy -p autoscope-sdk -p autoscope-typescript $(PLUGIN_CRATES) --all-targets -- -D warnings
	@for dir in $(EXAMPLES); do \
		$(CARGO) fmt --manifest-path $$dir/Cargo.toml --check || exit 1; \
		CARGO_TARGET_DIR=$(KIT_TARGET) $(CARGO) clippy --manifest-path $$dir/Cargo.toml --all-targets -- -D warnings || exit 1; \
		(cd modules-web && npx prettier --config .prettierrc.json --check ../$$dir/remote/src ../$$dir/remote/rspack.config.mjs) || exit 1; \
	done
	$(CARGO) clippy --profile plugin --target wasm32-unknown-unknown --workspace --exclude autoscope --exclude autoscope-demo --exclude autoscope-typescript --exclude autoscope-module-test --exclude autoscope-harness -- -D warnings

fmt:
	$(CARGO) fmt --all
	@for dir in $(EXAMPLES); do $(CARGO) fmt --manifest-path $$dir/Cargo.toml; done
	cd shell-web && npm run format
	cd modules-web && npm run format
	cd sdk/web && npm run format

## clean-data: forget the local database, secret and outbox (./data)
clean-data:
	rm -rf data
