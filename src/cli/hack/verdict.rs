//! Judging one run: how it went ([`Outcome`]) and the kind of failure it is ([`Kind`]), as the
//! judge would say it: right, wrong answer, crash, stack overflow, memory limit exceeded or
//! timeout; and, for a bot, how its game against the referee went ([`Ending`]) and the game
//! played out ([`Played`]), which a bot's failed outcome carries.
//!
//! A timeout is a run over the limit in wall time when run alone (no other job of hack
//! running), as on a judge: a solution that waits is out of time too. Memory limit exceeded is
//! its memory peak over the limit, every process of the run together; a runaway is stopped well
//! above the limit, only so that it cannot take the machine. Over both limits, what came first
//! in the run's own time is its kind (see `batch`, `run::Crossing`): a machine short of CPUs or
//! of memory, which slows a run after its memory crossed the limit, makes no timeout of it. A crash by a signal that goes away
//! with a larger stack is a stack overflow, with the stack it needs (see `batch`).

use super::run::{Answer, Exited};
use std::fmt;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::Arc;
use std::time::Duration;

/// The kind of a failure: what a judge's verdict says, and what shrinking keeps (a smaller game
/// counts only when it fails the same way). The batch kinds first, then those only a game
/// played against the referee has (`hack --interactive`); a timeout and a crash are both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(in crate::cli) enum Kind {
    WrongAnswer,
    Crash,
    StackOverflow,
    #[serde(rename = "memory_limit_exceeded")]
    MemoryLimit,
    Timeout,
    /// The bot chose the losing side, or let a won position go.
    Lost,
    IllegalMove,
    ProtocolError,
    /// The bot and the referee each waited for the other.
    Idleness,
    /// The bot won, but was still running at the time limit.
    DidNotExit,
}

impl Kind {
    /// The kind in the report's words.
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::WrongAnswer => "wrong answer",
            Kind::Crash => "crash",
            Kind::StackOverflow => "stack overflow",
            Kind::MemoryLimit => "memory limit exceeded",
            Kind::Timeout => "timeout",
            Kind::Lost => "lost",
            Kind::IllegalMove => "illegal move",
            Kind::ProtocolError => "protocol error",
            Kind::Idleness => "idleness",
            Kind::DidNotExit => "did not exit",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
        /// Its resident peak, 0 when hidden under hack's own (see `run::measure::own_peak`).
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
        /// The time it waited for a CPU held by other work (see `run::Exited::queued`).
        queued: Duration,
        /// The CPU time its process group used alone.
        cpu: Duration,
        /// Whether hack ended it (at [`ALONE_WALL`] times the limit) rather than it ending.
        ended: bool,
    },
    /// A game the bot failed (`hack --interactive`): the kind of its failure, and the play.
    Played {
        kind: Kind,
        play: Arc<Played>,
    },
    /// CMD could not be started at all: a mistake on the command line, not a failure.
    NotRun(String),
    /// This machine could not run CMD (processes, pipes): no verdict, and no going on.
    Broken(String),
    /// A signal asked hack to stop, or the shrinking budget ran out, while CMD ran: no verdict.
    Stopped,
}

impl Outcome {
    /// What kind of failure this is (`None`: no failure); shrinking keeps the kind.
    pub(super) fn kind(&self) -> Option<Kind> {
        match self {
            Outcome::Wrong { .. } => Some(Kind::WrongAnswer),
            Outcome::Crash { .. } => Some(Kind::Crash),
            Outcome::Stack { .. } => Some(Kind::StackOverflow),
            Outcome::Memory { .. } => Some(Kind::MemoryLimit),
            Outcome::Timeout { .. } => Some(Kind::Timeout),
            Outcome::Played { kind, .. } => Some(*kind),
            Outcome::Right | Outcome::NotRun(_) | Outcome::Broken(_) | Outcome::Stopped => None,
        }
    }

    /// The outcome in a word or two, as the report names it: its kind, or "right", "not run",
    /// "broken", "stopped".
    pub(super) fn what(&self) -> &'static str {
        match self {
            Outcome::Right => "right",
            Outcome::NotRun(_) => "not run",
            Outcome::Broken(_) => "broken",
            Outcome::Stopped => "stopped",
            failed => failed.kind().map_or("", Kind::name),
        }
    }

    /// A verdict against the solution.
    pub(super) fn failed(&self) -> bool {
        self.kind().is_some()
    }

    /// No verdict, and no going on: the search ends with this reason.
    pub(super) fn unusable(&self) -> bool {
        matches!(self, Outcome::NotRun(_) | Outcome::Broken(_))
    }
}

/// Who wrote a line of the transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cli) enum Speaker {
    /// The bot printed it (`> ` in a report).
    Bot,
    /// The referee sent it (`< `).
    Referee,
}

/// How a game went for the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) enum Ending {
    /// It won and exited: passed.
    Won,
    /// It lost: it chose the losing side, or let a won position go (it said `0 0` at the end).
    Lost,
    /// A move that is not one: the line, and why.
    Illegal { line: String, why: String },
    /// A line where a side or a move was due that is neither (`None`: no line came, the output
    /// ended), and why.
    Protocol { line: Option<String>, why: String },
    /// No line while it slept in a read of its standard input for `referee::IDLE`, nothing of it
    /// running: it and the referee each waited for the other.
    Idle,
    /// Over `--timeout` for the whole run: its time as the referee counts it, and its CPU
    /// time.
    Timeout { time: Duration, cpu: Duration },
    /// Its memory peak, every process together, over `--memory`, within the time limit: the
    /// peak, and how it ended when it did not end well.
    Memory { peak: u64, status: Option<String> },
    /// It ended with a failure status or a signal: how, and whether the game was over then.
    Crash { status: String, after: bool },
    /// It won, but was still running at the time limit, this long after the game.
    NoExit { after: Duration },
    /// The command could not start.
    NotRun(String),
    /// The machine failed us.
    Broken(String),
    /// hack was asked to stop.
    Stopped,
}

impl Ending {
    /// The kind of failure (`None`: no failure), which shrinking keeps; the rest is said of the
    /// [`Outcome`] a game played is (`interactive::played_outcome`).
    pub(super) fn kind(&self) -> Option<Kind> {
        match self {
            Ending::Lost => Some(Kind::Lost),
            Ending::Illegal { .. } => Some(Kind::IllegalMove),
            Ending::Protocol { .. } => Some(Kind::ProtocolError),
            Ending::Idle => Some(Kind::Idleness),
            Ending::Timeout { .. } => Some(Kind::Timeout),
            Ending::Memory { .. } => Some(Kind::MemoryLimit),
            Ending::Crash { .. } => Some(Kind::Crash),
            Ending::NoExit { .. } => Some(Kind::DidNotExit),
            Ending::Won | Ending::NotRun(_) | Ending::Broken(_) | Ending::Stopped => None,
        }
    }
}

/// One game played out.
#[derive(Clone, Debug)]
pub(in crate::cli) struct Played {
    pub(in crate::cli::hack) verdict: Ending,
    /// Every line after the game, in order: the bot's and the referee's.
    pub(in crate::cli::hack) transcript: Vec<(Speaker, String)>,
    /// The end of the bot's standard error, escaped.
    pub(in crate::cli::hack) stderr: String,
}

/// Hack ends a run alone at this many times the limit, in wall time: long enough to show how
/// far over the limit it is, without waiting for a solution that waits forever.
pub(in crate::cli) const ALONE_WALL: f64 = 1.25;

/// Whether `outcome` is a timeout far over `timeout`: still running at [`ALONE_WALL`] times
/// the limit, not counting the time it waited for a CPU (an endless loop, a quadratic
/// solution on a max test), where a timeout near the limit may be one by chance.
pub(super) fn far_over(outcome: &Outcome, timeout: Duration) -> bool {
    matches!(outcome, Outcome::Timeout { time, ended: true, .. }
        if *time >= timeout.mul_f64(ALONE_WALL * 0.95))
}

/// Whether a run took longer than `timeout` (see [`counted`]).
pub(super) fn over(ended: &Exited, timeout: Duration) -> bool {
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

pub(super) fn timeout_of(time: Duration, cpu: Duration, queued: Duration, ended: bool) -> Outcome {
    let counts = counted(time, queued, cpu);
    Outcome::Timeout {
        time: counts,
        queued: time.saturating_sub(counts),
        cpu,
        ended,
    }
}

/// A run that ended badly, as a crash: how it ended, the end of its standard error, its peak.
pub(super) fn crash_of(ended: Exited) -> Outcome {
    Outcome::Crash {
        status: describe(ended.status),
        stderr: escaped_tail(&ended.stderr),
        peak: ended.peak,
    }
}

/// A stack overflow as the crash it is with `--stack` (any other outcome as it is).
pub(super) fn as_crash(outcome: &Outcome) -> Outcome {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds' names are the report's words, which tests/hack and users read.
    #[test]
    fn each_kind_is_named_as_the_report_says_it() {
        let names: Vec<&str> = [
            Kind::WrongAnswer,
            Kind::Crash,
            Kind::StackOverflow,
            Kind::MemoryLimit,
            Kind::Timeout,
            Kind::Lost,
            Kind::IllegalMove,
            Kind::ProtocolError,
            Kind::Idleness,
            Kind::DidNotExit,
        ]
        .into_iter()
        .map(Kind::name)
        .collect();
        assert_eq!(
            names,
            [
                "wrong answer",
                "crash",
                "stack overflow",
                "memory limit exceeded",
                "timeout",
                "lost",
                "illegal move",
                "protocol error",
                "idleness",
                "did not exit"
            ]
        );
        assert_eq!(Outcome::Stopped.kind(), None);
        assert_eq!(Outcome::Right.what(), "right");
        let play = Arc::new(Played {
            verdict: Ending::Lost,
            transcript: Vec::new(),
            stderr: String::new(),
        });
        let played = Outcome::Played {
            kind: Kind::Lost,
            play,
        };
        assert!(played.failed());
        assert_eq!(played.what(), "lost");
    }

    /// A run's time is its wall time less its wait for a CPU, but never less than its CPU time
    /// spread over every core (and never more than its wall time).
    #[test]
    fn the_time_counted_is_wall_less_wait_at_least_cpu_over_the_cores() {
        let s = Duration::from_secs;
        assert_eq!(counted(s(10), s(4), s(1)), s(6));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
        // Threads side by side: the CPU time over the cores, when the wait hides it.
        assert_eq!(counted(s(3), s(3), s(2) * cores), s(2));
        // Never more than the wall time.
        assert_eq!(counted(s(3), s(0), s(100) * cores), s(3));
    }

    /// Far over the limit only when hack ended it, still running, near ALONE_WALL limits.
    #[test]
    fn far_over_is_a_run_hack_ended_near_alone_wall() {
        let limit = Duration::from_secs(4);
        let timeout = |time: Duration, ended: bool| Outcome::Timeout {
            time,
            queued: Duration::ZERO,
            cpu: time,
            ended,
        };
        assert!(far_over(&timeout(limit.mul_f64(ALONE_WALL), true), limit));
        assert!(!far_over(&timeout(limit.mul_f64(ALONE_WALL), false), limit));
        assert!(!far_over(&timeout(limit.mul_f64(1.05), true), limit));
        assert!(!far_over(&Outcome::Right, limit));
    }

    /// An exit status in the report's words.
    #[test]
    fn exit_statuses_are_described_in_words() {
        assert_eq!(
            describe(ExitStatus::from_raw(1 << 8)),
            "exited with status 1"
        );
        assert_eq!(
            describe(ExitStatus::from_raw(11)),
            "was killed by signal 11 (SIGSEGV)"
        );
        assert_eq!(
            describe(ExitStatus::from_raw(10)),
            "was killed by signal 10"
        );
    }

    /// A standard error's last five lines, control characters escaped.
    #[test]
    fn the_tail_of_standard_error_is_five_plain_lines() {
        let stderr = b"1\n2\n3\n4\n5\n\x1b[31m6\r\n7\n";
        assert_eq!(escaped_tail(stderr), "3\n4\n5\n\\u{1b}[31m6\n7");
    }
}
