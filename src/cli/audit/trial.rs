//! `audit`'s one door into `hack`'s machinery: a mutant run as one of hack's trials (through
//! the runner's referee hook, which plays a game in-process instead of running a program), the
//! search for a game that kills it and its shrinking, and a program run once under hack's
//! sandbox and the judge's limits. When hack's trials become one `Trial` trait, this file is
//! the one that changes.

use super::super::game::Solved;
use super::mutants::Mutant;
use crate::Game;
use crate::cli::hack::limits::{self, Deadline, Ran, Unrun};
use crate::cli::hack::outcome::{self, Case, Outcome, Runner};
use crate::cli::hack::{search, shrink};
use indicatif::ProgressBar;
use std::ffi::OsString;
use std::sync::Mutex;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// The largest N and M of the search's games: the statement's.
const MAX_N: u64 = 200_000;

/// Generated games the search tries for one mutant, as `hack --tests`.
const TESTS: u64 = 1000;

/// A runner whose every run is `mutant` on the game, judged against the solver: hack's
/// referee hook, in-process.
fn mutant_runner(mutant: &'static Mutant, jobs: usize) -> Runner {
    let referee = move |case: &Case| {
        let game = Game {
            piles: case.piles.clone(),
            forbidden: case.forbidden.clone(),
        };
        let Ok(solved) = Solved::new(game.clone()) else {
            return Outcome::Broken("not enough memory to solve the game".to_owned());
        };
        match mutant.failure(&game, solved.nim_sum()) {
            Some(_) => Outcome::Played {
                kind: mutant.class.verdict(),
            },
            None => Outcome::Right,
        }
    };
    Runner {
        command: vec![OsString::from(format!("mutant {}", mutant.name))],
        timeout: Duration::from_secs(4),
        memory: 1 << 30,
        stack: 1 << 30,
        jobs,
        runs: AtomicU64::new(0),
        until: Mutex::new(None),
        referee: Some(Box::new(referee)),
    }
}

/// A game inside the statement that kills `mutant`, found by hack's search (its schedule of
/// games from `seed`) and shrunk by hack's shrinker within `budget`: as small as a person
/// reads, or as large as the bug needs. `None` when none of the search's games kills it.
pub(super) fn killer(
    mutant: &'static Mutant,
    seed: u64,
    jobs: usize,
    budget: Duration,
) -> Option<Game> {
    let runner = mutant_runner(mutant, jobs);
    let searched =
        search::search(&runner, seed, TESTS, MAX_N, false, Duration::ZERO, &|_| {}).ok()?;
    let (_, _, case, outcome) = searched.findings.into_iter().next()?;
    let shrunk = shrink::shrink(&runner, case, outcome, budget, &ProgressBar::hidden());
    Some(Game {
        piles: shrunk.case.piles,
        forbidden: shrunk.case.forbidden,
    })
}

/// The judge's verdict on one run of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Accepted,
    WrongAnswer,
    TimeLimit,
    RunTimeError,
    MemoryLimit,
}

impl Verdict {
    /// Kattis's and BAPCtools' short name.
    pub(super) fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::RunTimeError => "RTE",
            Verdict::MemoryLimit => "MLE",
        }
    }
}

/// One program's run on one test.
pub(super) struct ProgramRun {
    pub(super) verdict: Verdict,
    /// The time it counts for (wall time less its wait for a CPU), at least the limit when
    /// out of time.
    pub(super) time: Duration,
    /// Its resident peak, every process of it together, in bytes.
    pub(super) peak: u64,
}

/// The judge's limits for a program's run.
#[derive(Clone, Copy)]
pub(super) struct Limits {
    pub(super) timeout: Duration,
    /// Bytes of resident memory.
    pub(super) memory: u64,
    /// Bytes of stack for its main thread.
    pub(super) stack: u64,
}

/// The largest stack the shell allows, in bytes (`ulimit -s`).
pub(super) fn stack_ceiling() -> u64 {
    limits::hard_limit(libc::RLIMIT_STACK)
}

/// Takes over the signals and the processes left behind while programs run, as hack does:
/// every program run is ended when audit ends, however it ends.
pub(super) fn guard() {
    limits::take_over();
}

/// Ends what [`guard`] started, every program's leftovers swept.
pub(super) fn dismiss() {
    limits::sweep_orphans();
    limits::dismiss();
}

/// Whether a signal asked to stop.
pub(super) fn stopped() -> bool {
    limits::stopped()
}

/// Runs `command` on `input` (as a file on its standard input, as the judge gives it) under
/// hack's sandbox, beside other runs; a run over the time limit is run again alone, where its
/// time decides, as hack judges. Its verdict against `expected` (the whole output, trimmed),
/// or why it could not be run.
pub(super) fn run_program(
    command: &[OsString],
    input: &[u8],
    expected: &str,
    limits: Limits,
) -> Result<ProgramRun, String> {
    let room = outcome::room_for(limits.memory, limits.stack);
    let deadline = Deadline {
        wall: limits.timeout.mul_f64(1.25),
        cpu: None,
        cut: None,
    };
    let mut alone = false;
    loop {
        let ran = limits::run_once(command, input, room, deadline, alone).map_err(|e| match e {
            Unrun::Start(e) => format!("cannot start: {e}"),
            Unrun::Machine(e) => e,
        })?;
        let (time, ended) = match ran {
            Ran::Stopped => return Err("stopped by a signal".to_owned()),
            Ran::OutOfTime(time, cpu, queued) => (outcome::counted(time, queued, cpu), None),
            Ran::Ended(ended) => (
                outcome::counted(ended.time, ended.queued, ended.cpu),
                Some(ended),
            ),
        };
        if time > limits.timeout && !alone {
            alone = true;
            continue;
        }
        let Some(ended) = ended else {
            return Ok(ProgramRun {
                verdict: Verdict::TimeLimit,
                time,
                peak: 0,
            });
        };
        let verdict = if time > limits.timeout {
            Verdict::TimeLimit
        } else if ended.peak > limits.memory {
            Verdict::MemoryLimit
        } else if !ended.status.success() {
            Verdict::RunTimeError
        } else if ended.stdout.is(expected) {
            Verdict::Accepted
        } else {
            Verdict::WrongAnswer
        };
        return Ok(ProgramRun {
            verdict,
            time,
            peak: ended.peak,
        });
    }
}
