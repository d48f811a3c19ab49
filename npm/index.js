// Browser and bundler entry: everything wasm-bindgen generated, with the cached FeatureGate.
// Call `await init()` (or `initSync({ module })`) before using anything.
export * from "./kubegate.js";
export { default } from "./kubegate.js";
export { FeatureGate } from "./gate.js";
