//! `hack`: runs someone's solution on the statement's samples, on games saved by earlier runs,
//! then on generated games against this solver, judged as the judge would (wrong answer, crash,
//! memory limit exceeded, timeout); the first failure is shrunk to a small game and reported.
//!
//! This file is the run from start to end: the options, the samples and saved games, the
//! search, shrinking, the report and what is kept. Below it: `search` (the schedule of games),
//! `limits` (running one command under limits), `outcome` (judging one run), `shrink` (and its
//! `drops`), `growth` (a timeout's time at smaller sizes), `report`.

mod growth;
mod limits;
mod outcome;
mod report;
mod search;
mod shrink;

use super::game::{Failure, ShownPath, plural};
use crate::Game;
use indicatif::{ProgressBar, ProgressStyle};
use outcome::{Case, Outcome, Runner};
use search::Plan;
use shrink::End;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::Duration;

/// Find a game on which a solution fails, and shrink it to a minimal one
///
/// Runs CMD on the statement's two samples, then on the games saved in --save DIR, then on
/// generated games (the game on its standard input; its answer is its standard output, trimmed)
/// and compares with this solver. The first wrong answer, crash (a non-zero exit or a signal),
/// memory limit exceeded or timeout (a sample's too) is shrunk while CMD keeps failing the same
/// way: its size bisected, piles and forbidden moves dropped, values lowered toward 1, J
/// candidates at a time, to a game where no pile, pair of equal piles or forbidden move can go
/// and no value can be 1 lower (or the smallest found when --shrink-time runs out). A timeout's
/// CPU time is then measured at smaller sizes, with its growth exponent in N and in M. The
/// report goes to standard error.
///
/// A timeout counts only when the game is also over the limit run alone (no other job of hack
/// running), in wall and in CPU time, so that a busy machine does not make one. --memory limits each of CMD's processes' address space (RLIMIT_AS), which is at
/// least its resident memory: a runtime that reserves much more than it uses (a JVM's heap,
/// Go, many threads) may need a larger --memory here than on a judge that measures resident
/// memory. Python and C++ reserve little.
///
/// Exit status: 0 every game passed; 1 a failure was found (or the machine failed us); 2 a bad
/// command line or a CMD that cannot start; 130, 143, 129 stopped by SIGINT (Ctrl-C), SIGTERM,
/// SIGHUP with nothing found (every running solution is killed first).
#[derive(Debug, clap::Args)]
#[command(after_help = "example: constrained-nim hack --save failures -- python3 my_solution.py")]
pub(super) struct Args {
    /// How many generated games to try
    #[arg(long, value_name = "K", default_value_t = 1000)]
    tests: u64,
    /// The seed of the whole run (default: a new one, printed in the report)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Seconds CMD may take on one game, run alone, before it counts as a timeout
    #[arg(long, value_name = "SECS", default_value_t = 2.0)]
    timeout: f64,
    /// MiB of address space for each of CMD's processes, like the judge's memory limit
    #[arg(long, value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    memory: u64,
    /// Seconds shrinking may take; then the smallest failing game so far is reported
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    shrink_time: f64,
    /// How many games run at once (default: the number of cores)
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
    /// The largest N and M the games reach (the statement's: 200000; at most 2000000)
    #[arg(long, value_name = "N", default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=2_000_000))]
    max_n: u64,
    /// Write the failing game to FILE, as an input file (checked before the search)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Keep each failure as DIR/NAME.in and NAME.out (oj's layout: `oj t -d DIR` replays
    /// them), and try DIR's games first on every run
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// The solution to test, and its arguments
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<OsString>,
}

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

/// Where a failing game came from.
enum Origin {
    Sample(usize),
    Saved(PathBuf),
    Generated(u64, Plan),
}

pub(super) fn run(args: Args) -> Result<i32, Failure> {
    if !(args.timeout > 0.0 && args.timeout <= 1e6) {
        return Err(Failure::Usage(format!(
            "--timeout {}: give a number of seconds above 0 and at most 1000000",
            args.timeout
        )));
    }
    if !(args.shrink_time >= 0.0 && args.shrink_time <= 1e6) {
        return Err(Failure::Usage(format!(
            "--shrink-time {}: give a number of seconds from 0 to 1000000",
            args.shrink_time
        )));
    }
    if args.jobs == Some(0) {
        return Err(Failure::Usage(
            "--jobs 0: at least one game runs at a time".to_owned(),
        ));
    }
    let ceiling = limits::memory_ceiling();
    let memory = args.memory * MIB;
    if memory > ceiling {
        return Err(Failure::Usage(format!(
            "--memory {}: this shell allows at most {} MiB of address space (ulimit -v)",
            args.memory,
            ceiling / MIB
        )));
    }
    if let Some(out) = &args.out {
        check_out(out, &args.command)?;
    }
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Usage(format!("--save {}: {e}", ShownPath(dir))))?;
    }
    limits::take_over();
    let seed = args.seed.unwrap_or_else(super::generate::fresh_seed);
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()));
    let runner = Runner {
        command: args.command.clone(),
        timeout: Duration::from_secs_f64(args.timeout),
        memory,
        jobs,
        runs: AtomicU64::new(0),
    };
    let result = hunt(&args, &runner, seed);
    limits::sweep_orphans();
    result
}

/// Samples, saved games, the search; then the report.
fn hunt(args: &Args, runner: &Runner, seed: u64) -> Result<i32, Failure> {
    let mut found = None;
    for (i, (input, output)) in SAMPLES.iter().enumerate() {
        let expected = if output.trim() == "Aoki" {
            "Aoki"
        } else {
            "Takahashi"
        };
        let outcome = runner.try_input(input.as_bytes(), expected);
        if outcome.failed() || outcome.unusable() {
            let case = sample_case(input);
            found = Some((Origin::Sample(i), case, outcome));
            break;
        }
    }
    if found.is_none()
        && let Some(dir) = &args.save
    {
        found = replay(dir, runner)?;
    }
    if found.is_none() {
        let bar = if args.tests > 0 {
            ProgressBar::with_draw_target(Some(args.tests), indicatif::ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}") {
            bar.set_style(style);
        }
        let on_game = || bar.inc(1);
        let searched = search::search(runner, seed, args.tests, args.max_n, &on_game);
        bar.finish_and_clear();
        found = searched
            .map_err(Failure::Other)?
            .map(|(index, plan, case, outcome)| (Origin::Generated(index, plan), case, outcome));
    }
    let Some((origin, case, outcome)) = found else {
        let runs = runner.runs.load(Ordering::Relaxed);
        if let Some(signal) = limits::signal() {
            crate::report(format_args!(
                "interrupted after {} (seed {seed}) by {}; no failure found",
                plural(runs, "run"),
                signal_name(signal)
            ));
            return Ok(128 + signal);
        }
        let _ = writeln!(
            io::stderr().lock(),
            "hack: the 2 samples and all {} passed (seed {seed})",
            plural(args.tests, "generated game")
        );
        return Ok(0);
    };
    match &outcome {
        Outcome::NotRun(e) => {
            return Err(Failure::Usage(format!(
                "cannot run {}: {e}",
                ShownPath(Path::new(&runner.command[0]))
            )));
        }
        Outcome::Broken(e) => {
            return Err(Failure::Other(format!("cannot go on testing: {e}")));
        }
        _ => {}
    }
    found_failure(args, runner, seed, origin, case, outcome)
}

/// Reports a failure: shrinks it unless it is a sample's or every game fails, writes it where
/// asked, and says so on standard error.
fn found_failure(
    args: &Args,
    runner: &Runner,
    seed: u64,
    origin: Origin,
    case: Case,
    outcome: Outcome,
) -> Result<i32, Failure> {
    let before = runner.runs.load(Ordering::Relaxed);
    // The two smallest games, one for each answer: a solution that fails both fails every game.
    let smallest = [
        Case {
            piles: vec![1],
            forbidden: vec![(1, 1)],
        },
        Case {
            piles: vec![2],
            forbidden: vec![(1, 1)],
        },
    ];
    let tiny: Vec<Outcome> = smallest.iter().map(|c| runner.try_case(c)).collect();
    let every = tiny.iter().all(Outcome::failed);
    let mut text = String::new();
    let tests = args.tests;
    let (shown, last) = match &origin {
        Origin::Sample(i) if every => {
            let _ = writeln!(
                text,
                "hack: {} on sample {} of the statement; nothing shrunk:",
                outcome.kind(),
                i + 1
            );
            (case, outcome)
        }
        _ if every => {
            let at = where_found(&origin, tests, seed);
            let _ = writeln!(
                text,
                "hack: the solution fails on every game: {} {at}, and on both of the smallest \
                 games (one answers Aoki, the other Takahashi); the first of them:",
                outcome.kind()
            );
            let [first, _] = smallest;
            let [o, _]: [Outcome; 2] = tiny.clone().try_into().unwrap_or_else(|_| unreachable!());
            (first, o)
        }
        _ => {
            match &origin {
                Origin::Sample(i) => {
                    let _ = writeln!(
                        text,
                        "hack: {} on sample {} of the statement:",
                        outcome.kind(),
                        i + 1
                    );
                    report::game(&mut text, &case, None);
                    report::failure(&mut text, &outcome, runner.timeout, runner.memory);
                    text.push('\n');
                }
                _ => {
                    let at = where_found(&origin, tests, seed);
                    let _ = writeln!(text, "hack: {} {at}", outcome.kind());
                }
            }
            let shrunk = shrink_failure(args, runner, case, outcome);
            text.push_str(&shrunk.0);
            (shrunk.1, shrunk.2)
        }
    };
    let input = shown.input();
    let mut written = None;
    if let Some(path) = &args.out {
        match std::fs::write(path, &input) {
            Ok(()) => written = Some(ShownPath(path).to_string()),
            Err(e) => {
                let _ = writeln!(text, "error: {}: cannot write: {e}", ShownPath(path));
            }
        }
    }
    report::game(&mut text, &shown, written.as_deref());
    report::failure(&mut text, &last, runner.timeout, runner.memory);
    if let Outcome::Timeout { .. } = last {
        growth_lines(&mut text, runner, &shown);
    }
    if let Origin::Sample(_) = origin
        && every
    {
        text.push_str(
            "the solution fails on every game: also on both of the smallest games (one \
             answers Aoki, the other Takahashi)\n",
        );
    }
    report::explain(&mut text, &shown);
    match &origin {
        Origin::Generated(_, plan) if plan.shift.is_none() && !every => {
            let options = &plan.options;
            let _ = writeln!(
                text,
                "the game as found: constrained-nim gen --seed {} --n {} --m {} --max {}",
                plan.game_seed,
                options.piles.unwrap_or(0),
                options.moves.unwrap_or(0),
                options.max
            );
        }
        Origin::Saved(path) => {
            let _ = writeln!(text, "the game as found: {}", ShownPath(path));
        }
        _ => {}
    }
    if let (Some(dir), false) = (&args.save, matches!(origin, Origin::Sample(_))) {
        match save(dir, &shown, &input) {
            Ok(name) => {
                let _ = writeln!(text, "saved as {name}.in and {name}.out");
            }
            Err(e) => {
                let _ = writeln!(text, "error: {}: cannot save: {e}", ShownPath(dir));
            }
        }
    }
    let runs = runner.runs.load(Ordering::Relaxed) - before;
    let _ = runs;
    let _ = io::stderr().lock().write_all(text.as_bytes());
    Ok(1)
}

/// Shrinks a failure within --shrink-time: the report's line on how it went, the game it
/// shrank to and how that game fails.
fn shrink_failure(
    args: &Args,
    runner: &Runner,
    case: Case,
    outcome: Outcome,
) -> (String, Case, Outcome) {
    let bar = ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    // A spinner and the message: runs made, the current size, the budget left.
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    let budget = Duration::from_secs_f64(args.shrink_time);
    let from = (case.piles.len(), case.forbidden.len());
    let shrunk = shrink::shrink(runner, case, outcome, budget, &bar);
    bar.finish_and_clear();
    let how = match &shrunk.end {
        End::Minimal => "1-minimal: no pile, pair of equal piles or forbidden move can go, and \
                         no pile, X or Y can be 1 lower"
            .to_owned(),
        End::Budget => format!(
            "not proven minimal: --shrink-time {} s ran out",
            args.shrink_time
        ),
        End::Stopped => "not proven minimal: hack was stopped".to_owned(),
        End::Unusable(why) => format!("not proven minimal: shrinking stopped: {why}"),
    };
    let line = format!(
        "shrunk in {} ({:.1} s) from {} and {} to {} and {} ({how}):\n",
        plural(shrunk.runs, "run"),
        shrunk.time.as_secs_f64(),
        plural(from.0 as u64, "pile"),
        plural(from.1 as u64, "forbidden move"),
        plural(shrunk.case.piles.len() as u64, "pile"),
        plural(shrunk.case.forbidden.len() as u64, "forbidden move"),
    );
    (line, shrunk.case, shrunk.outcome)
}

/// A timeout's growth: the game's CPU time at smaller sizes of each dimension, and the
/// exponent, the dimension that matters most first.
fn growth_lines(text: &mut String, runner: &Runner, case: &Case) {
    let found = growth::growth(runner, case);
    if found.is_empty() {
        text.push_str(
            "growth: no size of this game takes measurably longer than with one pile or one move\n",
        );
        return;
    }
    text.push_str("growth, the same game's first piles or forbidden moves run alone:\n");
    for growth in found {
        let _ = writeln!(text, "    {growth}");
    }
}

/// Where a failure was found, for the report's first line.
fn where_found(origin: &Origin, tests: u64, seed: u64) -> String {
    match origin {
        Origin::Sample(i) => format!("on sample {}", i + 1),
        Origin::Saved(path) => format!("on the saved game {}", ShownPath(path)),
        Origin::Generated(index, plan) => {
            let near = match plan.shift {
                Some((_, near)) => format!(", values near {near}"),
                None => String::new(),
            };
            format!(
                "on game {} of {tests} (seed {seed}{near}); {} before it passed",
                index + 1,
                match index {
                    0 => "the 2 samples".to_owned(),
                    1 => "the samples and the game".to_owned(),
                    n => format!("the samples and the {n} games"),
                }
            )
        }
    }
}

fn sample_case(input: &str) -> Case {
    let game = crate::read_game(input.as_bytes()).unwrap_or(Game {
        piles: Vec::new(),
        forbidden: Vec::new(),
    });
    Case {
        piles: game.piles,
        forbidden: game.forbidden,
    }
}

/// Runs the games saved in `dir` (its `*.in` files, by name); the first that fails.
fn replay(dir: &Path, runner: &Runner) -> Result<Option<(Origin, Case, Outcome)>, Failure> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(None);
    };
    let mut inputs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    for path in inputs {
        if limits::stopped() {
            break;
        }
        let game = super::game::load(Some(&path))?;
        let case = Case {
            piles: game.piles,
            forbidden: game.forbidden,
        };
        let outcome = runner.try_case(&case);
        if outcome.failed() || outcome.unusable() {
            return Ok(Some((Origin::Saved(path), case, outcome)));
        }
    }
    Ok(None)
}

/// Writes `case` as DIR/NAME.in with its answer in NAME.out, NAME from the game's bytes (the
/// same game saved twice is one file); returns DIR/NAME.
fn save(dir: &Path, case: &Case, input: &[u8]) -> io::Result<String> {
    // FNV-1a: a stable name for the same bytes on every machine.
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let name = dir.join(format!("hack-{hash:016x}"));
    let game = Game {
        piles: case.piles.clone(),
        forbidden: case.forbidden.clone(),
    };
    let answer = crate::winner(game).map_err(|e| io::Error::other(e.to_string()))?;
    std::fs::write(name.with_extension("in"), input)?;
    std::fs::write(name.with_extension("out"), format!("{answer}\n"))?;
    Ok(ShownPath(&name).to_string())
}

/// Refuses an `--out` that names a file of CMD (its program found through `PATH` too), an
/// executable, or a file that cannot be written, before any game runs.
fn check_out(out: &Path, command: &[OsString]) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    let shown = ShownPath(out);
    if let Ok(meta) = std::fs::metadata(out) {
        let program = command.first().and_then(on_path);
        let named = command.iter().map(PathBuf::from).chain(program);
        for path in named {
            let same = std::fs::metadata(&path)
                .is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino());
            if same {
                return Err(Failure::Usage(format!(
                    "--out {shown}: CMD names this file; hack will not overwrite it"
                )));
            }
        }
        if meta.is_dir() {
            return Err(Failure::Usage(format!("--out {shown}: is a directory")));
        }
        // A game is never meant to replace a program, whoever runs it.
        if meta.permissions().mode() & 0o111 != 0 {
            return Err(Failure::Usage(format!(
                "--out {shown}: is an executable file; hack will not overwrite it"
            )));
        }
        std::fs::OpenOptions::new()
            .append(true)
            .open(out)
            .map_err(|e| Failure::Usage(format!("--out {shown}: cannot write: {e}")))?;
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(out)
            .map_err(|e| Failure::Usage(format!("--out {shown}: cannot write: {e}")))?;
        let _ = std::fs::remove_file(out);
    }
    Ok(())
}

/// Where the shell would find `program` on `PATH`, when it is a bare name (no `/`).
fn on_path(program: &OsString) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    if Path::new(program).components().count() != 1 || program.as_encoded_bytes().contains(&b'/') {
        return None;
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| {
            std::fs::metadata(candidate)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}
