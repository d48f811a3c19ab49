#!/usr/bin/env node
// `npx kubegate ...`: the same command line as the native binary (src/cli), compiled to its own
// wasm (cli/kubegate_cli_bg.wasm) so `import { FeatureGate } from "kubegate"` never loads it.
// Node supplies what the command line needs: files, directories, stdin, the clock, the terminal.
//
// It behaves as a Unix filter, as the native binary does (src/bin/kubegate.rs), with the limits of
// SECURITY.md's table:
// - output is written with writeSync, never through process.stdout: a stream reports a closed pipe
//   as an 'error' event that, unhandled, ends Node with a stack trace;
// - a reader that went away (EPIPE: `kubegate gates --all | head -1`) ends the run at once and
//   quietly with status 141, what a C tool killed by SIGPIPE reports (128 + 13), so
//   `set -o pipefail` scripts see it as they see `cat` or `grep` in the same place;
// - any other write error (ENOSPC on `> /dev/full`, EIO) and a closed stdout are one line on stderr
//   and status 2. Node reopens a closed stdout on /dev/null, read-write, before any code runs;
//   on Linux that is how it is recognised (a shell's `> /dev/null` opens it write-only);
// - input files larger than 2 MiB are refused; a file that is not a regular file (a FIFO, a
//   device, a socket, a process substitution) is read without blocking, to the same limit, and
//   refused when nothing more arrives within 5 seconds. Standard input (`-`) waits as `cat` does.
// Nothing prints a stack trace: an internal failure is one line and status 2.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, readdirSync, readlinkSync, statSync, writeSync } from "node:fs";
import { isatty } from "node:tty";

const EXIT_USAGE = 2;
// 128 + SIGPIPE: the status of a tool the kernel stopped for writing into a closed pipe.
const EXIT_PIPE = 141;

// The native binary's limit (kubegate::import::MAX_IMPORT_BYTES), so both refuse the same files
// with the same words.
const MAX_BYTES = 2 << 20;
// How long a pipe or device may stay silent before it is refused.
const READ_TIMEOUT_MS = 5000;

const SLEEPER = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(SLEEPER, 0, 0, ms);

// The reason alone, worded as the native binary words it.
const REASONS = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "is a directory",
  ENOTDIR: "not a directory",
  ENOSPC: "no space left on device",
  EBADF: "bad file descriptor",
  EIO: "input/output error",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large",
};
const reason = (e) => REASONS[e?.code] ?? (e instanceof Error ? e.message : String(e));

function die(message, code = EXIT_USAGE) {
  try {
    writeSync(2, `kubegate: error: ${message}\n`);
  } catch {
    // stderr is gone too: the status is all that is left to say it.
  }
  process.exit(code);
}

// Reads at most MAX_BYTES + 1 bytes. `timed`: the descriptor is non-blocking, and a silence of
// READ_TIMEOUT_MS ends the read with an error; otherwise EAGAIN (a non-blocking stdin with nothing
// yet) waits. `fifo`: the end of the data before any byte may be a FIFO with no writer yet (a
// non-blocking read cannot tell), so it waits for one within the same timeout.
function boundedRead(fd, timed, fifo = false) {
  const buf = Buffer.alloc(MAX_BYTES + 1);
  let n = 0;
  let quietSince = Date.now();
  for (;;) {
    let got;
    try {
      got = readSync(fd, buf, n, buf.length - n, null);
    } catch (e) {
      if (e.code === "EAGAIN" || e.code === "EWOULDBLOCK") {
        if (timed && Date.now() - quietSince > READ_TIMEOUT_MS) {
          throw new Error(`nothing to read for ${READ_TIMEOUT_MS / 1000} seconds (a pipe or device without a writer)`);
        }
        sleep(10);
        continue;
      }
      if (e.code === "EOF") break;
      throw e;
    }
    if (got === 0) {
      if (!(fifo && n === 0)) break;
      if (Date.now() - quietSince > READ_TIMEOUT_MS) {
        throw new Error(`nothing to read for ${READ_TIMEOUT_MS / 1000} seconds (a pipe or device without a writer)`);
      }
      sleep(10);
      continue;
    }
    quietSince = Date.now();
    n += got;
    if (n > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
  }
  return buf.subarray(0, n);
}

function readPath(path) {
  if (path === "-") return boundedRead(0, false);
  const st = statSync(path);
  if (st.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
  if (st.isFile()) {
    if (st.size > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
    const fd = openSync(path, "r");
    try {
      return boundedRead(fd, false);
    } finally {
      closeSync(fd);
    }
  }
  // A FIFO, device or socket: opened without blocking (opening a FIFO for reading otherwise waits
  // for a writer forever) and read with a timeout.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    return boundedRead(fd, true, st.isFIFO());
  } finally {
    closeSync(fd);
  }
}

const host = {
  readFile(path) {
    let bytes;
    try {
      bytes = readPath(path);
    } catch (e) {
      throw new Error(reason(e));
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new Error("not UTF-8 text");
    }
  },
  readDir(path) {
    try {
      return readdirSync(path, { withFileTypes: true }).map((d) => ({ name: d.name, isDir: d.isDirectory() }));
    } catch (e) {
      throw new Error(reason(e));
    }
  },
  now: () => Date.now(),
  color: isatty(1) && !process.env.NO_COLOR,
};

// What a closed stdout is told. A /dev/null opened read-write (Python's subprocess.DEVNULL, Node's
// stdio "ignore") cannot be told apart from it, so the message names the way out.
const CLOSED_OR_RDWR_NULL =
  "cannot write to standard output: it is closed (or /dev/null opened read-write, which looks " +
  "the same); redirect with '> /dev/null' to discard the output";

// Whether stdout was closed when Node started: Node then opened /dev/null read-write in its
// place (a redirection to /dev/null is write-only). Linux only (/proc); elsewhere, false.
function stdoutClosed() {
  try {
    if (readlinkSync("/proc/self/fd/1") !== "/dev/null") return false;
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync("/proc/self/fdinfo/1", "utf8"));
    return flags !== null && (parseInt(flags[1], 8) & 3) === constants.O_RDWR;
  } catch {
    return false;
  }
}

// Writes all of `text` to `fd`, waiting out EAGAIN (a non-blocking pipe that is full).
function writeAll(fd, text) {
  const buf = Buffer.from(text, "utf8");
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if (e.code === "EAGAIN" || e.code === "EWOULDBLOCK") {
        sleep(1);
        continue;
      }
      throw e;
    }
  }
}

function main() {
  let out;
  try {
    const { initSync, runCli } = cli;
    initSync({ module: readFileSync(new URL("./cli/kubegate_cli_bg.wasm", import.meta.url)) });
    out = runCli(["kubegate", ...process.argv.slice(2)], host);
  } catch (e) {
    die(`internal error: ${reason(e)}`);
  }
  if (out.stdout.length > 0) {
    try {
      fstatSync(1);
    } catch {
      die("cannot write to standard output: it is closed");
    }
    if (stdoutClosed()) die(CLOSED_OR_RDWR_NULL);
    try {
      writeAll(1, out.stdout);
    } catch (e) {
      if (e.code === "EPIPE") process.exit(EXIT_PIPE);
      die(`cannot write to standard output: ${reason(e)}`);
    }
  }
  try {
    writeAll(2, out.stderr);
  } catch {
    // A closed stderr leaves the status to speak.
  }
  process.exit(out.code);
}

let cli;
try {
  cli = await import("./cli/kubegate_cli.js");
} catch (e) {
  die(`internal error: cannot load the command line's WebAssembly (${reason(e)})`);
}
main();
