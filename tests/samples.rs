//! samples/ as online-judge-tools reads it (`oj t -d samples`): only `NAME.in` / `NAME.out`
//! pairs, each a game inside the statement's limits that even a brute force answers at once;
//! every pair through the binary; the cases beyond the statement's limits, which only this tool
//! accepts, here instead; the `--explain` reports of the two official samples.
//!
//! The samples and what each pins down (the answers are derived by hand):
//!
//! | case | what it pins down |
//! | --- | --- |
//! | `sample-1` | the problem's first sample: g = 0, 1, 2 for piles 1, 2, 4; nim-sum 3, Takahashi |
//! | `sample-2` | the problem's second sample: every move from 5 forbidden, g(5) = 0, Aoki |
//! | `no-drop-on-special` | (1,1) makes 0 held twice, so closing 3 → 0 leaves 0 reachable: g(3) = 2, not 0 |
//! | `equal-piles-on-drop` | g(5) = 0 with Y = X, and two piles of 4 cancel too |
//! | `consecutive-special-points` | special points 2 and 3 both drop (to 0 and to 1): g(2) ^ g(3) = 1 |
//! | `value-dropped-to-four-times` | 0 held at 0, 1, 2, 3 (extra[0] = 3); from 5 all four are forbidden targets, so g(5) = 0 |
//! | `crlf-tabs-no-final-newline` | tabs, CRLF line ends and no final newline are white space like any other; g(1) = g(2) = 1 |

mod common;

use common::oracle::grundy_table;
use std::fs;
use std::path::{Path, PathBuf};

/// The largest pile or X a sample may hold: the oracle costs O(value^2), so at 1000 it answers
/// in milliseconds, and so does any brute force a user checks with `oj t`.
const LARGEST: u64 = 1000;

fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir("samples")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn samples_holds_only_in_out_pairs() {
    for file in files() {
        let extension = file.extension().and_then(|e| e.to_str());
        let twin = match extension {
            Some("in") => file.with_extension("out"),
            Some("out") => file.with_extension("in"),
            _ => panic!(
                "{}: samples/ holds only NAME.in and NAME.out",
                file.display()
            ),
        };
        assert!(
            twin.is_file(),
            "{}: no {} beside it",
            file.display(),
            twin.display()
        );
    }
}

#[test]
fn every_sample_is_small_strict_and_answered_by_the_oracle() {
    let mut checked = 0;
    for input in files()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
    {
        let text = fs::read_to_string(&input).unwrap();
        let expected = fs::read_to_string(input.with_extension("out")).unwrap();
        let name = input.display();
        // Inside the statement's limits: any correct solution must take it.
        common::run(&["--check", "--strict"], text.as_bytes()).assert_ok();
        let (piles, forbidden) = common::games::parse(&text);
        let values = forbidden.iter().map(|&(x, _)| x);
        let largest = piles.iter().copied().chain(values).max().unwrap();
        assert!(
            largest <= LARGEST,
            "{name}: {largest} is too large for a brute force"
        );
        let table = grundy_table(&forbidden, largest);
        let sum = piles.iter().fold(0, |s, &a| s ^ table[a as usize]);
        let oracle = if sum != 0 { "Takahashi\n" } else { "Aoki\n" };
        assert_eq!(
            oracle, expected,
            "{name}: the oracle disagrees with the .out"
        );
        let run = common::run(&[], text.as_bytes());
        assert_eq!(run.assert_ok(), expected, "{name}");
        checked += 1;
    }
    assert!(checked >= 2, "samples/ holds the official samples");
}

/// Games only this tool takes (the statement forbids them), with the answer derived by hand.
#[test]
fn cases_beyond_the_statement_limits() {
    for (input, expected, why) in [
        (
            "1 1\n18446744073709551615\n18446744073709551615 18446744073709551615\n",
            "Aoki",
            "Y = X at 2^64 - 1: g = 0, and the line has no position after the drop to restart at",
        ),
        (
            "2 0\n18446744073709551615 18446744073709551614\n",
            "Takahashi",
            "M = 0 at the top of u64: g(n) = n, nim-sum 1",
        ),
        (
            "2 1\n1000000000000000000 1000000000000000001\n1000000000000000000 1000000000000000000\n",
            "Takahashi",
            "Y = X at 10^18: g(10^18) = 0 and g(10^18 + 1) = 10^18",
        ),
        (
            "1 3\n3\n1 1\n3 3\n3 3\n",
            "Takahashi",
            "(3, 3) listed twice counts once: twice would close both holders of 0, g(3) = 0",
        ),
        ("3 1\n0 0 0\n1 1\n", "Aoki", "piles of 0 stones have g = 0"),
        (
            "0 2\n5 5\n7 1\n",
            "Aoki",
            "N = 0: no move at all, whatever the forbidden moves",
        ),
    ] {
        let run = common::run(&[], input.as_bytes());
        assert_eq!(run.assert_ok(), format!("{expected}\n"), "{why}");
    }
}

#[test]
fn explain_reports_of_the_official_samples() {
    for name in ["sample-1", "sample-2"] {
        let input = Path::new("samples").join(format!("{name}.in"));
        let expected = fs::read_to_string(format!("tests/expected/{name}.explain")).unwrap();
        let run = common::run(&["--explain", input.to_str().unwrap()], b"");
        assert_eq!(run.assert_ok(), expected, "{name}");
    }
}
