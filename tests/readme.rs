//! README.md as a user's first page: short enough to read in minutes, the quick start first, the
//! test command CI runs, and console examples that say what the tool prints today.

use std::path::Path;
use std::process::{Command, Stdio};

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    std::fs::read_to_string(path).unwrap()
}

/// At most 250 lines and 2,500 words, no line over 100 characters; what the tool is, how to
/// install it, a verdict on a sample and `hack -- ./a.out` with its report in the first 40 lines.
#[test]
fn the_readme_is_short_and_opens_with_a_quick_start() {
    let readme = readme();
    let lines: Vec<&str> = readme.lines().collect();
    assert!(lines.len() <= 250, "{} lines", lines.len());
    let words = readme.split_whitespace().count();
    assert!(words <= 2500, "{words} words");
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.chars().count() <= 100,
            "line {}: {} characters",
            i + 1,
            line.chars().count()
        );
    }
    let start = lines[..40].join("\n");
    for needed in [
        "Constrained Nim",
        "cargo install --locked --path .",
        "constrained-nim samples/sample-1.in",
        "constrained-nim hack -- ./a.out",
        "hack: wrong answer on game",
        "expected: ",
    ] {
        assert!(
            start.contains(needed),
            "not in the first 40 lines: {needed:?}"
        );
    }
    // .ci/run runs the test command the README gives.
    let development = &readme[readme
        .find("## Development")
        .expect("a Development section")..];
    assert!(development.contains("\ncargo test "), "{development}");
    let ci = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/run"));
    assert!(ci.unwrap().lines().any(|line| line == "cargo test"));
}

/// Every command of a `console` block whose files are in the repository is run from its root,
/// and prints exactly the lines below it (standard output and error together); a person's
/// moves for `play` are what follows its prompt. A `text` block that starts with a command
/// (long lines folded) prints the same words, except hack's, whose reports give times.
#[test]
fn the_readmes_console_examples_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = Path::new(env!("CARGO_BIN_EXE_constrained-nim"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let readme = readme();
    // (command, the lines shown, whether they are folded at 100 columns)
    let mut examples: Vec<(String, Vec<String>, bool)> = Vec::new();
    let mut block = None;
    let mut open = false;
    for line in readme.lines() {
        if let Some(kind) = line.strip_prefix("```") {
            block = if block.is_none() { Some(kind) } else { None };
            // What a block shows belongs to a command of the same block.
            open = false;
            continue;
        }
        // A `text` block that starts with a command is a folded console example; hack's show
        // times and are not run.
        let folded = match block {
            Some("console") => false,
            Some("text") => true,
            _ => continue,
        };
        if let Some(command) = line.strip_prefix("$ ") {
            open = !command.starts_with("constrained-nim hack");
            if open {
                examples.push((command.to_owned(), Vec::new(), folded));
            }
        } else if open && let Some((_, shown, _)) = examples.last_mut() {
            shown.push(line.to_owned());
        }
    }
    examples.retain(|(_, shown, folded)| !*folded || !shown.is_empty());
    let mut ran = 0;
    for (command, shown, folded) in &examples {
        // A file of the user's own (game.in) is not in the repository.
        let words: Vec<&str> = command
            .split('#')
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        if words
            .iter()
            .any(|w| w.ends_with(".in") && !root.join(w).exists())
        {
            continue;
        }
        let prompt = "your move (I K)> ";
        let moves: String = shown
            .iter()
            .filter_map(|line| line.strip_prefix(prompt))
            .map(|m| format!("{m}\n"))
            .collect();
        let mut child = Command::new("sh")
            .args(["-c", &format!("{command} 2>&1")])
            .current_dir(root)
            .env("PATH", &path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(moves.as_bytes());
        }
        let output = child.wait_with_output().unwrap();
        let printed = String::from_utf8_lossy(&output.stdout);
        if *folded {
            // Folded: the same words in the same order.
            let shown = shown.join(" ");
            let words = |text: &str| {
                text.split_whitespace()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            };
            assert_eq!(words(&printed), words(&shown), "$ {command}");
        } else {
            let printed: Vec<&str> = printed.lines().collect();
            assert_eq!(printed, *shown, "$ {command}");
        }
        ran += 1;
    }
    assert!(ran >= 6, "only {ran} console examples ran");
}
