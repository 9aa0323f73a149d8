//! The sandbox of one run: what the judge's own runner keeps around a solution. It starts the
//! solution inside it, measures what every process and every thread of the run used (CPU
//! time, the time it waited for a CPU, the memory peak), stops a runaway at a guard far above
//! the memory limit (resident memory only: reserved, untouched memory is free, as on the
//! judge), and at the end kills every process the run started, however it detached.
//!
//! Two ways, the first where this machine allows it: a control group per run (`cgroup`), the
//! kernel's own accounting, as isolate and DOMjudge use; else a count by hand from /proc
//! (`tally`), with the run's process group, its descendants, and hack as the subreaper. The
//! process is confined between fork and exec (`confine`: environment, stack, death with hack),
//! and tracked from its start to its end, with a sweep of what escaped to hack (`tracked`).

mod cgroup;
mod confine;
mod tally;
mod tracked;

use super::guard::tell_guard;
use cgroup::Cgroup;
pub(super) use cgroup::{base_folders, remove_bases, which};
pub(super) use confine::{Room, confine, hard_limit, memory_ceiling};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::Duration;
pub(super) use tracked::{is_running, reap, spawn_tracked, sweep_orphans, untrack};

/// What a run has used so far, every process and thread of it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Usage {
    /// CPU time, user and system.
    pub(super) cpu: Duration,
    /// How long it waited for a CPU that other work held: the time its every thread waited
    /// at once (a group's pressure), or as its threads' run delays tell it (see `Waits`),
    /// whichever is more.
    pub(super) queued: Duration,
    /// Its memory peak: the group's, or the largest sum of its processes' resident memory
    /// seen (/proc).
    pub(super) peak: u64,
    /// Whether one of its threads is running or waiting for a CPU or a disk now.
    pub(super) busy: bool,
}

/// One run's sandbox.
pub(super) struct Sandbox {
    cgroup: Option<Cgroup>,
    /// The run's main process (and process group), once started.
    main: i32,
    /// The resident memory at which a runaway is killed, in bytes.
    guard: u64,
    usage: Usage,
    /// The run's processes at the last look (/proc only): killed with it at the end.
    members: Vec<i32>,
    /// The process groups of the run's processes that left its own (/proc only), told to
    /// the guard.
    escaped: Vec<i32>,
    /// The run's wait for a CPU, as its threads' run delays tell it.
    waits: Waits,
}

/// The time a run waited for a CPU, from its threads' run delays read now and then: between
/// two looks, the most any one thread waited (threads side by side waiting in the same
/// moments count once), summed over the looks (a worker thread, then the main thread after
/// it, both count). What a thread waited after the last look before it ended is not seen.
#[derive(Default)]
struct Waits {
    /// Each thread's run delay at the last look.
    seen: std::collections::HashMap<i32, Duration>,
    total: Duration,
}

impl Waits {
    /// Adds the waits since the last look, from each thread's run delay now; the total.
    fn add(&mut self, delays: Vec<(i32, Duration)>) -> Duration {
        let mut most = Duration::ZERO;
        for (thread, delay) in delays {
            let before = self.seen.insert(thread, delay).unwrap_or(Duration::ZERO);
            most = most.max(delay.saturating_sub(before));
        }
        self.total += most;
        self.total
    }
}

impl Sandbox {
    /// A sandbox whose runaway is killed at `guard` bytes of memory.
    pub(super) fn new(guard: u64) -> Sandbox {
        Sandbox {
            cgroup: Cgroup::prepare(guard),
            main: 0,
            guard,
            usage: Usage::default(),
            members: Vec::new(),
            escaped: Vec::new(),
            waits: Waits::default(),
        }
    }

    /// Makes the process `cmd` starts enter the sandbox before it runs anything.
    pub(super) fn enter(&self, cmd: &mut Command) {
        if let Some(group) = &self.cgroup {
            let entry = group.entry();
            // SAFETY: between fork and exec only async-signal-safe calls: open, write, close.
            unsafe {
                cmd.pre_exec(move || entry.enter());
            }
        }
    }

    /// The run's main process started as `pid`, leader of its own process group.
    pub(super) fn started(&mut self, pid: i32) {
        self.main = pid;
    }

    /// Reads what the run has used up to now (each figure the largest seen), and kills it if
    /// its memory passed the guard.
    pub(super) fn look(&mut self) -> Usage {
        match &self.cgroup {
            Some(group) => {
                let used = group.used();
                self.usage.cpu = self.usage.cpu.max(used.cpu);
                self.usage.queued = self.usage.queued.max(used.stalled);
                self.usage.peak = self.usage.peak.max(used.peak);
                // Threads side by side each waiting in turn are never all stalled at once:
                // their run delays count too.
                let (busy, delays) = tally::threads(&group.members());
                self.usage.queued = self.usage.queued.max(self.waits.add(delays));
                self.usage.busy = busy;
            }
            None => {
                let tally = tally::scan(self.main, self.main);
                self.usage.cpu = self.usage.cpu.max(tally.cpu);
                self.usage.queued = self.usage.queued.max(self.waits.add(tally.delays));
                self.usage.peak = self.usage.peak.max(tally.resident);
                self.usage.busy = tally.busy;
                if !tally.members.is_empty() {
                    self.members = tally.members;
                }
                // The groups that left the run's own are the guard's to kill too, should hack
                // die: nothing else would find a process that left hack's environment.
                // SAFETY: getpgrp cannot fail.
                let own = unsafe { libc::getpgrp() };
                // So are those of orphans handed to hack: from this run or another, they are
                // no running run's main process, nor the guard.
                let orphans = tally
                    .children
                    .into_iter()
                    .filter(|&(pid, _)| !is_running(pid) && super::guard::guard_pid() != Some(pid));
                let groups: Vec<i32> = tally
                    .groups
                    .into_iter()
                    .chain(orphans.map(|(_, group)| group))
                    .collect();
                for group in groups {
                    if group != self.main && group != own && !self.escaped.contains(&group) {
                        tell_guard('+', group);
                        self.escaped.push(group);
                    }
                }
                // The kernel stops a group's runaway; by hand, this look does.
                if tally.resident > self.guard {
                    self.kill();
                }
            }
        }
        self.usage
    }

    /// Whether a thread of the run is asleep in a read of the pipe whose inode is `pipe` (see
    /// `tally::reading`): of its group's processes now, or of those the last [`Sandbox::look`]
    /// found (/proc).
    pub(super) fn reading(&self, pipe: u64) -> bool {
        match &self.cgroup {
            Some(group) => tally::reading(&group.members(), pipe),
            None => tally::reading(&self.members, pipe),
        }
    }

    /// Whether the memory peak is the whole run's, by the kernel's account: then wait4's peak
    /// (which also carries hack's own size, see `measure::own_peak`) is not needed.
    pub(super) fn counts_peak(&self) -> bool {
        self.cgroup.is_some()
    }

    /// Kills every process of the run.
    pub(super) fn kill(&self) {
        if let Some(group) = &self.cgroup {
            group.kill();
        }
        if self.main > 0 {
            // SAFETY: kill(2) on the run's own process group and on processes seen in it.
            unsafe {
                libc::kill(-self.main, libc::SIGKILL);
                for &pid in &self.members {
                    if pid != self.main {
                        libc::kill(pid, libc::SIGKILL);
                    }
                }
                for &group in &self.escaped {
                    libc::kill(-group, libc::SIGKILL);
                }
            }
        }
    }

    /// Ends the run: kills what is left of it and removes its group.
    pub(super) fn end(&mut self) {
        self.kill();
        for group in self.escaped.drain(..) {
            tell_guard('-', group);
        }
        if let Some(group) = self.cgroup.take() {
            group.release();
        }
    }
}

/// Whether process `pid` is in a run's group of this hack now (a run still going, or one
/// being ended): an orphan sweep leaves it to its run.
pub(super) fn in_a_run(pid: i32) -> bool {
    let Some(base) = base_folders().into_iter().next() else {
        return false;
    };
    let Some(name) = base.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    std::fs::read_to_string(format!("/proc/{pid}/cgroup")).is_ok_and(|groups| {
        groups
            .lines()
            .any(|line| line.starts_with("0::") && line.contains(&format!("/{name}/run-")))
    })
}
