# poseidon/typhoon@005a1119 aws/fedora-coreos/kubernetes/workers/butane/worker.yaml (kubelet v1.28.3 under podman):
# the kubelet's arguments after $${KUBELET_IMAGE}, node_labels/node_taints empty, afterburn values concrete
kubelet \
  --bootstrap-kubeconfig=/etc/kubernetes/kubeconfig \
  --config=/etc/kubernetes/kubelet.yaml \
  --container-runtime-endpoint=unix:///run/containerd/containerd.sock \
  --kubeconfig=/var/lib/kubelet/kubeconfig \
  --node-labels=node.kubernetes.io/node \
  --provider-id=aws:///us-east-1a/i-0123456789abcdef0
