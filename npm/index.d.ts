export * from "./kubegate.js";
export { default } from "./kubegate.js";
/** Limits of the JS boundary (see SECURITY.md); beyond them a call throws an Error of kind "limit". */
export declare const LIMITS: Readonly<{
  maxStringLength: number;
  maxJsonLength: number;
  maxDepth: number;
  maxValues: number;
  maxArrayLength: number;
}>;
