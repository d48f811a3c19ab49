#!/usr/bin/env bash
# Runs every test kubegate has, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tools.sh
# The lints need the wasm target now; the rest is needed only by later steps. On a fresh machine
# wasm-bindgen-cli and wasm-pack compile, npm downloads and apt installs Chromium while the
# Rust steps run (scripts/tools.sh, start_ensure); each is waited for before its first use.
ensure_wasm_target
start_ensure wasm_tools
start_ensure npm_tools
start_ensure chromium

# Each step prints the seconds since the start, so a slow step shows in CI's log, and the CPU
# seconds that the commands finished so far used (this shell's children: /proc/PID/stat fields
# 16 and 17): on a shared machine the wall clock says more about the neighbours than the step.
tick=$(getconf CLK_TCK)
cpu() { awk -v tick="$tick" '{ printf "%d", ($16 + $17) / tick }' "/proc/$$/stat"; }
step() { echo; echo "=== $* === (${SECONDS}s, CPU $(cpu)s)"; }
export CARGO_TERM_COLOR=never

# A full run writes about 1.2 GB under target/ (most of it test binaries); a disk that fills up
# shows as a linker crash, so say how much room there is before starting.
free_kb=$(df -Pk . | awk 'NR == 2 { print $4 }')
echo "kubegate: $((free_kb / 1024)) MB free on the disk holding $(pwd)"
if [ "$free_kb" -lt 2500000 ]; then
  echo "kubegate: warning: under 2.5 GB free; the build may fail with 'No space left on device'" >&2
fi

step "Rust: format and lints (native and wasm)"
cargo fmt --all --check
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --features cli -- -D warnings
# The binding (bindings/wasm) in each of its three builds, as scripts/build-pkg.sh makes them: the
# full package, the command line's wasm (`npx kubegate`) and the gate core's (`kubegate/gates`).
cargo clippy -p kubegate-wasm --lib --target wasm32-unknown-unknown -- -D warnings
cargo clippy -p kubegate-wasm --lib --no-default-features --features cli --target wasm32-unknown-unknown -- -D warnings
cargo clippy -p kubegate-wasm --lib --no-default-features --features api --target wasm32-unknown-unknown -- -D warnings
# Natively too, with its tests and the TypeScript export (the workspace's every target).
cargo clippy --workspace --all-targets --features kubegate-wasm/typescript -- -D warnings
# Every Cargo feature that is advertised builds on its own (lib only: cheap).
for f in "" kubelet-config node-status pod-config api-fields control-plane; do
  cargo clippy --quiet --lib --no-default-features ${f:+--features "$f"} -- -D warnings
done

step "Release data: the checked-in data is what scripts/gen-releases builds from its facts"
# Only the generators with a `build` stage: components.py (its facts are joined by gates.py's build,
# so they are checked there; its own `check` re-reads the mirrors) and openshift_trees.py (a
# helper of the crosschecks) have none, and CI has no mirrors.
for gen in scripts/gen-releases/*.py; do
  grep -q '^def build(' "$gen" || continue
  python3 "$gen" build --check
done

step "Rust: the binding's tests (npm/types.generated.d.ts is what the Rust types generate, ts-rs), unit, conformance and doc tests, the command line against the golden files"
# One build of the core for every test: the binding's staleness check needs `typescript`, the
# golden files the native binary (`cli`); the core's own tests pass under any of its features,
# so one test build with both replaces three of the core.
cargo test --workspace --features kubegate/cli,kubegate-wasm/typescript

step "Build: the npm package and the playground"
wait_for wasm_tools
wait_for npm_tools
bash scripts/build-site.sh

step "Types: tsc --checkJs over npm/ (tsconfig.json) and www/ (www/tsconfig.json)"
npx tsc -p tsconfig.json
npx tsc -p www --noEmit

step "JS: the npm package through its public API (Node)"
node --test tests/js/

step "Docs: every JS sample in docs/, README.md and npm/README.md, run against the package"
node --test tests/docs/

step "Packaging: npm pack into a fresh project, a browser bundle, cargo package"
node --test tests/package/
cargo package --allow-dirty --quiet

step "Playground: headless Chromium"
wait_for chromium
# Two files at a time, each with its own browser and server: a page waits on timers, idle
# callbacks and the simulation worker about as much as it computes, so two keep two cores busy.
# The cluster panel's file times the page against the wall clock (frames drawn while a run
# simulates), so it runs afterwards with the machine to itself.
alone=tests/e2e/cluster.test.mjs
node --test --test-concurrency=2 $(ls tests/e2e/*.test.mjs | grep -vx "$alone")
node --test --test-concurrency=1 "$alone"

echo
echo "kubegate: every test passed in ${SECONDS}s (CPU $(cpu)s)"
