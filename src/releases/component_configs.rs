//! The config files of the control plane's components: which kinds and API versions each release
//! decodes.
//!
//! A component reads a file through a scheme: the file's `apiVersion` and `kind` must be a
//! group/version/kind that release's scheme registered (`AddKnownTypes` in each external
//! version's `register.go`, or `AddKnownTypeWithName` for a type registered under another kind:
//! [`ALIASES`], whose files decode into that type), or the decoder refuses it with apimachinery's
//! `no kind "K" is registered for version "g/v" in scheme "..."`. The registrations are
//! generated into `component_configs_data.rs` by `scripts/gen-releases/component_configs.py`
//! from the staging repositories' tags (k8s.io/kube-scheduler `config/`, k8s.io/kube-proxy
//! `config/`, k8s.io/apiserver `pkg/apis/{apiserver,config,audit}`).
//!
//! Which file each flag names, and so which group and kinds it expects, is [`FILE_FLAGS`]:
//! kube-scheduler's `--config` (KubeSchedulerConfiguration), kube-proxy's `--config`
//! (KubeProxyConfiguration), and the kube-apiserver's file-valued flags. The
//! kube-controller-manager reads no versioned config file of its own (its
//! KubeControllerManagerConfiguration has no `--config` flag in any release of the data).

use super::gates::Component;
use super::Release;

/// One run of releases in which a scheme registered `group/version, Kind=kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindSpan {
    pub group: &'static str,
    pub version: &'static str,
    pub kind: &'static str,
    /// First release (1.x minor) that registers it (16: 1.16 or earlier).
    pub since: u16,
    /// First release that no longer registers it.
    pub removed: Option<u16>,
}

impl KindSpan {
    /// Whether `release` registers it.
    pub fn in_release(&self, release: Release) -> bool {
        let m = release.minor();
        m >= self.since && self.removed.is_none_or(|r| m < r)
    }
}

#[path = "component_configs_data.rs"]
mod data;
pub use data::{ALIASES, COMPLETE_WRAPS, KINDS, NOTICES, READERS, REFS, SCHEMES, WRAPS};

/// The scheme name `component`'s `--config` decoder prints in `release`
/// (`k8s.io/kubernetes/pkg/scheduler/apis/config/scheme/scheme.go:29`), and whether a source
/// of that release shows it (`false`: the nearest release's name, the line unverified).
pub fn scheme_name(component: Component, release: Release) -> Option<(&'static str, bool)> {
    let m = release.minor();
    let known: Vec<_> = SCHEMES.iter().filter(|(c, ..)| *c == component).collect();
    if let Some((_, _, name)) = known.iter().find(|(_, r, _)| *r == m) {
        return Some((name, true));
    }
    known
        .iter()
        .min_by_key(|(_, r, _)| r.abs_diff(m))
        .map(|(_, _, name)| (*name, false))
}

/// The prefix `component`'s loader puts before the decoder's error in `release`, if a source
/// of that release shows one (kube-proxy's `failed to decode: ` from 1.31).
pub fn decode_wrap(component: Component, release: Release) -> Option<&'static str> {
    WRAPS
        .iter()
        .find(|(c, r, _)| *c == component && *r == release.minor())
        .map(|(_, _, w)| *w)
}

/// The prefix `component`'s command puts before an error of its Complete step in `release`
/// (kube-proxy's `failed complete: ` from 1.31: config loading and its gates), if a source of
/// that release shows one.
pub fn complete_wrap(component: Component, release: Release) -> Option<&'static str> {
    COMPLETE_WRAPS
        .iter()
        .find(|(c, r, _)| *c == component && *r == release.minor())
        .map(|(_, _, w)| *w)
}

/// How the kube-apiserver's reader of `flag`'s file refuses an unregistered kind in `release`:
/// the scheme name its decoder prints and the wrapping of the decoder's error (`{err}`, and
/// `{path}` for the file), where that release's k8s.io/apiserver source shows them.
pub fn apiserver_reader(flag: &str, release: Release) -> Option<(&'static str, &'static str)> {
    READERS
        .iter()
        .find(|(f, r, ..)| *f == flag && *r == release.minor())
        .map(|(_, _, scheme, template)| (*scheme, *template))
}

/// The kube-scheduler's notice for a deprecated KubeSchedulerConfiguration `version`
/// (`v1beta2`) in `release`, where a source of that release shows one.
pub fn scheduler_notice(version: &str, release: Release) -> Option<&'static str> {
    NOTICES
        .iter()
        .find(|(r, v, _)| *r == release.minor() && *v == version)
        .map(|(_, _, n)| *n)
}

/// A file-valued flag of a component and the API groups and kinds its reader decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileFlag {
    pub component: Component,
    /// The flag, without dashes.
    pub flag: &'static str,
    /// The API groups the reader's scheme installs.
    pub groups: &'static [&'static str],
    /// The kind the flag expects.
    pub kind: &'static str,
}

const APISERVER_GROUPS: &[&str] = &["apiserver.k8s.io", "apiserver.config.k8s.io"];

/// The config files whose kind and version this module can judge.
pub static FILE_FLAGS: &[FileFlag] = &[
    FileFlag {
        component: Component::KubeScheduler,
        flag: "config",
        groups: &["kubescheduler.config.k8s.io"],
        kind: "KubeSchedulerConfiguration",
    },
    FileFlag {
        component: Component::KubeProxy,
        flag: "config",
        groups: &["kubeproxy.config.k8s.io"],
        kind: "KubeProxyConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "admission-control-config-file",
        groups: APISERVER_GROUPS,
        kind: "AdmissionConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "encryption-provider-config",
        groups: APISERVER_GROUPS,
        kind: "EncryptionConfiguration",
    },
    // Until 1.24, the deprecated name of --encryption-provider-config (k8s.io/apiserver
    // EtcdOptions writes both into one field).
    FileFlag {
        component: Component::KubeApiserver,
        flag: "experimental-encryption-provider-config",
        groups: APISERVER_GROUPS,
        kind: "EncryptionConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "egress-selector-config-file",
        groups: APISERVER_GROUPS,
        kind: "EgressSelectorConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "tracing-config-file",
        groups: APISERVER_GROUPS,
        kind: "TracingConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "authentication-config",
        groups: APISERVER_GROUPS,
        kind: "AuthenticationConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "authorization-config",
        groups: APISERVER_GROUPS,
        kind: "AuthorizationConfiguration",
    },
    FileFlag {
        component: Component::KubeApiserver,
        flag: "audit-policy-file",
        groups: &["audit.k8s.io"],
        kind: "Policy",
    },
];

/// The file flag `flag` of `component`, if its file's kind is judged here.
pub fn file_flag(component: Component, flag: &str) -> Option<&'static FileFlag> {
    FILE_FLAGS
        .iter()
        .find(|f| f.component == component && f.flag == flag)
}

/// Whether `release` registers `kind` for `group/version` (`api_version` as a file writes it).
pub fn registered(api_version: &str, kind: &str, release: Release) -> bool {
    let (group, version) = split_api_version(api_version);
    KINDS.iter().any(|k| {
        k.group == group && k.version == version && k.kind == kind && k.in_release(release)
    })
}

/// The kind of the Go type that `kind` of `api_version` decodes into: the kind itself, or for a
/// kind registered under another name (the legacy `v1, Kind=EncryptionConfig`), its type's.
pub fn decodes_as<'a>(api_version: &str, kind: &'a str) -> &'a str {
    let (group, version) = split_api_version(api_version);
    ALIASES
        .iter()
        .find(|(g, v, k, _)| *g == group && *v == version && *k == kind)
        .map_or(kind, |(_, _, _, t)| t)
}

/// Every version of `group` in which `release` registers `kind`, in the data's order.
pub fn versions_of(group: &str, kind: &str, release: Release) -> Vec<&'static str> {
    KINDS
        .iter()
        .filter(|k| k.group == group && k.kind == kind && k.in_release(release))
        .map(|k| k.version)
        .collect()
}

/// Whether any release of the data registers `group/version`.
pub fn group_version_known(api_version: &str, release: Release) -> bool {
    let (group, version) = split_api_version(api_version);
    KINDS
        .iter()
        .any(|k| k.group == group && k.version == version && k.in_release(release))
}

/// The releases in which `group/version, Kind=kind` was registered: (first, first without).
pub fn life(api_version: &str, kind: &str) -> Option<(u16, Option<u16>)> {
    let (group, version) = split_api_version(api_version);
    let spans: Vec<_> = KINDS
        .iter()
        .filter(|k| k.group == group && k.version == version && k.kind == kind)
        .collect();
    let first = spans.first()?;
    let last = spans.last()?;
    Some((first.since, last.removed))
}

/// `apps/v1` -> (`apps`, `v1`); `v1` -> (``, `v1`), as `schema.ParseGroupVersion` splits it.
pub fn split_api_version(api_version: &str) -> (&str, &str) {
    match api_version.split_once('/') {
        Some((g, v)) => (g, v),
        None => ("", api_version),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legacy_encryption_config_decodes_as_encryption_configuration() {
        let r = Release::parse("1.16").unwrap();
        assert!(registered("v1", "EncryptionConfig", r));
        assert_eq!(
            decodes_as("v1", "EncryptionConfig"),
            "EncryptionConfiguration"
        );
        assert_eq!(
            decodes_as("apiserver.config.k8s.io/v1", "EncryptionConfig"),
            "EncryptionConfig"
        );
    }

    #[test]
    fn every_file_flag_kind_is_registered_somewhere() {
        for f in FILE_FLAGS {
            assert!(
                KINDS
                    .iter()
                    .any(|k| k.kind == f.kind && f.groups.contains(&k.group)),
                "{}",
                f.kind
            );
        }
    }
}
