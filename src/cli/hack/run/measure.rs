//! What one process used, as Linux tells it: the resident peak and CPU time from wait4, and
//! how long a thread waited for a CPU, from /proc. A whole run's use is the sandbox's.

use std::time::Duration;

/// hack's own peak resident memory so far.
///
/// Why it matters: a child starts as a copy of hack, and Linux carries the resident high-water
/// mark of that copy through exec into the child's `ru_maxrss`. So a solution's peak from wait4
/// is at least about hack's size when it was started, and only a peak above hack's own peak is
/// surely the solution's.
pub(in crate::cli) fn own_peak() -> u64 {
    crate::cli::sys::own_status_kib("VmHWM:").saturating_mul(1024)
}

/// The run delay of the calling thread: how long it was ready to run but waited for a CPU.
pub(in crate::cli) fn own_delay() -> Duration {
    schedstat("/proc/thread-self/schedstat").1
}

/// The time thread `tid` of process `pid` spent on a CPU, and its run delay (how long it was
/// ready to run but waited for a CPU), from its schedstat; 0 where Linux does not say.
pub(in crate::cli) fn thread_times(pid: i32, tid: i32) -> (Duration, Duration) {
    schedstat(&format!("/proc/{pid}/task/{tid}/schedstat"))
}

/// A schedstat file's first two fields, in nanoseconds: time on a CPU, time waiting for one.
fn schedstat(file: &str) -> (Duration, Duration) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let mut fields = text
        .split_whitespace()
        .map(|n| Duration::from_nanos(n.parse().unwrap_or(0)));
    let cpu = fields.next().unwrap_or_default();
    (cpu, fields.next().unwrap_or_default())
}

/// The idle time of each CPU hack may run on (its affinity, which its runs inherit) since
/// boot, from /proc/stat (in clock ticks); empty where Linux does not say.
pub(in crate::cli) fn idle_times() -> Vec<Duration> {
    let allowed = rustix::thread::sched_getaffinity(None).ok();
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    stat.lines()
        .filter_map(|line| {
            // "cpuN user nice system idle iowait ...": the 4th number is the idle time.
            let mut fields = line.split_whitespace();
            let cpu: usize = fields.next()?.strip_prefix("cpu")?.parse().ok()?;
            let mine = (allowed.as_ref())
                .is_none_or(|set| cpu < rustix::thread::CpuSet::MAX_CPU && set.is_set(cpu));
            let ticks: u64 = mine.then(|| fields.nth(3)?.parse().ok())??;
            Some(from_ticks(ticks))
        })
        .collect()
}

/// A time /proc gives in clock ticks (CPU time, idle time), rounded down to the millisecond.
pub(in crate::cli) fn from_ticks(ticks: u64) -> Duration {
    let per_second = rustix::param::clock_ticks_per_second().max(1);
    Duration::from_millis(ticks.saturating_mul(1000) / per_second)
}
