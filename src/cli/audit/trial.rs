//! `audit`'s one door into `hack`'s machinery: a mutant as one of hack's trials (hack's
//! `Trial` trait: each try plays the game in-process and is judged as a batch run's answer
//! is), the search for a game that kills it and its shrinking, and a program run once under
//! hack's sandbox and the judge's limits.

use super::super::game::Solved;
use super::mutants::{Class, Mutant};
use crate::Game;
use crate::cli::hack::budget::Budget;
pub(super) use crate::cli::hack::run::Turns;
use crate::cli::hack::run::{self, Answer, Deadline, Ran, Unrun};
pub(super) use crate::cli::hack::trial::Limits;
use crate::cli::hack::trial::{Sharing, Trial};
use crate::cli::hack::verdict::{self, ALONE_WALL, Outcome};
use crate::cli::hack::{search, shrink};
use indicatif::ProgressBar;
use std::ffi::OsString;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The largest N and M of the search's games: the statement's.
const MAX_N: u64 = 200_000;

/// Generated games the search tries for one mutant, as `hack --tests`.
const TESTS: u64 = 1000;

/// The judge's time limit, which a timeout-class mutant's counted work is held to.
const LIMIT: Duration = Duration::from_secs(4);

/// A mutant as one of hack's trials: each try plays the game in-process and judges it against
/// the solver, as a batch run's answer is judged. A wrong answer is [`Outcome::Wrong`], a crash
/// [`Outcome::Crash`], and work past the judge's 4 s a timeout far over the limit (one try is
/// its verdict, as the trial's documentation says).
struct MutantTrial {
    mutant: &'static Mutant,
    jobs: usize,
    runs: AtomicU64,
}

impl Trial for MutantTrial {
    fn try_game(&self, game: &Game, _: Sharing, budget: &Budget) -> Outcome {
        self.runs.fetch_add(1, Ordering::Relaxed);
        if budget.cancel.is_cancelled() || budget.ran_out() {
            return Outcome::Stopped;
        }
        let Ok(solved) = Solved::new(game.clone()) else {
            return Outcome::Broken("not enough memory to solve the game".to_owned());
        };
        let nim_sum = solved.nim_sum();
        let Some(why) = self.mutant.failure(game, nim_sum) else {
            return Outcome::Right;
        };
        match self.mutant.class {
            Class::Wrong => {
                let expected = if nim_sum != 0 { "Takahashi" } else { "Aoki" };
                let mut actual = Answer::default();
                actual.push(if expected == "Aoki" {
                    b"Takahashi"
                } else {
                    b"Aoki"
                });
                Outcome::Wrong { expected, actual }
            }
            Class::Crash => Outcome::Crash {
                status: why,
                stderr: String::new(),
                peak: 0,
            },
            Class::Timeout => {
                let time = LIMIT.mul_f64(ALONE_WALL);
                Outcome::Timeout {
                    time,
                    queued: Duration::ZERO,
                    cpu: time,
                    ended: true,
                }
            }
        }
    }

    fn timeout(&self) -> Duration {
        LIMIT
    }

    fn jobs(&self) -> usize {
        self.jobs
    }

    fn runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
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
    let trial = MutantTrial {
        mutant,
        jobs,
        runs: AtomicU64::new(0),
    };
    let games = search::Games {
        trial: &trial,
        seed,
        tests: TESTS,
        max_n: MAX_N,
        beyond: false,
    };
    let searched = search::search(&games, Duration::ZERO, &|_, _| {}).ok()?;
    let found = searched.findings.into_iter().next()?;
    let cut = Budget::lasting(Some(budget));
    let shrunk = shrink::shrink(
        &trial,
        found.game,
        found.outcome,
        budget,
        &cut,
        &ProgressBar::hidden(),
    );
    Some(shrunk.case)
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
            Verdict::RunTimeError => "RE",
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
    /// Its resident peak, every process of it together, in bytes: `None` where it was killed
    /// at its time limit, or ended before /proc's looks saw it: unmeasured (as hack's JSON
    /// says).
    pub(super) peak: Option<u64>,
}

/// The largest stack the shell allows, in bytes (`ulimit -s`).
pub(super) fn stack_ceiling() -> u64 {
    run::hard_limit(rustix::process::Resource::Stack)
}

/// Takes over the signals and the processes left behind while programs run, as hack does:
/// every program run is ended when audit ends, however it ends. Where the box does not keep
/// the runs from the user's files whole, the test folder `tests` and the solutions' folder
/// `solutions` are watched instead.
pub(super) fn guard(tests: &std::path::Path, solutions: &std::path::Path) {
    run::take_over();
    run::watch(tests);
    run::watch(solutions);
}

/// How the programs' runs were measured and boxed, in the words of hack's reports.
pub(super) fn measured_by() -> String {
    run::which()
}

/// Ends what [`guard`] started, every program's leftovers swept.
pub(super) fn dismiss() {
    run::sweep_orphans();
    run::dismiss();
}

/// Whether a signal asked to stop.
pub(super) fn stopped() -> bool {
    run::stopped()
}

/// Runs `command` on `input` (as a file on its standard input, as the judge gives it) under
/// hack's sandbox, beside the other runs of `turns`; a run over the time limit is run again alone, where its
/// time decides, as hack judges. Its verdict against `expected` (the whole output, trimmed),
/// or why it could not be run.
pub(super) fn run_program(
    command: &[OsString],
    input: &[u8],
    expected: &str,
    limits: Limits,
    turns: &Turns,
) -> Result<ProgramRun, String> {
    let room = limits.room();
    let deadline = Deadline {
        wall: limits.timeout.mul_f64(ALONE_WALL),
        cpu: None,
        cut: None,
        cancel: run::Cancel::default(),
        memory: None,
    };
    let mut alone = false;
    loop {
        let ran =
            run::run_once(command, input, room, deadline.clone(), (turns, alone)).map_err(|e| {
                match e {
                    Unrun::Start(e) => format!("cannot start: {e}"),
                    Unrun::Machine(e) => e,
                }
            })?;
        let (time, ended) = match ran {
            Ran::Stopped => return Err("stopped by a signal".to_owned()),
            Ran::OutOfTime(time, cpu, queued, _) => (verdict::counted(time, queued, cpu), None),
            Ran::Ended(ended) => (
                verdict::counted(ended.time, ended.queued, ended.cpu),
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
                peak: None,
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
            // Measured from /proc, a peak of 0 is a run too short for its looks to see.
            peak: Some(ended.peak).filter(|&peak| peak > 0 || run::peaks_by_group()),
        });
    }
}
