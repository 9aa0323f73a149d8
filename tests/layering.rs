//! The tool's rooms and their order, written once: each room (a module right under `src/cli/`)
//! may use the rooms below it and the judge's file (`src/main.rs`), never a room above it or
//! the dispatcher (`src/cli.rs`), which alone may use them all. This test reads every `use` and
//! path of the sources and fails at the first room that reaches up.

use std::path::{Path, PathBuf};

/// The rooms, bottom first: a room may use only those before it.
const ROOMS: [&str; 19] = [
    "exit", "threads", "rng", "strict", "shapes", "dense", "reader", "game", "board", "checker",
    "why", "table", "modes", "play", "plot", "page", "generate", "hack", "audit",
];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut left = vec![dir.to_path_buf()];
    while let Some(dir) = left.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                left.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of a source file under `src/cli/`: `hack/run/mod.rs` is `[hack, run]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().unwrap();
    if file != "mod.rs" {
        parts.push(file.trim_end_matches(".rs").to_owned());
    }
    parts
}

/// What `text` (one file of module `module`) names of `cli`'s own items: each
/// `crate::cli::NAME`, and each `super::...::NAME` that climbs to `cli` itself.
fn names_in_cli(module: &[String], text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let words = |at: usize| -> String {
        text[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in text.match_indices("crate::cli::") {
        names.push(words(at + "crate::cli::".len()));
    }
    let mut from = 0;
    while let Some(found) = text[from..].find("super::") {
        let start = from + found;
        let preceded = text[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
        let mut at = start;
        let mut climbs = 0;
        while text[at..].starts_with("super::") {
            climbs += 1;
            at += "super::".len();
        }
        from = at;
        if !preceded && climbs == module.len() {
            names.push(words(at));
        }
    }
    names
}

/// Where the first inline module of a file opens (`mod tests {`), and its name.
fn inline_module(text: &str) -> Option<(usize, String)> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let words: Vec<&str> = line.split_whitespace().collect();
        let named = match words.as_slice() {
            ["mod", name, "{"] => Some(name),
            [visibility, "mod", name, "{"] if visibility.starts_with("pub") => Some(name),
            _ => None,
        };
        if let Some(name) = named {
            return Some((at, (*name).to_owned()));
        }
        at += line.len();
    }
    None
}

#[test]
fn no_room_uses_a_room_above_it_or_the_dispatcher() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut rooms_found = std::collections::BTreeSet::new();
    let mut wrong = Vec::new();
    for file in sources(&cli) {
        let relative = file.strip_prefix(&cli).unwrap();
        let module = module_of(relative);
        let room = module[0].as_str();
        rooms_found.insert(room.to_owned());
        let Some(level) = ROOMS.iter().position(|r| *r == room) else {
            wrong.push(format!(
                "{}: room {room} is not in ROOMS",
                relative.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        // An inline module (a file's tests) runs to the end of its file: a level deeper.
        let (outer, inner) = match inline_module(&text) {
            Some((at, name)) => (&text[..at], Some((&text[at..], name))),
            None => (&text[..], None),
        };
        let mut names = names_in_cli(&module, outer);
        if let Some((inner, name)) = inner {
            let deeper: Vec<String> = module.iter().cloned().chain([name]).collect();
            names.extend(names_in_cli(&deeper, inner));
        }
        for name in names {
            if name == room {
                continue;
            }
            match ROOMS.iter().position(|r| *r == name) {
                Some(used) if used < level => {}
                Some(_) => wrong.push(format!(
                    "{}: room {room} uses {name}, a room above it",
                    relative.display()
                )),
                None => wrong.push(format!(
                    "{}: room {room} uses the dispatcher's {name}",
                    relative.display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every room listed is there: the order names no room that went away.
    let listed: std::collections::BTreeSet<String> = ROOMS.iter().map(|r| r.to_string()).collect();
    assert_eq!(listed, rooms_found);
}

/// The reading itself: a path that climbs to `cli` is one of its items, a shorter climb is not,
/// and `crate::cli::` names the item after it.
#[test]
fn the_paths_that_reach_cli_are_read_as_such() {
    let module = ["hack".to_owned(), "run".to_owned()];
    let text = "use super::super::game::Failure;\nuse super::sandbox;\nuse crate::cli::exit::Exit;";
    assert_eq!(names_in_cli(&module, text), ["exit", "game"]);
}
