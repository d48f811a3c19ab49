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
  maxStringLength: number;
  maxJsonLength: number;
  maxDepth: number;
  maxValues: number;
  maxArrayLength: number;
  maxFeatureValues: number;
  maxFeatures: number;
}>;
