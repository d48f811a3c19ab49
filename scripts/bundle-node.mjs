// Bundles the package's Node entries, each into one file, so an import reads and compiles one
// module instead of four or five (each costs Node about a millisecond, a third of the gate core's
// import once the wasm is compiled; BENCHMARKS.md has the import times):
// - pkg/gates-node.js (`kubegate/gates` under Node): npm/gates-node.js with the gate core's
//   glue, gates.js and core.js;
// - pkg/node.js (`kubegate` under Node): npm/node.js with the part of core.js it uses; the gate
//   core stays the one module above, imported, so a program that imports both entries compiles
//   the gate core's wasm once and sees one FeatureGate class;
// - pkg/areas.cjs: the browser entry (index.js: api.js over the full wasm-bindgen glue, with
//   core.js), which the Node entry requires the first time an export outside the gate core is
//   touched. CommonJS, because a constructor must load it synchronously and Node 20 cannot
//   require an ES module.
// Bundling changes the module format and the file count, never the code: browsers run the same
// modules unbundled.
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

const pkg = (file) => new URL(file, new URL("../pkg/", import.meta.url)).pathname;
const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning" };

/** Keeps `import ... from "./gates-node.js"` an import of the bundled gate core entry. */
const gateCoreEntry = {
  name: "gate-core-entry",
  setup(b) {
    b.onResolve({ filter: /^\.\/gates-node\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The glue finds its wasm beside itself (`new URL("kubegate_gates_bg.wasm", import.meta.url)`);
 * bundled into pkg/gates-node.js, it sits one folder up, so the URL gains the folder. Only
 * `init()` without arguments reads it, which the Node entry never needs (it has loaded the
 * wasm), but the bundle names no file that does not exist. */
const glueBesideWasm = {
  name: "glue-beside-wasm",
  setup(b) {
    b.onLoad({ filter: /\/gates\/kubegate_gates\.js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      const from = "new URL('kubegate_gates_bg.wasm', import.meta.url)";
      if (text.split(from).length !== 2) throw new Error(`${args.path}: expected one ${from}`);
      return { contents: text.replace(from, "new URL('./gates/kubegate_gates_bg.wasm', import.meta.url)"), loader: "js" };
    });
  },
};

await build({ ...common, entryPoints: [pkg("gates-node.js")], outfile: pkg("gates-node.js"), allowOverwrite: true, format: "esm", plugins: [glueBesideWasm] });
await build({ ...common, entryPoints: [pkg("node.js")], outfile: pkg("node.js"), allowOverwrite: true, format: "esm", plugins: [gateCoreEntry] });
await build({
  ...common,
  entryPoints: [pkg("index.js")],
  outfile: pkg("areas.cjs"),
  format: "cjs",
  // ES modules are strict code; the bundle stays so.
  banner: { js: '"use strict";' },
  // The glue's default init() resolves the wasm against import.meta.url, which CommonJS lacks;
  // the Node entry always hands the bytes to initSync instead, so that path never runs here.
  logOverride: { "empty-import-meta": "silent" },
});
