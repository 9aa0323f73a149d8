//! The speed benchmark: the release binary against the parse-only baseline on max-size inputs.
//!
//! ```text
//! cargo bench --bench speed                       # both tables (about four minutes)
//! cargo bench --bench speed -- --runs 21          # more runs a median
//! cargo bench --bench speed -- --shapes random,onex --no-scaling
//! cargo bench --bench speed -- gen SHAPE N [SEED] # print one input (N = M = N)
//! ```
//!
//! The baseline is `constrained-nim --check`: the same binary, the same reading code as the
//! judge path (proconio's `OnceSource`, the same number parser and checks), and no solving. The
//! programs run alternately, each round in the same order, from an input file on disk (in the
//! page cache after the warm-up run) to /dev/null. Peak memory is the child's `ru_maxrss`.

#[path = "../common/rng.rs"]
mod rng;
#[path = "../common/shapes.rs"]
mod shapes;

use shapes::SHAPES;
use std::fs::File;
use std::io::{self, BufWriter, Write};
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
    if args.first().map(String::as_str) == Some("gen") {
        let shape = args.get(1).expect("gen SHAPE N [SEED]");
        let n: usize = args.get(2).expect("gen SHAPE N [SEED]").parse().expect("N");
        let seed = args.get(3).map_or(1, |s| s.parse().expect("SEED"));
        let mut out = BufWriter::new(io::stdout().lock());
        generate(shape, n, seed, &mut out).unwrap();
        out.flush().unwrap();
        return;
    }
    let mut runs = 11;
    let mut shapes: Vec<String> = SHAPES.iter().map(|s| s.to_string()).collect();
    let mut scaling = true;
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
            other => panic!("unknown argument {other:?}"),
        }
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("speed");
    std::fs::create_dir_all(&dir).unwrap();
    machine();
    shape_table(&dir, &shapes, runs);
    if scaling {
        scaling_table(&dir, &shapes, runs.min(9));
    }
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

/// One timed run: wall time in milliseconds and peak resident memory in bytes.
fn measure(args: &[&str], input: &Path) -> (f64, u64) {
    let start = Instant::now();
    // Reaped by wait4 below, which std's wait cannot replace: it gives no resource usage.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
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
        "{args:?} on {}: {status}",
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
    let mut out = BufWriter::new(File::create(&path).unwrap());
    generate(shape, n, 1, &mut out).unwrap();
    out.flush().unwrap();
    path
}

const MODES: [(&str, &[&str]); 5] = [
    ("parse only", &["--check"]),
    ("solver", &[]),
    ("--grundy", &["--grundy"]),
    ("--move", &["--move"]),
    ("--explain", &["--explain"]),
];

/// Medians of every mode on every shape at the maximum size, with ratios to parse-only.
///
/// A ratio is the median over rounds of (mode time / parse-only time in the same round), so
/// that a slow stretch of the machine weighs on both sides of it.
fn shape_table(dir: &Path, shapes: &[String], runs: usize) {
    println!(
        "N = M = {MAX_SIZE} (antihash: N = 1): medians of {runs} alternating rounds; times in ms;"
    );
    println!("x parse = median of per-round (mode / parse-only); peak = the solver's peak RSS");
    println!();
    let mut header = String::from("| shape | input MB | parse only |");
    for (name, _) in &MODES[1..] {
        header += &format!(" {name} | x parse |");
    }
    println!("{header} peak MB | peak / input |");
    println!(
        "| --- | ---: | ---: |{} ---: | ---: |",
        " ---: | ---: |".repeat(MODES.len() - 1)
    );
    for shape in shapes {
        let input = input_file(dir, shape, MAX_SIZE);
        let size = std::fs::metadata(&input).unwrap().len() as f64;
        let mut times = vec![Vec::new(); MODES.len()];
        let mut peak = 0;
        for round in 0..=runs {
            for (k, (_, args)) in MODES.iter().enumerate() {
                let (ms, rss) = measure(args, &input);
                // Round 0 warms the page cache and the binary.
                if round > 0 {
                    times[k].push(ms);
                    if args.is_empty() {
                        peak = peak.max(rss);
                    }
                }
            }
        }
        let ratio = |k: usize| median(times[k].iter().zip(&times[0]).map(|(t, p)| t / p).collect());
        let mut row = format!(
            "| {shape} | {:.1} | {:.1} |",
            size / 1e6,
            median(times[0].clone())
        );
        for (k, mode_times) in times.iter().enumerate().skip(1) {
            row += &format!(" {:.1} | {:.2} |", median(mode_times.clone()), ratio(k));
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

/// Writes a game of `shape` with `n` piles and `n` forbidden moves.
fn generate(shape: &str, n: usize, seed: u64, out: &mut impl Write) -> io::Result<()> {
    let (piles, forbidden) = shapes::game(shape, n, seed);
    writeln!(out, "{} {}", piles.len(), forbidden.len())?;
    for (i, a) in piles.iter().enumerate() {
        write!(out, "{a}{}", if i + 1 == piles.len() { "\n" } else { " " })?;
    }
    for (x, y) in forbidden {
        writeln!(out, "{x} {y}")?;
    }
    Ok(())
}
