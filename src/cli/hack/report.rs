//! The report on standard error: where the failure was found, the game it shrank to (or its size
//! when it is too large to print), how the solution failed, and the game explained in its own
//! terms: each pile's Grundy value, the breakpoints of the map and a winning move.

use super::trial::Limits;
use super::verdict::{Outcome, said_out_of_memory};
use crate::Game;
use crate::cli::game::{ShownPath, Solved, plural};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Games up to this N + M are printed whole in the report.
pub(super) const PRINTED_UP_TO: usize = 40;

const MIB: u64 = 1 << 20;

/// The game as the report shows it: whole when small, else its size and values in words and
/// where it went: the places it was `kept` in, when `--out` or `--save` was `asked` for.
pub(super) fn game(text: &mut String, case: &Game, kept: &[PathBuf], asked: bool) {
    if case.size() <= PRINTED_UP_TO {
        text.push('\n');
        for line in String::from_utf8_lossy(&case.input()).lines() {
            let _ = writeln!(text, "    {line}");
        }
        text.push('\n');
        return;
    }
    let _ = write!(text, "the game: {}", in_words(case));
    let _ = if !kept.is_empty() {
        writeln!(
            text,
            "; too large to print, written to {}",
            (kept.iter().map(|p| ShownPath(p).to_string()))
                .collect::<Vec<_>>()
                .join(" and ")
        )
    } else if asked {
        writeln!(
            text,
            "; too large to print, and not kept (see the error below)"
        )
    } else {
        writeln!(
            text,
            "; too large to print, and it could not be written to a file (give --out FILE)"
        )
    };
}

/// A game in words, for one too large to print: "100,006 piles of 1 stone; 1 forbidden move:
/// 1 1", or the range of its values when they are many.
pub(super) fn in_words(case: &Game) -> String {
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
pub(super) fn failure(text: &mut String, outcome: &Outcome, limits: &Limits) {
    match outcome {
        Outcome::Wrong {
            expected, actual, ..
        } => {
            let _ = writeln!(text, "expected: {expected}");
            let _ = writeln!(text, "actual:   {}", actual.shown());
            if actual.holds(expected) {
                let _ = writeln!(
                    text,
                    "the answer is right, on a line of its own, but more was printed beside it: \
                     the judge compares the whole output (a debug line goes to standard error)"
                );
            }
        }
        Outcome::Crash {
            status,
            stderr,
            peak,
        } => {
            // A peak of 0 was hidden under hack's own size (measured from /proc, wait4's
            // peak carries it): not the solution's to report.
            let _ = match peak {
                0 => writeln!(text, "the command {status}"),
                _ => writeln!(
                    text,
                    "the command {status} (peak memory {} MiB)",
                    peak.div_ceil(MIB)
                ),
            };
            // Out of memory below the limit: hack caps no address space, so the shell's
            // limit (ulimit -v) or the machine's memory refused it; without a shell's limit,
            // an allocation larger than the machine's memory and swap (a table of 10^18
            // entries) is refused at once, whatever is free.
            if said_out_of_memory(stderr) {
                let _ = match (address_space_limit(), machine_memory()) {
                    (None, Some(machine)) => writeln!(
                        text,
                        "it ran out of memory below --memory: it asked for more memory than \
                         this machine has ({} MiB of memory and swap), as a table with a place \
                         for every value up to a pile would; no judge has that much either",
                        machine / MIB
                    ),
                    (limit, _) => writeln!(
                        text,
                        "it ran out of memory below --memory: hack caps no address space (a run \
                         is stopped as a runaway only at {} MiB, all its processes together), \
                         so {} or the machine's memory refused it",
                        limits.room().space / MIB,
                        match limit {
                            Some(limit) =>
                                format!("this shell's limit (ulimit -v, {} MiB)", limit / MIB),
                            None => "this shell's limit (ulimit -v)".to_owned(),
                        }
                    ),
                };
            }
            stderr_lines(text, stderr);
        }
        Outcome::Stack {
            status,
            stderr,
            needs,
            fails,
            ..
        } => {
            let given = limits.stack.div_ceil(MIB);
            let not_with = match fails.div_ceil(MIB) {
                fails if fails > given => format!(", not with {fails} MiB"),
                _ => String::new(),
            };
            let _ = writeln!(
                text,
                "stack overflow: with --stack {given} the command {status}; it needs --stack {} \
                 (it ends well with {} MiB of stack{not_with})",
                needs.div_ceil(MIB),
                needs.div_ceil(MIB)
            );
            stderr_lines(text, stderr);
        }
        Outcome::Memory {
            peak,
            status,
            stderr,
        } => {
            let _ = writeln!(
                text,
                "memory limit exceeded: its memory peak was {} MiB; the limit is {} MiB \
                 (--memory){}\n{}",
                peak.div_ceil(MIB),
                limits.memory / MIB,
                match status {
                    Some(status) => format!("; then the command {status}"),
                    None => String::new(),
                },
                measured()
            );
            stderr_lines(text, stderr);
        }
        Outcome::Timeout {
            time,
            queued,
            cpu,
            ended,
        } => {
            // Less than a tenth of a second of waiting is not worth a word.
            let waited = match queued.as_secs_f64() {
                q if q >= 0.1 => {
                    format!(", not counting {q:.2} s it waited for a CPU other work held")
                }
                _ => String::new(),
            };
            let _ = writeln!(
                text,
                "timeout: run alone it ran {:.2} s{}{waited} ({:.2} s of CPU time); the limit is \
                 {} s\n{}",
                time.as_secs_f64(),
                if *ended { " before hack ended it" } else { "" },
                cpu.as_secs_f64(),
                limits.timeout.as_secs_f64(),
                measured()
            );
        }
        // An interactive game has a report of its own.
        Outcome::Played { .. }
        | Outcome::Right
        | Outcome::NotRun(_)
        | Outcome::Broken(_)
        | Outcome::Stopped => {}
    }
}

/// The address-space limit every run inherits from this shell (ulimit -v), if any: hack
/// sets none.
fn address_space_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::As).current
}

/// This machine's memory and swap, in bytes (MemTotal and SwapTotal of /proc/meminfo): what
/// Linux lets one allocation reach under its usual overcommit rule.
fn machine_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = |name: &str| {
        let line = meminfo.lines().find(|l| l.starts_with(name))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    };
    Some((kib("MemTotal:")? + kib("SwapTotal:").unwrap_or(0)) * 1024)
}

/// How a run's time and memory were measured, in a line of the report.
pub(super) fn measured() -> String {
    format!("(measured by {})", super::run::which())
}

fn stderr_lines(text: &mut String, stderr: &str) {
    if !stderr.is_empty() {
        text.push_str("its standard error ended with:\n");
        for line in stderr.lines() {
            let _ = writeln!(text, "    {line}");
        }
    }
}

/// Whether `outcome` is a wrong answer only by its format: the right answer among other lines,
/// where the game's values would explain nothing.
pub(super) fn only_the_format(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Wrong { expected, actual } if actual.holds(expected))
}

/// The game explained: each pile's Grundy value, the map's breakpoints, a winning move.
pub(super) fn explain(text: &mut String, case: &Game) {
    if case.size() > PRINTED_UP_TO {
        return;
    }
    let game = case.clone();
    let Ok(solved) = Solved::new(game) else {
        return;
    };
    let values: Vec<String> = (solved.piles.iter().zip(&solved.values))
        .map(|(a, g)| format!("g({a}) = {g}"))
        .collect();
    // No pile at all (N = 0, with --beyond): nothing to list.
    let values = if values.is_empty() {
        "none (no pile)".to_owned()
    } else {
        values.join(", ")
    };
    let _ = writeln!(
        text,
        "why: the piles' Grundy values are {values}; nim-sum {}",
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
        None if !solved.piles.iter().any(|&stones| solved.has_move(stones)) => writeln!(
            text,
            "     Aoki wins: Takahashi has no move at all, so he loses at once"
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
        let case = Game {
            piles: vec![1; 100_006],
            forbidden: vec![(1, 1)],
        };
        assert_eq!(
            in_words(&case),
            "100,006 piles of 1 stone; 1 forbidden move: 1 1"
        );
    }
}
