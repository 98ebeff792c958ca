# Rehearsal — the two commands a user needs:
#   make run    runs the main job on the example scenarios
#   make test   runs every test
# Both install libjson-c-dev with apt-get when pkg-config cannot find json-c.

SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: run test deps build bench lint clean

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

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

run: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rehearsal
	$(SWIFT) run $(SWIFT_FLAGS) --skip-build rehearsal run

test: deps lint
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build

bench: deps
	$(SWIFT) build -c release --product rehearsal
	$(SWIFT) run -c release rehearsal-bench all

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	@if grep -rnE '^[[:space:]]*#(if|elseif).*canImport\(Combine\)' Sources; then \
		echo "error: 'canImport(Combine)' is true on Linux once the package's Combine module was built" >&2; \
		echo "  hint: guard Apple-only code with '#if canImport(Darwin)' (see Sources/CombineCompat/Exports.swift)" >&2; \
		exit 1; \
	fi

clean:
	rm -rf .build
