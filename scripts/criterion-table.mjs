// Turns criterion's JSON results (target/criterion) into Markdown tables, one per bench group,
// each with ratios to its own baseline measured in the same run: feature-gate lookups against a
// HashMap lookup, YAML against serde_json on the same data, simulator runs against a one-node
// simulated hour, controller passes over 50,000 nodes against a round trip of their input's JSON
// through serde_json's generic tree, hostile texts against serde_json reading as many bytes.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const root = "target/criterion";
const rows = [];
// A benchmark's results sit in `<id>/new/`, or `<group>/<id>/new/` for one in a group.
function collect(dir, depth) {
  const bench = join(dir, "new", "benchmark.json");
  const est = join(dir, "new", "estimates.json");
  if (existsSync(bench) && existsSync(est)) {
    const { full_id } = JSON.parse(readFileSync(bench, "utf8"));
    const { median } = JSON.parse(readFileSync(est, "utf8"));
    rows.push({ name: full_id, ns: median.point_estimate });
  } else if (depth < 2) {
    for (const sub of readdirSync(dir, { withFileTypes: true })) {
      if (sub.isDirectory() && sub.name !== "report") collect(join(dir, sub.name), depth + 1);
    }
  }
}
if (existsSync(root)) collect(root, 0);
const groups = [
  { title: "Feature gates", match: (n) => !/^(sim|yaml|nodes|hostile)\b/.test(n), baseline: (n) => n.startsWith("baseline") },
  // YAML reading against the same data read as JSON by serde_json (see benches/yaml.rs).
  { title: "YAML (native)", match: (n) => n.startsWith("yaml"), baseline: (n) => n === "yaml baseline: serde_json::from_str (same data as JSON)" },
  { title: "Cluster simulator (native)", match: (n) => n.startsWith("sim"), baseline: (n) => n === "sim baseline: 1 node, 1h" },
  // The package's path natively: text in, pass, text out (see benches/nodelifecycle.rs).
  // Texts at the limits and refusals, against one linear pass over as many bytes (benches/yaml.rs).
  { title: "Hostile inputs (native)", match: (n) => n.startsWith("hostile"), baseline: (n) => n.startsWith("hostile baseline") },
  { title: "Node lifecycle controller, 50,000 nodes (native)", match: (n) => n.startsWith("nodes"), baseline: (n) => n.startsWith("nodes/baseline") },
];
const show = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`);
for (const g of groups) {
  const mine = rows.filter((r) => g.match(r.name)).sort((a, b) => a.ns - b.ns);
  if (!mine.length) continue;
  const base = mine.find((r) => g.baseline(r.name));
  console.log(`${g.title}:\n`);
  console.log("| benchmark | median | ratio to baseline |");
  console.log("|---|---:|---:|");
  for (const r of [base, ...mine.filter((r) => r !== base)].filter(Boolean)) {
    console.log(`| ${r.name} | ${show(r.ns)} | ${base ? (r.ns / base.ns).toFixed(2) : ""} |`);
  }
  console.log("");
}
