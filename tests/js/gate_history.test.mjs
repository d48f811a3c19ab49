// A gate's history, who reads each gate, and the patch range an answer covers, through the
// public API of both entries (the main one and the lean `kubegate/gates`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { gateHistory, releaseGates, releasePatchRange } from "kubegate";
import * as lean from "kubegate/gates";

test("NodeSwap: Alpha 1.22 to GA 1.34, read by the kubelet alone", () => {
  const h = gateHistory("NodeSwap");
  assert.equal(h.name, "NodeSwap");
  assert.equal(h.since, "1.22");
  assert.equal(h.removed, null);
  assert.equal(h.reference, "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#NodeSwap");
  const at = (r) => h.rows.find((x) => x.release === r);
  assert.deepEqual([at("1.28").preRelease, at("1.28").default], ["Beta", false]);
  assert.deepEqual([at("1.34").preRelease, at("1.34").lockToDefault], ["GA", true]);
  assert.deepEqual(at("1.24").components, ["kubelet"]);
  assert.equal(at("1.24").componentsCarried, true); // 1.24's sources lack kube-proxy: filled in
  assert.equal(at("1.25").componentsCarried, false);
  assert.equal(at("1.37").componentsCarried, true);
  assert.match(at("1.30").source, /@[0-9a-f]{12}:/);
  assert.deepEqual(lean.gateHistory("NodeSwap"), h);
});

test("a patch that changed a gate splits its release: APIServingWithRoutine 1.30.0-3 and 1.30.4+", () => {
  const rows = gateHistory("APIServingWithRoutine").rows.filter((r) => r.release === "1.30");
  assert.deepEqual(
    rows.map((r) => [r.fromPatch, r.toPatch, r.preRelease, r.default]),
    [[0, 3, "Beta", true], [4, null, "Alpha", false]],
  );
});

test("the patch range a minor's answer covers", () => {
  assert.deepEqual(releasePatchRange("1.32"), { release: "1.32", fromPatch: 0, toPatch: 1 });
  assert.deepEqual(releasePatchRange("1.32.2").fromPatch, 2);
  assert.deepEqual(lean.releasePatchRange("v1.32.1"), releasePatchRange("1.32"));
  assert.throws(() => releasePatchRange("banana"), /invalid Kubernetes version/);
});

test("an unknown gate is an error naming the close ones", () => {
  assert.throws(() => gateHistory("NodeSwp"), (e) => e.kind === "release" && /close names: NodeSwap/.test(e.message));
  assert.throws(() => gateHistory(42), { kind: "invalidArgument" });
});

test("releaseGates names each gate's readers, null when unknown", () => {
  const g36 = Object.fromEntries(releaseGates("1.36").map((g) => [g.name, g]));
  const g30 = Object.fromEntries(releaseGates("1.30").map((g) => [g.name, g]));
  assert.deepEqual(g30.KMSv2.components, ["kube-apiserver"]);
  assert.equal(g36.PodSchedulingReadiness.readByNone, true);
  assert.deepEqual(g36.PodSchedulingReadiness.components, []);
  assert.ok(!g30.ValidatingAdmissionPolicy.components.includes("kubelet"));
  assert.deepEqual(lean.releaseGates("1.36"), releaseGates("1.36"));
  assert.ok(releaseGates("1.19").every((g) => g.components === null && !g.readByNone));
});
