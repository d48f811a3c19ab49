// The command line as a Unix filter (npm/cli.js and the native binary, src/bin/kubegate.rs, held
// to the same answers): a closed pipe ends it quietly with status 141 (128 + SIGPIPE, what a C
// tool killed by the signal reports); a full disk and a closed stdout are one line on stderr and
// status 2; a FIFO without a writer and an endless device are refused instead of read forever;
// emulation versions the newest binary cannot emulate are refused with component-base's words.
// Never a stack trace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = new URL("../..", import.meta.url).pathname;
const target = process.env.CARGO_TARGET_DIR ?? join(repo, "target");
const native = process.env.KUBEGATE_NATIVE ?? join(target, "debug/kubegate");
const bins = [["npm bin", `node ${join(repo, "pkg/cli.js")}`]];
if (existsSync(native)) bins.push(["native", native]);

// Runs a shell line; `$K` is the command line under test.
function sh(k, line) {
  const r = spawnSync("bash", ["-c", line], { encoding: "utf8", env: { ...process.env, K: k }, timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const oneLine = (stderr, re) => {
  assert.match(stderr, re);
  assert.equal(stderr.split("\n").filter(Boolean).length, 1, stderr);
  assert.doesNotMatch(stderr, /\n\s+at |node:internal|RuntimeError|panicked/);
};

for (const [name, k] of bins) {
  test(`${name}: a closed pipe ends the run quietly with status 141`, () => {
    // The writer waits until the reader has gone, so the pipe is closed when it writes.
    const r = sh(k, '{ sleep 0.3; $K gates --all --release 1.36; echo "status $?" >&2; } | true');
    assert.equal(r.stderr, "status 141\n");
  });

  test(`${name}: a full disk is one line and status 2`, () => {
    const r = sh(k, "$K gates --all --release 1.36 > /dev/full");
    assert.equal(r.status, 2);
    oneLine(r.stderr, /^kubegate: error: cannot write to standard output: no space left on device\n$/);
  });

  test(`${name}: a closed stdout is one line and status 2`, () => {
    const r = sh(k, "$K gates --all --release 1.36 >&-");
    assert.equal(r.status, 2);
    oneLine(r.stderr, /^kubegate: error: cannot write to standard output: it is closed \(or \/dev\/null opened read-write, which looks the same\); redirect with '> \/dev\/null' to discard the output\n$/);
    // A redirection to /dev/null is not a closed stdout.
    assert.equal(sh(k, "$K gates --all --release 1.36 > /dev/null").status, 0);
  });

  test(`${name}: a FIFO without a writer and an endless device are refused, not read forever`, () => {
    const dir = mkdtempSync(join(tmpdir(), "kubegate-fifo-"));
    try {
      const fifo = join(dir, "config");
      const t = Date.now();
      const r = sh(k, `mkfifo ${fifo} && $K kubelet --config ${fifo}`);
      // A bound on behaviour, not a benchmark: the command line documents that it gives up on a
      // file with nothing to read after 5 seconds; 15 leaves room for a loaded machine and still
      // fails if the documented timeout is not what ends the read.
      assert.ok(Date.now() - t < 15_000, "refused within the timeout");
      assert.equal(r.status, 2);
      oneLine(r.stderr, /nothing to read for 5 seconds/);
      const z = sh(k, "$K kubelet --config /dev/zero");
      assert.equal(z.status, 2);
      oneLine(z.stderr, /larger than 2097152 bytes/);
      // A process substitution is a pipe with a writer: read as a file.
      const p = sh(k, `$K kubelet --config <(printf 'apiVersion: kubelet.config.k8s.io/v1beta1\\nkind: KubeletConfiguration\\nmaxPods: 11\\n') --format json`);
      assert.equal(p.status, 0, p.stderr);
      assert.match(p.stdout, /"maxPods": 11/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`${name}: a control character or deep nesting in a file is one line and status 2`, () => {
    const nul = sh(k, `$K kubelet --config <(printf 'apiVersion: kubelet.config.k8s.io/v1beta1\\nkind: KubeletConfiguration\\nmaxPods: 11\\0\\n')`);
    assert.notEqual(nul.status, 0);
    assert.match(nul.stdout + nul.stderr, /\(\/dev\/fd\/\d+:3\):\n.*yaml: control characters are not allowed/);
    const deep = sh(k, `printf '%s1' "$(printf -- '- %.0s' $(seq 3700))" | $K node -`);
    assert.equal(deep.status, 2);
    oneLine(deep.stderr, /exceeded max depth of 512/);
  });
}

// The CliHost contract (npm/cli.generated.d.ts): every directory entry is `{ name, isDir }`. A
// host that leaves one out is refused with what is missing, not read as an empty name or a file.
test("a host's directory entry without name or isDir is an error naming what is missing", async () => {
  const cli = await import(join(repo, "pkg/cli/kubegate_cli.js"));
  cli.initSync({ module: readFileSync(join(repo, "pkg/cli/kubegate_cli_bg.wasm")) });
  const host = (entries) => ({
    readFile: () => { throw new Error("no such file or directory"); },
    readDir: () => entries,
    now: () => 0,
    color: false,
  });
  for (const [entries, missing] of [
    [[{ isDir: false }], "string `name`"],
    [[{ name: "a.conf" }], "boolean `isDir`"],
    [[{ name: "a.conf", isDir: false }, { name: 1, isDir: false }], "string `name`"],
  ]) {
    const out = cli.runCli(["kubegate", "kubelet", "--config-dir", "/d"], host(entries));
    assert.equal(out.code, 2, out.stderr);
    const entry = entries.length - 1;
    assert.match(out.stderr, new RegExp(`cannot read directory /d: host\\.readDir entry ${entry} has no ${missing}`));
  }
});
