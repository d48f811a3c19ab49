// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts
export * from "./kubegate.js";
import type { InitInput, SyncInitInput } from "./kubegate.js";

/** What `init()` and `initSync()` give back: a frozen summary, never the raw WebAssembly exports
 * (calling those directly would skip every check and could trap the module). */
export interface KubegateLoaded {
  /** The size of the module's WebAssembly memory now, in bytes (read afresh on every access). */
  readonly memoryBytes: number;
  /** The same number, where code written against the raw instance reads it. */
  readonly memory: { readonly buffer: { readonly byteLength: number } };
}

/** Loads the WebAssembly synchronously (a no-op once loaded, as in Node, where the package loads it on import). */
export declare function initSync(module?: { module: SyncInitInput } | SyncInitInput): KubegateLoaded;

/** Loads the WebAssembly (a browser fetches `kubegate_bg.wasm`; a no-op once loaded). */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<KubegateLoaded>;

/** Limits of the JS boundary (see SECURITY.md); beyond them a call throws an Error of kind "limit". */
export declare const LIMITS: Readonly<{
  /** Longest string argument or string inside a structured argument, in UTF-16 code units. */
  maxStringLength: number;
  /** Largest structured argument, as JSON text (characters). */
  maxJsonLength: number;
  /** Deepest nesting of arrays and objects in a structured argument. */
  maxDepth: number;
  /** Most values (every string, number, array, object...) in one structured argument. */
  maxValues: number;
  /** Longest array in a structured argument or list argument. */
  maxArrayLength: number;
  /**
   * Most entries in one `FeatureGate.setFromMap` map or `FeatureGate.set` string: ten times the
   * features of any release. A map with more entries than a gate has features names an unknown one,
   * which the gate refuses; past this limit it is refused before the names are copied.
   */
  maxFeatureValues: number;
  /**
   * Most features one caller adds to a gate (`add`, `addVersioned`, all calls together) and most
   * entries in one `addDependencies` map: ten times any release's, so that every method of the gate
   * answers within the second.
   */
  maxFeatures: number;
}>;
