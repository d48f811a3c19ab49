//! The annotation keys the kubelet itself writes on pods (`pkg/kubelet/types/pod_update.go`),
//! apart from the rest of the vocabulary in [`super::types`] because the pod model
//! ([`super::pod`]) needs them to compare pods and [`super::types`] needs the pod model.

/// `kubetypes.ConfigSourceAnnotationKey`: which source a pod came from.
pub const CONFIG_SOURCE_ANNOTATION_KEY: &str = "kubernetes.io/config.source";
/// `kubetypes.ConfigMirrorAnnotationKey` (= `v1.MirrorPodAnnotationKey`).
pub const CONFIG_MIRROR_ANNOTATION_KEY: &str = "kubernetes.io/config.mirror";
/// `kubetypes.ConfigFirstSeenAnnotationKey`: when the kubelet first saw the pod.
pub const CONFIG_FIRST_SEEN_ANNOTATION_KEY: &str = "kubernetes.io/config.seen";
/// `kubetypes.ConfigHashAnnotationKey`: set on static pods; *not* one of the local keys.
pub const CONFIG_HASH_ANNOTATION_KEY: &str = "kubernetes.io/config.hash";

/// The annotations the kubelet itself adds, ignored when comparing pods (`localAnnotations`).
pub const LOCAL_ANNOTATIONS: [&str; 3] = [
    CONFIG_SOURCE_ANNOTATION_KEY,
    CONFIG_MIRROR_ANNOTATION_KEY,
    CONFIG_FIRST_SEEN_ANNOTATION_KEY,
];
