#!/bin/sh
# Writes the seed corpus of each fuzz target (`make fuzz`) from the package's own files, one folder per target:
#   json      every JSON file under Scenarios/, Mocks/ and Tests/
#   scenario  every scenario file (bundled, and the test fixtures, valid or not), each with the files its $file
#             references name, in the input format of Fuzz/FuzzSupport/FuzzFileSet.swift
#   golden    every golden timeline: format 3 (Scenarios/), format 2 and format 1 (Tests/RehearsalTests/Fixtures/
#             golden-v2, golden-v1)
#   results   the --reporter json results of a run of each bundled scenario, of the shards of a sharded run, of
#             invalid scenarios and of a golden that differs from its run (made with the rehearsal executable given)
#   token     every replay token written in the package (scenarios' "schedule", README, tests)
# Usage: Fuzz/seeds.sh OUT_DIR REHEARSAL_EXECUTABLE   (run from the package root)
set -eu
out=$1
rehearsal=$2
rm -rf "$out"
mkdir -p "$out/json" "$out/scenario" "$out/golden" "$out/results" "$out/token"

# A file name for a path: its slashes as '_'.
flat() { printf '%s' "$1" | tr '/' '_'; }

find Scenarios Mocks Tests -name '*.json' | sort | while read -r file; do
    cp "$file" "$out/json/$(flat "$file")"
done

find Scenarios Tests/RehearsalTests/Fixtures/golden-v1 Tests/RehearsalTests/Fixtures/golden-v2 -name '*.timeline.json' |
    sort | while read -r file; do
    cp "$file" "$out/golden/$(flat "$file")"
done

grep -rhoE 'x1\.[0-9a-f]{8}(\.[a-z0-9]+-[0-9]+(-[0-9]+)?)*' Scenarios Tests README.md | sort -u | while read -r token; do
    printf '%s' "$token" > "$out/token/$token"
done

# The $file paths a JSON file names.
references() { grep -oE '"\$file"[[:space:]]*:[[:space:]]*"[^"]*"' "$1" | sed 's/.*"\([^"]*\)"$/\1/' || true; }

# Where a referenced path is: under the package root, else under a folder above the referencing scenario.
locate() {
    reference=$1
    folder=$(dirname "$2")
    if [ -f "$reference" ]; then printf '%s' "$reference"; return; fi
    while [ "$folder" != "." ] && [ "$folder" != "/" ]; do
        if [ -f "$folder/$reference" ]; then printf '%s' "$folder/$reference"; return; fi
        folder=$(dirname "$folder")
    done
}

# A scenario, then NUL, path, newline and content of each file its references (and theirs) name, at most 8.
scenario_seed() {
    cat "$1"
    seen=""
    pending=$(references "$1")
    count=0
    while [ -n "$pending" ] && [ "$count" -lt 8 ]; do
        reference=$(printf '%s\n' "$pending" | head -n 1)
        pending=$(printf '%s\n' "$pending" | tail -n +2)
        case "$reference" in /* | *..* | "") continue ;; esac
        case " $seen " in *" $reference "*) continue ;; esac
        seen="$seen $reference"
        found=$(locate "$reference" "$1")
        [ -n "$found" ] || continue
        printf '\000%s\n' "$reference"
        cat "$found"
        count=$((count + 1))
        pending=$(printf '%s\n%s' "$pending" "$(references "$found")")
    done
}

find Scenarios Tests -name '*.json' ! -name '*.timeline.json' ! -name '*.schema.json' |
    grep -E '^Scenarios/|/Scenarios/|^Tests/RehearsalTests/Fixtures/(invalid|EndChecks|Transform)' | sort |
    while read -r file; do
        scenario_seed "$file" > "$out/scenario/$(flat "$file")"
    done

ScenarioFiles=$(find Scenarios -name '*.json' ! -name '*.timeline.json' ! -name '*.schema.json' | sort)
for file in $ScenarioFiles; do
    "$rehearsal" run --record never --quiet --reporter "json:$out/results/$(flat "$file")" "$file" > /dev/null 2>&1 || true
done
# The results of each shard of a sharded run, which record their shard.
for shard in 1 2; do
    "$rehearsal" run --shard "$shard/2" --record never --quiet --reporter "json:$out/results/shard-$shard-of-2.json" \
        Scenarios/counter > /dev/null 2>&1 || true
done
# Results with findings and a differing golden, from copies (a run keeps the timelines of failures under its root).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Tests/RehearsalCLITests/Fixtures/invalid "$work/invalid"
cp -R Mocks "$work/invalid/Mocks"
"$rehearsal" run --root "$work/invalid" --record never --quiet --reporter "json:$out/results/invalid.json" \
    > /dev/null 2>&1 || true
mkdir -p "$work/differs/Scenarios"
cp -R Scenarios/counter "$work/differs/Scenarios/"
cp -R Mocks "$work/differs/"
sed 's/"at": "0.000s"/"at": "0.001s"/' Scenarios/counter/add-and-subtract.timeline.json \
    > "$work/differs/Scenarios/counter/add-and-subtract.timeline.json"
"$rehearsal" run --root "$work/differs" --record never --quiet --reporter "json:$out/results/differs.json" \
    > /dev/null 2>&1 || true

for target in json scenario golden results token; do
    echo "seeds for fuzz-$target: $(ls "$out/$target" | wc -l) files"
done
