//! `--check --strict`: the statement's limits, which the tool itself does not need (it takes
//! N = 0, empty piles, repeated moves and values up to 2^64 - 1), for checking a test case.

use crate::Game;

/// The statement's largest N and M.
pub(super) const MAX_COUNT: u64 = 200_000;
/// The statement's largest A_i and X_i.
pub(super) const MAX_VALUE: u64 = 1_000_000_000_000_000_000;

/// The first of the statement's limits that `game` breaks, said in full, or `None`.
///
/// # Complexity
/// - O(M log M): repeated pairs are found by sorting their positions.
pub(super) fn violation(game: &Game) -> Option<String> {
    let counts = [("N", game.piles.len()), ("M", game.forbidden.len())];
    for (name, count) in counts {
        let count = count as u64;
        if !(1..=MAX_COUNT).contains(&count) {
            return Some(format!(
                "{name} = {count} breaks the statement's 1 <= {name} <= 200000"
            ));
        }
    }
    for (i, &a) in game.piles.iter().enumerate() {
        if !(1..=MAX_VALUE).contains(&a) {
            return Some(format!(
                "pile {}: A = {a} breaks the statement's 1 <= A_i <= 10^18",
                i + 1
            ));
        }
    }
    // The reader already holds 1 <= Y <= X.
    for (j, &(x, _)) in game.forbidden.iter().enumerate() {
        if x > MAX_VALUE {
            return Some(format!(
                "forbidden move {}: X = {x} breaks the statement's X_i <= 10^18",
                j + 1
            ));
        }
    }
    let mut order: Vec<usize> = (0..game.forbidden.len()).collect();
    order.sort_unstable_by_key(|&j| (game.forbidden[j], j));
    let repeats = order
        .windows(2)
        .filter(|w| game.forbidden[w[0]] == game.forbidden[w[1]])
        .map(|w| (w[1], w[0]))
        .min();
    repeats.map(|(later, first)| {
        let (x, y) = game.forbidden[later];
        format!(
            "forbidden move {} repeats forbidden move {} (X = {x}, Y = {y}); the statement's pairs are distinct",
            later + 1,
            first + 1
        )
    })
}
