//! `hack --interactive` through the binary, on bots of the interactive version (ABC278 G's
//! protocol) with one bug each (tests/solutions/bot.py): each is found with the verdict a judge
//! gives, the game shrunk to one to three piles, and the play in the report is the bot's own
//! (played again from the report's lines, the bot says the same). A right bot and the tool's own
//! player pass.

use super::common;

use common::games::parse;
use common::{Run, run, run_with_env};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BOT: &str = "tests/solutions/bot.py";

/// How the bots run: the interpreter by its own path (no version manager's shim) with `-I -S`
/// (no site packages, no environment), which halves Python's start: most of what a game costs
/// here.
fn python() -> [&'static str; 3] {
    [common::python(), "-I", "-S"]
}

/// How long one hack run may take here, on a loaded machine: each is seconds alone.
const WITHIN: Duration = Duration::from_secs(90);

/// `hack --interactive` on the bot with `bug`; the run, the game written to --out, how long.
fn hack(bug: &str, extra: &[&str]) -> (Run, String) {
    hack_bot(&[bug], extra)
}

/// [`hack`] on the bot with `bug` and its arguments (`["sleep", "1.3"]`).
fn hack_bot(bot: &[&str], extra: &[&str]) -> (Run, String) {
    hack_bot_with_env(bot, extra, &[])
}

/// [`hack_bot`] with the environment variables `vars`.
fn hack_bot_with_env(bot: &[&str], extra: &[&str], vars: &[(&str, &str)]) -> (Run, String) {
    let bug = bot.join("-");
    let out = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-{bug}-{}",
        std::process::id()
    ));
    let out_arg = out.to_str().unwrap();
    let mut args = vec!["hack", "--interactive", "--seed", "1", "--out", out_arg];
    args.extend_from_slice(extra);
    args.push("--");
    args.extend_from_slice(&python());
    args.push(BOT);
    args.extend_from_slice(bot);
    let started = Instant::now();
    let run = run_with_env(&args, vars, b"");
    assert!(started.elapsed() < WITHIN, "{bug}: {:?}", started.elapsed());
    let game = std::fs::read_to_string(&out).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    (run, game)
}

/// The play in a report: the bot's lines (`> `) and hack's (`< `), notes cut off.
fn transcript(report: &str) -> Vec<(char, String)> {
    let start = report
        .find("the play (")
        .unwrap_or_else(|| panic!("no play in:\n{report}"));
    report[start..]
        .lines()
        .skip(1)
        .map_while(|line| {
            let line = line.strip_prefix("    ")?;
            let arrow = line.chars().next().filter(|c| *c == '>' || *c == '<')?;
            // A move's note follows after its 12 columns; any other line is whole.
            let text = line[2..].split("  ").next().unwrap_or("").trim_end();
            Some((arrow, text.to_owned()))
        })
        .collect()
}

/// Plays `bug` on `game` again, sending hack's lines of the transcript, and returns the bot's
/// first `count` lines (fewer if it ends before): the same as the report's when the report is
/// the bot's own play. The bot is killed then, in case it does not exit.
fn replay(bug: &str, game: &str, lines: &[(char, String)], count: usize) -> Vec<String> {
    let python = python();
    let mut child = Command::new(python[0])
        .args(&python[1..])
        .args([BOT, bug])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = game.to_owned();
    for (arrow, text) in lines {
        if *arrow == '<' {
            input += &format!("{text}\n");
        }
    }
    // The bot stops reading where its game ends.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let said: Vec<String> = stdout.lines().map_while(Result::ok).take(count).collect();
    let _ = child.kill();
    let _ = child.wait();
    said
}

/// Asserts that `bug` is found as `kind`, on a game of one to three piles, with the `words` in
/// the report and a play that is the bot's own.
fn assert_found(bug: &str, kind: &str, extra: &[&str], words: &[&str]) -> String {
    let (run, game) = hack(bug, extra);
    assert_eq!(run.status, 1, "{bug}: {run:?}");
    assert_eq!(run.stdout, "", "{bug}");
    let report = &run.stderr;
    let opening = [
        format!("hack --interactive: {kind} on "),
        format!("hack --interactive: the bot fails every game: {kind} on "),
    ];
    assert!(
        opening.iter().any(|o| report.starts_with(o.as_str())),
        "{bug}: {report}"
    );
    for words in words {
        assert!(report.contains(words), "{bug}: no {words:?} in:\n{report}");
    }
    let (piles, _) = parse(&game);
    assert!((1..=3).contains(&piles.len()), "{bug}: {game}\n{report}");
    let lines = transcript(report);
    let bot: Vec<String> = lines
        .iter()
        .filter(|(arrow, _)| *arrow == '>')
        .map(|(_, text)| text.clone())
        .collect();
    if !matches!(bug, "no-flush" | "slow") {
        assert_eq!(
            replay(bug, &game, &lines, bot.len()),
            bot,
            "{bug}: {report}"
        );
    }
    report.clone()
}

#[test]
fn a_right_bot_passes() {
    let (run, _) = hack("none", &["--tests", "10"]);
    assert_eq!(run.status, 0, "{run:?}");
    common::assert_passed(
        &run,
        "hack --interactive: the 2 samples and all 10 generated games passed (seed 1)",
    );
}

/// The tool's own player, fed the game on standard input, is a bot that must pass.
#[test]
fn play_machine_passes_as_a_bot() {
    let bin = env!("CARGO_BIN_EXE_constrained-nim");
    let args = [
        "hack",
        "--interactive",
        "--tests",
        "200",
        "--seed",
        "7",
        "--",
        bin,
        "play",
        "--machine",
        "-",
    ];
    let run = run(&args, b"");
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.contains("all 200 generated games passed"),
        "{run:?}"
    );
}

/// Plain Nim's values (g(n) = n) lose: the report says where, in the game's terms.
#[test]
fn a_plain_nim_bot_loses() {
    let report = assert_found(
        "plain-nim",
        "lost",
        &[],
        &["where it went wrong: ", "Grundy value", "1-minimal"],
    );
    // It lost: its last line is `0 0`, with no move left.
    let lines = transcript(&report);
    assert_eq!(lines.last(), Some(&('>', "0 0".to_owned())), "{report}");
}

#[test]
fn a_forbidden_move_is_an_illegal_move() {
    let report = assert_found(
        "forbidden",
        "illegal move",
        &[],
        &["is forbidden", "a winning move was `", "1-minimal"],
    );
    assert_eq!(transcript(&report).last().unwrap().1, "-1 -1", "{report}");
}

#[test]
fn a_debug_line_is_a_protocol_error() {
    assert_found(
        "debug",
        "protocol error",
        &[],
        &[
            "protocol error: expected a move `I K`, found \"debug: nim-sum",
            "(a debug line? those go to standard error)",
            "1-minimal",
        ],
    );
}

#[test]
fn a_bot_that_crashes_mid_game_is_a_crash() {
    assert_found(
        "crash",
        "crash",
        &[],
        &[
            "it exited with status 1 in the middle of the game",
            "RuntimeError: the bot's second move",
            "1-minimal",
        ],
    );
}

/// A bot over --memory within the time limit is memory limit exceeded, as a batch run is (it
/// was passed: the limit only stopped a runaway). This one holds 100 MiB on games with a pile of
/// more than 5 stones, under --memory 64: found on such a game, shrunk to one, with its peak.
/// Measured by /proc in the slow tier (`slow::...by_proc_too`).
#[test]
fn a_bot_over_the_memory_limit_is_memory_limit_exceeded() {
    assert_memory_limit_exceeded(&[]);
}

fn assert_memory_limit_exceeded(vars: &[(&str, &str)]) {
    let (run, game) =
        hack_bot_with_env(&["hog", "100"], &["--tests", "40", "--memory", "64"], vars);
    assert_eq!(run.status, 1, "{run:?}");
    let report = &run.stderr;
    assert!(
        report.starts_with("hack --interactive: memory limit exceeded on game "),
        "{report}"
    );
    let peak: u64 = (report.split("its memory peak was ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|mib| mib.parse().ok())
        .unwrap_or_else(|| panic!("no peak in:\n{report}"));
    assert!((100..200).contains(&peak), "{peak} MiB:\n{report}");
    for words in [
        "the limit is 64 MiB (--memory)",
        "(measured by ",
        "1-minimal",
    ] {
        assert!(report.contains(words), "no {words:?} in:\n{report}");
    }
    let (piles, _) = parse(&game);
    assert!(piles.iter().any(|&p| p > 5), "{game}\n{report}");
}

/// A --memory below what the interpreter alone needs is a usage error, as in batch (the bot is
/// over it on every game, the smallest too, ending well), not a failure of the bot; with room
/// for its 100 MiB the same bot passes.
#[test]
fn a_memory_limit_too_small_for_the_runtime_is_a_usage_error() {
    let (run, _) = hack_bot(&["none"], &["--tests", "0", "--memory", "1"]);
    assert_eq!(run.status, 2, "{run:?}");
    assert!(
        run.stderr.starts_with("error: --memory 1: too small for ")
            && run.stderr.contains("to run at all"),
        "{run:?}"
    );
    let (run, _) = hack_bot(&["hog", "100"], &["--tests", "10", "--memory", "256"]);
    assert_eq!(run.status, 0, "{run:?}");
}

/// A bot that exits 1.5 s after its win, within the time limit, passes: one not gone 1 s after
/// the game was "did not exit".
#[test]
fn a_right_bot_that_takes_1_5_s_to_exit_after_its_win_passes() {
    let (run, _) = hack_bot(&["late-exit", "1.5"], &["--tests", "0"]);
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr
            .contains("the 2 samples passed; no game was generated (--tests 0)"),
        "{run:?}"
    );
}

/// Heavy for the default run: every game it fails burns its CPU time.
#[test]
#[ignore]
fn a_bot_that_computes_forever_is_a_timeout() {
    assert_found(
        "slow",
        "timeout",
        &["--timeout", "0.3"],
        &["s of CPU time); --timeout is 0.3 s, for the whole run"],
    );
}

/// A failure that does not come back on every run of the game played again with the same seed
/// is flaky, as in batch (the one confirmation policy): counted over 8 runs, reported as such,
/// not shrunk. The bot crashes on its first run only: 1 of 8.
#[test]
fn a_failure_that_does_not_repeat_is_flaky() {
    let marker = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-flaky-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&marker);
    let marker_arg = marker.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-flaky-saved-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "hack",
        "--interactive",
        "--seed",
        "1",
        "--tests",
        "5",
        "--save",
        dir.to_str().unwrap(),
        "--",
        python()[0],
        python()[1],
        python()[2],
        BOT,
        "flaky",
        marker_arg,
    ];
    // Unboxed: the marker is a file, which a box keeps each play from seeing.
    let run = common::run_with_env(&args, &common::UNBOXED, b"");
    let _ = std::fs::remove_file(&marker);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack --interactive: flaky: crash on sample "),
        "{run:?}"
    );
    assert!(
        run.stderr.contains(
            "; it failed 1 of 8 runs of this game, each played with the same seed; not shrunk"
        ),
        "{run:?}"
    );
    assert!(
        run.stderr
            .contains("crash: it exited with status 1 before choosing a side"),
        "{run:?}"
    );
    // Kept as a program's flaky failure is: --save has the game and its answer.
    let saved = std::fs::read_dir(&dir).map_or(0, |entries| entries.count());
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(saved, 2, "{run:?}");
    assert!(run.stderr.contains("\nsaved as "), "{run:?}");
}

/// A bot right on the samples (no pile above 5) is found on a generated game; --save keeps
/// the game, and the next run plays it first. Heavy for the default run: two searches and a
/// shrink of some 40 games.
#[test]
#[ignore]
fn a_failure_on_a_generated_game_is_saved_and_played_first_next_time() {
    let dir = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-save-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let report = assert_found(
        "plain-big",
        "lost",
        &["--tests", "10", "--save", dir_arg],
        &[],
    );
    assert!(
        report.starts_with("hack --interactive: lost on game "),
        "{report}"
    );
    assert!(
        report.contains("the game as found: constrained-nim gen --seed "),
        "{report}"
    );
    let saved: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(saved.len(), 2, "{report}");
    let (again, _) = hack("plain-big", &["--tests", "0", "--save", dir_arg]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(again.status, 1, "{again:?}");
    assert!(
        again.stderr.starts_with(&format!(
            "hack --interactive: lost on the saved game {dir_arg}/hack-"
        )),
        "{again:?}"
    );
}

/// A saved game past the statement's limits (N = 0) is played only with --beyond, as in batch:
/// without it, it is skipped with a warning that says so and a right bot passes (it was played,
/// and the bot, which takes the largest pile, reported as a crash on a game the judge never
/// gives); with it, that crash is found on the saved game.
#[test]
fn a_saved_game_past_the_limits_is_played_only_with_beyond() {
    let dir = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-beyond-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("empty.in"), "0 0\n\n").unwrap();
    let dir_arg = dir.to_str().unwrap();
    let (run, _) = hack("none", &["--tests", "0", "--save", dir_arg]);
    let (beyond, _) = hack("none", &["--tests", "0", "--save", dir_arg, "--beyond"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.starts_with(&format!(
            "hack: warning: skipped {dir_arg}/empty.in: past the statement's limits ("
        )) && run.stderr.contains("; add --beyond"),
        "{run:?}"
    );
    assert_eq!(beyond.status, 1, "{beyond:?}");
    assert!(
        beyond.stderr.starts_with(&format!(
            "hack --interactive: crash on the saved game {dir_arg}/empty.in"
        )),
        "{beyond:?}"
    );
}

/// A bot's report is of the first game it fails, alone: a bot that crashes on one game and
/// prints a debug line on the next, both found at once with 2 jobs, is reported on the first.
#[test]
fn a_bots_report_is_of_its_first_failure_alone() {
    let mut args = vec!["hack", "--interactive", "--seed", "3", "--jobs", "2"];
    args.extend(["--tests", "100", "--shrink-time", "3", "--json", "--"]);
    args.extend(python());
    args.extend([BOT, "two-ways"]);
    let run = run(&args, b"");
    assert_eq!(run.status, 1, "{run:?}");
    let report = super::hack_json::document(&run);
    assert_eq!(report["failures"].as_array().unwrap().len(), 1, "{report}");
    assert!(!run.stderr.contains("kinds of failure"), "{run:?}");
}

/// "Fails every game" is said of a bot only when no game passed: one that passes the samples
/// and crashes on every game of piles of 1 or 2 stones (the smallest games among them) is shrunk
/// and reported on the game it failed.
#[test]
fn a_bot_that_passed_the_samples_does_not_fail_every_game() {
    let (run, game) = hack("tiny-crash", &["--tests", "100", "--shrink-time", "3"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack --interactive: crash on game 1 of 100 (seed 1); the 2 samples"),
        "{run:?}"
    );
    assert!(!run.stderr.contains("fails every game"), "{run:?}");
    let (piles, _) = parse(&game);
    assert!(piles.iter().all(|&p| p <= 2), "{game}");
}

/// A saved game too long to play (over 10,000 stones in all) is skipped with a warning, as every
/// saved game skipped is; a right bot passes the rest.
#[test]
fn a_saved_game_too_long_for_a_bot_is_skipped_with_a_warning() {
    let dir = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-long-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("long.in"), "1 1\n1000000\n1 1\n").unwrap();
    let dir_arg = dir.to_str().unwrap();
    let (run, _) = hack("none", &["--tests", "0", "--save", dir_arg]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.starts_with(&format!(
            "hack: warning: skipped {dir_arg}/long.in: its piles hold 1000000 stones in all"
        )),
        "{run:?}"
    );
    assert!(
        run.stderr
            .contains("hack --interactive: the 2 samples passed"),
        "{run:?}"
    );
}

/// A signal ends hack while a failure is confirmed as at any other time: the interrupted line,
/// 128 + the signal, and nothing of the bot left (it ended silently there). The bot crashes at
/// once on its first game, then sleeps in every play after it: the confirmation's.
#[test]
fn a_signal_while_a_failure_is_confirmed_says_so() {
    use std::process::{Command, Stdio};
    let marker = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-signal-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir(&marker);
    // The sleep's own command line is the marker; the script's spells it otherwise.
    let script = format!(
        "if mkdir {} 2>/dev/null; then exit 1; else exec sleep \"30.13\"\"2\"; fi",
        marker.display()
    );
    let child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
        .args(["hack", "--interactive", "--seed", "1", "--jobs", "1"])
        .args(["--timeout", "20", "--", "sh", "-c", &script])
        // Unboxed: the marker is a folder, which a box keeps each play from seeing.
        .envs(common::UNBOXED)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !common::running("sleep 30.132") && started.elapsed() < WITHIN {
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill(2) on the child's pid: a signal, no memory involved.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let output = child.wait_with_output().unwrap();
    // The first play crashed (and made the marker): the sleep was the confirmation's.
    let crashed = std::fs::remove_dir(&marker).is_ok();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(crashed, "{stderr}");
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    // One line, as batch's: the games played (the samples, the confirmation's) and the seed.
    let line = (stderr.strip_prefix("error: interrupted after "))
        .and_then(|rest| rest.strip_suffix(" games (seed 1) by SIGINT; no failure found\n"));
    let played: u64 = line.and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!((2..=3).contains(&played), "{stderr}");
    assert!(!common::running("sleep 30.132"), "the bot outlived hack");
}

/// A bot that chooses its side right but then trusts plain Nim's move (the xor of the pile
/// sizes) whenever it is allowed: on piles 2 1 4 (taking 1 from 1 forbidden, so g = 1 0 3) it
/// takes 1 from 4, as plain Nim would, where the winning move is to 2; the report says so.
#[test]
fn a_won_position_let_go_mid_game_is_pointed_out() {
    let dir = std::env::temp_dir().join(format!(
        "constrained-nim-interactive-midgame-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.in"), "3 1\n2 1 4\n1 1\n").unwrap();
    let dir_arg = dir.to_str().unwrap();
    let report = assert_found(
        "plain-moves",
        "lost",
        &["--tests", "0", "--save", dir_arg],
        &[
            "where it went wrong: its move `3 1` let a won position go: piles 2 1 4 have Grundy \
             values g(2) = 1, g(1) = 0, g(4) = 3, nim-sum 2, and it left nim-sum 3; a winning \
             move was `3 2` (pile 3: 4 -> 2, Grundy value 3 -> 1)",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        report.starts_with(&format!(
            "hack --interactive: lost on the saved game {dir_arg}/a.in"
        )),
        "{report}"
    );
}

/// A right bot starved of a CPU (it shares one with three busy loops, at the lowest priority)
/// is neither idle nor late to exit: the time it waits for a CPU that other work holds is no
/// part of those windows, as it is none of a timeout. Minutes (each of its moves waits seconds
/// for the CPU): `cargo test --release --test hack hack_interactive -- --ignored`.
#[test]
#[ignore]
fn a_right_bot_on_a_busy_cpu_is_neither_idle_nor_late() {
    if Command::new("taskset").arg("-V").output().is_err() {
        common::skipped("no taskset: the busy-machine test");
        return;
    }
    let script = r#"yes >/dev/null & a=$!; yes >/dev/null & b=$!; yes >/dev/null & c=$!
"$0" hack --interactive --seed 2 --tests 2 --jobs 1 -- nice -n 19 python3 -I -S "$1" none
status=$?; kill "$a" "$b" "$c"; exit $status"#;
    let output = Command::new("taskset")
        .args(["-c", "0", "sh", "-c", script])
        .arg(env!("CARGO_BIN_EXE_constrained-nim"))
        .arg(BOT)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("all 2 generated games passed"), "{stderr}");
}

/// The slow tests of this file: each takes seconds of CPU time or of waiting, so `cargo test`
/// leaves them out to stay quick; `cargo test -- --ignored slow::` runs them, and so does CI.
mod slow {
    use super::*;

    /// [`a_bot_over_the_memory_limit_is_memory_limit_exceeded`], measured from /proc.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_bot_over_the_memory_limit_is_memory_limit_exceeded_by_proc_too() {
        assert_memory_limit_exceeded(&[("CONSTRAINED_NIM_NO_CGROUP", "1")]);
    }

    /// A bot asleep past the time limit on a move is a timeout, counted in wall time as the judge
    /// counts it (not its CPU time), and not idleness: it reads nothing meanwhile.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_bot_asleep_past_the_time_limit_is_a_timeout() {
        let (run, _) = hack_bot(
            &["sleep", "2"],
            &["--tests", "0", "--timeout", "1", "--shrink-time", "3"],
        );
        assert_eq!(run.status, 1, "{run:?}");
        assert!(
            run.stderr
                .starts_with("hack --interactive: timeout on sample "),
            "{run:?}"
        );
        assert!(run.stderr.contains("--timeout is 1 s"), "{run:?}");
        assert!(!run.stderr.contains("idle"), "{run:?}");
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_bot_that_never_exits_did_not_exit() {
        assert_found(
            "no-exit",
            "did not exit",
            // Each play of it waits out the limit: 1 s, not the default 2 s (24 s in all).
            &["--timeout", "1"],
            &["the game was over (`0 0`: it won), but it was still running"],
        );
    }

    /// Idle as soon as it is seen asleep in a read of its input while hack waits for its line, not
    /// at the time limit: under a limit of a minute, the whole hack takes seconds.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_bot_that_never_flushes_is_idle_long_before_the_time_limit() {
        let started = Instant::now();
        assert_found(
            "no-flush",
            "idleness",
            &["--timeout", "60"],
            &[
                "did you flush standard output?",
                "while it waited in a read of its standard input",
            ],
        );
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{:?}",
            started.elapsed()
        );
    }

    /// On the judge the one limit is the time limit, for the whole run: a bot that takes 1.3 s on
    /// one move, asleep or computing, passes within 4 s. Only a bot blocked reading its input while
    /// hack waits for its line is idle (its answer unflushed); one asleep on its own, no line for
    /// 1 s, was called idle: "did you flush?".
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_right_bot_that_takes_1_3_s_on_a_move_passes() {
        for bug in ["sleep", "think"] {
            let (run, _) = hack_bot(&[bug, "1.3"], &["--tests", "0"]);
            assert_eq!(run.status, 0, "{bug}: {run:?}");
            assert!(
                run.stderr
                    .contains("the 2 samples passed; no game was generated (--tests 0)"),
                "{bug}: {run:?}"
            );
        }
    }
}
