// Turns criterion's JSON results (target/criterion) into a Markdown table with ratios to the
// baseline of each group (the benchmark whose name starts with "baseline").
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const root = "target/criterion";
const rows = [];
for (const dir of existsSync(root) ? readdirSync(root) : []) {
  const bench = join(root, dir, "new", "benchmark.json");
  const est = join(root, dir, "new", "estimates.json");
  if (!existsSync(bench) || !existsSync(est)) continue;
  const { full_id } = JSON.parse(readFileSync(bench, "utf8"));
  const { median } = JSON.parse(readFileSync(est, "utf8"));
  rows.push({ name: full_id, ns: median.point_estimate });
}
const base = rows.find((r) => r.name.startsWith("baseline"));
const show = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`);
console.log("| benchmark | median | ratio to baseline |");
console.log("|---|---:|---:|");
for (const r of rows.sort((a, b) => (a === base ? -1 : b === base ? 1 : a.ns - b.ns))) {
  console.log(`| ${r.name} | ${show(r.ns)} | ${base ? (r.ns / base.ns).toFixed(2) : ""} |`);
}
