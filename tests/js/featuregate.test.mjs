// The npm package's FeatureGate through its public API, as users import it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import init, { FeatureGate, parseFeatureList, version, initSync, releases, releaseFeatures, renderFeatureList } from "kubegate";

const corpus = JSON.parse(readFileSync(new URL("../cases/featuregate.json", import.meta.url), "utf8"));

/** Runs one corpus step against a gate; the same steps run in tests/featuregate_cases.rs. */
function apply(gates, target, step) {
  const g = gates.get(target);
  if (step.as) {
    gates.set(step.as, g[step.op]());
    return null;
  }
  const r = g[step.op](...step.args);
  return r === undefined ? null : r;
}

const keys = (v) => (Array.isArray(v) ? v : v && typeof v === "object" ? Object.keys(v) : []);

for (const c of corpus.cases) {
  test(`upstream ${c.upstream}: ${c.name}`, () => {
    const gate = c.gate ? new FeatureGate(c.gate.emulation, c.gate.minCompat) : new FeatureGate();
    const gates = new Map([["main", gate]]);
    c.steps.forEach((step, i) => {
      const where = `step ${i} (${step.op})`;
      let got, err;
      try {
        got = apply(gates, step.gate ?? "main", step);
      } catch (e) {
        err = e;
      }
      if (step.error !== undefined || step.errorContains !== undefined) {
        assert.ok(err instanceof Error, `${where}: expected an Error, got ${JSON.stringify(got)}`);
        if (step.error !== undefined) assert.equal(err.message, step.error, where);
        else assert.ok(err.message.includes(step.errorContains), `${where}: ${err.message}`);
        return;
      }
      assert.equal(err, undefined, `${where}: unexpected ${err?.message}`);
      if (step.result !== undefined) assert.deepEqual(got, step.result, where);
      for (const k of keys(step.contains)) assert.ok(keys(got).includes(k), `${where}: lacks ${k}`);
      for (const k of keys(step.excludes)) assert.ok(!keys(got).includes(k), `${where}: has ${k}`);
    });
    for (const g of gates.values()) g.free();
  });
}

test("imports work with no init step in Node, and init() is a harmless no-op", async () => {
  assert.equal(typeof init, "function");
  assert.equal(typeof initSync, "function");
  await init();
  const v = version();
  assert.match(v.kubegate, /^\d+\.\d+\.\d+/);
  assert.equal(v.kubernetes, "1.37");
  assert.equal(v.featureList, releases().newest);
});

test("errors are real Errors carrying kind, problems and UTF-16 spans", () => {
  const gate = new FeatureGate("1.34");
  gate.add({ Ünïcode: { default: false, preRelease: "Alpha" }, Locked: { default: true, lockToDefault: true } });
  const text = "Ünïcode=true, Locked=false,Nope=1";
  let e;
  try {
    gate.set("Ünïcode=true, Locked=false");
  } catch (x) {
    e = x;
  }
  assert.ok(e instanceof Error);
  assert.equal(e.message, "cannot set feature gate Locked to false, feature is locked to true");
  assert.equal(e.kind, "locked");
  assert.deepEqual(e.problems[0].span, { start: 13, end: 26 });
  assert.equal("Ünïcode=true, Locked=false".slice(13, 26), " Locked=false");
  // The rejected Locked=false stays in the raw values (upstream's sticky behaviour), so both show.
  assert.throws(() => gate.set(text), (x) => x.problems.some((p) => p.kind === "unrecognized" && p.feature === "Nope"));
  assert.throws(() => gate.set("Ünïcode=maybe"), (x) => {
    assert.equal(x.message, 'invalid value of Ünïcode=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax');
    assert.deepEqual(x.problems[0].span, { start: 0, end: 13 });
    return x.kind === "syntax";
  });
  gate.free();
});

test("the hot path reads by id and follows every change", () => {
  const gate = new FeatureGate("1.30");
  gate.addVersioned({ F: [{ version: "1.29", preRelease: "Alpha", default: false }, { version: "1.30", preRelease: "Beta", default: true }] });
  const id = gate.featureId("F");
  assert.equal(gate.enabledById(id), true);
  gate.set("F=false");
  assert.equal(gate.enabledById(id), false);
  gate.resetFeatureValueToDefault("F");
  assert.equal(gate.enabledById(id), true);
  gate.setEmulationVersion("1.29");
  assert.equal(gate.enabledById(id), false);
  gate.set("AllAlpha=true");
  assert.equal(gate.enabledById(id), true);
  gate.overrideDefault("AllBeta", true);
  const copy = gate.deepCopyAndReset();
  assert.equal(copy.featureId("F"), id, "ids survive copies");
  assert.equal(copy.enabledById(id), false);
  assert.equal(gate.enabledById(99999), false, "an unknown id reads false, never traps");
  assert.throws(() => gate.featureId("Nope"), { message: 'feature "Nope" is not registered in FeatureGate' });
  gate.free();
  copy.free();
});

test("featureStates explains every value", () => {
  const gate = new FeatureGate("1.34");
  gate.add({ A: { default: false, preRelease: "Alpha" }, B: { default: false, preRelease: "Beta" }, G: { default: true } });
  gate.overrideDefault("B", true);
  gate.set("AllAlpha=true,G=true");
  const by = Object.fromEntries(gate.featureStates().map((s) => [s.name, s]));
  assert.equal(by.A.reason, "AllAlpha");
  assert.equal(by.A.enabled, true);
  assert.equal(by.B.reason, "Override");
  assert.equal(by.G.reason, "Explicit");
  assert.equal(by.G.preRelease, "GA");
  assert.equal(by.AllBeta.reason, "Default");
  gate.free();
});

test("the real Kubernetes 1.34 list in upstream's format: census at 1.34 and 1.33, AllAlpha, a locked gate", () => {
  // The 1.34 release's versioned list, written as versioned_feature_list.yaml and read back.
  const list = parseFeatureList(renderFeatureList(releaseFeatures("1.34")));
  assert.equal(Object.keys(list).length, 205);
  const census = (v) => {
    const g = new FeatureGate(v);
    g.addVersioned(list);
    const states = g.featureStates().filter((s) => s.name !== "AllAlpha" && s.name !== "AllBeta");
    const count = (p) => states.filter(p).length;
    const r = {
      Alpha: count((s) => s.preRelease === "Alpha"),
      Beta: count((s) => s.preRelease === "Beta"),
      GA: count((s) => s.preRelease === "GA"),
      Deprecated: count((s) => s.preRelease === "Deprecated"),
      PreAlpha: count((s) => s.preRelease === "PreAlpha"),
      enabled: count((s) => s.enabled),
      locked: count((s) => s.locked),
    };
    g.free();
    return r;
  };
  // The same figures as tests/feature_list.rs (Rust): one data set, two bindings.
  assert.deepEqual(census("1.34"), { Alpha: 54, Beta: 73, GA: 63, Deprecated: 15, PreAlpha: 0, enabled: 127, locked: 60 });
  assert.deepEqual(census("1.33"), { Alpha: 57, Beta: 77, GA: 37, Deprecated: 14, PreAlpha: 20, enabled: 101, locked: 35 });
  const g = new FeatureGate("1.34");
  g.addVersioned(list);
  g.set("AllAlpha=true");
  assert.ok(g.featureStates().filter((s) => s.preRelease === "Alpha").every((s) => s.enabled));
  assert.throws(() => g.set("NodeSwap=false"), { message: "cannot set feature gate NodeSwap to false, feature is locked to true" });
  g.free();
});

test("bad input never traps: versions, specs, maps, feature lists", () => {
  assert.throws(() => new FeatureGate("banana"), { message: 'invalid emulation version: could not parse "banana" as version' });
  assert.throws(() => new FeatureGate("1.30", "x"), /invalid min compatibility version/);
  const gate = new FeatureGate();
  assert.throws(() => gate.add({ A: { default: "yes" } }), /invalid feature specs/);
  assert.throws(() => gate.add({ A: { default: true, preRelease: "Gamma" } }), /unknown preRelease "Gamma"/);
  assert.throws(() => gate.add({ A: { default: true, extra: 1 } }), /unknown field `extra`/);
  assert.throws(() => gate.addVersioned({ A: [{ default: true, version: "1.x" }] }), /invalid versioned feature specs/);
  assert.throws(() => gate.setFromMap({ A: "true" }), /invalid feature values/);
  assert.throws(() => gate.setFromMap(null), /invalid feature values/);
  assert.throws(() => gate.addDependencies({ A: "B" }), /invalid dependencies/);
  assert.throws(() => gate.setEmulationVersion(""), /invalid emulation version/);
  assert.throws(() => parseFeatureList("- name: X\n  versionedSpecs: 3\n"), /feature list: line 1: entry 0 \(X\)/);
  assert.throws(() => parseFeatureList("[[[["), /feature list: yaml: line/);
  // go-yaml names a parser error's line one less than the one the problem is on (its lines
  // count from 0 there); the error's `line` is the problem's, for editors to mark.
  assert.throws(() => parseFeatureList("- name: X\n  versionedSpecs:\n - bad\n"), (e) =>
    e.message === "feature list: yaml: line 2: did not find expected '-' indicator" && e.line === 3 && e.problems[0].line === 3);
  assert.throws(() => parseFeatureList("- name: X\n  versionedSpecs: 3\n"), (e) => e.line === 1);
  // Random and hostile strings: each call either succeeds or throws an Error, and the gate keeps working.
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
  const alphabet = ["=", ",", " ", "true", "false", "AllAlpha", "AllBeta", "\u0000", "é", "😀", "1", "0", "T", "x"];
  for (let i = 0; i < 2000; i++) {
    let s = "";
    const n = Math.floor(rand() * 12);
    for (let j = 0; j < n; j++) s += alphabet[Math.floor(rand() * alphabet.length)];
    for (const call of [() => gate.set(s), () => parseFeatureList(s), () => gate.setEmulationVersion(s || "1.0"), () => gate.resetFeatureValueToDefault(s)]) {
      try {
        call();
      } catch (e) {
        assert.ok(e instanceof Error && e.message.length > 0, `${JSON.stringify(s)}: ${e}`);
      }
    }
  }
  assert.equal(typeof gate.toString(), "string");
  assert.throws(() => gate.set("x".repeat(1_000_000) + "=true"), /unrecognized feature gate/);
  gate.free();
});

test("a freed gate throws instead of trapping", () => {
  const gate = new FeatureGate();
  gate.free();
  assert.throws(() => gate.enabled("AllAlpha"), Error);
});
