// The package as users receive it: `npm pack` of pkg/, installed into a fresh Node project with
// no access to this repository, imported with a plain `import`; and bundled for the browser by a
// standard bundler (esbuild), then run in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync, readFileSync, copyFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchDir } from "./scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

let tarball;
test("npm pack produces a tarball with the files users need", () => {
  const out = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmpdir(), join(repo, "pkg")], repo));
  const files = out[0].files.map((f) => f.path).sort();
  for (const f of ["kubegate.js", "kubegate.d.ts", "kubegate_bg.wasm", "node.js", "node.d.ts", "areas.cjs", "package.json", "README.md", "core.js", "gates.js", "gates.d.ts", "gates-node.js", "gates/kubegate_gates.js", "gates/kubegate_gates.d.ts", "gates/kubegate_gates_bg.wasm"]) {
    assert.ok(files.includes(f), `${f} missing from the tarball: ${files}`);
  }
  tarball = join(tmpdir(), out[0].filename);
});

test("the tarball installs into a fresh project and works with a plain import", () => {
  const dir = scratchDir("kubegate-user-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "user", version: "1.0.0", type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], dir);
  writeFileSync(
    join(dir, "main.js"),
    `import { FeatureGate, parseFeatureList } from "kubegate";
     const g = new FeatureGate("1.31");
     g.addVersioned(parseFeatureList("- name: X\\n  versionedSpecs:\\n  - {default: true, preRelease: Beta, version: '1.30'}\\n"));
     try { g.set("Y=true"); } catch (e) { console.log(g.enabled("X"), e.message); }`,
  );
  assert.equal(run("node", ["main.js"], dir).trim(), "true unrecognized feature gate: Y");
  // CommonJS users can reach it through dynamic import.
  writeFileSync(join(dir, "cjs.cjs"), `import("kubegate").then(({ FeatureGate }) => console.log(new FeatureGate().emulationVersion()));`);
  assert.equal(run("node", ["cjs.cjs"], dir).trim(), "1.37");
  // The gate core alone: same answers from `kubegate/gates`, no init step either.
  writeFileSync(join(dir, "gates.js"), readFileSync(join(dir, "main.js"), "utf8").replace('from "kubegate"', 'from "kubegate/gates"'));
  assert.equal(run("node", ["gates.js"], dir).trim(), "true unrecognized feature gate: Y");
  // Another area from the main entry: its JavaScript and wasm load on first use, from the tarball.
  writeFileSync(join(dir, "areas.js"), `import { PodConfig, resolveKubeletConfig } from "kubegate";
     console.log(resolveKubeletConfig({ args: ["--max-pods=60"] }).config.maxPods, new PodConfig().mode);`);
  assert.equal(run("node", ["areas.js"], dir).trim(), "60 Incremental");
});

test("a browser bundle of kubegate/gates carries neither the full glue nor the Node entry", () => {
  const dir = scratchDir("kubegate-gates-bundle-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "web", version: "1.0.0", type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], dir);
  writeFileSync(join(dir, "app.js"), `import init, { FeatureGate } from "kubegate/gates"; await init(); console.log(new FeatureGate("1.34"));`);
  const esbuild = join(repo, "node_modules/.bin/esbuild");
  run(esbuild, ["app.js", "--bundle", "--format=esm", "--platform=browser", "--metafile=meta.json", "--outfile=dist/app.js"], dir);
  const inputs = Object.keys(JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")).inputs);
  assert.ok(inputs.some((f) => f.endsWith("kubegate/gates/kubegate_gates.js")), inputs.join(" "));
  for (const f of inputs) assert.ok(!/kubegate\/(kubegate|api|node|gates-node)\.js$/.test(f), `${f} in the gates bundle`);
});

test("esbuild bundles it for the browser and the bundle runs in Chromium", async () => {
  const dir = scratchDir("kubegate-bundle-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "web", version: "1.0.0", type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], dir);
  writeFileSync(
    join(dir, "app.js"),
    `import init, { FeatureGate } from "kubegate";
     await init({ module_or_path: new URL("./kubegate_bg.wasm", import.meta.url) });
     const g = new FeatureGate("1.34");
     document.body.textContent = "ok " + g.knownFeatures().length;`,
  );
  const esbuild = join(repo, "node_modules/.bin/esbuild");
  run(esbuild, ["app.js", "--bundle", "--format=esm", "--platform=browser", "--outfile=dist/app.js"], dir);
  assert.ok(!readFileSync(join(dir, "dist/app.js"), "utf8").includes("node:fs"), "the browser bundle must not pull in the Node entry");
  copyFileSync(join(dir, "node_modules/kubegate/kubegate_bg.wasm"), join(dir, "dist/kubegate_bg.wasm"));
  writeFileSync(join(dir, "dist/index.html"), `<!doctype html><script type="module" src="./app.js"></script>`);
  const { serve } = await import(join(repo, "scripts/serve.mjs"));
  const { chromium } = await import("playwright-core");
  const server = await serve(join(dir, "dist"), 0);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.body.textContent.startsWith("ok"));
    assert.equal(await page.textContent("body"), "ok 2");
  } finally {
    await browser.close();
    server.close();
  }
});

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
assert.ok(existsSync(join(repo, "pkg/package.json")), "build pkg/ first (make build)");
