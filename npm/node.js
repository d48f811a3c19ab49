// Node entry of the kubegate package: loads the WebAssembly synchronously from the package
// folder, so `import { FeatureGate } from "kubegate"` works with no init step. Browsers and
// bundlers get index.js instead, where `await init()` fetches the .wasm.
import { readFileSync } from "node:fs";
import { initSync } from "./kubegate.js";

initSync({ module: readFileSync(new URL("./kubegate_bg.wasm", import.meta.url)) });

export * from "./index.js";
// Calling init() again after initSync is a no-op, so code written for browsers runs here too.
export { default } from "./index.js";
