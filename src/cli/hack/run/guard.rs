//! hack's hold on what it starts: the signals that stop it (SIGINT, SIGTERM, SIGHUP), the
//! subreaper, and the guard, this binary again in a process group of its own (so that a SIGKILL to
//! hack's whole process group spares it) that, when hack ends, even by SIGKILL, which runs no
//! handler, kills what hack told it of (each run's main process, each process a run was seen
//! to hold, each orphan: each with its process group), every process in the runs' control
//! groups, however it detached, and every process in a run's own IPC namespace (the run's
//! mark, which no process can leave or forge, and which its environment does not show); each
//! by a pidfd, never by a number that may name another process by now (`sandbox::keeper`).

use crate::cli::sys::{self, Handling};
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, Ordering};

/// The signal (SIGINT, SIGTERM, SIGHUP) that asked hack to stop, or 0.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Whether a signal asked hack to stop: every loop stops at its next step, every running
/// solution's group is killed by the thread that runs it.
pub(in crate::cli) fn stopped() -> bool {
    SIGNAL.load(Ordering::Relaxed) != 0
}

/// The signal that stopped hack, if one did.
pub(in crate::cli) fn signal() -> Option<i32> {
    Some(SIGNAL.load(Ordering::Relaxed)).filter(|&s| s != 0)
}

/// A stopping signal's name, as a report says it.
pub(in crate::cli) fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

extern "C" fn on_signal(signal: libc::c_int) {
    // Only an atomic store: the one thing a signal handler may safely do here.
    SIGNAL.store(signal, Ordering::Relaxed);
}

/// The guard's input, on which hack writes `+PID START` when a process of its runs is to be
/// killed should hack die and `-PID START` when it no longer is, and its pid.
static GUARD: Mutex<Option<(std::process::ChildStdin, i32)>> = Mutex::new(None);

/// The name the guard runs under (its `argv[0]`): what `cli::run` looks for before anything
/// else, and what `ps` shows.
pub(in crate::cli) const GUARD_NAME: &str = "constrained-nim-hack-guard";

/// Starts the guard (`sandbox::keep`): this binary again, under the guard's name, in a process
/// group of its own, told hack's process group (which it spares), the runs' scratch folder (`-` for
/// none; removed at the end) and the control groups' `bases` (which it empties and removes at
/// the end). Without one (this binary gone from /proc/self/exe), the parent-death signal alone
/// covers the solutions' main processes.
fn start_guard(scratch: Option<&std::path::Path>, bases: &[PathBuf]) {
    let own = rustix::process::getpgrp().as_raw_nonzero();
    let mut guard = Command::new("/proc/self/exe");
    guard
        .arg0(GUARD_NAME)
        .arg(own.to_string())
        .arg(scratch.map_or("-".as_ref(), |s| s.as_os_str()))
        .args(bases)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        // `timeout -s KILL`, a terminal's Ctrl-C and its hangup signal hack's whole process
        // group: the guard, in a group of its own, outlives them to do its work (and ignores
        // SIGINT, SIGTERM and SIGHUP, see `take_over`).
        .process_group(0);
    if let Ok(mut guard) = guard.spawn()
        && let Some(input) = guard.stdin.take()
    {
        *GUARD.lock().unwrap_or_else(|p| p.into_inner()) = Some((input, guard.id() as i32));
    }
}

/// Tells the guard that process `pid`, started at `start` (clock ticks after boot), is one of
/// hack's runs' (`+`) or no longer is (`-`).
pub(in crate::cli) fn tell_guard(sign: char, pid: i32, start: u64) {
    tell(&format!("{sign}{pid} {start}\n"));
}

/// Tells the guard that every process in the IPC namespace `ns` is a run's (`+`), or that the
/// run is over (`-`): should hack die meanwhile, the guard kills every process in it.
pub(in crate::cli) fn tell_guard_namespace(sign: char, ns: u64) {
    tell(&format!("ns{sign}{ns}\n"));
}

fn tell(line: &str) {
    if let Some((input, _)) = GUARD.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
        // One short line: a single write, whole, on a pipe.
        let _ = input.write_all(line.as_bytes());
    }
}

/// Lets the guard go at hack's orderly end, when hack has swept what its solutions left itself
/// and every run's control group is gone (`run::dismiss`).
pub(super) fn dismiss() {
    if let Some((input, _)) = GUARD.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
        let _ = input.write_all(b"done\n");
    }
}

/// The guard's pid, which is no orphan.
pub(in crate::cli) fn guard_pid() -> Option<i32> {
    GUARD
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .map(|(_, pid)| *pid)
}

/// Takes SIGINT, SIGTERM and SIGHUP for hack, makes hack the subreaper of what it starts, and
/// starts the guard, which removes the runs' `scratch` folder and the control groups' `bases`
/// at the end.
pub(super) fn take_over(scratch: Option<&std::path::Path>, bases: &[PathBuf]) {
    const TAKEN: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];
    // Ignored while the guard starts: it keeps them ignored through its exec.
    for signal in TAKEN {
        sys::handle(signal, Handling::Ignored);
    }
    // A file-size limit (`ulimit -f`) makes a write fail (EFBIG), as a full disk does, instead
    // of killing hack before it reports: files::write_whole then keeps the old file whole.
    sys::handle(libc::SIGXFSZ, Handling::Ignored);
    let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    start_guard(scratch, bases);
    for signal in TAKEN {
        sys::handle(signal, Handling::Handler(on_signal));
    }
}
