//! The large seeded games of `gen --shape`, one per shape, each aimed at a part of the solver
//! that some input could make slow: the benchmark's inputs, and the tests' through the binary.

use super::rng::Rng;

pub const E18: u64 = 1_000_000_000_000_000_000;

/// Every shape, in the order the benchmark's table lists them.
pub const SHAPES: [&str; 9] = [
    "random",
    "onex",
    "triangle",
    "zeros",
    "hits",
    "consecutive",
    "u64max",
    "short",
    "antihash",
];

/// A game of `shape` with `n` piles and `n` forbidden moves (`antihash`: one pile).
pub fn game(shape: &str, n: usize, seed: u64) -> (Vec<u64>, Vec<(u64, u64)>) {
    let mut rng = Rng::new(seed);
    match shape {
        // X, Y and A uniform up to 10^18: nearly every special point has one move and drops.
        "random" => {
            let forbidden: Vec<(u64, u64)> = (0..n)
                .map(|_| {
                    let x = rng.range(1, E18);
                    (x, rng.range(1, x))
                })
                .collect();
            (uniform(&mut rng, n, 1, E18), forbidden)
        }
        // All moves from one pile size: one group of n targets to count and sort.
        "onex" => {
            let forbidden = (0..n).map(|_| (E18, rng.range(1, E18))).collect();
            let mut piles = uniform(&mut rng, n, 1, E18);
            piles.iter_mut().step_by(3).for_each(|a| *a = E18);
            (piles, forbidden)
        }
        // Every (X, Y) with X small: short tokens, dense special points from 1 up.
        "triangle" => {
            let forbidden = (1..)
                .flat_map(|x| (1..=x).map(move |y| (x, y)))
                .take(n)
                .collect();
            (uniform(&mut rng, n, 1, E18), forbidden)
        }
        // Y = X on a run of consecutive X: every target is 0, and 0 is held n times over.
        "zeros" => {
            let base = E18 - n as u64;
            let forbidden = (0..n as u64).map(|i| (base + i, base + i)).collect();
            (uniform(&mut rng, n, base - n as u64, E18), forbidden)
        }
        // X clustered just below 10^18, targets among 10^6 small positions: many drops, and a
        // duplicate-count table with a key per drop.
        "hits" => {
            let forbidden = (0..n)
                .map(|_| {
                    let x = rng.range(E18 - 4 * n as u64, E18);
                    (x, x - rng.range(0, 1_000_000))
                })
                .collect();
            (uniform(&mut rng, n, E18 - 4 * n as u64, E18), forbidden)
        }
        // Runs of up to 100 consecutive special points, one to three moves each.
        "consecutive" => {
            let mut forbidden = Vec::with_capacity(n);
            while forbidden.len() < n {
                let start = rng.range(1, E18 - 100);
                for x in start..start + rng.range(1, 100) {
                    for _ in 0..rng.range(1, 3) {
                        forbidden.push((x, rng.range(1, x)));
                    }
                }
            }
            forbidden.truncate(n);
            let mut piles = uniform(&mut rng, n, 1, E18);
            for a in piles.iter_mut().step_by(2) {
                *a = forbidden[rng.below(n as u64) as usize].0;
            }
            (piles, forbidden)
        }
        // Everything within 4n of 2^64 - 1: 20-digit numbers, the top position special.
        "u64max" => {
            let lo = u64::MAX - 4 * n as u64;
            let mut forbidden: Vec<(u64, u64)> = (0..n)
                .map(|_| {
                    let x = rng.range(lo, u64::MAX);
                    (x, rng.range(1, x))
                })
                .collect();
            forbidden[0] = (u64::MAX, u64::MAX);
            (uniform(&mut rng, n, lo, u64::MAX), forbidden)
        }
        // Values up to 10^5, 1 to 6 digits: reading is cheap, so solving weighs as much as it.
        // Many special points share targets, and piles sit on them.
        "short" => {
            const TOP: u64 = 100_000;
            let forbidden: Vec<(u64, u64)> = (0..n)
                .map(|_| {
                    let x = rng.range(1, TOP);
                    (x, rng.range(1, x))
                })
                .collect();
            let mut piles = uniform(&mut rng, n, 1, TOP);
            for a in piles.iter_mut().step_by(2) {
                *a = forbidden[rng.below(n as u64) as usize].0;
            }
            (piles, forbidden)
        }
        "antihash" => antihash(n),
        other => unreachable!("unknown shape {other:?}; shapes: {SHAPES:?}"),
    }
}

/// `FxHasher`'s multiplier (rustc-hash 2.1.1, 64-bit) and its inverse mod 2^64.
const FX_K: u64 = 0xf135_7aea_2e62_a9c5;

fn inverse(k: u64) -> u64 {
    (0..5).fold(k, |inv, _| {
        inv.wrapping_mul(2u64.wrapping_sub(k.wrapping_mul(inv)))
    })
}

/// `count` values below 2^56 whose plain FxHash share the bucket (in any table of up to 2^18
/// buckets) and the 7-bit tag: `w = r · K⁻¹ mod 2^56` gives `w · K ≡ r (mod 2^56)`, so bits
/// 18..56 of `w · K` are 0, and FxHash's rotation puts bits 38.. in the bucket and 31..38 in
/// the tag.
pub fn colliding_values(count: usize) -> Vec<u64> {
    let k_inverse = inverse(FX_K);
    (1..=count as u64)
        .map(|r| r.wrapping_mul(k_inverse) & ((1 << 56) - 1))
        .collect()
}

/// One pile and `m` forbidden moves whose special points drop, one after the other, to the
/// [`colliding_values`], each count read again by the next special point: a table of plain
/// FxHash would hold them all in one bucket and walk it on every lookup, about `m^2 / 8` steps.
///
/// Positions below `S = 2^58` are not special, so `g(t) = t` there. The special points are
/// `x_i = S + 2i`; `x_i` forbids the move to `w_i` (held once, so it drops there) and the move
/// to `x_{i-1}`, which holds `w_{i-1}` a second time: so `extra[w_{i-1}]` is kept and read, and
/// `w_{i-1}` is still reached at its first holder. `x_0` forbids the move to `S - 1` instead.
/// Every value is below 10^18, and `g(x_i) = w_i`: the pile, on the last special point, has
/// `g = w_{k-1}` (see [`antihash_value`]).
pub fn antihash(m: usize) -> (Vec<u64>, Vec<(u64, u64)>) {
    const S: u64 = 1 << 58;
    let k = m.div_ceil(2).max(1);
    let values = colliding_values(k);
    let x = |i: usize| S + 2 * i as u64;
    let mut forbidden = Vec::with_capacity(2 * k);
    for (i, &w) in values.iter().enumerate() {
        forbidden.push((x(i), x(i) - w));
        let before = if i == 0 { S - 1 } else { x(i - 1) };
        forbidden.push((x(i), x(i) - before));
    }
    forbidden.truncate(m);
    (vec![x(k - 1)], forbidden)
}

/// The Grundy value of the one pile of `antihash(m)`.
#[allow(dead_code)] // the benchmark writes the game; the tests check its answer
pub fn antihash_value(m: usize) -> u64 {
    *colliding_values(m.div_ceil(2)).last().unwrap()
}

fn uniform(rng: &mut Rng, n: usize, lo: u64, hi: u64) -> Vec<u64> {
    (0..n).map(|_| rng.range(lo, hi)).collect()
}

/// Writes a game in the judge's input format: `N M`, the piles on one line, a move a line.
pub fn write_input(
    out: &mut impl std::io::Write,
    piles: &[u64],
    forbidden: &[(u64, u64)],
) -> std::io::Result<()> {
    writeln!(out, "{} {}", piles.len(), forbidden.len())?;
    for (i, a) in piles.iter().enumerate() {
        let end = if i + 1 == piles.len() { "\n" } else { " " };
        write!(out, "{a}{end}")?;
    }
    if piles.is_empty() {
        writeln!(out)?;
    }
    forbidden
        .iter()
        .try_for_each(|(x, y)| writeln!(out, "{x} {y}"))
}
