// A tiny static file server for www/ (no dependencies): correct MIME types for .wasm and ES
// modules, nothing outside the served folder, compressed responses and cheap revalidation.
//
// Why it is built this way:
//   * Compression. The wasm is over a megabyte raw and about a third of that compressed, so a
//     slow link spends most of the cold load on it. `scripts/precompress.mjs` writes `.br` and
//     `.gz` beside the built files at build time (brotli at its best level is too slow to do per
//     request); anything else is compressed once per file version and kept in memory.
//   * Validators, not expiry. Every response carries an ETag (size and modification time) and
//     `cache-control: no-cache`: the browser keeps its copy and asks "still this one?", so a
//     rebuild shows at once and an unchanged file costs a 304 with no body.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".yaml": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};
/** Types worth compressing (images are compressed already). */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".yaml", ".txt", ".ts"]);
/** Files smaller than this go out as they are: the headers would cost more than the saving. */
const MIN_COMPRESS = 1024;

/** The encodings a request accepts, best first: "br", then "gzip". */
export function acceptedEncodings(header = "") {
  const offered = new Map();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e) => (offered.get(e) ?? offered.get("*") ?? 0) > 0;
  return ["br", "gzip"].filter(ok);
}

const memo = new Map(); // `${file}|${etag}|${encoding}` -> compressed body

async function variant(file, etag, encoding) {
  const key = `${file}|${etag}|${encoding}`;
  let out = memo.get(key);
  if (out) return out;
  const ext = encoding === "br" ? ".br" : ".gz";
  try {
    // A precompressed file counts only if it is not older than the file it compresses.
    const [pre, orig] = await Promise.all([stat(file + ext), stat(file)]);
    if (pre.mtimeMs >= orig.mtimeMs) out = await readFile(file + ext);
  } catch {
    // none written at build time: compress here, once per file version
  }
  if (!out) {
    const body = await readFile(file);
    out = encoding === "br"
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  }
  memo.set(key, out);
  return out;
}

export function serve(root, port, host = "127.0.0.1") {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error("outside");
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file);
      }
      const ext = extname(file);
      const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
      const headers = {
        "content-type": TYPES[ext] ?? "application/octet-stream",
        "cache-control": "no-cache",
        etag,
      };
      const compressible = COMPRESSIBLE.has(ext) && info.size >= MIN_COMPRESS;
      if (compressible) headers.vary = "accept-encoding";
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      const encoding = compressible ? acceptedEncodings(req.headers["accept-encoding"])[0] : undefined;
      let body;
      if (encoding) {
        body = await variant(file, etag, encoding);
        headers["content-encoding"] = encoding;
      } else {
        body = await readFile(file);
      }
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = "www", port = "8000"] = process.argv.slice(2);
  await serve(root, Number(port));
  console.log(`kubegate playground: http://localhost:${port}/`);
}
