//! Shrinking a failing game to a small one that fails the same way, within a time budget.
//!
//! Hypothesis's shape: passes of reductions, each kept when the game still fails, repeated until
//! a whole round makes no progress (a fixpoint) or the budget ends; games ordered shortlex (fewer
//! piles and forbidden moves first, then smaller values). Each round:
//! - merges piles into one of the same Grundy value sum, the biggest step first (all into one,
//!   all but one into one, then pairs), so that the game keeps its nim-sum (see `merges`);
//! - bisects the game's size: the fewest first forbidden moves, then the fewest first piles,
//!   that still fail (an exponential probe 1, 2, 4, ... then bisection: O(log N) runs);
//! - in a game of up to 64 piles, tries its sub-games of one pile (each pile, each power of 2
//!   below the largest) and of two (each pile balanced by one of the others' nim-sum, each
//!   pair), before any value is lowered alone (see `merges`);
//! - drops chunks of piles and of forbidden moves, halves first (ddmin), also keeping the
//!   nim-sum or the answer, and pairs of equal piles (which cancel in the nim-sum);
//! - lowers every pile at once, every forbidden move at once and every value by the same
//!   amount, then (after the drops) each X, Y and pile alone, each by an exponential probe and
//!   bisection toward 1 (O(log v) runs a value, never one step at a time);
//! - in small games, merges a value into another one of the game.
//!
//! A timeout is shrunk by its size only, and in a small game by its values first (every value
//! scaled down together, to within a factor of 2 of where it still times out): each of its
//! failing runs takes the limit and more, and its growth (see `growth`) says the rest.
//!
//! Candidates run J at a time ([`Shrinker::first_failing`]): the first in shortlex order that
//! still fails wins and the runs after it are killed. A game already tried is never run again.
//! The drops' candidates are made in `drops`, the merges' in `merges`.

mod drops;
mod merges;

use super::budget::Budget;
use super::confirm::REPEATS;
use super::growth;
use super::run::{Cancel, stopped};
use super::trial::{Sharing, Trial};
use super::verdict::{Kind, Outcome, far_over};
use crate::Game;
use crate::cli::game::plural;
use crate::cli::strict;
use drops::{Cursor, DROPS, Drop, dropped};
use indicatif::ProgressBar;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Below this N + M, a value may also be merged into another value of the game.
const MERGE_UP_TO: usize = 64;

/// What the report says of a game shrunk to [`End::Minimal`].
pub(super) const MINIMAL: &str = "1-minimal: no pile, pair of equal piles or forbidden move \
                                  can go, and no pile, X or Y can be 1 lower";

/// How shrinking ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// A whole round found nothing: no pile, pair of equal piles or forbidden move can go, and
    /// no pile, X or Y can be one lower (the first N - 1 piles, the first M - 1 moves, pass).
    Minimal,
    /// The budget ran out.
    Budget,
    /// A signal stopped hack.
    Stopped,
    /// A run gave no verdict (could not start, the machine failed): the reason.
    Unusable(String),
    /// A timeout, whose size (and in a small game its values) was bisected within a factor of
    /// 2 and no more: each of its failing runs takes the limit and more, a game at the exact
    /// size where it starts to fail is rarely what a user needs, and its growth (see `growth`)
    /// says more.
    Sized,
}

pub(in crate::cli) struct Shrunk {
    pub(in crate::cli) case: Game,
    pub(super) outcome: Outcome,
    /// Whether a timeout's values were scaled down (see [`Shrinker::scale_values`]).
    pub(super) scaled: bool,
    pub(super) end: End,
    pub(super) runs: u64,
    pub(super) time: Duration,
}

impl Shrunk {
    /// How this shrinking ended, in the report's words: from a game of `from` (its piles and
    /// forbidden moves), with `time` of --shrink-time's `total` to try candidates in.
    pub(super) fn how(&self, from: (usize, usize), time: Duration, total: Duration) -> String {
        match &self.end {
            End::Minimal => MINIMAL.to_owned(),
            End::Budget if time < total => format!(
                "not proven minimal: its time, {:.1} s of --shrink-time {} s, ran out",
                time.as_secs_f64(),
                total.as_secs_f64()
            ),
            End::Budget => format!(
                "not proven minimal: --shrink-time {} s ran out",
                total.as_secs_f64()
            ),
            End::Stopped => "not proven minimal: hack was stopped".to_owned(),
            End::Unusable(why) => format!("not proven minimal: shrinking stopped: {why}"),
            End::Sized if self.scaled => "a timeout: its first forbidden moves, then its first \
                                          piles, then its values scaled down together, each \
                                          to within a factor of 2, no more; its growth below \
                                          says more"
                .to_owned(),
            // Neither half of the game times out: the size stays, and saying why reads better
            // than "from 200000 piles ... to 200000 piles" alone.
            End::Sized if (self.case.piles.len(), self.case.forbidden.len()) == from => {
                "a timeout: its first half of forbidden moves does not time out, nor does its \
                 first half of piles, so its size stays; its growth below says more"
                    .to_owned()
            }
            End::Sized => "a timeout: its first forbidden moves, then its first piles, bisected \
                           to within a factor of 2, no more; its growth below says more"
                .to_owned(),
        }
    }

    /// The report's line on this shrinking (`how` it ended), which made `runs` runs or plays
    /// (`unit`), from a game of `from` (its piles and forbidden moves); the report follows it
    /// with a colon.
    pub(super) fn line(&self, runs: u64, unit: &str, from: (usize, usize), how: &str) -> String {
        format!(
            "shrunk in {} ({:.1} s) from {} and {} to {} and {} ({how})",
            plural(runs, unit),
            self.time.as_secs_f64(),
            plural(from.0 as u64, "pile"),
            plural(from.1 as u64, "forbidden move"),
            plural(self.case.piles.len() as u64, "pile"),
            plural(self.case.forbidden.len() as u64, "forbidden move"),
        )
    }
}

/// Shrinks `case`, which failed with `outcome` when `trial` tried it, to a smaller one that
/// fails the same way; it stops trying candidates after `time`, and each run is cut as
/// `budget` says.
pub(in crate::cli) fn shrink(
    trial: &dyn Trial,
    case: Game,
    outcome: Outcome,
    time: Duration,
    budget: &Budget,
    bar: &ProgressBar,
) -> Shrunk {
    let inside = strict::violation(&case).is_none();
    let mut shrinker = Shrinker {
        trial,
        kind: outcome.kind(),
        sized: matches!(outcome, Outcome::Timeout { .. }),
        tried: HashSet::from([fingerprint(&case)]),
        case,
        outcome,
        runs: 0,
        started: Instant::now(),
        time,
        budget,
        bar,
        end: None,
        scaled: false,
        inside,
    };
    // ddmin's order: every drop pass takes chunks of at least 1/2^depth of its items before any
    // pass tries smaller ones, so that a large game loses its halves before it is taken apart
    // one pile at a time.
    let mut depth = 1;
    let end = loop {
        // Before the size's bisection: a failure that needs every pile's bits (an overflow of
        // the nim-sum) bisects to nothing, and every run of it is a run of the whole game. Not
        // for a timeout shrunk by its size only: each of its runs takes the limit.
        let mut progress = !shrinker.sized && shrinker.merge_piles();
        // A small timeout's values first: then its size's runs that pass are quick.
        if shrinker.sized {
            shrinker.scale_values();
        }
        progress |= shrinker.bisect_size();
        if !shrinker.sized {
            progress |= shrinker.sub_games();
        }
        if shrinker.sized {
            // A game made small by its size's bisection (a max test down to one pile and one
            // move): its values now.
            if !shrinker.scaled {
                shrinker.scale_values();
            }
            break shrinker.end.take().unwrap_or(End::Sized);
        }
        progress |= shrinker.lower_all();
        for pass in DROPS {
            progress |= shrinker.drop_pass(pass, depth);
        }
        // Again once the drops made the game small: before each value is lowered alone, which
        // takes O(log v) runs a value (a round of those at 12 piles took a Python solution's
        // whole share).
        progress |= shrinker.sub_games();
        progress |= shrinker.lower_each();
        progress |= shrinker.merge_values();
        if let Some(end) = shrinker.end.take() {
            break end;
        }
        // Every chunk size down to one item was tried only once 1/2^depth reaches one item.
        let longest = shrinker.case.piles.len().max(shrinker.case.forbidden.len());
        let finest = longest.checked_shr(depth).unwrap_or(0) <= 1;
        if !progress && !finest {
            depth += 1;
        } else if !progress {
            break End::Minimal;
        }
    };
    Shrunk {
        case: shrinker.case,
        outcome: shrinker.outcome,
        scaled: shrinker.scaled,
        end,
        runs: shrinker.runs,
        time: shrinker.started.elapsed(),
    }
}

/// The state of one shrinking: the smallest failing game so far, and every game tried.
struct Shrinker<'a> {
    trial: &'a dyn Trial,
    /// The kind of failure kept.
    kind: Option<Kind>,
    /// A timeout: only its size is bisected (see [`End::Sized`]), its candidates run beside
    /// each other, each judged as alone.
    sized: bool,
    case: Game,
    outcome: Outcome,
    /// Fingerprints of the games run to a verdict: none is run twice.
    tried: HashSet<u64>,
    runs: u64,
    started: Instant,
    /// How long candidates are tried.
    time: Duration,
    /// What each run may use (when it is cut).
    budget: &'a Budget,
    bar: &'a ProgressBar,
    /// Set when shrinking must end (budget, signal, a run without verdict).
    end: Option<End>,
    /// Whether a timeout's values were scaled down.
    scaled: bool,
    /// The game found was inside the statement's limits: then so is every candidate tried (a
    /// solution may assert the limits, and a game past them is no test the judge has).
    inside: bool,
}

impl Shrinker<'_> {
    /// Whether `outcome` is the kind of failure being shrunk: the runs after it in a batch are
    /// then killed.
    fn same_failure(&self, outcome: &Outcome) -> bool {
        outcome.kind() == self.kind
    }

    /// Whether `case`, which failed with `outcome`, becomes the game: the one place where a
    /// candidate is accepted. It must fail the same way, and again when run alone (a failure
    /// that does not repeat is never kept).
    /// A timeout's candidate still running at `ALONE_WALL` times the limit, its wait for a
    /// CPU not counted ([`far_over`]), needs no rerun: no timeout near the limit by chance.
    fn accepts(&self, case: &Game, outcome: &Outcome) -> bool {
        if self.sized && far_over(outcome, self.trial.timeout()) {
            return true;
        }
        self.same_failure(outcome)
            && (self.trial)
                .confirm(case, outcome, REPEATS, self.budget)
                .repeats()
    }

    /// Runs `candidates` (in shortlex order, smallest first; `None` is a game the statement does
    /// not allow) J at a time, never one already tried. The first that fails the same way
    /// becomes the game; the runs after it are killed. Its index, or `None`.
    fn first_failing(&mut self, candidates: Vec<Option<Game>>) -> Option<usize> {
        let mut fresh: Vec<(usize, Game, u64)> = Vec::new();
        for (i, candidate) in candidates.into_iter().enumerate() {
            if let Some(case) = candidate {
                if self.inside && strict::violation(&case).is_some() {
                    continue;
                }
                let print = fingerprint(&case);
                if !self.tried.contains(&print) && !fresh.iter().any(|f| f.2 == print) {
                    fresh.push((i, case, print));
                }
            }
        }
        for batch in fresh.chunks(self.trial.jobs().max(1)) {
            if self.end.is_some() {
                return None;
            }
            if stopped() {
                self.end = Some(End::Stopped);
                return None;
            }
            // The budget's deadline (wall-clock time), or the time.
            let over = match self.budget.deadline() {
                Some(_) => self.budget.ran_out(),
                None => self.started.elapsed() > self.time,
            };
            if over {
                self.end = Some(End::Budget);
                return None;
            }
            self.show();
            let outcomes = self.run_batch(batch);
            let mut won = None;
            for ((i, case, print), outcome) in batch.iter().zip(outcomes) {
                match outcome {
                    // Killed for a smaller failing game, or by a signal: no verdict.
                    None | Some(Outcome::Stopped) => {}
                    Some(Outcome::NotRun(e)) => {
                        let why = format!("the command could not start: {e}");
                        self.end = Some(End::Unusable(why));
                        return None;
                    }
                    Some(Outcome::Broken(e)) => {
                        self.end = Some(End::Unusable(e));
                        return None;
                    }
                    Some(outcome) => {
                        self.runs += 1;
                        self.tried.insert(*print);
                        if won.is_none() && self.accepts(case, &outcome) {
                            won = Some((*i, case.clone(), outcome));
                        }
                    }
                }
            }
            if let Some((i, case, outcome)) = won {
                self.case = case;
                self.outcome = outcome;
                return Some(i);
            }
            // A signal left some of the batch without a verdict: nothing may be claimed of it.
            if stopped() {
                self.end = Some(End::Stopped);
                return None;
            }
        }
        None
    }

    /// Runs the games of `batch` at once, one thread each. When one fails the same way, the
    /// runs of the later ones are killed (`None`); the earlier ones, smaller, go on.
    fn run_batch(&self, batch: &[(usize, Game, u64)]) -> Vec<Option<Outcome>> {
        let tokens: Vec<Cancel> = batch.iter().map(|_| Cancel::new()).collect();
        let (done, results) = mpsc::channel();
        thread::scope(|scope| {
            let mut outcomes: Vec<Option<Outcome>> = vec![None; batch.len()];
            let mut running = 0;
            for (k, (_, case, _)) in batch.iter().enumerate() {
                let budget = self.budget.with_cancel(tokens[k].clone());
                let done = done.clone();
                let run = move || {
                    let outcome = self.try_candidate(case, &budget);
                    let _ = done.send((k, outcome));
                };
                match thread::Builder::new().spawn_scoped(scope, run) {
                    Ok(_) => running += 1,
                    // No thread to be had: the run goes here, the others meanwhile.
                    Err(_) => outcomes[k] = Some(self.try_candidate(case, self.budget)),
                }
            }
            drop(done);
            let cancel_after = |k: usize, outcome: &Outcome| {
                if self.same_failure(outcome) {
                    tokens[k + 1..].iter().for_each(Cancel::cancel);
                }
            };
            for (k, outcome) in outcomes.iter().enumerate() {
                if let Some(outcome) = outcome {
                    cancel_after(k, outcome);
                }
            }
            for (k, outcome) in results.iter().take(running) {
                cancel_after(k, &outcome);
                // A cancelled run's verdict is no verdict.
                if !tokens[k].is_cancelled() {
                    outcomes[k] = Some(outcome);
                }
            }
            outcomes
        })
    }

    /// One run of a candidate: a timeout's beside the others, judged as alone, so that one
    /// that fails takes the limit once (and once more to confirm it), not three times.
    fn try_candidate(&self, case: &Game, budget: &Budget) -> Outcome {
        let sharing = if self.sized {
            Sharing::Beside
        } else {
            Sharing::Shared
        };
        self.trial.try_game(case, sharing, budget)
    }

    fn show(&self) {
        let by_time = self.time.saturating_sub(self.started.elapsed());
        let left = (self.budget.left()).map_or(by_time, |left| left.min(by_time));
        let left = left.as_secs();
        self.bar.set_message(format!(
            "shrinking: {}, {} and {}, {left} s left",
            plural(self.runs, "run"),
            plural(self.case.piles.len() as u64, "pile"),
            plural(self.case.forbidden.len() as u64, "forbidden move")
        ));
        self.bar.tick();
    }

    /// The smallest `w` in 1..`v` for which `make(game, w)` fails, `v` failing: probes 1, 2,
    /// 4, ... then bisects, J points a round. Ends with `w - 1` passing (or `w` = 1). Whether
    /// it lowered the value.
    fn lower(&mut self, v: u64, make: impl Fn(&Game, u64) -> Option<Game>) -> bool {
        self.lower_within(v, 1, make)
    }

    /// As [`Self::lower_within`], probing 1, `from`, then `times` as far each time.
    fn lower_probing(
        &mut self,
        v: u64,
        slack: u64,
        (from, times): (u64, u64),
        make: impl Fn(&Game, u64) -> Option<Game>,
    ) -> bool {
        let step = move |w: u64| {
            if w == 1 {
                from
            } else {
                w.saturating_mul(times)
            }
        };
        self.lower_by(v, slack, step, make)
    }

    /// As [`Self::lower`], but the bisection stops once `w` is known within 1/`slack` of itself
    /// (`slack` = 1: exactly).
    fn lower_within(
        &mut self,
        v: u64,
        slack: u64,
        make: impl Fn(&Game, u64) -> Option<Game>,
    ) -> bool {
        self.lower_by(v, slack, |w| w.saturating_mul(2), make)
    }

    /// [`Self::lower_within`], the probe's next point after `w` being `step(w)`.
    fn lower_by(
        &mut self,
        v: u64,
        slack: u64,
        step: impl Fn(u64) -> u64,
        make: impl Fn(&Game, u64) -> Option<Game>,
    ) -> bool {
        let jobs = self.trial.jobs().max(1) as u64;
        let (mut lo, mut hi) = (0, v);
        let mut next = 1u64;
        // The probe: 1, 2, 4, ... below the value, until one fails.
        while next < hi && self.end.is_none() {
            let mut probes = Vec::new();
            while probes.len() < jobs as usize && next < hi {
                probes.push(next);
                next = step(next);
            }
            let candidates = probes.iter().map(|&w| make(&self.case, w)).collect();
            match self.first_failing(candidates) {
                Some(i) => {
                    hi = probes[i];
                    if i > 0 {
                        lo = probes[i - 1];
                    }
                    break;
                }
                None => lo = *probes.last().unwrap_or(&lo),
            }
        }
        // The bisection of (lo, hi): lo passes (or is 0), hi fails.
        let close = |lo: u64, hi: u64| hi - lo <= 1 || slack > 1 && hi - lo <= hi / slack;
        // A value that no probe lowered may fail at itself only (a pile of exactly 10^18): its
        // first round also tries one less, and when that passes too the value is 1-minimal
        // already, where the bisection took some 37 rounds from 2^59, each passing.
        let mut one_less = slack == 1 && hi == v;
        while !close(lo, hi) && self.end.is_none() {
            let gap = hi - lo;
            let mut points: Vec<u64> = (1..=jobs)
                .map(|k| lo + (u128::from(gap) * u128::from(k) / u128::from(jobs + 1)) as u64)
                .filter(|&p| p > lo && p < hi)
                .collect();
            if one_less {
                points.push(hi - 1);
            }
            points.dedup();
            if points.is_empty() {
                points.push(lo + 1);
            }
            one_less = false;
            let candidates = points.iter().map(|&w| make(&self.case, w)).collect();
            match self.first_failing(candidates) {
                Some(i) => {
                    hi = points[i];
                    if i > 0 {
                        lo = points[i - 1];
                    }
                }
                None => lo = *points.last().unwrap_or(&lo),
            }
        }
        hi < v
    }

    /// Piles merged into one pile of the xor of their Grundy values: all of them (or all but
    /// one) at once, then pairs, each kept while the game still fails.
    fn merge_piles(&mut self) -> bool {
        let mut progress = false;
        while self.end.is_none()
            && self
                .first_failing(opt(merges::all_merged(&self.case)))
                .is_some()
        {
            progress = true;
        }
        // Pair by pair, from the first again after each merge kept.
        let mut k = 0;
        while self.end.is_none()
            && let Some(merged) = merges::pair_merged(&self.case, k)
        {
            if self.first_failing(opt(merged)).is_some() {
                progress = true;
                k = 0;
            } else {
                k += 1;
            }
        }
        progress
    }

    /// The game's sub-games of one pile, then of two (see [`merges::sub_games`]), before any
    /// value is lowered one at a time: the first that fails becomes the game, and its own are
    /// tried in turn.
    fn sub_games(&mut self) -> bool {
        let mut progress = false;
        while self.end.is_none()
            && self.case.piles.len() > 1
            && self
                .first_failing(opt(merges::sub_games(&self.case)))
                .is_some()
        {
            progress = true;
        }
        progress
    }

    /// The fewest first forbidden moves, then the fewest first piles, that still fail; first of
    /// all one move or one pile alone, at once: whichever fails makes every later run quicker.
    /// A timeout's sizes are bisected to within a factor of 2 only (an interactive game's
    /// timeout, within 1/16): each of its failing runs takes the time limit and more, and its
    /// growth (see `growth`) says more than its exact size.
    fn bisect_size(&mut self) -> bool {
        let first_moves = |case: &Game, k: u64| {
            let piles = case.piles.clone();
            let forbidden = case.forbidden[..k as usize].to_vec();
            Some(Game { piles, forbidden })
        };
        let first_piles = |case: &Game, k: u64| {
            let piles = case.piles[..k as usize].to_vec();
            let forbidden = case.forbidden.clone();
            Some(Game { piles, forbidden })
        };
        let (n, m) = (self.case.piles.len(), self.case.forbidden.len());
        let corners = vec![
            (m > 1).then(|| first_moves(&self.case, 1)).flatten(),
            (n > 1).then(|| first_piles(&self.case, 1)).flatten(),
        ];
        let corner = self.first_failing(corners).is_some();
        let slack = match (self.sized, self.kind) {
            (true, _) => 2,
            (_, Some(Kind::Timeout)) => 16,
            _ => 1,
        };
        let m = self.case.forbidden.len() as u64;
        let fewer_moves = self.lower_within(m, slack, first_moves);
        let n = self.case.piles.len() as u64;
        let fewer_piles = self.lower_within(n, slack, first_piles);
        corner || fewer_moves || fewer_piles
    }

    /// A small timeout's values, piles, X's and Y's, scaled down together (see
    /// [`growth::scaled`]) to within a factor of 2 of the smallest that still times out,
    /// probing up from the smallest values (runs that end quickly): a time that grows with the
    /// values (a loop up to the largest pile) times out on one pile and one move, whose size
    /// says nothing, and at 10^18 it would run for years. Not in a large game, whose time is in
    /// its size, and whose forbidden moves scaled down would become one another.
    fn scale_values(&mut self) -> bool {
        if self.case.size() > MERGE_UP_TO || self.end.is_some() {
            return false;
        }
        let top = growth::largest(&self.case);
        // 1 (an endless loop fails there), then 2^10 and 4 times as much each time: a time
        // linear in the values reaches a limit of seconds near 2^24 (Python) to 2^32, where
        // doubling from 1 took 12 to 16 rounds of runs.
        let scale = |case: &Game, w| Some(growth::scaled(case, w));
        let lowered = self.lower_probing(top, 2, (1 << 10, 4), scale);
        self.scaled |= lowered;
        lowered
    }

    /// One drop pass over chunks of at least 1/2^`depth` of the items, J candidates a run.
    fn drop_pass(&mut self, pass: Drop, depth: u32) -> bool {
        let mut progress = false;
        let mut cursor = Cursor::START;
        while self.end.is_none() {
            let mut batch = Vec::new();
            let mut next = cursor;
            while batch.len() < self.trial.jobs().max(1) {
                let Some((at, candidate)) = dropped(pass, &self.case, next, depth) else {
                    break;
                };
                next = at.next();
                batch.push((at, candidate));
            }
            if batch.is_empty() {
                break;
            }
            let cursors: Vec<Cursor> = batch.iter().map(|b| b.0).collect();
            match self.first_failing(batch.into_iter().map(|b| Some(b.1)).collect()) {
                Some(i) => {
                    cursor = cursors[i];
                    progress = true;
                }
                None => cursor = next,
            }
        }
        progress
    }

    /// Every pile at once, every forbidden move at once, then every value by the same amount,
    /// lowered toward 1: a few runs, whatever the size of the game.
    fn lower_all(&mut self) -> bool {
        let top = self.case.piles.iter().copied().max().unwrap_or(1);
        let mut progress = self.lower(top, |case, w| {
            let piles = case.piles.iter().map(|&a| a.min(w)).collect();
            let forbidden = case.forbidden.clone();
            Some(Game { piles, forbidden })
        });
        let top = self
            .case
            .forbidden
            .iter()
            .map(|&(x, _)| x)
            .max()
            .unwrap_or(1);
        progress |= self.lower(top, |case, w| {
            let forbidden: Vec<(u64, u64)> = (case.forbidden.iter())
                .map(|&(x, y)| (x.min(w), y.min(w)))
                .collect();
            let distinct: HashSet<&(u64, u64)> = forbidden.iter().collect();
            let piles = case.piles.clone();
            (distinct.len() == forbidden.len()).then_some(Game { piles, forbidden })
        });
        // Every pile and X lowered by the same amount, Y kept or cut to the new X: the game's
        // shape at smaller values, which keeps the differences an overflow or a rounding may
        // need, and the moves with Y = X.
        let room = |case: &Game| {
            let piles = case.piles.iter().map(|&a| a - 1);
            piles
                .chain(case.forbidden.iter().map(|&(x, _)| x - 1))
                .min()
        };
        if let Some(most) = room(&self.case).filter(|&r| r > 0) {
            progress |= self.lower(most + 1, |case, w| {
                let by = room(case)? + 1 - w;
                let piles = case.piles.iter().map(|&a| a - by).collect();
                let forbidden: Vec<(u64, u64)> = (case.forbidden.iter())
                    .map(|&(x, y)| (x - by, y.min(x - by)))
                    .collect();
                let distinct: HashSet<&(u64, u64)> = forbidden.iter().collect();
                (distinct.len() == forbidden.len()).then_some(Game { piles, forbidden })
            });
        }
        // The same for the large values alone, above the widest gap between two values of the
        // game, the small ones kept: a game on 10^18 balanced by a small pile (see `search`)
        // keeps that pile, and no value can go down by the same amount as it.
        if let Some((low, high)) = widest_gap(&self.case) {
            progress |= self.lower(high - low, |case, w| {
                let (low, high) = widest_gap(case)?;
                let by = (high - low).checked_sub(w)?;
                let down = |v: u64| if v >= high { v - by } else { v };
                let piles = case.piles.iter().map(|&a| down(a)).collect();
                let forbidden: Vec<(u64, u64)> = (case.forbidden.iter())
                    .map(|&(x, y)| (down(x), y.min(down(x))))
                    .collect();
                let distinct: HashSet<&(u64, u64)> = forbidden.iter().collect();
                (distinct.len() == forbidden.len()).then_some(Game { piles, forbidden })
            });
        }
        progress
    }

    /// Each X, each Y and each pile lowered toward 1.
    fn lower_each(&mut self) -> bool {
        let mut progress = false;
        for j in 0..self.case.forbidden.len() {
            let (x, _) = self.case.forbidden[j];
            progress |= self.lower(x, |case, w| {
                let (_, y) = case.forbidden[j];
                with_move(case, j, (w, y.min(w)))
            });
            let (_, y) = self.case.forbidden[j];
            progress |= self.lower(y, |case, w| with_move(case, j, (case.forbidden[j].0, w)));
        }
        for i in 0..self.case.piles.len() {
            if self.end.is_some() {
                break;
            }
            progress |= self.lower(self.case.piles[i], |case, w| {
                let mut piles = case.piles.clone();
                piles[i] = w;
                let forbidden = case.forbidden.clone();
                Some(Game { piles, forbidden })
            });
        }
        progress
    }

    /// In a small game, each value set to a smaller value of the game (a pile to an X, an X to
    /// a pile, with its target kept): reductions no bisection meets.
    fn merge_values(&mut self) -> bool {
        if self.case.size() > MERGE_UP_TO {
            return false;
        }
        let mut progress = false;
        let values = |case: &Game| -> Vec<u64> {
            let mut values = case.piles.to_vec();
            values.extend(case.forbidden.iter().map(|&(x, _)| x));
            values.sort_unstable();
            values.dedup();
            values
        };
        for i in 0..self.case.piles.len() {
            let a = self.case.piles[i];
            let candidates = values(&self.case)
                .into_iter()
                .filter(|&v| v < a)
                .map(|v| {
                    let mut piles = self.case.piles.clone();
                    piles[i] = v;
                    let forbidden = self.case.forbidden.clone();
                    Some(Game { piles, forbidden })
                })
                .collect();
            progress |= self.first_failing(candidates).is_some();
        }
        for j in 0..self.case.forbidden.len() {
            let (x, y) = self.case.forbidden[j];
            let candidates = values(&self.case)
                .into_iter()
                .filter(|&v| v < x)
                .flat_map(|v| {
                    // The same target x - y, when there is room for it.
                    let kept = (y > x - v).then(|| with_move(&self.case, j, (v, y - (x - v))));
                    [with_move(&self.case, j, (v, y.min(v)))]
                        .into_iter()
                        .chain(kept)
                })
                .collect();
            progress |= self.first_failing(candidates).is_some();
        }
        progress
    }
}

/// The two values of the game, piles and X's, on either side of its widest gap (by ratio), when
/// the larger is more than twice the smaller: the small values and the large ones.
fn widest_gap(case: &Game) -> Option<(u64, u64)> {
    let mut values: Vec<u64> = case.piles.to_vec();
    values.extend(case.forbidden.iter().map(|&(x, _)| x));
    values.sort_unstable();
    values.dedup();
    (values.windows(2))
        .map(|pair| (pair[0], pair[1]))
        .filter(|&(low, high)| high / 2 > low)
        .max_by(|a, b| (a.1 as f64 / a.0 as f64).total_cmp(&(b.1 as f64 / b.0 as f64)))
}

/// Candidates that are all inside the statement.
fn opt(cases: Vec<Game>) -> Vec<Option<Game>> {
    cases.into_iter().map(Some).collect()
}

/// A game's fingerprint, for the set of games tried.
fn fingerprint(case: &Game) -> u64 {
    let mut hasher = DefaultHasher::new();
    case.piles.hash(&mut hasher);
    case.forbidden.hash(&mut hasher);
    hasher.finish()
}

/// `case` with forbidden move `j` changed to `changed`, unless that repeats another move or
/// leaves the statement (1 <= Y <= X).
fn with_move(case: &Game, j: usize, changed: (u64, u64)) -> Option<Game> {
    let (x, y) = changed;
    if y < 1 || y > x || case.forbidden.contains(&changed) {
        return None;
    }
    let mut forbidden = case.forbidden.clone();
    forbidden[j] = changed;
    let piles = case.piles.clone();
    Some(Game { piles, forbidden })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hack::run::Answer;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A solution that answers wrong on every game of an even number of piles, N = 0 too.
    struct EvenPiles(AtomicU64);

    impl Trial for EvenPiles {
        fn try_game(&self, game: &Game, _: Sharing, _: &Budget) -> Outcome {
            self.0.fetch_add(1, Ordering::Relaxed);
            if game.piles.len() % 2 == 1 {
                return Outcome::Right;
            }
            let expected = crate::winner(game.clone()).unwrap_or_default();
            let mut actual = Answer::default();
            actual.push(b"neither");
            Outcome::Wrong { expected, actual }
        }

        fn timeout(&self) -> Duration {
            Duration::from_secs(4)
        }

        fn jobs(&self) -> usize {
            2
        }

        fn runs(&self) -> u64 {
            self.0.load(Ordering::Relaxed)
        }
    }

    /// A game found inside the statement shrinks to games inside it: dropping the last pair of
    /// equal piles would leave N = 0, which fails too, but no judge has that test and a
    /// solution may assert 1 <= N. The smallest is 2 piles, each lowered to 1 stone.
    #[test]
    fn a_game_inside_the_statement_shrinks_inside_it() {
        let game = Game {
            piles: vec![3, 3, 5, 5],
            forbidden: vec![(2, 1), (4, 4)],
        };
        let trial = EvenPiles(AtomicU64::new(0));
        let outcome = trial.try_game(&game, Sharing::Shared, &Budget::default());
        let bar = ProgressBar::hidden();
        let time = Duration::from_secs(600);
        let shrunk = shrink(&trial, game, outcome, time, &Budget::default(), &bar);
        assert_eq!(shrunk.end, End::Minimal);
        assert_eq!(strict::violation(&shrunk.case), None, "{:?}", shrunk.case);
        assert_eq!(shrunk.case.piles, [1, 1]);
        assert_eq!(shrunk.case.forbidden.len(), 1);
    }

    #[test]
    fn a_changed_move_stays_inside_the_statement() {
        let case = Game {
            piles: vec![5],
            forbidden: vec![(4, 2), (3, 1)],
        };
        assert!(with_move(&case, 0, (3, 1)).is_none(), "a repeated pair");
        assert!(with_move(&case, 0, (2, 3)).is_none(), "Y above X");
        assert!(with_move(&case, 0, (2, 0)).is_none(), "Y of 0");
        assert_eq!(
            with_move(&case, 0, (2, 2)).unwrap().forbidden,
            [(2, 2), (3, 1)]
        );
    }
}
