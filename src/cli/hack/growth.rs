//! Why a timeout is slow: the same game's shape at a few sizes (its piles, then its forbidden
//! moves, halved, quartered, ...), each run alone and timed, and the exponent of the time's
//! growth fitted in each dimension: `time ≈ M^2.0` says the solution is quadratic in M. The
//! time is the one the verdict judges: wall time, less what the run waited for a CPU that other
//! work held, and never less than its CPU time.

use super::limits::{self, Deadline, Ran};
use super::outcome::{ALONE_WALL, Case, Runner};
use super::report::grouped;
use std::fmt;

/// How many smaller sizes are timed in a dimension, at most.
const SIZES: u32 = 4;
/// Times above the base time by less than this (in seconds), or by less than a fifth of the
/// base, are noise, not growth: a solution that waits as long on every size has none.
const NOISE: f64 = 0.01;

/// The time of one game's shape at sizes of one dimension, and the fitted exponent.
pub(super) struct Growth {
    /// "N" (piles) or "M" (forbidden moves).
    pub(super) dimension: &'static str,
    /// Sizes and seconds, smallest first.
    pub(super) points: Vec<(usize, f64)>,
    /// The slope of log(time - base) over log(size), the base being the time at size 1;
    /// infinite for a jump.
    pub(super) exponent: f64,
    /// A jump instead of a power: the largest size whose time is still the base's, and its
    /// time. Then `points` holds the one size above it that takes longer (its time `None`
    /// when that size was over the limit).
    pub(super) jump: Option<(usize, f64)>,
}

impl fmt::Display for Growth {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let at = |&(size, time): &(usize, f64)| {
            format!(
                "{time:.2} s at {} = {}",
                self.dimension,
                grouped(size as u64)
            )
        };
        if let (Some(below), Some(&(size, time))) = (self.jump, self.points.first()) {
            let above = if time.is_finite() {
                at(&(size, time))
            } else {
                format!(
                    "over the limit at {} = {}",
                    self.dimension,
                    grouped(size as u64)
                )
            };
            return write!(
                f,
                "time jumps: {} but {above}; not a power of {}: a threshold, or collisions (in a \
                 hash table), between these sizes",
                at(&below),
                self.dimension
            );
        }
        let points: Vec<String> = self.points.iter().map(at).collect();
        write!(
            f,
            "time ≈ {}^{:.1} ({})",
            self.dimension,
            self.exponent,
            points.join(", ")
        )
    }
}

/// The growth of `case`'s time in its piles and in its forbidden moves (each halved with
/// the other kept), the dimension that matters most first. The time that grows is the time
/// above the game's with one pile (one move) of that dimension: the start-up, reading and the
/// other dimension's share. A dimension is left out when its times do not rise above that.
pub(super) fn growth(runner: &Runner, case: &Case) -> Vec<Growth> {
    let mut found = Vec::new();
    for dimension in ["N", "M"] {
        let cut = |size: usize| {
            let mut smaller = case.clone();
            match dimension {
                "N" => smaller.piles.truncate(size),
                _ => smaller.forbidden.truncate(size),
            }
            smaller
        };
        let len = match dimension {
            "N" => case.piles.len(),
            _ => case.forbidden.len(),
        };
        // What the other dimension and the start-up cost: the time with one pile (one move).
        if len < 4 || limits::stopped() || runner.out_of_budget() {
            continue;
        }
        let Some(base) = judged_time(runner, &cut(1)) else {
            continue;
        };
        let mut points = Vec::new();
        // The smallest size ended over the limit, and the first size back at the base's time.
        let (mut over, mut below) = (None, None);
        for halvings in 0..=SIZES {
            let size = len >> halvings;
            if size < 2 || limits::stopped() {
                break;
            }
            // The full size is over the limit: it may be ended before it ends.
            let Some(time) = judged_time(runner, &cut(size)) else {
                // Cut by the budget, not over the limit: no more sizes.
                if runner.out_of_budget() {
                    break;
                }
                over = Some(size);
                continue;
            };
            if time - base < NOISE.max(base / 5.0) {
                below = Some((size, time));
                break;
            }
            points.push((size, time));
        }
        points.reverse();
        if let Some(exponent) = slope(&points, base).filter(|&e| e > 0.0) {
            found.push(Growth {
                dimension,
                points,
                exponent,
                jump: None,
            });
        } else if points.len() <= 1
            && let Some(below) = below
        {
            // One size takes longer, the next below it no longer than one pile (one move).
            let above = match (points.first(), over) {
                (Some(&point), _) => point,
                (None, Some(size)) => (size, f64::INFINITY),
                (None, None) => continue,
            };
            found.push(Growth {
                dimension,
                points: vec![above],
                exponent: f64::INFINITY,
                jump: Some(below),
            });
        }
    }
    found.sort_by(|a, b| b.exponent.total_cmp(&a.exponent));
    found
}

/// The least-squares slope of log(time - start) over log(size), from two points on.
fn slope(points: &[(usize, f64)], start: f64) -> Option<f64> {
    if points.len() < 2 {
        return None;
    }
    let logs: Vec<(f64, f64)> = points
        .iter()
        .map(|&(size, time)| ((size as f64).ln(), (time - start).ln()))
        .collect();
    let n = logs.len() as f64;
    let mean_x = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let covariance: f64 = logs.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let variance: f64 = logs.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    (variance > 0.0).then(|| covariance / variance)
}

/// The time of one run of `case` alone, as the verdict judges it, or `None` when it was ended
/// (out of time, a signal) or did not run.
fn judged_time(runner: &Runner, case: &Case) -> Option<f64> {
    let deadline = Deadline {
        wall: runner.timeout.mul_f64(ALONE_WALL),
        cpu: Some(runner.timeout.mul_f64(1.5)),
        // The budget of the timeout's report (see `Runner::until`).
        cut: *runner.until.lock().unwrap_or_else(|p| p.into_inner()),
    };
    let input = case.input();
    match limits::run_once(&runner.command, &input, runner.room(), deadline, true) {
        Ok(Ran::Ended(ended)) => {
            let waited = ended.time.saturating_sub(ended.queued);
            Some(waited.max(ended.cpu).as_secs_f64())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::slope;

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
    fn a_jump_names_both_sizes() {
        let jump = super::Growth {
            dimension: "M",
            points: vec![(52_185, 4.23)],
            exponent: f64::INFINITY,
            jump: Some((26_092, 0.03)),
        };
        assert_eq!(
            jump.to_string(),
            "time jumps: 0.03 s at M = 26,092 but 4.23 s at M = 52,185; not a power of M: a \
             threshold, or collisions (in a hash table), between these sizes"
        );
        let over = super::Growth {
            points: vec![(101_944, f64::INFINITY)],
            dimension: "N",
            ..jump
        };
        assert!(
            over.to_string()
                .contains("but over the limit at N = 101,944;")
        );
    }

    #[test]
    fn one_point_has_no_slope() {
        assert_eq!(slope(&[(10, 1.0)], 0.0), None);
    }
}
