// A REMOVE reads only the metadata of the pods it names (the binding skips their spec and status
// while decoding); these hold its answers and errors to what a full decode
// gives: the stored pods are emitted whatever the incoming ones carry, every malformed pod or
// field is refused with the same message, and an unusual key order still works.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PodConfig } from "kubegate";

const pod = (i, extra = {}) => ({
  metadata: { uid: `u${i}`, name: `p${i}`, namespace: "ns", labels: { app: "a" } },
  spec: { containers: [{ name: "c", image: `image-${i}` }] },
  ...extra,
});

function stored() {
  const c = new PodConfig({ now: "2024-05-01T10:00:00Z" });
  c.merge("s", { op: "SET", pods: [pod(1), pod(2), pod(3)] });
  return c;
}

test("REMOVE emits the stored pods, not what the incoming ones carry", () => {
  const c = stored();
  const [u] = c.merge("s", { op: "REMOVE", pods: [pod(2, { spec: { other: true }, status: { phase: "Gone" } }), pod(9)] });
  assert.equal(u.op, "REMOVE");
  assert.deepEqual(u.pods.map((p) => p.metadata.uid), ["u2"]);
  assert.deepEqual(u.pods[0].spec, { containers: [{ name: "c", image: "image-2" }] });
  assert.equal(u.pods[0].status, undefined);
  assert.deepEqual(c.mergedState().map((p) => p.metadata.uid), ["u1", "u3"]);
});

test("REMOVE works whatever the key order and with a fed-back PodUpdate's source and reasons", () => {
  const c = stored();
  assert.equal(c.merge("s", { pods: [pod(1)], op: "REMOVE" })[0].pods[0].metadata.uid, "u1");
  const again = c.merge("s", { op: "REMOVE", pods: [pod(3)], source: "s", reasons: [{ message: "m" }] });
  assert.equal(again[0].pods[0].metadata.uid, "u3");
});

test("a REMOVE with a malformed pod or field is refused as before, and nothing changes", () => {
  const refusals = [
    [{ op: "REMOVE", pods: [pod(1), 5] }, /pods\[1\]: pod must be a JSON object/],
    [{ op: "REMOVE", pods: [[1]] }, /pods\[0\]: pod must be a JSON object/],
    [{ op: "REMOVE", pods: [{ spec: {} }] }, /pods\[0\]: pod has no metadata$/],
    [{ op: "REMOVE", pods: [{ metadata: "m" }] }, /pods\[0\]: metadata: must be an object/],
    [{ op: "REMOVE", pods: [{ metadata: { name: "n" } }] }, /pods\[0\]: pod "n" has no metadata.uid/],
    [{ op: "REMOVE", pods: [{ metadata: { name: "n", uid: "u", labels: { a: 1 } } }] }, /metadata.labels\["a"\]: must be a string/],
    [{ op: "REMOVE", pods: [pod(1)], extra: 1 }, /unknown field `extra`/],
    [{ op: "REMOVE", pods: [pod(1)], source: 5 }, /source: invalid type: integer `5`, expected a string/],
    [{ op: "REMOVE", pods: {} }, /pods: invalid type: map, expected a sequence/],
  ];
  for (const [update, message] of refusals) {
    const c = stored();
    assert.throws(() => c.merge("s", update), (e) => e instanceof Error && message.test(e.message), JSON.stringify(update));
    assert.equal(c.mergedState().length, 3);
  }
});
