// Node tests of the gated-fields, enum and bootstrap-controller API.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  prepareForCreate, prepareForUpdate, builtinFieldGateSchemas, validateEnum, BootstrapController,
} from "kubegate";

const schema = (kind) => builtinFieldGateSchemas().find((s) => s.kind === kind);

test("Frobber width is dropped on create while Frobber2D is off", () => {
  const r = prepareForCreate(schema("Frobber"), { Frobber2D: false }, { height: 1, width: 2 });
  assert.deepEqual(r, { object: { height: 1 }, dropped: ["width"] });
  const u = prepareForUpdate(schema("Frobber"), { Frobber2D: false }, { width: 3 }, { width: 2 });
  assert.deepEqual(u, { object: { width: 3 }, dropped: [] });
});

test("EndpointSlice forNodes is dropped alone when only PreferSameTrafficDistribution is off", () => {
  const gates = { TopologyAwareHints: true, PreferSameTrafficDistribution: false };
  const obj = { endpoints: [{ addresses: ["10.1.2.3"], hints: { forZones: [{ name: "a" }], forNodes: [{ name: "n" }] } }] };
  const r = prepareForCreate(schema("EndpointSlice"), gates, obj);
  assert.deepEqual(r.dropped, ["endpoints[0].hints.forNodes"]);
  assert.deepEqual(r.object.endpoints[0].hints, { forZones: [{ name: "a" }] });
});

test("a schema naming an unknown gate throws", () => {
  assert.throws(() => prepareForCreate(schema("Service"), {}, {}), {
    message: 'field "spec.trafficDistribution" is guarded by feature gate "ServiceTrafficDistribution", which is not in the provided gates',
  });
});

test("TestEnumExclude rows", () => {
  const base = {
    path: "fld", validValues: ["A", "B", "C", "D"], operation: "Create",
    exclusions: [
      { value: "A", option: "FeatureA", excludeWhen: true },
      { value: "B", option: "FeatureB", excludeWhen: false },
      { value: "D", option: "FeatureA", excludeWhen: true },
      { value: "D", option: "FeatureB", excludeWhen: false },
    ],
  };
  assert.deepEqual(validateEnum({ ...base, value: "B", options: { FeatureA: false, FeatureB: false } }),
    ['fld: Unsupported value: "B": supported values: "A", "C"']);
  assert.deepEqual(validateEnum({ ...base, value: "B", options: { FeatureA: true, FeatureB: true } }), []);
  assert.deepEqual(validateEnum({ ...base, value: "B", options: { FeatureA: false } }),
    ['fld: Internal error: undefined validation option "FeatureB"']);
  // ratcheting: unchanged on update is accepted
  assert.deepEqual(validateEnum({ ...base, value: "B", oldValue: "B", operation: "Update", options: { FeatureA: false, FeatureB: false } }), []);
});

test("bootstrap: service, endpoints and lease expiry", () => {
  const c = new BootstrapController({ apiservers: ["192.168.0.2"] });
  assert.equal(c.service().spec.clusterIP, "10.0.0.1");
  assert.deepEqual(c.namespaces(), ["default", "kube-node-lease", "kube-public", "kube-system"]);
  c.advance("5s");
  c.startApiserver("192.168.0.3");
  c.advance("16s");
  c.crashApiserver("192.168.0.2");
  c.advance("13s");
  assert.equal(c.endpoints().subsets[0].addresses.length, 2);
  c.advance("1s");
  assert.deepEqual(c.endpoints().subsets[0].addresses, [{ ip: "192.168.0.3" }]);
  assert.equal(c.now, "35s");
});

test("bootstrap: leaked node port released on the third detection", () => {
  const c = new BootstrapController({ apiservers: ["192.168.0.2"] });
  c.allocateNodePort(30001);
  c.advance("6m");
  assert.deepEqual(c.allocations().nodePorts, [30001]);
  c.advance("3m");
  assert.deepEqual(c.allocations().nodePorts, []);
  assert.ok(c.log().some((l) => l.message === "the node port 30001 appears to have leaked: cleaning up"));
});

test("bootstrap: malformed CIDR throws", () => {
  assert.throws(() => new BootstrapController({ serviceCidr: "10.0.0.0/33" }), { message: "invalid CIDR address: 10.0.0.0/33" });
});

test("bootstrap: repair runs and endpoints history for timelines", () => {
  const c = new BootstrapController({ apiservers: ["192.168.0.2"] });
  c.allocateNodePort(30001);
  c.advance("9m");
  const runs = c.repairRuns().filter((r) => r.repair === "NodePort").map((r) => [r.time, r.leaks.map((l) => `${l.item} ${l.action} ${l.count} ${l.strike}`)]);
  assert.deepEqual(runs, [["0s", []], ["3m0s", ["30001 flagged 1 1"]], ["6m0s", ["30001 kept 0 2"]], ["9m0s", ["30001 released 0 3"]]]);
  c.startApiserver("192.168.0.3");
  c.stopApiserver("192.168.0.3");
  assert.deepEqual(c.endpointsHistory().map((e) => [e.time, e.cause, e.addresses]), [
    ["0s", "reconcile", ["192.168.0.2"]],
    ["9m0s", "reconcile", ["192.168.0.2", "192.168.0.3"]],
    ["9m0s", "stop", ["192.168.0.2"]],
  ]);
  const s = c.state(); // leak counters keyed by port text: a plain object
  assert.equal(s.repairRuns.length, c.repairRuns().length);
  assert.deepEqual(s.apiservers.find((a) => a.ip === "192.168.0.2").nodePortLeaks, { 30001: 0 });
});

test("validateFrobberRestartPolicy: the guide's OnTuesday example, both formulations", async () => {
  const { validateFrobberRestartPolicy } = await import("kubegate");
  const off = { FrobberRestartPolicyOnTuesday: false };
  assert.deepEqual(validateFrobberRestartPolicy({ restartPolicy: "OnTuesday", gates: off }), {
    allowed: false,
    guide: ['restartPolicy: Invalid value: "OnTuesday": only allowed if the FrobberRestartPolicyOnTuesday feature is enabled'],
    declarative: ['restartPolicy: Unsupported value: "OnTuesday": supported values: "Always", "Never"'],
  });
  assert.deepEqual(validateFrobberRestartPolicy({ restartPolicy: "OnTuesday", oldRestartPolicy: "OnTuesday", gates: off }), { allowed: true, guide: [], declarative: [] });
  assert.throws(() => validateFrobberRestartPolicy({ restartPolicy: "Always", gates: {} }), { message: 'feature gate "FrobberRestartPolicyOnTuesday" is not in the provided gates' });
});
