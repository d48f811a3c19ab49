//! The native `kubegate` binary on the fixtures of `tests/cli/cases.json`, against the golden
//! files in `tests/cli/golden/` (stdout, stderr and exit code of each case). The npm `bin` runs
//! the same cases against the same goldens (`tests/js/cli.test.mjs`), so the two agree.
//!
//! `KUBEGATE_BLESS=1 cargo test --features cli --test cli` rewrites the goldens; review the diff.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// How a case's result is written in its golden file.
fn render(args: &[String], code: i32, stdout: &str, stderr: &str) -> String {
    format!(
        "# kubegate {}\nexit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" ")
    )
}

fn run(args: &[String], stdin: Option<&Path>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kubegate"));
    cmd.args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the kubegate binary runs");
    let input = stdin.map(|p| std::fs::read(p).expect("stdin fixture"));
    if let Some(mut pipe) = child.stdin.take() {
        if let Some(bytes) = input {
            pipe.write_all(&bytes).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("kubegate finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

#[test]
fn every_case_matches_its_golden_file() {
    let cases: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/cli/cases.json")).expect("cases.json"),
    )
    .expect("cases.json is JSON");
    let bless = std::env::var_os("KUBEGATE_BLESS").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let args: Vec<String> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("string arg").to_string())
            .collect();
        let stdin = case["stdin"]
            .as_str()
            .map(|p| root().join("tests/cli").join(p));
        let (code, stdout, stderr) = run(&args, stdin.as_deref());
        assert!(
            (0..=2).contains(&code),
            "{name}: exit code {code}\n{stderr}"
        );
        let got = render(&args, code, &stdout, &stderr);
        let golden = root().join(format!("tests/cli/golden/{name}.txt"));
        if bless {
            std::fs::create_dir_all(golden.parent().expect("dir")).expect("mkdir");
            std::fs::write(&golden, &got).expect("write golden");
            continue;
        }
        match std::fs::read_to_string(&golden) {
            Ok(want) if want == got => {}
            Ok(want) => failures.push(format!(
                "{name}: differs from {}\n--- want\n{want}\n--- got\n{got}",
                golden.display()
            )),
            Err(_) => failures.push(format!(
                "{name}: no golden file {} (KUBEGATE_BLESS=1 writes it)",
                golden.display()
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn json_output_is_json_with_the_shape_version() {
    let args: Vec<String> = [
        "gates",
        "--release",
        "1.29",
        "--format",
        "json",
        "NodeSwap=true",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (code, stdout, _) = run(&args, None);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(v["kubegate"], 1);
    assert_eq!(v["command"], "gates");
    assert_eq!(v["ok"], true);
}

#[test]
fn no_colour_when_stdout_is_not_a_terminal() {
    let args = vec![
        "gates".to_string(),
        "--release".into(),
        "1.29".into(),
        "X=true".into(),
    ];
    let (code, stdout, stderr) = run(&args, None);
    assert_eq!(code, 1);
    assert!(!stdout.contains('\u{1b}') && !stderr.contains('\u{1b}'));
    assert!(stderr.contains(
        "invalid argument \"X=true\" for \"--feature-gates\" flag: unrecognized feature gate: X"
    ));
}
