#!/usr/bin/env bash
# Builds the npm package into pkg/: wasm-pack (web target) plus the Node entry and package.json.
# Installs what is missing (wasm target, wasm-bindgen-cli at the Cargo.lock version, wasm-pack,
# the npm dev tools) and skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tools.sh
ensure_tools

# Every export returns its result through memory, not as several wasm values. Rust's wasm target
# enables multi-value, and wasm-bindgen then makes each export that returns a string or a Result
# return several values; V8 (Node 20's too) compiles a JavaScript-to-wasm wrapper for each such
# signature while it compiles the module: 3.1 ms for the gate core's wasm in Node, against
# 1.7 ms without (for 11 KB more glue). wasm-bindgen follows the module's target_features
# section, where the linker lists every feature of every object it links (std's are prebuilt with
# multi-value), so kubegate is compiled without multi-value and the linker is given the list to
# write: the target's defaults but multi-value (`--no-check-features` lets std's objects link).
export RUSTFLAGS="-C target-feature=-multivalue -C link-arg=--no-check-features -C link-arg=--features=bulk-memory,bulk-memory-opt,call-indirect-overlong,mutable-globals,nontrapping-fptoint,reference-types,sign-ext"

# The full package is compiled for speed where the other two are compiled for size: opt-level 2
# with LLVM's inliner at opt-level s's threshold (Cargo.toml's release profile is opt-level z,
# which inlines almost nothing, not even `Vec::push`). Measured on 50,000 pods and nodes: a
# PodConfig UPDATE and resolveKubeletConfig in wasm about 1.7x and 2x faster, which brings every
# operation of issue 13's scale goal under 1 s through the package, for 16% more gzipped bytes
# (about 96 KB; opt-level 2 alone: 155 KB for 5% more speed). The gate core stays at opt-level z:
# its size is what `kubegate/gates` is for, and its calls take microseconds. Its own target
# directory: other RUSTFLAGS would make each build recompile the other's dependencies.
CARGO_TARGET_DIR=target/wasm-speed CARGO_PROFILE_RELEASE_OPT_LEVEL=2 RUSTFLAGS="$RUSTFLAGS -C llvm-args=-inline-threshold=75" \
  wasm-pack build --release --target web --out-dir pkg --out-name kubegate --no-pack . -- --features wasm >&2

# The command line (`npx kubegate`): the same Rust CLI as the native binary, in its own wasm so
# the library's wasm does not carry clap. It holds only what its commands use: the gate, kubelet
# and node areas (`cli` turns them on; pod config, API fields and the control plane are not
# among them) and `runCli`, without the library's JS API (feature `wasm-cli`, not `wasm`).
wasm-pack build --release --target web --out-dir pkg/cli --out-name kubegate_cli --no-pack . -- --no-default-features --features wasm-cli >&2

# The gate core alone (`kubegate/gates`): the same binding with every other area turned off, so
# `import { FeatureGate } from "kubegate/gates"` loads a wasm a fraction of the full one's size.
wasm-pack build --release --target web --out-dir pkg/gates --out-name kubegate_gates --no-pack . -- --no-default-features --features wasm,lean-yaml >&2

rm -f pkg/gate.js
# A finalizer that frees into a trapped module must not end the process (the script says why).
node scripts/guard-finalizers.mjs pkg/kubegate.js pkg/gates/kubegate_gates.js
cp npm/node.js npm/node.d.ts npm/index.js npm/index.d.ts npm/api.js npm/core.js npm/gates.js npm/gates.d.ts npm/gates-node.js npm/README.md npm/cli.js pkg/
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
