//! `why N`: why g(N) is what it is, in the game's words: whether N is a special point, and if
//! it is, which values its forbidden moves put out of reach and how.
//!
//! It reads the breakpoint map and never lists positions: a value's holders are counted from
//! the map's segments, so any N up to 2^64 - 1 is answered at once on the largest games.

use super::game::{Failure, Solved, input_path, load, plural, stones};
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

/// Say why a pile of N stones has the Grundy value it has
///
/// The first line is `g(N) = V`. Then: whether N is a special point (some forbidden move starts
/// there); if not, every smaller value is reachable and g(N) = H(N), the number of values
/// below N; if it is, each value its forbidden targets hold, how many positions below N hold
/// it and how many of them the forbidden moves block, so which values are out of reach:
/// g(N) is the smallest of them, or H(N) when there is none. At most 16 lines, for any N up to
/// 2^64 - 1.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The position: a pile of N stones
    #[arg(value_name = "N", value_parser = stones, allow_negative_numbers = true)]
    n: u64,
    /// The game's file; standard input when absent or '-'
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    let path = input_path(args.file.clone());
    let game = load(path.as_deref())?;
    let solved = Solved::new(game).map_err(|e| Failure::Input(path, e.into()))?;
    let why = Why::new(&solved, args.n);
    out.write_all(why.to_string().as_bytes())
        .map_err(Failure::Write)
}

/// The facts that decide `g(n)`.
#[derive(Debug)]
pub(crate) struct Why {
    pub(crate) n: u64,
    /// `g(n)`.
    pub(crate) value: u64,
    /// `H(n)`: how many values `g(0..n)` holds; they are `0..H(n)`.
    pub(crate) rising: u64,
    /// The map's breakpoint at or below `n`, and its value.
    pub(crate) breakpoint: (u64, u64),
    /// The forbidden targets from `n` (`n - Y` for each forbidden `Y`), increasing; empty when
    /// `n` is not a special point.
    pub(crate) targets: Vec<u64>,
    /// The values the targets hold, increasing.
    pub(crate) held: Vec<Held>,
    /// The piles (0-based) of `n` stones.
    pub(crate) piles: Vec<usize>,
}

/// A value held by forbidden targets of the position explained.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Held {
    pub(crate) value: u64,
    /// How many positions below `n` hold it: `1 + extra[value]`.
    pub(crate) holders: u64,
    /// The forbidden targets holding it, increasing: the holders the moves block.
    pub(crate) blocked: Vec<u64>,
}

impl Held {
    /// No allowed move reaches the value: every position holding it is a forbidden target.
    pub(crate) fn unreachable(&self) -> bool {
        self.blocked.len() as u64 == self.holders
    }
}

impl Why {
    /// # Complexity
    /// - O(size of the map + k log k) for k forbidden moves from `n`
    pub(crate) fn new(solved: &Solved, n: u64) -> Why {
        let map = &solved.map;
        let targets: Vec<u64> = solved
            .forbidden
            .moves_from(n)
            .iter()
            .map(|&(_, t)| t)
            .collect();
        let mut by_value: Vec<(u64, u64)> = targets.iter().map(|&t| (map.value(t), t)).collect();
        by_value.sort_unstable();
        let mut held = Vec::new();
        if !by_value.is_empty() {
            let holders = map.holders_below(n);
            for group in by_value.chunk_by(|a, b| a.0 == b.0) {
                let value = group[0].0;
                held.push(Held {
                    value,
                    holders: holders.count(value),
                    blocked: group.iter().map(|&(_, t)| t).collect(),
                });
            }
        }
        let piles = (solved.piles.iter().enumerate())
            .filter(|&(_, &a)| a == n)
            .map(|(i, _)| i)
            .collect();
        Why {
            n,
            value: map.value(n),
            rising: map.rising(n),
            breakpoint: map.breakpoint_of(n),
            targets,
            held,
            piles,
        }
    }

    /// The values out of reach, increasing.
    pub(crate) fn unreachable(&self) -> impl Iterator<Item = u64> + '_ {
        self.held
            .iter()
            .filter(|h| h.unreachable())
            .map(|h| h.value)
    }
}

/// How many value lines the report shows before it summarises the rest.
pub(crate) const SHOWN_VALUES: usize = 6;

/// How many positions a list shows before it says how many more there are.
pub(crate) const SHOWN_POSITIONS: usize = 6;

/// The report's words, each a template whose `{name}`s are filled in (any other brace stays as
/// written): the one source of them, read by this report and embedded by `page` in its file,
/// whose script fills them in the same way.
pub(crate) const WORDS: &[(&str, &str)] = &[
    ("value", "g({n}) = {value}"),
    ("pile", "Pile {pile} of the game has {stones}."),
    ("piles", "Piles {listed} of the game have {stones}."),
    ("listed", "{names} and {last}"),
    ("listed_more", "{names} and {more} more"),
    (
        "line",
        "It lies on the line from the breakpoint {p}: g({n}) = g({p}) + ({n} - {p}) = {v} + {d}.",
    ),
    (
        "empty",
        "0 is not a special point; no move starts from an empty pile, so g(0) = mex {} = 0.",
    ),
    (
        "plain",
        "{n} is not a special point: no move from it is forbidden, so every value g takes below \
         {n}, {below}, is reachable, and g({n}) = H({n}) = {value}, the number of those values.",
    ),
    (
        "special_one",
        "{n} is a special point: 1 move from it is forbidden, to {targets}.",
    ),
    (
        "special",
        "{n} is a special point: {count} moves from it are forbidden, to {targets}.",
    ),
    (
        "below_one",
        "Below {n}, g takes the value {below}, H({n}) = {rising} of them; a value is out of \
         reach when all its holders below {n} are forbidden targets.",
    ),
    (
        "below",
        "Below {n}, g takes the values {below}, H({n}) = {rising} of them; a value is out of \
         reach when all its holders below {n} are forbidden targets.",
    ),
    ("range_one", "0"),
    ("range", "0 to {top}"),
    (
        "holders_one",
        "1 holder below {n}, the rising line's (1 + extra[{w}] = 1 + 0)",
    ),
    (
        "holders",
        "{holders} holders below {n}, the rising line's and {drops} (1 + extra[{w}] = 1 + \
         {extra})",
    ),
    (
        "value_line",
        "  value {w}: {holders}; {blocked} blocked ({positions}): {verdict}.",
    ),
    ("out_of_reach", "out of reach"),
    ("reachable", "reachable"),
    ("still_reachable", "{count} still reachable"),
    (
        "hidden_one",
        "  ... 1 more value, {w}, held by forbidden targets: {reach}.",
    ),
    (
        "hidden",
        "  ... {count} from {first} to {last} held by forbidden targets: {out} out of reach, \
         {reachable} reachable.",
    ),
    (
        "no_drop",
        "No value is out of reach, so g({n}) = H({n}) = {rising}: no drop, the rising line.",
    ),
    (
        "drop",
        "Out of reach: {values}; g({n}) = {smallest}, the smallest of them: a drop below H({n}) \
         = {rising}.",
    ),
    ("positions_more", "{shown} and {more} more, up to {last}"),
];

/// The template `key` of [`WORDS`] with its `{name}`s filled from `args`.
fn say(key: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let template = WORDS
        .iter()
        .find(|&&(k, _)| k == key)
        .map_or_else(|| panic!("no words {key}"), |&(_, t)| t);
    let mut text = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let value = (after[name_end..].starts_with('}'))
            .then(|| args.iter().find(|&&(k, _)| k == &after[..name_end]))
            .flatten();
        match value {
            Some((_, value)) => {
                let _ = write!(text, "{value}");
                rest = &after[name_end + 1..];
            }
            None => {
                text.push('{');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, value, rising) = (self.n, self.value, self.rising);
        writeln!(f, "{}", say("value", &[("n", &n), ("value", &value)]))?;
        if let Some(piles) = piles_line(&self.piles, n) {
            writeln!(f, "{piles}")?;
        }
        let (p, v) = self.breakpoint;
        let d = n - p;
        let line = (p != n).then(|| say("line", &[("p", &p), ("n", &n), ("v", &v), ("d", &d)]));
        if self.targets.is_empty() {
            if n == 0 {
                return writeln!(f, "{}", say("empty", &[]));
            }
            let below = below(rising);
            let plain = [
                ("n", &n as &dyn std::fmt::Display),
                ("below", &below),
                ("value", &value),
            ];
            writeln!(f, "{}", say("plain", &plain))?;
            return match line {
                Some(line) => writeln!(f, "{line}"),
                None => Ok(()),
            };
        }
        let count = self.targets.len();
        let targets = positions(&self.targets);
        let key = if count == 1 { "special_one" } else { "special" };
        writeln!(
            f,
            "{}",
            say(key, &[("n", &n), ("count", &count), ("targets", &targets)])
        )?;
        let key = if rising == 1 { "below_one" } else { "below" };
        let below = below(rising);
        writeln!(
            f,
            "{}",
            say(key, &[("n", &n), ("below", &below), ("rising", &rising)])
        )?;
        let mut hidden: Vec<&Held> = Vec::new();
        for (i, held) in self.held.iter().enumerate() {
            if i < SHOWN_VALUES || held.value == value {
                summary(f, &hidden)?;
                hidden.clear();
                value_line(f, n, held)?;
            } else {
                hidden.push(held);
            }
        }
        summary(f, &hidden)?;
        let unreachable: Vec<u64> = self.unreachable().collect();
        match unreachable.first() {
            None => writeln!(f, "{}", say("no_drop", &[("n", &n), ("rising", &rising)]))?,
            Some(&smallest) => {
                let values = values(&unreachable);
                let args: [(&str, &dyn std::fmt::Display); 4] = [
                    ("values", &values),
                    ("n", &n),
                    ("smallest", &smallest),
                    ("rising", &rising),
                ];
                writeln!(f, "{}", say("drop", &args))?
            }
        }
        match line {
            Some(line) => writeln!(f, "{line}"),
            None => Ok(()),
        }
    }
}

/// The values below `H` (at least 1), as a sentence says them: `0`, or `0 to H - 1`.
fn below(rising: u64) -> String {
    match rising {
        1 => say("range_one", &[]),
        _ => say("range", &[("top", &(rising - 1))]),
    }
}

/// Which piles of the game have `n` stones, if any: "Pile 2 of the game has 3 stones.",
/// "Piles 1, 4 and 6 of the game have 3 stones.", "Piles 1, 2, ... and 5 more of the game ...".
fn piles_line(piles: &[usize], n: u64) -> Option<String> {
    let (&first, rest) = piles.split_first()?;
    let stones = plural(n, "stone");
    if rest.is_empty() {
        return Some(say("pile", &[("pile", &(first + 1)), ("stones", &stones)]));
    }
    let shown = piles.len().min(SHOWN_POSITIONS + 1);
    let names: Vec<String> = piles[..shown].iter().map(|p| (p + 1).to_string()).collect();
    let listed = if piles.len() > shown {
        let more = piles.len() - shown;
        say(
            "listed_more",
            &[("names", &names.join(", ")), ("more", &more)],
        )
    } else {
        let (last, others) = names.split_last()?;
        say("listed", &[("names", &others.join(", ")), ("last", last)])
    };
    Some(say("piles", &[("listed", &listed), ("stones", &stones)]))
}

/// One value held by forbidden targets: its holders, the blocked ones, and what follows.
fn value_line(f: &mut std::fmt::Formatter<'_>, n: u64, held: &Held) -> std::fmt::Result {
    let w = held.value;
    let extra = held.holders - 1;
    let holders = if extra == 0 {
        say("holders_one", &[("n", &n), ("w", &w)])
    } else {
        let drops = plural(extra, "drop");
        let args: [(&str, &dyn std::fmt::Display); 5] = [
            ("holders", &held.holders),
            ("n", &n),
            ("drops", &drops),
            ("w", &w),
            ("extra", &extra),
        ];
        say("holders", &args)
    };
    let blocked = held.blocked.len() as u64;
    let verdict = if held.unreachable() {
        say("out_of_reach", &[])
    } else {
        say("still_reachable", &[("count", &(held.holders - blocked))])
    };
    let positions = positions(&held.blocked);
    let args: [(&str, &dyn std::fmt::Display); 5] = [
        ("w", &w),
        ("holders", &holders),
        ("blocked", &blocked),
        ("positions", &positions),
        ("verdict", &verdict),
    ];
    writeln!(f, "{}", say("value_line", &args))
}

/// The value lines left out, in one line: how many, their range, how many are out of reach.
fn summary(f: &mut std::fmt::Formatter<'_>, hidden: &[&Held]) -> std::fmt::Result {
    let (Some(first), Some(last)) = (hidden.first(), hidden.last()) else {
        return Ok(());
    };
    let out = hidden.iter().filter(|h| h.unreachable()).count();
    if let [one] = hidden {
        let reach = say(
            if one.unreachable() {
                "out_of_reach"
            } else {
                "reachable"
            },
            &[],
        );
        return writeln!(
            f,
            "{}",
            say("hidden_one", &[("w", &one.value), ("reach", &reach)])
        );
    }
    let count = plural(hidden.len() as u64, "more value");
    let reachable = hidden.len() - out;
    let args: [(&str, &dyn std::fmt::Display); 5] = [
        ("count", &count),
        ("first", &first.value),
        ("last", &last.value),
        ("out", &out),
        ("reachable", &reachable),
    ];
    writeln!(f, "{}", say("hidden", &args))
}

/// Positions, listed up to [`SHOWN_POSITIONS`] and then counted.
fn positions(list: &[u64]) -> String {
    let shown = list.len().min(SHOWN_POSITIONS);
    let mut text = String::new();
    for (i, p) in list[..shown].iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{p}");
    }
    if list.len() > shown {
        let more = list.len() - shown;
        let last = list[list.len() - 1];
        return say(
            "positions_more",
            &[("shown", &text), ("more", &more), ("last", &last)],
        );
    }
    text
}

/// Values, as [`positions`] lists them.
fn values(list: &[u64]) -> String {
    positions(list)
}

#[cfg(test)]
mod tests {
    use super::{Held, Why};
    use crate::Game;
    use crate::cli::game::Solved;

    fn why(piles: &[u64], forbidden: &[(u64, u64)], n: u64) -> Why {
        let game = Game {
            piles: piles.to_vec(),
            forbidden: forbidden.to_vec(),
        };
        Why::new(&Solved::new(game).unwrap(), n)
    }

    /// Sample 1 at 3 (g = 0 0 1 1 2 ...): its targets 0 and 2 hold 0 and 1. Value 0 has two
    /// holders below 3 (0 on the rising line, 1 that dropped to it), so blocking 0 leaves 1:
    /// reachable. Value 1 has one holder, 2, which is blocked: out of reach, so g(3) = 1, a drop
    /// below H(3) = 2.
    #[test]
    fn a_value_held_twice_stays_reachable_when_one_holder_is_blocked() {
        let why = why(&[1, 2, 4], &[(2, 1), (3, 3), (3, 1), (1, 1)], 3);
        assert_eq!((why.value, why.rising), (1, 2));
        assert_eq!(why.targets, [0, 2]);
        let held = [
            Held {
                value: 0,
                holders: 2,
                blocked: vec![0],
            },
            Held {
                value: 1,
                holders: 1,
                blocked: vec![2],
            },
        ];
        assert_eq!(why.held, held);
        assert_eq!(why.unreachable().collect::<Vec<_>>(), [1]);
        let report = why.to_string();
        assert!(
            report.starts_with("g(3) = 1\n3 is a special point"),
            "{report}"
        );
        assert!(report.contains("value 0: 2 holders below 3"), "{report}");
        assert!(report.contains("Out of reach: 1; g(3) = 1"), "{report}");
    }

    /// 0 is held three times below 3 (at 0, and at 1 and 2, which both drop to it: extra[0] =
    /// 2); the forbidden moves from 3 block all three, so even the most-held value is out of
    /// reach and g(3) = 0.
    #[test]
    fn a_value_dropped_to_twice_is_out_of_reach_only_when_all_three_holders_are_blocked() {
        let walls = [(1, 1), (2, 2), (2, 1), (3, 3), (3, 2), (3, 1)];
        let why = why(&[3, 3], &walls, 3);
        assert_eq!((why.value, why.rising), (0, 1));
        let held = [Held {
            value: 0,
            holders: 3,
            blocked: vec![0, 1, 2],
        }];
        assert_eq!(why.held, held);
        let report = why.to_string();
        assert!(report.contains("(1 + extra[0] = 1 + 2)"), "{report}");
        assert!(
            report.contains("Piles 1 and 2 of the game have 3 stones."),
            "{report}"
        );
        // Without the move to 2, one holder of 0 is left: g(3) = H(3) = 1, no drop.
        let why = super::tests::why(&[3], &walls[..5], 3);
        assert_eq!(why.value, 1);
        assert_eq!(why.unreachable().count(), 0);
        assert!(
            why.to_string()
                .contains("No value is out of reach, so g(3) = H(3) = 1")
        );
    }

    /// A position that is not special has no targets: its value is H(N), stated with the line
    /// from its breakpoint.
    #[test]
    fn a_position_that_is_not_special_is_on_the_rising_line() {
        let why = why(&[], &[(2, 1), (3, 3), (3, 1), (1, 1)], 6);
        assert_eq!((why.value, why.rising, why.breakpoint), (4, 4, (3, 1)));
        assert!(why.targets.is_empty() && why.held.is_empty());
        let report = why.to_string();
        assert!(report.contains("6 is not a special point"), "{report}");
        assert!(
            report.contains("g(6) = g(3) + (6 - 3) = 1 + 3."),
            "{report}"
        );
    }

    /// At 2^64 - 1 with 12 forbidden moves to distinct values (each held once), the report shows
    /// six value lines and sums up the other six in one, and H is counted without overflow.
    #[test]
    fn many_values_at_the_top_of_u64_are_summed_up() {
        let top = u64::MAX;
        let forbidden: Vec<(u64, u64)> = (1..=12).map(|y| (top, y * 1000)).collect();
        let why = why(&[top], &forbidden, top);
        assert_eq!(why.rising, top);
        assert_eq!(why.held.len(), 12);
        assert!(why.held.iter().all(|h| h.holders == 1 && h.unreachable()));
        assert_eq!(why.value, top - 12_000);
        let report = why.to_string();
        assert!(report.contains("... 6 more values from"), "{report}");
        assert!(report.contains("6 out of reach, 0 reachable"), "{report}");
        assert!(report.lines().count() <= 12, "{report}");
    }
}
