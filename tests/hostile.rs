//! Inputs and machines chosen by an adversary: a game that floods a predictable hash table,
//! threads that cannot start, a standard error that cannot be written, a file name that tries to
//! forge a second error line. Each gets the right answer or its one error line and exit status.

mod common;

use common::games::input;
use common::shapes;
use std::fs::OpenOptions;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn hash_flooding_game_answers_right() {
    // With a table keyed by plain FxHash this game takes quadratic time (tens of seconds in a
    // release build; far past the runner's one-minute limit in this debug build).
    const M: usize = 200_000;
    let (piles, forbidden) = shapes::antihash(M);
    assert_eq!((piles.len(), forbidden.len()), (1, M));
    assert!(
        piles
            .iter()
            .chain(forbidden.iter().map(|(x, _)| x))
            .all(|&v| v < 1_000_000_000_000_000_000)
    );
    let text = input(&piles, &forbidden);
    let run = common::run(&["--grundy"], text.as_bytes());
    assert_eq!(run.assert_ok(), format!("{}\n", shapes::antihash_value(M)));
    assert_eq!(common::run(&[], text.as_bytes()).assert_ok(), "Takahashi\n");
}

#[test]
fn threads_that_cannot_start_give_the_same_answer() {
    // A stack this large cannot be mapped, so every thread fails to start; the sorts (here
    // past the size that starts threads) then run on the main thread.
    const HUGE_STACK: (&str, &str) = ("RUST_MIN_STACK", "100000000000000");
    for shape in ["random", "onex", "hits"] {
        let (piles, forbidden) = shapes::game(shape, 40_000, 3);
        let text = input(&piles, &forbidden);
        for mode in [&[][..], &["--grundy"], &["--move"]] {
            let normal = common::run(mode, text.as_bytes());
            let starved = common::run_with_env(mode, &[HUGE_STACK], text.as_bytes());
            assert_eq!(starved.assert_ok(), normal.assert_ok(), "{shape} {mode:?}");
        }
    }
}

/// The exit status of the binary when its standard error is /dev/full.
fn status_with_full_stderr(args: &[&str], input: &[u8]) -> i32 {
    let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(full)
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait().unwrap().code().expect("exited, not killed")
}

#[test]
fn an_unwritable_standard_error_keeps_the_exit_status() {
    assert_eq!(status_with_full_stderr(&[], b"1 1\n5\n5 0\n"), 1);
    assert_eq!(status_with_full_stderr(&["--frobnicate"], b""), 2);
    assert_eq!(status_with_full_stderr(&["no/such/file"], b""), 1);
    // A valid game writes nothing there.
    assert_eq!(status_with_full_stderr(&[], b"1 0\n5\n"), 0);
}

#[test]
fn file_names_cannot_forge_a_second_error_line() {
    let run = common::run(&["/no/such\nerror: fake"], b"");
    run.assert_error(&["/no/such\\nerror: fake: cannot open"]);
    let run = common::run(&["/no/such\u{7}\r\t file"], b"");
    run.assert_error(&["/no/such\\u{7}\\r\\t file: cannot open"]);
    // Two file names: the second is escaped in the usage error too.
    let run = common::run(&["a", "b\nerror: fake"], b"");
    assert_eq!(run.status, 2);
    let error_lines = run.stderr.lines().filter(|l| l.starts_with("error:"));
    assert_eq!(error_lines.count(), 1, "{run:?}");
}

/// Runs every mode on `game` (a file) under `ulimit -v` of each of `limits` (KiB, one list a
/// mode), with `RUST_BACKTRACE=1`: each run answers (status 0, nothing on stderr) or exits 1
/// with exactly one `error: ` line, within the common deadline (a hang fails the test).
fn every_mode_under_memory_limits(game: &std::path::Path, limits: &[&[u64]]) {
    let game = game.to_str().unwrap();
    let answer = common::run(&[game], b"").assert_ok().to_owned();
    let output = std::env::temp_dir().join(format!("constrained-nim-out-{}", std::process::id()));
    std::fs::write(&output, &answer).unwrap();
    let output = output.to_str().unwrap().to_owned();
    let modes: [&[&str]; 8] = [
        &[game],
        &["--grundy", game],
        &["--check", game],
        &["--move", game],
        &["--explain", game],
        &["table", game],
        &["judge", game, &output],
        &["play", "--machine", game],
    ];
    // A limit the binary cannot even be loaded in says nothing about the modes: each is raised
    // to the loader's floor, measured, since it grows with the binary (the debug binary grew
    // past 8704 KiB when plot gained its panels).
    let floor = common::loader_floor();
    let runs: Vec<_> = modes
        .iter()
        .zip(limits.iter().cycle())
        .flat_map(|(args, limits)| limits.iter().map(move |&kib| (*args, kib.max(floor))))
        .collect();
    // Two at a time: the machine has two cores, and each run is a whole max-size game.
    for pair in runs.chunks(2) {
        std::thread::scope(|scope| {
            for &(args, kib) in pair {
                scope.spawn(move || {
                    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
                    let script = format!(
                        "ulimit -v {kib} && RUST_BACKTRACE=1 exec \"$0\" {}",
                        quoted.join(" ")
                    );
                    let run =
                        common::run_shell(&script, env!("CARGO_BIN_EXE_constrained-nim"), b"");
                    // judge's statuses are testlib's: its own failure is 3, never a verdict.
                    let failed = if args[0] == "judge" { 3 } else { 1 };
                    let one_error = run.status == failed
                        && run.stderr.starts_with("error: ")
                        && run.stderr.ends_with('\n')
                        && run.stderr.lines().count() == 1;
                    let answered = run.status == 0 && run.stderr.is_empty();
                    assert!(answered || one_error, "{args:?} under {kib} KiB: {run:?}");
                });
            }
        });
    }
    std::fs::remove_file(output).unwrap();
}

/// A max-size game (N = M = 200000) in a file that removes itself.
struct MaxGame(std::path::PathBuf);

impl MaxGame {
    fn new() -> MaxGame {
        let (piles, forbidden) = shapes::game("random", 200_000, 1);
        let path =
            std::env::temp_dir().join(format!("constrained-nim-max-{}.in", std::process::id()));
        std::fs::write(&path, input(&piles, &forbidden)).unwrap();
        MaxGame(path)
    }
}

impl Drop for MaxGame {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn memory_limits_give_every_mode_the_answer_or_one_error_line() {
    // With RUST_BACKTRACE=1 too. Each mode gets 8.5 MiB and a limit of its own between 8.75
    // and 34 MiB, where a start-up that needs more than it has would hang (a thread that failed
    // to start) or abort (a debug build needs about as much as a release one). Not 8 MiB: the
    // debug binary and libc alone map about 8.2 MiB, so below that the loader fails (status 127)
    // before any mode runs, which says nothing about the modes. The least limit is where the
    // loader first succeeds, which moves as the binary grows.
    let game = MaxGame::new();
    // Raised to the loader's floor in every_mode_under_memory_limits.
    let least = 8_704;
    let own = [8_750, 16_500, 9_500, 25_000, 20_000, 22_528, 26_000, 34_000];
    let pairs: Vec<[u64; 2]> = own.iter().map(|&kib| [least, kib.max(least)]).collect();
    let limits: Vec<&[u64]> = pairs.iter().map(|pair| &pair[..]).collect();
    every_mode_under_memory_limits(&game.0, &limits);
}

/// The same, each mode at every limit from 8 MiB to 64 MiB in steps of 512 KiB:
/// `cargo test --release --test hostile -- --ignored`.
#[test]
#[ignore]
fn memory_limits_every_512_kib_give_the_answer_or_one_error_line() {
    let game = MaxGame::new();
    let limits: Vec<u64> = (16..=128).map(|half_mib| half_mib * 512).collect();
    every_mode_under_memory_limits(&game.0, &[&limits]);
}

#[test]
fn a_closed_standard_output_is_an_error_and_a_closed_pipe_is_not() {
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    for args in ["", "--grundy", "--move", "--explain", "table"] {
        let closed = common::run_shell(&format!("exec \"$0\" {args} >&-"), binary, b"1 0\n5\n");
        closed.assert_error(&["writing the answer: standard output is closed"]);
        // `/dev/null` is a place to write to, opened for writing alone (`>`) or for reading
        // and writing (`1<>`, as Python's subprocess.DEVNULL and service managers open it):
        // std's own replacement of a closed output is opened the second way too, so this
        // pins down that a closed output is told apart from before std's start-up.
        for redirect in [">/dev/null", "1<>/dev/null"] {
            let null = common::run_shell(
                &format!("exec \"$0\" {args} {redirect}"),
                binary,
                b"1 0\n5\n",
            );
            assert_eq!(null.assert_ok(), "", "{args} {redirect}");
        }
    }
    // A reader that had enough (`| head`) before a long answer ended: status 0, as for any
    // command in a pipe.
    let head = common::run_bash(
        "\"$0\" table --to 10000000 | head -c1 >/dev/null; exit ${PIPESTATUS[0]}",
        &[],
        b"1 0\n5\n",
    );
    assert_eq!(head.assert_ok(), "");
    // So for a person's game of play: the reader leaving is no error (--machine's other side
    // leaving mid-game is: see below).
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample-1.in");
    let person = common::run_bash(
        "printf 'quit\\n' | \"$0\" play \"$1\" | head -c1 >/dev/null; exit ${PIPESTATUS[1]}",
        &[sample],
        b"",
    );
    assert_eq!(person.assert_ok(), "");
    // --check writes nothing, so a closed output is no error.
    let check = common::run_shell("exec \"$0\" --check >&-", binary, b"1 0\n5\n");
    assert_eq!(check.assert_ok(), "");
}

/// A Python harness that throws the output away (`stdout=subprocess.DEVNULL`) gets status 0
/// and no message from every mode and subcommand that writes to standard output, `play
/// --machine` included.
#[test]
fn every_mode_writes_to_pythons_devnull_with_status_0() {
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample-1.in");
    let script = r#"
import subprocess, sys
binary, game = sys.argv[1], sys.argv[2]
commands = [[], ["--grundy"], ["--move"], ["--explain"], ["table"], ["table", "--breakpoints"],
            ["why", "3"], ["plot"], ["gen", "--seed", "1"], ["--check"]]
for args in commands:
    tail = [] if args[:1] == ["gen"] else [game]
    run = subprocess.run([binary] + args + tail, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    print(" ".join(args) or "verdict", run.returncode, repr(run.stderr.decode()))
# play --machine on sample 1: the program moves first (3 1), the other side takes 2 from
# pile 2, the program answers (3 2) and the other side has no move.
run = subprocess.run([binary, "play", "--machine", game], input=b"2 2\n0 0\n",
                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
print("play --machine", run.returncode, repr(run.stderr.decode()))
"#;
    let run = std::process::Command::new("python3")
        .args(["-c", script, binary, game])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{run:?}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 11, "{stdout}");
    for line in lines {
        assert!(
            line.ends_with(" 0 ''"),
            "not status 0 without a message: {line}"
        );
    }
}

#[test]
fn play_machine_exits_1_when_its_output_breaks_mid_game() {
    // The program moves first and then waits; its reader reads the first line and goes away
    // before the program's second move.
    let path = std::env::temp_dir().join(format!("constrained-nim-play-{}.in", std::process::id()));
    std::fs::write(&path, "2 0\n3 5\n").unwrap();
    let script = "(sleep 0.3; echo 1 1; sleep 0.3; echo 1 1) | \"$0\" play --machine \"$1\" \
                  | head -n1 >/dev/null; echo \"status ${PIPESTATUS[1]}\"";
    let run = common::run_bash(script, &[path.to_str().unwrap()], b"");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(run.stdout, "status 1\n", "{run:?}");
    // Exit 1 always comes with its one line.
    assert_eq!(
        run.stderr, "error: the other side closed standard output before the game ended\n",
        "{run:?}"
    );
}

/// From the smallest address space in which the program loads at all, every limit gives the
/// answer or the one out-of-memory line with the mode's status (3 for `judge`, testlib's FAIL),
/// never an abort of std's start-up ("failed to allocate an alternative stack"), a SIGSEGV, or
/// `judge`'s status 1 before its command line is read. Below the first limit that reaches the program, the loader's own
/// failures (status 127, or a signal) are the system's, not the program's.
#[test]
fn the_smallest_address_spaces_give_the_answer_or_the_out_of_memory_line() {
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample-1.in");
    let output = std::env::temp_dir().join(format!("constrained-nim-oom-{}", std::process::id()));
    std::fs::write(&output, "Takahashi\n").unwrap();
    let output = output.to_str().unwrap();
    for (args, answer, failed) in [
        (vec![sample], "Takahashi\n", 1),
        (vec!["judge", sample, output], "", 3),
    ] {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let (mut answered, mut out_of_memory) = (0, 0);
        for kib in (4096..12288).step_by(32) {
            let script = format!(
                "ulimit -v {kib} && RUST_BACKTRACE=1 \"$0\" {}",
                quoted.join(" ")
            );
            // Not `exec`: the shell turns a signal into a status (128 + the signal).
            let run = common::run_shell(&script, binary, b"");
            let quiet =
                run.stderr.is_empty() || (args[0] == "hack" && run.stderr.starts_with("hack: "));
            if run.status == 0 && run.stdout == answer && quiet {
                answered += 1;
            } else if run.status == failed
                && run.stdout.is_empty()
                && run.stderr.starts_with("error: out of memory while ")
                && run.stderr.lines().count() == 1
            {
                out_of_memory += 1;
            } else {
                assert_eq!(
                    answered + out_of_memory,
                    0,
                    "{args:?} under {kib} KiB, after the program was reached: {run:?}"
                );
            }
        }
        assert!(
            answered > 0 && out_of_memory > 0,
            "{args:?}: {answered} answered, {out_of_memory} out of memory"
        );
    }
    // hack's own failure is its trouble status, 2, never "a failure was found" (1): out of
    // memory while starting, or a --memory the shell's limit cannot give.
    let mut reached = false;
    for kib in (4096..12288).step_by(64) {
        let script = format!("ulimit -v {kib} && \"$0\" hack --tests 0 -- cat '{sample}'");
        let run = common::run_shell(&script, binary, b"");
        let ours = run.stderr.starts_with("error: ");
        reached |= ours;
        if reached {
            assert!(run.status == 2 && ours, "hack under {kib} KiB: {run:?}");
        }
    }
    assert!(reached);
    std::fs::remove_file(output).unwrap();
}

/// `play --machine -` reads the game through the tool's streaming reader: white space without
/// end (here 30 MB of spaces, under a 32 MiB address-space limit) takes no memory: the game's
/// bytes are never kept whole.
#[test]
fn play_machine_reads_endless_white_space_in_bounded_memory() {
    let run = common::run_bash(
        "ulimit -v 32768; head -c 30000000 /dev/zero | tr '\\0' ' ' | \"$0\" play --machine -",
        &[],
        b"",
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert_eq!(
        run.stderr, "error: the input is empty; expected N and M first\n",
        "{run:?}"
    );
    assert_eq!(run.stdout, "", "{run:?}");
}
