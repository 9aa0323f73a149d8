//! The tool's rooms and their order, written once: each room (a module right under `src/cli/`)
//! may use the rooms below it and the judge's file (`src/main.rs`), never a room above it or
//! the dispatcher (`src/cli.rs`), which alone may use them all. This test reads every `use` and
//! path of the sources and fails at the first room that reaches up.

use std::path::{Path, PathBuf};

/// The rooms, bottom first: a room may use only those before it.
const ROOMS: [&str; 20] = [
    "exit", "sys", "threads", "rng", "strict", "shapes", "dense", "reader", "game", "board",
    "checker", "why", "table", "modes", "play", "plot", "page", "generate", "hack", "audit",
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

/// What `text` (one file of module `module`) names of `cli`'s own items, other than its own
/// room's: each `crate::cli::NAME`, and each `super::...::NAME` that climbs to `cli` itself.
fn names_in_cli(module: &[String], text: &str) -> Vec<String> {
    (paths_in_cli(module, text).into_iter())
        .filter_map(|path| path.into_iter().next())
        .filter(|name| *name != module[0])
        .collect()
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

/// Every path `text` (one file of module `module`) names in `cli`'s tree, as the words after
/// `cli`: `super::super::run::Room` in `hack/batch.rs` is `[hack, run, Room]`; each item of a
/// group (`super::{a, b::C}`) is a path of its own.
fn paths_in_cli(module: &[String], text: &str) -> Vec<Vec<String>> {
    let word = |at: usize| -> String {
        text[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    // The path that goes on at `at` (after a `::`), each item of a group at its start.
    let rest = |mut at: usize, base: Vec<String>| -> Vec<Vec<String>> {
        let mut path = base;
        loop {
            if text[at..].starts_with('{') {
                let close = text[at..].find('}').map_or(text.len(), |c| at + c);
                return text[at + 1..close]
                    .split(',')
                    .map(|item| {
                        let mut path = path.clone();
                        path.extend(
                            (item.split("::").map(str::trim))
                                .take_while(|w| !w.is_empty() && !w.contains(['{', ' ']))
                                .map(str::to_owned),
                        );
                        path
                    })
                    .collect();
            }
            let name = word(at);
            if name.is_empty() {
                return vec![path];
            }
            at += name.len();
            path.push(name);
            if !text[at..].starts_with("::") {
                return vec![path];
            }
            at += 2;
        }
    };
    let mut paths = Vec::new();
    for (at, _) in text.match_indices("crate::cli::") {
        paths.extend(rest(at + "crate::cli::".len(), Vec::new()));
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
        if !preceded && climbs <= module.len() {
            paths.extend(rest(at, module[..module.len() - climbs].to_vec()));
        }
    }
    paths
}

/// Inside every room, as between rooms, arrows point one way: no two files use each other by
/// `super::` or `crate::cli::` paths, and no cycle runs through the folders of one level
/// (`hack/batch.rs` and `hack/trial.rs`, `run/guard.rs` and `run/sandbox/`). A folder's
/// `mod.rs` reaches its own files by their bare names, which this reading does not follow: a
/// file's use of the items its folder's `mod.rs` shares is the one arrow up it may draw.
#[test]
fn no_two_files_or_folders_of_one_level_use_each_other() {
    use std::collections::{BTreeMap, BTreeSet};
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut texts = BTreeMap::new();
    for file in sources(&cli) {
        let relative = file.strip_prefix(&cli).unwrap().to_path_buf();
        let text = std::fs::read_to_string(&file).unwrap();
        // A file's tests (an inline module at its end) may use anything.
        let text = match inline_module(&text) {
            Some((at, _)) => text[..at].to_owned(),
            None => text,
        };
        texts.insert(module_of(&relative), (relative, text));
    }
    let modules: BTreeSet<Vec<String>> = texts.keys().cloned().collect();
    // Each file's arrows: to the file that holds what it names.
    let mut arrows: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, (_, text)) in &texts {
        for path in paths_in_cli(module, text) {
            let Some(target) = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|prefix| modules.contains(prefix))
            else {
                continue;
            };
            if &target != module {
                arrows.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    let mut wrong = BTreeSet::new();
    let shown = |m: &Vec<String>| texts[m].0.display().to_string();
    for (from, targets) in &arrows {
        for to in targets {
            if arrows.get(to).is_some_and(|back| back.contains(from)) {
                let (a, b) = (shown(from).min(shown(to)), shown(from).max(shown(to)));
                wrong.insert(format!("{a} and {b} use each other"));
            }
        }
    }
    // The folders (and files) of one level: an arrow between two files is an arrow between
    // the two subtrees of their nearest common folder that hold them.
    let mut level: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (from, targets) in &arrows {
        for to in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                let (a, b) = (from[..=common].to_vec(), to[..=common].to_vec());
                level.entry(a).or_default().insert(b);
            }
        }
    }
    // A cycle among siblings: depth-first, each node's state 1 (open) or 2 (done).
    fn visit(
        node: &Vec<String>,
        level: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        trail: &mut Vec<Vec<String>>,
        cycles: &mut BTreeSet<String>,
    ) {
        state.insert(node.clone(), 1);
        trail.push(node.clone());
        for next in level.get(node).into_iter().flatten() {
            match state.get(next) {
                Some(1) => {
                    let from = trail.iter().position(|n| n == next).unwrap();
                    let names: Vec<String> = trail[from..].iter().map(|n| n.join("/")).collect();
                    cycles.insert(format!(
                        "a cycle: {} -> {}",
                        names.join(" -> "),
                        next.join("/")
                    ));
                }
                Some(_) => {}
                None => visit(next, level, state, trail, cycles),
            }
        }
        trail.pop();
        state.insert(node.clone(), 2);
    }
    let mut state = BTreeMap::new();
    for node in level.keys() {
        if !state.contains_key(node) {
            visit(node, &level, &mut state, &mut Vec::new(), &mut wrong);
        }
    }
    assert!(
        wrong.is_empty(),
        "{}",
        wrong.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The reading of paths: a group is one path an item, a climb stops at its folder.
#[test]
fn grouped_and_climbing_paths_are_read_whole() {
    let module = ["hack".to_owned(), "run".to_owned(), "guard".to_owned()];
    let text = "use super::sandbox::{self, Room};\nuse super::super::verdict::Outcome;\n\
                use crate::cli::sys::{self, Handling};";
    let paths: Vec<String> = paths_in_cli(&module, text)
        .iter()
        .map(|p| p.join("/"))
        .collect();
    assert_eq!(
        paths,
        [
            "sys/self",
            "sys/Handling",
            "hack/run/sandbox/self",
            "hack/run/sandbox/Room",
            "hack/verdict/Outcome"
        ]
    );
}
