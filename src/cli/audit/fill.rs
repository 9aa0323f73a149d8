//! `audit --fill`: adds to the test folder what its audit found missing, one test for each:
//! the max tests and anti-hash games lacking (as `gen --shape` makes them), a small game for
//! the bounds and winners not reached, and for each surviving mutant a game that kills it,
//! found and shrunk by hack's search and shrinker (see `trial`). Each test is NAME.in with its
//! answer NAME.out, the answer written first, each file whole or not at all; NAME says why.

use super::super::game::{Failure, ShownPath};
use super::mutants::MUTANTS;
use super::report::Filled;
use super::{Examined, Progress, bounds, examine, folder, relative, trial};
use crate::Game;
use crate::cli::hack::files::write_whole;
use std::path::{Path, PathBuf};
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
    /// Writes `game` as `NAME.out` then `NAME.in` (NAME made unique in the folder), each whole
    /// or not at all, and examines it.
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
        let failed = |path: &Path, e: std::io::Error| {
            Failure::Other(format!("{}: cannot write: {e}", ShownPath(path)))
        };
        write_whole(&answer_path, answer.as_bytes()).map_err(|e| failed(&answer_path, e))?;
        write_whole(&input_path, &input).map_err(|e| failed(&input_path, e))?;
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
            let _ = std::fs::remove_file(&e.found.input);
            for answer in &e.found.answers {
                let _ = std::fs::remove_file(answer);
            }
            self.filled.pop();
        }
    }

    /// `DIR/NAME.in`, or `DIR/NAME-2.in` and on where a test of that name is already there.
    fn free(&self, name: &str) -> PathBuf {
        let taken = |path: &Path| path.exists() || path.with_extension("out").exists();
        let mut path = self.dir.join(format!("{name}.in"));
        let mut k = 2;
        while taken(&path) {
            path = self.dir.join(format!("{name}-{k}.in"));
            k += 1;
        }
        path
    }
}
