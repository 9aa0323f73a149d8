//! What one run used, as Linux tells it: the resident peak and CPU time from wait4, the CPU
//! time of a whole process group and how long a process waited for a CPU, from /proc.

use std::time::Duration;

/// hack's own peak resident memory so far.
///
/// Why it matters: a child starts as a copy of hack, and Linux carries the resident high-water
/// mark of that copy through exec into the child's `ru_maxrss`. So a solution's peak from wait4
/// is at least about hack's size when it was started, and only a peak above hack's own peak is
/// surely the solution's.
pub(super) fn own_peak() -> u64 {
    // SAFETY: an all-zero rusage is valid; getrusage writes it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    unsafe {
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
    }
    (usage.ru_maxrss.max(0) as u64).saturating_mul(1024)
}

/// Peak resident memory and CPU time from a rusage.
pub(super) fn used(usage: &libc::rusage) -> (u64, Duration) {
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    let peak = (usage.ru_maxrss.max(0) as u64).saturating_mul(1024);
    (peak, time(usage.ru_utime) + time(usage.ru_stime))
}

/// The run delay of the calling thread (see [`run_delay`]).
pub(super) fn own_delay() -> Duration {
    delay_in("/proc/thread-self/schedstat")
}

/// How long process `pid` was ready to run but waited for a CPU (its run delay), from
/// /proc/PID/schedstat; 0 where Linux does not say.
pub(super) fn run_delay(pid: i32) -> Duration {
    delay_in(&format!("/proc/{pid}/schedstat"))
}

/// The run delay a schedstat file gives: its second field, in nanoseconds; 0 without one.
fn delay_in(schedstat: &str) -> Duration {
    let nanos = std::fs::read_to_string(schedstat)
        .ok()
        .and_then(|text| text.split_whitespace().nth(1).and_then(|n| n.parse().ok()));
    Duration::from_nanos(nanos.unwrap_or(0))
}

/// The CPU time so far of process group `group`, from /proc, and the longest run delay of its
/// processes: see [`group_usage`].
pub(super) fn group_cpu(group: i32) -> (Duration, Duration) {
    let usage = group_usage(group);
    (usage.cpu, usage.queued)
}

/// What a process group has used, read from /proc.
pub(super) struct GroupUsage {
    /// Of each process in it, its own CPU time (utime, stime) and that of the children it
    /// waited for (cutime, cstime); a child not yet waited for is still listed, so nothing
    /// counts twice.
    pub(super) cpu: Duration,
    /// The longest run delay of its processes (see [`run_delay`]).
    pub(super) queued: Duration,
    /// Whether one of them is running or waiting for a CPU or a disk (state R or D), not
    /// sleeping.
    pub(super) busy: bool,
}

/// What process group `group` has used so far.
pub(super) fn group_usage(group: i32) -> GroupUsage {
    let mut usage = GroupUsage {
        cpu: Duration::ZERO,
        queued: Duration::ZERO,
        busy: false,
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        usage.busy = true;
        return usage;
    };
    let mut ticks = 0u64;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // After the command name (which may hold spaces and ')'): state, ppid, pgrp, ...;
        // utime, stime, cutime, cstime are fields 14 to 17 of the whole line.
        let fields: Vec<&str> = stat
            .rfind(')')
            .map_or("", |end| &stat[end + 1..])
            .split_whitespace()
            .take(15)
            .collect();
        if fields.len() == 15 && fields[2].parse() == Ok(group) {
            ticks += fields[11..15]
                .iter()
                .filter_map(|f| f.parse::<u64>().ok())
                .sum::<u64>();
            usage.queued = usage.queued.max(run_delay(pid.parse().unwrap_or(0)));
            usage.busy |= matches!(fields[0], "R" | "D");
        }
    }
    // SAFETY: sysconf with a valid name; no memory involved.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    usage.cpu = Duration::from_millis(ticks.saturating_mul(1000) / per_second);
    usage
}
