//! Shrinking a failing game to a small one that fails the same way, within a time budget.
//!
//! QuickCheck's shape: try the simplest reductions first and keep any that still fails. The
//! reductions come in passes (drop piles, drop forbidden moves, drop a pair of equal piles,
//! lower a pile, lower a forbidden move, lower everything together), each made lazily from the
//! current game, J candidates at a time, so memory stays a few copies of the game whatever its
//! size. Drops go by halves first (ddmin), so a large game loses most of itself in O(log) runs.
//! The result is 1-minimal when a whole round of passes finds nothing: no single pile, no pair of
//! equal piles (which cancel in the nim-sum) and no single forbidden move can go.

use super::limits::stopped;
use super::outcome::{Case, Outcome, Runner};
use crate::cli::game::Solved;
use crate::cli::strict::MAX_VALUE;
use indicatif::ProgressBar;
use std::thread;
use std::time::{Duration, Instant};

/// Where a pass stands: its meaning depends on the pass (a chunk size and a chunk, a pile and a
/// choice of value, ...).
type Cursor = (usize, usize);

#[derive(Clone, Copy, Debug)]
enum Pass {
    DropPiles,
    DropPilesKeepingNimSum,
    DropMovesKeepingAnswer,
    DropMoves,
    DropPairs,
    LowerPiles,
    LowerMoves,
    ShiftDown,
}

const PASSES: [Pass; 8] = [
    Pass::DropPilesKeepingNimSum,
    Pass::DropPiles,
    Pass::DropMovesKeepingAnswer,
    Pass::DropMoves,
    Pass::DropPairs,
    Pass::LowerPiles,
    Pass::LowerMoves,
    Pass::ShiftDown,
];

/// Above this N, pairs of equal piles are not looked for (a quadratic scan); the result is then
/// not claimed 1-minimal.
const PAIRS_UP_TO: usize = 3000;
/// Above this N + M, values are not lowered: a game that needs its size keeps its values.
const LOWER_UP_TO: usize = 2000;
/// Below this N + M, a value may also be merged into another value of the game.
const MERGE_UP_TO: usize = 64;

/// How shrinking ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// No reduction fails any more: 1-minimal.
    Minimal,
    /// No single pile or forbidden move can go, but pairs were not all tried (a large game).
    SinglesOnly,
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
    mut case: Case,
    mut outcome: Outcome,
    budget: Duration,
    bar: &ProgressBar,
) -> Shrunk {
    let kind = outcome.kind();
    let started = Instant::now();
    let mut runs = 0u64;
    let show = |case: &Case, runs: u64| {
        let left = budget.saturating_sub(started.elapsed()).as_secs();
        bar.set_message(format!(
            "shrinking: {runs} runs, {} piles and {} forbidden moves, {left} s left",
            case.piles.len(),
            case.forbidden.len()
        ));
        bar.tick();
    };
    // ddmin's order: every pass drops chunks of at least 1/2^depth of its items before any
    // pass tries smaller ones, so that a large game loses its moves' halves before it is taken
    // apart one pile at a time.
    let mut depth = 1;
    let end = 'rounds: loop {
        let mut progress = false;
        for pass in PASSES {
            let mut cursor = (0, 0);
            loop {
                let mut batch = Vec::new();
                let mut next = cursor;
                while batch.len() < runner.jobs {
                    let Some((at, candidate)) = candidate(pass, &case, next, depth) else {
                        break;
                    };
                    next = (at.0, at.1 + 1);
                    batch.push((at, candidate));
                }
                if batch.is_empty() {
                    break;
                }
                if stopped() {
                    break 'rounds End::Stopped;
                }
                if started.elapsed() > budget {
                    break 'rounds End::Budget;
                }
                show(&case, runs);
                let outcomes = run_batch(runner, &batch);
                runs += batch.len() as u64;
                let mut kept = None;
                for ((at, candidate), result) in batch.into_iter().zip(outcomes) {
                    if result.unusable() {
                        let reason = match result {
                            Outcome::NotRun(e) => format!("the command could not start: {e}"),
                            Outcome::Broken(e) => e,
                            _ => String::new(),
                        };
                        break 'rounds End::Unusable(reason);
                    }
                    if result.kind() == kind && runner.confirm(&candidate, &result).repeats() {
                        kept = Some((at, candidate, result));
                        break;
                    }
                }
                match kept {
                    Some((at, smaller, result)) => {
                        case = smaller;
                        outcome = result;
                        cursor = at;
                        progress = true;
                    }
                    None => cursor = next,
                }
            }
        }
        // Every chunk size down to one item was tried only once 1/2^depth reaches one item.
        let longest = case.piles.len().max(case.forbidden.len());
        let finest = longest.checked_shr(depth).unwrap_or(0) <= 1;
        if !progress && !finest {
            depth += 1;
            continue;
        }
        if !progress {
            break if case.piles.len() > PAIRS_UP_TO {
                End::SinglesOnly
            } else {
                End::Minimal
            };
        }
    };
    Shrunk {
        case,
        outcome,
        end,
        runs,
        time: started.elapsed(),
    }
}

/// Runs the cases of `batch` at once, one thread each; a case whose thread cannot start runs
/// here, the others meanwhile.
fn run_batch(runner: &Runner, batch: &[(Cursor, Case)]) -> Vec<Outcome> {
    thread::scope(|scope| {
        let pending: Vec<_> = batch
            .iter()
            .map(|(_, case)| {
                let run = || runner.try_case(case);
                thread::Builder::new()
                    .spawn_scoped(scope, run)
                    .map_err(|_| case)
            })
            .collect();
        pending
            .into_iter()
            .map(|p| match p {
                Ok(thread) => thread.join().unwrap_or(Outcome::Stopped),
                Err(case) => runner.try_case(case),
            })
            .collect()
    })
}

/// The first candidate of `pass` on `case` at or after `cursor`, with its own cursor; the drop
/// passes drop chunks of at least 1/2^`depth` of the items.
fn candidate(pass: Pass, case: &Case, cursor: Cursor, depth: u32) -> Option<(Cursor, Case)> {
    match pass {
        Pass::DropPiles => {
            let ((size, k), piles) = drop_chunk(&case.piles, cursor, depth)?;
            Some((
                (size, k),
                Case {
                    piles,
                    forbidden: case.forbidden.clone(),
                },
            ))
        }
        Pass::DropPilesKeepingNimSum => drop_keeping_nim_sum(case, cursor, depth),
        Pass::DropMovesKeepingAnswer => drop_moves_keeping_answer(case, cursor, depth),
        Pass::DropMoves => {
            let ((size, k), forbidden) = drop_chunk(&case.forbidden, cursor, depth)?;
            Some((
                (size, k),
                Case {
                    piles: case.piles.clone(),
                    forbidden,
                },
            ))
        }
        Pass::DropPairs => drop_pair(case, cursor.0).map(|(i, c)| ((i, 0), c)),
        Pass::LowerPiles => lower_pile(case, cursor),
        Pass::LowerMoves => lower_move(case, cursor),
        Pass::ShiftDown => shift_down(case, cursor.1).map(|(c, case)| ((0, c), case)),
    }
}

/// `items` without the chunk at `(size, k)`: sizes `len / 2`, `len / 4`, ..., down to
/// `len / 2^depth` or 1 (a size of 0 starts at the largest), chunk `k` of each; never all of
/// the items.
fn drop_chunk<T: Clone>(
    items: &[T],
    (mut size, mut k): Cursor,
    depth: u32,
) -> Option<(Cursor, Vec<T>)> {
    let len = items.len();
    if len < 2 {
        return None;
    }
    let smallest = len.checked_shr(depth).unwrap_or(0).max(1);
    if size == 0 || size >= len {
        size = len / 2;
    }
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
    Some(((size, k), [&items[..from], &items[to..]].concat()))
}

/// Without the chunk of piles at `cursor` (as [`drop_chunk`]), and with one pile whose Grundy
/// value is the nim-sum of the dropped ones: the game keeps its nim-sum, so its answer.
///
/// A wrong answer on a large game is nearly always on a game that answers Aoki: dropping piles
/// alone makes it answer Takahashi, for the solution too, and the failure is lost; this keeps it.
fn drop_keeping_nim_sum(case: &Case, cursor: Cursor, depth: u32) -> Option<(Cursor, Case)> {
    let solved = solve(&case.piles, &case.forbidden)?;
    let indices: Vec<usize> = (0..case.piles.len()).collect();
    let mut at = cursor;
    loop {
        let ((size, k), _) = drop_chunk(&indices, at, depth)?;
        at = (size, k + 1);
        // One pile for one is no smaller.
        if size < 2 {
            return None;
        }
        let (from, to) = (k * size, ((k + 1) * size).min(indices.len()));
        // One pile for one is no smaller, and would be taken again and again.
        if to - from < 2 {
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

/// Without pile `i` (from `from` on) and a later pile of the same size: equal piles cancel in
/// the nim-sum, so only both together may go.
fn drop_pair(case: &Case, from: usize) -> Option<(usize, Case)> {
    let piles = &case.piles;
    if piles.len() > PAIRS_UP_TO || piles.len() < 3 {
        return None;
    }
    (from..piles.len()).find_map(|i| {
        let j = (i + 1..piles.len()).find(|&j| piles[j] == piles[i])?;
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

/// Smaller values for `v`, smallest first: 1, then `v` minus a half, a quarter, ... , 1 of it;
/// then the values of `others` below `v` (merging two values into one).
fn smaller(v: u64, others: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut values = vec![1];
    let mut step = v / 2;
    while step >= 1 {
        values.push(v - step);
        step /= 2;
    }
    values.extend(others.filter(|&o| o < v));
    values.retain(|&c| c >= 1 && c < v);
    values.dedup();
    values
}

/// Pile `i` lowered to its `c`-th smaller value.
fn lower_pile(case: &Case, (mut i, mut c): Cursor) -> Option<(Cursor, Case)> {
    if case.size() > LOWER_UP_TO {
        return None;
    }
    let merge = case.size() <= MERGE_UP_TO;
    while i < case.piles.len() {
        let others = case.forbidden.iter().map(|&(x, _)| x);
        let others = others.chain(case.piles.iter().copied()).filter(|_| merge);
        let values = smaller(case.piles[i], others);
        if let Some(&b) = values.get(c) {
            let mut piles = case.piles.clone();
            piles[i] = b;
            let forbidden = case.forbidden.clone();
            return Some(((i, c), Case { piles, forbidden }));
        }
        (i, c) = (i + 1, 0);
    }
    None
}

/// Forbidden move `j` changed to its `c`-th lower form: X with Y kept (or cut to X), X with the
/// target kept, and Y; a move that would repeat another is skipped.
fn lower_move(case: &Case, (mut j, mut c): Cursor) -> Option<(Cursor, Case)> {
    if case.size() > LOWER_UP_TO {
        return None;
    }
    let merge = case.size() <= MERGE_UP_TO;
    while j < case.forbidden.len() {
        let (x, y) = case.forbidden[j];
        let others = case.piles.iter().copied();
        let others = others.chain(case.forbidden.iter().map(|&(x, _)| x));
        let mut moves = Vec::new();
        for lower in smaller(x, others.filter(|_| merge)) {
            moves.push((lower, y.min(lower)));
            if y > x - lower {
                moves.push((lower, y - (x - lower)));
            }
        }
        moves.extend(smaller(y, std::iter::empty()).into_iter().map(|z| (x, z)));
        while let Some(&changed) = moves.get(c) {
            if !case.forbidden.contains(&changed) {
                let mut forbidden = case.forbidden.clone();
                forbidden[j] = changed;
                let piles = case.piles.clone();
                return Some(((j, c), Case { piles, forbidden }));
            }
            c += 1;
        }
        (j, c) = (j + 1, 0);
    }
    None
}

/// Every pile and X lowered by the same amount (the room, a half of it, ...), Y kept: the
/// game's shape, at smaller values.
fn shift_down(case: &Case, c: usize) -> Option<(usize, Case)> {
    let room = case
        .piles
        .iter()
        .map(|&a| a - 1)
        .chain(case.forbidden.iter().map(|&(x, y)| x - y))
        .min()
        .unwrap_or(0);
    let by = room.checked_shr(c as u32).unwrap_or(0);
    if by == 0 {
        return None;
    }
    Some((
        c,
        Case {
            piles: case.piles.iter().map(|&a| a - by).collect(),
            forbidden: case.forbidden.iter().map(|&(x, y)| (x - by, y)).collect(),
        },
    ))
}
