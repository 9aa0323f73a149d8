//! `audit --solutions SOL`: every program under SOL's Kattis folders (`accepted/`,
//! `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/`, `memory_limit_exceeded/`) run on
//! every valid test under hack's sandbox and the judge's limits: a verdict for each, the
//! slowest time and the peak memory, and whether the solution's verdict is its folder's.

use super::super::game::ShownPath;
use super::report::{Run, Solution};
use super::trial::{self, Limits, Verdict};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// The folders of a Kattis package's submissions, with the verdict each expects.
pub(super) const FOLDERS: [(&str, Verdict); 5] = [
    ("accepted", Verdict::Accepted),
    ("wrong_answer", Verdict::WrongAnswer),
    ("time_limit_exceeded", Verdict::TimeLimit),
    ("run_time_error", Verdict::RunTimeError),
    ("memory_limit_exceeded", Verdict::MemoryLimit),
];

/// A test to run the solutions on: its path under DIR, its input, its right answer.
pub(super) struct Test {
    pub(super) file: String,
    pub(super) path: PathBuf,
    pub(super) expected: &'static str,
}

/// A program found under SOL: its path, its folder's verdict, and how it is run (or why it
/// cannot be).
struct Program {
    path: PathBuf,
    expected: Verdict,
    command: Result<Vec<OsString>, String>,
}

/// Runs every program under `sol` on every test, `jobs` runs at a time; `tell` hears each run
/// done (of how many). Programs are built in `build`, a folder of their own.
pub(super) fn run(
    sol: &Path,
    tests: &[Test],
    limits: Limits,
    jobs: usize,
    build: &Path,
    tell: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Solution> {
    let programs = programs(sol, build);
    let inputs: Vec<Result<Vec<u8>, String>> = (tests.iter())
        .map(|t| fs::read(&t.path).map_err(|e| format!("{}: cannot read: {e}", t.file)))
        .collect();
    let pairs: Vec<(usize, usize)> = (0..programs.len())
        .flat_map(|p| (0..tests.len()).map(move |t| (p, t)))
        .filter(|&(p, _)| programs[p].command.is_ok())
        .collect();
    let results: Mutex<Vec<Option<Result<trial::ProgramRun, String>>>> =
        Mutex::new((0..pairs.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let turns = trial::Turns::default();
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= pairs.len() || trial::stopped() {
                break;
            }
            let (p, t) = pairs[i];
            let result = match (&programs[p].command, &inputs[t]) {
                (Ok(command), Ok(input)) => {
                    trial::run_program(command, input, tests[t].expected, limits, &turns)
                }
                (_, Err(e)) => Err(e.clone()),
                (Err(e), _) => Err(e.clone()),
            };
            results.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(result);
            tell(done.fetch_add(1, Ordering::Relaxed) + 1, pairs.len());
        }
    };
    thread::scope(|scope| {
        let started = (0..jobs.max(1))
            .filter(|_| thread::Builder::new().spawn_scoped(scope, work).is_ok())
            .count();
        if started == 0 {
            work();
        }
    });
    let results = results.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut solutions = Vec::new();
    for (p, program) in programs.iter().enumerate() {
        let mut verdicts = BTreeMap::new();
        let mut error = program.command.as_ref().err().cloned();
        let mut first_failing = None;
        // The largest peak measured (`None` < `Some`): none where every run was cut short.
        let (mut slowest, mut peak) = (0.0f64, None);
        for (i, &(q, t)) in pairs.iter().enumerate() {
            if q != p {
                continue;
            }
            match &results[i] {
                Some(Ok(run)) => {
                    slowest = slowest.max(run.time.as_secs_f64());
                    peak = peak.max(run.peak);
                    if run.verdict != Verdict::Accepted && first_failing.is_none() {
                        first_failing = Some(run.verdict);
                    }
                    verdicts.insert(
                        tests[t].file.clone(),
                        Run {
                            verdict: run.verdict.code().to_owned(),
                            time: round(run.time.as_secs_f64()),
                            peak_mib: run.peak.map(mib),
                        },
                    );
                }
                Some(Err(e)) => {
                    error.get_or_insert_with(|| e.clone());
                }
                None => {
                    error.get_or_insert_with(|| "not run: audit was stopped".to_owned());
                }
            }
        }
        // Run on no test, it has no verdict: never "AC" for a program that did not run.
        let verdict = (!verdicts.is_empty()).then(|| first_failing.unwrap_or(Verdict::Accepted));
        solutions.push(Solution {
            path: ShownPath(&program.path).to_string(),
            expected: program.expected.code().to_owned(),
            verdicts,
            verdict: verdict.map(|verdict| verdict.code().to_owned()),
            matches: error.is_none() && verdict == Some(program.expected),
            slowest: round(slowest),
            peak_mib: peak.map(mib),
            error,
        });
    }
    solutions
}

/// Seconds to the millisecond.
fn round(secs: f64) -> f64 {
    (secs * 1000.0).round() / 1000.0
}

/// Bytes in MiB, to a tenth.
fn mib(bytes: u64) -> f64 {
    (bytes as f64 / f64::from(1 << 20) * 10.0).round() / 10.0
}

/// The valid tests on which no solution fails.
pub(super) fn breaking_nothing(solutions: &[Solution], tests: &[Test]) -> Vec<String> {
    (tests.iter())
        .filter(|test| {
            solutions.iter().all(|s| {
                s.verdicts
                    .get(&test.file)
                    .is_none_or(|run| run.verdict == "AC")
            })
        })
        .map(|test| test.file.clone())
        .collect()
}

/// What under `sol` is not run, each in a line: a folder or file beside the Kattis folders (a
/// misspelt `wrong-answer/` would else pass in silence), or no program at all. Hidden names
/// and notes (README, `.md`, `.txt`) are left alone.
pub(super) fn strays(sol: &Path) -> Vec<String> {
    let mut strays = Vec::new();
    let folders = FOLDERS.map(|(folder, _)| folder).join(", ");
    let mut entries: Vec<PathBuf> = (fs::read_dir(sol).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|path| !is_note(path))
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !FOLDERS.iter().any(|(folder, _)| *folder == name) {
            let what = if path.is_dir() {
                "not one of the folders"
            } else {
                "a file beside the folders"
            };
            strays.push(format!("{}: {what} {folders}: not run", ShownPath(&path)));
        }
    }
    let any = FOLDERS.iter().any(|(folder, _)| {
        (fs::read_dir(sol.join(folder))
            .into_iter()
            .flatten()
            .flatten())
        .any(|e| !is_note(&e.path()))
    });
    if !any {
        strays.push(format!(
            "{}: no solution in any of its folders {folders}",
            ShownPath(sol)
        ));
    }
    strays
}

/// A hidden file or a note beside the solutions: not a program, and not a mistake.
fn is_note(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    name.starts_with('.') || name.starts_with("README") || matches!(extension, "md" | "txt")
}

/// The programs under `sol`'s folders, by path: an executable file as it is, `.py` with
/// python3, `.cpp` built into `build` with `c++ -O2 -std=c++17`. Anything else there (a
/// folder, a `.java` file) is listed as a program that cannot run, so that it is not passed
/// over in silence; notes are left alone ([`is_note`]).
fn programs(sol: &Path, build: &Path) -> Vec<Program> {
    let mut programs = Vec::new();
    for (folder, expected) in FOLDERS {
        let Ok(entries) = fs::read_dir(sol.join(folder)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = (entries.flatten().map(|e| e.path()))
            .filter(|path| !is_note(path))
            .collect();
        paths.sort();
        for path in paths {
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let source = matches!(extension, "py" | "cpp" | "cc");
            // What keeps it from running, if anything: each file looked at and opened once.
            let unrunnable = match fs::metadata(&path) {
                Err(e) => Some(format!("not run: {e}")),
                Ok(m) if m.is_dir() => Some(
                    "not run: a folder (a solution is one file: an executable, .py or .cpp)"
                        .to_owned(),
                ),
                Ok(m) if !m.is_file() => {
                    Some("not run: not a regular file (a pipe, a device)".to_owned())
                }
                Ok(_) if source => {
                    (fs::File::open(&path).err()).map(|e| format!("not run: cannot read it: {e}"))
                }
                Ok(m) if m.permissions().mode() & 0o111 == 0 => Some(format!(
                    "not run: not a program (an executable file, .py or .cpp){}",
                    if extension.is_empty() {
                        String::new()
                    } else {
                        format!(", a .{extension} file")
                    }
                )),
                Ok(_) => None,
            };
            let command = match (unrunnable, extension) {
                (Some(why), _) => Err(why),
                (None, "py") => Ok(vec![OsString::from("python3"), path.clone().into()]),
                (None, "cpp" | "cc") => compile(&path, build, programs.len()),
                (None, _) => Ok(vec![path.clone().into()]),
            };
            programs.push(Program {
                path,
                expected,
                command,
            });
        }
    }
    programs
}

/// Builds a C++ solution as `build/solution-K`: its command, or the compiler's complaint.
fn compile(source: &Path, build: &Path, k: usize) -> Result<Vec<OsString>, String> {
    let binary = build.join(format!("solution-{k}"));
    let output = Command::new("c++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(source)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run c++: {e}"))?;
    if !output.status.success() {
        // The compiler's first error, not its first line ("In function 'int main()':").
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = (stderr.lines().find(|line| line.contains("error")))
            .or_else(|| stderr.lines().next())
            .unwrap_or("");
        return Err(format!("does not compile: {first}"));
    }
    Ok(vec![binary.into()])
}
