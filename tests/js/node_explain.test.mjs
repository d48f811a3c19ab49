// explainNode through the npm API: the same answer as `kubegate node --format json` (the CLI's
// goldens) on real nodes from tests/corpus/nodes/ (each file names its source), and what the
// Node panel relies on. Expected instants are worked out in tests/node_explain.rs from upstream's
// rules; here they are checked once more at the JS boundary.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { explainNode } from "kubegate";

const file = (path) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
/** The JSON document a CLI golden holds (after its "--- stdout" line). */
function golden(name) {
  const text = file(`cli/golden/${name}.txt`);
  const out = text.slice(text.indexOf("--- stdout\n") + 11, text.indexOf("--- stderr"));
  return JSON.parse(out);
}

test("the API and the CLI give the same explanation", () => {
  const cli = golden("node-zone-down-json");
  const api = explainNode(file("corpus/nodes/gitcd-kind-1.21-ready-stale-taint.yaml"), {
    now: "2022-07-13T09:39:36Z",
    cluster: { healthyPeers: 0, unhealthyPeers: 3, otherZones: 1 },
  });
  assert.deepEqual(api.explanation, cli.explanation);
  assert.deepEqual(api.ignored.map((n) => `line ${n.line}: ${n.what}`), cli.ignored);
});

test("a tainted node keeps its name, its taints and their times; the eviction instant is timeAdded + 300s", () => {
  const { explanation } = explainNode(file("corpus/nodes/openshift-4.8-unreachable.yaml"));
  const [n] = explanation.nodes;
  assert.equal(n.name, "test");
  assert.deepEqual(n.taints.map((t) => [t.key, t.effect, t.timeAdded]), [
    ["node.kubernetes.io/unreachable", "NoSchedule", "2022-09-26T09:54:54Z"],
    ["node.kubernetes.io/unreachable", "NoExecute", "2022-09-26T09:55:00Z"],
  ]);
  assert.equal(n.evictions[0].at, "2022-09-26T10:00:00Z");
  assert.equal(n.evictions[0].relative, "in 5m0s");
});

test("options are checked: an unknown field, a bad time, a negative count", () => {
  const text = file("corpus/nodes/openshift-4.8-unreachable.yaml");
  assert.throws(() => explainNode(text, { peers: 3 }), /peers/);
  assert.throws(() => explainNode(text, { now: "yesterday" }), /yesterday/);
  assert.throws(() => explainNode(text, { cluster: { healthyPeers: -1 } }));
  assert.throws(() => explainNode("kind: Pod\nmetadata: {name: p}\n"), /no Node found/);
});
