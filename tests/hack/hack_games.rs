//! The games `hack` makes are the judge's, through the binary, on C++ solutions of
//! tests/solutions/maxtest.cpp (built here when `c++` is present, else skipped with a note):
//! every game inside the statement, so a right solution with a sentinel just past 10^18 passes;
//! the judge's max tests early, so a solution that only they break (memory for each distinct X,
//! time quadratic in the moves of one X) is found; the anti-hash game, so a solution keyed by X
//! in g++'s `std::unordered_map` is a timeout, while one that hashes only small games passes.
//! hack's own peak resident memory stays under 256 MiB in every run here, at every size.
//!
//! The default run holds two quick ones; the full-size runs with default options take minutes:
//! `cargo test --release --test hack hack_games -- --ignored`.

use super::common;

use common::{Run, run};
use std::process::Command;

/// tests/solutions/maxtest.cpp built once with `c++ -O2`, or `None` (with a note) without `c++`.
fn maxtest() -> Option<&'static str> {
    static BUILT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| common::build_cpp("maxtest.cpp", "maxtest"))
        .as_deref()
}

/// hack's own peak resident memory stays below this, in KiB, whatever the game (its solutions
/// are not counted: they are other processes).
const HACK_KIB: u64 = 256 * 1024;

/// `hack ARGS -- maxtest KIND`, watching hack's own peak resident memory: see [`hack_running`].
fn hack(binary: &str, args: &[&str], kind: &str) -> Run {
    hack_running(args, &[binary, kind])
}

/// `hack ARGS -- COMMAND`, with no time limit, watching hack's own peak resident memory (VmHWM,
/// read every 20 ms; it only grows): below [`HACK_KIB`].
fn hack_running(args: &[&str], command: &[&str]) -> Run {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
        .arg("hack")
        .args(args)
        .arg("--")
        .args(command)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        let status = std::fs::read_to_string(&status_file).unwrap_or_default();
        let hwm = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
        peak_kib = peak_kib.max(hwm.unwrap_or(0));
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let run = Run::new(status.code().unwrap_or(-1), stdout, &reader.join().unwrap());
    println!(
        "hack {args:?} -- {command:?} (hack's peak resident memory {} MiB):\n{}",
        peak_kib / 1024,
        run.stderr
    );
    assert!(peak_kib < HACK_KIB, "hack's peak: {peak_kib} KiB: {run:?}");
    run
}

/// What `maxtest KIND` answers on `game`.
fn answer(binary: &str, kind: &str, game: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(binary)
        .arg(kind)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(game.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

/// `--max-n` past the statement is a game past it: only with `--beyond`.
#[test]
fn max_n_past_the_statement_needs_beyond() {
    let refused = run(
        &["hack", "--max-n", "200001", "--", "sh", "-c", "exit 3"],
        b"",
    );
    assert_eq!(refused.status, 2, "{refused:?}");
    assert!(
        refused.stderr.contains("--max-n 200001") && refused.stderr.contains("--beyond"),
        "{refused:?}"
    );
}

/// With default options, each solution only the judge's max tests or the anti-hash game break
/// is found on its game within the first games, and the right one that hashes only small
/// games passes all of the first round: `cargo test --release --test hack hack_games -- --ignored`.
#[test]
#[ignore]
fn full_size_max_tests_with_default_options() {
    let Some(solution) = maxtest() else { return };
    for (kind, timeout, found) in [
        // 2·10^5 distinct X at 8 KiB each: 1.6 GiB, which a loaded machine may take longer to
        // touch than the time limit.
        (
            "per-x",
            "20",
            "hack: memory limit exceeded on game 10 of 1000 (seed 1, max test random)",
        ),
        (
            "unordered",
            "4",
            "hack: timeout on game 12 of 1000 (seed 1, max test gcc-growth)",
        ),
        (
            "quadratic",
            "4",
            "hack: timeout on game 14 of 1000 (seed 1, max test onex)",
        ),
    ] {
        let args = ["--seed", "1", "--shrink-time", "5", "--timeout", timeout];
        let run = hack(solution, &args, kind);
        assert_eq!(run.status, 1, "{kind}: {run:?}");
        assert!(run.stderr.starts_with(found), "{kind}: {run:?}");
    }
    // Every max test of the first round (games 10 to 34) and more.
    let right = hack(
        solution,
        &["--seed", "1", "--tests", "40"],
        "small-unordered",
    );
    assert_eq!(right.status, 0, "{right:?}");
    assert!(
        right.stderr.contains("all 40 generated games passed"),
        "{right:?}"
    );
}

/// A Python solution that groups the moves by X in a dict (tests/solutions/nim.py, right and
/// 8 s on a random max test here) is a timeout on the dict anti-hash game, game 16, whose X
/// take it over a minute to put in the dict. With `--timeout 30`, so that the max tests before
/// it pass: `cargo test --release --test hack hack_games -- --ignored`.
#[test]
#[ignore]
fn a_python_dict_keyed_by_x_is_a_timeout_on_the_anti_hash_game() {
    let args = [
        "--seed",
        "1",
        "--tests",
        "16",
        "--timeout",
        "30",
        "--shrink-time",
        "0",
    ];
    let found = hack_running(&args, &["python3", "tests/solutions/nim.py", "none"]);
    assert_eq!(found.status, 1, "{found:?}");
    assert!(
        found
            .stderr
            .starts_with("hack: timeout on game 16 of 16 (seed 1, max test pydict)"),
        "{found:?}"
    );
}

/// A right answer (this tool's), turned over when a pile is exactly 10^18: a solution wrong
/// only there, as one with a sentinel at 10^18 or a loop bound one short.
const WRONG_AT_10_18: &str = r#"g=$(cat); a=$(printf '%s\n' "$g" | "$0")
case " $(printf '%s\n' "$g" | sed -n 2p) " in
*" 1000000000000000000 "*) if [ "$a" = Takahashi ]; then a=Aoki; else a=Takahashi; fi ;;
esac
echo "$a""#;

/// A solution wrong only on a pile of exactly 10^18 is found within the first
/// 4 games of `seeds`, and shrinks to a game that holds such a pile.
fn wrong_only_at_10_18_is_found_early(seeds: std::ops::RangeInclusive<u64>) {
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    for seed in seeds {
        let seed = seed.to_string();
        let args = [
            "--seed",
            &seed,
            "--tests",
            "11",
            "--max-n",
            "300",
            "--shrink-time",
            "1",
        ];
        let found = hack_running(&args, &["sh", "-c", WRONG_AT_10_18, binary]);
        assert_eq!(found.status, 1, "seed {seed}: {found:?}");
        let game = found
            .stderr
            .strip_prefix("hack: wrong answer on game ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|game| game.parse::<u64>().ok());
        assert!(game.is_some_and(|g| g <= 4), "seed {seed}: {found:?}");
        assert!(
            found.stderr.contains("1000000000000000000"),
            "seed {seed}: {found:?}"
        );
    }
}

/// Every seed from 1 to 16 (2 of them missed it before): `cargo test --release --test hack
/// hack_games -- --ignored`.
#[test]
#[ignore]
fn a_solution_wrong_only_on_a_pile_of_10_18_is_found_early_full() {
    wrong_only_at_10_18_is_found_early(1..=16);
}

/// The slow tests of this file: each takes seconds of CPU time or of waiting, so `cargo test`
/// leaves them out to stay quick; `cargo test -- --ignored slow::` runs them, and so does CI.
mod slow {
    use super::*;

    /// The sentinel at 10^18 + 1 is right on every game of the statement, and wrong past it: hack
    /// passes it, and finds it only when asked for games past the statement (`--beyond`), with a
    /// reproduction line that says `--beyond` too.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_sentinel_just_past_the_largest_value_passes() {
        let Some(solution) = maxtest() else { return };
        // The sentinel gives the pile 10^18 + 1 the value 0: wrong there.
        let past = "1 1\n1000000000000000001\n1 1\n";
        assert_eq!(answer(solution, "sentinel", past), "Aoki");
        assert_eq!(run(&[], past.as_bytes()).assert_ok(), "Takahashi\n");

        // 40 games: values at and around 10^18 in tiny games, and the max test `top` (values at
        // 10^18) as game 30.
        let args = ["--seed", "1", "--tests", "40", "--max-n", "2000"];
        let inside = hack(solution, &args, "sentinel");
        assert_eq!(inside.status, 0, "{inside:?}");
        assert!(
            inside.stderr.contains("all 40 generated games passed"),
            "{inside:?}"
        );
        let beyond = hack(
            solution,
            &[&args[..], &["--beyond", "--shrink-time", "1"]].concat(),
            "sentinel",
        );
        assert_eq!(beyond.status, 1, "{beyond:?}");
        assert!(
            beyond.stderr.starts_with("hack: wrong answer on game "),
            "{beyond:?}"
        );
        let command = beyond
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix("the game as found: constrained-nim "));
        if let Some(command) = command {
            assert!(command.ends_with(" --beyond"), "{beyond:?}");
            let command: Vec<&str> = command.split(' ').collect();
            run(&command, b"").assert_ok();
        }
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_solution_wrong_only_on_a_pile_of_10_18_is_found_early() {
        wrong_only_at_10_18_is_found_early(1..=2);
    }

    /// Removing repeated targets pairwise is quadratic in the moves of one X: the max test with
    /// every move on one X (game 14) is a timeout, at a quarter of the judge's size.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn quadratic_in_the_moves_of_one_x_is_a_timeout_on_the_max_test() {
        let Some(solution) = maxtest() else { return };
        // 5·10^4 moves on one X: 1.25·10^9 comparisons, about 1 s of CPU time; the random max
        // test before it (game 10) takes this solution 0.25 to 0.45 s, so the limit sits between
        // (at 0.3 s, game 10 timed out one run in three).
        let args = [
            "--seed",
            "1",
            "--tests",
            "16",
            "--max-n",
            "50000",
            "--timeout",
            "0.6",
            "--shrink-time",
            "0",
        ];
        let found = hack(solution, &args, "quadratic");
        assert_eq!(found.status, 1, "{found:?}");
        assert!(
            found
                .stderr
                .starts_with("hack: timeout on game 14 of 16 (seed 1, max test onex)"),
            "{found:?}"
        );
        let command = "the game as found: constrained-nim gen --shape onex --n 50000 --seed ";
        assert!(found.stderr.contains(command), "{found:?}");
    }
}
