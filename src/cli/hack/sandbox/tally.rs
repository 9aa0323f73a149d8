//! Where hack has no control group: what a run uses, counted by hand from /proc, as close to
//! a group's accounting as a scan can be. A run's processes are those of its process group
//! and every descendant of its main process (also one that left the group by `setsid`); of
//! them, the CPU time of every thread (the process's own and its waited-for children's), the
//! run delay of every thread, and the sum of their resident memory, at the time of the scan.

use super::super::measure::thread_delay;
use std::collections::HashMap;
use std::time::Duration;

/// One scan of a run's processes.
#[derive(Default)]
pub(super) struct Tally {
    /// CPU time (user and system) of every process, its exited threads and waited-for
    /// children included.
    pub(super) cpu: Duration,
    /// The run delay of each of their threads now, by thread id (threads that ended before
    /// the scan are not seen: a group's pressure has no such gap).
    pub(super) delays: Vec<(i32, Duration)>,
    /// Their resident memory together now, in bytes.
    pub(super) resident: u64,
    /// Whether a thread of one of them is running or waiting for a CPU or a disk.
    pub(super) busy: bool,
    /// The processes found.
    pub(super) members: Vec<i32>,
    /// Their process groups: the run's, and those that left it (`setsid`).
    pub(super) groups: Vec<i32>,
    /// hack's own children, with their process groups: the runs' main processes, the guard,
    /// and orphans handed to hack, the subreaper (whose run is not known).
    pub(super) children: Vec<(i32, i32)>,
}

/// A process as /proc/PID/stat tells it.
struct Stat {
    parent: i32,
    group: i32,
    ticks: u64,
    resident_pages: u64,
}

fn stat_of(pid: &str) -> Option<Stat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name (which may hold spaces and ')'): state, ppid, pgrp, ...; utime,
    // stime, cutime, cstime are fields 14 to 17 of the whole line, rss field 24.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..]
        .split_whitespace()
        .take(22)
        .collect();
    if fields.len() < 22 {
        return None;
    }
    Some(Stat {
        parent: fields[1].parse().ok()?,
        group: fields[2].parse().ok()?,
        ticks: fields[11..15]
            .iter()
            .filter_map(|f| f.parse::<u64>().ok())
            .sum(),
        resident_pages: fields[21].parse().ok()?,
    })
}

/// Scans /proc for the run whose main process is `main`, in process group `group`.
pub(super) fn scan(main: i32, group: i32) -> Tally {
    let mut tally = Tally::default();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        tally.busy = true;
        return tally;
    };
    let mut stats = HashMap::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.parse::<i32>().ok()) else {
            continue;
        };
        if let Some(stat) = stat_of(&pid.to_string()) {
            stats.insert(pid, stat);
        }
    }
    let belongs = |pid: i32| {
        let mut at = pid;
        // A chain of parents is at most as long as there are processes.
        for _ in 0..stats.len() {
            if at == main {
                return true;
            }
            match stats.get(&at) {
                Some(stat) if stat.parent > 1 && stat.parent != at => at = stat.parent,
                _ => return false,
            }
        }
        false
    };
    let mut ticks = 0u64;
    let mut pages = 0u64;
    // SAFETY: getpid cannot fail.
    let hack = unsafe { libc::getpid() };
    for (&pid, stat) in &stats {
        if stat.parent == hack {
            tally.children.push((pid, stat.group));
        }
        if stat.group != group && !belongs(pid) {
            continue;
        }
        tally.members.push(pid);
        if !tally.groups.contains(&stat.group) {
            tally.groups.push(stat.group);
        }
        ticks += stat.ticks;
        pages += stat.resident_pages;
    }
    (tally.busy, tally.delays) = threads(&tally.members);
    // SAFETY: sysconf with a valid name; no memory involved.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    // SAFETY: as above.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(1) as u64;
    tally.cpu = Duration::from_millis(ticks.saturating_mul(1000) / per_second);
    tally.resident = pages.saturating_mul(page);
    tally
}

/// Of the threads of `pids` now: whether one is running or waiting for a CPU or a disk, and
/// the run delay of each, by thread id.
pub(super) fn threads(pids: &[i32]) -> (bool, Vec<(i32, Duration)>) {
    let (mut busy, mut delays) = (false, Vec::new());
    for &pid in pids {
        let threads = std::fs::read_dir(format!("/proc/{pid}/task"));
        for thread in threads.into_iter().flatten().flatten() {
            let Some(tid) = thread.file_name().to_str().and_then(|t| t.parse().ok()) else {
                continue;
            };
            delays.push((tid, thread_delay(pid, tid)));
            busy |= thread_busy(&thread.path());
        }
    }
    (busy, delays)
}

/// Whether the thread whose /proc folder is `thread` is running or waiting for a CPU or a
/// disk (state R or D), not sleeping.
fn thread_busy(thread: &std::path::Path) -> bool {
    let stat = std::fs::read_to_string(thread.join("stat")).unwrap_or_default();
    stat.rfind(')')
        .and_then(|end| stat[end + 1..].split_whitespace().next())
        .is_some_and(|state| matches!(state, "R" | "D"))
}

/// Whether a thread of `pids` is asleep in a read of the pipe whose inode is `pipe` (a bot
/// waiting for a line on its standard input), as its /proc `syscall` file tells: the call and
/// its file descriptor, which its `fd` folder names. Where that file cannot be read, its
/// `wchan` in a pipe's read stands for it (which pipe is not known then).
pub(super) fn reading(pids: &[i32], pipe: u64) -> bool {
    let target = format!("pipe:[{pipe}]");
    pids.iter().any(|&pid| {
        let threads = std::fs::read_dir(format!("/proc/{pid}/task"));
        (threads.into_iter().flatten().flatten()).any(|thread| {
            let reads = |fd: &str| {
                std::fs::read_link(format!("/proc/{pid}/fd/{fd}"))
                    .is_ok_and(|link| link.as_os_str() == target.as_str())
            };
            match std::fs::read_to_string(thread.path().join("syscall")) {
                // "running", or the call's number and arguments: "0 0x0 0x55e2 0x2000 ...".
                Ok(call) if !call.trim().is_empty() => {
                    let mut fields = call.split_whitespace();
                    let number = fields.next().and_then(|n| n.parse::<libc::c_long>().ok());
                    let fd = fields
                        .next()
                        .and_then(|fd| u64::from_str_radix(fd.trim_start_matches("0x"), 16).ok());
                    let read = [
                        libc::SYS_read,
                        libc::SYS_readv,
                        libc::SYS_pread64,
                        libc::SYS_preadv,
                        libc::SYS_preadv2,
                    ];
                    number.is_some_and(|n| read.contains(&n))
                        && fd.is_some_and(|fd| reads(&fd.to_string()))
                }
                _ => {
                    let wchan = std::fs::read_to_string(thread.path().join("wchan"));
                    wchan.is_ok_and(|w| w.contains("pipe_read") || w.contains("pipe_wait"))
                }
            }
        })
    })
}
