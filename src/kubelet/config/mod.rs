//! Layered kubelet configuration with provenance: defaults, `--config` file, `--config-dir`
//! drop-ins, command-line flags, historical dynamic config; feature gates set the way the
//! kubelet sets them; validation of the final result; an explanation of every value.
//!
//! Upstream: `cmd/kubelet/app/server.go` (`NewKubeletCommand` RunE, `loadConfigFile`,
//! `mergeKubeletConfigurations`, `kubeletConfigFlagPrecedence`, Kubernetes ≈1.30–1.34) and the
//! packages named in each submodule. [`resolve_kubelet_config`] follows RunE step by step and
//! wraps every error with the same text the kubelet prints, so that a failure reads exactly as
//! it would on a node; the file, line or flag involved is carried beside the text.

pub mod defaults;
pub mod dropins;
pub mod dynamic;
pub mod file;
pub mod flags;
pub mod gates;
pub mod provenance;
pub mod startup;
pub mod types;
pub mod upgrade;
pub mod validation;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::releases::Release;
use crate::version::Version;
use gates::Gates;
use provenance::{Layer, Origin, Provenance};
use types::KubeletConfiguration;

/// The kubelet version assumed when the input names none.
pub const DEFAULT_KUBELET_VERSION: &str = "1.33";
/// Largest accepted file, argument list or virtual filesystem (bytes), to bound work on
/// hostile input: the whole input of one resolution (2 MiB; real kubelet configs are a few KiB),
/// so that any input within it resolves in well under a second in wasm.
pub const MAX_INPUT_BYTES: usize = 2 << 20;

/// What to resolve: a kubelet command line plus the files it refers to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "ResolveKubeletConfigInput", optional_fields = nullable))]
pub struct ResolveInput {
    /// `"1.33"`; defaults to [`DEFAULT_KUBELET_VERSION`].
    pub kubelet_version: Option<String>,
    /// The kubelet's arguments (without the program name).
    pub args: Vec<String>,
    /// Virtual filesystem: absolute path to contents.
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub files: BTreeMap<String, String>,
    /// Directories that exist even though they hold no file (an empty drop-in dir).
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub dirs: Vec<String>,
    /// Environment variables (only `KUBELET_CONFIG_DROPIN_DIR_ALPHA` matters, 1.28–1.29).
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub env: BTreeMap<String, String>,
    /// The working directory relative `--config` paths start from; defaults to `/`.
    pub cwd: Option<String>,
    /// Historical dynamic kubelet config (1.11–1.23).
    pub dynamic: Option<dynamic::DynamicInput>,
    /// The known feature gates, as `versioned_feature_list.yaml` text.
    pub feature_list: Option<String>,
}

/// A resolution failure: the kubelet's exact text, plus where it comes from when known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigError {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    /// For validation, which reports every failure at once: each message with its own
    /// location. The top-level location is the first problem's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<ConfigProblem>,
}

/// One validation or startup failure and where the value at fault was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigProblem {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
}

impl ConfigProblem {
    /// Locates `field` through the provenance: the file and line, or the flag, that wrote the
    /// effective value (for a struct or map, its first leaf written by a file or flag).
    fn locate(message: String, field: Option<String>, prov: &Provenance) -> Self {
        let origin = field.as_deref().and_then(|f| {
            let prefix = format!("{f}.");
            let written = |o: &Origin| {
                matches!(
                    o.layer,
                    Layer::ConfigFile | Layer::DropIn | Layer::Flag | Layer::DynamicConfig
                )
            };
            prov.get(f)
                .map(|p| p.origin.clone())
                .filter(written)
                .or_else(|| {
                    prov.iter()
                        .filter(|(k, _)| k.starts_with(&prefix))
                        .map(|(_, p)| p.origin.clone())
                        .find(written)
                })
        });
        let (mut file, mut line, mut flag) = (None, None, None);
        if let Some(o) = origin {
            if o.layer == Layer::Flag {
                flag = Some(o.source);
            } else {
                file = Some(o.source);
                line = o.line;
            }
        }
        ConfigProblem {
            message,
            field,
            file,
            line,
            flag,
        }
    }
}

impl ConfigError {
    pub fn new(message: impl Into<String>) -> Self {
        ConfigError {
            message: message.into(),
            file: None,
            line: None,
            flag: None,
            problems: Vec::new(),
        }
    }
    pub fn at(message: impl Into<String>, file: &str, line: Option<usize>) -> Self {
        ConfigError {
            file: Some(file.to_string()),
            line,
            ..ConfigError::new(message)
        }
    }
    /// An error made of located problems; the first one's location is the error's.
    fn from_problems(message: String, problems: Vec<ConfigProblem>) -> Self {
        let first = problems.first().cloned();
        ConfigError {
            message,
            file: first.as_ref().and_then(|p| p.file.clone()),
            line: first.as_ref().and_then(|p| p.line),
            flag: first.and_then(|p| p.flag),
            problems,
        }
    }
    pub(crate) fn flag(message: impl Into<String>, flag: Option<String>) -> Self {
        ConfigError {
            flag,
            ..ConfigError::new(message)
        }
    }
    /// Rewraps the text, keeping the location.
    pub fn wrap(mut self, f: impl FnOnce(&str) -> String) -> Self {
        self.message = f(&self.message);
        self
    }
    /// The configuration field at fault (dotted path): the first problem's, if any.
    pub fn field(&self) -> Option<&str> {
        self.problems.first().and_then(|p| p.field.as_deref())
    }
    /// `file:line` when known.
    pub fn location(&self) -> Option<String> {
        let file = self.file.as_ref()?;
        Some(match self.line {
            Some(l) => format!("{file}:{l}"),
            None => file.clone(),
        })
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The effective configuration and how it came to be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ResolvedKubeletConfig", optional_fields)
)]
pub struct Resolved {
    pub kubelet_version: String,
    /// The effective `KubeletConfiguration` (v1beta1 JSON).
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown>"))]
    pub config: Value,
    /// Every known feature gate and its effective value.
    pub feature_gates: BTreeMap<String, bool>,
    pub provenance: Provenance,
    pub warnings: Vec<String>,
    /// Leaves that differ from the built-in defaults.
    pub diff: Vec<provenance::DiffEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dynamic: Option<dynamic::DynamicStatus>,
}

fn to_value(c: &KubeletConfiguration) -> Value {
    c.to_value()
}

fn from_value(v: &Value, internal: bool) -> Result<KubeletConfiguration, String> {
    serde_json::from_value(v.clone()).map_err(|e| {
        file::type_error(v, internal)
            .map(|(_, m)| m)
            .unwrap_or_else(|| e.to_string())
    })
}

/// Builds the gate for `input` and resolves. The gate knows the gates of `input.featureList`
/// (none if absent).
pub fn resolve_kubelet_config(input: &ResolveInput) -> Result<Resolved, ConfigError> {
    let version = parse_version(input.kubelet_version.as_deref())?;
    let mut gates = gates::kubelet_gate(version, input.feature_list.as_deref())?;
    resolve_with_gates(input, &mut gates)
}

pub(crate) fn parse_version(v: Option<&str>) -> Result<Version, ConfigError> {
    let text = v.unwrap_or(DEFAULT_KUBELET_VERSION);
    Version::parse(text).map_err(|e| ConfigError::new(e.to_string()))
}

fn check_sizes(input: &ResolveInput) -> Result<(), ConfigError> {
    let total: usize = input
        .files
        .iter()
        .map(|(k, v)| k.len() + v.len())
        .sum::<usize>()
        + input.args.iter().map(String::len).sum::<usize>();
    if total > MAX_INPUT_BYTES {
        return Err(ConfigError::new(format!(
            "input too large: {total} bytes (limit {MAX_INPUT_BYTES})"
        )));
    }
    Ok(())
}

fn absolute(cwd: &str, path: &str) -> String {
    if path.starts_with('/') {
        file::clean(path)
    } else {
        file::join(cwd, path)
    }
}

/// Loads the `--config` file like `loadConfigFile`; returns the defaulted config JSON and the
/// leaves the file itself wrote.
fn load_config_file(
    path: &str,
    input: &ResolveInput,
    gates: &dyn Gates,
    release: Release,
    warnings: &mut Vec<String>,
) -> Result<(KubeletConfiguration, BTreeMap<String, Origin>), ConfigError> {
    let wrap = |e: ConfigError| {
        e.wrap(|m| format!("failed to load Kubelet config file {path}, error {m}"))
    };
    let data = input.files.get(path).ok_or_else(|| {
        wrap(ConfigError::at(
            format!("failed to read kubelet config file {}, error: open {path}: no such file or directory", crate::go::quote(path)),
            path,
            None,
        ))
    })?;
    if data.is_empty() {
        return Err(wrap(ConfigError::at(
            format!("kubelet config file {} was empty", crate::go::quote(path)),
            path,
            None,
        )));
    }
    let decoded = file::decode_at(path, data, release).map_err(wrap)?;
    for (err, line) in &decoded.strict_errors {
        warnings.push(format!(
            "Using lenient decoding as strict decoding failed: strict decoding error: {err} ({path}{})",
            line.map(|l| format!(":{l}")).unwrap_or_default()
        ));
    }
    let mut value = decoded.value.clone();
    file::resolve_relative_paths(&mut value, &file::dir_of(path));
    let mut kc = from_value(&value, false).map_err(|m| {
        wrap(ConfigError::at(
            format!("failed to decode: {m}"),
            path,
            None,
        ))
    })?;
    let mut written = BTreeMap::new();
    for leaf in provenance::leaves(&value).keys() {
        if leaf == "apiVersion" || leaf == "kind" {
            continue;
        }
        let ptr: String = pointer_for(leaf);
        let line = decoded.doc.nearest_position(&ptr).map(|p| p.line);
        written.insert(leaf.clone(), Origin::new(Layer::ConfigFile, path, line));
    }
    defaults::set_defaults_at(&mut kc, gates, release)
        .map_err(|m| wrap(ConfigError::at(m, path, None)))?;
    let mut kc = defaults::only_fields_of(&kc, release);
    if kc.eviction_hard.is_none() {
        kc.eviction_hard = Some(defaults::default_eviction_hard_at(&release.version()));
    }
    Ok((kc, written))
}

fn pointer_for(leaf: &str) -> String {
    // Map keys may hold dots; the map field prefix is known, the rest is one segment.
    for m in types::MAP_FIELDS {
        if let Some(key) = leaf.strip_prefix(&format!("{m}.")) {
            return format!("/{m}/{}", crate::yaml::pointer_segment(key));
        }
    }
    leaf.split('.')
        .map(|s| format!("/{}", crate::yaml::pointer_segment(s)))
        .collect()
}

/// Resolves against a caller-provided gate (the process gate at the kubelet's version).
pub fn resolve_with_gates(
    input: &ResolveInput,
    gates: &mut dyn Gates,
) -> Result<Resolved, ConfigError> {
    check_sizes(input)?;
    let version = parse_version(input.kubelet_version.as_deref())?;
    let release = Release::of(&version).map_err(|e| ConfigError::new(e.to_string()))?;
    let cwd = input.cwd.clone().unwrap_or_else(|| "/".to_string());
    let mut warnings = Vec::new();

    // 1. Parse the command line onto defaults plus the legacy command-line defaults.
    let cl = flags::parse(&input.args, &version).map_err(|m| {
        let flag = m
            .split("--")
            .nth(1)
            .map(|s| format!("--{}", s.split(['"', ' ', '=']).next().unwrap_or("")));
        ConfigError::flag(format!("failed to parse kubelet flag: {m}"), flag)
    })?;
    if let Some(cmd) = cl.rest.first() {
        return Err(ConfigError::new(format!("unknown command {cmd}")));
    }
    warnings.extend(cl.warnings.iter().cloned());

    let defaults_origin = Origin::new(Layer::Default, "defaults", None);
    let base_defaults = defaults::defaulted_at(&*gates, release).map_err(ConfigError::new)?;
    let mut prov = Provenance::new();
    provenance::record_step(
        &mut prov,
        &Value::Null,
        &to_value(&base_defaults),
        &BTreeMap::new(),
        &defaults_origin,
    );
    let mut flag_cfg = base_defaults.clone();
    defaults::apply_legacy_defaults(&mut flag_cfg);
    let mut cfg_value = to_value(&flag_cfg);
    let legacy: BTreeMap<String, Origin> = defaults::LEGACY_DEFAULT_PATHS
        .iter()
        .map(|p| {
            (
                p.to_string(),
                Origin::new(Layer::LegacyFlagDefault, "command line", None),
            )
        })
        .collect();
    provenance::record_step(
        &mut prov,
        &to_value(&base_defaults),
        &cfg_value,
        &legacy,
        &defaults_origin,
    );
    let before = cfg_value.clone();
    let written = flags::apply(&cl, &mut cfg_value);
    provenance::record_step(
        &mut prov,
        &before,
        &cfg_value,
        &flag_origins(&written),
        &defaults_origin,
    );
    let mut kc = from_value(&cfg_value, true)
        .map_err(|m| ConfigError::new(format!("failed to parse kubelet flag: {m}")))?;

    // 2. Feature gates from the flags alone.
    let flag_gates = kc.feature_gates.clone().unwrap_or_default();
    warnings.extend(gates.set_from_map(&flag_gates).map_err(|e| {
        ConfigError::flag(
            format!("failed to set feature gates from initial flags-based config: {e}"),
            Some("--feature-gates".into()),
        )
    })?);

    // 3. ValidateKubeletFlags (only its dynamic-config check still bites).
    if (11..=23).contains(&version.minor()) && version.major() == 1 {
        dynamic::validate_flags(&cl, &version, &*gates)?;
    }

    // 4. --config.
    let config_path = cl
        .last("config")
        .filter(|p| !p.is_empty())
        .map(|p| absolute(&cwd, p));
    let config_dir = cl
        .last("config-dir")
        .filter(|p| !p.is_empty())
        .map(|p| absolute(&cwd, p));
    if let Some(path) = &config_path {
        let (file_kc, written) = load_config_file(path, input, &*gates, release, &mut warnings)
            .map_err(|e| {
                e.wrap(|m| format!("failed to load kubelet config file, path: {path}, error: {m}"))
            })?;
        kc = file_kc;
        prov = Provenance::new();
        provenance::record_step(
            &mut prov,
            &Value::Null,
            &to_value(&kc),
            &written,
            &defaults_origin,
        );
    }

    // 5. --config-dir.
    if let Some(dir) = &config_dir {
        let minor = version.minor();
        if version.major() == 1
            && (28..=29).contains(&minor)
            && !input.env.contains_key("KUBELET_CONFIG_DROPIN_DIR_ALPHA")
        {
            return Err(ConfigError::flag(
                "dropin directory is alpha and disabled by default, set environment variable KUBELET_CONFIG_DROPIN_DIR_ALPHA to enable it",
                Some("--config-dir".into()),
            ));
        }
        let merged = merge_dropins(dir, input, &kc, release, &mut prov, &mut warnings)
            .map_err(|e| e.wrap(|m| format!("failed to merge kubelet configs: {m}")))?;
        kc = merged;
    }

    // 6. Flag precedence and the second gate update.
    if config_path.is_some() || config_dir.is_some() {
        kc = flag_precedence(&cl, &kc, &mut prov)?;
        let cfg_gates = kc.feature_gates.clone().unwrap_or_default();
        warnings.extend(gates.set_from_map(&cfg_gates).map_err(|e| {
            ConfigError::new(format!(
                "failed to set feature gates from initial flags-based config: {e}"
            ))
        })?);
    }

    // Historical dynamic config.
    let mut dyn_status = None;
    if let Some(d) = &input.dynamic {
        if let Some(out) = dynamic::bootstrap(d, &cl, &version, gates, &mut warnings)? {
            if let Some((dyn_kc, dyn_prov)) = out.config {
                kc = dyn_kc;
                prov = dyn_prov;
                let g = kc.feature_gates.clone().unwrap_or_default();
                warnings.extend(
                    gates
                        .set_from_map(&g)
                        .map_err(|e| ConfigError::new(e.to_string()))?,
                );
            }
            dyn_status = Some(out.status);
        }
    }

    // Only the fields this release had: flags and dynamic config cannot add others.
    kc = defaults::only_fields_of(&kc, release);
    prov.retain(|path, _| crate::releases::kubelet_config::known_at(path, release));

    // 7. Validation of the final result.
    if let Err(errs) = validation::validate_at(&kc, &*gates, release) {
        let value = to_value(&kc);
        let mut seen = std::collections::BTreeSet::new();
        let problems = errs
            .iter()
            .filter(|m| seen.insert(m.as_str()))
            .map(|m| ConfigProblem::locate(m.clone(), validation::field_of(m, &value), &prov))
            .collect();
        return Err(ConfigError::from_problems(
            format!(
                "failed to validate kubelet configuration, error: {}, path: {}",
                validation::aggregate(&errs),
                config_path.clone().unwrap_or_default()
            ),
            problems,
        ));
    }

    // 8. What run() and NewMainKubelet parse later: reserved resources, eviction thresholds.
    if let Err(e) = startup::check(&kc) {
        let p = ConfigProblem::locate(e.message.clone(), Some(e.field), &prov);
        return Err(ConfigError::from_problems(e.message, vec![p]));
    }

    let feature_gates = gates.all();
    let gate_origin = Origin::new(
        Layer::FeatureGateDefault,
        format!("kubelet {version}"),
        None,
    );
    for (name, value) in &feature_gates {
        let path = format!("featureGates.{name}");
        if !prov.contains_key(&path) || prov.get(&path).is_some_and(|f| f.value.is_null()) {
            provenance::record(&mut prov, &path, Value::Bool(*value), gate_origin.clone());
        }
    }
    let config = to_value(&kc);
    let diff = provenance::diff(&to_value(&base_defaults), &config);
    Ok(Resolved {
        kubelet_version: version.to_string(),
        config,
        feature_gates,
        provenance: prov,
        warnings,
        diff,
        dynamic: dyn_status,
    })
}

fn flag_origins(written: &flags::Written) -> BTreeMap<String, Origin> {
    written
        .iter()
        .map(|(path, (name, idx))| {
            (
                path.clone(),
                Origin::new(Layer::Flag, format!("--{name}"), Some(*idx)),
            )
        })
        .map(|(p, mut o)| {
            // The index is an argument position, not a file line.
            o.line = None;
            (p, o)
        })
        .collect()
}

fn merge_dropins(
    dir: &str,
    input: &ResolveInput,
    kc: &KubeletConfiguration,
    release: Release,
    prov: &mut Provenance,
    warnings: &mut Vec<String>,
) -> Result<KubeletConfiguration, ConfigError> {
    if !dropins::dir_exists(&input.files, &input.dirs, dir) {
        return Err(ConfigError::at(
            format!("failed to walk through kubelet dropin directory {}: lstat {dir}: no such file or directory", crate::go::quote(dir)),
            dir,
            None,
        ));
    }
    let list = dropins::files_in(&input.files, dir);
    if list.is_empty() {
        warnings.push(format!(
            "kubelet drop-in directory {dir} holds no *.conf files; nothing merged"
        ));
    }
    let mut base = to_value(kc);
    let mut last_writer: BTreeMap<String, (String, Option<usize>)> = BTreeMap::new();
    for (path, data) in list {
        let wrap = |e: ConfigError| {
            e.wrap(|m| format!("failed to load kubelet dropin file, path: {path}, error: failed to load drop-in kubelet config file {path}, error {m}"))
        };
        if data.is_empty() {
            return Err(wrap(ConfigError::at(
                format!("kubelet config file {} was empty", crate::go::quote(path)),
                path,
                None,
            )));
        }
        let decoded = file::decode_at(path, data, release).map_err(|e| {
            // Drop-ins are decoded unstructured: a type error only shows up after the merge.
            wrap(e)
        });
        let decoded = match decoded {
            Ok(d) => d,
            Err(e) if e.message.contains("cannot unmarshal") => {
                let doc = crate::yaml::parse(data)
                    .map_err(|y| wrap(ConfigError::at(y.to_string(), path, Some(y.pos().line))))?;
                file::Decoded {
                    value: doc.value.clone(),
                    doc,
                    strict_errors: Vec::new(),
                }
            }
            Err(e) => return Err(e),
        };
        for (err, line) in &decoded.strict_errors {
            warnings.push(format!(
                "drop-in {path}{}: {err} (ignored)",
                line.map(|l| format!(":{l}")).unwrap_or_default()
            ));
        }
        let before = base.clone();
        let mut patch = decoded.value.clone();
        if let Value::Object(m) = &mut patch {
            m.remove("apiVersion");
            m.remove("kind");
        }
        dropins::merge(&mut base, &patch);
        let mut written = BTreeMap::new();
        for leaf in provenance::leaves(&patch).keys() {
            let line = decoded
                .doc
                .nearest_position(&pointer_for(leaf))
                .map(|p| p.line);
            written.insert(leaf.clone(), Origin::new(Layer::DropIn, path, line));
            last_writer.insert(
                leaf.split('.').next().unwrap_or("").to_string(),
                (path.to_string(), line),
            );
        }
        provenance::record_step(
            prov,
            &before,
            &base,
            &written,
            &Origin::new(Layer::DropIn, path, None),
        );
    }
    from_value(&base, true).map_err(|m| {
        let field = file::type_error(&base, true).map(|(f, _)| f);
        let (file, line) = field
            .and_then(|f| last_writer.get(&f).cloned())
            .map(|(p, l)| (Some(p), l))
            .unwrap_or((None, None));
        ConfigError {
            file,
            line,
            ..ConfigError::new(format!(
                "failed to unmarshal merged JSON into kubelet configuration: {m}"
            ))
        }
    })
}

/// `kubeletConfigFlagPrecedence`: re-applies the command line over `kc`; feature-gate keys of
/// `kc` missing from the flags are added back (union, flag wins).
pub fn flag_precedence(
    cl: &flags::CommandLine,
    kc: &KubeletConfiguration,
    prov: &mut Provenance,
) -> Result<KubeletConfiguration, ConfigError> {
    let original = kc.feature_gates.clone();
    let before = to_value(kc);
    let mut v = before.clone();
    let written = flags::apply(cl, &mut v);
    let mut out = from_value(&v, true)
        .map_err(|m| ConfigError::new(format!("failed to precedence kubeletConfigFlag: {m}")))?;
    if let Some(orig) = original {
        let fg = out.feature_gates.get_or_insert_with(BTreeMap::new);
        for (k, val) in orig {
            fg.entry(k).or_insert(val);
        }
    }
    let after = to_value(&out);
    let fallback = Origin::new(Layer::Flag, "command line", None);
    let mut origins = flag_origins(&written);
    // --feature-gates owns only the keys it set: the gates added back by the union keep the
    // origin of the file or drop-in that set them.
    if let Some(o) = origins.remove("featureGates") {
        if let Some(Value::Object(flag_gates)) = v.get("featureGates") {
            for k in flag_gates.keys() {
                origins.insert(format!("featureGates.{k}"), o.clone());
            }
        }
    }
    provenance::record_step(prov, &before, &after, &origins, &fallback);
    Ok(out)
}

/// Explains one field of a resolution (`featureGates.MemoryQoS`, `evictionHard`,
/// `authorization.webhook`).
pub fn explain_kubelet_config(
    result: &Resolved,
    field_path: &str,
) -> Result<provenance::Explanation, ConfigError> {
    provenance::explain(&result.provenance, field_path).ok_or_else(|| {
        ConfigError::new(format!(
            "no field {} in the resolved kubelet configuration",
            crate::go::quote(field_path)
        ))
    })
}

pub use upgrade::{check_kubelet_upgrade, UpgradeFinding, UpgradeReport};
