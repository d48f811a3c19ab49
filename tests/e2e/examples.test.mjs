// Every curated example loads through the share-link path without a banner or an error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EXAMPLES } from "../../www/examples.js";
import { useBrowser, assertClean, screenshot } from "./harness.mjs";

const b = useBrowser();

test("example ids are unique and name a panel", async () => {
  const ids = EXAMPLES.map((e) => e.id);
  assert.equal(new Set(ids).size, ids.length);
  const page = await b.open();
  const tabs = await page.$$eval("[role=tab]", (els) => els.map((e) => e.id.replace(/^tab-/, "")));
  for (const ex of EXAMPLES) assert.ok(tabs.includes(ex.tab), `${ex.id}: unknown tab ${ex.tab}`);
  await page.close();
});

const panelText = (page, tab) => page.evaluate((tab) => document.querySelector(`#panel-${tab}`).innerText, tab);
/** Waits for a gates row whose cells, joined by " | ", match `re` (on a phone a row is a card,
 *  so its text is no longer one line of the panel). */
const ROW = (page, re) => page.waitForFunction((src) => [...document.querySelectorAll("#gates-table tbody tr")]
  .some((tr) => new RegExp(src).test([...tr.children].map((c) => c.textContent.replace(/\s+/g, " ").trim()).join(" | "))), re.source, { timeout: 30000 });
/** The page does not scroll sideways (on a phone, nothing may push it wider than the screen). */
const NO_SIDEWAYS = async (page) => assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
  `the page scrolls sideways: ${await page.evaluate(() => document.documentElement.scrollWidth)}px`);
const HAS = (page, tab, re) => page.waitForFunction(([tab, src]) => new RegExp(src).test(document.querySelector(`#panel-${tab}`)?.innerText ?? ""), [tab, re.source], { timeout: 30000 });
/**
 * What each example promises in its title and note, checked on screen. The Node panel's
 * examples belong to that panel's own tests.
 */
const PROMISES = {
  "allalpha-one-off": async (page) => {
    // The stage filter is stored as the filter's own value, so the table is filtered to Alpha.
    assert.equal(await page.inputValue("#gates-stage"), "Alpha");
    await ROW(page, /^InPlacePodVerticalScalingExclusiveCPUs\b.* \| off \| .*\| set by --feature-gates \|/);
    await HAS(page, "gates", /filled in by AllAlpha/);
  },
  "locked-gate": (page) => HAS(page, "gates", /cannot set feature gate NodeSwap to false, feature is locked to true/),
  "emulation-prealpha": (page) => HAS(page, "gates", /cannot set feature gate InPlacePodVerticalScalingExclusiveCPUs to true, feature is PreAlpha at emulated version 1\.31/),
  "dropin-map-key": async (page) => {
    await HAS(page, "layers", /kubeReserved\.cpu\s+500m\s+drop-in/);
    await HAS(page, "layers", /kubeReserved\.memory\s+1Gi\s+file/);
  },
  "feature-gates-union": (page) => HAS(page, "layers", /--feature-gates=KubeletTracing=false,MemoryQoS=false/),
  "dynamic-lkg": (page) => HAS(page, "layers", /failed to validate config, see Kubelet log for details/),
  "why-node-leases": async (page) => {
    await HAS(page, "cluster", /node leases off\s+[\d,]+\s+([\d,]+)/);
    // The two runs are over (the table fills in as they go).
    await page.waitForFunction(() => document.querySelector("#cluster-cancel")?.disabled === true, null, { timeout: 60000 });
    const t = await panelText(page, "cluster");
    const on = Number(/node leases on\s+[\d,]+\s+([\d,]+)/.exec(t)[1].replace(/,/g, ""));
    const off = Number(/node leases off\s+[\d,]+\s+([\d,]+)/.exec(t)[1].replace(/,/g, ""));
    // "about thirty-fold"
    assert.ok(off / on > 25 && off / on < 35, `status patches ${off} / ${on}`);
  },
  "eks-al2-nodeswap-upgrade": async (page) => {
    await HAS(page, "layers", /The kubelet 1\.33 starts/);
    await HAS(page, "layers", /breaks: cannot set feature gate NodeSwap to false, feature is locked to true \/etc\/kubernetes\/kubelet\/kubelet-config\.json:32/);
    await page.selectOption("#layers-version", "1.34");
    await HAS(page, "layers", /The kubelet refuses to start: .*cannot set feature gate NodeSwap to false, feature is locked to true/);
    assert.equal(await page.textContent("#layers-status button.loc"), "/etc/kubernetes/kubelet/kubelet-config.json:32");
  },
  "pods-reconcile-vs-update": async (page) => {
    await HAS(page, "pods", /RECONCILE\s+default\/app/);
    await HAS(page, "pods", /UPDATE\s+default\/app/);
    assert.match(await page.inputValue("#pods-api-body"), /app:2/);
  },
  "fields-dropped-on-create": async (page) => {
    await HAS(page, "fields", /spec\.trafficDistribution\s+ServiceTrafficDistribution\s+off\s+not dropped/);
  },
  "controlplane-apiserver-dies": async (page) => {
    await HAS(page, "controlplane", /t\+20s apiserver 192\.168\.0\.3 crashes/);
    // Gone 20s after the crash, as the title says.
    await HAS(page, "controlplane", /t\+40s endpoints → 192\.168\.0\.2 \(/);
  },
  "controlplane-leaked-nodeport": async (page) => {
    await HAS(page, "controlplane", /t\+3m0s NodePort repair[^\n]*30080 flagged/);
    await HAS(page, "controlplane", /t\+6m0s NodePort repair[^\n]*30080 kept/);
    await HAS(page, "controlplane", /t\+9m0s NodePort repair[^\n]*30080 released \(strike 3 of 3\)/);
  },
  // ---- examples from real public configs (their notes name the sources)
  "openshift-412-kubelet-upgrade": async (page) => {
    await HAS(page, "layers", /Kubelet 1\.25 already refuses these inputs: failed to validate kubelet flags: unknown 'kubernetes\.io' or 'k8s\.io' labels specified with --node-labels: \[node-role\.kubernetes\.io\/worker\]/);
    // Each break says the release it arrives in.
    await HAS(page, "layers", /breaks: cannot set feature gate CSIMigrationvSphere to false, feature is locked to true \/etc\/kubernetes\/kubelet\.conf:29 · arrives in 1\.26/);
    await HAS(page, "layers", /breaks: cannot set feature gate CSIMigrationAzureFile to false, feature is locked to true \/etc\/kubernetes\/kubelet\.conf:28 · arrives in 1\.27/);
    await HAS(page, "layers", /breaks: failed to parse kubelet flag: unknown flag: --container-runtime · arrives in 1\.27/);
  },
  "kubeadm-pod-infra-image-135": async (page) => {
    await HAS(page, "layers", /The kubelet 1\.34 starts/);
    await HAS(page, "layers", /Flag --pod-infra-container-image has been deprecated, will be removed in 1\.35\./);
    await HAS(page, "layers", /breaks: failed to parse kubelet flag: unknown flag: --pod-infra-container-image · since 1\.35/);
  },
  "kind-rootless-125": async (page) => {
    await HAS(page, "layers", /The kubelet 1\.24 starts/);
    await HAS(page, "layers", /breaks: cannot set feature gate LocalStorageCapacityIsolation to false, feature is locked to true \/var\/lib\/kubelet\/config\.yaml:13 · since 1\.25/);
  },
  "rke2-cloud-config-134": async (page) => {
    await HAS(page, "layers", /The kubelet 1\.33 starts/);
    await HAS(page, "layers", /Flag --cloud-config has been deprecated/);
    await HAS(page, "layers", /breaks: failed to parse kubelet flag: unknown flag: --cloud-config · since 1\.34/);
  },
  "eks-al2023-nodeadm-128": async (page) => {
    await HAS(page, "layers", /The kubelet 1\.27 starts/);
    await HAS(page, "layers", /breaks: unrecognized feature gate: KubeletCredentialProviders \/etc\/kubernetes\/kubelet\/config\.json:29 · since 1\.28/);
  },
  "gardener-image-pull-135": async (page) => {
    await HAS(page, "layers", /Kubelet 1\.34 already refuses these inputs: failed to validate kubelet configuration, error: \[invalid configuration: `imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled/);
    await HAS(page, "layers", /Kubelet 1\.35 starts with these inputs\./);
  },
  "talos-kubelet-137": async (page) => {
    await HAS(page, "layers", /The kubelet 1\.36 starts/);
    await HAS(page, "layers", /Flag --rotate-server-certificates has been deprecated/);
    await HAS(page, "layers", /Kubelet 1\.37 starts with these inputs\./);
  },
  "metrics-gke-132-dra": async (page) => {
    await HAS(page, "gates", /1 gate reported \(1 on\)\. Every reported gate matches the 1\.32 binary with these --feature-gates\./);
    await page.selectOption("#gates-emulation", "1.31");
    await HAS(page, "gates", /DynamicResourceAllocation\s+stage differs\s+DynamicResourceAllocation is reported at stage "BETA" but is "ALPHA" here/);
  },
  "metrics-k3s-1356": async (page) => {
    await HAS(page, "gates", /2 gates reported \(2 on\)\. Every reported gate matches the 1\.35 binary with these --feature-gates\./);
    await page.selectOption("#gates-emulation", "1.34");
    await HAS(page, "gates", /PodCertificateRequest\s+stage differs\s+PodCertificateRequest is reported at stage "BETA" but is "ALPHA" here/);
  },
  "metrics-kind-136-137": async (page) => {
    await HAS(page, "gates", /Every reported gate matches the 1\.36 binary with these --feature-gates\./);
    // The gate's story: Alpha in 1.36, Beta in 1.37, nothing before.
    await page.click("button[aria-label='History of ManifestBasedAdmissionControlConfig']");
    await page.waitForSelector("#gate-history[open]");
    const hist = await page.$$eval("#gate-history-table tbody tr:first-child", (trs) => trs.map((tr) => [...tr.children].slice(0, 3).map((c) => c.textContent.trim()).join(" ")));
    assert.deepEqual(hist, ["1.36 Alpha false", "1.37 Beta true"]);
    await page.keyboard.press("Escape");
    await page.selectOption("#gates-emulation", "1.37");
    await HAS(page, "gates", /ManifestBasedAdmissionControlConfig\s+stage differs\s+ManifestBasedAdmissionControlConfig is reported at stage "ALPHA" but is "BETA" here/);
    // The mismatches are cards on a phone, not a table wider than the screen.
    await NO_SIDEWAYS(page);
    await page.selectOption("#gates-emulation", "1.35");
    await HAS(page, "gates", /Nothing to compare with: 1\.35 refuses these --feature-gates \(unrecognized feature gate: ManifestBasedAdmissionControlConfig\)/);
  },
  "explain-node-k8s-101599": async (page) => {
    await HAS(page, "node", /Node 172\.160\.14\.239 is Ready Unknown/);
    await HAS(page, "node", /Marked Unknown at 2021-04-23T10:26:09Z, tainted unreachable:NoExecute 9s later\./);
    await HAS(page, "node", /2021-04-23T10:31:18Z \(in 5m0s\) pods with the default tolerations/);
  },
  "explain-node-minikube-7171": async (page) => {
    await HAS(page, "node", /Node minikube is Ready False/);
    await HAS(page, "node", /2020-03-23T19:50:39Z \(in 50s\)[^\n]* Ready and every other condition set Unknown/);
    await HAS(page, "node", /2020-03-23T19:54:49Z \(in 5m0s\) pods with the default tolerations/);
  },
  "explain-node-openshift-48": async (page) => {
    await HAS(page, "node", /kube-controller-manager 1\.21 \(kubelet v1\.21\.8\+ee73ea2 of test[^\n]*--node-monitor-grace-period 40s/);
    await HAS(page, "node", /2022-09-26T10:00:00Z \(in 5m0s\) pods with the default tolerations/);
  },
  "patch-1324-ordered-namespace-deletion": async (page) => {
    assert.equal(await page.inputValue("#gates-patch"), "4");
    await HAS(page, "gates", /answers as 1\.32\.3 to 1\.32\.4/);
    await ROW(page, /^OrderedNamespaceDeletion\b.*\| Beta\b.* \| on \|/);
    await HAS(page, "gates", /· \d+ on in the 1\.32\.4 binary/);
    // The history lists the patch each release backported it in.
    await page.click("button[aria-label='History of OrderedNamespaceDeletion']");
    await page.waitForSelector("#gate-history[open]");
    const first = await page.$$eval("#gate-history-table tbody tr:first-child th", (ths) => ths.slice(0, 3).map((th) => th.textContent.trim()));
    assert.deepEqual(first, ["1.30.11+", "1.31.7+", "1.32.3+"]);
    await page.keyboard.press("Escape");
    // Without the patch: the release as 1.32.0 shipped it refuses the flag.
    await page.fill("#gates-patch", "");
    await HAS(page, "gates", /unrecognized feature gate: OrderedNamespaceDeletion/);
  },
  "pods-docs-static-web": async (page) => {
    await HAS(page, "pods", /REMOVE default\/static-web-node-1 from file/);
    await HAS(page, "pods", /t\+20s file static-web\.yaml deleted/);
    const t = await panelText(page, "pods");
    assert.equal(t.match(/ADD default\/static-web-node-1 from file/g)?.length, 2, "added, then added again once the file is back");
  },
  "upgrade-kubeadm-1.16": (page) => HAS(page, "upgrade", /unknown flag: --insecure-port\s+from 1\.24\s+\/etc\/kubernetes\/manifests\/kube-apiserver\.yaml:\d+/),
};

test("every example outside the Node panel has its promise checked", () => {
  for (const ex of EXAMPLES) if (ex.tab !== "node") assert.ok(PROMISES[ex.id], `${ex.id} has no check of its promise`);
});

test("examples taken from real configs name their source and have their promise checked", () => {
  // The examples added from public configs: each note names where its text comes from.
  const real = EXAMPLES.filter((ex) => /[a-z0-9-]+\/[a-z0-9-]+[@#,]|kubernetes\.io\/docs|tests\/corpus/.test(ex.note));
  assert.ok(real.length >= 15, `${real.length} examples name a source`);
  for (const ex of real) assert.ok(PROMISES[ex.id] || ex.tab === "node", `${ex.id}: its promise is not checked`);
});

for (const ex of EXAMPLES.filter((e) => PROMISES[e.id])) {
  for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
    test(`example "${ex.title}" keeps its promise on screen (${width}px, ${colorScheme})`, async () => {
      const page = await b.open("", { viewport: { width, height }, colorScheme });
      await page.selectOption("#examples", ex.id);
      await page.waitForFunction((tab) => document.querySelector(`#tab-${tab}`)?.getAttribute("aria-selected") === "true", ex.tab);
      await PROMISES[ex.id](page);
      await NO_SIDEWAYS(page);
      // The menu names the example in play.
      assert.equal(await page.inputValue("#examples"), ex.id);
      await screenshot(page, `example-promise-${ex.id}-${width}`);
      await assertClean(page);
      await page.close();
    });
  }
}

for (const ex of EXAMPLES) {
  test(`example "${ex.title}" loads cleanly`, async () => {
    const page = await b.open();
    await page.selectOption("#examples", ex.id);
    await page.waitForFunction((tab) => document.querySelector(`#tab-${tab}`)?.getAttribute("aria-selected") === "true", ex.tab);
    await page.waitForTimeout(200);
    assert.equal(await page.isVisible("#banner"), false, await page.textContent("#banner"));
    assert.equal(await page.textContent("#example-note"), ex.note);
    await screenshot(page, `example-${ex.id}`);
    await assertClean(page);
    await page.close();
  });
}
