(function() {
    const implementors = Object.fromEntries([["kubegate",[["impl <a class=\"trait\" href=\"https://doc.rust-lang.org/1.95.0/core/convert/trait.TryFrom.html\" title=\"trait core::convert::TryFrom\">TryFrom</a>&lt;<a class=\"enum\" href=\"https://docs.rs/serde_json/1.0.154/serde_json/value/enum.Value.html\" title=\"enum serde_json::value::Value\">Value</a>&gt; for <a class=\"struct\" href=\"kubegate/kubelet/podconfig/pod/struct.Pod.html\" title=\"struct kubegate::kubelet::podconfig::pod::Pod\">Pod</a>",0]]]]);
    if (window.register_implementors) {
        window.register_implementors(implementors);
    } else {
        window.pending_implementors = implementors;
    }
})()
//{"start":59,"fragment_lengths":[465]}