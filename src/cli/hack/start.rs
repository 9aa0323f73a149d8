//! What hack says when CMD cannot be started: the system's reason and, where the mistake is a
//! common one, the command that works. A script or a program in the current folder given
//! without `./` is looked for in PATH only; a script that is not executable, or has no `#!`
//! line, cannot be run by itself.

use super::super::game::{Failure, ShownPath};
use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Refuses, before any game, a script that would start but not as the script it is: an
/// executable `./sol.py` with no `#!` line is run by the shell (execvp's fallback), which would
/// fail every game in a way that says nothing about the solution.
pub(super) fn check(command: &[OsString]) -> Result<(), Failure> {
    let Some(word) = command.first().map(Path::new) else {
        return Ok(());
    };
    let Some(file) = File::of(word) else {
        return Ok(());
    };
    match file.interpreter.as_deref() {
        Some(program) if file.runs_alone() || !file.executable || shell(program) => Ok(()),
        Some(program) => Err(Failure::Usage(format!(
            "{} has no '#!' line, so the system would run it as a shell script\n\n  tip: run it \
             with {program}: {}; or make `#!/usr/bin/env {program}` its first line",
            ShownPath(word),
            line(&[program.as_ref(), word], &command[1..])
        ))),
        None => Ok(()),
    }
}

/// The message for a CMD that could not be started with `error` (the system's words): `cannot
/// run WORD: ERROR`, then a tip when the file CMD names is there but was given the wrong way.
pub(super) fn cannot_run(command: &[OsString], error: &str) -> String {
    let word = Path::new(command.first().map_or("".as_ref(), |w| w.as_os_str()));
    let mut message = format!("cannot run {}: {error}", ShownPath(word));
    if let Some(tip) =
        File::of(word).and_then(|file| tip(word, &file, command.get(1..).unwrap_or_default()))
    {
        message.push_str("\n\n  tip: ");
        message.push_str(&tip);
    }
    message
}

/// What a file CMD names is: whether it is executable, can run by itself, and what runs it.
struct File {
    executable: bool,
    /// It starts with `#!`.
    shebang: bool,
    /// It is a compiled program (ELF).
    compiled: bool,
    /// The program that runs it, for a script.
    interpreter: Option<String>,
}

impl File {
    /// What `word` names, or `None` when it names no regular file.
    fn of(word: &Path) -> Option<File> {
        let metadata = fs::metadata(word).ok().filter(|m| m.is_file())?;
        let head = head(word);
        Some(File {
            executable: metadata.permissions().mode() & 0o111 != 0,
            shebang: head.starts_with(b"#!"),
            compiled: head.starts_with(b"\x7fELF"),
            interpreter: interpreter(word, &head),
        })
    }

    /// The system can start it as it is.
    fn runs_alone(&self) -> bool {
        self.executable && (self.shebang || self.compiled)
    }
}

/// Whether `program` is a shell, which runs a script with no `#!` line as it should.
fn shell(program: &str) -> bool {
    matches!(program, "sh" | "bash" | "dash")
}

/// `constrained-nim hack -- PROGRAM... REST...`, the command line to copy.
fn line(program: &[&Path], rest: &[OsString]) -> String {
    let words = program
        .iter()
        .copied()
        .chain(rest.iter().map(Path::new))
        .map(|w| ShownPath(w).to_string());
    format!(
        "constrained-nim hack -- {}",
        words.collect::<Vec<_>>().join(" ")
    )
}

/// How the file `word` is run, or `None` when nothing is wrong with it that this could say.
fn tip(word: &Path, file: &File, rest: &[OsString]) -> Option<String> {
    let shown = ShownPath(word);
    let bare = !word.as_os_str().as_encoded_bytes().contains(&b'/');
    // The path that runs the file itself: a word without a slash is a name to look up in PATH.
    let path = if bare {
        Path::new(".").join(word)
    } else {
        word.to_path_buf()
    };
    let mut tip = if bare {
        format!(
            "{shown} is in the current folder, but a command without a '/' is looked for in PATH \
             only"
        )
    } else if !file.executable {
        format!("{shown} is not executable")
    } else {
        return None;
    };
    match &file.interpreter {
        Some(program) if file.runs_alone() => tip.push_str(&format!(
            ": {}, or {}",
            line(&[&path], rest),
            line(&[program.as_ref(), word], rest)
        )),
        Some(program) => tip.push_str(&format!(
            ": run it with {program}: {}; or make it executable (chmod +x {shown}) with \
             `#!/usr/bin/env {program}` as its first line, then: {}",
            line(&[program.as_ref(), word], rest),
            line(&[&path], rest)
        )),
        None if file.executable => tip.push_str(&format!(": {}", line(&[&path], rest))),
        None if file.compiled => tip.push_str(&format!(
            ": make it executable (chmod +x {shown}), then: {}",
            line(&[&path], rest)
        )),
        None => tip.push_str(&format!(
            ": give first the program that runs it ({}), or make it executable (chmod +x \
             {shown}) with a first line `#!` naming that program",
            line(&["python3".as_ref(), word], rest)
        )),
    }
    Some(tip)
}

/// The file's first bytes, enough for `#!` and an interpreter's path, or none if unreadable.
fn head(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(file) = fs::File::open(path) {
        let _ = file.take(256).read_to_end(&mut head);
    }
    head
}

/// The program that runs a script: the one its `#!` line names (`#!/usr/bin/env python3`,
/// `#!/bin/bash`), else the usual one for its extension; `None` for a compiled program or an
/// unknown kind of file.
fn interpreter(path: &Path, head: &[u8]) -> Option<String> {
    if let Some(line) = head.strip_prefix(b"#!") {
        let line = String::from_utf8_lossy(line.split(|&b| b == b'\n').next()?).into_owned();
        let mut words = line.split_whitespace();
        let first = words.next()?;
        let name = first.rsplit('/').next()?;
        let name = if name == "env" {
            words.find(|w| !w.starts_with('-'))?
        } else {
            name
        };
        return Some(name.to_owned());
    }
    let program = match path.extension()?.to_str()? {
        "py" => "python3",
        "sh" => "sh",
        "bash" => "bash",
        "rb" => "ruby",
        "pl" => "perl",
        "js" => "node",
        "php" => "php",
        _ => return None,
    };
    Some(program.to_owned())
}
