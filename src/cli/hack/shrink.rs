//! Shrinking a failing game to a small one that fails the same way, within a time budget.
//!
//! Hypothesis's shape: passes of reductions, each kept when the game still fails, repeated until
//! a whole round makes no progress (a fixpoint) or the budget ends; games ordered shortlex (fewer
//! piles and forbidden moves first, then smaller values). Each round:
//! - bisects the game's size: the fewest first forbidden moves, then the fewest first piles,
//!   that still fail (an exponential probe 1, 2, 4, ... then bisection: O(log N) runs);
//! - drops chunks of piles and of forbidden moves, halves first (ddmin), also keeping the
//!   nim-sum or the answer, and pairs of equal piles (which cancel in the nim-sum);
//! - lowers every pile at once, every forbidden move at once and every value by the same
//!   amount, then (after the drops) each X, Y and pile alone, each by an exponential probe and
//!   bisection toward 1 (O(log v) runs a value, never one step at a time);
//! - in small games, merges a value into another one of the game.
//!
//! Candidates run J at a time ([`Shrinker::first_failing`]): the first in shortlex order that
//! still fails wins and the runs after it are killed. A game already tried is never run again.

use super::limits::{cancellable, stopped};
use super::outcome::{Case, Outcome, Runner};
use crate::cli::game::Solved;
use crate::cli::strict::MAX_VALUE;
use indicatif::ProgressBar;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Below this N + M, a value may also be merged into another value of the game.
const MERGE_UP_TO: usize = 64;

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
}

pub(super) struct Shrunk {
    pub(super) case: Case,
    pub(super) outcome: Outcome,
    pub(super) end: End,
    pub(super) runs: u64,
    pub(super) time: Duration,
}

/// Shrinks `case`, which failed with `outcome`, to a smaller one that fails the same way.
pub(super) fn shrink(
    runner: &Runner,
    case: Case,
    outcome: Outcome,
    budget: Duration,
    bar: &ProgressBar,
) -> Shrunk {
    let mut shrinker = Shrinker {
        runner,
        kind: outcome.kind(),
        tried: HashSet::from([fingerprint(&case)]),
        case,
        outcome,
        runs: 0,
        started: Instant::now(),
        budget,
        bar,
        end: None,
    };
    // ddmin's order: every drop pass takes chunks of at least 1/2^depth of its items before any
    // pass tries smaller ones, so that a large game loses its halves before it is taken apart
    // one pile at a time.
    let mut depth = 1;
    let end = loop {
        let mut progress = shrinker.bisect_size();
        progress |= shrinker.lower_all();
        for pass in DROPS {
            progress |= shrinker.drop_pass(pass, depth);
        }
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
        end,
        runs: shrinker.runs,
        time: shrinker.started.elapsed(),
    }
}

/// The state of one shrinking: the smallest failing game so far, and every game tried.
struct Shrinker<'a> {
    runner: &'a Runner,
    /// The kind of failure kept ("crash", "wrong answer", ...).
    kind: &'static str,
    case: Case,
    outcome: Outcome,
    /// Fingerprints of the games run to a verdict: none is run twice.
    tried: HashSet<u64>,
    runs: u64,
    started: Instant,
    budget: Duration,
    bar: &'a ProgressBar,
    /// Set when shrinking must end (budget, signal, a run without verdict).
    end: Option<End>,
}

impl Shrinker<'_> {
    /// Whether `outcome`, of a smaller game, counts as the same failure: the one place where a
    /// candidate is accepted.
    fn accepts(&self, outcome: &Outcome) -> bool {
        outcome.kind() == self.kind
    }

    /// Runs `candidates` (in shortlex order, smallest first; `None` is a game the statement does
    /// not allow) J at a time, never one already tried. The first that fails the same way
    /// becomes the game; the runs after it are killed. Its index, or `None`.
    fn first_failing(&mut self, candidates: Vec<Option<Case>>) -> Option<usize> {
        let mut fresh: Vec<(usize, Case, u64)> = Vec::new();
        for (i, candidate) in candidates.into_iter().enumerate() {
            if let Some(case) = candidate {
                let print = fingerprint(&case);
                if !self.tried.contains(&print) && !fresh.iter().any(|f| f.2 == print) {
                    fresh.push((i, case, print));
                }
            }
        }
        for batch in fresh.chunks(self.runner.jobs.max(1)) {
            if self.end.is_some() {
                return None;
            }
            if stopped() {
                self.end = Some(End::Stopped);
                return None;
            }
            if self.started.elapsed() > self.budget {
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
                        if won.is_none() && self.accepts(&outcome) {
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
        }
        None
    }

    /// Runs the games of `batch` at once, one thread each. When one fails the same way, the
    /// runs of the later ones are killed (`None`); the earlier ones, smaller, go on.
    fn run_batch(&self, batch: &[(usize, Case, u64)]) -> Vec<Option<Outcome>> {
        let flags: Vec<Arc<AtomicBool>> = batch.iter().map(|_| Arc::default()).collect();
        let (done, results) = mpsc::channel();
        thread::scope(|scope| {
            let mut outcomes: Vec<Option<Outcome>> = vec![None; batch.len()];
            let mut running = 0;
            for (k, (_, case, _)) in batch.iter().enumerate() {
                let flag = Arc::clone(&flags[k]);
                let done = done.clone();
                let run = move || {
                    let outcome = cancellable(flag, || self.runner.try_case(case));
                    let _ = done.send((k, outcome));
                };
                match thread::Builder::new().spawn_scoped(scope, run) {
                    Ok(_) => running += 1,
                    // No thread to be had: the run goes here, the others meanwhile.
                    Err(_) => outcomes[k] = Some(self.runner.try_case(case)),
                }
            }
            drop(done);
            let cancel_after = |k: usize, outcome: &Outcome| {
                if self.accepts(outcome) {
                    flags[k + 1..]
                        .iter()
                        .for_each(|f| f.store(true, Ordering::Relaxed));
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
                if !flags[k].load(Ordering::Relaxed) {
                    outcomes[k] = Some(outcome);
                }
            }
            outcomes
        })
    }

    fn show(&self) {
        let left = self.budget.saturating_sub(self.started.elapsed()).as_secs();
        self.bar.set_message(format!(
            "shrinking: {} runs, {} piles and {} forbidden moves, {left} s left",
            self.runs,
            self.case.piles.len(),
            self.case.forbidden.len()
        ));
        self.bar.tick();
    }

    /// The smallest `w` in 1..`v` for which `make(game, w)` fails, `v` failing: probes 1, 2,
    /// 4, ... then bisects, J points a round. Ends with `w - 1` passing (or `w` = 1). Whether
    /// it lowered the value.
    fn lower(&mut self, v: u64, make: impl Fn(&Case, u64) -> Option<Case>) -> bool {
        self.lower_within(v, 1, make)
    }

    /// As [`Self::lower`], but the bisection stops once `w` is known within 1/`slack` of itself
    /// (`slack` = 1: exactly).
    fn lower_within(
        &mut self,
        v: u64,
        slack: u64,
        make: impl Fn(&Case, u64) -> Option<Case>,
    ) -> bool {
        let jobs = self.runner.jobs.max(1) as u64;
        let (mut lo, mut hi) = (0, v);
        let mut next = 1u64;
        // The probe: 1, 2, 4, ... below the value, until one fails.
        while next < hi && self.end.is_none() {
            let mut probes = Vec::new();
            while probes.len() < jobs as usize && next < hi {
                probes.push(next);
                next = next.saturating_mul(2);
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
        while !close(lo, hi) && self.end.is_none() {
            let gap = hi - lo;
            let mut points: Vec<u64> = (1..=jobs)
                .map(|k| lo + (u128::from(gap) * u128::from(k) / u128::from(jobs + 1)) as u64)
                .filter(|&p| p > lo && p < hi)
                .collect();
            points.dedup();
            if points.is_empty() {
                points.push(lo + 1);
            }
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

    /// The fewest first forbidden moves, then the fewest first piles, that still fail; first of
    /// all one move or one pile alone, at once: whichever fails makes every later run quicker.
    /// A timeout's sizes are bisected to within 1/16 only: each of its failing runs takes the
    /// time limit and more, and its growth (see `growth`) says more than its exact size.
    fn bisect_size(&mut self) -> bool {
        let first_moves = |case: &Case, k: u64| {
            let piles = case.piles.clone();
            let forbidden = case.forbidden[..k as usize].to_vec();
            Some(Case { piles, forbidden })
        };
        let first_piles = |case: &Case, k: u64| {
            let piles = case.piles[..k as usize].to_vec();
            let forbidden = case.forbidden.clone();
            Some(Case { piles, forbidden })
        };
        let (n, m) = (self.case.piles.len(), self.case.forbidden.len());
        let corners = vec![
            (m > 1).then(|| first_moves(&self.case, 1)).flatten(),
            (n > 1).then(|| first_piles(&self.case, 1)).flatten(),
        ];
        let corner = self.first_failing(corners).is_some();
        let slack = if self.kind == "timeout" { 16 } else { 1 };
        let m = self.case.forbidden.len() as u64;
        let fewer_moves = self.lower_within(m, slack, first_moves);
        let n = self.case.piles.len() as u64;
        let fewer_piles = self.lower_within(n, slack, first_piles);
        corner || fewer_moves || fewer_piles
    }

    /// One drop pass over chunks of at least 1/2^`depth` of the items, J candidates a run.
    fn drop_pass(&mut self, pass: Drop, depth: u32) -> bool {
        let mut progress = false;
        let mut cursor = (0, 0);
        while self.end.is_none() {
            let mut batch = Vec::new();
            let mut next = cursor;
            while batch.len() < self.runner.jobs.max(1) {
                let Some((at, candidate)) = dropped(pass, &self.case, next, depth) else {
                    break;
                };
                next = (at.0, at.1 + 1);
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
            Some(Case { piles, forbidden })
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
            (distinct.len() == forbidden.len()).then_some(Case { piles, forbidden })
        });
        // Every pile and X lowered by the same amount, Y kept or cut to the new X: the game's
        // shape at smaller values, which keeps the differences an overflow or a rounding may
        // need, and the moves with Y = X.
        let room = |case: &Case| {
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
                (distinct.len() == forbidden.len()).then_some(Case { piles, forbidden })
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
                Some(Case { piles, forbidden })
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
        let values = |case: &Case| -> Vec<u64> {
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
                    Some(Case { piles, forbidden })
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

/// A game's fingerprint, for the set of games tried.
fn fingerprint(case: &Case) -> u64 {
    let mut hasher = DefaultHasher::new();
    case.piles.hash(&mut hasher);
    case.forbidden.hash(&mut hasher);
    hasher.finish()
}

/// `case` with forbidden move `j` changed to `changed`, unless that repeats another move or
/// leaves the statement (1 <= Y <= X).
fn with_move(case: &Case, j: usize, changed: (u64, u64)) -> Option<Case> {
    let (x, y) = changed;
    if y < 1 || y > x || case.forbidden.contains(&changed) {
        return None;
    }
    let mut forbidden = case.forbidden.clone();
    forbidden[j] = changed;
    let piles = case.piles.clone();
    Some(Case { piles, forbidden })
}

/// Where a drop pass stands: a chunk size and a chunk (the pairs pass: 0 and a pile).
type Cursor = (usize, usize);

#[derive(Clone, Copy, Debug)]
enum Drop {
    Piles,
    PilesKeepingNimSum,
    MovesKeepingAnswer,
    Moves,
    Pairs,
}

const DROPS: [Drop; 5] = [
    Drop::PilesKeepingNimSum,
    Drop::Piles,
    Drop::MovesKeepingAnswer,
    Drop::Moves,
    Drop::Pairs,
];

/// The first candidate of `pass` on `case` at or after `cursor`, with its own cursor; chunks
/// of at least 1/2^`depth` of the items.
fn dropped(pass: Drop, case: &Case, cursor: Cursor, depth: u32) -> Option<(Cursor, Case)> {
    match pass {
        Drop::Piles => {
            let (at, piles) = drop_chunk(&case.piles, cursor, depth)?;
            let forbidden = case.forbidden.clone();
            Some((at, Case { piles, forbidden }))
        }
        Drop::PilesKeepingNimSum => drop_keeping_nim_sum(case, cursor, depth),
        Drop::MovesKeepingAnswer => drop_moves_keeping_answer(case, cursor, depth),
        Drop::Moves => {
            let (at, forbidden) = drop_chunk(&case.forbidden, cursor, depth)?;
            let piles = case.piles.clone();
            Some((at, Case { piles, forbidden }))
        }
        Drop::Pairs => drop_pair(case, cursor.1).map(|(i, c)| ((0, i), c)),
    }
}

/// Where the chunk at `(size, k)` or the next one stands: sizes `len / 2`, `len / 4`, ...,
/// down to `len / 2^depth` or 1 (a size of 0 starts at the largest), chunk `k` of each; never
/// all of the items, never a chunk equal to the one before it (dropping either gives the same).
fn chunk_at<T: PartialEq>(items: &[T], (mut size, mut k): Cursor, depth: u32) -> Option<Cursor> {
    let len = items.len();
    if len < 2 {
        return None;
    }
    let smallest = len.checked_shr(depth).unwrap_or(0).max(1);
    if size == 0 || size >= len {
        size = len / 2;
    }
    loop {
        while k * size >= len {
            size /= 2;
            k = 0;
            if size < smallest {
                return None;
            }
        }
        let (from, to) = (k * size, ((k + 1) * size).min(len));
        if to - from >= len {
            return None;
        }
        let repeats = k > 0 && to - from == size && items[from - size..from] == items[from..to];
        if !repeats {
            return Some((size, k));
        }
        k += 1;
    }
}

/// `items` without the chunk at or after `cursor` (see [`chunk_at`]).
fn drop_chunk<T: Clone + PartialEq>(
    items: &[T],
    cursor: Cursor,
    depth: u32,
) -> Option<(Cursor, Vec<T>)> {
    let (size, k) = chunk_at(items, cursor, depth)?;
    let (from, to) = (k * size, ((k + 1) * size).min(items.len()));
    Some(((size, k), [&items[..from], &items[to..]].concat()))
}

/// Without the chunk of piles at `cursor` (as [`drop_chunk`]), and with one pile whose Grundy
/// value is the nim-sum of the dropped ones: the game keeps its nim-sum, so its answer.
///
/// A wrong answer on a large game is nearly always on a game that answers Aoki: dropping piles
/// alone makes it answer Takahashi, for the solution too, and the failure is lost; this keeps it.
fn drop_keeping_nim_sum(case: &Case, cursor: Cursor, depth: u32) -> Option<(Cursor, Case)> {
    let solved = solve(&case.piles, &case.forbidden)?;
    let mut at = cursor;
    loop {
        let (size, k) = chunk_at(&case.piles, at, depth)?;
        at = (size, k + 1);
        let (from, to) = (k * size, ((k + 1) * size).min(case.piles.len()));
        // One pile for one is no smaller, and would be taken again and again.
        if to - from < 2 {
            if size < 2 {
                return None;
            }
            continue;
        }
        let dropped = solved.values[from..to].iter().fold(0, |sum, v| sum ^ v);
        let mut piles = [&case.piles[..from], &case.piles[to..]].concat();
        if dropped != 0 {
            let Some(pile) = smallest_pile_of(&solved, dropped) else {
                continue;
            };
            piles.push(pile);
        }
        let forbidden = case.forbidden.clone();
        return Some(((size, k), Case { piles, forbidden }));
    }
}

/// The smallest pile the statement allows (1 to 10^18 stones) whose Grundy value is `value`.
fn smallest_pile_of(solved: &Solved, value: u64) -> Option<u64> {
    let positions = solved.map.positions_of(value, MAX_VALUE + 1);
    positions.into_iter().find(|&p| p >= 1)
}

/// The game's nim-sum, and its map, or `None` when it cannot be solved here.
fn solve(piles: &[u64], forbidden: &[(u64, u64)]) -> Option<Solved> {
    let game = crate::Game {
        piles: piles.to_vec(),
        forbidden: forbidden.to_vec(),
    };
    Solved::new(game).ok()
}

/// Without the chunk of forbidden moves at `cursor`, and, when the game answered Aoki, its last
/// pile moved to where the nim-sum is 0 again: dropping moves changes the Grundy values, which
/// would turn a wrong answer on an Aoki game into a right one on a Takahashi game.
fn drop_moves_keeping_answer(case: &Case, cursor: Cursor, depth: u32) -> Option<(Cursor, Case)> {
    let before = solve(&case.piles, &case.forbidden)?;
    if before.nim_sum() != 0 {
        return None;
    }
    let mut at = cursor;
    loop {
        let ((size, k), forbidden) = drop_chunk(&case.forbidden, at, depth)?;
        at = (size, k + 1);
        let after = solve(&case.piles, &forbidden)?;
        let sum = after.nim_sum();
        if sum == 0 {
            // Plain dropping keeps the answer here: the plain pass tries it.
            continue;
        }
        let last = case.piles.len() - 1;
        let wanted = sum ^ after.values[last];
        let Some(pile) = smallest_pile_of(&after, wanted) else {
            continue;
        };
        let mut piles = case.piles.clone();
        piles[last] = pile;
        return Some(((size, k), Case { piles, forbidden }));
    }
}

/// Without pile `i` (from `from` on) and the next pile of the same size: equal piles cancel in
/// the nim-sum, so only both together may go. In a run of equal piles only its first pair is
/// tried: any two neighbours of the run give the same game.
fn drop_pair(case: &Case, from: usize) -> Option<(usize, Case)> {
    let piles = &case.piles;
    if piles.len() < 3 {
        return None;
    }
    // The next pile of the same size after each pile, in one pass from the end.
    let mut next = vec![usize::MAX; piles.len()];
    let mut seen = std::collections::HashMap::new();
    for i in (from..piles.len()).rev() {
        if let Some(&j) = seen.get(&piles[i]) {
            next[i] = j;
        }
        seen.insert(piles[i], i);
    }
    (from..piles.len()).find_map(|i| {
        let j = next[i];
        let in_run = i > 0 && j == i + 1 && piles[i - 1] == piles[i];
        if j == usize::MAX || in_run {
            return None;
        }
        let kept = (0..piles.len()).filter(|&p| p != i && p != j);
        Some((
            i,
            Case {
                piles: kept.map(|p| piles[p]).collect(),
                forbidden: case.forbidden.clone(),
            },
        ))
    })
}
