//! `hack` through the binary, on solutions with one bug each: in Python (tests/solutions/nim.py)
//! the wrong answers, each found and shrunk to a 1-minimal game of at most 3 piles and 5
//! forbidden moves; in C++ (tests/solutions/nim.cpp, built here when `c++` is present) what costs
//! submissions on the judge: 32-bit overflow, a fixed array, a timeout, more memory than the
//! limit, a debug line. Every run of hack on a C++ solution runs under a 256 MiB address-space
//! limit: hack's own memory stays below it whatever the game.
//!
//! The other tests of `hack` are this binary's modules (`tests/hack/`: box, cgroup, files, games,
//! growth, interactive, json, limits, merges, sandbox, schedule), so that all of them share one
//! pool of test threads: as binaries of their own, each waited for its slowest test. `cargo test
//! --test hack hack_limits` runs one module. Each file's slow tests (seconds of CPU time or of
//! waiting each) are in its `slow` module, ignored so that `cargo test` stays near a minute:
//! `cargo test -- --ignored slow::` runs them all, as CI does. Any other ignored test runs by
//! its name, `cargo test --release --test hack NAME -- --ignored` (`-- --ignored` alone runs
//! every module's: hours, with hack_merges').

mod common;
#[path = "hack/hack_box.rs"]
mod hack_box;
#[path = "hack/hack_cgroup.rs"]
mod hack_cgroup;
#[path = "hack/hack_files.rs"]
mod hack_files;
#[path = "hack/hack_games.rs"]
mod hack_games;
#[path = "hack/hack_growth.rs"]
mod hack_growth;
#[path = "hack/hack_interactive.rs"]
mod hack_interactive;
#[path = "hack/hack_json.rs"]
mod hack_json;
#[path = "hack/hack_limits.rs"]
mod hack_limits;
#[path = "hack/hack_merges.rs"]
mod hack_merges;
#[path = "hack/hack_reports.rs"]
mod hack_reports;
#[path = "hack/hack_sandbox.rs"]
mod hack_sandbox;
#[path = "hack/hack_schedule.rs"]
mod hack_schedule;

use common::games::{input, parse};
use common::{Run, run};
use std::process::Command;

/// Three tests at a time where the machine has two cores (or as many as it has, plus one): these
/// mostly wait, on timeouts, sleeps and the solutions' start-ups, and two left a core idle a
/// quarter of the time. Set before main, where libtest reads it; `--test-threads` and
/// `RUST_TEST_THREADS` still decide when given.
#[used]
#[unsafe(link_section = ".init_array")]
static THREADS: extern "C" fn() = {
    extern "C" fn one_more_than_the_cores() {
        if std::env::var_os("RUST_TEST_THREADS").is_none() {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            // SAFETY: before main, while this is the only thread.
            unsafe { std::env::set_var("RUST_TEST_THREADS", (cores + 1).to_string()) };
        }
    }
    one_more_than_the_cores
};

const SOLUTION: &str = "tests/solutions/nim.py";

/// `hack` on the solution with `bug`, seed 1 unless `extra` says otherwise; the run and the
/// minimal game it wrote.
fn hack(bug: &str, extra: &[&str]) -> (Run, String) {
    let out =
        std::env::temp_dir().join(format!("constrained-nim-hack-{bug}-{}", std::process::id()));
    let out_arg = out.to_str().unwrap();
    let mut args = vec!["hack", "--max-n", "300", "--out", out_arg];
    // The first failure is what these tests look at; tests/hack/hack_schedule.rs looks further.
    if !extra.contains(&"--look-further") {
        args.extend_from_slice(&["--look-further", "0"]);
    }
    if !extra.contains(&"--seed") {
        args.extend_from_slice(&["--seed", "1"]);
    }
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--", common::python(), SOLUTION, bug]);
    let run = run(&args, b"");
    let game = std::fs::read_to_string(&out).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    (run, game)
}

/// What the solution with `bug` answers on `game`: its output, or `None` if it failed to run.
fn answer(bug: &str, game: &str) -> Option<String> {
    let mut child = Command::new(common::python())
        .args([SOLUTION, bug])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(game.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// Asserts that `bug` is found as `kind` and shrunk to a small 1-minimal game: it fails there,
/// and without any one pile or forbidden move it answers right.
fn assert_found_and_shrunk(bug: &str, kind: &str, extra: &[&str]) {
    let (run, game) = hack(bug, extra);
    assert_eq!(run.status, 1, "{bug}: {run:?}");
    assert_eq!(run.stdout, "", "{bug}");
    assert!(
        run.stderr.starts_with(&format!("hack: {kind} on game ")),
        "{bug}: {run:?}"
    );
    assert!(run.stderr.contains("1-minimal"), "{bug}: {run:?}");
    // The reproduction command, when the game came from `gen`, prints the game as found, of
    // the size the report gives.
    let command = run
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("the game as found: "));
    if let Some(command) = command {
        let command: Vec<&str> = command.split(' ').collect();
        assert_eq!(command[..2], ["constrained-nim", "gen"], "{bug}");
        let found = common::run(&command[1..], b"");
        let (found_piles, found_moves) = parse(found.assert_ok());
        let from = format!(
            "from {} pile{} and {} forbidden move{}",
            found_piles.len(),
            if found_piles.len() == 1 { "" } else { "s" },
            found_moves.len(),
            if found_moves.len() == 1 { "" } else { "s" }
        );
        assert!(run.stderr.contains(&from), "{bug}: {from:?} in {run:?}");
    }
    let (piles, moves) = parse(&game);
    assert!(
        (1..=3).contains(&piles.len()) && (1..=5).contains(&moves.len()),
        "{bug}: {game}"
    );
    // The game as printed in the report is the game written to --out.
    for line in game.lines() {
        assert!(
            run.stderr.contains(&format!("    {line}\n")),
            "{bug}: {line}"
        );
    }
    if kind == "timeout" {
        return;
    }
    let expected = |game: &str| {
        common::run(&[], game.as_bytes())
            .assert_ok()
            .trim()
            .to_owned()
    };
    let wrong = |game: &str| answer(bug, game) != Some(expected(game));
    assert!(wrong(&game), "{bug}: the minimal game must fail: {game}");
    for i in 0..piles.len() {
        let fewer = [&piles[..i], &piles[i + 1..]].concat();
        if !fewer.is_empty() {
            assert!(!wrong(&input(&fewer, &moves)), "{bug}: without pile {i}");
        }
    }
    for j in 0..moves.len() {
        let fewer = [&moves[..j], &moves[j + 1..]].concat();
        if !fewer.is_empty() {
            assert!(!wrong(&input(&piles, &fewer)), "{bug}: without move {j}");
        }
    }
    // Equal piles cancel in the nim-sum: a pair of them going is a reduction too.
    for i in 0..piles.len() {
        for j in i + 1..piles.len() {
            let fewer: Vec<u64> = (0..piles.len())
                .filter(|&p| p != i && p != j)
                .map(|p| piles[p])
                .collect();
            if piles[i] == piles[j] && !fewer.is_empty() {
                assert!(
                    !wrong(&input(&fewer, &moves)),
                    "{bug}: without piles {i}, {j}"
                );
            }
        }
    }
    // The minimal game explained in the game's terms.
    assert!(
        run.stderr.contains("why: the piles' Grundy values are g("),
        "{run:?}"
    );
}

#[test]
fn a_bug_the_samples_show_is_reported_on_the_sample_then_shrunk() {
    // One bug the samples show (of plain-nim, pile-on-special, ignore-y-equals-x): each
    // shrink takes a few seconds of Python runs.
    for (bug, sample, expected, actual) in [("plain-nim", 2, "Aoki", "Takahashi")] {
        let (run, game) = hack(bug, &["--tests", "60"]);
        assert_eq!(run.status, 1, "{bug}: {run:?}");
        let first = format!("hack: wrong answer on sample {sample} of the statement:\n");
        assert!(run.stderr.starts_with(&first), "{bug}: {run:?}");
        // The sample as it failed, then the game it shrank to, each with how it failed.
        let sample_game = std::fs::read_to_string(format!("samples/sample-{sample}.in")).unwrap();
        let (sample_piles, sample_moves) = parse(&sample_game);
        let (before, after) = run.stderr.split_once("\nshrunk in ").expect(&run.stderr);
        for line in sample_game.lines() {
            assert!(before.contains(&format!("    {line}\n")), "{bug}: {run:?}");
        }
        let failed = format!("expected: {expected}\nactual:   {actual}\n");
        assert!(before.contains(&failed), "{bug}: {run:?}");
        assert!(after.contains("1-minimal"), "{bug}: {run:?}");
        // Not every game fails: the smallest ones pass.
        assert!(!run.stderr.contains("every game"), "{bug}: {run:?}");
        // The game written is the shrunk one: no larger than the sample, printed after it, and
        // the solution fails on it.
        let (piles, moves) = parse(&game);
        assert!(
            piles.len() <= sample_piles.len() && moves.len() <= sample_moves.len(),
            "{bug}: {game}"
        );
        assert!(
            piles.len() + moves.len() < sample_piles.len() + sample_moves.len() || {
                piles.iter().sum::<u64>() < sample_piles.iter().sum::<u64>()
            },
            "{bug}: nothing shrunk: {game}"
        );
        for line in game.lines() {
            assert!(after.contains(&format!("    {line}\n")), "{bug}: {line}");
        }
        let truth = common::run(&[], game.as_bytes())
            .assert_ok()
            .trim()
            .to_owned();
        assert_ne!(answer(bug, &game), Some(truth), "{bug}: {game}");
    }
}

/// More seeds that find it in a small game (4 and 6 on game 17), each shrunk to a 1-minimal
/// game: `--ignored` (see the top).
#[test]
#[ignore]
fn a_drop_only_to_the_smallest_target_is_found_full() {
    for seed in ["4", "6", "15"] {
        let extra = ["--tests", "60", "--seed", seed];
        assert_found_and_shrunk("smallest-target", "wrong answer", &extra);
    }
}

#[test]
fn a_crash_is_found_with_its_standard_error() {
    assert_found_and_shrunk("crash-equal-piles", "crash", &["--tests", "60"]);
    let (run, _) = hack("crash-equal-piles", &["--tests", "60"]);
    assert!(run.stderr.contains("exited with status 1"), "{run:?}");
    assert!(run.stderr.contains("two piles are equal"), "{run:?}");
}

/// Tiny games near 10^18 come early: there the recursion runs out of depth, a crash, before
/// the larger small games would show its exponential time (the C++ `slow` test's timeout).
fn assert_brute_force_crashes_on_huge_values(shrink_time: &str) {
    let (run, game) = hack(
        "brute-force",
        &[
            "--tests",
            "40",
            "--timeout",
            "2",
            "--shrink-time",
            shrink_time,
        ],
    );
    assert_eq!(run.status, 1, "{run:?}");
    // The crash comes first; the exponential time may show too, in a block of its own.
    let first = run
        .stderr
        .strip_prefix("hack: 2 kinds of failure: ")
        .unwrap_or(&run.stderr);
    assert!(
        first.starts_with("crash on game 3 of 40")
            || first.starts_with("hack: crash on game 3 of 40"),
        "{run:?}"
    );
    assert!(
        run.stderr.contains("hack: crash on game 3 of 40"),
        "{run:?}"
    );
    assert!(run.stderr.contains("RecursionError"), "{run:?}");
    assert!(!game.is_empty());
}

#[test]
fn an_exponential_brute_force_crashes_on_huge_values() {
    assert_brute_force_crashes_on_huge_values("1");
}

/// With 5 s to shrink the crash: `--ignored` (see the top).
#[test]
#[ignore]
fn an_exponential_brute_force_crashes_on_huge_values_full() {
    assert_brute_force_crashes_on_huge_values("5");
}

#[test]
fn a_right_solution_passes_every_game() {
    let (run, game) = hack("none", &["--tests", "40"]);
    assert_eq!(run.status, 0, "{run:?}");
    common::assert_passed(
        &run,
        "hack: the 2 samples and all 40 generated games passed (seed 1)",
    );
    assert_eq!(game, "", "nothing is written to --out");
}

#[test]
fn misuse_is_status_2() {
    for args in [
        &["hack", "--", "/no/such/program"][..],
        &["hack"],
        &["hack", "--timeout", "0", "--", "true"],
        &["hack", "--jobs", "0", "--", "true"],
    ] {
        let run = run(args, b"");
        assert_eq!(run.status, 2, "{args:?}: {run:?}");
        assert!(run.stderr.starts_with("error: "), "{args:?}: {run:?}");
    }
    let missing = run(&["hack", "--", "/no/such/program"], b"");
    assert!(
        missing.stderr.contains("cannot run /no/such/program"),
        "{missing:?}"
    );
    // A program that prints nothing fails the first sample, and every game: said as such.
    let silent = run(&["hack", "--tests", "5", "--", "true"], b"");
    assert_eq!(silent.status, 1);
    assert!(silent.stderr.contains("actual:   \"\""), "{silent:?}");
    assert!(
        silent
            .stderr
            .starts_with("hack: wrong answer on sample 1 of the statement"),
        "{silent:?}"
    );
    assert!(silent.stderr.contains("fails on every game"), "{silent:?}");
    assert!(!silent.stderr.contains("1-minimal"), "{silent:?}");
    // No game at all still checks the command.
    let missing = run(&["hack", "--tests", "0", "--", "./no-such-solution"], b"");
    assert_eq!(missing.status, 2, "{missing:?}");
    assert!(
        missing.stderr.contains("cannot run ./no-such-solution"),
        "{missing:?}"
    );
    // Usage errors carry the usage line, as clap's do; the limits are said truly.
    let huge = run(&["hack", "--timeout", "1e9", "--", "true"], b"");
    assert_eq!(huge.status, 2, "{huge:?}");
    assert!(huge.stderr.contains("at most 1000000"), "{huge:?}");
    assert!(
        huge.stderr
            .contains("\n\nUsage: constrained-nim hack [OPTIONS] -- <CMD>..."),
        "{huge:?}"
    );
    let gen_usage = run(&["gen", "--max", "0"], b"");
    assert_eq!(gen_usage.status, 2, "{gen_usage:?}");
    assert!(
        gen_usage
            .stderr
            .contains("\n\nUsage: constrained-nim gen [OPTIONS]"),
        "{gen_usage:?}"
    );
}

/// A solution given the way a newcomer first types it, from its own folder: `sol.py` (no `./`,
/// not executable, no `#!`), `./sol.py` not executable, `./sol.py` executable without `#!` (the
/// shell would run the Python), `a.out` without `./`. Each is refused with the command line
/// that works, and that command line, run as given, passes.
#[test]
fn a_solution_given_the_wrong_way_gets_the_command_that_works() {
    use std::os::unix::fs::PermissionsExt;
    let folder =
        std::env::temp_dir().join(format!("constrained-nim-hack-start-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let script = folder.join("sol.py");
    let source = std::fs::read_to_string(SOLUTION).unwrap();
    std::fs::write(&script, &source).unwrap();
    let chmod = |path: &std::path::Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    // hack run from the folder, with `words` after its own options.
    let hack_in = |words: &str| {
        common::run_bash(
            &format!("cd \"$1\" && exec \"$0\" hack --seed 1 --tests 0 -- {words}"),
            &[folder.to_str().unwrap()],
            b"",
        )
    };
    let refused = |words: &str, said: &str, works: &str| {
        let run = hack_in(words);
        assert_eq!(run.status, 2, "{words}: {run:?}");
        assert!(
            run.stderr.starts_with(&format!("error: {said}")),
            "{words}: {run:?}"
        );
        let tip = format!("constrained-nim hack -- {works}");
        assert!(run.stderr.contains(&tip), "{words}: {run:?}");
        let worked = hack_in(works);
        assert_eq!(
            worked.status, 0,
            "{works}, as the tip to {words} says: {worked:?}"
        );
    };
    refused(
        "sol.py none",
        "cannot run sol.py: No such file or directory",
        "python3 sol.py none",
    );
    refused(
        "./sol.py none",
        "cannot run ./sol.py: Permission denied",
        "python3 ./sol.py none",
    );
    chmod(&script, 0o755);
    refused(
        "./sol.py none",
        "./sol.py has no '#!' line, so the system would run it as a shell script",
        "python3 ./sol.py none",
    );
    std::fs::write(&script, format!("#!/usr/bin/env python3\n{source}")).unwrap();
    refused(
        "sol.py none",
        "cannot run sol.py: No such file or directory",
        "./sol.py none",
    );
    // A compiled program in the folder, given without `./`.
    let program = folder.join("a.out");
    std::fs::copy("/bin/true", &program).unwrap();
    let run = hack_in("a.out");
    assert_eq!(run.status, 2, "{run:?}");
    assert!(
        run.stderr.contains("a.out is in the current folder")
            && run.stderr.contains("constrained-nim hack -- ./a.out"),
        "{run:?}"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_signal_kills_every_running_solution_and_sets_the_status() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    for (signal, status, name) in [
        (libc::SIGINT, 130, "SIGINT"),
        (libc::SIGTERM, 143, "SIGTERM"),
        (libc::SIGHUP, 129, "SIGHUP"),
    ] {
        // A right solution that takes its time: the signal arrives while games are running.
        let marker = format!("sleep 7.{status}");
        let script = format!("{marker}; python3 tests/solutions/nim.py none");
        let child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
            .args([
                "hack", "--tests", "100000", "--seed", "1", "--jobs", "2", "--",
            ])
            .args(["sh", "-c", &script])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(700));
        assert!(
            common::running(&marker),
            "{name}: the solutions are running"
        );
        // SAFETY: kill(2) on the child's pid: a signal, no memory involved.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(status), "{name}: {stderr}");
        assert!(stderr.starts_with("error: interrupted after "), "{stderr}");
        assert!(
            stderr.contains(&format!("by {name}; no failure found")),
            "{stderr}"
        );
        assert!(
            !common::running(&marker),
            "{name}: a solution outlived hack"
        );
    }
}

#[test]
fn a_descendant_outside_the_group_does_not_hold_hack() {
    use std::time::Instant;
    // Each run leaves `setsid sleep 1234.5` holding its standard output open.
    let started = Instant::now();
    let (run, _) = hack("escape", &["--tests", "8"]);
    assert_eq!(run.status, 0, "{run:?}");
    assert!(started.elapsed().as_secs() < 30, "{run:?}");
    assert!(
        !common::running("sleep 1234.5"),
        "an escaped process outlived hack"
    );
}

#[test]
fn out_is_checked_before_the_search() {
    let dir = std::env::temp_dir().join(format!("constrained-nim-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let solution = dir.join("mine.py");
    std::fs::copy(SOLUTION, &solution).unwrap();
    let solution = solution.to_str().unwrap();
    // The solution under test is never overwritten.
    let refused = run(
        &[
            "hack",
            "--out",
            solution,
            "--",
            "python3",
            solution,
            "plain-nim",
        ],
        b"",
    );
    assert_eq!(refused.status, 2, "{refused:?}");
    assert!(
        refused.stderr.contains("CMD names this file"),
        "{refused:?}"
    );
    assert_eq!(
        std::fs::read(solution).unwrap(),
        std::fs::read(SOLUTION).unwrap()
    );
    // A path that cannot be written is refused at once, before any game runs.
    let nowhere = dir.join("no-such-dir").join("minimal.in");
    let refused = run(
        &[
            "hack",
            "--out",
            nowhere.to_str().unwrap(),
            "--",
            "sleep",
            "100",
        ],
        b"",
    );
    assert_eq!(refused.status, 2, "{refused:?}");
    assert!(refused.stderr.contains("cannot write"), "{refused:?}");
    // A program CMD names by its bare name is found on PATH, and is not overwritten either;
    // nor is any executable file.
    let program = dir.join("mysol");
    std::fs::write(&program, "#!/bin/sh\necho Takahashi\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = program.to_str().unwrap();
    let on_path = common::run_with_env(
        &["hack", "--out", out, "--", "mysol"],
        &[("PATH", &path)],
        b"",
    );
    assert_eq!(on_path.status, 2, "{on_path:?}");
    assert!(
        on_path.stderr.contains("CMD names this file"),
        "{on_path:?}"
    );
    let executable = run(&["hack", "--out", out, "--", "true"], b"");
    assert_eq!(executable.status, 2, "{executable:?}");
    assert!(
        executable.stderr.contains("is an executable file"),
        "{executable:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&program).unwrap(),
        "#!/bin/sh\necho Takahashi\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saved_failures_are_replayed_first() {
    let dir = std::env::temp_dir().join(format!("constrained-nim-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let first = run(
        &[
            "hack",
            "--seed",
            "3",
            "--tests",
            "60",
            "--shrink-time",
            "10",
            "--max-n",
            "300",
            "--look-further",
            "0",
            "--save",
            dir_arg,
        ]
        .into_iter()
        .chain(["--", common::python(), SOLUTION, "crash-equal-piles"])
        .collect::<Vec<_>>(),
        b"",
    );
    assert_eq!(first.status, 1, "{first:?}");
    assert!(first.stderr.contains("saved as "), "{first:?}");
    // oj's layout: NAME.in with NAME.out, the answer of this solver.
    let saved: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}");
    let game = saved
        .iter()
        .find(|p| p.extension().unwrap() == "in")
        .unwrap();
    let answer = std::fs::read_to_string(game.with_extension("out")).unwrap();
    assert_eq!(answer, run(&[game.to_str().unwrap()], b"").assert_ok());
    // The next run meets it before any generated game.
    let again = run(
        &[
            "hack",
            "--tests",
            "0",
            "--save",
            dir_arg,
            "--",
            common::python(),
            SOLUTION,
            "crash-equal-piles",
        ],
        b"",
    );
    assert_eq!(again.status, 1, "{again:?}");
    assert!(again.stderr.contains("on the saved game "), "{again:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_whole_output_is_judged_and_its_standard_error_escaped() {
    // The right answer after 2 MB of blank lines is right; a wrong one after 2 MB of spaces
    // is wrong.
    let blank = "head -c 2000000 /dev/zero | tr '\\0' '\\n'; python3 tests/solutions/nim.py none";
    let passed = run(
        &[
            "hack", "--tests", "3", "--seed", "1", "--", "sh", "-c", blank,
        ],
        b"",
    );
    assert_eq!(passed.status, 0, "{passed:?}");
    let spaces = "echo Takahashi; head -c 2000000 /dev/zero | tr '\\0' ' '; echo x";
    let failed = run(&["hack", "--tests", "3", "--", "sh", "-c", spaces], b"");
    assert_eq!(failed.status, 1, "{failed:?}");
    assert!(
        failed.stderr.contains("(2000011 bytes in all)"),
        "{failed:?}"
    );
    // A crash's standard error with an ANSI escape and a carriage return stays plain text.
    let noisy = "printf '\\033[31mboom\\r\\n' >&2; exit 3";
    let crashed = run(&["hack", "--", "sh", "-c", noisy], b"");
    assert_eq!(crashed.status, 1, "{crashed:?}");
    assert!(crashed.stderr.contains("crash on sample 1"), "{crashed:?}");
    assert!(
        crashed.stderr.contains("    \\u{1b}[31mboom"),
        "{crashed:?}"
    );
    assert!(
        !crashed.stderr.contains('\x1b') && !crashed.stderr.contains('\r'),
        "{crashed:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// The judge's failures, on C++ solutions
// ---------------------------------------------------------------------------------------------

/// tests/solutions/nim.cpp built once with `c++ -O2`, or `None` (with a note) without `c++`.
fn cpp() -> Option<&'static str> {
    static BUILT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| common::build_cpp("nim.cpp", "nim"))
        .as_deref()
}

/// hack's own address space, in KiB: hack runs under this soft limit (its solutions get
/// their own, --memory, which the hard limit allows).
const HACK_KIB: u64 = 256 * 1024;

/// `hack ARGS -- nim.cpp BUG [SIZE]` under [`HACK_KIB`]; the run and the game written to
/// --out.
fn hack_cpp(binary: &str, args: &[&str], bug: &[&str]) -> (Run, String) {
    let out = format!(
        "{}/out-{}-{}",
        env!("CARGO_TARGET_TMPDIR"),
        bug[0],
        std::process::id()
    );
    let script = format!("ulimit -S -v {HACK_KIB} && exec \"$@\"");
    let output = Command::new("sh")
        .args([
            "-c",
            &script,
            "sh",
            env!("CARGO_BIN_EXE_constrained-nim"),
            "hack",
        ])
        .args(["--out", &out])
        .args(args)
        .arg("--")
        .arg(binary)
        .args(bug)
        .output()
        .unwrap();
    let game = std::fs::read_to_string(&out).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    let run = Run::new(
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        &String::from_utf8_lossy(&output.stderr),
    );
    println!("hack {args:?} -- nim {bug:?}:\n{}", run.stderr);
    assert!(
        !run.stderr.contains("memory allocation of"),
        "hack ran out: {run:?}"
    );
    (run, game)
}

/// 32-bit overflow shrinks to one pile of 2^32 and one forbidden move on `seed`: the pile reads
/// as 0 (Aoki), where it is Takahashi's. Its sub-games of one pile are tried before any value is
/// lowered alone: it ended at three piles near 2^31 (seeds 1 and 5), a pile of 2^31 passing alone.
fn assert_overflow_in_32_bits_shrinks(nim: &str, seed: &str) {
    let (run, game) = hack_cpp(nim, &["--seed", seed, "--max-n", "300"], &["int32"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr.starts_with("hack: wrong answer on game "),
        "{run:?}"
    );
    assert!(run.stderr.contains("1-minimal"), "{run:?}");
    let (piles, moves) = parse(&game);
    assert_eq!(
        (piles, moves.len()),
        (vec![1 << 32], 1),
        "seed {seed}: {game}"
    );
}

/// Every seed from 1 to 5: `--ignored` (see the top).
#[test]
#[ignore]
fn overflow_in_32_bits_shrinks_to_one_pile_on_seeds_1_to_5() {
    let Some(nim) = cpp() else { return };
    for seed in 1..=5 {
        assert_overflow_in_32_bits_shrinks(nim, &seed.to_string());
    }
}

/// A fixed array of `size` piles crashes from `size` + 1 on: the crash is found on a large game
/// and shrunk to exactly `size` + 1 piles (`shown`, in the report's words) of 1 stone and one
/// forbidden move 1 1.
fn assert_fixed_array_shrinks_to_its_size(nim: &str, args: &[&str], size: u64, shown: &str) {
    let out_of_range = size.to_string();
    let (run, game) = hack_cpp(nim, args, &["array", &out_of_range]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(run.stderr.starts_with("hack: crash on game "), "{run:?}");
    assert!(run.stderr.contains("std::out_of_range"), "{run:?}");
    assert!(run.stderr.contains("1-minimal"), "{run:?}");
    let (piles, moves) = parse(&game);
    assert_eq!(piles.len() as u64, size + 1, "the smallest N that crashes");
    assert!(piles.iter().all(|&a| a <= 2), "{run:?}");
    assert!(
        moves.len() <= 1 && moves.iter().all(|&(x, _)| x <= 2),
        "{moves:?}"
    );
    let words = format!(
        "the game: {shown} piles of 1 stone; 1 forbidden move: 1 1; too large to print, \
         written to"
    );
    assert!(
        piles.iter().all(|&a| a == 1) && moves == [(1, 1)],
        "{run:?}"
    );
    assert!(run.stderr.contains(&words), "{words:?} in {run:?}");
}

#[test]
fn a_fixed_array_crash_shrinks_to_the_smallest_n_of_ones() {
    let Some(nim) = cpp() else { return };
    // One failure is all it asks for: no look further for others.
    let args = [
        "--seed",
        "1",
        "--max-n",
        "3000",
        "--shrink-time",
        "100",
        "--look-further",
        "0",
    ];
    assert_fixed_array_shrinks_to_its_size(nim, &args, 1000, "1,001");
}

/// A slow solution's timeout: found, shrunk, and its growth measured at smaller sizes of the
/// game, with the exponent of M (O(M * drops), drops growing with M: about 2).
fn assert_slow_timeout_states_its_growth(nim: &str, args: &[&str], least: f64) {
    let (run, game) = hack_cpp(nim, args, &["slow"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(run.stderr.starts_with("hack: timeout on game "), "{run:?}");
    assert!(run.stderr.contains("timeout: run alone it "), "{run:?}");
    let (_, moves) = parse(&game);
    assert!(
        moves.len() > 1000,
        "a timeout needs a large game: {}",
        moves.len()
    );
    let growth = run
        .stderr
        .lines()
        .find_map(|l| {
            l.trim_start()
                .strip_prefix("time grows about quadratically in M (M^")
        })
        .unwrap_or_else(|| panic!("no quadratic growth in M: {run:?}"));
    let exponent: f64 = growth.split(':').next().unwrap().parse().unwrap();
    // Quadratic in M, with N held at 1: a margin above, for the machine's load shakes the times;
    // at least `least` (under a limit of 0.2 to 0.4 s the start-up's share flattens it to
    // M^1.5 or so; at the judge's limit, 1.7).
    assert!((least..=3.0).contains(&exponent), "{exponent}: {run:?}");
    // The first line of the growth is the dimension that matters.
    let first = run.stderr.split("run alone:\n").nth(1).unwrap_or("");
    assert!(
        first.starts_with("    time grows about quadratically in M"),
        "{run:?}"
    );
}

/// The same found on game 14 of the schedule and shrunk first, under a limit of 0.4 s:
/// `--ignored` (see the top). A timeout's shrinking and growth run in the suite by
/// `hack_reports`' (values) and `hack_growth`' (quadratic in M) tests.
#[test]
#[ignore = "heavy: a max test's timeout, shrunk, then its growth measured (9 s of CPU time)"]
fn a_slow_solution_is_a_timeout_with_its_growth_in_m() {
    let Some(nim) = cpp() else { return };
    let args = [
        "--seed",
        "1",
        "--max-n",
        "50000",
        // A limit wide enough for a spread of times below it that a loaded machine's noise
        // does not flatten.
        "--timeout",
        "0.4",
        "--shrink-time",
        "6",
    ];
    assert_slow_timeout_states_its_growth(nim, &args, 1.4);
}

/// With 10 s to shrink the timeout and measure its growth:
/// `--ignored` (see the top).
#[test]
#[ignore]
fn a_slow_solution_is_a_timeout_with_its_growth_in_m_full() {
    let Some(nim) = cpp() else { return };
    let args = [
        "--seed",
        "1",
        "--max-n",
        "50000",
        "--timeout",
        "0.2",
        "--shrink-time",
        "10",
    ];
    assert_slow_timeout_states_its_growth(nim, &args, 1.4);
}

#[test]
fn a_debug_line_fails_sample_1_and_every_game() {
    let Some(nim) = cpp() else { return };
    let (run, game) = hack_cpp(nim, &[], &["debug"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: wrong answer on sample 1 of the statement:\n"),
        "{run:?}"
    );
    assert!(
        run.stderr
            .contains("fails on every game, so nothing was shrunk"),
        "{run:?}"
    );
    assert!(
        run.stderr.contains("actual:   \"n=3 m=4\\nTakahashi\""),
        "{run:?}"
    );
    // A matter of format, not of values: said so, and no `why:` block.
    assert!(
        run.stderr
            .contains("the answer is right, on a line of its own, but more was printed"),
        "{run:?}"
    );
    assert!(!run.stderr.contains("why: "), "{run:?}");
    assert!(run.stderr.contains("fails on every game"), "{run:?}");
    assert_eq!(
        game,
        std::fs::read_to_string("samples/sample-1.in").unwrap()
    );
}

#[test]
fn a_right_cpp_solution_passes_large_games_too() {
    let Some(nim) = cpp() else { return };
    let args = ["--seed", "2", "--tests", "150", "--max-n", "5000"];
    let (run, _) = hack_cpp(nim, &args, &["none"]);
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.contains("all 150 generated games passed"),
        "{run:?}"
    );
}

/// The judge's sizes with hack's default options (minutes): `--ignored` (see the top).
#[test]
#[ignore]
fn full_size_failures_with_default_options() {
    let Some(nim) = cpp() else { return };
    assert_fixed_array_shrinks_to_its_size(nim, &["--seed", "1"], 100_005, "100,006");
    assert_slow_timeout_states_its_growth(nim, &["--seed", "1"], 1.7);
    for (bug, kind) in [
        (&["memory"][..], "memory limit exceeded"),
        (&["int32"], "wrong answer"),
    ] {
        let (run, _) = hack_cpp(nim, &["--seed", "1", "--memory", "1024"], bug);
        assert_eq!(run.status, 1, "{run:?}");
        assert!(run.stderr.starts_with(&format!("hack: {kind} ")), "{run:?}");
    }
}

#[test]
fn without_threads_the_games_run_on_the_main_thread() {
    // Every thread needs more stack than the machine has: no worker starts, and the games run
    // where hack runs, one at a time, judged as before.
    let vars = [("RUST_MIN_STACK", "100000000000000")];
    let args = [
        "hack", "--tests", "3", "--seed", "1", "--", "python3", SOLUTION, "none",
    ];
    let run = common::run_with_env(&args, &vars, b"");
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.contains("all 3 generated games passed"),
        "{run:?}"
    );
}

/// A crash's peak memory is the solution's own: a child starts as a copy of hack, whose size
/// Linux carries into the child's peak, so a small solution's peak is not shown at all, and a
/// solution that touches 200 MiB shows about that.
#[test]
fn a_crash_reports_the_solutions_own_peak_memory() {
    let small = run(&["hack", "--tests", "1", "--", "sh", "-c", "exit 3"], b"");
    assert_eq!(small.status, 1, "{small:?}");
    // A shell's few MiB: measured by a control group, or hidden under hack's own (/proc).
    let said = small
        .stderr
        .lines()
        .find(|line| line.starts_with("the command exited with status 3"))
        .unwrap_or_else(|| panic!("no status in {small:?}"));
    assert!(
        said == "the command exited with status 3"
            || said
                .strip_prefix("the command exited with status 3 (peak memory ")
                .and_then(|rest| rest.strip_suffix(" MiB)"))
                .and_then(|mib| mib.parse::<u64>().ok())
                .is_some_and(|mib| mib < 10),
        "{small:?}"
    );
    let big = run(
        &[
            "hack",
            "--tests",
            "1",
            "--",
            common::python(),
            "-c",
            "b = bytearray(200 << 20); b[::4096] = b'x' * len(b[::4096]); raise SystemExit(3)",
        ],
        b"",
    );
    assert_eq!(big.status, 1, "{big:?}");
    let peak: u64 = big
        .stderr
        .split("the command exited with status 3 (peak memory ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|mib| mib.parse().ok())
        .unwrap_or_else(|| panic!("no peak in {big:?}"));
    assert!((200..300).contains(&peak), "{peak} MiB: {big:?}");
}

/// The slow tests of this file: each takes seconds of CPU time or of waiting, so `cargo test`
/// leaves them out to stay quick; `cargo test -- --ignored slow::` runs them, and so does CI.
mod slow {
    use super::*;

    /// A failure is named the moment it is confirmed: the report's first line comes before
    /// the shrinking (runs of the limit and more each) is done, not with the rest.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_timeout_is_named_before_it_is_shrunk() {
        let Some(nim) = cpp() else { return };
        let args = [
            "hack",
            "--seed",
            "1",
            "--timeout",
            "0.3",
            "--shrink-time",
            "4",
            "--",
            nim,
            "slow",
        ];
        let (run, lines) = common::run_within_timed(&args, std::time::Duration::from_secs(300));
        let at = |start: &str| {
            (lines.iter())
                .find(|(_, l)| l.starts_with(start))
                .map(|(t, _)| *t)
        };
        let named = at("hack: timeout on game ").unwrap_or_else(|| panic!("{run:?}"));
        let shrunk = at("shrunk in ").unwrap_or_else(|| panic!("{run:?}"));
        assert!(
            named + 0.3 < shrunk,
            "named at {named:.2} s, shrunk at {shrunk:.2} s: {run:?}"
        );
        assert_eq!(run.status, 1, "{run:?}");
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn overflow_in_32_bits_is_found_in_a_tiny_game() {
        let Some(nim) = cpp() else { return };
        // Seed 1 finds it on game 4, near 10^18 (seed 4 too, where it found it near 2^32 before
        // the games on 10^18 answered Aoki); the ignored test tries seeds 1 to 5.
        assert_overflow_in_32_bits_shrinks(nim, "1");
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_drop_only_to_the_smallest_target_is_found() {
        // This bug needs a special point with two targets of which only the larger one's value is
        // unreachable: seed 15 finds it on game 6, in 3 piles and 8 forbidden moves.
        let extra = ["--tests", "60", "--seed", "15"];
        assert_found_and_shrunk("smallest-target", "wrong answer", &extra);
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn more_memory_than_the_limit_is_not_a_crash() {
        let Some(nim) = cpp() else { return };
        let args = [
            "--seed",
            "1",
            "--max-n",
            "20000",
            "--memory",
            "64",
            "--shrink-time",
            "2",
        ];
        let (run, _) = hack_cpp(nim, &args, &["memory"]);
        assert_eq!(run.status, 1, "{run:?}");
        assert!(
            run.stderr
                .starts_with("hack: memory limit exceeded on game "),
            "{run:?}"
        );
        let peak: u64 = run
            .stderr
            .split("memory limit exceeded: its memory peak was ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|mib| mib.parse().ok())
            .unwrap_or_else(|| panic!("no peak in {run:?}"));
        assert!(peak > 64, "{run:?}");
        assert!(
            run.stderr.contains("the limit is 64 MiB (--memory)"),
            "{run:?}"
        );
    }

    /// Values read through a double round past 2^53: a tiny game of two piles one apart there
    /// (one double, so they cancel for the solution) shows it within the first games.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn values_read_through_a_double_are_found_in_a_tiny_game() {
        let Some(nim) = cpp() else { return };
        let (run, game) = hack_cpp(nim, &["--seed", "3", "--max-n", "300"], &["double"]);
        assert_eq!(run.status, 1, "{run:?}");
        assert!(
            run.stderr
                .starts_with("hack: wrong answer on game 3 of 1000 (seed 3, values near 2^53)"),
            "{run:?}"
        );
        assert!(run.stderr.contains("1-minimal"), "{run:?}");
        let (piles, _) = parse(&game);
        assert_eq!(piles.len(), 2, "{game}");
        assert!(piles.iter().all(|&a| a >= 1 << 53), "{game}");
        assert_eq!(piles[0] ^ piles[1], 1, "{game}");
    }
}

/// A shrunk game too large to print, with neither --out nor --save, is written to a file in
/// TMPDIR that the report names, the game whole: it is not lost with the report.
#[test]
fn a_game_too_large_to_print_is_written_to_a_file_the_report_names() {
    let Some(nim) = cpp() else { return };
    let tmp = format!(
        "{}/keep-{}",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    std::fs::create_dir_all(&tmp).unwrap();
    let run = common::run_with_env(
        &[
            "hack",
            "--seed",
            "1",
            "--max-n",
            "300",
            "--shrink-time",
            "2",
            "--look-further",
            "0",
            "--",
            nim,
            "array",
            "50",
        ],
        &[("TMPDIR", &tmp)],
        b"",
    );
    let named = run.stderr.split("too large to print, written to ").nth(1);
    let path = named
        .and_then(|rest| rest.lines().next())
        .map(str::to_owned);
    let game = path.as_ref().map(std::fs::read_to_string);
    let _ = std::fs::remove_dir_all(&tmp);
    assert_eq!(run.status, 1, "{run:?}");
    let path = path.unwrap_or_else(|| panic!("no file named: {run:?}"));
    assert!(path.starts_with(&tmp), "{path}");
    let (piles, moves) = parse(&game.unwrap().unwrap());
    // The array holds 50 piles: the game kept crashes it, and is past what is printed.
    assert!(
        piles.len() > 50 && piles.len() + moves.len() > 40,
        "{run:?}"
    );
}
