// Size budgets of the package's wasm files, gzipped (-9) as a server would send them. Budgets sit
// just above the measured sizes (BENCHMARKS.md), so growth is a decision: raise a budget in the
// same change that explains why, never silently. Sizes, not timings: the same on every machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const pkg = new URL("../../pkg/", import.meta.url).pathname;
assert.ok(existsSync(join(pkg, "package.json")), "build pkg/ first (make build)");

// Node's zlib at level 9, as scripts/bench.mjs measures. The commit that sets a budget says what
// grew or shrank and why; `git log -p` of this file is the history (CONTRIBUTING.md, "Wasm sizes").
const BUDGETS = {
  // Every area and the library's JS API. The project's guardrail is 700 KB. What dominates it is
  // generic library code instantiated per type (serde's derived decoders, B-trees, sorts),
  // yaml-rust2, and the release data; scripts/build-pkg.sh says which opt-level it is built at
  // and why (50,000 pods or nodes through the package in under a second of CPU).
  "kubegate_bg.wasm": 675_000,
  // The gate core alone (`kubegate/gates`). The goal set for it is 110 KB, reached only while it
  // read JSON and YAML with hand-written stand-ins; on one reader per format (serde_json,
  // yaml-rust2, serde's derives) those readers and the error texts serde formats (a float's
  // Display, `{:?}` of a string with core's Unicode tables) are most of what is left, with the
  // rules that make yaml-rust2 read and refuse as go-yaml v2 (src/yaml/go_rules.rs).
  "gates/kubegate_gates_bg.wasm": 180_500,
  // The command line (`npx kubegate`): the gate, kubelet, node and control-plane areas and
  // `runCli`, without the library's JS API; clap is most of what it adds.
  "cli/kubegate_cli_bg.wasm": 527_500,
};

for (const [file, budget] of Object.entries(BUDGETS)) {
  test(`${file} stays within its gzipped budget of ${budget} bytes`, () => {
    const gz = gzipSync(readFileSync(join(pkg, file)), { level: 9 }).length;
    assert.ok(gz <= budget, `${file} is ${gz} bytes gzipped, over its budget of ${budget}`);
  });
}

test("the gate core's wasm is a fraction of the full one", () => {
  const size = (f) => readFileSync(join(pkg, f)).length;
  assert.ok(size("gates/kubegate_gates_bg.wasm") * 2 < size("kubegate_bg.wasm"));
});

test("package.json exports kubegate/gates with its types, a Node entry and a browser entry", () => {
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  const gates = manifest.exports["./gates"];
  assert.deepEqual(Object.keys(gates), ["types", "node", "default"]);
  for (const target of Object.values(gates)) assert.ok(existsSync(join(pkg, target)), target);
  for (const f of ["gates/kubegate_gates.js", "gates/kubegate_gates_bg.wasm", "core.js", "gates.js", "gates-node.js", "gates.d.ts"]) {
    assert.ok(manifest.files.includes(f), `${f} not in files`);
  }
});
