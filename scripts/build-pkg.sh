#!/usr/bin/env bash
# Builds the npm package into pkg/: wasm-pack (web target) plus the Node entry and package.json.
# Installs what is missing (wasm target, wasm-bindgen-cli at the Cargo.lock version, wasm-pack,
# the npm dev tools) and skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tools.sh
ensure_tools

# The binding is its own crate (bindings/wasm, `kubegate-wasm`); its Cargo features choose which
# of the three wasm files a build makes. Every path below is relative to that crate.
B=bindings/wasm

# The full package is compiled at opt-level z, like the other two (the workspace's release
# profile): its size is what every user of the package downloads. Opt-level s runs the largest
# operations (50,000 pods or nodes, BENCHMARKS.md) somewhat faster, for a wasm well over the size
# goal; at z they stay under a second of CPU, the first pass over 50,000 new nodes and a SET of
# 50,000 pods the closest (the commit that chose z has the figures). Most of their time is
# decoding and writing JSON on both sides of the boundary, which no opt-level changes much: an
# LLVM inline threshold above z's bought a few percent for most of the size left under the goal,
# wasm-opt at -O3 instead of -Oz about as little. Its own target directory, so that it can build
# beside the other two (cargo locks a target directory for the whole of a build).
#
# It builds in the background while the other two build in turn: each build ends in a link with
# LTO and one codegen unit, which keeps one core busy, so on two cores the builds overlap well.
# They share no target directory and no output file (wasm-pack removes only its out-dir's
# package.json, which write-package-json.mjs writes after all three).
CARGO_TARGET_DIR="$PWD/target/wasm-full" \
  wasm-pack build --release --target web --out-dir ../../pkg --out-name kubegate --no-pack "$B" >&2 &
full_build=$!
# A failed build below ends the script; the full build must not outlive it.
trap 'kill "$full_build" 2>/dev/null || true' EXIT

# The command line (`npx kubegate`): the same Rust CLI as the native binary, in its own wasm so
# the library's wasm does not carry clap. It holds only what its commands use: the gate, kubelet
# and node areas and `runCli`, without the library's JS API (feature `cli`, not `api`).
wasm-pack build --release --target web --out-dir ../../pkg/cli --out-name kubegate_cli --no-pack "$B" -- --no-default-features --features cli >&2

# The gate core alone (`kubegate/gates`): the same binding with every other area turned off, so
# `import { FeatureGate } from "kubegate/gates"` loads a wasm a fraction of the full one's size.
wasm-pack build --release --target web --out-dir ../../pkg/gates --out-name kubegate_gates --no-pack "$B" -- --no-default-features --features api >&2

wait "$full_build"
trap - EXIT

rm -f pkg/gate.js
# wasm-bindgen declares a JSON parameter as `string` and a JSON result as `any`; the export
# list's Rust types say what each is (npm/signatures.generated.json), written into all three
# d.ts here. A Rust signature the list does not describe stops the build (the script says how).
node scripts/type-glue.mjs
# A finalizer that frees into a trapped module must not end the process (the script says why).
node scripts/guard-finalizers.mjs pkg/kubegate.js pkg/gates/kubegate_gates.js
cp npm/node.js npm/node.d.ts npm/index.js npm/index.d.ts npm/api.js npm/core.js npm/exports.generated.js npm/gates.js npm/gates.d.ts npm/gates-node.js npm/README.md npm/cli.js pkg/
chmod +x pkg/cli.js
rm -f pkg/.gitignore pkg/cli/.gitignore pkg/gates/.gitignore
# The playground's panels as custom elements (kubegate/widgets): same modules, copied.
node scripts/build-widgets.mjs
# The Node entries, one file each; Node's main entry loads the other areas' JavaScript only when
# one is first used (npm/node.js).
node scripts/bundle-node.mjs
node scripts/write-package-json.mjs
# Tests and the playground import "kubegate" as users do.
mkdir -p node_modules
ln -sfn ../pkg node_modules/kubegate
for w in pkg/kubegate_bg.wasm pkg/gates/kubegate_gates_bg.wasm pkg/cli/kubegate_cli_bg.wasm; do
  echo "pkg/ built: $w $(stat -c %s "$w") bytes, $(gzip -9c "$w" | wc -c) gzipped" >&2
done
