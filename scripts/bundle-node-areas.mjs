// Bundles the package's browser entry (index.js: api.js over the full wasm-bindgen glue, with
// core.js) into pkg/areas.cjs, which the Node entry (npm/node.js) requires the first time an
// export outside the gate core is touched. It is CommonJS because a constructor must load it
// synchronously, and Node 20 cannot require an ES module. The bundle is the same code browsers
// run; only the module format differs.
import { build } from "esbuild";

const pkg = new URL("../pkg/", import.meta.url);
await build({
  entryPoints: [new URL("index.js", pkg).pathname],
  outfile: new URL("areas.cjs", pkg).pathname,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // ES modules are strict code; the bundle stays so.
  banner: { js: '"use strict";' },
  logLevel: "warning",
  // The glue's default init() resolves the wasm against import.meta.url, which CommonJS lacks;
  // the Node entry always hands the bytes to initSync instead, so that path never runs here.
  logOverride: { "empty-import-meta": "silent" },
});
