//! The algorithm as first described, written plainly: a `BTreeMap` searched for every target,
//! and a count kept for every drop. A second oracle for games too large for the brute force:
//! it shares no code with the sweep, its query order, its two-breakpoint line or its rule for
//! which counts to keep.

use std::collections::{BTreeMap, HashMap};

/// `g(n)` for every `n` in `positions`.
pub fn grundy_at(forbidden: &[(u64, u64)], positions: &[u64]) -> Vec<u64> {
    let mut moves: Vec<(u64, u64)> = forbidden.iter().map(|&(x, y)| (x, x - y)).collect();
    moves.sort_unstable();
    moves.dedup();
    let mut map = BTreeMap::from([(0u64, 0u64)]);
    let grundy = |map: &BTreeMap<u64, u64>, n: u64| {
        let (&p, &v) = map.range(..=n).next_back().unwrap();
        v + (n - p)
    };
    let mut extra: HashMap<u64, u64> = HashMap::new();
    let mut drops = 0;
    for group in moves.chunk_by(|a, b| a.0 == b.0) {
        let x = group[0].0;
        let mut count: BTreeMap<u64, u64> = BTreeMap::new();
        for &(_, t) in group {
            *count.entry(grundy(&map, t)).or_default() += 1;
        }
        let held = |w: &u64| 1 + extra.get(w).copied().unwrap_or(0);
        if let Some((&w, _)) = count.iter().find(|&(w, &c)| c == held(w)) {
            *extra.entry(w).or_default() += 1;
            drops += 1;
            map.insert(x, w);
            if let Some(after) = x.checked_add(1) {
                map.insert(after, after - drops);
            }
        }
    }
    positions.iter().map(|&n| grundy(&map, n)).collect()
}
