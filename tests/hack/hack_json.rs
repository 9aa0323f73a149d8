//! `hack --json` through the binary: the document on standard output validates against
//! `hack --json-schema`, and says what the text report on standard error says (the kind, the
//! judge's verdict, the game, expected and actual, the times, the seed, the exit status), for
//! a wrong answer found on a sample and shrunk, a run where everything passed, a timeout on
//! every game, and a bot that loses (`--interactive`).

use super::common;

use common::games::parse;
use common::{Run, run};
use serde_json::Value;

/// `hack --json-schema`'s schema, checked to be one.
fn validator() -> jsonschema::Validator {
    let ran = run(&["hack", "--json-schema"], b"");
    assert_eq!(ran.status, 0, "{ran:?}");
    let schema: Value = serde_json::from_str(&ran.stdout).unwrap();
    for field in [
        "seed",
        "command",
        "limits",
        "ended",
        "exit_status",
        "failures",
    ] {
        assert!(schema["properties"][field].is_object(), "{field}: {schema}");
    }
    // The kinds, the verdicts, where a game came from and how a run ended are listed, as a
    // client matching on them needs.
    let text = schema.to_string();
    for value in [
        "\"wrong_answer\"",
        "\"memory_limit_exceeded\"",
        "\"did_not_exit\"",
        "\"MLE\"",
        "\"TLE\"",
        "\"generated\"",
        "\"saved\"",
        "\"interrupted\"",
        "\"trouble\"",
    ] {
        assert!(text.contains(value), "{value} not listed: {schema}");
    }
    jsonschema::validator_for(&schema).unwrap()
}

/// The run's JSON document, validated against the schema; the run's exit status is the one it
/// names, and each failure's block is in the text report as printed.
pub(super) fn document(run: &Run) -> Value {
    let report: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("not one JSON document ({e}): {run:?}"));
    let errors: Vec<String> = (validator().iter_errors(&report))
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}: {report}");
    assert_eq!(report["exit_status"], run.status, "{report}");
    for failure in report["failures"].as_array().unwrap() {
        let block = failure["report"].as_str().unwrap();
        assert!(
            !block.is_empty() && run.stderr.contains(block),
            "{failure}: {run:?}"
        );
    }
    report
}

/// The winner of `game`, by the tool.
fn winner(game: &str) -> String {
    run(&[], game.as_bytes()).stdout.trim().to_owned()
}

#[test]
fn a_wrong_answer_on_a_sample_has_its_game_expected_and_actual() {
    let python = common::python();
    let args = [
        "hack", "--seed", "7", "--tests", "20", "--json", "--", python,
    ];
    let ran = run(
        &[&args[..], &["tests/solutions/nim.py", "plain-nim"]].concat(),
        b"",
    );
    assert_eq!(ran.status, 1, "{ran:?}");
    let report = document(&ran);
    assert_eq!(report["seed"], 7);
    assert_eq!(report["ended"], "found");
    assert_eq!(report["interactive"], false);
    assert_eq!(report["limits"]["time_s"], 4.0);
    assert_eq!(report["limits"]["memory_mib"], 1024);
    let failures = report["failures"].as_array().unwrap();
    // A sample's failure is reported alone (the generated games were not run).
    assert_eq!(failures.len(), 1, "{report}");
    let failure = &failures[0];
    assert_eq!(failure["kind"], "wrong_answer");
    assert_eq!(failure["verdict"], "WA");
    assert_eq!(failure["origin"], "sample");
    assert_eq!(failure["game_number"], 2);
    assert!(
        failure["shrunk"].as_str().unwrap().contains("1-minimal"),
        "{failure}"
    );
    // The game is the shrunk one, whole; its right answer is the tool's; the solution's is the
    // other one.
    let game = failure["game"].as_str().unwrap();
    let (piles, moves) = parse(game);
    assert_eq!(failure["piles"], piles.len());
    assert_eq!(failure["forbidden_moves"], moves.len());
    assert_eq!(failure["expected"], winner(game).as_str(), "{failure}");
    let other = match winner(game).as_str() {
        "Takahashi" => "Aoki",
        _ => "Takahashi",
    };
    assert_eq!(failure["actual"], other, "{failure}");
    assert!(
        failure["flaky"].is_null() && failure["time_s"].is_null(),
        "{failure}"
    );
}

#[test]
fn a_run_where_everything_passes_has_no_failure() {
    let python = common::python();
    let args = [
        "hack", "--seed", "3", "--tests", "3", "--json", "--", python,
    ];
    let ran = run(
        &[&args[..], &["tests/solutions/nim.py", "none"]].concat(),
        b"",
    );
    assert_eq!(ran.status, 0, "{ran:?}");
    let report = document(&ran);
    assert_eq!(report["ended"], "passed");
    assert_eq!(report["failures"], serde_json::json!([]));
    // The 2 samples and the 3 games, each run once.
    assert_eq!(report["runs"], 5, "{report}");
    assert_eq!(report["command"][1], "tests/solutions/nim.py");
}

/// A solution that never ends, on every game: its times, TLE, and the growth's line.
#[test]
fn a_timeout_on_every_game_has_its_times_and_tle() {
    let ran = run(
        &["hack", "--timeout", "0.3", "--json", "--", "sleep", "100"],
        b"",
    );
    assert_eq!(ran.status, 1, "{ran:?}");
    let report = document(&ran);
    let failure = &report["failures"][0];
    assert_eq!(failure["kind"], "timeout");
    assert_eq!(failure["verdict"], "TLE");
    assert_eq!(failure["fails_every_game"], true);
    // Run alone it is ended at 1.25 limits; it used no CPU.
    let time = failure["time_s"].as_f64().unwrap();
    assert!((0.3..2.0).contains(&time), "{failure}");
    assert!(failure["cpu_s"].as_f64().unwrap() < 0.1, "{failure}");
    let growth = failure["growth"][0].as_str().unwrap();
    assert!(growth.starts_with("growth: never ends"), "{failure}");
    assert!(failure["shrunk"].is_null(), "{failure}");
}

/// A bot's failure (`--interactive`): its kind, the judge's verdict, its game.
#[test]
fn a_bot_that_loses_is_wa_in_json() {
    let python = common::python();
    let args = ["hack", "--interactive", "--seed", "1", "--json", "--"];
    let bot = [python, "-I", "-S", "tests/solutions/bot.py", "plain-nim"];
    let ran = run(&[&args[..], &bot[..]].concat(), b"");
    assert_eq!(ran.status, 1, "{ran:?}");
    let report = document(&ran);
    assert_eq!(report["interactive"], true);
    let failure = &report["failures"][0];
    assert_eq!(failure["kind"], "lost");
    assert_eq!(failure["verdict"], "WA");
    let game = failure["game"].as_str().unwrap();
    assert_eq!(failure["expected"], winner(game).as_str(), "{failure}");
    // Shrunk as the text says; every game played counted (the samples, the search, the
    // confirmation, the shrinking).
    assert!(
        failure["shrunk"].as_str().unwrap().contains("1-minimal"),
        "{failure}"
    );
    assert!(report["runs"].as_u64().unwrap() > 10, "{report}");
}

/// A bot's timeout carries its figures, as a program's does: its time and CPU time.
#[test]
fn a_bots_timeout_has_its_time_in_json() {
    let python = common::python();
    let args = [
        "hack",
        "--interactive",
        "--seed",
        "1",
        "--tests",
        "0",
        "--timeout",
        "0.3",
        "--shrink-time",
        "0",
        "--json",
        "--",
    ];
    let bot = [python, "-I", "-S", "tests/solutions/bot.py", "sleep", "1"];
    let ran = run(&[&args[..], &bot[..]].concat(), b"");
    assert_eq!(ran.status, 1, "{ran:?}");
    let report = document(&ran);
    let failure = &report["failures"][0];
    assert_eq!(failure["kind"], "timeout", "{failure}");
    assert_eq!(failure["verdict"], "TLE", "{failure}");
    assert_eq!(failure["origin"], "sample", "{failure}");
    let time = failure["time_s"].as_f64().unwrap_or(0.0);
    assert!(time >= 0.3, "{failure}");
    assert!(failure["cpu_s"].as_f64().is_some(), "{failure}");
}

#[test]
fn json_schema_needs_no_command_and_json_is_refused_beside_it() {
    let ran = run(&["hack", "--json-schema", "--json"], b"");
    assert_eq!(ran.status, 2, "{ran:?}");
    assert!(ran.stdout.is_empty(), "{ran:?}");
}

/// `game_files` is each path as given, escaped once (by JSON): a quote and a newline in
/// `--out` decode to the path that was written, not to a backslash and an `n`.
#[test]
fn game_files_are_the_paths_written_escaped_once() {
    let python = common::python();
    let dir = std::env::temp_dir().join(format!("cn-json-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("o\"ut\nx.in");
    let out_arg = out.to_str().unwrap();
    let args = [
        "hack", "--seed", "7", "--tests", "20", "--json", "--out", out_arg, "--", python,
    ];
    let ran = run(
        &[&args[..], &["tests/solutions/nim.py", "plain-nim"]].concat(),
        b"",
    );
    let written = std::fs::read_to_string(&out);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ran.status, 1, "{ran:?}");
    let report = document(&ran);
    let failure = &report["failures"][0];
    assert_eq!(
        failure["game_files"],
        serde_json::json!([out_arg]),
        "{failure}"
    );
    assert_eq!(written.unwrap(), failure["game"].as_str().unwrap());
}

/// A command that cannot start is a usage error (exit status 2), and `--json` still prints
/// one document, which says so: a script reading it has something to parse.
#[test]
fn a_command_that_cannot_start_still_gives_a_document_that_says_why() {
    let ran = run(
        &[
            "hack",
            "--json",
            "--seed",
            "3",
            "--",
            "./no-such-program-here",
        ],
        b"",
    );
    assert_eq!(ran.status, 2, "{ran:?}");
    let report = document(&ran);
    assert_eq!(report["ended"], "trouble", "{report}");
    assert_eq!(report["seed"], 3);
    assert_eq!(report["runs"], 0);
    assert!(report["failures"].as_array().unwrap().is_empty());
    let error = report["error"].as_str().unwrap();
    assert!(
        error.contains("no-such-program-here") && ran.stderr.contains(error),
        "{report}: {ran:?}"
    );
}

/// A usage error found once games were played (a --memory too small for the bot's runtime,
/// which only its runs show):
/// status 2, and the document has the run's seed and its games, for a bot as for a program.
#[test]
fn a_usage_error_found_mid_run_has_its_runs_and_seed() {
    let python = common::python();
    let args = [
        "hack",
        "--interactive",
        "--memory",
        "1",
        "--tests",
        "0",
        "--json",
    ];
    let bot = ["--", python, "-I", "-S", "tests/solutions/bot.py", "none"];
    let ran = run(&[&args[..], &bot[..]].concat(), b"");
    assert_eq!(ran.status, 2, "{ran:?}");
    let report = document(&ran);
    assert_eq!(report["ended"], "trouble", "{report}");
    assert!(report["runs"].as_u64().unwrap() > 0, "{report}");
    assert!(report["seed"].as_u64().is_some(), "{report}");
    let error = report["error"].as_str().unwrap();
    assert!(
        error.starts_with("--memory 1: too small for ") && ran.stderr.contains(error),
        "{report}"
    );
}
