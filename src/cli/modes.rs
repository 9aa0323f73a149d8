//! The flag modes: the verdict (no flag), `--grundy`, `--move`, `--explain` and `--check`
//! (with `--strict`), all on one game read from a file or standard input.

use super::dense::winner;
use super::game::{Failure, Solved, grundy_each, input_path, load, load_with, plural};
use super::reader::{InputError, read_game_sorted};
use super::strict;
use std::io::{self, Write};
use std::path::PathBuf;

/// What the tool was asked to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Winner,
    Grundy,
    Move,
    Explain,
    Check { strict: bool },
}

/// Reads the game and writes what `mode` asks for; nothing is written unless the game is valid.
pub(super) fn run(mode: Mode, path: Option<PathBuf>, out: &mut impl Write) -> Result<(), Failure> {
    let path = input_path(path);
    // The verdict needs the piles in no order: sorted as the moves are read, they cost less.
    let game = match mode {
        Mode::Winner => load_with(path.as_deref(), read_game_sorted, read_game_sorted)?,
        _ => load(path.as_deref())?,
    };
    let failed = |e: InputError| Failure::Input(path.clone(), e.into());
    let written = match mode {
        Mode::Check { strict: false } => Ok(()),
        Mode::Check { strict: true } => match strict::violation(&game) {
            None => Ok(()),
            Some(broken) => return Err(Failure::Limits(path, broken)),
        },
        Mode::Winner => writeln!(out, "{}", winner(game).map_err(|e| failed(e.into()))?),
        Mode::Grundy => {
            let (_, values) =
                grundy_each(game.forbidden, &game.piles, |_, _| {}).map_err(failed)?;
            values.iter().try_for_each(|v| writeln!(out, "{v}"))
        }
        Mode::Move => {
            let solved = Solved::new(game).map_err(failed)?;
            match solved.winning_move() {
                Some((pile, take)) => writeln!(out, "Takahashi\n{} {take}", pile + 1),
                None => writeln!(out, "Aoki"),
            }
        }
        Mode::Explain => explain(&Solved::new(game).map_err(failed)?, out),
    };
    written.map_err(Failure::Write)
}

/// Rows of the pile table past which `--explain` summarises.
const EXPLAIN_ROWS: usize = 1000;

/// Writes the human-readable report of `--explain`.
fn explain(solved: &Solved, out: &mut impl Write) -> io::Result<()> {
    let piles = &solved.piles;
    let moves = solved.listed;
    let distinct = solved.forbidden.moves.len();
    write!(
        out,
        "Constrained Nim: {}, {}",
        plural(piles.len() as u64, "pile"),
        plural(moves as u64, "forbidden move")
    )?;
    if distinct != moves {
        write!(out, " ({distinct} distinct)")?;
    }
    writeln!(out, "\n")?;

    let shown = piles.len().min(EXPLAIN_ROWS);
    if shown > 0 {
        let width = |header: &str, column: &[u64]| {
            let widths = column[..shown].iter().map(|v| v.to_string().len());
            widths.fold(header.len(), usize::max)
        };
        let wi = shown.to_string().len().max("pile".len());
        let ws = width("stones", piles);
        let wg = width("grundy", &solved.values);
        writeln!(out, "{:>wi$}  {:>ws$}  {:>wg$}", "pile", "stones", "grundy")?;
        for (i, (stones, value)) in piles.iter().zip(&solved.values).take(shown).enumerate() {
            writeln!(out, "{:>wi$}  {stones:>ws$}  {value:>wg$}", i + 1)?;
        }
        if piles.len() > shown {
            let rest = piles.len() - shown;
            let piles = if rest == 1 { "pile" } else { "piles" };
            writeln!(
                out,
                "... and {rest} more {piles} (--grundy lists every value)"
            )?;
        }
        writeln!(out)?;
    }

    let sum = solved.nim_sum();
    writeln!(out, "nim-sum of the Grundy values: {sum} (binary {sum:b})")?;
    let stuck = !piles.iter().any(|&stones| solved.has_move(stones));
    match solved.winning_move() {
        None if stuck => writeln!(
            out,
            "Aoki wins: Takahashi has no move at all (every pile is empty, or every move from \
             it is forbidden), so he loses at once."
        ),
        None => writeln!(
            out,
            "Aoki wins: the nim-sum is 0, so every move by Takahashi leaves a nonzero nim-sum \
             that Aoki can bring back to 0."
        ),
        Some((pile, take)) => {
            let stones = piles[pile];
            writeln!(
                out,
                "Takahashi wins: the nim-sum is not 0, so Takahashi can move to a position of \
                 nim-sum 0."
            )?;
            writeln!(
                out,
                "winning move: take {} from pile {}: {stones} \u{2192} {} (Grundy value {} \u{2192} {})",
                plural(take, "stone"),
                pile + 1,
                stones - take,
                solved.values[pile],
                solved.values[pile] ^ sum
            )
        }
    }
}
