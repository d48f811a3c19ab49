//! The kubelet's command-line flags in every release (placeholder: filled by the kubelet-flags work).
