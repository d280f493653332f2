# Sorteio: build, run and test. The README's two commands are `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
BIN := bin/sorteio
# npm installs no browser: the tests drive Debian's /usr/bin/chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run build pwa deps mailpit golangci-lint check test test-go test-go-sqlite test-fuzz fuzz test-pwa size test-e2e bench lighthouse check-proxy chaos lint fmt clean

## run: build everything and start the server on :8080 (SQLite in ./data)
run: build
	./$(BIN)

## build: the PWA, then the Go binary with the PWA embedded
build: pwa
	$(GO) build -tags embedpwa -o $(BIN) ./server/cmd/sorteio
	$(GO) build -o bin/oidc-dev ./server/cmd/oidc-dev

pwa: deps
	npm run --silent -w pwa build

# npm ci runs again only when the lock file changes.
deps: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json pwa/package.json e2e/package.json
	npm ci --no-audit --no-fund
	@touch $@

## check: the daily loop, under 5 minutes with warm caches: lint, Go on SQLite (PostgreSQL's subtests skip), Vitest
check: lint test-go-sqlite test-pwa

## test: everything: lint, Go (unit, both databases), the PWA (Vitest), Playwright
# The unit tests before the fuzzing: a failing test reads quicker than a fuzzer's crash, and a
# broken build fails there first.
test: lint build test-go test-fuzz test-pwa size test-e2e

## lint: gofmt, golangci-lint once over every package and build tag (.golangci.yml: go vet's analyzers, staticcheck and the rest), Prettier's format of the TypeScript, the PWA's and the end-to-end tests' types and ESLint (its layer rules included); any finding fails
# The embedded build (tag embedpwa: pwa/embed.go, one embed line) is compiled by make build.
lint: deps golangci-lint
	@files="$$(gofmt -l server sync migrations pwa/*.go)"; \
	if [ -n "$$files" ]; then echo "gofmt: run make fmt for:"; echo "$$files"; exit 1; fi
	@npm run --silent format:check || { echo "prettier: run make fmt"; exit 1; }
	@# golangci-lint beside the TypeScript checks (tsc and ESLint keep one core each): its findings
	@# print after theirs.
	@$(GOLANGCI_LINT) run --build-tags chaos ./... > bin/golangci-lint.log 2>&1 & golangci=$$!; status=0; \
	echo "npm run -w pwa typecheck, -w e2e typecheck, -w pwa lint"; \
	npm run --silent -w pwa typecheck || status=1; \
	npm run --silent -w e2e typecheck || status=1; \
	npm run --silent -w pwa lint || status=1; \
	wait $$golangci || status=1; echo "golangci-lint run --build-tags chaos ./..."; cat bin/golangci-lint.log; exit $$status

# golangci-lint, built from the Go module proxy into bin/ like Mailpit (its own module: its
# dependencies stay out of go.mod).
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := bin/golangci-lint
golangci-lint: $(GOLANGCI_LINT)
$(GOLANGCI_LINT):
	GOBIN=$(CURDIR)/bin $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

# Tests that own their data run in parallel (t.Parallel); most of their time is spent waiting on
# PostgreSQL, so four at a time in each package, on two cores. PostgreSQL's schemas are copies of
# one migrated template (storetest/template.go).
GO_TEST := $(GO) test -count=1 -parallel 4 -timeout 30m
test-go:
	$(GO_TEST) ./...

# make check's Go: SQLite only, whatever the shell exports (PostgreSQL's subtests skip).
test-go-sqlite:
	env -u TEST_DATABASE_URL -u CI $(GO_TEST) ./...

# Brief fuzzing of the pure decoders (push ops, imported tickets, texts, e-mails, sign-up and sign-in
# inputs and imported files) and of what `sorteio verify` prints, one worker each, a few seconds a
# target. Budgets are counts of inputs, not durations: with a duration, Go's fuzzing coordinator can
# fail a run with 'context deadline exceeded' when the time ends while a worker is still minimizing a
# new input (a race in the coordinator, not a finding; it wrote no failing input). A count has no
# deadline to race. Every target here is in a package whose test binary holds no database driver
# (auth's targets in server/internal/auth/authfuzz): a fuzzing build instruments every package of
# its binary, and SQLite's driver alone takes minutes to build so.
# The handler-level targets (FuzzPush, FuzzAuthBodies) run their seeds with `go test ./...`;
# `make fuzz` fuzzes them for longer (their first build instruments SQLite: minutes).
FUZZ := $(GO) test -run '^$$' -parallel 1
test-fuzz:
	$(FUZZ) -fuzz '^FuzzDecode$$' -fuzztime 60000x ./sync/protocol
	$(FUZZ) -fuzz '^FuzzCleanText$$' -fuzztime 30000x ./sync/protocol
	$(FUZZ) -fuzz '^FuzzDecodeAdd$$' -fuzztime 30000x ./sync/protocol
	$(FUZZ) -fuzz '^FuzzSafeForTerminal$$' -fuzztime 20000x ./sync/protocol
	$(FUZZ) -fuzz '^FuzzReport$$' -fuzztime 5000x ./server/internal/auditreport
	$(FUZZ) -fuzz '^FuzzDuplicateKey$$' -fuzztime 30000x ./sync/protocol
	$(FUZZ) -fuzz '^FuzzTicketNumber$$' -fuzztime 20000x ./sync/protocol
	$(FUZZ) -fuzz '^FuzzNormalizeEmail$$' -fuzztime 20000x ./server/internal/auth/authfuzz
	$(FUZZ) -fuzz '^FuzzSignUpIn$$' -fuzztime 2000x ./server/internal/auth/authfuzz
	$(FUZZ) -fuzz '^FuzzReadCSV$$' -fuzztime 20000x ./sync/importfile/
	$(FUZZ) -fuzz '^FuzzReadXLSX$$' -fuzztime 1000x ./sync/importfile/

fuzz:
	$(FUZZ) -fuzz '^FuzzPush$$' -fuzztime 60s ./server/internal/httpapi
	$(FUZZ) -fuzz '^FuzzAuthBodies$$' -fuzztime 60s ./server/internal/httpapi

test-pwa: deps
	npm run --silent -w pwa test

## size: the first screen's files (index.html's script, preloads and style) within their limit, brotli (pwa/.size-limit.js)
size: pwa
	npm run --silent -w pwa size

test-e2e: build mailpit
	node --test e2e/bench/budgets.test.mjs e2e/bench/reference.test.mjs
	npm run --silent -w e2e test

# Mailpit: the SMTP server and inbox the end-to-end tests read mail from (e2e/playwright.config.ts
# starts it), built from the Go module proxy; its web UI is not needed, only its HTTP API.
MAILPIT_VERSION := v1.33.1
mailpit: bin/mailpit
bin/mailpit:
	GOBIN=$(CURDIR)/bin $(GO) install github.com/axllent/mailpit@$(MAILPIT_VERSION)

## check-proxy: two instances on PostgreSQL behind Caddy (needs caddy and TEST_DATABASE_URL; skips without)
check-proxy: build
	deploy/proxy-check.sh

## chaos: the slow faults: PostgreSQL restarted under load (a throwaway cluster of its own, from
## /usr/lib/postgresql/*/bin), one of two instances killed behind Caddy (skipped without caddy).
## The quick ones (a full disk, clock skew, backup under load) run in make test.
chaos: build
	$(GO) test -tags chaos -count=1 -v -timeout 10m ./server/chaos/

## bench: the speed budgets (Go, the public viewers, the PWA's list logic, Chromium end to end, Lighthouse); the table of docs/benchmarks.md
# Every step's output goes to $(BENCH_LOG) after a stamp (commit, cores, load): the Go benchmarks'
# lines and the Chromium benches' BENCH lines are what budgets.mjs checks and reference.mjs writes
# into docs/benchmarks.md. A broken ratio budget or a Lighthouse score under 95 fails the run, after
# the table is written; budgets.mjs's last two lines say which ('BROKEN ratio: ...', 'Lighthouse
# below its scores: ...'), and a line after them when Lighthouse's own run failed besides.
BENCH_LOG := bin/bench.log
bench: build mailpit
	node e2e/bench/reference.mjs stamp > $(BENCH_LOG)
	$(GO) test -run '^$$' -bench . -benchmem ./... | tee -a $(BENCH_LOG)
	$(GO) run ./server/cmd/loadviewers -server $(BIN) -viewers 10000 | tee -a $(BENCH_LOG)
	$(GO) run ./server/cmd/loadviewers -server $(BIN) -viewers 19500 | tee -a $(BENCH_LOG)
	$(GO) run ./server/cmd/loadviewers -server $(BIN) -passwords 300 | tee -a $(BENCH_LOG)
	$(GO) run ./server/cmd/loadviewers -server $(BIN) -venue 500 | tee -a $(BENCH_LOG)
	$(GO) run ./server/cmd/loadviewers -server $(BIN) -signin-burst 300 | tee -a $(BENCH_LOG)
	$(GO) run ./server/cmd/loadviewers -server $(BIN) -churn-phones 10 | tee -a $(BENCH_LOG)
	npm run --silent -w pwa bench | tee -a $(BENCH_LOG)
	npm run --silent -w e2e bench | tee -a $(BENCH_LOG)
	lighthouse=0; LIGHTHOUSE_RUNS=3 npm run --silent -w e2e lighthouse | tee -a $(BENCH_LOG) || lighthouse=$$?; \
	status=0; node e2e/bench/reference.mjs update $(BENCH_LOG) docs/benchmarks.md; \
	node e2e/bench/budgets.mjs $(BENCH_LOG) || status=$$?; \
	if [ $$lighthouse -ne 0 ]; then echo "Lighthouse's own run failed (exit $$lighthouse): its lines above"; exit $$lighthouse; fi; \
	exit $$status

## lighthouse: Lighthouse scores (performance, accessibility, best practices) of three pages, phone and desktop
lighthouse: build
	npm run --silent -w e2e lighthouse

fmt: deps
	gofmt -w server sync migrations pwa/*.go
	npm run --silent format

clean:
	rm -rf bin pwa/dist test-results e2e/test-results e2e/playwright-report
