#!/usr/bin/env bash
# Writes BENCHMARKS.md: every figure measured in this run, each against a baseline measured in
# the same run. Benchmarks are not tests: nothing here fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tools.sh
ensure_tools
bash scripts/build-site.sh >/dev/null

# The package build includes the gate-only wasm (pkg/gates/), which bench.mjs weighs.
rm -rf target/criterion
cargo bench --quiet --bench featuregate -- --warm-up-time 1 --measurement-time 3 >/dev/null 2>&1
for b in benches/*.rs; do
  name=$(basename "$b" .rs)
  [ "$name" = featuregate ] && continue
  cargo bench --quiet --bench "$name" -- --warm-up-time 1 --measurement-time 3 >/dev/null 2>&1
done

{
  echo "# Benchmarks"
  echo
  echo "Produced by \`bash scripts/bench.sh\` on $(nproc) cores ($(uname -m)), $(date -u +%Y-%m-%d)."
  echo "Every figure comes from one run; compare figures by their ratio to the baseline of the"
  echo "same table, not across machines."
  echo
  echo "## Feature gates from JavaScript (the npm package under Node)"
  echo
  node scripts/bench.mjs
  echo
  echo "## Rust (criterion, medians)"
  echo
  node scripts/criterion-table.mjs
  for extra in scripts/bench-*.mjs; do
    [ -f "$extra" ] || continue
    echo
    node "$extra"
  done
} > BENCHMARKS.md
echo "BENCHMARKS.md written" >&2
