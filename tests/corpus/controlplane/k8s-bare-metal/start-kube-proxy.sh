# Source: jwreagor/k8s-bare-metal@276e69453516 scripts/start-kube-proxy.sh
#!/bin/bash
/usr/bin/kube-proxy \
  --masquerade-all \
  --master=${controller_ip} \
  --kubeconfig=/var/lib/kubelet/kubeconfig \
  --proxy-mode=iptables \
  --v=2
