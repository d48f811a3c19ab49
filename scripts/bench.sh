#!/usr/bin/env bash
# Writes BENCHMARKS.md, every table of it, from this one run: each figure against a baseline
# measured in the same run (and, where the project has a goal for it, against the goal).
# Benchmarks are not tests: nothing here fails on a slow machine.
#
# The criterion runs are kept short (one second of warm-up and two of measurement per benchmark,
# ten samples of a whole pass or simulated hour) so the whole script, package build included,
# stays near ten minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tools.sh
ensure_tools
# The package, the gate-only wasm (pkg/gates/, which bench.mjs weighs) and the playground.
bash scripts/build-site.sh >/dev/null

rm -rf target/criterion
for b in benches/*.rs; do
  cargo bench --quiet --bench "$(basename "$b" .rs)" -- --warm-up-time 1 --measurement-time 2 >/dev/null 2>&1
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
} > BENCHMARKS.md.new
mv BENCHMARKS.md.new BENCHMARKS.md
echo "BENCHMARKS.md written" >&2
