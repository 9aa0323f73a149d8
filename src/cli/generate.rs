//! `gen`: prints one seeded game, small and biased toward what breaks solutions, or one of the
//! benchmark's large shapes; `hack` draws its games from here too.
//!
//! The same seed and options give the same bytes on every machine: the generator is SplitMix64
//! ([`Rng`]) and every draw below is made in a fixed order.

use super::game::Failure;
use super::rng::Rng;
use super::shapes::{self, MORE_SHAPES, SHAPES};
use std::collections::HashSet;
use std::io::Write;

/// Print one game (the same seed and options give the same bytes everywhere)
///
/// By default a small game inside the statement's limits (1 <= N, M; 1 <= A_i <= MAX;
/// 1 <= Y <= X <= MAX; distinct pairs), biased toward what breaks solutions: piles on special
/// points, drops, several drops to one value, dense forbidden sets on small X, Y = X. Without
/// --seed the seed is new each run, so that `oj generate-input` gets different games.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The seed; the same seed and options give the same game
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The number of piles (default: 1 to 5; with --shape, the size of the game); at most
    /// 200000 without --beyond
    #[arg(long, value_name = "N")]
    n: Option<u64>,
    /// The number of forbidden moves (default: 1 to 3 MAX, at most all there are); at most
    /// 200000 without --beyond
    #[arg(long, value_name = "M", conflicts_with = "shape")]
    m: Option<u64>,
    /// The largest pile and X, with --beyond too (default 20; at most 10^18 without --beyond)
    #[arg(long, value_name = "V", conflicts_with = "shape")]
    max: Option<u64>,
    /// A large game (N = M = --n, default 200000): the benchmark's, each aimed at one part of
    /// a solver (antihash: N = 1; u64max: values up to 2^64 - 1, with --beyond only); then the judge's max tests
    /// that hack runs early: chain (n consecutive special points), onspecial (every pile on a
    /// special point), equal (every pile the same; N = n or n - 1), top (values at 10^18),
    /// onepile (N = 1), onemove (M = 1); and anti-hash games against std::unordered_map keyed
    /// by X, by X - Y or by a Grundy value: every such key a multiple of 85229 and 172933
    /// (gcc-growth: the bucket counts a table passes on its way to 2·10^5 keys) or of 107897
    /// and 202409 (gcc-reserve: reserve(100000), reserve(200000)); and against a CPython dict
    /// keyed by X, filled in input order (pydict: each X's probes run along one chain)
    #[arg(long, value_name = "SHAPE",
          value_parser = clap::builder::PossibleValuesParser::new(SHAPES.into_iter().chain(MORE_SHAPES)))]
    shape: Option<String>,
    /// Also what only this tool accepts: N = 0, M = 0, empty piles, a forbidden move listed
    /// twice, values up to 2^64 - 1 (unless --max is given); and N or M past the statement's
    /// 200000
    #[arg(long)]
    beyond: bool,
}

/// The largest game `--shape` writes by default: the statement's N and M.
const SHAPE_SIZE: u64 = 200_000;

/// The largest pile and X of a small game without `--max`.
const DEFAULT_MAX: u64 = 20;

/// The shape whose values pass the statement's 10^18: `gen` prints it with `--beyond` only.
pub(super) const SHAPE_BEYOND: &str = "u64max";

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if let Some(broken) = beyond_the_statement(args) {
        return Err(Failure::Usage(format!(
            "{broken}: games keep the statement's limits; add --beyond"
        )));
    }
    let (piles, forbidden) = match &args.shape {
        Some(shape) => {
            let n = args.n.unwrap_or(SHAPE_SIZE);
            let n = usize::try_from(n)
                .ok()
                .filter(|&n| n >= 1 && n <= 10 * SHAPE_SIZE as usize)
                .ok_or_else(|| {
                    Failure::Usage(format!("--n {n}: a shape's size is 1 to 2000000"))
                })?;
            shape_game(shape, n, seed)
        }
        None => {
            let options = Options {
                piles: args.n,
                moves: args.m,
                max: args.max.unwrap_or(DEFAULT_MAX),
                beyond: args.beyond,
                // A --max the user gave is the largest value, --beyond or not.
                lift: args.max.is_none(),
            };
            small_game(&mut Rng::new(seed), &options).map_err(Failure::Usage)?
        }
    };
    shapes::write_input(out, &piles, &forbidden).map_err(Failure::Write)
}

/// The game `gen --shape SHAPE --n N --seed SEED` prints: the shape's, with one pile moved to
/// answer `Aoki` one time in two (`equal` has its own coin, the parity of N).
pub(super) fn shape_game(shape: &str, n: usize, seed: u64) -> Drawn {
    let (mut piles, forbidden) = shapes::game(shape, n, seed);
    // The shape's draws stay as the benchmark has them; the answer's coin is its own.
    let top = if shape == "u64max" {
        u64::MAX
    } else {
        shapes::E18
    };
    if shape != "equal" {
        balance(
            &mut Rng::new(seed ^ BALANCE_SALT),
            &mut piles,
            &forbidden,
            top,
        );
    }
    (piles, forbidden)
}

/// The first of the statement's limits that the options pass without `--beyond`, said as the
/// user wrote it: `--max` past 10^18, `--n` or `--m` past 2·10^5 (hack's `--max-n` past it
/// prints its `gen` lines with `--beyond`).
fn beyond_the_statement(args: &Args) -> Option<String> {
    if args.beyond {
        return None;
    }
    let counts = [("--n", args.n), ("--m", args.m)];
    if let Some((flag, count)) = counts.into_iter().find_map(|(flag, c)| {
        c.filter(|&c| c > super::strict::MAX_COUNT)
            .map(|c| (flag, c))
    }) {
        return Some(format!("{flag} {count} is above the statement's 200000"));
    }
    if args.shape.as_deref() == Some(SHAPE_BEYOND) {
        return Some(format!(
            "--shape {SHAPE_BEYOND} has values up to 2^64 - 1, above 10^18"
        ));
    }
    args.max
        .filter(|&max| max > super::strict::MAX_VALUE)
        .map(|max| format!("--max {max} is above 10^18"))
}

/// Games of this many piles or more answer `Aoki` as often as `Takahashi` (see [`balance`]).
const BALANCE_FROM: u64 = 50;

/// Mixed into a shape's seed for its answer's coin.
const BALANCE_SALT: u64 = 0x6a09_e667_f3bc_c908;

/// Gives the game the answer `Aoki` one time in two: one pile (of the last few) is moved to a
/// position whose Grundy value cancels the nim-sum of the others, within `1..=top`.
///
/// Random large games nearly always answer `Takahashi` (a nim-sum of many values is rarely 0),
/// so without this a solution printing `Takahashi` regardless would pass them all.
fn balance(rng: &mut Rng, piles: &mut [u64], forbidden: &[(u64, u64)], top: u64) {
    if !rng.chance(50) {
        return;
    }
    let game = crate::Game {
        piles: piles.to_vec(),
        forbidden: forbidden.to_vec(),
    };
    let Ok(solved) = super::game::Solved::new(game) else {
        return;
    };
    let sum = solved.nim_sum();
    for i in (0..piles.len()).rev().take(8) {
        let wanted = sum ^ solved.values[i];
        let positions = solved.map.positions_of(wanted, top.saturating_add(1));
        let positions: Vec<u64> = positions.into_iter().filter(|&p| p >= 1).collect();
        if !positions.is_empty() {
            piles[i] = pick(rng, &positions);
            return;
        }
    }
}

/// A seed for a run without `--seed`: different every run, from the standard library's
/// randomly keyed hasher.
pub(super) fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::process::id())
}

/// What a small game may be.
#[derive(Clone, Debug)]
pub(super) struct Options {
    /// Exactly this many piles, or a few.
    pub(super) piles: Option<u64>,
    /// Exactly this many forbidden moves, or a few.
    pub(super) moves: Option<u64>,
    /// The largest pile and X (before `lift` may move every value up near 2^64 - 1).
    pub(super) max: u64,
    /// Whether the game may leave the statement's limits (see [`Args`]).
    pub(super) beyond: bool,
    /// With `beyond`, whether every value may be moved up near 2^64 - 1, past `max`: `gen
    /// --beyond` without `--max`.
    pub(super) lift: bool,
}

/// A game as drawn: its piles and its forbidden moves `(X, Y)`.
pub(super) type Drawn = (Vec<u64>, Vec<(u64, u64)>);

/// Above this many piles or moves a game is not small: a clear error instead of a long wait.
const LARGEST: u64 = 2_000_000;

/// A small game drawn from `rng`, or why `options` cannot be met.
///
/// The forbidden moves come first: special points, new or next to one already chosen; from a
/// special point a move to 0 (Y = X), to another special point, or anywhere. Piles then sit on
/// special points, next to them, on an earlier pile's size, or anywhere. When more than half of
/// all pairs are asked for, the moves are a random subset of them all (dense small X).
pub(super) fn small_game(rng: &mut Rng, options: &Options) -> Result<Drawn, String> {
    let &Options {
        piles,
        moves,
        max,
        beyond,
        lift,
    } = options;
    if max == 0 {
        return Err("--max 0: a game needs piles of at least 1 stone".to_owned());
    }
    // Pairs (X, Y) with 1 <= Y <= X <= max, saturated: only compared with small counts.
    let pairs = if max >= 1 << 32 {
        u64::MAX
    } else {
        max * (max + 1) / 2
    };
    for (count, flag) in [(piles, "--n"), (moves, "--m")] {
        if count.is_some_and(|c| c > LARGEST) {
            return Err(format!(
                "{flag} {}: the small games hold at most {LARGEST}; try --shape for large ones",
                count.unwrap_or(0)
            ));
        }
    }
    let least = if beyond { 0 } else { 1 };
    let moves = match moves {
        Some(m) if m > pairs => {
            return Err(format!(
                "--m {m}: only {pairs} distinct forbidden moves have X <= {max}; raise --max"
            ));
        }
        Some(m) if m == 0 && !beyond => {
            return Err("--m 0: the statement has M >= 1; add --beyond".to_owned());
        }
        Some(m) => m,
        None => rng.range(least, pairs.min(max.saturating_mul(3)).clamp(1, 24)),
    };
    let piles = match piles {
        Some(0) if !beyond => {
            return Err("--n 0: the statement has N >= 1; add --beyond".to_owned());
        }
        Some(n) => n,
        None => rng.range(least, 5),
    };

    let mut forbidden = forbidden_moves(rng, moves, max, pairs);
    if beyond {
        for _ in 0..rng.range(0, 2) {
            if !forbidden.is_empty() {
                let again = pick(rng, &forbidden);
                forbidden.push(again);
            }
        }
    }
    let special: Vec<u64> = forbidden.iter().map(|&(x, _)| x).collect();
    let mut stones: Vec<u64> = Vec::new();
    for _ in 0..piles {
        let pile = match rng.below(10) {
            0..=3 if !special.is_empty() => pick(rng, &special),
            4 if !special.is_empty() => next_to(rng, &special, max),
            5 if !stones.is_empty() => pick(rng, &stones),
            6 if beyond => 0,
            _ => rng.range(1, max),
        };
        stones.push(pile);
    }
    // Near 2^64 - 1: every pile and X moved up by the same amount, Y unchanged, so the game's
    // shape stays and the values take all 20 digits. The coin is drawn with a --max too, so
    // that the draws after it are the same.
    if beyond && rng.chance(25) && lift {
        let shift = u64::MAX - max;
        stones
            .iter_mut()
            .filter(|a| **a > 0)
            .for_each(|a| *a += shift);
        forbidden.iter_mut().for_each(|(x, _)| *x += shift);
    }
    shuffle(rng, &mut forbidden);
    if piles >= BALANCE_FROM {
        balance(rng, &mut stones, &forbidden, max);
    }
    Ok((stones, forbidden))
}

/// `count` distinct forbidden moves with `X <= max`, biased (see [`small_game`]).
fn forbidden_moves(rng: &mut Rng, count: u64, max: u64, pairs: u64) -> Vec<(u64, u64)> {
    if count > pairs / 2 {
        // Dense: a random subset of every pair (pairs is then below 2 count <= 4·10^6).
        let mut all: Vec<(u64, u64)> = (1..=max)
            .flat_map(|x| (1..=x).map(move |y| (x, y)))
            .collect();
        shuffle(rng, &mut all);
        all.truncate(count as usize);
        return all;
    }
    let mut chosen = Vec::with_capacity(count as usize);
    let mut seen = HashSet::with_capacity(count as usize);
    let mut special: Vec<u64> = Vec::new();
    while (chosen.len() as u64) < count {
        let x = match rng.below(10) {
            0..=3 if !special.is_empty() => pick(rng, &special),
            4..=5 if !special.is_empty() => next_to(rng, &special, max),
            _ => rng.range(1, max),
        };
        let y = match rng.below(10) {
            0..=2 => x,
            3..=4 if !special.is_empty() => {
                // A move to another special point: a value reached again, or a second drop.
                let to = pick(rng, &special);
                if to < x { x - to } else { rng.range(1, x) }
            }
            _ => rng.range(1, x),
        };
        if seen.insert((x, y)) {
            chosen.push((x, y));
            special.push(x);
        }
    }
    chosen
}

/// One of `items` (not empty), uniformly.
fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len() as u64) as usize]
}

/// A position just below or just above one of `points` (not empty), within `1..=max`.
fn next_to(rng: &mut Rng, points: &[u64], max: u64) -> u64 {
    let x = pick(rng, points);
    let (below, above) = (x - 1, x.saturating_add(1));
    (if rng.chance(50) { below } else { above }).clamp(1, max)
}

/// Fisher–Yates, so that the input order is not the order of drawing.
fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
}
