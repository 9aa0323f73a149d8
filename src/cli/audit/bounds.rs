//! `audit`'s bounds: the least and greatest N, M, A_i, X_i and Y_i a test set holds beside the
//! statement's limits, both winners, and which of the judge's max tests and anti-hash games
//! (the games `gen --shape` makes, which `hack` runs early) the set holds.

use super::super::strict::{MAX_COUNT, MAX_VALUE};
use crate::Game;

/// The statement's quantities, with their limits: (name, least allowed, greatest allowed).
pub(super) const LIMITS: [(&str, u64, u64); 5] = [
    ("N", 1, MAX_COUNT),
    ("M", 1, MAX_COUNT),
    ("A_i", 1, MAX_VALUE),
    ("X_i", 1, MAX_VALUE),
    ("Y_i", 1, MAX_VALUE),
];

/// The judge's max tests and anti-hash games, as `gen --shape` names them, in `hack`'s order.
pub(super) const SHAPES: [&str; 13] = crate::cli::hack::search::MAX_TESTS;

/// The anti-hash games, each told by the mutant it is made against: a game is one when that
/// mutant's counted work passes its budget on it.
pub(super) const ANTI_HASH: [(&str, &str); 3] = [
    ("gcc-growth", "unordered-map"),
    ("gcc-reserve", "unordered-map-reserve"),
    ("pydict", "pydict"),
];

/// The least and greatest of each quantity in one game, in [`LIMITS`]' order.
pub(super) fn ranges(game: &Game) -> [(u64, u64); 5] {
    let span = |values: &mut dyn Iterator<Item = u64>| {
        values.fold((u64::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let n = game.piles.len() as u64;
    let m = game.forbidden.len() as u64;
    [
        (n, n),
        (m, m),
        span(&mut game.piles.iter().copied()),
        span(&mut game.forbidden.iter().map(|f| f.0)),
        span(&mut game.forbidden.iter().map(|f| f.1)),
    ]
}

/// The max-test shapes `game` has, told by what each shape is (see `shapes.rs`), the
/// anti-hash games aside (see [`ANTI_HASH`]). Loose where `gen` moves a pile to balance the
/// answers.
pub(super) fn shapes(game: &Game) -> Vec<&'static str> {
    let n = game.piles.len();
    let m = game.forbidden.len();
    let full = MAX_COUNT as usize;
    let mut xs: Vec<u64> = game.forbidden.iter().map(|f| f.0).collect();
    xs.sort_unstable();
    xs.dedup();
    let distinct = xs.len();
    let (low, high) = (
        xs.first().copied().unwrap_or(0),
        xs.last().copied().unwrap_or(0),
    );
    let on_special = game
        .piles
        .iter()
        .filter(|a| xs.binary_search(a).is_ok())
        .count();
    let at_top = game.piles.iter().filter(|&&a| a == MAX_VALUE).count();
    let mut found = Vec::new();
    let mut has = |shape, yes: bool| {
        if yes {
            found.push(shape);
        }
    };
    has(
        "random",
        n == full && m == full && distinct * 10 >= m * 9 && high >= MAX_VALUE / 10,
    );
    has("onex", m == full && distinct == 1);
    has(
        "chain",
        m == full && distinct == m && high - low + 1 == m as u64,
    );
    has(
        "triangle",
        m == full && high.saturating_mul(high.saturating_sub(1)) / 2 <= m as u64,
    );
    has(
        "zeros",
        m == full && game.forbidden.iter().all(|&(x, y)| x == y),
    );
    has("onspecial", n == full && on_special + 1 >= n);
    has(
        "equal",
        n + 1 >= full && game.piles.windows(2).filter(|w| w[0] != w[1]).count() <= 2,
    );
    has(
        "top",
        n == full && m == full && high == MAX_VALUE && at_top + 1 >= n / 2,
    );
    has("onepile", n == 1 && m == full);
    has("onemove", m == 1 && n == full);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each max-test shape of `gen --shape`, at the statement's size with `gen`'s balancing
    /// move, is told as itself, and a random game is no other shape.
    #[test]
    fn every_max_test_shape_is_told_as_itself() {
        for shape in SHAPES {
            if ANTI_HASH.iter().any(|&(s, _)| s == shape) {
                continue;
            }
            for seed in [1, 2] {
                let (piles, forbidden) =
                    crate::cli::generate::shape_game(shape, MAX_COUNT as usize, seed);
                let told = shapes(&Game { piles, forbidden });
                assert!(
                    told.contains(&shape),
                    "{shape} (seed {seed}) told as {told:?}"
                );
                if shape == "random" {
                    assert_eq!(told, ["random"], "seed {seed}");
                }
            }
        }
    }
}
