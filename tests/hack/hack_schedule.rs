//! `hack`'s schedule, through the binary: one failure does not hide another (a wrong answer
//! and a timeout in one solution are both reported, shrunk and kept), a timeout is reported
//! quickly (an endless loop on every game), and a run whose standard error is not a terminal
//! says what it is doing every few seconds. The default options' times are the ignored tests.

use super::common;

use common::{Run, run};
use std::time::{Duration, Instant};

const SOLUTION: &str = "tests/solutions/nim.py";

/// A solution with two failures: a wrong answer on small games (of the targets of a special
/// point it sees only the smallest), and on a game of more than 50 piles it waits 30 s, as an
/// anti-hash game makes a dict keyed by X wait.
const TWO_BUGS: &str = r#"
import io, runpy, sys, time
data = sys.stdin.buffer.read()
if int(data.split()[0]) > 50:
    time.sleep(30)
sys.stdin = io.TextIOWrapper(io.BytesIO(data))
sys.argv = ["nim.py", "smallest-target"]
runpy.run_path("tests/solutions/nim.py")
"#;

/// The first block of the report that starts with `hack: KIND on game `, up to the next block.
fn block<'a>(run: &'a Run, kind: &str) -> &'a str {
    let start = format!("hack: {kind} on game ");
    let at = run
        .stderr
        .find(&start)
        .unwrap_or_else(|| panic!("no {kind} block: {run:?}"));
    let rest = &run.stderr[at..];
    let end = rest[1..].find("\nhack: ").map_or(rest.len(), |e| e + 2);
    &rest[..end]
}

/// Games' N and M.
type Sizes = Vec<(u64, u64)>;

/// The game's first line, N and M, of an input file.
fn sizes(input: &str) -> (u64, u64) {
    let mut first = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    (first.next().unwrap(), first.next().unwrap())
}

/// `hack ARGS --out F --save D -- COMMAND` on a solution with a wrong answer on small games and a
/// wait of 30 s on a game of more than 50 piles: both reported in their own blocks, the first
/// found first, both kept in --save, the first in --out, the wrong answer's game small.
fn assert_both_reported_and_kept(name: &str, args: &[&str], command: &[&str]) {
    let dir = format!(
        "{}/two-bugs-{name}-{}",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = format!("{dir}/first.in");
    let save = format!("{dir}/saved");
    let files = ["--out", &out, "--save", &save, "--"];
    let args = [&["hack"], args, &files[..], command].concat();
    let started = Instant::now();
    let run = run(&args, b"");
    println!("took {:.1} s", started.elapsed().as_secs_f64());
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr.starts_with("hack: 2 kinds of failure: "),
        "{run:?}"
    );
    let wrong = block(&run, "wrong answer");
    let timeout = block(&run, "timeout");
    // The first found is first, and only its block says which games passed before it.
    let first_is_wrong = run.stderr.find(wrong) < run.stderr.find(timeout);
    let (first, second) = if first_is_wrong {
        (wrong, timeout)
    } else {
        (timeout, wrong)
    };
    assert!(first.contains("before it passed"), "{run:?}");
    assert!(!second.contains("before it passed"), "{run:?}");
    assert!(timeout.contains("timeout: run alone it "), "{run:?}");
    // Both kept in --save, each in its own block; --out has the first.
    let saved: Vec<String> = std::fs::read_dir(&save)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".in"))
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}: {run:?}");
    assert_eq!(run.stderr.matches("saved as ").count(), 2, "{run:?}");
    let games: Vec<String> = (saved.iter())
        .map(|name| std::fs::read_to_string(format!("{save}/{name}")).unwrap())
        .collect();
    let first_game = std::fs::read_to_string(&out).unwrap();
    assert!(games.contains(&first_game), "{run:?}");
    // The wrong answer's game is small, the timeout's has more than 50 piles.
    let (small, large): (Sizes, Sizes) =
        games.iter().map(|g| sizes(g)).partition(|&(n, _)| n <= 50);
    let [(n, m)] = small[..] else {
        panic!("one small game: {games:?}")
    };
    assert!(n <= 3 && m <= 5, "N = {n}, M = {m}: {run:?}");
    assert_eq!(large.len(), 1, "{run:?}");
    assert_eq!(sizes(&first_game).0 <= 50, first_is_wrong, "{run:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same in Python, with the default --look-further: the wrong answer (of the targets of
/// a special point it sees only the smallest) on game 6 of seed 15, the timeout on game 10.
/// `cargo test --release --test hack hack_schedule -- --ignored`.
#[test]
#[ignore]
fn a_wrong_answer_and_a_timeout_are_both_reported_and_kept_full() {
    let args = [
        "--seed",
        "15",
        "--max-n",
        "300",
        "--timeout",
        "0.5",
        "--shrink-time",
        "20",
    ];
    assert_both_reported_and_kept("python", &args, &["python3", "-c", TWO_BUGS]);
}

/// A right solution that waits a fixed 0.5 s before it answers, under a limit of 0.3 s: over
/// the limit on every game, and it ends. Its growth line said "never ends: still running
/// after 0.38 s ... an endless loop", which is untrue; one long look at the smallest game
/// sees it end.
#[test]
fn a_fixed_cost_over_the_limit_is_no_endless_loop() {
    let script = format!("sleep 0.5; exec {}", env!("CARGO_BIN_EXE_constrained-nim"));
    let args = ["hack", "--timeout", "0.3", "--", "sh", "-c", &script];
    let run = run(&args, b"");
    assert_eq!(run.status, 1, "{run:?}");
    assert!(run.stderr.contains("fails on every game"), "{run:?}");
    // The time is the run's own: beside other work a wait for a CPU is taken off it, so the
    // 0.5 s sleep may read a little less (0.48 s beside the rest of the suite); over the limit.
    let line = "\ngrowth: over the limit even at N = 1, M = 1, where it took ";
    let at = run.stderr.find(line).map(|at| at + line.len());
    let took: f64 = at
        .and_then(|at| run.stderr[at..].split(' ').next())
        .and_then(|took| took.parse().ok())
        .unwrap_or_else(|| panic!("no growth line with a time: {run:?}"));
    assert!((0.4..1.5).contains(&took), "took {took}: {run:?}");
    assert!(
        run.stderr
            .contains("s: its time does not come from the game (a fixed cost: "),
        "{run:?}"
    );
    assert!(!run.stderr.contains("never ends"), "{run:?}");
}

/// A right solution that takes 0.2 s a game, on 60 games two at a time: about 6 s, with
/// standard error a pipe.
#[test]
#[ignore]
fn a_long_run_says_what_it_does_every_few_seconds() {
    let script = format!("sleep 0.2; exec python3 {SOLUTION} none");
    let args = [
        "hack", "--tests", "60", "--seed", "1", "--max-n", "300", "--jobs", "2", "--", "sh", "-c",
        &script,
    ];
    let run = run(&args, b"");
    assert_eq!(run.status, 0, "{run:?}");
    let line = (run.progress.iter())
        .find(|l| l.contains(" of 60 games run, now game "))
        .unwrap_or_else(|| panic!("no progress line: {run:?}"));
    assert!(line.starts_with("hack ["), "{line}");
    let passed = run.stderr.lines().rev().nth(1).unwrap_or_default();
    assert!(
        passed.ends_with("all 60 generated games passed (seed 1)"),
        "{run:?}"
    );
    assert!(
        (run.stderr.lines().last()).is_some_and(|l| l.starts_with("(measured by ")),
        "{run:?}"
    );
}

/// The issue's targets with the default options (4 s, 1024 MiB, --shrink-time 60), the time
/// from start to report: an endless loop within 30 s, a quadratic C++ solution within 60 s.
/// `cargo test --release --test hack hack_schedule -- --ignored`; on an idle 2-core machine.
#[test]
#[ignore]
fn default_options_report_a_timeout_in_time() {
    let Some(nim) = common::build_cpp("nim.cpp", "schedule-nim") else {
        return;
    };
    let loop_args = ["hack", "--", "python3", "-c", "while True: pass"];
    let slow_args = ["hack", "--seed", "1", "--", &nim, "slow"];
    for (args, within) in [(&loop_args[..], 30.0), (&slow_args[..], 60.0)] {
        let started = Instant::now();
        let run = run(args, b"");
        let took = started.elapsed().as_secs_f64();
        println!("{args:?}: {took:.1} s");
        assert_eq!(run.status, 1, "{run:?}");
        assert!(run.stderr.contains("timeout: run alone it "), "{run:?}");
        assert!(took < within, "{args:?} took {took:.1} s: {run:?}");
    }
}

/// The slow tests of this file: each takes seconds of CPU time or of waiting, so `cargo test`
/// leaves them out to stay quick; `cargo test -- --ignored slow::` runs them, and so does CI.
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn an_endless_loop_is_reported_on_sample_1_in_a_few_limits() {
        // Sample 1 alone, then its one rerun beside sample 2 and the two smallest games, two at a
        // time: three runs of 1.25 times the limit one after the other, where one after the other
        // with four reruns of each it took eight.
        let args = [
            "hack",
            "--timeout",
            "0.4",
            "--jobs",
            "2",
            "--",
            common::python(),
            "-c",
            "while True: pass",
        ];
        let started = Instant::now();
        let (run, lines) = common::run_within_timed(&args, Duration::from_secs(300));
        let took = started.elapsed().as_secs_f64();
        println!("took {took:.1} s");
        assert_eq!(run.status, 1, "{run:?}");
        assert!(
            run.stderr
                .starts_with("hack: timeout on sample 1 of the statement:\n"),
            "{run:?}"
        );
        assert!(
            run.stderr
                .contains("fails on every game, so nothing was shrunk"),
            "{run:?}"
        );
        // Named the moment its rerun is far over the limit too, before the long look (2 s) at
        // the smallest game ends: the rest of the block follows it.
        let at = |start: &str| {
            (lines.iter())
                .find(|(_, l)| l.starts_with(start))
                .map(|(t, _)| *t)
                .unwrap_or_else(|| panic!("no {start:?}: {run:?}"))
        };
        let (named, rest) = (at("hack: timeout on sample 1"), at("    3 4"));
        assert!(
            named + 1.0 < rest,
            "named at {named:.2} s, the rest at {rest:.2} s: {run:?}"
        );
        // No growth runs for a solution that takes the limit on every size: the smallest games'
        // runs, and one long look (4 limits, at least 2 s) at the smallest, say it never ends.
        assert!(
            run.stderr
                .contains("\ngrowth: never ends: still running after 2 s even at N = 1, M = 1"),
            "{run:?}"
        );
        // Three limits, the long look (2 s) and Python's starts: 4.3 s here, quiet; a wide margin
        // for a machine shared with other work (as before the long look: about 5 times).
        assert!(took < 20.0, "took {took:.1} s: {run:?}");
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_wrong_answer_and_a_timeout_are_both_reported_and_kept() {
        // nim.cpp's 32-bit piles wrap on the edges past 2^31 (game 4 of seed 1); a game of more
        // than 50 piles (the max test random, game 10) waits. A shell passes the game on.
        let Some(nim) = common::build_cpp("nim.cpp", "schedule-two-bugs") else {
            return;
        };
        let script = format!(
            "read n m; if [ \"$n\" -gt 50 ]; then sleep 30; fi; \
         {{ echo \"$n $m\"; cat; }} | {nim} int32"
        );
        let args = [
            "--seed",
            "1",
            "--max-n",
            "300",
            "--timeout",
            "0.25",
            "--look-further",
            "2",
            "--shrink-time",
            "10",
        ];
        assert_both_reported_and_kept("int32", &args, &["sh", "-c", &script]);
    }
}
