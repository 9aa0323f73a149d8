//! `audit`'s report: one set of types, printed as a table for a person or, with `--json`, as
//! one JSON document (serde) whose JSON Schema (`--json-schema`) is derived from the same types
//! (schemars).

use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What `audit DIR` found: the tests' files, the bounds, the mutants, the solutions, and what
/// is missing or wrong.
#[derive(Serialize, JsonSchema)]
pub(super) struct Report {
    /// The folder audited, as given. Every path in the report is escaped, in the JSON as in
    /// the text, so that it is one line and two paths never show the same: a backslash as
    /// `\\`, a control character or white space other than the space as `\n`, `\t` or
    /// `\u{..}`, a byte that is not UTF-8 as `\xNN`.
    pub(super) dir: String,
    /// Every test (each entry named `*.in`, whatever it is), by path under the folder.
    pub(super) tests: Vec<Test>,
    /// N, M, A_i, X_i, Y_i: the values seen beside the statement's limits.
    pub(super) bounds: Vec<Bound>,
    /// How many valid tests each side wins.
    pub(super) winners: Winners,
    /// The judge's max tests and anti-hash games (`gen --shape` names), with the tests that
    /// are one.
    pub(super) shapes: Vec<Shape>,
    /// The catalogue of wrong solutions, with the tests that kill each.
    pub(super) mutants: Vec<Mutant>,
    /// With `--solutions`: every program's verdicts.
    pub(super) solutions: Vec<Solution>,
    /// With `--solutions`: the valid tests on which no solution fails.
    pub(super) tests_breaking_nothing: Vec<String>,
    /// With `--solutions`: how the programs' runs were measured and boxed, in the words of
    /// hack's reports.
    pub(super) measured_by: Option<String>,
    /// With `--fill`: the tests added, each with why.
    pub(super) filled: Vec<Filled>,
    /// Each thing missing or wrong, in a line; empty when the audit passes.
    pub(super) missing: Vec<String>,
    /// Whether the audit passes (exit status 0).
    pub(super) ok: bool,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Test {
    /// The input's path under the folder.
    pub(super) file: String,
    /// The answer files beside it (`.out`, `.ans`), each judged: oj judges with the one,
    /// Kattis and BAPCtools with the other.
    pub(super) answer_files: Vec<String>,
    /// Whether the input is a game inside the statement's limits.
    pub(super) valid: bool,
    /// Whether it has an answer file, each gives a right answer (the winner; a move line, if
    /// any, a winning move), and they say the same.
    pub(super) answer_right: bool,
    /// What is wrong with the test, a line each (the input not a regular file, not a game,
    /// an answer file missing, wrong, or disagreeing with the other); empty when nothing is.
    pub(super) reasons: Vec<String>,
    /// The right answer, for a valid input: `Takahashi` or `Aoki`.
    pub(super) winner: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Bound {
    /// `N`, `M`, `A_i`, `X_i` or `Y_i`.
    pub(super) name: String,
    pub(super) min_allowed: u64,
    pub(super) max_allowed: u64,
    /// The least value in a valid test; none without a valid test.
    pub(super) min_seen: Option<u64>,
    pub(super) max_seen: Option<u64>,
    pub(super) reached_min: bool,
    pub(super) reached_max: bool,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Winners {
    pub(super) takahashi: usize,
    pub(super) aoki: usize,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Shape {
    /// The shape's name in `gen --shape`.
    pub(super) name: String,
    /// Whether it is an anti-hash game (told by its mutant's work) rather than a max test
    /// (told by its form).
    pub(super) anti_hash: bool,
    /// The tests that are one.
    pub(super) files: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Mutant {
    pub(super) name: String,
    /// The bug, in one line.
    pub(super) bug: String,
    /// What a judge says when a test kills it: `wrong answer`, `crash` or `timeout`.
    pub(super) verdict: String,
    /// The tests that kill it; empty when it survives.
    pub(super) killed_by: Vec<String>,
    /// How it fails on the first of them.
    pub(super) how: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Solution {
    /// The program's path.
    pub(super) path: String,
    /// The verdict its folder expects: `AC`, `WA`, `TLE`, `RE` or `MLE`.
    pub(super) expected: String,
    /// Its verdict on each valid test, by the test's path.
    pub(super) verdicts: BTreeMap<String, Run>,
    /// Its verdict: that of its first failing test, by path (`AC` when none fails), as
    /// Kattis judges it; `null` when it ran on no test (see `error`).
    pub(super) verdict: Option<String>,
    /// Whether the verdict is what its folder expects.
    pub(super) matches: bool,
    /// The slowest run, in seconds.
    pub(super) slowest: f64,
    /// The largest resident memory peak measured, in MiB; `null` where no run was measured
    /// (each killed at its time limit).
    pub(super) peak_mib: Option<f64>,
    /// Why it could not be run or judged, if so.
    pub(super) error: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Run {
    /// `AC`, `WA`, `TLE`, `RE` or `MLE`.
    pub(super) verdict: String,
    /// Seconds, as the judge counts them (wall time less the wait for a CPU).
    pub(super) time: f64,
    /// Resident memory peak, in MiB; `null` where the run was killed at its time limit, or
    /// ended before /proc's looks saw it: unmeasured.
    pub(super) peak_mib: Option<f64>,
}

#[derive(Serialize, JsonSchema)]
pub(super) struct Filled {
    /// The test added, by path under the folder.
    pub(super) file: String,
    /// Why it is there.
    pub(super) why: String,
}

/// The JSON Schema of [`Report`], pretty-printed.
pub(super) fn schema() -> String {
    crate::cli::hack::json::schema::<Report>()
}

/// The report as one JSON document.
pub(super) fn json(report: &Report) -> String {
    crate::cli::hack::json::document(report)
}

/// The report as a person reads it.
pub(super) fn text(report: &Report) -> String {
    let mut out = String::new();
    let valid = report.tests.iter().filter(|t| t.valid).count();
    let right = report.tests.iter().filter(|t| t.answer_right).count();
    let _ = writeln!(
        out,
        "tests: {} in {}: {valid} valid, {right} with a right answer file",
        report.tests.len(),
        report.dir
    );
    for test in &report.tests {
        for reason in &test.reasons {
            let _ = writeln!(out, "  {}: {reason}", test.file);
        }
    }
    let _ = writeln!(out, "\nbounds:");
    let _ = writeln!(out, "       {:<28} {:<44} missing", "allowed", "seen");
    for bound in &report.bounds {
        let seen = match (bound.min_seen, bound.max_seen) {
            (Some(lo), Some(hi)) => format!("{lo} .. {hi}"),
            _ => "-".to_owned(),
        };
        let missing = match (bound.reached_min, bound.reached_max) {
            (true, true) => "",
            (false, true) => "min",
            (true, false) => "max",
            (false, false) => "min, max",
        };
        let allowed = format!("{} .. {}", bound.min_allowed, bound.max_allowed);
        let line = format!("  {:<4} {allowed:<28} {seen:<44} {missing}", bound.name);
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(
        out,
        "  winners: Takahashi {}, Aoki {}",
        report.winners.takahashi, report.winners.aoki
    );
    let held: Vec<&str> = (report.shapes.iter())
        .filter(|s| !s.files.is_empty())
        .map(|s| s.name.as_str())
        .collect();
    let lacking: Vec<&str> = (report.shapes.iter())
        .filter(|s| s.files.is_empty())
        .map(|s| s.name.as_str())
        .collect();
    let list = |names: &[&str]| {
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        }
    };
    let _ = writeln!(out, "  max tests held: {}", list(&held));
    let _ = writeln!(out, "  max tests lacking: {}", list(&lacking));
    let killed = report.mutants.iter().filter(|m| !m.killed_by.is_empty());
    let _ = writeln!(
        out,
        "\nmutants: {} of {} killed",
        killed.count(),
        report.mutants.len()
    );
    for mutant in &report.mutants {
        let fate = match mutant.killed_by.as_slice() {
            [] => "SURVIVES: the set lacks a test for this bug".to_owned(),
            [one] => format!("killed by {one} ({})", mutant.how.as_deref().unwrap_or("")),
            [first, rest @ ..] => format!(
                "killed by {first} ({}) and {} more",
                mutant.how.as_deref().unwrap_or(""),
                rest.len()
            ),
        };
        let _ = writeln!(out, "  {:<22} {fate}", mutant.name);
        let _ = writeln!(out, "  {:<22}   bug: {}", "", mutant.bug);
    }
    if !report.solutions.is_empty() {
        let _ = writeln!(out, "\nsolutions:");
        for solution in &report.solutions {
            let mark = if solution.matches { "ok  " } else { "BAD " };
            let counts = verdict_counts(solution);
            let _ = writeln!(
                out,
                "  {mark}{} (expected {}, got {}; {counts}; slowest {:.2} s, peak {})",
                solution.path,
                solution.expected,
                solution.verdict.as_deref().unwrap_or("nothing, not run"),
                solution.slowest,
                mib_words(solution.peak_mib)
            );
            if let Some(error) = &solution.error {
                let _ = writeln!(out, "      {error}");
            }
            for (file, run) in solution.verdicts.iter().filter(|(_, r)| r.verdict != "AC") {
                let _ = writeln!(
                    out,
                    "      {}: {} ({:.2} s, peak {})",
                    file,
                    run.verdict,
                    run.time,
                    mib_words(run.peak_mib)
                );
            }
        }
        let _ = writeln!(
            out,
            "  tests that break no solution: {}",
            if report.tests_breaking_nothing.is_empty() {
                "none".to_owned()
            } else {
                report.tests_breaking_nothing.join(", ")
            }
        );
        if let Some(measured_by) = &report.measured_by {
            let _ = writeln!(out, "  (measured by {measured_by})");
        }
    }
    if !report.filled.is_empty() {
        let _ = writeln!(out, "\nfilled:");
        for filled in &report.filled {
            let _ = writeln!(out, "  {}: {}", filled.file, filled.why);
        }
    }
    if report.ok {
        let _ = writeln!(
            out,
            "\naudit: nothing missing: every file right, every bound reached, every mutant killed"
        );
    } else {
        let _ = writeln!(out, "\naudit: {} missing or wrong:", report.missing.len());
        for line in &report.missing {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}

/// A solution's verdicts counted: `AC 30, WA 2`.
fn verdict_counts(solution: &Solution) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for run in solution.verdicts.values() {
        *counts.entry(run.verdict.as_str()).or_default() += 1;
    }
    let each: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
    if each.is_empty() {
        "no test run".to_owned()
    } else {
        each.join(", ")
    }
}

/// A memory peak in words: `12 MiB`, or `not measured` for a run killed at its time limit or
/// too short for /proc's looks to see.
fn mib_words(peak: Option<f64>) -> String {
    peak.map_or_else(|| "not measured".to_owned(), |mib| format!("{mib:.0} MiB"))
}
