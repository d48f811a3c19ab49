// Node entry of `kubegate/gates`: loads the gate core's wasm synchronously (never the full
// package's kubegate_bg.wasm), so `import { FeatureGate } from "kubegate/gates"` needs no init.
import { readFileSync } from "node:fs";
import { initSync } from "./gates/kubegate_gates.js";

initSync({ module: readFileSync(new URL("./gates/kubegate_gates_bg.wasm", import.meta.url)) });

export * from "./gates.js";
// init() after initSync is a no-op, so code written for browsers runs here too.
export { default } from "./gates.js";
