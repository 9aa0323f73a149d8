//! Running the solution once on one game under the judge's limits: a deadline, an address-space
//! limit, its peak memory and time measured, its answer read whole but kept small, and nothing
//! it started left running.
//!
//! Each run is a process group of its own. Its pipes are read without blocking (poll with a
//! deadline), so a descendant that escaped the group (`setsid`) and still holds them cannot hold
//! hack: once the solution's own process has ended, its group is killed, what is in the pipes is
//! read, and the pipes are dropped. hack is the subreaper of everything it starts (Linux), so such
//! an escaped process becomes hack's child when its parent ends, and is killed then.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// The signal (SIGINT, SIGTERM, SIGHUP) that asked hack to stop, or 0.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Whether a signal asked hack to stop: every loop stops at its next step, every running
/// solution's group is killed by the thread that runs it.
pub(super) fn stopped() -> bool {
    SIGNAL.load(Ordering::Relaxed) != 0
}

thread_local! {
    /// Set by someone else to end this thread's runs early, as a signal does: the shrinker's
    /// candidates that lost the race to a smaller failing one.
    static CANCEL: std::cell::RefCell<Option<std::sync::Arc<std::sync::atomic::AtomicBool>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with `flag` able to end this thread's runs: once it is set, a run is killed and
/// ends as [`Ran::Stopped`].
pub(super) fn cancellable<T>(
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
    f: impl FnOnce() -> T,
) -> T {
    CANCEL.with(|c| *c.borrow_mut() = Some(flag));
    let result = f();
    CANCEL.with(|c| *c.borrow_mut() = None);
    result
}

/// Whether this thread's runs are to end: a signal, or its cancelling flag.
fn cancelled() -> bool {
    stopped()
        || CANCEL.with(|c| {
            c.borrow()
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        })
}

/// The signal that stopped hack, if one did.
pub(super) fn signal() -> Option<i32> {
    Some(SIGNAL.load(Ordering::Relaxed)).filter(|&s| s != 0)
}

extern "C" fn on_signal(signal: libc::c_int) {
    // Only an atomic store: the one thing a signal handler may safely do here.
    SIGNAL.store(signal, Ordering::Relaxed);
}

/// Takes SIGINT, SIGTERM and SIGHUP for hack, and makes hack the subreaper of what it starts.
pub(super) fn take_over() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe; the
        // sigaction struct is fully initialised (zeroed, then the fields set).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with an integer argument; no memory involved.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// The largest address-space limit this process may give its children: the hard RLIMIT_AS.
pub(super) fn memory_ceiling() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0 {
        return u64::MAX;
    }
    if limit.rlim_max == libc::RLIM_INFINITY {
        u64::MAX
    } else {
        limit.rlim_max
    }
}

/// What came out of one run that ended by itself.
pub(super) struct Ended {
    pub(super) status: ExitStatus,
    /// Wall time from start to end.
    pub(super) time: Duration,
    /// CPU time (user and system, its processes together), from wait4: what the machine's
    /// other load does not change.
    pub(super) cpu: Duration,
    /// Peak resident memory of the solution (the largest of its processes), from wait4; 0 when
    /// it is not above hack's own, which hides it (see [`own_peak`]).
    pub(super) peak: u64,
    pub(super) stdout: Answer,
    /// The last bytes of its standard error.
    pub(super) stderr: Vec<u8>,
}

/// How one run went.
pub(super) enum Ran {
    Ended(Ended),
    /// Killed at the deadline, with the CPU time it had used.
    OutOfTime(Duration),
    /// Killed because hack was asked to stop.
    Stopped,
}

/// Why a run gave no outcome at all.
pub(super) enum Unrun {
    /// CMD could not be started: the command line names no program that runs.
    Start(String),
    /// This machine failed us (no process, no pipe, no status).
    Machine(String),
}

/// Normal runs share this lock; a run that must be alone (to confirm a timeout) takes it whole,
/// so that no other job of hack runs meanwhile.
static ALONE: RwLock<()> = RwLock::new(());

/// The pids of the solutions running now: an orphan sweep must not take them for orphans.
static RUNNING: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

/// How much of the standard error is kept: its end.
const STDERR_KEPT: usize = 2000;

/// When a run ends for being out of time.
#[derive(Clone, Copy, Debug)]
pub(super) struct Deadline {
    pub(super) wall: Duration,
    /// CPU time of the solution's main process and the children it waited for.
    pub(super) cpu: Option<Duration>,
}

/// Runs `command` on `input` with `memory` bytes of address space, ending it at `deadline`;
/// with `alone`, while no other run of hack goes on.
pub(super) fn run_once(
    command: &[OsString],
    input: &[u8],
    memory: u64,
    deadline: Deadline,
    alone: bool,
) -> Result<Ran, Unrun> {
    let (_shared, _whole);
    if alone {
        _whole = ALONE.write().unwrap_or_else(|p| p.into_inner());
    } else {
        _shared = ALONE.read().unwrap_or_else(|p| p.into_inner());
    }
    if cancelled() {
        return Ok(Ran::Stopped);
    }
    let mut cmd = Command::new(&command[0]);
    cmd.args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: between fork and exec only async-signal-safe calls: getrlimit and setrlimit.
    unsafe {
        cmd.pre_exec(move || {
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::getrlimit(libc::RLIMIT_AS, &mut limit);
            let wanted = memory as libc::rlim_t;
            let capped = if limit.rlim_max == libc::RLIM_INFINITY {
                wanted
            } else {
                wanted.min(limit.rlim_max)
            };
            limit.rlim_cur = capped;
            limit.rlim_max = capped;
            libc::setrlimit(libc::RLIMIT_AS, &limit);
            // A crash must not leave a core file of up to --memory behind, once per game.
            let none = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            Ok(())
        });
    }
    // Measured before the fork: what the child's own peak must pass to be its own.
    let hidden_below = own_peak();
    let started = Instant::now();
    let mut child = {
        let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
        let child = cmd.spawn().map_err(|e| match e.kind() {
            io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied => {
                Unrun::Start(e.to_string())
            }
            _ if e.raw_os_error() == Some(libc::ENOEXEC) => Unrun::Start(e.to_string()),
            _ => Unrun::Machine(format!("cannot start a process: {e}")),
        })?;
        running
            .get_or_insert_with(HashSet::new)
            .insert(child.id() as i32);
        child
    };
    let pid = child.id() as i32;
    let mut pipes = Pipes {
        stdin: child.stdin.take(),
        stdout: child.stdout.take(),
        stderr: child.stderr.take(),
        input,
        written: 0,
        answer: Answer::default(),
        errors: Vec::new(),
    };
    let result = pipes.drive(pid, started, deadline);
    // Whatever the run left in its group ends here, whichever way it went.
    // SAFETY: kill(2) with a negative pid signals a process group; no memory involved.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let result = match result {
        Ok(Some((status, peak, cpu))) => {
            let time = started.elapsed();
            if !pipes.drain() {
                // Someone outside the group holds a pipe: an escaped descendant, now an orphan.
                pipes.stdout = None;
                pipes.stderr = None;
                sweep_orphans();
            }
            Ok(Ran::Ended(Ended {
                status,
                time,
                cpu,
                peak: if peak > hidden_below { peak } else { 0 },
                stdout: std::mem::take(&mut pipes.answer),
                stderr: std::mem::take(&mut pipes.errors),
            }))
        }
        Ok(None) => {
            let (_, cpu) = reap(pid);
            if cancelled() {
                Ok(Ran::Stopped)
            } else {
                Ok(Ran::OutOfTime(cpu))
            }
        }
        Err(e) => {
            reap(pid);
            Err(Unrun::Machine(e))
        }
    };
    drop(pipes);
    drop(child);
    if let Some(running) = RUNNING.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
        running.remove(&pid);
    }
    result
}

/// Waits for `pid`, already killed: its peak memory and CPU time.
fn reap(pid: i32) -> (u64, Duration) {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 on our own child writes it and the status.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    unsafe {
        libc::wait4(pid, &mut status, 0, &mut usage);
    }
    used(&usage)
}

/// hack's own peak resident memory so far.
///
/// Why it matters: a child starts as a copy of hack, and Linux carries the resident high-water
/// mark of that copy through exec into the child's `ru_maxrss`. So a solution's peak from wait4
/// is at least about hack's size when it was started, and only a peak above hack's own peak is
/// surely the solution's.
fn own_peak() -> u64 {
    // SAFETY: an all-zero rusage is valid; getrusage writes it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    unsafe {
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
    }
    (usage.ru_maxrss.max(0) as u64).saturating_mul(1024)
}

/// Peak resident memory and CPU time from a rusage.
fn used(usage: &libc::rusage) -> (u64, Duration) {
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    let peak = (usage.ru_maxrss.max(0) as u64).saturating_mul(1024);
    (peak, time(usage.ru_utime) + time(usage.ru_stime))
}

/// Kills and reaps every child of hack that is not a running solution: what escaped a group
/// and was handed to hack, the subreaper, when its parent ended.
pub(super) fn sweep_orphans() {
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    let running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        if running.as_ref().is_some_and(|r| r.contains(&pid)) {
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
        if parent == Some(me) {
            // SAFETY: kill and waitpid on our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            reap(pid);
        }
    }
}

/// The three pipes of one run and what went through them.
struct Pipes<'a> {
    stdin: Option<std::process::ChildStdin>,
    stdout: Option<std::process::ChildStdout>,
    stderr: Option<std::process::ChildStderr>,
    input: &'a [u8],
    written: usize,
    answer: Answer,
    errors: Vec<u8>,
}

fn nonblocking(fd: i32) {
    // SAFETY: fcntl on a file descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

impl Pipes<'_> {
    /// Feeds the input and reads the output until the process `pid` ends (its wait status and
    /// peak memory), the deadline passes or hack is stopped (`None`).
    fn drive(
        &mut self,
        pid: i32,
        started: Instant,
        deadline: Deadline,
    ) -> Result<Option<(ExitStatus, u64, Duration)>, String> {
        for fd in [
            self.stdin.as_ref().map(AsRawFd::as_raw_fd),
            self.stdout.as_ref().map(AsRawFd::as_raw_fd),
            self.stderr.as_ref().map(AsRawFd::as_raw_fd),
        ]
        .into_iter()
        .flatten()
        {
            nonblocking(fd);
        }
        if self.input.is_empty() {
            self.stdin = None;
        }
        let mut rounds = 0u32;
        loop {
            rounds = rounds.wrapping_add(1);
            let mut fds = Vec::with_capacity(3);
            if let Some(pipe) = &self.stdin {
                fds.push(poll_fd(pipe.as_raw_fd(), libc::POLLOUT));
            }
            if let Some(pipe) = &self.stdout {
                fds.push(poll_fd(pipe.as_raw_fd(), libc::POLLIN));
            }
            if let Some(pipe) = &self.stderr {
                fds.push(poll_fd(pipe.as_raw_fd(), libc::POLLIN));
            }
            // SAFETY: poll on an array of pollfd we own, of the length given.
            unsafe {
                libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, 5);
            }
            self.feed();
            self.read_ready();
            let mut status = 0;
            // SAFETY: an all-zero rusage is valid; wait4 writes it and the status.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: wait4 on our own child, without blocking.
            let waited = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
            if waited == pid {
                let (peak, cpu) = used(&usage);
                return Ok(Some((ExitStatus::from_raw(status), peak, cpu)));
            }
            if waited < 0 {
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    // SAFETY: kill(2) on our own process group.
                    unsafe {
                        libc::kill(-pid, libc::SIGKILL);
                    }
                    return Err(format!("cannot learn how the solution ended: {e}"));
                }
            }
            let over_cpu = || {
                // Read every few rounds: a file read per poll would cost more than it tells.
                deadline
                    .cpu
                    .is_some_and(|cpu| rounds.is_multiple_of(8) && cpu_time(pid) > cpu)
            };
            if started.elapsed() > deadline.wall || cancelled() || over_cpu() {
                // SAFETY: kill(2) on our own process group.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
                return Ok(None);
            }
        }
    }

    /// Writes what the pipe takes now; closes it when all is written or the reader is gone (a
    /// solution need not read its whole input).
    fn feed(&mut self) {
        let Some(pipe) = &mut self.stdin else {
            return;
        };
        loop {
            match pipe.write(&self.input[self.written..]) {
                Ok(n) => {
                    self.written += n;
                    if self.written == self.input.len() {
                        self.stdin = None;
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.stdin = None;
                    return;
                }
            }
        }
    }

    /// Reads what both output pipes hold now; a pipe at its end is dropped.
    fn read_ready(&mut self) {
        let mut chunk = [0; 1 << 15];
        if let Some(pipe) = &mut self.stdout
            && !read_now(pipe, &mut chunk, |bytes| self.answer.push(bytes))
        {
            self.stdout = None;
        }
        if let Some(pipe) = &mut self.stderr {
            let errors = &mut self.errors;
            let open = read_now(pipe, &mut chunk, |bytes| {
                errors.extend_from_slice(bytes);
                if errors.len() > 2 * STDERR_KEPT {
                    errors.drain(..errors.len() - STDERR_KEPT);
                }
            });
            if !open {
                self.stderr = None;
            }
        }
    }

    /// After the solution's process ended and its group was killed: reads what is left, waiting
    /// a moment for the group's last processes to close their ends. False when a pipe is still
    /// held open (by a process outside the group).
    fn drain(&mut self) -> bool {
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(50);
        loop {
            self.read_ready();
            if self.stdout.is_none() && self.stderr.is_none() {
                return true;
            }
            if Instant::now() > until {
                return false;
            }
            let mut fds = Vec::new();
            for fd in [
                self.stdout.as_ref().map(AsRawFd::as_raw_fd),
                self.stderr.as_ref().map(AsRawFd::as_raw_fd),
            ]
            .into_iter()
            .flatten()
            {
                fds.push(poll_fd(fd, libc::POLLIN));
            }
            // SAFETY: poll on an array of pollfd we own, of the length given.
            unsafe {
                libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, 5);
            }
        }
    }
}

/// The CPU time so far of process `pid` and of the children it waited for, from /proc.
fn cpu_time(pid: i32) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    let fields: Vec<u64> = stat
        .rfind(')')
        .map(|end| &stat[end + 1..])
        .unwrap_or("")
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|f| f.parse().ok())
        .collect();
    // SAFETY: sysconf with a valid name; no memory involved.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let total: u64 = fields.iter().sum();
    Duration::from_millis(total.saturating_mul(1000) / ticks)
}

fn poll_fd(fd: i32, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

/// Reads from `pipe` until it would block, handing each chunk to `take`; false at its end.
fn read_now(pipe: &mut impl Read, chunk: &mut [u8], mut take: impl FnMut(&[u8])) -> bool {
    loop {
        match pipe.read(chunk) {
            Ok(0) => return false,
            Ok(n) => take(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// How many bytes of the answer are kept: the verdict needs 9, the report a line.
const ANSWER_KEPT: usize = 200;

/// A solution's standard output, read whole but kept small: its trimmed start and the length
/// of the trimmed output, which is all that comparing it with a verdict needs.
#[derive(Clone, Debug, Default)]
pub(super) struct Answer {
    /// The first bytes after leading white space.
    head: Vec<u8>,
    /// Whether a byte other than white space has come.
    begun: bool,
    /// Bytes since the first that is not white space.
    length: u64,
    /// Bytes from the first to the last that is not white space: the trimmed output's length.
    trimmed: u64,
}

impl Answer {
    pub(super) fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let blank = b.is_ascii_whitespace();
            if !self.begun {
                if blank {
                    continue;
                }
                self.begun = true;
            }
            if self.head.len() < ANSWER_KEPT {
                self.head.push(b);
            }
            self.length += 1;
            if !blank {
                self.trimmed = self.length;
            }
        }
    }

    /// Whether the trimmed output is exactly `expected`.
    pub(super) fn is(&self, expected: &str) -> bool {
        self.trimmed == expected.len() as u64 && self.head.starts_with(expected.as_bytes())
    }

    /// The trimmed output as a report shows it: quoted (control characters escaped) when
    /// empty or odd, cut with its length when long.
    pub(super) fn shown(&self) -> String {
        let kept = self.head.len().min(self.trimmed as usize);
        let text = String::from_utf8_lossy(&self.head[..kept]);
        let odd = text.is_empty() || text.contains(|c: char| c.is_control());
        let mut shown = if odd {
            format!("{text:?}")
        } else {
            text.into_owned()
        };
        if self.trimmed > kept as u64 {
            shown += &format!("... ({} bytes in all)", self.trimmed);
        }
        shown
    }
}
