// Node entry of `kubegate/gates`: loads the gate core's wasm synchronously (never the full
// package's kubegate_bg.wasm), so `import { FeatureGate } from "kubegate/gates"` needs no init.
// Built into one file with what it imports (scripts/bundle-node.mjs).
import { initSync } from "./gates/kubegate_gates.js";

// Node's builtins through process.getBuiltinModule (Node 20.16+), not ES imports: Node builds
// the ES module view of every export of a builtin it imports (node:fs's alone was most of this
// import's own time). A Node without it (20.0 to 20.15, end of life with the 20 line) would
// need one of those imports on every Node, or top-level await, which `require(esm)` refuses; it
// gets this error instead, and package.json's engines says the same.
if (typeof process.getBuiltinModule !== "function") {
  throw Object.assign(new Error(`kubegate needs Node.js 20.16 or later (process.getBuiltinModule); this is Node.js ${process.version}`), { kind: "init" });
}
const { readFileSync } = process.getBuiltinModule("node:fs");

initSync({ module: readFileSync(new URL("./gates/kubegate_gates_bg.wasm", import.meta.url)) });

export * from "./gates.js";
// init() after initSync is a no-op, so code written for browsers runs here too.
export { default } from "./gates.js";
