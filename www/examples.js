// Curated scenarios: each loads through the same path as a share link.
export const EXAMPLES = [
  {
    id: "allalpha-one-off",
    title: "AllAlpha with one gate switched off",
    tab: "gates",
    note: "AllAlpha=true turns on every alpha gate that was not set explicitly; an explicit value always wins, whatever its position in the string.",
    panels: { gates: { emulation: "1.34", flags: "AllAlpha=true,InPlacePodVerticalScalingExclusiveCPUs=false", filter: "Alpha" } },
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
    note: "The newest binary with --emulated-version=1.31: InPlacePodVerticalScalingExclusiveCPUs arrived in 1.32, so at 1.31 it is PreAlpha and setting it is an error even though the binary knows it. Switch \"Answer for\" to the real 1.31 binary: there the gate does not exist at all.",
    panels: { gates: { mode: "emulate", emulation: "1.31", flags: "InPlacePodVerticalScalingExclusiveCPUs=true" } },
  },
  {
    id: "dropin-map-key",
    title: "A drop-in overrides a map key",
    tab: "layers",
    note: "Maps merge per key: the drop-in changes memory.available and adds cpu to kubeReserved, while the file's other keys survive. Lists, by contrast, are replaced whole.",
    panels: { layers: {
      version: "1.33",
      target: "",
      args: "--config=/etc/kubernetes/kubelet.yaml\n--config-dir=/etc/kubernetes/kubelet.conf.d",
      config: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nkubeReserved:\n  memory: 1Gi\n  ephemeral-storage: 1Gi\nevictionHard:\n  memory.available: 100Mi\n  nodefs.available: 10%\n",
      dropins: [{ name: "20-reserve.conf", text: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nkubeReserved:\n  cpu: 500m\nevictionHard:\n  memory.available: 500Mi\n" }],
      filter: "",
    } },
  },
  {
    id: "feature-gates-union",
    title: "--feature-gates on the command line unions with the file's featureGates",
    tab: "layers",
    note: "Kubelet 1.33. A map flag such as --kube-reserved replaces the file's whole map, but --feature-gates is special: its keys win and the file's other gates are added back.",
    panels: { layers: {
      version: "1.33",
      target: "",
      args: "--config=/etc/kubernetes/kubelet.yaml\n--feature-gates=MemoryQoS=false",
      config: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  MemoryQoS: true\n  KubeletTracing: false\n",
      dropins: [],
    } },
  },
  {
    id: "dynamic-lkg",
    title: "A broken dynamic config falls back to last-known-good",
    tab: "layers",
    note: "Kubelet 1.20: the assigned config sets maxPods to -1 and fails validation, so the kubelet runs its last-known-good config and reports the reason in Node.Status.Config.Error.",
    panels: { layers: {
      version: "1.20",
      target: "",
      args: "--dynamic-config-dir=/var/lib/kubelet/dynamic-config\n--port=10250",
      dropins: [],
      dynamic: true,
      assigned: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: -1\n",
      lkg: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 42\n",
      elapsed: 300,
    } },
  },
  {
    id: "kubelet-dies",
    title: "A kubelet dies: the node is Unknown 55 seconds later",
    tab: "node",
    note: "The kubelet stops at t+2m0s. node-monitor-grace-period (50s since 1.32, 40s up to 1.31) counts from the renewal the controller last saw, and the controller looks every 5s: its first pass after the period has run out, at t+2m55s, sets every condition Unknown with NodeStatusUnknown and taints the node unreachable. Switch the version to 1.31 to see it happen 10s sooner.",
    panels: { node: { version: "1.34", faults: [{ kind: "kubeletStopped", at: "120s" }], time: 200_000, window: "2m" } },
  },
  {
    id: "why-node-leases",
    title: "Why node leases exist: API writes with and without them",
    tab: "cluster",
    note: "Without leases every kubelet patches its whole Node status every 10s, a large object that every Node watcher receives. With leases it renews a tiny Lease every 10s instead and patches the Node only on a change or every 5 minutes: the Node status writes fall about thirty-fold.",
    panels: { cluster: { nodes: 1000, duration: "30m", fault: "none" } },
  },
  {
    id: "memory-spike",
    title: "A 30s memory spike keeps MemoryPressure True for over 5 minutes",
    tab: "node",
    note: "Memory is short from t+1m0s to t+1m30s. The eviction manager looks every 10s and the kubelet reports what it saw at its next status update, so MemoryPressure turns True at t+1m7.252s. It clears only once the pressure has not been seen for evictionPressureTransitionPeriod (5m): True → False at t+6m23.91s, almost five minutes after the spike ended.",
    panels: { node: { version: "1.34", faults: [{ kind: "memoryPressure", at: "60s", until: "90s" }], time: 480_000, window: "10m" } },
  },
];

// Taken from a real public config, verbatim: Amazon EKS's AL2 node image writes this file
// (awslabs/amazon-eks-ami, templates/al2/runtime/kubelet-config.json).
const EKS_AL2_KUBELET_CONFIG = "{\n  \"kind\": \"KubeletConfiguration\",\n  \"apiVersion\": \"kubelet.config.k8s.io/v1beta1\",\n  \"address\": \"0.0.0.0\",\n  \"authentication\": {\n    \"anonymous\": {\n      \"enabled\": false\n    },\n    \"webhook\": {\n      \"cacheTTL\": \"2m0s\",\n      \"enabled\": true\n    },\n    \"x509\": {\n      \"clientCAFile\": \"/etc/kubernetes/pki/ca.crt\"\n    }\n  },\n  \"authorization\": {\n    \"mode\": \"Webhook\",\n    \"webhook\": {\n      \"cacheAuthorizedTTL\": \"5m0s\",\n      \"cacheUnauthorizedTTL\": \"30s\"\n    }\n  },\n  \"clusterDomain\": \"cluster.local\",\n  \"hairpinMode\": \"hairpin-veth\",\n  \"readOnlyPort\": 0,\n  \"cgroupDriver\": \"cgroupfs\",\n  \"cgroupRoot\": \"/\",\n  \"failSwapOn\": false,\n  \"featureGates\": {\n    \"RotateKubeletServerCertificate\": true,\n    \"NodeSwap\": false\n  },\n  \"protectKernelDefaults\": true,\n  \"serializeImagePulls\": false,\n  \"serverTLSBootstrap\": true,\n  \"tlsCipherSuites\": [\"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256\", \"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256\", \"TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305\", \"TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384\", \"TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305\", \"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384\", \"TLS_RSA_WITH_AES_256_GCM_SHA384\", \"TLS_RSA_WITH_AES_128_GCM_SHA256\"]\n}\n";
EXAMPLES.push({
  id: "eks-al2-nodeswap-upgrade",
  title: "Amazon EKS's AL2 kubelet config: NodeSwap=false breaks the 1.34 upgrade",
  tab: "layers",
  note: "The kubelet config Amazon EKS's AL2 node image ships (awslabs/amazon-eks-ami, templates/al2/runtime/kubelet-config.json), as it is. It turns the NodeSwap gate off, which the kubelet accepts up to 1.33; in 1.34 the gate is GA and locked on, so the upgrade check marks the featureGates line as what breaks, and switching the version to 1.34 shows the kubelet's own refusal at that line.",
  panels: { layers: {
    version: "1.33",
    target: "1.34",
    args: "--config=/etc/kubernetes/kubelet/kubelet-config.json",
    configPath: "/etc/kubernetes/kubelet/kubelet-config.json",
    config: EKS_AL2_KUBELET_CONFIG,
    dropins: [],
  } },
});

// Pod sources, gated fields and control plane scenarios (panels pods.js, fields.js, controlplane.js).
const WEB = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n";
const URL_DOC = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: from-url\nspec:\n  containers:\n  - name: agent\n    image: busybox\n";
const apiPod = (image, phase) => JSON.stringify({
  metadata: { name: "app", namespace: "default", uid: "uid-app" },
  spec: { nodeName: "node-1", containers: [{ name: "app", image }] },
  status: { phase },
}, null, 2);
EXAMPLES.push(
  {
    id: "pods-reconcile-vs-update",
    title: "Pod sources: a status-only change reconciles, a spec change updates",
    tab: "pods",
    note: "The API server first reports the pod Running (only status changed: RECONCILE, the kubelet does not restart anything), then a new image (the spec changed: UPDATE). Read the stream from the bottom up; switch the mode to see Snapshot and SnapshotAndUpdates.",
    panels: { pods: { actions: [
      { a: "write", name: "web.yaml", content: WEB },
      { a: "serve", status: 200, body: URL_DOC },
      { a: "upsert", pod: apiPod("app:1", "Pending") },
      { a: "synced", value: true },
      { a: "step", by: 0 },
      { a: "step", by: 10 },
      { a: "upsert", pod: apiPod("app:1", "Running") },
      { a: "step", by: 10 },
      { a: "upsert", pod: apiPod("app:2", "Running") },
    ] } },
  },
  {
    id: "fields-dropped-on-create",
    title: "A gated field is dropped on create but kept on update",
    tab: "fields",
    note: "ServiceTrafficDistribution is off. This update keeps spec.trafficDistribution because the stored Service already uses it; switch the request to create and the same field is silently dropped.",
    panels: { fields: {
      kind: "Service",
      op: "Update",
      texts: { Service: {
        obj: JSON.stringify({ metadata: { name: "web" }, spec: { ports: [{ port: 80 }], trafficDistribution: "PreferClose" } }, null, 2),
        old: JSON.stringify({ metadata: { name: "web" }, spec: { ports: [{ port: 80 }], trafficDistribution: "PreferClose" } }, null, 2),
      } },
    } },
  },
  {
    id: "controlplane-apiserver-dies",
    title: "An apiserver dies: gone from the endpoints 20s later",
    tab: "controlplane",
    note: "192.168.0.3 crashes right after renewing its lease at 20s. Nothing cleans up for it: the lease expires at 35s and the next reconcile by 192.168.0.2 (at 40s) drops the address. Press Stop instead of Crash to see a graceful shutdown remove it at once.",
    panels: { controlplane: { actions: [
      { do: "advance", by: "10s" }, { do: "advance", by: "10s" },
      { do: "crash", ip: "192.168.0.3" },
      { do: "advance", by: "10s" }, { do: "advance", by: "10s" }, { do: "advance", by: "10s" },
    ] } },
  },
  {
    id: "controlplane-leaked-nodeport",
    title: "A leaked NodePort released on the third repair",
    tab: "controlplane",
    note: "The service ns/web is deleted without releasing its NodePort and ClusterIP. The repair loop (every 3m) flags them at 3m, keeps them at 6m, and releases them on the third detection at 9m.",
    panels: { controlplane: { apiservers: "192.168.0.2", actions: [
      { do: "service", name: "web", clusterIP: "10.0.0.10", nodePort: 30080 },
      { do: "advance", by: "10s" },
      { do: "deleteService", name: "web", release: false },
      { do: "advance", by: "3m" }, { do: "advance", by: "3m" }, { do: "advance", by: "3m" },
    ] } },
  },
  {
    id: "upgrade-kubeadm-1.16",
    title: "kubeadm 1.16's static pods upgraded to 1.26",
    tab: "upgrade",
    note: "The static pods kubeadm 1.16 wrote, from the public repository MaxxMoney's kubeadm_etc_kubernetes. All three start at 1.16; at 1.26 kube-apiserver refuses --insecure-port=0, a flag removed in 1.24. Click its file:line to see the line.",
    panels: { upgrade: { from: "1.16", to: "1.26", files: [
      { name: "/etc/kubernetes/manifests/kube-apiserver.yaml", kind: "manifest", text: "# Source: MaxxMoney/kubeadm_etc_kubernetes@ddd99ecac150 manifests/kube-apiserver.yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    component: kube-apiserver\n    tier: control-plane\n  name: kube-apiserver\n  namespace: kube-system\nspec:\n  containers:\n  - command:\n    - kube-apiserver\n    - --advertise-address=192.168.28.10\n    - --allow-privileged=true\n    - --authorization-mode=Node,RBAC\n    - --client-ca-file=/etc/kubernetes/pki/ca.crt\n    - --enable-admission-plugins=NodeRestriction\n    - --enable-bootstrap-token-auth=true\n    - --etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt\n    - --etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt\n    - --etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key\n    - --etcd-servers=https://127.0.0.1:2379\n    - --insecure-port=0\n    - --kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt\n    - --kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key\n    - --kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname\n    - --proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt\n    - --proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key\n    - --requestheader-allowed-names=front-proxy-client\n    - --requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt\n    - --requestheader-extra-headers-prefix=X-Remote-Extra-\n    - --requestheader-group-headers=X-Remote-Group\n    - --requestheader-username-headers=X-Remote-User\n    - --secure-port=6443\n    - --service-account-key-file=/etc/kubernetes/pki/sa.pub\n    - --service-cluster-ip-range=10.96.0.0/16\n    - --tls-cert-file=/etc/kubernetes/pki/apiserver.crt\n    - --tls-private-key-file=/etc/kubernetes/pki/apiserver.key\n    image: registry.aliyuncs.com/google_containers/kube-apiserver:v1.16.2\n    imagePullPolicy: IfNotPresent\n    livenessProbe:\n      failureThreshold: 8\n      httpGet:\n        host: 192.168.28.10\n        path: /healthz\n        port: 6443\n        scheme: HTTPS\n      initialDelaySeconds: 15\n      timeoutSeconds: 15\n    name: kube-apiserver\n    resources:\n      requests:\n        cpu: 250m\n    volumeMounts:\n    - mountPath: /etc/ssl/certs\n      name: ca-certs\n      readOnly: true\n    - mountPath: /etc/pki\n      name: etc-pki\n      readOnly: true\n    - mountPath: /etc/kubernetes/pki\n      name: k8s-certs\n      readOnly: true\n  hostNetwork: true\n  priorityClassName: system-cluster-critical\n  volumes:\n  - hostPath:\n      path: /etc/ssl/certs\n      type: DirectoryOrCreate\n    name: ca-certs\n  - hostPath:\n      path: /etc/pki\n      type: DirectoryOrCreate\n    name: etc-pki\n  - hostPath:\n      path: /etc/kubernetes/pki\n      type: DirectoryOrCreate\n    name: k8s-certs\nstatus: {}\n" },
      { name: "/etc/kubernetes/manifests/kube-controller-manager.yaml", kind: "manifest", text: "# Source: MaxxMoney/kubeadm_etc_kubernetes@ddd99ecac150 manifests/kube-controller-manager.yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    component: kube-controller-manager\n    tier: control-plane\n  name: kube-controller-manager\n  namespace: kube-system\nspec:\n  containers:\n  - command:\n    - kube-controller-manager\n    - --allocate-node-cidrs=true\n    - --authentication-kubeconfig=/etc/kubernetes/controller-manager.conf\n    - --authorization-kubeconfig=/etc/kubernetes/controller-manager.conf\n    - --bind-address=127.0.0.1\n    - --client-ca-file=/etc/kubernetes/pki/ca.crt\n    - --cluster-cidr=10.244.0.0/16\n    - --cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt\n    - --cluster-signing-key-file=/etc/kubernetes/pki/ca.key\n    - --controllers=*,bootstrapsigner,tokencleaner\n    - --kubeconfig=/etc/kubernetes/controller-manager.conf\n    - --leader-elect=true\n    - --node-cidr-mask-size=24\n    - --requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt\n    - --root-ca-file=/etc/kubernetes/pki/ca.crt\n    - --service-account-private-key-file=/etc/kubernetes/pki/sa.key\n    - --service-cluster-ip-range=10.96.0.0/16\n    - --use-service-account-credentials=true\n    image: registry.aliyuncs.com/google_containers/kube-controller-manager:v1.16.2\n    imagePullPolicy: IfNotPresent\n    livenessProbe:\n      failureThreshold: 8\n      httpGet:\n        host: 127.0.0.1\n        path: /healthz\n        port: 10252\n        scheme: HTTP\n      initialDelaySeconds: 15\n      timeoutSeconds: 15\n    name: kube-controller-manager\n    resources:\n      requests:\n        cpu: 200m\n    volumeMounts:\n    - mountPath: /etc/ssl/certs\n      name: ca-certs\n      readOnly: true\n    - mountPath: /etc/pki\n      name: etc-pki\n      readOnly: true\n    - mountPath: /usr/libexec/kubernetes/kubelet-plugins/volume/exec\n      name: flexvolume-dir\n    - mountPath: /etc/kubernetes/pki\n      name: k8s-certs\n      readOnly: true\n    - mountPath: /etc/kubernetes/controller-manager.conf\n      name: kubeconfig\n      readOnly: true\n  hostNetwork: true\n  priorityClassName: system-cluster-critical\n  volumes:\n  - hostPath:\n      path: /etc/ssl/certs\n      type: DirectoryOrCreate\n    name: ca-certs\n  - hostPath:\n      path: /etc/pki\n      type: DirectoryOrCreate\n    name: etc-pki\n  - hostPath:\n      path: /usr/libexec/kubernetes/kubelet-plugins/volume/exec\n      type: DirectoryOrCreate\n    name: flexvolume-dir\n  - hostPath:\n      path: /etc/kubernetes/pki\n      type: DirectoryOrCreate\n    name: k8s-certs\n  - hostPath:\n      path: /etc/kubernetes/controller-manager.conf\n      type: FileOrCreate\n    name: kubeconfig\nstatus: {}\n" },
      { name: "/etc/kubernetes/manifests/kube-scheduler.yaml", kind: "manifest", text: "# Source: MaxxMoney/kubeadm_etc_kubernetes@ddd99ecac150 manifests/kube-scheduler.yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    component: kube-scheduler\n    tier: control-plane\n  name: kube-scheduler\n  namespace: kube-system\nspec:\n  containers:\n  - command:\n    - kube-scheduler\n    - --authentication-kubeconfig=/etc/kubernetes/scheduler.conf\n    - --authorization-kubeconfig=/etc/kubernetes/scheduler.conf\n    - --bind-address=127.0.0.1\n    - --kubeconfig=/etc/kubernetes/scheduler.conf\n    - --leader-elect=true\n    image: registry.aliyuncs.com/google_containers/kube-scheduler:v1.16.2\n    imagePullPolicy: IfNotPresent\n    livenessProbe:\n      failureThreshold: 8\n      httpGet:\n        host: 127.0.0.1\n        path: /healthz\n        port: 10251\n        scheme: HTTP\n      initialDelaySeconds: 15\n      timeoutSeconds: 15\n    name: kube-scheduler\n    resources:\n      requests:\n        cpu: 100m\n    volumeMounts:\n    - mountPath: /etc/kubernetes/scheduler.conf\n      name: kubeconfig\n      readOnly: true\n  hostNetwork: true\n  priorityClassName: system-cluster-critical\n  volumes:\n  - hostPath:\n      path: /etc/kubernetes/scheduler.conf\n      type: FileOrCreate\n    name: kubeconfig\nstatus: {}\n" },
    ] } },
  },
);
