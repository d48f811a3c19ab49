// Browser and bundler entry: the checked API (api.js) over what wasm-bindgen generated.
// Call `await init()` (or `initSync({ module })`) before using anything.
export * from "./api.js";
export { default } from "./api.js";
