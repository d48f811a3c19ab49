// `npx kubegate` as users get it: npm pack of pkg/, installed offline into a fresh project with no
// access to this repository, then run through npx (the package's `bin`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchDir } from "./scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

test("npx kubegate --help, a check and its exit code work from a fresh project", () => {
  const out = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmpdir(), join(repo, "pkg")], repo));
  const files = out[0].files.map((f) => f.path);
  for (const f of ["cli.js", "cli/kubegate_cli.js", "cli/kubegate_cli_bg.wasm"]) {
    assert.ok(files.includes(f), `${f} missing from the tarball`);
  }
  const dir = scratchDir("kubegate-cli-user-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "user", version: "1.0.0" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--offline", join(tmpdir(), out[0].filename)], dir);
  const help = run("npx", ["--offline", "kubegate", "--help"], dir);
  assert.match(help, /^Kubernetes feature gates, kubelet configuration and node lifecycle/);
  assert.match(help, /Exit codes:/);
  writeFileSync(join(dir, "kubelet.yaml"), "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: -1\n");
  const r = spawnSync("npx", ["--offline", "kubegate", "kubelet", "--release", "1.29", "--config", "kubelet.yaml"], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /kubelet\.yaml:3/);
});
