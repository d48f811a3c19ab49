// The control plane's components through the npm API: real public artifacts (tests/corpus/
// controlplane names each source) checked at start and across upgrades, and hostile inputs that
// must come back as clear errors, never a trap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkComponentStart, checkControlPlaneUpgrade, LIMITS } from "kubegate";

const corpus = (name) => readFileSync(new URL(`../corpus/controlplane/${name}`, import.meta.url), "utf8");
const kubeadm116 = ["kube-apiserver", "kube-controller-manager", "kube-scheduler"].map((c) => ({
  name: `/etc/kubernetes/manifests/${c}.yaml`,
  text: corpus(`kubeadm-1.16/${c}.yaml`),
}));
const kthwScheduler = {
  cmdlines: [{ name: "kube-scheduler.service", text: corpus("kthw-1.21/kube-scheduler.service") }],
  files: { "/etc/kubernetes/config/kube-scheduler.yaml": corpus("kthw-1.21/kube-scheduler.yaml") },
};

test("kubeadm 1.16's static pods upgraded to 1.26: --insecure-port breaks in 1.24, at its line", () => {
  const { report, read } = checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: kubeadm116 });
  assert.equal(read.release, "1.16");
  assert.deepEqual(read.invocations.map((i) => i.component), ["kube-apiserver", "kube-controller-manager", "kube-scheduler"]);
  assert.equal(report.starts, false);
  assert.equal(report.steps.length, 10);
  const api = report.components.find((c) => c.component === "kube-apiserver");
  assert.equal(api.startsBefore, true);
  assert.equal(api.starts, false);
  const p = api.problems.find((x) => x.error.flag === "insecure-port");
  assert.ok(p, JSON.stringify(api.problems));
  assert.equal(p.error.kind, "unknownFlag");
  assert.equal(p.error.message, "unknown flag: --insecure-port");
  assert.equal(p.arrives, "1.24");
  assert.equal(p.already, false);
  assert.equal(p.error.file, "/etc/kubernetes/manifests/kube-apiserver.yaml");
  const line = kubeadm116[0].text.split("\n").findIndex((l) => l.includes("--insecure-port")) + 1;
  assert.equal(p.error.line, line);
  assert.ok(report.limits.length > 0);
});

test("a removed flag at one release: checkComponentStart", () => {
  const at = (release) =>
    checkComponentStart({ component: "kube-apiserver", release, cmdlines: [{ name: "ps", text: "kube-apiserver --insecure-port=0 --etcd-servers=https://127.0.0.1:2379" }] });
  const before = at("1.23");
  assert.equal(before.reports.length, 1);
  assert.equal(before.reports[0].starts, true);
  const after = at("1.24").reports[0];
  assert.equal(after.starts, false);
  assert.equal(after.firstError, 0);
  assert.equal(after.errors[0].kind, "unknownFlag");
  assert.equal(after.errors[0].message, "unknown flag: --insecure-port");
  assert.equal(after.errors[0].file, "ps");
});

test("a config version removed: KubeSchedulerConfiguration v1beta1 starts at 1.22, not at 1.23", () => {
  const at = (release) => checkComponentStart({ component: "kube-scheduler", release, ...kthwScheduler }).reports[0];
  assert.equal(at("1.22").starts, true);
  const r = at("1.23");
  assert.equal(r.starts, false);
  assert.equal(r.errors[0].kind, "configKindNotRegistered");
  assert.match(r.errors[0].message, /kubescheduler\.config\.k8s\.io\/v1beta1/);
});

test("Kubernetes the Hard Way's scheduler across 1.23 -> 1.29: already broken at 1.23", () => {
  const { report } = checkControlPlaneUpgrade({ from: "1.21", to: "1.29", ...kthwScheduler });
  const c = report.components[0];
  assert.equal(c.component, "kube-scheduler");
  assert.equal(c.startsBefore, true);
  assert.equal(c.starts, false);
  assert.equal(c.problems[0].arrives, "1.23");
  const across = checkControlPlaneUpgrade({ from: "1.23", to: "1.29", ...kthwScheduler }).report.components[0];
  assert.equal(across.startsBefore, false);
  assert.equal(across.errorsBefore[0].kind, "configKindNotRegistered");
  assert.equal(across.problems[0].already, true);
  assert.deepEqual(checkControlPlaneUpgrade({ from: "1.23", to: "1.29", ...kthwScheduler }).report.steps, ["1.24", "1.25", "1.26", "1.27", "1.28", "1.29"]);
});

test("a kubeadm ClusterConfiguration: extraArgs become the components' flags", () => {
  const text = corpus("kubeadm-docs-v1beta4.yaml");
  const { report, read } = checkControlPlaneUpgrade({ from: "1.31", to: "1.32", kubeadm: { name: "kubeadm.yaml", text } });
  assert.ok(read.invocations.length >= 3);
  assert.ok(report.components.every((c) => typeof c.starts === "boolean"));
});

const refuses = (fn, kind, re) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.kind, kind, `${e.kind}: ${e.message}`);
    if (re) assert.match(e.message, re);
    return true;
  });

test("hostile inputs: wrong types and shapes are named, never a trap", () => {
  refuses(() => checkControlPlaneUpgrade("1.16"), "invalidArgument");
  refuses(() => checkControlPlaneUpgrade(), "invalidArgument");
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: "x" }), "invalidInput", /manifests/);
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: [{ name: "a", text: 5 }] }), "invalidInput", /manifests\[0\]\.text/);
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifest: [] }), "invalidInput", /unknown field `manifest`/);
  refuses(() => checkControlPlaneUpgrade({ to: "1.26", manifests: kubeadm116 }), "invalidInput", /from/);
  refuses(() => checkControlPlaneUpgrade({ from: "banana", to: "1.26", manifests: kubeadm116 }), "release");
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26" }), "import", /no control-plane component/);
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: [{ name: "bad.yaml", text: "kind: Pod\nspec: [\n" }] }), "import", /^line 3: bad\.yaml: /);
  refuses(() => checkComponentStart({ component: "etcd", release: "1.29", cmdlines: [{ name: "ps", text: "etcd" }] }), "invalidInput", /unknown component "etcd"/);
  refuses(() => checkComponentStart({ component: "kube-proxy", release: "1.29", manifests: kubeadm116 }), "import", /no kube-proxy found/);
});

test("huge inputs: a clear limit error", () => {
  const huge = "a".repeat(LIMITS.maxStringLength + 1);
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: [{ name: "big.yaml", text: huge }] }), "limit");
  // Under the boundary's limit, over the import's: the import names it.
  const big = "# x\n".repeat(1_500_000);
  refuses(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: [{ name: "big.yaml", text: big }] }), "import", /too large/);
  const deep = "a:\n" + "  ".repeat(1).concat("- ".repeat(100_000)) + "x\n";
  assert.throws(() => checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: [{ name: "deep.yaml", text: deep }] }), (e) => e instanceof Error && typeof e.kind === "string");
  // Still usable afterwards.
  assert.equal(checkControlPlaneUpgrade({ from: "1.16", to: "1.17", manifests: kubeadm116 }).report.starts, true);
});
