"""The kubelet's own sources per release, as openshift/microshift carries them.

kubernetes/kubernetes is too big to fetch, and the kubelet's command line
(cmd/kubelet/app/options), defaulting (pkg/kubelet/apis/config/v1beta1/defaults.go) and
validation (pkg/kubelet/apis/config/validation) are not in any staging repository. Each
openshift/microshift release branch carries a copy of openshift/kubernetes at one patch
release: vendored (only the imported packages) up to release-4.17, whole under deps/ from
release-4.18. These are OpenShift forks: a difference found only here may be an OpenShift
patch and must be checked upstream before it becomes a correction (FORK_ONLY).

Used by the `crosscheck` commands of kubelet_config.py and kubelet_flags.py, which read the
trees and print where the generated data disagrees; they change nothing.
"""
import os
import subprocess

MIRROR = os.environ.get("KUBEGATE_MICROSHIFT_MIRROR", "/work/.mirror/openshift+microshift/repo")

# release minor -> (branch, openshift/kubernetes version the branch's go.mod names)
TREES = {
    25: ("release-4.12", "1.25.10"),
    26: ("release-4.13", "1.26.5"),
    27: ("release-4.14", "1.27.7"),
    28: ("release-4.15", "1.28.3"),
    29: ("release-4.16", "1.29.1"),
    30: ("release-4.17", "1.30.1"),
    31: ("release-4.18", "1.31.14"),
    32: ("release-4.19", "1.32.13"),
    33: ("release-4.20", "1.33.13"),
    34: ("release-4.21", "1.34.9"),
    35: ("release-4.22", "1.35.6"),
    36: ("release-5.0", "1.36.3"),
}

# Flags only the OpenShift fork registers, with the upstream evidence that they are not
# upstream's. The crosscheck does not report them.
FORK_ONLY = {
    "max-housekeeping-interval": "OpenShift carry; upstream kubernetes/kubernetes#104339 and "
    "#124520 (register max_housekeeping_interval) were closed unmerged",
}


def kubernetes_prefix(minor):
    """Where the kubernetes tree sits on the branch of release `minor`."""
    return "deps/github.com/openshift/kubernetes" if minor >= 31 else "vendor/k8s.io/kubernetes"


def component_base_prefix(minor):
    """Where k8s.io/component-base sits on the branch of release `minor`."""
    if minor >= 31:
        return "deps/github.com/openshift/kubernetes/staging/src/k8s.io/component-base"
    return "vendor/k8s.io/component-base"


def kubelet_api_prefix(minor):
    """Where k8s.io/kubelet sits on the branch of release `minor`."""
    if minor >= 31:
        return "deps/github.com/openshift/kubernetes/staging/src/k8s.io/kubelet"
    return "vendor/k8s.io/kubelet"


def show(minor, path):
    """The file at `path` on release `minor`'s branch, or "" when the branch lacks it."""
    branch = TREES[minor][0]
    r = subprocess.run(
        ["git", "--git-dir", MIRROR, "show", f"{branch}:{path}"], capture_output=True, text=True
    )
    return r.stdout if r.returncode == 0 else ""


def require(die):
    """Stops the calling generator (its `die`) when the mirror is absent."""
    if not os.path.isdir(MIRROR):
        die(f"the openshift/microshift mirror is absent ({MIRROR}); "
            "set KUBEGATE_MICROSHIFT_MIRROR")


def report(minor, lines, note=""):
    """Prints one release's differences under a heading naming its tree; returns their count."""
    branch, version = TREES[minor]
    count = len(lines) or "no"
    print(f"1.{minor} ({branch}, openshift/kubernetes {version}): {count} difference(s){note}")
    for line in lines:
        print(line)
    return len(lines)
