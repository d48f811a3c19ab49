// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts
// `kubegate/gates`: the gate core alone, with the same types and answers as the main entry's
// gate exports.
export {
  FeatureGate,
  parseFeatureList,
  kubernetesFeatures,
  kubernetesDependencies,
  renderFeatureList,
  toYaml,
  version,
  releases,
  releaseGates,
  releaseFeatures,
  releasePatchRange,
  gateHistory,
} from "./gates/kubegate_gates.js";
export type * from "./gates/kubegate_gates.js";
export { default, initSync, LIMITS, type KubegateLoaded } from "./index.js";
