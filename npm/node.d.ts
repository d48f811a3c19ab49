// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts
// Node's entry declares what the browser entry does.
export * from "./index.js";
export { default } from "./index.js";
