//! The report on standard error: where the failure was found, the game it shrank to (or its size
//! when it is too large to print), how the solution failed, and the game explained in its own
//! terms: each pile's Grundy value, the breakpoints of the map and a winning move.

use super::outcome::{Case, Outcome};
use crate::Game;
use crate::cli::game::{Solved, plural};
use std::fmt::Write as _;
use std::time::Duration;

/// Games up to this N + M are printed whole in the report.
const PRINTED_UP_TO: usize = 40;

const MIB: u64 = 1 << 20;

/// The game as the report shows it: whole when small, else its size and values in words and
/// where it went.
pub(super) fn game(text: &mut String, case: &Case, written: Option<&str>) {
    if case.size() <= PRINTED_UP_TO {
        text.push('\n');
        for line in String::from_utf8_lossy(&case.input()).lines() {
            let _ = writeln!(text, "    {line}");
        }
        text.push('\n');
        return;
    }
    let _ = write!(text, "the game: {}", in_words(case));
    match written {
        Some(path) => {
            let _ = writeln!(text, "; too large to print, written to {path}");
        }
        None => {
            let _ = writeln!(
                text,
                "; too large to print (give --out FILE or --save DIR to keep it)"
            );
        }
    }
}

/// A game in words, for one too large to print: "100,006 piles of 1 stone; 1 forbidden move:
/// 1 1", or the range of its values when they are many.
pub(super) fn in_words(case: &Case) -> String {
    let n = case.piles.len() as u64;
    let low = case.piles.iter().copied().min().unwrap_or(0);
    let high = case.piles.iter().copied().max().unwrap_or(0);
    let piles = if low == high {
        format!(
            "{} {} of {} {}",
            grouped(n),
            if n == 1 { "pile" } else { "piles" },
            grouped(low),
            if low == 1 { "stone" } else { "stones" }
        )
    } else {
        format!(
            "{} piles of {} to {} stones",
            grouped(n),
            grouped(low),
            grouped(high)
        )
    };
    let m = case.forbidden.len() as u64;
    let kind = if m == 1 {
        "forbidden move"
    } else {
        "forbidden moves"
    };
    let moves = if m <= 5 {
        let listed: Vec<String> = case
            .forbidden
            .iter()
            .map(|(x, y)| format!("{x} {y}"))
            .collect();
        format!("{} {kind}: {}", grouped(m), listed.join(", "))
    } else {
        let xs = case.forbidden.iter().map(|&(x, _)| x);
        let (low, high) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        format!(
            "{} {kind}, X from {} to {}",
            grouped(m),
            grouped(low),
            grouped(high)
        )
    };
    format!("{piles}; {moves}")
}

/// `n` with its thousands grouped by commas: 100,006.
pub(super) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut shown = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            shown.push(',');
        }
        shown.push(digit);
    }
    shown
}

/// How the solution failed, in lines.
pub(super) fn failure(text: &mut String, outcome: &Outcome, timeout: Duration, memory: u64) {
    match outcome {
        Outcome::Wrong {
            expected, actual, ..
        } => {
            let _ = writeln!(text, "expected: {expected}");
            let _ = writeln!(text, "actual:   {}", actual.shown());
        }
        Outcome::Crash {
            status,
            stderr,
            peak,
        } => {
            // A peak of 0 was hidden under hack's own size: not the solution's to report.
            let _ = match peak {
                0 => writeln!(text, "the command {status}"),
                _ => writeln!(
                    text,
                    "the command {status} (peak memory {} MiB)",
                    peak.div_ceil(MIB)
                ),
            };
            stderr_lines(text, stderr);
        }
        Outcome::Memory { peak, stderr } => {
            let limit = memory / MIB;
            match peak {
                Some(0) => {
                    let _ = writeln!(
                        text,
                        "memory limit exceeded: it fails with {limit} MiB of address space \
                         (--memory); with {} MiB it runs",
                        limit * 4
                    );
                }
                Some(peak) => {
                    let _ = writeln!(
                        text,
                        "memory limit exceeded: it fails with {limit} MiB of address space \
                         (--memory); with {} MiB it runs, resident peak {} MiB",
                        limit * 4,
                        peak.div_ceil(MIB)
                    );
                }
                None => {
                    let _ = writeln!(
                        text,
                        "memory limit exceeded: it ran out of memory with {limit} MiB (--memory)"
                    );
                }
            }
            stderr_lines(text, stderr);
        }
        Outcome::Timeout { alone, cpu } => {
            let limit = timeout.as_secs_f64();
            let cpu = cpu.as_secs_f64();
            let _ = match alone {
                Some(time) => writeln!(
                    text,
                    "timeout: run alone it took {:.2} s ({cpu:.2} s of CPU time); --timeout is \
                     {limit} s",
                    time.as_secs_f64()
                ),
                None => writeln!(
                    text,
                    "timeout: run alone it was ended, having used {cpu:.2} s of CPU time (it \
                     may take {:.2} s of CPU time or {:.1} s in all); --timeout is {limit} s",
                    1.5 * limit,
                    f64::from(super::outcome::ALONE_WALL) * limit
                ),
            };
        }
        Outcome::Right | Outcome::NotRun(_) | Outcome::Broken(_) | Outcome::Stopped => {}
    }
}

fn stderr_lines(text: &mut String, stderr: &str) {
    if !stderr.is_empty() {
        text.push_str("its standard error ended with:\n");
        for line in stderr.lines() {
            let _ = writeln!(text, "    {line}");
        }
    }
}

/// The game explained: each pile's Grundy value, the map's breakpoints, a winning move.
pub(super) fn explain(text: &mut String, case: &Case) {
    if case.size() > PRINTED_UP_TO {
        return;
    }
    let game = Game {
        piles: case.piles.clone(),
        forbidden: case.forbidden.clone(),
    };
    let Ok(solved) = Solved::new(game) else {
        return;
    };
    let values: Vec<String> = (solved.piles.iter().zip(&solved.values))
        .map(|(a, g)| format!("g({a}) = {g}"))
        .collect();
    let _ = writeln!(
        text,
        "why: the piles' Grundy values are {}; nim-sum {}",
        values.join(", "),
        solved.nim_sum()
    );
    let top = solved.piles.iter().copied().max().unwrap_or(0);
    let breakpoints: Vec<String> = solved
        .map
        .breakpoints(1, top)
        .map(|(p, g)| format!("g({p}) = {g}"))
        .collect();
    if breakpoints.is_empty() {
        let _ = writeln!(text, "     up to {top}, g(n) = n: no breakpoint");
    } else {
        let _ = writeln!(
            text,
            "     breakpoints up to {top} (g goes on by 1 after each): {}",
            breakpoints.join(", ")
        );
    }
    let _ = match solved.winning_move() {
        Some((pile, take)) => writeln!(
            text,
            "     Takahashi wins: take {} from pile {} ({} -> {})",
            plural(take, "stone"),
            pile + 1,
            solved.piles[pile],
            solved.piles[pile] - take
        ),
        None => writeln!(
            text,
            "     Aoki wins: every move leaves a nim-sum other than 0"
        ),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(7), "7");
        assert_eq!(grouped(100_006), "100,006");
        assert_eq!(
            grouped(1_000_000_000_000_000_000),
            "1,000,000,000,000,000,000"
        );
    }

    #[test]
    fn a_large_game_of_equal_piles_is_said_in_words() {
        let case = Case {
            piles: vec![1; 100_006],
            forbidden: vec![(1, 1)],
        };
        assert_eq!(
            in_words(&case),
            "100,006 piles of 1 stone; 1 forbidden move: 1 1"
        );
    }
}
