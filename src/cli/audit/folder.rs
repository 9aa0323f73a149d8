//! `audit`'s test folder: finding its tests (`*.in`, with `*.out` or `*.ans` beside, in DIR and
//! its subfolders, as oj, BAPCtools and Kattis lay them out) and checking each one's files: the
//! input a game inside the statement (as `--check --strict`), the answer file right (any
//! winning-move line judged as `judge` does).

use super::super::checker;
use super::super::game::{ShownPath, Solved};
use super::super::strict;
use crate::Game;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// One test as found: its input, and its answer file if one is beside it.
pub(super) struct TestFiles {
    /// The input, as a path under DIR.
    pub(super) input: PathBuf,
    /// `NAME.out`, else `NAME.ans`.
    pub(super) answer: Option<PathBuf>,
}

/// One test, checked.
pub(super) struct Checked {
    /// The game, when the input is one inside the statement.
    pub(super) game: Option<Game>,
    /// Whether the first player wins (the game's right answer).
    pub(super) first_wins: bool,
    /// The nim-sum of the piles' Grundy values.
    pub(super) nim_sum: u64,
    pub(super) valid: bool,
    pub(super) answer_right: bool,
    /// What is wrong with the test, if anything.
    pub(super) reason: Option<String>,
}

/// The longest answer file read, as `judge` reads an output.
const LONGEST_ANSWER: u64 = 1 << 20;

/// The tests in `dir` and its subfolders (symbolic links to folders not followed), by path.
pub(super) fn tests(dir: &Path) -> io::Result<Vec<TestFiles>> {
    let mut inputs = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "in") && path.is_file() {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    Ok(inputs
        .into_iter()
        .map(|input| {
            let beside = |ext| Some(input.with_extension(ext)).filter(|p| p.is_file());
            let answer = beside("out").or_else(|| beside("ans"));
            TestFiles { input, answer }
        })
        .collect())
}

/// Checks one test: its input read and held to the statement, its answer file judged.
pub(super) fn check(found: &TestFiles) -> Checked {
    let invalid = |reason: String| Checked {
        game: None,
        first_wins: false,
        nim_sum: 0,
        valid: false,
        answer_right: false,
        reason: Some(reason),
    };
    let file = match fs::File::open(&found.input) {
        Ok(file) => file,
        Err(e) => return invalid(format!("cannot open: {e}")),
    };
    let game = match crate::cli::reader::read_game(io::BufReader::new(file)) {
        Ok(game) => game,
        Err(refused) => return invalid(format!("not a game: {}", refused.error)),
    };
    if let Some(broken) = strict::violation(&game) {
        return invalid(format!("outside the statement: {broken}"));
    }
    let solved = match Solved::new(game.clone()) {
        Ok(solved) => solved,
        Err(e) => return invalid(format!("cannot be solved here: {e}")),
    };
    let nim_sum = solved.nim_sum();
    let first_wins = nim_sum != 0;
    let judged = match &found.answer {
        None => Err("no answer file (NAME.out or NAME.ans) beside it".to_owned()),
        Some(path) => read_answer(path).and_then(|output| {
            checker::verdict(&solved, &output).map_err(|rejection| {
                format!(
                    "{}: {rejection} (the winner is {})",
                    ShownPath(path),
                    if first_wins { "Takahashi" } else { "Aoki" }
                )
            })
        }),
    };
    Checked {
        game: Some(game),
        first_wins,
        nim_sum,
        valid: true,
        answer_right: judged.is_ok(),
        reason: judged.err(),
    }
}

/// The answer file's text, or why it cannot be judged.
fn read_answer(path: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(LONGEST_ANSWER + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{}: cannot read: {e}", ShownPath(path)))?;
    if bytes.len() as u64 > LONGEST_ANSWER {
        return Err(format!(
            "{}: longer than {LONGEST_ANSWER} bytes",
            ShownPath(path)
        ));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
