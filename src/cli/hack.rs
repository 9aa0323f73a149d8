//! `hack`: runs someone's solution on generated games against this solver and, on the first
//! wrong answer, crash or timeout, shrinks the game to a 1-minimal one: the smallest case that
//! shows the bug.
//!
//! Games come from `gen`'s generator and grow from tiny to large as testing goes on. Shrinking
//! follows QuickCheck's shape: try the simplest reductions first (drop piles and forbidden
//! moves, half at a time then one at a time; lower values; merge a value into another), keep
//! any that still fails the same way, and stop where none does.

use super::game::Failure;
use super::generate::{self, Options};
use super::rng::Rng;
use super::shapes::write_input;
use crate::{Game, report, winner};
use indicatif::{ProgressBar, ProgressStyle};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// Find a game on which a solution fails, and shrink it to a minimal one
///
/// Runs CMD on generated games (the game on its standard input; its answer is its standard
/// output, trimmed) and compares with this solver. On the first wrong answer, crash (a non-zero
/// exit or a signal) or timeout, the game is shrunk while CMD keeps failing the same way, to a
/// game where dropping any one pile or forbidden move makes CMD right again, with values as
/// small as the search can make them. The report goes to standard error. Exit 1 when a failure
/// was found, 0 when every game passed, 130 when interrupted (Ctrl-C) with nothing found.
#[derive(Debug, clap::Args)]
#[command(after_help = "example: constrained-nim hack --tests 500 -- python3 my_solution.py")]
pub(super) struct Args {
    /// How many games to try
    #[arg(long, value_name = "K", default_value_t = 1000)]
    tests: u64,
    /// The seed of the whole run (default: a new one, printed in the report)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Seconds CMD may take on one game before it counts as a timeout
    #[arg(long, value_name = "SECS", default_value_t = 2.0)]
    timeout: f64,
    /// How many games run at once (default: the number of cores)
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
    /// The largest N and M the games grow to (the statement's: 200000; at most 2000000)
    #[arg(long, value_name = "N", default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=2_000_000))]
    max_n: u64,
    /// Write the minimal game to FILE, as an input file
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The solution to test, and its arguments
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<OsString>,
}

/// How one run of CMD on one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Right,
    Wrong {
        expected: String,
        actual: String,
    },
    Crash {
        status: String,
        stderr: String,
    },
    Timeout,
    /// CMD could not be started at all: a mistake on the command line, not a failure.
    NotRun(String),
    /// This machine could not run CMD (threads, process status): no verdict, and no going on.
    Broken(String),
    /// Ctrl-C arrived while CMD ran: no verdict.
    Stopped,
}

impl Outcome {
    /// What kind of failure this is; shrinking keeps the kind.
    fn kind(&self) -> &'static str {
        match self {
            Outcome::Right => "right",
            Outcome::Wrong { .. } => "wrong answer",
            Outcome::Crash { .. } => "crash",
            Outcome::Timeout => "timeout",
            Outcome::NotRun(_) => "not run",
            Outcome::Broken(_) => "broken",
            Outcome::Stopped => "stopped",
        }
    }

    fn failed(&self) -> bool {
        !matches!(self, Outcome::Right | Outcome::Stopped)
    }
}

/// A game to try: its piles and forbidden moves.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Case {
    piles: Vec<u64>,
    forbidden: Vec<(u64, u64)>,
}

/// Set by Ctrl-C: every loop below stops at its next step.
static STOP: AtomicBool = AtomicBool::new(false);

fn stopped() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// The solution under test and how it is run.
struct Runner {
    command: Vec<OsString>,
    timeout: Duration,
    jobs: usize,
    /// Runs of CMD so far.
    runs: AtomicU64,
}

pub(super) fn run(args: Args) -> Result<i32, Failure> {
    if !(args.timeout > 0.0 && args.timeout <= 1e6) {
        return usage(format!(
            "--timeout {}: give a number of seconds above 0",
            args.timeout
        ));
    }
    if args.jobs == Some(0) {
        return usage("--jobs 0: at least one game runs at a time".to_owned());
    }
    let seed = args.seed.unwrap_or_else(generate::fresh_seed);
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()));
    let runner = Runner {
        command: args.command,
        timeout: Duration::from_secs_f64(args.timeout),
        jobs,
        runs: AtomicU64::new(0),
    };
    // A second handler cannot be set (only in tests that call run twice): then Ctrl-C kills.
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));

    let bar =
        ProgressBar::with_draw_target(Some(args.tests), indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}") {
        bar.set_style(style);
    }
    let found = search(&runner, seed, args.tests, args.max_n, &bar)?;
    bar.finish_and_clear();
    let Some((index, game_seed, options, case, outcome)) = found else {
        let tried = runner.runs.load(Ordering::Relaxed);
        if stopped() {
            report(format_args!(
                "interrupted after {tried} games (seed {seed}); no failure found"
            ));
            return Ok(130);
        }
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "hack: all {} games passed (seed {seed})", args.tests);
        return Ok(0);
    };
    if let Outcome::NotRun(e) = &outcome {
        return usage(format!(
            "cannot run {}: {e}",
            super::game::ShownPath(std::path::Path::new(&runner.command[0]))
        ));
    }
    if let Outcome::Broken(e) = &outcome {
        return Err(Failure::Other(format!("cannot go on testing: {e}")));
    }
    let searched = runner.runs.load(Ordering::Relaxed);
    let spinner = ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    let (small, last) = shrink(&runner, case.clone(), outcome, &spinner);
    spinner.finish_and_clear();
    let shrinks = runner.runs.load(Ordering::Relaxed) - searched;

    let mut text = Vec::new();
    write_input(&mut text, &small.piles, &small.forbidden).map_err(Failure::Write)?;
    if let Some(path) = &args.out {
        std::fs::write(path, &text).map_err(|e| {
            Failure::Other(format!(
                "{}: cannot write: {e}",
                super::game::ShownPath(path)
            ))
        })?;
    }
    let mut err = io::stderr().lock();
    let _ = write_report(
        &mut err,
        &Found {
            index,
            tests: args.tests,
            seed,
            shrinks,
            case: &case,
            game_seed,
            options: &options,
            small: &small,
            text: &text,
            outcome: &last,
            interrupted: stopped(),
        },
    );
    Ok(1)
}

/// A usage error: exit status 2, with the hint toward `--help` that clap's errors carry.
fn usage(message: String) -> Result<i32, Failure> {
    Err(Failure::Usage(message))
}

/// What a failure report says.
struct Found<'a> {
    index: u64,
    tests: u64,
    seed: u64,
    shrinks: u64,
    case: &'a Case,
    game_seed: u64,
    options: &'a Options,
    small: &'a Case,
    text: &'a [u8],
    outcome: &'a Outcome,
    interrupted: bool,
}

fn write_report(err: &mut impl Write, found: &Found<'_>) -> io::Result<()> {
    let small = found.small;
    writeln!(
        err,
        "hack: {} on game {} of {} (seed {}); {} before it passed",
        found.outcome.kind(),
        found.index + 1,
        found.tests,
        found.seed,
        match found.index {
            0 => "no game".to_owned(),
            1 => "the game".to_owned(),
            n => format!("the {n} games"),
        }
    )?;
    let minimal = if found.interrupted {
        "interrupted while shrinking; the smallest so far"
    } else {
        "1-minimal: without any one pile or forbidden move it passes"
    };
    writeln!(
        err,
        "shrunk in {} runs from {} and {} to {} and {} ({minimal}):\n",
        found.shrinks,
        counted(found.case.piles.len(), "pile"),
        counted(found.case.forbidden.len(), "forbidden move"),
        counted(small.piles.len(), "pile"),
        counted(small.forbidden.len(), "forbidden move")
    )?;
    for line in String::from_utf8_lossy(found.text).lines() {
        writeln!(err, "    {line}")?;
    }
    writeln!(err)?;
    match found.outcome {
        Outcome::Wrong { expected, actual } => {
            writeln!(err, "expected: {expected}")?;
            writeln!(err, "actual:   {}", shown_output(actual))?;
        }
        Outcome::Crash { status, stderr } => {
            writeln!(err, "the command {status}")?;
            if !stderr.is_empty() {
                writeln!(err, "its standard error ended with:")?;
                for line in stderr.lines() {
                    writeln!(err, "    {line}")?;
                }
            }
        }
        Outcome::Timeout => writeln!(err, "the command gave no answer in time (--timeout)")?,
        Outcome::Right | Outcome::NotRun(_) | Outcome::Broken(_) | Outcome::Stopped => {}
    }
    let Options {
        piles, moves, max, ..
    } = found.options;
    writeln!(
        err,
        "the game as found: constrained-nim gen --seed {} --n {} --m {} --max {max}",
        found.game_seed,
        piles.unwrap_or(0),
        moves.unwrap_or(0)
    )
}

fn counted(n: usize, word: &str) -> String {
    super::game::plural(n as u64, word)
}

/// An output as the report shows it: quoted when empty or odd, cut when long.
fn shown_output(actual: &str) -> String {
    let mut shown: String = actual.chars().take(200).collect();
    if shown.len() < actual.len() {
        shown += "...";
    }
    if shown.is_empty() || shown.contains(char::is_control) {
        format!("{shown:?}")
    } else {
        shown
    }
}

/// The found failure: game index, its generator seed and options, the game, how it failed.
type Finding = (u64, u64, Options, Case, Outcome);

/// Runs up to `tests` games on `runner.jobs` threads and returns the failure with the lowest
/// index: games are taken in order, so every lower one has run when the workers stop.
fn search(
    runner: &Runner,
    seed: u64,
    tests: u64,
    max_n: u64,
    bar: &ProgressBar,
) -> Result<Option<Finding>, Failure> {
    let next = AtomicU64::new(0);
    let found: Mutex<Option<Finding>> = Mutex::new(None);
    let failure: Mutex<Option<Failure>> = Mutex::new(None);
    let lowest =
        |found: &Mutex<Option<Finding>>| found.lock().map_or(Some(0), |f| f.as_ref().map(|f| f.0));
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= tests || stopped() || lowest(&found).is_some() {
                break;
            }
            let (game_seed, options) = plan(seed, index, tests, max_n);
            let case = match generate::small_game(&mut Rng::new(game_seed), &options) {
                Ok((piles, forbidden)) => Case { piles, forbidden },
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(Failure::Other(e));
                    STOP.store(true, Ordering::Relaxed);
                    break;
                }
            };
            let outcome = runner.try_case(&case);
            bar.inc(1);
            if outcome.failed() {
                let mut found = found.lock().unwrap_or_else(|p| p.into_inner());
                if found.as_ref().is_none_or(|f| f.0 > index) {
                    *found = Some((index, game_seed, options, case, outcome));
                }
            }
        }
    };
    thread::scope(|scope| {
        // As many workers as will start; where none can, the work runs here.
        let started = (0..runner.jobs)
            .filter(|_| thread::Builder::new().spawn_scoped(scope, work).is_ok())
            .count();
        if started == 0 {
            work();
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(found.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// The generator's seed and options for game `index` of `tests`: tiny for the first half, then
/// small, then up to 10^6 with N, M up to 1000, and the last 5 % up to 10^18 and `max_n`.
fn plan(seed: u64, index: u64, tests: u64, max_n: u64) -> (u64, Options) {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let percent = index * 100 / tests.max(1);
    let (max, n, m) = match percent {
        0..50 => (rng.range(1, 8), rng.range(1, 3), rng.range(1, 8)),
        50..80 => (rng.range(1, 40), rng.range(1, 6), rng.range(1, 60)),
        80..95 => (
            log_uniform(&mut rng, 1_000_000),
            log_uniform(&mut rng, 1000),
            log_uniform(&mut rng, 1000),
        ),
        _ => (
            log_uniform(&mut rng, 1_000_000_000_000_000_000),
            log_uniform(&mut rng, max_n),
            log_uniform(&mut rng, max_n),
        ),
    };
    let pairs = max.saturating_mul(max.saturating_add(1)) / 2;
    let options = Options {
        piles: Some(n.min(max_n)),
        moves: Some(m.min(pairs).min(max_n)),
        max,
        beyond: false,
    };
    (rng.next_u64(), options)
}

/// A number in `1..=top` whose number of bits is uniform.
fn log_uniform(rng: &mut Rng, top: u64) -> u64 {
    let bits = rng.range(1, 64 - top.leading_zeros() as u64);
    rng.range(1 << (bits - 1), (1u64 << (bits - 1)).saturating_mul(2) - 1)
        .min(top)
}

// ---------------------------------------------------------------------------------------------
// Shrinking
// ---------------------------------------------------------------------------------------------

/// Shrinks `case`, which failed with `outcome`, to a 1-minimal case that fails the same way;
/// returns it with its last outcome.
fn shrink(
    runner: &Runner,
    mut case: Case,
    mut outcome: Outcome,
    bar: &ProgressBar,
) -> (Case, Outcome) {
    let kind = outcome.kind();
    loop {
        bar.set_message(format!(
            "shrinking: {} piles, {} forbidden moves",
            case.piles.len(),
            case.forbidden.len()
        ));
        bar.tick();
        let mut progress = false;
        for pass in [drop_piles, drop_moves, lower_piles, lower_moves, shift_down] {
            while let Some(found) = runner.first_failing(pass(&case), kind) {
                (case, outcome) = found;
                progress = true;
            }
            if stopped() {
                return (case, outcome);
            }
        }
        if !progress {
            return (case, outcome);
        }
    }
}

/// Without a run of piles: half of them, a quarter, ..., then each one; N stays at least 1.
fn drop_piles(case: &Case) -> Vec<Case> {
    chunks_out(case.piles.len())
        .map(|(from, to)| Case {
            piles: [&case.piles[..from], &case.piles[to..]].concat(),
            forbidden: case.forbidden.clone(),
        })
        .collect()
}

/// Without a run of forbidden moves, as [`drop_piles`]; M stays at least 1.
fn drop_moves(case: &Case) -> Vec<Case> {
    chunks_out(case.forbidden.len())
        .map(|(from, to)| Case {
            piles: case.piles.clone(),
            forbidden: [&case.forbidden[..from], &case.forbidden[to..]].concat(),
        })
        .collect()
}

/// The ranges `from..to` to leave out of `len` items, largest first, never all of them.
fn chunks_out(len: usize) -> impl Iterator<Item = (usize, usize)> {
    let sizes = std::iter::successors(Some(len / 2), |&s| (s > 1).then_some(s / 2));
    sizes
        .filter(|&s| s >= 1)
        .flat_map(move |size| (0..len / size).map(move |k| (k * size, (k + 1) * size)))
        .filter(move |&(from, to)| to - from < len)
}

/// Smaller values for `v`, smallest first: 1, then `v` minus a half, a quarter, ... , 1 of it;
/// then the values of `others` below `v` (merging two values into one).
fn smaller(v: u64, others: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut values = vec![1];
    let mut step = v / 2;
    while step >= 1 {
        values.push(v - step);
        step /= 2;
    }
    values.extend(others.filter(|&o| o < v));
    values.retain(|&c| c >= 1 && c < v);
    values.dedup();
    values
}

/// Each pile lowered, one at a time.
fn lower_piles(case: &Case) -> Vec<Case> {
    let mut cases = Vec::new();
    let specials = || case.forbidden.iter().map(|&(x, _)| x);
    for (i, &a) in case.piles.iter().enumerate() {
        for b in smaller(a, specials().chain(case.piles.iter().copied())) {
            let mut piles = case.piles.clone();
            piles[i] = b;
            cases.push(Case {
                piles,
                forbidden: case.forbidden.clone(),
            });
        }
    }
    cases
}

/// Each forbidden move lowered, one at a time: X with Y kept (or cut to X), X with the target
/// kept, and Y; a move that would repeat another is skipped.
fn lower_moves(case: &Case) -> Vec<Case> {
    let mut cases = Vec::new();
    let others = || {
        let piles = case.piles.iter().copied();
        piles.chain(case.forbidden.iter().map(|&(x, _)| x))
    };
    for (j, &(x, y)) in case.forbidden.iter().enumerate() {
        let mut moves = Vec::new();
        for lower in smaller(x, others()) {
            moves.push((lower, y.min(lower)));
            if y > x - lower {
                moves.push((lower, y - (x - lower)));
            }
        }
        moves.extend(smaller(y, std::iter::empty()).into_iter().map(|z| (x, z)));
        for changed in moves {
            if case.forbidden.contains(&changed) {
                continue;
            }
            let mut forbidden = case.forbidden.clone();
            forbidden[j] = changed;
            cases.push(Case {
                piles: case.piles.clone(),
                forbidden,
            });
        }
    }
    cases
}

/// Every pile and X lowered by the same amount, Y kept: the game's shape, at smaller values.
fn shift_down(case: &Case) -> Vec<Case> {
    let room = case
        .piles
        .iter()
        .map(|&a| a - 1)
        .chain(case.forbidden.iter().map(|&(x, y)| x - y))
        .min()
        .unwrap_or(0);
    let mut cases = Vec::new();
    let mut by = room;
    while by >= 1 {
        cases.push(Case {
            piles: case.piles.iter().map(|&a| a - by).collect(),
            forbidden: case.forbidden.iter().map(|&(x, y)| (x - by, y)).collect(),
        });
        by /= 2;
    }
    cases
}

// ---------------------------------------------------------------------------------------------
// Running the command
// ---------------------------------------------------------------------------------------------

/// Why CMD gave no outcome at all.
enum Run {
    /// It could not be started: the command line names no program that runs.
    Start(String),
    /// This machine failed us (no thread for the pipes, no process status).
    Machine(String),
}

/// How much of CMD's standard error a crash report keeps: its last lines.
const STDERR_KEPT: usize = 1000;
/// How much of CMD's standard output is kept; the rest is read and dropped.
const STDOUT_KEPT: usize = 1 << 20;

impl Runner {
    /// The first of `cases`, in order, on which CMD fails with `kind`, with its outcome; `jobs`
    /// of them run at once.
    fn first_failing(&self, cases: Vec<Case>, kind: &str) -> Option<(Case, Outcome)> {
        for batch in cases.chunks(self.jobs) {
            if stopped() {
                return None;
            }
            let outcomes: Vec<Outcome> = thread::scope(|scope| {
                // A case whose thread cannot start runs here, the others meanwhile.
                let pending: Vec<_> = batch
                    .iter()
                    .map(|case| {
                        let run = || self.try_case(case);
                        thread::Builder::new()
                            .spawn_scoped(scope, run)
                            .map_err(|_| case)
                    })
                    .collect();
                pending
                    .into_iter()
                    .map(|p| match p {
                        Ok(thread) => thread.join().unwrap_or(Outcome::Stopped),
                        Err(case) => self.try_case(case),
                    })
                    .collect()
            });
            let first = batch.iter().zip(outcomes).find(|(_, o)| o.kind() == kind);
            if let Some((case, outcome)) = first {
                return Some((case.clone(), outcome));
            }
        }
        None
    }

    /// Runs CMD on `case` and judges its answer.
    fn try_case(&self, case: &Case) -> Outcome {
        let game = Game {
            piles: case.piles.clone(),
            forbidden: case.forbidden.clone(),
        };
        // Only an allocation failure makes the solver fail: a case too large to judge.
        let Ok(expected) = winner(game) else {
            return Outcome::Stopped;
        };
        let mut input = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = write_input(&mut input, &case.piles, &case.forbidden);
        self.runs.fetch_add(1, Ordering::Relaxed);
        match self.execute(input) {
            Err(Run::Start(e)) => Outcome::NotRun(e),
            Err(Run::Machine(e)) => Outcome::Broken(e),
            Ok(None) if stopped() => Outcome::Stopped,
            Ok(None) => Outcome::Timeout,
            Ok(Some((status, stdout, stderr))) => {
                if !status.success() {
                    return Outcome::Crash {
                        status: describe(status),
                        stderr: tail(&stderr),
                    };
                }
                let actual = String::from_utf8_lossy(&stdout).trim().to_owned();
                if actual == expected {
                    Outcome::Right
                } else {
                    Outcome::Wrong {
                        expected: expected.to_owned(),
                        actual,
                    }
                }
            }
        }
    }

    /// CMD in a process group of its own, so that a timeout ends everything it started.
    fn spawn(&self) -> io::Result<Child> {
        Command::new(&self.command[0])
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
    }

    /// Runs CMD with `input`; its status, standard output and error, or `None` on a timeout
    /// or Ctrl-C.
    #[allow(clippy::type_complexity)]
    fn execute(&self, input: Vec<u8>) -> Result<Option<(ExitStatus, Vec<u8>, Vec<u8>)>, Run> {
        let mut child = self.spawn().map_err(|e| Run::Start(e.to_string()))?;
        let group = child.id() as i32;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let started = Instant::now();
        thread::scope(|scope| {
            let spawn = thread::Builder::new;
            // A command that does not read its input gets a broken pipe here: not our failure.
            let writer =
                spawn().spawn_scoped(scope, move || stdin.map(|mut pipe| pipe.write_all(&input)));
            let out = spawn().spawn_scoped(scope, move || keep(stdout, STDOUT_KEPT));
            let err = spawn().spawn_scoped(scope, move || keep(stderr, usize::MAX));
            let (Ok(_), Ok(out), Ok(err)) = (writer, out, err) else {
                // Pipes whose thread never started are closed; CMD ends with its group.
                // SAFETY: kill(2) with a negative pid signals a process group.
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                }
                let _ = child.wait();
                return Err(Run::Machine(
                    "a thread to talk to it could not start".to_owned(),
                ));
            };
            let mut pause = Duration::from_micros(50);
            let status = loop {
                match child.try_wait() {
                    Ok(Some(status)) => break Ok(Some(status)),
                    Ok(None) if started.elapsed() > self.timeout || stopped() => break Ok(None),
                    Ok(None) => {}
                    Err(e) => break Err(e),
                }
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            };
            // Whatever CMD left behind (or CMD itself, out of time) ends here, so that the
            // pipes close and nothing outlives its game.
            // SAFETY: kill(2) with a negative pid signals a process group; no memory involved.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
            let status = match status {
                Ok(None) => {
                    let _ = child.wait();
                    None
                }
                Ok(Some(status)) => Some(status),
                Err(e) => return Err(Run::Machine(e.to_string())),
            };
            let stdout = out.join().unwrap_or_default();
            let stderr = err.join().unwrap_or_default();
            Ok(status.map(|status| (status, stdout, stderr)))
        })
    }
}

/// Reads `pipe` to its end, keeping at most `limit` bytes (for standard error: the last ones).
fn keep(pipe: Option<impl Read>, limit: usize) -> Vec<u8> {
    let Some(mut pipe) = pipe else {
        return Vec::new();
    };
    let mut kept = Vec::new();
    let mut chunk = [0; 1 << 14];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) | Err(_) => return kept,
            Ok(read) => {
                if kept.len() < limit {
                    let room = (limit - kept.len()).min(read);
                    kept.extend_from_slice(&chunk[..room]);
                }
                // Standard error: only its end matters; keep a bounded window.
                if limit == usize::MAX && kept.len() > 2 * STDERR_KEPT {
                    kept.drain(..kept.len() - STDERR_KEPT);
                }
            }
        }
    }
}

/// The last lines of a crash's standard error, at most [`STDERR_KEPT`] bytes of them.
fn tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let text = text.trim_end();
    let start = text.len().saturating_sub(STDERR_KEPT);
    let start = (start..text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    let lines: Vec<&str> = text[start..].lines().collect();
    lines[lines.len().saturating_sub(5)..].join("\n")
}

/// An exit status in words: "exited with status 1", "was killed by signal 11 (SIGSEGV)".
fn describe(status: ExitStatus) -> String {
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
