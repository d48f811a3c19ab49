// Node entry of `kubegate/gates`: loads the gate core's wasm synchronously (never the full
// package's kubegate_bg.wasm), so `import { FeatureGate } from "kubegate/gates"` needs no init.
// Built into one file with what it imports (scripts/bundle-node.mjs).
import { createRequire } from "node:module";
import { initSync } from "./gates/kubegate_gates.js";

// fs through the builtin loader (Node 20.16+; CommonJS's before that), not an ES import of
// node:fs: Node would build the ES module view of every fs export, 1.6 ms of this import.
const { readFileSync } = process.getBuiltinModule?.("node:fs") ?? createRequire(import.meta.url)("node:fs");

initSync({ module: readFileSync(new URL("./gates/kubegate_gates_bg.wasm", import.meta.url)) });

export * from "./gates.js";
// init() after initSync is a no-op, so code written for browsers runs here too.
export { default } from "./gates.js";
