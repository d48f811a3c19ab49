#!/usr/bin/env node
// `npx kubegate ...`: the same command line as the native binary (src/cli), compiled to its own
// wasm (cli/kubegate_cli_bg.wasm) so `import { FeatureGate } from "kubegate"` never loads it.
// Node supplies what the command line needs: files, directories, stdin, the clock, the terminal.
import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from "node:fs";
import { initSync, runCli } from "./cli/kubegate_cli.js";

initSync({ module: readFileSync(new URL("./cli/kubegate_cli_bg.wasm", import.meta.url)) });

// The native binary's limit (kubegate::import::MAX_IMPORT_BYTES), so both refuse the same files
// with the same words.
const MAX_BYTES = 2 << 20;
// Reads at most MAX_BYTES + 1 bytes: a device, FIFO or endless stdin (whose size stat cannot
// tell) is refused as too large instead of being read forever.
function boundedRead(path) {
  const fd = path === "-" ? 0 : openSync(path, "r");
  try {
    const buf = Buffer.alloc(MAX_BYTES + 1);
    let n = 0;
    for (;;) {
      let got;
      try {
        got = readSync(fd, buf, n, buf.length - n, null);
      } catch (e) {
        if (e.code === "EAGAIN") continue; // a non-blocking stdin with nothing yet
        if (e.code === "EOF") break;
        throw e;
      }
      if (got === 0) break;
      n += got;
      if (n > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
    }
    return buf.subarray(0, n);
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}
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
      bytes = boundedRead(path);
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
