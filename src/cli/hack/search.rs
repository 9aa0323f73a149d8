//! The search: which game hack tries at each step (the schedule) and the workers that run them,
//! J at a time, until the first failure. [`search`] runs any [`Schedule`]: hack's generated
//! games on a trial ([`Games`], described below), or a bot's games against the referee
//! (`interactive`), which looks no further than its first failure.
//!
//! Most games are small and grow slowly, since a bug is easiest to see in a small game. Mixed in
//! from the first games on are what costs submissions on the judge: tiny games whose values sit
//! at and around 2^31, 2^32, 2^53 and at and below 10^18 (overflow, float precision), each of
//! them within the first 11 games of every run, with a pile of exactly 10^18 in two games that
//! answer Aoki (see [`EARLY_EDGES`] and [`balance`]); from game 10 on, every other game up to
//! game 34, the judge's max tests at the largest size (N = M = `--max-n`), one of each shape a
//! problem setter writes, with the hackers' anti-hash games among them (see [`MAX_TESTS`]); then
//! they come again with new seeds, with some large games below the largest size (a fixed array,
//! a timeout, a memory limit). Every game is inside the statement's limits unless `--beyond`.
//! Large games answer `Aoki` as often as `Takahashi` (see `gen`), so that a solution printing one
//! name regardless is caught on large games too.
//!
//! A schedule's fixed games (the statement's samples, the games saved by `--save`) come first,
//! one at a time and each alone, and the first of them that fails ends the search: the other
//! games start only once every fixed game passed. Past the first failure of the other games the
//! search looks further for other kinds, where they show quickly: in turn the next game and the
//! next of each later part of the schedule (see [`Order`]).

use super::budget::Budget;
use super::run::{Cancel, stopped};
use super::trial::{Sharing, Trial};
use super::verdict::{Kind, Outcome};
use crate::Game;
use crate::cli::game::Solved;
use crate::cli::generate::{self, Options};
use crate::cli::rng::Rng;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// How game `index` of a run was made.
#[derive(Clone, Debug)]
pub(in crate::cli) struct Plan {
    pub(super) game_seed: u64,
    pub(super) options: Options,
    /// Every pile and X moved up by this much, near a value that overflows: not a `gen` game.
    pub(super) shift: Option<(u64, &'static str)>,
    /// A max test or an anti-hash game: `gen --shape` of this shape, at `options.piles` size.
    pub(super) shape: Option<&'static str>,
    /// A tiny game near 10^18 whose first pile is exactly 10^18.
    pub(super) top: Option<Top>,
}

/// What a tiny game with a pile of exactly 10^18, the statement's largest value, forbids there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Top {
    /// No move from 10^18: its value is on the rising line, the largest of the game.
    Open,
    /// A move from 10^18.
    Forbidden,
}

impl Plan {
    /// The game in a few words, for the progress line: "max test pydict, N = 200000".
    pub(super) fn describe(&self) -> String {
        let n = self.options.piles.unwrap_or(0);
        let m = self.options.moves.unwrap_or(0);
        match (self.shape, self.shift) {
            (Some(shape), _) => format!("max test {shape}, N = M = {n}"),
            (_, Some((_, near))) => format!("values near {near}, N <= {n}, M <= {m}"),
            _ => format!("random, N = {n}, M <= {m}"),
        }
    }

    /// The `gen` command line that prints this game (not for a shifted one), with `--beyond`
    /// where the game needs it.
    pub(super) fn gen_command(&self) -> String {
        let options = &self.options;
        let n = options.piles.unwrap_or(0);
        let beyond = options.beyond
            || n > MAX_COUNT
            || options.moves.unwrap_or(0) > MAX_COUNT
            || self.shape == Some(generate::SHAPE_BEYOND);
        let beyond = if beyond { " --beyond" } else { "" };
        match self.shape {
            Some(shape) => format!(
                "constrained-nim gen --shape {shape} --n {n} --seed {}{beyond}",
                self.game_seed
            ),
            None => format!(
                "constrained-nim gen --seed {} --n {n} --m {} --max {}{beyond}",
                self.game_seed,
                options.moves.unwrap_or(0),
                options.max
            ),
        }
    }
}

/// The statement's largest value, which no generated game passes without `--beyond`.
const E18: u64 = crate::cli::strict::MAX_VALUE;

/// The statement's largest N and M.
const MAX_COUNT: u64 = crate::cli::strict::MAX_COUNT;

/// The values that break a type or a float: tiny games are moved up to sit at and around them
/// (at and below 10^18, the statement's largest value).
const EDGES: [(u64, &str); 4] = [
    (1 << 31, "2^31"),
    (1 << 32, "2^32"),
    (1 << 53, "2^53"),
    (E18, "10^18"),
];

/// With `--beyond`, also around 2^63 and up to 2^64 - 1, and across 10^18.
const EDGES_BEYOND: [(u64, &str); 6] = [
    (1 << 31, "2^31"),
    (1 << 32, "2^32"),
    (1 << 53, "2^53"),
    (E18, "10^18"),
    (1 << 63, "2^63"),
    (u64::MAX, "2^64 - 1"),
];

/// The edges every run tries among its first games, whatever its seed, by game index: a pile
/// of exactly 10^18 with no move from it forbidden, and with one, then 2^31, 2^32 and 2^53:
/// every seed meets them. The other edge games, from game 3 on every fifth, draw theirs.
const EARLY_EDGES: [(u64, u64, &str, Option<Top>); 5] = [
    (3, E18, "10^18", Some(Top::Open)),
    (4, 1 << 31, "2^31", None),
    (6, E18, "10^18", Some(Top::Forbidden)),
    (8, 1 << 32, "2^32", None),
    (10, 1 << 53, "2^53", None),
];

/// With `--beyond`, the edges past the statement among the first games too, by game index:
/// values straddling 2^63 - 1 and 2^63 (a signed 64-bit type's end), and up to 2^64 - 1.
const EARLY_BEYOND: [(u64, u64, &str); 2] = [(2, 1 << 63, "2^63"), (7, u64::MAX, "2^64 - 1")];

/// The judge's max tests, in the order of the first games (see `src/cli/shapes.rs`).
pub(in crate::cli) use crate::cli::shapes::MAX_TESTS;

/// The first max test's index; then one every other game.
const FIRST_MAX_TEST: u64 = 9;

/// After the first round, a max test every this many games, the shapes in turn.
const MAX_TEST_EVERY: u64 = 40;

/// Games at the largest size as `gen` draws them (biased toward drops and piles on special
/// points, where the max tests are uniform), by index.
const LARGEST_AT: [u64; 2] = [97, 401];

/// Which max test game `index` is, if one.
fn max_test(index: u64, beyond: bool) -> Option<&'static str> {
    let round = MAX_TESTS.len() as u64;
    let at = index.checked_sub(FIRST_MAX_TEST)?;
    if at % 2 == 0 && at / 2 < round {
        return Some(MAX_TESTS[(at / 2) as usize]);
    }
    if index < FIRST_MAX_TEST + 2 * round || index % MAX_TEST_EVERY != FIRST_MAX_TEST {
        return None;
    }
    let turn = index / MAX_TEST_EVERY;
    // With --beyond, every values near 2^64 - 1 in turn too.
    let round = round + u64::from(beyond);
    Some(
        MAX_TESTS
            .get((turn % round) as usize)
            .copied()
            .unwrap_or("u64max"),
    )
}

/// What game `index` of `tests` is; games past the statement only when `beyond`.
pub(super) fn plan(seed: u64, index: u64, tests: u64, max_n: u64, beyond: bool) -> Plan {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut shift = None;
    let mut at_top = None;
    let early_beyond = (EARLY_BEYOND.into_iter())
        .find(|&(at, ..)| beyond && at == index)
        .map(|(at, edge, name)| (at, edge, name, None));
    let early = (EARLY_EDGES.into_iter())
        .find(|&(at, ..)| at == index)
        .or(early_beyond);
    if let Some(shape) = max_test(index, beyond) {
        return Plan {
            game_seed: rng.next_u64(),
            options: Options {
                piles: Some(max_n),
                moves: Some(max_n),
                max: E18,
                beyond: false,
                lift: false,
            },
            shift,
            shape: Some(shape),
            top: None,
        };
    }
    let (max, n, m) = if LARGEST_AT.contains(&index) {
        (E18, max_n, max_n)
    } else if index % 25 == 12 {
        // Large, below the largest.
        let top = max_n.min(1000).max(max_n / 4);
        (
            log_uniform(&mut rng, E18),
            rng.range(top.clamp(1, 1000), top),
            rng.range(top.clamp(1, 1000), top),
        )
    } else if early.is_some() || index % 5 == 2 {
        let small = rng.range(1, 8);
        let edges: &[(u64, &str)] = if beyond { &EDGES_BEYOND } else { &EDGES };
        let (edge, name) = match early {
            Some((_, edge, name, _)) => (edge, name),
            None => edges[rng.below(edges.len() as u64) as usize],
        };
        at_top = early.and_then(|(.., top)| top);
        // Exactly the edge (a value k + 2^32 reads as k in 32 bits), or just below it so that
        // the values straddle it; at and below 10^18 (and 2^64 - 1) unless --beyond, and a
        // pile of exactly 10^18 the largest value.
        let highest = if beyond { u64::MAX } else { E18 };
        let by = if edge == highest || (edge == E18 && (!beyond || at_top.is_some())) {
            // The largest value is the edge itself, or a few below it.
            edge - small
                - if rng.chance(50) {
                    0
                } else {
                    rng.range(1, small)
                }
        } else if rng.chance(50) {
            edge
        } else {
            edge - rng.range(1, small)
        };
        shift = Some((by, name));
        (small, rng.range(1, 3), rng.range(1, 8))
    } else {
        // The ordinary games grow as the run goes on: tiny, small, then up to 10^6.
        let percent = index * 100 / tests.max(1);
        match percent {
            0..50 => (rng.range(1, 8), rng.range(1, 3), rng.range(1, 8)),
            50..85 => (rng.range(1, 40), rng.range(1, 6), rng.range(1, 60)),
            _ => (
                log_uniform(&mut rng, 1_000_000),
                log_uniform(&mut rng, 1000),
                log_uniform(&mut rng, 1000),
            ),
        }
    };
    let pairs = max.saturating_mul(max.saturating_add(1)) / 2;
    let options = Options {
        piles: Some(n.clamp(1, max_n)),
        moves: Some(m.min(pairs).clamp(1, max_n)),
        max,
        // A shifted game stays a small one: only its shift leaves the statement.
        beyond: beyond && shift.is_none(),
        // The reproduction line names --max, which gen holds: near 2^64 - 1 is the edges' part.
        lift: false,
    };
    Plan {
        game_seed: rng.next_u64(),
        options,
        shift,
        shape: None,
        top: at_top,
    }
}

/// The game a plan makes, or why it cannot be made.
pub(super) fn make(plan: &Plan) -> Result<Game, String> {
    if let Some(shape) = plan.shape {
        let n = plan.options.piles.unwrap_or(1) as usize;
        let (piles, forbidden) = generate::shape_game(shape, n, plan.game_seed);
        return Ok(Game { piles, forbidden });
    }
    let (mut piles, mut forbidden) =
        generate::small_game(&mut Rng::new(plan.game_seed), &plan.options)?;
    if let Some((by, _)) = plan.shift {
        // Some piles and special points moved up, the others left small, so that a value that
        // wraps or rounds meets one that does not; Y unchanged keeps every move valid. The
        // first pile always moves.
        let mut rng = Rng::new(plan.game_seed ^ 0x5851_f42d_4c95_7f2d);
        for (i, a) in piles.iter_mut().enumerate() {
            if i == 0 || rng.chance(50) {
                *a += by;
            }
        }
        for (x, _) in forbidden.iter_mut() {
            if rng.chance(50) {
                *x += by;
            }
        }
        // The first pile on 10^18 itself; moves from it forbidden or none (a move moved up
        // there goes back down: its pair stays distinct).
        match plan.top {
            Some(Top::Open) => {
                piles[0] = E18;
                for (x, _) in forbidden.iter_mut().filter(|(x, _)| *x == E18) {
                    *x -= by;
                }
            }
            Some(Top::Forbidden) => {
                piles[0] = E18;
                if !forbidden.iter().any(|&(x, _)| x == E18) {
                    forbidden[0].0 = E18;
                }
            }
            None => {}
        }
        // Half the time, the first pile and one next to it alone: past 2^53 the two are one
        // double, so a solution that reads through a double sees equal piles, which cancel,
        // where the game has two different ones (nim-sum not 0). Below the largest value: at
        // 10^18 (even) the other is 10^18 - 1, which rounds to the same double.
        if rng.chance(50) {
            let top = if plan.options.max > E18 || by > E18 {
                u64::MAX
            } else {
                E18
            };
            let next = Some(piles[0] ^ 1).filter(|&b| b <= top);
            piles = vec![piles[0], next.unwrap_or(piles[0] - 1)];
        }
        // A game on 10^18 itself answers Aoki: its nim-sum is 0, so that a value wrong by any
        // amount at one pile turns the answer.
        if plan.top.is_some() {
            // One pile of 10^18: two would cancel their errors.
            for a in piles.iter_mut().skip(1).filter(|a| **a == E18) {
                *a = E18 - 1;
            }
            balance(&mut piles, &forbidden);
        }
    }
    Ok(Game { piles, forbidden })
}

/// Adds a pile or two, inside the statement, that bring the game's nim-sum to 0; none equal to
/// a pile of the game, whose error would cancel with the added pile's.
fn balance(piles: &mut Vec<u64>, forbidden: &[(u64, u64)]) {
    let game = crate::Game {
        piles: piles.clone(),
        forbidden: forbidden.to_vec(),
    };
    // Only a failed allocation fails the solver: the game stays as it is.
    let Ok(solved) = Solved::new(game) else {
        return;
    };
    let mut sum = solved.nim_sum();
    // A nim-sum that no new pile holds (one above every value of 10^18 stones, or one held
    // only by the game's own piles) first takes a new pile near 10^18 / 2, far from the
    // game's piles: then the nim-sum is a value near theirs (below 2^60, it loses its bit
    // 2^58, which g(5·10^17) has), held by a position far from them too.
    for _ in 0..4 {
        if sum == 0 {
            return;
        }
        let new = |p: &u64| *p >= 1 && !piles.contains(p);
        // The position nearest 10^18, so that the piles stay at the edge where they can.
        if let Some(&pile) = (solved.map.positions_of(sum, E18 + 1).iter()).rfind(|p| new(p)) {
            piles.push(pile);
            return;
        }
        let Some(middle) = (1..=E18 / 2).rev().find(|p| new(p)) else {
            return;
        };
        piles.push(middle);
        sum ^= solved.map.value(middle);
    }
}

/// A number in `1..=top` whose number of bits is uniform.
fn log_uniform(rng: &mut Rng, top: u64) -> u64 {
    let bits = rng.range(1, 64 - top.leading_zeros() as u64);
    rng.range(1 << (bits - 1), (1u64 << (bits - 1)).saturating_mul(2) - 1)
        .min(top)
}

/// A failure the search found.
#[derive(Clone, Debug)]
pub(in crate::cli) struct Finding<P = Plan> {
    /// The game's index in the run (from 0).
    pub(super) index: u64,
    /// How the game was made.
    pub(super) plan: P,
    pub(in crate::cli) game: Game,
    /// How it failed (or, alone, the run without a verdict that ended the search).
    pub(in crate::cli) outcome: Outcome,
}

impl<P> Finding<P> {
    fn kind(&self) -> Option<Kind> {
        self.outcome.kind()
    }
}

/// A wrong answer on a game larger than this is hard to shrink (dropping a pile of a game that
/// answers Aoki nearly always makes it answer Takahashi, for the solution too): the search goes
/// on a while for a smaller game that fails.
const SHRINKS_WELL: usize = 200;

/// How many games past the first failure the search takes (see [`Order`]), for a failure of
/// another kind (one failure must not hide another: a judge shows the verdict of every test)
/// and for a wrong answer on a smaller game than a large one.
pub(super) const LOOK_FURTHER: u64 = 200;

/// Past a timeout, games with more piles or forbidden moves than this are skipped: they would
/// take the limit and more too, and say nothing new; a wrong answer or a crash shows on a
/// small game.
const LARGE: u64 = 1000;

/// Whether `finding` is a wrong answer on a game too large to shrink well.
fn hard_to_shrink<P>(finding: &Finding<P>) -> bool {
    matches!(finding.outcome, Outcome::Wrong { .. }) && finding.game.size() > SHRINKS_WELL
}

/// Whether a plan of the generated games makes a large game (see [`LARGE`]).
fn large(plan: &Plan) -> bool {
    plan.options
        .piles
        .unwrap_or(0)
        .max(plan.options.moves.unwrap_or(0))
        > LARGE
}

/// One kind of failure found: the first game that failed that way, and the first that shrinks
/// well (`None`: none yet).
struct OfKind<P> {
    first: Finding<P>,
    best: Option<Finding<P>>,
}

/// What the search has found so far: for each kind of failure, the first game that failed
/// that way and the first that shrinks well, in the order the kinds were first found.
struct Findings<P> {
    kinds: Vec<OfKind<P>>,
    /// When the first failure was seen.
    since: Option<Instant>,
    /// How long the search goes on past the first failure, at most (--look-further).
    look: Duration,
}

impl<P: Clone> Findings<P> {
    /// Nothing found yet; the search goes on `look` past the first failure.
    fn new(look: Duration) -> Self {
        Findings {
            kinds: Vec::new(),
            since: None,
            look,
        }
    }

    fn add(&mut self, finding: Finding<P>) {
        let good = !hard_to_shrink(&finding);
        self.since.get_or_insert_with(Instant::now);
        let kind = finding.kind();
        match self.kinds.iter_mut().find(|k| k.first.kind() == kind) {
            Some(OfKind { first, best }) => {
                if good && best.as_ref().is_none_or(|f| f.index > finding.index) {
                    *best = Some(finding.clone());
                }
                if first.index > finding.index {
                    *first = finding;
                }
            }
            None => {
                let best = good.then(|| finding.clone());
                self.kinds.push(OfKind {
                    first: finding,
                    best,
                });
            }
        }
    }

    /// Whether a timeout was found.
    fn has_timeout(&self) -> bool {
        self.kinds
            .iter()
            .any(|k| k.first.kind() == Some(Kind::Timeout))
    }

    /// The lowest game that failed, any kind.
    fn first(&self) -> Option<u64> {
        self.kinds.iter().map(|k| k.first.index).min()
    }

    /// Whether a game taken `past` games after the first failure, `large` or not, is still to be
    /// run (every game before it is): [`LOOK_FURTHER`] games for `look`, large ones skipped once
    /// a timeout is found.
    fn go_on(&self, past: Option<u64>, large: bool) -> GoOn {
        let Some(past) = past else {
            return GoOn::Run;
        };
        // A wrong answer too large to shrink well is looked past for a smaller one whatever
        // `look` is: up to LOOK_FURTHER games.
        let smaller_wanted = self.kinds.iter().any(|k| k.best.is_none());
        let late = self.since.is_some_and(|t| t.elapsed() >= self.look) && !smaller_wanted;
        if past >= LOOK_FURTHER || late {
            return GoOn::Stop;
        }
        if self.has_timeout() && large {
            GoOn::Skip
        } else {
            GoOn::Run
        }
    }

    /// Each kind's game, the one that shrinks well if any, in the order the kinds were first
    /// seen by game: the first failure first (which may be a later game of its kind).
    fn findings(self) -> Vec<Finding<P>> {
        let mut findings: Vec<(u64, Finding<P>)> = (self.kinds.into_iter())
            .map(|k| (k.first.index, k.best.unwrap_or(k.first)))
            .collect();
        findings.sort_by_key(|f| f.0);
        findings.into_iter().map(|f| f.1).collect()
    }
}

/// Where the parts of the schedule past its first, tiny games start, in hundredths of the run:
/// small games (N <= 6, M <= 60, values up to 40), then games up to N = M = 1000 and values up
/// to 10^6 (see [`plan`]).
const LATER_PARTS: [u64; 2] = [50, 85];

/// Which game the workers take next: in order until the first failure, so that every game
/// before it has run; past it, in turn the next game in order and the next of each later part
/// of the schedule (see [`LATER_PARTS`]). The games right after a failure are as tiny as the
/// ones before it, and a wrong answer that needs a few more piles or forbidden moves (one in
/// eight games of the last part, one in sixty of the first, for a solution that sees only a
/// special point's smallest target) would wait past the time to look further, most of all
/// behind a Python solution's timeout, where a run takes a tenth of a second.
struct Order {
    /// The first game the workers take (the games before it are fixed: see [`search`]).
    start: u64,
    /// The end of the run: every game below it is taken.
    tests: u64,
    /// Where the later parts start, in hundredths of the games from `start` on.
    parts: &'static [u64],
    next: u64,
    /// Past the first failure: for each part still ahead, its next game and its end.
    later: Option<Vec<(u64, u64)>>,
    turn: usize,
    /// How many games were taken past the first failure.
    past: u64,
}

impl Order {
    fn new(start: u64, tests: u64, parts: &'static [u64]) -> Order {
        Order {
            start,
            tests,
            parts,
            next: start,
            later: None,
            turn: 0,
            past: 0,
        }
    }

    /// The next game to run, and how many were taken before it past the first failure (`None`
    /// before it); `None` when every game was taken.
    fn take(&mut self, failed: bool) -> Option<(u64, Option<u64>)> {
        if !failed {
            let index = self.next;
            self.next += 1;
            return (index < self.tests).then_some((index, None));
        }
        let (start, tests) = (self.start, self.tests);
        let next = self.next;
        let later = self.parts;
        let parts = self.later.get_or_insert_with(|| {
            let mut starts = vec![next];
            for &percent in later {
                let start = (start + ((tests - start) * percent).div_ceil(100))
                    .max(*starts.last().unwrap_or(&0));
                starts.push(start);
            }
            (0..starts.len())
                .map(|k| (starts[k], starts.get(k + 1).copied().unwrap_or(tests)))
                .filter(|&(start, end)| start < end)
                .collect()
        });
        let count = parts.len();
        for k in 0..count {
            let part = (self.turn + k) % count;
            let (index, end) = parts[part];
            if index < end {
                parts[part].0 += 1;
                self.turn = part + 1;
                let past = self.past;
                self.past += 1;
                return Some((index, Some(past)));
            }
        }
        None
    }
}

/// Told of each game by its index: `Some` (its plan) when it starts, `None` when it ended or
/// was skipped.
pub(in crate::cli) type OnGame<'a, P = Plan> = dyn Fn(u64, Option<&P>) + Sync + 'a;

#[derive(Debug, PartialEq, Eq)]
enum GoOn {
    Run,
    Skip,
    Stop,
}

/// The games a search tries (game `index` of [`Schedule::count`], in order) and how it tries
/// each: hack's generated games on a trial ([`Games`]), or a bot's games against the referee,
/// each with the referee's seed in its plan (`interactive`).
pub(in crate::cli) trait Schedule: Sync {
    /// How a game is made, kept with a failure for its report.
    type Plan: Clone + Send;

    /// How many games there are.
    fn count(&self) -> u64;

    /// How game `index` is made: cheap, so that a game skipped is never made.
    fn plan(&self, index: u64) -> Self::Plan;

    /// The game a plan makes, or why it cannot be made.
    fn make(&self, plan: &Self::Plan) -> Result<Game, String>;

    /// Whether the plan's game is large: past a timeout it is skipped (see [`LARGE`]).
    fn large(&self, _plan: &Self::Plan) -> bool {
        false
    }

    /// Where the parts of the schedule past its first games start, in hundredths of the games
    /// past the fixed ones (see [`Order`]).
    fn parts(&self) -> &'static [u64] {
        &[]
    }

    /// How many of the first games are fixed (the samples, the saved games): each is tried
    /// alone, one at a time, before any other starts, and the first that fails ends the search.
    fn fixed(&self) -> u64 {
        0
    }

    /// Tries the game `plan` made, alone or beside the other workers' tries, within `budget`.
    fn try_planned(
        &self,
        plan: &Self::Plan,
        game: &Game,
        sharing: Sharing,
        budget: &Budget,
    ) -> Outcome;

    /// How many games may be tried at once.
    fn jobs(&self) -> usize;
}

/// hack's generated games (see [`plan`]), each tried by `trial`.
pub(in crate::cli) struct Games<'a> {
    pub(in crate::cli) trial: &'a dyn Trial,
    pub(in crate::cli) seed: u64,
    pub(in crate::cli) tests: u64,
    pub(in crate::cli) max_n: u64,
    pub(in crate::cli) beyond: bool,
}

impl Schedule for Games<'_> {
    type Plan = Plan;

    fn count(&self) -> u64 {
        self.tests
    }

    fn plan(&self, index: u64) -> Plan {
        plan(self.seed, index, self.tests, self.max_n, self.beyond)
    }

    fn make(&self, plan: &Plan) -> Result<Game, String> {
        make(plan)
    }

    fn large(&self, plan: &Plan) -> bool {
        large(plan)
    }

    fn parts(&self) -> &'static [u64] {
        &LATER_PARTS
    }

    fn try_planned(&self, _: &Plan, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome {
        self.trial.try_game(game, sharing, budget)
    }

    fn jobs(&self) -> usize {
        self.trial.jobs()
    }
}

/// What the search found: each kind's game (see [`search`]), and the first game that failed,
/// every game before it having passed.
pub(in crate::cli) struct Searched<P = Plan> {
    pub(in crate::cli) findings: Vec<Finding<P>>,
    pub(super) first: Option<u64>,
}

/// Runs the fixed games of `schedule` one at a time, alone, until one fails; then the others on
/// `schedule.jobs()` threads until the first failure and on a while past it (`look`; see [`Findings::go_on`] and [`Order`]): every failure of another kind
/// found meanwhile is kept too. Games are taken in order up to the first failure, so every
/// lower one has run when the workers stop. For each kind, its lowest game, or a failure on a
/// smaller game instead of a wrong answer or a crash on a larger one; the kinds by their first
/// game. A run with no verdict ends the search, alone.
pub(in crate::cli) fn search<S: Schedule>(
    schedule: &S,
    look: Duration,
    on_game: &OnGame<'_, S::Plan>,
) -> Result<Searched<S::Plan>, String> {
    let fixed = schedule.fixed().min(schedule.count());
    for index in 0..fixed {
        if stopped() {
            return Ok(Searched {
                findings: Vec::new(),
                first: None,
            });
        }
        let plan = schedule.plan(index);
        let case = schedule.make(&plan)?;
        on_game(index, Some(&plan));
        // One at a time, so alone: a timeout's first run is its verdict.
        let outcome = schedule.try_planned(&plan, &case, Sharing::Alone, &Budget::default());
        on_game(index, None);
        if outcome.failed() || outcome.unusable() {
            let finding = Finding {
                index,
                plan,
                game: case,
                outcome,
            };
            return Ok(Searched {
                findings: vec![finding],
                first: Some(index),
            });
        }
    }
    let order = Mutex::new(Order::new(fixed, schedule.count(), schedule.parts()));
    let found = Mutex::new(Findings::new(look));
    // The games running now: index, whether large, and the token that ends its run.
    let running: Mutex<Vec<(u64, bool, Cancel)>> = Mutex::default();
    let unusable: Mutex<Option<Finding<S::Plan>>> = Mutex::new(None);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let work = || {
        loop {
            if stopped() {
                break;
            }
            let failed = (found.lock().unwrap_or_else(|p| p.into_inner()))
                .first()
                .is_some();
            let taken = order.lock().unwrap_or_else(|p| p.into_inner()).take(failed);
            let Some((index, past)) = taken else {
                break;
            };
            let plan = schedule.plan(index);
            let large = schedule.large(&plan);
            let go_on = found
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .go_on(past, large);
            match go_on {
                GoOn::Stop => break,
                GoOn::Skip => {
                    on_game(index, None);
                    continue;
                }
                GoOn::Run => {}
            }
            if unusable.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
                break;
            }
            let case = match schedule.make(&plan) {
                Ok(case) => case,
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    break;
                }
            };
            on_game(index, Some(&plan));
            let cancel = Cancel::new();
            running
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push((index, large, cancel.clone()));
            let budget = Budget::default().with_cancel(cancel);
            let outcome = schedule.try_planned(&plan, &case, Sharing::Shared, &budget);
            running
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .retain(|r| r.0 != index);
            on_game(index, None);
            if outcome.unusable() {
                let mut first = unusable.lock().unwrap_or_else(|p| p.into_inner());
                if first.as_ref().is_none_or(|f| f.index > index) {
                    *first = Some(Finding {
                        index,
                        plan,
                        game: case,
                        outcome,
                    });
                }
            } else if outcome.failed() {
                let finding = Finding {
                    index,
                    plan,
                    game: case,
                    outcome,
                };
                let mut found = found.lock().unwrap_or_else(|p| p.into_inner());
                found.add(finding);
                // Past a timeout, a large game running after the first failure ends now: it
                // would take the limit too (see [`LARGE`]).
                if let Some(first) = found.first()
                    && found.has_timeout()
                {
                    let running = running.lock().unwrap_or_else(|p| p.into_inner());
                    for (_, _, cancel) in running.iter().filter(|r| r.1 && r.0 > first) {
                        cancel.cancel();
                    }
                }
            }
        }
    };
    thread::scope(|scope| {
        // As many workers as will start; where none can, the work runs here.
        let started = (0..schedule.jobs())
            .filter(|_| thread::Builder::new().spawn_scoped(scope, work).is_ok())
            .count();
        if started == 0 {
            work();
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let found = found.into_inner().unwrap_or_else(|p| p.into_inner());
    // A run with no verdict ends the search where it happened.
    if let Some(unusable) = unusable.into_inner().unwrap_or_else(|p| p.into_inner())
        && found.first().is_none_or(|f| f > unusable.index)
    {
        let first = Some(unusable.index);
        let findings = vec![unusable];
        return Ok(Searched { findings, first });
    }
    let first = found.first();
    let findings = found.findings();
    Ok(Searched { findings, first })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::cli::strict;

    fn finding(index: u64, game: Game, outcome: Outcome) -> Finding {
        Finding {
            index,
            plan: plan(1, index, 1000, 200_000, false),
            game,
            outcome,
        }
    }

    fn small() -> Game {
        Game {
            piles: vec![1, 2],
            forbidden: vec![(1, 1)],
        }
    }

    fn a_timeout() -> Outcome {
        Outcome::Timeout {
            time: Duration::from_secs(5),
            queued: Duration::ZERO,
            cpu: Duration::from_secs(5),
            ended: true,
        }
    }

    fn a_wrong_answer() -> Outcome {
        Outcome::Wrong {
            expected: "Aoki",
            actual: crate::cli::hack::run::Answer::default(),
        }
    }

    /// The go-on rule: every game before the first failure runs; past it, LOOK_FURTHER games
    /// at most, or until --look-further's time is over; past a timeout, large games are
    /// skipped.
    #[test]
    fn the_search_goes_on_past_a_failure_as_long_as_it_may() {
        let small_plan = plan(1, 0, 1000, 200_000, false);
        let max_test = plan(1, FIRST_MAX_TEST, 1000, 200_000, false);
        assert!(large(&max_test) && !large(&small_plan));
        let (max_test, small_plan) = (large(&max_test), large(&small_plan));
        let mut found = Findings::new(Duration::from_secs(3600));
        assert_eq!(found.go_on(None, max_test), GoOn::Run);
        found.add(finding(5, small(), a_wrong_answer()));
        assert_eq!(found.go_on(Some(0), max_test), GoOn::Run);
        assert_eq!(found.go_on(Some(LOOK_FURTHER - 1), small_plan), GoOn::Run);
        assert_eq!(found.go_on(Some(LOOK_FURTHER), small_plan), GoOn::Stop);
        found.add(finding(7, small(), a_timeout()));
        assert_eq!(found.go_on(Some(1), max_test), GoOn::Skip);
        assert_eq!(found.go_on(Some(1), small_plan), GoOn::Run);
        // --look-further 0: no game past the first failure.
        let mut quick = Findings::new(Duration::ZERO);
        quick.add(finding(5, small(), a_wrong_answer()));
        assert_eq!(quick.go_on(Some(0), small_plan), GoOn::Stop);
    }

    /// A wrong answer on a game too large to shrink well is looked past for a smaller one
    /// whatever --look-further is; the smaller one is the kind's game to report, and the
    /// first failure is still the lower game.
    #[test]
    fn a_wrong_answer_too_large_to_shrink_looks_for_a_smaller_one() {
        let large_game = Game {
            piles: vec![1; SHRINKS_WELL + 1],
            forbidden: vec![(1, 1)],
        };
        let mut found = Findings::new(Duration::ZERO);
        found.add(finding(9, large_game, a_wrong_answer()));
        assert_eq!(found.go_on(Some(0), false), GoOn::Run);
        found.add(finding(30, small(), a_wrong_answer()));
        assert_eq!(found.go_on(Some(1), false), GoOn::Stop);
        assert_eq!(found.first(), Some(9));
        let findings = found.findings();
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].index, 30);
    }

    /// Past the first failure the games are taken in turn from each later part of the
    /// schedule, each counted; before it, in order.
    #[test]
    fn past_the_first_failure_each_later_part_takes_its_turn() {
        let mut order = Order::new(0, 100, &LATER_PARTS);
        for index in 0..10 {
            assert_eq!(order.take(false), Some((index, None)));
        }
        let taken: Vec<_> = (0..6).map(|_| order.take(true)).collect();
        assert_eq!(
            taken,
            [
                Some((10, Some(0))),
                Some((50, Some(1))),
                Some((85, Some(2))),
                Some((11, Some(3))),
                Some((51, Some(4))),
                Some((86, Some(5)))
            ]
        );
        let mut short = Order::new(0, 2, &LATER_PARTS);
        assert_eq!(short.take(false), Some((0, None)));
        assert_eq!(short.take(false), Some((1, None)));
        assert_eq!(short.take(false), None);
    }

    /// A schedule of tiny games, game `index` of one pile of `index + 1` stones, its first
    /// `fixed` fixed, that fails on the games in `failing`; it keeps the games it tried, how
    /// each was tried and how many others were being tried as it started.
    struct Toy {
        fixed: u64,
        failing: Vec<u64>,
        tried: Mutex<Vec<u64>>,
        how: Mutex<Vec<(u64, Sharing, usize)>>,
        now: std::sync::atomic::AtomicUsize,
    }

    impl Toy {
        fn new(fixed: u64, failing: &[u64]) -> Toy {
            Toy {
                fixed,
                failing: failing.to_vec(),
                tried: Mutex::default(),
                how: Mutex::default(),
                now: Default::default(),
            }
        }
    }

    impl Schedule for Toy {
        type Plan = u64;

        fn count(&self) -> u64 {
            50
        }

        fn plan(&self, index: u64) -> u64 {
            index
        }

        fn make(&self, &index: &u64) -> Result<Game, String> {
            Ok(Game {
                piles: vec![index + 1],
                forbidden: vec![(1, 1)],
            })
        }

        fn fixed(&self) -> u64 {
            self.fixed
        }

        fn try_planned(&self, &index: &u64, _: &Game, sharing: Sharing, _: &Budget) -> Outcome {
            use std::sync::atomic::Ordering::SeqCst;
            let beside = self.now.fetch_add(1, SeqCst);
            self.how.lock().unwrap().push((index, sharing, beside));
            self.tried.lock().unwrap().push(index);
            // Long enough for the other workers to start theirs.
            thread::sleep(Duration::from_millis(2));
            self.now.fetch_sub(1, SeqCst);
            if self.failing.contains(&index) {
                a_wrong_answer()
            } else {
                Outcome::Right
            }
        }

        fn jobs(&self) -> usize {
            3
        }
    }

    /// Any schedule runs through the one search (as a bot's games do, with no look further):
    /// the failure reported is the lowest failing game (a worker that ran ahead of it may have
    /// met a later one), and every game below it was tried.
    #[test]
    fn a_schedule_is_searched_to_its_first_failing_game_and_no_further() {
        let toy = Toy::new(0, &[17, 9, 30]);
        let searched = search(&toy, Duration::ZERO, &|_, _| {}).unwrap();
        assert_eq!(searched.first, Some(9));
        assert_eq!(searched.findings.len(), 1);
        assert_eq!(searched.findings[0].plan, 9);
        assert_eq!(searched.findings[0].game.piles, [10]);
        let tried = toy.tried.into_inner().unwrap();
        for index in 0..=9 {
            assert!(tried.contains(&index), "game {index} not tried: {tried:?}");
        }
    }

    /// The fixed games are tried first, in order, each alone with nothing else running; the
    /// others start only once every fixed game passed, beside each other.
    #[test]
    fn the_fixed_games_run_first_one_at_a_time_and_alone() {
        let toy = Toy::new(4, &[20]);
        let searched = search(&toy, Duration::ZERO, &|_, _| {}).unwrap();
        assert_eq!(searched.first, Some(20));
        let how = toy.how.into_inner().unwrap();
        let fixed: Vec<_> = how.iter().take(4).copied().collect();
        let alone: Vec<_> = (0..4).map(|i| (i, Sharing::Alone, 0)).collect();
        assert_eq!(fixed, alone, "{how:?}");
        assert!(
            how[4..]
                .iter()
                .all(|&(i, sharing, _)| i >= 4 && sharing == Sharing::Shared),
            "{how:?}"
        );
        // Three workers: past the fixed games some ran beside others.
        assert!(how[4..].iter().any(|&(_, _, beside)| beside > 0), "{how:?}");
    }

    /// A fixed game that fails ends the search: no other game is tried, a failing one after it
    /// neither, and it is the only finding.
    #[test]
    fn a_fixed_game_that_fails_ends_the_search() {
        let toy = Toy::new(4, &[2, 3, 5]);
        let searched = search(&toy, Duration::from_secs(10), &|_, _| {}).unwrap();
        assert_eq!(searched.first, Some(2));
        assert_eq!(searched.findings.len(), 1);
        assert_eq!(searched.findings[0].plan, 2);
        assert_eq!(toy.tried.into_inner().unwrap(), [0, 1, 2]);
    }

    /// Past the fixed games, the later parts start where their hundredths of the other games
    /// fall, counted from the first of them.
    #[test]
    fn the_later_parts_are_placed_past_the_fixed_games() {
        let mut order = Order::new(2, 102, &LATER_PARTS);
        assert_eq!(order.take(false), Some((2, None)));
        let taken: Vec<_> = (0..3).map(|_| order.take(true)).collect();
        assert_eq!(
            taken,
            [Some((3, Some(0))), Some((52, Some(1))), Some((87, Some(2)))]
        );
    }

    /// Within the first 11 games of every seed, a pile of exactly 10^18 with
    /// no move from 10^18 forbidden and one with such a move, and tiny games near 2^31, 2^32
    /// and 2^53; every one of them inside the statement.
    #[test]
    fn every_seeds_first_games_hold_a_pile_of_10_18_and_every_edge() {
        for seed in 0..300 {
            let (mut open, mut forbidden, mut near) = (false, false, Vec::new());
            for index in 0..11 {
                let plan = plan(seed, index, 1000, 200_000, false);
                if plan.shape.is_some() {
                    continue;
                }
                let case = make(&plan).unwrap();
                let game = Game {
                    piles: case.piles.clone(),
                    forbidden: case.forbidden.clone(),
                };
                assert_eq!(strict::violation(&game), None, "seed {seed} game {index}");
                if case.piles.contains(&E18) {
                    let from_top = case.forbidden.iter().any(|&(x, _)| x == E18);
                    open |= !from_top;
                    forbidden |= from_top;
                }
                near.extend(plan.shift.map(|(_, name)| name));
            }
            assert!(open && forbidden, "seed {seed}: {open} {forbidden}");
            for edge in ["2^31", "2^32", "2^53", "10^18"] {
                assert!(near.contains(&edge), "seed {seed}: {near:?}");
            }
        }
    }

    /// The games on a pile of exactly 10^18 answer Aoki (nim-sum 0) with no other pile of
    /// 10^18, so that a value wrong at that pile alone turns the answer.
    #[test]
    fn the_games_on_10_18_have_nim_sum_0_and_one_pile_there() {
        for seed in 0..300 {
            for index in [3, 6] {
                let case = make(&plan(seed, index, 1000, 200_000, seed % 2 == 1)).unwrap();
                let game = Game {
                    piles: case.piles.clone(),
                    forbidden: case.forbidden.clone(),
                };
                assert_eq!(strict::violation(&game), None, "seed {seed} game {index}");
                let solved = Solved::new(game).unwrap();
                assert_eq!(solved.nim_sum(), 0, "seed {seed} game {index}: {case:?}");
                let tops = case.piles.iter().filter(|&&a| a == E18).count();
                assert_eq!(tops, 1, "seed {seed} game {index}: {case:?}");
            }
        }
    }

    /// With --beyond, games 3 and 8 sit at 2^63 (across 2^63 - 1) and at 2^64 - 1.
    #[test]
    fn the_first_games_beyond_reach_2_63_and_2_64() {
        for seed in 0..100 {
            let at_63 = make(&plan(seed, 2, 1000, 200_000, true)).unwrap();
            let values = || {
                at_63
                    .piles
                    .iter()
                    .chain(at_63.forbidden.iter().map(|(x, _)| x))
            };
            assert!(
                values().any(|&v| v >= (1 << 63) - 8),
                "seed {seed}: {at_63:?}"
            );
            assert!(
                values().all(|&v| v <= (1 << 63) + 16),
                "seed {seed}: {at_63:?}"
            );
            let at_64 = make(&plan(seed, 7, 1000, 200_000, true)).unwrap();
            assert!(at_64.piles[0] >= u64::MAX - 16, "seed {seed}: {at_64:?}");
        }
    }

    /// With --beyond the first games keep their piles of exactly 10^18, each game as made.
    #[test]
    fn the_first_games_beyond_keep_a_pile_of_10_18() {
        for seed in 0..100 {
            let tops: Vec<bool> = [3, 6]
                .into_iter()
                .map(|index| {
                    let case = make(&plan(seed, index, 1000, 200_000, true)).unwrap();
                    assert_eq!(case.piles[0], E18, "seed {seed} game {index}");
                    case.forbidden.iter().any(|&(x, _)| x == E18)
                })
                .collect();
            assert_eq!(tops, [false, true], "seed {seed}");
        }
    }
}
