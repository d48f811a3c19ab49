// Deep nesting and control characters through every entry point that reads YAML: each answers
// or refuses in go-yaml's words ("exceeded max depth of 512", naming the line; "control
// characters are not allowed", a reader's error, naming none), and the module works after every
// call. Nesting
// just inside the limit is the deepest any walker of the result sees, so it is tried too.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as k from "kubegate";

const ok = () => assert.equal(k.parseFeatureList("- name: A\n  versionedSpecs:\n  - default: true\n").A.length, 1);

const mappings = (n) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}a:\n`).join("");
const TEXTS = {
  "3700 '- '": ["- ".repeat(3700) + "1", /line 1: exceeded max depth of 512/],
  // A collection as a key: go-yaml refuses the innermost once it is decoded, printed as Go's %#v.
  // Past kubegate's own depth limit (lower than go-yaml's, src/yaml/mod.rs) the limit is met first.
  "200 '- ? '": ["- ? ".repeat(200), /invalid map key: \[\]interface \{\}\{map\[interface \{\}\]interface \{\}\{interface \{\}\(nil\):interface \{\}\(nil\)\}\}$/],
  "3000 '- ? '": ["- ? ".repeat(3000), /line 1: exceeded max depth of 512/],
  "513 '- '": ["- ".repeat(513) + "1", /line 1: exceeded max depth of 512/],
  "600 mappings": [mappings(600), /line 513: exceeded max depth of 512/],
  "512 '- '": ["- ".repeat(512) + "1", null],
  "511 mappings": [mappings(511) + "  ".repeat(511) + "b: 1\n", null],
  "250 '['": ["[".repeat(250) + "1" + "]".repeat(250), null],
  "300 '['": ["[".repeat(300) + "1", /line 1: /],
  "NUL": ["apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 11\0\n", /control characters are not allowed/],
  "ESC": ["kind: Node\nmetadata:\n  name: \u001b[31m\n", /control characters are not allowed/],
  "DEL": ["a: \u007f\n", /control characters are not allowed/],
};

const NOW = "2024-05-01T10:00:00Z";
const ENTRIES = {
  parseFeatureList: (t) => k.parseFeatureList(t),
  resolveKubeletConfig: (t) => k.resolveKubeletConfig({ args: ["--config=/k.yaml"], files: { "/k.yaml": t } }),
  "resolveKubeletConfig drop-in": (t) => k.resolveKubeletConfig({ args: ["--config-dir=/d"], files: { "/d/10.conf": t } }),
  importNode: (t) => k.importNode(t),
  importKubeadmConfig: (t) => k.importKubeadmConfig(t),
  importConfigz: (t) => k.importConfigz(t),
  "FileSource.writeFile+tick": (t) => {
    const s = new k.FileSource({ path: "/m", nodeName: "n" });
    try {
      s.writeFile("a.yaml", t);
      return s.tick(NOW);
    } finally {
      s.free();
    }
  },
  "HttpSource.tick": (t) => {
    const s = new k.HttpSource({ url: "http://x/pods", nodeName: "n" });
    try {
      s.serve({ status: 200, body: t });
      return s.tick(NOW);
    } finally {
      s.free();
    }
  },
};

for (const [what, [text, refusal]] of Object.entries(TEXTS)) {
  test(`${what}: every YAML entry point answers or refuses, and the module lives`, () => {
    for (const [entry, call] of Object.entries(ENTRIES)) {
      let answer, error;
      try {
        answer = call(text);
      } catch (e) {
        error = e;
      }
      if (error) {
        assert.ok(error instanceof Error && typeof error.kind === "string", `${entry}: ${error}`);
        assert.notEqual(error.kind, "trapped", `${entry}: ${error.message}`);
        assert.notEqual(error.kind, "internal", `${entry}: ${error.message}`);
      }
      if (refusal && ["parseFeatureList", "resolveKubeletConfig", "importNode", "importKubeadmConfig"].includes(entry)) {
        assert.ok(error, `${entry} accepted ${what}`);
        assert.match(error.message, refusal, entry);
      }
      if (refusal && entry.endsWith("tick") && !error) {
        // The pod sources report a manifest they cannot read as a reason, not a throw.
        assert.match(JSON.stringify(answer), refusal.source.includes("control") ? /control characters are not allowed/ : /yaml|depth|line/, entry);
      }
      ok();
    }
  });
}
