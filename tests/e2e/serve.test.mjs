// The playground's static server: compressed responses, validators, nothing outside www/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { serve, acceptedEncodings } from "../../scripts/serve.mjs";

const www = new URL("../../www/", import.meta.url).pathname;

function get(port, path, headers = {}) {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

test("Accept-Encoding is read with its q-values", () => {
  assert.deepEqual(acceptedEncodings("gzip, deflate, br, zstd"), ["br", "gzip"]);
  assert.deepEqual(acceptedEncodings("gzip;q=1.0, br;q=0"), ["gzip"]);
  assert.deepEqual(acceptedEncodings("identity"), []);
  assert.deepEqual(acceptedEncodings("*"), ["br", "gzip"]);
  assert.deepEqual(acceptedEncodings(undefined), []);
});

test("the wasm goes out compressed, with a validator; an unchanged file costs a 304", async () => {
  const server = await serve(www, 0);
  const { port } = server.address();
  try {
    const raw = readFileSync(new URL("pkg/kubegate_bg.wasm", `file://${www}`));
    const br = await get(port, "/pkg/kubegate_bg.wasm", { "accept-encoding": "gzip, br" });
    assert.equal(br.status, 200);
    assert.equal(br.headers["content-type"], "application/wasm");
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(br.headers.vary, "accept-encoding");
    assert.equal(br.headers["cache-control"], "no-cache");
    assert.ok(br.body.length < raw.length / 2, `${br.body.length} of ${raw.length}`);
    assert.ok(brotliDecompressSync(br.body).equals(raw));
    const gz = await get(port, "/pkg/kubegate_bg.wasm", { "accept-encoding": "gzip" });
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.ok(gunzipSync(gz.body).equals(raw));
    const plain = await get(port, "/pkg/kubegate_bg.wasm");
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.ok(plain.body.equals(raw));
    const again = await get(port, "/pkg/kubegate_bg.wasm", { "if-none-match": br.headers.etag, "accept-encoding": "br" });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    // Pages and modules are compressed too (on the fly, once per file version).
    const page = await get(port, "/", { "accept-encoding": "br" });
    assert.equal(page.headers["content-type"], "text/html; charset=utf-8");
    const app = await get(port, "/app.js", { "accept-encoding": "br" });
    assert.equal(app.headers["content-encoding"], "br");
    assert.ok(brotliDecompressSync(app.body).equals(readFileSync(new URL("app.js", `file://${www}`))));
    // Nothing outside the served folder.
    assert.equal((await get(port, "/../Cargo.toml")).status, 404);
    assert.equal((await get(port, "/%2e%2e/Cargo.toml")).status, 404);
  } finally {
    server.close();
  }
});
