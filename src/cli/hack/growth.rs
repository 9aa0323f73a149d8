//! Why a timeout is slow, or a memory limit exceeded, in a contestant's words: the same game's
//! first piles and first forbidden moves run alone at a few sizes, each dimension with the other
//! held small, and what the runs' times or resident peaks show ([`Quantity`]): a complexity
//! (`time grows about quadratically in M`, `memory grows about linearly in M`), a jump between
//! two sizes (a threshold, a hash table's collisions), or a run that ends at no size at all.
//! Where one pile and one move are over the limit, or neither N nor M grows, the same game with
//! its values scaled down too (`time grows about linearly in the largest value V`): a loop up to
//! the largest pile is no endless loop, a table as large as it no fixed cost.
//!
//! Measuring ([`growth`]) and telling ([`fit`]) are apart, so that times measured elsewhere
//! (the shrinker's runs) can be told too. A run over the limit counts: it is a lower bound,
//! "over the limit at M = 200,000", never left out. The time is a run's CPU time where one
//! thread worked at a time, which no wait for a CPU bends; threads side by side, and a run
//! that sleeps, count the verdict's time: wall time, less what the run waited for a CPU that
//! other work held (see [`own_time`]). The peak is the verdict's, every process of the run
//! together; no busy machine bends it, so each size runs once.

use super::budget::Budget;
use super::report::grouped;
use super::run;
use super::trial::{Timed, Trial};
use super::verdict::{self, ALONE_WALL, Outcome};
use crate::Game;
use std::fmt;
use std::time::Duration;

/// How many smaller sizes are measured in a dimension, at most.
const SIZES: u32 = 4;
/// How many sizes between the two of a jump (or of the last within the limit and the first
/// over it) are measured, to say where it is.
const REFINE: u32 = 2;
/// Times above the base time by less than this (in seconds), or by less than a fifth of the
/// base, are noise, not growth: a solution that waits as long on every size has none.
const NOISE: f64 = 0.01;
/// Peaks above the base peak by less than this (in bytes), or by less than a twentieth of the
/// base, are noise, not growth: an allocator takes memory from the system in steps, and a
/// runtime's own peak moves by a few hundred KiB from run to run.
const PEAK_NOISE: f64 = (1 << 20) as f64;
/// An amount that grows faster than size^JUMP between two sizes jumps: no power a solution has.
const JUMP: f64 = 5.0;

/// What a growth measures of each run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Quantity {
    /// Its time, in seconds (see [`own_time`]): a timeout's growth.
    Time,
    /// Its resident peak, every process of the run together, in bytes: a memory limit's.
    Memory,
}

impl Quantity {
    /// What the report calls it: "time grows ...", "memory grows ...".
    pub(super) fn noun(self) -> &'static str {
        match self {
            Quantity::Time => "time",
            Quantity::Memory => "memory",
        }
    }

    /// The report's words for a game none of whose sizes rose above one pile and one move.
    pub(super) fn flat(self) -> &'static str {
        match self {
            Quantity::Time => {
                "no size of this game takes measurably longer than with one pile or one move"
            }
            Quantity::Memory => {
                "no size of this game uses measurably more memory than with one pile or one move"
            }
        }
    }

    /// An amount as a contestant reads it: 0.29 s, 5 s; 3.4 MiB, 41 MiB.
    fn shown(self, amount: f64) -> String {
        match self {
            Quantity::Time => seconds(amount),
            Quantity::Memory => mib(amount),
        }
    }

    /// How far above the base an amount must be to be growth, not noise.
    fn noise(self, base: f64) -> f64 {
        match self {
            Quantity::Time => NOISE.max(base / 5.0),
            Quantity::Memory => PEAK_NOISE.max(base / 20.0),
        }
    }

    /// What makes an amount leap between two neighbouring sizes.
    fn leaps(self) -> &'static str {
        match self {
            Quantity::Time => "a threshold or collisions in a hash table",
            Quantity::Memory => "a threshold: a table sized or chosen by the game from there on",
        }
    }
}

/// One of the game's two dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dimension {
    /// N, the piles.
    Piles,
    /// M, the forbidden moves.
    Moves,
    /// V, the largest value of the game, pile or X: every pile and move scaled together (see
    /// [`scaled`]), N and M held.
    Values,
}

impl Dimension {
    fn letter(self) -> &'static str {
        match self {
            Dimension::Piles => "N",
            Dimension::Moves => "M",
            Dimension::Values => "V",
        }
    }

    /// The dimension held, for N and M; V holds both.
    fn other(self) -> Dimension {
        match self {
            Dimension::Piles => Dimension::Moves,
            Dimension::Moves | Dimension::Values => Dimension::Piles,
        }
    }

    /// A size of this dimension as the report writes it: 200,000, or a value as a power of 2
    /// (2^30) when it is one.
    fn shown(self, size: u64) -> String {
        match self {
            Dimension::Values if size.is_power_of_two() && size >= 1024 => {
                format!("2^{}", size.trailing_zeros())
            }
            _ => grouped(size),
        }
    }
}

/// One run's time or peak, as the verdict judges it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Reading {
    /// Within the limit: this many seconds, or bytes at its peak.
    Within(f64),
    /// Over the limit, a lower bound: still running after this many seconds when hack ended
    /// it; a peak of this many bytes, at least (the judge would have ended it at the limit).
    Over(f64),
}

/// One run of a game's first `piles` piles and first `moves` forbidden moves, its values as
/// they are or scaled down so that the largest is `values`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Point {
    pub(super) piles: usize,
    pub(super) moves: usize,
    pub(super) values: Option<u64>,
    pub(super) used: Reading,
}

impl Point {
    fn size(&self, dimension: Dimension) -> usize {
        match dimension {
            Dimension::Piles => self.piles,
            Dimension::Moves => self.moves,
            Dimension::Values => self.values.unwrap_or(0) as usize,
        }
    }
}

/// What the times or peaks say, in one line of the report.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Growth {
    /// Even the game of one pile and one move did not end.
    Endless { after: f64 },
    /// The game of one pile and one move is over the limit, and ends: its time (see
    /// [`long_look`]) or its peak is a fixed cost, not the game's.
    Fixed { quantity: Quantity, used: f64 },
    /// The amount grows as a power of one dimension's size, the other held at `held`.
    Power {
        quantity: Quantity,
        dimension: Dimension,
        held: usize,
        /// The slope of log(amount - base) over log(size).
        exponent: f64,
        /// Whether the exponent is only a lower bound: one size was within the limit, the
        /// next over it.
        at_least: bool,
        /// The time of one pile and one move (its start-up) when fewer than two sizes rose
        /// above it by as much as it: a power from such times says more of how a busy machine
        /// shakes the start-up than of the program, and none is claimed. Never for a peak.
        rough: Option<f64>,
        /// The first and the last size within the limit above the base, and their amounts.
        from: (usize, f64),
        to: (usize, f64),
        /// The smallest size over the limit.
        over: Option<usize>,
    },
    /// The amount leaps between two neighbouring sizes, too fast for any power.
    Jump {
        quantity: Quantity,
        dimension: Dimension,
        held: usize,
        below: (usize, f64),
        above: (usize, Reading),
    },
}

impl Growth {
    /// Whether this line is about the values, scaled down (see [`scaled`]).
    pub(super) fn in_values(&self) -> bool {
        matches!(
            self,
            Growth::Power {
                dimension: Dimension::Values,
                ..
            } | Growth::Jump {
                dimension: Dimension::Values,
                ..
            }
        )
    }

    /// How much this line explains: a jump, then the steeper power.
    fn steepness(&self) -> f64 {
        match self {
            Growth::Endless { .. } | Growth::Fixed { .. } | Growth::Jump { .. } => f64::INFINITY,
            Growth::Power { exponent, .. } => *exponent,
        }
    }
}

/// Seconds as a contestant reads them: 0.29 s, 5 s.
fn seconds(time: f64) -> String {
    if time >= 1.0 && time.fract().abs() < 0.05 {
        format!("{time:.0} s")
    } else {
        format!("{time:.2} s")
    }
}

/// Bytes in MiB as a contestant reads them: 3.4 MiB below 10, else whole (41 MiB, 1,100 MiB).
fn mib(bytes: f64) -> String {
    let mib = bytes / (1u64 << 20) as f64;
    if mib < 10.0 {
        format!("{mib:.1} MiB")
    } else {
        format!("{} MiB", grouped(mib.round() as u64))
    }
}

/// The complexity an exponent shows, as far as a few sizes can tell (n log n is linear here).
fn complexity(exponent: f64) -> &'static str {
    match exponent {
        e if e < 0.75 => "less than linearly",
        e if e < 1.4 => "about linearly",
        e if e < 2.4 => "about quadratically",
        e if e < 3.4 => "about cubically",
        _ => "faster than cubically",
    }
}

impl fmt::Display for Growth {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let held = |dimension: Dimension, held: usize| {
            if held > 1 && dimension != Dimension::Values {
                format!(
                    ", with {} = {}",
                    dimension.other().letter(),
                    grouped(held as u64)
                )
            } else {
                String::new()
            }
        };
        match self {
            Growth::Endless { after } => write!(
                f,
                "never ends: still running after {} even at N = 1, M = 1 (an endless loop or a \
                 wait for input)",
                seconds(*after)
            ),
            Growth::Fixed {
                quantity: Quantity::Time,
                used,
            } => write!(
                f,
                "over the limit even at N = 1, M = 1, where it took {}: its time does not come \
                 from the game (a fixed cost: its start-up, a table of a fixed size, a wait)",
                seconds(*used)
            ),
            Growth::Fixed {
                quantity: Quantity::Memory,
                used,
            } => write!(
                f,
                "over the limit even at N = 1, M = 1, where its peak was {}: its memory does \
                 not come from the game (a fixed cost: its runtime, a table of a fixed size)",
                mib(*used)
            ),
            Growth::Power {
                quantity,
                dimension,
                held: kept,
                exponent,
                at_least,
                rough,
                from,
                to,
                over,
            } => {
                let d = dimension.letter();
                let at = |&(size, amount): &(usize, f64)| {
                    format!(
                        "{} at {d} = {}",
                        quantity.shown(amount),
                        dimension.shown(size as u64)
                    )
                };
                let mut shown = if from == to {
                    at(from)
                } else {
                    format!("{} → {}", at(from), at(to))
                };
                if let Some(over) = over {
                    shown += &format!(
                        "; over the limit at {d} = {}",
                        dimension.shown(*over as u64)
                    );
                }
                let values = match dimension {
                    Dimension::Values => ", V the largest value, pile or X",
                    _ => "",
                };
                let how = match (at_least, dimension) {
                    _ if rough.is_some() => format!(
                        "{}, how fast these times cannot tell: they rise above its start-up's \
                         {} by less than that",
                        match dimension {
                            Dimension::Values => "with the largest value V, pile or X".to_owned(),
                            _ => format!("with {d}"),
                        },
                        quantity.shown(rough.unwrap_or(0.0))
                    ),
                    (true, _) => format!("at least as {d}^{exponent:.1}{values}"),
                    (false, Dimension::Values) => format!(
                        "{} in the largest value V, pile or X",
                        complexity(*exponent)
                    ),
                    (false, _) => format!("{} in {d}", complexity(*exponent)),
                };
                let power = if *at_least || rough.is_some() {
                    String::new()
                } else {
                    format!("{d}^{exponent:.1}: ")
                };
                write!(
                    f,
                    "{} grows {how}{} ({power}{shown})",
                    quantity.noun(),
                    held(*dimension, *kept)
                )
            }
            Growth::Jump {
                quantity,
                dimension,
                held: kept,
                below,
                above,
            } => {
                let d = dimension.letter();
                let above_amount = match above.1 {
                    Reading::Within(amount) => quantity.shown(amount),
                    Reading::Over(_) => "over the limit".to_owned(),
                };
                let values = match dimension {
                    Dimension::Values => ", V the largest value, pile or X",
                    _ => "",
                };
                write!(
                    f,
                    "{} jumps between {d} = {} ({}) and {d} = {} ({above_amount}){}{values}: {}",
                    quantity.noun(),
                    dimension.shown(below.0 as u64),
                    quantity.shown(below.1),
                    dimension.shown(above.0 as u64),
                    held(*dimension, *kept),
                    quantity.leaps()
                )
            }
        }
    }
}

/// What `points` say of `quantity`, the line that explains most first: the game of one pile and
/// one move over the limit; else in each dimension, with the other held at its smallest size
/// that shows growth, a jump or a power. A dimension whose amounts do not rise above its size-1
/// amount (or the game's of one pile and one move) is left out, and so is one with a single
/// such point, and a power whose amounts stay below a quarter of the largest run's.
pub(super) fn fit(quantity: Quantity, all: &[Point]) -> Vec<Growth> {
    // The game's own values, and apart the line of its values scaled.
    let (points, scaled): (Vec<Point>, Vec<Point>) = all.iter().partition(|p| p.values.is_none());
    let values = fit_values(quantity, &scaled);
    let smallest = points.iter().find(|p| p.piles == 1 && p.moves == 1);
    if let Some(Point {
        used: Reading::Over(after),
        ..
    }) = smallest
    {
        // Over the limit even at N = 1, M = 1: it never ends, or its peak is a fixed cost,
        // unless it is within the limit at smaller values (a loop up to the largest pile, a
        // table as large): then its values are what it grows with.
        let ends = scaled.iter().any(|p| matches!(p.used, Reading::Within(_)));
        return match (values, quantity) {
            (Some(values), _) => vec![values],
            (None, _) if ends => Vec::new(),
            (None, Quantity::Time) => vec![Growth::Endless { after: *after }],
            (None, Quantity::Memory) => vec![Growth::Fixed {
                quantity,
                used: *after,
            }],
        };
    }
    let start = match smallest {
        Some(Point {
            used: Reading::Within(time),
            ..
        }) => *time,
        _ => 0.0,
    };
    let mut found: Vec<Growth> = values.into_iter().collect();
    for dimension in [Dimension::Piles, Dimension::Moves] {
        let other = dimension.other();
        let mut helds: Vec<usize> = points.iter().map(|p| p.size(other)).collect();
        helds.sort_unstable();
        helds.dedup();
        let line = helds.into_iter().find_map(|held| {
            let mut line: Vec<(usize, Reading)> = (points.iter())
                .filter(|p| p.size(other) == held)
                .map(|p| (p.size(dimension), p.used))
                .collect();
            line.sort_by_key(|p| p.0);
            line.dedup_by_key(|p| p.0);
            fit_line(quantity, dimension, held, &line, start)
        });
        found.extend(line);
    }
    // A power whose amounts stay far below the largest run's explains none of it (reading
    // 200,000 piles in 0.02 s, beside a jump to 2.6 s in M).
    let longest = (all.iter())
        .map(|p| match p.used {
            Reading::Within(t) | Reading::Over(t) => t,
        })
        .fold(0.0, f64::max);
    found.retain(|growth| match growth {
        Growth::Power { to, over, .. } => over.is_some() || to.1 >= longest / 4.0,
        _ => true,
    });
    found.sort_by(|a, b| b.steepness().total_cmp(&a.steepness()));
    found
}

/// The growth in the values, from the points of one N and M whose values were scaled, the
/// smallest values' amount the base.
fn fit_values(quantity: Quantity, scaled: &[Point]) -> Option<Growth> {
    let held = scaled.first()?.piles;
    let mut line: Vec<(usize, Reading)> = (scaled.iter())
        .map(|p| (p.size(Dimension::Values), p.used))
        .collect();
    line.sort_by_key(|p| p.0);
    line.dedup_by_key(|p| p.0);
    let start = match line.first() {
        Some(&(1, Reading::Within(time))) => time,
        _ => return None,
    };
    fit_line(quantity, Dimension::Values, held, &line, start)
}

/// One dimension's growth from its sizes and amounts, smallest first, the other held at `held`.
fn fit_line(
    quantity: Quantity,
    dimension: Dimension,
    held: usize,
    line: &[(usize, Reading)],
    start: f64,
) -> Option<Growth> {
    // What the other dimension and the start-up cost: the amount at size 1 of this one, or
    // any smaller amount of the line (a size-1 run that waited on a loaded machine says
    // nothing).
    let base = match line.first() {
        Some(&(1, Reading::Within(amount))) => amount,
        _ => start,
    };
    let base = (line.iter())
        .filter_map(|p| match p.1 {
            Reading::Within(t) => Some(t),
            Reading::Over(_) => None,
        })
        .fold(base, f64::min);
    let noise = quantity.noise(base);
    let grows = |used: Reading| match used {
        Reading::Within(t) => t - base >= noise,
        Reading::Over(_) => true,
    };
    // The steepest leap between neighbouring sizes, in the amount above the base: an amount
    // at the base's counts as the noise, the least growth that could have gone unseen.
    let leap = line
        .windows(2)
        .filter_map(|pair| {
            let ((small, Reading::Within(below)), (large, above)) = (pair[0], pair[1]) else {
                return None;
            };
            let (Reading::Within(t) | Reading::Over(t)) = above;
            let grown = (t - base) / (below - base).max(noise);
            let exponent = grown.ln() / (large as f64 / small as f64).ln();
            Some((exponent, (small, below), (large, above)))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((exponent, below, above)) = leap
        && exponent >= JUMP
        && grows(above.1)
    {
        return Some(Growth::Jump {
            quantity,
            dimension,
            held,
            below,
            above,
        });
    }
    let over = line
        .iter()
        .find(|p| matches!(p.1, Reading::Over(_)))
        .map(|p| p.0);
    let rising: Vec<(usize, f64)> = line
        .iter()
        .filter_map(|&(size, used)| match used {
            Reading::Within(t) if size > 1 && t - base >= noise => Some((size, t)),
            _ => None,
        })
        .collect();
    // Amounts within a few noises of the base say more of the machine than of the solution:
    // fitted only when nothing else is.
    // Nor is a power claimed from times that rise less than the start-up's own time (a busy
    // machine shakes a Python's 0.2 s start-up by a fifth: V^0.3 from a linear solution); no
    // machine shakes a peak so.
    let solid: Vec<(usize, f64)> = (rising.iter().copied())
        .filter(|&(_, t)| t - base >= (3.0 * noise).max(base))
        .collect();
    let rough =
        (quantity == Quantity::Time && solid.len() < 2 && rising.len() >= 2).then_some(base);
    let solid: Vec<(usize, f64)> = (rising.iter().copied())
        .filter(|&(_, t)| t - base >= 3.0 * noise)
        .collect();
    let rising = if solid.len() >= 2 { solid } else { rising };
    // A complexity shows in the largest sizes: in the smaller, a linear part (reading the
    // game) and the start-up flatten a quadratic, and a machine's noise weighs more. The fit
    // takes the sizes within a factor of 4 of the largest within the limit, when there are
    // two.
    let largest = rising.last().map_or(0, |p| p.0);
    let top: Vec<(usize, f64)> = (rising.iter().copied())
        .filter(|&(size, _)| size.saturating_mul(4) >= largest)
        .collect();
    let rising = if top.len() >= 2 { top } else { rising };
    let (&from, &to) = (rising.first()?, rising.last()?);
    let (exponent, at_least) = match (slope(&rising, base), over) {
        (Some(exponent), _) => (exponent, false),
        // One size within the limit, a larger one over it: it grew at least this fast.
        (None, Some(size)) => {
            let Some(&(_, Reading::Over(after))) = line.iter().find(|p| p.0 == size) else {
                return None;
            };
            let exponent = ((after - base) / (to.1 - base)).ln() / (size as f64 / to.0 as f64).ln();
            (exponent, true)
        }
        (None, None) => return None,
    };
    (exponent > 0.0).then_some(Growth::Power {
        quantity,
        dimension,
        held,
        exponent,
        at_least,
        rough,
        from,
        to,
        over,
    })
}

/// The weighted least-squares slope of log(amount - start) over log(size), from two points on.
///
/// A machine's noise adds about as much to every run (a few hundredths of a second, an
/// allocator's step), so it shakes log(amount) by noise / amount: each point weighs
/// (amount - start)^2, the inverse of that variance. Unweighted, one short run slowed by 0.03 s
/// turned a quadratic's M^2.0 into M^1.3.
fn slope(points: &[(usize, f64)], start: f64) -> Option<f64> {
    if points.len() < 2 {
        return None;
    }
    let logs: Vec<(f64, f64, f64)> = points
        .iter()
        .map(|&(size, time)| {
            (
                (size as f64).ln(),
                (time - start).ln(),
                (time - start).powi(2),
            )
        })
        .collect();
    let weight: f64 = logs.iter().map(|p| p.2).sum();
    let mean_x = logs.iter().map(|p| p.2 * p.0).sum::<f64>() / weight;
    let mean_y = logs.iter().map(|p| p.2 * p.1).sum::<f64>() / weight;
    let covariance: f64 = (logs.iter())
        .map(|p| p.2 * (p.0 - mean_x) * (p.1 - mean_y))
        .sum();
    let variance: f64 = logs.iter().map(|p| p.2 * (p.0 - mean_x).powi(2)).sum();
    (variance > 0.0).then(|| covariance / variance)
}

/// Measures `case`'s first piles and first forbidden moves alone, as `meter` says, and says
/// what they show (see [`fit`]): first one pile and one move; then each dimension at its full
/// size, halved, quartered, ... down to where the amount no longer rises, with the other held
/// at 1, or at its full size when the first alone does not grow (a time in N·M); then a few
/// sizes between the two of a jump, or the last within the limit and the first over it.
pub(super) fn growth(meter: &Meter, case: &Game) -> Vec<Growth> {
    let (n, m) = (case.piles.len(), case.forbidden.len());
    if n == 0 || m == 0 {
        return Vec::new();
    }
    let mut points: Vec<Point> = (meter.whole.iter())
        .map(|&used| Point {
            piles: n,
            moves: m,
            values: None,
            used,
        })
        .collect();
    match measure(meter, case, &mut points, (1, 1)) {
        Some(Reading::Within(_)) => {}
        // Over the limit at one pile and one move: an endless loop or a fixed cost, or an
        // amount that grows with the values (a loop up to the largest pile, a table as large),
        // which the same game at smaller values tells apart.
        Some(Reading::Over(_)) => {
            measure_values(meter, case, &mut points, (1, 1));
            again(meter, case, &mut points);
            return fit(meter.quantity, &points);
        }
        None => return Vec::new(),
    }
    for dimension in [Dimension::Piles, Dimension::Moves] {
        let (len, full_other) = match dimension {
            Dimension::Piles => (n, m),
            Dimension::Moves | Dimension::Values => (m, n),
        };
        if len < 4 {
            continue;
        }
        let at = |size: usize, held: usize| match dimension {
            Dimension::Piles => (size, held),
            Dimension::Moves | Dimension::Values => (held, size),
        };
        let helds = if full_other > 1 {
            vec![1, full_other]
        } else {
            vec![1]
        };
        for held in helds {
            if held > 1 {
                // Held at its full size only when the dimension alone does not grow.
                let line = line_of(&points, dimension, 1);
                let alone = fit_line(meter.quantity, dimension, 1, &line, 0.0);
                if alone.is_some() || measure(meter, case, &mut points, at(1, held)).is_none() {
                    break;
                }
            }
            let Some(Reading::Within(base)) = time_at(&points, at(1, held)) else {
                break;
            };
            for halvings in 0..=SIZES {
                let size = len >> halvings;
                if size < 2 || run::stopped() {
                    break;
                }
                match measure(meter, case, &mut points, at(size, held)) {
                    Some(Reading::Within(t)) if t - base < meter.quantity.noise(base) => break,
                    Some(_) => {}
                    None => break,
                }
            }
            // A few sizes between the two of a leap, or between the last within the limit and
            // the first over it: where it jumps, or that it does not.
            for _ in 0..REFINE {
                let line = line_of(&points, dimension, held);
                let edge = line
                    .windows(2)
                    .find_map(|pair| match (pair[0].1, pair[1].1) {
                        (Reading::Within(_), Reading::Over(_)) => Some((pair[0].0, pair[1].0)),
                        _ => None,
                    });
                let (below, above) = match fit_line(meter.quantity, dimension, held, &line, base) {
                    Some(Growth::Jump { below, above, .. }) => (below.0, above.0),
                    _ => match edge {
                        Some(edge) => edge,
                        None => break,
                    },
                };
                let middle = below + (above - below) / 2;
                if middle <= below || run::stopped() {
                    break;
                }
                if measure(meter, case, &mut points, at(middle, held)).is_none() {
                    break;
                }
            }
        }
    }
    // Neither N nor M is what it grows with: the values may be.
    if fit(meter.quantity, &points).is_empty() {
        measure_values(meter, case, &mut points, (n, m));
    }
    again(meter, case, &mut points);
    fit(meter.quantity, &points)
}

/// Runs again each size that ended, and keeps its shortest time. A machine's noise only ever
/// adds: on a shared machine the same run of a quadratic solution took 0.19 s of CPU time or
/// 0.30 s (the host's other work, which no wait for a CPU shows), and one such time made its
/// M^1.9 look like M^1.1. Each pass comes after all the sizes, so that one slow spell of the
/// machine does not slow every run of a size. A run that took less than a quarter of the limit
/// runs twice more: these weigh little in time (less than the limit in all, their sizes halving)
/// and much in the fit, where the same noise is a larger part of their time. On a busy machine
/// (the runs waited for a CPU longer than they ran) every size runs three times: other work
/// slows even a run's CPU time (its caches emptied at every turn), by a tenth to a third from
/// one run to the next beside two busy loops, and a linear Python solution's two largest sizes
/// read V^0.5 from two runs each. A peak is not run again: no other work moves it.
fn again(meter: &Meter, case: &Game, points: &mut [Point]) {
    if meter.quantity == Quantity::Memory {
        return;
    }
    let limit = meter.limit;
    let ran: f64 = (points.iter())
        .map(|p| match p.used {
            Reading::Within(t) | Reading::Over(t) => t,
        })
        .sum();
    let busy = meter.budget.held().as_secs_f64() > ran;
    for pass in 0..2 {
        for point in points.iter_mut() {
            let Reading::Within(shortest) = point.used else {
                continue;
            };
            if pass > 0 && shortest >= limit / 4.0 && !busy {
                continue;
            }
            if meter.budget.ran_out() || run::stopped() {
                return;
            }
            if let Some(Reading::Within(time)) = judged(meter, &game_of(case, point)) {
                point.used = Reading::Within(shortest.min(time));
            }
        }
    }
}

/// Measures the game's first `piles` piles and first `moves` forbidden moves, and keeps the
/// point; a point already measured is not run again.
fn measure(
    meter: &Meter,
    case: &Game,
    points: &mut Vec<Point>,
    (piles, moves): (usize, usize),
) -> Option<Reading> {
    measure_at(meter, case, points, (piles, moves), None)
}

/// [`measure`], with the values scaled so that the largest is `values` (see [`scaled`]).
fn measure_at(
    meter: &Meter,
    case: &Game,
    points: &mut Vec<Point>,
    (piles, moves): (usize, usize),
    values: Option<u64>,
) -> Option<Reading> {
    if let Some(used) = used_at(points, (piles, moves), values) {
        return Some(used);
    }
    // The report's budget is spent: no more runs (see `budget::Budget`).
    if meter.budget.ran_out() {
        return None;
    }
    let point = Point {
        piles,
        moves,
        values,
        used: Reading::Within(0.0),
    };
    let used = judged(meter, &game_of(case, &point))?;
    points.push(Point { used, ..point });
    Some(used)
}

/// Measures the game's first `piles` piles and first `moves` forbidden moves with their values
/// scaled down: at the smallest (every value 1), then from 2^10 up, 4 times as large each time,
/// until a run takes a quarter of the limit more than the smallest, then twice the last two
/// within the limit: runs below the limit are quick, where a game whose largest value is 10^18
/// takes years at its own values when its time grows with them.
fn measure_values(meter: &Meter, case: &Game, points: &mut Vec<Point>, at: (usize, usize)) {
    let top = largest(&first(case, at.0, at.1));
    if top < 2 {
        return;
    }
    // Over the limit at the smallest values too: nothing here grows.
    let Some(Reading::Within(base)) = measure_at(meter, case, points, at, Some(1)) else {
        return;
    };
    // The game as it is is the largest values' point.
    if let Some(used) = used_at(points, at, None) {
        points.push(Point {
            piles: at.0,
            moves: at.1,
            values: Some(top),
            used,
        });
    }
    let limit = meter.limit;
    let mut size = 1u64 << 10;
    let mut ended = Vec::new();
    while size < top && !run::stopped() {
        match measure_at(meter, case, points, at, Some(size)) {
            // A quarter of the limit above the start-up's amount (a busy machine's Python
            // takes a tenth of a second to start, and 10 MiB).
            Some(Reading::Within(t)) => {
                ended.push(size);
                if t - base >= limit / 4.0 {
                    break;
                }
            }
            Some(Reading::Over(_)) => break,
            None => return,
        }
        size = size.saturating_mul(4);
    }
    // Halfway by ratio above each of the last two sizes within the limit: four sizes near the
    // top, each twice the one before, for the fit.
    for &below in ended.iter().rev().take(2).rev() {
        if below.saturating_mul(2) < top && !run::stopped() {
            measure_at(meter, case, points, at, Some(below * 2));
        }
    }
}

/// The game's first `piles` piles and first `moves` forbidden moves.
fn first(case: &Game, piles: usize, moves: usize) -> Game {
    Game {
        piles: case.piles[..piles].to_vec(),
        forbidden: case.forbidden[..moves].to_vec(),
    }
}

/// The game a point was measured on.
fn game_of(case: &Game, point: &Point) -> Game {
    let game = first(case, point.piles, point.moves);
    match point.values {
        Some(values) => scaled(&game, values),
        None => game,
    }
}

/// The largest value of a game, pile or X.
pub(super) fn largest(case: &Game) -> u64 {
    let xs = case.forbidden.iter().map(|&(x, _)| x);
    case.piles.iter().copied().chain(xs).max().unwrap_or(0)
}

/// `case` with every pile, X and Y scaled by `top` over its largest value (rounded down, at
/// least 1, Y at most its X), so that the largest is `top`: the same game at smaller values. A
/// forbidden move that becomes another's is left out.
pub(super) fn scaled(case: &Game, top: u64) -> Game {
    let largest = largest(case).max(1);
    let scale = |v: u64| ((u128::from(v) * u128::from(top) / u128::from(largest)) as u64).max(1);
    let mut seen = std::collections::HashSet::new();
    let forbidden = (case.forbidden.iter())
        .map(|&(x, y)| (scale(x), scale(y).min(scale(x))))
        .filter(|&pair| seen.insert(pair))
        .collect();
    Game {
        piles: case.piles.iter().map(|&a| scale(a)).collect(),
        forbidden,
    }
}

/// The sizes and amounts of `dimension` measured with the other at `held`, smallest first.
fn line_of(points: &[Point], dimension: Dimension, held: usize) -> Vec<(usize, Reading)> {
    let mut line: Vec<(usize, Reading)> = (points.iter())
        .filter(|p| p.size(dimension.other()) == held)
        .map(|p| (p.size(dimension), p.used))
        .collect();
    line.sort_by_key(|p| p.0);
    line
}

fn time_at(points: &[Point], at: (usize, usize)) -> Option<Reading> {
    used_at(points, at, None)
}

fn used_at(
    points: &[Point],
    (piles, moves): (usize, usize),
    values: Option<u64>,
) -> Option<Reading> {
    (points.iter())
        .find(|p| p.piles == piles && p.moves == moves && p.values == values)
        .map(|p| p.used)
}

/// What a growth measures its runs with: the trial, the budget that cuts them, what it reads
/// of each run and against which limit.
pub(super) struct Meter<'a> {
    pub(super) trial: &'a dyn Trial,
    pub(super) budget: Budget,
    pub(super) quantity: Quantity,
    /// The limit, in the quantity's unit: the time limit's seconds, the memory limit's bytes.
    limit: f64,
    /// The whole game's reading, where its verdict gave it: not run again.
    whole: Option<Reading>,
    /// How many runs ended with no peak measured (too short for /proc's looks to see).
    unseen: std::sync::atomic::AtomicU64,
    /// Whether a control group measures the peaks (see `run::peaks_by_group`).
    by_group: bool,
}

impl<'a> Meter<'a> {
    /// Whether some run's peak went unmeasured (see [`Meter::read`]).
    pub(super) fn unseen(&self) -> bool {
        self.unseen.load(std::sync::atomic::Ordering::Relaxed) > 0
    }

    /// A timeout's: each run's time (see [`own_time`]) against the trial's time limit.
    pub(super) fn time(trial: &'a dyn Trial, budget: Budget) -> Meter<'a> {
        let limit = trial.timeout().as_secs_f64();
        Meter {
            trial,
            budget,
            quantity: Quantity::Time,
            limit,
            whole: None,
            unseen: Default::default(),
            by_group: run::peaks_by_group(),
        }
    }

    /// A memory limit's: each run's resident peak against `memory` bytes, the whole game's
    /// the verdict's `peak`, over the limit. A game shrunk to a memory limit is at its edge,
    /// where one run's peak is a MiB above it and the next run's may be a MiB below: the
    /// verdict, confirmed, is what the report says of it.
    pub(super) fn memory(
        trial: &'a dyn Trial,
        budget: Budget,
        memory: u64,
        peak: u64,
    ) -> Meter<'a> {
        Meter {
            trial,
            budget,
            quantity: Quantity::Memory,
            limit: memory as f64,
            whole: Some(Reading::Over(peak as f64)),
            unseen: Default::default(),
            by_group: run::peaks_by_group(),
        }
    }

    /// What a run alone, ended at `wall`, reads: a time within the limit when it ended well
    /// (its peak aside), over it when `wall` ended it; a peak within the limit when it ended
    /// well, over it when it passed the limit, however it ended (the judge would have ended it
    /// there). `None` where it says nothing of the quantity: a time of a run that failed, a
    /// peak of a run that failed or ran out of time within the memory limit, or that was not
    /// measured (0).
    fn read(&self, timed: Timed, wall: Duration) -> Option<Reading> {
        match (self.quantity, timed) {
            (
                Quantity::Time,
                Timed::Took {
                    time, queued, cpu, ..
                },
            ) => Some(Reading::Within(own_time(time, queued, cpu).as_secs_f64())),
            (Quantity::Time, Timed::Over { .. }) => Some(Reading::Over(wall.as_secs_f64())),
            (Quantity::Time, Timed::Failed { .. }) => None,
            (
                Quantity::Memory,
                Timed::Took { peak, .. }
                | Timed::Failed { peak }
                | Timed::Over { peak: Some(peak) },
            ) if peak as f64 > self.limit => Some(Reading::Over(peak as f64)),
            // Measured from /proc, a peak of 0 is a run too short for its looks to see: not
            // measured, and a point at 0 would read as a jump after it.
            (Quantity::Memory, Timed::Took { peak: 0, .. }) if !self.by_group => {
                (self.unseen).fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                None
            }
            (Quantity::Memory, Timed::Took { peak, .. }) => Some(Reading::Within(peak as f64)),
            (Quantity::Memory, Timed::Failed { .. } | Timed::Over { .. }) => None,
        }
    }
}

/// The time a run of the growth counts: a run that used no more CPU time than the time the
/// verdict counts (one thread at work at a time) counts its CPU time, which no wait for a CPU
/// bends, unless it slept: most of its time was on no CPU, and more of it than its wait for
/// one, seen, can explain. Threads side by side, and a run that sleeps, count the verdict's
/// time (see `verdict::counted`: wall time less the wait, at least the CPU time over the
/// cores). On a busy machine a run's last wait for a CPU, after hack's last look, goes unseen
/// and adds to its wall time: 16 ms of work counted 40 ms beside two busy loops, and a
/// quadratic solution's growth read M^1.3; at a load of 30 the unseen wait passed 3 times the
/// CPU time, some sizes were counted by their wall time and others by their CPU time, and a
/// solution linear in V read V^0.7.
fn own_time(time: Duration, queued: Duration, cpu: Duration) -> Duration {
    let counted = verdict::counted(time, queued, cpu);
    let slept = counted.saturating_sub(cpu);
    if cpu.saturating_mul(4) >= counted || slept <= queued {
        cpu.min(counted)
    } else {
        counted
    }
}

/// One run of `case` alone, ended at [`ALONE_WALL`] limits, as [`Meter::read`] reads it; `None`
/// also when it did not run (a signal, the budget).
fn judged(meter: &Meter, case: &Game) -> Option<Reading> {
    judged_within(meter, case, meter.trial.timeout().mul_f64(ALONE_WALL))
}

/// How long a look at the game of one pile and one move is, in limits, before it is called
/// endless: a solution that takes a fixed 0.76 s under a limit of 0.62 s was "still running
/// after 0.78 s ... an endless loop", and it ends.
const LONG_LOOK: u32 = 4;

/// What a game over the limit even at one pile and one move (`smallest`) shows when run once
/// more, alone, for [`LONG_LOOK`] limits (at least 2 s): it never ends, or its time is a fixed
/// cost. `None` when the run gave no time (a signal, the budget).
pub(super) fn long_look(meter: &Meter, smallest: &Game) -> Option<Growth> {
    let wall = long_wall(meter.trial.timeout());
    // One run, bounded: past the growth's budget too, which its other runs may have spent.
    let unbounded = Meter::time(meter.trial, Budget::default());
    match judged_within(&unbounded, smallest, wall)? {
        Reading::Within(used) => Some(Growth::Fixed {
            quantity: Quantity::Time,
            used,
        }),
        Reading::Over(after) => Some(Growth::Endless { after }),
    }
}

/// How long the long look at a game runs, for a limit of `timeout`: [`LONG_LOOK`] limits, at
/// least 2 s.
pub(super) fn long_wall(timeout: Duration) -> Duration {
    (timeout * LONG_LOOK).max(Duration::from_secs(2))
}

/// What a long look taken as a judged try (`trial::Trial::try_longer`, ended at `wall`) saw:
/// a timeout still running at the end never ends, one that ended over the limit is a fixed
/// cost; `None` for any other outcome.
pub(super) fn looked(outcome: &Outcome, wall: Duration) -> Option<Growth> {
    match outcome {
        Outcome::Timeout { ended: true, .. } => Some(Growth::Endless {
            after: wall.as_secs_f64(),
        }),
        Outcome::Timeout {
            time,
            queued,
            cpu,
            ended: false,
        } => Some(Growth::Fixed {
            quantity: Quantity::Time,
            used: own_time(*time, *queued, *cpu).as_secs_f64(),
        }),
        _ => None,
    }
}

/// [`judged`] with a run ended at `wall`.
fn judged_within(meter: &Meter, case: &Game, wall: Duration) -> Option<Reading> {
    let timed = meter.trial.time_alone(case, wall, &meter.budget)?;
    meter.read(timed, wall)
}

#[cfg(test)]
mod tests {
    use super::super::trial::Sharing;
    use super::super::verdict::Outcome;
    use super::*;

    /// A fixed cost over the limit is named as one, not as an endless loop.
    #[test]
    fn a_fixed_cost_says_its_time_is_not_the_games() {
        let line = Growth::Fixed {
            quantity: Quantity::Time,
            used: 0.76,
        }
        .to_string();
        assert_eq!(
            line,
            "over the limit even at N = 1, M = 1, where it took 0.76 s: its time does not come \
             from the game (a fixed cost: its start-up, a table of a fixed size, a wait)"
        );
    }

    /// A run of one thread at work at a time counts its CPU time (its wait, seen or not, is
    /// not its own); a run that sleeps, or threads side by side, count what the verdict counts.
    #[test]
    fn a_growth_run_counts_its_cpu_time_when_it_was_mostly_on_a_cpu() {
        let ms = Duration::from_millis;
        // 16 ms of work in 46 ms of wall time, 6 ms of its wait seen.
        assert_eq!(own_time(ms(46), ms(6), ms(16)), ms(16));
        // A sleep of 500 ms: 2 ms of CPU time.
        assert_eq!(own_time(ms(500), ms(0), ms(2)), ms(500));
        // At a load of 30: 200 ms of work in 3.2 s, 2.2 s of its wait seen, 0.8 s not.
        assert_eq!(own_time(ms(3200), ms(2200), ms(200)), ms(200));
        // A sleep of 500 ms beside it, on a busy machine: more than its wait explains.
        assert_eq!(own_time(ms(900), ms(200), ms(100)), ms(700));
        // Two threads side by side: 200 ms of CPU time in 100 ms.
        assert_eq!(own_time(ms(100), ms(0), ms(200)), ms(100));
    }

    /// Points of one dimension, the other held at 1, with the game of one pile and one move.
    fn line(dimension: Dimension, times: &[(usize, Reading)]) -> Vec<Point> {
        let one = Point {
            values: None,
            piles: 1,
            moves: 1,
            used: Reading::Within(0.002),
        };
        let points = times.iter().map(|&(size, time)| match dimension {
            Dimension::Piles => Point {
                values: None,
                piles: size,
                moves: 1,
                used: time,
            },
            Dimension::Moves => Point {
                values: None,
                piles: 1,
                moves: size,
                used: time,
            },
            Dimension::Values => Point {
                values: Some(size as u64),
                piles: 1,
                moves: 1,
                used: time,
            },
        });
        std::iter::once(one).chain(points).collect()
    }

    /// A time linear in the largest pile, over the limit at one pile and one move, is named by
    /// the values, not as an endless loop.
    #[test]
    fn a_time_that_grows_with_the_values_is_named_by_them() {
        let mut points = line(
            Dimension::Values,
            &[
                (1, Reading::Within(0.03)),
                (1 << 21, Reading::Within(0.63)),
                (1 << 22, Reading::Within(1.23)),
                (1 << 23, Reading::Within(2.43)),
                (1 << 24, Reading::Over(5.0)),
            ],
        );
        points[0].used = Reading::Over(5.0);
        assert_eq!(
            fit(Quantity::Time, &points)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "time grows about linearly in the largest value V, pile or X (V^1.0: 0.63 s at \
                 V = 2^21 → 2.43 s at V = 2^23; over the limit at V = 2^24)"
            ]
        );
        // Over the limit at the smallest values too: it never ends.
        let endless = line(Dimension::Values, &[(1, Reading::Over(5.0))]);
        let endless = [
            vec![Point {
                used: Reading::Over(5.0),
                ..endless[0]
            }],
            endless[1..].to_vec(),
        ]
        .concat();
        assert!(matches!(
            fit(Quantity::Time, &endless)[..],
            [Growth::Endless { .. }]
        ));
    }

    #[test]
    fn a_game_scaled_keeps_its_shape_inside_the_statement() {
        let case = Game {
            piles: vec![1 << 40, 3],
            forbidden: vec![(1 << 40, 1 << 39), (1 << 40, 1), (5, 5)],
        };
        let small = scaled(&case, 1 << 10);
        assert_eq!(small.piles, [1 << 10, 1]);
        // (2^40, 1) and (5, 5) both become (1, 1): one is left out.
        assert_eq!(small.forbidden, [(1 << 10, 1 << 9), (1 << 10, 1), (1, 1)]);
    }

    #[test]
    fn a_quadratic_time_has_slope_two() {
        let start = 0.002;
        let points: Vec<(usize, f64)> = [1000, 2000, 4000]
            .iter()
            .map(|&m| (m, start + 1e-7 * (m * m) as f64))
            .collect();
        let exponent = slope(&points, start).unwrap();
        assert!((exponent - 2.0).abs() < 1e-9, "{exponent}");
    }

    #[test]
    fn a_quadratic_time_is_named_with_the_size_over_the_limit() {
        let points = line(
            Dimension::Moves,
            &[
                (12_500, Reading::Within(0.0145)),
                (25_000, Reading::Within(0.052)),
                (50_000, Reading::Within(0.202)),
                (100_000, Reading::Within(0.802)),
                (200_000, Reading::Over(5.0)),
            ],
        );
        let found = fit(Quantity::Time, &points);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0].to_string(),
            "time grows about quadratically in M (M^2.0: 0.05 s at M = 25,000 → 0.80 s at \
             M = 100,000; over the limit at M = 200,000)"
        );
    }

    #[test]
    fn a_short_run_slowed_by_the_machine_does_not_flatten_a_quadratic() {
        // Measured under a 0.4 s limit, 3,125 and 6,250 moves slowed by 0.03 and 0.025 s: fitted
        // on all sizes alike, M^1.0, "about linearly". The sizes within a factor of 4 of the
        // largest, weighed by their times, show M^1.7.
        let points = line(
            Dimension::Moves,
            &[
                (3_125, Reading::Within(0.04)),
                (6_250, Reading::Within(0.05)),
                (12_500, Reading::Within(0.066)),
                (25_000, Reading::Within(0.217)),
                (37_500, Reading::Within(0.426)),
                (43_750, Reading::Over(0.5)),
            ],
        );
        let found = fit(Quantity::Time, &points);
        assert!(
            found[0]
                .to_string()
                .starts_with("time grows about quadratically in M (M^1.7: "),
            "{found:?}"
        );
    }

    #[test]
    fn the_dimension_held_small_is_the_one_fitted() {
        // N held at 200,000 flattens the growth in M (half of each time is N's); at N = 1 it
        // is quadratic.
        let mut points = line(
            Dimension::Moves,
            &[
                (50_000, Reading::Within(0.25)),
                (100_000, Reading::Within(1.0)),
            ],
        );
        points.extend([(50_000, 1.5), (100_000, 2.2)].map(|(moves, t)| Point {
            values: None,
            piles: 200_000,
            moves,
            used: Reading::Within(t),
        }));
        let found = fit(Quantity::Time, &points);
        assert!(
            found[0]
                .to_string()
                .starts_with("time grows about quadratically in M (M^2.0: "),
            "{found:?}"
        );
    }

    #[test]
    fn a_leap_is_a_jump_between_its_two_sizes() {
        let points = line(
            Dimension::Moves,
            &[
                (50_000, Reading::Within(0.15)),
                (85_000, Reading::Within(0.29)),
                (100_000, Reading::Over(5.0)),
                (200_000, Reading::Over(5.0)),
            ],
        );
        assert_eq!(
            fit(Quantity::Time, &points)[0].to_string(),
            "time jumps between M = 85,000 (0.29 s) and M = 100,000 (over the limit): a \
             threshold or collisions in a hash table"
        );
        let ended = line(
            Dimension::Piles,
            &[
                (26_092, Reading::Within(0.03)),
                (52_185, Reading::Within(4.23)),
            ],
        );
        assert_eq!(
            fit(Quantity::Time, &ended)[0].to_string(),
            "time jumps between N = 26,092 (0.03 s) and N = 52,185 (4.23 s): a threshold or \
             collisions in a hash table"
        );
    }

    #[test]
    fn a_game_of_one_pile_and_one_move_that_never_ends_says_so() {
        let points = [Point {
            values: None,
            piles: 1,
            moves: 1,
            used: Reading::Over(5.0),
        }];
        assert_eq!(
            fit(Quantity::Time, &points)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "never ends: still running after 5 s even at N = 1, M = 1 (an endless loop or a \
              wait for input)"
            ]
        );
    }

    #[test]
    fn one_size_below_the_limit_gives_a_lower_bound() {
        let points = line(
            Dimension::Piles,
            &[
                (100_000, Reading::Within(1.6)),
                (200_000, Reading::Over(5.0)),
            ],
        );
        assert_eq!(
            fit(Quantity::Time, &points)[0].to_string(),
            "time grows at least as N^1.6 (1.60 s at N = 100,000; over the limit at N = 200,000)"
        );
    }

    #[test]
    fn a_growth_far_below_the_longest_time_is_left_out() {
        // gcc-growth's max test against an unordered_map keyed by X: reading the piles is not
        // what takes the time.
        let mut points = line(
            Dimension::Moves,
            &[
                (25_000, Reading::Within(0.015)),
                (37_500, Reading::Within(0.02)),
                (43_750, Reading::Within(2.59)),
                (50_000, Reading::Over(5.0)),
            ],
        );
        points.extend(
            [(100_000, 0.015), (200_000, 0.025)].map(|(piles, t)| Point {
                values: None,
                piles,
                moves: 1,
                used: Reading::Within(t),
            }),
        );
        let found: Vec<String> = fit(Quantity::Time, &points)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            found,
            [
                "time jumps between M = 37,500 (0.02 s) and M = 43,750 (2.59 s): a threshold or \
              collisions in a hash table"
            ]
        );
    }

    #[test]
    fn a_slow_run_at_size_one_does_not_hide_a_jump() {
        // One pile and one move waited 0.37 s on a loaded machine; 20,000 moves took 0.03 s.
        let mut points = line(
            Dimension::Moves,
            &[
                (20_000, Reading::Within(0.033)),
                (25_000, Reading::Over(0.625)),
                (40_000, Reading::Over(0.625)),
            ],
        );
        points[0].used = Reading::Within(0.37);
        assert!(
            fit(Quantity::Time, &points)[0]
                .to_string()
                .starts_with("time jumps between M = 20,000 (0.03 s) and M = 25,000 (over"),
            "{:?}",
            fit(Quantity::Time, &points)
        );
    }

    #[test]
    fn a_time_near_the_base_is_not_fitted() {
        // 3,750 moves took 0.01 s above the base: noise would make the quadratic M^1.6.
        let points = line(
            Dimension::Moves,
            &[
                (3_750, Reading::Within(0.014)),
                (7_500, Reading::Within(0.018)),
                (15_000, Reading::Within(0.057)),
                (30_000, Reading::Within(0.22)),
            ],
        );
        assert!(
            fit(Quantity::Time, &points)[0].to_string().starts_with(
                "time grows about quadratically in M (M^2.0: 0.06 s at M = 15,000 → 0.22 s"
            ),
            "{:?}",
            fit(Quantity::Time, &points)
        );
    }

    /// A linear Python solution's values beside four busy loops: its start-up took 0.2 s, and
    /// the largest sizes rose by less than that. It read "less than linearly ... (V^0.3: ...)".
    #[test]
    fn times_that_rise_less_than_the_start_up_claim_no_power() {
        let mut points = line(
            Dimension::Values,
            &[
                (1, Reading::Within(0.2)),
                (1 << 16, Reading::Within(0.28)),
                (1 << 17, Reading::Within(0.29)),
                (1 << 18, Reading::Within(0.31)),
                (30_000_000, Reading::Over(1.25)),
            ],
        );
        points[0].used = Reading::Over(1.25);
        assert_eq!(
            fit(Quantity::Time, &points)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "time grows with the largest value V, pile or X, how fast these times cannot \
                 tell: they rise above its start-up's 0.20 s by less than that (0.28 s at V = \
                 2^16 → 0.31 s at V = 2^18; over the limit at V = 30,000,000)"
            ]
        );
    }

    #[test]
    fn times_that_do_not_rise_say_nothing() {
        let points = line(
            Dimension::Moves,
            &[
                (100_000, Reading::Within(0.003)),
                (200_000, Reading::Within(0.004)),
            ],
        );
        assert_eq!(fit(Quantity::Time, &points), []);
    }

    #[test]
    fn a_time_in_n_times_m_is_said_with_the_other_held_full() {
        let mut points = line(Dimension::Moves, &[(200_000, Reading::Within(0.004))]);
        points.extend(
            [(1, 0.004), (100_000, 2.0), (200_000, 4.0)].map(|(piles, t)| Point {
                values: None,
                piles,
                moves: 200_000,
                used: Reading::Within(t),
            }),
        );
        assert_eq!(
            fit(Quantity::Time, &points)[0].to_string(),
            "time grows about linearly in N, with M = 200,000 (N^1.0: 2 s at N = 100,000 → 4 s \
             at N = 200,000)"
        );
    }

    /// A trial whose time and peak are a model of the game, not a run: `seconds(game)`, over a
    /// limit of 1 s, ended at the wall it is given, and `bytes(game)`. A growth is measured
    /// through it as through a batch run, every run exact.
    struct Modelled<F, G> {
        seconds: F,
        bytes: G,
    }

    impl<F: Fn(&Game) -> f64 + Sync, G: Fn(&Game) -> u64 + Sync> Trial for Modelled<F, G> {
        fn try_game(&self, _: &Game, _: Sharing, _: &Budget) -> Outcome {
            Outcome::Right
        }

        fn time_alone(&self, game: &Game, wall: Duration, _: &Budget) -> Option<Timed> {
            let time = Duration::from_secs_f64((self.seconds)(game));
            let peak = (self.bytes)(game);
            Some(if time > wall {
                Timed::Over { peak: None }
            } else {
                Timed::Took {
                    time,
                    queued: Duration::ZERO,
                    cpu: time,
                    peak,
                }
            })
        }

        fn timeout(&self) -> Duration {
            Duration::from_secs(1)
        }

        fn jobs(&self) -> usize {
            1
        }

        fn runs(&self) -> u64 {
            0
        }
    }

    /// A game of 4 piles and 200,000 moves (targets near 10^9).
    fn contest_game() -> Game {
        Game {
            piles: vec![1_000_000_000; 4],
            forbidden: (1..=200_000).map(|x| (1_000_000_000 - x, 1)).collect(),
        }
    }

    /// The growth of [`contest_game`] timed by `seconds` (its peak a flat 4 MiB).
    fn growth_of(seconds: impl Fn(&Game) -> f64 + Sync) -> Vec<String> {
        let trial = Modelled {
            seconds,
            bytes: |_: &Game| 4 * MIB,
        };
        let meter = Meter::time(&trial, Budget::default());
        growth(&meter, &contest_game())
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The memory growth of [`contest_game`] whose peak is `bytes`, under a limit of 128 MiB
    /// (every run 0.01 s).
    fn memory_growth_of(bytes: impl Fn(&Game) -> u64 + Sync) -> Vec<String> {
        let trial = Modelled {
            seconds: |_: &Game| 0.01,
            bytes,
        };
        let case = contest_game();
        let meter = Meter::memory(&trial, Budget::default(), 128 * MIB, (trial.bytes)(&case));
        growth(&meter, &case)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_quadratic_trial_is_measured_and_named_through_the_trait() {
        // 0.3 s at M = 100,000: 1.2 s at the full 200,000, over the limit.
        let found = growth_of(|game| 0.01 + 3e-11 * (game.forbidden.len() as f64).powi(2));
        assert!(
            found[0].starts_with("time grows about quadratically in M"),
            "{found:?}"
        );
    }

    #[test]
    fn a_trial_whose_time_grows_with_the_values_is_named_by_them() {
        // A loop up to the largest pile: over the limit even at one pile and one move.
        let found = growth_of(|game| {
            let top = game.piles.iter().max().copied().unwrap_or(0);
            0.01 + top as f64 * 2e-9
        });
        assert!(
            found[0].starts_with("time grows about linearly in the largest value"),
            "{found:?}"
        );
    }

    const MIB: u64 = 1 << 20;

    /// Points of a peak: `line`'s, the game of one pile and one move at `base` MiB, each size's
    /// peak in MiB (a peak over 128 MiB, the limit, is over it).
    fn peaks(dimension: Dimension, base: f64, sizes: &[(usize, f64)]) -> Vec<Point> {
        let read = |mib: f64| match mib * MIB as f64 {
            bytes if mib > 128.0 => Reading::Over(bytes),
            bytes => Reading::Within(bytes),
        };
        let readings: Vec<(usize, Reading)> = (sizes.iter())
            .map(|&(size, mib)| (size, read(mib)))
            .collect();
        let mut points = line(dimension, &readings);
        points[0].used = read(base);
        points
    }

    fn told(quantity: Quantity, points: &[Point]) -> Vec<String> {
        fit(quantity, points)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// A vector of 800 bytes a move: the peak above the runtime's own grows as M, the size over
    /// the limit kept as a bound, in MiB.
    #[test]
    fn a_peak_linear_in_m_is_named_with_the_size_over_the_limit() {
        let points = peaks(
            Dimension::Moves,
            3.5,
            &[
                (12_500, 13.0),
                (25_000, 22.6),
                (50_000, 41.7),
                (100_000, 79.8),
                (200_000, 156.1),
            ],
        );
        assert_eq!(
            told(Quantity::Memory, &points),
            [
                "memory grows about linearly in M (M^1.0: 23 MiB at M = 25,000 → 80 MiB at M = \
                 100,000; over the limit at M = 200,000)"
            ]
        );
    }

    /// Python's runtime alone is 10 MiB: a peak that rises less than that above it is still a
    /// power (no machine shakes a peak as it shakes a start-up's time), and the piles' few
    /// hundred KiB beside it are noise.
    #[test]
    fn a_peak_above_a_large_runtime_claims_its_power() {
        let mut points = peaks(
            Dimension::Moves,
            10.0,
            &[(50_000, 12.0), (100_000, 14.0), (200_000, 18.0)],
        );
        points.extend(
            [(100_000, 10.3), (200_000, 10.6)].map(|(piles, mib)| Point {
                values: None,
                piles,
                moves: 1,
                used: Reading::Within(mib * MIB as f64),
            }),
        );
        assert_eq!(
            told(Quantity::Memory, &points),
            [
                "memory grows about linearly in M (M^1.0: 14 MiB at M = 100,000 → 18 MiB at M = \
              200,000)"
            ]
        );
    }

    /// A table allocated past a size: a jump, said in memory's words.
    #[test]
    fn a_peak_that_leaps_is_a_jump_in_memory() {
        let points = peaks(
            Dimension::Piles,
            3.5,
            &[(25_000, 4.8), (50_000, 6.0), (100_000, 600.0)],
        );
        assert_eq!(
            told(Quantity::Memory, &points),
            [
                "memory jumps between N = 50,000 (6.0 MiB) and N = 100,000 (over the limit): a \
                 threshold: a table sized or chosen by the game from there on"
            ]
        );
    }

    /// Over the limit at one pile and one move, and at smaller values too: its peak is a fixed
    /// cost, never "endless".
    #[test]
    fn a_peak_over_the_limit_at_one_pile_and_one_move_is_a_fixed_cost() {
        let points = peaks(Dimension::Values, 1100.0, &[(1, 1100.0)]);
        assert_eq!(
            told(Quantity::Memory, &points),
            [
                "over the limit even at N = 1, M = 1, where its peak was 1,100 MiB: its memory \
                 does not come from the game (a fixed cost: its runtime, a table of a fixed size)"
            ]
        );
    }

    /// A run is read as the meter says: a peak over the limit is over it however the run
    /// ended (the judge ends it there), and a run that failed, or ran out of time, within the
    /// limit says nothing of its peak; a time counts only runs that ended well.
    #[test]
    fn a_run_is_read_by_its_quantity() {
        let trial = Modelled {
            seconds: |_: &Game| 0.0,
            bytes: |_: &Game| 0,
        };
        let memory = Meter::memory(&trial, Budget::default(), 64 * MIB, 65 * MIB);
        let time = Meter::time(&trial, Budget::default());
        let wall = Duration::from_secs(2);
        let ms = Duration::from_millis;
        let took = |peak| Timed::Took {
            time: ms(300),
            queued: ms(0),
            cpu: ms(300),
            peak,
        };
        let over = (65 * MIB) as f64;
        assert_eq!(
            memory.read(took(20 * MIB), wall),
            Some(Reading::Within((20 * MIB) as f64))
        );
        assert_eq!(memory.read(took(65 * MIB), wall), Some(Reading::Over(over)));
        let failed = Timed::Failed { peak: 65 * MIB };
        assert_eq!(memory.read(failed, wall), Some(Reading::Over(over)));
        assert_eq!(memory.read(Timed::Failed { peak: MIB }, wall), None);
        let ended = Timed::Over {
            peak: Some(65 * MIB),
        };
        assert_eq!(memory.read(ended, wall), Some(Reading::Over(over)));
        assert_eq!(memory.read(Timed::Over { peak: None }, wall), None);
        // Measured from /proc, a run its looks did not see has no peak, where its time still
        // counts; a control group's 0 is the run's own.
        let mut from_proc = Meter::memory(&trial, Budget::default(), 64 * MIB, 65 * MIB);
        from_proc.by_group = false;
        assert_eq!(from_proc.read(took(0), wall), None);
        assert!(from_proc.unseen());
        let mut by_group = Meter::memory(&trial, Budget::default(), 64 * MIB, 65 * MIB);
        by_group.by_group = true;
        assert_eq!(by_group.read(took(0), wall), Some(Reading::Within(0.0)));
        assert!(!by_group.unseen());
        assert_eq!(time.read(took(0), wall), Some(Reading::Within(0.3)));
        assert_eq!(time.read(took(65 * MIB), wall), Some(Reading::Within(0.3)));
        assert_eq!(time.read(failed, wall), None);
        assert_eq!(time.read(ended, wall), Some(Reading::Over(2.0)));
    }

    /// Through the trait: a vector of 1,000 bytes a move on a runtime of 10 MiB, over 128 MiB
    /// from 125,000 moves on (two sizes measured between 100,000 and 200,000 find it).
    #[test]
    fn a_linear_peak_is_measured_and_named_through_the_trait() {
        let found = memory_growth_of(|game| 10 * MIB + 1000 * game.forbidden.len() as u64);
        assert_eq!(
            found,
            [
                "memory grows about linearly in M (M^1.0: 34 MiB at M = 25,000 → 105 MiB at M = \
                 100,000; over the limit at M = 125,000)"
            ]
        );
    }

    /// Through the trait: a table as large as the largest pile, over the limit even at one
    /// pile and one move, is named by the values, scaled down.
    #[test]
    fn a_peak_that_grows_with_the_values_is_named_by_them() {
        let found = memory_growth_of(|game| {
            let top = game.piles.iter().max().copied().unwrap_or(0);
            4 * MIB + top / 4
        });
        assert!(
            found[0].starts_with("memory grows about linearly in the largest value V, pile or X"),
            "{found:?}"
        );
    }
}
