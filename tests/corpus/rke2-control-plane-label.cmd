# rancher/rancher#45906 (RKE2 1.28.10, Harvester): a machine pool's "Kubernetes Node Labels" become
# the kubelet's --node-labels; the issue quotes the kubelet's refusal
kubelet --node-labels=node-role.kubernetes.io/control-plane=true
