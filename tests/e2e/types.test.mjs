// The playground's own modules type-check against the package they use: `tsc -p www` (see
// www/tsconfig.json) with checkJs and strictNullChecks, the package's types read from the built
// npm package (pkg/*.d.ts, written by scripts/build-site.sh). A call into the package with the
// wrong shape, a property that is not there, or a possibly-null element used as if present fails
// here instead of in a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const root = new URL("../../", import.meta.url).pathname;

test("www/ type-checks with tsc (checkJs, strictNullChecks, the package's .d.ts)", () => {
  assert.ok(existsSync(`${root}pkg/index.d.ts`), "pkg/index.d.ts is missing: run bash scripts/build-site.sh first");
  const tsc = `${root}node_modules/.bin/tsc`;
  assert.ok(existsSync(tsc), "typescript is not installed (npm install)");
  const r = spawnSync(tsc, ["-p", `${root}www`, "--noEmit"], { cwd: root, encoding: "utf8" });
  assert.equal(r.status, 0, `tsc -p www found type errors:\n${r.stdout}${r.stderr}`);
});
