export * from "./index.js";
export { default } from "./index.js";
