//! JS exports for node conditions, the node lifecycle controller and the cluster simulator.

use wasm_bindgen::prelude::*;

use super::{fail, input, output};
use kubegate::controller::nodelifecycle::{ControllerConfig, NodeLifecycleController, PassInput};
use kubegate::kubelet::nodestatus::{self, Node, NodeStatus, ReadyInputs};
use kubegate::sim::{Scenario, Simulator};
use kubegate::timestamp::Time;

super::error::core_error!(kubegate::sim::ScenarioError);

/// The setting at fault, as the controller's config names it (none for a pass past its limits).
impl super::error::CoreError for kubegate::controller::nodelifecycle::NodeLifecycleError {
    fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
    fn fields(&self) -> super::error::ErrorFields {
        super::error::ErrorFields {
            at: super::error::ErrorLocation {
                field: self.field().map(str::to_string),
                ..Default::default()
            },
            ..super::error::ErrorFields::kind(self.kind_name())
        }
    }
}

/// A controller pass's input, JSON text as UTF-8 bytes (the package's `objectBytes`: 50,000 nodes
/// are 20 MB, which JS copies into wasm memory in one step as bytes but character by character
/// as a string; the parameter's type names what callers of the package pass), decoded by the
/// core's bulk decoder ([`PassInput`]); a refused input is thrown as `invalid <what>`.
fn pass_input<'a>(bytes: &'a [u8], what: &str) -> Result<PassInput<'a>, JsValue> {
    super::reserve_heap(bytes.len());
    PassInput::from_slice(bytes).map_err(|e| super::refused_input(&e, what))
}

/// The bulk path's conversion out (50,000 nodes are about 20 MB of JSON): the same text,
/// written by [`kubegate::json`] into a buffer the size of the input (a pass returns the nodes it
/// was given, and a little more or less), so it is not copied while it grows.
fn pass_result(
    result: &kubegate::controller::nodelifecycle::MonitorResult,
    input_len: usize,
) -> Result<String, JsValue> {
    kubegate::json::to_string_sized(result, input_len).map_err(|e| {
        super::error(
            super::error::BindingErrorKind::Internal,
            &format!("kubegate: cannot convert result to JS: {e}"),
        )
    })
}

fn time(now: &str) -> Result<Time, JsValue> {
    Time::parse(now).map_err(fail)
}

#[wasm_bindgen(js_name = setMemoryPressureCondition)]
pub fn set_memory_pressure_condition(
    node: &str,
    now: &str,
    #[wasm_bindgen(js_name = underPressure)] under_pressure: bool,
) -> Result<JsValue, JsValue> {
    let node: Node = input(node, "node")?;
    output(&nodestatus::set_memory_pressure(
        &node,
        time(now)?,
        under_pressure,
    ))
}

#[wasm_bindgen(js_name = setDiskPressureCondition)]
pub fn set_disk_pressure_condition(
    node: &str,
    now: &str,
    #[wasm_bindgen(js_name = underPressure)] under_pressure: bool,
) -> Result<JsValue, JsValue> {
    let node: Node = input(node, "node")?;
    output(&nodestatus::set_disk_pressure(
        &node,
        time(now)?,
        under_pressure,
    ))
}

#[wasm_bindgen(js_name = setPIDPressureCondition)]
pub fn set_pid_pressure_condition(
    node: &str,
    now: &str,
    #[wasm_bindgen(js_name = underPressure)] under_pressure: bool,
) -> Result<JsValue, JsValue> {
    let node: Node = input(node, "node")?;
    output(&nodestatus::set_pid_pressure(
        &node,
        time(now)?,
        under_pressure,
    ))
}

#[wasm_bindgen(js_name = setReadyCondition)]
pub fn set_ready_condition(node: &str, now: &str, inputs: &str) -> Result<JsValue, JsValue> {
    let node: Node = input(node, "node")?;
    let inputs: ReadyInputs =
        input::<Option<ReadyInputs>>(inputs, "ready inputs")?.unwrap_or_default();
    output(&nodestatus::set_ready(&node, time(now)?, &inputs))
}

#[wasm_bindgen(js_name = nodeStatusHasChanged)]
pub fn node_status_has_changed(
    #[wasm_bindgen(js_name = originalStatus)] original: &str,
    #[wasm_bindgen(js_name = newStatus)] new: &str,
) -> Result<bool, JsValue> {
    let a: Option<NodeStatus> = input(original, "original status")?;
    let b: Option<NodeStatus> = input(new, "new status")?;
    Ok(nodestatus::node_status_has_changed(a.as_ref(), b.as_ref()))
}

#[wasm_bindgen(js_name = NodeLifecycleController)]
pub struct JsNodeLifecycleController {
    inner: NodeLifecycleController,
}

#[wasm_bindgen(js_class = NodeLifecycleController)]
impl JsNodeLifecycleController {
    #[wasm_bindgen(constructor)]
    pub fn new(config: &str) -> Result<JsNodeLifecycleController, JsValue> {
        let config: ControllerConfig =
            input::<Option<ControllerConfig>>(config, "controller config")?.unwrap_or_default();
        Ok(JsNodeLifecycleController {
            inner: NodeLifecycleController::new(&config).map_err(fail)?,
        })
    }

    /// The settings in force, defaults filled in (the grace period depends on the version).
    pub fn settings(&self) -> Result<JsValue, JsValue> {
        output(self.inner.settings())
    }

    #[wasm_bindgen(js_name = monitorNodeHealth)]
    pub fn monitor_node_health(&mut self, input: &[u8]) -> Result<String, JsValue> {
        let pass = pass_input(input, "monitorNodeHealth input")?;
        let out = self.inner.monitor_pass_input(pass).map_err(fail)?;
        pass_result(&out, input.len())
    }

    /// `doNoExecuteTaintingPass`: applies queued NoExecute taints as the zone rate limits allow.
    #[wasm_bindgen(js_name = doNoExecuteTaintingPass)]
    pub fn do_no_execute_tainting_pass(&mut self, input: &[u8]) -> Result<String, JsValue> {
        let pass = pass_input(input, "tainting pass input")?;
        let out = self.inner.no_execute_pass_input(pass).map_err(fail)?;
        pass_result(&out, input.len())
    }
}

#[wasm_bindgen(js_name = simulateCluster)]
pub fn simulate_cluster(scenario: &str) -> Result<JsValue, JsValue> {
    let scenario: Scenario = input(scenario, "scenario")?;
    output(&kubegate::sim::simulate_cluster(scenario).map_err(fail)?)
}

#[wasm_bindgen(js_name = ClusterSimulator)]
pub struct JsClusterSimulator {
    inner: Simulator,
}

#[wasm_bindgen(js_class = ClusterSimulator)]
impl JsClusterSimulator {
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: &str) -> Result<JsClusterSimulator, JsValue> {
        let scenario: Scenario = input(scenario, "scenario")?;
        Ok(JsClusterSimulator {
            inner: Simulator::new(scenario).map_err(fail)?,
        })
    }

    /// Moves the virtual clock by a duration ("30s") and returns the trace so far.
    pub fn advance(&mut self, duration: &str) -> Result<JsValue, JsValue> {
        let ms = self.step(duration)?;
        output(self.inner.advance(ms))
    }

    /// A step of the virtual clock, checked against the simulator's limits before any work.
    fn step(&self, duration: &str) -> Result<i64, JsValue> {
        let d = kubegate::duration::Duration::parse(duration).map_err(fail)?;
        self.inner.check_advance(d).map_err(fail)
    }

    /// The current virtual time (RFC 3339).
    pub fn now(&self) -> String {
        self.inner.now().to_string()
    }

    /// Moves the virtual clock like `advance`, but returns only where the run stands (the end of
    /// the simulated time so far, the node summary, the write counts and rates), so a long run can
    /// report progress without copying the whole trace each step. `trace()` gives the rest.
    #[wasm_bindgen(js_name = advanceQuiet)]
    pub fn advance_quiet(&mut self, duration: &str) -> Result<JsValue, JsValue> {
        let ms = self.step(duration)?;
        let t = self.inner.advance(ms);
        output(&serde_json::json!({
            "end": t.end,
            "summary": t.summary,
            "writes": t.writes,
            "writeRates": t.write_rates,
        }))
    }

    /// The trace so far.
    pub fn trace(&self) -> Result<JsValue, JsValue> {
        output(self.inner.trace())
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
    pub fn nodes(&self) -> Result<JsValue, JsValue> {
        output(self.inner.nodes())
    }
}

/// The faults and time that make a one-node `scenario` (its own faults are replaced) reproduce
/// `node`'s conditions, e.g. a Node from `importNode`.
#[wasm_bindgen(js_name = scenarioStartFromNode)]
pub fn scenario_start_from_node(node: &str, scenario: &str) -> Result<JsValue, JsValue> {
    let node: Node = input(node, "node")?;
    let scenario: Scenario = input(scenario, "scenario")?;
    output(&kubegate::sim::start_from_node(&node, &scenario).map_err(fail)?)
}
