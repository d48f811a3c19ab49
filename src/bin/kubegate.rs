//! The native `kubegate` command line (`cargo install kubegate --features cli`). All behaviour is
//! in `kubegate::cli`; this file only connects it to the process: arguments, files, stdin, the
//! clock, the terminal.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use kubegate::cli::{self, DirEntry, Host};

struct Native;

impl Host for Native {
    fn read_file(&self, path: &str) -> Result<String, String> {
        let limit = kubegate::import::MAX_IMPORT_BYTES;
        let too_large = || format!("larger than {limit} bytes");
        let bytes = if path == "-" {
            bounded_read(std::io::stdin().lock(), limit).map_err(|e| e.to_string())?
        } else {
            let meta = std::fs::metadata(path).map_err(|e| io_reason(&e))?;
            if meta.is_dir() {
                return Err("is a directory".into());
            }
            if meta.len() > limit as u64 {
                return Err(too_large());
            }
            // The size above is 0 for devices and pipes (/dev/zero, a FIFO, /proc files): the
            // read itself stops one byte past the limit, so no input can make it run forever.
            let file = std::fs::File::open(path).map_err(|e| io_reason(&e))?;
            bounded_read(file, limit).map_err(|e| io_reason(&e))?
        };
        if bytes.len() > limit {
            return Err(too_large());
        }
        String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
    }

    fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, String> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(path).map_err(|e| io_reason(&e))? {
            let e = e.map_err(|e| io_reason(&e))?;
            out.push(DirEntry {
                name: e.file_name().to_string_lossy().into_owned(),
                is_dir: e.file_type().map(|t| t.is_dir()).unwrap_or(false),
            });
        }
        Ok(out)
    }

    fn now_millis(&self) -> Option<i64> {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        i64::try_from(d.as_millis()).ok()
    }

    fn color(&self) -> bool {
        std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    }
}

/// Reads at most `limit + 1` bytes: enough to tell "too large" without reading all of it.
fn bounded_read(from: impl Read, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    from.take(limit as u64 + 1).read_to_end(&mut buf)?;
    Ok(buf)
}

/// The reason alone, as Node's fs errors and the npm bin print it.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            if e.raw_os_error() == Some(20) {
                "not a directory".into()
            } else if e.raw_os_error() == Some(21) {
                "is a directory".into()
            } else {
                e.to_string()
            }
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let out = cli::run(&args, &Native);
    // A closed pipe (kubegate ... | head) is not an error worth a panic.
    let _ = std::io::stdout().write_all(out.stdout.as_bytes());
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    ExitCode::from(u8::try_from(out.code).unwrap_or(2))
}
