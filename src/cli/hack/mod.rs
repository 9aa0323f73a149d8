//! `hack`: runs someone's solution on the statement's samples, on games saved by earlier runs,
//! then on generated games against this solver, judged as the judge would (wrong answer, crash,
//! memory limit exceeded, timeout); the first failure is shrunk to a small game and reported.
//!
//! This file holds the options and their checks, the settings they make, and a program's
//! [`hunt::Hunter`]: its games and the block of its report (shrinking within its share of the
//! budget, a timeout's or a memory limit's growth, what is kept). The one hunt (`hunt`) drives
//! a program's run and a bot's alike: the search, the confirmation of each failure found, the
//! blocks, the end. The search, the confirmation and the shrinking are written over a
//! [`trial::Trial`] ("try this game, say what happened"): the batch program (`batch`), the bot
//! against the referee (`interactive`), or an in-process function of the game; the report's
//! words for an outcome under the limits and the growth are the batch trial's.
//!
//! The rooms, each using only those below it (and its own):
//! - `interactive` (`hack --interactive`: a bot's hunter, its games, its referee, the
//!   referee's tricks, transcript);
//! - `hunt` (the one driver, over a [`hunt::Hunter`]);
//! - `search` (the worker pool over a schedule of games; hack's generated games), `everywhere`
//!   (whether a failure on sample 1 is on every game), `shrink` (with `drops` and `merges`),
//!   `size` (whether a large failure is about its input's size alone), `growth` (a timeout's
//!   time, a memory limit's peak, at smaller sizes), `report`, `files` (--out, --save),
//!   `progress`, `start` (what is said when CMD cannot be started), `help` (the reference
//!   `--help` shows);
//! - `batch` (the batch trial), `trial` (the trait), `confirm` (the one confirmation policy),
//!   `verdict` (an outcome and its [`verdict::Kind`], a bot's game), `budget` (a deadline and a
//!   cancel token, passed down as values);
//! - `run`: one command under the judge's limits (the sandbox, the guard, measurement), which
//!   imports nothing of hack above it.

pub(in crate::cli) mod batch;
pub(in crate::cli) mod budget;
pub(in crate::cli) mod confirm;
mod everywhere;
pub(in crate::cli) mod files;
mod growth;
mod help;
mod hunt;
mod interactive;
pub(in crate::cli) mod json;
mod origin;
mod progress;
mod report;
pub(in crate::cli) mod run;
pub(in crate::cli) mod search;
pub(in crate::cli) mod shrink;
mod size;
mod start;
pub(in crate::cli) mod trial;
pub(in crate::cli) mod verdict;

use super::game::{Failure, ShownPath, plural};
use super::strict;
use crate::Game;
use crate::cli::exit::{Ended, Exit, status};
use batch::Batch;
use budget::Budget;
use confirm::Confirmed;
use hunt::{Block, Everywhere, Found, Hunter, LOOKED, Placed, Slot, other_games, sample_line};
use indicatif::{ProgressBar, ProgressStyle};
use origin::Origin;
use search::Schedule;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::thread;
use std::time::{Duration, Instant};
use trial::{Limits, Sharing, Trial};
use verdict::Outcome;

/// Find a game on which a solution fails, and shrink it to a minimal one
///
/// Runs CMD on the statement's two samples, then on the games saved in --save DIR, then on
/// generated games (the game on its standard input, a file as the judge gives it; its answer
/// is its standard output, trimmed) and compares with this solver. Each kind of failure found
/// (wrong answer, crash, stack overflow, memory limit exceeded, timeout) is confirmed by
/// running it again, then shrunk while CMD keeps failing the same way, to a game where no pile,
/// pair of equal piles or forbidden move can go and no value can be 1 lower (a timeout: by its
/// size only), or the smallest found when its share of --shrink-time runs out. The report goes
/// to standard error, a block a kind. The limits are the judge's (ABC255 G: 4 s, 1024 MiB),
/// measured as a judge's sandbox measures them.
#[derive(Debug, clap::Args)]
#[command(after_help = help::SHORT, after_long_help = help::reference())]
#[command(override_usage = "constrained-nim hack [OPTIONS] -- <CMD>...\n       \
                            constrained-nim hack --json-schema")]
pub(super) struct Args {
    /// How many generated games to try
    #[arg(long, value_name = "K", default_value_t = 1000)]
    tests: u64,
    /// The seed of the whole run (default: a new one, printed in the report)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Seconds of wall time CMD may take on one game, run alone (the judge's: 4)
    #[arg(long, value_name = "SECS", default_value_t = 4.0)]
    timeout: f64,
    /// MiB of resident memory CMD may use at its peak (the judge's: 1024)
    #[arg(long, value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    memory: u64,
    /// MiB of stack for CMD's main thread (default: as large as --memory, as on AtCoder)
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    stack: Option<u64>,
    /// Seconds shrinking may take, all failures together (see --help); then the smallest
    /// failing game so far is reported
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    shrink_time: f64,
    /// Seconds the search goes on past the first failure, for failures of other kinds (at most
    /// 200 games more; 0: stop at the first failure)
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    look_further: f64,
    /// How many games run at once (default: the number of cores)
    #[arg(short, long, value_name = "J")]
    jobs: Option<usize>,
    /// The largest N and M the games reach (the statement's: 200000; up to 2000000 with
    /// --beyond): the judge's max tests and the anti-hash games are at this size (see "The
    /// games" in --help)
    #[arg(long, value_name = "N", default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=2_000_000))]
    max_n: u64,
    /// Also games past the statement's limits, as `gen --beyond` makes them: N = 0, M = 0,
    /// empty piles, a forbidden move listed twice, values past 10^18 up to 2^64 - 1 (by
    /// default every game is inside the statement)
    #[arg(long)]
    beyond: bool,
    /// Write the failing game to FILE, as an input file (checked before the search)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Keep each failure as DIR/NAME.in and NAME.out (oj's layout: `oj t -d DIR` replays
    /// them), and try DIR's games first on every run (those past the statement's limits only
    /// with --beyond)
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// CMD is a bot for the interactive version (ABC278 G's protocol): hack plays it, taking
    /// the other side, and --timeout is its time for a whole game, in wall time as the judge's
    /// (see "--interactive" in --help)
    #[arg(long)]
    interactive: bool,
    /// Also print the report as one JSON document on standard output (the text report still
    /// goes to standard error); its fields are --json-schema's. Every run that parsed its
    /// command line prints one: where hack could not do its work (exit status 2, a CMD that
    /// cannot start among them), `ended` is `trouble` and `error` says why
    #[arg(long)]
    json: bool,
    /// Print the JSON Schema of --json's report, and nothing else
    #[arg(long, conflicts_with = "json")]
    json_schema: bool,
    /// The solution to test, and its arguments
    #[arg(
        last = true,
        required_unless_present = "json_schema",
        value_name = "CMD"
    )]
    command: Vec<OsString>,
}

/// The least time a timeout's growth may take, in time limits, whatever --shrink-time left it:
/// a few runs at each size of each dimension, a run over the limit taking 1.25 limits.
const GROWTH_TIME: f64 = 10.0;

/// The statement's samples, tried before anything else.
const SAMPLES: [(&str, &str); 2] = [
    (
        include_str!("../../../samples/sample-1.in"),
        include_str!("../../../samples/sample-1.out"),
    ),
    (
        include_str!("../../../samples/sample-2.in"),
        include_str!("../../../samples/sample-2.out"),
    ),
];

const MIB: u64 = 1 << 20;

pub(super) fn run(args: Args) -> Result<Ended, Failure> {
    // Whether the JSON document is out already: once the hunt began, it has the runs.
    let mut printed = false;
    match checked_run(&args, &mut printed) {
        Ok(ended) => Ok(ended),
        // Status 2 with the usage line, as clap's own errors.
        Err(Failure::Usage(message)) => {
            if !printed {
                print_error_json(&args, &message);
            }
            Err(Failure::Usage(message))
        }
        // hack's trouble, never "a failure was found" (1).
        Err(failure) => {
            crate::report(&failure);
            if !printed {
                print_error_json(&args, &failure.to_string());
            }
            Ok(Ended::Trouble)
        }
    }
}

/// With `--json`, the document of a run that could not do its work (its command line, its
/// files, this machine): `ended` is `trouble`, `error` says why, and nothing was found.
fn print_error_json(args: &Args, error: &str) {
    if !args.json || args.json_schema {
        return;
    }
    let report = json::Report {
        command: (args.command.iter())
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect(),
        seed: args.seed,
        interactive: args.interactive,
        limits: json::Limits {
            time_s: args.timeout,
            memory_mib: args.memory,
            stack_mib: args.stack.unwrap_or(args.memory),
        },
        measured_by: None,
        runs: 0,
        ended: json::HackEnded::Trouble,
        error: Some(error.to_owned()),
        exit_status: status(Exit::Hack(Ended::Trouble)),
        failures: Vec::new(),
    };
    let _ = writeln!(io::stdout().lock(), "{}", json::document(&report));
}

/// [`run`]'s work, its errors told by [`run`]; `printed` once --json's document is out.
fn checked_run(args: &Args, printed: &mut bool) -> Result<Ended, Failure> {
    if args.json_schema {
        let _ = writeln!(io::stdout().lock(), "{}", json::schema::<json::Report>());
        return Ok(Ended::Passed);
    }
    if !(args.timeout > 0.0 && args.timeout <= 1e6) {
        return Err(Failure::Usage(format!(
            "--timeout {}: give a number of seconds above 0 and at most 1000000",
            args.timeout
        )));
    }
    if !(args.look_further >= 0.0 && args.look_further <= 1e6) {
        return Err(Failure::Usage(format!(
            "--look-further {}: give a number of seconds from 0 to 1000000",
            args.look_further
        )));
    }
    if !(args.shrink_time >= 0.0 && args.shrink_time <= 1e6) {
        return Err(Failure::Usage(format!(
            "--shrink-time {}: give a number of seconds from 0 to 1000000",
            args.shrink_time
        )));
    }
    if args.max_n > strict::MAX_COUNT && !args.beyond {
        return Err(Failure::Usage(format!(
            "--max-n {} is above the statement's 200000; add --beyond",
            args.max_n
        )));
    }
    if args.jobs == Some(0) {
        return Err(Failure::Usage(
            "--jobs 0: at least one game runs at a time".to_owned(),
        ));
    }
    let ceiling = run::memory_ceiling();
    let memory = args.memory * MIB;
    if memory > ceiling {
        return Err(Failure::Usage(format!(
            "--memory {}: this shell allows at most {} MiB of address space (ulimit -v)",
            args.memory,
            ceiling / MIB
        )));
    }
    // By default as large as --memory, or as this shell allows (ulimit -s).
    let stack_ceiling = run::hard_limit(rustix::process::Resource::Stack);
    let stack = match args.stack {
        None => (args.memory * MIB).min(stack_ceiling),
        Some(mib) if mib * MIB > stack_ceiling => {
            return Err(Failure::Usage(format!(
                "--stack {mib}: this shell allows at most {} MiB of stack (ulimit -s)",
                stack_ceiling / MIB
            )));
        }
        Some(mib) => mib * MIB,
    };
    let out = match &args.out {
        Some(out) => Some(files::check_out(out, &args.command)?),
        None => None,
    };
    if let Some(dir) = &args.save {
        files::check_save(dir)?;
    }
    start::check(&args.command)?;
    run::take_over();
    // Where no Landlock keeps the runs out, the files hack keeps are watched instead.
    for kept in [args.save.as_deref(), args.out.as_deref()]
        .into_iter()
        .flatten()
    {
        run::watch(kept);
    }
    let seed = args.seed.unwrap_or_else(super::generate::fresh_seed);
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()));
    let settings = Settings {
        command: args.command.clone(),
        tests: args.tests,
        seed,
        limits: Limits {
            timeout: Duration::from_secs_f64(args.timeout),
            memory,
            stack,
        },
        shrink_time: Duration::from_secs_f64(args.shrink_time),
        jobs,
        out: out.zip(args.out.clone()),
        save: args.save.clone(),
        beyond: args.beyond,
        look_further: Duration::from_secs_f64(args.look_further),
        max_n: args.max_n,
    };
    let mut failures = Vec::new();
    let (hunted, runs) = if args.interactive {
        interactive::hunt(&settings, &mut failures)
    } else {
        let program = Program {
            settings: &settings,
            runner: Batch {
                command: settings.command.clone(),
                limits: settings.limits,
                jobs: settings.jobs,
                runs: AtomicU64::new(0),
                turns: run::Turns::default(),
            },
        };
        let hunted = hunt::hunt(&settings, &program, &mut failures);
        (hunted, program.tries())
    };
    run::sweep_orphans();
    run::dismiss();
    // hack could not do its work: told apart from a failure found (1); a usage error found on
    // the way (a --memory too small for CMD, a CMD that cannot start) too, with its runs.
    let (ended, error) = match &hunted {
        Err(Failure::Usage(message)) => (Ended::Trouble, Some(message.clone())),
        Err(trouble) => {
            crate::report(format_args!("{trouble}"));
            (Ended::Trouble, Some(trouble.to_string()))
        }
        Ok((ended, error)) => (*ended, error.clone()),
    };
    // A CMD that could not start at all ran nothing: [`run`] says so, as before the hunt.
    let unrun = runs == 0 && matches!(hunted, Err(Failure::Usage(_)));
    if args.json && !unrun {
        print_json(args, &settings, (ended, error), runs, failures);
        *printed = true;
    }
    match hunted {
        Err(Failure::Usage(message)) => Err(Failure::Usage(message)),
        _ => Ok(ended),
    }
}

/// With --json: the report as one JSON document on standard output, of a run that ended as
/// `ended` says (with the error that stopped it, if one).
fn print_json(
    args: &Args,
    settings: &Settings,
    (ended, error): (Ended, Option<String>),
    runs: u64,
    failures: Vec<json::Failure>,
) {
    let report = json::Report {
        command: (settings.command.iter())
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect(),
        seed: Some(settings.seed),
        interactive: args.interactive,
        limits: json::Limits {
            time_s: settings.limits.timeout.as_secs_f64(),
            memory_mib: settings.limits.memory / MIB,
            stack_mib: settings.limits.stack / MIB,
        },
        measured_by: Some(run::which()),
        runs,
        ended: ended.into(),
        error,
        exit_status: status(Exit::Hack(ended)),
        failures,
    };
    let _ = writeln!(io::stdout().lock(), "{}", json::document(&report));
}

/// What a run of hack was asked to do, its options checked: the settings of every kind of
/// trial (the batch run makes its `Batch` of them; `hack --interactive` plays by them).
struct Settings {
    command: Vec<OsString>,
    tests: u64,
    seed: u64,
    /// The judge's limits (for a bot, the time limit is its whole game's: see
    /// `interactive::referee`).
    limits: Limits,
    shrink_time: Duration,
    jobs: usize,
    /// --out: the file written (links followed) and the path as given.
    out: Option<(PathBuf, PathBuf)>,
    save: Option<PathBuf>,
    /// --beyond: also games past the statement's limits (a bot's: only the saved ones).
    beyond: bool,
    /// How long the search goes on past the first failure (a batch program's).
    look_further: Duration,
    /// The largest N and M of the generated games (a batch program's).
    max_n: u64,
}

impl Settings {
    /// Where a failure was found, for the report's first line (`first`: the first failure
    /// found, whose games before it all passed).
    fn found(&self, origin: &Origin, first: bool) -> String {
        origin.found(self.tests, self.seed, first)
    }
}

/// The largest memory peak taken for a runtime's own (an interpreter's, a virtual machine's)
/// rather than a solution's: only a --memory below it can be a usage error.
const RUNTIME_ALONE: u64 = 64 * MIB;

/// The fixed games of a run, in order: the statement's samples, then the games saved in --save
/// DIR (its `*.in` files, by name; those past the statement's limits only with --beyond, as a
/// right solution may assert the limits). Each with its place among the games of its kind.
fn fixed_games(settings: &Settings) -> Vec<(Origin, Game, usize)> {
    let samples = (SAMPLES.iter().enumerate())
        .map(|(i, (input, _))| (Origin::Sample(i), Game::read_or_empty(input.as_bytes()), i));
    let saved = (settings.save.iter())
        .flat_map(|dir| files::saved_games(dir).into_iter().enumerate())
        .filter_map(|(i, path)| {
            let case = files::read_saved(&path, settings.beyond)?;
            Some((Origin::Saved(path), case, i))
        });
    samples.chain(saved.collect::<Vec<_>>()).collect()
}

/// A program's games: the fixed ones (see [`fixed_games`]), then the generated ones.
struct Games<'a> {
    fixed: Vec<(Origin, Game)>,
    generated: search::Games<'a>,
}

impl Schedule for Games<'_> {
    type Plan = Placed;

    fn count(&self) -> u64 {
        self.fixed() + self.generated.count()
    }

    fn plan(&self, index: u64) -> Placed {
        let origin = match self.fixed.get(index as usize) {
            Some((origin, _)) => origin.clone(),
            None => {
                let index = index - self.fixed();
                let plan = self.generated.plan(index);
                // The first failure is known once the search ended.
                Origin::Generated {
                    index,
                    plan,
                    first: 0,
                }
            }
        };
        Placed {
            index,
            origin,
            seed: 0,
        }
    }

    fn make(&self, placed: &Placed) -> Result<Game, String> {
        match &placed.origin {
            Origin::Generated { plan, .. } => self.generated.make(plan),
            _ => Ok(self.fixed[placed.index as usize].1.clone()),
        }
    }

    fn large(&self, placed: &Placed) -> bool {
        match &placed.origin {
            Origin::Generated { plan, .. } => self.generated.large(plan),
            _ => false,
        }
    }

    fn parts(&self) -> &'static [u64] {
        self.generated.parts()
    }

    fn fixed(&self) -> u64 {
        self.fixed.len() as u64
    }

    fn try_planned(&self, _: &Placed, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome {
        self.generated.trial.try_game(game, sharing, budget)
    }

    fn jobs(&self) -> usize {
        self.generated.jobs()
    }
}

/// A program's hunt: CMD run on each game as the judge runs it ([`Batch`]).
struct Program<'a> {
    settings: &'a Settings,
    runner: Batch,
}

impl Hunter for Program<'_> {
    const NAME: &'static str = "hack";
    const UNIT: &'static str = "run";

    fn games(&self) -> impl Schedule<Plan = Placed> + '_ {
        let settings = self.settings;
        Games {
            fixed: (fixed_games(settings).into_iter())
                .map(|(origin, case, _)| (origin, case))
                .collect(),
            generated: search::Games {
                trial: &self.runner,
                seed: settings.seed,
                tests: settings.tests,
                max_n: settings.max_n,
                beyond: settings.beyond,
            },
        }
    }

    fn look_further(&self) -> Option<Duration> {
        Some(self.settings.look_further)
    }

    fn trial(&self, _: &Placed) -> Box<dyn Trial + '_> {
        Box::new(&self.runner)
    }

    fn tries(&self) -> u64 {
        self.runner.runs()
    }

    /// Not one that may be a --memory too small for CMD to run at all: that usage error is said
    /// alone.
    fn names_at_once(&self, outcome: &Outcome) -> bool {
        !ends_well_over(outcome)
    }

    fn block(&self, slot: &Slot, found: Found) -> Result<Block, Failure> {
        failure_block(self.settings, slot, &self.runner, found)
    }
}

/// Over the memory limit and else ending well, with a peak that a runtime alone reaches: on
/// every game, the smallest too, the limit is too small for CMD to run at all.
fn ends_well_over(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Memory { status: None, peak, .. } if *peak <= RUNTIME_ALONE)
}

/// The usage error of a `--memory` too small for CMD to run at all: over it on every game, the
/// smallest too, ending well with a `peak` a runtime alone reaches.
fn memory_too_small(memory: u64, command: &[OsString], peak: u64) -> Failure {
    Failure::Usage(format!(
        "--memory {}: too small for {} to run at all: its resident peak is {} MiB even on the \
         smallest games, as a runtime alone needs",
        memory / MIB,
        ShownPath(Path::new(&command[0])),
        peak.div_ceil(MIB)
    ))
}

/// A confirmed failure's block of the report: shrinks it (within its share of --shrink-time)
/// unless it is a sample's or flaky, and keeps it where asked; the block and where it went.
fn failure_block(
    settings: &Settings,
    slot: &Slot,
    runner: &Batch,
    found: Found,
) -> Result<Block, Failure> {
    let Found {
        placed: Placed { origin, .. },
        game: case,
        confirmed,
        everywhere: every,
        named,
    } = found;
    let reported = Instant::now();
    let (outcome, flaky) = match confirmed {
        Confirmed::Repeats(outcome) | Confirmed::Unsure(outcome) => (outcome, None),
        Confirmed::Flaky {
            failed,
            runs,
            outcome,
        } => (outcome, Some((failed, runs))),
    };
    // The long look at the game of one pile and one move, where it was taken beside the
    // confirmation (see `everywhere::confirm_with_others`).
    let looked = match &every {
        Everywhere::Yes(others) => others.get(LOOKED).cloned(),
        _ => None,
    };
    // Failing on sample 1 every time, it may fail on every game: said so only when it does on
    // sample 2 and the two smallest games too.
    let every = match (&origin, flaky, every) {
        (Origin::Sample(0), None, Everywhere::Yes(others)) => Some(others),
        (Origin::Sample(0), None, Everywhere::Untried) => {
            let status = ProgressBar::hidden();
            status.set_message(format!(
                "trying sample 2 and the two smallest games: is the {} on every game?",
                outcome.what()
            ));
            let say = |bar: &ProgressBar| bar.message();
            progress::lines(&status, slot.started, &say, || {
                everywhere::fails_everywhere(runner, &other_games())
            })
        }
        _ => None,
    };
    // Over the limit and else ending well on every game, the smallest too, with a peak that a
    // runtime alone reaches: the limit is surely too small for the program itself (Python's
    // runtime alone is over 1 MiB). A solution over a larger limit on every game (a large
    // array touched whatever the input) is memory limit exceeded, as the judge says.
    if let (Outcome::Memory { peak, .. }, Some(failures)) = (&outcome, &every)
        && ends_well_over(&outcome)
        && failures.iter().all(ends_well_over)
    {
        return Err(memory_too_small(
            runner.limits.memory,
            &runner.command,
            *peak,
        ));
    }
    let mut text = String::new();
    // How much of `text` is on standard error already: the failure is named the moment it is
    // confirmed; its shrinking, growth and explanation follow.
    let mut told = 0;
    if let (Origin::Sample(i), None) = (&origin, flaky) {
        text.push_str(&sample_line(outcome.what(), *i));
        if named {
            told = text.len();
        }
    }
    let mut shrink_line = None;
    let mut size_only = None;
    let (shown, last) = match (&origin, flaky) {
        (Origin::Sample(_), None) if every.is_some() => {
            tell_now(&text, &mut told);
            (case, outcome)
        }
        (_, Some((failed, runs))) => {
            let at = settings.found(&origin, slot.first);
            let _ = writeln!(
                text,
                "hack: flaky: {} {at}; {}:",
                outcome.what(),
                confirm::flaky_words(failed, runs, "each run alone after the first")
            );
            tell_now(&text, &mut told);
            (case, outcome)
        }
        _ => {
            match &origin {
                Origin::Sample(_) => {
                    report::game(&mut text, &case, &[], false);
                    report::failure(&mut text, &outcome, &runner.limits);
                    text.push('\n');
                }
                _ => {
                    let at = settings.found(&origin, slot.first);
                    let _ = writeln!(text, "hack: {} {at}", outcome.what());
                }
            }
            tell_now(&text, &mut told);
            let (line, shrunk, last, size) = shrink_failure(settings, slot, runner, case, outcome);
            let _ = writeln!(text, "{line}:");
            if let Some(size) = size {
                let _ = writeln!(text, "{size}");
            }
            shrink_line = Some(line);
            size_only = size.and_then(size::Probed::bound);
            (shrunk, last)
        }
    };
    let others = every;
    let every = others.is_some();
    let (kept, input) = hunt::keep_and_show(settings, slot, &mut text, &shown);
    report::failure(&mut text, &last, &runner.limits);
    // The growth's lines, the text's and the document's.
    let left = (reported + slot.share).saturating_duration_since(Instant::now());
    let growth = growth_of(
        runner,
        (slot.started, left),
        (&shown, &last, shrink_line.is_some()),
        (others.as_deref(), looked.as_ref()),
    );
    text.push_str(&growth);
    if let Origin::Sample(_) = origin
        && every
    {
        text.push_str(
            "the solution fails on every game, so nothing was shrunk: also on sample 2 and on \
             both of the smallest games (one answers Aoki, the other Takahashi)\n",
        );
    }
    // A sample's or a saved game's failure is reported alone: no generated game was run.
    if matches!(origin, Origin::Sample(_) | Origin::Saved(_)) && !every {
        text.push_str(
            "the generated games were not run, so failures of other kinds were not looked for: \
             fix this one and run hack again\n",
        );
    }
    // A right answer printed with more beside it: the values explain nothing.
    if !report::only_the_format(&last) {
        report::explain(&mut text, &shown);
    }
    // A game that fails everywhere is not one to make again.
    if let Some(line) = origin.as_found().filter(|_| !every) {
        let _ = writeln!(text, "{line}");
    }
    let mut entry = origin.entry(settings.found(&origin, slot.first), &shown, &input, &last);
    entry.flaky = flaky.map(|(failed, runs)| json::Flaky { failed, runs });
    entry.game_files = kept.json_places();
    entry.shrunk = shrink_line;
    entry.size_only = size_only;
    entry.growth = growth.lines().map(str::to_owned).collect();
    entry.fails_every_game = every;
    Ok(Block {
        text,
        told,
        kept,
        entry,
    })
}

/// A failure's growth lines (see [`growth_lines`]), of its `last` outcome on the game `shown`
/// (`shrunk` or not), measured from `started` on within `left`: a timeout's never within less
/// than [`GROWTH_TIME`] limits (with --shrink-time 0 too: the growth says what the unshrunk game
/// cannot), a memory limit's once shrunk. Where every game fails (`others`: how the others
/// failed), a memory limit has none (its memory does not come from the game) and a timeout's
/// is what the long look at the game of one pile and one move saw (`looked`, where it was taken
/// beside the confirmation), or that it never ends.
fn growth_of(
    runner: &Batch,
    (started, left): (Instant, Duration),
    (shown, last, shrunk): (&Game, &Outcome, bool),
    (others, looked): (Option<&[Outcome]>, Option<&Outcome>),
) -> String {
    let mut growth = String::new();
    // Every game timed out, the smallest (one pile, one move) too: it never ends, which is all
    // its growth could say.
    let endless = match (others.and_then(<[Outcome]>::last), last) {
        // Ended, as a run alone is, at ALONE_WALL limits.
        (Some(Outcome::Timeout { .. }), Outcome::Timeout { .. }) => {
            let after = runner.limits.timeout.mul_f64(verdict::ALONE_WALL);
            Some(growth::Growth::Endless {
                after: after.as_secs_f64(),
            })
        }
        _ => None,
    };
    if let Some(endless) = endless {
        // One long look first: a fixed cost over the limit ends, later.
        let meter = growth::Meter::time(runner, Budget::default());
        let smallest = &Game::smallest()[0];
        let wall = growth::long_wall(runner.limits.timeout);
        let seen = match looked {
            Some(outcome) => growth::looked(outcome, wall),
            None => growth::long_look(&meter, smallest),
        };
        let seen = seen.unwrap_or(endless);
        let _ = writeln!(growth, "growth: {seen}");
        return growth;
    }
    let least = runner.limits.timeout.mul_f64(GROWTH_TIME);
    let meter = match (last, others.is_some()) {
        (Outcome::Timeout { .. }, false) => Some(growth::Meter::time(
            runner,
            Budget::lasting(Some(left.max(least))),
        )),
        (Outcome::Memory { peak, .. }, false) if shrunk => {
            let budget = Budget::lasting(Some(left));
            Some(growth::Meter::memory(
                runner,
                budget,
                runner.limits.memory,
                *peak,
            ))
        }
        _ => None,
    };
    if let Some(meter) = meter {
        let status = ProgressBar::hidden();
        status.set_message(format!(
            "measuring how its {} grows: {} and {}",
            meter.quantity.noun(),
            plural(shown.piles.len() as u64, "pile"),
            plural(shown.forbidden.len() as u64, "forbidden move")
        ));
        let say = |bar: &ProgressBar| bar.message();
        progress::lines(&status, started, &say, || {
            growth_lines(&mut growth, &meter, shown)
        });
    }
    growth
}

/// Shrinks a failure within --shrink-time: the report's line on how it went (without its
/// colon), the game it shrank to and how that game fails, and, for a game that stayed too
/// large to print, whether its input's size alone is the cause (see `size`).
fn shrink_failure(
    settings: &Settings,
    slot: &Slot,
    runner: &Batch,
    case: Game,
    outcome: Outcome,
) -> (String, Game, Outcome, Option<size::Probed>) {
    let bar = ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    // A spinner and the message: runs made, the current size, the budget left.
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    let kind = outcome.what();
    // A wrong answer or a crash on a large input may be about its size alone (a fixed input
    // buffer): games of its size drawn afresh are tried first, within half its share. Where
    // the size is the cause, a smaller game fails only while its input stays over that size,
    // and nothing is shrunk; else, or cut short, the shrinking has the rest.
    let probing = Instant::now();
    let probed = match outcome {
        Outcome::Wrong { .. } | Outcome::Crash { .. } if case.input().len() > size::PROBED_OVER => {
            bar.set_message(format!(
                "trying other games of the size of the {kind}'s: does its size alone fail?"
            ));
            let plain = |bar: &ProgressBar| bar.message();
            progress::lines(&bar, slot.started, &plain, || {
                let budget = Budget::lasting(Some(slot.share / 2));
                size::probe(runner, &case, &outcome, &budget)
            })
        }
        _ => None,
    };
    if let Some(size::Probed::Bound(_)) = probed {
        bar.finish_and_clear();
        let line = "not shrunk, as games drawn afresh at its input's size fail as it does and \
                    smaller ones pass"
            .to_owned();
        return (line, case, outcome, probed);
    }
    // A timeout's shrinking, its size bisected, has at most half its share, and so has a
    // memory limit's: its growth, measured next within the rest, says more than a smaller
    // size.
    let total = settings.shrink_time;
    let budget = match outcome {
        Outcome::Timeout { .. } | Outcome::Memory { .. } => slot.share / 2,
        _ => slot.share.saturating_sub(probing.elapsed()),
    };
    let say = |bar: &ProgressBar| {
        bar.message()
            .replacen("shrinking", &format!("shrinking the {kind}"), 1)
    };
    // A run still going when the budget runs out is cut, confirmations too.
    let cut = Budget::lasting(Some(budget));
    let from = (case.piles.len(), case.forbidden.len());
    let shrunk = progress::lines(&bar, slot.started, &say, || {
        shrink::shrink(runner, case, outcome, budget, &cut, &bar)
    });
    // A probe cut short says so, where the shrunk game is still too large to print.
    let size = probed.filter(|_| shrunk.case.input().len() > size::PROBED_OVER);
    bar.finish_and_clear();
    let how = shrunk.how(from, budget, total);
    let line = shrunk.line(shrunk.runs, "run", from, &how);
    (line, shrunk.case, shrunk.outcome, size)
}

/// A timeout's or a memory limit's growth: the game's CPU time or resident peak at smaller
/// sizes of each dimension, and the exponent, the dimension that matters most first.
fn growth_lines(text: &mut String, meter: &growth::Meter, case: &Game) {
    let measuring = Instant::now();
    let mut found = growth::growth(meter, case);
    // "Never ends" only after one long look at the game of one pile and one move.
    if let [growth::Growth::Endless { .. }] = found[..] {
        // The game the growth measured at N = 1, M = 1: its first pile and forbidden move.
        let smallest = Game {
            piles: case.piles[..1].to_vec(),
            forbidden: case.forbidden[..1].to_vec(),
        };
        if let Some(seen) = growth::long_look(meter, &smallest) {
            found = vec![seen];
        }
    }
    // Runs that waited for a CPU most of the time: the times have noise a quiet machine has
    // not, and a fit over sizes a factor of 2 apart can be off by half a power. No wait
    // moves a peak.
    let busy = meter.quantity == growth::Quantity::Time
        && meter.budget.held().saturating_mul(2) >= measuring.elapsed();
    // A signal cut the growth's runs short: what they saw says nothing of the sizes.
    if run::stopped() {
        text.push_str("growth: not measured to the end: hack was stopped\n");
        return;
    }
    if found.is_empty() && meter.budget.ran_out() {
        text.push_str("growth: not measured to the end: its share of --shrink-time ran out\n");
        return;
    }
    if found.is_empty() && meter.unseen() {
        text.push_str(
            "growth: not measured: its runs at smaller sizes ended before /proc's looks saw \
             their memory (a control group sees every run)\n",
        );
        return;
    }
    if found.is_empty() {
        let _ = writeln!(text, "growth: {}", meter.quantity.flat());
        return;
    }
    text.push_str(if found.iter().any(growth::Growth::in_values) {
        "growth, the same game's first piles or forbidden moves, or its values scaled down, run \
         alone:\n"
    } else {
        "growth, the same game's first piles or forbidden moves run alone:\n"
    });
    for growth in found {
        let _ = writeln!(text, "    {growth}");
    }
    if busy {
        let _ = writeln!(
            text,
            "    (measured on a busy machine: its runs waited {:.1} s for a CPU other work held, \
             and their times are rough; run hack again on a quiet one for the powers)",
            meter.budget.held().as_secs_f64()
        );
    }
}

/// Writes what of `text` is not on standard error yet (from `told` on), at once.
pub(super) fn tell_now(text: &str, told: &mut usize) {
    let _ = io::stderr().lock().write_all(&text.as_bytes()[*told..]);
    *told = text.len();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample is run as the game it holds, written out again: byte for byte the statement's
    /// file, so that a solution is given the sample the statement shows.
    #[test]
    fn a_sample_is_run_as_its_own_file() {
        for (input, _) in SAMPLES {
            let written = Game::read_or_empty(input.as_bytes()).input();
            assert_eq!(String::from_utf8_lossy(&written), input);
        }
    }
}
