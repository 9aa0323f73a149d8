//! Reading as a stream: endless or huge invalid input fails at its first bad byte, in little
//! time and memory, and a memory limit ends in the answer or one error line, never an abort.

mod common;

use common::games::input;
use common::{Run, shapes};
use std::time::{Duration, Instant};

/// Runs `producer | constrained-nim ARGS` under `ulimit -v kib`, in a shell.
fn piped(producer: &str, args: &str, kib: u64) -> (Run, Duration) {
    let script = format!("ulimit -v {kib} && {producer} | \"$0\" {args}");
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let started = Instant::now();
    let run = common::run_shell(&script, binary, b"");
    (run, started.elapsed())
}

#[test]
fn endless_invalid_input_fails_at_once_in_small_memory() {
    const LIMIT_KIB: u64 = 64 * 1024;
    for (producer, args, words) in [
        // Valid up to its fifth token, which is one too many.
        (
            "yes 1",
            "",
            "unexpected input after the last forbidden move: \"1\"",
        ),
        (
            "yes x",
            "",
            "N (the number of piles): expected a non-negative integer, found \"x\"",
        ),
        // One endless number: it stops being one at its 21st digit.
        (
            "yes 7 | tr -d '\\n'",
            "",
            "N (the number of piles): 777777777777777777777777... does not fit",
        ),
        (
            "cat /dev/zero",
            "",
            "expected a non-negative integer, found \"\\0\\0",
        ),
        (
            "true",
            "/dev/zero",
            "/dev/zero: line 1: N (the number of piles): expected a non-negative integer",
        ),
    ] {
        let (run, took) = piped(producer, args, LIMIT_KIB);
        run.assert_error(&[words]);
        // Generous for a loaded machine and a debug build; reading to the end would never end.
        assert!(took < Duration::from_secs(10), "{producer}: {took:?}");
    }
}

#[test]
fn a_large_file_with_a_bad_first_token_is_refused_unread() {
    let path = std::env::temp_dir().join(format!("constrained-nim-bad-{}.in", std::process::id()));
    let mut text = b"x 1\n".to_vec();
    text.resize(100 << 20, b'1');
    std::fs::write(&path, &text).unwrap();
    let shown = path.to_str().unwrap();
    let (run, _) = piped("true", &format!("'{shown}'"), 16 * 1024);
    std::fs::remove_file(&path).unwrap();
    run.assert_error(&["N (the number of piles): expected a non-negative integer, found \"x\""]);
}

#[test]
fn declared_counts_reserve_nothing_the_input_does_not_back() {
    // 10^8 spaces after a huge N: reserving by N, or by the byte count, would need gigabytes.
    let (run, _) = piped(
        "(echo '18446744073709551615 0'; head -c 100000000 /dev/zero | tr '\\0' ' ')",
        "",
        32 * 1024,
    );
    run.assert_error(&["input ended after 0 of 18446744073709551615 piles"]);
}

#[test]
fn a_memory_limit_gives_the_answer_or_one_error_line() {
    // The random max-size game: its numbers take about 10 MB.
    let (piles, forbidden) = shapes::game("random", 200_000, 1);
    let text = input(&piles, &forbidden);
    let expected = common::run(&[], text.as_bytes()).assert_ok().to_owned();
    let mut answered = Vec::new();
    // From where the binary loads (the debug binary and libc alone map about 9.3 MiB; below
    // that the loader fails, status 127, before the reader runs), then from 12 MiB up.
    let floor = common::loader_floor();
    let mibs = [12, 16, 24, 32, 48, 64, 100, 200];
    for kib in std::iter::once(floor).chain(mibs.map(|mib| mib * 1024)) {
        let mib = kib / 1024;
        let run = common::run_limited(kib, text.as_bytes());
        match run.status {
            0 => {
                assert_eq!(run.stdout, expected, "{mib} MiB");
                answered.push(mib);
            }
            _ => run.assert_error(&["out of memory"]),
        }
    }
    // The limit that answers is about the game's size, not a multiple of the input's 11 MB.
    assert!(answered.contains(&24), "answered under {answered:?} MiB");
}
