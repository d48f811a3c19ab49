# kubernetes-sigs/kind@0033147e pkg/cluster/internal/kubeadm/config.go (ConfigTemplateBetaV3): the
# nodeRegistration.kubeletExtraArgs kubeadm turns into flags (node-labels empty when the node has none)
kubelet --node-ip=172.18.0.2 --provider-id=kind://podman/kind/kind-control-plane --node-labels=
