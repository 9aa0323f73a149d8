//! The search: which game hack tries at each step (the schedule) and the workers that run them,
//! J at a time, until the first failure.
//!
//! Most games are small and grow slowly, since a bug is easiest to see in a small game. Mixed in
//! from the first games on are what costs submissions on the judge: tiny games whose values sit
//! at and around 2^31, 2^32, 2^53 and 10^18 (overflow, float precision), a few games at the
//! largest size (N = M = `--max-n`, values up to 10^18, as a judge's max tests are) and some
//! large ones below it (a fixed array, a timeout, a memory limit). Games of 50 piles or more
//! answer `Aoki` as often as `Takahashi` (see `gen`), so that a solution printing one name
//! regardless is caught on large games too.

use super::limits::stopped;
use super::outcome::{Case, Outcome, Runner};
use crate::cli::generate::{self, Options};
use crate::cli::rng::Rng;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;

/// How game `index` of a run was made.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    pub(super) game_seed: u64,
    pub(super) options: Options,
    /// Every pile and X moved up by this much, near a value that overflows: not a `gen` game.
    pub(super) shift: Option<(u64, &'static str)>,
}

/// The statement's largest value, which no generated game passes.
const E18: u64 = crate::cli::strict::MAX_VALUE;

/// The values that break a type or a float: tiny games are moved up to sit at and around them.
/// 2^63 is not among them: the statement's values stop at 10^18, below it.
const EDGES: [(u64, &str); 4] = [
    (1 << 31, "2^31"),
    (1 << 32, "2^32"),
    (1 << 53, "2^53"),
    (E18, "10^18"),
];

/// The games at the largest size, by index: early enough to be met in the first minute.
const LARGEST_AT: [u64; 4] = [9, 31, 97, 401];

/// What game `index` of `tests` is.
pub(super) fn plan(seed: u64, index: u64, tests: u64, max_n: u64) -> Plan {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut shift = None;
    let (max, n, m) = if LARGEST_AT.contains(&index) {
        (E18, max_n, max_n)
    } else if index % 25 == 12 {
        // Large, below the largest.
        let top = max_n.min(1000).max(max_n / 4);
        (
            log_uniform(&mut rng, E18),
            rng.range(top.clamp(1, 1000), top),
            rng.range(top.clamp(1, 1000), top),
        )
    } else if index % 5 == 2 {
        let small = rng.range(1, 8);
        let (edge, name) = EDGES[rng.below(EDGES.len() as u64) as usize];
        // Exactly the edge (a value k + 2^32 reads as k in 32 bits), or just below it so that
        // the values straddle it; never past 10^18.
        let by = if edge < E18 && rng.chance(50) {
            edge
        } else {
            edge - rng.range(1, small)
        };
        shift = Some((by, name));
        (small, rng.range(1, 3), rng.range(1, 8))
    } else {
        // The ordinary games grow as the run goes on: tiny, small, then up to 10^6.
        let percent = index * 100 / tests.max(1);
        match percent {
            0..50 => (rng.range(1, 8), rng.range(1, 3), rng.range(1, 8)),
            50..85 => (rng.range(1, 40), rng.range(1, 6), rng.range(1, 60)),
            _ => (
                log_uniform(&mut rng, 1_000_000),
                log_uniform(&mut rng, 1000),
                log_uniform(&mut rng, 1000),
            ),
        }
    };
    let pairs = max.saturating_mul(max.saturating_add(1)) / 2;
    let options = Options {
        piles: Some(n.clamp(1, max_n)),
        moves: Some(m.min(pairs).clamp(1, max_n)),
        max,
        beyond: false,
    };
    Plan {
        game_seed: rng.next_u64(),
        options,
        shift,
    }
}

/// The game a plan makes, or why it cannot be made.
pub(super) fn make(plan: &Plan) -> Result<Case, String> {
    let (mut piles, mut forbidden) =
        generate::small_game(&mut Rng::new(plan.game_seed), &plan.options)?;
    if let Some((by, _)) = plan.shift {
        // Some piles and special points moved up, the others left small, so that a value that
        // wraps or rounds meets one that does not; Y unchanged keeps every move valid. The
        // first pile always moves.
        let mut rng = Rng::new(plan.game_seed ^ 0x5851_f42d_4c95_7f2d);
        for (i, a) in piles.iter_mut().enumerate() {
            if i == 0 || rng.chance(50) {
                *a += by;
            }
        }
        for (x, _) in forbidden.iter_mut() {
            if rng.chance(50) {
                *x += by;
            }
        }
        // Half the time, the first pile and one next to it alone: past 2^53 the two are one
        // double, so a solution that reads through a double sees equal piles, which cancel,
        // where the game has two different ones (nim-sum not 0).
        if rng.chance(50) {
            piles = vec![piles[0], piles[0] ^ 1];
        }
    }
    Ok(Case { piles, forbidden })
}

/// A number in `1..=top` whose number of bits is uniform.
fn log_uniform(rng: &mut Rng, top: u64) -> u64 {
    let bits = rng.range(1, 64 - top.leading_zeros() as u64);
    rng.range(1 << (bits - 1), (1u64 << (bits - 1)).saturating_mul(2) - 1)
        .min(top)
}

/// The failure of the search: game index, its plan, the game, how it failed.
pub(super) type Finding = (u64, Plan, Case, Outcome);

/// A wrong answer on a game larger than this is hard to shrink (dropping a pile of a game that
/// answers Aoki nearly always makes it answer Takahashi, for the solution too): the search goes
/// on a while for a smaller game that fails.
const SHRINKS_WELL: usize = 200;

/// How many games past a large wrong answer the search looks for a small failure.
const LOOK_FURTHER: u64 = 200;

/// Whether `finding` is a wrong answer on a game too large to shrink well.
fn hard_to_shrink(finding: &Finding) -> bool {
    matches!(finding.3, Outcome::Wrong { .. }) && finding.2.size() > SHRINKS_WELL
}

/// Runs games `0..tests` on `runner.jobs` threads and returns the failure with the lowest
/// index (or a run with no verdict, which ends the search): games are taken in order, so
/// every lower one has run when the workers stop. A wrong answer on a large game gives way to
/// a failure on a small one found within [`LOOK_FURTHER`] games after it.
pub(super) fn search(
    runner: &Runner,
    seed: u64,
    tests: u64,
    max_n: u64,
    on_game: &(dyn Fn() + Sync),
) -> Result<Option<Finding>, String> {
    let next = AtomicU64::new(0);
    // The lowest failure, and the lowest that shrinks well.
    let found: Mutex<(Option<Finding>, Option<Finding>)> = Mutex::new((None, None));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let go_on = |index: u64| {
        let found = found.lock().unwrap_or_else(|p| p.into_inner());
        match &*found {
            (None, _) => true,
            (Some(first), None) if hard_to_shrink(first) => index < first.0 + LOOK_FURTHER,
            (Some(first), good) => good.as_ref().map_or(first.0, |g| g.0) > index,
        }
    };
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= tests || stopped() || !go_on(index) {
                break;
            }
            let plan = plan(seed, index, tests, max_n);
            let case = match make(&plan) {
                Ok(case) => case,
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    break;
                }
            };
            let outcome = runner.try_case(&case);
            on_game();
            if outcome.failed() || outcome.unusable() {
                let finding = (index, plan, case, outcome);
                let mut found = found.lock().unwrap_or_else(|p| p.into_inner());
                let good = !hard_to_shrink(&finding);
                if good && found.1.as_ref().is_none_or(|f| f.0 > index) {
                    found.1 = Some(finding.clone());
                }
                if found.0.as_ref().is_none_or(|f| f.0 > index) {
                    found.0 = Some(finding);
                }
            }
        }
    };
    thread::scope(|scope| {
        // As many workers as will start; where none can, the work runs here.
        let started = (0..runner.jobs)
            .filter(|_| thread::Builder::new().spawn_scoped(scope, work).is_ok())
            .count();
        if started == 0 {
            work();
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let (first, good) = found.into_inner().unwrap_or_else(|p| p.into_inner());
    // A run with no verdict ends the search where it happened.
    if first.as_ref().is_some_and(|f| f.3.unusable()) {
        return Ok(first);
    }
    Ok(good.or(first))
}
