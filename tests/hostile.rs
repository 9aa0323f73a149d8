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
