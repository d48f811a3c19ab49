// The release model through the package: the range, a release's real binary, its gates as data,
// and the versioned list of a release written in upstream's format.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  FeatureGate, releases, releaseGates, releaseFeatures, renderFeatureList, parseFeatureList,
  kubernetesFeatures,
} from "kubegate";

test("the range is one fact: oldest, newest, every release newest first", () => {
  const r = releases();
  assert.equal(r.oldest, "1.16");
  assert.equal(r.releases[0], r.newest);
  assert.equal(r.releases.at(-1), r.oldest);
  assert.equal(r.firstVersioned, "1.31");
  const minors = r.releases.map((v) => Number(v.split(".")[1]));
  for (let i = 1; i < minors.length; i++) assert.equal(minors[i], minors[i - 1] - 1);
});

test("a version outside the data is an error, never the nearest release", () => {
  const { newest } = releases();
  const next = `1.${Number(newest.split(".")[1]) + 1}`;
  assert.throws(() => FeatureGate.forRelease(next), {
    message: `Kubernetes ${next} is outside the releases kubegate has data for (1.16 to ${newest})`,
  });
  assert.throws(() => FeatureGate.forRelease("1.15"), /outside the releases/);
  assert.throws(() => releaseGates("banana"), /invalid Kubernetes version/);
});

test("a release's binary knows the gates it shipped, removed ones until their removal", () => {
  // DynamicKubeletConfig: deprecated (off) from 1.22, removed from the binaries in 1.26.
  const g125 = FeatureGate.forRelease("1.25");
  assert.equal(g125.enabled("DynamicKubeletConfig"), false);
  g125.set("DynamicKubeletConfig=false");
  const g126 = FeatureGate.forRelease("v1.26.3");
  assert.throws(() => g126.set("DynamicKubeletConfig=true"), { message: "unrecognized feature gate: DynamicKubeletConfig" });
  for (const g of [g125, g126]) g.free();
});

test("releaseGates: stage, default, lock and when the stage began", () => {
  const byName = (r) => new Map(releaseGates(r).map((g) => [g.name, g]));
  const at128 = byName("1.28");
  const swap = at128.get("NodeSwap");
  assert.equal(swap.preRelease, "Beta");
  assert.equal(swap.stageSince, "1.28");
  assert.equal(swap.since, "1.22");
  const csi = byName("1.26").get("CSIMigration");
  assert.equal(csi.preRelease, "GA");
  assert.equal(csi.lockToDefault, true);
  assert.equal(csi.removed, "1.27");
  assert.equal(byName("1.27").get("CSIMigration"), undefined);
});

test("a release's versioned list renders in upstream's format and reads back", () => {
  for (const r of ["1.31", releases().newest]) {
    const list = releaseFeatures(r);
    assert.deepEqual(parseFeatureList(renderFeatureList(list)), list);
  }
  assert.deepEqual(releaseFeatures(releases().newest), kubernetesFeatures());
});
