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
  },  "upgrade-kubeadm-1.16": (page) => HAS(page, "upgrade", /unknown flag: --insecure-port\s+from 1\.24\s+\/etc\/kubernetes\/manifests\/kube-apiserver\.yaml:\d+/),
};

test("every example outside the Node panel has its promise checked", () => {
  for (const ex of EXAMPLES) if (ex.tab !== "node") assert.ok(PROMISES[ex.id], `${ex.id} has no check of its promise`);
});

for (const ex of EXAMPLES.filter((e) => PROMISES[e.id])) {
  for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
    test(`example "${ex.title}" keeps its promise on screen (${width}px, ${colorScheme})`, async () => {
      const page = await b.open("", { viewport: { width, height }, colorScheme });
      await page.selectOption("#examples", ex.id);
      await page.waitForFunction((tab) => document.querySelector(`#tab-${tab}`)?.getAttribute("aria-selected") === "true", ex.tab);
      await PROMISES[ex.id](page);
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
