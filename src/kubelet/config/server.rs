//! The kubelet's start, stage by stage: what `NewKubeletCommand`'s `RunE` does with the command
//! line, the config file and the drop-ins before the kubelet runs.
//!
//! Upstream: `cmd/kubelet/app/server.go` (Kubernetes ≈1.30–1.34). Each stage below is one step
//! of `RunE`, in its order, with the wrapping text the kubelet adds to that step's errors:
//!
//! | stage | upstream |
//! |---|---|
//! | [`Startup::parse_command_line`] | `cleanFlagSet.Parse(args)`, `cleanFlagSet.Args()` |
//! | [`Startup::flags_onto_defaults`] | `NewKubeletConfiguration` + the flags bound onto it |
//! | [`Startup::set_gates_from_flags`] | `SetFromMap(kubeletConfig.FeatureGates)` (the first) |
//! | [`Startup::validate_kubelet_flags`] | `options.ValidateKubeletFlags` |
//! | [`Startup::load_config_file`] | `loadConfigFile` |
//! | [`Startup::merge_config_dir`] | `mergeKubeletConfigurations` |
//! | [`Startup::flag_precedence`] | `kubeletConfigFlagPrecedence`, then `SetFromMap` again |
//! | [`Startup::dynamic_config`] | `BootstrapKubeletConfigController` (1.11–1.23) |
//! | [`Startup::validate`] | `ValidateKubeletConfiguration` |
//! | [`Startup::startup_checks`] | what `run()` and `NewMainKubelet` parse later |
//!
//! Beside the configuration, every stage records which layer wrote each value ([`Provenance`]).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::gates::Gates;
use super::precedence::{flag_origins, flag_precedence, from_value, to_value};
use super::provenance::{self, Layer, Origin, Provenance};
use super::types::{self, KubeletConfiguration};
use super::{
    defaults, dropins, dynamic, file, flags, flagvalidation, startup, validation, ConfigProblem,
    KubeletConfigError, KubeletConfigStage, ResolveInput, Resolved,
};
use crate::releases::Release;
use crate::version::Version;

/// The configuration as it stands between stages, and who wrote each value.
pub(crate) struct Layers {
    pub kc: KubeletConfiguration,
    pub prov: Provenance,
    /// The defaults alone, for the diff.
    defaults: KubeletConfiguration,
}

/// The files the command line names: `--config` and `--config-dir`, made absolute.
pub(crate) struct ConfigFiles {
    pub config: Option<String>,
    pub dir: Option<String>,
}

/// One kubelet start: its inputs and the warnings gathered on the way.
pub(crate) struct Startup<'a> {
    input: &'a ResolveInput,
    version: Version,
    release: Release,
    warnings: Vec<String>,
}

fn defaults_origin() -> Origin {
    Origin::new(Layer::Default, "defaults", None)
}

impl<'a> Startup<'a> {
    pub(crate) fn new(input: &'a ResolveInput, version: Version, release: Release) -> Self {
        Startup {
            input,
            version,
            release,
            warnings: Vec::new(),
        }
    }

    /// `cleanFlagSet.Parse(args)`; a non-flag argument is an unknown command. pflag's
    /// deprecation notices become warnings.
    pub(crate) fn parse_command_line(&mut self) -> Result<flags::CommandLine, KubeletConfigError> {
        let cl = flags::parse_flags(&self.input.args, self.release).map_err(|e| {
            KubeletConfigError::on_flag(
                format!("failed to parse kubelet flag: {e}"),
                e.flag().map(str::to_string),
            )
            .with_cause(e)
            .at_stage(KubeletConfigStage::Flags)
        })?;
        if let Some(cmd) = cl.rest.first() {
            return Err(KubeletConfigError::new(format!("unknown command {cmd}"))
                .at_stage(KubeletConfigStage::Flags));
        }
        self.warnings.extend(cl.warnings.iter().cloned());
        Ok(cl)
    }

    /// `NewKubeletConfiguration`: the defaults, then the legacy defaults the command line used
    /// to carry, then the flags written onto them.
    pub(crate) fn flags_onto_defaults(
        &self,
        cl: &flags::CommandLine,
        gates: &dyn Gates,
    ) -> Result<Layers, KubeletConfigError> {
        let base_defaults = defaults::defaulted_at(gates, self.release)?;
        let mut prov = Provenance::new();
        provenance::record_step(
            &mut prov,
            &Value::Null,
            &to_value(&base_defaults),
            &BTreeMap::new(),
            &defaults_origin(),
        );
        let mut flag_cfg = base_defaults.clone();
        defaults::apply_legacy_defaults(&mut flag_cfg);
        let mut cfg_value = to_value(&flag_cfg);
        let mut legacy: BTreeMap<String, Origin> = BTreeMap::new();
        legacy.extend(defaults::LEGACY_DEFAULT_PATHS.iter().map(|p| {
            (
                p.to_string(),
                Origin::new(Layer::LegacyFlagDefault, "command line", None),
            )
        }));
        provenance::record_step(
            &mut prov,
            &to_value(&base_defaults),
            &cfg_value,
            &legacy,
            &defaults_origin(),
        );
        let before = cfg_value.clone();
        let written = flags::apply(cl, &mut cfg_value);
        provenance::record_step(
            &mut prov,
            &before,
            &cfg_value,
            &flag_origins(&written),
            &defaults_origin(),
        );
        let kc = from_value(&cfg_value, true).map_err(|m| {
            KubeletConfigError::new(format!("failed to parse kubelet flag: {m}"))
                .at_stage(KubeletConfigStage::Flags)
        })?;
        Ok(Layers {
            kc,
            prov,
            defaults: base_defaults,
        })
    }

    /// The first `SetFromMap`: the gates of the flags alone.
    pub(crate) fn set_gates_from_flags(
        &mut self,
        gates: &mut dyn Gates,
        layers: &Layers,
    ) -> Result<(), KubeletConfigError> {
        // No `featureGates`: Go's nil map, which sets nothing.
        let flag_gates = layers.kc.feature_gates.clone().unwrap_or_default();
        self.warnings
            .extend(gates.set_from_map(&flag_gates).map_err(|e| {
                KubeletConfigError::on_flag(
                    format!("failed to set feature gates from initial flags-based config: {e}"),
                    Some("--feature-gates".into()),
                )
                .with_cause(e)
                .at_stage(KubeletConfigStage::FeatureGates)
            })?);
        Ok(())
    }

    /// `ValidateKubeletFlags`: the dynamic-config check (1.11–1.23), then the node labels and
    /// (1.24–1.26) the container runtime ([`flagvalidation`]).
    pub(crate) fn validate_kubelet_flags(
        &self,
        cl: &flags::CommandLine,
        gates: &dyn Gates,
    ) -> Result<(), KubeletConfigError> {
        if self.version.major() != 1 {
            return Ok(());
        }
        if (11..=23).contains(&self.version.minor()) {
            dynamic::validate_flags(cl, &self.version, gates)
                .map_err(|e| e.at_stage(KubeletConfigStage::FlagValidation))?;
        }
        flagvalidation::validate(cl, self.version.minor())
            .map_err(|e| e.at_stage(KubeletConfigStage::FlagValidation))
    }

    /// `--config` and `--config-dir`, relative to the working directory.
    pub(crate) fn config_files(&self, cl: &flags::CommandLine) -> ConfigFiles {
        let cwd = self.input.cwd.as_deref().unwrap_or("/");
        let named = |flag: &str| {
            cl.last(flag)
                .filter(|p| !p.is_empty())
                .map(|p| absolute(cwd, p))
        };
        ConfigFiles {
            config: named("config"),
            dir: named("config-dir"),
        }
    }

    /// `loadConfigFile`: the file replaces the flags' configuration (they come back with
    /// [`Self::flag_precedence`]), defaulted.
    pub(crate) fn load_config_file(
        &mut self,
        path: &str,
        gates: &dyn Gates,
        layers: &mut Layers,
    ) -> Result<(), KubeletConfigError> {
        let (file_kc, written) = self.read_config_file(path, gates).map_err(|e| {
            e.wrap(|m| format!("failed to load kubelet config file, path: {path}, error: {m}"))
                .at_stage(KubeletConfigStage::ConfigFile)
        })?;
        layers.kc = file_kc;
        layers.prov = Provenance::new();
        provenance::record_step(
            &mut layers.prov,
            &Value::Null,
            &to_value(&layers.kc),
            &written,
            &defaults_origin(),
        );
        Ok(())
    }

    /// Reads, decodes and defaults the `--config` file; returns the configuration and the
    /// leaves the file itself wrote.
    fn read_config_file(
        &mut self,
        path: &str,
        gates: &dyn Gates,
    ) -> Result<(KubeletConfiguration, BTreeMap<String, Origin>), KubeletConfigError> {
        let release = self.release;
        let wrap = |e: KubeletConfigError| {
            e.wrap(|m| format!("failed to load Kubelet config file {path}, error {m}"))
        };
        let data = self.input.files.get(path).ok_or_else(|| {
            wrap(KubeletConfigError::at(
                format!("failed to read kubelet config file {}, error: open {path}: no such file or directory", crate::go::quote(path)),
                path,
                None,
            ))
        })?;
        if data.is_empty() {
            return Err(wrap(KubeletConfigError::at(
                format!("kubelet config file {} was empty", crate::go::quote(path)),
                path,
                None,
            )));
        }
        let decoded = file::decode_at(path, data, release).map_err(wrap)?;
        for (err, line) in &decoded.strict_errors {
            self.warnings.push(format!(
                "Using lenient decoding as strict decoding failed: strict decoding error: {err} ({path}{})",
                line.map(|l| format!(":{l}")).unwrap_or_default()
            ));
        }
        let mut value = decoded.value.clone();
        file::resolve_relative_paths(&mut value, &file::dir_of(path));
        let mut kc = from_value(&value, false).map_err(|m| {
            wrap(KubeletConfigError::at(
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
        defaults::set_defaults_at(&mut kc, gates, release).map_err(|e| {
            // A gate the file sets and the defaulting gate refuses: the line that set it.
            let line = match e.cause() {
                Some(super::error::Cause::FeatureGate(fe)) => fe
                    .problems()
                    .iter()
                    .find_map(|p| p.feature())
                    .and_then(|name| written.get(&format!("featureGates.{name}")))
                    .and_then(|o| o.line),
                _ => None,
            };
            wrap(e.or_at(path, line))
        })?;
        let mut kc = defaults::only_fields_of(&kc, release);
        if kc.eviction_hard.is_none() {
            kc.eviction_hard = Some(defaults::default_eviction_hard_at(&release.version()));
        }
        Ok((kc, written))
    }

    /// `mergeKubeletConfigurations`: the `*.conf` files of `--config-dir`, in order, merged
    /// over the configuration (alpha behind an environment variable in 1.28–1.29).
    pub(crate) fn merge_config_dir(
        &mut self,
        dir: &str,
        layers: &mut Layers,
    ) -> Result<(), KubeletConfigError> {
        let minor = self.version.minor();
        if self.version.major() == 1
            && super::DROPIN_DIR_ALPHA_MINORS.contains(&minor)
            && !self
                .input
                .env
                .contains_key("KUBELET_CONFIG_DROPIN_DIR_ALPHA")
        {
            return Err(KubeletConfigError::on_flag(
                "dropin directory is alpha and disabled by default, set environment variable KUBELET_CONFIG_DROPIN_DIR_ALPHA to enable it",
                Some("--config-dir".into()),
            ).at_stage(KubeletConfigStage::DropIn));
        }
        layers.kc = self
            .merge_dropins(dir, &layers.kc, &mut layers.prov)
            .map_err(|e| {
                e.wrap(|m| format!("failed to merge kubelet configs: {m}"))
                    .at_stage(KubeletConfigStage::DropIn)
            })?;
        Ok(())
    }

    fn merge_dropins(
        &mut self,
        dir: &str,
        kc: &KubeletConfiguration,
        prov: &mut Provenance,
    ) -> Result<KubeletConfiguration, KubeletConfigError> {
        let input = self.input;
        if !dropins::dir_exists(&input.files, &input.dirs, dir) {
            return Err(KubeletConfigError::at(
                format!("failed to walk through kubelet dropin directory {}: lstat {dir}: no such file or directory", crate::go::quote(dir)),
                dir,
                None,
            ));
        }
        let list = dropins::files_in(&input.files, dir);
        if list.is_empty() {
            self.warnings.push(format!(
                "kubelet drop-in directory {dir} holds no *.conf files; nothing merged"
            ));
        }
        let mut base = to_value(kc);
        let mut last_writer: BTreeMap<String, (String, Option<usize>)> = BTreeMap::new();
        for (path, data) in list {
            let wrap = |e: KubeletConfigError| {
                e.wrap(|m| format!("failed to load kubelet dropin file, path: {path}, error: failed to load drop-in kubelet config file {path}, error {m}"))
            };
            if data.is_empty() {
                return Err(wrap(KubeletConfigError::at(
                    format!("kubelet config file {} was empty", crate::go::quote(path)),
                    path,
                    None,
                )));
            }
            let decoded = file::decode_at(path, data, self.release).map_err(|e| {
                // Drop-ins are decoded unstructured: a type error only shows up after the merge.
                wrap(e)
            });
            let decoded = match decoded {
                Ok(d) => d,
                Err(e) if e.message().contains("cannot unmarshal") => {
                    let doc = crate::yaml::parse(data).map_err(|y| {
                        wrap(
                            KubeletConfigError::at(y.to_string(), path, Some(y.pos().line))
                                .with_cause(y),
                        )
                    })?;
                    file::Decoded {
                        value: doc.value.clone(),
                        doc,
                        strict_errors: Vec::new(),
                    }
                }
                Err(e) => return Err(e),
            };
            for (err, line) in &decoded.strict_errors {
                self.warnings.push(format!(
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
                    // `split` yields at least one piece: the empty default is unreachable.
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
                // A field no drop-in wrote (or none named): the error has no location.
                .unwrap_or((None, None));
            KubeletConfigError::new(format!(
                "failed to unmarshal merged JSON into kubelet configuration: {m}"
            ))
            .relocated(file, line)
        })
    }

    /// `kubeletConfigFlagPrecedence` over the file and drop-ins, then the second `SetFromMap`
    /// with the merged configuration's gates.
    pub(crate) fn flag_precedence(
        &mut self,
        cl: &flags::CommandLine,
        gates: &mut dyn Gates,
        layers: &mut Layers,
    ) -> Result<(), KubeletConfigError> {
        layers.kc = flag_precedence(cl, &layers.kc, &mut layers.prov)
            .map_err(|e| e.at_stage(KubeletConfigStage::FlagPrecedence))?;
        // No `featureGates`: Go's nil map, which sets nothing.
        let cfg_gates = layers.kc.feature_gates.clone().unwrap_or_default();
        let prov = &layers.prov;
        self.warnings
            .extend(gates.set_from_map(&cfg_gates).map_err(|e| {
                // The text names the gate; the provenance knows which file line or flag set it.
                let at = gate_problem_at(&e, prov);
                let text =
                    format!("failed to set feature gates from initial flags-based config: {e}");
                // Located by the problem when the provenance knows one.
                let err = match at {
                    Some(p) => KubeletConfigError::from_problems(text, vec![p]),
                    None => KubeletConfigError::new(text),
                };
                err.with_cause(e).at_stage(KubeletConfigStage::FeatureGates)
            })?);
        Ok(())
    }

    /// Historical dynamic config (1.11–1.23): an assigned or last-known-good checkpoint replaces
    /// the local configuration, and its gates are set.
    pub(crate) fn dynamic_config(
        &mut self,
        cl: &flags::CommandLine,
        gates: &mut dyn Gates,
        layers: &mut Layers,
    ) -> Result<Option<dynamic::DynamicStatus>, KubeletConfigError> {
        let Some(d) = &self.input.dynamic else {
            return Ok(None);
        };
        let Some(out) = dynamic::bootstrap(d, cl, &self.version, gates, &mut self.warnings)
            .map_err(|e| e.at_stage(KubeletConfigStage::DynamicConfig))?
        else {
            return Ok(None);
        };
        if let Some((dyn_kc, dyn_prov)) = out.config {
            layers.kc = dyn_kc;
            layers.prov = dyn_prov;
            // No `featureGates`: Go's nil map, which sets nothing.
            let g = layers.kc.feature_gates.clone().unwrap_or_default();
            self.warnings.extend(gates.set_from_map(&g).map_err(|e| {
                KubeletConfigError::from_cause(e).at_stage(KubeletConfigStage::FeatureGates)
            })?);
        }
        Ok(Some(out.status))
    }

    /// Only the fields this release had: flags and dynamic config cannot add others.
    pub(crate) fn release_fields_only(&self, layers: &mut Layers) {
        let release = self.release;
        layers.kc = defaults::only_fields_of(&layers.kc, release);
        layers
            .prov
            .retain(|path, _| crate::releases::kubelet_config::known_at(path, release));
    }

    /// `ValidateKubeletConfiguration` on the final result: every failure, each located.
    pub(crate) fn validate(
        &self,
        layers: &Layers,
        gates: &dyn Gates,
        config_path: Option<&str>,
    ) -> Result<(), KubeletConfigError> {
        let Err(errs) = validation::validate_at(&layers.kc, gates, self.release) else {
            return Ok(());
        };
        let value = to_value(&layers.kc);
        let mut seen = BTreeSet::new();
        let problems = errs
            .iter()
            .filter(|m| seen.insert(m.as_str()))
            .map(|m| {
                ConfigProblem::locate(m.clone(), validation::field_of(m, &value), &layers.prov)
            })
            .collect();
        // Upstream formats the configuration itself with `%s` after `path:` (a Go struct
        // dump); kubegate prints the `--config` path there, empty without one.
        Err(KubeletConfigError::from_problems(
            format!(
                "failed to validate kubelet configuration, error: {}, path: {}",
                validation::aggregate(&errs),
                config_path.unwrap_or_default()
            ),
            problems,
        )
        .at_stage(KubeletConfigStage::Validation))
    }

    /// What `run()` and `NewMainKubelet` parse later: reserved resources, eviction thresholds.
    pub(crate) fn startup_checks(&self, layers: &Layers) -> Result<(), KubeletConfigError> {
        startup::check(&layers.kc).map_err(|e| {
            let p = ConfigProblem::locate(e.message.clone(), Some(e.field), &layers.prov);
            KubeletConfigError::from_problems(e.message, vec![p])
                .at_stage(KubeletConfigStage::Startup)
        })
    }

    /// The result: every gate's effective value (those no layer set come from the kubelet's
    /// own defaults), the configuration and its diff from the defaults.
    pub(crate) fn finish(
        self,
        layers: Layers,
        gates: &dyn Gates,
        dynamic: Option<dynamic::DynamicStatus>,
    ) -> Resolved {
        let Layers {
            kc,
            mut prov,
            defaults,
        } = layers;
        let feature_gates = gates.all();
        let gate_origin = Origin::new(
            Layer::FeatureGateDefault,
            format!("kubelet {}", self.version),
            None,
        );
        for (name, value) in &feature_gates {
            let path = format!("featureGates.{name}");
            if !prov.contains_key(&path) || prov.get(&path).is_some_and(|f| f.value.is_null()) {
                provenance::record(&mut prov, &path, Value::Bool(*value), gate_origin.clone());
            }
        }
        let config = to_value(&kc);
        let diff = provenance::diff(&to_value(&defaults), &config);
        Resolved {
            kubelet_version: self.version.to_string(),
            config,
            feature_gates,
            provenance: prov,
            warnings: self.warnings,
            diff,
            dynamic,
        }
    }
}

fn absolute(cwd: &str, path: &str) -> String {
    if path.starts_with('/') {
        file::clean(path)
    } else {
        file::join(cwd, path)
    }
}

/// The JSON pointer of a dotted leaf path, for its line in the YAML.
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

/// Where the input wrote the gate a refused `SetFromMap` names first: the file and line, or the
/// flag, that set `featureGates.<name>`, as one located problem carrying the refusal's text.
fn gate_problem_at(
    e: &crate::featuregate::FeatureGateError,
    prov: &Provenance,
) -> Option<super::error::ConfigProblem> {
    let name = e.problems().iter().find_map(|p| p.feature())?;
    let field = format!("featureGates.{name}");
    prov.get(&field)?;
    // A problem named the feature above, so there is a first message.
    let message = e
        .messages()
        .into_iter()
        .next()
        .unwrap_or_else(|| e.to_string());
    Some(super::error::ConfigProblem::locate(
        message,
        Some(field),
        prov,
    ))
}
