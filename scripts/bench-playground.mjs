// Playground timings in headless Chromium, each against a baseline measured in the same run.
// Prints a Markdown section for BENCHMARKS.md.
import { readFileSync, existsSync, writeFileSync, mkdtempSync, cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
// KUBEGATE_WWW measures another built site (e.g. main's www/, for a before/after figure).
const www = process.env.KUBEGATE_WWW ?? new URL("../www/", import.meta.url).pathname;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// A copy of www/ with a blank page beside it: the baseline for page load.
const site = mkdtempSync(join(tmpdir(), "kubegate-bench-"));
cpSync(www, site, { recursive: true });
writeFileSync(join(site, "blank.html"), "<!doctype html><title>blank</title><body data-ready=true><input id=blank aria-label=blank>");
const server = await serve(site, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ARGS });

/**
 * One cold load of `url` (a fresh page, so nothing in memory): the page's clock (from the start
 * of navigation) at the first check that finds `selector`. Checks start once the page has loaded
 * and then run in every animation frame, so a page that is done at once (the blank one) counts
 * its load and the first check, and a page still working counts the first frame after it is
 * done; both ways the reading is taken by the check itself, not by a later call that would wait
 * for the page's main thread to be free of what follows the first answer. The playground marks `body[data-shown]` once the open
 * panel's first answer is drawn (the gates table, populated) and `body[data-ready]` once every
 * panel is mounted; a site without the first mark (an older build) is measured at its
 * only one.
 */
async function loadTime(url, selector) {
  const page = await browser.newPage();
  await page.goto(url);
  const seen = await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), selector, { timeout: 60000 });
  const t = await seen.jsonValue();
  await page.close();
  return t;
}

// Medians of 15 rounds; each round loads the blank page and the playground in turn, so a busy
// moment on the machine weighs on the baseline as much as on what it is compared with.
const loads = { blank: [], shown: [], tti: [], link: [] };
for (let i = 0; i < 15; i++) {
  loads.blank.push(await loadTime(`${base}blank.html`, "body[data-ready='true']"));
  loads.shown.push(await loadTime(base, "body[data-shown], body[data-ready='true']"));
  loads.tti.push(await loadTime(base, "body[data-ready='true']"));
  // A link to another panel: the full package is needed before its first answer.
  loads.link.push(await loadTime(`${base}#layers`, "body[data-shown], body[data-ready='true']"));
}
const [blank, shown, tti, link] = [loads.blank, loads.shown, loads.tti, loads.link].map(median);

// Re-evaluation after an edit: from the input event to the next painted frame.
const page = await browser.newPage();
await page.goto(base);
await page.waitForSelector("body[data-ready='true']");
await page.selectOption("#gates-emulation", "1.34");
let listName = "the built-in list";
{
  // The 1.34 release as upstream's versioned_feature_list.yaml, pasted like a user would.
  const text = await page.evaluate(async () => {
    const k = await import("./pkg/index.js");
    return k.renderFeatureList(k.releaseFeatures("1.34"));
  });
  const count = (text.match(/^- name: /gm) ?? []).length;
  await page.selectOption("#gates-source", "custom");
  await page.evaluate((text) => {
    const paste = document.querySelector("#gates-paste");
    paste.value = text;
    paste.dispatchEvent(new Event("input"));
  }, text);
  await page.waitForFunction((n) => document.querySelector("#gates-list-status")?.textContent.includes(`Using ${n}`), count);
  listName = `the ${count}-feature versioned_feature_list.yaml of 1.34`;
}
/**
 * Median time from a key press to the frame painted after it, over 20 real key presses in
 * `selector` (Chromium's input pipeline, not synthetic events). Each press alternates between
 * deleting the last character and typing it back (`ch`), so every other press changes the result.
 * The end is a task queued from the first animation frame after the keydown: it runs once that
 * frame (the panel's own update runs in an animation frame too) has been painted.
 */
async function keystrokes(p, selector, ch) {
  // The code editors load after the page is ready; a site without them (main's) never sets this.
  await p.waitForSelector("body[data-editors='ready']", { state: "attached", timeout: 5000 }).catch(() => {});
  await p.focus(selector);
  await p.evaluate((sel) => {
    const el = document.querySelector(sel);
    el.setSelectionRange?.(el.value.length, el.value.length);
    window.__times = [];
    // On the document: with a code editor, the keys go to the editor, not the element it mirrors.
    document.addEventListener("keydown", (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__times.push(performance.now() - t0)));
    }, true);
  }, selector);
  await p.waitForTimeout(50);
  for (let i = 0; i < 20; i++) {
    await p.keyboard.press(i % 2 ? ch : "Backspace");
    await p.waitForFunction((n) => window.__times.length >= n, i + 1);
    await p.waitForTimeout(50);
  }
  return median(await p.evaluate(() => window.__times));
}
const blankPage = await browser.newPage();
await blankPage.goto(`${base}blank.html`);
await blankPage.fill("#blank", "AllAlpha=true");
const blankKey = await keystrokes(blankPage, "#blank", "e");
await blankPage.close();
await page.fill("#gates-flags", "AllAlpha=true");
await page.waitForTimeout(200);
const gatesKey = await keystrokes(page, "#gates-flags", "e");
// The evaluation alone (wasm work plus building the table), without waiting for frames.
const evalOnly = await page.evaluate(async () => {
  const { FeatureGate, parseFeatureList, kubernetesFeatures } = await import("kubegate");
  const text = document.querySelector("#gates-paste").value;
  const features = text ? parseFeatureList(text) : kubernetesFeatures();
  const base = new FeatureGate("1.34");
  base.addVersioned(features);
  const times = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    const g = base.deepCopy();
    g.set(i % 2 ? "AllAlpha=true" : "AllBeta=true");
    g.featureStates();
    g.free();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
});
await page.close();

// The Layers panel: a value in the --config file, with the upgrade check on.
const layers = await browser.newPage();
await layers.goto(`${base}#layers`);
await layers.waitForSelector("body[data-ready='true']");
await layers.click("#tab-layers");
await layers.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml");
await layers.fill("#layers-config", "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 11");
await layers.waitForTimeout(300);
const layersKey = await keystrokes(layers, "#layers-config", "1");
await layers.close();

// A 5000-node simulated hour in the playground's Web Worker (the Cluster panel runs it twice:
// with and without node leases), from the click to the drawn result.
const cluster = await browser.newPage();
await cluster.goto(`${base}#cluster`);
await cluster.waitForSelector("body[data-ready='true']", { state: "attached" });
await cluster.click("#tab-cluster");
await cluster.waitForFunction(() => document.querySelector("#panel-cluster")?.dataset.done !== undefined, null, { timeout: 120000 });
await cluster.fill("#cluster-nodes", "5000");
await cluster.selectOption("#cluster-duration", "1h");
await cluster.selectOption("#cluster-fault", "none");
const workerMs = await cluster.evaluate(async () => {
  const panel = document.querySelector("#panel-cluster");
  const t0 = performance.now();
  document.querySelector("#cluster-run").click();
  await new Promise((r) => { const t = setInterval(() => { if (panel.dataset.done) { clearInterval(t); r(); } }, 10); });
  return performance.now() - t0;
});
await cluster.close();

await browser.close();
server.close();
rmSync(site, { recursive: true, force: true });

const f = (x) => x.toFixed(1);
console.log(`## Playground (headless Chromium ${browser.version?.() ?? ""})`.trim());
console.log("");
console.log("| measurement | ms | baseline in the same run | ratio |");
console.log("|---|---:|---|---:|");
console.log(`| cold load to a populated gates table (the open panel's first answer drawn) | ${f(shown)} | a blank page from the same server: ${f(blank)} ms | ${(shown / blank).toFixed(1)} |`);
console.log(`| cold load of a link to the Layers panel to its first answer (the full package first) | ${f(link)} | a blank page from the same server: ${f(blank)} ms | ${(link / blank).toFixed(1)} |`);
console.log(`| cold load to every panel mounted (full wasm loaded) | ${f(tti)} | a blank page from the same server: ${f(blank)} ms | ${(tti / blank).toFixed(1)} |`);
console.log(`| key press in --feature-gates to painted frame (median of 20), with ${listName} | ${f(gatesKey)} | a key press in a blank page's input: ${f(blankKey)} ms | ${(gatesKey / blankKey).toFixed(2)} |`);
console.log(`| key press in the Layers panel's --config file to painted frame (median of 20) | ${f(layersKey)} | a key press in a blank page's input: ${f(blankKey)} ms | ${(layersKey / blankKey).toFixed(2)} |`);
console.log(`| the evaluation alone (copy gate, set, read every state) | ${f(evalOnly)} | one 16.7 ms frame | ${(evalOnly / 16.7).toFixed(2)} |`);
console.log(`| Cluster panel: 5000 nodes, 1 simulated hour, twice (leases on and off) in the Web Worker, click to drawn result | ${f(workerMs)} | 2 simulated hours: 7,200,000 ms | ${(7_200_000 / workerMs).toFixed(0)}x faster than real time |`);
