//! The speed benchmark: the release binary against fixed yardsticks on max-size inputs.
//!
//! ```text
//! cargo bench --bench speed                       # both tables
//! cargo bench --bench speed -- --runs 21          # more runs a median
//! cargo bench --bench speed -- --shapes random,onex --no-scaling --no-play
//! cargo bench --bench speed -- --runs 3 --no-modes --no-scaling --no-play   # plot and why only
//! constrained-nim gen --shape SHAPE --n N --seed 1 # one of its inputs
//! cargo bench --bench speed -- --baseline OLD --no-modes --no-scaling --no-play --no-see
//!                                                 # this build against another one, OLD
//! cargo bench --bench speed -- --hack 3 --no-modes --no-scaling --no-play --no-see
//!                                                 # hack's time to a minimal game, 3 runs
//! cargo bench --bench speed -- --audit --no-modes --no-scaling --no-play --no-see
//!                                                 # audit: 40 games; --fill of 10 small ones
//! ```
//!
//! The yardsticks, each a separate process reading the same file:
//! - `OnceSource read`: this benchmark's own binary reading the game the way the tool did before
//!   it streamed (the whole input read, checked as UTF-8, copied into proconio's `OnceSource`,
//!   every token parsed), and nothing else: fixed, so progress is measured against one thing;
//! - `parse only`: `constrained-nim --check`, the tool's reading alone;
//! - `C++`: `tests/perf/compare.cpp`, a plain C++ solution (fread, a hand-written parser, one
//!   sort, binary search in a sorted vector of breakpoints), compiled with `c++ -O2` when a
//!   compiler is there.
//!
//! The programs run alternately, each round in the same order, from an input file on disk (in
//! the page cache after the warm-up run) to /dev/null. Peak memory is the child's `ru_maxrss`.

#[path = "../../src/cli/rng.rs"]
mod rng;
// Only the list of shapes: the inputs come from the tool's own `gen --shape`.
#[allow(dead_code)]
#[path = "../../src/cli/shapes.rs"]
mod shapes;

use shapes::{MAX_TESTS, SHAPES};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const MAX_SIZE: usize = 200_000;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if args.first().map(String::as_str) == Some("once-source") {
        once_source_read();
        return;
    }
    let mut runs = 11;
    let mut shapes: Vec<String> = SHAPES.iter().map(|s| s.to_string()).collect();
    let mut scaling = true;
    let mut play = true;
    let mut modes = true;
    let mut see = true;
    let mut baseline = None;
    let mut hack_runs = 0;
    let mut audit = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--runs" => runs = iter.next().and_then(|r| r.parse().ok()).expect("--runs N"),
            "--shapes" => {
                shapes = iter
                    .next()
                    .expect("--shapes a,b")
                    .split(',')
                    .map(String::from)
                    .collect()
            }
            "--no-scaling" => scaling = false,
            "--no-play" => play = false,
            "--no-modes" => modes = false,
            "--no-see" => see = false,
            "--baseline" => baseline = Some(PathBuf::from(iter.next().expect("--baseline BINARY"))),
            "--hack" => hack_runs = iter.next().and_then(|r| r.parse().ok()).expect("--hack N"),
            "--audit" => audit = true,
            other => panic!("unknown argument {other:?}"),
        }
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("speed");
    std::fs::create_dir_all(&dir).unwrap();
    machine();
    let compare = compile_compare(&dir);
    if modes {
        shape_table(&dir, &shapes, runs, compare.as_deref());
    }
    if scaling {
        scaling_table(&dir, &shapes, runs.min(9));
    }
    if play {
        reply_table(&dir, &shapes);
    }
    if see {
        see_table(&dir, &shapes, runs);
    }
    if let Some(baseline) = &baseline {
        baseline_table(&dir, &shapes, runs, baseline);
    }
    if hack_runs > 0 {
        hack_table(&dir, hack_runs, baseline.as_deref());
    }
    if audit {
        audit_table(&dir);
    }
}

/// `audit`'s two times, each one run of the whole command: a folder of 40 games, a third of
/// them max tests (one of each `gen --shape` of hack's max tests and anti-hash games), the rest
/// small `gen` games; and `audit --fill` on a folder of 10 small games, then `audit` again on
/// the folder as filled.
fn audit_table(dir: &Path) {
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let tool = |args: &[&str]| {
        let output = Command::new(binary).args(args).output().unwrap();
        (output.status.code().unwrap_or(-1), output.stdout)
    };
    let small = |folder: &Path, count: u64| {
        for seed in 1..=count {
            let (_, game) = tool(&["gen", "--seed", &seed.to_string()]);
            let input = folder.join(format!("small-{seed:02}.in"));
            std::fs::write(&input, &game).unwrap();
            let (_, answer) = tool(&[input.to_str().unwrap()]);
            std::fs::write(input.with_extension("out"), answer).unwrap();
        }
    };
    let forty = dir.join("audit-forty");
    let _ = std::fs::remove_dir_all(&forty);
    std::fs::create_dir_all(&forty).unwrap();
    for shape in MAX_TESTS {
        let (_, game) = tool(&["gen", "--shape", shape, "--seed", "1"]);
        let input = forty.join(format!("max-{shape}.in"));
        std::fs::write(&input, &game).unwrap();
        let (_, answer) = tool(&[input.to_str().unwrap()]);
        std::fs::write(input.with_extension("out"), answer).unwrap();
    }
    small(&forty, 27);
    let started = Instant::now();
    let (status, _) = tool(&["audit", forty.to_str().unwrap()]);
    let audit_secs = started.elapsed().as_secs_f64();
    let ten = dir.join("audit-ten");
    let _ = std::fs::remove_dir_all(&ten);
    std::fs::create_dir_all(&ten).unwrap();
    small(&ten, 10);
    let started = Instant::now();
    let (filled, _) = tool(&["audit", "--fill", ten.to_str().unwrap()]);
    let fill_secs = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let (again, _) = tool(&["audit", ten.to_str().unwrap()]);
    let again_secs = started.elapsed().as_secs_f64();
    println!("audit: one run of each, seconds");
    println!();
    println!("| folder | command | exit status | s |");
    println!("| --- | --- | ---: | ---: |");
    println!("| 40 games, 13 max tests | audit | {status} | {audit_secs:.1} |");
    println!("| 10 small games | audit --fill | {filled} | {fill_secs:.1} |");
    println!("| the same, filled | audit | {again} | {again_secs:.1} |");
    println!(
        "| --fill and re-audit | | | {:.1} |",
        fill_secs + again_secs
    );
    println!();
}

/// `hack`'s time from the start to a minimal game on the failures of `tests/solutions/nim.cpp`
/// that need a large game or large values, and on timeouts (an endless loop; g++'s
/// `std::unordered_map` on the anti-hash game, `tests/solutions/maxtest.cpp`), with default
/// options but the seed (and the timeout's 4 s): the median of `runs` runs of the whole command,
/// and of its shrinking alone, the runs it made and what it ended with; beside it the same for
/// `baseline`, when given.
fn hack_table(dir: &Path, runs: usize, baseline: Option<&Path>) {
    let built = |name: &str| {
        let source = format!("tests/solutions/{name}.cpp");
        compile(dir, &source, &["-O2", "-std=c++17"]).map(PathBuf::into_os_string)
    };
    let (Some(nim), Some(maxtest)) = (built("nim"), built("maxtest")) else {
        println!("(no hack table: c++ -O2 tests/solutions/nim.cpp or maxtest.cpp did not build)");
        return;
    };
    let endless = ["sh", "-c", "while :; do :; done"].map(std::ffi::OsString::from);
    let failures: [(&str, &[&str], Vec<std::ffi::OsString>); 5] = [
        (
            "int32 overflow",
            &["--seed", "1", "--max-n", "300"],
            vec![nim.clone(), "int32".into()],
        ),
        (
            "fixed array of 100,005",
            &["--seed", "1"],
            vec![nim.clone(), "array".into(), "100005".into()],
        ),
        (
            "O(M · drops) timeout",
            &["--seed", "1", "--timeout", "4"],
            vec![nim.clone(), "slow".into()],
        ),
        (
            "std::unordered_map timeout",
            &["--seed", "1", "--timeout", "4"],
            vec![maxtest, "unordered".into()],
        ),
        (
            "endless loop",
            &["--seed", "1", "--timeout", "4"],
            endless.to_vec(),
        ),
    ];
    let this = PathBuf::from(env!("CARGO_BIN_EXE_constrained-nim"));
    let binaries: Vec<&Path> = [Some(this.as_path()), baseline]
        .into_iter()
        .flatten()
        .collect();
    println!("hack to a minimal game: median of {runs} runs (whole run / shrinking), seconds");
    println!();
    let mut header =
        String::from("| failure | build | whole s | shrinking s | runs | ended with |");
    header.push_str("\n| --- | --- | ---: | ---: | ---: | --- |");
    println!("{header}");
    for (name, args, command) in failures {
        for (b, binary) in binaries.iter().enumerate() {
            let mut whole = Vec::new();
            let mut shrinking = Vec::new();
            let mut last = (0.0, String::new());
            for _ in 0..runs {
                let start = Instant::now();
                let output = Command::new(binary)
                    .arg("hack")
                    .args(args)
                    .arg("--")
                    .args(&command)
                    .stdin(Stdio::null())
                    .output()
                    .unwrap();
                whole.push(start.elapsed().as_secs_f64());
                let stderr = String::from_utf8_lossy(&output.stderr);
                let shrunk = stderr.lines().find_map(|l| l.strip_prefix("shrunk in "));
                let (made, took, ended) = shrunk.map_or((0.0, 0.0, "not shrunk".into()), |l| {
                    let made = l
                        .split(' ')
                        .next()
                        .and_then(|r| r.parse().ok())
                        .unwrap_or(0.0);
                    let took = l
                        .split('(')
                        .nth(1)
                        .and_then(|t| t.split(' ').next())
                        .and_then(|t| t.parse().ok())
                        .unwrap_or(0.0);
                    let to = l
                        .split(" to ")
                        .nth(1)
                        .unwrap_or("")
                        .split(" (")
                        .next()
                        .unwrap_or("");
                    // A timeout is shrunk by its size only (see `hack --help`).
                    let minimal = if l.contains("1-minimal") {
                        "1-minimal"
                    } else if l.contains("a timeout: its first forbidden moves") {
                        "size halved"
                    } else {
                        "budget"
                    };
                    (made, took, format!("{to}, {minimal}"))
                });
                shrinking.push(took);
                last = (made, ended);
            }
            let build = if b == 0 { "this" } else { "baseline" };
            println!(
                "| {name} | {build} | {:.1} | {:.1} | {} | {} |",
                median(whole),
                median(shrinking),
                last.0,
                last.1
            );
        }
    }
    println!();
}

/// This build against another binary of the tool (an earlier commit's), side by side: each
/// round runs both on the verdict and on `--check`, alternating, and a ratio is the median of
/// the per-round ratios (this ÷ baseline; below 1, this build is faster). The minimum beside it
/// shows what the quietest round saw.
fn baseline_table(dir: &Path, shapes: &[String], runs: usize, baseline: &Path) {
    println!(
        "against {}: per-round ratios this ÷ baseline, median (min) of {runs} rounds",
        baseline.display()
    );
    println!();
    println!("| shape | verdict | --check | verdict ms (this) | verdict ms (baseline) |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for shape in shapes {
        let input = input_file(dir, shape, MAX_SIZE);
        let (mut verdict, mut check, mut this_ms, mut base_ms) = (vec![], vec![], vec![], vec![]);
        for round in 0..=runs {
            let old = measure_program(baseline, &[], &input).0;
            let new = measure(&[], &input).0;
            let old_check = measure_program(baseline, &["--check"], &input).0;
            let new_check = measure(&["--check"], &input).0;
            if round > 0 {
                verdict.push(new / old);
                check.push(new_check / old_check);
                this_ms.push(new);
                base_ms.push(old);
            }
        }
        let least = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "| {shape} | {:.2} ({:.2}) | {:.2} ({:.2}) | {:.1} | {:.1} |",
            median(verdict.clone()),
            least(&verdict),
            median(check.clone()),
            least(&check),
            median(this_ms),
            median(base_ms)
        );
        std::fs::remove_file(input).unwrap();
    }
    println!();
}

/// What the numbers were measured on.
fn machine() {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1));
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    println!(
        "machine: {} ({cores} cores available), {}",
        model.unwrap_or("unknown CPU").trim(),
        rustc.unwrap_or_default()
    );
    println!();
}

/// Reads standard input as a game the way the tool did before it streamed, and nothing more:
/// the `OnceSource read` yardstick.
fn once_source_read() {
    use proconio::source::{Source, once::OnceSource};
    use std::io::Read;
    let mut bytes = Vec::new();
    io::stdin().read_to_end(&mut bytes).unwrap();
    std::str::from_utf8(&bytes).expect("UTF-8");
    let mut source = OnceSource::new(io::Cursor::new(bytes));
    let mut sum = 0u64;
    while let Some(token) = source.next_token() {
        let mut value = 0u64;
        for b in token.bytes() {
            let d = b.wrapping_sub(b'0');
            assert!(d <= 9, "a number");
            value = value.wrapping_mul(10).wrapping_add(d as u64);
        }
        sum ^= value;
    }
    std::hint::black_box(sum);
}

/// The C++ comparison program, compiled into `dir`, if `c++` is there.
fn compile_compare(dir: &Path) -> Option<PathBuf> {
    let binary = compile(dir, "tests/perf/compare.cpp", &["-O2"]);
    if binary.is_none() {
        println!("(no C++ column: c++ -O2 tests/perf/compare.cpp did not build)");
    }
    binary
}

/// `SOURCE` (a path in the repository) compiled by `c++ FLAGS` into `dir`, named after its
/// file, or `None` where it does not build.
fn compile(dir: &Path, source: &str, flags: &[&str]) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(source);
    let binary = dir.join(source.file_stem()?);
    let compiled = Command::new("c++")
        .args(flags)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status();
    compiled.is_ok_and(|s| s.success()).then_some(binary)
}

/// One timed run of the tool: wall time in milliseconds and peak resident memory in bytes.
fn measure(args: &[&str], input: &Path) -> (f64, u64) {
    measure_program(
        Path::new(env!("CARGO_BIN_EXE_constrained-nim")),
        args,
        input,
    )
}

/// One timed run of `program`: wall time in milliseconds and peak resident memory in bytes.
fn measure_program(program: &Path, args: &[&str], input: &Path) -> (f64, u64) {
    let start = Instant::now();
    // Reaped by wait4 below, which std's wait cannot replace: it gives no resource usage.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(program)
        .args(args)
        .stdin(File::open(input).unwrap())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 reaps our own child and fills both.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let elapsed = start.elapsed().as_secs_f64() * 1e3;
    assert_eq!(
        pid,
        child.id() as libc::pid_t,
        "wait4: {}",
        io::Error::last_os_error()
    );
    let status = std::process::ExitStatus::from_raw(status);
    assert!(
        status.success(),
        "{} {args:?} on {}: {status}",
        program.display(),
        input.display()
    );
    (elapsed, usage.ru_maxrss as u64 * 1024)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn input_file(dir: &Path, shape: &str, n: usize) -> PathBuf {
    let path = dir.join(format!("{shape}-{n}.in"));
    let mut make = Command::new(env!("CARGO_BIN_EXE_constrained-nim"));
    make.args([
        "gen",
        "--shape",
        shape,
        "--n",
        &n.to_string(),
        "--seed",
        "1",
    ]);
    // The one shape past the statement's 10^18 (gen's SHAPE_BEYOND) is made with --beyond.
    if shape == "u64max" {
        make.arg("--beyond");
    }
    let status = make.stdout(File::create(&path).unwrap()).status().unwrap();
    assert!(status.success(), "gen --shape {shape}");
    path
}

/// The tool's modes, after the parse-only baseline.
const MODES: [(&str, &[&str]); 5] = [
    ("parse only", &["--check"]),
    ("solver", &[]),
    ("--grundy", &["--grundy"]),
    ("--move", &["--move"]),
    ("--explain", &["--explain"]),
];

/// Medians of the yardsticks and every mode on every shape at the maximum size, with ratios.
///
/// A ratio is the median over rounds of (time / yardstick time in the same round), so that a
/// slow stretch of the machine weighs on both sides of it.
fn shape_table(dir: &Path, shapes: &[String], runs: usize, compare: Option<&Path>) {
    println!(
        "N = M = {MAX_SIZE} (antihash: N = 1): medians of {runs} alternating rounds; times in ms;"
    );
    println!(
        "x once = per-round median of (solver / OnceSource read); x parse = of (mode / parse only);"
    );
    println!("C++ / solver above 1: the tool is faster; peak = the solver's peak RSS");
    println!();
    let mut header = String::from(
        "| shape | input MB | OnceSource read | parse only | solver | x once | x parse |",
    );
    for (name, _) in &MODES[2..] {
        header += &format!(" {name} | x parse |");
    }
    println!("{header} C++ | C++ / solver | peak MB | peak / input |");
    println!(
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |{} ---: | ---: | ---: | ---: |",
        " ---: | ---: |".repeat(MODES.len() - 2)
    );
    let once = std::env::current_exe().unwrap();
    for shape in shapes {
        let input = input_file(dir, shape, MAX_SIZE);
        let size = std::fs::metadata(&input).unwrap().len() as f64;
        // times[0]: OnceSource read; then MODES; then C++.
        let mut times = vec![Vec::new(); MODES.len() + 2];
        let mut peak = 0;
        for round in 0..=runs {
            let mut timed = vec![measure_program(&once, &["once-source"], &input).0];
            for (_, args) in MODES {
                let (ms, rss) = measure(args, &input);
                timed.push(ms);
                if args.is_empty() {
                    peak = peak.max(rss);
                }
            }
            if let Some(compare) = compare {
                timed.push(measure_program(compare, &[], &input).0);
            }
            // Round 0 warms the page cache and the binaries.
            if round > 0 {
                for (k, ms) in timed.into_iter().enumerate() {
                    times[k].push(ms);
                }
            }
        }
        let ratio = |k: usize, base: usize| {
            median(
                times[k]
                    .iter()
                    .zip(&times[base])
                    .map(|(t, b)| t / b)
                    .collect(),
            )
        };
        let m = |k: usize| median(times[k].clone());
        let (once_k, parse_k, solver_k, cpp_k) = (0, 1, 2, MODES.len() + 1);
        let mut row = format!(
            "| {shape} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} |",
            size / 1e6,
            m(once_k),
            m(parse_k),
            m(solver_k),
            ratio(solver_k, once_k),
            ratio(solver_k, parse_k)
        );
        for k in 3..=MODES.len() {
            row += &format!(" {:.1} | {:.2} |", m(k), ratio(k, parse_k));
        }
        if compare.is_some() {
            row += &format!(" {:.1} | {:.2} |", m(cpp_k), ratio(cpp_k, solver_k));
        } else {
            row += " - | - |";
        }
        println!(
            "{row} {:.1} | {:.2} |",
            peak as f64 / 1e6,
            peak as f64 / size
        );
        std::fs::remove_file(input).unwrap();
    }
    println!();
}

/// The solver's median at N = M = 2·10^4, 2·10^5 and 2·10^6, the growth per 10× input, and
/// the parse-only baseline's growth beside it.
fn scaling_table(dir: &Path, shapes: &[String], runs: usize) {
    println!(
        "scaling: solver medians of {runs} alternating rounds in ms; growth = time ratio for 10x the input"
    );
    println!();
    println!(
        "| shape | 2·10^4 | 2·10^5 | 2·10^6 | growth 2·10^4→2·10^5 | growth 2·10^5→2·10^6 | parse-only growth 2·10^5→2·10^6 | peak / input at 2·10^6 |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for shape in shapes {
        let (mut solver, mut parse) = (Vec::new(), Vec::new());
        let mut peak_ratio = 0.0;
        for n in [MAX_SIZE / 10, MAX_SIZE, MAX_SIZE * 10] {
            let input = input_file(dir, shape, n);
            let size = std::fs::metadata(&input).unwrap().len() as f64;
            let (mut times, mut baseline) = (Vec::new(), Vec::new());
            for round in 0..=runs {
                let (ms, rss) = measure(&[], &input);
                let (parse_ms, _) = measure(&["--check"], &input);
                if round > 0 {
                    times.push(ms);
                    baseline.push(parse_ms);
                    if n == MAX_SIZE * 10 {
                        peak_ratio = f64::max(peak_ratio, rss as f64 / size);
                    }
                }
            }
            solver.push(median(times));
            parse.push(median(baseline));
            std::fs::remove_file(input).unwrap();
        }
        println!(
            "| {shape} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {:.2} | {:.2} |",
            solver[0],
            solver[1],
            solver[2],
            solver[1] / solver[0],
            solver[2] / solver[1],
            parse[2] / parse[1],
            peak_ratio
        );
    }
    println!();
}

/// How many replies of `play --machine` are timed per shape.
const REPLIES: usize = 300;

/// `play --machine` on each max-size shape against a second `play --machine` on the other side
/// (which then plays from lost positions): the load time, and the time from sending a move to
/// reading the reply, over up to [`REPLIES`] replies (fewer when the game ends first).
fn reply_table(dir: &Path, shapes: &[String]) {
    println!("play --machine on the max-size shapes: load = start to its first line;");
    println!("reply = a move sent to its first line back, through two pipes; times in ms");
    println!();
    println!(
        "{:<12} {:>8} {:>8} {:>10} {:>10} {:>10}",
        "shape", "load", "replies", "median", "p90", "max"
    );
    for shape in shapes {
        let input = input_file(dir, shape, MAX_SIZE);
        let start = |side: Option<&str>| {
            let mut command = Command::new(env!("CARGO_BIN_EXE_constrained-nim"));
            command.args(["play", "--machine"]);
            if let Some(side) = side {
                command.args(["--side", side]);
            }
            let mut child = command
                .arg(&input)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            let to = child.stdin.take().unwrap();
            let from = BufReader::new(child.stdout.take().unwrap());
            (child, to, from)
        };
        let line = |from: &mut BufReader<std::process::ChildStdout>| {
            let mut line = String::new();
            from.read_line(&mut line).unwrap();
            line
        };
        let started = Instant::now();
        let (mut a, mut a_in, mut a_out) = start(None);
        let side = line(&mut a_out);
        let load = started.elapsed().as_secs_f64() * 1e3;
        let first = side.trim() == "First";
        let (mut b, mut b_in, mut b_out) = start(Some(if first { "second" } else { "first" }));
        line(&mut b_out);
        let mut replies = Vec::new();
        // The move the timed program answers next: from the other program, or none yet.
        let mut incoming = if first { None } else { Some(line(&mut b_out)) };
        while replies.len() < REPLIES {
            let sent = Instant::now();
            if let Some(m) = &incoming {
                if m.trim() == "0 0" {
                    break;
                }
                a_in.write_all(m.as_bytes()).unwrap();
                a_in.flush().unwrap();
            }
            let reply = line(&mut a_out);
            if incoming.is_some() {
                replies.push(sent.elapsed().as_secs_f64() * 1e3);
            }
            if reply.trim() == "0 0" || reply.is_empty() {
                break;
            }
            b_in.write_all(reply.as_bytes()).unwrap();
            b_in.flush().unwrap();
            let answer = line(&mut b_out);
            if answer.is_empty() {
                break;
            }
            incoming = Some(answer);
        }
        let _ = a.kill();
        let _ = b.kill();
        let _ = a.wait();
        let _ = b.wait();
        replies.sort_by(f64::total_cmp);
        let at = |q: f64| {
            replies
                .get(((replies.len() as f64 - 1.0) * q) as usize)
                .copied()
                .unwrap_or(f64::NAN)
        };
        println!(
            "{shape:<12} {load:>8.1} {:>8} {:>10.3} {:>10.3} {:>10.3}",
            replies.len(),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
    println!();
}

/// `plot` (its default range, and all of u64) and `why` (at the game's first special point, and
/// at 2^64 - 1) on the max-size shapes: medians of `runs` runs, and the size of each picture.
fn see_table(dir: &Path, shapes: &[String], runs: usize) {
    println!("plot and why on the max-size shapes: medians of {runs} runs in ms; SVG sizes in KiB");
    println!("(X: the first forbidden move's special point)");
    println!();
    println!(
        "{:<12} {:>8} {:>8} {:>10} {:>8} {:>8} {:>10}",
        "shape", "plot", "KiB", "plot u64", "KiB", "why X", "why 2^64-1"
    );
    let top = u64::MAX.to_string();
    for shape in shapes {
        let input = input_file(dir, shape, MAX_SIZE);
        let text = std::fs::read_to_string(&input).unwrap();
        let mut tokens = text.split_ascii_whitespace();
        let piles: usize = tokens.next().unwrap().parse().unwrap();
        let x = tokens.nth(piles + 1).unwrap_or("1").to_owned();
        let commands: [&[&str]; 4] = [
            &["plot"],
            &["plot", "--from", "0", "--to", &top],
            &["why", &x],
            &["why", &top],
        ];
        let times: Vec<f64> = commands
            .iter()
            .map(|args| median((0..runs).map(|_| measure(args, &input).0).collect()))
            .collect();
        let size = |args: &[&str]| {
            let output = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
                .args(args)
                .stdin(File::open(&input).unwrap())
                .output()
                .unwrap();
            assert!(output.status.success(), "{args:?} on {shape}");
            output.stdout.len() as f64 / 1024.0
        };
        println!(
            "{shape:<12} {:>8.1} {:>8.1} {:>10.1} {:>8.1} {:>8.1} {:>10.1}",
            times[0],
            size(commands[0]),
            times[1],
            size(commands[1]),
            times[2],
            times[3]
        );
    }
    println!();
}
