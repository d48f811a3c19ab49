//! The command line for `npx kubegate`: [`kubegate::cli::run`] with a host object the npm `bin`
//! (`npm/cli.js`) builds from Node's `fs`, clock and terminal. Built only into the separate CLI
//! wasm (`pkg/cli/`, feature `cli`), so the library's wasm does not carry clap.

use wasm_bindgen::prelude::*;

use super::output;
use kubegate::cli::{self, DirEntry, Host, HostError};

// This wasm's own contracts (`CliHost`, `CliOutput`), generated (contracts.rs). Its d.ts holds
// them alone (it is built without `api`, whose d.ts embeds every generated contract).
#[cfg(not(feature = "api"))]
#[wasm_bindgen(typescript_custom_section)]
const CLI_TS: &str = include_str!("../../../npm/cli.generated.d.ts");

struct JsHost {
    obj: JsValue,
}

fn reason(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unreadable".into())
}

impl JsHost {
    fn call(&self, name: &str, arg: &str) -> Result<JsValue, String> {
        let f = js_sys::Reflect::get(&self.obj, &name.into())
            .map_err(reason)?
            .dyn_into::<js_sys::Function>()
            .map_err(|_| format!("host.{name} is not a function"))?;
        f.call1(&self.obj, &arg.into()).map_err(reason)
    }
}

impl Host for JsHost {
    fn read_file(&self, path: &str) -> Result<String, HostError> {
        self.call("readFile", path)?
            .as_string()
            .ok_or_else(|| "host.readFile returned no string".into())
    }

    fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, HostError> {
        let list = self.call("readDir", path)?;
        let arr: js_sys::Array = list
            .dyn_into()
            .map_err(|_| "host.readDir returned no array".to_string())?;
        // The CliHost contract: every entry is `{ name: string, isDir: boolean }`. An entry
        // without one is the host's bug; guessing (an empty name, "not a directory") would list
        // a file that does not exist or skip a directory without a word.
        arr.iter()
            .enumerate()
            .map(|(i, e)| {
                let field = |key: &str| js_sys::Reflect::get(&e, &key.into()).ok();
                let missing =
                    |what: &str| HostError::new(format!("host.readDir entry {i} has no {what}"));
                Ok(DirEntry {
                    name: field("name")
                        .and_then(|v| v.as_string())
                        .ok_or_else(|| missing("string `name`"))?,
                    is_dir: field("isDir")
                        .and_then(|v| v.as_bool())
                        .ok_or_else(|| missing("boolean `isDir`"))?,
                })
            })
            .collect()
    }

    fn now_millis(&self) -> Option<i64> {
        let f = js_sys::Reflect::get(&self.obj, &"now".into())
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        f.call0(&self.obj).ok()?.as_f64().map(|v| v as i64)
    }

    fn color(&self) -> bool {
        js_sys::Reflect::get(&self.obj, &"color".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    }
}

/// Runs the command line (`args[0]` is the program name) against `host`.
#[wasm_bindgen(js_name = runCli)]
pub fn run_cli(args: Vec<String>, host: JsValue) -> Result<JsValue, JsValue> {
    let out = cli::run(&args, &JsHost { obj: host });
    output(&super::CliOutput {
        stdout: out.stdout,
        stderr: out.stderr,
        code: out.code,
    })
}
