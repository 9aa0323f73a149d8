//! `plot`: an SVG picture of g(n) over a range of positions, for a browser.
//!
//! A small range gets one mark per position, its value in a tooltip; a large one (up to 2^64 - 1
//! positions) gets the breakpoint map's segments, as lines where they are few and as one bar a
//! pixel column where they are many, so the file stays small whatever the range.
//!
//! Positions near 2^64 - 1 do not fit f64 exactly: every coordinate is measured from the range's
//! start in integers first, and only that offset becomes f64.

mod graph;
mod pieces;
mod ticks;

use super::game::{Failure, ShownPath, Solved, input_path, load, stones};
use std::io::Write;
use std::path::PathBuf;

/// Draw g(n) for A <= n <= B as an SVG picture on standard output
///
/// A range of up to 400 positions gets one mark per position (its value in a tooltip), drops
/// at special points in red; a larger one gets the breakpoint map's segments. The game's piles
/// are marked below the axis. Without --from and --to, the range covers the special points and
/// the piles.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The first n (default: from around the smallest special point or pile)
    #[arg(long, value_name = "A", value_parser = stones, allow_negative_numbers = true)]
    from: Option<u64>,
    /// The last n (default: a little past the largest special point or pile)
    #[arg(long, value_name = "B", value_parser = stones, allow_negative_numbers = true)]
    to: Option<u64>,
    /// The game's file; standard input when absent or '-'
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// The largest range drawn one mark per position.
const MOST_MARKS: u64 = 400;

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    if let (Some(from), Some(to)) = (args.from, args.to)
        && from > to
    {
        return Err(Failure::Usage(format!(
            "--from {from} is past --to {to}: the range is empty"
        )));
    }
    let path = input_path(args.file.clone());
    let game = load(path.as_deref())?;
    let solved = Solved::new(game).map_err(|e| Failure::Input(path.clone(), e))?;
    let (from, to) = range(&solved, args.from, args.to);
    let name = match &path {
        Some(p) => ShownPath(p).to_string(),
        None => "standard input".to_owned(),
    };
    let picture = graph::Picture::new(&solved, from, to).draw(&solved, &name);
    svg::write(&mut *out, &picture).map_err(Failure::Write)?;
    writeln!(out).map_err(Failure::Write)
}

/// The range to draw: the one asked for, filled in around the special points and the piles.
fn range(solved: &Solved, from: Option<u64>, to: Option<u64>) -> (u64, u64) {
    let specials = solved.forbidden.moves.iter().map(|&(x, _)| x);
    let piles = solved.piles.iter().copied().filter(|&a| a > 0);
    let (lo, hi) = specials
        .chain(piles)
        .fold(None, |seen: Option<(u64, u64)>, n| match seen {
            None => Some((n, n)),
            Some((lo, hi)) => Some((lo.min(n), hi.max(n))),
        })
        .unwrap_or((0, 30));
    let margin = ((hi - lo) / 10).max(4);
    // Starting at 0 costs little when the points of interest are not far from it, and shows
    // the line from its start.
    let start = if lo <= (hi - lo) + 2 * margin {
        0
    } else {
        lo - margin
    };
    let end = hi.saturating_add(margin);
    match (from, to) {
        (Some(from), Some(to)) => (from, to),
        (Some(from), None) if from <= end => (from, end),
        (Some(from), None) => (from, from.saturating_add(MOST_MARKS - 1)),
        (None, Some(to)) if start <= to => (start, to),
        (None, Some(to)) => (to.saturating_sub(MOST_MARKS - 1), to),
        (None, None) => (start, end),
    }
}
