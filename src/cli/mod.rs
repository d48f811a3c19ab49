//! The `kubegate` command line: the library's answers for a terminal and for CI.
//!
//! One implementation serves both ways it ships: the native binary (`src/bin/kubegate.rs`,
//! `cargo install kubegate --features cli`) and `npx kubegate` (the same code compiled to wasm,
//! `src/wasm/cli.rs`). Everything the command line needs from the machine goes through [`Host`]
//! (files, directories, stdin, the clock, whether stdout is a terminal), so both give the same
//! output for the same inputs, and tests can run it on fixtures.
//!
//! Exit codes are stable: [`EXIT_OK`] (0) nothing to report, [`EXIT_FINDINGS`] (1) the binary
//! would refuse the input, the kubelet or a control-plane component would not start, the upgrade
//! breaks, the node is not healthy, [`EXIT_USAGE`] (2) the command line or an input file is wrong, or the output cannot
//! be written; a reader that went away ends the run with 141 (the binaries' stream handling:
//! `src/bin/kubegate.rs`, `npm/cli.js`). The `--format json`
//! shapes are documented in `docs/upgrade-check.md` and carry `"kubegate": 1`, the shape's
//! version.

#[cfg(feature = "control-plane")]
mod controlplane;
mod format;
mod gates;
mod kubelet;
mod node;

use clap::{Arg, ArgAction, ArgMatches, Command};

pub use format::{github_escape_data, github_escape_property};

/// Nothing to report.
pub const EXIT_OK: i32 = 0;
/// Findings: refused gates, a kubelet or control-plane component that would not start, a breaking
/// upgrade, a node that is not Ready.
pub const EXIT_FINDINGS: i32 = 1;
/// A usage error or an input that cannot be read.
pub const EXIT_USAGE: i32 = 2;

/// The version of the `--format json` shapes.
pub const JSON_SHAPE_VERSION: u32 = 1;

/// One directory entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirEntry {
    pub name: String,
    pub is_dir: bool,
}

/// What the command line needs from the machine it runs on.
pub trait Host {
    /// The text of a file; `-` is standard input. The error is the reason (`no such file or
    /// directory`).
    fn read_file(&self, path: &str) -> Result<String, HostError>;
    /// The entries of a directory; an error when `path` is not a readable directory.
    fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, HostError>;
    /// Now, Unix milliseconds (the `node` command's default `--now`).
    fn now_millis(&self) -> Option<i64>;
    /// Whether to colour the output: stdout is a terminal and `NO_COLOR` is not set.
    fn color(&self) -> bool;
}

error_kind! {
    /// What kind of error a [`HostError`] is.
    pub enum HostErrorKind {
        /// The host could not read a file, standard input or a directory.
        Read = "read",
    }
}

/// Why the host could not read a file or a directory: the reason alone, as the npm bin prints
/// it after `cannot read <path>: ` (`no such file or directory`, `larger than 2097152 bytes`),
/// and the operating system's error underneath when there is one (`source()`).
#[derive(Clone, Debug)]
pub struct HostError {
    reason: String,
    // `Arc`: `std::io::Error` is not `Clone`.
    source: Option<std::sync::Arc<std::io::Error>>,
}

impl HostError {
    /// A refusal of the host's own (too large, not UTF-8, a JS host's message).
    pub fn new(reason: impl Into<String>) -> Self {
        HostError {
            reason: reason.into(),
            source: None,
        }
    }
    /// An operating-system error, shown as `reason`.
    pub fn io(reason: impl Into<String>, source: std::io::Error) -> Self {
        HostError {
            reason: reason.into(),
            source: Some(std::sync::Arc::new(source)),
        }
    }
    /// Always [`HostErrorKind::Read`].
    pub fn kind(&self) -> HostErrorKind {
        HostErrorKind::Read
    }
    /// The reason, as `Display` prints it.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for HostError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_deref().map(|e| e as _)
    }
}

/// A host's reason in its own words (a JS host's `Error.message`).
impl From<String> for HostError {
    fn from(reason: String) -> Self {
        HostError::new(reason)
    }
}

impl From<&str> for HostError {
    fn from(reason: &str) -> Self {
        HostError::new(reason)
    }
}

/// What a run printed and how it ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// A failure that ends the run: the message and the exit code.
#[derive(Debug)]
pub(crate) struct Fail {
    pub message: String,
    pub code: i32,
}

impl Fail {
    pub fn usage(message: impl Into<String>) -> Self {
        Fail {
            message: message.into(),
            code: EXIT_USAGE,
        }
    }
}

/// Reads a file through the host, with the path in the error.
pub(crate) fn read(host: &dyn Host, path: &str) -> Result<String, Fail> {
    host.read_file(path).map_err(|e| {
        let shown = if path == "-" { "standard input" } else { path };
        Fail::usage(format!("cannot read {shown}: {e}"))
    })
}

/// An import error as `path:line: message`.
pub(crate) fn import_fail(path: &str, e: &crate::import::ImportError) -> Fail {
    let shown = if path == "-" { "<stdin>" } else { path };
    Fail::usage(match e.line() {
        Some(l) => format!("{shown}:{l}: {}", e.message()),
        None => format!("{shown}: {}", e.message()),
    })
}

const EXIT_CODES: &str = "Exit codes:
  0  nothing to report
  1  findings: the binary refuses the gates, the kubelet or a control-plane component would not
     start, the upgrade breaks, the node is not Ready or carries a node-lifecycle taint
  2  usage error, or an input that cannot be read (the message names the file and line), or
     output that cannot be written (a full disk, a closed stdout)
  141  the reader of the output went away (a closed pipe: `kubegate ... | head`), said quietly";

const ABOUT: &str =
    "Kubernetes feature gates, kubelet configuration and node lifecycle, offline and exact";

fn format_arg(values: &'static [&'static str], default: &'static str) -> Arg {
    Arg::new("format")
        .long("format")
        .value_name("FORMAT")
        .value_parser(values.to_vec())
        .default_value(default)
        .help("Output format (json is stable: see docs/upgrade-check.md)")
}

fn release_arg() -> Arg {
    Arg::new("release")
        .long("release")
        .value_name("VERSION")
        .help(
        "The Kubernetes release whose binary to reproduce (1.16 to the newest; default: newest)",
    )
}

fn kubelet_input_args(cmd: Command) -> Command {
    cmd.arg(
        Arg::new("config")
            .long("config")
            .value_name("FILE")
            .help("The kubelet's --config file (a local file; also passed as --config)"),
    )
    .arg(
        Arg::new("config-dir")
            .long("config-dir")
            .value_name("DIR")
            .help("The kubelet's --config-dir drop-in directory (*.conf files)"),
    )
    .arg(
        Arg::new("cmdline")
            .long("cmdline")
            .value_name("FILE")
            .action(ArgAction::Append)
            .help("Import the kubelet's command line: ps output, /proc/PID/cmdline, a systemd unit, /etc/default/kubelet or kubeadm-flags.env (repeatable: env files define the unit's $VARs)"),
    )
    .arg(
        Arg::new("configz")
            .long("configz")
            .value_name("FILE")
            .help("Import a running kubelet's config (kubectl get --raw /api/v1/nodes/NAME/proxy/configz) as the --config file"),
    )
    .arg(
        Arg::new("kubeadm")
            .long("kubeadm")
            .value_name("FILE")
            .help("Import kubeadm Init/JoinConfiguration kubeletExtraArgs and an embedded KubeletConfiguration"),
    )
    .arg(
        Arg::new("file")
            .long("file")
            .value_name("PATH=LOCAL")
            .action(ArgAction::Append)
            .help("Read the file the kubelet would read at PATH from LOCAL (repeatable)"),
    )
    .arg(
        Arg::new("kubelet-args")
            .value_name("KUBELET_ARGS")
            .num_args(0..)
            .last(true)
            .allow_hyphen_values(true)
            .help("The kubelet's own arguments, after --"),
    )
}

/// The control plane's inputs of `kubegate upgrade` (a build without the `control-plane`
/// feature has none).
fn control_plane_args(cmd: Command) -> Command {
    if !cfg!(feature = "control-plane") {
        return cmd;
    }
    cmd.mut_arg("file", |a| {
        a.help("Read the file the kubelet or a component would read at PATH (the host's path, after a pod's volume) from LOCAL (repeatable)")
    })
    .mut_arg("kubeadm", |a| {
        a.help("Import kubeadm Init/JoinConfiguration kubeletExtraArgs and an embedded KubeletConfiguration, and the control plane of its ClusterConfiguration (extraArgs, extraVolumes) and KubeProxyConfiguration")
    })
    .arg(
        Arg::new("manifests")
            .long("manifests")
            .value_name("DIR")
            .action(ArgAction::Append)
            .help("Check the control plane's static pod manifests: every *.yaml, *.yml, *.json and *.manifest in DIR (/etc/kubernetes/manifests), DaemonSets and the kube-proxy ConfigMap too"),
    )
    .arg(
        Arg::new("component-cmdline")
            .long("component-cmdline")
            .value_name("FILE")
            .action(ArgAction::Append)
            .help("Check a control-plane component's command line: a systemd unit, or ps lines (several components at once)"),
    )
    .arg(
        Arg::new("component")
            .long("component")
            .value_name("NAME")
            .value_parser(["kubelet", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "kube-proxy"])
            .help("Check only this component"),
    )
}

/// `kubegate component NAME`: one control-plane component's start at one release.
fn component_command() -> Option<Command> {
    if !cfg!(feature = "control-plane") {
        return None;
    }
    Some(
        Command::new("component")
            .about("Check whether a control-plane component of a release starts with a command line")
            .long_about("Check a kube-apiserver, kube-controller-manager, kube-scheduler or kube-proxy command line the way that release's binary reads it: unknown or removed flags, values its flags refuse, --feature-gates, --emulated-version, and the kind and version of config files it is given. Prints every refusal (the binary prints the first) and its deprecation warnings. Exits 1 when it would not start.")
            .arg(
                Arg::new("name")
                    .value_name("COMPONENT")
                    .required(true)
                    .value_parser(["kube-apiserver", "kube-controller-manager", "kube-scheduler", "kube-proxy"])
                    .help("The component"),
            )
            .arg(release_arg())
            .arg(
                Arg::new("manifest")
                    .long("manifest")
                    .value_name("FILE")
                    .action(ArgAction::Append)
                    .help("Read its command line from a static pod manifest (or DaemonSet, with the kube-proxy ConfigMap)"),
            )
            .arg(
                Arg::new("component-cmdline")
                    .long("cmdline")
                    .value_name("FILE")
                    .action(ArgAction::Append)
                    .help("Read its command line from a systemd unit or ps output"),
            )
            .arg(
                Arg::new("kubeadm")
                    .long("kubeadm")
                    .value_name("FILE")
                    .help("Read its extraArgs from a kubeadm ClusterConfiguration"),
            )
            .arg(
                Arg::new("file")
                    .long("file")
                    .value_name("PATH=LOCAL")
                    .action(ArgAction::Append)
                    .help("Read the config file the component would read at PATH from LOCAL (repeatable)"),
            )
            .arg(format_arg(&["text", "json", "github"], "text"))
            .arg(
                Arg::new("args")
                    .value_name("ARGS")
                    .num_args(0..)
                    .last(true)
                    .allow_hyphen_values(true)
                    .help("The component's own arguments, after --"),
            )
            .after_help(format!(
                "Examples:
  kubegate component kube-apiserver --release 1.24 -- --insecure-port=0
  kubegate component kube-scheduler --release 1.30 --manifest kube-scheduler.yaml \\
      --file /etc/kubernetes/scheduler-config.yaml=scheduler-config.yaml
  kubegate component kube-proxy --release 1.31 --format json -- --feature-gates=NFTablesProxyMode=true

{EXIT_CODES}"
            )),
    )
}

/// `kubegate upgrade`: the kubelet's check (as it always was), and the control plane's when its
/// inputs are given; both in one output and one exit code.
fn run_upgrade(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    #[cfg(feature = "control-plane")]
    {
        controlplane::run_upgrade(m, host, out)
    }
    #[cfg(not(feature = "control-plane"))]
    {
        kubelet::run_upgrade(m, host, out)
    }
}

/// The command tree (exposed for `--help` tests and docs).
pub fn command() -> Command {
    let gates = Command::new("gates")
        .about("Check a --feature-gates value against a release's binary")
        .long_about("Check a --feature-gates value the way a Kubernetes binary of --release (or the newest binary started with --emulated-version) parses it. Prints each gate set, what it resolves to and why; with --metrics, compares a component's kubernetes_feature_enabled samples with what the flags say.")
        .arg(
            Arg::new("feature-gates")
                .value_name("FEATURE_GATES")
                .help("The value, e.g. \"NodeSwap=true,AllAlpha=false\" (a leading --feature-gates= is accepted; - reads stdin)"),
        )
        .arg(release_arg().conflicts_with("emulate"))
        .arg(
            Arg::new("emulate")
                .long("emulate")
                .value_name("VERSION")
                .help("Check as the newest binary started with --emulated-version=VERSION"),
        )
        .arg(
            Arg::new("kubeadm")
                .long("kubeadm")
                .value_name("FILE")
                .help("Take the value from a kubeadm config's feature-gates extra argument of --component"),
        )
        .arg(
            Arg::new("component")
                .long("component")
                .value_name("NAME")
                .value_parser([
                    "kubelet",
                    "kube-apiserver",
                    "kube-controller-manager",
                    "kube-scheduler",
                    "kube-proxy",
                    "apiServer",
                    "controllerManager",
                    "scheduler",
                ])
                .default_value("kubelet")
                .help("A component: with --kubeadm, whose feature-gates to read; else list only the gates its code reads (from 1.25; gates set are always listed, marked when it does not read them)"),
        )
        .arg(
            Arg::new("history")
                .long("history")
                .value_name("GATE")
                .conflicts_with_all(["feature-gates", "kubeadm", "metrics", "emulate", "all", "release"])
                .help("Print one gate's history instead: every release's stage, default and lock (per patch range where a patch changed it), the components that read it and the source of each fact"),
        )
        .arg(
            Arg::new("metrics")
                .long("metrics")
                .value_name("FILE")
                .help("Compare a component's /metrics kubernetes_feature_enabled lines with the result"),
        )
        .arg(
            Arg::new("all")
                .long("all")
                .action(ArgAction::SetTrue)
                .help("List every gate of the binary, not only those set"),
        )
        .arg(format_arg(&["text", "json"], "text"))
        .after_help(format!(
            "Examples:
  kubegate gates --release 1.31 'NodeSwap=true,InPlacePodVerticalScaling=true'
  kubegate gates --emulate 1.33 AllAlpha=true --format json
  kubegate gates --kubeadm kubeadm.yaml --component apiServer --release 1.30
  kubegate gates --release 1.31 NodeSwap=true --metrics kubelet-metrics.txt
  kubegate gates --release 1.36 --all --component kubelet
  kubegate gates --history NodeSwap

{EXIT_CODES}"
        ));

    let kubelet = kubelet_input_args(
        Command::new("kubelet")
            .about("Resolve a kubelet's effective configuration: defaults, --config, --config-dir, flags")
            .long_about("Resolve the kubelet's effective KubeletConfiguration exactly as the kubelet of --release builds it: defaults, the --config file, --config-dir drop-ins and command-line flags, then its validation. Prints the configuration (YAML or JSON) and warnings; --explain tells which file, line or flag set a field and what it overrode. Exits 1 when that kubelet would not start.")
            .arg(release_arg())
            .arg(
                Arg::new("explain")
                    .long("explain")
                    .value_name("FIELD")
                    .num_args(0..=1)
                    .default_missing_value("")
                    .help("Explain where FIELD (e.g. evictionHard, featureGates.NodeSwap) comes from; without FIELD, every field a file, drop-in or flag set"),
            )
            .arg(format_arg(&["yaml", "json"], "yaml")),
    )
    .after_help(format!(
        "Examples:
  kubegate kubelet --release 1.31 --config kubelet.yaml
  kubegate kubelet --config kubelet.yaml --config-dir kubelet.conf.d -- --max-pods=50
  kubegate kubelet --cmdline 10-kubeadm.conf --cmdline kubeadm-flags.env \\
      --file /var/lib/kubelet/config.yaml=node1/config.yaml --explain
  kubegate kubelet --configz configz.json --release 1.30 --explain featureGates

{EXIT_CODES}"
    ));

    let upgrade = control_plane_args(kubelet_input_args(
        Command::new("upgrade")
            .about("Check a kubelet's or a control plane's inputs against an upgrade from one release to another")
            .long_about("Resolve the same kubelet inputs on the --from and the --to release: what would stop the new kubelet from starting (gates removed or locked, fields the new release refuses), and what changes silently (gate defaults, field defaults). With --manifests, --kubeadm (its ClusterConfiguration) or --component-cmdline, the same for kube-apiserver, kube-controller-manager, kube-scheduler and kube-proxy: every flag, gate or config file the --to binary refuses, with the release where it arrives, its deprecation warnings, and the gate defaults that flip for gates the component reads. Exits 1 when an upgraded component would not start. --format github prints GitHub Actions annotations on the file and line to fix.")
            .arg(
                Arg::new("from")
                    .long("from")
                    .value_name("VERSION")
                    .required(true)
                    .help("The release the node runs"),
            )
            .arg(
                Arg::new("to")
                    .long("to")
                    .value_name("VERSION")
                    .required(true)
                    .help("The release to upgrade to"),
            )
            .arg(format_arg(&["text", "json", "github"], "text")),
    ))
    .after_help(format!(
        "Examples:
  kubegate upgrade --from 1.30 --to 1.31 --config kubelet.yaml -- --feature-gates=NodeSwap=true
  kubegate upgrade --from 1.29 --to 1.33 --cmdline kubeadm-flags.env --config config.yaml --format github
  kubegate upgrade --from 1.31 --to 1.32 --kubeadm kubeadm.yaml --format json
  kubegate upgrade --from 1.22 --to 1.26 --manifests /etc/kubernetes/manifests
  kubegate upgrade --from 1.28 --to 1.31 --manifests manifests --component kube-scheduler --format github

{EXIT_CODES}"
    ));

    let node = Command::new("node")
        .about("Explain a node from kubectl get node -o yaml: conditions, taints, what the node lifecycle controller does next")
        .long_about("Read a Node as kubectl get node NAME -o yaml (or -o json, or a List of nodes) prints it, optionally with its Lease (kubectl get lease -n kube-node-lease NAME -o yaml) and its pods (kubectl get pods -A -o yaml --field-selector spec.nodeName=NAME), in the same file or with --lease and --pods, and explain it as it is: what the node lifecycle controller and the taint manager already did (read from the object), what is due and not shown, and what comes next if the kubelet posts nothing more, in real instants, with each pod's eviction time. The rest of the cluster is --peers healthy nodes in each node's zone (default 2 for one node, 0 for several: a list of nodes is the cluster), --unhealthy-peers and --other-zones.")
        .arg(
            Arg::new("file")
                .value_name("FILE")
                .required(true)
                .help("The node's YAML or JSON (- reads stdin)"),
        )
        .arg(
            Arg::new("lease")
                .long("lease")
                .value_name("FILE")
                .help("The node's Lease (kubectl get lease -n kube-node-lease NAME -o yaml)"),
        )
        .arg(
            Arg::new("pods")
                .long("pods")
                .value_name("FILE")
                .help("The node's pods (kubectl get pods -A -o yaml --field-selector spec.nodeName=NAME)"),
        )
        .arg(
            Arg::new("now")
                .long("now")
                .value_name("TIME")
                .help("Now, RFC 3339 (default: the snapshot's latest instant; this machine's clock only says whether the snapshot is stale)"),
        )
        .arg(
            Arg::new("controller-version")
                .long("controller-version")
                .value_name("VERSION")
                .help("kube-controller-manager's release: the default grace period is 40s through 1.31, 50s from 1.32 (default: the newest kubelet version of the input)"),
        )
        .arg(
            Arg::new("grace")
                .long("node-monitor-grace-period")
                .value_name("DURATION")
                .help("kube-controller-manager's --node-monitor-grace-period"),
        )
        .arg(
            Arg::new("peers")
                .long("peers")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(0..=100000))
                .help("Healthy nodes in each node's zone besides the imported ones (default: 2 for one node, 0 for several)"),
        )
        .arg(
            Arg::new("unhealthy-peers")
                .long("unhealthy-peers")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(0..=100000))
                .help("Not-Ready nodes in each node's zone besides the imported ones: say the zone is down (default 0)"),
        )
        .arg(
            Arg::new("other-zones")
                .long("other-zones")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(0..=10000))
                .help("Other zones with Ready nodes (default 0: a zone with no Ready node then means every zone is fully disrupted)"),
        )
        .arg(format_arg(&["text", "json"], "text"))
        .after_help(format!(
            "Examples:
  kubectl get node worker-1 -o yaml | kubegate node -
  kubegate node node.yaml --lease lease.yaml --pods pods.yaml
  kubegate node node.yaml --now 2024-05-01T10:00:00Z --peers 0 --other-zones 2
  kubectl get nodes -o yaml | kubegate node - --format json

{EXIT_CODES}"
        ));

    let component = component_command();

    Command::new("kubegate")
        .about(ABOUT)
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(gates)
        .subcommand(kubelet)
        .subcommand(upgrade)
        .subcommands(component)
        .subcommand(node)
        .after_help(format!(
            "Reads only local files; never the network. A file is read to {} MiB; one that is not a
regular file (a FIFO, a device) is refused after 5 s without data; standard input (-) waits.
Every limit: SECURITY.md. Releases: {} to {}. Colour only on a terminal, never with NO_COLOR.

{EXIT_CODES}",
            crate::import::MAX_IMPORT_BYTES >> 20,
            crate::releases::OLDEST,
            crate::releases::NEWEST
        ))
}

/// Runs the command line `args` (the program name first, as `std::env::args` gives it).
pub fn run(args: &[String], host: &dyn Host) -> Output {
    let matches = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let text = e.render().to_string();
            return if e.use_stderr() {
                Output {
                    stdout: String::new(),
                    stderr: text,
                    code: EXIT_USAGE,
                }
            } else {
                Output {
                    stdout: text,
                    stderr: String::new(),
                    code: EXIT_OK,
                }
            };
        }
    };
    let mut out = Output::default();
    if let Err(f) = check_versions(&matches) {
        out.stderr
            .push_str(&format!("kubegate: error: {}\n", f.message));
        out.code = f.code;
        return out;
    }
    let result = match matches.subcommand() {
        Some(("gates", m)) => gates::run(m, host, &mut out),
        Some(("kubelet", m)) => kubelet::run_kubelet(m, host, &mut out),
        Some(("upgrade", m)) => run_upgrade(m, host, &mut out),
        #[cfg(feature = "control-plane")]
        Some(("component", m)) => controlplane::run_component(m, host, &mut out),
        Some(("node", m)) => node::run(m, host, &mut out),
        _ => Err(Fail::usage("no command given; see kubegate --help")),
    };
    match result {
        Ok(code) => out.code = code,
        Err(f) => {
            out.stderr
                .push_str(&format!("kubegate: error: {}\n", f.message));
            out.code = f.code;
        }
    }
    out
}

/// The oldest emulation version a Kubernetes binary accepts: three minors below its own, and
/// never below 1.31, the first release with `--emulated-version` (`kubeEffectiveVersionFloors`,
/// k8s.io/apiserver/pkg/util/compatibility).
fn emulation_floor(binary: crate::releases::Release) -> crate::version::Version {
    let minor = binary.version().minor().saturating_sub(3).max(31);
    crate::version::Version::new(1, minor)
}

/// Refuses, before any command runs, versions no binary of the data would take: `--emulate`
/// outside `[binary - 3, binary]` of the newest binary (with component-base's words,
/// `emulation version 1.99 is not between [1.33, 1.36]`, from `effectiveVersion.Validate`) and a
/// `--controller-version` outside the releases kubegate has data for.
fn check_versions(matches: &ArgMatches) -> Result<(), Fail> {
    use crate::version::Version;
    let Some((name, m)) = matches.subcommand() else {
        return Ok(());
    };
    if name == "gates" {
        if let Some(v) = get(m, "emulate") {
            let asked = Version::parse_generic(v)
                .map_err(|e| Fail::usage(format!("invalid --emulate {v:?}: {e}")))?;
            let emulation = Version::new(asked.major(), asked.minor());
            let binary = crate::releases::NEWEST;
            let floor = emulation_floor(binary);
            if emulation < floor || emulation > binary.version() {
                return Err(Fail::usage(format!(
                    "invalid --emulate {v:?}: emulation version {emulation} is not between [{floor}, {}]",
                    binary.version()
                )));
            }
        }
    }
    if name == "node" {
        if let Some(v) = get(m, "controller-version") {
            crate::releases::Release::parse(v)
                .map_err(|e| Fail::usage(format!("invalid --controller-version {v:?}: {e}")))?;
        }
    }
    Ok(())
}

pub(crate) fn get<'a>(m: &'a ArgMatches, id: &str) -> Option<&'a str> {
    m.get_one::<String>(id).map(String::as_str)
}

pub(crate) fn get_all<'a>(m: &'a ArgMatches, id: &str) -> Vec<&'a str> {
    // Not given: no values.
    m.get_many::<String>(id)
        .map(|v| v.map(String::as_str).collect())
        .unwrap_or_default()
}

pub(crate) fn release_of(text: Option<&str>) -> Result<crate::releases::Release, Fail> {
    match text {
        None => Ok(crate::releases::NEWEST),
        Some(t) => crate::releases::Release::parse(t).map_err(|e| Fail::usage(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_error_prints_its_reason_and_keeps_the_os_error_underneath() {
        use std::error::Error;
        let os = std::io::Error::from(std::io::ErrorKind::NotFound);
        let e = HostError::io("no such file or directory", os);
        assert_eq!(e.to_string(), "no such file or directory");
        assert_eq!(e.kind(), HostErrorKind::Read);
        assert!(e
            .source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .is_some_and(|io| io.kind() == std::io::ErrorKind::NotFound));
        assert!(HostError::from("is a directory").source().is_none());
    }

    /// Files by name; any other path is not found.
    struct Files(&'static [(&'static str, &'static str)]);

    impl Host for Files {
        fn read_file(&self, path: &str) -> Result<String, HostError> {
            self.0
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(_, text)| text.to_string())
                .ok_or_else(|| "no such file or directory".into())
        }
        fn read_dir(&self, _: &str) -> Result<Vec<DirEntry>, HostError> {
            Err("not a directory".into())
        }
        fn now_millis(&self) -> Option<i64> {
            None
        }
        fn color(&self) -> bool {
            false
        }
    }

    #[test]
    #[cfg(feature = "control-plane")]
    fn a_file_mapping_that_cannot_be_read_is_a_usage_error() {
        let args: Vec<String> = [
            "kubegate",
            "component",
            "kube-scheduler",
            "--file",
            "/etc/kubernetes/scheduler.conf=missing.conf",
        ]
        .map(String::from)
        .to_vec();
        let out = run(&args, &Files(&[]));
        assert_eq!(out.code, EXIT_USAGE, "{out:?}");
        assert!(
            out.stderr.contains(
                "cannot read missing.conf (--file /etc/kubernetes/scheduler.conf=missing.conf): no such file or directory"
            ),
            "{}",
            out.stderr
        );
    }
}
