//! Every kind of input that is not a game gets exit status 1, nothing on stdout and exactly one
//! `error: ` line naming what is wrong and where; command-line misuse gets exit status 2.

mod common;

use common::run;

fn refuse(input: &str, words: &[&str]) {
    run(&[], input.as_bytes()).assert_error(words);
}

#[test]
fn empty_input_and_white_space_only() {
    refuse("", &["input is empty"]);
    refuse(" \n\t\r\n ", &["input is empty"]);
}

#[test]
fn counts_missing_non_numeric_or_too_large() {
    refuse("3", &["line 1: input ended before M"]);
    refuse("3\n", &["line 1: input ended before M"]);
    refuse(
        "x 1\n",
        &[
            "line 1: N (the number of piles)",
            "expected a non-negative integer",
            "\"x\"",
        ],
    );
    refuse(
        "1 y\n5\n",
        &["line 1: M (the number of forbidden moves)", "\"y\""],
    );
    refuse(
        "18446744073709551616 1\n",
        &["N (the number of piles)", "does not fit in 64 bits"],
    );
    refuse(
        "1 99999999999999999999\n",
        &["M (the number of forbidden moves)", "does not fit"],
    );
}

#[test]
fn input_ending_early() {
    // The line is the last one read, and the line of the piles is counted.
    refuse(
        "3 0\n1 2\n",
        &["line 2: input ended after 2 of 3 piles (line 2 holds 2 numbers, but N = 3)"],
    );
    refuse("3 0\n", &["line 1: input ended after 0 of 3 piles"]);
    refuse(
        "1 4\n5\n2 1\n3 1\n",
        &["line 4: input ended after 2 of 4 forbidden moves"],
    );
    // Ending between X and Y of a move still counts only the complete moves.
    refuse(
        "1 4\n5\n2 1\n3 1\n4",
        &["line 5: input ended after 2 of 4 forbidden moves"],
    );
}

#[test]
fn a_line_that_disagrees_with_n_is_named_as_the_likely_cause() {
    // One pile too many: the fourth number is read as a move's X, and the moves shift.
    refuse(
        "3 4\n1 2 4 5\n2 1\n3 1\n1 3\n4 4\n",
        &["error: line 4: forbidden move 2: Y = 3 > X = 1 (line 2 holds 4 numbers, but N = 3)\n"],
    );
    // One pile too few: the first move's X is read as the last pile.
    refuse(
        "3 4\n1 2\n3 1\n3 2\n1 3\n4 4\n",
        &["error: line 4: forbidden move 1: Y = 3 > X = 1 (line 2 holds 2 numbers, but N = 3)\n"],
    );
    // With M = 0, the extra pile is what is left over.
    refuse(
        "2 0\n5 6 7\n",
        &[
            "line 2: unexpected input after the last pile (M = 0): \"7\" (line 2 holds 3 numbers, but N = 2)",
        ],
    );
    // A move's line with three numbers, or one.
    refuse(
        "3 2\n1 2 3\n2 1 1\n3 1\n",
        &[
            "line 4: forbidden move 2: Y = 3 > X = 1 (line 3 holds 3 numbers, but a forbidden move is two)",
        ],
    );
    refuse(
        "1 3\n5\n2 1\n3\n4 1\n",
        &[
            "line 5: forbidden move 2: Y = 4 > X = 3 (line 4 holds 1 number, but a forbidden move is two)",
        ],
    );
    // Piles one a line, or a game on one line, are layouts, not causes: no hint.
    let one_a_line = run(&[], b"3 0\n1\n2\n3\n4\n");
    one_a_line.assert_error(&["line 5: unexpected input after the last pile (M = 0): \"4\""]);
    assert!(!one_a_line.stderr.contains("holds"), "{one_a_line:?}");
    let one_line = run(&[], b"3 1 1 2 3 4 1 6\n");
    one_line.assert_error(&["line 1: unexpected input after the last forbidden move: \"6\""]);
    assert!(!one_line.stderr.contains("holds"), "{one_line:?}");
}

#[test]
fn tokens_after_the_last_item() {
    refuse(
        "1 1\n5\n5 1\n7\n",
        &[
            "line 4: unexpected input after the last forbidden move",
            "\"7\"",
        ],
    );
    refuse(
        "2 0\n5 6 7\n",
        &["line 2: unexpected input after the last pile", "\"7\""],
    );
    refuse(
        "0 0 0\n",
        &["line 1: unexpected input after N and M", "\"0\""],
    );
}

#[test]
fn tokens_that_are_not_non_negative_integers() {
    for bad in ["x", "1.5", "-5", "1,2", "0x10", "+5", "1e9", "５"] {
        let input = format!("3 0\n1 2 {bad}\n");
        refuse(
            &input,
            &[
                "line 2: pile 3: expected a non-negative integer, found",
                &format!("{bad:?}"),
            ],
        );
    }
    refuse(
        "1 1\n5\nfive 1\n",
        &["line 3: forbidden move 1: X: expected a non-negative integer"],
    );
    refuse(
        "1 1\n5\n5 one\n",
        &["line 3: forbidden move 1: Y: expected a non-negative integer"],
    );
}

#[test]
fn numbers_past_64_bits() {
    refuse(
        "1 0\n18446744073709551616\n",
        &["line 2: pile 1: 18446744073709551616 does not fit in 64 bits"],
    );
    refuse(
        "1 1\n1\n18446744073709551616 1\n",
        &["line 3: forbidden move 1: X", "does not fit in 64 bits"],
    );
    // 2^64 - 1 itself is a valid pile.
    assert_eq!(
        run(&[], b"1 0\n18446744073709551615\n").assert_ok(),
        "Takahashi\n"
    );
}

#[test]
fn forbidden_moves_that_are_not_moves() {
    refuse(
        "1 2\n5\n5 1\n5 0\n",
        &["line 4: forbidden move 2: Y = 0 (a move takes at least one stone)"],
    );
    refuse(
        "1 5\n5\n1 1\n2 1\n3 1\n4 1\n4 9\n",
        &["line 7: forbidden move 5: Y = 9 > X = 4"],
    );
    refuse(
        "1 1\n5\n0 1\n",
        &["line 3: forbidden move 1: Y = 1 > X = 0"],
    );
}

#[test]
fn bytes_that_are_not_numbers_in_ascii() {
    refuse(
        "1 0\n5\0\n",
        &["line 2: pile 1: expected a non-negative integer", "\\0"],
    );
    refuse(
        "1 0\n\0\n",
        &["line 2: pile 1: expected a non-negative integer"],
    );
    // Bytes count from 1, like lines.
    run(&[], b"1 0\n5\xff\n").assert_error(&["line 2: byte 6 of the input is not UTF-8"]);
    run(&[], b"\xfe\xff1 0\n5\n").assert_error(&["line 1: byte 1 of the input is not UTF-8"]);
    // A byte-order mark is named, at the start; elsewhere it is just not a number.
    refuse(
        "\u{feff}1 0\n5\n",
        &["line 1: the input starts with a UTF-8 byte-order mark (U+FEFF)"],
    );
    refuse(
        "1 0\n\u{feff}5\n",
        &["line 2: pile 1: expected a non-negative integer, found \"\\u{feff}5\""],
    );
    // Non-ASCII white space would split tokens where the judge's format has none.
    refuse(
        "1 0\n\u{3000}5\n",
        &["line 2: white space U+3000 is not ASCII"],
    );
    refuse(
        "2 0\n5\u{a0}6\n",
        &["line 2: white space U+00A0 is not ASCII"],
    );
}

#[test]
fn random_binary_garbage() {
    let mut rng = common::rng::Rng::new(7);
    for case in 0..50 {
        let len = rng.range(1, 300) as usize;
        // Starting with a byte that is never valid UTF-8 makes every case garbage.
        let bytes: Vec<u8> = std::iter::once(0xc0)
            .chain((1..len).map(|_| rng.next_u64() as u8))
            .collect();
        let run = run(&[], &bytes);
        run.assert_error(&["not UTF-8"]);
        assert!(run.stderr.len() < 200, "case {case}: {run:?}");
    }
}

#[test]
fn long_tokens_get_a_short_message() {
    // Reading stops where the number no longer fits, and the message shows its beginning.
    let input = format!("1 0\n{}\n", "7".repeat(200_000));
    let run = run(&[], input.as_bytes());
    run.assert_error(&["line 2: pile 1: 777777777777777777777777... does not fit in 64 bits"]);
    // A short one the same way, however the bytes arrive; leading zeros are never shown.
    let input = format!("1 0\n000{}\n", "7".repeat(30));
    common::run(&[], input.as_bytes()).assert_error(&[
        "error: line 2: pile 1: 777777777777777777777777... does not fit in 64 bits\n",
    ]);
    // More than 20 digits are too many, whatever follows them.
    let input = format!("1 0\n{}x\n", "7".repeat(30));
    common::run(&[], input.as_bytes()).assert_error(&["does not fit in 64 bits"]);
    // A token that is not a number is cut after 24 characters.
    let input = format!("1 0\n{}{}\n", "7".repeat(20), "x".repeat(10));
    common::run(&[], input.as_bytes()).assert_error(&[
        "error: line 2: pile 1: expected a non-negative integer, found \"77777777777777777777xxxx\"...\n",
    ]);
    let input = format!("1 0\n{}\n", "x".repeat(200_000));
    let run = common::run(&[], input.as_bytes());
    run.assert_error(&["expected a non-negative integer, found \"xxxxxxxxxxxxxxxxxxxxxxxx\"..."]);
    assert!(run.stderr.len() < 200, "{run:?}");
}

#[test]
fn long_tokens_with_junk_are_refused_wherever_they_end() {
    // 64 and 65 bytes of digits and then junk, in one file or one byte at a time
    // (the fuzzer in src/tests/stream.rs covers every read size and place).
    let zeros = "0".repeat(64);
    for (input, words) in [
        (
            format!("{zeros}0x\n"),
            "line 1: N (the number of piles): expected a non-negative integer, found \"000000000000000000000000\"...",
        ),
        (
            format!("{zeros}x\n"),
            "line 1: N (the number of piles): expected a non-negative integer",
        ),
        (
            format!("1 0\n{}5x\n", &zeros[1..]),
            "line 2: pile 1: expected a non-negative integer",
        ),
        (
            format!("1 0\n{}5,000\n", &zeros[1..]),
            "line 2: pile 1: expected a non-negative integer",
        ),
    ] {
        for args in [&[][..], &["--grundy"], &["--check", "--strict"]] {
            run(args, input.as_bytes()).assert_error(&[words]);
        }
    }
}

#[test]
fn leading_zeros_of_any_length_are_read() {
    // Far longer than the reader's chunk: the zeros are dropped as they come.
    let input = format!("2 0\n{}5 {}\n", "0".repeat(300_000), "0".repeat(300_000));
    assert_eq!(run(&[], input.as_bytes()).assert_ok(), "Takahashi\n");
    let input = format!("1 0\n{}18446744073709551616\n", "0".repeat(300_000));
    run(&[], input.as_bytes()).assert_error(&["line 2: pile 1: 18446744073709551616 does not fit"]);
}

#[test]
fn huge_declared_counts_fail_fast_in_small_memory() {
    // Under a 64 MiB address-space limit: reserving by the declared count would abort.
    const LIMIT_KIB: u64 = 64 * 1024;
    common::run_limited(LIMIT_KIB, b"1000000000000000000 1\n5\n")
        .assert_error(&["line 2: input ended after 1 of 1000000000000000000 piles"]);
    common::run_limited(LIMIT_KIB, b"1 18446744073709551615\n5\n1 1\n")
        .assert_error(&["input ended after 1 of 18446744073709551615 forbidden moves"]);
    common::run_limited(LIMIT_KIB, b"200000 200000\n1 2 3\n")
        .assert_error(&["input ended after 3 of 200000 piles"]);
    // The limit leaves room for real work: a valid game still runs under it.
    assert_eq!(
        common::run_limited(LIMIT_KIB, b"1 0\n5\n").assert_ok(),
        "Takahashi\n"
    );
}

#[test]
fn a_missing_file_is_named() {
    run(&["no/such/game.txt"], b"").assert_error(&["no/such/game.txt", "cannot open"]);
    run(&["--move", "no/such/game.txt"], b"").assert_error(&["no/such/game.txt"]);
    // A directory opens but cannot be read.
    run(&["samples"], b"").assert_error(&["samples: reading the input"]);
}

#[test]
fn errors_in_a_file_name_the_file() {
    let path = std::env::temp_dir().join(format!("constrained-nim-bad-{}.txt", std::process::id()));
    std::fs::write(&path, "1 1\n5\n5 0\n").unwrap();
    let shown = path.to_str().unwrap();
    run(&["--grundy", shown], b"").assert_error(&[shown, "line 3: forbidden move 1: Y = 0"]);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn command_line_misuse_is_status_2_with_usage_and_a_hint() {
    for (args, words) in [
        (&["--frobnicate"][..], "unexpected argument '--frobnicate'"),
        (&["-x"], "unexpected argument '-x'"),
        (
            &["--grundy", "--move"],
            "'--grundy' cannot be used with '--move'",
        ),
        (&["a.txt", "b.txt"], "more than one input file ('b.txt')"),
        (&["--strict"], "--check"),
        (
            &["--strict", "--grundy"],
            "'--strict' cannot be used with '--grundy'",
        ),
        (&["gen", "--grundy"], "unexpected argument '--grundy'"),
        (&["frobnicate", "x"], "more than one input file"),
        (&["table", "--from", "x"], "invalid value 'x'"),
        // Options clap takes but the subcommand cannot meet: the same shape, with its usage.
        (
            &["table", "--from", "5", "--to", "3"],
            "--from 5 --to 3: the range is empty",
        ),
        (
            &["gen", "--max", "1000000000000000001"],
            "--max 1000000000000000001 is above 10^18",
        ),
        (&["hack", "--jobs", "0", "--", "true"], "--jobs 0"),
    ] {
        let run = run(args, b"1 0\n1\n");
        assert_eq!(run.status, 2, "{args:?}: {run:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(run.stderr.starts_with("error: "), "{args:?}: {run:?}");
        assert!(run.stderr.contains(words), "{args:?}: {run:?}");
        assert!(run.stderr.contains("try '--help'"), "{args:?}: {run:?}");
        // clap leaves the usage line out of a bad value's error; every other has it.
        if !words.starts_with("invalid value") {
            let usage = run.stderr.contains("\nUsage: constrained-nim");
            assert!(usage, "{args:?}: {run:?}");
        }
    }
}

/// A given FILE is optional all the same: the usage line of an error never shows it as
/// required (`<FILE>`), whatever was on the command line.
#[test]
fn the_usage_line_shows_the_file_as_optional() {
    let run = run(&["--grundy", "--move", "game.in"], b"");
    assert_eq!(run.status, 2, "{run:?}");
    assert!(
        run.stderr
            .contains("Usage: constrained-nim [OPTIONS] [FILE]\n"),
        "{run:?}"
    );
    assert!(!run.stderr.contains("<FILE>"), "{run:?}");
}

/// A word that is no file but looks like a subcommand gets clap's suggestion, not "cannot
/// open" or "more than one input file"; a path, or two real files, keep their own messages.
#[test]
fn mistyped_subcommands_get_a_suggestion() {
    for (args, typed, meant) in [
        (&["tabel", "samples/sample-1.in"][..], "tabel", "table"),
        (&["hak"], "hak", "hack"),
        (&["jduge", "a", "b"], "jduge", "judge"),
        (&["paly", "samples/sample-1.in"], "paly", "play"),
    ] {
        let run = run(args, b"");
        assert_eq!(run.status, 2, "{args:?}: {run:?}");
        assert!(
            run.stderr
                .starts_with(&format!("error: unrecognized subcommand '{typed}'\n")),
            "{args:?}: {run:?}"
        );
        assert!(
            run.stderr
                .contains(&format!("tip: a similar subcommand exists: '{meant}'")),
            "{args:?}: {run:?}"
        );
    }
    run(&["tables.in"], b"").assert_error(&["tables.in: cannot open"]);
    run(&["frobnicate"], b"").assert_error(&["frobnicate: cannot open"]);
    let two = run(&["samples/sample-1.in", "samples/sample-2.in"], b"");
    assert_eq!(two.status, 2, "{two:?}");
    assert!(two.stderr.contains("more than one input file"), "{two:?}");
}

/// The default game keeps the statement's limits at its largest options; --beyond lifts them.
#[test]
fn gen_keeps_the_statement_unless_beyond() {
    let inside = run(
        &[
            "gen",
            "--seed",
            "5",
            "--max",
            "1000000000000000000",
            "--n",
            "200000",
        ],
        b"",
    );
    run(&["--check", "--strict"], inside.assert_ok().as_bytes()).assert_ok();
    let beyond = run(
        &[
            "gen",
            "--seed",
            "5",
            "--max",
            "18446744073709551615",
            "--beyond",
        ],
        b"",
    );
    run(&["--check"], beyond.assert_ok().as_bytes()).assert_ok();
}

#[test]
fn double_dash_ends_the_options() {
    let path = std::env::temp_dir().join(format!("--constrained-nim-{}", std::process::id()));
    let name = path.file_name().unwrap().to_str().unwrap().to_owned();
    std::fs::write(&path, "1 0\n3\n").unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_constrained-nim"));
    let output = command
        .current_dir(std::env::temp_dir())
        .args(["--grundy", "--", &name])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "3\n", "{output:?}");
    assert!(output.status.success());
    // A file with a subcommand's name, after `--` or as a path.
    run(&["--", "samples/sample-1.in"], b"").assert_ok();
}

#[test]
fn check_strict_names_the_first_limit_broken() {
    for (input, words) in [
        ("0 1\n\n1 1\n", &["N = 0", "1 <= N <= 200000"][..]),
        ("1 0\n1\n", &["M = 0"]),
        ("2 1\n1 0\n1 1\n", &["pile 2: A = 0"]),
        (
            "1 1\n1000000000000000001\n1 1\n",
            &["pile 1: A = 1000000000000000001"],
        ),
        (
            "1 1\n1\n1000000000000000001 1\n",
            &["forbidden move 1: X = 1000000000000000001"],
        ),
        (
            "1 3\n5\n5 1\n5 2\n5 1\n",
            &["forbidden move 3 repeats forbidden move 1 (X = 5, Y = 1)"],
        ),
    ] {
        run(&["--check", "--strict"], input.as_bytes()).assert_error(words);
        // Without --strict the tool takes it.
        run(&["--check"], input.as_bytes()).assert_ok();
    }
    let top = "1 1\n1000000000000000000\n1000000000000000000 1000000000000000000\n";
    run(&["--check", "--strict"], top.as_bytes()).assert_ok();
}

#[test]
fn help_documents_modes_input_and_exit_codes() {
    for flag in ["--help", "-h"] {
        let help = run(&[flag], b"").assert_ok().to_owned();
        for word in [
            "--grundy",
            "--move",
            "--explain",
            "--check",
            "exit status",
            "N M",
            "2^64",
        ] {
            assert!(help.contains(word), "{flag}: missing {word:?}");
        }
    }
    let version = run(&["--version"], b"").assert_ok().to_owned();
    assert_eq!(
        version,
        format!("constrained-nim {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// `hack -h` is a summary; `hack --help` is hack's whole reference, a paragraph a topic, wrapped
/// to 100 columns in a pipe.
#[test]
fn hack_help_is_the_reference_and_h_a_summary() {
    let long = run(&["hack", "--help"], b"").assert_ok().to_owned();
    let short = run(&["hack", "-h"], b"").assert_ok().to_owned();
    for topic in [
        "Examples:",
        "The run and the report:",
        "The games:",
        "Limits and verdicts:",
        "Confirmation:",
        "Shrinking:",
        "A timeout's growth:",
        "Files:",
        "Processes and signals:",
        "--interactive (the interactive version",
        "Exit status",
    ] {
        assert!(long.contains(&format!("\n{topic}")), "--help: no {topic:?}");
        assert!(!short.contains(&format!("\n{topic}")), "-h: {topic:?}");
    }
    // The detail lives in the long help only: libstdc++'s bucket counts, the max tests' recipe.
    for detail in ["85229 and 172933", "--tests 0 --save max", "4 runs of 4"] {
        assert!(long.contains(detail), "--help: no {detail:?}");
        assert!(!short.contains(detail), "-h: {detail:?}");
    }
    assert!(short.contains("--help"), "{short}");
    for line in long.lines() {
        assert!(line.chars().count() <= 100, "{line:?}");
    }
}

/// clap's bold and underline go only to a terminal, never with NO_COLOR, as clap decides by
/// default: `--help | cat`, a help saved to a file, a usage error in a log carry no escape code.
#[test]
fn help_and_usage_errors_are_coloured_only_on_a_terminal() {
    use std::process::{Command, Stdio};
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let escape = |text: &str| text.contains('\u{1b}');
    let variables = ["NO_COLOR", "CLICOLOR_FORCE", "CLICOLOR", "TERM"];
    let piped = |args: &[&str], vars: &[(&str, &str)]| {
        let output = Command::new(binary)
            .args(args)
            .env_clear()
            .envs(std::env::vars().filter(|(k, _)| !variables.contains(&k.as_str())))
            .envs(vars.iter().copied())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)
    };
    let commands: [&[&str]; 6] = [
        &["--help"],
        &["-h"],
        &["hack", "--help"],
        &["judge", "-h"],
        &["--bogus"],
        &["hack", "--tests", "x", "--", "true"],
    ];
    for args in commands {
        for vars in [
            &[("TERM", "xterm")][..],
            &[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")],
        ] {
            let text = piped(args, vars);
            assert!(
                text.contains("Usage") || text.starts_with("error: "),
                "{args:?}: {text}"
            );
            assert!(!escape(&text), "{args:?} {vars:?}: {text:?}");
        }
        // Asked for, the colour is there: the check above can fail.
        let forced = piped(args, &[("CLICOLOR_FORCE", "1")]);
        assert!(
            escape(&forced),
            "{args:?} with CLICOLOR_FORCE=1: {forced:?}"
        );
    }
    // On a terminal (a pseudo-terminal from util-linux's `script`): bold, unless NO_COLOR.
    for (no_color, coloured) in [("", true), ("1", false)] {
        let output = Command::new("script")
            .args(["-qec", &format!("{binary} --help"), "/dev/null"])
            .env("TERM", "xterm")
            .env("NO_COLOR", no_color)
            .env_remove("CLICOLOR_FORCE")
            .env_remove("CLICOLOR")
            .stdin(Stdio::null())
            .output()
            .expect("util-linux's script runs a command on a terminal");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("Usage"), "NO_COLOR={no_color:?}: {text}");
        assert_eq!(escape(&text), coloured, "NO_COLOR={no_color:?}: {text:?}");
    }
}

/// A number of stones on the command line is read as the game's numbers are: a sign, a
/// negative number or an exponent is refused in the game's words, and so is 2^64.
#[test]
fn numbers_of_stones_on_the_command_line_are_read_like_the_games() {
    for (args, said) in [
        (
            &["why", "+5"][..],
            "invalid value '+5' for '<N>': expected a number of stones, digits only",
        ),
        (
            &["why", "-1"],
            "invalid value '-1' for '<N>': expected a number of stones, digits only",
        ),
        (
            &["why", "18446744073709551616"],
            "invalid value '18446744073709551616' for '<N>': does not fit in 64 bits (the largest \
             is 18446744073709551615)",
        ),
        (
            &["plot", "--from", "-1"],
            "invalid value '-1' for '--from <A>'",
        ),
        (&["plot", "--to", "+3"], "invalid value '+3' for '--to <B>'"),
        (
            &["table", "--from", "+3"],
            "invalid value '+3' for '--from <A>'",
        ),
        (
            &["table", "--to", "1e3"],
            "invalid value '1e3' for '--to <B>'",
        ),
    ] {
        let run = run(args, b"1 1\n4\n4 1\n");
        assert_eq!(run.status, 2, "{args:?}: {run:?}");
        assert!(
            run.stderr.starts_with(&format!("error: {said}")),
            "{args:?}: {run:?}"
        );
    }
    let leading_zeros = run(&["why", "0005"], b"1 1\n4\n4 1\n");
    assert!(
        leading_zeros.assert_ok().starts_with("g(5) = "),
        "{leading_zeros:?}"
    );
}
