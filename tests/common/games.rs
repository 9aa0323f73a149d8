//! Seeded small games in many shapes, for differential tests against the oracle.

use super::rng::Rng;

/// A game small enough for the oracle: every pile and every `X` is at most `limit`.
#[derive(Clone, Debug)]
pub struct SmallGame {
    pub piles: Vec<u64>,
    pub forbidden: Vec<(u64, u64)>,
    pub limit: u64,
}

/// The shapes of forbidden sets the random tests cycle through.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// Each move `(X, Y)` with `X <= limit` forbidden with a fixed high probability.
    Dense,
    /// A handful of random moves.
    Sparse,
    /// Many `Y = X` moves: drops to 0, and 0 held many times over.
    DropsToZero,
    /// Every move out of a few ranges of pile sizes: values dropped to several times over.
    Walls,
    /// Runs of consecutive special points, each with a few moves.
    Consecutive,
    /// No forbidden move at all: plain Nim.
    Plain,
}

pub const SHAPES: [Shape; 6] = [
    Shape::Dense,
    Shape::Sparse,
    Shape::DropsToZero,
    Shape::Walls,
    Shape::Consecutive,
    Shape::Plain,
];

#[allow(dead_code)] // not every test crate writes inputs
impl SmallGame {
    /// A game of `shape` with pile sizes up to `limit`; piles often sit on special points, and
    /// some are equal, some empty; some forbidden moves are listed twice.
    pub fn random(rng: &mut Rng, shape: Shape, limit: u64) -> SmallGame {
        let mut forbidden = Vec::new();
        // Forbids each move out of a pile of x with probability percent / 100.
        let every = |x: u64, percent: u64, rng: &mut Rng, forbidden: &mut Vec<(u64, u64)>| {
            for y in 1..=x {
                if rng.chance(percent) {
                    forbidden.push((x, y));
                }
            }
        };
        match shape {
            Shape::Dense => {
                let percent = rng.range(40, 95);
                for x in 1..=limit {
                    every(x, percent, rng, &mut forbidden);
                }
            }
            Shape::Sparse => {
                for _ in 0..rng.range(1, 2 * limit) {
                    let x = rng.range(1, limit);
                    forbidden.push((x, rng.range(1, x)));
                }
            }
            Shape::DropsToZero => {
                for x in 1..=limit {
                    if rng.chance(60) {
                        forbidden.push((x, x));
                    }
                    if rng.chance(20) {
                        forbidden.push((x, rng.range(1, x)));
                    }
                }
            }
            Shape::Walls => {
                for _ in 0..rng.range(1, 3) {
                    let start = rng.range(1, limit);
                    for x in start..=limit.min(start + rng.range(0, 4)) {
                        every(x, 100, rng, &mut forbidden);
                    }
                }
                for _ in 0..rng.range(0, limit) {
                    let x = rng.range(1, limit);
                    forbidden.push((x, rng.range(1, x)));
                }
            }
            Shape::Consecutive => {
                for _ in 0..rng.range(1, 4) {
                    let start = rng.range(1, limit);
                    for x in start..=limit.min(start + rng.range(1, 8)) {
                        for _ in 0..rng.range(1, 3) {
                            forbidden.push((x, rng.range(1, x)));
                        }
                    }
                }
            }
            Shape::Plain => {}
        }
        for _ in 0..rng.range(0, 2) {
            if let Some(&pair) = forbidden.get(rng.below(forbidden.len().max(1) as u64) as usize) {
                forbidden.push(pair);
            }
        }
        let mut piles = Vec::new();
        for _ in 0..rng.range(0, 6) {
            let pile = match rng.below(4) {
                0 if !forbidden.is_empty() => {
                    forbidden[rng.below(forbidden.len() as u64) as usize].0
                }
                1 if !piles.is_empty() => piles[rng.below(piles.len() as u64) as usize],
                _ => rng.range(0, limit),
            };
            piles.push(pile);
        }
        // Shuffle so that the input order of forbidden moves is not the generation order.
        for i in (1..forbidden.len()).rev() {
            forbidden.swap(i, rng.below(i as u64 + 1) as usize);
        }
        SmallGame {
            piles,
            forbidden,
            limit,
        }
    }

    /// The game in the judge's input format.
    pub fn to_input(&self) -> String {
        input(&self.piles, &self.forbidden)
    }
}

/// A game in the judge's input format.
#[allow(dead_code)] // not every test crate writes inputs
pub fn input(piles: &[u64], forbidden: &[(u64, u64)]) -> String {
    use std::fmt::Write;
    let mut text = format!("{} {}\n", piles.len(), forbidden.len());
    let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
    text += &piles.join(" ");
    text += "\n";
    for (x, y) in forbidden {
        writeln!(text, "{x} {y}").unwrap();
    }
    text
}

/// The piles and forbidden moves of a game in the judge's input format, which must be well
/// formed (the tests read back what the tool wrote).
#[allow(dead_code)] // not every test crate reads inputs
pub fn parse(text: &str) -> (Vec<u64>, Vec<(u64, u64)>) {
    let numbers: Vec<u64> = text
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (n, m) = (numbers[0] as usize, numbers[1] as usize);
    assert_eq!(numbers.len(), 2 + n + 2 * m, "{text}");
    let piles = numbers[2..2 + n].to_vec();
    let moves = numbers[2 + n..].chunks(2).map(|c| (c[0], c[1])).collect();
    (piles, moves)
}
