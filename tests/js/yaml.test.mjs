// toYaml: the package's YAML writer (src/yaml/write.rs), the one the CLI prints with, written as
// sigs.k8s.io/yaml writes JSON as YAML.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toYaml, FileSource } from "kubegate";

test("block layout: nested maps indent, sequences under a key do not, empty collections inline", () => {
  assert.equal(
    toYaml({ a: { b: [1, { c: "x", d: "z" }, [2, 3]], e: {} }, f: [], g: null, h: true, i: 1.5 }),
    "a:\n  b:\n  - 1\n  - c: x\n    d: z\n  - - 2\n    - 3\n  e: {}\nf: []\ng: null\nh: true\ni: 1.5\n",
  );
  assert.equal(toYaml({}), "{}\n");
  assert.equal(toYaml([]), "[]\n");
  assert.equal(toYaml("plain"), "plain\n");
  assert.equal(toYaml(null), "null\n");
  assert.equal(toYaml(1e6), "1000000\n"); // an integer in JSON, so an integer in YAML
  assert.equal(toYaml(1.5e-7), "1.5e-07\n"); // a float, as Go formats a float64
});

test("strings are quoted only when YAML 1.1 would read them as something else", () => {
  const cases = {
    "0.0.0.0": "0.0.0.0", "2m0s": "2m0s", "10%": "10%", "0": '"0"', "0755": '"0755"', "yes": '"yes"',
    "on": '"on"', "": '""', "~": '"~"', "1:20": '"1:20"', "a: b": "'a: b'", "- x": "'- x'", "x\ny": "|-\n  x\n  y",
  };
  for (const [s, want] of Object.entries(cases)) assert.equal(toYaml({ k: s }), `k: ${want}\n`, JSON.stringify(s));
});

test("what toYaml writes, the package reads back to the same value", () => {
  const value = { apiVersion: "v1", kind: "Pod", metadata: { name: "web", labels: { on: "yes", n: "0755" } }, spec: { containers: [{ name: "c", image: "nginx:1.25", args: ["--x=1", "a: b", "multi\nline\n"] }] } };
  const src = new FileSource({ path: "/m", nodeName: "n" });
  src.writeFile("web.yaml", toYaml(value));
  const pod = src.tick("2024-05-01T10:00:00Z").updates[0].pods[0];
  assert.deepEqual(pod.metadata.labels, value.metadata.labels);
  assert.deepEqual(pod.spec.containers[0].args, value.spec.containers[0].args);
});

test("toYaml refuses what is not JSON data", () => {
  assert.throws(() => toYaml(undefined), { kind: "invalidArgument" });
  assert.throws(() => toYaml({ a: NaN }), { kind: "invalidArgument" });
  assert.throws(() => toYaml(new Map()), { kind: "invalidArgument" });
});
