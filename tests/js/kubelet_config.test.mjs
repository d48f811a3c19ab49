import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveKubeletConfig, explainKubeletConfig, checkKubeletUpgrade } from "kubegate";

const HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

test("TestMergeKubeletConfigurations: cli args override kubelet.conf.d", () => {
  const r = resolveKubeletConfig({
    kubeletVersion: "1.33",
    args: ["--config-dir=/etc/kubernetes/kubelet.conf.d", "--port=8081", "--read-only-port=10256"],
    files: {
      "/etc/kubernetes/kubelet.conf.d/10-kubelet.conf": HEADER + "port: 9090\n",
      "/etc/kubernetes/kubelet.conf.d/20-kubelet.conf": HEADER + "port: 8080\nreadOnlyPort: 10255\n",
    },
  });
  assert.equal(r.config.port, 8081);
  assert.equal(r.config.readOnlyPort, 10256);
  assert.deepEqual(Object.keys(r).sort(), ["config", "diff", "featureGates", "kubeletVersion", "provenance", "warnings"]);
});

test("maps merge per key, lists are replaced, map flags replace", () => {
  const r = resolveKubeletConfig({
    args: ["--config=/k.yaml", "--config-dir=/d", "--system-reserved=cpu=1"],
    files: {
      "/k.yaml": HEADER + "kubeReserved:\n  memory: 100Mi\nclusterDNS: [10.0.0.1]\nsystemReserved:\n  memory: 1Gi\n",
      "/d/10.conf": HEADER + "kubeReserved:\n  cpu: 200m\nclusterDNS: [10.0.0.2]\n",
    },
  });
  assert.deepEqual(r.config.kubeReserved, { cpu: "200m", memory: "100Mi" });
  assert.deepEqual(r.config.clusterDNS, ["10.0.0.2"]);
  assert.deepEqual(r.config.systemReserved, { cpu: "1" });
  const ex = explainKubeletConfig(r, "kubeReserved.cpu");
  assert.equal(ex.fields["kubeReserved.cpu"].origin.layer, "dropIn");
  assert.equal(ex.fields["kubeReserved.cpu"].origin.source, "/d/10.conf");
});

test("feature gates: union with the flag winning", () => {
  const r = resolveKubeletConfig({
    args: ["--config=/k.yaml", "--feature-gates=MemoryQoS=false"],
    files: { "/k.yaml": HEADER + "featureGates:\n  MemoryQoS: true\n  KubeletTracing: false\n" },
  });
  assert.deepEqual(r.config.featureGates, { KubeletTracing: false, MemoryQoS: false });
  assert.equal(r.featureGates.MemoryQoS, false);
  const ex = explainKubeletConfig(r, "featureGates.MemoryQoS");
  assert.equal(ex.fields["featureGates.MemoryQoS"].origin.source, "--feature-gates");
  assert.equal(ex.fields["featureGates.MemoryQoS"].overridden[0].origin.source, "/k.yaml");
});

test("errors carry upstream text", () => {
  assert.throws(() => resolveKubeletConfig({ args: ["--bogus"] }), { message: "failed to parse kubelet flag: unknown flag: --bogus" });
  assert.throws(() => resolveKubeletConfig({ args: ["--feature-gates=A"] }), {
    message: 'failed to parse kubelet flag: invalid argument "A" for "--feature-gates" flag: malformed pair, expect string=bool',
  });
  assert.throws(() => resolveKubeletConfig({ args: ["--config=/nope.yaml"] }), /failed to read kubelet config file "\/nope.yaml"/);
  assert.throws(
    () => resolveKubeletConfig({ args: ["--config=/k.yaml"], files: { "/k.yaml": HEADER + "imageGCHighThresholdPercent: 50\nimageGCLowThresholdPercent: 60\n" } }),
    /imageGCLowThresholdPercent \(--image-gc-low-threshold\) 60 must be less than imageGCHighThresholdPercent \(--image-gc-high-threshold\) 50/,
  );
});

test("dynamic config falls back to last-known-good", () => {
  const cp = (uid, body, modified) => ({ namespace: "kube-system", name: uid, uid, resourceVersion: "1", kubeletConfigKey: "kubelet", contents: body === null ? null : HEADER + body, modified });
  const r = resolveKubeletConfig({
    kubeletVersion: "1.20",
    args: ["--dynamic-config-dir=/var/lib/kubelet/dynamic-config"],
    dynamic: { assigned: cp("b", "maxPods: -1\n", 0), lastKnownGood: cp("a", "maxPods: 42\n", 0), now: 1000 },
  });
  assert.equal(r.dynamic.active, "lastKnownGood");
  assert.equal(r.dynamic.error, "failed to validate config, see Kubelet log for details");
  assert.equal(r.config.maxPods, 42);
});

test("upgrade check", () => {
  const rep = checkKubeletUpgrade({ kubeletVersion: "1.33", args: [] }, "1.34");
  assert.equal(rep.from, "1.33");
  assert.equal(rep.to, "1.34");
  assert.ok(Array.isArray(rep.findings));
});

test("errors carry their location and every validation problem", () => {
  try {
    resolveKubeletConfig({
      args: ["--config=/k.yaml", "--oom-score-adj=2000"],
      files: { "/k.yaml": HEADER + "maxPods: 5\nport: 70000\n" },
    });
    assert.fail("expected an error");
  } catch (e) {
    assert.ok(e instanceof Error);
    assert.equal(e.problems.length, 2);
    assert.deepEqual(e.problems[0], { message: "invalid configuration: oomScoreAdj (--oom-score-adj) 2000 must be between -1000 and 1000, inclusive", field: "oomScoreAdj", flag: "--oom-score-adj" });
    assert.deepEqual(e.problems[1], { message: "invalid configuration: port (--port) 70000 must be between 1 and 65535, inclusive", field: "port", file: "/k.yaml", line: 4 });
    assert.equal(e.flag, "--oom-score-adj");
  }
});

test("eviction thresholds and reserved resources are checked as the kubelet starts", () => {
  const run = (body) => () => resolveKubeletConfig({ args: ["--config=/k.yaml"], files: { "/k.yaml": HEADER + body } });
  assert.throws(run("evictionHard:\n  mem.free: 1Gi\n"), { message: "failed to run Kubelet: unsupported eviction signal mem.free", file: "/k.yaml", line: 4, field: "evictionHard.mem.free" });
  assert.throws(run("evictionSoft:\n  memory.available: 1Gi\n"), { message: "failed to run Kubelet: failed to create kubelet: grace period must be specified for the soft eviction threshold memory.available" });
  assert.throws(run("kubeReserved:\n  gpu: \"1\"\n"), { message: 'failed to run Kubelet: cannot reserve "gpu" resource' });
  assert.throws(run('reservedSystemCPUs: "4-2"\n'), /unable to parse reservedSystemCPUs \(--reserved-cpus\) 4-2, error: invalid range "4-2" \(4 > 2\)/);
});

test("--dynamic-config-dir needs DynamicKubeletConfig on the command line (1.22-1.23)", () => {
  assert.throws(() => resolveKubeletConfig({ kubeletVersion: "1.22", args: ["--dynamic-config-dir=/d"] }), {
    message: "failed to validate kubelet flags: the DynamicKubeletConfig feature gate must be enabled in order to use the --dynamic-config-dir flag",
    flag: "--dynamic-config-dir",
  });
});
