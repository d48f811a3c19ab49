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
    id: "dropin-map-key",
    title: "A drop-in overrides a map key",
    tab: "layers",
    note: "Maps merge per key: the drop-in changes memory.available and adds cpu to kubeReserved, while the file's other keys survive. Lists, by contrast, are replaced whole.",
    panels: { layers: {
      config: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nkubeReserved:\n  memory: 1Gi\n  ephemeral-storage: 1Gi\nevictionHard:\n  memory.available: 100Mi\n  nodefs.available: 10%\n",
      dropins: [{ name: "20-reserve.conf", text: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nkubeReserved:\n  cpu: 500m\nevictionHard:\n  memory.available: 500Mi\n" }],
      filter: "",
    } },
  },
  {
    id: "feature-gates-union",
    title: "--feature-gates on the command line unions with the file's featureGates",
    tab: "layers",
    note: "A map flag such as --kube-reserved replaces the file's whole map, but --feature-gates is special: its keys win and the file's other gates are added back.",
    panels: { layers: {
      args: "--config=/etc/kubernetes/kubelet.yaml\n--feature-gates=MemoryQoS=false",
      config: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  MemoryQoS: true\n  KubeletTracing: false\n",
      dropins: [],
    } },
  },
  {
    id: "dynamic-lkg",
    title: "A broken dynamic config falls back to last-known-good",
    tab: "layers",
    note: "Kubelet 1.20: the assigned config sets maxPods to -1 and fails validation, so the kubelet runs its last-known-good config and reports the reason in Node.Status.Config.Error.",
    panels: { layers: {
      version: "1.20",
      target: "",
      args: "--dynamic-config-dir=/var/lib/kubelet/dynamic-config\n--port=10250",
      dropins: [],
      dynamic: true,
      assigned: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: -1\n",
      lkg: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 42\n",
      elapsed: 300,
    } },
  },
];
