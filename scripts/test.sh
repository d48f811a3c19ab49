#!/usr/bin/env bash
# Runs every test kubegate has, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tools.sh
ensure_tools
ensure_chromium

# Each step prints the seconds since the start, so a slow step shows in CI's log.
step() { echo; echo "=== $* === (${SECONDS}s)"; }
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

step "Binding: its unit tests, and npm/types.generated.d.ts is what the Rust types generate (ts-rs)"
cargo test -p kubegate-wasm --features typescript

step "Rust: unit, conformance and doc tests"
cargo test

step "Command line: the native binary against the golden files"
cargo test --features cli --test cli

step "Build: the npm package and the playground"
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
node --test --test-concurrency=1 tests/e2e/

echo
echo "kubegate: every test passed in ${SECONDS}s"
