#!/usr/bin/env node
// `npx kubegate ...`: the same command line as the native binary (src/cli), compiled to its own
// wasm (cli/kubegate_cli_bg.wasm) so `import { FeatureGate } from "kubegate"` never loads it.
// Node supplies what the command line needs: files, directories, stdin, the clock, the terminal.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { initSync, runCli } from "./cli/kubegate_cli.js";

initSync({ module: readFileSync(new URL("./cli/kubegate_cli_bg.wasm", import.meta.url)) });

const MAX_BYTES = 8 << 20;
// The reason alone, worded as the native binary words it.
const REASONS = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "is a directory",
  ENOTDIR: "not a directory",
};
const fail = (e) => {
  throw new Error(REASONS[e.code] ?? e.message);
};

const host = {
  readFile(path) {
    let bytes;
    try {
      if (path !== "-") {
        const st = statSync(path);
        if (st.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
        if (st.size > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
      }
      bytes = readFileSync(path === "-" ? 0 : path);
    } catch (e) {
      fail(e);
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new Error("not UTF-8 text");
    }
  },
  readDir(path) {
    try {
      return readdirSync(path, { withFileTypes: true }).map((d) => ({ name: d.name, isDir: d.isDirectory() }));
    } catch (e) {
      fail(e);
    }
  },
  now: () => Date.now(),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
};

const out = JSON.parse(runCli(["kubegate", ...process.argv.slice(2)], host));
process.stdout.write(out.stdout);
process.stderr.write(out.stderr);
process.exitCode = out.code;
