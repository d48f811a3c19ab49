#!/usr/bin/env python3
"""The kubelet's command-line flags in every release 1.16..NEWEST (common.py).

    kubelet_flags.py extract   reads the upstream sources and writes facts/kubelet-flags-*.tsv
    kubelet_flags.py build     merges facts + corrections/kubelet_flags.tsv into
                               src/releases/kubelet_flags_data.rs
    kubelet_flags.py build --check
                               exits 1 if the checked-in generated file differs (no sources needed)
    kubelet_flags.py crosscheck
                               review aid: compares the data with the kubelet sources that
                               openshift/microshift carries (1.25..1.36, openshift_trees.py) and
                               exits 1 on any difference not explained by FORK_ONLY

`extract` needs two git mirrors (paths overridable with the environment variables below):

- KUBEGATE_WEBSITE_MIRROR (default /work/.mirror/Andygol+k8s-website/repo): kubernetes/website,
  whose content/en/docs/reference/command-line-tools-reference/kubelet.md is generated from
  the kubelet's own flag set (one page version per release, see PAGES).
- KUBEGATE_COMPONENT_BASE_MIRROR (default /work/.mirror/kubernetes+component-base/repo):
  kubernetes/component-base with tags kubernetes-1.N.0 (klog flag deprecation, -v kind).

`build` uses the Python standard library only and reads nothing but the files of this
repository. Facts are our own tables (flag names, kinds, release numbers, messages); no upstream
prose is copied beyond the deprecation messages pflag prints, which are the facts themselves.
"""

import html
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import (  # noqa: E402
    HERE, NEWEST, OLDEST, ROOT, check_or_write, clean_message, die, flag_life, git, read_tsv, render_flag_preamble,
    render_flag_record, rust_str, sources_of, write,
)

FACTS_PAGES = os.path.join(HERE, "facts", "kubelet-flags-website.tsv")
FACTS_LOGS = os.path.join(HERE, "facts", "kubelet-flags-component-base.tsv")
CORRECTIONS = os.path.join(HERE, "corrections", "kubelet_flags.tsv")
OUT = os.path.join(ROOT, "src", "releases", "kubelet_flags_data.rs")

PAGE_PATH = "content/en/docs/reference/command-line-tools-reference/kubelet.md"
WEBSITE_REPO = "kubernetes/website"
COMPONENT_BASE_REPO = "kubernetes/component-base"

# The version of the generated kubelet reference page that describes each release: the
# regeneration for that release (commit subject "Update kubelet reference for v1.N" or the like),
# else the last page before the next release. Releases missing here had no regeneration; their
# flag set is carried over from the previous release's page and then corrected (see corrections).
PAGES = {
    16: "234ff0858837103cbd0282f32c2871c71563b805",  # 2019-09-17 update generated comp. files, 1.16
    17: "dff2f7b9601470dc8383d883b23188ed450d89c2",  # 2019-12-10 Official 1.17 Release Docs
    18: "c0238b04cf606f179480ce8dbb32a74872596498",  # 2020-05-09 Update kubelet command line reference
    19: "21eb079ff7db1136cad13ef2b17cef8304b094c6",  # 2020-09-06 Update kubelet reference doc
    20: "17bd7c1521c2a66d1c200f9c29df0fbb259150f3",  # 2020-12-25 Resync kubelet configuration
    21: "ca046d9b1fd1affd005707645a4ca98042a7153e",  # 2021-03-26 Merge master into dev-1.21
    22: "f45f67739ea63871dd110fb4701d833de8066d61",  # 2021-08-08 Update reference for kubelet
    23: "71813617989c283a858bd34eadd911d7015dede0",  # 2022-03-14 deprecation texts of 1.23
    24: "01e0a9ebd16fb7650df82ae9253f19f25e0caa95",  # 2022-07-04 Update kubelet reference for 1.24
    25: "6810fa976d658587f685d75c63b03e25c4b5c6a6",  # 2022-08-18 merge dev-1.25
    26: "e582b3de45b2d09e0d26c60ee41b03336045114f",  # 2022-12-23 Update kubelet reference for 1.26
    27: "68ca0560f08a359bcfd24dcdb50a49247c13278d",  # 2023-04-30 Update kubelet reference
    28: "42753614f93b2c640f4d3f5c7fdf91343bf10060",  # 2023-08-18 Manually update kubelet reference
    29: "c01b8a7a2bd6cf6498b2d96cf2eb3e3234df5dfb",  # 2023-12-14 Update reference for kubelet 1.29
    30: "f3b3c4ed336c9f2442eeceea637b2c8043ea35c3",  # 2024-04-25 Resync kubelet reference for 1.30
    32: "79c797ffc4247e860f0432554676b74a31333406",  # 2024-12-12 Update kubelet reference for v1.32
    34: "0de6c90498965b031f5d473cab16a27097578410",  # 2025-09-24 Generated kubelet reference for v1.34
    35: "13a9e56765c61ebabc11dc3bc32ed7416837380f",  # 2025-12-21 Update component reference for v1.35
}

# Releases whose kubernetes-1.N.0 tag component-base lacks: the commit read instead (master
# after kubernetes-1.37.0-beta.0, the same one kubelet_config.py reads).
COMPONENT_BASE_REFS = {37: "349fbe06359c4b39ca17bb9cabdf4a13d70b4b82"}

# The configuration-file deprecation every KubeletConfiguration flag carries (options.go sets it
# on each flag of AddKubeletConfigFlags except the notDeprecated ones).
CONFIG_DEPRECATION = (
    "This parameter should be set via the config file specified by the Kubelet's --config flag. "
    "See https://kubernetes.io/docs/tasks/administer-cluster/kubelet-config-file/ for more information."
)

KINDS = {
    "Bool", "Int32", "Int64", "Uint64", "Float64", "Str", "Dur", "StringSlice", "MapBool",
    "MapStr", "MapStrNoSplit", "MapLangle", "ColonMultimap", "ConfigMap", "Ip", "ReservedMemory",
    "Taints", "VModule", "Verbosity", "KlogLevel", "KlogVModule", "Version",
}

# Flags whose Value type the page cannot tell (custom cliflag/utilflag types, back-quoted usage
# names): the type options.go binds them to. Checked against flags.rs's parsers.
VALUE_KINDS = {
    "address": "Ip",
    "healthz-bind-address": "Ip",
    "allowed-unsafe-sysctls": "StringSlice",
    "cluster-dns": "StringSlice",
    "enforce-node-allocatable": "StringSlice",
    "tls-cipher-suites": "StringSlice",
    "cpu-manager-policy-options": "MapStrNoSplit",
    "topology-manager-policy-options": "MapStrNoSplit",
    "cpu-manager-reconcile-period": "Dur",
    "eviction-hard": "MapLangle",
    "eviction-soft": "MapLangle",
    "eviction-soft-grace-period": "MapStr",
    "eviction-minimum-reclaim": "MapStr",
    "kube-reserved": "MapStr",
    "system-reserved": "MapStr",
    "qos-reserved": "MapStr",
    "feature-gates": "MapBool",
    "manifest-url-header": "ColonMultimap",
    "node-labels": "ConfigMap",
    "register-with-taints": "Taints",
    "reserved-memory": "ReservedMemory",
    "seccomp-default": "Bool",
    "local-storage-capacity-isolation": "Bool",
    "log-json-info-buffer-size": "Str",
    "log-text-info-buffer-size": "Str",
    "log-backtrace-at": "Str",
    "stderrthreshold": "Str",
    "log-file-max-size": "Uint64",
    "system-cgroups": "Str",
    "version": "Version",
}

# The KubeletConfiguration field (JSON path) each configuration flag writes, in the releases in
# which the page shows it with the configuration-file deprecation (or ALWAYS_CONFIG says so).
TARGETS = {
    "address": "address",
    "allowed-unsafe-sysctls": "allowedUnsafeSysctls",
    "anonymous-auth": "authentication.anonymous.enabled",
    "authentication-token-webhook": "authentication.webhook.enabled",
    "authentication-token-webhook-cache-ttl": "authentication.webhook.cacheTTL",
    "authorization-mode": "authorization.mode",
    "authorization-webhook-cache-authorized-ttl": "authorization.webhook.cacheAuthorizedTTL",
    "authorization-webhook-cache-unauthorized-ttl": "authorization.webhook.cacheUnauthorizedTTL",
    "cgroup-driver": "cgroupDriver",
    "cgroup-root": "cgroupRoot",
    "cgroups-per-qos": "cgroupsPerQOS",
    "client-ca-file": "authentication.x509.clientCAFile",
    "cluster-dns": "clusterDNS",
    "cluster-domain": "clusterDomain",
    "container-log-max-files": "containerLogMaxFiles",
    "container-log-max-size": "containerLogMaxSize",
    "container-runtime-endpoint": "containerRuntimeEndpoint",
    "contention-profiling": "enableContentionProfiling",
    "cpu-cfs-quota": "cpuCFSQuota",
    "cpu-cfs-quota-period": "cpuCFSQuotaPeriod",
    "cpu-manager-policy": "cpuManagerPolicy",
    "cpu-manager-policy-options": "cpuManagerPolicyOptions",
    "cpu-manager-reconcile-period": "cpuManagerReconcilePeriod",
    "enable-controller-attach-detach": "enableControllerAttachDetach",
    "enable-debugging-handlers": "enableDebuggingHandlers",
    "enable-server": "enableServer",
    "enforce-node-allocatable": "enforceNodeAllocatable",
    "event-burst": "eventBurst",
    "event-qps": "eventRecordQPS",
    "eviction-hard": "evictionHard",
    "eviction-max-pod-grace-period": "evictionMaxPodGracePeriod",
    "eviction-minimum-reclaim": "evictionMinimumReclaim",
    "eviction-pressure-transition-period": "evictionPressureTransitionPeriod",
    "eviction-soft": "evictionSoft",
    "eviction-soft-grace-period": "evictionSoftGracePeriod",
    "experimental-kernel-memcg-notification": "kernelMemcgNotification",
    "fail-cgroupv1": "failCgroupV1",
    "fail-swap-on": "failSwapOn",
    "feature-gates": "featureGates",
    "file-check-frequency": "fileCheckFrequency",
    "hairpin-mode": "hairpinMode",
    "healthz-bind-address": "healthzBindAddress",
    "healthz-port": "healthzPort",
    "http-check-frequency": "httpCheckFrequency",
    "image-gc-high-threshold": "imageGCHighThresholdPercent",
    "image-gc-low-threshold": "imageGCLowThresholdPercent",
    "image-service-endpoint": "imageServiceEndpoint",
    "iptables-drop-bit": "iptablesDropBit",
    "iptables-masquerade-bit": "iptablesMasqueradeBit",
    "kernel-memcg-notification": "kernelMemcgNotification",
    "kube-api-burst": "kubeAPIBurst",
    "kube-api-content-type": "contentType",
    "kube-api-qps": "kubeAPIQPS",
    "kube-reserved": "kubeReserved",
    "kube-reserved-cgroup": "kubeReservedCgroup",
    "kubelet-cgroups": "kubeletCgroups",
    "local-storage-capacity-isolation": "localStorageCapacityIsolation",
    "log-flush-frequency": "logging.flushFrequency",
    "log-json-info-buffer-size": "logging.options.json.infoBufferSize",
    "log-json-split-stream": "logging.options.json.splitStream",
    "log-text-info-buffer-size": "logging.options.text.infoBufferSize",
    "log-text-split-stream": "logging.options.text.splitStream",
    "logging-format": "logging.format",
    "make-iptables-util-chains": "makeIPTablesUtilChains",
    "manifest-url": "staticPodURL",
    "manifest-url-header": "staticPodURLHeader",
    "max-open-files": "maxOpenFiles",
    "max-pods": "maxPods",
    "memory-manager-policy": "memoryManagerPolicy",
    "minimum-image-ttl-duration": "imageMinimumGCAge",
    "node-status-max-images": "nodeStatusMaxImages",
    "node-status-update-frequency": "nodeStatusUpdateFrequency",
    "oom-score-adj": "oomScoreAdj",
    "pod-cidr": "podCIDR",
    "pod-manifest-path": "staticPodPath",
    "pod-max-pids": "podPidsLimit",
    "pods-per-core": "podsPerCore",
    "port": "port",
    "protect-kernel-defaults": "protectKernelDefaults",
    "provider-id": "providerID",
    "qos-reserved": "qosReserved",
    "read-only-port": "readOnlyPort",
    "register-node": "registerNode",
    "register-with-taints": "registerWithTaints",
    "registry-burst": "registryBurst",
    "registry-qps": "registryPullQPS",
    "reserved-cpus": "reservedSystemCPUs",
    "reserved-memory": "reservedMemory",
    "resolv-conf": "resolvConf",
    "rotate-certificates": "rotateCertificates",
    "rotate-server-certificates": "serverTLSBootstrap",
    "runonce": "runOnce",
    "runtime-request-timeout": "runtimeRequestTimeout",
    "seccomp-default": "seccompDefault",
    "serialize-image-pulls": "serializeImagePulls",
    "streaming-connection-idle-timeout": "streamingConnectionIdleTimeout",
    "sync-frequency": "syncFrequency",
    "system-cgroups": "systemCgroups",
    "system-reserved": "systemReserved",
    "system-reserved-cgroup": "systemReservedCgroup",
    "tls-cert-file": "tlsCertFile",
    "tls-cipher-suites": "tlsCipherSuites",
    "tls-min-version": "tlsMinVersion",
    "tls-private-key-file": "tlsPrivateKeyFile",
    "topology-manager-policy": "topologyManagerPolicy",
    "topology-manager-policy-options": "topologyManagerPolicyOptions",
    "topology-manager-scope": "topologyManagerScope",
    "v": "logging.verbosity",
    "vmodule": "logging.vmodule",
    "volume-plugin-dir": "volumePluginDir",
    "volume-stats-agg-period": "volumeStatsAggPeriod",
}

# Configuration flags options.go leaves undeprecated (its notDeprecated set), from the release
# in which they were undeprecated KubeletConfiguration flags: provider-id from 1.29 here (the
# pages show the configuration-file text 1.19-1.28; it was undeprecated in 1.28, which a
# correction sets); fail-cgroupv1 from its first release; the logging ones when
# LoggingConfiguration bound them (component-base BindLoggingFlags, 1.23).
ALWAYS_CONFIG = {
    "provider-id": 29, "v": 23, "vmodule": 23, "log-flush-frequency": 23, "fail-cgroupv1": 31,
}

# How a page type (pflag's Value.Type(), or the back-quoted name in the usage) reads a value.
PAGE_TYPE_KINDS = {
    "": "Bool",
    "bool": "Bool",
    "string": "Str",
    "int32": "Int32",
    "int64": "Int64",
    "int": "Int64",
    "uint": "Uint64",
    "float": "Float64",
    "duration": "Dur",
    "strings": "StringSlice",
    "stringSlice": "StringSlice",
}


def page_rows(repo, rev):
    text = git(repo, "show", f"{rev}:{PAGE_PATH}")
    rows = []
    for part in re.split(r'<td colspan="2">', text)[1:]:
        head, _, rest = part.partition("</td>")
        head = re.sub(r"<[^>]+>", "", html.unescape(head)).replace("\xa0", " ").strip()
        m = re.match(r"(?:-(\w), )?--([a-z0-9][a-z0-9-]*)>?(.*)$", head)
        if not m:
            continue
        short, name, tail = m.group(1) or "", m.group(2), m.group(3)
        tail = re.split(r"\s+Default:", tail)[0].strip()
        # The description is the next row: everything up to the next flag's heading.
        desc = rest
        dep = ""
        dm = re.search(r"\(DEPRECATED: (.*?)\)", re.sub(r"\s+", " ", desc))
        if dm:
            dep = clean_message(dm.group(1))
        rows.append((name, short, tail, dep))
    return rows


def extract():
    website = os.environ.get("KUBEGATE_WEBSITE_MIRROR", "/work/.mirror/Andygol+k8s-website/repo")
    cbase = os.environ.get(
        "KUBEGATE_COMPONENT_BASE_MIRROR", "/work/.mirror/kubernetes+component-base/repo"
    )
    for path, what in ((website, "kubernetes/website"), (cbase, "kubernetes/component-base")):
        if not os.path.isdir(path):
            die(f"the {what} git mirror is absent ({path}); set its environment variable")
    lines = [
        "# Kubelet flags as the generated reference page lists them, one row per release and flag.",
        f"# source: {WEBSITE_REPO} path {PAGE_PATH}",
        "# columns: release, page commit, flag, shorthand, page type (pflag Type() or usage name),",
        "#   deprecation message shown as (DEPRECATED: ...), markup removed",
        "release\tcommit\tflag\tshorthand\ttype\tdeprecated",
    ]
    for rel in sorted(PAGES):
        rev = PAGES[rel]
        seen = set()
        for name, short, typ, dep in sorted(page_rows(website, rev)):
            if name in seen:
                continue
            seen.add(name)
            lines.append(f"{rel}\t{rev}\t{name}\t{short}\t{typ}\t{dep}")
    write(FACTS_PAGES, "\n".join(lines) + "\n")

    out = [
        "# Logging flags from k8s.io/component-base per release (tag kubernetes-1.N.0, or the commit\n"
        "#   COMPONENT_BASE_REFS of kubelet_flags.py names where the tag is missing).",
        f"# source: {COMPONENT_BASE_REPO} paths logs/logs.go, logs/config.go, logs/api/v1/options.go",
        "# columns: release, tag commit, klog flags registered by logs.AddFlags (yes/no),",
        "#   their deprecation message (empty: not deprecated), -v parsed by LoggingConfiguration",
        "#   (yes: VerbosityLevel, ParseUint base 10, 31 bits; no: klog.Level)",
        "release\tcommit\tklog_flags\tklog_deprecated\tv_from_config",
    ]
    for rel in range(OLDEST, NEWEST + 1):
        tag = COMPONENT_BASE_REFS.get(rel, f"kubernetes-1.{rel}.0")
        commit = git(cbase, "rev-list", "-n", "1", tag).strip()
        logs_go = git(cbase, "show", f"{tag}:logs/logs.go")
        m = re.search(r'const deprecated = "([^"]*)"', logs_go)
        # Before 1.26 AddFlags copies klog's flag set (klog.InitFlags(packageFlags)); from 1.26
        # klog flags are registered only by the klogflags helper, which the kubelet does not use.
        klog = "yes" if "klog.InitFlags(packageFlags)" in logs_go else "no"
        files = git(cbase, "ls-tree", "-r", "--name-only", tag, "logs").split()
        src = ""
        for f in ("logs/config.go", "logs/api/v1/options.go"):
            if f in files:
                src += git(cbase, "show", f"{tag}:{f}")
        v_cfg = "yes" if re.search(r'fs\.VarP\([^\n]*"v", "v"', src) else "no"
        out.append(f"{rel}\t{commit}\t{klog}\t{m.group(1) if m and klog == 'yes' else ''}\t{v_cfg}")
    write(FACTS_LOGS, "\n".join(out) + "\n")
    print(f"wrote {os.path.relpath(FACTS_PAGES, ROOT)} and {os.path.relpath(FACTS_LOGS, ROOT)}")


# pflag registrations in the kubelet's option files: receiver.Method(args..., "name", ...).
FLAG_CALL = re.compile(
    r'\b(?:fs|mainfs|cleanFlagSet)\.(\w+)\(((?:[^"()]|\([^()]*\))*?)"([A-Za-z0-9_-]+)"'
)
MARK_DEPRECATED = re.compile(r'MarkDeprecated\("([a-z0-9-]+)",\s*"((?:[^"\\]|\\.)*)"\)')
NOT_FLAG_CALLS = {"MarkDeprecated", "MarkHidden", "Lookup", "Set", "Changed", "GetBool"}


def tree_flags(minor):
    """Flag name -> deprecation ("CONFIG": the configuration-file text) of the kubelet tree
    openshift/microshift carries for release `minor` (see openshift_trees.py)."""
    import openshift_trees as ot

    k, cb = ot.kubernetes_prefix(minor), ot.component_base_prefix(minor)
    opt = ot.show(minor, f"{k}/cmd/kubelet/app/options/options.go")
    flags_part, _, config_part = opt.partition("func AddKubeletConfigFlags")
    not_deprecated = set(re.findall(r'"([a-z0-9-]+)":\s*true', config_part.split("fs.VisitAll")[0]))
    out = {}
    for part, config in ((flags_part, False), (config_part, True)):
        for m in FLAG_CALL.finditer(part):
            if m.group(1) not in NOT_FLAG_CALLS:
                name = m.group(3)
                out[name] = "CONFIG" if config and name not in not_deprecated else ""
    others = (
        ot.show(minor, f"{k}/pkg/kubelet/config/flags.go")
        + ot.show(minor, f"{k}/cmd/kubelet/app/options/container_runtime.go")
    )
    for m in FLAG_CALL.finditer(others):
        if m.group(1) not in NOT_FLAG_CALLS:
            out[m.group(3)] = ""
    providers = ot.show(minor, f"{k}/cmd/kubelet/app/options/globalflags_providers.go")
    for name in re.findall(r'pflagRegister\(global, local, "([a-z0-9_-]+)"\)', providers):
        out[name.replace("_", "-")] = ""
    for text in (opt, others, providers):
        for name, msg in MARK_DEPRECATED.findall(text):
            if out.get(name) != "CONFIG":
                out[name] = msg
    cadvisor = ot.show(minor, f"{k}/cmd/kubelet/app/options/globalflags_linux.go")
    cad_dep = re.search(r'const deprecated = "([^"]*)"', cadvisor)
    calls = r'\b(register|registerDeprecated)\(global, local, "([a-z_-]+)"'
    for how, name in re.findall(calls, cadvisor):
        out[name.replace("_", "-")] = cad_dep.group(1) if how == "registerDeprecated" else ""
    logs = ot.show(minor, f"{cb}/logs/api/v1/options.go")
    for m in FLAG_CALL.finditer(logs.partition("func addFlags")[2] or logs):
        out[m.group(3)] = "" if m.group(3) in not_deprecated else "CONFIG"
    # Registered outside these files: logs.AddFlags, verflag, the command's own --help.
    for name in ("log-flush-frequency", "version", "help"):
        out.setdefault(name, "")
    return out


def crosscheck():
    """Compares every release's data with the kubelet tree openshift/microshift carries for it;
    prints each difference and exits 1 if there is one (FORK_ONLY names are skipped)."""
    import openshift_trees as ot

    ot.require(die)
    records, *_ = build_records()
    logs = {int(r["release"]): r for r in read_tsv(FACTS_LOGS)}
    found = 0
    for minor in sorted(ot.TREES):
        tree = tree_flags(minor)
        ours = {"help": ""}
        for name, _, since, removed, spans in records:
            if since <= minor and (removed is None or minor < removed):
                dep = [sp for sp in spans if sp[0] <= minor][-1][3]
                ours[name] = "CONFIG" if dep == CONFIG_DEPRECATION else dep
        # klog's flags come from klog.InitFlags, which the trees do not spell out.
        if logs[minor]["klog_flags"] == "yes":
            for name in KLOG_FLAGS:
                tree.setdefault(name, ours.get(name, ""))
        lines = []
        for name in sorted(set(tree) - set(ours) - set(ot.FORK_ONLY)):
            lines.append(f"  --{name}: registered by the tree, absent from the data")
        for name in sorted(set(ours) - set(tree)):
            lines.append(f"  --{name}: in the data, not registered by the tree")
        for name in sorted(set(tree) & set(ours)):
            if tree[name] != ours[name]:
                lines.append(
                    f"  --{name}: deprecation {tree[name]!r} in the tree, {ours[name]!r} in the data"
                )
        found += ot.report(minor, lines)
    sys.exit(1 if found else 0)








def is_config_dep(dep):
    return dep.lower().startswith("this parameter should be set via the config file")


def build_records():
    pages = read_tsv(FACTS_PAGES)
    logs = {int(r["release"]): r for r in read_tsv(FACTS_LOGS)}
    corrections = read_tsv(CORRECTIONS)

    by_release = {}
    commits = {}
    for r in pages:
        rel = int(r["release"])
        commits[rel] = r["commit"]
        by_release.setdefault(rel, {})[r["flag"]] = {
            "short": r["shorthand"],
            "type": r["type"],
            "dep": r["deprecated"],
        }
    # One state per release: name -> {short, kind, target, dep}.
    state = {}
    prev = None
    for rel in range(OLDEST, NEWEST + 1):
        src = by_release.get(rel)
        if src is None:
            state[rel] = {k: dict(v) for k, v in state[prev].items()}
        else:
            cur = {}
            for name, f in src.items():
                dep = f["dep"]
                config = is_config_dep(dep) or rel >= ALWAYS_CONFIG.get(name, 99)
                if is_config_dep(dep):
                    # Pages 1.28-1.33 were edited by hand ("kubelet's"); options.go's
                    # constant never changed.
                    dep = CONFIG_DEPRECATION
                kind = VALUE_KINDS.get(name) or PAGE_TYPE_KINDS.get(f["type"], "Str")
                cur[name] = {
                    "short": f["short"],
                    "kind": kind,
                    "target": TARGETS.get(name, "") if config else "",
                    "dep": dep,
                }
            state[rel] = cur
        # Logging flags from component-base.
        lg = logs.get(rel)
        if lg:
            for name in ("v", "vmodule"):
                if name in state[rel]:
                    cfg = lg["v_from_config"] == "yes"
                    state[rel][name]["kind"] = (
                        ("Verbosity" if cfg else "KlogLevel")
                        if name == "v"
                        else ("VModule" if cfg else "KlogVModule")
                    )
            if lg["klog_flags"] == "yes" and lg["klog_deprecated"]:
                for name in KLOG_FLAGS:
                    if name in state[rel]:
                        state[rel][name]["dep"] = lg["klog_deprecated"]
        prev = rel

    for c in corrections:
        lo = int(c["from"])
        hi = int(c["to"]) if c["to"] else NEWEST
        field, value, name = c["field"], c["value"], c["flag"]
        if not c["reason"] or not c["evidence"]:
            die(f"correction for {name} lacks a reason or evidence")
        for rel in range(lo, hi + 1):
            flags = state[rel]
            if field == "absent":
                flags.pop(name, None)
                continue
            if field == "present":
                flags.setdefault(name, {"short": "", "kind": value or "Str", "target": "", "dep": ""})
                continue
            if name not in flags:
                die(f"correction {field} for --{name} in 1.{rel}, which lacks the flag")
            if field == "kind":
                if value not in KINDS:
                    die(f"unknown kind {value}")
                flags[name]["kind"] = value
            elif field == "target":
                flags[name]["target"] = value
            elif field == "deprecated":
                flags[name]["dep"] = CONFIG_DEPRECATION if value == "CONFIG" else value
            elif field == "shorthand":
                flags[name]["short"] = value
            else:
                die(f"unknown correction field {field}")

    # Per flag: since, removed, spans of (from, kind, target, dep, short).
    names = sorted({n for flags in state.values() for n in flags})
    records = []
    for name in names:
        present = [rel for rel in range(OLDEST, NEWEST + 1) if name in state[rel]]
        since, last = present[0], present[-1]
        if present != list(range(since, last + 1)):
            die(f"--{name} has a gap in its releases: {present}")
        removed = last + 1 if last < NEWEST else None
        spans = []
        for rel in present:
            f = state[rel][name]
            key = (f["kind"], f["target"], f["dep"])
            if not spans or spans[-1][1:] != key:
                spans.append((rel,) + key)
        shorts = {state[rel][name]["short"] for rel in present}
        if len(shorts) != 1:
            die(f"--{name} changes its shorthand")
        records.append((name, shorts.pop(), since, removed, spans))
    srcs = sources_of(FACTS_PAGES) + sources_of(FACTS_LOGS)
    src_commits = sorted(set(commits.values()))
    return records, srcs, src_commits, {r: commits.get(r) for r in range(OLDEST, NEWEST + 1)}


# klog's flags as the kubelet registered them (names normalized to hyphens).
KLOG_FLAGS = [
    "add-dir-header", "alsologtostderr", "log-backtrace-at", "log-dir", "log-file",
    "log-file-max-size", "logtostderr", "one-output", "skip-headers", "skip-log-headers",
    "stderrthreshold",
]



def render(records, srcs, page_commits):
    out = []
    out.append("// Generated by scripts/gen-releases/kubelet_flags.py build: do not edit.")
    out.append("// Facts: scripts/gen-releases/facts/kubelet-flags-*.tsv;")
    out.append("// corrections: scripts/gen-releases/corrections/kubelet_flags.tsv.")
    out.append("use super::{FlagRecord, FlagSpan, Kind::*};")
    out.append("")
    dep_names = render_flag_preamble(
        out, srcs, page_commits, {sp[3] for r in records for sp in r[4] if sp[3]}
    )
    out.append("/// Every flag any release registered, sorted by name.")
    out.append("pub static FLAGS: &[FlagRecord] = &[")
    for name, short, since, removed, spans in records:
        render_flag_record(out, "FlagRecord", flag_life(name, short, since, removed), [[
            ("from", frm),
            ("kind", kind),
            ("target", f"Some({rust_str(target)})" if target else "None"),
            ("deprecated", f"Some({dep_names[dep]})" if dep else "None"),
        ] for frm, kind, target, dep in spans])
    out.append("];")
    return "\n".join(out) + "\n"


def build(check):
    records, srcs, _, page_commits = build_records()
    text = render(records, srcs, page_commits)
    check_or_write(OUT, text, f"({len(records)} flags)", check)


if __name__ == "__main__":
    common.main(extract, build, crosscheck)
