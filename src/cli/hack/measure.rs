//! What one process used, as Linux tells it: the resident peak and CPU time from wait4, and
//! how long a thread waited for a CPU, from /proc. A whole run's use is the sandbox's.

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

/// How long the main thread of process `pid` was ready to run but waited for a CPU (its run
/// delay), from /proc/PID/schedstat; 0 where Linux does not say.
pub(super) fn run_delay(pid: i32) -> Duration {
    delay_in(&format!("/proc/{pid}/schedstat"))
}

/// The run delay of thread `tid` of process `pid` (see [`run_delay`]).
pub(super) fn thread_delay(pid: i32, tid: i32) -> Duration {
    delay_in(&format!("/proc/{pid}/task/{tid}/schedstat"))
}

/// The run delay a schedstat file gives: its second field, in nanoseconds; 0 without one.
fn delay_in(schedstat: &str) -> Duration {
    let nanos = std::fs::read_to_string(schedstat)
        .ok()
        .and_then(|text| text.split_whitespace().nth(1).and_then(|n| n.parse().ok()));
    Duration::from_nanos(nanos.unwrap_or(0))
}
