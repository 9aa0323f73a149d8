//! `audit`'s test folder: finding its tests (`*.in`, with `*.out` or `*.ans` beside, in DIR and
//! its subfolders, as oj, BAPCtools and Kattis lay them out) and checking each one's files: the
//! input a game inside the statement (as `--check --strict`), each answer file right (any
//! winning-move line judged as `judge` does), and the answer files saying the same.

use super::super::checker;
use super::super::game::{ShownPath, Solved, quoted};
use super::super::reader;
use super::super::strict;
use crate::Game;
use rustix::fs::{Mode, OFlags};
use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// One test as found: its input, and every answer file beside it.
pub(super) struct TestFiles {
    /// The input, as a path under DIR: any entry named `*.in` but a folder's own tests (a
    /// FIFO, a link that loops, a folder named `d.in` too, each refused by [`check`]).
    pub(super) input: PathBuf,
    /// `NAME.out` and `NAME.ans`, those that are there (whatever they are), in that order:
    /// oj judges with the first, Kattis and BAPCtools with the second, so each is judged.
    pub(super) answers: Vec<PathBuf>,
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
    /// Whether it has an answer file, each one is right, and they say the same.
    pub(super) answer_right: bool,
    /// What is wrong with the test, a line each; empty when nothing is.
    pub(super) reasons: Vec<String>,
}

/// The longest answer file read, as `judge` reads an output.
const LONGEST_ANSWER: u64 = 1 << 20;

/// The most of an input read: the statement's largest game (N = M = 200000, each value
/// 10^18) takes 12 MB written plainly; a file larger than this is refused unread past it,
/// unless an error comes first.
const LONGEST_INPUT: u64 = 32 << 20;

/// The answer files a test may have, in the order they are listed.
const ANSWERS: [&str; 2] = ["out", "ans"];

/// The tests in `dir` and its subfolders, by path: a symbolic link to a folder is followed as
/// the folder is, and each folder is walked once, however many links lead to it (a link to a
/// folder above is no loop). Every entry named `*.in` is one, whatever it is: what is not a
/// file it can read is counted and refused with why ([`check`]), never passed over. A folder
/// named `*.in` is one too, and its own tests are found as well.
pub(super) fn tests(dir: &Path) -> io::Result<Vec<TestFiles>> {
    use std::os::unix::fs::MetadataExt;
    let mut inputs = Vec::new();
    let mut walked = std::collections::HashSet::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let meta = fs::metadata(&folder)?;
        if !walked.insert((meta.dev(), meta.ino())) {
            continue;
        }
        for entry in fs::read_dir(&folder)? {
            let entry = entry?;
            let path = entry.path();
            // Through a link too; a link that loops or leads nowhere is no folder.
            if fs::metadata(&path).is_ok_and(|meta| meta.is_dir()) {
                folders.push(path.clone());
            }
            if path.extension().is_some_and(|e| e == "in") {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    Ok(inputs
        .into_iter()
        .map(|input| {
            let answers = (ANSWERS.iter())
                .map(|ext| input.with_extension(ext))
                .filter(|p| fs::symlink_metadata(p).is_ok())
                .collect();
            TestFiles { input, answers }
        })
        .collect())
}

/// Checks one test: its input read and held to the statement, each answer file judged, and
/// the answer files held to say the same.
pub(super) fn check(found: &TestFiles) -> Checked {
    let invalid = |reason: String| Checked {
        game: None,
        first_wins: false,
        nim_sum: 0,
        valid: false,
        answer_right: false,
        reasons: vec![reason],
    };
    let file = match open_regular(&found.input) {
        Ok(file) => file,
        Err(e) => return invalid(e),
    };
    // The tool's streaming reader holds a chunk in memory at a time, and refuses an input
    // wrong from its first byte there; read no further than [`LONGEST_INPUT`], a file of
    // gigabytes of numbers costs no gigabytes of piles.
    let size = file.metadata().map_or(0, |meta| meta.len());
    let mut limited = file.take(LONGEST_INPUT);
    let read = reader::read_game(io::BufReader::new(&mut limited));
    if size > LONGEST_INPUT && limited.limit() == 0 {
        return invalid(format!(
            "larger than {} MiB ({size} bytes), where the statement's largest game takes 12 MB: \
             not read past them",
            LONGEST_INPUT >> 20
        ));
    }
    let game = match read {
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
    let mut reasons = Vec::new();
    if found.answers.is_empty() {
        reasons.push("no answer file (NAME.out or NAME.ans) beside it".to_owned());
    }
    let mut right = Vec::new();
    for path in &found.answers {
        let judged = read_answer(path).and_then(|output| {
            checker::verdict(&solved, &output)
                .map(|()| output)
                .map_err(|rejection| {
                    format!(
                        "{}: {rejection} (the winner is {})",
                        ShownPath(path),
                        if first_wins { "Takahashi" } else { "Aoki" }
                    )
                })
        });
        match judged {
            Ok(output) => right.push((path, output)),
            Err(reason) => reasons.push(reason),
        }
    }
    // Two right answers may still differ (a winning move in one, another or none in the
    // other): a judge that compares an output with one of them judges otherwise than one
    // that compares it with the other.
    if let [(first, one), rest @ ..] = right.as_slice() {
        for (other, two) in rest {
            if tokens(one) != tokens(two) {
                reasons.push(format!(
                    "{} and {} disagree: {} against {}",
                    ShownPath(first),
                    ShownPath(other),
                    quoted(&tokens(one).join(" ")),
                    quoted(&tokens(two).join(" "))
                ));
            }
        }
    }
    Checked {
        game: Some(game),
        first_wins,
        nim_sum,
        valid: true,
        answer_right: reasons.is_empty(),
        reasons,
    }
}

/// An output's words, as a judge that compares outputs token by token reads them.
fn tokens(output: &str) -> Vec<&str> {
    output.split_ascii_whitespace().collect()
}

/// `path` opened for reading when it is a regular file (a link to one followed); else why
/// not. Opened without waiting (a FIFO would block `open` until a writer came) and then
/// asked what it is, so that a FIFO, a device (`/dev/zero` reads forever), a socket or a
/// folder is refused before a byte is read.
fn open_regular(path: &Path) -> Result<fs::File, String> {
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    let file = fs::File::from(
        rustix::fs::open(path, flags, Mode::empty())
            .map_err(|e| format!("cannot open: {}", io::Error::from(e)))?,
    );
    let kind = file
        .metadata()
        .map_err(|e| format!("cannot read: {e}"))?
        .file_type();
    let what = if kind.is_file() {
        return Ok(file);
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a FIFO (a named pipe)"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "of an unknown kind"
    };
    Err(format!("not a regular file: {what}"))
}

/// The answer file's text, or why it cannot be judged.
fn read_answer(path: &Path) -> Result<String, String> {
    let shown = ShownPath(path);
    let file = open_regular(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(LONGEST_ANSWER + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: cannot read: {e}"))?;
    if bytes.len() as u64 > LONGEST_ANSWER {
        return Err(format!("{shown}: longer than {LONGEST_ANSWER} bytes"));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::ShownPath;
    use std::collections::HashMap;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    /// Every name of up to three bytes from an alphabet of escapes' own letters, a backslash,
    /// a newline, bytes that are not UTF-8 and halves of a two-byte character shows on one
    /// line, and no two show the same: the report's names cannot forge a line nor be mistaken
    /// for one another.
    #[test]
    fn audit_shown_names_are_one_line_and_never_the_same() {
        let alphabet: &[u8] = b"\\xnu{}f0 \n\t\r\x7f\xff\xfe\xc3\xa9";
        let mut names: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..3 {
            let longer: Vec<Vec<u8>> = (names.iter())
                .flat_map(|name| {
                    alphabet
                        .iter()
                        .map(move |&b| [name.as_slice(), &[b]].concat())
                })
                .collect();
            names.extend(longer);
        }
        names.sort();
        names.dedup();
        let mut seen: HashMap<String, Vec<u8>> = HashMap::new();
        for name in names {
            let shown = ShownPath(Path::new(OsStr::from_bytes(&name))).to_string();
            assert!(!shown.contains(['\n', '\r']), "{name:?} shows as {shown:?}");
            if let Some(other) = seen.insert(shown.clone(), name.clone()) {
                panic!("{name:?} and {other:?} both show as {shown:?}");
            }
        }
    }
}
