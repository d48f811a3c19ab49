# kubernetes/kops#17463 (kops 1.30, Kubernetes 1.30.4): kops turned the cluster's kubelet.imageMaximumGCAge into
# a command-line flag the kubelet never had; the issue quotes the refusal
kubelet --image-maximum-gc-age=24h0m0s
