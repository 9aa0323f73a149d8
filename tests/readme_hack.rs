//! The README's front door is true: every seeded `hack` example in it (a ```text block whose
//! first line is `$ constrained-nim hack --seed ...`) is run as it is written, in a fresh folder
//! holding `nim` (tests/solutions/nim.cpp built with `c++ -O2`), and its report must be the
//! README's, word for word, up to what a run cannot repeat: the number of runs shrinking took
//! and their time (the jobs race each other), and a memory peak. Ignored by default (two full
//! runs of hack: about half a minute): `cargo test --release --test readme_hack -- --ignored`.

use std::path::Path;
use std::process::Command;

/// The README's seeded hack examples: each command line (without `$ constrained-nim `) and the
/// report below it, as written (folded lines and all).
fn examples() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let mut examples = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        if let Some(command) = block
            .first()
            .and_then(|first| first.strip_prefix("$ constrained-nim "))
            .filter(|command| command.starts_with("hack ") && command.contains("--seed "))
        {
            examples.push((command.to_owned(), block[1..].join("\n")));
        }
    }
    examples
}

/// The words of a report, with what no two runs repeat made a placeholder: "shrunk in N runs
/// (T s)"; and a crash's "(peak memory M MiB)" left out (measured from /proc, a peak below
/// hack's own is not shown). Folding a long line changes no word.
fn words(report: &str) -> Vec<String> {
    let mut text = report.split_whitespace().collect::<Vec<_>>().join(" ");
    while let Some(start) = text.find(" (peak memory ") {
        let end = text[start..]
            .find(" MiB)")
            .map_or(text.len(), |e| start + e + 5);
        text.replace_range(start..end, "");
    }
    let mut words: Vec<String> = text.split(' ').map(str::to_owned).collect();
    for i in 2..words.len() {
        if words[i - 2] == "shrunk" && words[i - 1] == "in" && i + 2 < words.len() {
            words[i] = "#".to_owned();
            words[i + 2] = "(#".to_owned();
        }
    }
    words
}

/// The placeholders hide only the counts: the words around them stay.
#[test]
fn the_words_compared_hide_only_what_no_run_repeats() {
    let report =
        "shrunk in 289 runs (8.2 s) from 3 piles\nthe command ended (peak memory 3 MiB)\nok";
    assert_eq!(
        words(report).join(" "),
        "shrunk in # runs (# s) from 3 piles the command ended ok"
    );
}

/// The README holds seeded hack examples to check (the 32-bit overflow and the fixed array).
#[test]
fn the_readme_has_seeded_hack_examples() {
    let commands: Vec<String> = examples().into_iter().map(|(c, _)| c).collect();
    assert_eq!(
        commands,
        [
            "hack --seed 1 -- ./nim int32",
            "hack --seed 1 --out big.in -- ./nim array"
        ]
    );
}

/// Each seeded example, run: the report the README shows (status 1: a failure found), and the
/// game written where `--out` said.
#[test]
#[ignore = "runs hack twice at full size: about half a minute"]
fn every_seeded_hack_example_of_the_readme_reproduces() {
    let folder =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-hack-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions/nim.cpp");
    let built = Command::new("c++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(folder.join("nim"))
        .arg(&source)
        .status()
        .expect("c++, to build the README's nim");
    assert!(built.success());
    for (command, expected) in examples() {
        let run = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
            .args(command.split_whitespace())
            .current_dir(&folder)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        // The progress lines (standard error is no terminal here) are not the report.
        let report: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("hack ["))
            .collect();
        let report = report.join("\n");
        assert_eq!(
            words(&report),
            words(&expected),
            "`{command}` reported:\n{report}\nthe README says:\n{expected}"
        );
        assert_eq!(run.status.code(), Some(1), "{command}");
        if let Some(out) = command.split(" --out ").nth(1) {
            let out = out.split_whitespace().next().unwrap();
            let written = std::fs::read_to_string(folder.join(out)).unwrap();
            assert!(written.starts_with("100001 1\n"), "{command}: {out}");
        }
    }
    let _ = std::fs::remove_dir_all(&folder);
}
