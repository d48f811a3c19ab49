# Shared by the build and test scripts: makes sure every tool kubegate needs is installed.
# Each step checks first, so a machine that has everything pays only for the checks.

export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { echo "kubegate: $*" >&2; }

ensure_tools() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown >&2
  fi
  # wasm-bindgen-cli must match the wasm-bindgen crate exactly; wasm-pack's own download of it
  # cannot work on machines without internet, so we build it from crates.io (once, ~7 minutes).
  local want
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    say "installing wasm-bindgen-cli $want (one-time, several minutes)"
    cargo install wasm-bindgen-cli --version "=$want" --locked >&2 ||
      cargo install wasm-bindgen-cli --version "=$want" >&2
  fi
  if ! command -v wasm-pack >/dev/null; then
    say "installing wasm-pack (one-time)"
    cargo install wasm-pack --locked >&2 || cargo install wasm-pack >&2
  fi
  # wasm-opt (from the binaryen npm package), esbuild and playwright-core.
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
