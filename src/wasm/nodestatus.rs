//! JS exports for node conditions, the node lifecycle controller and the cluster simulator.

use wasm_bindgen::prelude::*;

use super::{from_js, js_error, to_js};
use crate::controller::nodelifecycle::{ControllerConfig, MonitorInput, NodeLifecycleController};
use crate::kubelet::nodestatus::{self, Node, NodeStatus, ReadyInputs};
use crate::sim::{Scenario, Simulator};
use crate::timestamp::Time;

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
export type ConditionStatus = "True" | "False" | "Unknown";
export interface NodeCondition { type: string; status: ConditionStatus; lastHeartbeatTime?: string; lastTransitionTime?: string; reason?: string; message?: string; }
export interface Taint { key: string; value?: string; effect: "NoSchedule" | "PreferNoSchedule" | "NoExecute"; timeAdded?: string; }
export interface NodeStatus { capacity?: Record<string, string | number>; conditions?: NodeCondition[]; [field: string]: unknown; }
export interface Node { metadata?: { name?: string; creationTimestamp?: string; labels?: Record<string, string>; [field: string]: unknown }; spec?: { unschedulable?: boolean; taints?: Taint[]; [field: string]: unknown }; status?: NodeStatus; [field: string]: unknown; }
export interface NodeEvent { type: "Normal" | "Warning"; reason: string; }
export interface SetterResult { node: Node; events: NodeEvent[]; }
export interface ReadyInputs { runtimeError?: string | string[]; networkError?: string | string[]; storageError?: string | string[]; shutdownError?: string | string[]; softRequirements?: string; localStorageCapacityIsolation?: boolean; }
export interface ControllerConfig { kubernetesVersion?: string; nodeMonitorGracePeriod?: string; nodeStartupGracePeriod?: string; nodeMonitorPeriod?: string; nodeEvictionRate?: number; secondaryNodeEvictionRate?: number; largeClusterSizeThreshold?: number; unhealthyZoneThreshold?: number; }
/** The controller's settings after defaults (durations as Kubernetes strings). */
export interface ResolvedControllerSettings { nodeMonitorGracePeriod: string; nodeStartupGracePeriod: string; nodeMonitorPeriod: string; nodeEvictionRate: number; secondaryNodeEvictionRate: number; largeClusterSizeThreshold: number; unhealthyZoneThreshold: number; }
export interface Lease { metadata: { name: string; namespace?: string }; spec?: { holderIdentity?: string; leaseDurationSeconds?: number; renewTime?: string }; }
export interface PodRef { namespace?: string; name: string; nodeName: string; }
export interface MonitorInput { now: string; nodes?: Node[]; leases?: Lease[]; pods?: PodRef[]; }
export interface TaintChange { node: string; action: "queued" | "added" | "removed"; key: string; effect: string; }
export interface ControllerEvent { node: string; type: "Normal"; reason: string; message: string; }
export interface ApiCall { verb: "list" | "updateStatus" | "patch"; resource: "nodes"; name?: string; }
export interface MonitorResult { nodes: Node[]; taints: TaintChange[]; events: ControllerEvent[]; podsMarkedNotReady: { node: string; pods: string[] }[]; apiCalls: ApiCall[]; zoneStates: Record<string, "Initial" | "Normal" | "PartialDisruption" | "FullDisruption">; }
export type FaultKind = "kubeletStopped" | "partitioned" | "memoryPressure" | "diskPressure" | "pidPressure" | "runtimeError" | "networkError";
export interface Fault { kind: FaultKind; at: string; until?: string; nodes?: string[]; firstNodes?: number; message?: string; }
/** Example: { nodes: 100, duration: "1h", seed: 1, faults: [{ kind: "kubeletStopped", at: "10m", nodes: ["node-3"] }] } */
export interface Scenario { nodes: number; duration: string; seed?: number; kubernetesVersion?: string; nodeLeases?: boolean; nodeStatusUpdateFrequency?: string; nodeStatusReportFrequency?: string; nodeLeaseDurationSeconds?: number; evictionPressureTransitionPeriod?: string; zones?: number; controller?: ControllerConfig; rateWindow?: string; traceLimit?: number; faults?: Fault[]; }
export interface Transition { time: string; node: string; condition: string; from: string; to: string; reason: string; message: string; source: "kubelet" | "controller"; }
export interface TraceEvent { time: string; node: string; source: "kubelet" | "node-controller"; type: string; reason: string; message: string; }
export interface TraceTaint extends TaintChange { time: string; }
export interface Trace { start: string; end: string; nodeMonitorGracePeriod: string; transitions: Transition[]; events: TraceEvent[]; taints: TraceTaint[]; writes: { nodeCreates: number; statusPatches: number; leaseCreates: number; leaseUpdates: number; controllerStatusUpdates: number; taintPatches: number; total: number }; writeRates: { start: string; statusPatches: number; leaseWrites: number; controllerWrites: number; total: number; perSecond: number }[]; truncated: boolean; summary: { registered: number; ready: number; notReady: number; unknown: number; memoryPressure: number; diskPressure: number; pidPressure: number }; }
"#;

fn time(now: &str) -> Result<Time, JsError> {
    Time::parse(now).map_err(js_error)
}

#[wasm_bindgen(js_name = setMemoryPressureCondition, unchecked_return_type = "SetterResult")]
pub fn set_memory_pressure_condition(
    #[wasm_bindgen(unchecked_param_type = "Node")] node: JsValue,
    now: &str,
    under_pressure: bool,
) -> Result<JsValue, JsError> {
    let node: Node = from_js(node, "node")?;
    to_js(&nodestatus::set_memory_pressure(
        &node,
        time(now)?,
        under_pressure,
    ))
}

#[wasm_bindgen(js_name = setDiskPressureCondition, unchecked_return_type = "SetterResult")]
pub fn set_disk_pressure_condition(
    #[wasm_bindgen(unchecked_param_type = "Node")] node: JsValue,
    now: &str,
    under_pressure: bool,
) -> Result<JsValue, JsError> {
    let node: Node = from_js(node, "node")?;
    to_js(&nodestatus::set_disk_pressure(
        &node,
        time(now)?,
        under_pressure,
    ))
}

#[wasm_bindgen(js_name = setPIDPressureCondition, unchecked_return_type = "SetterResult")]
pub fn set_pid_pressure_condition(
    #[wasm_bindgen(unchecked_param_type = "Node")] node: JsValue,
    now: &str,
    under_pressure: bool,
) -> Result<JsValue, JsError> {
    let node: Node = from_js(node, "node")?;
    to_js(&nodestatus::set_pid_pressure(
        &node,
        time(now)?,
        under_pressure,
    ))
}

#[wasm_bindgen(js_name = setReadyCondition, unchecked_return_type = "SetterResult")]
pub fn set_ready_condition(
    #[wasm_bindgen(unchecked_param_type = "Node")] node: JsValue,
    now: &str,
    #[wasm_bindgen(unchecked_param_type = "ReadyInputs | undefined")] inputs: JsValue,
) -> Result<JsValue, JsError> {
    let node: Node = from_js(node, "node")?;
    let inputs: ReadyInputs = if inputs.is_undefined() || inputs.is_null() {
        ReadyInputs::default()
    } else {
        from_js(inputs, "ready inputs")?
    };
    to_js(&nodestatus::set_ready(&node, time(now)?, &inputs))
}

#[wasm_bindgen(js_name = nodeStatusHasChanged)]
pub fn node_status_has_changed(
    #[wasm_bindgen(unchecked_param_type = "NodeStatus | null | undefined")] original: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NodeStatus | null | undefined")] new: JsValue,
) -> Result<bool, JsError> {
    let a: Option<NodeStatus> = from_js(original, "original status")?;
    let b: Option<NodeStatus> = from_js(new, "new status")?;
    Ok(nodestatus::node_status_has_changed(a.as_ref(), b.as_ref()))
}

#[wasm_bindgen(js_name = NodeLifecycleController)]
pub struct JsNodeLifecycleController {
    inner: NodeLifecycleController,
}

#[wasm_bindgen(js_class = NodeLifecycleController)]
impl JsNodeLifecycleController {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ControllerConfig | undefined")] config: JsValue,
    ) -> Result<JsNodeLifecycleController, JsError> {
        let config: ControllerConfig = if config.is_undefined() || config.is_null() {
            ControllerConfig::default()
        } else {
            from_js(config, "controller config")?
        };
        Ok(JsNodeLifecycleController {
            inner: NodeLifecycleController::new(&config).map_err(js_error)?,
        })
    }

    /// The settings in force, defaults filled in (the grace period depends on the version).
    #[wasm_bindgen(unchecked_return_type = "ResolvedControllerSettings")]
    pub fn settings(&self) -> Result<JsValue, JsError> {
        to_js(self.inner.settings())
    }

    #[wasm_bindgen(js_name = monitorNodeHealth, unchecked_return_type = "MonitorResult")]
    pub fn monitor_node_health(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "MonitorInput")] input: JsValue,
    ) -> Result<JsValue, JsError> {
        let input: MonitorInput = from_js(input, "monitorNodeHealth input")?;
        to_js(&self.inner.monitor_node_health(&input))
    }

    /// `doNoExecuteTaintingPass`: applies queued NoExecute taints as the zone rate limits allow.
    #[wasm_bindgen(js_name = doNoExecuteTaintingPass, unchecked_return_type = "MonitorResult")]
    pub fn do_no_execute_tainting_pass(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "MonitorInput")] input: JsValue,
    ) -> Result<JsValue, JsError> {
        let input: MonitorInput = from_js(input, "tainting pass input")?;
        let mut nodes = input.nodes;
        let mut out = self
            .inner
            .do_no_execute_tainting_pass(input.now, &mut nodes);
        out.nodes = nodes;
        to_js(&out)
    }
}

#[wasm_bindgen(js_name = simulateCluster, unchecked_return_type = "Trace")]
pub fn simulate_cluster(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<JsValue, JsError> {
    let scenario: Scenario = from_js(scenario, "scenario")?;
    to_js(&crate::sim::simulate_cluster(scenario).map_err(js_error)?)
}

#[wasm_bindgen(js_name = ClusterSimulator)]
pub struct JsClusterSimulator {
    inner: Simulator,
}

#[wasm_bindgen(js_class = ClusterSimulator)]
impl JsClusterSimulator {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    ) -> Result<JsClusterSimulator, JsError> {
        let scenario: Scenario = from_js(scenario, "scenario")?;
        Ok(JsClusterSimulator {
            inner: Simulator::new(scenario).map_err(js_error)?,
        })
    }

    /// Moves the virtual clock by a duration ("30s") and returns the trace so far.
    #[wasm_bindgen(unchecked_return_type = "Trace")]
    pub fn advance(&mut self, duration: &str) -> Result<JsValue, JsError> {
        let d = crate::duration::Duration::parse(duration).map_err(js_error)?;
        to_js(self.inner.advance(d.as_millis()))
    }

    /// The current virtual time (RFC 3339).
    pub fn now(&self) -> String {
        self.inner.now().to_string()
    }

    /// Moves the virtual clock like `advance`, but returns only where the run stands (the end of
    /// the simulated time so far, the node summary, the write counts and rates), so a long run can
    /// report progress without copying the whole trace each step. `trace()` gives the rest.
    #[wasm_bindgen(
        js_name = advanceQuiet,
        unchecked_return_type = "{ end: string; summary: Trace[\"summary\"]; writes: Trace[\"writes\"]; writeRates: Trace[\"writeRates\"] }"
    )]
    pub fn advance_quiet(&mut self, duration: &str) -> Result<JsValue, JsError> {
        let d = crate::duration::Duration::parse(duration).map_err(js_error)?;
        let t = self.inner.advance(d.as_millis());
        to_js(&serde_json::json!({
            "end": t.end,
            "summary": t.summary,
            "writes": t.writes,
            "writeRates": t.write_rates,
        }))
    }

    /// The trace so far.
    #[wasm_bindgen(unchecked_return_type = "Trace")]
    pub fn trace(&self) -> Result<JsValue, JsError> {
        to_js(self.inner.trace())
    }

    /// The Ready status of every node by index: 0 not registered, 1 True, 2 False, 3 Unknown.
    #[wasm_bindgen(js_name = readyCodes)]
    pub fn ready_codes(&self) -> Vec<u8> {
        self.inner.ready_codes()
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.inner.is_done()
    }

    /// The nodes as the simulated API server holds them.
    #[wasm_bindgen(unchecked_return_type = "Node[]")]
    pub fn nodes(&self) -> Result<JsValue, JsError> {
        to_js(self.inner.nodes())
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_NODE_START: &str = r#"
/** How a one-node scenario starts from a real node: faults that reproduce its conditions, and the
 *  first whole second (milliseconds of virtual time) at which the simulated node shows them. */
export interface NodeStart { faults: Fault[]; atMs?: number; understood: string[]; ignored: string[]; }
"#;

/// The faults and time that make a one-node `scenario` (its own faults are replaced) reproduce
/// `node`'s conditions, e.g. a Node from `importNode`.
#[wasm_bindgen(js_name = scenarioStartFromNode, unchecked_return_type = "NodeStart")]
pub fn scenario_start_from_node(
    #[wasm_bindgen(unchecked_param_type = "Node")] node: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<JsValue, JsError> {
    let node: Node = from_js(node, "node")?;
    let scenario: Scenario = from_js(scenario, "scenario")?;
    to_js(&crate::sim::start_from_node(&node, &scenario).map_err(js_error)?)
}
