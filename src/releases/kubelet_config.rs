//! KubeletConfiguration fields and defaults in every release (placeholder: filled by the kubelet-config work).
