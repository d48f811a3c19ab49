# poseidon/typhoon@0c7a879b aws/container-linux/kubernetes/workers/cl/worker.yaml (kubelet v1.19.1 under rkt):
# the kubelet's own arguments after `$${KUBELET_IMAGE} --`, with ${cgroup_driver}=cgroupfs,
# ${cluster_dns_service_ip}=10.3.0.10, ${cluster_domain_suffix}=cluster.local, node_labels="" rendered
kubelet \
  --anonymous-auth=false \
  --authentication-token-webhook \
  --authorization-mode=Webhook \
  --bootstrap-kubeconfig=/etc/kubernetes/kubeconfig \
  --cgroup-driver=cgroupfs \
  --client-ca-file=/etc/kubernetes/ca.crt \
  --cluster_dns=10.3.0.10 \
  --cluster_domain=cluster.local \
  --cni-conf-dir=/etc/kubernetes/cni/net.d \
  --healthz-port=0 \
  --kubeconfig=/var/lib/kubelet/kubeconfig \
  --network-plugin=cni \
  --node-labels=node.kubernetes.io/node \
  --pod-manifest-path=/etc/kubernetes/manifests \
  --read-only-port=0 \
  --rotate-certificates \
  --volume-plugin-dir=/var/lib/kubelet/volumeplugins
