# Rehearsal — the two commands a user needs:
#   make run    runs the main job on the example scenarios
#   make test   runs every test
# Both install libjson-c-dev with apt-get when pkg-config cannot find json-c; `make test` and `make bench` also
# install Debian's chromium when it is missing (the HTML report is checked in headless Chromium).
# `make fuzz` runs each fuzz target in Fuzz/ for FUZZ_SECONDS (default 60) under libFuzzer and address sanitizer.

SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: run test deps browser build bench determinism fuzz lint clean

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

# The fuzz targets (Fuzz/), built in release with libFuzzer and address sanitizer in their own build folder, each run
# for FUZZ_SECONDS from its seed corpus (Fuzz/seeds.sh: the package's scenarios, mocks, goldens, results and tokens)
# plus what earlier runs found (.build/fuzz/corpus/<target>). A crash, a failed check, a leak, an input slower than
# FUZZ_TIMEOUT seconds or a memory blow-up is kept as .build/fuzz/artifacts/<target>-*; the run fails at the end,
# naming the targets that found something. Replay one with
# `SWIFT_BACKTRACE=enable=no .build/fuzz/release/fuzz-<target> <file>`. FUZZ_TIMEOUT is wall-clock time (libFuzzer's
# -timeout): on a machine loaded by other builds, or under `nice`, raise it (FUZZ_TIMEOUT=10) so that a starved input
# is not taken for a slow one.
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 2
FUZZ_TARGETS ?= json scenario golden results token
FUZZ_BUILD = .build/fuzz
# `--sanitize fuzzer --sanitize address` gives the compiler two -sanitize= flags, of which swift-driver keeps the last,
# in an order that varies from build to build (each module got coverage or address sanitizer, not both); one
# -sanitize=fuzzer,address does both. `--sanitize fuzzer` is kept so that SwiftPM leaves libFuzzer's main alone.
FUZZ_SWIFT_FLAGS = --build-path $(FUZZ_BUILD) -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address

fuzz: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rehearsal
	@for target in $(FUZZ_TARGETS); do \
		REHEARSAL_FUZZ=1 $(SWIFT) build $(FUZZ_SWIFT_FLAGS) --product fuzz-$$target || exit 1; \
	done
	Fuzz/seeds.sh $(FUZZ_BUILD)/seeds "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/rehearsal"
	@bin=$$(REHEARSAL_FUZZ=1 $(SWIFT) build $(FUZZ_SWIFT_FLAGS) --show-bin-path); \
	failed=""; for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$target $(FUZZ_BUILD)/artifacts; \
		echo "fuzz-$$target: $(FUZZ_SECONDS) s (log: $(FUZZ_BUILD)/fuzz-$$target.log)"; \
		case $$target in golden) dict=json ;; *) dict=$$target ;; esac; \
		SWIFT_BACKTRACE=enable=no $$bin/fuzz-$$target -dict=Fuzz/$$dict.dict \
			-max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_BUILD)/artifacts/$$target- \
			$(FUZZ_BUILD)/corpus/$$target $(FUZZ_BUILD)/seeds/$$target > $(FUZZ_BUILD)/fuzz-$$target.log 2>&1 \
			|| failed="$$failed fuzz-$$target"; \
		grep -E '^#[0-9]+.*(DONE|cov:)' $(FUZZ_BUILD)/fuzz-$$target.log | tail -n 1; \
		grep -E '^stat::(number_of_executed_units|average_exec_per_sec|slowest_unit_time_sec|peak_rss_mb)' \
			$(FUZZ_BUILD)/fuzz-$$target.log | tr '\n' ' '; echo; \
	done; \
	if [ -n "$$failed" ]; then \
		echo "error: found a crash, failed check, leak or slow input in:$$failed (see $(FUZZ_BUILD)/artifacts/)" >&2; \
		echo "  hint: replay one with 'SWIFT_BACKTRACE=enable=no $(FUZZ_BUILD)/release/fuzz-<target> <artifact>', fix it, keep it as a test" >&2; \
		exit 1; \
	fi

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Plugins Fuzz Package.swift
	@if grep -rnE '^[[:space:]]*#(if|elseif).*canImport\((Combine|UIKit|SwiftUI|CoreGraphics|CoreLocation|Photos|OSLog|os)\)' Sources; then \
		echo "error: 'canImport(Combine)' (or of another stand-in: UIKit, SwiftUI, CoreLocation…) is true on Linux once the package built that module" >&2; \
		echo "  hint: guard Apple-only code with '#if canImport(Darwin)' (see Sources/CombineCompat/Exports.swift)" >&2; \
		exit 1; \
	fi

clean:
	rm -rf .build
