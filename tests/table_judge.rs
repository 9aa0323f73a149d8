//! `table` and `judge` through the binary, on the first official sample; the oracle checks
//! both engines on thousands of games in the unit tests.

mod common;

use common::run;

const SAMPLE_1: &str = "samples/sample-1.in";

#[test]
fn table_prints_g_position_by_position() {
    let table = run(&["table", "--to", "6", SAMPLE_1], b"");
    assert_eq!(table.assert_ok(), "0 0\n1 0\n2 1\n3 1\n4 2\n5 3\n6 4\n");
    // From standard input, a range in the middle.
    let input = std::fs::read(SAMPLE_1).unwrap();
    let middle = run(&["table", "--from", "3", "--to", "4"], &input);
    assert_eq!(middle.assert_ok(), "3 1\n4 2\n");
    // 100 rows by default; none when the range is empty.
    assert_eq!(run(&["table", SAMPLE_1], b"").stdout.lines().count(), 100);
    assert_eq!(
        run(&["table", "--from", "5", "--to", "4", SAMPLE_1], b"").assert_ok(),
        ""
    );
    // The end of the range of u64, without overflow.
    let top = u64::MAX.to_string();
    let last = run(&["table", "--from", &top, SAMPLE_1], b"");
    assert_eq!(last.assert_ok(), format!("{top} {}\n", u64::MAX - 2));
}

#[test]
fn table_breakpoints_are_the_map() {
    let map = run(&["table", "--breakpoints", SAMPLE_1], b"");
    assert_eq!(map.assert_ok(), "0 0\n1 0\n3 1\n");
    let part = run(
        &[
            "table",
            "--breakpoints",
            "--from",
            "1",
            "--to",
            "2",
            SAMPLE_1,
        ],
        b"",
    );
    assert_eq!(part.assert_ok(), "1 0\n");
    run(&["table", "no/such/game"], b"").assert_error(&["no/such/game: cannot open"]);
}

/// Writes `output` to a file and runs `judge` on sample 1 with it.
fn judge(output: &str) -> common::Run {
    let path = std::env::temp_dir().join(format!(
        "constrained-nim-judge-{}-{}",
        std::process::id(),
        output.len()
    ));
    std::fs::write(&path, output).unwrap();
    let run = run(&["judge", SAMPLE_1, path.to_str().unwrap(), SAMPLE_1], b"");
    std::fs::remove_file(path).unwrap();
    run
}

#[test]
fn judge_accepts_any_winning_move_and_says_why_it_rejects() {
    // Sample 1: piles 1 2 4 with g 0 1 2, nim-sum 3; g(0..5) = 0 0 1 1 2. Two moves win:
    // 3 1 (what --move prints) and 3 2, both to g 1.
    for accepted in [
        "Takahashi\n",
        "Takahashi",
        "Takahashi\n3 1\n",
        "Takahashi\n3 2\n",
        "  Takahashi \r\n3 1\n\n",
    ] {
        let run = judge(accepted);
        assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{accepted:?}");
    }
    for (rejected, why) in [
        (
            "Aoki\n",
            "the winner is Takahashi, the output says \"Aoki\"",
        ),
        ("", "the output says \"\""),
        ("Takahashi\n3 3\n", "leaves nim-sum 1, not 0"),
        ("Takahashi\n2 1\n", "from 2 stones, taking 1 is forbidden"),
        ("Takahashi\n4 1\n", "there is no pile 4"),
        (
            "Takahashi\n3 5\n",
            "pile 3 has 4 stones; taking 5 is not a move",
        ),
        ("Takahashi\n3\n", "is not `I K`"),
        // Moves and names are read as the game's numbers are: digits, ASCII white space.
        ("Takahashi\n+3 +1\n", "is not `I K`"),
        ("Takahashi\n3\u{3000}1\n", "is not `I K`"),
        ("Takahashi\n3 1\u{a0}\n", "is not `I K`"),
        (
            "Takahashi\u{3000}\n",
            "the output says \"Takahashi\\u{3000}\"",
        ),
        ("Takahashi\n3 1\nextra\n", "more than two lines"),
    ] {
        let run = judge(rejected);
        assert_eq!(run.status, 1, "{rejected:?}");
        assert!(
            run.stderr.starts_with("error: wrong answer: "),
            "{rejected:?}: {run:?}"
        );
        assert!(run.stderr.contains(why), "{rejected:?}: {run:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{rejected:?}: {run:?}");
    }
}

#[test]
fn judge_rejects_an_endless_output_without_holding_it() {
    let mut endless = String::from("Takahashi\n");
    endless.push_str(&"3 1\n".repeat(300_000));
    let run = judge(&endless);
    assert_eq!(run.status, 1);
    assert_eq!(
        run.stderr,
        "error: wrong answer: the output is longer than 1048576 bytes\n"
    );
    let missing = run_missing_output();
    missing.assert_error(&["cannot read"]);
}

fn run_missing_output() -> common::Run {
    run(&["judge", SAMPLE_1, "/no/such/output"], b"")
}
