# gardener/gardener@0a555d1e pkg/component/extensions/operatingsystemconfig/original/components/kubelet/cliflags_test.go
# ("w/ containerd" entry: the flags Gardener passes a 1.32 kubelet)
kubelet --bootstrap-kubeconfig=/var/lib/kubelet/kubeconfig-bootstrap \
  --config=/var/lib/kubelet/config/kubelet \
  --kubeconfig=/var/lib/kubelet/kubeconfig-real \
  --node-labels=worker.gardener.cloud/kubernetes-version=1.32.0 \
  --node-labels=containerruntime.worker.gardener.cloud/gvisor=true \
  --node-labels=kubernetes.io/arch=amd64 \
  --node-labels=test=foo \
  --node-labels=test2=bar \
  --node-labels=worker.gardener.cloud/pool=worker \
  --container-runtime-endpoint=unix:///run/containerd/containerd.sock \
  --runtime-cgroups=/system.slice/containerd.service \
  --v=2
