# rancher/rke2#8926 ("Remove cloud-config arg from kubelet ... Flag has been removed by upstream as of 1.34",
# kubernetes/kubernetes#130161): RKE2's kubelet arguments carried --cloud-provider=external --cloud-config=
kubelet --cloud-provider=external --cloud-config= --node-ip=10.0.0.21 --kubeconfig=/var/lib/rancher/rke2/agent/kubelet.kubeconfig
