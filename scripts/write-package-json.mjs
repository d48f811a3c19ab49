// Writes pkg/package.json: wasm-pack's web-target manifest cannot express "Node loads the
// wasm synchronously, browsers call init()", so we write the whole manifest ourselves.
import { readFileSync, writeFileSync } from "node:fs";

const cargo = readFileSync(new URL("../Cargo.toml", import.meta.url), "utf8");
const field = (name) => cargo.match(new RegExp(`^${name} = "(.*)"$`, "m"))?.[1];

const manifest = {
  name: "kubegate",
  version: field("version"),
  description: field("description"),
  license: field("license"),
  repository: { type: "git", url: field("repository") },
  keywords: ["kubernetes", "feature-gates", "kubelet", "wasm"],
  type: "module",
  main: "./node.js",
  module: "./index.js",
  browser: "./index.js",
  types: "./index.d.ts",
  // `npx kubegate ...`: the command line (cli.js runs cli/kubegate_cli_bg.wasm).
  bin: { kubegate: "./cli.js" },
  exports: {
    ".": {
      types: "./index.d.ts",
      node: "./node.js",
      default: "./index.js",
    },
    // The gate core alone, over its own small wasm (gates/): same checks, same answers.
    "./gates": {
      types: "./gates.d.ts",
      node: "./gates-node.js",
      default: "./gates.js",
    },
    "./widgets": {
      types: "./widgets/index.d.ts",
      default: "./widgets/index.js",
    },
    "./kubegate_bg.wasm": "./kubegate_bg.wasm",
    "./gates/kubegate_gates_bg.wasm": "./gates/kubegate_gates_bg.wasm",
    "./package.json": "./package.json",
  },
  files: ["index.js", "index.d.ts", "api.js", "exports.generated.js", "kubegate.js", "kubegate.d.ts", "kubegate_bg.wasm", "kubegate_bg.wasm.d.ts", "node.js", "node.d.ts", "areas.cjs", "core.js", "gates.js", "gates.d.ts", "gates-node.js", "gates/kubegate_gates.js", "gates/kubegate_gates.d.ts", "gates/kubegate_gates_bg.wasm", "README.md", "widgets/", "cli.js", "cli/kubegate_cli.js", "cli/kubegate_cli_bg.wasm"],
  sideEffects: ["./node.js", "./api.js", "./gates-node.js", "./widgets/index.js"],
  engines: { node: ">=20.16" },
};
writeFileSync(new URL("../pkg/package.json", import.meta.url), JSON.stringify(manifest, null, 2) + "\n");
