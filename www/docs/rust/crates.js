window.ALL_CRATES = ["kubegate"];
//{"start":21,"fragment_lengths":[10]}