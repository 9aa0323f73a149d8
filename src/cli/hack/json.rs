//! `hack --json`: the report as one JSON document on standard output, for editors and CI (the
//! text report still goes to standard error). One set of types, written by serde; its JSON
//! Schema (`hack --json-schema`) is derived from the same types by schemars, so that the two
//! cannot drift apart, as `audit`'s.

use super::size::SizeBound;
use super::verdict::{Ending, Kind, Outcome};
use crate::Game;
use crate::cli::exit::Ended;
use schemars::JsonSchema;
use serde::Serialize;

/// A game larger than this (its input file's bytes) is not written into the document: its
/// file (`--out`, `--save`) is named instead, where it was kept.
const GAME_IN_DOCUMENT: usize = 64 << 10;

/// What a run of `hack` found.
#[derive(Serialize, JsonSchema)]
pub(super) struct Report {
    /// The solution's command, each argument as given (lossy where not UTF-8).
    pub(super) command: Vec<String>,
    /// The seed of the run: `--seed` reproduces it (null: a run that could not start gave none).
    pub(super) seed: Option<u64>,
    /// Whether the solution was a bot played against (`--interactive`).
    pub(super) interactive: bool,
    /// The limits each run was held to.
    pub(super) limits: Limits,
    /// How runs were measured, in the text report's words (null: nothing was run).
    pub(super) measured_by: Option<String>,
    /// How many times the solution was run in all (a bot: how many games it played).
    pub(super) runs: u64,
    /// How the run of hack ended.
    pub(super) ended: HackEnded,
    /// Why hack could not do its work (its command line, its files, this machine), where it
    /// stopped for it; the same words as the `error:` line on standard error.
    pub(super) error: Option<String>,
    /// The exit status hack ends with.
    pub(super) exit_status: i32,
    /// Each kind of failure found, in the order the text report gives them.
    pub(super) failures: Vec<Failure>,
}

/// The limits of every run.
#[derive(Serialize, JsonSchema)]
pub(super) struct Limits {
    /// Wall time, in seconds (`--timeout`).
    pub(super) time_s: f64,
    /// Resident memory at its peak, in MiB (`--memory`).
    pub(super) memory_mib: u64,
    /// The main thread's stack, in MiB (`--stack`).
    pub(super) stack_mib: u64,
}

/// One kind of failure, confirmed, shrunk where it could be.
#[derive(Serialize, JsonSchema)]
pub(super) struct Failure {
    /// The kind of failure (a bot's also `lost` to `did_not_exit`).
    pub(super) kind: Kind,
    /// The judge's verdict for it.
    pub(super) verdict: Verdict,
    /// Where it was found, in the text report's words ("on game 13 of 1000 (seed 1)").
    pub(super) found: String,
    /// Where it was found.
    pub(super) origin: Source,
    /// The sample's number (from 1) or the generated game's (from 1), if one.
    pub(super) game_number: Option<u64>,
    /// The saved game's file, if one.
    pub(super) saved_file: Option<String>,
    /// `gen`'s command for the game as found, where it makes it.
    pub(super) gen_command: Option<String>,
    /// The failure did not come back on every run of the same game.
    pub(super) flaky: Option<Flaky>,
    /// The game reported (shrunk where it could be), as an input file; `null` when larger
    /// than 64 KiB (see `game_files`).
    pub(super) game: Option<String>,
    /// Its number of piles (N) and of forbidden moves (M).
    pub(super) piles: usize,
    pub(super) forbidden_moves: usize,
    /// The files the game was written to (`--out`, `--save`).
    pub(super) game_files: Vec<String>,
    /// The right answer on the game: `Takahashi` or `Aoki`.
    pub(super) expected: String,
    /// What the solution printed, trimmed and cut as the text report shows it (a wrong answer
    /// only).
    pub(super) actual: Option<String>,
    /// How it ended, when not well ("killed by signal 11 (SIGSEGV)").
    pub(super) status: Option<String>,
    /// The end of its standard error, when it said something.
    pub(super) stderr: Option<String>,
    /// The time it ran alone, less the time it waited for a CPU other work held, in seconds
    /// (a timeout; a bot's: its whole game's, as the referee counts it).
    pub(super) time_s: Option<f64>,
    /// Its CPU time, in seconds (a timeout).
    pub(super) cpu_s: Option<f64>,
    /// Its resident memory at its peak, in MiB (a crash, a memory limit exceeded).
    pub(super) peak_mib: Option<f64>,
    /// The stack it ended well with, in MiB (a stack overflow).
    pub(super) stack_needed_mib: Option<u64>,
    /// How shrinking went, in the text report's words; `null` where nothing was shrunk.
    pub(super) shrunk: Option<String>,
    /// Where only the input's size seems to matter (a wrong answer or a crash shrunk to a game
    /// over 64 KiB): every game tried over `fails_over_bytes` failed as this one, every game
    /// under `passes_under_bytes` passed; `null` otherwise (also where the games said nothing
    /// so clear).
    pub(super) size_only: Option<SizeBound>,
    /// A timeout's or a memory limit's growth, in the text report's words.
    pub(super) growth: Vec<String>,
    /// It failed on every game tried: sample 1, sample 2, and both of the smallest games.
    pub(super) fails_every_game: bool,
    /// The failure's block of the text report, as printed.
    pub(super) report: String,
}

/// How a run of hack ended.
#[derive(Clone, Copy, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum HackEnded {
    /// Every game passed: exit status 0.
    Passed,
    /// A failure was found: 1.
    Found,
    /// hack could not do its work: 2 (`error` says why where it could not go on).
    Trouble,
    /// A signal stopped it: 128 + its number.
    Interrupted,
}

impl From<Ended> for HackEnded {
    fn from(ended: Ended) -> HackEnded {
        match ended {
            Ended::Passed => HackEnded::Passed,
            Ended::Found => HackEnded::Found,
            Ended::Trouble => HackEnded::Trouble,
            Ended::Interrupted(_) => HackEnded::Interrupted,
        }
    }
}

/// The judge's verdict, in the document as AtCoder's code (`WA`, `RE`, `MLE`, `TLE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub(super) enum Verdict {
    /// Wrong answer (a bot's lost game, illegal move, protocol error too).
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Runtime error: a crash, a stack overflow.
    #[serde(rename = "RE")]
    RuntimeError,
    /// Memory limit exceeded.
    #[serde(rename = "MLE")]
    MemoryLimit,
    /// Time limit exceeded (a bot's idleness, or not exiting, too).
    #[serde(rename = "TLE")]
    TimeLimit,
}

/// Where a failing game came from.
#[derive(Clone, Copy, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum Source {
    /// One of the statement's samples (`game_number` says which).
    Sample,
    /// A game saved by an earlier run (`saved_file`).
    Saved,
    /// A generated game (`game_number`, `gen_command`).
    Generated,
}

/// How often a flaky failure came back.
#[derive(Serialize, JsonSchema)]
pub(super) struct Flaky {
    pub(super) failed: u32,
    pub(super) runs: u32,
}

/// The judge's verdict for a kind of failure.
pub(super) fn verdict(kind: Kind) -> Verdict {
    match kind {
        Kind::WrongAnswer | Kind::Lost | Kind::IllegalMove | Kind::ProtocolError => {
            Verdict::WrongAnswer
        }
        Kind::Crash | Kind::StackOverflow => Verdict::RuntimeError,
        Kind::MemoryLimit => Verdict::MemoryLimit,
        Kind::Timeout | Kind::Idleness | Kind::DidNotExit => Verdict::TimeLimit,
    }
}

impl Failure {
    /// The entry for a failure on `game`, its kind and details from `outcome`; where it was
    /// found and how it was shrunk are the caller's to fill in.
    pub(super) fn new(game: &Game, input: &[u8], outcome: &Outcome) -> Failure {
        const MIB: f64 = (1u64 << 20) as f64;
        // Every failure has a kind: a crash says the least where one had none.
        let kind = outcome.kind().unwrap_or(Kind::Crash);
        let mut failure = Failure {
            kind,
            verdict: verdict(kind),
            found: String::new(),
            origin: Source::Generated,
            game_number: None,
            saved_file: None,
            gen_command: None,
            flaky: None,
            game: (input.len() <= GAME_IN_DOCUMENT)
                .then(|| String::from_utf8_lossy(input).into_owned()),
            piles: game.piles.len(),
            forbidden_moves: game.forbidden.len(),
            game_files: Vec::new(),
            expected: crate::winner(game.clone()).unwrap_or_default().to_owned(),
            actual: None,
            status: None,
            stderr: None,
            time_s: None,
            cpu_s: None,
            peak_mib: None,
            stack_needed_mib: None,
            shrunk: None,
            size_only: None,
            growth: Vec::new(),
            fails_every_game: false,
            report: String::new(),
        };
        let said = |stderr: &String| Some(stderr.clone()).filter(|s| !s.is_empty());
        match outcome {
            Outcome::Wrong { actual, .. } => failure.actual = Some(actual.shown()),
            Outcome::Crash {
                status,
                stderr,
                peak,
            } => {
                failure.status = Some(status.clone());
                failure.stderr = said(stderr);
                failure.peak_mib = (*peak > 0).then(|| *peak as f64 / MIB);
            }
            Outcome::Stack {
                status,
                stderr,
                needs,
                ..
            } => {
                failure.status = Some(status.clone());
                failure.stderr = said(stderr);
                failure.stack_needed_mib = Some(needs >> 20);
            }
            Outcome::Memory {
                peak,
                status,
                stderr,
            } => {
                failure.status = status.clone();
                failure.stderr = said(stderr);
                failure.peak_mib = Some(*peak as f64 / MIB);
            }
            Outcome::Timeout { time, cpu, .. } => {
                failure.time_s = Some(time.as_secs_f64());
                failure.cpu_s = Some(cpu.as_secs_f64());
            }
            // A bot's game: the same figures, as the referee measured them.
            Outcome::Played { play, .. } => {
                failure.stderr = said(&play.stderr);
                match &play.verdict {
                    Ending::Timeout { time, cpu } => {
                        failure.time_s = Some(time.as_secs_f64());
                        failure.cpu_s = Some(cpu.as_secs_f64());
                    }
                    Ending::Memory { peak, status } => {
                        failure.status = status.clone();
                        failure.peak_mib = Some(*peak as f64 / MIB);
                    }
                    Ending::Crash { status, .. } => failure.status = Some(status.clone()),
                    _ => {}
                }
            }
            _ => {}
        }
        failure
    }
}

/// The JSON Schema of the report type `T`, pretty-printed (hack's [`Report`], audit's).
pub(in crate::cli) fn schema<T: JsonSchema>() -> String {
    let schema = schemars::schema_for!(T);
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}

/// `report` as one JSON document, pretty-printed.
pub(in crate::cli) fn document(report: &impl Serialize) -> String {
    serde_json::to_string_pretty(report).unwrap_or_default()
}
