// A fresh user project's folder for a packaging test, removed when the test file ends: each one
// holds an npm install of the tarball (tens of MB), and runs of `make test` must not fill the disk.
import { after } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system's temporary directory, named `prefix` plus a random part. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
