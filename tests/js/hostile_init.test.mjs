// init() and initSync() never hand out the raw WebAssembly exports (a raw export called
// with a wrong pointer traps the module for the whole page; raw memory can be overwritten). They
// give a frozen summary whose one fact is the size of wasm memory, and stay no-ops once loaded.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { initSync, FeatureGate, version } from "kubegate";
import initGates, { initSync as initSyncGates } from "kubegate/gates";

const HOSTILE = [undefined, null, 42, 1n, Symbol("s"), "no such path", {}, { module: 7 }, [], () => 1, new Proxy({}, { get() { throw new Error("boom"); } })];

for (const [entry, initAsync, sync] of [["kubegate", init, initSync], ["kubegate/gates", initGates, initSyncGates]]) {
  test(`${entry}: init() and initSync() give a frozen summary, never the raw exports`, async () => {
    for (const summary of [sync(), await initAsync(), sync({ module: new Uint8Array(4) })]) {
      assert.ok(Object.isFrozen(summary));
      assert.deepEqual(Object.keys(summary).sort(), ["memory", "memoryBytes"]);
      assert.equal(typeof summary.memoryBytes, "number");
      assert.ok(summary.memoryBytes > 0 && summary.memoryBytes % 65536 === 0, `${summary.memoryBytes}`);
      assert.equal(summary.memory.buffer.byteLength, summary.memoryBytes);
      assert.ok(!(summary.memory instanceof WebAssembly.Memory));
      assert.ok(!(summary.memory.buffer instanceof ArrayBuffer));
      assert.ok(Object.isFrozen(summary.memory) && Object.isFrozen(summary.memory.buffer));
      // Nothing callable: no raw export (e.g. __wbindgen_malloc, featuregate_new) is reachable.
      const seen = new Set();
      const walk = (v) => {
        if (v === null || typeof v !== "object" || seen.has(v)) return;
        seen.add(v);
        for (const key of Reflect.ownKeys(v)) {
          const d = Object.getOwnPropertyDescriptor(v, key);
          assert.notEqual(typeof d.value, "function", String(key));
          walk(d.value);
        }
      };
      walk(summary);
    }
  });

  test(`${entry}: once loaded, init() and initSync() ignore whatever they are passed`, async () => {
    for (const arg of HOSTILE) {
      assert.equal(typeof initSync(arg).memoryBytes, "number");
      assert.equal(typeof (await init(arg)).memoryBytes, "number");
    }
    const g = FeatureGate.forRelease("1.34");
    assert.equal(typeof g.enabled("NodeSwap"), "boolean");
    g.free();
    assert.match(version().kubegate, /^\d+\.\d+\.\d+/);
  });
}

test("memoryBytes follows wasm memory as it grows", () => {
  const summary = initSync();
  const before = summary.memoryBytes;
  // Enough live gates to need more memory than the module has now.
  const gates = [];
  while (summary.memoryBytes === before && gates.length < 200_000) gates.push(new FeatureGate("1.34"));
  assert.ok(summary.memoryBytes > before, "memory never grew");
  for (const g of gates) g.free();
});
