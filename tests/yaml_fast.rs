//! The YAML fast path (src/yaml/fast.rs) against the general path (yaml-rust2's events): on every
//! text here, `yaml::parse_all` (fast path first) must give exactly what the general path gives:
//! the same value, the same position for every JSON pointer, the same duplicates, or the same
//! error. The corpus: the YAML files of the test suite, every release's feature list as upstream
//! writes it, what the YAML writer prints, inline samples of the subset's edges, and line-level
//! mutations of all of them (indentation, comments, quotes, truncation).

use std::fs;
use std::path::Path;

use kubegate::featuregate::render_feature_list;
use kubegate::releases::{gates::features_in, Release};
use kubegate::yaml;

fn same(text: &str) -> bool {
    let general = yaml::parse_general(text);
    let combined = yaml::parse_all(text);
    let fast = yaml::parse_fast(text);
    match (&general, &combined) {
        (Ok(a), Ok(b)) => {
            let (a, b) = (format!("{a:?}"), format!("{b:?}"));
            if a != b {
                let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
                let from = at.saturating_sub(120);
                panic!(
                    "on {:?}: general ...{} | fast ...{}",
                    &text[..text.len().min(300)],
                    &a[from..(at + 60).min(a.len())],
                    &b[from..(at + 60).min(b.len())]
                );
            }
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "on {text:?}"),
        _ => panic!(
            "on {text:?}: general {}, with the fast path {}",
            general.is_ok(),
            combined.is_ok()
        ),
    }
    fast.is_some()
}

fn yaml_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "yaml" || x == "yml" || x == "conf")
        {
            if let Ok(t) = fs::read_to_string(&p) {
                out.push(t);
            }
        }
    }
}

const SAMPLES: &[&str] = &[
    "a: 1\n",
    "a: yes\nb: '10'\nc: 0755\nd:\n  - x\n  - 1.5\ne: ~\n",
    "# lead\n\napiVersion: v1 # trailing\nkind: Pod\nmetadata:\n  name: web\n  labels:\n    app: x\nspec:\n  containers:\n  - name: c\n    image: nginx:1.25\n    args:\n    - --x=1\n    - 'a: b'\n    - \"q\"\n",
    "- a\n- b: 1\n  c: 2\n- - x\n  - y\n-\n  k: v\n- \n  - z\n",
    "a:\n  b:\n    c:\n      d: deep\n  e: [1]\n",
    "key with spaces: v\n'quoted key': 1\n\"dq\": 2\n1: int key\n1.5: f\nyes: b\n~: n\n0x1F: h\n",
    "a: 'it''s'\nb: x # c\nc: x#y\nd: http://x:80/p\ne: -1\nf: +.5\ng: 1_000\nh: .inf\ni: null\n",
    "a: b: c\n",
    "a:\n",
    "a:\n- x\nb: 1\n",
    "a: 1\na: 2\n",
    "a: 1\n b: 2\n",
    "a: x\n  continued\n",
    "- x\nb: 1\n",
    "---\na: 1\n",
    "a: &x 1\nb: *x\n",
    "a: !!str 1\n",
    "a: |\n  x\n",
    "a: \"x\\ny\"\n",
    "a:\tb\n",
    "a: 1\r\nb: 2\r\n",
    "é: ü\nx: 'ñ'\n",
    "- 'a': 1\n  b: 2\n",
    "a: 'x'y\n",
    "a: 'x' # c\n",
    "? a\n: b\n",
    "-foo: 1\n",
    "a:b: 1\n",
    "a: -\n",
    "a : 1\n",
    "plain scalar\n",
    "",
    "# only a comment\n",
    "a: 1\n...\n",
    "a:\n  - b\n  -\n",
    "a:\n    - b\n    - c\n  d: 1\n",
    "a:\n  b: 1\n c: 2\n",
    "- name: X\n  versionedSpecs:\n  - {default: true, preRelease: Beta, version: '1.30'}\n  - { a: 1 }\n",
    "a: [{b: 1}, [c, d], {}]\nb: {'q': 1, \"r\": [2]}  # c\nc: {é: ü, n: NO, y: -1}\n- [a, b]\n",
    "- [a, b]\n- {c: ~, d: .5}\n- []\n- - {x: 0x10}\n",
    "a: {x: 1,}\nb: [1,2]\nc: {a: 1, a: 2}\nd: {a: 1} x\ne: {b: 1}#c\nf: [-]\n",
    "a: {x: \"a\\\"b\", y: 'it''s', z: [a b]}\nb: {k}\nc: {k: }\nd: {\"k\":1}\n",
];

fn mutations(text: &str) -> Vec<String> {
    // The first lines of a long text are enough: the mutations are local.
    let lines: Vec<&str> = text.lines().take(60).collect();
    let mut out = Vec::new();
    for i in 0..lines.len().min(40) {
        let with = |f: &dyn Fn(&str) -> String| {
            let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            l[i] = f(lines[i]);
            l.join("\n") + "\n"
        };
        out.push(with(&|l| format!(" {l}")));
        out.push(with(&|l| l.trim_start().to_string()));
        out.push(with(&|l| format!("{l} # note")));
        out.push(with(&|l| format!("{l}:")));
        out.push(with(&|l| l.replacen(": ", ": '", 1)));
        out.push(with(&|l| l.replacen(": ", ":  ", 1)));
        out.push(with(&|l| l.replacen("- ", "-  ", 1)));
        out.push(with(&|_| String::new()));
        out.push(lines[..i].join("\n"));
    }
    out
}

#[test]
fn fast_path_gives_what_the_general_path_gives() {
    let mut corpus: Vec<String> = SAMPLES.iter().map(|s| s.to_string()).collect();
    yaml_files(Path::new("tests"), &mut corpus);
    yaml_files(Path::new("docs"), &mut corpus);
    let lists: Vec<String> = Release::all()
        .map(|r| render_feature_list(&features_in(r)))
        .collect();
    for list in &lists {
        assert!(same(list), "a release's feature list takes the fast path");
    }
    let written: Vec<String> = corpus
        .iter()
        .filter_map(|t| yaml::parse(t).ok())
        .map(|d| yaml::to_string(&d.value))
        .collect();
    corpus.extend(written);
    let mut fast = 0;
    let mut total = 0;
    for text in corpus.iter().chain(lists.iter().take(2)) {
        for t in std::iter::once(text.clone()).chain(mutations(text)) {
            total += 1;
            fast += usize::from(same(&t));
        }
    }
    assert!(
        fast * 3 > total,
        "only {fast} of {total} texts took the fast path"
    );
}

#[test]
fn a_kubelet_config_takes_the_fast_path() {
    let text = fs::read_to_string("tests/cli/fixtures/kubelet.yaml").unwrap();
    let doc = yaml::parse_fast(&text).expect("the subset covers a kubelet config");
    assert_eq!(
        format!("{doc:?}"),
        format!("{:?}", yaml::parse_general(&text).unwrap()[0])
    );
}
