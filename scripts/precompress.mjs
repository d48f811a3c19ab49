// Writes `.br` and `.gz` beside every compressible built file under the given folders (the
// package copy in www/pkg: the wasm and its glue, the bulk of a cold load), at the best levels:
// done once per build, so `scripts/serve.mjs` never compresses a large file per request. Small
// files (sources in www/, the docs) are left to the server's in-memory cache, so the work tree
// gains no generated files outside ignored folders.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const EXTS = new Set([".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".ts", ".txt"]);
let files = 0;
let raw = 0;
let br = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path);
    if (info.isDirectory()) walk(path);
    else if (EXTS.has(extname(name)) && info.size >= 1024) {
      const body = readFileSync(path);
      const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      writeFileSync(`${path}.br`, b);
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      files++;
      raw += body.length;
      br += b.length;
    }
  }
}
for (const dir of process.argv.slice(2)) walk(dir);
console.error(`precompressed ${files} files: ${raw} bytes, ${br} as brotli`);
