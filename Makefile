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
BIN_RELEASE := $(CARGO_TARGET_DIR)/release/autoscope

.PHONY: run build test bench modules web-sdk-test setup test-tools lint fmt clean-data

## run: build (debug profile) and serve on the embedded default with demo data
run: setup
	$(CARGO) build -p autoscope
	$(BIN_DEBUG) migrate
	$(BIN_DEBUG) seed-demo
	$(BIN_DEBUG) serve

## build: the release binary at target/release/autoscope
build: setup
	$(CARGO) build -p autoscope --release
	mkdir -p target/release
	cp $(BIN_RELEASE) target/release/autoscope
	@echo "built target/release/autoscope"

## test: every test (lint, unit, and integration on SQLite and PostgreSQL, real SMTP and OIDC peers)
test: setup test-tools modules lint web-sdk-test
	$(CARGO) test --no-fail-fast
	$(CARGO) test -p autoscope-sdk

## web-sdk-test: the web SDK's type check and unit tests (installs its npm packages when the lock changed)
web-sdk-test:
	@command -v npm >/dev/null || { echo "Node.js and npm are required for the web SDK"; exit 1; }
	@if [ ! -d sdk/web/node_modules ] || [ sdk/web/package-lock.json -nt sdk/web/node_modules/.package-lock.json ]; then \
		cd sdk/web && npm ci --no-audit --no-fund --loglevel=error; fi
	cd sdk/web && npm run typecheck && npm test

## bench: plugin-routed versus native list latency on SQLite and PostgreSQL (optimised build; minutes)
bench: modules
	$(CARGO) bench -p autoscope --bench plugin_vs_native

## modules: build every module plugin (the workspace but the host and the native test harness)
## for wasm32 into $(CARGO_TARGET_DIR)/wasm32-unknown-unknown/plugin/
modules: setup
	$(CARGO) build --profile plugin --target wasm32-unknown-unknown --workspace --exclude autoscope --exclude autoscope-module-test

# Installs the pinned toolchain explicitly: rustup's auto-install may be off (RUSTUP_AUTO_INSTALL=0).
TOOLCHAIN := $(shell sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)
setup:
	@command -v rustup >/dev/null || { echo "rustup is required (https://rustup.rs)"; exit 1; }
	@{ rustup component list --toolchain $(TOOLCHAIN) --installed 2>/dev/null | grep -q clippy \
		&& rustup target list --toolchain $(TOOLCHAIN) --installed | grep -q wasm32-unknown-unknown; } \
		|| rustup toolchain install $(TOOLCHAIN) --profile minimal --component rustfmt --component clippy --target wasm32-unknown-unknown

test-tools:
	@command -v npm >/dev/null || { echo "Node.js and npm are required for the test tools"; exit 1; }
	@if [ ! -d tests/node_modules ] || [ tests/package-lock.json -nt tests/node_modules/.package-lock.json ]; then \
		cd tests && npm ci --no-audit --no-fund --loglevel=error; fi

lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy -p autoscope-sdk --all-targets -- -D warnings
	$(CARGO) clippy --profile plugin --target wasm32-unknown-unknown --workspace --exclude autoscope --exclude autoscope-module-test -- -D warnings

fmt:
	$(CARGO) fmt --all

## clean-data: forget the local database, secret and outbox (./data)
clean-data:
	rm -rf data
