// The imports of cluster output through the npm API, on realistic inputs modelled on public
// sources (each fixture names its source in a comment): kubeadm's kubeadm-flags.env and
// 10-kubeadm.conf, amazon-eks-ami's kubelet unit, a kind node's YAML, a kubelet's /metrics,
// kubelet /configz, kubeadm v1beta3/v1beta4 configs; and truncated or hostile inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  importKubeletCommandLine,
  importConfigz,
  importNode,
  importFeatureMetrics,
  compareFeatureMetrics,
  importKubeadmConfig,
} from "kubegate";

const fixture = (name) => readFileSync(new URL(`../cli/fixtures/${name}`, import.meta.url), "utf8");

test("kubeadm's 10-kubeadm.conf with kubeadm-flags.env: $VARs expand, undefined ones are reported", () => {
  const env = importKubeletCommandLine(fixture("kubeadm-flags.env"));
  assert.equal(env.form, "envFile");
  const vars = Object.fromEntries(env.variables.map((v) => [v.name, v.value]));
  const unit = importKubeletCommandLine(fixture("10-kubeadm.conf"), vars);
  assert.equal(unit.form, "systemd");
  assert.equal(unit.program, "/usr/bin/kubelet");
  assert.deepEqual(
    unit.args.map((a) => a.value),
    [
      "--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf",
      "--kubeconfig=/etc/kubernetes/kubelet.conf",
      "--config=/var/lib/kubelet/config.yaml",
      "--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock",
      "--pod-infra-container-image=registry.k8s.io/pause:3.9",
      "--node-ip=10.0.0.12",
    ],
  );
  assert.equal(unit.unresolved.length, 1);
  assert.match(unit.unresolved[0].what, /\$KUBELET_EXTRA_ARGS/);
  assert.ok(unit.ignored.some((n) => /EnvironmentFile=-\/etc\/default\/kubelet/.test(n.what)));
});

test("EKS's kubelet unit: continuation lines keep their own line numbers", () => {
  const c = importKubeletCommandLine(fixture("eks-kubelet.service"));
  assert.equal(c.args[0].value, "--config");
  assert.equal(c.args[1].value, "/etc/kubernetes/kubelet/kubelet-config.json");
  assert.equal(c.args[0].line, 13);
  assert.equal(c.args.at(-1).line, 17);
  assert.deepEqual(c.unresolved.map((n) => n.line), [18, 19]);
  assert.ok(c.ignored.some((n) => n.what === "ExecStartPre="));
});

test("ps output of a kind node's kubelet", () => {
  const c = importKubeletCommandLine(fixture("ps-kind.txt"));
  assert.equal(c.form, "ps");
  assert.ok(c.args.some((a) => a.value === "--fail-swap-on=false"));
  assert.ok(c.args.some((a) => a.value === "--node-labels="));
});

test("malformed command lines name the line", () => {
  assert.throws(() => importKubeletCommandLine(fixture("unterminated.txt")), (e) => e.line === 2 && /unterminated/.test(e.message));
  assert.throws(() => importKubeletCommandLine("echo hello\n"), /no kubelet command line/);
});

test("configz becomes a KubeletConfiguration; truncated configz names its line", () => {
  const c = importConfigz(fixture("configz.json"));
  assert.equal(c.config.kind, "KubeletConfiguration");
  assert.equal(c.config.memorySwap.swapBehavior, "LimitedSwap");
  assert.ok(c.configFile.startsWith("{\n"));
  assert.throws(() => importConfigz('{\n"kubeletconfig": {\n"maxPods": 11'), (e) => e.line === 3 && /truncated JSON/.test(e.message));
  assert.throws(() => importConfigz('{"apiVersion": "v1", "kind": "Node"}'), /not kubelet \/configz output/);
});

test("a kind node: version, conditions, taints; truncated and hostile YAML are refused", () => {
  const n = importNode(fixture("kind-worker.yaml"));
  assert.equal(n.nodes.length, 1);
  assert.equal(n.nodes[0].kubeletVersion, "v1.30.0");
  assert.equal(n.nodes[0].node.status.conditions.length, 4);
  assert.ok(n.ignored.some((x) => /addresses/.test(x.what)));
  assert.throws(() => importNode(fixture("truncated-node.yaml")), (e) => typeof e.line === "number");
  assert.throws(() => importNode(fixture("laughs-node.yaml")));
  assert.throws(() => importNode("kind: Pod\n"), /no Node found/);
});

test("a kubelet's /metrics: gate states and a comparison with the flags", () => {
  const m = importFeatureMetrics(fixture("kubelet-metrics.txt"));
  assert.equal(m.gates.length, 5);
  assert.deepEqual(m.gates.find((g) => g.name === "NodeSwap"), { name: "NodeSwap", stage: "BETA", enabled: false, line: 11 });
  assert.ok(m.ignored.length === 1);
  const mismatches = compareFeatureMetrics(fixture("kubelet-metrics.txt"), "1.30", "NodeSwap=true");
  assert.ok(mismatches.some((x) => x.name === "NodeSwap" && x.kind === "enabled"));
  assert.throws(() => importFeatureMetrics(fixture("bad-metrics.txt")), (e) => e.line === 2);
});

test("kubeadm v1beta4 lists and v1beta3 maps", () => {
  const v4 = importKubeadmConfig(fixture("kubeadm-v1beta4.yaml"));
  assert.deepEqual(v4.apiVersions, ["kubeadm.k8s.io/v1beta4"]);
  assert.deepEqual(v4.kubeadmFeatureGates, { EtcdLearnerMode: true });
  assert.deepEqual(v4.extraArgs.apiServer[0], { name: "feature-gates", value: "NodeSwap=true,PodSchedulingReadiness=false", line: 30 });
  assert.deepEqual(v4.kubeletExtraArgs.map((a) => `${a.name}=${a.value}`), ["node-ip=10.0.0.12", "max-pods=90"]);
  assert.ok(v4.kubeletConfiguration.split("\n")[36].startsWith("maxPods: 80"));
  const v3 = importKubeadmConfig(fixture("kubeadm-v1beta3.yaml"));
  assert.deepEqual(v3.kubeletExtraArgs.map((a) => a.name).sort(), ["feature-gates", "node-labels"]);
  assert.ok(v3.ignored.some((n) => n.what === "JoinConfiguration.discovery"));
  assert.throws(() => importKubeadmConfig("apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nfeatureGates: [\n"), (e) => typeof e.line === "number");
});
