// The lean entry, `kubegate/gates`: the gate core alone (feature gates, the feature list,
// releases, YAML output; not facts(), which speak for every area) over its own wasm built
// without the other areas, so a page or a bundle that needs only gates does not download or
// compile kubelet, node, pod or control-plane code. The checks are the main entry's own
// (core.js). Browsers call `await init()` first. One difference: this wasm reads YAML with
// kubegate's fast reader only (block YAML and one-line flow collections, which every
// versioned_feature_list.yaml is written in), so parseFeatureList here refuses anchors, tags,
// block scalars, escapes and multi-line values with a "kubegate/gates reads block YAML ..." error
// that names the line, where the main entry would read them.
import * as raw from "./gates/kubegate_gates.js";
import { checkedCore } from "./core.js";

const core = checkedCore(raw).exports;
export const { LIMITS, FeatureGate, parseFeatureList, kubernetesFeatures, kubernetesDependencies, renderFeatureList, toYaml, version, releases, releaseGates, releaseFeatures, releasePatchRange, gateHistory, initSync } = core;
// init(): loads the wasm (a browser fetches it); resolves to a frozen summary, never the raw exports.
export default core.init;
