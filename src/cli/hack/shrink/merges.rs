//! The merges of shrinking: piles replaced by one pile whose Grundy value is the xor of theirs,
//! so that the game keeps its nim-sum, and its answer. Dropping piles cannot shrink a failure
//! that needs the nim-sum's exact bits (a 32-bit overflow on an `Aoki` game: removing any one
//! pile changes the low bits of the nim-sum); merging them can, down to one or two piles.
//!
//! The merged pile's size is found through the game's Grundy map (every value is held by a
//! few positions: one a segment of the map that reaches it), within the statement's 1 to 10^18
//! stones. A failure may hang on the stones themselves, not only on their Grundy value (an
//! overflow of the pile's size): each merge is offered at the smallest such position, at the
//! one nearest the largest merged pile and at the largest; the shrinker keeps a candidate only
//! when it still fails the same way.

use crate::Game;
use crate::cli::game::Solved;
use crate::cli::strict::MAX_VALUE;

/// Up to this many piles, every pair is merged; above it, ddmin's chunks (in `drops`) merge
/// groups, a few runs a round where pairs would be a run a pile.
const EVERY_PAIR_UP_TO: usize = 8;

/// The biggest steps, smallest first: every pile merged into one (a game whose nim-sum is not
/// 0), then every pile but the last, or but the first, merged into one beside it (an `Aoki`
/// game ends as two piles of the same Grundy value).
pub(super) fn all_merged(case: &Game) -> Vec<Game> {
    let n = case.piles.len();
    let Some(solved) = solve(case).filter(|_| n >= 2) else {
        return Vec::new();
    };
    let sum = solved.nim_sum();
    let largest = case.piles.iter().copied().max().unwrap_or(1);
    let mut merged: Vec<Game> = (sum != 0)
        .then(|| piles_of(&solved, sum, largest))
        .into_iter()
        .flatten()
        .map(|pile| with_piles(case, vec![pile]))
        .collect();
    if n >= 3 {
        for kept in [n - 1, 0] {
            let rest = sum ^ solved.values[kept];
            let others = case.piles.iter().enumerate().filter(|&(i, _)| i != kept);
            let near = others.map(|(_, &a)| a).max().unwrap_or(1);
            for pile in piles_of(&solved, rest, near) {
                let piles = if kept == 0 {
                    vec![case.piles[0], pile]
                } else {
                    vec![pile, case.piles[kept]]
                };
                merged.push(with_piles(case, piles));
            }
        }
    }
    merged
}

/// Up to this many piles, every sub-game of one pile and one of two piles is tried early (see
/// [`sub_games`]); up to [`EVERY_PAIR_AS_IS_UP_TO`], every pair of piles as it is too.
pub(super) const SUB_GAMES_UP_TO: usize = 64;

/// Up to this many piles, every pair of piles is tried alone, as it is (120 games at most).
const EVERY_PAIR_AS_IS_UP_TO: usize = 16;

/// The game's sub-games of one pile, then of two, each with all of its forbidden moves, fewer
/// piles first, then smaller values, the pairs that keep the nim-sum before the others; none
/// above [`SUB_GAMES_UP_TO`] piles.
///
/// One pile: each of the game's piles alone, and each power of 2 below the largest (a pile
/// alone fails where its value wraps: a 32-bit pile of 2^32 reads as 0, where the game's own
/// piles, three near 10^18, each pass alone, and the shrinker, lowering each value in turn,
/// settled on three piles near 2^31). Two piles: each pile beside one whose Grundy value is the
/// xor of all the others' (the game keeps its nim-sum, so its answer: the pile a wrong answer
/// sits on, balanced), and each pair as it is in a game of up to [`EVERY_PAIR_AS_IS_UP_TO`]
/// piles. A shrinker that lowers values first spends O(log v) runs on each of the game's values
/// before it tries these, and ran out of time at 12 piles near 20,000 where two piles failed.
pub(super) fn sub_games(case: &Game) -> Vec<Game> {
    let n = case.piles.len();
    if !(2..=SUB_GAMES_UP_TO).contains(&n) {
        return Vec::new();
    }
    let largest = case.piles.iter().copied().max().unwrap_or(1);
    let mut ones: Vec<u64> = case.piles.clone();
    ones.extend((0..64).map(|k| 1u64 << k).take_while(|&p| p < largest));
    let mut balanced: Vec<Vec<u64>> = Vec::new();
    if let Some(solved) = solve(case) {
        let sum = solved.nim_sum();
        for i in 0..n {
            let rest = sum ^ solved.values[i];
            let near = (0..n)
                .filter(|&j| j != i)
                .map(|j| case.piles[j])
                .max()
                .unwrap_or(1);
            if rest == 0 {
                // The others cancel: the pile alone keeps the nim-sum.
                ones.push(case.piles[i]);
            }
            for pile in piles_of(&solved, rest, near) {
                balanced.push(vec![case.piles[i], pile]);
            }
        }
    }
    let mut pairs: Vec<Vec<u64>> = Vec::new();
    if n <= EVERY_PAIR_AS_IS_UP_TO && n > 2 {
        for i in 0..n {
            for j in i + 1..n {
                pairs.push(vec![case.piles[i], case.piles[j]]);
            }
        }
    }
    ones.sort_unstable();
    ones.dedup();
    // The balanced pairs before the others: they keep the answer, which a wrong answer most
    // often needs (an Aoki game's pair as it is answers Takahashi, for the solution too).
    let size = |piles: &Vec<u64>| piles.iter().map(|&a| u128::from(a)).sum::<u128>();
    for twos in [&mut balanced, &mut pairs] {
        twos.sort_by_key(|piles| (size(piles), piles.clone()));
        twos.dedup();
    }
    let ones = ones.into_iter().map(|pile| vec![pile]);
    (ones.chain(balanced).chain(pairs))
        .map(|piles| with_piles(case, piles))
        .collect()
}

/// Pair `k` of the game's piles merged into one where the first of them stood, or `None` past
/// the last pair, or in a game of more than [`EVERY_PAIR_UP_TO`] piles. A pair whose values
/// cancel is dropped. One pair at a time, so that memory stays a few copies of the game.
pub(super) fn pair_merged(case: &Game, k: usize) -> Option<Vec<Game>> {
    let n = case.piles.len();
    if n > EVERY_PAIR_UP_TO {
        return None;
    }
    let (i, j) = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .nth(k)?;
    let Some(solved) = solve(case) else {
        return Some(Vec::new());
    };
    let value = solved.values[i] ^ solved.values[j];
    let near = case.piles[i].max(case.piles[j]);
    let rest: Vec<u64> = (0..n)
        .filter(|&p| p != i && p != j)
        .map(|p| case.piles[p])
        .collect();
    if value == 0 {
        return Some(vec![with_piles(case, rest)]);
    }
    let merged = piles_of(&solved, value, near).into_iter().map(|pile| {
        let mut piles = rest.clone();
        piles.insert(i, pile);
        with_piles(case, piles)
    });
    Some(merged.collect())
}

/// Piles of Grundy value `value` inside the statement: the smallest, the one nearest `near`
/// and the largest, each once, increasing. None for 0 (no pile of 1 stone or more may hold it
/// but at a drop, which the smallest then is).
fn piles_of(solved: &Solved, value: u64, near: u64) -> Vec<u64> {
    let positions: Vec<u64> = (solved.map.positions_of(value, MAX_VALUE + 1).into_iter())
        .filter(|&p| p >= 1)
        .collect();
    let (Some(&smallest), Some(&largest)) = (positions.first(), positions.last()) else {
        return Vec::new();
    };
    let nearest = positions
        .iter()
        .copied()
        .min_by_key(|&p| p.abs_diff(near))
        .unwrap_or(smallest);
    let mut piles = vec![smallest, nearest, largest];
    piles.sort_unstable();
    piles.dedup();
    piles
}

fn with_piles(case: &Game, piles: Vec<u64>) -> Game {
    Game {
        piles,
        forbidden: case.forbidden.clone(),
    }
}

/// The game's Grundy values, or `None` when it cannot be solved here.
fn solve(case: &Game) -> Option<Solved> {
    let game = case.clone();
    Solved::new(game).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_sum(case: &Game) -> u64 {
        solve(case).unwrap().nim_sum()
    }

    #[test]
    fn every_merge_keeps_the_nim_sum() {
        // Moves from one X of 10^18 (the `onex` max test's shape): g(10^18) is its smallest
        // target, 10^18 - 9, and every other value below 10^18 is held by one pile.
        let e18 = 1_000_000_000_000_000_000;
        let case = Game {
            piles: vec![e18, 5, 2_147_483_648, e18 - 9, 4_294_967_296],
            forbidden: vec![(e18, 7), (e18, 9)],
        };
        let sum = nim_sum(&case);
        let all = all_merged(&case);
        assert!(!all.is_empty());
        let pairs: Vec<Game> = (0..)
            .map_while(|k| pair_merged(&case, k))
            .flatten()
            .collect();
        for merged in all.iter().chain(&pairs) {
            assert_eq!(nim_sum(merged), sum, "{:?}", merged.piles);
            assert!(merged.piles.iter().all(|&a| (1..=e18).contains(&a)));
        }
        assert_eq!(
            all[0].piles.len(),
            1,
            "all into one first: {:?}",
            all[0].piles
        );
        // g(10^18) = g(10^18 - 9): the pair cancels and is dropped.
        assert!(
            pairs
                .iter()
                .any(|c| c.piles == [5, 2_147_483_648, 4_294_967_296])
        );
    }

    /// The sub-games: one pile first, the game's own and powers of 2 below the largest, in
    /// order; then two piles, each pile balanced by one of the others' xor (the nim-sum kept),
    /// and each pair as it is.
    #[test]
    fn sub_games_of_one_pile_come_before_those_of_two() {
        let case = Game {
            piles: vec![10, 3, 6],
            forbidden: vec![(100, 1)],
        };
        let subs = sub_games(&case);
        let ones: Vec<u64> = (subs.iter())
            .take_while(|c| c.piles.len() == 1)
            .map(|c| c.piles[0])
            .collect();
        assert_eq!(ones, [1, 2, 3, 4, 6, 8, 10]);
        let twos = &subs[ones.len()..];
        assert!(twos.iter().all(|c| c.piles.len() == 2));
        assert!(twos.iter().all(|c| c.forbidden == case.forbidden));
        // 10 balanced by 3 ^ 6 = 5, and each pair as it is.
        for pair in [[10, 5], [3, 6], [10, 3], [10, 6], [3, 10 ^ 6], [6, 10 ^ 3]] {
            assert!(twos.iter().any(|c| c.piles == pair), "{pair:?}: {twos:?}");
        }
        // The three that keep the nim-sum come first.
        assert!(twos[..3].iter().all(|c| nim_sum(c) == nim_sum(&case)));
        // A game too large has none; a pile of 2^32 is offered for piles near 10^18.
        let many = Game {
            piles: vec![1; SUB_GAMES_UP_TO + 1],
            forbidden: vec![(1, 1)],
        };
        assert!(sub_games(&many).is_empty());
        let e18 = Game {
            piles: vec![1_000_000_000_000_000_000, 999_999_999_999_999_999, 1],
            forbidden: vec![(2, 1)],
        };
        assert!(sub_games(&e18).iter().any(|c| c.piles == [1 << 32]));
    }

    #[test]
    fn an_aoki_game_merges_to_two_piles_of_one_value() {
        let case = Game {
            piles: vec![3, 5, 6],
            forbidden: vec![(100, 1)],
        };
        assert_eq!(nim_sum(&case), 0);
        let all = all_merged(&case);
        assert!(all.iter().all(|c| c.piles.len() == 2 && nim_sum(c) == 0));
        assert_eq!(all[0].piles, [6, 6]);
    }

    #[test]
    fn a_value_is_offered_near_the_merged_piles() {
        // g(n) = n below 100 and above it n - 1: value 99 is held by 99 and by 100.
        let case = Game {
            piles: vec![1, 98, 200],
            forbidden: vec![(100, 1)],
        };
        let solved = solve(&case).unwrap();
        assert_eq!(piles_of(&solved, 99, 100), [99, 100]);
        assert_eq!(piles_of(&solved, 150, 0), [151]);
    }
}
