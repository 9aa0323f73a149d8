//! The runs' processes hack keeps track of: each run's main process from its start (so that
//! the guard kills its group should hack die, and an orphan sweep leaves it alone) to its
//! end, and the sweep that kills and reaps what escaped a run and was handed to hack, the
//! subreaper.

use super::super::guard::{guard_pid, tell_guard};
use super::super::measure::used;
use std::collections::HashSet;
use std::io;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// The pids of the solutions running now: an orphan sweep must not take them for orphans.
static RUNNING: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

/// Starts `cmd` and records it as running, so that an orphan sweep leaves it alone and the
/// guard kills its group if hack dies, until [`untrack`].
pub(in crate::cli::hack) fn spawn_tracked(cmd: &mut Command) -> io::Result<std::process::Child> {
    let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
    let child = cmd.spawn()?;
    running
        .get_or_insert_with(HashSet::new)
        .insert(child.id() as i32);
    tell_guard('+', child.id() as i32);
    Ok(child)
}

/// Whether `pid` is the main process of a run going on.
pub(in crate::cli::hack) fn is_running(pid: i32) -> bool {
    RUNNING
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .is_some_and(|running| running.contains(&pid))
}

/// The solution `pid` no longer runs.
pub(in crate::cli::hack) fn untrack(pid: i32) {
    if let Some(running) = RUNNING.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
        running.remove(&pid);
    }
    tell_guard('-', pid);
}

/// Waits for `pid`, already killed: its peak memory and CPU time.
pub(in crate::cli::hack) fn reap(pid: i32) -> (u64, Duration) {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 on our own child writes it and the status.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    unsafe {
        libc::wait4(pid, &mut status, 0, &mut usage);
    }
    used(&usage)
}

/// Kills and reaps every child of hack that is not a running solution: what escaped a group
/// and was handed to hack, the subreaper, when its parent ended. One still in a running run's
/// control group is left to its run (which kills it at its end); without control groups, an
/// escaped process of a run still going is taken for an orphan too.
pub(in crate::cli::hack) fn sweep_orphans() {
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    let guard = guard_pid();
    let running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        if running.as_ref().is_some_and(|r| r.contains(&pid)) || guard == Some(pid) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name may hold spaces and parentheses: the fields start after the last ')'.
        let parent = stat
            .rfind(')')
            .and_then(|end| stat[end + 1..].split_whitespace().nth(1))
            .and_then(|p| p.parse::<i32>().ok());
        if parent == Some(me) && !super::in_a_run(pid) {
            // SAFETY: kill and waitpid on our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            reap(pid);
        }
    }
}
