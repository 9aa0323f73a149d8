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
    let guard = guard_pid();
    let running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
    for pid in children().unwrap_or_else(|| every_process(me)) {
        if running.as_ref().is_some_and(|r| r.contains(&pid)) || guard == Some(pid) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name may hold spaces and parentheses: the fields start after the last ')'.
        let mut fields = stat
            .rfind(')')
            .map_or("", |end| &stat[end + 1..])
            .split_whitespace();
        let (state, parent) = (fields.next(), fields.next().and_then(|p| p.parse().ok()));
        // A zombie's group is its run's no longer: reaped whatever its group.
        if parent == Some(me) && (state == Some("Z") || !super::in_a_run(pid)) {
            // SAFETY: kill and waitpid on our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            reap(pid);
        }
    }
}

/// hack's children, from each of its threads' /proc list (orphans handed to hack are some
/// thread's); `None` where Linux keeps no such list.
fn children() -> Option<Vec<i32>> {
    let mut children = Vec::new();
    for thread in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let list = std::fs::read_to_string(thread.path().join("children")).ok()?;
        children.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<i32>().ok()),
        );
    }
    Some(children)
}

/// Every process but `me`: where hack's children cannot be listed, each is asked its parent.
fn every_process(me: i32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| pid != me)
        .collect()
}
