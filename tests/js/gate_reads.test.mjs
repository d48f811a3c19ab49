// The read path of FeatureGate.enabled(name) and enabledById(id): answered in JS from a table
// cached per gate (npm/core.js), which each gate reaches through a private field. Behaviour only:
// every change is seen by the next read, a freed gate and a wrong receiver get the checked errors
// whether or not the gate was read before, nothing of the cache is reachable from the gate, and
// gates made by methods (forRelease, deepCopy) behave as gates made by `new`. Each case runs on
// the Node entry and on the browser entry (its own checking layer over the full wasm).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";
import * as node from "kubegate";
import * as lean from "kubegate/gates";

const pkg = dirname(fileURLToPath(import.meta.resolve("kubegate/package.json")));
const browser = await import(pathToFileURL(join(pkg, "index.js")).href);
browser.initSync({ module: readFileSync(join(pkg, "kubegate_bg.wasm")) });

const ENTRIES = [["kubegate", node], ["kubegate (browser entry)", browser]];

const SPECS = {
  F: [{ version: "1.29", preRelease: "Alpha", default: false }, { version: "1.30", preRelease: "Beta", default: true }],
  H: [{ version: "1.29", preRelease: "Alpha", default: false }, { version: "1.30", preRelease: "Beta", default: true }],
};

/** Reads `name` often enough for V8 to optimize the read path, by name and by id. */
function readHot(gate, name) {
  const id = gate.featureId(name);
  let byName, byId;
  for (let i = 0; i < 20_000; i++) {
    byName = gate.enabled(name);
    byId = gate.enabledById(id);
  }
  assert.equal(byName, byId, name);
  return byName;
}

/** Each way of making a gate with SPECS added at 1.30. */
function gates(FeatureGate) {
  const fresh = () => {
    const g = new FeatureGate("1.30");
    g.addVersioned(SPECS);
    return g;
  };
  const released = FeatureGate.forRelease("1.30");
  released.addVersioned(SPECS);
  return { new: fresh(), forRelease: released, deepCopy: fresh().deepCopy(), deepCopyAndReset: fresh().deepCopyAndReset() };
}

function refuses(call, expected) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Error, String(e));
    for (const [k, v] of Object.entries(expected)) {
      if (v instanceof RegExp) assert.match(String(e[k]), v, k);
      else assert.equal(e[k], v, k);
    }
    return true;
  });
}

for (const [entry, k] of ENTRIES) {
  test(`${entry}: reads after each change see it, on gates made by new and by methods`, () => {
    for (const [how, gate] of Object.entries(gates(k.FeatureGate))) {
      const at = `${how}`;
      assert.equal(readHot(gate, "F"), true, at);
      gate.set("F=false");
      assert.equal(readHot(gate, "F"), false, `${at}: set`);
      gate.setFromMap({ F: true });
      assert.equal(readHot(gate, "F"), true, `${at}: setFromMap`);
      gate.resetFeatureValueToDefault("F");
      gate.overrideDefault("F", false);
      assert.equal(readHot(gate, "F"), false, `${at}: overrideDefault`);
      gate.overrideDefaultAtVersion("F", true, "1.30");
      assert.equal(readHot(gate, "F"), true, `${at}: overrideDefaultAtVersion`);
      gate.resetFeatureValueToDefault("F");
      gate.setEmulationVersion("1.29");
      assert.equal(readHot(gate, "F"), false, `${at}: setEmulationVersion`);
      gate.setEmulationVersionAndMinCompatibilityVersion("1.30", "1.29");
      assert.equal(readHot(gate, "F"), true, `${at}: setEmulationVersionAndMinCompatibilityVersion`);
      // A failed change drops the table too (a set may apply part of its entries).
      assert.throws(() => gate.set("F=false,Nope=true"));
      assert.equal(gate.enabled("F"), gate.featureStates().find((s) => s.name === "F").enabled, `${at}: failed set`);
      // A feature added after the table was read: the next read sees it, by name and by id.
      gate.add({ Late: { default: true, preRelease: "Beta" } });
      assert.equal(readHot(gate, "Late"), true, `${at}: add`);
      assert.equal(gate.enabledById(gate.featureId("Late") + 1000), false, `${at}: an unknown id reads false`);
      gate.free();
    }
  });

  test(`${entry}: a copy's reads are its own`, () => {
    const gate = new k.FeatureGate("1.30");
    gate.addVersioned(SPECS);
    assert.equal(readHot(gate, "F"), true);
    const copy = gate.deepCopy();
    assert.equal(readHot(copy, "F"), true);
    copy.set("F=false");
    assert.equal(readHot(copy, "F"), false);
    assert.equal(readHot(gate, "F"), true, "the original is untouched");
    gate.set("H=false");
    assert.equal(readHot(copy, "H"), true, "the copy is untouched");
    gate.free();
    assert.equal(readHot(copy, "F"), false, "freeing the original leaves the copy");
    copy.free();
  });

  test(`${entry}: features read on the fast path count as queried for setEmulationVersion's warnings`, () => {
    for (const [how, gate] of Object.entries(gates(k.FeatureGate))) {
      readHot(gate, "F");
      const warnings = gate.setEmulationVersion("1.29");
      assert.deepEqual(warnings.map((w) => [w.feature, w.oldValue, w.value]), [["F", true, false]], how);
      // Reported once: the marks are cleared by the change.
      assert.deepEqual(gate.setEmulationVersion("1.30"), [], how);
      gate.free();
    }
  });

  test(`${entry}: a gate freed after it was read refuses both reads`, () => {
    for (const [how, gate] of Object.entries(gates(k.FeatureGate))) {
      const id = gate.featureId("F");
      readHot(gate, "F");
      if (how === "deepCopy") gate[Symbol.dispose]();
      else gate.free();
      refuses(() => gate.enabled("F"), { kind: "freed", message: "FeatureGate.enabled: this FeatureGate was freed (free() was called); create a new one" });
      refuses(() => gate.enabledById(id), { kind: "freed", message: "FeatureGate.enabledById: this FeatureGate was freed (free() was called); create a new one" });
      gate.free();
    }
  });

  test(`${entry}: wrong arguments get the checked errors after the gate was read`, () => {
    const gate = k.FeatureGate.forRelease("1.30");
    readHot(gate, "AllAlpha");
    refuses(() => gate.enabled("Nope"), { kind: "notRegistered", message: 'feature "Nope" is not registered in FeatureGate' });
    refuses(() => gate.enabled(7), { kind: "invalidArgument", parameter: "name", message: "FeatureGate.enabled(name): invalid feature name: expected a string, got the number 7" });
    for (const id of [-1, 1.5, 2 ** 32, NaN, "0", 0n, null, undefined]) {
      refuses(() => gate.enabledById(id), { kind: "invalidArgument", parameter: "id", function: "FeatureGate.enabledById" });
    }
    // An object is refused without being converted: its valueOf never runs.
    let ran = false;
    refuses(() => gate.enabledById({ valueOf: () => ((ran = true), 0) }), { kind: "invalidArgument", parameter: "id" });
    refuses(() => gate.enabled({ toString: () => ((ran = true), "AllAlpha") }), { kind: "invalidArgument", parameter: "name" });
    assert.equal(ran, false);
    gate.free();
  });

  test(`${entry}: only a live gate of this entry answers a read: proxies, inheritors and others are refused`, () => {
    const gate = k.FeatureGate.forRelease("1.30");
    const id = gate.featureId("AllAlpha");
    readHot(gate, "AllAlpha");
    const other = (entry === "kubegate" ? browser : node).FeatureGate.forRelease("1.30");
    readHot(other, "AllAlpha");
    const { enabled, enabledById } = k.FeatureGate.prototype;
    const pod = entry === "kubegate" ? new k.PodConfig({}) : new browser.PodConfig({});
    let trapped = false;
    const receivers = {
      "a proxy of a gate": new Proxy(gate, { get: (t, p) => ((trapped = true), Reflect.get(t, p)) }),
      "an object inheriting from a gate": Object.create(gate),
      "a copy of a gate's own properties": Object.assign(Object.create(k.FeatureGate.prototype), gate),
      "another entry's gate": other,
      "a PodConfig": pod,
      "a plain object": {},
      "a function": () => true,
      "the prototype": k.FeatureGate.prototype,
      "a number": 5,
      "a string": "AllAlpha",
      "null": null,
      "undefined": undefined,
    };
    for (const [what, self] of Object.entries(receivers)) {
      for (let i = 0; i < 3; i++) {
        refuses(() => enabled.call(self, "AllAlpha"), { kind: "invalidArgument", parameter: "this", function: "FeatureGate.enabled" });
        refuses(() => enabledById.call(self, id), { kind: "invalidArgument", parameter: "this", function: "FeatureGate.enabledById" });
      }
      assert.equal(trapped, false, `${what}: the receiver was not read`);
    }
    // The receivers above still answer as they should.
    assert.equal(readHot(gate, "AllAlpha"), false);
    assert.equal(readHot(other, "AllAlpha"), false);
    gate.free();
    other.free();
    pod.free();
  });

  test(`${entry}: a gate has no own properties: nothing of its cache or raw object is reachable`, () => {
    for (const [how, gate] of Object.entries(gates(k.FeatureGate))) {
      readHot(gate, "F");
      assert.deepEqual(Reflect.ownKeys(gate), [], how);
      assert.deepEqual(Object.getOwnPropertyDescriptors(gate), {}, how);
      assert.equal(Object.getPrototypeOf(gate), k.FeatureGate.prototype, how);
      // What a caller can write on the gate changes nothing of its reads.
      gate.cache = { table: new Uint8Array(1000).fill(1), ids: new Map() };
      gate.raw = null;
      gate[Symbol("s")] = {};
      assert.equal(readHot(gate, "H"), true, how);
      gate.set("H=false");
      assert.equal(readHot(gate, "H"), false, how);
      gate.free();
    }
  });

  test(`${entry}: frozen gates and subclasses read and change as usual`, () => {
    const frozen = Object.freeze(new k.FeatureGate("1.30"));
    frozen.addVersioned(SPECS);
    assert.equal(readHot(frozen, "F"), true);
    frozen.set("F=false");
    assert.equal(readHot(frozen, "F"), false);
    frozen.free();
    refuses(() => frozen.enabled("F"), { kind: "freed" });
    class Sub extends k.FeatureGate {
      extra = 1;
    }
    const sub = new Sub("1.30");
    sub.addVersioned(SPECS);
    assert.equal(readHot(sub, "F"), true);
    sub.set("F=false");
    assert.equal(readHot(sub, "F"), false);
    assert.deepEqual(Reflect.ownKeys(sub), ["extra"]);
    const copy = sub.deepCopy();
    assert.equal(Object.getPrototypeOf(copy), k.FeatureGate.prototype, "a copy is a FeatureGate");
    assert.equal(readHot(copy, "F"), false);
    sub.free();
    copy.free();
  });

  test(`${entry}: the constructor checks its arguments again after a method made a gate`, () => {
    const gate = k.FeatureGate.forRelease("1.30");
    gate.deepCopy().free();
    refuses(() => new k.FeatureGate(5), { kind: "invalidArgument", function: "new FeatureGate", parameter: "emulationVersion" });
    refuses(() => k.FeatureGate("1.30"), { kind: "invalidArgument", function: "FeatureGate" });
    const fresh = new k.FeatureGate();
    assert.deepEqual(fresh.knownFeatures().length > 0, gate.knownFeatures().length > 0);
    fresh.free();
    gate.free();
  });
}

test("kubegate/gates reads through the same layer under Node: one class, one read path", () => {
  assert.equal(lean.FeatureGate, node.FeatureGate);
  const gate = lean.FeatureGate.forRelease("1.30");
  gate.addVersioned(SPECS);
  assert.equal(readHot(gate, "F"), true);
  gate.set("F=false");
  assert.equal(readHot(gate, "F"), false);
  gate.free();
});
