#!/usr/bin/env bash
# The long hostile run (make test runs the same harnesses within a fixed budget):
#   1. the native fuzzer (tests/hostile_parsers.rs): every parser and entry point on mutations of
#      tests/fuzz/corpus/, with overflow checks on (debug build), ITERATIONS inputs per target, and
#      on the nesting units of tests/fuzz/corpus/nested.txt at ITERATIONS/100 seeded depths (on a
#      small stack: recursion that follows the input's depth aborts the run);
#   2. the hostile JS caller (tests/fuzz/hostile.mjs) against the built package, for SECONDS per
#      seed, in a worker with a hang watchdog;
#   3. the memory test at the issue's full counts (1,000,000 gate cycles, 100,000 resolutions).
# Usage: scripts/fuzz.sh [SEED] [SECONDS] [ITERATIONS]   (a failure prints its seed to replay)
set -euo pipefail
cd "$(dirname "$0")/.."
SEED="${1:-$RANDOM}"
SECONDS_PER_SEED="${2:-60}"
ITERATIONS="${3:-100000}"
echo "fuzz: seed $SEED, ${SECONDS_PER_SEED}s per JS seed, $ITERATIONS native inputs per target"

KUBEGATE_FUZZ_SEED="$SEED" KUBEGATE_FUZZ_ITERATIONS="$ITERATIONS" cargo test --test hostile_parsers

[ -f pkg/node.js ] || bash scripts/build-pkg.sh
# Three seeds run one after another in one test file, so the file's timeout covers all three.
KUBEGATE_FUZZ_SEEDS="$SEED,$((SEED + 1000003)),$((SEED + 2000029))" \
KUBEGATE_FUZZ_MS="$((SECONDS_PER_SEED * 1000))" \
  node --test --test-timeout=$(( (3 * SECONDS_PER_SEED + 60) * 1000 )) tests/js/hostile.test.mjs

if [ "${KUBEGATE_FUZZ_MEMORY:-1}" = 1 ]; then
  KUBEGATE_MEMORY_GATES=1000000 KUBEGATE_MEMORY_RESOLVES=100000 \
    node --test --test-timeout=0 tests/js/hostile_memory.test.mjs
fi
