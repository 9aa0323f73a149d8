//! The runs' processes hack keeps track of: each run's main process from its start (so that
//! the guard kills its group should hack die, and an orphan sweep leaves it alone) to the
//! moment it is reaped, and the sweep that kills and reaps what escaped a run and was handed to
//! hack, the subreaper.
//!
//! A number that may name another process by now is never signalled. A pid is hack's to kill
//! only while it names hack's own child that hack has not reaped: the kernel gives that number
//! to no other process until then. So the main processes are reaped (here, under one lock)
//! and forgotten in the same step, and the sweep kills only hack's children, each one that is
//! provably no running run's: in an ended run's IPC namespace, or, where runs have none of
//! their own, born after every run still going had started.

use super::super::guard::{guard_pid, tell_guard, tell_guard_namespace};
use super::tally::{Mark, run_marked, stat_of};
use crate::cli::sys;
use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus};
use std::sync::Mutex;
use std::time::Duration;

/// A run going on.
struct Live {
    /// Its main process: hack's child, not yet reaped.
    main: i32,
    /// Its IPC namespace, where it has one of its own (see `tally::Mark`).
    ns: Option<u64>,
    /// When its main process started, in clock ticks after boot.
    start: u64,
}

/// The runs going on. Their main processes are reaped only with this lock held, and the sweep
/// kills and reaps orphans only with it held: no number in it or seen by the sweep is stale.
static RUNNING: Mutex<Vec<Live>> = Mutex::new(Vec::new());

fn running() -> std::sync::MutexGuard<'static, Vec<Live>> {
    RUNNING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Starts `cmd` and records it as running, so that an orphan sweep leaves it alone and the
/// guard kills its group, and everything in its namespace, if hack dies, until it is reaped
/// ([`reap`]). Its IPC namespace, where it has one of its own.
pub(in crate::cli) fn spawn_tracked(
    cmd: &mut Command,
) -> io::Result<(std::process::Child, Option<u64>)> {
    let mut running = running();
    let child = cmd.spawn()?;
    let main = child.id() as i32;
    // Unreaped, the child's pid and start are its own; a start of 0 makes every orphan a
    // possible member of this run, which errs on the side of sparing it.
    let start = stat_of(main).map_or(0, |stat| stat.start);
    // Read after exec, which spawn waits for: the namespace is the run's by then.
    let ns = match run_marked(main) {
        Mark::Run(ns) => Some(ns),
        _ => None,
    };
    running.push(Live { main, ns, start });
    tell_guard('+', main, start);
    if let Some(ns) = ns {
        tell_guard_namespace('+', ns);
    }
    Ok((child, ns))
}

/// The main processes of the runs going on, and the guard: hack's children that are no
/// orphans. Read after a scan of /proc, it names every such child the scan saw: a spawn holds
/// the lock from its fork to its record here.
pub(in crate::cli) fn not_orphans() -> Vec<i32> {
    let mut pids: Vec<i32> = running().iter().map(|live| live.main).collect();
    pids.extend(guard_pid());
    pids
}

/// Waits for run `pid`'s main process to end (without `block`: only if it has ended), reaps
/// it and forgets it in one step: its status, peak memory and CPU time.
pub(in crate::cli) fn reap(pid: i32, block: bool) -> Option<(ExitStatus, u64, Duration)> {
    if block {
        // Waits without reaping, so that the lock is not held while a large process exits.
        if let Some(pid) = rustix::process::Pid::from_raw(pid) {
            use rustix::process::{WaitId, WaitIdOptions, waitid};
            let options = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT;
            while matches!(
                waitid(WaitId::Pid(pid), options),
                Err(rustix::io::Errno::INTR)
            ) {}
        }
    }
    let mut running = running();
    let index = running.iter().position(|live| live.main == pid)?;
    let reaped = sys::wait4(pid, libc::WNOHANG).ok()??;
    let live = running.swap_remove(index);
    drop(running);
    tell_guard('-', pid, live.start);
    if let Some(ns) = live.ns {
        tell_guard_namespace('-', ns);
    }
    Some((ExitStatus::from_raw(reaped.status), reaped.peak, reaped.cpu))
}

/// Kills and reaps every child of hack that provably belongs to no run going on: what escaped
/// a run and was handed to hack, the subreaper, when its parent ended. One in a running run's
/// control group, in a running run's namespace or process group, or (runs having no namespace
/// of their own) born after a running run started, is left: a later sweep takes it once those
/// runs have ended.
pub(in crate::cli) fn sweep_orphans() {
    let me = rustix::process::getpid().as_raw_nonzero().get();
    let guard = guard_pid();
    let running = running();
    for pid in children().unwrap_or_else(|| every_process(me)) {
        if running.iter().any(|live| live.main == pid) || guard == Some(pid) {
            continue;
        }
        let Some(stat) = stat_of(pid) else {
            continue;
        };
        if stat.parent != me || not_hacks((pid, stat.start)) {
            continue;
        }
        let orphan = stat.state == b'Z'
            || !super::in_a_run(pid)
                && match run_marked(pid) {
                    Mark::Run(ns) => running.iter().all(|live| live.ns != Some(ns)),
                    Mark::Cleared => running
                        .iter()
                        .all(|live| live.main != stat.group && live.start > stat.start),
                    // Gone, or not to be read: a later sweep sees it.
                    Mark::Unknown => false,
                };
        if orphan {
            // Our own child, not reaped: its pid is still its own.
            if let Some(pid) = rustix::process::Pid::from_raw(pid) {
                use rustix::process::{Signal, WaitOptions, kill_process, waitpid};
                let _ = kill_process(pid, Signal::KILL);
                while matches!(
                    waitpid(Some(pid), WaitOptions::empty()),
                    Err(rustix::io::Errno::INTR)
                ) {}
            }
        }
    }
    tell_orphans(&running, me, guard);
}

/// hack's children when it took over (pid and start): none of them is a run's. The shell that
/// became hack may have forked them before it did (the reader of `2> >(tee log)`, which then
/// reads hack's own report): hack ends what it started, and nothing else.
static BEFORE: Mutex<Vec<(i32, u64)>> = Mutex::new(Vec::new());

/// Notes hack's children now, before any run: see [`BEFORE`].
pub(in crate::cli) fn note_children_before() {
    let me = rustix::process::getpid().as_raw_nonzero().get();
    let found: Vec<(i32, u64)> = (children().unwrap_or_else(|| every_process(me)).into_iter())
        .filter_map(|pid| Some((pid, stat_of(pid)?)))
        .filter(|(_, stat)| stat.parent == me)
        .map(|(pid, stat)| (pid, stat.start))
        .collect();
    *BEFORE.lock().unwrap_or_else(|p| p.into_inner()) = found;
}

/// Whether hack's child `child` (pid and start) was there before hack took over.
fn not_hacks(child: (i32, u64)) -> bool {
    BEFORE
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .contains(&child)
}

/// The orphans hack holds (pid and start), as last told to the guard.
static TOLD: Mutex<Vec<(i32, u64)>> = Mutex::new(Vec::new());

/// Tells the guard the orphans hack holds now, whatever their run (and that those it was told
/// of before are no longer held): should hack die, they are no one's child to find, and the
/// guard kills them and their process groups.
pub(in crate::cli) fn tell_orphans_now() {
    let me = rustix::process::getpid().as_raw_nonzero().get();
    tell_orphans(&running(), me, guard_pid());
}

fn tell_orphans(running: &[Live], me: i32, guard: Option<i32>) {
    let mut orphans: Vec<(i32, u64)> = children()
        .unwrap_or_else(|| every_process(me))
        .into_iter()
        .filter(|&pid| guard != Some(pid) && running.iter().all(|live| live.main != pid))
        .filter_map(|pid| Some((pid, stat_of(pid)?)))
        .filter(|(_, stat)| stat.parent == me && stat.state != b'Z')
        .map(|(pid, stat)| (pid, stat.start))
        .filter(|&child| !not_hacks(child))
        .collect();
    orphans.sort_unstable();
    let mut told = TOLD.lock().unwrap_or_else(|p| p.into_inner());
    for &(pid, start) in orphans.iter().filter(|o| !told.contains(o)) {
        tell_guard('+', pid, start);
    }
    for &(pid, start) in told.iter().filter(|o| !orphans.contains(o)) {
        tell_guard('-', pid, start);
    }
    *told = orphans;
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
