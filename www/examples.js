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
];
