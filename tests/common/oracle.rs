//! The brute-force oracle: Grundy values straight from the definition, and a move checker.
//!
//! Independent of the solver on purpose: no breakpoints, no duplicate counts, only the mex over
//! every allowed move.

use std::collections::HashSet;

/// `g(0..=limit)` for one pile under `forbidden` moves `(X, Y)`:
/// `g(n) = mex { g(n - y) : 1 <= y <= n, (n, y) not forbidden }`.
///
/// # Complexity
/// - O(limit^2)
pub fn grundy_table(forbidden: &[(u64, u64)], limit: u64) -> Vec<u64> {
    let banned: HashSet<(u64, u64)> = forbidden.iter().copied().collect();
    let mut table: Vec<u64> = Vec::with_capacity(limit as usize + 1);
    for n in 0..=limit {
        // Values above n cannot be the mex of at most n options.
        let mut reached = vec![false; n as usize + 1];
        for y in 1..=n {
            let value = table[(n - y) as usize];
            if !banned.contains(&(n, y)) && value <= n {
                reached[value as usize] = true;
            }
        }
        let mex = reached.iter().position(|&r| !r).unwrap_or(n as usize);
        table.push(mex as u64);
    }
    table
}

/// Whether taking `take` stones from pile `pile` (0-based) is allowed and leaves nim-sum 0.
#[allow(dead_code)] // not every test crate checks moves
pub fn is_winning_move(
    piles: &[u64],
    forbidden: &[(u64, u64)],
    table: &[u64],
    pile: usize,
    take: u64,
) -> bool {
    let Some(&stones) = piles.get(pile) else {
        return false;
    };
    if take == 0 || take > stones || forbidden.contains(&(stones, take)) {
        return false;
    }
    let after = piles.iter().enumerate().map(|(i, &a)| {
        if i == pile {
            table[(a - take) as usize]
        } else {
            table[a as usize]
        }
    });
    after.fold(0, |sum, v| sum ^ v) == 0
}
