//! `audit` through the binary, on test folders a problem setter really has: the statement's
//! examples alone (lacking every kind of test but a few), answer files that are wrong, inputs
//! that are no games or break the statement, a Kattis solutions folder with a solution in the
//! wrong folder (C++ built by audit with g++, Python, and the C++ of tests/solutions/nim.cpp
//! behind a wrapper script a bug), the JSON report against the JSON Schema, the exit statuses.
//! `--fill`'s games (checked by `--check --strict`, then audited again to nothing missing) are
//! the ignored test `fill_adds_what_is_missing_and_nothing_is_missing_after` (a minute or two).

mod common;

use common::{Run, run, run_within};
use serde_json::Value;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("audit-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/name`.
fn write(dir: &Path, name: &str, text: &str) {
    fs::write(dir.join(name), text).unwrap();
}

/// The statement's examples and the other hand-made games of `samples/`.
fn samples(dir: &Path) {
    for entry in fs::read_dir("samples").unwrap().flatten() {
        fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
}

/// `audit ARGS... DIR --json`, its report parsed.
fn audit_json(dir: &Path, args: &[&str]) -> (Run, Value) {
    let mut all = vec!["audit", "--json"];
    all.extend(args);
    let dir = dir.to_str().unwrap();
    all.push(dir);
    let ran = run(&all, b"");
    let report = serde_json::from_str(&ran.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", ran.stdout, ran.stderr));
    (ran, report)
}

/// The mutant `name` of a report.
fn mutant<'a>(report: &'a Value, name: &str) -> &'a Value {
    (report["mutants"].as_array().unwrap().iter())
        .find(|m| m["name"] == name)
        .unwrap_or_else(|| panic!("no mutant {name}"))
}

/// The files that kill mutant `name`.
fn killed_by(report: &Value, name: &str) -> Vec<String> {
    (mutant(report, name)["killed_by"].as_array().unwrap().iter())
        .map(|f| f.as_str().unwrap().to_owned())
        .collect()
}

/// The statement's examples alone: every file right, the bounds' small ends reached, but no
/// max test, no value past 5, and so the value-size, max-test and timeout mutants survive;
/// the mutants a small game shows are killed by the examples that show them. Exit status 1,
/// and the text report names each gap.
#[test]
fn the_examples_alone_lack_the_large_tests_and_the_report_names_each_gap() {
    let dir = folder("examples");
    samples(&dir);
    let (ran, report) = audit_json(&dir, &[]);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    assert_eq!(report["ok"], false);
    assert!(
        report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["answer_right"] == true)
    );
    for bound in report["bounds"].as_array().unwrap() {
        assert_eq!(bound["reached_min"], true, "{bound}");
        assert_eq!(bound["reached_max"], false, "{bound}");
    }
    let n = &report["bounds"][0];
    assert_eq!(
        (
            n["name"].as_str(),
            n["min_seen"].as_u64(),
            n["max_seen"].as_u64()
        ),
        (Some("N"), Some(1), Some(4))
    );
    assert_eq!(n["max_allowed"], 200_000);
    for survivor in [
        "int32",
        "uint32",
        "double",
        "sum32",
        "array",
        "top",
        "quadratic",
        "drop-scan",
        "unordered-map",
        "unordered-map-reserve",
        "pydict",
        "recursion",
    ] {
        assert_eq!(
            killed_by(&report, survivor),
            Vec::<String>::new(),
            "{survivor}"
        );
    }
    // Sample 2's move to 0 that a mutant skips: it answers Takahashi there.
    assert_eq!(killed_by(&report, "skip-y-equals-x"), ["sample-2.in"]);
    assert!(killed_by(&report, "plain-nim").contains(&"sample-2.in".to_owned()));
    assert!(
        (report["shapes"].as_array().unwrap().iter())
            .all(|s| s["files"].as_array().unwrap().is_empty())
    );
    let text = run(&["audit", dir.to_str().unwrap()], b"");
    assert_eq!(text.status, 1);
    for line in [
        "  bound: no test has N = 200000",
        "  bound: no test has A_i = 1000000000000000000",
        "  max test: none like `gen --shape onex`",
        "  anti-hash game: none like `gen --shape pydict`",
        "  mutant int32 survives: values kept in a 32-bit int: past 2^31 they wrap",
    ] {
        assert!(
            text.stdout.lines().any(|l| l == line),
            "{line:?} in\n{}",
            text.stdout
        );
    }
}

/// A hand-made test for each bug kills its mutant, and only the mutants its bug belongs to:
/// values past 2^32 (both 32-bit mutants, not the double), past 2^53 (the double, and the
/// 32-bit ones, which wrap there too: 2^53 + 1 and 2^53 read as 1 and 0), a pile of exactly
/// 10^18 (the sentinel), 1000 forbidden moves (the recursion under CPython's limit).
#[test]
fn a_test_made_for_a_bug_kills_its_mutant() {
    let dir = folder("made");
    let e18 = 1_000_000_000_000_000_000u64;
    write(
        &dir,
        "wrap.in",
        &format!("2 1\n{} 5\n1 1\n", (1u64 << 32) + 5),
    );
    write(
        &dir,
        "round.in",
        &format!("2 1\n{} {}\n1 1\n", (1u64 << 53) + 1, 1u64 << 53),
    );
    write(&dir, "top.in", &format!("2 1\n{e18} {}\n1 1\n", e18 - 1));
    let moves: String = (1..=1000).map(|x| format!("{x} 1\n")).collect();
    write(&dir, "deep.in", &format!("1 1000\n5000\n{moves}"));
    let (ran, report) = audit_json(&dir, &[]);
    // No answer files: each test is named for it.
    assert_eq!(ran.status, 1);
    assert_eq!(killed_by(&report, "int32"), ["round.in", "wrap.in"]);
    assert_eq!(killed_by(&report, "uint32"), ["round.in", "wrap.in"]);
    // 10^18 - 1 rounds to 10^18 in a double too.
    assert_eq!(killed_by(&report, "double"), ["round.in", "top.in"]);
    assert_eq!(killed_by(&report, "top"), ["top.in"]);
    assert_eq!(killed_by(&report, "recursion"), ["deep.in"]);
    assert_eq!(
        mutant(&report, "recursion")["how"],
        "RecursionError: maximum recursion depth exceeded"
    );
    assert_eq!(mutant(&report, "recursion")["verdict"], "crash");
    for test in report["tests"].as_array().unwrap() {
        assert_eq!(test["valid"], true);
        assert_eq!(test["answer_right"], false);
        assert_eq!(
            test["reasons"],
            serde_json::json!(["no answer file (NAME.out or NAME.ans) beside it"])
        );
    }
}

/// Each bad file named with its reason: an answer file with the wrong winner, one with a move
/// that does not win, an input that is no game, one that breaks the statement (a move listed
/// twice), a `.ans` with a right winning move (accepted as `judge` accepts it), and a test in a
/// subfolder (BAPCtools' data/secret).
#[test]
fn wrong_answer_files_and_bad_inputs_are_named_each_with_its_reason() {
    let dir = folder("bad");
    fs::create_dir_all(dir.join("secret")).unwrap();
    // Sample 1: Takahashi wins; taking 1 from pile 3 (4 -> 3) wins, taking 1 from pile 1
    // (1 -> 0) is forbidden.
    let sample = "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";
    write(&dir, "wrong-winner.in", sample);
    write(&dir, "wrong-winner.out", "Aoki\n");
    write(&dir, "losing-move.in", sample);
    write(&dir, "losing-move.ans", "Takahashi\n1 1\n");
    write(&dir, "secret/winning-move.in", sample);
    write(&dir, "secret/winning-move.ans", "Takahashi\n3 1\n");
    write(&dir, "not-a-game.in", "2 1\n1 x\n1 1\n");
    write(&dir, "not-a-game.out", "Aoki\n");
    write(&dir, "repeated.in", "1 2\n3\n2 1\n2 1\n");
    write(&dir, "repeated.out", "Takahashi\n");
    let (ran, report) = audit_json(&dir, &[]);
    assert_eq!(ran.status, 1);
    let tests = report["tests"].as_array().unwrap();
    let test = |file: &str| tests.iter().find(|t| t["file"] == file).unwrap();
    // Each of these has one thing wrong, or none.
    let reason = |file: &str| test(file)["reasons"][0].as_str().unwrap_or("").to_owned();
    assert_eq!(test("secret/winning-move.in")["answer_right"], true);
    assert_eq!(
        test("secret/winning-move.in")["reasons"],
        serde_json::json!([])
    );
    assert_eq!(
        test("secret/winning-move.in")["answer_files"],
        serde_json::json!(["secret/winning-move.ans"])
    );
    assert_eq!(
        (
            test("wrong-winner.in")["valid"].clone(),
            test("wrong-winner.in")["answer_right"].clone()
        ),
        (Value::Bool(true), Value::Bool(false))
    );
    assert!(
        reason("wrong-winner.in").contains("wrong answer"),
        "{}",
        reason("wrong-winner.in")
    );
    assert!(reason("wrong-winner.in").ends_with("(the winner is Takahashi)"));
    assert!(
        reason("losing-move.in").contains("wrong answer"),
        "{}",
        reason("losing-move.in")
    );
    assert_eq!(test("not-a-game.in")["valid"], false);
    assert!(
        reason("not-a-game.in")
            .starts_with("not a game: line 2: pile 2: expected a non-negative integer"),
        "{}",
        reason("not-a-game.in")
    );
    assert_eq!(test("repeated.in")["valid"], false);
    assert!(
        reason("repeated.in")
            .starts_with("outside the statement: forbidden move 2 repeats forbidden move 1"),
        "{}",
        reason("repeated.in")
    );
    // The invalid inputs count in no bound.
    assert_eq!(report["bounds"][0]["max_seen"], 3);
    let text = run(&["audit", dir.to_str().unwrap()], b"");
    assert!(text.stdout.contains("tests: 5 in "), "{}", text.stdout);
    assert!(
        text.stdout
            .contains(": 3 valid, 1 with a right answer file\n"),
        "{}",
        text.stdout
    );
}

/// The reports of the tests above validate against `--json-schema`, and the schema names the
/// fields the issue asks for.
#[test]
fn the_json_report_validates_against_the_json_schema() {
    let schema_run = run(&["audit", "--json-schema"], b"");
    assert_eq!(schema_run.status, 0, "{}", schema_run.stderr);
    let schema: Value = serde_json::from_str(&schema_run.stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let dir = folder("schema");
    samples(&dir);
    write(&dir, "bad.in", "1 1\n0\n1 1\n");
    let (_, report) = audit_json(&dir, &[]);
    let errors: Vec<String> = validator
        .iter_errors(&report)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    for field in ["tests", "bounds", "mutants", "solutions", "missing", "ok"] {
        assert!(schema["properties"][field].is_object(), "{field}");
    }
    // A report that breaks the schema is caught: the check can fail.
    let mut broken = report.clone();
    broken["bounds"][0]["min_allowed"] = Value::String("one".to_owned());
    assert!(!validator.is_valid(&broken));
}

/// Usage errors are status 2 with clap's usage line: no DIR, a DIR that is no folder, a
/// --json-schema beside a DIR, a --solutions that is no folder.
#[test]
fn usage_errors_exit_with_status_2() {
    let dir = folder("usage");
    let dir = dir.to_str().unwrap();
    for args in [
        vec!["audit"],
        vec!["audit", "/no/such/folder"],
        vec!["audit", "--json-schema", dir],
        vec!["audit", "--solutions", "/no/such/folder", dir],
        vec!["audit", "--timeout", "0", dir],
    ] {
        let ran = run(&args, b"");
        assert_eq!(ran.status, 2, "{args:?}: {}", ran.stderr);
        assert!(
            ran.stderr.starts_with("error: "),
            "{args:?}: {}",
            ran.stderr
        );
        assert!(
            ran.stderr.contains("Usage: constrained-nim audit"),
            "{args:?}: {}",
            ran.stderr
        );
        assert!(ran.stdout.is_empty());
    }
}

/// A Kattis solutions folder: the right C++ solution in accepted/ (built by audit with c++),
/// the 32-bit one (nim.cpp behind a wrapper script) misplaced in accepted/, plain Nim in
/// Python in wrong_answer/ where it belongs, and in wrong_answer/ a Python solution whose bug
/// (a pile on a special point) no test shows. Each is marked as its verdicts say; the test
/// that breaks nothing is named.
#[test]
fn a_misplaced_solution_and_one_that_nothing_breaks_are_marked() {
    let Some(nim) = common::build_cpp("nim.cpp", "audit-nim") else {
        return;
    };
    let root = folder("solutions");
    let tests = root.join("data");
    fs::create_dir_all(&tests).unwrap();
    // Takahashi wins, and past 2^32 the 32-bit solution reads two equal piles: Aoki.
    write(
        &tests,
        "wrap.in",
        &format!("2 1\n{} 5\n1 1\n", (1u64 << 32) + 5),
    );
    write(&tests, "wrap.out", "Takahashi\n");
    // g = 1, 2, 3 below the drop at 1: nim-sum 0, where plain Nim's 2 ^ 3 ^ 4 is not; no pile
    // on a special point.
    write(&tests, "trio.in", "3 1\n2 3 4\n1 1\n");
    write(&tests, "trio.out", "Aoki\n");
    write(&tests, "plain.in", "2 1\n2 3\n9 9\n");
    write(&tests, "plain.out", "Takahashi\n");
    let sol = root.join("submissions");
    for kind in ["accepted", "wrong_answer"] {
        fs::create_dir_all(sol.join(kind)).unwrap();
    }
    let nim_cpp = fs::canonicalize("tests/solutions/nim.cpp").unwrap();
    fs::copy(&nim_cpp, sol.join("accepted/right.cpp")).unwrap();
    let script = sol.join("accepted/int32.sh");
    write(
        &sol,
        "accepted/int32.sh",
        &format!("#!/bin/sh\nexec {nim} int32\n"),
    );
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    let nim_py = fs::canonicalize("tests/solutions/nim.py").unwrap();
    for bug in ["plain-nim", "pile-on-special"] {
        let wrapper = format!(
            "import runpy, sys\nsys.argv = ['nim.py', '{bug}']\nrunpy.run_path({:?}, run_name='__main__')\n",
            nim_py.to_str().unwrap()
        );
        write(&sol, &format!("wrong_answer/{bug}.py"), &wrapper);
    }
    let (ran, report) = audit_json(&tests, &["--solutions", sol.to_str().unwrap()]);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    let solutions = report["solutions"].as_array().unwrap();
    let solution = |end: &str| {
        (solutions.iter())
            .find(|s| s["path"].as_str().unwrap().ends_with(end))
            .unwrap_or_else(|| panic!("no {end} in {solutions:?}"))
    };
    let facts = |end: &str| {
        let s = solution(end);
        (
            s["expected"].as_str().unwrap().to_owned(),
            s["verdict"].as_str().unwrap().to_owned(),
            s["matches"].as_bool().unwrap(),
        )
    };
    assert_eq!(
        facts("accepted/right.cpp"),
        ("AC".into(), "AC".into(), true)
    );
    assert_eq!(
        facts("accepted/int32.sh"),
        ("AC".into(), "WA".into(), false)
    );
    assert_eq!(
        solution("accepted/int32.sh")["verdicts"]["wrap.in"]["verdict"],
        "WA"
    );
    assert_eq!(
        solution("accepted/int32.sh")["verdicts"]["plain.in"]["verdict"],
        "AC"
    );
    assert_eq!(
        facts("wrong_answer/plain-nim.py"),
        ("WA".into(), "WA".into(), true)
    );
    assert_eq!(
        facts("wrong_answer/pile-on-special.py"),
        ("WA".into(), "AC".into(), false)
    );
    assert_eq!(
        solution("wrong_answer/plain-nim.py")["verdicts"]["trio.in"]["verdict"],
        "WA"
    );
    // plain.in: 2 xor 3 = 1 for plain Nim too, and no pile is 2^32 away from another.
    assert_eq!(
        report["tests_breaking_nothing"],
        serde_json::json!(["plain.in"])
    );
    for s in solutions {
        assert!(s["slowest"].as_f64().unwrap() < 4.0, "{s}");
        assert_eq!(s["verdicts"].as_object().unwrap().len(), 3, "{s}");
    }
    let missing: Vec<&str> = (report["missing"].as_array().unwrap().iter())
        .filter_map(|m| m.as_str())
        .filter(|m| m.starts_with("solution "))
        .collect();
    assert_eq!(missing.len(), 2, "{missing:?}");
    assert!(
        missing
            .iter()
            .any(|m| m.ends_with("accepted/int32.sh: WA, but its folder expects AC"))
    );
}

/// `--fill` on the examples adds a max test of each shape, the games for the bounds not
/// reached and a game for each mutant that survives; each added game passes `--check
/// --strict` and its `.out` is the solver's answer; a mutant's game is small where its bug
/// needs no size; and the folder as filled audits to nothing missing (status 0). Minutes.
#[test]
#[ignore]
fn fill_adds_what_is_missing_and_nothing_is_missing_after() {
    let dir = folder("fill");
    samples(&dir);
    let long = Duration::from_secs(900);
    let ran = run_within(
        &["audit", "--json", "--fill", dir.to_str().unwrap()],
        b"",
        long,
    );
    assert_eq!(ran.status, 0, "{}\n{}", ran.stdout, ran.stderr);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(report["missing"], serde_json::json!([]));
    let filled = report["filled"].as_array().unwrap();
    assert!(filled.len() >= 13, "{filled:?}");
    for added in filled {
        let file = dir.join(added["file"].as_str().unwrap());
        let name = file.to_str().unwrap();
        let checked = run(&["--check", "--strict", name], b"");
        assert_eq!(checked.status, 0, "{name}: {}", checked.stderr);
        let answer = run(&[name], b"");
        let out = fs::read_to_string(file.with_extension("out")).unwrap();
        assert_eq!(answer.stdout, out, "{name}");
        if name.contains("fill-kills-") && !name.contains("array") && !name.contains("recursion") {
            let text = fs::read_to_string(&file).unwrap();
            let (piles, forbidden) = common::games::parse(&text);
            assert!(piles.len() + forbidden.len() <= 12, "{name}: {text}");
        }
    }
    let again = run_within(&["audit", dir.to_str().unwrap()], b"", long);
    assert_eq!(again.status, 0, "{}", again.stdout);
}

/// A wrong solution that is a vandal: it finds the test folder from its parent's command line,
/// overwrites every answer with its own, renames a test and leaves a file in the working
/// directory, then answers wrong. Its runs are boxed: it is reported wrong as expected, and
/// the test folder and the working directory are as they were, byte for byte.
#[test]
fn a_vandal_among_the_solutions_changes_no_test() {
    let root = folder("vandal");
    let tests = root.join("data");
    fs::create_dir_all(&tests).unwrap();
    write(&tests, "trio.in", "3 1\n2 3 4\n1 1\n");
    write(&tests, "trio.out", "Aoki\n");
    write(&tests, "plain.in", "2 1\n2 3\n9 9\n");
    write(&tests, "plain.out", "Takahashi\n");
    let sol = root.join("submissions");
    fs::create_dir_all(sol.join("wrong_answer")).unwrap();
    let vandal = "#!/bin/sh\n\
        dir=$(tr '\\0' '\\n' < /proc/$PPID/cmdline | tail -n 1)\n\
        for f in \"$dir\"/*.out; do echo Takahashi > \"$f\"; done 2>/dev/null\n\
        mv \"$dir\"/trio.in \"$dir\"/renamed.in 2>/dev/null\n\
        echo x > vandal-left-this 2>/dev/null\n\
        echo Takahashi\n";
    write(&sol, "wrong_answer/vandal.sh", vandal);
    fs::set_permissions(
        sol.join("wrong_answer/vandal.sh"),
        fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let files = |dir: &Path| {
        let mut all: Vec<(PathBuf, Vec<u8>)> = (fs::read_dir(dir).unwrap())
            .map(|e| e.unwrap().path())
            .map(|p| (p.clone(), fs::read(&p).unwrap()))
            .collect();
        all.sort();
        all
    };
    let before = files(&tests);
    let (ran, report) = audit_json(&tests, &["--solutions", sol.to_str().unwrap()]);
    assert_eq!(files(&tests), before, "the tests changed: {}", ran.stderr);
    assert!(!Path::new("vandal-left-this").exists(), "{}", ran.stderr);
    let vandal = &report["solutions"][0];
    assert_eq!(vandal["expected"], "WA", "{vandal}");
    assert_eq!(vandal["verdict"], "WA", "{vandal}");
    assert_eq!(vandal["verdicts"]["trio.in"]["verdict"], "WA", "{vandal}");
    // The report says what the box was, as hack's do.
    let measured = report["measured_by"].as_str().unwrap_or_default();
    assert!(measured.contains("; a private box: "), "{measured}");
    let text = run(
        &[
            "audit",
            "--solutions",
            sol.to_str().unwrap(),
            tests.to_str().unwrap(),
        ],
        b"",
    );
    let line = (text.stdout.lines()).find(|l| l.starts_with("  (measured by "));
    assert!(
        line.is_some_and(|l| l.contains("; a private box: ")),
        "{text:?}"
    );
}

/// A run killed at its time limit has no memory peak measured: the report says "not measured"
/// and its JSON `null` (as hack's does), never "0 MiB".
#[test]
fn a_timeout_under_solutions_has_no_peak_measured_not_zero() {
    let root = folder("sleeper");
    let tests = root.join("data");
    fs::create_dir_all(&tests).unwrap();
    write(&tests, "plain.in", "2 1\n2 3\n9 9\n");
    write(&tests, "plain.out", "Takahashi\n");
    let sol = root.join("submissions");
    fs::create_dir_all(sol.join("time_limit_exceeded")).unwrap();
    write(
        &sol,
        "time_limit_exceeded/sleeper.sh",
        "#!/bin/sh\nexec sleep 30\n",
    );
    fs::set_permissions(
        sol.join("time_limit_exceeded/sleeper.sh"),
        fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let limits = ["--timeout", "0.2", "--solutions", sol.to_str().unwrap()];
    let (ran, report) = audit_json(&tests, &limits);
    let sleeper = &report["solutions"][0];
    assert_eq!(sleeper["verdict"], "TLE", "{}", ran.stderr);
    assert!(sleeper["peak_mib"].is_null(), "{sleeper}");
    assert!(
        sleeper["verdicts"]["plain.in"]["peak_mib"].is_null(),
        "{sleeper}"
    );
    let mut args = vec!["audit"];
    args.extend_from_slice(&limits);
    args.push(tests.to_str().unwrap());
    let text = run(&args, b"");
    assert!(text.stdout.contains("peak not measured)"), "{text:?}");
    assert!(!text.stdout.contains(" 0 MiB"), "{text:?}");
}

/// A crash is `RE` under `--solutions`, the word hack's JSON and AtCoder use for it (one
/// vocabulary: audit said `RTE` where hack said `RE`).
#[test]
fn a_crash_under_solutions_is_re_as_in_hack() {
    let root = folder("crasher");
    let tests = root.join("data");
    fs::create_dir_all(&tests).unwrap();
    write(&tests, "plain.in", "2 1\n2 3\n9 9\n");
    write(&tests, "plain.out", "Takahashi\n");
    let sol = root.join("submissions");
    fs::create_dir_all(sol.join("run_time_error")).unwrap();
    write(
        &sol,
        "run_time_error/crasher.sh",
        "#!/bin/sh\nkill -SEGV $$\n",
    );
    fs::set_permissions(
        sol.join("run_time_error/crasher.sh"),
        fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let (ran, report) = audit_json(&tests, &["--solutions", sol.to_str().unwrap()]);
    let crasher = &report["solutions"][0];
    assert_eq!(crasher["verdict"], "RE", "{}", ran.stderr);
    assert_eq!(
        crasher["verdicts"]["plain.in"]["verdict"], "RE",
        "{crasher}"
    );
    let _ = fs::remove_dir_all(&root);
}

/// What under SOL cannot be run is said, each with why, and the audit does not pass: a folder
/// beside the Kattis ones (a misspelt `wrong-answer/`), a file that is no program, a folder in
/// a verdict folder; a note (README, `.md`) is left alone; a SOL with no program at all says
/// so. Without this, a solutions matrix passed over them in silence, a false "all match".
#[test]
fn what_cannot_run_under_solutions_is_named_not_passed_over() {
    let root = folder("strays");
    let tests = root.join("data");
    fs::create_dir_all(&tests).unwrap();
    write(&tests, "one.in", "1 1\n1\n1 1\n");
    write(&tests, "one.out", "Aoki\n");
    let sol = root.join("submissions");
    for kind in ["accepted/multi", "wrong-answer"] {
        fs::create_dir_all(sol.join(kind)).unwrap();
    }
    let right = sol.join("accepted/right.sh");
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    write(
        &sol,
        "accepted/right.sh",
        &format!("#!/bin/sh\nexec {binary}\n"),
    );
    fs::set_permissions(&right, fs::Permissions::from_mode(0o755)).unwrap();
    write(&sol, "accepted/Main.java", "class Main {}\n");
    write(&sol, "accepted/notes.md", "why each is here\n");
    write(&sol, "wrong-answer/plain.py", "print('Takahashi')\n");
    write(&sol, "stray.py", "print('Aoki')\n");
    // A C++ file that does not compile, and a pipe named as a solution (it would block the
    // interpreter until the limit on every test).
    write(&sol, "accepted/bad.cpp", "int main() { return x; }\n");
    let fifo = std::process::Command::new("mkfifo")
        .arg(sol.join("accepted/pipe.py"))
        .status();
    let (ran, report) = audit_json(&tests, &["--solutions", sol.to_str().unwrap()]);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    assert_eq!(report["ok"], false);
    let missing: Vec<&str> = (report["missing"].as_array().unwrap().iter())
        .map(|line| line.as_str().unwrap())
        .collect();
    let has = |end: &str, words: &str| {
        missing
            .iter()
            .any(|line| line.contains(end) && line.contains(words))
    };
    assert!(
        has(
            "wrong-answer",
            "not one of the folders accepted, wrong_answer"
        ),
        "{missing:?}"
    );
    assert!(has("Main.java", "not run: not a program"), "{missing:?}");
    assert!(has("a .java file", ""), "{missing:?}");
    assert!(has("accepted/multi", "not run: a folder"), "{missing:?}");
    assert!(has("stray.py", "a file beside the folders"), "{missing:?}");
    if fifo.is_ok_and(|status| status.success()) {
        assert!(has("pipe.py", "not run: not a regular file"), "{missing:?}");
    }
    // Not compiled, it ran on no test: no verdict (it was "AC"), and the compiler's error.
    let solutions = report["solutions"].as_array().unwrap();
    let bad = (solutions.iter())
        .find(|s| s["path"].as_str().unwrap().ends_with("bad.cpp"))
        .unwrap();
    assert!(bad["verdict"].is_null(), "{bad}");
    assert_eq!(bad["matches"], false, "{bad}");
    let error = bad["error"].as_str().unwrap();
    assert!(
        error.starts_with("does not compile: ") && error.contains("error"),
        "{bad}"
    );
    assert!(
        !missing.iter().any(|line| line.contains("notes.md")),
        "{missing:?}"
    );
    // The right solution still runs, and matches.
    let solutions = report["solutions"].as_array().unwrap();
    let right = (solutions.iter())
        .find(|s| s["path"].as_str().unwrap().ends_with("right.sh"))
        .unwrap();
    assert_eq!(right["matches"], true, "{right}");
    // A SOL with nothing to run says so.
    let empty = root.join("empty");
    fs::create_dir_all(empty.join("accepted")).unwrap();
    let (ran, report) = audit_json(&tests, &["--solutions", empty.to_str().unwrap()]);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    let missing = report["missing"].to_string();
    assert!(
        missing.contains("no solution in any of its folders"),
        "{missing}"
    );
    // A file given as SOL: a usage error that says what to give.
    let file = sol.join("stray.py");
    let (file, tests) = (file.to_str().unwrap(), tests.to_str().unwrap());
    let ran = run(&["audit", "--solutions", file, tests], b"");
    assert_eq!(ran.status, 2, "{ran:?}");
    assert!(ran.stderr.contains("not a folder"), "{ran:?}");
}

/// `mkfifo path`, asserted to work: the hostile folders need their FIFOs.
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

/// The report's test named `file`.
fn test_named<'a>(report: &'a Value, file: &str) -> &'a Value {
    (report["tests"].as_array().unwrap().iter())
        .find(|t| t["file"] == file)
        .unwrap_or_else(|| panic!("no test {file:?} in {}", report["tests"]))
}

/// The reasons of the report's test named `file`.
fn reasons(report: &Value, file: &str) -> Vec<String> {
    (test_named(report, file)["reasons"]
        .as_array()
        .unwrap()
        .iter())
    .map(|r| r.as_str().unwrap().to_owned())
    .collect()
}

/// A subfolder reached through a symbolic link is audited as the folder it is: a setter who
/// links a shared folder of tests in has those tests judged, never "tests: 0" in silence. Each
/// folder is walked once: a link back to the folder itself, or two links to one folder, count
/// its tests once, and nothing loops.
#[test]
fn a_linked_folder_of_tests_is_audited_once() {
    let dir = folder("linked");
    let sample = "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";
    fs::create_dir(dir.join("real")).unwrap();
    write(&dir, "real/a.in", sample);
    write(&dir, "real/a.out", "Takahashi\n");
    fs::create_dir(dir.join("top")).unwrap();
    std::os::unix::fs::symlink("../real", dir.join("top/secret")).unwrap();
    std::os::unix::fs::symlink("../real", dir.join("top/again")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("top/up")).unwrap();
    let name = dir.join("top");
    let ran = run_within(
        &["audit", "--json", name.to_str().unwrap()],
        b"",
        Duration::from_secs(30),
    );
    // One small test lacks much (the bounds, the max tests): status 1, as any such set.
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap();
    let tests = report["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 1, "{}", ran.stdout);
    let file = tests[0]["file"].as_str().unwrap();
    assert!(file.ends_with("/a.in"), "{file}");
    assert_eq!(tests[0]["answer_right"], true, "{}", ran.stdout);
}

/// A folder a hostile hand made: every entry named like a test's input is counted and named
/// with what is wrong with it, in the text and the JSON, and nothing hangs. Pinned: a link
/// that loops, a link to /dev/zero (read, it never ends), a FIFO `x.in` (opened, it blocks
/// until a writer comes), a link to nowhere, a folder `d.in` (its own test is found too), a
/// FIFO as a right test's `.ans` and /dev/zero as another's `.out`. Before, "6 in" a folder
/// of 10 such entries, the rest passed over in silence.
#[test]
fn hostile_entries_are_each_counted_and_named_and_nothing_hangs() {
    let dir = folder("hostile");
    let sample = "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";
    write(&dir, "ok.in", sample);
    write(&dir, "ok.out", "Takahashi\n");
    std::os::unix::fs::symlink("loop.in", dir.join("loop.in")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.in")).unwrap();
    std::os::unix::fs::symlink("nowhere", dir.join("gone.in")).unwrap();
    mkfifo(&dir.join("x.in"));
    fs::create_dir(dir.join("d.in")).unwrap();
    write(&dir, "d.in/inner.in", sample);
    write(&dir, "d.in/inner.out", "Takahashi\n");
    write(&dir, "piped.in", sample);
    write(&dir, "piped.out", "Takahashi\n");
    mkfifo(&dir.join("piped.ans"));
    write(&dir, "endless.in", sample);
    std::os::unix::fs::symlink("/dev/zero", dir.join("endless.out")).unwrap();
    let name = dir.to_str().unwrap();
    let deadline = Duration::from_secs(30);
    let ran = run_within(&["audit", "--json", name], b"", deadline);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap();
    let files: Vec<&str> = (report["tests"].as_array().unwrap().iter())
        .map(|t| t["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "d.in",
            "d.in/inner.in",
            "endless.in",
            "gone.in",
            "loop.in",
            "ok.in",
            "piped.in",
            "x.in",
            "zero.in"
        ]
    );
    let refused = [
        ("d.in", "not a regular file: a folder"),
        (
            "gone.in",
            "cannot open: No such file or directory (os error 2)",
        ),
        (
            "loop.in",
            "cannot open: Too many levels of symbolic links (os error 40)",
        ),
        ("x.in", "not a regular file: a FIFO (a named pipe)"),
        ("zero.in", "not a regular file: a character device"),
    ];
    for (file, reason) in refused {
        assert_eq!(reasons(&report, file), [reason], "{file}");
        assert_eq!(test_named(&report, file)["valid"], false, "{file}");
    }
    for file in ["ok.in", "d.in/inner.in"] {
        assert_eq!(reasons(&report, file), Vec::<String>::new(), "{file}");
        assert_eq!(test_named(&report, file)["answer_right"], true, "{file}");
    }
    // An answer file that is no regular file is judged, and refused: its test is valid.
    let piped = reasons(&report, "piped.in");
    assert!(
        piped.len() == 1
            && piped[0].ends_with("piped.ans: not a regular file: a FIFO (a named pipe)"),
        "{piped:?}"
    );
    let endless = reasons(&report, "endless.in");
    assert!(
        endless.len() == 1
            && endless[0].ends_with("endless.out: not a regular file: a character device"),
        "{endless:?}"
    );
    assert_eq!(test_named(&report, "piped.in")["valid"], true);
    let missing = report["missing"].as_array().unwrap();
    for (file, reason) in refused {
        let line = format!("{file}: {reason}");
        assert!(missing.iter().any(|m| m == &line), "{line} in {missing:?}");
    }
    let text = run_within(&["audit", name], b"", deadline);
    assert!(
        text.stdout.starts_with(&format!(
            "tests: 9 in {name}: 4 valid, 2 with a right answer file\n"
        )),
        "{}",
        text.stdout
    );
    for (file, reason) in refused {
        let line = format!("  {file}: {reason}");
        assert!(
            text.stdout.lines().any(|l| l == line),
            "{line:?} in\n{}",
            text.stdout
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Every answer file a test has is judged, as oj judges `.out` and Kattis and BAPCtools `.ans`:
/// a wrong `.ans` beside a right `.out` is reported (before, only the `.out` was judged, and
/// the test passed), two right answers that differ (a winning move in one only) are reported
/// as disagreeing, two that say the same pass, and a lone `.ans` is judged as before.
#[test]
fn out_and_ans_are_each_judged_and_a_disagreement_is_reported() {
    let dir = folder("both");
    let sample = "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";
    for name in ["wrong-ans", "moves", "same", "ans-only"] {
        write(&dir, &format!("{name}.in"), sample);
    }
    write(&dir, "wrong-ans.out", "Takahashi\n");
    write(&dir, "wrong-ans.ans", "Aoki\n");
    write(&dir, "moves.out", "Takahashi\n3 1\n");
    write(&dir, "moves.ans", "Takahashi\n");
    write(&dir, "same.out", "Takahashi\n");
    write(&dir, "same.ans", "Takahashi\r\n");
    write(&dir, "ans-only.ans", "Takahashi\n3 1\n");
    let (ran, report) = audit_json(&dir, &[]);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    let wrong = reasons(&report, "wrong-ans.in");
    assert!(
        wrong.len() == 1
            && wrong[0].ends_with(
                "wrong-ans.ans: wrong answer: the winner is Takahashi, the output says \"Aoki\" \
                 (the winner is Takahashi)"
            ),
        "{wrong:?}"
    );
    assert_eq!(
        test_named(&report, "wrong-ans.in")["answer_files"],
        serde_json::json!(["wrong-ans.out", "wrong-ans.ans"])
    );
    let moves = reasons(&report, "moves.in");
    assert!(
        moves.len() == 1
            && moves[0].ends_with("moves.ans disagree: \"Takahashi 3 1\" against \"Takahashi\""),
        "{moves:?}"
    );
    assert_eq!(test_named(&report, "moves.in")["answer_right"], false);
    for right in ["same.in", "ans-only.in"] {
        assert_eq!(reasons(&report, right), Vec::<String>::new(), "{right}");
        assert_eq!(test_named(&report, right)["answer_right"], true, "{right}");
    }
    assert_eq!(
        test_named(&report, "ans-only.in")["answer_files"],
        serde_json::json!(["ans-only.ans"])
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Names are shown escaped, in the text and the JSON alike: a newline in a name cannot print
/// a report line of its own, and two different names never show the same (bytes that are not
/// UTF-8 as `\xNN`; a backslash doubled, so the name `t\xff.in`, spelt with a backslash, is not
/// the name with the byte 0xff). Before, the newline forged a line and `t\xff.in` and
/// `t\xfe.in` both printed as `t\u{fffd}.in`.
#[test]
fn names_are_shown_escaped_one_line_each_and_never_the_same() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = folder("names");
    let sample = "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";
    let names: [&[u8]; 4] = [
        b"evil\n  bound: forged line.in",
        b"t\xff.in",
        b"t\xfe.in",
        b"t\\xff.in",
    ];
    for name in names {
        fs::write(dir.join(OsStr::from_bytes(name)), sample).unwrap();
    }
    let shown = [
        r"evil\n  bound: forged line.in",
        r"t\\xff.in",
        r"t\xfe.in",
        r"t\xff.in",
    ];
    let (_, report) = audit_json(&dir, &[]);
    let files: Vec<&str> = (report["tests"].as_array().unwrap().iter())
        .map(|t| t["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, shown);
    let text = run(&["audit", dir.to_str().unwrap()], b"");
    assert!(
        !text
            .stdout
            .lines()
            .any(|l| l.starts_with("  bound: forged")),
        "{}",
        text.stdout
    );
    for file in shown {
        let line = format!("  {file}: no answer file (NAME.out or NAME.ans) beside it");
        // Once among the tests, once among what is missing.
        let count = text.stdout.lines().filter(|l| *l == line).count();
        assert_eq!(count, 2, "{line:?} in\n{}", text.stdout);
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// An input of 2 GiB (sparse: it costs no disk) wrong at its first byte is refused at that
/// byte, at once, under an address-space limit of 512 MiB: it is streamed, never read whole
/// (before, 2.1 GB resident and 14 s). A file of 34 MB of numbers, past the statement's
/// largest game of 12 MB, is refused unread past 32 MiB, not held as millions of piles.
#[test]
fn a_huge_input_is_refused_in_little_memory_without_being_read_whole() {
    let dir = folder("huge");
    let big = fs::File::create(dir.join("big.in")).unwrap();
    big.set_len(2 << 30).unwrap();
    std::io::Write::write_all(&mut &big, b"x").unwrap();
    drop(big);
    let mut many = b"1000000000 1\n".to_vec();
    many.extend(b"1 ".repeat(17 << 20));
    fs::write(dir.join("many.in"), &many).unwrap();
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let script = "ulimit -v 524288 && exec \"$0\" audit --json \"$1\"";
    let mut command = std::process::Command::new("sh");
    command.args(["-c", script, binary, dir.to_str().unwrap()]);
    let ran = common::run_command_within(&mut command, b"", Duration::from_secs(30));
    let report: Value =
        serde_json::from_str(&ran.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {ran:?}"));
    assert_eq!(
        reasons(&report, "big.in"),
        [format!(
            "not a game: line 1: N (the number of piles): expected a non-negative integer, \
             found \"x{}\"...",
            r"\0".repeat(23)
        )]
    );
    assert_eq!(
        reasons(&report, "many.in"),
        [format!(
            "larger than 32 MiB ({} bytes), where the statement's largest game takes 12 MB: \
             not read past them",
            many.len()
        )]
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// A tmpfs of `size`, mounted at `at` while it lives (root only); unmounted and removed after,
/// even when the test fails.
struct Mounted(PathBuf);

impl Mounted {
    fn tmpfs(at: &Path, size: &str) -> Option<Mounted> {
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(at)
            .status();
        mounted
            .is_ok_and(|s| s.success())
            .then(|| Mounted(at.to_owned()))
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `--fill` on a really full file system (a tmpfs of 1 MiB, where the first max test's 12 MB
/// cannot fit) leaves no half of a test (an answer `fill-shape-random.out` without its `.in`).
/// Each test is written to hidden temporary names and renamed into place
/// only when both are whole; on the failure both are removed. The run ends with an `error:`
/// line naming the file and saying that nothing of the test was left; the folder holds
/// exactly what it held before.
#[test]
fn fill_on_a_full_disk_leaves_no_half_of_a_test() {
    // /proc/self belongs to the process's effective user.
    if fs::metadata("/proc/self").unwrap().uid() != 0 {
        common::skipped("not root: a tmpfs cannot be mounted to fill up");
        return;
    }
    let dir = folder("full");
    let Some(_mounted) = Mounted::tmpfs(&dir, "1m") else {
        common::skipped("mount -t tmpfs failed: no file system to fill up");
        return;
    };
    samples(&dir);
    let listing = |dir: &Path| {
        let mut names: Vec<String> = (fs::read_dir(dir).unwrap())
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let before = listing(&dir);
    let ran = run(&["audit", "--fill", dir.to_str().unwrap()], b"");
    assert_eq!(ran.status, 1, "{ran:?}");
    assert_eq!(listing(&dir), before, "{ran:?}");
    assert_eq!(
        ran.stderr,
        format!(
            "error: {0}/fill-shape-random.in: cannot write: No space left on device (os error \
             28); neither it nor {0}/fill-shape-random.out was left in the folder\n",
            dir.display()
        )
    );
}
