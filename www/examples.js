// Curated scenarios: each loads through the same path as a share link.

/**
 * A scenario: `panels` holds the state of the panel it opens, as a share link carries it (the
 * panel's setState reads and checks it); `note` says what the screen then shows.
 * @typedef {{ id: string, title: string, tab: string, note: string, panels: Record<string, Record<string, unknown>> }} Example
 */

/** @type {Example[]} */
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

// ---- Examples from real public configs: each names its source in its note, and the texts are the
// source's own (tests/corpus/ holds the same artifacts with their provenance). Template values and
// machine-specific parts are filled in or left out as each note says.

const OPENSHIFT_412_KUBELET_CONF = "kind: KubeletConfiguration\napiVersion: kubelet.config.k8s.io/v1beta1\nauthentication:\n  x509:\n    clientCAFile: /etc/kubernetes/kubelet-ca.crt\n  anonymous:\n    enabled: false\ncgroupDriver: systemd\ncgroupRoot: /\nclusterDNS:\n  - 172.30.0.10\nclusterDomain: cluster.local\ncontainerLogMaxSize: 50Mi\nmaxPods: 250\nkubeAPIQPS: 50\nkubeAPIBurst: 100\npodPidsLimit: 4096\nrotateCertificates: true\nserializeImagePulls: false\nstaticPodPath: /etc/kubernetes/manifests\nsystemCgroups: /system.slice\nnodeStatusUpdateFrequency: 10s\nnodeStatusReportFrequency: 5m\nfeatureGates:\n  APIPriorityAndFairness: true\n  RotateKubeletServerCertificate: true\n  DownwardAPIHugePages: true\n  CSIMigrationAzureFile: false\n  CSIMigrationvSphere: false\nserverTLSBootstrap: true\ntlsMinVersion: VersionTLS12\ntlsCipherSuites:\n  - TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256\n  - TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256\n  - TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384\n  - TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384\n  - TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256\n  - TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256\n";
const OPENSHIFT_412_ARGS = "--config=/etc/kubernetes/kubelet.conf\n--bootstrap-kubeconfig=/etc/kubernetes/kubeconfig\n--kubeconfig=/var/lib/kubelet/kubeconfig\n--container-runtime=remote\n--container-runtime-endpoint=/var/run/crio/crio.sock\n--runtime-cgroups=/system.slice/crio.service\n--node-labels=node-role.kubernetes.io/worker,node.openshift.io/os_id=rhcos\n--node-ip=10.0.0.5\n--minimum-container-ttl-duration=6m0s\n--volume-plugin-dir=/etc/kubernetes/kubelet-plugins/volume/exec\n--system-reserved=cpu=500m,memory=1Gi,ephemeral-storage=1Gi\n--v=2";
const EKS_AL2023_NODEADM_CONFIG = "{\n    \"kind\": \"KubeletConfiguration\",\n    \"apiVersion\": \"kubelet.config.k8s.io/v1beta1\",\n    \"address\": \"0.0.0.0\",\n    \"authentication\": {\n        \"x509\": {\n            \"clientCAFile\": \"/etc/kubernetes/pki/ca.crt\"\n        },\n        \"webhook\": {\n            \"enabled\": true,\n            \"cacheTTL\": \"2m0s\"\n        },\n        \"anonymous\": {\n            \"enabled\": false\n        }\n    },\n    \"authorization\": {\n        \"mode\": \"Webhook\",\n        \"webhook\": {\n            \"cacheAuthorizedTTL\": \"5m0s\",\n            \"cacheUnauthorizedTTL\": \"30s\"\n        }\n    },\n    \"cgroupDriver\": \"systemd\",\n    \"cgroupRoot\": \"/\",\n    \"clusterDomain\": \"cluster.local\",\n    \"containerRuntimeEndpoint\": \"unix:///run/containerd/containerd.sock\",\n    \"featureGates\": {\n        \"KubeletCredentialProviders\": true,\n        \"RotateKubeletServerCertificate\": true\n    },\n    \"hairpinMode\": \"hairpin-veth\",\n    \"protectKernelDefaults\": true,\n    \"readOnlyPort\": 0,\n    \"logging\": {\n        \"verbosity\": 5\n    },\n    \"serializeImagePulls\": false,\n    \"serverTLSBootstrap\": true,\n    \"tlsCipherSuites\": [\n        \"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256\",\n        \"TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384\",\n        \"TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305\",\n        \"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256\",\n        \"TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384\",\n        \"TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305\",\n        \"TLS_RSA_WITH_AES_128_GCM_SHA256\",\n        \"TLS_RSA_WITH_AES_256_GCM_SHA384\"\n    ],\n    \"clusterDNS\": [\n        \"0.0.0.0\",\n        \"1.1.1.1\"\n    ],\n    \"evictionHard\": {\n        \"memory.available\": \"100Mi\",\n        \"nodefs.available\": \"10%\",\n        \"nodefs.inodesFree\": \"5%\"\n    },\n    \"kubeReserved\": {\n        \"cpu\": \"80m\",\n        \"ephemeral-storage\": \"1Gi\",\n        \"memory\": \"893Mi\"\n    },\n    \"systemReservedCgroup\": \"/system\",\n    \"kubeReservedCgroup\": \"/runtime\",\n    \"providerID\": \"aws:///us-west-2f/i-1234567890abcdef0\"\n}\n";
const KIND_ROOTLESS_CONFIG = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\ncgroupRoot: /kubelet\nfailSwapOn: false\nimageGCHighThresholdPercent: 100\nevictionHard:\n  nodefs.available: \"0%\"\n  nodefs.inodesFree: \"0%\"\n  imagefs.available: \"0%\"\nfeatureGates:\n  \"KubeletInUserNamespace\": true\n  \"LocalStorageCapacityIsolation\": false\n";
const GARDENER_IMAGE_PULL_CONFIG = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\nimagePullCredentialsVerificationPolicy: NeverVerifyAllowlistedImages\npreloadedImagesVerificationAllowlist: [registry.example.com/foo, \"registry.example.com/bar/*\"]\nseccompDefault: true\nsingleProcessOOMKill: true\nmemorySwap:\n  swapBehavior: NoSwap\n";
const DOCS_STATIC_WEB = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: static-web\n  labels:\n    role: myrole\nspec:\n  containers:\n    - name: web\n      image: nginx\n      ports:\n        - name: web\n          containerPort: 80\n          protocol: TCP\n";
const NODE_K8S_101599 = "# Source: kubernetes/kubernetes#101599 (https://github.com/kubernetes/kubernetes/issues/101599),\n# \"taints are set with effect of NoExecute too late when the node is not ready\": the node's taints\n# and Ready condition as the reporter printed them (the name is the one kube-controller-manager's\n# log names); the rest of the object was not posted. The reporter's pods tolerated unreachable\n# for 1s, and the taint manager's log shows them deleted at 18:26:19.056 local time (UTC+8),\n# one second after the NoExecute taint's timeAdded.\napiVersion: v1\nkind: Node\nmetadata:\n  name: 172.160.14.239\nspec:\n  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/unreachable\n    timeAdded: \"2021-04-23T10:26:09Z\"\n  - effect: NoExecute\n    key: node.kubernetes.io/unreachable\n    timeAdded: \"2021-04-23T10:26:18Z\"\nstatus:\n  conditions:\n  - lastHeartbeatTime: \"2021-04-23T10:24:37Z\"\n    lastTransitionTime: \"2021-04-23T10:26:09Z\"\n    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n    type: Ready\n";
const NODE_MINIKUBE_7171 = "# Source: kubernetes/minikube#7171 (https://github.com/kubernetes/minikube/issues/7171), the\n# `kubectl describe node` of a node minutes after `minikube start`, written back as the Node that\n# describe printed: every value below is one describe shows (times converted from -0700 to UTC;\n# describe prints no timeAdded, so the taint has none; \"RenewTime: <unset>\": no Lease). Ready\n# False (KubeletNotReady) since registration, not-ready:NoSchedule, no NoExecute taint yet.\napiVersion: v1\nkind: Node\nmetadata:\n  name: minikube\n  creationTimestamp: \"2020-03-23T19:49:49Z\"\n  annotations:\n    node.alpha.kubernetes.io/ttl: \"0\"\n    volumes.kubernetes.io/controller-managed-attach-detach: \"true\"\nspec:\n  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/not-ready\nstatus:\n  conditions:\n  - type: MemoryPressure\n    status: \"False\"\n    lastHeartbeatTime: \"2020-03-23T19:49:49Z\"\n    lastTransitionTime: \"2020-03-23T19:49:49Z\"\n    reason: KubeletHasSufficientMemory\n    message: kubelet has sufficient memory available\n  - type: DiskPressure\n    status: \"False\"\n    lastHeartbeatTime: \"2020-03-23T19:49:49Z\"\n    lastTransitionTime: \"2020-03-23T19:49:49Z\"\n    reason: KubeletHasNoDiskPressure\n    message: kubelet has no disk pressure\n  - type: PIDPressure\n    status: \"False\"\n    lastHeartbeatTime: \"2020-03-23T19:49:49Z\"\n    lastTransitionTime: \"2020-03-23T19:49:49Z\"\n    reason: KubeletHasSufficientPID\n    message: kubelet has sufficient PID available\n  - type: Ready\n    status: \"False\"\n    lastHeartbeatTime: \"2020-03-23T19:49:49Z\"\n    lastTransitionTime: \"2020-03-23T19:49:49Z\"\n    reason: KubeletNotReady\n    message: \"[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]\"\n";
const NODE_OPENSHIFT_48 = "# Source: a public GitHub document quoting an OpenShift 4.8 machine-config \"degraded nodes\" report\n# (kubelet v1.21.8+ee73ea2), found in the code index with the search \"key: node.kubernetes.io/unreachable\n# / timeAdded\"; the Node is as its author printed it (addresses redacted by the author), only the\n# leading \"apiVersion: v1\" added. Ready Unknown (NodeStatusUnknown) at 09:54:54, both unreachable\n# taints present, no Lease.\napiVersion: v1\nkind: Node\nmetadata:\n  annotations:\n    machineconfiguration.openshift.io/controlPlaneTopology: HighlyAvailable\n    machineconfiguration.openshift.io/currentConfig: rendered-common-f0ddfcabd8b552f08bba0a145e4d003a\n    machineconfiguration.openshift.io/desiredConfig: rendered-common-f0ddfcabd8b552f08bba0a145e4d003a\n    machineconfiguration.openshift.io/reason: \"\"\n    machineconfiguration.openshift.io/ssh: accessed\n    machineconfiguration.openshift.io/state: Done\n    sriovnetwork.openshift.io/state: Idle\n    volumes.kubernetes.io/controller-managed-attach-detach: \"true\"\n  creationTimestamp: \"2022-06-04T16:59:31Z\"\n  labels:\n    beta.kubernetes.io/arch: amd64\n    beta.kubernetes.io/os: linux\n    kubernetes.io/arch: amd64\n    kubernetes.io/hostname: test\n    kubernetes.io/os: linux\n    node-role.kubernetes.io/common: \"\"\n    node-role.kubernetes.io/worker: \"\"\n    node.openshift.io/os_id: rhcos\n  name: test\n  resourceVersion: \"83207503\"\n  uid: c1965bd7-d0d5-4e1c-a2dd-ab0ff9a2b8ab\nspec:\n  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/unreachable\n    timeAdded: \"2022-09-26T09:54:54Z\"\n  - effect: NoExecute\n    key: node.kubernetes.io/unreachable\n    timeAdded: \"2022-09-26T09:55:00Z\"\nstatus:\n  addresses:\n  - address: 10.5x.x.x\n    type: InternalIP\n  - address: test\n    type: Hostname\n  allocatable:\n    cpu: \"74\"\n    ephemeral-storage: 932697068Ki\n    hugepages-1Gi: 160Gi\n    hugepages-2Mi: \"0\"\n    memory: 225917436Ki\n    pods: \"250\"\n  capacity:\n    cpu: \"80\"\n    ephemeral-storage: 932697068Ki\n    hugepages-1Gi: 160Gi\n    hugepages-2Mi: \"0\"\n    memory: 394815996Ki\n    pods: \"250\"\n  conditions:\n  - lastHeartbeatTime: \"2022-09-26T09:51:06Z\"\n    lastTransitionTime: \"2022-09-26T09:54:54Z\"\n    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n    type: MemoryPressure\n  - lastHeartbeatTime: \"2022-09-26T09:51:06Z\"\n    lastTransitionTime: \"2022-09-26T09:54:54Z\"\n    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n    type: DiskPressure\n  - lastHeartbeatTime: \"2022-09-26T09:51:06Z\"\n    lastTransitionTime: \"2022-09-26T09:54:54Z\"\n    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n    type: PIDPressure\n  - lastHeartbeatTime: \"2022-09-26T09:51:06Z\"\n    lastTransitionTime: \"2022-09-26T09:54:54Z\"\n    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n    type: Ready\n  nodeInfo:\n    architecture: amd64\n    bootID: 4968f78d-e640-433e-8a83-d6fe24bb18ae\n    containerRuntimeVersion: cri-o://1.21.6-2.rhaos4.8.gitb948fcd.2.el8\n    kernelVersion: 4.18.0-305.40.2.el8_4.x86_64\n    kubeProxyVersion: v1.21.8+ee73ea2\n    kubeletVersion: v1.21.8+ee73ea2\n    machineID: e4f6a16040d84bef999e122380d4d3ea\n    operatingSystem: linux\n    osImage: Red Hat Enterprise Linux CoreOS 48.84.202203290727-0 (Ootpa)\n    systemUUID: 4c4xxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxxxx\n";
const METRICS_GKE_132_DRA = "# kubegate real-binary sample: kubernetes_feature_enabled lines of one /metrics scrape\n# component: kube-apiserver\n# version: v1.32.0-gke.1358000\n# distribution: gke\n# source: search-index file 27304145315, the DraNet (google/dranet) GKE setup page\n# evidence: the page lists the node pool and control plane at 1.32.0-gke.1358000 just above the grep\n# overrides: DynamicResourceAllocation=true (upstream 1.32 registers it Beta and off, and the line says 1, so the cluster turned it on; the page does not show how GKE sets it)\n# coverage: partial\n# notes: one line grepped from `kubectl get --raw /metrics` (the kube-apiserver, as the page says)\nkubernetes_feature_enabled{name=\"DynamicResourceAllocation\",stage=\"BETA\"} 1\n";
const METRICS_K3S_1356 = "# kubegate real-binary sample: kubernetes_feature_enabled lines of one /metrics scrape\n# component: kube-apiserver\n# version: v1.35.6+k3s1\n# distribution: k3s\n# source: search-index file 69122250886, a NixOS module (a comment recording a measured boot, dated 2026-09-20, \"inside a k3s 1.35.6+k3s1 guest built from this exact pin\")\n# evidence: the comment names the k3s build: 1.35.6+k3s1\n# overrides: ClusterTrustBundle=true,ClusterTrustBundleProjection=true,PodCertificateRequest=true (the module sets these three gates on every component)\n# coverage: partial\n# notes: the three lines are in a comment (prefixed `#   ` there); the ClusterTrustBundleProjection line is elided in the source and left out\nkubernetes_feature_enabled{name=\"ClusterTrustBundle\",stage=\"BETA\"} 1\nkubernetes_feature_enabled{name=\"PodCertificateRequest\",stage=\"BETA\"} 1\n";
const METRICS_KIND_136 = "# kubegate real-binary sample: kubernetes_feature_enabled lines of one /metrics scrape\n# component: kube-apiserver\n# version: v1.36\n# distribution: upstream\n# source: search-index file 71588931916, lab notes \"Phase 3 \u2014 Advanced / Optional Labs\" (section C3, \"Observed output (real)\")\n# evidence: kind cluster k8s-136-mac from a \"kind-v1.36\" config (the notes say the gate is 1.36 alpha); the patch is not printed\n# overrides: ManifestBasedAdmissionControlConfig=true (set on the kube-apiserver by the lab's kind config)\n# coverage: partial\n# notes: one line grepped from `kubectl get --raw /metrics`\nkubernetes_feature_enabled{name=\"ManifestBasedAdmissionControlConfig\",stage=\"ALPHA\"} 1\n";
EXAMPLES.push(
  {
    id: "openshift-412-kubelet-upgrade",
    title: "OpenShift 4.12's kubelet on an upstream kubelet: what refuses, and from which release",
    tab: "layers",
    note: "The worker kubelet.conf and kubelet flags OpenShift 4.12's Machine Config Operator writes (openshift/machine-config-operator@32cf3177, templates/worker/01-worker-kubelet/_base/files/kubelet.yaml and units/kubelet.service.yaml; the cluster DNS address, node IP, OS id and reserved sizes filled in, the cloud, host name, provider ID and pause image lines left out). An upstream kubelet 1.25 already refuses it: --node-labels may not set node-role.kubernetes.io/worker. OpenShift's kubelet carries a change that lets that label through (and only warns about gates it does not know); kubegate answers as the upstream kubelet does. The upgrade check still answers, and says in which release each further break arrives: CSIMigrationvSphere=false locks in 1.26, CSIMigrationAzureFile=false and the removal of --container-runtime in 1.27.",
    panels: { layers: {
      version: "1.25",
      target: "1.27",
      args: OPENSHIFT_412_ARGS,
      configPath: "/etc/kubernetes/kubelet.conf",
      config: OPENSHIFT_412_KUBELET_CONF,
      dropins: [],
    } },
  },
  {
    id: "kubeadm-pod-infra-image-135",
    title: "kubeadm's kubeadm-flags.env: --pod-infra-container-image is gone in 1.35",
    tab: "layers",
    note: "The flags kubeadm wrote to /var/lib/kubelet/kubeadm-flags.env before kubernetes#133778 (kubernetes/kubeadm#3281; node name and IP made concrete), after the flags of kubeadm's systemd drop-in (10-kubeadm.conf), with the KubeletConfiguration document of the kubeadm-config.yaml in kubeadm's docs (kubernetes.io/docs/tasks/administer-cluster/kubeadm/configure-cgroup-driver/) as the --config file. Kubelet 1.34 starts and warns that the flag is deprecated; the upgrade check to 1.35 names the flag that stops it.",
    panels: { layers: {
      version: "1.34",
      target: "1.35",
      args: "--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf\n--kubeconfig=/etc/kubernetes/kubelet.conf\n--config=/var/lib/kubelet/config.yaml\n--hostname-override=node-1\n--node-ip=10.0.0.11\n--pod-infra-container-image=registry.k8s.io/pause:3.10.1",
      configPath: "/var/lib/kubelet/config.yaml",
      config: "kind: KubeletConfiguration\napiVersion: kubelet.config.k8s.io/v1beta1\ncgroupDriver: systemd\n",
      dropins: [],
    } },
  },
  {
    id: "kind-rootless-125",
    title: "kind's rootless kubelet config: LocalStorageCapacityIsolation=false locks in 1.25",
    tab: "layers",
    note: "The KubeletConfiguration kind renders for a rootless node and the kubelet flags its kubeadm config asks for (kubernetes-sigs/kind@0033147e, pkg/cluster/internal/kubeadm/config.go; kind added the two gates in kind#2524). It turns LocalStorageCapacityIsolation off, which kubelet 1.24 accepts; the gate is GA and locked on in 1.25, so the upgrade check marks that featureGates line.",
    panels: { layers: {
      version: "1.24",
      target: "1.25",
      args: "--config=/var/lib/kubelet/config.yaml\n--node-ip=172.18.0.2\n--provider-id=kind://podman/kind/kind-control-plane\n--node-labels=",
      configPath: "/var/lib/kubelet/config.yaml",
      config: KIND_ROOTLESS_CONFIG,
      dropins: [],
    } },
  },
  {
    id: "rke2-cloud-config-134",
    title: "RKE2's kubelet arguments: --cloud-config stops kubelet 1.34",
    tab: "layers",
    note: "The kubelet arguments RKE2 passed (rancher/rke2#8926: --cloud-provider=external with an empty --cloud-config; node IP made concrete). Kubelet 1.33 starts and warns that --cloud-config is deprecated; 1.34 removed the flag (kubernetes#130161), which the upgrade check names as the break. RKE2 dropped the argument in its 1.34 releases.",
    panels: { layers: {
      version: "1.33",
      target: "1.34",
      args: "--cloud-provider=external\n--cloud-config=\n--node-ip=10.0.0.21\n--kubeconfig=/var/lib/rancher/rke2/agent/kubelet.kubeconfig",
      config: "",
      dropins: [],
    } },
  },
  {
    id: "eks-al2023-nodeadm-128",
    title: "Amazon EKS's nodeadm kubelet config: KubeletCredentialProviders is unknown in 1.28",
    tab: "layers",
    note: "The kubelet config and flags that nodeadm, the node agent of Amazon EKS's AL2023 images, writes in its end-to-end cases (awslabs/amazon-eks-ami, nodeadm/test/e2e/cases/kubelet-config/expected-kubelet-config.json @1469acfe and kubelet-flags/run.sh @28755c74, kubelet 1.27). It sets KubeletCredentialProviders, GA since 1.26: kubelet 1.27 warns that the gate will go, and 1.28 removed it, so the upgrade check points at the featureGates line with upstream's \"unrecognized feature gate\". Its history (Gates panel, the history button) shows the gate's whole life.",
    panels: { layers: {
      version: "1.27",
      target: "1.28",
      args: "--config=/etc/kubernetes/kubelet/config.json\n--kubeconfig=/var/lib/kubelet/kubeconfig\n--hostname-override=i-1234567890abcdef0\n--v=5\n--node-labels=foo=bar,foo2=baz\n--register-with-taints=foo=bar:NoSchedule",
      configPath: "/etc/kubernetes/kubelet/config.json",
      config: EKS_AL2023_NODEADM_CONFIG,
      dropins: [],
    } },
  },
  {
    id: "gardener-image-pull-135",
    title: "Gardener's image pull verification: refused by kubelet 1.34, accepted by 1.35",
    tab: "layers",
    note: "The KubeletConfiguration fields a Gardener shoot sets for image pull credential verification (gardener/gardener@0a555d1e, pkg/component/extensions/operatingsystemconfig/original/components/kubelet/config_test.go, the \"w/ defaults\" case, trimmed to these fields). Kubelet 1.34 refuses them: its KubeletEnsureSecretPulledImages gate is Alpha and off. The upgrade check still answers from that failing start: kubelet 1.35, where the gate is Beta and on, starts.",
    panels: { layers: {
      version: "1.34",
      target: "1.35",
      args: "--config=/var/lib/kubelet/config/kubelet",
      configPath: "/var/lib/kubelet/config/kubelet",
      config: GARDENER_IMAGE_PULL_CONFIG,
      dropins: [],
    } },
  },
  {
    id: "talos-kubelet-137",
    title: "Talos's kubelet arguments on kubelet 1.37",
    tab: "layers",
    note: "The kubelet arguments Talos computes for a worker (siderolabs/talos, internal/app/machined/pkg/controllers/k8s/kubelet_spec_test.go, TestReconcileDefault; the test's placeholder extra argument --foo=bar replaced by --rotate-server-certificates=true, the machine.kubelet.extraArgs Talos's docs show) with the cluster DNS and domain the test checks in its config. Kubelet 1.37, the newest release, starts; it warns that --rotate-server-certificates belongs in the config file, and the upgrade check from 1.36 lists what 1.37 changes.",
    panels: { layers: {
      version: "1.36",
      target: "1.37",
      args: "--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubeconfig\n--cert-dir=/var/lib/kubelet/pki\n--cloud-provider=external\n--config=/etc/kubernetes/kubelet.yaml\n--hostname-override=example.com\n--kubeconfig=/etc/kubernetes/kubeconfig-kubelet\n--node-ip=172.20.0.2\n--rotate-server-certificates=true",
      configPath: "/etc/kubernetes/kubelet.yaml",
      config: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nclusterDNS:\n- 10.96.0.10\nclusterDomain: cluster.local\n",
      dropins: [],
    } },
  },
  {
    id: "metrics-gke-132-dra",
    title: "A GKE 1.32 apiserver's /metrics: DynamicResourceAllocation on, as in 1.32",
    tab: "gates",
    note: "One kubernetes_feature_enabled line of a GKE control plane at 1.32.0-gke.1358000, from the DraNet (google/dranet) GKE setup page (tests/corpus/metrics names it). With DynamicResourceAllocation=true, the real 1.32 binary matches it: Beta, on. Switch the version to 1.31 and the stage differs: the gate was Alpha there.",
    panels: { gates: { emulation: "1.32", flags: "DynamicResourceAllocation=true", metrics: METRICS_GKE_132_DRA } },
  },
  {
    id: "metrics-k3s-1356",
    title: "A k3s 1.35.6 apiserver's /metrics against the exact 1.35 gates",
    tab: "gates",
    note: "Two kubernetes_feature_enabled lines of a k3s v1.35.6+k3s1 apiserver, recorded in a NixOS module that turns three gates on for every component (tests/corpus/metrics names it). With those three gates set, the 1.35 binary's gates match both lines. Switch to 1.34: PodCertificateRequest was Alpha there, so the stage differs.",
    panels: { gates: { emulation: "1.35", flags: "ClusterTrustBundle=true,ClusterTrustBundleProjection=true,PodCertificateRequest=true", metrics: METRICS_K3S_1356 } },
  },
  {
    id: "metrics-kind-136-137",
    title: "A gate new in 1.36: a kind cluster's /metrics, then 1.37 and 1.35",
    tab: "gates",
    note: "A kind cluster at 1.36 with ManifestBasedAdmissionControlConfig=true on its apiserver, from lab notes that print the line (tests/corpus/metrics names them). The 1.36 binary matches it: Alpha, on. At 1.37 the gate is Beta, so the stage differs; the 1.35 binary refuses the flag, since the gate did not exist yet. Its history button shows each release's stage.",
    panels: { gates: { emulation: "1.36", flags: "ManifestBasedAdmissionControlConfig=true", search: "ManifestBased", metrics: METRICS_KIND_136 } },
  },
  {
    id: "explain-node-k8s-101599",
    title: "Explain a real unreachable node: when its pods go (kubernetes#101599)",
    tab: "node",
    note: "The node from kubernetes/kubernetes#101599, as its reporter printed it: Ready Unknown since 10:26:09, unreachable:NoSchedule then, unreachable:NoExecute nine seconds later (10:26:18). Explained as it is: pods with the default 300s tolerations are deleted at 10:31:18, five minutes after the NoExecute taint's timeAdded; DaemonSet pods never.",
    panels: { node: { explain: NODE_K8S_101599 } },
  },
  {
    id: "explain-node-minikube-7171",
    title: "Explain a NotReady minikube node: what comes next if the kubelet stays silent",
    tab: "node",
    note: "The node of kubernetes/minikube#7171 (its kubectl describe node, written back as the object): Ready False (KubeletNotReady) since registration, not-ready:NoSchedule, no NoExecute taint yet, no kubelet version. Explained with the newest controller (the node names no kubelet version): if the kubelet posts nothing more, every condition goes Unknown 50s after the last heartbeat (19:50:39) and the not-ready:NoSchedule taint goes with it; pods with the default tolerations are deleted at 19:54:49.",
    panels: { node: { explain: NODE_MINIKUBE_7171 } },
  },
  {
    id: "explain-node-openshift-48",
    title: "Explain an OpenShift 4.8 node with kubelet 1.21: the 1.21 controller answers",
    tab: "node",
    note: "A degraded node from an OpenShift 4.8 report (kubelet v1.21.8, tests/corpus/nodes names the source): Ready Unknown, both unreachable taints. The kubelet's version picks the controller: kube-controller-manager 1.21, whose node-monitor-grace-period is 40s. Pods with the default tolerations go at 10:00:00, five minutes after the NoExecute taint.",
    panels: { node: { explain: NODE_OPENSHIFT_48 } },
  },
  {
    id: "pods-docs-static-web",
    title: "The docs' static Pod: moved out of the manifest directory and back",
    tab: "pods",
    note: "The static-web manifest from kubernetes.io/docs/tasks/configure-pod-container/static-pod/, written to the kubelet's manifest directory: the file source reports it as static-web-node-1 (ADD). The docs then move the file away (REMOVE) and back (ADD again), which is what this stream shows, newest first.",
    panels: { pods: { actions: [
      { a: "write", name: "static-web.yaml", content: DOCS_STATIC_WEB },
      { a: "step", by: 0 },
      { a: "step", by: 20 },
      { a: "rm", name: "static-web.yaml" },
      { a: "step", by: 20 },
      { a: "write", name: "static-web.yaml", content: DOCS_STATIC_WEB },
      { a: "step", by: 20 },
    ] } },
  },
);

// A patch release answers differently from its minor's first patch when a gate was backported.
EXAMPLES.push({
  id: "patch-1324-ordered-namespace-deletion",
  title: "A patch release: OrderedNamespaceDeletion exists in 1.32.4, not in 1.32.0",
  tab: "gates",
  note: "Kubernetes v1.32.3 backported the OrderedNamespaceDeletion gate, Beta and off (CHANGELOG-1.32.md, v1.32.3: kubernetes/kubernetes#130508), as 1.30.11 and 1.31.7 did. The 1.32.4 binary accepts OrderedNamespaceDeletion=true; clear the patch (the release as 1.32.0 shipped it) and the same flag is refused as an unrecognized feature gate. Its history button lists each release's first patch with the gate.",
  panels: { gates: { emulation: "1.32", patch: "4", flags: "OrderedNamespaceDeletion=true", search: "OrderedNamespace" } },
});
