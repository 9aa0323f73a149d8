//! `table`: the Grundy values of one pile under a game's forbidden moves, position by position
//! or as the map of breakpoints, to set beside a solution's own and see where it goes wrong.

use super::game::{Failure, Solved, input_path, load, stones};
use std::io::Write;
use std::path::PathBuf;

/// Print g(n) for each n in a range (`n g(n)` a line), or the map of breakpoints
///
/// Only the game's forbidden moves matter; its piles are read and left alone.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The first n
    #[arg(long, value_name = "A", value_parser = stones, allow_negative_numbers = true, default_value_t = 0)]
    from: u64,
    /// The last n (default: A + 99; with --breakpoints, 2^64 - 1)
    #[arg(long, value_name = "B", value_parser = stones, allow_negative_numbers = true)]
    to: Option<u64>,
    /// Print the breakpoints in the range instead, `p g(p)` a line: g(n) = g(p) + (n - p)
    /// from each p up to the next
    #[arg(long)]
    breakpoints: bool,
    /// The game's file; standard input when absent or '-'
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(to) = args.to.filter(|&to| to < args.from) {
        return Err(Failure::Usage(format!(
            "--from {} --to {to}: the range is empty; give --to at least --from",
            args.from
        )));
    }
    let path = input_path(args.file.clone());
    let game = load(path.as_deref())?;
    let solved = Solved::new(game).map_err(|e| Failure::Input(path, e.into()))?;
    let map = &solved.map;
    let written = if args.breakpoints {
        let to = args.to.unwrap_or(u64::MAX);
        map.breakpoints(args.from, to)
            .try_for_each(|(p, v)| writeln!(out, "{p} {v}"))
    } else {
        let to = args.to.unwrap_or(args.from.saturating_add(99));
        (args.from..=to).try_for_each(|n| writeln!(out, "{n} {}", map.value(n)))
    };
    written.map_err(Failure::Write)
}
