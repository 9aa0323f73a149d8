//! The tool's dense path for the verdict: where every special point is below 2 M, positions
//! are array indices and the duplicate-count table is an array indexed by value; no sort and
//! no hash table. Every other game takes the judge file's sweep (`crate::sweep`).

use super::threads::TwoThreads;
use crate::{Bits, Game, OutOfMemory, winner_with};
use std::collections::TryReserveError;

/// The winner as [`crate::winner`] finds it: on the dense path where the game allows it, else
/// by the sweep with its sorts on two threads.
pub(crate) fn winner(game: Game) -> Result<&'static str, OutOfMemory> {
    let Some(top) = dense_top(&game.forbidden) else {
        return winner_with(game, &TwoThreads);
    };
    let out_of_memory = |_| OutOfMemory { during: "solving" };
    let (g, dropped) = dense_grundy(game.forbidden, top).map_err(out_of_memory)?;
    let mut nim_sum = 0;
    for a in game.piles {
        // Past the last special point the line runs on from H, one value per position.
        let value = usize::try_from(a).ok().and_then(|a| g.get(a));
        nim_sum ^= value.map_or_else(|| a - dropped, |&v| u64::from(v));
    }
    Ok(if nim_sum != 0 { "Takahashi" } else { "Aoki" })
}

/// The largest special point of a game whose special points are all below `2 M`, which the
/// dense path solves: its arrays then take under 36 bytes a move (16 a position, 4 a target),
/// about twice the 16 a move takes once read, and their fresh pages cost less than sorting the
/// moves would. `None` for any other game, which the sweep solves.
pub(crate) fn dense_top(moves: &[(u64, u64)]) -> Option<usize> {
    let top = moves.iter().map(|&(x, _)| x).max()?;
    let bound = (moves.len() as u64).saturating_mul(DENSE);
    (top < bound && top < u64::from(u32::MAX)).then_some(top as usize)
}

/// The dense path takes games whose special points are below this many times M.
pub(crate) const DENSE: u64 = 2;

/// `g(0..=top)` and the number of drops, for forbidden moves whose special points are at most
/// `top` (below 2^32 - 1): the sweep of [`crate::sweep`], with the positions themselves as indices.
///
/// The same rule: a special point `x` drops to the smallest value `w` held by its targets with
/// `#targets holding w == 1 + extra[w]`, else `g(x) = H(x)`. Here `g` is an array, so a target's
/// value is looked up instead of answered in order, the moves are grouped by a counting sort,
/// and `extra`, the duplicate-count table, is an array indexed by value (every value is below
/// `top + 1`). Past `top`, `g(n) = n - drops`.
///
/// # Complexity
/// - O(top + M) time; 16 bytes a position and 4 a move
pub(crate) fn dense_grundy(
    moves: Vec<(u64, u64)>,
    top: usize,
) -> Result<(Vec<u32>, u64), TryReserveError> {
    let zeros = |len: usize| -> Result<Vec<u32>, TryReserveError> {
        let mut items = Vec::new();
        items.try_reserve_exact(len)?;
        items.resize(len, 0);
        Ok(items)
    };
    let positions = top + 1;
    // Counting sort by X: after it, the targets of x are targets[ends[x - 1]..ends[x]].
    let mut ends = zeros(positions)?;
    for &(x, _) in &moves {
        ends[x as usize] += 1;
    }
    let mut sum = 0;
    for end in ends.iter_mut() {
        let count = *end;
        *end = sum;
        sum += count;
    }
    let mut targets = zeros(moves.len())?;
    for &(x, y) in &moves {
        let slot = &mut ends[x as usize];
        targets[*slot as usize] = (x - y) as u32;
        *slot += 1;
    }
    drop(moves);

    let mut g = zeros(positions)?;
    // values[w] = [targets of the current special point holding w (0 between special points),
    // extra[w]]: side by side, so that a value costs one cache miss.
    let mut values: Vec<[u32; 2]> = Vec::new();
    values.try_reserve_exact(positions)?;
    values.resize(positions, [0, 0]);
    // The targets the current special point has counted, so that a move listed twice counts
    // once; cleared again as the values are read.
    let mut counted = Bits::new(positions)?;
    let mut dropped = 0u32;
    let mut begin = 0;
    for x in 1..positions {
        let end = ends[x] as usize;
        let group = &targets[begin..end];
        begin = end;
        let h = x as u32 - dropped;
        let mut value = h;
        if !group.is_empty() {
            for &t in group {
                let t = t as usize;
                if !counted.contains(t) {
                    counted.insert(t);
                    values[g[t] as usize][0] += 1;
                }
            }
            for &t in group {
                counted.remove(t as usize);
                let w = g[t as usize];
                let [holding, extra] = &mut values[w as usize];
                if *holding == 1 + *extra {
                    value = value.min(w);
                }
                *holding = 0;
            }
            if value < h {
                values[value as usize][1] += 1;
                dropped += 1;
            }
        }
        g[x] = value;
    }
    Ok((g, u64::from(dropped)))
}

impl Bits {
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
}
