# Rehearsal — the two commands a user needs:
#   make run    runs the main job on the example scenarios
#   make test   runs every test
# Both install libjson-c-dev with apt-get when pkg-config cannot find json-c; `make test` and `make bench` also
# install Debian's chromium when it is missing (the HTML report is checked in headless Chromium).

SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: run test deps browser build bench determinism lint clean

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists json-c; then \
		echo "json-c not found: installing libjson-c-dev and pkg-config with apt-get"; \
		if [ "$$(id -u)" -ne 0 ]; then \
			echo "error: installing libjson-c-dev needs root." >&2; \
			echo "  hint: run 'sudo apt-get update && sudo apt-get install -y libjson-c-dev pkg-config', then 'make' again" >&2; \
			exit 1; \
		fi; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libjson-c-dev pkg-config; \
	fi

browser:
	@if ! command -v chromium >/dev/null 2>&1 && [ -z "$$REHEARSAL_CHROMIUM" ]; then \
		echo "chromium not found: installing Debian's chromium for the report's browser tests"; \
		if [ "$$(id -u)" -ne 0 ]; then \
			echo "error: installing chromium needs root." >&2; \
			echo "  hint: run 'sudo apt-get update && sudo apt-get install -y chromium', or set REHEARSAL_CHROMIUM to a Chromium, then 'make' again" >&2; \
			exit 1; \
		fi; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

run: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rehearsal
	$(SWIFT) run $(SWIFT_FLAGS) --skip-build rehearsal run

test: deps browser lint
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build

bench: deps browser
	$(SWIFT) build -c release --product rehearsal
	$(SWIFT) run -c release rehearsal-bench all

# Every bundled scenario 1,000 times in release under load on every core: timelines must be byte-identical.
determinism: deps
	$(SWIFT) run -c release rehearsal-bench determinism

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Plugins Package.swift
	@if grep -rnE '^[[:space:]]*#(if|elseif).*canImport\((Combine|UIKit|SwiftUI|CoreGraphics|CoreLocation|Photos|OSLog|os)\)' Sources; then \
		echo "error: 'canImport(Combine)' (or of another stand-in: UIKit, SwiftUI, CoreLocation…) is true on Linux once the package built that module" >&2; \
		echo "  hint: guard Apple-only code with '#if canImport(Darwin)' (see Sources/CombineCompat/Exports.swift)" >&2; \
		exit 1; \
	fi

clean:
	rm -rf .build
