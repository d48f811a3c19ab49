# kubernetes/kubernetes@009b3e39 hack/local-up-cluster.sh start_kubelet: all_kubelet_flags with the defaults
# (LOG_LEVEL=3, LOG_SPEC="", HOSTNAME_OVERRIDE=127.0.0.1, CLOUD_PROVIDER="", CLOUD_CONFIG="")
kubelet --v=3 --vmodule= --hostname-override=127.0.0.1 --cloud-provider= --cloud-config= \
  --bootstrap-kubeconfig=/var/run/kubernetes/kubelet.kubeconfig \
  --kubeconfig=/var/run/kubernetes/kubelet-rotated.kubeconfig \
  --config=/tmp/local-up-cluster.sh.XXXXXX/kubelet.yaml
