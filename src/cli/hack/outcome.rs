//! What one run of the solution on one game means, judged as the judge would: right, wrong
//! answer, crash, stack overflow, memory limit exceeded or timeout; and the confirmation every
//! failure needs before it counts (it repeats, run alone, or it is flaky).
//!
//! A timeout is a run over the limit in wall time when run alone (no other job of hack
//! running), as on a judge: a solution that waits is out of time too. Memory limit exceeded is
//! its memory peak over the limit, every process of the run together; a runaway is stopped well
//! above the limit, only so that it cannot take the machine. A crash by a signal that goes away
//! with a larger stack is a stack overflow, with the stack it needs: one run with a larger stack
//! names it, and its confirmation holds it to both halves of the claim, every run crashing with
//! `--stack` and every run ending well with the stack named (else it is a crash, flaky or not).

use super::limits::{self, Answer, Deadline, Ended, Ran, Room, Unrun};
use crate::Game;
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A game to try: its piles and forbidden moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) struct Case {
    pub(in crate::cli) piles: Vec<u64>,
    pub(in crate::cli) forbidden: Vec<(u64, u64)>,
}

impl Case {
    /// The game as an input file.
    pub(in crate::cli) fn input(&self) -> Vec<u8> {
        let mut input = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = super::super::shapes::write_input(&mut input, &self.piles, &self.forbidden);
        input
    }

    /// N + M: how large the game is.
    pub(super) fn size(&self) -> usize {
        self.piles.len() + self.forbidden.len()
    }
}

/// How one run of CMD on one game went.
#[derive(Clone, Debug)]
pub(in crate::cli) enum Outcome {
    Right,
    Wrong {
        expected: &'static str,
        actual: Answer,
    },
    Crash {
        status: String,
        stderr: String,
        /// Its resident peak, 0 when hidden under hack's own (see `limits::own_peak`).
        peak: u64,
    },
    /// Crashed with `--stack`, ended well with more.
    Stack {
        status: String,
        stderr: String,
        /// Its resident peak, as [`Outcome::Crash`]'s: the crash it is, should a larger stack
        /// not cure it on every run.
        peak: u64,
        /// The stack it ended well with, in bytes: `--stack` doubled until it did.
        needs: u64,
        /// The largest stack tried on which it still crashed, in bytes.
        fails: u64,
    },
    Memory {
        /// The resident peak, above the limit.
        peak: u64,
        /// How it ended when it did not end well ("exited with status 1").
        status: Option<String>,
        stderr: String,
    },
    Timeout {
        /// The wall time it ran alone, less the time it waited for a CPU held by other work.
        time: Duration,
        /// The time it waited for a CPU held by other work (see `limits::Ended::queued`).
        queued: Duration,
        /// The CPU time its process group used alone.
        cpu: Duration,
        /// Whether hack ended it (at [`ALONE_WALL`] times the limit) rather than it ending.
        ended: bool,
    },
    /// An interactive game the bot failed (`hack --interactive`), confirmed: the verdict's kind.
    Played {
        kind: &'static str,
    },
    /// CMD could not be started at all: a mistake on the command line, not a failure.
    NotRun(String),
    /// This machine could not run CMD (processes, pipes): no verdict, and no going on.
    Broken(String),
    /// A signal asked hack to stop, or the shrinking budget ran out, while CMD ran: no verdict.
    Stopped,
}

impl Outcome {
    /// What kind of failure this is; shrinking keeps the kind.
    pub(in crate::cli) fn kind(&self) -> &'static str {
        match self {
            Outcome::Right => "right",
            Outcome::Wrong { .. } => "wrong answer",
            Outcome::Crash { .. } => "crash",
            Outcome::Stack { .. } => "stack overflow",
            Outcome::Memory { .. } => "memory limit exceeded",
            Outcome::Timeout { .. } => "timeout",
            Outcome::Played { kind } => kind,
            Outcome::NotRun(_) => "not run",
            Outcome::Broken(_) => "broken",
            Outcome::Stopped => "stopped",
        }
    }

    /// A verdict against the solution.
    pub(in crate::cli) fn failed(&self) -> bool {
        matches!(
            self,
            Outcome::Wrong { .. }
                | Outcome::Crash { .. }
                | Outcome::Stack { .. }
                | Outcome::Memory { .. }
                | Outcome::Timeout { .. }
                | Outcome::Played { .. }
        )
    }

    /// No verdict, and no going on: the search ends with this reason.
    pub(super) fn unusable(&self) -> bool {
        matches!(self, Outcome::NotRun(_) | Outcome::Broken(_))
    }
}

/// A failure seen again, or not.
#[derive(Clone, Debug)]
pub(super) enum Confirmed {
    /// It failed on every run, alone: the last run that failed as the first did.
    Repeats(Outcome),
    /// It failed on only `failed` of `runs` runs: the last that failed as the first did.
    Flaky {
        failed: u32,
        runs: u32,
        outcome: Outcome,
    },
    /// No verdict: a run could not be made, hack was stopped or the budget ran out (the
    /// outcome that said so), or there was no failure to confirm.
    Unsure(Outcome),
}

impl Confirmed {
    /// The outcome it stands on.
    pub(super) fn outcome(&self) -> &Outcome {
        match self {
            Confirmed::Repeats(outcome)
            | Confirmed::Unsure(outcome)
            | Confirmed::Flaky { outcome, .. } => outcome,
        }
    }

    /// Whether the failure counts: it repeated on every run.
    pub(super) fn repeats(&self) -> bool {
        matches!(self, Confirmed::Repeats(_))
    }
}

/// How many runs a smaller game the shrinker tries must fail, all of them, to be kept: the
/// first and a rerun alone. (Each shrinking step that is kept pays for the rerun.)
const REPEATS: u32 = 2;

/// How many runs the failure found must fail, all of them, before it is reported as one that
/// repeats: a solution that crashes on one run in five passes three reruns alone by chance
/// once in 125 (one rerun let it pass as a steady crash once in five, and then every smaller
/// game looked as if it passed).
const FOUND_REPEATS: u32 = 4;

/// How many runs a failure that did not repeat is counted over.
const FLAKY_RUNS: u32 = 8;

/// Hack ends a run alone at this many times the limit, in wall time: long enough to show how
/// far over the limit it is, without waiting for a solution that waits forever.
pub(super) const ALONE_WALL: f64 = 1.25;

const GIB: u64 = 1 << 30;

/// The solution under test and how it is run.
pub(in crate::cli) struct Runner {
    pub(in crate::cli) command: Vec<OsString>,
    pub(in crate::cli) timeout: Duration,
    /// The memory limit, in bytes of resident memory (`--memory`).
    pub(in crate::cli) memory: u64,
    /// Bytes of stack for the main thread (`--stack`).
    pub(in crate::cli) stack: u64,
    pub(in crate::cli) jobs: usize,
    /// Runs of CMD so far.
    pub(in crate::cli) runs: AtomicU64,
    /// When the budget of shrinking (or of a timeout's growth) runs out: a run still going
    /// then is cut, with no verdict.
    pub(in crate::cli) until: Mutex<Option<Instant>>,
    /// Plays the game against CMD instead of running CMD on it (`hack --interactive`).
    pub(in crate::cli) referee: Option<Referee>,
}

/// One interactive game against CMD, judged: what [`Runner::try_case`] does instead.
pub(in crate::cli) type Referee = Box<dyn Fn(&Case) -> Outcome + Send + Sync>;

impl Runner {
    /// Whether the budget [`Runner::until`] has run out.
    pub(super) fn out_of_budget(&self) -> bool {
        let until = *self.until.lock().unwrap_or_else(|p| p.into_inner());
        until.is_some_and(|until| Instant::now() >= until)
    }

    /// The memory at which a run is stopped as a runaway: see [`space_for`].
    pub(super) fn space(&self) -> u64 {
        space_for(self.memory, self.stack)
    }

    /// The largest stack a run may have: what the runaway guard and the shell allow.
    fn largest_stack(&self) -> u64 {
        (self.space() - self.memory.min(self.space())).min(limits::hard_limit(libc::RLIMIT_STACK))
    }

    /// The room each run has: [`Runner::space`] and `--stack`.
    pub(super) fn room(&self) -> Room {
        room_for(self.memory, self.stack)
    }

    /// Runs CMD on `case` and judges its answer.
    pub(super) fn try_case(&self, case: &Case) -> Outcome {
        if let Some(referee) = &self.referee {
            self.runs.fetch_add(1, Ordering::Relaxed);
            return referee(case);
        }
        match expected(case) {
            Ok(expected) => self.try_input(&case.input(), expected),
            Err(outcome) => outcome,
        }
    }

    /// Runs CMD on `input`, whose answer is `expected`, and judges what it did.
    pub(super) fn try_input(&self, input: &[u8], expected: &'static str) -> Outcome {
        // With one job every run is alone.
        let mode = if self.jobs == 1 {
            Mode::Alone
        } else {
            Mode::Shared
        };
        self.judge_run(input, expected, mode)
    }

    /// [`Runner::try_case`] run alone: for games tried one at a time (the samples, the saved
    /// games), where nothing else runs anyway, so that a timeout's first run is its verdict.
    pub(super) fn try_alone(&self, case: &Case) -> Outcome {
        self.try_in(case, Mode::Alone)
    }

    /// [`Runner::try_input`] run alone (see [`Runner::try_alone`]).
    pub(super) fn try_input_alone(&self, input: &[u8], expected: &'static str) -> Outcome {
        self.judge_run(input, expected, Mode::Alone)
    }

    /// [`Runner::try_case`] beside hack's other runs, judged as a run alone is (see
    /// [`Mode::Beside`]): for games that are expected to take the limit and more.
    pub(super) fn try_beside(&self, case: &Case) -> Outcome {
        self.try_in(case, Mode::Beside)
    }

    fn try_in(&self, case: &Case, mode: Mode) -> Outcome {
        if let Some(referee) = &self.referee {
            self.runs.fetch_add(1, Ordering::Relaxed);
            return referee(case);
        }
        match expected(case) {
            Ok(expected) => self.judge_run(&case.input(), expected, mode),
            Err(outcome) => outcome,
        }
    }

    /// Runs `case` again, alone, until its failure `outcome` has repeated on every run
    /// ([`REPEATS`] in all), or a run passed (then [`FLAKY_RUNS`] in all are counted).
    pub(super) fn confirm(&self, case: &Case, outcome: &Outcome) -> Confirmed {
        self.confirm_over(case, outcome, REPEATS)
    }

    /// [`Runner::confirm`] for the failure found, before it is reported: [`FOUND_REPEATS`]
    /// runs must fail, or [`REPEATS`] for a timeout far over the limit (see [`far_over`]):
    /// each of its runs takes the limit and more, and a run that is still going at
    /// [`ALONE_WALL`] times the limit, alone, is no timeout by chance.
    pub(super) fn confirm_found(&self, case: &Case, outcome: &Outcome) -> Confirmed {
        let repeats = if far_over(outcome, self.timeout) {
            REPEATS
        } else {
            FOUND_REPEATS
        };
        self.confirm_over(case, outcome, repeats)
    }

    /// [`Runner::confirm`], with `repeats` runs that must fail.
    fn confirm_over(&self, case: &Case, outcome: &Outcome, repeats: u32) -> Confirmed {
        if let Some(referee) = &self.referee {
            return confirm_by(outcome, repeats, || {
                self.runs.fetch_add(1, Ordering::Relaxed);
                referee(case)
            });
        }
        match expected(case) {
            Ok(expected) => {
                let input = case.input();
                if let Outcome::Stack { needs, .. } = outcome {
                    return self.confirm_stack(&input, expected, outcome, *needs, repeats);
                }
                confirm_by(outcome, repeats, || {
                    self.judge_run(&input, expected, Mode::Alone)
                })
            }
            Err(outcome) => Confirmed::Unsure(outcome),
        }
    }

    /// [`Runner::confirm_over`] for a stack overflow, which claims two things, each held to
    /// `repeats` runs alone as any failure is: with the stack it `needs` it ends well every
    /// time (the run that named that stack was the first), and with `--stack` it crashes every
    /// time. A crash with the larger stack means the crash comes and goes whatever the stack:
    /// no stack overflow, and it is confirmed as the crash it is, with `--stack`; a run with
    /// `--stack` that passes makes it a flaky crash. A crash that one run with a larger stack
    /// happened to pass (a null pointer on half the runs) was called a stack overflow.
    fn confirm_stack(
        &self,
        input: &[u8],
        expected: &'static str,
        stack: &Outcome,
        needs: u64,
        repeats: u32,
    ) -> Confirmed {
        let crash = as_crash(stack);
        // With --stack, each run judged as it ends: no larger stack tried again.
        let rerun = || self.judge(input, expected, Mode::Alone, false);
        for _ in 1..repeats {
            match self.ends_well(input, needs, Mode::Alone) {
                Ok(true) => {}
                Ok(false) => return confirm_by(&crash, repeats, rerun),
                Err(outcome) => return Confirmed::Unsure(outcome),
            }
        }
        match confirm_by(&crash, repeats, rerun) {
            Confirmed::Repeats(_) => Confirmed::Repeats(stack.clone()),
            other => other,
        }
    }

    /// A run alone that hack ended: a timeout, unless hack ended it at `limits`' busy-machine
    /// bound with what it ran (less its wait for a CPU) within the limit: only a machine too
    /// busy to wait for ended it, and no verdict can be given.
    fn out_of_time(&self, time: Duration, cpu: Duration, queued: Duration) -> Outcome {
        let busy_bound = self
            .timeout
            .mul_f64(ALONE_WALL)
            .saturating_mul(limits::BUSY_MACHINE);
        if time >= busy_bound && counted(time, queued, cpu) <= self.timeout {
            return Outcome::Broken(format!(
                "this machine is too busy to judge a run: in {:.2} s of wall time it waited \
                 {:.2} s for a CPU other work held, and ran {:.2} s, within the limit",
                time.as_secs_f64(),
                queued.as_secs_f64(),
                counted(time, queued, cpu).as_secs_f64()
            ));
        }
        timeout_of(time, cpu, queued, true)
    }

    /// One judged run; a run over the limit among other jobs is run again alone, where its
    /// wall time decides; a crash by a signal is tried with larger stacks (a stack overflow?).
    fn judge_run(&self, input: &[u8], expected: &'static str, mode: Mode) -> Outcome {
        self.judge(input, expected, mode, true)
    }

    /// [`Runner::judge_run`]; a crash is tried with larger stacks only with `stacks`.
    fn judge(&self, input: &[u8], expected: &'static str, mode: Mode, stacks: bool) -> Outcome {
        // Beside other runs, judged as alone: its wall time less its wait for a CPU decides.
        let alone = mode != Mode::Shared;
        let mut ended = match self.run(input, self.room(), mode) {
            Err(outcome) => return outcome,
            Ok(Ran::Stopped) => return Outcome::Stopped,
            Ok(Ran::OutOfTime(time, cpu, queued)) if alone => {
                return self.out_of_time(time, cpu, queued);
            }
            Ok(Ran::OutOfTime(..)) => None,
            Ok(Ran::Ended(ended)) if over(&ended, self.timeout) && !alone => None,
            Ok(Ran::Ended(ended)) => Some(ended),
        };
        if ended.is_none() {
            // Over the limit among other jobs: it counts only if it is over the limit alone.
            ended = match self.run(input, self.room(), Mode::Alone) {
                Err(outcome) => return outcome,
                Ok(Ran::Stopped) => return Outcome::Stopped,
                Ok(Ran::OutOfTime(time, cpu, queued)) => {
                    return self.out_of_time(time, cpu, queued);
                }
                Ok(Ran::Ended(ended)) => Some(ended),
            };
        }
        let Some(ended) = ended else {
            return Outcome::Stopped;
        };
        if over(&ended, self.timeout) {
            return timeout_of(ended.time, ended.cpu, ended.queued, false);
        }
        if ended.peak > self.memory {
            return Outcome::Memory {
                peak: ended.peak,
                status: (!ended.status.success()).then(|| describe(ended.status)),
                stderr: escaped_tail(&ended.stderr),
            };
        }
        if !ended.status.success() {
            if !stacks {
                return crash_of(ended);
            }
            return self.crashed(input, ended);
        }
        if ended.stdout.is(expected) {
            Outcome::Right
        } else {
            Outcome::Wrong {
                expected,
                actual: ended.stdout,
            }
        }
    }

    /// A run that ended badly within the memory limit: a stack overflow when a signal ended it
    /// and a larger stack let it end well (one run; the confirmation holds it to every run, see
    /// [`Runner::confirm_stack`]), else a crash.
    fn crashed(&self, input: &[u8], ended: Ended) -> Outcome {
        let status = describe(ended.status);
        let stderr = escaped_tail(&ended.stderr);
        let crash = Outcome::Crash {
            status: status.clone(),
            stderr: stderr.clone(),
            peak: ended.peak,
        };
        // A stack overflow is a SIGSEGV (or SIGBUS) on the guard page.
        let by_signal = matches!(ended.status.signal(), Some(libc::SIGSEGV | libc::SIGBUS));
        let largest = self.largest_stack();
        if !by_signal || largest <= self.stack {
            return crash;
        }
        // The largest stack first: if even that crashes, no stack helps.
        match self.ends_well(input, largest, Mode::Shared) {
            Ok(true) => {}
            Ok(false) => return crash,
            Err(outcome) => return outcome,
        }
        let mut fails = self.stack;
        let mut stack = self.stack.saturating_mul(2).min(largest);
        while stack < largest {
            match self.ends_well(input, stack, Mode::Shared) {
                Ok(true) => break,
                Ok(false) => fails = stack,
                Err(outcome) => return outcome,
            }
            stack = stack.saturating_mul(2).min(largest);
        }
        Outcome::Stack {
            status,
            stderr,
            peak: ended.peak,
            needs: stack,
            fails,
        }
    }

    /// Whether CMD ends well (exit status 0, in time) on `input` with `stack` bytes of stack,
    /// run as `mode` says.
    fn ends_well(&self, input: &[u8], stack: u64, mode: Mode) -> Result<bool, Outcome> {
        let room = Room {
            space: self.space().max(self.memory.saturating_add(stack)),
            stack,
        };
        match self.run(input, room, mode)? {
            Ran::Ended(ended) => Ok(ended.status.success()),
            Ran::Stopped => Err(Outcome::Stopped),
            Ran::OutOfTime(..) => Ok(false),
        }
    }

    fn run(&self, input: &[u8], room: Room, mode: Mode) -> Result<Ran, Outcome> {
        self.runs.fetch_add(1, Ordering::Relaxed);
        // Among other jobs a run ends at the limit (then it is run again alone); alone or beside,
        // a little past it. In wall time only, as the judge measures: threads side by side use
        // more CPU time than wall time, and a right parallel solution is not cut for it.
        let alone = mode == Mode::Alone;
        let wall = if mode != Mode::Shared {
            self.timeout.mul_f64(ALONE_WALL)
        } else {
            self.timeout
        };
        let until = *self.until.lock().unwrap_or_else(|p| p.into_inner());
        let deadline = Deadline {
            wall,
            cpu: None,
            cut: until,
        };
        let ran =
            limits::run_once(&self.command, input, room, deadline, alone).map_err(|e| match e {
                Unrun::Start(e) => Outcome::NotRun(e),
                Unrun::Machine(e) => Outcome::Broken(e),
            })?;
        // Cut by the budget, not by the limit: no verdict.
        Ok(match ran {
            Ran::OutOfTime(..) if until.is_some_and(|until| Instant::now() >= until) => {
                Ran::Stopped
            }
            ran => ran,
        })
    }
}

/// How a run is made, and judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Beside hack's other runs, ended at the limit: one over it is run again alone, which
    /// decides.
    Shared,
    /// No other run of hack meanwhile; ended at [`ALONE_WALL`] times the limit.
    Alone,
    /// Beside hack's other runs (one a core), ended at [`ALONE_WALL`] times the limit, and
    /// judged as alone: its wall time less the time it waited for a CPU (see [`counted`]), so
    /// that J games that take the limit and more take it once, not once shared and once alone
    /// each, one after the other.
    Beside,
}

/// Whether `outcome` is a timeout far over `timeout`: still running at [`ALONE_WALL`] times
/// the limit, not counting the time it waited for a CPU (an endless loop, a quadratic
/// solution on a max test), where a timeout near the limit may be one by chance.
pub(super) fn far_over(outcome: &Outcome, timeout: Duration) -> bool {
    matches!(outcome, Outcome::Timeout { time, ended: true, .. }
        if *time >= timeout.mul_f64(ALONE_WALL * 0.95))
}

/// Whether a run took longer than `timeout` (see [`counted`]).
fn over(ended: &Ended, timeout: Duration) -> bool {
    counted(ended.time, ended.queued, ended.cpu) > timeout
}

/// The time a run counts for: its wall time less the time it waited for a CPU that other work
/// held, which an idle judge does not have; never less than its CPU time spread over every
/// core of this machine (up to its wall time): threads side by side take less wall time than
/// CPU time, and no more cores than there are.
pub(in crate::cli) fn counted(time: Duration, queued: Duration, cpu: Duration) -> Duration {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    time.saturating_sub(queued).max((cpu / cores).min(time))
}

fn timeout_of(time: Duration, cpu: Duration, queued: Duration, ended: bool) -> Outcome {
    let counts = counted(time, queued, cpu);
    Outcome::Timeout {
        time: counts,
        queued: time.saturating_sub(counts),
        cpu,
        ended,
    }
}

/// A run that ended badly, as a crash: how it ended, the end of its standard error, its peak.
fn crash_of(ended: Ended) -> Outcome {
    Outcome::Crash {
        status: describe(ended.status),
        stderr: escaped_tail(&ended.stderr),
        peak: ended.peak,
    }
}

/// A stack overflow as the crash it is with `--stack` (any other outcome as it is).
fn as_crash(outcome: &Outcome) -> Outcome {
    match outcome {
        Outcome::Stack {
            status,
            stderr,
            peak,
            ..
        } => Outcome::Crash {
            status: status.clone(),
            stderr: stderr.clone(),
            peak: *peak,
        },
        other => other.clone(),
    }
}

/// The answer to `case`, from this solver.
fn expected(case: &Case) -> Result<&'static str, Outcome> {
    let game = Game {
        piles: case.piles.clone(),
        forbidden: case.forbidden.clone(),
    };
    // Only an allocation failure makes the solver fail: a game too large to judge here.
    crate::winner(game)
        .map_err(|_| Outcome::Broken("not enough memory to solve the game".to_owned()))
}

/// What the usual runtimes print when an allocation fails.
pub(super) fn said_out_of_memory(stderr: &str) -> bool {
    [
        "MemoryError",
        "bad_alloc",
        "memory allocation of",
        "Cannot allocate memory",
        "OutOfMemoryError",
        "out of memory",
    ]
    .iter()
    .any(|words| stderr.contains(words))
}

/// The last lines of a standard error, control characters (ANSI escapes, `\r`) escaped so
/// that the report stays plain lines.
pub(super) fn escaped_tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let last = &lines[lines.len().saturating_sub(5)..];
    let mut shown = String::new();
    for (i, line) in last.iter().enumerate() {
        if i > 0 {
            shown.push('\n');
        }
        for c in line.chars().take(300) {
            if c.is_control() && c != '\t' {
                shown.extend(c.escape_debug());
            } else {
                shown.push(c);
            }
        }
    }
    shown
}

/// An exit status in words: "exited with status 1", "was killed by signal 11 (SIGSEGV)".
pub(super) fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    let signal = status.signal().unwrap_or(0);
    let name = match signal {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        15 => " (SIGTERM)",
        _ => "",
    };
    format!("was killed by signal {signal}{name}")
}

/// Confirms the failure `outcome` by calling `rerun` (a run alone) until it has repeated on every run
/// (`repeats` in all), or a run passed (then [`FLAKY_RUNS`] in all are counted).
fn confirm_by(outcome: &Outcome, repeats: u32, mut rerun: impl FnMut() -> Outcome) -> Confirmed {
    if !outcome.failed() {
        return Confirmed::Unsure(outcome.clone());
    }
    let (mut failed, mut runs, mut last) = (1, 1, outcome.clone());
    loop {
        let again = rerun();
        if !again.failed() && !matches!(again, Outcome::Right) {
            return Confirmed::Unsure(again);
        }
        runs += 1;
        // A run that fails another way (a crash, then a timeout) still fails.
        if again.failed() {
            failed += 1;
            if again.kind() == outcome.kind() {
                last = again;
            }
        }
        if failed == runs && runs == repeats {
            return Confirmed::Repeats(last);
        }
        if runs == FLAKY_RUNS {
            return Confirmed::Flaky {
                failed,
                runs,
                outcome: last,
            };
        }
    }
}

/// The memory of a whole run at which its sandbox stops it as a runaway, for a `memory` limit
/// and a `stack`: well above the limit, so that only a runaway meets it; at least 4 times the
/// limit, or the limit and 2 GiB, and room for the stack; at most what this shell allows.
fn space_for(memory: u64, stack: u64) -> u64 {
    (memory.saturating_mul(4))
        .max(memory.saturating_add(2 * GIB))
        .max(memory.saturating_add(stack))
        .min(limits::memory_ceiling())
}

/// The room of a run under a `memory` limit with `stack` bytes of stack.
pub(in crate::cli) fn room_for(memory: u64, stack: u64) -> Room {
    Room {
        space: space_for(memory, stack),
        stack,
    }
}
