//! `audit DIR`: a problem setter's audit of a test folder: each file right, the bounds the
//! tests reach, the classic wrong solutions (mutants) they kill, and with `--solutions` every
//! program's verdicts; `--fill` adds the tests that are missing. The exit status says whether
//! anything is missing or wrong.
//!
//! This file is the run from start to end: the options, each test examined (on `--jobs`
//! threads), the report put together. Below it: `folder` (finding and checking the tests),
//! `bounds`, `mutants` (the catalogue), `solutions`, `fill`, `report` (the table and the JSON),
//! and `trial`, the one door into hack's search, shrinking and sandbox.

mod bounds;
mod fill;
mod folder;
mod mutants;
mod report;
mod solutions;
mod trial;

use super::game::{Failure, ShownPath};
use crate::cli::exit::Exit;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mutants::MUTANTS;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// What `audit --help` adds below the options.
const AFTER_LONG_HELP: &str = "\
The report (standard output):
  tests      every entry named *.in, whatever it is: one that is no regular file (a FIFO, a
             device such as /dev/zero, a link that loops or leads nowhere, a folder, whose
             own tests are found too) is named with why, never read; a file is read as a
             stream, no further than 32 MiB (the statement's largest game takes 12 MB: a
             larger file is refused), and must be a game inside the statement (as --check
             --strict). Each answer file it
             has, .out (oj's) and .ans (Kattis', BAPCtools'), must be a regular file, right
             as `judge` judges it (any winning-move line), and the same as the other, token
             by token (a judge that compares outputs with one would judge otherwise)
  bounds     the least and greatest N, M, A_i, X_i, Y_i in the valid tests beside the
             statement's (1 .. 200000, 1 .. 10^18); both winners; which of the judge's max
             tests and anti-hash games the set holds (gen --shape NAME makes each): random,
             gcc-growth, onex, pydict, chain, triangle, gcc-reserve, zeros, onspecial, equal,
             top, onepile, onemove
  mutants    the wrong solutions contestants write, each run in-process on every valid test:
             values in 32 bits (int32, uint32, sum32), through a double, fixed arrays of 10^5,
             the duplicate-count table ignored (no-extra), a drop missed at a pile's own
             position, moves not grouped by X, plain Nim, a mex off by one, X - Y confused,
             a special point dropping only to its smallest target, moves to 0 skipped, a
             sentinel at 10^18, a quadratic scan of one X's moves, the drops counted one by
             one, g++'s unordered_map (grown, or reserved) and CPython's dict keyed by X on the
             anti-hash games, a recursion as deep as M under CPython's limit. A timeout-class
             mutant counts its slow loop's steps; a test kills it when they pass what a real
             run does in the judge's 4 s. Each mutant: the tests that kill it, or SURVIVES.
  solutions  with --solutions SOL: every program in SOL/accepted, wrong_answer,
             time_limit_exceeded, run_time_error, memory_limit_exceeded (Kattis' layout; an
             executable as it is, .py with python3, .cpp built with c++ -O2 -std=c++17) on
             every valid test, under hack's sandbox and limits (4 s, 1024 MiB): its verdict on
             each (AC, WA, TLE, RE, MLE, as hack says), the slowest time, the peak memory;
             its verdict is its first failing test's (by path), as Kattis judges, and must be
             its folder's.
             The tests on which no solution fails are named. Whatever else is there (another
             folder, a file that is no program or cannot be read, a C++ file that does not
             compile; hidden files, README and .md/.txt notes aside) is named as not run,
             with no verdict, and the audit does not pass.

--fill adds to DIR, for each max test or anti-hash game lacking, the game `gen --shape`
makes; for each bound not reached and each winner lacking, a small game that reaches it; for
each surviving mutant, a game that kills it, found by hack's search and shrunk by hack's
shrinker (small enough to read, but for a bug that needs size). Each as NAME.in and NAME.out,
NAME saying why it is there (fill-shape-onex, fill-least-values, fill-kills-int32), and no
NAME already taken by a .in, .out or .ans. Both are written to hidden temporary names in DIR
(.NAME.out.PID-K.tmp, .NAME.in.PID-K.tmp), then renamed: a test is added whole or not at all. A test that cannot
be written (a full disk) ends the run with an error line, no part of it left; the tests added
before it stay, whole. The report is then of DIR as filled, and says what was added.

Paths are shown escaped, in the text and the JSON alike, so that each is one line and two
different paths never show the same: a backslash as \\\\, a newline as \\n, another control
character or white space but the space as \\t, \\r or \\u{..}, a byte that is not UTF-8 as
\\xNN.

--json prints the report as one JSON document instead; --json-schema prints its JSON Schema.

exit status:
  0  every file right, every bound reached, every max test held, every mutant killed, every
     solution's verdict its folder's
  1  something is missing or wrong (the report's last lines say what), or --fill could not
     write a test (an error line says which)
  2  the command line is wrong, or DIR cannot be read";

/// Audit a problem's test folder: its files, its bounds, the wrong solutions it kills
///
/// Reads DIR's tests (*.in with *.out or *.ans beside, as oj, BAPCtools and Kattis lay them
/// out), and reports each bad file, the bounds and max tests the set lacks, and the classic
/// wrong solutions (mutants of this solver) that no test kills; --solutions runs your own
/// programs on every test, --fill adds the tests that are missing.
#[derive(Debug, clap::Args)]
#[command(after_long_help = AFTER_LONG_HELP)]
pub(super) struct Args {
    /// The test folder (its subfolders too)
    #[arg(value_name = "DIR", required_unless_present = "json_schema")]
    dir: Option<PathBuf>,
    /// Run every program under SOL's Kattis folders on every test (see --help)
    #[arg(long, value_name = "SOL")]
    solutions: Option<PathBuf>,
    /// Add to DIR a test for each max test, bound, winner and mutant missing, then report
    /// on DIR as filled
    #[arg(long)]
    fill: bool,
    /// The seed of --fill's search (hack's schedule of games)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Print the report as one JSON document
    #[arg(long)]
    json: bool,
    /// Print the JSON Schema of --json's report, and nothing else
    #[arg(long, conflicts_with_all = ["dir", "solutions", "fill", "json"])]
    json_schema: bool,
    /// How many tests are examined, or runs made, at once (default: the number of cores)
    #[arg(short, long, value_name = "J",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// Seconds of wall time a solution may take on one test (the judge's: 4)
    #[arg(long, value_name = "SECS", default_value_t = 4.0)]
    timeout: f64,
    /// MiB of resident memory a solution may use (the judge's: 1024)
    #[arg(long, value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    memory: u64,
}

/// One test, examined: its files checked, its ranges and shapes, the mutants it kills.
struct Examined {
    found: folder::TestFiles,
    checked: folder::Checked,
    ranges: Option<[(u64, u64); 5]>,
    shapes: Vec<&'static str>,
    /// Each mutant it kills (by index in [`MUTANTS`]) and how.
    kills: Vec<(usize, String)>,
}

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<Exit, Failure> {
    if args.json_schema {
        writeln!(out, "{}", report::schema()).map_err(Failure::Write)?;
        return Ok(Exit::Done);
    }
    let Some(dir) = &args.dir else {
        return Err(Failure::Usage("give the test folder, DIR".to_owned()));
    };
    if !(args.timeout > 0.0 && args.timeout <= 1e6) {
        return Err(Failure::Usage(format!(
            "--timeout {}: give a number of seconds above 0 and at most 1000000",
            args.timeout
        )));
    }
    if !dir.is_dir() {
        return Err(Failure::Usage(format!(
            "{}: no such folder",
            ShownPath(dir)
        )));
    }
    if let Some(sol) = &args.solutions
        && !sol.is_dir()
    {
        return Err(Failure::Usage(format!(
            "--solutions {}: not a folder (give the folder that holds accepted/, wrong_answer/ ...)",
            ShownPath(sol)
        )));
    }
    let jobs = args.jobs.map_or_else(
        || thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let started = Instant::now();
    let progress = Progress::new(started);
    let mut examined = examine_all(dir, jobs, &progress)?;
    let mut filled = Vec::new();
    if args.fill {
        filled = fill::fill(dir, &examined, args.seed, jobs, &progress)?;
        examined = examine_all(dir, jobs, &progress)?;
    }
    let mut solutions = Vec::new();
    let mut breaking_nothing = Vec::new();
    let mut strays = Vec::new();
    if let Some(sol) = &args.solutions {
        strays = solutions::strays(sol);
        let tests: Vec<solutions::Test> = (examined.iter())
            .filter(|e| e.checked.valid)
            .map(|e| solutions::Test {
                file: relative(dir, &e.found.input),
                path: e.found.input.clone(),
                expected: if e.checked.first_wins {
                    "Takahashi"
                } else {
                    "Aoki"
                },
            })
            .collect();
        let memory = args.memory << 20;
        let limits = trial::Limits {
            timeout: Duration::from_secs_f64(args.timeout),
            memory,
            stack: memory.min(trial::stack_ceiling()),
        };
        let build =
            std::env::temp_dir().join(format!("constrained-nim-audit-{}", std::process::id()));
        std::fs::create_dir_all(&build)
            .map_err(|e| Failure::Other(format!("{}: cannot make: {e}", ShownPath(&build))))?;
        trial::guard(dir, sol);
        let tell = |done: usize, all: usize| {
            progress.say(&format!("running the solutions: {done} of {all} runs"));
        };
        solutions = solutions::run(sol, &tests, limits, jobs, &build, &tell);
        trial::dismiss();
        let _ = std::fs::remove_dir_all(&build);
        breaking_nothing = solutions::breaking_nothing(&solutions, &tests);
    }
    progress.done();
    let mut report = assemble(dir, &examined, solutions, breaking_nothing, filled);
    // What under SOL is not run is missing from the matrix: said, and not passed.
    report.missing.extend(strays);
    report.ok = report.missing.is_empty();
    let shown = if args.json {
        report::json(&report) + "\n"
    } else {
        report::text(&report)
    };
    out.write_all(shown.as_bytes()).map_err(Failure::Write)?;
    Ok(if report.ok { Exit::Done } else { Exit::Missing })
}

/// `path` under `dir`, as the report names it: escaped as [`ShownPath`] shows a path, so that
/// a name is one line and two names never show the same (a newline, bytes that are not UTF-8).
fn relative(dir: &Path, path: &Path) -> String {
    ShownPath(path.strip_prefix(dir).unwrap_or(path)).to_string()
}

/// Every test in `dir`, examined `jobs` at a time, in path order.
fn examine_all(dir: &Path, jobs: usize, progress: &Progress) -> Result<Vec<Examined>, Failure> {
    let found = folder::tests(dir)
        .map_err(|e| Failure::Usage(format!("{}: cannot read: {e}", ShownPath(dir))))?;
    let count = found.len();
    let slots: Mutex<Vec<Option<Examined>>> = Mutex::new((0..count).map(|_| None).collect());
    let queue: Mutex<Vec<(usize, folder::TestFiles)>> =
        Mutex::new(found.into_iter().enumerate().rev().collect());
    let done = AtomicUsize::new(0);
    let work = || {
        loop {
            let next = queue.lock().unwrap_or_else(|p| p.into_inner()).pop();
            let Some((i, found)) = next else { break };
            let examined = examine(found);
            slots.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(examined);
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.say(&format!("examining the tests: {done} of {count}"));
        }
    };
    thread::scope(|scope| {
        let started = (0..jobs.min(count).max(1))
            .filter(|_| thread::Builder::new().spawn_scoped(scope, work).is_ok())
            .count();
        if started == 0 {
            work();
        }
    });
    let slots = slots.into_inner().unwrap_or_else(|p| p.into_inner());
    Ok(slots.into_iter().flatten().collect())
}

/// One test: its files checked, and for a valid one its ranges, shapes and the mutants it
/// kills.
fn examine(found: folder::TestFiles) -> Examined {
    let mut checked = folder::check(&found);
    let Some(game) = checked.game.take() else {
        return Examined {
            found,
            checked,
            ranges: None,
            shapes: Vec::new(),
            kills: Vec::new(),
        };
    };
    let kills: Vec<(usize, String)> = (MUTANTS.iter().enumerate())
        .filter_map(|(i, m)| m.failure(&game, checked.nim_sum).map(|how| (i, how)))
        .collect();
    let mut shapes = bounds::shapes(&game);
    for (shape, mutant) in bounds::ANTI_HASH {
        if kills.iter().any(|&(i, _)| MUTANTS[i].name == mutant) {
            shapes.push(shape);
        }
    }
    Examined {
        found,
        checked,
        ranges: Some(bounds::ranges(&game)),
        shapes,
        kills,
    }
}

/// The report of `examined`, with what is missing or wrong.
fn assemble(
    dir: &Path,
    examined: &[Examined],
    solutions: Vec<report::Solution>,
    tests_breaking_nothing: Vec<String>,
    filled: Vec<report::Filled>,
) -> report::Report {
    let name = |e: &Examined| relative(dir, &e.found.input);
    let mut missing = Vec::new();
    let tests: Vec<report::Test> = (examined.iter())
        .map(|e| report::Test {
            file: name(e),
            answer_files: e.found.answers.iter().map(|a| relative(dir, a)).collect(),
            valid: e.checked.valid,
            answer_right: e.checked.answer_right,
            reasons: e.checked.reasons.clone(),
            winner: e.checked.valid.then(|| {
                if e.checked.first_wins {
                    "Takahashi"
                } else {
                    "Aoki"
                }
                .to_owned()
            }),
        })
        .collect();
    for test in &tests {
        for reason in &test.reasons {
            missing.push(format!("{}: {reason}", test.file));
        }
    }
    let bounds: Vec<report::Bound> = (bounds::LIMITS.iter().enumerate())
        .map(|(k, &(bound, lo, hi))| {
            let seen = examined.iter().filter_map(|e| e.ranges.map(|r| r[k]));
            let (min_seen, max_seen) = seen.fold((None, None), |(a, b), (lo, hi)| {
                (
                    Some(a.map_or(lo, |a: u64| a.min(lo))),
                    Some(b.map_or(hi, |b: u64| b.max(hi))),
                )
            });
            report::Bound {
                name: bound.to_owned(),
                min_allowed: lo,
                max_allowed: hi,
                min_seen,
                max_seen,
                reached_min: min_seen == Some(lo),
                reached_max: max_seen == Some(hi),
            }
        })
        .collect();
    for bound in &bounds {
        if !bound.reached_min {
            missing.push(format!(
                "bound: no test has {} = {}",
                bound.name, bound.min_allowed
            ));
        }
        if !bound.reached_max {
            missing.push(format!(
                "bound: no test has {} = {}",
                bound.name, bound.max_allowed
            ));
        }
    }
    let valid = examined.iter().filter(|e| e.checked.valid);
    let takahashi = valid.clone().filter(|e| e.checked.first_wins).count();
    let winners = report::Winners {
        takahashi,
        aoki: valid.count() - takahashi,
    };
    for (side, count) in [("Takahashi", winners.takahashi), ("Aoki", winners.aoki)] {
        if count == 0 {
            missing.push(format!("winner: no test that {side} wins"));
        }
    }
    let shapes: Vec<report::Shape> = (bounds::SHAPES.iter())
        .map(|&shape| report::Shape {
            name: shape.to_owned(),
            anti_hash: bounds::ANTI_HASH.iter().any(|&(s, _)| s == shape),
            files: (examined.iter())
                .filter(|e| e.shapes.contains(&shape))
                .map(name)
                .collect(),
        })
        .collect();
    for shape in shapes.iter().filter(|s| s.files.is_empty()) {
        let what = if shape.anti_hash {
            "anti-hash game"
        } else {
            "max test"
        };
        missing.push(format!("{what}: none like `gen --shape {}`", shape.name));
    }
    let mutants: Vec<report::Mutant> = (MUTANTS.iter().enumerate())
        .map(|(i, mutant)| {
            let kills: Vec<(&Examined, &String)> = (examined.iter())
                .filter_map(|e| e.kills.iter().find(|k| k.0 == i).map(|k| (e, &k.1)))
                .collect();
            report::Mutant {
                name: mutant.name.to_owned(),
                bug: mutant.bug.to_owned(),
                verdict: mutant.class.verdict().to_owned(),
                killed_by: kills.iter().map(|(e, _)| name(e)).collect(),
                how: kills.first().map(|(_, how)| (*how).clone()),
            }
        })
        .collect();
    for mutant in mutants.iter().filter(|m| m.killed_by.is_empty()) {
        missing.push(format!("mutant {} survives: {}", mutant.name, mutant.bug));
    }
    for solution in solutions.iter().filter(|s| !s.matches) {
        missing.push(match &solution.error {
            Some(error) => format!("solution {}: {error}", solution.path),
            None => format!(
                "solution {}: {}, but its folder expects {}",
                solution.path,
                solution.verdict.as_deref().unwrap_or("no verdict"),
                solution.expected
            ),
        });
    }
    let measured_by = (!solutions.is_empty()).then(trial::measured_by);
    report::Report {
        dir: ShownPath(dir).to_string(),
        measured_by,
        tests,
        bounds,
        winners,
        shapes,
        mutants,
        solutions,
        tests_breaking_nothing,
        filled,
        ok: missing.is_empty(),
        missing,
    }
}

/// What audit is doing, on standard error: a spinner on a terminal, else a line every few
/// seconds (a log, a CI job).
pub(super) struct Progress {
    bar: ProgressBar,
    started: Instant,
    /// When the last line was written, off a terminal.
    last: Mutex<Instant>,
}

/// How often a progress line is written off a terminal.
const EVERY: Duration = Duration::from_secs(5);

impl Progress {
    fn new(started: Instant) -> Progress {
        let bar = if io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        } else {
            ProgressBar::hidden()
        };
        Progress {
            bar,
            started,
            last: Mutex::new(started),
        }
    }

    /// Tells what is being done now.
    pub(super) fn say(&self, what: &str) {
        if !self.bar.is_hidden() {
            self.bar.set_message(what.to_owned());
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        if last.elapsed() >= EVERY {
            *last = Instant::now();
            let secs = self.started.elapsed().as_secs();
            let _ = writeln!(io::stderr().lock(), "audit [{secs} s]: {what}");
        }
    }

    fn done(&self) {
        self.bar.finish_and_clear();
    }
}
