//! What one run of the solution on one game means, judged as the judge would: right, wrong
//! answer, crash, memory limit exceeded or timeout, each confirmed before it counts.
//!
//! A timeout counts only when the game also runs out of time alone (no other job of hack
//! running), with its time measured. A failed run under the address-space limit is run again
//! with four times the room: if it then ends well, or its standard error says it ran out of
//! memory, the verdict is "memory limit exceeded", not a crash.

use super::limits::{self, Answer, Deadline, Ended, Ran, Unrun};
use crate::Game;
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A game to try: its piles and forbidden moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Case {
    pub(super) piles: Vec<u64>,
    pub(super) forbidden: Vec<(u64, u64)>,
}

impl Case {
    /// The game as an input file.
    pub(super) fn input(&self) -> Vec<u8> {
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
pub(super) enum Outcome {
    Right,
    Wrong {
        expected: &'static str,
        actual: Answer,
    },
    Crash {
        status: String,
        stderr: String,
        peak: u64,
    },
    Memory {
        /// The peak measured with four times the room, when the run then ended.
        peak: Option<u64>,
        stderr: String,
    },
    Timeout {
        /// The wall time it took alone, or `None` when it was ended (see [`ALONE_WALL`]).
        alone: Option<Duration>,
        /// The CPU time it used alone.
        cpu: Duration,
    },
    /// CMD could not be started at all: a mistake on the command line, not a failure.
    NotRun(String),
    /// This machine could not run CMD (processes, pipes): no verdict, and no going on.
    Broken(String),
    /// A signal asked hack to stop while CMD ran: no verdict.
    Stopped,
}

impl Outcome {
    /// What kind of failure this is; shrinking keeps the kind.
    pub(super) fn kind(&self) -> &'static str {
        match self {
            Outcome::Right => "right",
            Outcome::Wrong { .. } => "wrong answer",
            Outcome::Crash { .. } => "crash",
            Outcome::Memory { .. } => "memory limit exceeded",
            Outcome::Timeout { .. } => "timeout",
            Outcome::NotRun(_) => "not run",
            Outcome::Broken(_) => "broken",
            Outcome::Stopped => "stopped",
        }
    }

    /// A verdict against the solution.
    pub(super) fn failed(&self) -> bool {
        matches!(
            self,
            Outcome::Wrong { .. }
                | Outcome::Crash { .. }
                | Outcome::Memory { .. }
                | Outcome::Timeout { .. }
        )
    }

    /// No verdict, and no going on: the search ends with this reason.
    pub(super) fn unusable(&self) -> bool {
        matches!(self, Outcome::NotRun(_) | Outcome::Broken(_))
    }
}

/// A run alone ends at 1.5 times the limit in CPU time, or at this many times the limit in wall
/// time: a machine busy with other work slows a run down, and that is not the solution's doing.
pub(super) const ALONE_WALL: u32 = 20;

/// The solution under test and how it is run.
pub(super) struct Runner {
    pub(super) command: Vec<OsString>,
    pub(super) timeout: Duration,
    /// Bytes of address space for the solution.
    pub(super) memory: u64,
    pub(super) jobs: usize,
    /// Runs of CMD so far.
    pub(super) runs: AtomicU64,
}

impl Runner {
    /// Runs CMD on `case` and judges its answer.
    pub(super) fn try_case(&self, case: &Case) -> Outcome {
        let game = Game {
            piles: case.piles.clone(),
            forbidden: case.forbidden.clone(),
        };
        // Only an allocation failure makes the solver fail: a game too large to judge here.
        let Ok(expected) = crate::winner(game) else {
            return Outcome::Broken("not enough memory to solve the game".to_owned());
        };
        self.try_input(&case.input(), expected)
    }

    /// Runs CMD on `input`, whose answer is `expected`, and judges what it did.
    pub(super) fn try_input(&self, input: &[u8], expected: &'static str) -> Outcome {
        // With one job every run is alone: its deadline is the confirming one at once.
        let alone = self.jobs == 1;
        let mut ended = match self.run(input, self.memory, alone) {
            Err(outcome) => return outcome,
            Ok(Ran::Stopped) => return Outcome::Stopped,
            Ok(Ran::OutOfTime(cpu)) if alone => return Outcome::Timeout { alone: None, cpu },
            Ok(Ran::OutOfTime(_)) => None,
            Ok(Ran::Ended(ended)) if ended.time > self.timeout && !alone => None,
            Ok(Ran::Ended(ended)) => Some(ended),
        };
        if ended.is_none() {
            // Over the limit among other jobs: it counts only if it is over the limit alone.
            ended = match self.run(input, self.memory, true) {
                Err(outcome) => return outcome,
                Ok(Ran::Stopped) => return Outcome::Stopped,
                Ok(Ran::OutOfTime(cpu)) => return Outcome::Timeout { alone: None, cpu },
                Ok(Ran::Ended(ended)) => Some(ended),
            };
        }
        let Some(ended) = ended else {
            return Outcome::Stopped;
        };
        // Alone and still over the limit in CPU time too: the machine's other load (which hack
        // cannot stop) does not make a timeout.
        if ended.time > self.timeout && ended.cpu > self.timeout {
            return Outcome::Timeout {
                alone: Some(ended.time),
                cpu: ended.cpu,
            };
        }
        if !ended.status.success() {
            return self.failed_run(input, expected, ended);
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

    /// A run that ended badly: a crash, or memory limit exceeded when four times the room
    /// lets it end well (or its standard error says it ran out of memory).
    fn failed_run(&self, input: &[u8], expected: &'static str, ended: Ended) -> Outcome {
        let stderr = escaped_tail(&ended.stderr);
        let more = self.memory.saturating_mul(4).min(limits::memory_ceiling());
        let mut peak = None;
        let mut said = said_out_of_memory(&stderr);
        if more > self.memory {
            match self.run(input, more, false) {
                Ok(Ran::Ended(roomy)) => {
                    said |= said_out_of_memory(&escaped_tail(&roomy.stderr));
                    if roomy.status.success() || roomy.peak > self.memory {
                        peak = Some(roomy.peak);
                    }
                }
                Ok(Ran::Stopped) => return Outcome::Stopped,
                // Out of time, among other jobs: no evidence either way.
                Ok(Ran::OutOfTime(_)) => {}
                Err(outcome) => return outcome,
            }
        }
        let _ = expected;
        if peak.is_some() || said {
            return Outcome::Memory { peak, stderr };
        }
        Outcome::Crash {
            status: describe(ended.status),
            stderr,
            peak: ended.peak,
        }
    }

    fn run(&self, input: &[u8], memory: u64, alone: bool) -> Result<Ran, Outcome> {
        self.runs.fetch_add(1, Ordering::Relaxed);
        // Alone, the run is held to CPU time, which the machine's other load does not change;
        // wall time then only ends a run that waits on something.
        let deadline = if alone {
            Deadline {
                wall: self.timeout.saturating_mul(ALONE_WALL),
                cpu: Some(self.timeout.mul_f64(1.5)),
            }
        } else {
            Deadline {
                wall: self.timeout,
                cpu: None,
            }
        };
        limits::run_once(&self.command, input, memory, deadline, alone).map_err(|e| match e {
            Unrun::Start(e) => Outcome::NotRun(e),
            Unrun::Machine(e) => Outcome::Broken(e),
        })
    }
}

/// What the usual runtimes print when an allocation fails.
fn said_out_of_memory(stderr: &str) -> bool {
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
