// The playground's code editors (www/editors.js, the CodeMirror bundle www/editor.js): syntax
// highlighting, the package's diagnostics at their line, completion and hover docs from the
// chosen release's data, and the panel's own element kept as the value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();
const HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
const open = async (fragment, opts) => {
  const page = await b.open(fragment, opts);
  await page.waitForSelector("body[data-editors='ready']", { state: "attached" });
  return page;
};
/** The editor that took the place of the element `id`. */
const editorOf = (id) => `#${id} + .cm-editor`;
const content = (id) => `${editorOf(id)} .cm-content`;

test("the --config file is a YAML editor: highlighted, named by its label, mirrored both ways", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  // Keys and values carry different colours from the theme.
  const colours = await page.evaluate((sel) => {
    const spans = [...document.querySelectorAll(`${sel} .cm-line span`)];
    return [...new Set(spans.map((s) => getComputedStyle(s).color))];
  }, editorOf("layers-config"));
  assert.ok(colours.length >= 2, `highlighted tokens in at least two colours, got ${colours}`);
  assert.equal(await page.getAttribute(content("layers-config"), "aria-label"), "The --config file");
  assert.equal(await page.getAttribute(content("layers-args"), "aria-label"), "kubelet arguments (split as a shell would; one per line is fine)");
  // Typing in the editor is what the panel sees.
  await page.click(content("layers-config"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nmaxPods: 77");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="maxPods"]')?.textContent.includes("77"));
  assert.match(await page.inputValue("#layers-config"), /maxPods: 77/);
  // A value the panel writes (here a test's fill) shows in the editor.
  await page.fill("#layers-config", `${HEADER}maxPods: 12\n`);
  assert.match(await page.textContent(content("layers-config")), /maxPods: 12/);
  await assertClean(page);
  await page.close();
});

test("a bad config file: the kubelet's message marks its line as you type", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  await page.fill("#layers-config", `${HEADER}port: 10250\nmaxPods: -5\n`);
  // The fourth line carries the diagnostic, and only it.
  await page.waitForSelector(`${editorOf("layers-config")} .cm-lint-line.cm-lint-error`);
  const marked = await page.evaluate((sel) => [...document.querySelectorAll(`${sel} .cm-line`)].map((l, i) => (l.classList.contains("cm-lint-error") ? i + 1 : 0)).filter(Boolean), editorOf("layers-config"));
  assert.deepEqual(marked, [4]);
  assert.match(await page.getAttribute(`${editorOf("layers-config")} .cm-lint-error`, "title"), /maxPods \(--max-pods\) -5 must not be a negative number/);
  assert.equal(await page.locator(`${editorOf("layers-config")} .cm-lint-marker-error`).count(), 1);
  // The panel says the same: the kubelet does not start.
  assert.match(await page.textContent("#panel-layers"), /maxPods \(--max-pods\) -5 must not be a negative number/);
  // Hovering the line's text shows the message.
  const line = await page.locator(`${editorOf("layers-config")} .cm-lint-error`).boundingBox();
  await page.mouse.move(line.x + 12, line.y + line.height / 2);
  await page.waitForSelector(".cm-tooltip .cm-diagnostic-error");
  assert.match(await page.textContent(".cm-tooltip .cm-diagnostic-error"), /-5/);
  await screenshot(page, "editors-diagnostic");
  // A value a drop-in overrides is not an error: the kubelet validates the merged result, so
  // the file's editor agrees with the panel (the default drop-in sets port 10260).
  await page.fill("#layers-config", `${HEADER}maxPods: 150\nport: 70000\n`);
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .cm-lint-error`), editorOf("layers-config"));
  await page.waitForFunction(() => /starts with/.test(document.querySelector("#panel-layers")?.textContent ?? ""));
  // Fixing it clears the mark.
  await page.fill("#layers-config", `${HEADER}maxPods: -5\n`);
  await page.waitForSelector(`${editorOf("layers-config")} .cm-lint-error`);
  await page.fill("#layers-config", `${HEADER}maxPods: 150\nport: 10250\n`);
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .cm-lint-error`), editorOf("layers-config"));
  // An unknown flag on the command line is marked at its line.
  await page.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml\n--bogus");
  await page.waitForSelector(`${editorOf("layers-args")} .cm-lint-error`);
  const argLine = await page.evaluate((sel) => [...document.querySelectorAll(`${sel} .cm-line`)].findIndex((l) => l.classList.contains("cm-lint-error")) + 1, editorOf("layers-args"));
  assert.equal(argLine, 2);
  await assertClean(page);
  await page.close();
});

test("completion offers the release's gate names and fields; hover shows a gate's stage", async () => {
  const page = await open("gates");
  await page.waitForSelector(editorOf("gates-flags"));
  const release = await page.inputValue("#gates-emulation");
  const known = await page.evaluate(async (r) => {
    const k = await import("kubegate");
    const g = k.releaseGates(r).find((x) => x.name === "InPlacePodVerticalScaling") ?? k.releaseGates(r).find((x) => x.preRelease === "Beta");
    return g;
  }, release);
  await page.fill("#gates-flags", "");
  await page.click(content("gates-flags"));
  await page.keyboard.type(known.name.slice(0, 9));
  await page.waitForSelector(".cm-tooltip-autocomplete");
  const offered = await page.$$eval(".cm-tooltip-autocomplete li .cm-completionLabel", (els) => els.map((e) => e.textContent));
  assert.ok(offered.includes(known.name), `${known.name} offered, got ${offered.slice(0, 5)}`);
  await screenshot(page, "editors-completion");
  // Accepting it fills the name and "=", and the panel evaluates it.
  while ((await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel")) !== known.name) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.keyboard.type("true");
  assert.equal(await page.inputValue("#gates-flags"), `${known.name}=true`);
  // Hover docs: stage, default, since.
  await page.keyboard.press("Escape");
  const box = await page.locator(`${content("gates-flags")} .cm-line`).boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.waitForSelector(".cm-tooltip .cm-hover-doc");
  const doc = await page.textContent(".cm-tooltip .cm-hover-doc");
  assert.match(doc, new RegExp(`^${known.name}: ${known.preRelease || "GA"}`));
  assert.match(doc, new RegExp(`default ${known.default}`));
  assert.match(doc, new RegExp(`registered since ${known.since.replace(".", "\\.")}`));
  await screenshot(page, "editors-hover");
  await assertClean(page);
  await page.close();
});

test("field names complete in the config file, with their type and default; flags on the command line", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  await page.click(content("layers-config"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nmaxOpen");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  assert.equal(await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel"), "maxOpenFiles");
  assert.equal(await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionDetail"), "integer");
  // (The editor ignores Enter for a moment after the list opens, so a fast typist's newline stays one.)
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await page.keyboard.type("500");
  assert.match(await page.inputValue("#layers-config"), /\nmaxOpenFiles: 500$/);
  // The command line completes the kubelet flags the package accepts for the release.
  await page.click(content("layers-args"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n--max-p");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  assert.equal(await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel"), "--max-pods");
  await assertClean(page);
  await page.close();
});

test("the editors stay clean for axe-core in both themes", async () => {
  for (const colorScheme of ["light", "dark"]) {
    for (const tab of ["layers", "gates"]) {
      const page = await open(tab, { colorScheme });
      await page.waitForSelector(editorOf(tab === "gates" ? "gates-flags" : "layers-config"));
      const found = await axeViolations(page);
      assert.equal(found.length, 0, `${tab} ${colorScheme}:\n${report(found)}`);
      await page.close();
    }
  }
});
