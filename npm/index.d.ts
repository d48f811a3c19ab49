export * from "./kubegate.js";
export { default } from "./kubegate.js";
