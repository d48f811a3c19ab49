// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts

/** What the command line needs from Node (npm/cli.js builds it). */
export interface CliHost {
  /** A file's text; "-" is stdin. Throws an Error whose message is the reason. */
  readFile(path: string): string;
  /** A directory's entries, each with both fields (an entry without one is refused, naming what
   *  is missing). Throws an Error whose message is the reason. */
  readDir(path: string): { name: string; isDir: boolean }[];
  /** Now, Unix milliseconds. */
  now(): number;
  /** Colour the output (stdout is a TTY and NO_COLOR is unset). */
  color: boolean;
}

/**
 * What one run of the command line printed and its exit code.
 */
export type CliOutput = {
  stdout: string;
  stderr: string;
  code: number;
};
