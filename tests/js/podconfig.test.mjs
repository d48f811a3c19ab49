// Port of pkg/kubelet/config/config_test.go (Kubernetes v1.30–v1.33) against the JS API,
// plus the derived cases of SEMANTICS.md (d), the sources, and bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { PodConfig, FileSource, HttpSource, ApiserverSource } from "kubegate";

const TEST_SOURCE = "test";

function validPod(name, namespace) {
  return {
    metadata: { uid: name + namespace, name, namespace },
    spec: {
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      containers: [{ name: "ctr", image: "image", imagePullPolicy: "IfNotPresent", terminationMessagePolicy: "File" }],
    },
  };
}

function changedPod(name, namespace) {
  const p = validPod(name, namespace);
  p.spec.containers = [{ name: "bar", image: "test", imagePullPolicy: "IfNotPresent", terminationMessagePolicy: "File" }];
  return p;
}

function tester(mode) {
  const c = new PodConfig({ mode, now: "2024-05-01T10:00:00Z" });
  c.channel(TEST_SOURCE);
  return c;
}

const LOCAL = new Set(["kubernetes.io/config.source", "kubernetes.io/config.mirror", "kubernetes.io/config.seen"]);
function strip(pod) {
  const ann = Object.fromEntries(Object.entries(pod.metadata.annotations ?? {}).filter(([k]) => !LOCAL.has(k)));
  return {
    spec: pod.spec,
    labels: pod.metadata.labels ?? null,
    deletionTimestamp: pod.metadata.deletionTimestamp ?? null,
    deletionGracePeriodSeconds: pod.metadata.deletionGracePeriodSeconds ?? null,
    annotations: ann,
    status: pod.status && Object.keys(pod.status).length ? pod.status : null,
  };
}

// expectPodUpdate + expectNoPodUpdate: ops, sources and pods (sorted by namespace, local
// annotations ignored) match, and nothing else was emitted.
function expectUpdates(actual, expected) {
  assert.equal(actual.length, expected.length, JSON.stringify(actual.map((u) => [u.op, u.source, u.pods.length])));
  expected.forEach(([op, source, pods], i) => {
    assert.equal(actual[i].op, op);
    assert.equal(actual[i].source, source);
    assert.ok(Array.isArray(actual[i].reasons));
    const byNs = (a, b) => (a.metadata.namespace ?? "").localeCompare(b.metadata.namespace ?? "");
    const got = [...actual[i].pods].sort(byNs).map(strip);
    const want = [...pods].sort(byNs).map(strip);
    assert.deepEqual(got, want);
  });
}

test("NewPodAdded (and invalid/default namespaces)", () => {
  for (const ns of ["new", "", "default"]) {
    const c = tester("Incremental");
    expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", ns)] }), [["ADD", TEST_SOURCE, [validPod("foo", ns)]]]);
    expectUpdates(c.sync(), [["SET", "*", [validPod("foo", ns)]]]);
  }
});

test("NewPodAddedDifferentNamespaces", () => {
  const c = tester("Incremental");
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "default")] }), [["ADD", TEST_SOURCE, [validPod("foo", "default")]]]);
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }), [["ADD", TEST_SOURCE, [validPod("foo", "new")]]]);
  expectUpdates(c.sync(), [["SET", "*", [validPod("foo", "default"), validPod("foo", "new")]]]);
});

test("InvalidPodFiltered", () => {
  const c = tester("Incremental");
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }), [["ADD", TEST_SOURCE, [validPod("foo", "new")]]]);
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }), []);
});

test("NewPodAddedSnapshotAndUpdates / NewPodAddedSnapshot", () => {
  for (const [mode, last] of [["SnapshotAndUpdates", "UPDATE"], ["Snapshot", "SET"]]) {
    const c = tester(mode);
    expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }), [["SET", TEST_SOURCE, [validPod("foo", "new")]]]);
    expectUpdates(c.sync(), [["SET", "*", [validPod("foo", "new")]]]);
    expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [changedPod("foo", "new")] }), [[last, TEST_SOURCE, [changedPod("foo", "new")]]]);
  }
});

test("NewPodAddedUpdatedRemoved", () => {
  const c = tester("Incremental");
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }), [["ADD", TEST_SOURCE, [validPod("foo", "new")]]]);
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [changedPod("foo", "new")] }), [["UPDATE", TEST_SOURCE, [changedPod("foo", "new")]]]);
  expectUpdates(c.merge(TEST_SOURCE, { op: "REMOVE", pods: [validPod("foo", "new")] }), [["REMOVE", TEST_SOURCE, [changedPod("foo", "new")]]]);
});

test("NewPodAddedDelete", () => {
  const c = tester("Incremental");
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }), [["ADD", TEST_SOURCE, [validPod("foo", "new")]]]);
  const deleted = validPod("foo", "new");
  deleted.metadata.deletionTimestamp = "2024-05-01T10:00:05Z";
  expectUpdates(c.merge(TEST_SOURCE, { op: "DELETE", pods: [deleted] }), [["DELETE", TEST_SOURCE, [deleted]]]);
});

test("NewPodAddedUpdatedSet", () => {
  const c = tester("Incremental");
  const three = [validPod("foo", "new"), validPod("foo2", "new"), validPod("foo3", "new")];
  expectUpdates(c.merge(TEST_SOURCE, { op: "ADD", pods: three }), [["ADD", TEST_SOURCE, three]]);
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: [changedPod("foo2", "new"), validPod("foo3", "new"), validPod("foo4", "new")] }), [
    ["REMOVE", TEST_SOURCE, [validPod("foo", "new")]],
    ["ADD", TEST_SOURCE, [validPod("foo4", "new")]],
    ["UPDATE", TEST_SOURCE, [changedPod("foo2", "new")]],
  ]);
});

test("NewPodAddedSetReconciled", () => {
  const pods = (status, ctrName) => {
    const p0 = validPod("changeable-pod-0", "new");
    if (status) p0.status = { message: status };
    if (ctrName) p0.spec.containers[0].name = ctrName;
    return [p0, validPod("constant-pod-1", "new"), validPod("constant-pod-2", "new")];
  };
  for (const op of ["ADD", "SET"]) {
    const c = tester("Incremental");
    expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: pods() }), [["ADD", TEST_SOURCE, pods()]]);
    expectUpdates(c.merge(TEST_SOURCE, { op, pods: pods() }), []);
    const rec = c.merge(TEST_SOURCE, { op, pods: pods("1234") });
    expectUpdates(rec, [["RECONCILE", TEST_SOURCE, [pods("1234")[0]]]]);
    assert.deepEqual(rec[0].reasons[0].changed, ["status"]);
    const upd = c.merge(TEST_SOURCE, { op, pods: pods("5678", "renamed") });
    expectUpdates(upd, [["UPDATE", TEST_SOURCE, [pods("5678", "renamed")[0]]]]);
    assert.match(upd[0].reasons[0].message, /UPDATE, not RECONCILE/);
  }
});

test("InitialEmptySet in all three modes", () => {
  for (const [mode, op] of [["Incremental", "ADD"], ["Snapshot", "SET"], ["SnapshotAndUpdates", "SET"]]) {
    const c = tester(mode);
    expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: [] }), [[op, TEST_SOURCE, []]]);
    const out = [
      ...c.merge(TEST_SOURCE, { op: "SET", pods: [] }),
      ...c.merge(TEST_SOURCE, { op: "ADD", pods: [validPod("foo", "new")] }),
    ];
    expectUpdates(out, [[op, TEST_SOURCE, [validPod("foo", "new")]]]);
  }
});

test("PodUpdateAnnotations", () => {
  const c = tester("Incremental");
  const pod = validPod("foo2", "new");
  pod.metadata.annotations = { "kubernetes.io/blah": "blah" };
  const set = () => [validPod("foo1", "new"), structuredClone(pod), validPod("foo3", "new")];
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: set() }), [["ADD", TEST_SOURCE, set()]]);
  pod.metadata.annotations["kubernetes.io/blah"] = "superblah";
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: set() }), [["UPDATE", TEST_SOURCE, [pod]]]);
  pod.metadata.annotations["kubernetes.io/otherblah"] = "doh";
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: set() }), [["UPDATE", TEST_SOURCE, [pod]]]);
  delete pod.metadata.annotations["kubernetes.io/blah"];
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: set() }), [["UPDATE", TEST_SOURCE, [pod]]]);
});

test("PodUpdateLabels", () => {
  const c = tester("Incremental");
  const pod = validPod("foo2", "new");
  pod.metadata.labels = { key: "value" };
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: [structuredClone(pod)] }), [["ADD", TEST_SOURCE, [pod]]]);
  pod.metadata.labels.key = "newValue";
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: [structuredClone(pod)] }), [["UPDATE", TEST_SOURCE, [pod]]]);
});

test("duplicate names: first wins, FailedValidation event", () => {
  const c = tester("Incremental");
  const dup = validPod("foo", "new");
  dup.metadata.uid = "other-uid";
  const out = c.mergeDetailed(TEST_SOURCE, { op: "SET", pods: [validPod("foo", "new"), dup] });
  expectUpdates(out.updates, [["ADD", TEST_SOURCE, [validPod("foo", "new")]]]);
  assert.equal(out.events.length, 1);
  assert.equal(out.events[0].type, "Warning");
  assert.equal(out.events[0].reason, "FailedValidation");
  assert.equal(out.events[0].message, 'Error validating pod foo_new(other-uid) from test due to duplicate pod name "foo", ignoring');
  assert.equal(c.events().length, 1);
});

test("local annotations only: nothing; seen time kept; empty SET after REMOVE: nothing", () => {
  const c = tester("Incremental");
  const added = c.merge(TEST_SOURCE, { op: "SET", pods: [validPod("foo", "new")] });
  assert.equal(added[0].pods[0].metadata.annotations["kubernetes.io/config.seen"], "2024-05-01T10:00:00Z");
  assert.equal(added[0].pods[0].metadata.annotations["kubernetes.io/config.source"], "test");
  const local = validPod("foo", "new");
  local.metadata.annotations = { "kubernetes.io/config.seen": "x", "kubernetes.io/config.mirror": "m" };
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: [local] }), []);
  const upd = c.merge(TEST_SOURCE, { op: "SET", pods: [changedPod("foo", "new")] }, "2024-05-01T11:00:00Z");
  assert.equal(upd[0].pods[0].metadata.annotations["kubernetes.io/config.seen"], "2024-05-01T10:00:00Z");
  expectUpdates(c.merge(TEST_SOURCE, { op: "REMOVE", pods: [validPod("foo", "new")] }), [["REMOVE", TEST_SOURCE, [changedPod("foo", "new")]]]);
  expectUpdates(c.merge(TEST_SOURCE, { op: "SET", pods: [] }), []);
});

test("seenAllSources", () => {
  const c = new PodConfig({ sources: ["file", "api"] });
  assert.equal(c.mode, "Incremental");
  assert.equal(c.seenAllSources(["file", "api"]), false);
  c.merge("file", { op: "SET", pods: [] });
  c.merge("api", { op: "ADD", pods: [] });
  assert.equal(c.seenAllSources(["file", "api"]), false);
  c.merge("api", { op: "SET", pods: [] });
  assert.equal(c.seenAllSources(["file", "api"]), true);
  assert.equal(c.seenAllSources(["file"]), false);
});

test("bad input throws clear errors", () => {
  const c = tester("Incremental");
  assert.throws(() => c.merge(TEST_SOURCE, { op: "FROB", pods: [] }), /unknown pod operation "FROB"/);
  assert.throws(() => c.merge(TEST_SOURCE, { op: "ADD", pods: [{ metadata: { name: "x" } }] }), { message: 'pods[0]: pod "x" has no metadata.uid' });
  assert.throws(() => c.merge(TEST_SOURCE, { op: "ADD", pods: [{ metadata: { uid: "u" } }] }), { message: "pods[0]: pod has no metadata.name" });
  assert.throws(() => new PodConfig({ mode: "Unknown" }), { message: "unsupported PodConfigNotificationMode: 0" });
  const out = c.mergeDetailed(TEST_SOURCE, { op: "RECONCILE", pods: [validPod("a", "b")] });
  assert.deepEqual(out.updates, []);
  assert.deepEqual(out.logs, ["Received invalid update type: RECONCILE"]);
});

const WEB = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n";

test("FileSource feeds the merge", () => {
  const src = new FileSource({ path: "/etc/kubernetes/manifests", nodeName: "Node-A" });
  const c = new PodConfig();
  src.writeFile("web.yaml", WEB);
  src.writeFile("broken.yaml", "kind: [");
  const step = src.tick("2024-05-01T10:00:00Z");
  assert.equal(step.errors.length, 1);
  assert.equal(step.updates[0].op, "SET");
  assert.equal(step.updates[0].pods[0].metadata.name, "web-node-a");
  const out = c.merge("file", step.updates[0]);
  assert.equal(out[0].op, "ADD");
  const removed = src.removeFile("web.yaml");
  assert.equal(c.merge("file", removed.updates[0])[0].op, "REMOVE");
  assert.throws(() => new FileSource({ path: "/m", nodeName: "n", period: "1d" }), { message: 'time: unknown unit "d" in duration "1d"' });
});

// applyDefaults gives a static pod without a UID the hex MD5 of its defaulted JSON (keys sorted)
// followed by its origin: this runs the package's MD5 under wasm, checked against Node's own MD5
// of the documented input and against the literal the Rust test pins (src/kubelet/podconfig/md5.rs).
test("static pod UID is the MD5 of the defaulted manifest and its origin", () => {
  const src = new FileSource({ path: "/etc/kubernetes/manifests", nodeName: "Node-A" });
  src.writeFile("web.yaml", WEB);
  const pod = src.tick("2024-05-01T10:00:00Z").updates[0].pods[0];
  const hashed =
    '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},"spec":{"containers":[{"image":"nginx:1.25",' +
    '"imagePullPolicy":"IfNotPresent","name":"nginx","terminationMessagePath":"/dev/termination-log",' +
    '"terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","enableServiceLinks":true,' +
    '"restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},' +
    '"terminationGracePeriodSeconds":30}}host:Node-Afile:/etc/kubernetes/manifests/web.yaml';
  assert.equal(pod.metadata.uid, "f16e96f365ba9d742f1a18a40ca4b4f2");
  assert.equal(pod.metadata.uid, createHash("md5").update(hashed).digest("hex"));
  assert.equal(pod.metadata.annotations["kubernetes.io/config.hash"], pod.metadata.uid);

  // From a URL the origin is "url:<url>" and the node name is not hashed.
  const http = new HttpSource({ url: "http://m/", nodeName: "n1" });
  http.serve({ status: 200, body: WEB });
  const fromUrl = http.tick("2024-05-01T10:00:00Z").updates[0].pods[0];
  const urlHashed = hashed.slice(0, hashed.indexOf("host:")) + "url:http://m/";
  assert.equal(fromUrl.metadata.uid, createHash("md5").update(urlHashed).digest("hex"));
});

test("HttpSource and ApiserverSource", () => {
  const http = new HttpSource({ url: "http://m/", nodeName: "n1" });
  http.serve({ status: 404, body: "" });
  assert.deepEqual(http.tick("2024-05-01T10:00:00Z").errors, ["Failed to read pods from URL: http://m/: 404 Not Found"]);
  http.serve({ status: 200, body: WEB });
  assert.equal(http.tick("2024-05-01T10:00:20Z").updates[0].pods[0].metadata.name, "web-n1");

  const api = new ApiserverSource({ nodeName: "node-1" });
  api.upsertPod({ metadata: { name: "a", namespace: "default", uid: "ua" }, spec: { nodeName: "node-1" } });
  api.upsertPod({ metadata: { name: "b", namespace: "default", uid: "ub" }, spec: { nodeName: "node-2" } });
  assert.equal(api.tick("2024-05-01T10:00:00Z").updates.length, 0);
  api.setNodeSynced(true);
  const step = api.tick("2024-05-01T10:00:01Z");
  assert.deepEqual(step.updates[0].pods.map((p) => p.metadata.name), ["a"]);
  assert.equal(step.updates[0].source, "api");
});
