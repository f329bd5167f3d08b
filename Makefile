# The README's two commands: `go run .` runs the platform, `make test` runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go

.PHONY: test test-go test-ui check-bundle e2e deps build bench fuzz

## test: everything CI runs — gofmt, Go vet and tests, the UI's API types against the API document
## (ui/src/generated), UI type check, ESLint (with the React hooks
## rules), i18n lint, unit tests, the committed-bundle check, and the browser tests against
## the real binary.
test: test-go test-ui check-bundle e2e

# The tests' databases and build files go to memory (tmpfs) where the system has it: they are real
# SQLite files with the server's settings, but an fsync there costs nothing (the kill -9 test
# checks durability by the setting the server reports). On a 2-core VM with one disk the suites
# waited on fsyncs: 15.5 s → 11.0 s for app/communities alone.
# Only where it is large (a container's default /dev/shm is 64 MB): at least 2 GB free.
TEST_TMPDIR ?= $(shell [ -w /dev/shm ] && [ "$$(df -Pk /dev/shm | awk 'NR==2{print $$4}')" -gt 2000000 ] 2>/dev/null && echo /dev/shm || echo $${TMPDIR:-/tmp})

test-go:
	@unformatted="$$(gofmt -l app db i18n migrations scripts ui/*.go main.go 2>/dev/null)"; \
		if [ -n "$$unformatted" ]; then echo "not gofmt-formatted (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	TMPDIR=$(TEST_TMPDIR) $(GO) test -count=1 ./...

# npm ci only when package-lock.json changed since the last install.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

deps: node_modules/.package-lock.json

# The type check and ESLint each use one core: they run side by side (with the two quick
# checks), each one's output printed whole when it ends; then the unit tests, which use both.
UI_CHECKS := check:api typecheck lint lint:i18n
test-ui: deps
	@dir="$$(mktemp -d)"; trap 'rm -rf "$$dir"' EXIT; \
		for c in $(UI_CHECKS); do (npm run --silent $$c > "$$dir/$$c.log" 2>&1 && echo 0 > "$$dir/$$c.rc" || echo $$? > "$$dir/$$c.rc") & done; wait; \
		failed=; for c in $(UI_CHECKS); do \
			echo "npm run $$c"; cat "$$dir/$$c.log"; \
			[ "$$(cat "$$dir/$$c.rc")" = 0 ] || { echo "npm run $$c failed"; failed=1; }; \
		done; [ -z "$$failed" ]
	npm run --silent test:unit

## check-bundle: rebuild the UI and fail if the committed ui/dist differs from the sources.
check-bundle: deps
	GEREGE_BUDGET_WARN= npm run --silent build
	@if [ -n "$$(git status --porcelain -- ui/dist)" ]; then \
		git status --short -- ui/dist | head -20; \
		echo "ui/dist is not what the sources build: run 'npm run build' and commit ui/dist"; exit 1; \
	fi

e2e: deps
	@test -x /usr/bin/chromium || { echo "chromium is missing: apt-get install -y --no-install-recommends chromium"; exit 1; }
	npm run --silent e2e

## build: the static, cgo-free release binary. `gerege version` prints VERSION (from the nearest
## tag) and the commit, which -buildvcs=auto records (it overrides a GOFLAGS=-buildvcs=false).
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
BUILDVCS ?= auto
build:
	CGO_ENABLED=0 $(GO) build -trimpath -buildvcs=$(BUILDVCS) -ldflags='-s -w -X gerege/app.Version=$(VERSION)' -o bin/gerege .

## fuzz: run each fuzz target for a while (FUZZTIME=30s by default). Their seed corpora live in
## each package's testdata/fuzz/<Target>/ and run as ordinary tests in `make test`; a crash
## found here is written there too, so it stays a regression test once committed.
FUZZTIME ?= 30s
FUZZ_TARGETS := ./app/platform/web:FuzzDecode ./app/platform/web:FuzzAcceptLanguage ./app/forms:FuzzForms \
	./app/forms:FuzzNormalizePhone ./app/accounts:FuzzRegistryNumber \
	./app/platform/search:FuzzFold ./app/platform/search:FuzzSlug ./app/platform/search:FuzzMatch ./app/platform/files:FuzzSniff
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t#*:} ($(FUZZTIME))"; \
		$(GO) test $${t%%:*} -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

## bench: Go benchmarks plus start time, memory, bundle size and load figures of the real binary.
bench: build
	@command -v wrk >/dev/null || { echo "installing wrk (load generator)"; apt-get install -y -qq wrk >/dev/null; }
	$(GO) test -run '^$$' -bench . -benchmem ./app/... ./db/...
	$(GO) run ./scripts/bench -bin bin/gerege
