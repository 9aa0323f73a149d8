//! `plot`: an SVG picture of g(n) over a range of positions, for a browser.
//!
//! The range chooses the view: a graph of g (one mark a position where the range is small, the
//! map's segments where it is large but holds few special points and piles), or, on a game of
//! contest size, panels that each show one part of its structure on a scale of its own. The
//! file stays small whatever the range, up to all of u64.

mod cells;
mod graph;
mod panels;
mod pieces;
mod ticks;

use super::game::{Failure, ShownPath, Solved, input_path, load, stones};
use std::io::Write;
use std::path::PathBuf;

/// Draw g(n) for A <= n <= B as an SVG picture on standard output
///
/// A range of up to 400 positions gets one mark per position (its value in a tooltip), drops
/// at special points in red; a larger one with at most 300 special points and piles together
/// gets the breakpoint map's segments. The game's piles are marked below the axis.
///
/// A larger range with more of them (a game of contest size) gets panels over one n axis, each
/// on its own scale: the values the drops take (shaded by how many, with their median and
/// quartiles); which special points drop and which stay on the rising line H(n); how far g has
/// fallen below n (n - H(n), the drops below n); the piles and their values; and the nim-sum
/// of all the piles' values bit by bit, with the winner and a winning move.
///
/// Without --from and --to, the range covers the special points and the piles (on a game with
/// more than 300, all but the farthest hundredth on each side when that narrows it a
/// hundredfold; the picture says how many lie outside).
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
    let solved = Solved::new(game).map_err(|e| Failure::Input(path.clone(), e.into()))?;
    let (from, to) = range(&solved, args.from, args.to);
    let name = match &path {
        Some(p) => ShownPath(p).to_string(),
        None => "standard input".to_owned(),
    };
    let picture = if crowded(&solved, from, to) {
        panels::Panels::new(&solved, from, to).draw(&name)
    } else {
        graph::Picture::new(&solved, from, to).draw(&solved, &name)
    };
    svg::write(&mut *out, &picture).map_err(Failure::Write)?;
    writeln!(out).map_err(Failure::Write)
}

/// The most special points and piles together that a graph of g over a large range shows
/// apart (its axis is 860 pixels wide); past them, the panels.
const MOST_POINTS: usize = 300;

/// Whether `from..=to` is drawn as panels: more positions than get a mark each, and more
/// special points and piles than the graph tells apart.
fn crowded(solved: &Solved, from: u64, to: u64) -> bool {
    if to - from < MOST_MARKS {
        return false;
    }
    let moves = &solved.forbidden.moves;
    let start = moves.partition_point(|&(x, _)| x < from);
    let end = moves.partition_point(|&(x, _)| x <= to);
    let mut specials = 0;
    let mut last = None;
    for &(x, _) in &moves[start..end] {
        if last != Some(x) {
            specials += 1;
            last = Some(x);
        }
        if specials > MOST_POINTS {
            return true;
        }
    }
    let piles = (solved.piles.iter())
        .filter(|&&a| (from..=to).contains(&a))
        .count();
    specials + piles > MOST_POINTS
}

/// The range to draw: the one asked for, filled in around the special points and the piles
/// (on a crowded game, all but a far few).
fn range(solved: &Solved, from: Option<u64>, to: Option<u64>) -> (u64, u64) {
    let specials = solved.forbidden.moves.iter().map(|&(x, _)| x);
    let piles = solved.piles.iter().copied().filter(|&a| a > 0);
    let mut points: Vec<u64> = specials.chain(piles).collect();
    points.sort_unstable();
    let (lo, hi) = match points[..] {
        [] => (0, 30),
        [first, .., last] | [first @ last] => {
            // On a crowded game, a few far points (one pile at 6·10^15 beside 4·10^5 points
            // within 4·10^5 of 10^18) would squeeze all the others into one pixel column:
            // the range leaves out the farthest hundredth on each side when that narrows it a
            // hundredfold. The panels say how many points lie outside.
            let k = points.len() / 100;
            let (near_first, near_last) = (points[k], points[points.len() - 1 - k]);
            let narrower = near_last - near_first < (last - first) / 100;
            if points.len() > MOST_POINTS && narrower {
                (near_first, near_last)
            } else {
                (first, last)
            }
        }
    };
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
