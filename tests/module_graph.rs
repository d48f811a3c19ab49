//! The core's modules form no circle, and no area imports one above it: `scripts/module_graph.py`
//! reads src/ and lists every circle among files and among areas (see its docstring for what
//! counts as an edge). A circle is fixed by moving the shared piece down into the lower module.

use std::process::Command;

#[test]
fn no_module_imports_in_a_circle() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/module_graph.py");
    let out = Command::new("python3")
        .arg(script)
        .arg("--check")
        .output()
        .expect("python3 runs scripts/module_graph.py");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "import circles in src/ (list every edge with `python3 scripts/module_graph.py --edges`):\n{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
