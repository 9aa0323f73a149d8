//! Running the solution once on one game under the judge's limits: a deadline in wall time
//! (less the time it waited for a CPU), the judge's stack, the judge's environment, every
//! process and thread of it measured and ended by its sandbox (`sandbox`), its answer read
//! whole, as fast as it comes, but kept small.
//!
//! The game comes on standard input as the judge gives it, a regular file (seekable, its size
//! in `fstat`, mappable): an anonymous file in memory, written whole before the start. Each run
//! is a process group of its own, in a sandbox of its own. Its output pipes are read without
//! blocking (poll with a deadline), so a descendant that escaped the group (`setsid`) and still
//! holds them cannot hold hack: once the solution's own process has ended, the sandbox kills
//! the rest (before the main process is reaped, while its process group's number is still the
//! run's), what is in the pipes is read, and the pipes are dropped. hack is the subreaper of
//! everything it starts (Linux), so an escaped process whose parent ended becomes hack's child,
//! and a sweep kills and reaps it once its run has ended.
//!
//! hack killed by SIGKILL runs no handler: its solutions end with it all the same. Each one's
//! main process has SIGKILL as its parent-death signal, and the guard (`guard`), in a process
//! group of its own, kills every run's group and sandbox.

mod answer;
mod guard;
pub(super) mod measure;
mod sandbox;

pub(in crate::cli) use answer::Answer;
pub(in crate::cli) use guard::GUARD_NAME;
pub(in crate::cli) use guard::stopped;
pub(super) use guard::{signal, signal_name};
use measure::{own_delay, own_peak};
use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::fs::{MemfdFlags, OFlags};
use rustix::process::{WaitId, WaitIdOptions};
pub(super) use sandbox::Sandbox;
pub(in crate::cli) use sandbox::{Room, be_the_guard, hard_limit, sweep_orphans};
pub(in crate::cli) use sandbox::{Scratch, settle, watch, watched_changed};
pub(super) use sandbox::{confine, memory_ceiling};
pub(in crate::cli) use sandbox::{peaks_by_group, which};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Seek, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

/// Takes the signals for hack, makes it the subreaper of what it starts, and starts the guard
/// (see `guard`), told of the control groups' bases to remove at the end.
pub(in crate::cli) fn take_over() {
    sandbox::note_children_before();
    let scratch = sandbox::walls()
        .way
        .is_none()
        .then(sandbox::scratch_base)
        .flatten();
    guard::take_over(scratch, &sandbox::base_folders());
}

/// hack's orderly end: the control groups' bases and the runs' scratch folder removed, then
/// the guard let go.
pub(in crate::cli) fn dismiss() {
    sandbox::remove_bases();
    if sandbox::walls().way.is_none()
        && let Some(scratch) = sandbox::scratch_base()
    {
        let _ = std::fs::remove_dir_all(scratch);
    }
    guard::dismiss();
}

/// A token that ends a run early, as a signal does, set by another thread: a shrinker's
/// candidate that lost the race to a smaller failing one, a large game past a timeout. Passed
/// down with the run's deadline; the default token is never set (only a signal ends the run).
#[derive(Clone, Debug, Default)]
pub(in crate::cli) struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// A token that [`Cancel::cancel`] can set.
    pub(super) fn new() -> Cancel {
        Cancel(Some(Arc::default()))
    }

    /// Ends the runs that hold this token (those running and those to come).
    pub(super) fn cancel(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether [`Cancel::cancel`] was called: a run's result, if any, is not wanted.
    pub(in crate::cli) fn is_cancelled(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether a run holding this token is to end: it was cancelled, or hack was asked to stop.
    fn ends_runs(&self) -> bool {
        stopped() || self.is_cancelled()
    }
}

/// What came out of one run that ended by itself.
pub(in crate::cli) struct Exited {
    pub(in crate::cli) status: ExitStatus,
    /// Wall time from start to end.
    pub(in crate::cli) time: Duration,
    /// CPU time (user and system) of its whole process group: its own, the children it waited
    /// for, and those still running when it ended.
    pub(in crate::cli) cpu: Duration,
    /// Of the wall time, how long its longest-waiting process was ready to run but waited for a
    /// CPU that other work held (Linux's run delay, /proc/PID/schedstat), and how long hack's
    /// thread that watched it did (it sees the end late by that much): not the solution's
    /// doing, and no time on an idle judge.
    pub(in crate::cli) queued: Duration,
    /// Peak resident memory of the solution (the largest of its processes), from wait4; 0 when
    /// it is not above hack's own, which hides it (see [`own_peak`]).
    pub(in crate::cli) peak: u64,
    pub(in crate::cli) stdout: Answer,
    /// The last bytes of its standard error.
    pub(super) stderr: Vec<u8>,
    /// When its memory was first seen above [`Deadline::memory`], if it was.
    pub(in crate::cli) crossed: Option<Crossing>,
}

/// The first look that saw a run's memory above the limit: the run's wall time, wait for a
/// CPU and CPU time then, which say where in its own time it crossed the limit (at most this
/// late: a look comes every [`CPU_READ_EVERY`]), and the largest peak seen by its end. What
/// came first in its own time, this or the time limit, is its verdict's kind: a machine short
/// of CPUs or of memory, which slows a run after it crossed, must not turn it into a timeout.
#[derive(Clone, Copy, Debug)]
pub(in crate::cli) struct Crossing {
    pub(in crate::cli) time: Duration,
    pub(in crate::cli) queued: Duration,
    pub(in crate::cli) cpu: Duration,
    pub(in crate::cli) peak: u64,
}

/// How one run went.
pub(in crate::cli) enum Ran {
    Ended(Exited),
    /// Killed at the deadline: the wall time it ran, the CPU time its group had used, how
    /// long it waited for a CPU (see [`Exited::queued`]), and when its memory was first seen
    /// above [`Deadline::memory`] (see [`Crossing`]).
    OutOfTime(Duration, Duration, Duration, Option<Crossing>),
    /// Killed because hack was asked to stop.
    Stopped,
}

/// Why a run gave no outcome at all.
pub(in crate::cli) enum Unrun {
    /// CMD could not be started: the command line names no program that runs.
    Start(String),
    /// This machine failed us (no process, no pipe, no status).
    Machine(String),
}

/// The turns of one hunt's runs: normal runs share them; a run that must be alone (to confirm
/// a timeout) takes them whole, so that no other run of the hunt goes on meanwhile.
#[derive(Default)]
pub(in crate::cli) struct Turns(RwLock<()>);

/// A run's turn, held until dropped: one beside others, or all of them.
pub(in crate::cli) struct Turn<'a> {
    _shared: Option<RwLockReadGuard<'a, ()>>,
    _whole: Option<RwLockWriteGuard<'a, ()>>,
}

impl Turns {
    /// Waits for a turn: all of them for a run `alone`, else one beside the others.
    pub(in crate::cli) fn take(&self, alone: bool) -> Turn<'_> {
        let whole = || self.0.write().unwrap_or_else(|p| p.into_inner());
        let shared = || self.0.read().unwrap_or_else(|p| p.into_inner());
        Turn {
            _shared: (!alone).then(shared),
            _whole: alone.then(whole),
        }
    }
}

/// How much of the standard error is kept: its end.
const STDERR_KEPT: usize = 2000;

/// How much is read from a pipe at a time: all it holds (64 KiB by default, 1 MiB at most for
/// a user), so that a gigabyte of output, which a solution may write within the time limit,
/// is read in as few reads as `cat` needs.
const READ_AT_ONCE: usize = 1 << 20;

/// When a run ends for being out of time.
#[derive(Clone, Debug)]
pub(in crate::cli) struct Deadline {
    pub(in crate::cli) wall: Duration,
    /// CPU time of the solution's whole process group.
    pub(in crate::cli) cpu: Option<Duration>,
    /// When the run ends whatever its time (a budget that runs out), in wall-clock time however
    /// long it waited for a CPU; a run waiting for its turn to run alone has this much less
    /// time.
    pub(in crate::cli) cut: Option<Instant>,
    /// Ends the run when set (see [`Cancel`]).
    pub(in crate::cli) cancel: Cancel,
    /// The memory limit, in bytes: the run's own time when its peak is first seen above it is
    /// noted (see [`Crossing`]); the run goes on, so that how it ends is known.
    pub(in crate::cli) memory: Option<u64>,
}

/// A run ends at this many times its deadline in wall time, however long it waited for a CPU.
pub(super) const BUSY_MACHINE: u32 = 8;

/// The longest wait for a pipe or the run's end before the deadline is looked at again.
const POLL_EVERY: Duration = Duration::from_millis(5);

/// How often a running run's use is read (a group's files, or a scan of every process in
/// /proc): a twentieth of its deadline, within these bounds, is precise enough and costs
/// little.
const CPU_READ_EVERY: (Duration, Duration) =
    (Duration::from_millis(100), Duration::from_millis(500));

/// Runs `command` on `input` with `room`, ending it at `deadline`, in its turn: with `alone`,
/// while no other run of those `turns` goes on.
pub(in crate::cli) fn run_once(
    command: &[OsString],
    input: &[u8],
    room: Room,
    deadline: Deadline,
    (turns, alone): (&Turns, bool),
) -> Result<Ran, Unrun> {
    let _turn = turns.take(alone);
    // Stopped, cancelled, or cut while it waited for its turn: nothing to run.
    if deadline.cancel.ends_runs() || deadline.cut.is_some_and(|cut| Instant::now() >= cut) {
        return Ok(Ran::Stopped);
    }
    let game = game_file(input).map_err(|e| {
        // A file in memory is a file all the same: the shell's file-size limit holds for it.
        let why = if e.raw_os_error() == Some(libc::EFBIG) {
            ": the shell's file-size limit (ulimit -f) is below the game's size"
        } else {
            ""
        };
        Unrun::Machine(format!("cannot make the game's file in memory: {e}{why}"))
    })?;
    let mut cmd = Command::new(&command[0]);
    cmd.args(&command[1..])
        .stdin(game)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut sandbox = Sandbox::new(room.space);
    sandbox.holds_input(input.len());
    let _scratch = confine(&mut cmd, room, &sandbox).map_err(|e| {
        sandbox.end();
        Unrun::Machine(format!("cannot make the run's scratch folder: {e}"))
    })?;
    // Measured before the fork: what the child's own peak must pass to be its own.
    let hidden_below = own_peak();
    let lag_from = own_delay();
    let mut child = match sandbox.spawn(cmd) {
        Ok(child) => child,
        Err(e) => {
            sandbox.end();
            return Err(unrun(e));
        }
    };
    // The run's time starts at its exec, which spawn waits for: the move into its control group
    // before it (1 to 25 ms, as the kernel syncs) and another run's spawn are hack's, not the
    // solution's, and a start that varies by 25 ms shakes a short run's time.
    let started = Instant::now();
    let mut pipes = Pipes {
        stdout: child.stdout.take(),
        stderr: child.stderr.take(),
        chunk: vec![0; READ_AT_ONCE],
        answer: Answer::default(),
        errors: Vec::new(),
        queued: Duration::ZERO,
        lag_from,
        started,
        memory: deadline.memory,
        crossed: None,
    };
    let result = pipes.drive(started, &deadline, &mut sandbox);
    if let Ok(Some(_)) = result {
        sandbox.hear_the_end();
    }
    // What is left of the run (the solution's children) counts in its use until now, and so
    // do the last times of its main process, ended but not yet reaped.
    let left = pipes.read_run(&mut sandbox);
    // Whatever the run left ends here, whichever way it went, before its main process is
    // reaped: until then the process group's number is the run's.
    sandbox.kill();
    let reaped = sandbox.reap(true);
    let result = match (result, reaped) {
        (Ok(Some(time)), Some((status, peak, cpu))) => {
            if !pipes.drain() {
                // Someone outside the run holds a pipe: an escaped descendant, now an orphan.
                pipes.stdout = None;
                pipes.stderr = None;
            }
            // wait4's peak is the largest one process of the run reached, hack's size at the
            // fork hiding under it; the sandbox's counts every process.
            let peak = if sandbox.counts_peak() {
                left.peak
            } else if peak > hidden_below {
                peak.max(left.peak)
            } else {
                left.peak
            };
            Ok(Ran::Ended(Exited {
                status,
                time,
                cpu: cpu.max(left.cpu),
                // No run waits longer than it runs.
                queued: pipes.queued.max(left.queued + pipes.lag()).min(time),
                peak,
                stdout: std::mem::take(&mut pipes.answer),
                stderr: std::mem::take(&mut pipes.errors),
                crossed: pipes.crossed,
            }))
        }
        (Ok(None), reaped) => {
            let time = started.elapsed();
            let cpu = reaped.map_or(Duration::ZERO, |(_, _, cpu)| cpu);
            if deadline.cancel.ends_runs() {
                Ok(Ran::Stopped)
            } else {
                Ok(Ran::OutOfTime(
                    time,
                    cpu.max(left.cpu),
                    pipes.queued.max(left.queued + pipes.lag()).min(time),
                    pipes.crossed,
                ))
            }
        }
        (Ok(Some(_)), None) => Err(Unrun::Machine(
            "cannot learn how the solution ended: it could not be reaped".into(),
        )),
        (Err(e), _) => Err(Unrun::Machine(e)),
    };
    drop(pipes);
    drop(child);
    sandbox.end();
    // What escaped the run and was handed to hack ends now, not at hack's end: a solution
    // that leaves a daemon on every run leaves at most one per running job.
    sweep_orphans();
    // Without Landlock, the user's files are checked: a run that changed one is no pass.
    if let Some(changed) = sandbox::watched_changed() {
        return Err(Unrun::Machine(changed));
    }
    result
}

/// Whether the run's main process `pid` (hack's child) has ended. It is left unreaped: its
/// last times are still there to read, and its number (and its process group's) still its own
/// for the kill that follows.
pub(super) fn ended(pid: i32) -> io::Result<bool> {
    let pid = rustix::process::Pid::from_raw(pid).ok_or(io::ErrorKind::InvalidInput)?;
    let how = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    loop {
        match rustix::process::waitid(WaitId::Pid(pid), how) {
            Ok(status) => return Ok(status.is_some()),
            Err(rustix::io::Errno::INTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
}

/// The game as the judge gives it on standard input: a regular file, whole and read from its
/// start, so that a solution may `fstat` it for its size, `mmap` it or seek in it, as fast-input
/// templates do (on a pipe, `fstat` says 0 bytes). In memory (`memfd_create`): no disk, and
/// nothing to remove; it is gone once the run and hack have closed it.
fn game_file(input: &[u8]) -> io::Result<File> {
    let mut file = File::from(rustix::fs::memfd_create("game", MemfdFlags::CLOEXEC)?);
    file.write_all(input)?;
    file.rewind()?;
    Ok(file)
}

/// Why a command could not be started: its own fault (no such program, not executable) or the
/// machine's.
pub(super) fn unrun(e: io::Error) -> Unrun {
    match e.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied => Unrun::Start(e.to_string()),
        _ if e.raw_os_error() == Some(libc::ENOEXEC) => Unrun::Start(e.to_string()),
        _ => Unrun::Machine(format!("cannot start a process: {e}")),
    }
}

/// The two output pipes of one run and what came through them.
struct Pipes {
    stdout: Option<std::process::ChildStdout>,
    stderr: Option<std::process::ChildStderr>,
    /// What each read fills, [`READ_AT_ONCE`] bytes.
    chunk: Vec<u8>,
    answer: Answer,
    errors: Vec<u8>,
    /// The time the run waited for a CPU (see [`sandbox::Usage::queued`]) when last read,
    /// with the wait of hack's own thread since `lag_from`.
    queued: Duration,
    /// hack's thread's run delay when it last began to wait for the run (poll): what it
    /// waited for a CPU since is how late it sees the run's end. (Its waits before, while the
    /// run went on, overlap the run's own and are not added.)
    lag_from: Duration,
    /// When the run started, its memory limit, and when its memory was first seen above it.
    started: Instant,
    memory: Option<u64>,
    crossed: Option<Crossing>,
}

pub(super) fn nonblocking(fd: impl AsFd) {
    if let Ok(flags) = rustix::fs::fcntl_getfl(&fd) {
        let _ = rustix::fs::fcntl_setfl(&fd, flags | OFlags::NONBLOCK);
    }
}

/// Waits until one of `fds` is ready, at most `wait`: how many are (0 when the wait ran out, or
/// a signal or an error ended it early: each caller looks again).
pub(super) fn poll(fds: &mut [PollFd<'_>], wait: Duration) -> usize {
    let wait = Timespec::try_from(wait).ok();
    rustix::event::poll(fds, wait.as_ref()).unwrap_or(0)
}

impl Pipes {
    /// Reads the output until the process `pid` ends (its wall time; it is left unreaped), the
    /// deadline passes (its run killed) or hack is stopped (`None`).
    fn drive(
        &mut self,
        started: Instant,
        deadline: &Deadline,
        sandbox: &mut Sandbox,
    ) -> Result<Option<Duration>, String> {
        for fd in self.outputs() {
            nonblocking(fd);
        }
        let mut cpu_read = started;
        let mut cpu = Duration::ZERO;
        let read_every = (deadline.wall / 20).clamp(CPU_READ_EVERY.0, CPU_READ_EVERY.1);
        loop {
            self.lag_from = own_delay();
            // CMD's end wakes the wait too: it may come after the pipes close.
            let ends = sandbox.ended_fds();
            poll(&mut readable(self.outputs().chain(ends)), POLL_EVERY);
            self.read_ready();
            match sandbox.ended() {
                // The run's time ends here, before hack reads and empties its group.
                Ok(true) => return Ok(Some(started.elapsed())),
                Ok(false) => {}
                Err(e) => return Err(format!("cannot learn how the solution ended: {e}")),
            }
            // Read now and then: a scan of /proc per poll would cost more than it tells.
            if cpu_read.elapsed() >= read_every {
                cpu_read = Instant::now();
                cpu = self.read_run(sandbox).cpu;
            }
            let over_cpu = deadline.cpu.is_some_and(|limit| cpu > limit);
            // A budget's deadline is wall-clock time: the user's, whatever the load.
            let cut = (deadline.cut).is_some_and(|cut| Instant::now() >= cut);
            // Time spent waiting for a CPU that other work held is not the solution's; but a
            // machine that busy does not hold hack forever either.
            let elapsed = started.elapsed();
            let mut over_wall = elapsed.saturating_sub(self.queued) > deadline.wall;
            if over_wall && !over_cpu {
                // Its wait for a CPU read again at the deadline: a limit shorter than the time
                // between reads (10 ms) passes before the run's wait was read at all.
                cpu_read = Instant::now();
                cpu = self.read_run(sandbox).cpu;
                over_wall = elapsed.saturating_sub(self.queued) > deadline.wall;
            }
            over_wall |= elapsed > deadline.wall.saturating_mul(BUSY_MACHINE);
            if over_wall || deadline.cancel.ends_runs() || over_cpu || cut {
                // What the run used up to its end: children its main process has not waited
                // for are gone from /proc once killed.
                self.read_run(sandbox);
                sandbox.kill();
                return Ok(None);
            }
        }
    }

    /// Reads what the run has used so far.
    fn read_run(&mut self, sandbox: &mut Sandbox) -> sandbox::Usage {
        let usage = sandbox.look();
        self.queued = self.queued.max(usage.queued + self.lag());
        match &mut self.crossed {
            Some(crossed) => crossed.peak = crossed.peak.max(usage.peak),
            None if self.memory.is_some_and(|limit| usage.peak > limit) => {
                let time = self.started.elapsed();
                self.crossed = Some(Crossing {
                    time,
                    queued: self.queued.min(time),
                    cpu: usage.cpu,
                    peak: usage.peak,
                });
            }
            None => {}
        }
        usage
    }

    /// How long hack's thread has waited for a CPU since it last began to wait for the run.
    fn lag(&self) -> Duration {
        own_delay().saturating_sub(self.lag_from)
    }

    /// Reads what both output pipes hold now; a pipe at its end is dropped.
    fn read_ready(&mut self) {
        if let Some(pipe) = &mut self.stdout
            && !read_now(pipe, &mut self.chunk, |bytes| self.answer.push(bytes))
        {
            self.stdout = None;
        }
        if let Some(pipe) = &mut self.stderr {
            let errors = &mut self.errors;
            let open = read_now(pipe, &mut self.chunk, |bytes| {
                errors.extend_from_slice(&bytes[bytes.len().saturating_sub(STDERR_KEPT)..]);
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
        let until = Instant::now() + Duration::from_millis(50);
        loop {
            self.read_ready();
            if self.stdout.is_none() && self.stderr.is_none() {
                return true;
            }
            if Instant::now() > until {
                return false;
            }
            poll(&mut readable(self.outputs()), POLL_EVERY);
        }
    }

    /// The output pipes still open.
    fn outputs(&self) -> impl Iterator<Item = BorrowedFd<'_>> {
        let stdout = self.stdout.as_ref().map(AsFd::as_fd);
        stdout
            .into_iter()
            .chain(self.stderr.as_ref().map(AsFd::as_fd))
    }
}

/// `fds`, each waited on until it is readable.
pub(super) fn readable<'a>(fds: impl Iterator<Item = BorrowedFd<'a>>) -> Vec<PollFd<'a>> {
    fds.map(|fd| PollFd::from_borrowed_fd(fd, PollFlags::IN))
        .collect()
}

/// Reads from `pipe` until it would block, handing each chunk to `take`; false at its end.
pub(super) fn read_now(
    pipe: &mut impl Read,
    chunk: &mut [u8],
    mut take: impl FnMut(&[u8]),
) -> bool {
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
