//! The system calls the runner needs that rustix has no safe call for, each in one small
//! function with its one `unsafe` block: the bare fork and _exit, a signal's disposition, wait4
//! with the child's use, close_range and unshare. Each makes system calls only and allocates
//! nothing, so that it may run between fork and exec. And what this process's
//! /proc/self/status tells of its memory.

use rustix::thread::UnshareFlags;
use std::io;
use std::time::Duration;

/// fork(2) as the bare system call: the child's pid in the parent, `None` in the child. Not
/// glibc's fork, whose handlers take locks that, in a copy of a process with many threads,
/// another thread may have held at the copy. The child must make only system calls until it
/// execs or ends ([`exit`]).
pub(in crate::cli) fn fork() -> io::Result<Option<i32>> {
    // SAFETY: clone with no flags but the signal to the parent, no new stack and no thread
    // pointers is fork; the caller's child makes only system calls until exec or its end.
    match unsafe { libc::syscall(libc::SYS_clone, libc::SIGCHLD as libc::c_ulong, 0, 0, 0, 0) } {
        -1 => Err(io::Error::last_os_error()),
        0 => Ok(None),
        pid => Ok(Some(pid as i32)),
    }
}

/// Ends this process at once with exit status `code`, running nothing of hack's (no exit
/// handler, no buffer flushed): the end of a process between fork and exec.
pub(in crate::cli) fn exit(code: i32) -> ! {
    // SAFETY: _exit only ends the process.
    unsafe { libc::_exit(code) }
}

/// How a process handles a signal.
#[derive(Clone, Copy)]
pub(in crate::cli) enum Handling {
    /// The signal's default action.
    Default,
    /// Ignored; kept through exec.
    Ignored,
    /// A handler that only stores to an atomic (async-signal-safe); system calls it breaks
    /// are restarted. Reset to the default at exec.
    Handler(extern "C" fn(libc::c_int)),
}

/// Sets how this process handles `signal`.
pub(in crate::cli) fn handle(signal: i32, how: Handling) {
    let handler = match how {
        Handling::Default => libc::SIG_DFL,
        Handling::Ignored => libc::SIG_IGN,
        Handling::Handler(handler) => handler as *const () as libc::sighandler_t,
    };
    // SAFETY: the sigaction struct is whole (zeroed, then its fields set) and lives through
    // the call; a handler given is async-signal-safe (see `Handling::Handler`).
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = handler;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(signal, &action, std::ptr::null_mut());
    }
}

/// A child reaped by [`wait4`]: its pid, wait status, peak resident memory and CPU time.
pub(in crate::cli) struct Reaped {
    pub(in crate::cli) pid: i32,
    pub(in crate::cli) status: i32,
    pub(in crate::cli) peak: u64,
    pub(in crate::cli) cpu: Duration,
}

/// wait4(2): reaps the child `pid` (-1: any), with its use, which only this call tells of one
/// child (getrusage sums them all). `None` under `WNOHANG` while it runs.
pub(in crate::cli) fn wait4(pid: i32, flags: i32) -> io::Result<Option<Reaped>> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 writes it and the status, which we own.
    let (waited, usage) = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        (libc::wait4(pid, &mut status, flags, &mut usage), usage)
    };
    match waited {
        -1 => Err(io::Error::last_os_error()),
        0 => Ok(None),
        pid => {
            let time = |t: libc::timeval| {
                let micros = t.tv_sec.max(0) as u64 * 1_000_000 + t.tv_usec.max(0) as u64;
                Duration::from_micros(micros)
            };
            Ok(Some(Reaped {
                pid,
                status,
                peak: (usage.ru_maxrss.max(0) as u64).saturating_mul(1024),
                cpu: time(usage.ru_utime) + time(usage.ru_stime),
            }))
        }
    }
}

/// What [`close_range`] does to each descriptor.
#[derive(Clone, Copy, PartialEq)]
pub(in crate::cli) enum Closing {
    /// Closed now.
    Now,
    /// Marked close-on-exec: what runs before exec may still use it.
    AtExec,
}

/// Closes (or marks) this process's descriptors `first..=last`: close_range(2), Linux 5.11;
/// before it, marking falls back to one fcntl a descriptor below the limit on open files.
pub(in crate::cli) fn close_range(first: u32, last: u32, how: Closing) {
    let flags = match how {
        Closing::Now => 0,
        Closing::AtExec => libc::CLOSE_RANGE_CLOEXEC,
    };
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
    // An unlimited soft limit (rare) is taken as Linux's most, fs.nr_open's default.
    let end = limit
        .unwrap_or(1 << 20)
        .min(1 << 20)
        .min(u64::from(last) + 1) as i32;
    // SAFETY: close_range and fcntl change only this process's own descriptors, which the
    // caller uses no more (or, marked, only until exec).
    unsafe {
        if libc::syscall(libc::SYS_close_range, first, last, flags) != 0 && how == Closing::AtExec {
            for fd in first as i32..end {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
    }
}

/// unshare(2) of `flags`, never of the file table (which rustix's call is unsafe for: a
/// descriptor borrowed elsewhere could close under its borrower).
pub(in crate::cli) fn unshare(flags: UnshareFlags) -> io::Result<()> {
    let flags = flags - UnshareFlags::FILES;
    // SAFETY: the file table is not unshared, so every descriptor stays as it was.
    unsafe { rustix::thread::unshare_unsafe(flags) }.map_err(io::Error::from)
}

/// The field `name` (`VmHWM:`, say) of this process's /proc/self/status, in KiB: 0 where it
/// cannot be read.
pub(crate) fn own_status_kib(name: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status_kib(&status, name)
}

/// The value of the field `name` of a /proc status file, in KiB: 0 where it is not there.
fn status_kib(status: &str, name: &str) -> u64 {
    let line = status.lines().find(|line| line.starts_with(name));
    let value = line.and_then(|line| line[name.len()..].split_whitespace().next());
    value.and_then(|kib| kib.parse().ok()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// hack's own peak is VmHWM, in KiB in the file; a field missing (a kernel that does not
    /// say) reads as 0, never as another field's value.
    #[test]
    fn a_status_field_is_read_by_its_name_in_kib() {
        let status = "Name:\tx\nVmPeak:\t  9000 kB\nVmHWM:\t    1234 kB\nVmRSS:\t 1000 kB\n";
        assert_eq!(status_kib(status, "VmHWM:"), 1234);
        assert_eq!(status_kib(status, "VmPeak:"), 9000);
        assert_eq!(status_kib("Name:\tx\n", "VmHWM:"), 0);
        assert!(own_status_kib("VmHWM:") > 0);
    }
}
