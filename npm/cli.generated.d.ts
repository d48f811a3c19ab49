// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts

/**
 * What one run of the command line printed and its exit code.
 */
export type CliOutput = {
  stdout: string;
  stderr: string;
  code: number;
};
