// The Kubelet layers panel in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
const open = async (fragment = "layers", opts) => {
  const page = await b.open(fragment, opts);
  await page.waitForSelector("#layers-status p, #layers-status .error-box");
  return page;
};
/** The default sample has no --config-dir (it starts on every release): bring the drop-ins in. */
const withDropins = async (page) => {
  await page.click("#layers-add-config-dir");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="port"]')?.textContent.includes("10260"));
  return page;
};
const rowText = (page, path) => page.textContent(`#layers-table tr[data-path="${path}"]`);

test("the default scenario: every value marked by its layer, chain on hover and focus", async () => {
  const page = await withDropins(await open());
  assert.match(await page.textContent("#layers-status"), /starts/);
  assert.match(await rowText(page, "maxPods"), /150.*file.*\/etc\/kubernetes\/kubelet\.yaml:3/);
  assert.match(await rowText(page, "port"), /10260.*drop-in.*10-port\.conf:3/);
  await page.hover('#layers-table tr[data-path="port"]');
  await page.waitForFunction(() => document.querySelector("#layers-explain")?.textContent.includes("overriding"));
  assert.match(await page.textContent("#layers-explain"), /port = 10260.*overriding 10250/s);
  // Keyboard: focus another row, the chain follows.
  await page.focus('#layers-table tr[data-path="maxPods"]');
  await page.waitForFunction(() => document.querySelector("#layers-explain strong")?.textContent === "maxPods");
  assert.match(await page.textContent("#layers-diff"), /maxPods: 110 → 150/);
  // The default upgrade check: the release before the newest to the newest.
  const [newest] = await page.evaluate(() => [...document.querySelectorAll("#layers-version option")].map((o) => o.value));
  assert.match(await page.textContent("#layers-upgrade"), new RegExp(`Kubelet ${newest.replace(".", "\\.")} starts`));
  await screenshot(page, "layers-default");
  await assertClean(page);
  await page.close();
});

test("a validation error points at the drop-in and its line; clicking jumps there", async () => {
  const page = await withDropins(await open());
  await page.fill("#layers-dropin-0", `${HEADER}\nport: 70000\n`);
  await page.waitForSelector("#layers-status .error-box");
  assert.match(await page.textContent("#layers-status .k8s-error"), /port \(--port\) 70000 must be between 1 and 65535, inclusive/);
  const loc = page.locator("#layers-status button.loc");
  assert.equal(await loc.textContent(), "/etc/kubernetes/kubelet.conf.d/10-port.conf:4");
  assert.equal(await page.textContent("#layers-dropins .err-line"), "4\n");
  await loc.click();
  // The drop-in's code editor (www/editors.js) takes the focus and the line's selection.
  await page.waitForFunction(() => document.activeElement.closest(".cm-editor")?.previousElementSibling?.id === "layers-dropin-0" && getSelection().toString() === "port: 70000");
  await screenshot(page, "layers-error");
  // A flag error points at the command line.
  await page.fill("#layers-dropin-0", `${HEADER}port: 10260\n`);
  await page.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml --bogus");
  await page.waitForFunction(() => document.querySelector("#layers-status .k8s-error")?.textContent.includes("unknown flag"));
  assert.equal(await page.textContent("#layers-status .k8s-error"), "failed to parse kubelet flag: unknown flag: --bogus");
  await assertClean(page);
  await page.close();
});

test("drop-ins: add, rename, reorder, delete; command line with quotes", async () => {
  const page = await withDropins(await open());
  await page.click("#layers-add-dropin");
  assert.equal(await page.locator("#layers-dropins .dropin").count(), 2);
  await page.fill("#layers-dropins .dropin:nth-child(2) .dropin-name", "05-first.conf");
  await page.fill("#layers-dropin-1", `${HEADER}port: 1111\nmaxPods: 20\n`);
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="maxPods"]')?.textContent.includes("20"));
  // 10-port.conf sorts after 05-first.conf, so its port wins.
  assert.match(await rowText(page, "port"), /10260/);
  // Moving it up swaps places and numeric prefixes: each position keeps its prefix, so it
  // becomes 10-first.conf, merges last and wins.
  await page.click("#layers-dropins .dropin:nth-child(2) .up");
  await page.waitForFunction(() => document.querySelector("#layers-dropins .dropin:nth-child(1) .dropin-name")?.value === "10-first.conf");
  assert.equal(await page.inputValue("#layers-dropins .dropin:nth-child(2) .dropin-name"), "05-port.conf");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="port"]')?.textContent.includes("1111"));
  assert.match(await page.textContent("#layers-dropins .dropin:nth-child(2) .contrib"), /0 effective values/);
  await page.click("#layers-dropins .dropin:nth-child(1) .delete");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="port"]')?.textContent.includes("10260"));
  await page.fill("#layers-args", `--config=/etc/kubernetes/kubelet.yaml --config-dir=/etc/kubernetes/kubelet.conf.d --node-labels='a=b c' --port "8081"`);
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="port"]')?.textContent.includes("8081"));
  assert.match(await page.textContent("#layers-args-parsed"), /"--node-labels=a=b c"/);
  assert.match(await rowText(page, "port"), /flag.*--port/);
  await assertClean(page);
  await page.close();
});

test("examples: map key override, feature-gate union, dynamic fallback", async () => {
  const page = await open();
  await page.selectOption("#examples", "dropin-map-key");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="kubeReserved.cpu"]'));
  assert.match(await rowText(page, "kubeReserved.cpu"), /500m.*drop-in/);
  assert.match(await rowText(page, "kubeReserved.memory"), /1Gi.*file/);
  assert.match(await rowText(page, "evictionHard.memory.available"), /500Mi.*drop-in/);
  await page.selectOption("#examples", "feature-gates-union");
  await page.waitForFunction(() => document.querySelector("#layers-gates")?.textContent.includes("KubeletTracing"));
  const gates = await page.textContent("#layers-gates");
  assert.match(gates, /MemoryQoS\s*off\s*flag\s*--feature-gates/);
  assert.match(gates, /KubeletTracing\s*off\s*file/);
  await page.selectOption("#examples", "dynamic-lkg");
  await page.waitForSelector("#layers-dynamic-error");
  assert.equal(await page.textContent("#layers-dynamic-error"), "failed to validate config, see Kubelet log for details");
  assert.equal(await page.getAttribute("#layers-dynamic-facts dd[data-active]", "data-active"), "lastKnownGood");
  assert.match(await rowText(page, "maxPods"), /42.*dynamic/);
  // The clock: a valid assigned config graduates to last-known-good after its 10-minute trial.
  await page.fill("#layers-assigned", `${HEADER}maxPods: 64\n`);
  await page.waitForFunction(() => document.querySelector("#layers-dynamic-facts dd[data-active]")?.dataset.active === "assigned");
  assert.match(await page.textContent("#layers-dynamic-facts"), /in its 10m0s trial/);
  await page.evaluate(() => { const r = document.querySelector("#layers-elapsed"); r.value = "900"; r.dispatchEvent(new Event("input")); });
  await page.waitForFunction(() => document.querySelector("#layers-dynamic-facts")?.textContent.includes("past its trial"));
  assert.match(await page.textContent("#layers-dynamic-facts"), /UID assigned/);
  await screenshot(page, "layers-dynamic");
  await assertClean(page);
  await page.close();
});

test("share link round trip of the layers state", async () => {
  const page = await withDropins(await open());
  await page.selectOption("#layers-version", "1.32");
  await page.fill("#layers-config", `${HEADER}maxPods: 77\n`);
  await page.click("#layers-add-dropin");
  await page.fill("#layers-dropins .dropin:nth-child(2) .dropin-name", "99-last.conf");
  await page.fill("#layers-dropin-1", `${HEADER}maxPods: 88\n`);
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="maxPods"]')?.textContent.includes("88"));
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const hash = await page.evaluate(() => location.hash.slice(1));
  await page.close();
  const again = await open(hash);
  assert.equal(await again.inputValue("#layers-version"), "1.32");
  assert.equal(await again.inputValue("#layers-config"), `${HEADER}maxPods: 77\n`);
  assert.equal(await again.inputValue("#layers-dropins .dropin:nth-child(2) .dropin-name"), "99-last.conf");
  assert.match(await rowText(again, "maxPods"), /88.*99-last\.conf/);
  await assertClean(again);
  await again.close();
});

const XSS = ["<img src=x onerror=window.__pwned=1>", "<script>window.__pwned=1</script>", "javascript:window.__pwned=1", "\"><svg onload=window.__pwned=1>"];
const hostile = [
  ["wrong types", { tab: "layers", panels: { layers: { version: 1.33, dropins: "x", elapsed: "soon", dynamic: "yes" } } }],
  ["unknown version", { tab: "layers", panels: { layers: { version: "<b>9.99</b>" } } }],
  ["huge text", { tab: "layers", panels: { layers: { config: "a".repeat(600_000) } } }],
  ["too many drop-ins", { tab: "layers", panels: { layers: { dropins: Array.from({ length: 60 }, (_, i) => ({ name: `${i}.conf`, text: "" })) } } }],
  ["bad drop-in", { tab: "layers", panels: { layers: { dropins: [{ name: 5, text: [] }] } } }],
  ["elapsed out of range", { tab: "layers", panels: { layers: { elapsed: 1e12 } } }],
  ...XSS.map((x, i) => [`markup in every field ${i}`, { tab: "layers", panels: { layers: {
    args: `--config=${x} --node-labels=${x}`, configPath: x, config: `${HEADER}${x}: 1\n`, dropinDir: x,
    dropins: [{ name: x, text: x }], assigned: x, lkg: x, filter: x, dynamic: true } } }]),
];
for (const [name, state] of hostile) {
  test(`hostile layers state: ${name}`, async () => {
    const page = await open(link(state));
    await page.waitForTimeout(50);
    await page.click("#tab-layers");
    // The page still answers: (the markup states turn on dynamic config, refused at 1.33.)
    await page.waitForSelector("#layers-status p, #layers-status .error-box");
    await page.uncheck("#layers-dynamic");
    await page.fill("#layers-filter", "");
    await page.fill("#layers-args", "--port=8081");
    await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="port"]')?.textContent.includes("8081"));
    assert.equal(await page.locator("img, iframe, svg[onload], b").count(), 0, "markup from the link was rendered");
    if (name.startsWith("markup")) assert.ok((await page.inputValue("#layers-dropin-dir")).includes("window.__pwned"), "the hostile text is kept as text");
    await assertClean(page);
    await page.close();
  });
}

test("phone width and dark theme", async () => {
  const page = await withDropins(await open("layers", { viewport: { width: 390, height: 844 }, colorScheme: "dark" }));
  await page.fill("#layers-dropin-0", `${HEADER}port: 0\n`);
  await page.waitForSelector("#layers-status .error-box");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await screenshot(page, "layers-phone-dark");
  await assertClean(page);
  await page.close();
});

test("upgrade across releases: the removed flag breaks, with the release and the flag to fix", async () => {
  const state = {
    tab: "layers",
    panels: { layers: { version: "1.26", target: "1.28", args: "--container-runtime=remote\n--container-runtime-endpoint=unix:///run/containerd/containerd.sock\n--config=/etc/kubernetes/kubelet.yaml", dropins: [] } },
  };
  const page = await open(link(state));
  await page.waitForSelector("#layers-upgrade-breaking");
  // The kubelet's error is said once, in the breaking finding; the headline points at it.
  assert.equal(await page.textContent("#layers-upgrade .error"), 'Kubelet 1.28 refuses to start, for the reason marked "breaks" below.');
  assert.equal((await page.textContent("#layers-upgrade")).split("unknown flag: --container-runtime").length - 1, 1);
  assert.match(await page.textContent("#layers-upgrade-breaking"), /breaks: failed to parse kubelet flag: unknown flag: --container-runtime.*arrives in 1\.27/);
  assert.equal(await page.locator("#layers-upgrade-breaking li").count(), 1);
  assert.match(await page.textContent("#layers-upgrade-changes"), /the default of kubeAPIQPS changes from 5 to 50.*arrives in 1\.27/);
  assert.match(await page.textContent("#layers-data-note"), /Release data: Kubernetes 1\.16 to 1\.\d+/);
  await screenshot(page, "layers-upgrade-releases");
  await assertClean(page);
  await page.close();
});

test("importing what a node shows: kubeadm-flags.env, then the kubelet's configz", async () => {
  const page = await open();
  await page.click("#layers-import summary");
  // kubeadm writes /var/lib/kubelet/kubeadm-flags.env like this (kubeadm's kubelet env file).
  await page.fill("#layers-import-text", 'KUBELET_KUBEADM_ARGS="--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.9 --node-labels=node.kubernetes.io/node"\n');
  await page.click("#layers-import-run");
  await page.waitForSelector("#layers-import-status .ok");
  assert.match(await page.textContent("#layers-import-status"), /Imported 3 arguments/);
  assert.match(await page.inputValue("#layers-args"), /^--container-runtime-endpoint=unix:\/\/\/var\/run\/containerd\/containerd\.sock\n--pod-infra-container-image=registry\.k8s\.io\/pause:3\.9\n--node-labels=node\.kubernetes\.io\/node$/);
  // kubelet 1.35 removed --pod-infra-container-image (kubernetes/kubernetes#133779); 1.33 still has it.
  await page.selectOption("#layers-version", "1.35");
  await page.waitForFunction(() => document.querySelector("#layers-status")?.textContent.includes("unknown flag: --pod-infra-container-image"));
  await page.selectOption("#layers-version", "1.33");
  await page.waitForFunction(() => document.querySelector("#layers-status")?.textContent.includes("starts"));
  // configz: the running configuration becomes the --config file.
  await page.selectOption("#layers-import-kind", "configz");
  await page.fill("#layers-import-text", JSON.stringify({ kubeletconfig: { maxPods: 42, evictionHard: { "memory.available": "300Mi" } } }));
  await page.click("#layers-import-run");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="maxPods"]')?.textContent.includes("42"));
  assert.match(await rowText(page, "maxPods"), /42.*file/);
  assert.match(await page.inputValue("#layers-args"), /^--config=/);
  // Malformed input names the problem and changes nothing.
  const before = await page.inputValue("#layers-args");
  await page.fill("#layers-import-text", "{ not json");
  await page.click("#layers-import-run");
  await page.waitForSelector("#layers-import-status .error");
  assert.match(await page.textContent("#layers-import-status"), /Not imported: /);
  assert.equal(await page.inputValue("#layers-args"), before);
  await screenshot(page, "layers-import");
  await assertClean(page);
  await page.close();
});

/** The diagnostics CodeMirror shows on hover over the marked range of `#id`'s editor. */
async function diagnostics(page, id, severity) {
  await page.mouse.move(0, 0);
  await page.hover(`#${id} + .cm-editor .cm-lintRange-${severity}`);
  await page.waitForSelector(".cm-tooltip-hover .cm-diagnostic");
  const items = await page.$$eval(".cm-tooltip-hover .cm-diagnostic", (els) => els.map((e) => e.textContent));
  await page.mouse.move(0, 0);
  return items;
}

for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
  test(`every route to the command line moves the files' paths (${width}px, ${colorScheme})`, async () => {
    const page = await open("layers", { viewport: { width, height }, colorScheme });
    // Typed or pasted: the --config path becomes the editor's path, so the file is found.
    await page.fill("#layers-args", "--config=/var/lib/kubelet/config.yaml");
    await page.waitForFunction(() => document.querySelector("#layers-config-path")?.value === "/var/lib/kubelet/config.yaml");
    await page.waitForFunction(() => document.querySelector("#layers-status")?.textContent.includes("starts"));
    assert.match(await rowText(page, "maxPods"), /150.*\/var\/lib\/kubelet\/config\.yaml:3/);
    // The separated form and a --config-dir do the same.
    await page.fill("#layers-args", "--config /srv/k.yaml\n--config-dir=/srv/k.d");
    await page.waitForFunction(() => document.querySelector("#layers-dropin-dir")?.value === "/srv/k.d");
    assert.equal(await page.inputValue("#layers-config-path"), "/srv/k.yaml");
    await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="port"]')?.textContent.includes("/srv/k.d/10-port.conf:3"));
    // And the other way: editing the path rewrites the flag.
    await page.fill("#layers-config-path", "/etc/kubelet.yaml");
    await page.waitForFunction(() => document.querySelector("#layers-args")?.value.startsWith("--config /etc/kubelet.yaml"));
    // A share link whose arguments name another path than its editor: the arguments win.
    const p2 = await open(link({ tab: "layers", panels: { layers: { args: "--config=/x/kubelet.yaml", configPath: "/etc/kubernetes/kubelet.yaml" } } }), { viewport: { width, height }, colorScheme });
    assert.equal(await p2.inputValue("#layers-config-path"), "/x/kubelet.yaml");
    assert.match(await p2.textContent("#layers-status"), /starts/);
    await assertClean(p2);
    await p2.close();
    // "Go to" on a flag error selects the flag on the command line.
    await page.fill("#layers-args", "--config=/etc/kubelet.yaml\n--port=70000");
    await page.waitForSelector("#layers-status .error-box");
    await page.click("#layers-status button.loc");
    await page.waitForFunction(() => getSelection().toString() === "--port=70000" || document.activeElement?.closest(".cm-editor")?.previousElementSibling?.id === "layers-args");
    await screenshot(page, `layers-paths-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });

  test(`problems from files marked at their line and key, in the kubelet's words (${width}px, ${colorScheme})`, async () => {
    const page = await open("layers", { viewport: { width, height }, colorScheme });
    await page.selectOption("#layers-version", "1.28");
    await page.fill("#layers-config", `${HEADER}cgroupDriver: systemd\nfeatureGates:\n  KubeletCredentialProviders: true\n`);
    await page.waitForSelector("#layers-status .error-box");
    const said = await page.textContent("#layers-status .k8s-error");
    assert.equal(said, "failed to set feature gates from initial flags-based config: unrecognized feature gate: KubeletCredentialProviders");
    assert.equal(await page.textContent("#layers-status button.loc"), "/etc/kubernetes/kubelet.yaml:5");
    // Underlined from the gate's name, on line 5, with the same text.
    await page.waitForSelector("#layers-config + .cm-editor .cm-lintRange-error");
    assert.equal(await page.textContent("#layers-config + .cm-editor .cm-lintRange-error"), "KubeletCredentialProviders: true");
    assert.deepEqual(await diagnostics(page, "layers-config", "error"), [said]);
    assert.equal(await page.locator("#layers-config + .cm-editor .cm-gutter-lint .cm-lint-marker-error").count(), 1);
    // An unknown field: the kubelet starts, warns, and the editor marks the key.
    await page.fill("#layers-config", `${HEADER}cgroupDrivr: systemd\n`);
    await page.waitForFunction(() => document.querySelector("#layers-status")?.textContent.includes("starts"));
    await page.waitForSelector("#layers-config + .cm-editor .cm-lintRange-warning");
    assert.equal(await page.textContent("#layers-config + .cm-editor .cm-lintRange-warning"), "cgroupDrivr: systemd");
    const warning = await page.textContent("#layers-warnings li");
    assert.match(warning, /unknown field "cgroupDrivr"/);
    assert.deepEqual(await diagnostics(page, "layers-config", "warning"), [warning]);
    await screenshot(page, `layers-marks-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });
}

test("the default sample starts on every release in the data", async () => {
  const page = await open();
  const versions = await page.$$eval("#layers-version option", (os) => os.map((o) => o.value));
  assert.ok(versions.length > 10);
  for (const v of versions) {
    await page.selectOption("#layers-version", v);
    await page.waitForFunction((v) => document.querySelector("#layers-status")?.textContent.includes(`The kubelet ${v} starts`), v);
  }
  // The drop-ins wait behind their flag, said so.
  assert.match(await page.textContent("#layers-dropin-note"), /no --config-dir/);
  await assertClean(page);
  await page.close();
});

for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
  test(`the upgrade check answers from a failing start and dates each break (${width}px, ${colorScheme})`, async () => {
    const state = {
      tab: "layers",
      panels: { layers: {
        version: "1.27", target: "1.31",
        args: "--config=/etc/kubernetes/kubelet.yaml\n--config-dir=/etc/kubernetes/kubelet.conf.d",
        config: `${HEADER}maxPods: 150\nfeatureGates:\n  CSIMigrationAzureFile: true\n`,
      } },
    };
    const page = await open(link(state), { viewport: { width, height }, colorScheme });
    await page.waitForSelector("#layers-upgrade-before");
    assert.match(await page.textContent("#layers-upgrade-before"), /Kubelet 1\.27 already refuses these inputs: failed to parse kubelet flag: unknown flag: --config-dir/);
    assert.match(await page.textContent("#layers-upgrade-before"), /as if --config-dir were not in the inputs/);
    assert.match(await page.textContent("#layers-upgrade-breaking"), /breaks: unrecognized feature gate: CSIMigrationAzureFile.*arrives in 1\.30/);
    // What the target changes is listed too, each change with the release it arrives in.
    assert.match(await page.textContent("#layers-upgrade-changes"), /arrives in 1\.2[89]/);
    await page.click("#layers-upgrade-breaking button.loc");
    await page.waitForFunction(() => getSelection().toString().trim() === "CSIMigrationAzureFile: true");
    await screenshot(page, `layers-upgrade-broken-start-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });
}
