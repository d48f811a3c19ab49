// Facts come from the package. Two guards, in Node (no browser needed, after
// `bash scripts/build-site.sh` has built pkg/):
//   * no panel or shared module of www/ types a Kubernetes version or a Kubernetes default in its
//     prose: those come from facts(), releases() and the release data; only examples.js may name
//     the release an example is about;
//   * every curated example's premise (the numbers and stages its note states) is what the
//     package says, so a corrected fact or a new release cannot leave a note silently wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { EXAMPLES } from "../../www/examples.js";
import * as kg from "../../pkg/node.js";
import { splitArgs } from "../../www/panels/layers.js";

const www = new URL("../../www/", import.meta.url);
const F = kg.facts();

/** The source files of the playground that must not carry facts: everything but examples.js. */
function sources() {
  // editor.js is the CodeMirror bundle built from editor-src.js (third-party code, no facts).
  const files = readdirSync(www).filter((f) => f.endsWith(".js") && f !== "examples.js" && f !== "editor.js").map((f) => new URL(f, www));
  files.push(...readdirSync(new URL("panels/", www)).filter((f) => f.endsWith(".js")).map((f) => new URL(`panels/${f}`, www)));
  files.push(new URL("index.html", www), new URL("embed.html", www));
  return files;
}

/** The text without comments (comments may explain, e.g. "since 1.32"). */
const stripComments = (src) => src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1").replace(/<!--[\s\S]*?-->/g, "");

// A Kubernetes version written as text ("1.28", "v1.33"), not part of an image tag ("nginx:1.25")
// or a longer number.
const VERSION = /(?<![\w.:\/-])v?1\.(?:[1-3]\d)(?![\d.])/g;
// A default period stated in prose ("every 20s", "TTL 15s", "period 40s", "(5m)").
const PERIOD = /\b(?:every|TTL|period|grace period|defaults? to|after)\s+\d+(?:ms|s|m|h)\b|\b\d+-(?:second|minute|hour)\b|\bevery (?:second|minute|hour)\b/gi;

test("facts() is the release range and states each per-release default", () => {
  const r = kg.releases();
  assert.equal(F.newest, r.newest);
  assert.equal(F.oldest, r.oldest);
  assert.deepEqual(F.releases, r.releases);
  assert.equal(F.defaultRelease, r.newest);
  for (const rel of F.releases) assert.ok(F.perRelease[rel], `no facts for ${rel}`);
  // The grace period as the controller resolves it, not as this test believes it.
  for (const rel of [F.oldest, "1.31", "1.32", F.newest]) {
    const ctl = new kg.NodeLifecycleController({ kubernetesVersion: rel });
    assert.equal(F.perRelease[rel].nodeMonitorGracePeriod, ctl.settings().nodeMonitorGracePeriod, rel);
    ctl.free?.();
  }
  // A fresh copy each call: a caller's edit does not leak.
  F.releases.push("x");
  assert.notDeepEqual(kg.facts().releases, F.releases);
  F.releases.pop();
});

test("no panel types a Kubernetes version or default: they come from facts()", () => {
  const found = [];
  for (const url of sources()) {
    const text = stripComments(readFileSync(url, "utf8"));
    for (const re of [VERSION, PERIOD]) {
      for (const m of text.matchAll(re)) {
        const line = text.slice(0, m.index).split("\n").length;
        found.push(`${url.pathname.replace(/.*\/www\//, "www/")}:${line}: ${m[0]}`);
      }
    }
  }
  assert.deepEqual(found, [], "read these from the package (facts(), releases()) instead");
});

test("the guard itself catches what it is for", () => {
  for (const bad of ['h("p", {}, "Kubelets 1.11 to 1.23 could")', '"(TTL 15s, reconcile every 10s)"', "`v1.33`", '"in its 10-minute trial"', '"checks every minute"']) {
    const hits = [...stripComments(bad).matchAll(VERSION), ...stripComments(bad).matchAll(PERIOD)];
    assert.ok(hits.length > 0, bad);
  }
  for (const fine of ['image: nginx:1.25', '// since 1.32', 'const STEPS = ["1s", "5s"];', "1.5s", "11.25"]) {
    const hits = [...stripComments(fine).matchAll(VERSION), ...stripComments(fine).matchAll(PERIOD)];
    assert.deepEqual(hits.map((h) => h[0]), [], fine);
  }
});

// ---- the premise of every example, checked against the package

const gateAt = (release, name) => kg.releaseGates(release).find((g) => g.name === name);
const inSpan = (span, rel) => {
  const m = (v) => Number(v.split(".")[1]);
  return m(span.from) <= m(rel) && m(rel) <= m(span.to);
};
const graceAt = (rel) => F.perRelease[rel].nodeMonitorGracePeriod;
/** "1m0s" / "50s" / "5m0s" → seconds, for notes that write "5m" or "50 seconds". */
const secs = (d) => [...d.matchAll(/(\d+)(h|m|s)/g)].reduce((t, [, n, u]) => t + Number(n) * { h: 3600, m: 60, s: 1 }[u], 0);

/** Per example id: what its note claims, checked. A new example must add its premise here. */
const PREMISES = {
  "allalpha-one-off": (ex) => {
    const rel = ex.panels.gates.emulation;
    assert.equal(gateAt(rel, "InPlacePodVerticalScalingExclusiveCPUs")?.preRelease, "Alpha", "the switched-off gate is alpha there");
  },
  "locked-gate": (ex) => {
    const g = gateAt(ex.panels.gates.emulation, "NodeSwap");
    assert.equal(g.preRelease, "GA", "NodeSwap is GA there");
    assert.equal(g.lockToDefault, true, "and locked");
    assert.throws(() => { const gate = kg.FeatureGate.forRelease(ex.panels.gates.emulation); gate.set("NodeSwap=false"); }, /locked to true/);
  },
  "emulation-prealpha": (ex) => {
    const rel = ex.panels.gates.emulation;
    const arrived = ex.note.match(/arrived in (1\.\d+)/)[1];
    const name = "InPlacePodVerticalScalingExclusiveCPUs";
    assert.ok(gateAt(arrived, name), `${name} exists in ${arrived}`);
    const prev = `1.${Number(arrived.split(".")[1]) - 1}`;
    assert.equal(gateAt(prev, name), undefined, `${name} does not exist in ${prev}`);
    assert.equal(prev, rel, "the note's emulated version is the release before the gate arrived");
    assert.ok(Number(rel.split(".")[1]) >= Number(F.firstVersioned.split(".")[1]), "emulation exists at that version");
  },
  "dropin-map-key": (ex) => {
    assert.ok(F.perRelease[ex.panels.layers.version].configDir, "that kubelet has --config-dir");
    assert.equal(F.perRelease[ex.panels.layers.version].dropinDirAlphaEnv, false, "and needs no alpha variable");
  },
  "feature-gates-union": (ex) => {
    assert.match(ex.note, new RegExp(`Kubelet ${ex.panels.layers.version.replace(".", "\\.")}\\b`));
  },
  "dynamic-lkg": (ex) => {
    const rel = ex.panels.layers.version;
    assert.match(ex.note, new RegExp(`Kubelet ${rel.replace(".", "\\.")}:`));
    assert.ok(F.perRelease[rel].dynamicKubeletConfig, `kubelet ${rel} had dynamic config`);
  },
  "kubelet-dies": (ex) => {
    const rel = ex.panels.node.version;
    const [, now, since, before, upTo] = ex.note.match(/node-monitor-grace-period \((\d+s) since (1\.\d+), (\d+s) up to (1\.\d+)\)/);
    assert.equal(graceAt(rel), now, `the grace period at ${rel}`);
    assert.equal(F.spans.nodeMonitorGracePeriod.find((s) => s.value === now)?.from, since);
    assert.equal(F.spans.nodeMonitorGracePeriod.find((s) => s.value === before)?.to, upTo);
    // Unknown at the controller's first pass after the grace period: grace plus one period.
    const period = F.perRelease[rel].nodeMonitorPeriod;
    assert.match(ex.title, new RegExp(`${secs(now) + secs(period)} seconds`));
    assert.match(ex.note, new RegExp(`looks every ${period}:`), "the controller pass period");
    assert.match(ex.note, new RegExp(`see it happen ${secs(now) - secs(before)}s sooner`));
  },
  "why-node-leases": (ex) => {
    assert.match(ex.note, new RegExp(`renews a tiny Lease every ${F.node.leaseRenewInterval}`));
  },
  "memory-spike": (ex) => {
    const p = F.node.evictionPressureTransitionPeriod;
    assert.match(ex.note, new RegExp(`evictionPressureTransitionPeriod \\(${secs(p) / 60}m\\)`));
    assert.match(ex.title, new RegExp(`for over ${secs(p) / 60} minutes`));
  },
  "pods-reconcile-vs-update": () => {},
  "fields-dropped-on-create": (ex) => {
    assert.ok(F.builtinSchemas.includes(ex.panels.fields.kind));
  },
  "controlplane-apiserver-dies": (ex) => {
    const ttl = secs(F.controlPlane.endpointReconcilerTtl);
    const every = secs(F.controlPlane.endpointReconcilerInterval);
    assert.match(ex.note, new RegExp(`expires at ${20 + ttl}s`), "the lease renewed at 20s expires one TTL later");
    // The address goes at the first reconcile after the lease expired: what the title promises.
    const gone = Math.ceil((20 + ttl) / every) * every;
    assert.match(ex.note, new RegExp(`\\(at ${gone}s\\) drops the address`));
    assert.match(ex.title, new RegExp(`gone from the endpoints ${gone - 20}s later`));
  },
  "eks-al2-nodeswap-upgrade": (ex) => {
    const { version, target } = ex.panels.layers;
    assert.equal(gateAt(version, "NodeSwap")?.lockToDefault, false, `NodeSwap is settable at ${version}`);
    const locked = gateAt(target, "NodeSwap");
    assert.ok(locked?.lockToDefault && locked.default === true && locked.preRelease === "GA", `NodeSwap is GA and locked on at ${target}`);
    assert.match(ex.note, new RegExp(`in ${target.replace(".", "\\.")} the gate is GA and locked on`));
    assert.match(ex.panels.layers.config, /"NodeSwap": false/);
  },
  "controlplane-leaked-nodeport": (ex) => {
    const every = secs(F.controlPlane.repairInterval) / 60;
    assert.match(ex.note, new RegExp(`\\(every ${every}m\\)`));
    assert.match(ex.note, new RegExp(`on the third detection at ${3 * every}m`));
  },
  // ---- examples from real public configs: the upgrade check, gates and nodes they show
  "openshift-412-kubelet-upgrade": (ex) => {
    assert.equal(startsAt(ex, "1.25").error?.includes("unknown 'kubernetes.io' or 'k8s.io' labels"), true, "1.25 refuses the node-role label");
    assert.deepEqual(breaks(ex), { "CSIMigrationvSphere": "1.26", "CSIMigrationAzureFile": "1.27", "--container-runtime": "1.27" });
    for (const [gate, rel] of [["CSIMigrationvSphere", "1.26"], ["CSIMigrationAzureFile", "1.27"]]) {
      assert.ok(gateAt(rel, gate).lockToDefault && !gateAt(prevOf(rel), gate).lockToDefault, `${gate} locks in ${rel}`);
      assert.match(ex.note, new RegExp(`${gate}=false[^.]*in ${rel.replace(".", "\\.")}`));
    }
  },
  "kubeadm-pod-infra-image-135": (ex) => {
    assert.equal(startsAt(ex, ex.panels.layers.version).error, undefined);
    assert.deepEqual(breaks(ex), { "--pod-infra-container-image": "1.35" });
  },
  "kind-rootless-125": (ex) => {
    assert.equal(gateAt("1.24", "LocalStorageCapacityIsolation").lockToDefault, false);
    assert.equal(gateAt("1.25", "LocalStorageCapacityIsolation").lockToDefault, true);
    assert.deepEqual(breaks(ex), { LocalStorageCapacityIsolation: "1.25" });
  },
  "rke2-cloud-config-134": (ex) => {
    assert.equal(startsAt(ex, "1.33").error, undefined);
    assert.deepEqual(breaks(ex), { "--cloud-config": "1.34" });
  },
  "eks-al2023-nodeadm-128": (ex) => {
    assert.equal(gateAt("1.26", "KubeletCredentialProviders").preRelease, "GA", "GA since 1.26");
    assert.equal(gateAt("1.25", "KubeletCredentialProviders").preRelease, "Beta");
    assert.ok(gateAt("1.27", "KubeletCredentialProviders"), "still there in 1.27");
    assert.equal(gateAt("1.28", "KubeletCredentialProviders"), undefined, "removed in 1.28");
    assert.deepEqual(breaks(ex), { KubeletCredentialProviders: "1.28" });
  },
  "gardener-image-pull-135": (ex) => {
    const [a, b] = [gateAt("1.34", "KubeletEnsureSecretPulledImages"), gateAt("1.35", "KubeletEnsureSecretPulledImages")];
    assert.deepEqual([a.preRelease, a.default, b.preRelease, b.default], ["Alpha", false, "Beta", true]);
    assert.match(startsAt(ex, "1.34").error, /KubeletEnsureSecretPulledImages feature gate is not enabled/);
    assert.equal(startsAt(ex, "1.35").error, undefined);
  },
  "talos-kubelet-137": (ex) => {
    assert.equal(ex.panels.layers.target, F.newest, "1.37 is the newest release");
    assert.equal(startsAt(ex, "1.36").error, undefined);
    assert.equal(startsAt(ex, "1.37").error, undefined);
  },
  "metrics-gke-132-dra": (ex) => {
    assert.deepEqual(kg.compareFeatureMetrics(ex.panels.gates.metrics, "1.32", ex.panels.gates.flags), []);
    assert.equal(gateAt("1.32", "DynamicResourceAllocation").preRelease, "Beta");
    assert.equal(gateAt("1.31", "DynamicResourceAllocation").preRelease, "Alpha");
  },
  "metrics-k3s-1356": (ex) => {
    assert.deepEqual(kg.compareFeatureMetrics(ex.panels.gates.metrics, "1.35", ex.panels.gates.flags), []);
    assert.equal(gateAt("1.34", "PodCertificateRequest").preRelease, "Alpha");
  },
  "metrics-kind-136-137": (ex) => {
    const name = "ManifestBasedAdmissionControlConfig";
    assert.deepEqual([gateAt("1.35", name), gateAt("1.36", name)?.preRelease, gateAt("1.37", name)?.preRelease], [undefined, "Alpha", "Beta"]);
    assert.deepEqual(kg.compareFeatureMetrics(ex.panels.gates.metrics, "1.36", ex.panels.gates.flags), []);
  },
  "explain-node-k8s-101599": (ex) => {
    const n = kg.explainNode(ex.panels.node.explain, {}).explanation.nodes[0];
    assert.match(n.summary, /go in 5m0s \(2021-04-23T10:31:18Z\)/);
    assert.deepEqual(n.taints.map((t) => t.timeAdded), ["2021-04-23T10:26:09Z", "2021-04-23T10:26:18Z"], "NoExecute nine seconds after NoSchedule");
  },
  "explain-node-minikube-7171": (ex) => {
    const x = kg.explainNode(ex.panels.node.explain, {}).explanation;
    assert.equal(x.controller.kubernetesVersion, F.newest, "no kubelet version: the newest controller");
    assert.match(ex.note, new RegExp(`goes Unknown ${x.controller.settings.nodeMonitorGracePeriod} after`));
    assert.ok(x.nodes[0].next.some((s) => s.at === "2020-03-23T19:50:39Z" && /every other condition set Unknown/.test(s.what)));
  },
  "explain-node-openshift-48": (ex) => {
    const x = kg.explainNode(ex.panels.node.explain, {}).explanation;
    assert.equal(x.controller.kubernetesVersion, "1.21");
    assert.equal(graceAt("1.21"), "40s");
    assert.match(ex.note, new RegExp(`node-monitor-grace-period is ${graceAt("1.21")}`));
  },
  "pods-docs-static-web": () => {},
  "upgrade-kubeadm-1.16": (ex) => {
    const { from, to, files } = ex.panels.upgrade;
    const manifests = files.filter((f) => f.kind === "manifest").map(({ name, text }) => ({ name, text }));
    const { report } = kg.checkControlPlaneUpgrade({ from, to, manifests });
    // All three start at the release they were written for; only kube-apiserver breaks, on the
    // flag the note names, from the release the note names.
    assert.deepEqual(report.components.map((c) => [c.component, c.startsBefore, c.starts]), [["kube-apiserver", true, false], ["kube-controller-manager", true, true], ["kube-scheduler", true, true]]);
    const broken = report.components[0].problems.map((p) => [p.error.message, p.arrives]);
    assert.deepEqual(broken, [["unknown flag: --insecure-port", "1.24"]]);
  },
  "patch-1324-ordered-namespace-deletion": (ex) => {
    const { emulation, patch } = ex.panels.gates;
    const at = (v) => { try { kg.FeatureGate.forRelease(v).set(ex.panels.gates.flags); return "accepted"; } catch (e) { return e.message; } };
    assert.equal(at(`${emulation}.${patch}`), "accepted");
    assert.equal(at(emulation), "unrecognized feature gate: OrderedNamespaceDeletion");
    const h = kg.gateHistory("OrderedNamespaceDeletion").rows;
    assert.deepEqual(h.filter((r) => ["1.30", "1.31", "1.32"].includes(r.release)).map((r) => `${r.release}.${r.fromPatch}`), ["1.30.11", "1.31.7", "1.32.3"]);
    assert.deepEqual([gateAt("1.32.3", "OrderedNamespaceDeletion").preRelease, gateAt("1.32.3", "OrderedNamespaceDeletion").default], ["Beta", false]);
  },
};

/** The kubelet of release `v` with the example's layers inputs: { error } when it refuses. */
function layersInput(ex, v) {
  const l = ex.panels.layers;
  const path = l.configPath ?? "/etc/kubernetes/kubelet.yaml";
  return { kubeletVersion: v, args: splitArgs(l.args), files: { [path]: l.config ?? "" }, dirs: ["/etc/kubernetes/kubelet.conf.d"] };
}
function startsAt(ex, v) {
  try {
    kg.resolveKubeletConfig(layersInput(ex, v));
    return {};
  } catch (e) {
    return { error: e.message };
  }
}
/** What the example's upgrade check calls breaking, by gate or flag, with the release it arrives in. */
function breaks(ex) {
  const rep = kg.checkKubeletUpgrade(layersInput(ex, ex.panels.layers.version), ex.panels.layers.target);
  return Object.fromEntries(rep.findings.filter((f) => f.breaking && f.release).map((f) => [f.subject, f.release]));
}
const prevOf = (rel) => `1.${Number(rel.split(".")[1]) - 1}`;

test("every example has its premise checked", () => {
  assert.deepEqual(EXAMPLES.map((e) => e.id).filter((id) => !PREMISES[id]), []);
});

for (const ex of EXAMPLES) {
  test(`example "${ex.id}": its note holds for the package`, () => {
    PREMISES[ex.id]?.(ex);
    // Any release an example names is one the package carries.
    for (const [v] of JSON.stringify(ex).matchAll(/(?<![\w.:])1\.\d+(?![\d.])/g)) {
      if (Number(v.split(".")[1]) >= Number(F.oldest.split(".")[1])) assert.ok(F.releases.includes(v), `${ex.id}: ${v} is not a release the package carries`);
    }
  });
}
