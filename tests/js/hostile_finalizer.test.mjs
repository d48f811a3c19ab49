// A finalizer must never take the host process down. wasm-bindgen's glue frees an object's wasm
// memory from a FinalizationRegistry callback; after a trap that free traps too, and an exception
// in a finalizer ends a Node process at some unrelated moment. The build wraps every callback
// (scripts/guard-finalizers.mjs). Here a free that traps is provoked directly, through the glue
// (objects wrapping pointers wasm never handed out), for both wasm files, and the process must
// outlive the collections.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const pkg = join(new URL("../..", import.meta.url).pathname, "pkg");
const SCRIPT = `
import { readFileSync } from "node:fs";
const [glueUrl, wasmUrl] = process.argv.slice(1);
const glue = await import(glueUrl);
glue.initSync({ module: readFileSync(new URL(wasmUrl)) });
(() => { for (let i = 0; i < 100; i++) glue.FeatureGate.__wrap(0xfffffff0 - i * 8); })();
for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); }
console.log("alive");
`;

for (const [name, glue, wasm] of [
  ["kubegate", "kubegate.js", "kubegate_bg.wasm"],
  ["kubegate/gates", "gates/kubegate_gates.js", "gates/kubegate_gates_bg.wasm"],
]) {
  test(`${name}: a finalizer whose free traps leaves the process running`, () => {
    const url = (f) => new URL(`file://${join(pkg, f)}`).href;
    const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", SCRIPT, url(glue), url(wasm)], { encoding: "utf8", timeout: 60_000 });
    assert.equal(r.stderr, "");
    assert.equal(r.stdout, "alive\n");
    assert.equal(r.status, 0);
  });
}
