# vitrina-docs: every workflow is a target. Targets install what they need first
# (idempotent: a second run is quick).
SHELL := /bin/bash
.DEFAULT_GOAL := help
PORT ?= 4173
# ANALYTICS=1 make preview (or dev): send page views to the configured service, as the published site does.
ANALYTICS ?=
analytics_flag = $(if $(ANALYTICS),--analytics)
# make dev PORT=…: the writers' preview on that port (else its own default, 4300).
dev_port_flag = $(if $(filter command line environment,$(origin PORT)),--port $(PORT))

# The packages' sources (not their compiled lib/ folders, not tests).
sources = $(shell find $(1) -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.css' \) -not -name '*.test.*' -not -path '*/lib/*' -not -path '*/node_modules/*' 2>/dev/null)
LIB_SOURCES := $(call sources,generator schemas search renderer) $(wildcard */tsconfig.build.json)
RENDERER_SOURCES := $(call sources,renderer schemas search)

.PHONY: help install system-deps validate build preview dev test lint typecheck bench clean schemas packages

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -e 's/\$$(PORT)/$(PORT)/g' | awk -F ':.*## ' '{ printf "%-14s %s\n", $$1, $$2 }'

install: node_modules/.install-stamp ## install npm packages (npm ci)

node_modules/.install-stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

system-deps: ## install Debian's chromium, nginx with its Brotli module, pre-commit, python3-venv, a JDK, mono's C# compiler and curl when missing (browser tests, the production server, the hook runners' tests, the request samples' compilers, and curl to run them)
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	[ -x /usr/bin/pre-commit ] || missing="$$missing pre-commit"; \
	python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing="$$missing libnginx-mod-http-brotli-static"; \
	command -v javac >/dev/null 2>&1 || missing="$$missing default-jdk-headless"; \
	command -v mcs >/dev/null 2>&1 || missing="$$missing mono-mcs"; \
	command -v curl >/dev/null 2>&1 || missing="$$missing curl"; \
	[ -f /usr/lib/mono/4.5/System.Net.Http.dll ] || missing="$$missing libmono-system-net-http4.0-cil"; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

generator/lib/.compiled: node_modules/.install-stamp $(LIB_SOURCES) tsconfig.json
	@echo "compiling the generator"
	@npm run --silent compile

.cache/renderer/server/server.js: node_modules/.install-stamp $(RENDERER_SOURCES) tsconfig.json
	@echo "building the renderer"
	@npm run --silent build:renderer -- --logLevel warn

validate: generator/lib/.compiled ## check all the content; prints each problem as file:line:column, then a count
	@node bin/vitrina-docs.js validate

build: generator/lib/.compiled .cache/renderer/server/server.js ## build the site into dist/ (one summary line; --verbose in the CLI for stages and sizes)
	@node bin/vitrina-docs.js build

preview: build ## build and serve the site on http://127.0.0.1:$(PORT), analytics off (ANALYTICS=1 to send page views)
	@node bin/vitrina-docs.js preview --port $(PORT) $(analytics_flag)

dev: generator/lib/.compiled .cache/renderer/server/server.js ## writers' preview on http://127.0.0.1:4300 (PORT=… for another): rebuilds on save, analytics off (ANALYTICS=1)
	@node bin/vitrina-docs.js dev $(dev_port_flag) $(analytics_flag)

schemas: generator/lib/.compiled ## write the JSON Schema files to schemas/json/
	node bin/vitrina-docs.js schemas

packages: generator/lib/.compiled ## write the packages as tarballs into packages/, installable without a registry (README: Installing the packages)
	@node scripts/make-packages.js packages

typecheck: install
	npm run --silent typecheck

lint: install
	npx eslint .
	npx prettier --check .

test: install system-deps generator/lib/.compiled .cache/renderer/server/server.js ## type check, lint and run every test (unit, golden, build, browser)
	npm run --silent typecheck
	npx eslint .
	npx prettier --check .
	npx vitest run
	node bin/vitrina-docs.js build
	npm run --silent test:e2e

bench: install system-deps generator/lib/.compiled .cache/renderer/server/server.js ## measure build, pages, search and Lighthouse (bench/results.json)
	npm run --silent bench

clean: ## remove build output and caches
	rm -rf dist packages schemas/lib search/lib renderer/lib generator/lib .cache test-results playwright-report
