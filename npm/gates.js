// The lean entry, `kubegate/gates`: the gate core alone (feature gates, the feature list,
// releases, YAML output; not facts(), which speak for every area) over its own wasm built
// without the other areas, so a page or a bundle that needs only gates does not download or
// compile kubelet, node, pod or control-plane code. The checks are the main entry's own
// (core.js), and so is the YAML reader: parseFeatureList answers here as it does there. Browsers
// call `await init()` first.
import * as raw from "./gates/kubegate_gates.js";
import { checkedCore } from "./core.js";

const core = checkedCore(raw).exports;
export const { LIMITS, FeatureGate, parseFeatureList, kubernetesFeatures, kubernetesDependencies, renderFeatureList, toYaml, version, releases, releaseGates, releaseFeatures, releasePatchRange, gateHistory, initSync } = core;
// init(): loads the wasm (a browser fetches it); resolves to a frozen summary, never the raw exports.
export default core.init;
