// Curated scenarios: each loads through the same path as a share link.
export const EXAMPLES = [
  {
    id: "allalpha-one-off",
    title: "AllAlpha with one gate switched off",
    tab: "gates",
    note: "AllAlpha=true turns on every alpha gate that was not set explicitly; an explicit value always wins, whatever its position in the string.",
    panels: { gates: { emulation: "1.34", flags: "AllAlpha=true,InPlacePodVerticalScalingExclusiveCPUs=false", filter: "alpha" } },
  },
  {
    id: "locked-gate",
    title: "A GA gate locked to its default",
    tab: "gates",
    note: "Once a feature is GA and locked, the only value it accepts is its default: Kubernetes refuses the flag with its exact error.",
    panels: { gates: { emulation: "1.34", flags: "NodeSwap=false" } },
  },
  {
    id: "emulation-prealpha",
    title: "Emulating an older version: a gate that does not exist yet",
    tab: "gates",
    note: "With --emulated-version, a feature introduced later is PreAlpha: setting it is an error even though the binary knows it.",
    panels: { gates: { emulation: "1.28", flags: "NodeSwap=true,SidecarContainers=true" } },
  },
  {
    id: "kubelet-dies",
    title: "A kubelet dies: 50 seconds to Unknown",
    tab: "node",
    note: "The kubelet stops at 2m00s. Its last lease renewal is at most about 10s earlier; once node-monitor-grace-period (50s since 1.32, 40s up to 1.31) has passed without a renewal, the next controller pass (every 5s) sets every condition Unknown with NodeStatusUnknown and taints the node unreachable. Switch the version to 1.31 to see it happen 10s sooner.",
    panels: { node: { version: "1.34", faults: [{ kind: "kubeletStopped", at: "120s" }], time: 200_000, window: "2m" } },
  },
  {
    id: "why-node-leases",
    title: "Why node leases exist: API writes with and without them",
    tab: "cluster",
    note: "Without leases every kubelet patches its whole Node status every 10s, a large object that every Node watcher receives. With leases it renews a tiny Lease every 10s instead and patches the Node only on a change or every 5 minutes: the Node status writes fall about thirty-fold.",
    panels: { cluster: { nodes: 1000, duration: "30m", fault: "none" } },
  },
  {
    id: "memory-spike",
    title: "A 30s memory spike keeps MemoryPressure True for 5 minutes",
    tab: "node",
    note: "Memory is short from 1m00s to 1m30s. The eviction manager reports MemoryPressure at once, but clears it only after the pressure has not been observed for evictionPressureTransitionPeriod (5m): the condition stays True until about 6m30s.",
    panels: { node: { version: "1.34", faults: [{ kind: "memoryPressure", at: "60s", until: "90s" }], time: 480_000, window: "10m" } },
  },
];
