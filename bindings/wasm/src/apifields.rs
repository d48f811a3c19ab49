//! JS binding for gated API fields, enum validation and the bootstrap controller. Conversion only.

use super::{fail, input, output};
use kubegate::api::{enums, frobber, gating, schemas};
use kubegate::controlplane::bootstrap::{BootstrapConfig, BootstrapController};
use kubegate::controlplane::objects::Service;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

super::error::core_error!(
    gating::GatingError,
    kubegate::controlplane::bootstrap::BootstrapError
);

fn lookup(gates: &BTreeMap<String, bool>) -> impl Fn(&str) -> Option<bool> + '_ {
    move |g| gates.get(g).copied()
}

/// `PrepareForCreate` with a declarative schema.
#[wasm_bindgen(js_name = prepareForCreate)]
pub fn prepare_for_create(schema: &str, gates: &str, obj: &str) -> Result<JsValue, JsValue> {
    let schema: gating::FieldGateSchema = input(schema, "schema")?;
    let gates: BTreeMap<String, bool> = input(gates, "gates")?;
    let obj: serde_json::Value = input(obj, "object")?;
    let out = gating::prepare_for_create(&schema, &lookup(&gates), &obj).map_err(fail)?;
    output(&out)
}

/// `PrepareForUpdate` with a declarative schema.
#[wasm_bindgen(js_name = prepareForUpdate)]
pub fn prepare_for_update(
    schema: &str,
    gates: &str,
    obj: &str,
    #[wasm_bindgen(js_name = oldObj)] old_obj: &str,
) -> Result<JsValue, JsValue> {
    let schema: gating::FieldGateSchema = input(schema, "schema")?;
    let gates: BTreeMap<String, bool> = input(gates, "gates")?;
    let obj: serde_json::Value = input(obj, "object")?;
    let old: serde_json::Value = input(old_obj, "old object")?;
    let out = gating::prepare_for_update(&schema, &lookup(&gates), &obj, &old).map_err(fail)?;
    output(&out)
}

/// The built-in schemas (Frobber, Service, EndpointSlice).
#[wasm_bindgen(js_name = builtinFieldGateSchemas)]
pub fn builtin_field_gate_schemas() -> Result<JsValue, JsValue> {
    output(&schemas::builtin_schemas())
}

/// `validate.Enum` with ratcheting; upstream-formatted error strings.
#[wasm_bindgen(js_name = validateEnum)]
pub fn validate_enum(request: &str) -> Result<JsValue, JsValue> {
    let req: enums::EnumRequest = input(request, "enum request")?;
    let errs: Vec<String> = enums::validate_enum_request(&req)
        .iter()
        .map(|e| e.to_string())
        .collect();
    output(&errs)
}

/// The guide's `OnTuesday` example: is the value allowed, and what each validation says.
#[wasm_bindgen(js_name = validateFrobberRestartPolicy)]
pub fn validate_frobber_restart_policy(request: &str) -> Result<JsValue, JsValue> {
    let r: frobber::RestartPolicyRequest = input(request, "restart policy request")?;
    output(&r.check().map_err(fail)?)
}

/// The bootstrap controllers of several apiservers on a virtual clock.
#[wasm_bindgen(js_name = BootstrapController)]
pub struct JsBootstrapController {
    inner: BootstrapController,
}

#[wasm_bindgen(js_class = BootstrapController)]
impl JsBootstrapController {
    #[wasm_bindgen(constructor)]
    pub fn new(config: &str) -> Result<JsBootstrapController, JsValue> {
        let config: BootstrapConfig = input(config, "bootstrap config")?;
        let inner = BootstrapController::new(config).map_err(fail)?;
        Ok(JsBootstrapController { inner })
    }

    /// Moves the clock by a Go duration string ("10s", "3m").
    pub fn advance(&mut self, duration: &str) -> Result<(), JsValue> {
        let d = kubegate::duration::parse_std(duration).map_err(fail)?;
        self.inner.check_advance(d).map_err(fail)?;
        self.inner.advance(d);
        Ok(())
    }

    #[wasm_bindgen(js_name = startApiserver)]
    pub fn start_apiserver(&mut self, ip: &str) -> Result<(), JsValue> {
        self.inner.start_apiserver(ip).map_err(fail)
    }

    #[wasm_bindgen(js_name = stopApiserver)]
    pub fn stop_apiserver(&mut self, ip: &str) -> Result<(), JsValue> {
        self.inner.stop_apiserver(ip).map_err(fail)
    }

    #[wasm_bindgen(js_name = crashApiserver)]
    pub fn crash_apiserver(&mut self, ip: &str) -> Result<(), JsValue> {
        self.inner.crash_apiserver(ip).map_err(fail)
    }

    #[wasm_bindgen(js_name = createService)]
    pub fn create_service(&mut self, service: &str, allocate: bool) -> Result<(), JsValue> {
        let svc: Service = input(service, "service")?;
        self.inner.create_service(svc, allocate).map_err(fail)
    }

    #[wasm_bindgen(js_name = deleteService)]
    pub fn delete_service(
        &mut self,
        namespace: &str,
        name: &str,
        release: bool,
    ) -> Result<(), JsValue> {
        self.inner
            .delete_service(namespace, name, release)
            .map_err(fail)
    }

    #[wasm_bindgen(js_name = allocateClusterIp)]
    pub fn allocate_cluster_ip(&mut self, ip: &str) -> Result<(), JsValue> {
        self.inner.allocate_cluster_ip(ip).map_err(fail)
    }

    #[wasm_bindgen(js_name = allocateNodePort)]
    pub fn allocate_node_port(&mut self, port: i32) -> Result<(), JsValue> {
        self.inner.allocate_node_port(port).map_err(fail)
    }

    #[wasm_bindgen(js_name = deleteNamespace)]
    pub fn delete_namespace(&mut self, name: &str) -> bool {
        self.inner.delete_namespace(name)
    }

    #[wasm_bindgen(getter)]
    pub fn now(&self) -> String {
        kubegate::duration::format_std(self.inner.now())
    }

    pub fn namespaces(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.namespaces())
    }

    /// The `default/kubernetes` Service, or null before an apiserver created it.
    pub fn service(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.current_kubernetes_service())
    }

    pub fn services(&self) -> Result<JsValue, JsValue> {
        output(self.inner.services())
    }

    pub fn endpoints(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.endpoints())
    }

    pub fn leases(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.leases())
    }

    pub fn allocations(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.allocations())
    }

    pub fn events(&self) -> Result<JsValue, JsValue> {
        output(self.inner.events())
    }

    pub fn log(&self) -> Result<JsValue, JsValue> {
        output(self.inner.log_entries())
    }

    /// Every repair run so far, with the leak counters it left.
    #[wasm_bindgen(js_name = repairRuns)]
    pub fn repair_runs(&self) -> Result<JsValue, JsValue> {
        output(self.inner.repair_runs())
    }

    /// Every change of the kubernetes Endpoints addresses so far.
    #[wasm_bindgen(js_name = endpointsHistory)]
    pub fn endpoints_history(&self) -> Result<JsValue, JsValue> {
        output(self.inner.endpoints_history())
    }

    pub fn state(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.state())
    }
}
