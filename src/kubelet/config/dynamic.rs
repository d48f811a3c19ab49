//! Historical Dynamic Kubelet Config (beta 1.11, deprecated 1.22, removed 1.24).
//!
//! Upstream: `pkg/kubelet/kubeletconfig/controller.go` (`Bootstrap`, `checkTrial`,
//! `lkgRollback`), `pkg/kubelet/kubeletconfig/status/status.go` (reason strings) and
//! `cmd/kubelet/app/server.go` (the `transform` that re-applies flag precedence to a
//! checkpointed config), release-1.22/1.23. A checkpointed config replaces the whole local
//! result; a config that fails to load or validate falls back to the last-known-good one; an
//! assigned config graduates to last-known-good once it has run for the 10-minute trial.
//! Time is a parameter (`now`, `modified`, Unix seconds): nothing here reads a clock.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::gates::Gates;
use super::precedence::flag_precedence;
use super::provenance::{self, Layer, Origin, Provenance};
use super::types::KubeletConfiguration;
use super::{defaults, file, flags, validation, KubeletConfigError};
use crate::version::Version;

/// `configTrialDuration`.
pub const CONFIG_TRIAL_SECONDS: i64 = 600;
/// `status.LoadError`.
pub const LOAD_ERROR: &str = "failed to load config, see Kubelet log for details";
/// `status.ValidateError`.
pub const VALIDATE_ERROR: &str = "failed to validate config, see Kubelet log for details";
/// `status.InternalError`.
pub const INTERNAL_ERROR: &str = "internal failure, see Kubelet log for details";
/// `status.DownloadError`.
pub const DOWNLOAD_ERROR: &str = "failed to download config, see Kubelet log for details";
/// `status.AllNilSubfieldsError`.
pub const ALL_NIL_SUBFIELDS_ERROR: &str =
    "invalid NodeConfigSource, exactly one subfield must be non-nil, but all were nil";

/// A checkpointed ConfigMap source (`Node.Spec.ConfigSource.ConfigMap`) and its payload.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "KubeletCheckpoint", optional_fields = nullable))]
pub struct Checkpoint {
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub namespace: String,
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub name: String,
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub uid: String,
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub resource_version: String,
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub kubelet_config_key: String,
    /// The KubeletConfiguration text stored under `kubeletConfigKey`; `None` means the
    /// checkpoint could not be read (a load failure).
    pub contents: Option<String>,
    /// When it was assigned (Unix seconds).
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub modified: i64,
}

/// The checkpoint store and the virtual clock.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "KubeletDynamicInput", optional_fields = nullable))]
pub struct DynamicInput {
    pub assigned: Option<Checkpoint>,
    pub last_known_good: Option<Checkpoint>,
    /// Now (Unix seconds).
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub now: i64,
}

/// Which config the kubelet ends up running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletDynamicActive")
)]
pub enum Active {
    Local,
    Assigned,
    LastKnownGood,
}

/// `Node.Status.Config` plus what Bootstrap decided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletDynamicStatus", optional_fields)
)]
pub struct DynamicStatus {
    pub active: Active,
    /// `Node.Status.Config.Error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The assigned config is still within its trial (`now - modified <= 10m`).
    pub in_trial: bool,
    /// The last-known-good after Bootstrap (the assigned one once it graduated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_known_good: Option<Checkpoint>,
    /// What the kubelet logged.
    pub log: Vec<String>,
}

/// What Bootstrap produced: the config to run (if not the local one) and the status.
pub struct Bootstrapped {
    pub config: Option<(KubeletConfiguration, Provenance)>,
    pub status: DynamicStatus,
}

fn describe(c: &Checkpoint) -> String {
    format!(
        "API path /api/v1/namespaces/{}/configmaps/{}",
        c.namespace, c.name
    )
}

/// The path a checkpoint lives at, for error locations.
fn checkpoint_path(dir: &str, c: &Checkpoint) -> String {
    format!(
        "{dir}/store/checkpoints/{}/{}/{}",
        c.uid, c.resource_version, c.kubelet_config_key
    )
}

/// Loads a checkpoint: decode, default, re-apply flag precedence, validate.
fn load(
    dir: &str,
    c: &Checkpoint,
    cl: &flags::CommandLine,
    gates: &dyn Gates,
) -> Result<(KubeletConfiguration, Provenance), (&'static str, String)> {
    let path = checkpoint_path(dir, c);
    let data = c
        .contents
        .as_deref()
        .ok_or((LOAD_ERROR, format!("failed to load checkpoint {path}")))?;
    let decoded = file::decode(&path, data).map_err(|e| (LOAD_ERROR, e.to_string()))?;
    let mut kc: KubeletConfiguration =
        serde_json::from_value(decoded.value.clone()).map_err(|e| (LOAD_ERROR, e.to_string()))?;
    defaults::set_defaults(&mut kc, gates).map_err(|e| (LOAD_ERROR, e.to_string()))?;
    let mut prov = Provenance::new();
    let mut written = BTreeMap::new();
    for leaf in provenance::leaves(&decoded.value).keys() {
        written.insert(
            leaf.clone(),
            Origin::new(Layer::DynamicConfig, path.clone(), None),
        );
    }
    provenance::record_step(
        &mut prov,
        &Value::Null,
        &kc.to_value(),
        &written,
        &Origin::new(Layer::Default, "defaults", None),
    );
    let kc = flag_precedence(cl, &kc, &mut prov).map_err(|e| (LOAD_ERROR, e.to_string()))?;
    validation::validate(&kc, gates)
        .map_err(|errs| (VALIDATE_ERROR, validation::aggregate(&errs)))?;
    Ok((kc, prov))
}

/// Whether `DynamicKubeletConfig` is on. Without a feature list that knows the gate, its
/// history stands in: beta and on by default from 1.11, off by default in 1.22–1.23.
pub fn gate_on(gates: &dyn Gates, minor: u64) -> bool {
    match gates.info("DynamicKubeletConfig") {
        Some(_) => gates.enabled("DynamicKubeletConfig"),
        None => (11..=21).contains(&minor),
    }
}

/// `ValidateKubeletFlags` (options.go, 1.11–1.23), run against the gate holding only the
/// command line's `--feature-gates`: `--dynamic-config-dir` needs the gate on. The check reads
/// `Provided()`, so even `--dynamic-config-dir=""` counts.
pub fn validate_flags(
    cl: &flags::CommandLine,
    version: &Version,
    gates: &dyn Gates,
) -> Result<(), KubeletConfigError> {
    let minor = if version.major() == 1 {
        version.minor()
    } else {
        u64::MAX
    };
    if cl.last("dynamic-config-dir").is_some() && !gate_on(gates, minor) {
        return Err(KubeletConfigError::on_flag(
            "failed to validate kubelet flags: the DynamicKubeletConfig feature gate must be enabled in order to use the --dynamic-config-dir flag",
            Some("--dynamic-config-dir".into()),
        ));
    }
    Ok(())
}

/// `Controller.Bootstrap` for kubelets 1.11–1.23. `Ok(None)` when dynamic config is not in
/// play (no `--dynamic-config-dir`).
pub fn bootstrap(
    input: &DynamicInput,
    cl: &flags::CommandLine,
    version: &Version,
    gates: &dyn Gates,
    warnings: &mut Vec<String>,
) -> Result<Option<Bootstrapped>, KubeletConfigError> {
    let minor = if version.major() == 1 {
        version.minor()
    } else {
        u64::MAX
    };
    if minor >= 24 {
        return Err(KubeletConfigError::new(format!(
            "dynamic kubelet config was removed in Kubernetes 1.24 (kubelet {version} has no --dynamic-config-dir flag)"
        )));
    }
    if minor < 11 {
        return Err(KubeletConfigError::new(format!(
            "dynamic kubelet config needs kubelet 1.11 or later (got {version})"
        )));
    }
    let Some(dir) = cl.last("dynamic-config-dir").filter(|d| !d.is_empty()) else {
        warnings.push("dynamic config input ignored: --dynamic-config-dir is not set".to_string());
        return Ok(None);
    };
    if !gate_on(gates, minor) {
        return Err(KubeletConfigError::on_flag(
            "failed to bootstrap Kubelet config controller, you must enable the DynamicKubeletConfig feature gate",
            Some("--dynamic-config-dir".into()),
        ));
    }
    let mut status = DynamicStatus {
        active: Active::Local,
        error: None,
        in_trial: false,
        last_known_good: input.last_known_good.clone(),
        log: Vec::new(),
    };
    let Some(assigned) = &input.assigned else {
        return Ok(Some(Bootstrapped {
            config: None,
            status,
        }));
    };
    match load(dir, assigned, cl, gates) {
        Ok(ok) => {
            status.active = Active::Assigned;
            status.in_trial = input.now - assigned.modified <= CONFIG_TRIAL_SECONDS;
            if !status.in_trial && status.last_known_good.as_ref() != Some(assigned) {
                status.last_known_good = Some(assigned.clone());
                status.log.push(format!(
                    "updated last-known-good config to {}, UID: {}, ResourceVersion: {}",
                    describe(assigned),
                    assigned.uid,
                    assigned.resource_version
                ));
            }
            Ok(Some(Bootstrapped {
                config: Some(ok),
                status,
            }))
        }
        Err((reason, detail)) => {
            status.error = Some(reason.to_string());
            status.log.push(format!("{reason}: {detail}"));
            let Some(lkg) = &input.last_known_good else {
                return Ok(Some(Bootstrapped {
                    config: None,
                    status,
                }));
            };
            match load(dir, lkg, cl, gates) {
                Ok(ok) => {
                    status.active = Active::LastKnownGood;
                    Ok(Some(Bootstrapped { config: Some(ok), status }))
                }
                Err((_, lkg_detail)) => Err(KubeletConfigError::new(format!(
                    "failed to load last-known-good config {}, UID: {}, ResourceVersion: {}, error: {lkg_detail}",
                    describe(lkg),
                    lkg.uid,
                    lkg.resource_version
                ))),
            }
        }
    }
}
