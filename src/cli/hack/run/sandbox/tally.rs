//! Where hack has no control group: what a run uses, counted by hand from /proc, as close to
//! a group's accounting as a scan can be. A run's processes are those of its process group,
//! every descendant of its main process (also one that left the group by `setsid`), and the
//! orphans handed to hack (the subreaper) that are in the run's own IPC namespace or its
//! process group, or, where runs have no namespace of their own, were born since it started,
//! with their
//! descendants. Of them: the CPU time of every thread (the process's own and its waited-for
//! children's), and their memory with every page counted
//! once (the sum of their proportional sets: a page that several of them share, copied on
//! write after a fork or mapped from shared memory, is split among them, as a judge's group
//! counts it once).

use super::super::measure::{from_ticks, thread_times};
use std::collections::HashMap;
use std::time::Duration;

/// One scan of a run's processes.
#[derive(Default)]
pub(super) struct Tally {
    /// CPU time (user and system) of every process, its exited threads and waited-for
    /// children included.
    pub(super) cpu: Duration,
    /// Each of their threads now: its id, its CPU time and its run delay.
    pub(super) threads: Vec<Thread>,
    /// Their memory together now, each page once, in bytes.
    pub(super) memory: u64,
    /// Whether a thread of one of them is running or waiting for a CPU or a disk.
    pub(super) busy: bool,
    /// The processes found, each with its start (clock ticks after boot): a pid and its start
    /// name one process, never a later one that got the same pid.
    pub(super) members: Vec<(i32, u64)>,
}

/// One thread as its schedstat tells it.
#[derive(Clone, Copy)]
pub(in crate::cli) struct Thread {
    pub(in crate::cli) id: i32,
    /// Its time on a CPU.
    pub(in crate::cli) cpu: Duration,
    /// Its time ready to run but waiting for a CPU (its run delay).
    pub(in crate::cli) delay: Duration,
}

/// A process as /proc/PID/stat tells it.
pub(in crate::cli) struct Stat {
    pub(in crate::cli) state: u8,
    pub(in crate::cli) parent: i32,
    pub(in crate::cli) group: i32,
    ticks: u64,
    /// When it started, in clock ticks after boot.
    pub(in crate::cli) start: u64,
    resident_pages: u64,
}

/// Process `pid` as /proc/PID/stat tells it now.
pub(in crate::cli) fn stat_of(pid: i32) -> Option<Stat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name (which may hold spaces and ')'): state, ppid, pgrp, ...; utime,
    // stime, cutime, cstime are fields 14 to 17 of the whole line, starttime 22, rss 24.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..]
        .split_whitespace()
        .take(22)
        .collect();
    if fields.len() < 22 {
        return None;
    }
    Some(Stat {
        state: *fields[0].as_bytes().first()?,
        parent: fields[1].parse().ok()?,
        group: fields[2].parse().ok()?,
        ticks: fields[11..15]
            .iter()
            .filter_map(|f| f.parse::<u64>().ok())
            .sum(),
        start: fields[19].parse().ok()?,
        resident_pages: fields[21].parse().ok()?,
    })
}

/// Whose a process of hack's is by its IPC namespace: a run's own (the run's mark: no
/// process can leave it or forge it, and nothing in the process shows it as hack's).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(in crate::cli) enum Mark {
    /// The run's whose IPC namespace this is (its inode).
    Run(u64),
    /// No run's own: hack's own namespace, where runs have none of their own.
    Cleared,
    /// Not to be read now (gone, or not ours to read).
    Unknown,
}

/// The inode of process `pid`'s IPC namespace.
pub(in crate::cli) fn ipc_namespace(pid: i32) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(format!("/proc/{pid}/ns/ipc"))
        .ok()
        .map(|m| m.ino())
}

/// Whose a process of hack's is by its IPC namespace (see [`Mark`]).
pub(in crate::cli) fn run_marked(pid: i32) -> Mark {
    static OWN: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let own = *OWN.get_or_init(|| ipc_namespace(std::process::id() as i32));
    match ipc_namespace(pid) {
        None => Mark::Unknown,
        Some(ns) if Some(ns) == own => Mark::Cleared,
        Some(ns) => Mark::Run(ns),
    }
}

/// Scans /proc for the run whose main process is `main` (also its process group), started at
/// `start` (clock ticks after boot), in the IPC namespace `ns` where it has one of its own.
/// With `init`, the pid of the init of the run's PID namespace: it and the main process only
/// stand between hack and CMD (see `walls::init`); the run's processes are below them, and
/// they, copies of hack, are not counted; nor are `not_orphans`, hack's children that belong
/// to no run's tree (read after the scan).
pub(super) fn scan(
    main: i32,
    start: u64,
    ns: Option<u64>,
    init: Option<i32>,
    not_orphans: impl FnOnce() -> Vec<i32>,
) -> Tally {
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
        if let Some(stat) = stat_of(pid) {
            stats.insert(pid, stat);
        }
    }
    let hack = rustix::process::getpid().as_raw_nonzero().get();
    // Read after the scan (see `tracked::not_orphans`); another run's main process between its
    // fork and its exec may have no namespace yet.
    let not_orphans = not_orphans();
    // The run's roots: its main process, and what it left to hack that may be its own: in its
    // namespace, in its group, or, without namespaces, born since it started. Such an orphan may be
    // another run's too, and then counts in both: a failure is confirmed by runs alone, where
    // it is the one run's, and an orphan of its own never counts as other work.
    let roots: Vec<i32> = std::iter::once(main)
        .chain(stats.iter().filter_map(|(&pid, stat)| {
            let own = stat.parent == hack
                && !not_orphans.contains(&pid)
                && (stat.group == main
                    || match run_marked(pid) {
                        Mark::Run(marked) => Some(marked) == ns,
                        Mark::Cleared => stat.start >= start,
                        Mark::Unknown => false,
                    });
            own.then_some(pid)
        }))
        .collect();
    let belongs = |pid: i32| {
        let mut at = pid;
        // A chain of parents is at most as long as there are processes.
        for _ in 0..stats.len() {
            if roots.contains(&at) {
                return true;
            }
            match stats.get(&at) {
                Some(stat) if stat.parent > 1 && stat.parent != at && stat.parent != hack => {
                    at = stat.parent;
                }
                _ => return false,
            }
        }
        false
    };
    let mut ticks = 0u64;
    let page = rustix::param::page_size() as u64;
    let mut resident = Vec::new();
    for (&pid, stat) in &stats {
        // A main process already reaped (0) leads no group: the kernel's threads are in group 0.
        let in_group = main > 0 && stat.group == main;
        if !in_group && !belongs(pid) || init.is_some_and(|init| pid == main || pid == init) {
            continue;
        }
        tally.members.push((pid, stat.start));
        ticks += stat.ticks;
        resident.push(stat.resident_pages.saturating_mul(page));
    }
    let pids: Vec<i32> = tally.members.iter().map(|&(pid, _)| pid).collect();
    tally.memory = memory_of(&pids, &resident);
    (tally.busy, tally.threads) = threads(&pids);
    tally.cpu = from_ticks(ticks);
    tally
}

/// The memory of `pids` together, each page once: the sum of their proportional set sizes
/// (each process's `resident` where that cannot be read), read in turn forward and backward,
/// the smaller sum. The processes are read one after another, not at one instant: while a
/// page's sharing changes (a child faulting in the pages of a mapping its parent shares with
/// it, or letting them go), a process read before the change holds its old share and one read
/// after holds its new one, and a pass in one order counts the page up to twice; the pass in
/// the other order counts it less.
fn memory_of(pids: &[i32], resident: &[u64]) -> u64 {
    let read = |k: usize| proportional(pids[k]).unwrap_or(resident[k]);
    let forward: u64 = (0..pids.len()).map(read).sum();
    if pids.len() < 2 {
        return forward;
    }
    let backward: u64 = (0..pids.len()).rev().map(read).sum();
    forward.min(backward)
}

/// The proportional set size of process `pid` in bytes (its `Pss` and `SwapPss` in
/// /proc/PID/smaps_rollup): each page it maps, divided by how many processes map it.
///
/// 0 for a process that ended since its stat was read (a zombie, or reaped, or one with no
/// memory left to map): its own pages are freed, and those it shared are its sharers' alone
/// now, in their own sizes. Its resident size from that stat would count the pages it shared
/// whole, on top of its sharers' new shares. `None` where the kernel does not tell (no
/// smaps_rollup before Linux 4.14, or no permission): then the resident size serves.
fn proportional(pid: i32) -> Option<u64> {
    let rollup = match std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")) {
        Ok(rollup) => rollup,
        Err(e) if ended(&e) && rollups_exist() => return Some(0),
        Err(_) => return None,
    };
    let mut kib = 0u64;
    for line in rollup.lines() {
        let mut words = line.split_whitespace();
        if let (Some("Pss:" | "SwapPss:"), Some(number)) = (words.next(), words.next()) {
            kib += number.parse::<u64>().ok()?;
        }
    }
    Some(kib.saturating_mul(1024))
}

/// Whether reading a process's file failed because the process has ended: a zombie's says "no
/// such process", a reaped one's is not there.
fn ended(e: &std::io::Error) -> bool {
    e.raw_os_error() == Some(libc::ESRCH) || e.kind() == std::io::ErrorKind::NotFound
}

/// Whether this kernel has /proc/PID/smaps_rollup at all (hack's own tells).
fn rollups_exist() -> bool {
    static EXIST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *EXIST.get_or_init(|| std::path::Path::new("/proc/self/smaps_rollup").exists())
}

/// Of the threads of `pids` now: whether one is running or waiting for a CPU or a disk, and
/// each one's CPU time and run delay.
pub(super) fn threads(pids: &[i32]) -> (bool, Vec<Thread>) {
    let (mut busy, mut found) = (false, Vec::new());
    for &pid in pids {
        let threads = std::fs::read_dir(format!("/proc/{pid}/task"));
        for thread in threads.into_iter().flatten().flatten() {
            let Some(id) = thread.file_name().to_str().and_then(|t| t.parse().ok()) else {
                continue;
            };
            let (cpu, delay) = thread_times(pid, id);
            found.push(Thread { id, cpu, delay });
            busy |= thread_busy(&thread.path());
        }
    }
    (busy, found)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A process that ended counts nothing (not its last resident size, which held the pages
    /// it shared whole), a zombie and a reaped one alike; a live one counts its own size.
    #[test]
    fn a_process_that_ended_counts_nothing() {
        assert!(rollups_exist(), "this kernel has smaps_rollup");
        let own = proportional(std::process::id() as i32);
        assert!(own.is_some_and(|bytes| bytes > 0), "{own:?}");
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id() as i32;
        // A zombie until reaped: wait for it to end without reaping it.
        let started = std::time::Instant::now();
        while stat_of(pid).is_some_and(|stat| stat.state != b'Z')
            && started.elapsed() < Duration::from_secs(10)
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(proportional(pid), Some(0), "a zombie");
        // Another test's sweep of orphans may have reaped it already.
        let _ = child.wait();
        assert_eq!(proportional(pid), Some(0), "reaped");
    }
}
