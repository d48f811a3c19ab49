// Kubelet layers: export of the effective configuration and the resolved
// --feature-gates, upstream links, and the screens that contradicted themselves: the count
// against the table, defaults a partial map drops, defaults a file fills in, the --config editor
// without --config, and disabled buttons that looked enabled.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean, settled } from "./harness.mjs";

const b = useBrowser();
const HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
async function open(fragment = "layers", opts) {
  const page = await b.open(fragment, opts);
  await page.waitForSelector("#layers-status p, #layers-status .error-box");
  return page;
}
const statusCount = async (page) => Number((await page.textContent("#layers-status")).match(/starts with (\d+) values?( and| not)/)[1]);
const tableRows = (page) => page.locator("#layers-table tbody tr[data-path]").count();
/** What the package itself says, from inside the page (the same wasm the panel uses). */
const pkg = (page, fn, arg) => page.evaluate(async ([src, arg]) => {
  const k = await import("./pkg/index.js");
  await k.default();
  return new Function("k", "arg", `return (${src})(k, arg)`)(k, arg);
}, [fn.toString(), arg]);

test("the count of changed values agrees with the filtered table; defaults a file fills in are not called changes", async () => {
  const page = await open();
  assert.equal(await page.isChecked("#layers-changed"), true);
  assert.equal(await statusCount(page), await tableRows(page));
  // A file that never mentions evictionHard: one value changed, and the diff does not blame the file.
  await page.fill("#layers-config", `${HEADER}maxPods: 150\n`);
  await page.waitForFunction(() => !document.querySelector('#layers-table tr[data-path="evictionHard.memory.available"]'));
  await settled(page);
  assert.equal(await statusCount(page), 1);
  assert.equal(await tableRows(page), 1);
  assert.match(await page.textContent("#layers-table-summary"), /^1 value not from the defaults\.$/);
  assert.doesNotMatch(await page.textContent("#layers-diff-inputs"), /evictionHard/);
  assert.match(await page.textContent("#layers-diff-inputs"), /maxPods: 110 → 150/);
  assert.match(await page.textContent("#layers-diff-filled"), /evictionHard\.memory\.available: unset → 100Mi \(filled in\)/);
  // The text filter narrows the table, and the summary says of how many.
  await page.fill("#layers-filter", "nomatch");
  await page.waitForFunction(() => document.querySelector("#layers-table-summary").textContent.startsWith("Showing 0 of 1"));
  assert.equal(await statusCount(page), 1);
  await assertClean(page);
  await page.close();
});

test("a partial evictionHard shows the default thresholds it drops", async () => {
  const page = await open();
  // The default scenario sets only memory.available.
  await page.waitForSelector("#layers-dropped-evictionHard");
  const version = await page.inputValue("#layers-version");
  const defaults = await pkg(page, (k, v) => k.resolveKubeletConfig({ kubeletVersion: v, args: ["--config=/c"], files: { "/c": "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n" } }).config.evictionHard, version);
  const text = await page.textContent("#layers-dropped-evictionHard");
  assert.match(text, /evictionHard replaces the default map whole/);
  assert.match(text, /only when the field is unset \(nil\)/);
  for (const [key, value] of Object.entries(defaults)) {
    if (key === "memory.available") assert.doesNotMatch(text, /evictionHard\.memory\.available/);
    else assert.ok(text.includes(`evictionHard.${key}: ${value} → unset (dropped)`), `${key} is not listed as dropped:\n${text}`);
  }
  // The source of the rule, on the branch of the chosen release (a version from the package).
  const href = await page.getAttribute("#layers-dropped-evictionHard a", "href");
  assert.equal(href, `https://github.com/kubernetes/kubernetes/blob/release-${version}/pkg/kubelet/apis/config/v1beta1/defaults.go`);
  // Every threshold set again: nothing is dropped.
  await page.fill("#layers-config", `${HEADER}evictionHard:\n${Object.entries(defaults).map(([k, v]) => `  ${k}: "${v}"\n`).join("")}`);
  await page.waitForFunction(() => !document.querySelector("#layers-dropped-evictionHard"));
  await screenshot(page, "layers-diff");
  await assertClean(page);
  await page.close();
});

test("the --config editor shows only when the arguments have --config", async () => {
  const page = await open();
  assert.equal(await page.isVisible("#layers-config"), true);
  assert.equal(await page.isVisible("#layers-config-note"), false);
  await page.fill("#layers-args", "--port=8081");
  await page.waitForSelector("#layers-config-note:not([hidden])");
  assert.equal(await page.isVisible("#layers-config"), false);
  assert.match(await page.textContent("#layers-config-note"), /no --config.*ignored/);
  await page.click("#layers-add-config");
  await page.waitForSelector("#layers-config", { state: "visible" });
  assert.match(await page.inputValue("#layers-args"), /^--config=\/etc\/kubernetes\/kubelet\.yaml\n--port=8081$/);
  assert.match(await page.textContent('#layers-table tr[data-path="maxPods"]'), /150.*file/);
  // The separated form counts too.
  await page.fill("#layers-args", "--config /etc/kubernetes/kubelet.yaml");
  await page.waitForSelector("#layers-config-note[hidden]", { state: "attached" });
  await assertClean(page);
  await page.close();
});

test("export: the effective KubeletConfiguration as YAML and JSON round-trips through the kubelet; --feature-gates", async () => {
  const page = await open();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const version = await page.inputValue("#layers-version");
  const effective = await pkg(page, (k, inp) => k.resolveKubeletConfig(inp).config, {
    kubeletVersion: version, args: ["--config=/etc/kubernetes/kubelet.yaml"],
    files: { "/etc/kubernetes/kubelet.yaml": `${HEADER}maxPods: 150\nevictionHard:\n  memory.available: 200Mi\n` },
  });
  await page.click("#layers-copy-yaml");
  const yaml = await page.evaluate(() => navigator.clipboard.readText());
  // Written as sigs.k8s.io/yaml writes it (keys sorted, as go-yaml sorts a map): the package's
  // own writer, not one of the page's.
  assert.match(yaml, /^apiVersion: kubelet\.config\.k8s\.io\/v1beta1$/m);
  assert.match(yaml, /^kind: KubeletConfiguration$/m);
  assert.equal(yaml, await pkg(page, (k, [value]) => k.toYaml(value), [effective]));
  assert.match(yaml, /\nmaxPods: 150\n/);
  // The exported file, given to the same kubelet as its only input, gives the same configuration.
  const again = await pkg(page, (k, [v, text]) => k.resolveKubeletConfig({ kubeletVersion: v, args: ["--config=/x.yaml"], files: { "/x.yaml": text } }).config, [version, yaml]);
  assert.deepEqual(again, effective);
  await page.click("#layers-copy-json");
  assert.deepEqual(JSON.parse(await page.evaluate(() => navigator.clipboard.readText())), effective);
  // Downloads carry the version in the name.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#layers-download-yaml")]);
  assert.equal(download.suggestedFilename(), `kubelet-config-${version}.yaml`);
  assert.equal(readFileSync(await download.path(), "utf8"), yaml);
  const [json] = await Promise.all([page.waitForEvent("download"), page.click("#layers-download-json")]);
  assert.equal(json.suggestedFilename(), `kubelet-config-${version}.json`);
  // The resolved --feature-gates: the gates the inputs set, file and flag together.
  await page.selectOption("#examples", "feature-gates-union");
  await page.waitForFunction(() => document.querySelector("#layers-gates-flag")?.textContent.startsWith("--feature-gates="));
  assert.equal(await page.textContent("#layers-gates-flag"), "--feature-gates=KubeletTracing=false,MemoryQoS=false");
  // The status counts the gates as the gates table lists them.
  assert.match(await page.textContent("#layers-status"), /starts with 0 values and 2 feature gates not from the defaults/);
  assert.equal(await page.locator("#layers-gates tbody tr").count(), 2);
  await page.click("#layers-copy-gates");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "--feature-gates=KubeletTracing=false,MemoryQoS=false");
  await page.click("#layers-export summary");
  await screenshot(page, "layers-export");
  // A kubelet that does not start has nothing to export, and the buttons look it.
  await page.fill("#layers-args", "--bogus");
  await page.waitForSelector("#layers-status .error-box");
  assert.equal(await page.isDisabled("#layers-copy-yaml"), true);
  assert.ok(Number(await page.$eval("#layers-copy-yaml", (e) => getComputedStyle(e).opacity)) < 0.7, "a disabled button looks enabled");
  await assertClean(page);
  await page.close();
});

test("links to the upstream reference pages; no URL in www/ names a Kubernetes version", async () => {
  const page = await open();
  const hrefs = await page.$$eval("#panel-layers a.ext", (as) => as.map((a) => a.href));
  assert.ok(hrefs.includes("https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/"), hrefs.join("\n"));
  assert.ok(hrefs.includes("https://kubernetes.io/docs/reference/command-line-tools-reference/kubelet/"), hrefs.join("\n"));
  await page.close();
  // Versions come from the package (releases()): a URL typed in www/ is version-less.
  const www = new URL("../../www/", import.meta.url);
  const files = ["", "panels/"].flatMap((d) => readdirSync(new URL(d, www)).filter((f) => /\.(js|html)$/.test(f)).map((f) => new URL(d + f, www)));
  for (const f of files) {
    for (const url of readFileSync(f, "utf8").match(/https?:\/\/[^\s"'`)<>]+/g) ?? []) {
      assert.doesNotMatch(url, /(^|[^\w])v?1[.-]\d{1,2}([^\d]|$)/, `${f.pathname}: ${url} names a version`);
    }
  }
});

test("disabled Run and Cancel look disabled", async () => {
  const page = await b.open(link({ tab: "cluster", panels: { cluster: { nodes: 5, duration: "10m" } } }));
  await page.waitForFunction(() => document.querySelector("#cluster-cancel")?.disabled === true);
  const look = await page.$eval("#cluster-cancel", (e) => ({ opacity: Number(getComputedStyle(e).opacity), cursor: getComputedStyle(e).cursor }));
  assert.ok(look.opacity < 0.7, `opacity ${look.opacity}`);
  assert.equal(look.cursor, "not-allowed");
  await page.close();
});
