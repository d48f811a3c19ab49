// The binding decodes each pod of a merge straight from the update's JSON, keeping every field
// but metadata as the text serde_json would write. The Rust tests build pods
// from values; these hold the package's own path to the same answers: output keys in order,
// values untouched, the loose equality rules (null and "" equal absent, numbers by value, an
// empty top-level spec or status equal to none), and a refused pod named by its index.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PodConfig } from "kubegate";

const meta = (i) => ({ uid: `u${i}`, name: `p${i}`, namespace: "ns" });

function withSet(pods) {
  const c = new PodConfig({ now: "2024-05-01T10:00:00Z" });
  c.merge("s", { op: "SET", pods });
  return c;
}

test("every field comes back whole, keys in serde_json's order", () => {
  const spec = {
    zeta: [1, 2.5, -3, 1e21, null, true, { b: "x", a: "" }],
    alpha: { nested: { "k\"q": "tab\there", "é": "\u0001 \u{1F600}" }, empty: {}, list: [] },
  };
  const c = withSet([{ status: { phase: "Running" }, spec, metadata: meta(1), apiVersion: "v1", kind: "Pod" }]);
  const [p] = c.mergedState();
  assert.deepEqual(Object.keys(p), ["apiVersion", "kind", "metadata", "spec", "status"]);
  assert.deepEqual(Object.keys(p.spec), ["alpha", "zeta"]);
  assert.deepEqual(Object.keys(p.spec.zeta[6]), ["a", "b"]);
  assert.deepEqual(p.spec, spec);
  assert.deepEqual(p.status, { phase: "Running" });
  assert.deepEqual(c.sync()[0].pods, [p]);
});

test("what the loose rules call equal is no UPDATE and no RECONCILE", () => {
  const base = { containers: [{ name: "c", image: "i", ports: [{ containerPort: 80 }] }] };
  const c = withSet([{ metadata: meta(1), spec: base }]);
  const same = [
    { metadata: meta(1), spec: { ...base, nodeName: "", priority: null } },
    { metadata: meta(1), spec: { containers: [{ image: "i", name: "c", ports: [{ containerPort: 80.0 }] }] }, status: {} },
    { metadata: meta(1), spec: base, status: { message: "", reason: null } },
  ];
  for (const p of same) {
    assert.deepEqual(c.merge("s", { op: "UPDATE", pods: [p] }), [], JSON.stringify(p));
  }
});

test("a changed spec is an UPDATE, a changed status alone a RECONCILE", () => {
  const c = withSet([{ metadata: meta(1), spec: { containers: [{ name: "c", image: "i" }] } }]);
  const [u] = c.merge("s", { op: "UPDATE", pods: [{ metadata: meta(1), spec: { containers: [{ name: "c", image: "j" }] } }] });
  assert.equal(u.op, "UPDATE");
  assert.deepEqual(u.reasons[0].changed, ["spec"]);
  assert.equal(u.pods[0].spec.containers[0].image, "j");
  const [r] = c.merge("s", {
    op: "UPDATE",
    pods: [{ metadata: meta(1), spec: { containers: [{ name: "c", image: "j" }] }, status: { phase: "Running" } }],
  });
  assert.equal(r.op, "RECONCILE");
  assert.deepEqual(c.mergedState()[0].status, { phase: "Running" });
});

test("a pod that is not one is refused by its index, after the op, and nothing changes", () => {
  const c = withSet([{ metadata: meta(1) }]);
  assert.throws(() => c.merge("s", { op: "SET", pods: [{ metadata: meta(2) }, { metadata: { name: "x" } }] }), /pods\[1\]: pod "x" has no metadata.uid/);
  assert.throws(() => c.merge("s", { op: "SET", pods: [{ metadata: meta(2) }, [1]] }), /pods\[1\]: pod must be a JSON object/);
  assert.throws(() => c.merge("s", { op: "NOPE", pods: [5] }), /NOPE/);
  assert.deepEqual(c.mergedState().map((p) => p.metadata.uid), ["u1"]);
});
