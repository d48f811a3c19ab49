# Shared by the build and test scripts: makes sure every tool kubegate needs is installed.
# Each step checks first, so a machine that has everything pays only for the checks.

export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { echo "kubegate: $*" >&2; }

# Everything the build needs, in order (scripts/build-pkg.sh, scripts/bench.sh).
ensure_tools() {
  ensure_wasm_target
  ensure_wasm_tools
  ensure_npm_tools
}

ensure_wasm_target() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown >&2
  fi
}

# wasm-bindgen-cli and wasm-pack, compiled from crates.io on a fresh machine: most of its first
# build's time, so each is compiled for what it does here.
ensure_wasm_tools() {
  # wasm-bindgen-cli must match the wasm-bindgen crate exactly; wasm-pack's own download of it
  # cannot work on machines without internet, so we build it from crates.io (once). Only the
  # `wasm-bindgen` binary: the package's other two (a test runner that drives browsers over
  # WebDriver, and wasm2es6js) and its default `rustls-tls` feature (TLS for that runner's
  # requests: rustls and ring, C included) are not used by any build here.
  local want
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    say "installing wasm-bindgen-cli $want (one-time, a few minutes)"
    local lean=(wasm-bindgen-cli --version "=$want" --no-default-features --bin wasm-bindgen)
    cargo install "${lean[@]}" --locked >&2 || cargo install "${lean[@]}" >&2
  fi
  # wasm-pack only starts cargo, wasm-bindgen and wasm-opt and copies files: an unoptimized
  # build runs as fast for that and compiles in far less time.
  if ! command -v wasm-pack >/dev/null; then
    say "installing wasm-pack (one-time)"
    cargo install wasm-pack --debug --locked >&2 || cargo install wasm-pack --debug >&2
  fi
}

# wasm-opt (from the binaryen npm package), esbuild and playwright-core.
ensure_npm_tools() {
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] ||
     [ package.json -nt node_modules/.package-lock.json ]; then
    say "installing npm dev tools"
    npm install --no-audit --no-fund --loglevel=error >&2
  fi
}

ensure_chromium() {
  if ! command -v chromium >/dev/null; then
    say "installing Debian's chromium (one-time)"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >&2
  fi
}

# Runs `ensure_<what>` in the background, its output kept in a file: a fresh machine's installs
# then overlap the compiles (a download waits on the network; one large crate leaves a core
# idle). `wait_for <what>` waits for it, printing that output if it failed.
declare -A KUBEGATE_BG_PID KUBEGATE_BG_LOG
start_ensure() {
  local log
  log=$(mktemp "${TMPDIR:-/tmp}/kubegate-$1.XXXXXX")
  KUBEGATE_BG_LOG[$1]=$log
  "ensure_$1" >"$log" 2>&1 &
  KUBEGATE_BG_PID[$1]=$!
}
wait_for() {
  local pid=${KUBEGATE_BG_PID[$1]:-} log=${KUBEGATE_BG_LOG[$1]:-}
  [ -n "$pid" ] || return 0
  unset "KUBEGATE_BG_PID[$1]"
  if ! wait "$pid"; then
    cat "$log" >&2
    say "installing $1 failed (output above)"
    rm -f "$log"
    return 1
  fi
  cat "$log" >&2
  rm -f "$log"
}
