//! `table` and `judge` through the binary, on the first official sample; the oracle checks
//! both engines on thousands of games in the unit tests.

mod common;

use common::run;

const SAMPLE_1: &str = "samples/sample-1.in";
const SAMPLE_2: &str = "samples/sample-2.in";

#[test]
fn table_prints_g_position_by_position() {
    let table = run(&["table", "--to", "6", SAMPLE_1], b"");
    assert_eq!(table.assert_ok(), "0 0\n1 0\n2 1\n3 1\n4 2\n5 3\n6 4\n");
    // From standard input, a range in the middle.
    let input = std::fs::read(SAMPLE_1).unwrap();
    let middle = run(&["table", "--from", "3", "--to", "4"], &input);
    assert_eq!(middle.assert_ok(), "3 1\n4 2\n");
    // 100 rows by default; an empty range is a usage error, not an empty table.
    assert_eq!(run(&["table", SAMPLE_1], b"").stdout.lines().count(), 100);
    let empty = run(&["table", "--from", "5", "--to", "4", SAMPLE_1], b"");
    assert_eq!((empty.status, empty.stdout.as_str()), (2, ""), "{empty:?}");
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
        assert_eq!(
            (run.status, run.stdout.as_str(), run.stderr.as_str()),
            (0, "", ""),
            "{accepted:?}"
        );
    }
    // testlib's verdicts: 1 for a wrong answer, 2 for output not in the format.
    for (rejected, status, why) in [
        (
            "Aoki\n",
            1,
            "wrong answer: the winner is Takahashi, the output says \"Aoki\"",
        ),
        (
            "Takahashi\n3 3\n",
            1,
            "wrong answer: taking 3 from pile 3 leaves nim-sum 1, not 0",
        ),
        (
            "Takahashi\n2 1\n",
            1,
            "wrong answer: from 2 stones, taking 1 is forbidden",
        ),
        ("Takahashi\n4 1\n", 1, "wrong answer: there is no pile 4"),
        (
            "Takahashi\n3 5\n",
            1,
            "wrong answer: pile 3 has 4 stones; taking 5 is not a move",
        ),
        ("", 2, "wrong output format: the output is empty"),
        ("\n\n  \n", 2, "wrong output format: the output is empty"),
        (
            "banana\n",
            2,
            "wrong output format: the first line is \"banana\", not Takahashi or Aoki",
        ),
        (
            "takahashi\n",
            2,
            "wrong output format: the first line is \"takahashi\", not Takahashi or Aoki",
        ),
        (
            "Takahashi\n3\n",
            2,
            "wrong output format: the second line \"3\" is not `I K`",
        ),
        (
            "Takahashi\n3 x\n",
            2,
            "wrong output format: the second line \"3 x\" is not `I K`",
        ),
        (
            "Takahashi\n3 1\nextra\n",
            2,
            "wrong output format: more than two lines (the third is \"extra\")",
        ),
        // A blank line before the name is not an empty output.
        (
            "\nTakahashi\n",
            2,
            "wrong output format: the first line is empty; the winner comes first",
        ),
        // Moves and names are read as the game's numbers are: digits, ASCII white space.
        (
            "Takahashi\n+3 +1\n",
            2,
            "wrong output format: the second line \"+3 +1\" is not `I K`",
        ),
        (
            "Takahashi\n3\u{3000}1\n",
            2,
            "wrong output format: the second line",
        ),
        (
            "Takahashi\n3 1\u{a0}\n",
            2,
            "wrong output format: the second line",
        ),
        (
            "Takahashi\u{3000}\n",
            2,
            "wrong output format: the first line is \"Takahashi\\u{3000}\", not Takahashi or Aoki",
        ),
    ] {
        let run = judge(rejected);
        assert_eq!(run.status, status, "{rejected:?}: {run:?}");
        assert!(
            run.stderr.starts_with(&format!("error: {why}")),
            "{rejected:?}: {run:?}"
        );
        assert_eq!(run.stderr.lines().count(), 1, "{rejected:?}: {run:?}");
        // oj's --judge-command shows only standard output: the same reason is there.
        assert_eq!(
            Some(run.stdout.as_str()),
            run.stderr.strip_prefix("error: "),
            "{rejected:?}: {run:?}"
        );
    }
}

/// A move after Aoki is not an answer's format: Aoki wins sample 2, so the move line is extra.
#[test]
fn judge_calls_a_move_after_aoki_a_presentation_error() {
    let path =
        std::env::temp_dir().join(format!("constrained-nim-judge-aoki-{}", std::process::id()));
    std::fs::write(&path, "Aoki\n1 1\n").unwrap();
    let run = run(&["judge", SAMPLE_2, path.to_str().unwrap()], b"");
    std::fs::remove_file(path).unwrap();
    assert_eq!(run.status, 2, "{run:?}");
    assert!(
        run.stderr
            .starts_with("error: wrong output format: Aoki wins, so no move follows"),
        "{run:?}"
    );
}

/// The checker's own failures are testlib's FAIL, status 3, never a verdict on the solution:
/// an INPUT that cannot be opened or is not a game, an OUTPUT that cannot be read.
#[test]
fn judge_tells_its_own_failure_from_a_wrong_answer() {
    let output =
        std::env::temp_dir().join(format!("constrained-nim-judge-fail-{}", std::process::id()));
    std::fs::write(&output, "Takahashi\n").unwrap();
    let output = output.to_str().unwrap();
    let not_a_game =
        std::env::temp_dir().join(format!("constrained-nim-judge-bad-{}", std::process::id()));
    std::fs::write(&not_a_game, "1 1\n5\nx").unwrap();
    for (args, why) in [
        (
            vec!["judge", "/no/such/game", output],
            "error: cannot judge: /no/such/game: cannot open",
        ),
        (
            vec!["judge", not_a_game.to_str().unwrap(), output],
            "error: cannot judge: ",
        ),
        (
            vec!["judge", SAMPLE_1, "/no/such/output"],
            "error: cannot judge: /no/such/output: cannot read",
        ),
        (
            vec!["judge", SAMPLE_1, "/"],
            "error: cannot judge: /: cannot read",
        ),
    ] {
        let run = run(&args, b"");
        assert_eq!(run.status, 3, "{args:?}: {run:?}");
        assert!(run.stderr.starts_with(why), "{args:?}: {run:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {run:?}");
        // The reason on standard output too, where oj shows a judge's output.
        assert_eq!(
            Some(run.stdout.as_str()),
            run.stderr.strip_prefix("error: "),
            "{args:?}: {run:?}"
        );
    }
    std::fs::remove_file(not_a_game).unwrap();
    std::fs::remove_file(output).unwrap();
}

#[test]
fn judge_rejects_an_endless_output_without_holding_it() {
    let mut endless = String::from("Takahashi\n");
    endless.push_str(&"3 1\n".repeat(300_000));
    let run = judge(&endless);
    assert_eq!(run.status, 2);
    assert_eq!(
        run.stderr,
        "error: wrong output format: the output is longer than 1048576 bytes\n"
    );
}

/// A long line of the output is quoted short, with its length, so that the reason stays one
/// short line however long the line is.
#[test]
fn judge_quotes_a_long_line_short() {
    let long = format!("Takahashi{}\n", "x".repeat(100_000));
    let run = judge(&long);
    assert_eq!(run.status, 2, "{run:?}");
    assert_eq!(
        run.stderr,
        "error: wrong output format: the first line is \"Takahashixxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"... \
         (100009 characters), not Takahashi or Aoki\n"
    );
}

/// `-` for OUTPUT is standard input, as for every FILE of the tool: a solution's output piped
/// straight in is judged the same as from a file.
#[test]
fn judge_reads_the_output_from_standard_input_for_a_dash() {
    let right = run(&["judge", SAMPLE_1, "-"], b"Takahashi\n3 2\n");
    assert_eq!((right.status, right.stderr.as_str()), (0, ""), "{right:?}");
    let wrong = run(&["judge", SAMPLE_1, "-"], b"Takahashi\n3 3\n");
    assert_eq!(wrong.status, 1, "{wrong:?}");
    assert!(
        wrong.stderr.contains("leaves nim-sum 1, not 0"),
        "{wrong:?}"
    );
}

/// `-` for INPUT is standard input too (`gen | constrained-nim judge - out.txt`); both on
/// standard input is a command line the checker cannot take.
#[test]
fn judge_reads_the_game_from_standard_input_for_a_dash() {
    let output =
        std::env::temp_dir().join(format!("constrained-nim-judge-dash-{}", std::process::id()));
    std::fs::write(&output, "Takahashi\n3 2\n").unwrap();
    let game = std::fs::read(SAMPLE_1).unwrap();
    let right = run(&["judge", "-", output.to_str().unwrap()], &game);
    assert_eq!((right.status, right.stderr.as_str()), (0, ""), "{right:?}");
    std::fs::write(&output, "Takahashi\n3 3\n").unwrap();
    let wrong = run(&["judge", "-", output.to_str().unwrap()], &game);
    assert_eq!(wrong.status, 1, "{wrong:?}");
    std::fs::remove_file(&output).unwrap();
    let not_a_game = run(&["judge", "-", SAMPLE_1], b"1 1\nx\n");
    assert_eq!(not_a_game.status, 3, "{not_a_game:?}");
    assert!(
        not_a_game
            .stderr
            .starts_with("error: cannot judge: line 2: pile 1: expected"),
        "{not_a_game:?}"
    );
    let both = run(&["judge", "-", "-"], &game);
    assert_eq!(both.status, 3, "{both:?}");
    assert!(
        both.stderr
            .starts_with("error: INPUT and OUTPUT cannot both be standard input"),
        "{both:?}"
    );
}

/// A command line judge cannot take is the checker's failure (testlib's 3), not clap's 2, which
/// testlib reads as a presentation error of the output; --help still exits 0.
#[test]
fn judge_calls_a_wrong_command_line_its_own_failure() {
    for args in [
        vec!["judge"],
        vec!["judge", SAMPLE_1],
        vec!["judge", "--bogus", SAMPLE_1, SAMPLE_1],
        vec!["judge", SAMPLE_1, SAMPLE_1, SAMPLE_1, SAMPLE_1],
    ] {
        let run = run(&args, b"");
        assert_eq!(run.status, 3, "{args:?}: {run:?}");
        assert!(run.stderr.starts_with("error: "), "{args:?}: {run:?}");
        assert_eq!(run.stdout, "", "{args:?}: {run:?}");
    }
    let help = run(&["judge", "--help"], b"");
    assert_eq!(help.status, 0, "{help:?}");
    assert!(help.stdout.contains("testlib"), "{help:?}");
}
