//! A built-in preset of the real Kubernetes feature gates, so that the playground and the
//! kubelet-config resolver can work offline without a `versioned_feature_list.yaml`.
//!
//! # Where the facts come from
//!
//! Transcribed by hand (facts only: name, and for each versioned spec the version, stage, default
//! and lock) from kubernetes/kubernetes `pkg/features/kube_features.go` at commit
//! `00dada9a903122b814a7dcd1974c8069af3f2828`, the map `defaultVersionedKubernetesFeatureGates`.
//! That map already relists the gates it inherits from staging packages
//! (`k8s.io/apiserver/pkg/features`, `k8s.io/apiextensions-apiserver/pkg/features`,
//! `k8s.io/controller-manager/pkg/features`, `k8s.io/component-base/zpages/features`), so those
//! are included under their feature names. At that commit the development branch is past 1.34
//! (one gate, `NodeCapabilities`, already starts at 1.35), hence [`PRESET_KUBERNETES_VERSION`].
//!
//! Not included:
//! - the client-go gates (`ClientsAllowCBOR`, `ClientsPreferCBOR`, `InOrderInformers`,
//!   `InformerResourceVersion`, `WatchListClient`): kube binaries register them through an
//!   adapter as *unversioned* specs, which this versioned table does not model;
//! - `minCompatibilityVersion`: no spec at that commit sets one;
//! - dependencies: that version of the file has no `defaultKubernetesFeatureGateDependencies`,
//!   so [`kubernetes_dependencies`] is empty.
//!
//! # Updating
//!
//! Read the newer `pkg/features/kube_features.go`, edit [`FEATURES`] entry by entry (keep it
//! sorted by feature name; use the feature's *string* name, e.g. `CustomCPUCFSQuotaPeriod` for
//! the Go constant `CPUCFSQuotaPeriod`), fill [`DEPENDENCIES`] from
//! `defaultKubernetesFeatureGateDependencies` if the file has it, bump
//! [`PRESET_KUBERNETES_VERSION`] and the commit above, and run `cargo test --test preset`: it
//! checks every list against the `AddVersioned` rules and against the shared
//! `versioned_feature_list.yaml`.

use std::collections::BTreeMap;

use super::spec::{FeatureSpec, PreRelease};
use crate::version::Version;

/// The newest version appearing in the preset (upstream's development branch after 1.34, at
/// commit `00dada9a903122b814a7dcd1974c8069af3f2828`).
pub const PRESET_KUBERNETES_VERSION: &str = "1.35";

/// The upstream commit the preset was transcribed from.
pub const PRESET_UPSTREAM_COMMIT: &str = "00dada9a903122b814a7dcd1974c8069af3f2828";

/// One spec: `(version, stage, default, lockToDefault)`.
pub type RawSpec = (&'static str, PreRelease, bool, bool);

const A: PreRelease = PreRelease::Alpha;
const B: PreRelease = PreRelease::Beta;
const G: PreRelease = PreRelease::GA;
const D: PreRelease = PreRelease::Deprecated;
const T: bool = true;
const F: bool = false;

/// Every feature and its version history, sorted by name.
#[rustfmt::skip]
pub static FEATURES: &[(&str, &[RawSpec])] = &[
    ("APIResponseCompression", &[("1.8", A, F, F), ("1.16", B, T, F)]),
    ("APIServerIdentity", &[("1.20", A, F, F), ("1.26", B, T, F)]),
    ("APIServerTracing", &[("1.22", A, F, F), ("1.27", B, T, F), ("1.34", G, T, T)]),
    ("APIServingWithRoutine", &[("1.30", A, F, F)]),
    ("AggregatedDiscoveryRemoveBetaType", &[("1.0", G, F, F), ("1.33", D, T, F)]),
    ("AllowDNSOnlyNodeCSR", &[("1.0", G, T, F), ("1.31", D, F, F)]),
    ("AllowInsecureKubeletCertificateSigningRequests", &[("1.0", G, T, F), ("1.31", D, F, F)]),
    ("AllowOverwriteTerminationGracePeriodSeconds", &[("1.0", G, T, F), ("1.32", D, F, F)]),
    ("AllowParsingUserUIDFromCertAuth", &[("1.33", B, T, F)]),
    ("AllowServiceLBStatusOnNonLB", &[("1.0", G, T, F), ("1.29", D, F, F), ("1.32", D, F, T)]),
    ("AllowUnsafeMalformedObjectDeletion", &[("1.32", A, F, F)]),
    ("AnonymousAuthConfigurableEndpoints", &[("1.31", A, F, F), ("1.32", B, T, F), ("1.34", G, T, T)]),
    ("AnyVolumeDataSource", &[("1.18", A, F, F), ("1.24", B, T, F), ("1.33", G, T, T)]),
    ("AuthorizeNodeWithSelectors", &[("1.31", A, F, F), ("1.32", B, T, F), ("1.34", G, T, T)]),
    ("AuthorizeWithSelectors", &[("1.31", A, F, F), ("1.32", B, T, F), ("1.34", G, T, T)]),
    ("BtreeWatchCache", &[("1.32", B, T, F), ("1.33", G, T, T)]),
    ("CBORServingAndStorage", &[("1.32", A, F, F)]),
    ("CPUManagerPolicyAlphaOptions", &[("1.23", A, F, F)]),
    ("CPUManagerPolicyBetaOptions", &[("1.23", B, T, F)]),
    ("CPUManagerPolicyOptions", &[("1.22", A, F, F), ("1.23", B, T, F), ("1.33", G, T, T)]),
    ("CRDValidationRatcheting", &[("1.28", A, F, F), ("1.30", B, T, F), ("1.33", G, T, T)]),
    ("CSIMigrationPortworx", &[("1.23", A, F, F), ("1.25", B, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("CSIVolumeHealth", &[("1.21", A, F, F)]),
    ("ClearingNominatedNodeNameAfterBinding", &[("1.34", A, F, F)]),
    ("CloudControllerManagerWebhook", &[("1.27", A, F, F)]),
    ("ClusterTrustBundle", &[("1.27", A, F, F), ("1.33", B, F, F)]),
    ("ClusterTrustBundleProjection", &[("1.29", A, F, F), ("1.33", B, F, F)]),
    ("ComponentFlagz", &[("1.32", A, F, F)]),
    ("ComponentStatusz", &[("1.32", A, F, F)]),
    ("ConcurrentWatchObjectDecode", &[("1.31", B, F, F)]),
    ("ConsistentListFromCache", &[("1.28", A, F, F), ("1.31", B, T, F), ("1.34", G, T, T)]),
    ("ContainerCheckpoint", &[("1.25", A, F, F), ("1.30", B, T, F)]),
    ("ContainerRestartRules", &[("1.34", A, F, F)]),
    ("ContainerStopSignals", &[("1.33", A, F, F)]),
    ("CoordinatedLeaderElection", &[("1.31", A, F, F), ("1.33", B, F, F)]),
    ("CrossNamespaceVolumeDataSource", &[("1.26", A, F, F)]),
    ("CustomCPUCFSQuotaPeriod", &[("1.12", A, F, F)]),
    ("CustomResourceFieldSelectors", &[("1.30", A, F, F), ("1.31", B, T, F), ("1.32", G, T, T)]),
    ("DRAAdminAccess", &[("1.32", A, F, F), ("1.34", B, T, F)]),
    ("DRAConsumableCapacity", &[("1.34", A, F, F)]),
    ("DRADeviceBindingConditions", &[("1.34", A, F, F)]),
    ("DRADeviceTaints", &[("1.33", A, F, F)]),
    ("DRAExtendedResource", &[("1.34", A, F, F)]),
    ("DRAPartitionableDevices", &[("1.33", A, F, F)]),
    ("DRAPrioritizedList", &[("1.33", A, F, F), ("1.34", B, T, F)]),
    ("DRAResourceClaimDeviceStatus", &[("1.32", A, F, F), ("1.33", B, T, F)]),
    ("DRASchedulerFilterTimeout", &[("1.34", B, T, F)]),
    ("DeclarativeValidation", &[("1.33", B, T, F)]),
    ("DeclarativeValidationTakeover", &[("1.33", B, F, F)]),
    ("DeploymentReplicaSetTerminatingReplicas", &[("1.33", A, F, F)]),
    ("DetectCacheInconsistency", &[("1.34", B, T, F)]),
    ("DisableAllocatorDualWrite", &[("1.31", A, F, F), ("1.33", B, F, F), ("1.34", G, T, F)]),
    ("DisableCPUQuotaWithExclusiveCPUs", &[("1.33", B, T, F)]),
    ("DisableNodeKubeProxyVersion", &[("1.29", A, F, F), ("1.31", D, F, F), ("1.33", D, T, F)]),
    ("DynamicResourceAllocation", &[("1.26", A, F, F), ("1.32", B, F, F), ("1.34", G, T, F)]),
    ("EnvFiles", &[("1.34", A, F, F)]),
    ("EventedPLEG", &[("1.26", A, F, F)]),
    ("ExecProbeTimeout", &[("1.20", G, T, F)]),
    ("ExternalServiceAccountTokenSigner", &[("1.32", A, F, F), ("1.34", B, T, F)]),
    ("GitRepoVolumeDriver", &[("1.0", G, T, F), ("1.33", D, F, F)]),
    ("GracefulNodeShutdown", &[("1.20", A, F, F), ("1.21", B, T, F)]),
    ("GracefulNodeShutdownBasedOnPodPriority", &[("1.23", A, F, F), ("1.24", B, T, F)]),
    ("HPAConfigurableTolerance", &[("1.33", A, F, F)]),
    ("HPAScaleToZero", &[("1.16", A, F, F)]),
    ("HonorPVReclaimPolicy", &[("1.23", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("HostnameOverride", &[("1.34", A, F, F)]),
    ("ImageMaximumGCAge", &[("1.29", A, F, F), ("1.30", B, T, F)]),
    ("ImageVolume", &[("1.31", A, F, F), ("1.33", B, F, F)]),
    ("InPlacePodVerticalScaling", &[("1.27", A, F, F), ("1.33", B, T, F)]),
    ("InPlacePodVerticalScalingAllocatedStatus", &[("1.32", A, F, F), ("1.33", D, F, F)]),
    ("InPlacePodVerticalScalingExclusiveCPUs", &[("1.32", A, F, F)]),
    ("InPlacePodVerticalScalingExclusiveMemory", &[("1.34", A, F, F)]),
    ("InTreePluginPortworxUnregister", &[("1.23", A, F, F)]),
    ("JobBackoffLimitPerIndex", &[("1.28", A, F, F), ("1.29", B, T, F), ("1.33", G, T, T)]),
    ("JobManagedBy", &[("1.30", A, F, F), ("1.32", B, T, F)]),
    ("JobPodReplacementPolicy", &[("1.28", A, F, F), ("1.29", B, T, F), ("1.34", G, T, T)]),
    ("JobSuccessPolicy", &[("1.30", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("KMSv1", &[("1.0", G, T, F), ("1.28", D, T, F), ("1.29", D, F, F)]),
    ("KubeletCgroupDriverFromCRI", &[("1.28", A, F, F), ("1.31", B, T, F), ("1.34", G, T, T)]),
    ("KubeletCrashLoopBackOffMax", &[("1.32", A, F, F)]),
    ("KubeletEnsureSecretPulledImages", &[("1.33", A, F, F)]),
    ("KubeletFineGrainedAuthz", &[("1.32", A, F, F), ("1.33", B, T, F)]),
    ("KubeletInUserNamespace", &[("1.22", A, F, F)]),
    ("KubeletPSI", &[("1.33", A, F, F), ("1.34", B, T, F)]),
    ("KubeletPodResourcesDynamicResources", &[("1.27", A, F, F), ("1.34", B, T, F)]),
    ("KubeletPodResourcesGet", &[("1.27", A, F, F), ("1.34", B, T, F)]),
    ("KubeletPodResourcesListUseActivePods", &[("1.0", G, F, F), ("1.34", D, T, F)]),
    ("KubeletRegistrationGetOnExistsOnly", &[("1.0", G, T, F), ("1.32", D, F, F)]),
    ("KubeletSeparateDiskGC", &[("1.29", A, F, F), ("1.31", B, T, F)]),
    ("KubeletServiceAccountTokenForCredentialProviders", &[("1.33", A, F, F), ("1.34", B, T, F)]),
    ("KubeletTracing", &[("1.25", A, F, F), ("1.27", B, T, F), ("1.34", G, T, T)]),
    ("ListFromCacheSnapshot", &[("1.33", A, F, F), ("1.34", B, T, F)]),
    ("LoadBalancerIPMode", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.32", G, T, T)]),
    ("LocalStorageCapacityIsolationFSQuotaMonitoring", &[("1.15", A, F, F), ("1.31", B, F, F)]),
    ("LogarithmicScaleDown", &[("1.21", A, F, F), ("1.22", B, T, F), ("1.31", G, T, T)]),
    ("MatchLabelKeysInPodAffinity", &[("1.29", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("MatchLabelKeysInPodTopologySpread", &[("1.25", A, F, F), ("1.27", B, T, F)]),
    ("MatchLabelKeysInPodTopologySpreadSelectorMerge", &[("1.34", B, T, F)]),
    ("MaxUnavailableStatefulSet", &[("1.24", A, F, F)]),
    ("MemoryManager", &[("1.21", A, F, F), ("1.22", B, T, F), ("1.32", G, T, T)]),
    ("MemoryQoS", &[("1.22", A, F, F)]),
    ("MultiCIDRServiceAllocator", &[("1.27", A, F, F), ("1.31", B, F, F), ("1.33", G, T, F), ("1.34", G, T, T)]),
    ("MutableCSINodeAllocatableCount", &[("1.33", A, F, F), ("1.34", B, F, F)]),
    ("MutatingAdmissionPolicy", &[("1.32", A, F, F), ("1.34", B, F, F)]),
    ("NFTablesProxyMode", &[("1.29", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("NodeCapabilities", &[("1.35", A, F, F)]),
    ("NodeInclusionPolicyInPodTopologySpread", &[("1.25", A, F, F), ("1.26", B, T, F), ("1.33", G, T, T)]),
    ("NodeLogQuery", &[("1.27", A, F, F), ("1.30", B, F, F)]),
    ("NodeSwap", &[("1.22", A, F, F), ("1.28", B, F, F), ("1.30", B, T, F), ("1.34", G, T, T)]),
    ("NominatedNodeNameForExpectation", &[("1.34", A, F, F)]),
    ("OpenAPIEnums", &[("1.23", A, F, F), ("1.24", B, T, F)]),
    ("OrderedNamespaceDeletion", &[("1.30", B, F, F), ("1.33", B, T, F), ("1.34", G, T, T)]),
    ("PodAndContainerStatsFromCRI", &[("1.23", A, F, F)]),
    ("PodCertificateRequest", &[("1.34", A, F, F)]),
    ("PodDeletionCost", &[("1.21", A, F, F), ("1.22", B, T, F)]),
    ("PodIndexLabel", &[("1.28", B, T, F), ("1.32", G, T, T)]),
    ("PodLevelResources", &[("1.32", A, F, F), ("1.34", B, T, F)]),
    ("PodLifecycleSleepAction", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.34", G, T, T)]),
    ("PodLifecycleSleepActionAllowZero", &[("1.32", A, F, F), ("1.33", B, T, F), ("1.34", G, T, T)]),
    ("PodLogsQuerySplitStreams", &[("1.32", A, F, F)]),
    ("PodObservedGenerationTracking", &[("1.33", A, F, F), ("1.34", B, T, F)]),
    ("PodReadyToStartContainersCondition", &[("1.28", A, F, F), ("1.29", B, T, F)]),
    ("PodSchedulingReadiness", &[("1.26", A, F, F), ("1.27", B, T, F), ("1.30", G, T, T)]),
    ("PodTopologyLabelsAdmission", &[("1.33", A, F, F)]),
    ("PortForwardWebsockets", &[("1.30", A, F, F), ("1.31", B, T, F)]),
    ("PreferSameTrafficDistribution", &[("1.33", A, F, F), ("1.34", B, T, F)]),
    ("PreventStaticPodAPIReferences", &[("1.34", B, T, F)]),
    ("ProbeHostPodSecurityStandards", &[("1.34", G, T, T)]),
    ("ProcMountType", &[("1.12", A, F, F), ("1.31", B, F, F), ("1.33", B, T, F)]),
    ("QOSReserved", &[("1.11", A, F, F)]),
    ("RecoverVolumeExpansionFailure", &[("1.23", A, F, F), ("1.32", B, T, F), ("1.34", G, T, T)]),
    ("RecursiveReadOnlyMounts", &[("1.30", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("ReduceDefaultCrashLoopBackOffDecay", &[("1.33", A, F, F)]),
    ("RelaxedDNSSearchValidation", &[("1.32", A, F, F), ("1.33", B, T, F), ("1.34", G, T, T)]),
    ("RelaxedEnvironmentVariableValidation", &[("1.30", A, F, F), ("1.32", B, T, F), ("1.34", G, T, T)]),
    ("RelaxedServiceNameValidation", &[("1.34", A, F, F)]),
    ("ReloadKubeletServerCertificateFile", &[("1.31", B, T, F)]),
    ("RemoteRequestHeaderUID", &[("1.32", A, F, F), ("1.33", B, T, F)]),
    ("ResilientWatchCacheInitialization", &[("1.31", B, T, F), ("1.34", G, T, T)]),
    ("ResourceHealthStatus", &[("1.31", A, F, F)]),
    ("RetryGenerateName", &[("1.30", A, F, F), ("1.31", B, T, F), ("1.32", G, T, T)]),
    ("RotateKubeletServerCertificate", &[("1.7", A, F, F), ("1.12", B, T, F)]),
    ("RuntimeClassInImageCriApi", &[("1.29", A, F, F)]),
    ("SELinuxChangePolicy", &[("1.32", A, F, F), ("1.33", B, T, F)]),
    ("SELinuxMount", &[("1.30", A, F, F), ("1.33", B, F, F)]),
    ("SELinuxMountReadWriteOncePod", &[("1.25", A, F, F), ("1.27", B, F, F), ("1.28", B, T, F)]),
    ("SchedulerAsyncAPICalls", &[("1.34", B, T, F)]),
    ("SchedulerAsyncPreemption", &[("1.32", A, F, F), ("1.33", B, T, F)]),
    ("SchedulerPopFromBackoffQ", &[("1.33", B, T, F)]),
    ("SchedulerQueueingHints", &[("1.28", B, F, F), ("1.32", B, T, F), ("1.34", G, T, T)]),
    ("SeparateCacheWatchRPC", &[("1.28", B, T, F), ("1.33", D, F, F)]),
    ("SeparateTaintEvictionController", &[("1.29", B, T, F), ("1.34", G, T, T)]),
    ("ServiceAccountNodeAudienceRestriction", &[("1.32", B, F, F), ("1.33", B, T, F)]),
    ("ServiceAccountTokenJTI", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.32", G, T, T)]),
    ("ServiceAccountTokenNodeBinding", &[("1.29", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("ServiceAccountTokenNodeBindingValidation", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.32", G, T, T)]),
    ("ServiceAccountTokenPodNodeInfo", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.32", G, T, T)]),
    ("ServiceTrafficDistribution", &[("1.30", A, F, F), ("1.31", B, T, F), ("1.33", G, T, T)]),
    ("SidecarContainers", &[("1.28", A, F, F), ("1.29", B, T, F), ("1.33", G, T, T)]),
    ("SizeBasedListCostEstimate", &[("1.34", B, T, F)]),
    ("SizeMemoryBackedVolumes", &[("1.20", A, F, F), ("1.22", B, T, F), ("1.32", G, T, T)]),
    ("StorageCapacityScoring", &[("1.33", A, F, F)]),
    ("StorageNamespaceIndex", &[("1.30", B, T, F), ("1.33", D, T, F)]),
    ("StorageVersionAPI", &[("1.20", A, F, F)]),
    ("StorageVersionHash", &[("1.14", A, F, F), ("1.15", B, T, F)]),
    ("StorageVersionMigrator", &[("1.30", A, F, F)]),
    ("StreamingCollectionEncodingToJSON", &[("1.33", B, T, F), ("1.34", G, T, T)]),
    ("StreamingCollectionEncodingToProtobuf", &[("1.33", B, T, F), ("1.34", G, T, T)]),
    ("StrictCostEnforcementForVAP", &[("1.30", B, F, F), ("1.32", G, T, T)]),
    ("StrictCostEnforcementForWebhooks", &[("1.30", B, F, F), ("1.32", G, T, T)]),
    ("StrictIPCIDRValidation", &[("1.33", A, F, F)]),
    ("StructuredAuthenticationConfiguration", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.34", G, T, T)]),
    ("StructuredAuthenticationConfigurationEgressSelector", &[("1.34", B, T, F)]),
    ("StructuredAuthorizationConfiguration", &[("1.29", A, F, F), ("1.30", B, T, F), ("1.32", G, T, T)]),
    ("SupplementalGroupsPolicy", &[("1.31", A, F, F), ("1.33", B, T, F)]),
    ("SystemdWatchdog", &[("1.32", B, T, F)]),
    ("TokenRequestServiceAccountUIDValidation", &[("1.34", B, T, F)]),
    ("TopologyAwareHints", &[("1.21", A, F, F), ("1.23", B, F, F), ("1.24", B, T, F), ("1.33", G, T, T)]),
    ("TopologyManagerPolicyAlphaOptions", &[("1.26", A, F, F)]),
    ("TopologyManagerPolicyBetaOptions", &[("1.26", B, F, F), ("1.28", B, T, F)]),
    ("TopologyManagerPolicyOptions", &[("1.26", A, F, F), ("1.28", B, T, F), ("1.32", G, T, F)]),
    ("TranslateStreamCloseWebsocketRequests", &[("1.29", A, F, F), ("1.30", B, T, F)]),
    ("UnauthenticatedHTTP2DOSMitigation", &[("1.25", B, F, F), ("1.29", B, T, F)]),
    ("UnknownVersionInteroperabilityProxy", &[("1.28", A, F, F)]),
    ("UserNamespacesPodSecurityStandards", &[("1.29", A, F, F)]),
    ("UserNamespacesSupport", &[("1.25", A, F, F), ("1.30", B, F, F), ("1.33", B, T, F)]),
    ("VolumeAttributesClass", &[("1.29", A, F, F), ("1.31", B, F, F), ("1.34", G, T, F)]),
    ("WatchCacheInitializationPostStartHook", &[("1.31", B, F, F)]),
    ("WatchFromStorageWithoutResourceVersion", &[("1.27", B, F, F), ("1.33", D, F, T)]),
    ("WatchList", &[("1.27", A, F, F), ("1.32", B, T, F), ("1.33", B, F, F), ("1.34", B, T, F)]),
    ("WinDSR", &[("1.14", A, F, F), ("1.33", B, T, F), ("1.34", G, T, T)]),
    ("WinOverlay", &[("1.14", A, F, F), ("1.20", B, T, F), ("1.34", G, T, T)]),
    ("WindowsCPUAndMemoryAffinity", &[("1.32", A, F, F)]),
    ("WindowsGracefulNodeShutdown", &[("1.32", A, F, F), ("1.34", B, T, F)]),
    ("WindowsHostNetwork", &[("1.26", A, F, F), ("1.33", D, F, F)]),
];

/// Feature dependencies (`feature -> features it needs`). Empty: the upstream file at
/// [`PRESET_UPSTREAM_COMMIT`] declares none.
pub static DEPENDENCIES: &[(&str, &[&str])] = &[];

/// Converts one raw spec; `None` only if its version does not parse (a test checks none does).
pub fn raw_spec(raw: &RawSpec) -> Option<FeatureSpec> {
    let (version, stage, default, locked) = *raw;
    let version = Version::parse(version).ok()?;
    let spec = FeatureSpec::new(version, stage, default);
    Some(if locked { spec.locked() } else { spec })
}

/// The preset's features, as [`FeatureGate::add_versioned`](super::FeatureGate::add_versioned)
/// takes them. (A spec whose version failed to parse would be left out; none does.)
pub fn kubernetes_features() -> BTreeMap<String, Vec<FeatureSpec>> {
    FEATURES
        .iter()
        .map(|(name, specs)| {
            (
                (*name).to_string(),
                specs.iter().filter_map(raw_spec).collect(),
            )
        })
        .collect()
}

/// The preset's dependencies, as
/// [`FeatureGate::add_dependencies`](super::FeatureGate::add_dependencies) takes them.
pub fn kubernetes_dependencies() -> BTreeMap<String, Vec<String>> {
    DEPENDENCIES
        .iter()
        .map(|(name, deps)| {
            (
                (*name).to_string(),
                deps.iter().map(|d| (*d).to_string()).collect(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_versions_all_parse_and_names_sorted_unique() {
        for (name, specs) in FEATURES {
            assert!(!specs.is_empty(), "{name}");
            for raw in specs.iter() {
                assert!(raw_spec(raw).is_some(), "{name} {}", raw.0);
            }
        }
        for pair in FEATURES.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} / {}", pair[0].0, pair[1].0);
        }
        assert!(Version::parse(PRESET_KUBERNETES_VERSION).is_ok());
    }
}
