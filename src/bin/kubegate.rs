//! The native `kubegate` command line (`cargo install kubegate --features cli`). All behaviour is
//! in `kubegate::cli`; this file only connects it to the process: arguments, files, stdin, the
//! clock, the terminal.
//!
//! It behaves as a Unix filter, exactly as the npm bin (`npm/cli.js`) does, with the limits of
//! SECURITY.md's table: a reader that went away (a broken pipe: `kubegate gates --all | head -1`)
//! ends the run quietly with status 141, what a C tool killed by SIGPIPE reports; any other write
//! error (`> /dev/full`) and a closed stdout are one line on stderr and status 2; input files are
//! read to 2 MiB, and a file that is not a regular file (a FIFO, a device, a process
//! substitution) is refused when it stays silent for 5 seconds. Standard input (`-`) waits as
//! `cat` does.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use kubegate::cli::{self, DirEntry, Host, HostError};

struct Native;

impl Host for Native {
    fn read_file(&self, path: &str) -> Result<String, HostError> {
        let limit = kubegate::import::MAX_IMPORT_BYTES;
        let too_large = || HostError::new(format!("larger than {limit} bytes"));
        let bytes = if path == "-" {
            bounded_read(std::io::stdin().lock(), limit)
                .map_err(|e| HostError::io(e.to_string(), e))?
        } else {
            let meta = std::fs::metadata(path).map_err(io_error)?;
            if meta.is_dir() {
                return Err("is a directory".into());
            }
            if meta.len() > limit as u64 {
                return Err(too_large());
            }
            if meta.is_file() {
                let file = std::fs::File::open(path).map_err(io_error)?;
                bounded_read(file, limit).map_err(io_error)?
            } else {
                // A FIFO, device or socket: its size says nothing (0), opening a FIFO waits for
                // a writer and reading it waits for data, so the read runs on its own thread
                // and is given up after a silence (the process exits without waiting for it).
                timed_read(path.to_string(), limit)?
            }
        };
        if bytes.len() > limit {
            return Err(too_large());
        }
        String::from_utf8(bytes).map_err(|_| "not UTF-8 text".into())
    }

    fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, HostError> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(path).map_err(io_error)? {
            let e = e.map_err(io_error)?;
            out.push(DirEntry {
                name: e.file_name().to_string_lossy().into_owned(),
                is_dir: e.file_type().map_err(io_error)?.is_dir(),
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

/// How long a pipe or device may stay silent before it is refused.
const READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// [`bounded_read`] of a path on a thread of its own, refused after [`READ_TIMEOUT`] without a
/// byte (the read keeps the limit: the thread stops one byte past it).
fn timed_read(path: String, limit: usize) -> Result<Vec<u8>, HostError> {
    let (tx, rx) = std::sync::mpsc::channel::<std::io::Result<Vec<u8>>>();
    std::thread::spawn(move || {
        let read = std::fs::File::open(&path).and_then(|file| {
            let mut buf = Vec::new();
            let mut chunk = vec![0u8; 64 * 1024];
            let mut file = file.take(limit as u64 + 1);
            loop {
                let n = file.read(&mut chunk)?;
                if n == 0 {
                    return Ok(buf);
                }
                // `read` returns at most the chunk's length: the slice exists.
                buf.extend_from_slice(chunk.get(..n).unwrap_or_default());
            }
        });
        let _ = tx.send(read);
    });
    match rx.recv_timeout(READ_TIMEOUT) {
        Ok(read) => read.map_err(io_error),
        Err(_) => Err(HostError::new(format!(
            "nothing to read for {} seconds (a pipe or device without a writer)",
            READ_TIMEOUT.as_secs()
        ))),
    }
}

/// An operating-system error as the host's error: [`io_reason`]'s words, the error as `source()`.
fn io_error(e: std::io::Error) -> HostError {
    HostError::io(io_reason(&e), e)
}

/// The reason alone, as Node's fs errors and the npm bin print it.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::StorageFull => "no space left on device".into(),
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

/// 128 + SIGPIPE: the status of a tool the kernel stopped for writing into a closed pipe.
const EXIT_PIPE: u8 = 141;

/// Whether stdout was closed when the process started: Rust's runtime then opened /dev/null
/// read-write in its place (a shell's `> /dev/null` opens it write-only). Linux only (/proc).
fn stdout_closed() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    if target != std::path::Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        .is_some_and(|flags| flags & 3 == 2)
}

/// Writes the run's stdout and stderr; the exit status.
fn finish(out: &cli::Output) -> u8 {
    let fail = |message: String| {
        let _ = writeln!(std::io::stderr(), "kubegate: error: {message}");
        cli::EXIT_USAGE as u8
    };
    if !out.stdout.is_empty() {
        if stdout_closed() {
            return fail(
                "cannot write to standard output: it is closed (or /dev/null opened \
                 read-write, which looks the same); redirect with '> /dev/null' to discard \
                 the output"
                    .into(),
            );
        }
        let mut stdout = std::io::stdout().lock();
        if let Err(e) = stdout
            .write_all(out.stdout.as_bytes())
            .and_then(|()| stdout.flush())
        {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return EXIT_PIPE;
            }
            return fail(format!(
                "cannot write to standard output: {}",
                io_reason(&e)
            ));
        }
    }
    // A closed stderr leaves the status to speak.
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    // `cli::run` returns only its `EXIT_` codes, each below 256: the fallback is unreachable.
    u8::try_from(out.code).unwrap_or(cli::EXIT_USAGE as u8)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let out = cli::run(&args, &Native);
    ExitCode::from(finish(&out))
}
