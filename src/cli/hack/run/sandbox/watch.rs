//! Where Landlock is missing (an older kernel, or one built without it), nothing keeps a run
//! from writing where its user may, and without namespaces (no read-only mounts) from changing
//! a file's mode, owner or times: the user's files that matter (the test folder of `audit`,
//! `--save`, `--out`) are watched instead. Their state (each file's inode, size and change
//! time, which no program can set back) is taken when they are named and after each of
//! hack's own writes; after each run it is taken again, and a difference is the run's doing,
//! named in the error that ends the testing: never a pass.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// One file's state: inode, size, change time (seconds, nanoseconds).
type State = (u64, u64, i64, i64);

/// The watched paths and their state when last taken.
struct Watched {
    roots: Vec<PathBuf>,
    states: BTreeMap<PathBuf, State>,
}

static WATCHED: Mutex<Watched> = Mutex::new(Watched {
    roots: Vec::new(),
    states: BTreeMap::new(),
});

/// At most this many files are watched under one root: a folder larger than a test folder
/// is watched in part.
const MOST: usize = 100_000;

fn watched() -> std::sync::MutexGuard<'static, Watched> {
    WATCHED.lock().unwrap_or_else(|p| p.into_inner())
}

/// Watches `path` (a file, or a folder and everything under it), where the box does not keep
/// the runs from it whole.
pub(in crate::cli) fn watch(path: &Path) {
    if super::walls().keeps_files() {
        return;
    }
    let mut watched = watched();
    watched.roots.push(path.to_path_buf());
    watched.states = states(&watched.roots);
}

/// Takes the watched files' state anew: after hack's own writes to them.
pub(in crate::cli) fn settle() {
    let mut watched = watched();
    if !watched.roots.is_empty() {
        watched.states = states(&watched.roots);
    }
}

/// After a run: the first watched file it changed, made or removed, in words; `None` where
/// none changed (or none is watched).
pub(in crate::cli) fn changed() -> Option<String> {
    let watched = watched();
    if watched.roots.is_empty() {
        return None;
    }
    let now = states(&watched.roots);
    let before = &watched.states;
    let what = |path: &Path, how: &str| {
        format!(
            "the solution {how} {} during a run (this machine's box does not keep a run from your files); no verdict can be trusted",
            path.display()
        )
    };
    // Last first: a file before the folder that holds it (whose change time its making or
    // removal changed too).
    for (path, state) in now.iter().rev() {
        match before.get(path) {
            None => return Some(what(path, "made")),
            Some(old) if old != state => return Some(what(path, "changed")),
            Some(_) => {}
        }
    }
    before
        .keys()
        .rev()
        .find(|path| !now.contains_key(*path))
        .map(|path| what(path, "removed"))
}

/// The state of every file under `roots`.
fn states(roots: &[PathBuf]) -> BTreeMap<PathBuf, State> {
    use std::os::unix::fs::MetadataExt;
    let mut states = BTreeMap::new();
    for root in roots {
        let mut left = vec![root.clone()];
        let mut seen = 0;
        while let Some(path) = left.pop() {
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            seen += 1;
            if seen > MOST {
                break;
            }
            if meta.is_dir() {
                left.extend(
                    std::fs::read_dir(&path)
                        .into_iter()
                        .flatten()
                        .flatten()
                        .map(|e| e.path()),
                );
            }
            states.insert(
                path,
                (meta.ino(), meta.size(), meta.ctime(), meta.ctime_nsec()),
            );
        }
    }
    states
}
