//! `audit --fill`: adds to the test folder what its audit found missing, one test for each:
//! the max tests and anti-hash games lacking (as `gen --shape` makes them), a small game for
//! the bounds and winners not reached, and for each surviving mutant a game that kills it,
//! found and shrunk by hack's search and shrinker (see `trial`). Each test is NAME.in with its
//! answer NAME.out, the two written whole or neither (a full disk leaves no half of a test);
//! NAME says why.

use super::super::game::{Failure, ShownPath};
use super::mutants::MUTANTS;
use super::report::Filled;
use super::{Examined, Progress, bounds, examine, folder, relative, trial};
use crate::Game;
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The statement's largest N and M: the size of a max test.
const SIZE: usize = 200_000;

/// The time hack's shrinker has for each mutant's game.
const SHRINK_TIME: Duration = Duration::from_secs(20);

/// The tests that fill what `examined` lacks, written into `dir`; the report's lines on them.
pub(super) fn fill(
    dir: &Path,
    examined: &[Examined],
    seed: u64,
    jobs: usize,
    progress: &Progress,
) -> Result<Vec<Filled>, Failure> {
    let mut filling = Filling {
        dir,
        added: Vec::new(),
        filled: Vec::new(),
    };
    for shape in bounds::SHAPES {
        let held = |e: &Examined| e.shapes.contains(&shape);
        if examined.iter().chain(&filling.added).any(held) {
            continue;
        }
        progress.say(&format!("--fill: writing the max test {shape}"));
        let (piles, forbidden) = super::super::generate::shape_game(shape, SIZE, seed);
        let what = if bounds::ANTI_HASH.iter().any(|&(s, _)| s == shape) {
            "anti-hash game"
        } else {
            "max test"
        };
        filling.add(
            &format!("fill-shape-{shape}"),
            &Game { piles, forbidden },
            format!("the judge's {what} `gen --shape {shape} --seed {seed}`"),
        )?;
    }
    let reached = |filling: &Filling, k: usize, least: bool| {
        let (_, lo, hi) = bounds::LIMITS[k];
        examined.iter().chain(&filling.added).any(|e| {
            e.ranges
                .is_some_and(|r| if least { r[k].0 == lo } else { r[k].1 == hi })
        })
    };
    if (0..5).any(|k| !reached(&filling, k, true)) {
        filling.add(
            "fill-least-values",
            &Game {
                piles: vec![1],
                forbidden: vec![(1, 1)],
            },
            "N, M, A_i, X_i and Y_i at their least, 1".to_owned(),
        )?;
    }
    if (2..5).any(|k| !reached(&filling, k, false)) {
        let top = bounds::LIMITS[2].2;
        filling.add(
            "fill-greatest-values",
            &Game {
                piles: vec![top],
                forbidden: vec![(top, top)],
            },
            "A_i, X_i and Y_i at their greatest, 10^18".to_owned(),
        )?;
    }
    for (k, shape, name) in [(0, "onemove", "most-piles"), (1, "onepile", "most-moves")] {
        if !reached(&filling, k, false) {
            let (piles, forbidden) = super::super::generate::shape_game(shape, SIZE, seed);
            filling.add(
                &format!("fill-{name}"),
                &Game { piles, forbidden },
                format!("{} at its greatest, 200000", bounds::LIMITS[k].0),
            )?;
        }
    }
    for (first_wins, side, pile) in [(true, "takahashi", 1), (false, "aoki", 2)] {
        let wins = |e: &Examined| e.checked.valid && e.checked.first_wins == first_wins;
        if !examined.iter().chain(&filling.added).any(wins) {
            // g(1) = 1 beside the forbidden move (2, 1); g(2) = 0 beside (2, 2).
            let game = Game {
                piles: vec![pile],
                forbidden: vec![(2, pile)],
            };
            filling.add(
                &format!("fill-winner-{side}"),
                &game,
                format!(
                    "a game {} wins",
                    if first_wins { "Takahashi" } else { "Aoki" }
                ),
            )?;
        }
    }
    for (i, mutant) in MUTANTS.iter().enumerate() {
        let kills = |e: &Examined| e.kills.iter().any(|k| k.0 == i);
        if examined.iter().chain(&filling.added).any(kills) {
            continue;
        }
        progress.say(&format!(
            "--fill: searching a game that kills the mutant {}",
            mutant.name
        ));
        let Some(game) = trial::killer(mutant, seed, jobs, SHRINK_TIME) else {
            continue;
        };
        let before = filling.added.len();
        filling.add(
            &format!("fill-kills-{}", mutant.name),
            &game,
            format!("kills the mutant {} ({})", mutant.name, mutant.bug),
        )?;
        // The game must kill it as the audit sees it, or it is no use: taken out again.
        if !filling.added[before..].iter().any(kills) {
            filling.remove_last();
        }
    }
    Ok(filling.filled)
}

/// The tests written so far, examined as the audit examines every test.
struct Filling<'a> {
    dir: &'a Path,
    added: Vec<Examined>,
    filled: Vec<Filled>,
}

impl Filling<'_> {
    /// Writes `game` as `NAME.in` and its answer as `NAME.out` (NAME made unique in the
    /// folder), both whole or neither ([`write_together`]), and examines it.
    fn add(&mut self, name: &str, game: &Game, why: String) -> Result<(), Failure> {
        let input_path = self.free(name);
        let answer_path = input_path.with_extension("out");
        let answer = match crate::winner(game.clone()) {
            Ok(winner) => format!("{winner}\n"),
            Err(e) => return Err(Failure::Other(format!("cannot solve a filled game: {e}"))),
        };
        let mut input = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = super::super::shapes::write_input(&mut input, &game.piles, &game.forbidden);
        let failed = |path: &Path, e: io::Error| {
            Failure::Other(format!(
                "{}: cannot write: {e}; neither it nor {} was left in the folder",
                ShownPath(path),
                ShownPath(if path == input_path {
                    &answer_path
                } else {
                    &input_path
                })
            ))
        };
        write_together(&[(&answer_path, answer.as_bytes()), (&input_path, &input)])
            .map_err(|(path, e)| failed(path, e))?;
        self.filled.push(Filled {
            file: relative(self.dir, &input_path),
            why,
        });
        self.added.push(examine(folder::TestFiles {
            input: input_path,
            answers: vec![answer_path],
        }));
        Ok(())
    }

    /// Takes the last test added out of the folder again.
    fn remove_last(&mut self) {
        if let Some(e) = self.added.pop() {
            let _ = fs::remove_file(&e.found.input);
            for answer in &e.found.answers {
                let _ = fs::remove_file(answer);
            }
            self.filled.pop();
        }
    }

    /// `DIR/NAME.in`, or `DIR/NAME-2.in` and on where a test of that name is already there:
    /// anything named `NAME.in`, `NAME.out` or `NAME.ans` (a link, even one to nowhere, too;
    /// a `NAME.ans` left there would be judged beside the new test's answer).
    fn free(&self, name: &str) -> PathBuf {
        let there = |path: PathBuf| fs::symlink_metadata(path).is_ok();
        let taken = |path: &Path| {
            ["in", "out", "ans"]
                .iter()
                .any(|ext| there(path.with_extension(ext)))
        };
        let mut path = self.dir.join(format!("{name}.in"));
        let mut k = 2;
        while taken(&path) {
            path = self.dir.join(format!("{name}-{k}.in"));
            k += 1;
        }
        path
    }
}

/// Writes each of `files` (paths in one folder) whole, all of them or none: each to a new
/// hidden temporary name in the folder (never taken for a test: it ends in `.tmp`), synced,
/// and only then each renamed into place, which takes no space. On any failure (a full disk,
/// a size limit) whatever was written, temporary or renamed, is removed, and the path whose
/// write failed comes back with the error.
fn write_together<'a>(files: &[(&'a Path, &[u8])]) -> Result<(), (&'a Path, io::Error)> {
    let mut temporaries: Vec<(PathBuf, &Path)> = Vec::new();
    let mut placed: Vec<&Path> = Vec::new();
    let written = (|| {
        for &(path, bytes) in files {
            let (temporary, mut file) = create_hidden(path).map_err(|e| (path, e))?;
            temporaries.push((temporary, path));
            (file.write_all(bytes).and_then(|()| file.sync_all())).map_err(|e| (path, e))?;
        }
        for (temporary, path) in &temporaries {
            fs::rename(temporary, path).map_err(|e| (*path, e))?;
            placed.push(path);
        }
        Ok(())
    })();
    if written.is_err() {
        for (temporary, _) in &temporaries {
            let _ = fs::remove_file(temporary);
        }
        for path in placed {
            let _ = fs::remove_file(path);
        }
    }
    written
}

/// A new file beside `path` named `.NAME.PID-K.tmp`: a name already taken (by anyone) is
/// passed over, never opened nor removed.
fn create_hidden(path: &Path) -> io::Result<(PathBuf, File)> {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut tries = 0;
    loop {
        let mut name = OsString::from(".");
        name.push(path.file_name().unwrap_or_default());
        let k = COUNT.fetch_add(1, Ordering::Relaxed);
        name.push(format!(".{}-{k}.tmp", std::process::id()));
        let temporary = folder.join(name);
        match File::create_new(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
            Err(e) => return Err(e),
        }
    }
}
