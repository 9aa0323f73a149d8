//! Whether a failure that stayed large is about the input's size alone: a fixed input buffer
//! (one `fread` of 4 MiB) cuts every longer input, and no game below the buffer fails, so that
//! the shrinker stops at a game just over it, too large to print, with nothing to say why.
//!
//! The probe tries games unrelated to the failing one, generated afresh at a given byte size
//! (see [`fragile`]): at the size where the shrinking stopped, then lower, then bisects the
//! size between games that all fail the same way and games that all pass. Any other mix (some
//! pass, some fail, another kind of failure) says the game matters, and nothing is claimed.
//! Each failing run is confirmed as the shrinker's are ([`REPEATS`]).

use super::budget::Budget;
use super::confirm::REPEATS;
use super::trial::{Sharing, Trial};
use super::verdict::{Kind, Outcome};
use crate::Game;
use crate::cli::rng::Rng;
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt;
use std::thread;

/// Only a failure whose input is larger than this is probed: a smaller game is printed whole,
/// and shrinks well.
pub(super) const PROBED_OVER: usize = 64 << 10;

/// The bisection ends once the two sizes are within 1/`CLOSE` of the larger.
const CLOSE: usize = 256;

/// When its time runs out first, the bound is said only within 1/`ROUGH` of the larger size.
const ROUGH: usize = 16;

/// At most this many sizes after the first (the stopping size, the steps down, the bisection).
const STEPS: usize = 12;

/// The statement's largest value (10^18), N and M (2·10^5).
const E18: u64 = crate::cli::strict::MAX_VALUE;
const MAX_COUNT: usize = crate::cli::strict::MAX_COUNT as usize;

/// The largest pile of a probe's game: 2^59 and up, the only value with bit 59 (see
/// [`fragile`]); its forbidden moves start above it.
const HIGH: u64 = 1 << 59;

/// What the probe found: every game over `fails_over_bytes` failed the same way, every game
/// under `passes_under_bytes` passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub(super) struct SizeBound {
    /// The smallest input size, in bytes, at which every game tried failed as the shrunk one.
    pub(super) fails_over_bytes: u64,
    /// The largest input size, in bytes, at which every game tried passed.
    pub(super) passes_under_bytes: u64,
    /// How many games the probe ran, reruns not counted.
    pub(super) games: u64,
}

impl SizeBound {
    /// The size between the two, as the report says it.
    fn about(&self) -> u64 {
        (self.fails_over_bytes + self.passes_under_bytes) / 2
    }
}

impl fmt::Display for SizeBound {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let about = self.about() as f64;
        let size = if about >= 1e6 {
            format!("{:.2} MB", about / 1e6)
        } else {
            format!("{:.0} kB", about / 1e3)
        };
        write!(
            f,
            "it fails on every input over about {size} tried ({} games), and passes under: the \
             input's size, not the game, is the cause",
            self.games
        )
    }
}

/// How the games at one size went.
enum Side {
    /// All failed the same way as the shrunk game, each confirmed.
    Fails,
    /// All passed.
    Passes,
}

/// What the probe of a failure's size said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Probed {
    /// The input's size alone is the cause.
    Bound(SizeBound),
    /// The budget ran out before the games tried said either way.
    Unfinished,
}

impl Probed {
    /// The bound, where one was found.
    pub(super) fn bound(self) -> Option<SizeBound> {
        match self {
            Probed::Bound(bound) => Some(bound),
            Probed::Unfinished => None,
        }
    }
}

impl fmt::Display for Probed {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Probed::Bound(bound) => bound.fmt(f),
            Probed::Unfinished => f.write_str(
                "whether its input's size alone is the cause was not found out: its share of \
                 --shrink-time ran out first (a larger --shrink-time gives that probe time)",
            ),
        }
    }
}

/// Whether the failure of `case` (which failed with `outcome`, a wrong answer or a crash, not
/// a timeout, on an input over [`PROBED_OVER`]) is about its input's size alone, within
/// `budget`: where every game larger fails and every game smaller passes. `None` for any other
/// failure, or where the games tried say otherwise.
pub(super) fn probe(
    trial: &dyn Trial,
    case: &Game,
    outcome: &Outcome,
    budget: &Budget,
) -> Option<Probed> {
    let kind = outcome.kind()?;
    let stopped = case.input().len();
    // A timeout's size is its growth's to say; a memory limit's or a stack's, its figures'.
    if !matches!(kind, Kind::WrongAnswer | Kind::Crash) || stopped <= PROBED_OVER {
        return None;
    }
    match bound(trial, kind, stopped, budget) {
        Some(bound) => Some(Probed::Bound(bound)),
        None if budget.ran_out() => Some(Probed::Unfinished),
        None => None,
    }
}

/// [`probe`] of a failure of `kind` that stopped at `stopped` bytes.
fn bound(trial: &dyn Trial, kind: Kind, stopped: usize, budget: &Budget) -> Option<SizeBound> {
    let mut probe = Probe {
        trial,
        kind,
        budget,
        games: 0,
    };
    let (mut under, mut over) = (None, stopped);
    if !matches!(probe.at(stopped)?, Side::Fails) {
        return None;
    }
    // Down from where the shrinking stopped, far below it if need be: the shrunk game may be
    // twice the bound and more (its drops changed the answer, not the size).
    let mut down = stopped - stopped / 16;
    for _ in 0..STEPS {
        if down <= PROBED_OVER / 2 {
            return None;
        }
        match probe.at(down)? {
            Side::Fails => over = down,
            Side::Passes => {
                under = Some(down);
                break;
            }
        }
        down = over / 2 + over / 4;
    }
    let mut under = under?;
    for _ in 0..STEPS {
        if over - under <= over / CLOSE {
            break;
        }
        let middle = under + (over - under) / 2;
        match probe.at(middle) {
            Some(Side::Fails) => over = middle,
            Some(Side::Passes) => under = middle,
            // Out of time: the bound as far as it went.
            None if budget.ran_out() => break,
            None => return None,
        }
    }
    // Too wide a bound to name a size by.
    if over - under > over / ROUGH {
        return None;
    }
    Some(SizeBound {
        fails_over_bytes: over as u64,
        passes_under_bytes: under as u64,
        games: probe.games,
    })
}

/// One probe's state.
struct Probe<'a> {
    trial: &'a dyn Trial,
    /// The kind of failure the shrunk game has.
    kind: Kind,
    budget: &'a Budget,
    /// Games run so far; also each game's seed.
    games: u64,
}

impl Probe<'_> {
    /// J games (at least 2) of about `bytes`, each with another share of piles, run at once:
    /// whether all failed as the shrunk game or all passed; `None` for any other mix, a run
    /// without a verdict or a budget run out.
    fn at(&mut self, bytes: usize) -> Option<Side> {
        if self.budget.ran_out() {
            return None;
        }
        let count = self.trial.jobs().max(2) as u64;
        let games: Vec<Game> = (self.games..self.games + count)
            .map(|k| fragile(bytes, k, SHARES[k as usize % SHARES.len()]))
            .collect::<Option<_>>()?;
        self.games += count;
        let probe = &*self;
        let outcomes: Vec<Outcome> = thread::scope(|scope| {
            let runs: Vec<_> = (games.iter())
                .map(|game| scope.spawn(|| probe.judged(game)))
                .collect();
            runs.into_iter()
                .map(|run| run.join().unwrap_or(Outcome::Stopped))
                .collect()
        });
        let failed = |o: &Outcome| o.kind() == Some(self.kind);
        if outcomes.iter().all(failed) {
            Some(Side::Fails)
        } else if outcomes.iter().all(|o| matches!(o, Outcome::Right)) {
            Some(Side::Passes)
        } else {
            None
        }
    }

    /// One game's run, a failure of the shrunk game's kind confirmed by reruns alone (one
    /// that does not repeat is no verdict).
    fn judged(&self, game: &Game) -> Outcome {
        let outcome = self.trial.try_game(game, Sharing::Shared, self.budget);
        if outcome.kind() != Some(self.kind) {
            return outcome;
        }
        match self.trial.confirm(game, &outcome, REPEATS, self.budget) {
            confirmed if confirmed.repeats() => outcome,
            _ => Outcome::Stopped,
        }
    }
}

/// The shares of a probe's input that its piles take, in eighths, in turn: a failure of one
/// line's length (the piles are on one line), or of N or M, is not taken for the size's.
const SHARES: [usize; 3] = [1, 4, 7];

/// A game of about `bytes` of input (within a few bytes, where the statement's limits allow),
/// of `share` eighths piles and the rest forbidden moves, drawn from `seed`, in which every
/// number counts: an input cut anywhere, or a number misread, turns its answer. Its piles are
/// a pile of 1, then `q_1 .. q_k`, then the same in the mirror order, `q_1` the only one of
/// 2^59 stones or more; its forbidden moves are from above every pile, but for the last, `1 1`.
/// With all of it, g(1) = 0 and the pairs cancel: Aoki. Cut anywhere, the last move is lost
/// (g(1) = 1), and with it every pile after the cut, whose Grundy values, `q_1`'s bit 59 among
/// them, no longer cancel: Takahashi.
pub(super) fn fragile(bytes: usize, seed: u64, share: usize) -> Option<Game> {
    let mut rng = Rng::new(seed ^ 0x243f_6a88_85a3_08d3);
    // A pair of piles of 17 digits, spaces included; a move line of 18 digits and a Y of 1.
    const PAIR: usize = 36;
    const MOVE: usize = 21;
    let pairs = (bytes * share / 8 / PAIR).clamp(1, (MAX_COUNT - 1) / 2);
    let mut piles = vec![1];
    let first = HIGH + rng.below(1 << 40);
    let rest: Vec<u64> = (1..pairs)
        .map(|_| rng.range(10_000_000_000_000_000, 99_999_999_999_999_999))
        .collect();
    piles.push(first);
    piles.extend(&rest);
    piles.extend(rest.iter().rev());
    piles.push(first);
    let header = |m: usize| format!("{} {m}\n", piles.len()).len();
    let pile_bytes: usize = piles.iter().map(|a| a.to_string().len() + 1).sum();
    let last = "1 1\n".len();
    let room = bytes.checked_sub(pile_bytes + last + header(MAX_COUNT))?;
    let moves = (room / MOVE).min(MAX_COUNT - 1);
    // What the moves' Y must add to their shortest: up to 17 digits a move.
    let mut extra = room.checked_sub(moves * MOVE)? + header(MAX_COUNT) - header(moves + 1);
    if extra > moves * 17 {
        return None;
    }
    let mut forbidden = Vec::with_capacity(moves + 1);
    let mut seen = std::collections::HashSet::with_capacity(moves);
    while forbidden.len() < moves {
        let x = rng.range(E18 / 10 * 9, E18 - 1);
        let digits = extra.min(17) + 1;
        let y = rng
            .range(10u64.pow(digits as u32 - 1), 10u64.pow(digits as u32) - 1)
            .min(x);
        if seen.insert((x, y)) {
            extra -= digits - 1;
            forbidden.push((x, y));
        }
    }
    forbidden.push((1, 1));
    Some(Game { piles, forbidden })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hack::run::Answer;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    #[test]
    fn a_probe_game_has_its_size_and_answers_aoki_whole_and_takahashi_cut() {
        for (bytes, share) in [(100_000, 1), (300_000, 4), (4_200_000, 7), (5_300_000, 1)] {
            let game = fragile(bytes, 3, share).expect("a game of that size");
            let input = game.input();
            let off = input.len().abs_diff(bytes);
            assert!(off <= 40, "{} bytes for {bytes}", input.len());
            let outside = crate::cli::strict::violation(&game);
            assert!(outside.is_none(), "{outside:?}");
            assert_eq!(crate::winner(game.clone()).unwrap(), "Aoki");
            for cut in [
                input.len() / 3,
                input.len() / 2,
                input.len() - 30,
                input.len() - 3,
            ] {
                assert_eq!(
                    crate::winner(read_cut(&input[..cut])).unwrap(),
                    "Takahashi",
                    "{bytes} bytes cut at {cut}"
                );
            }
        }
    }

    /// The game a solution reads from an input cut short, as `nim.cpp fread` does: the
    /// numbers past the cut read as 0, the one across it as its first digits; a move of Y = 0
    /// forbids nothing.
    fn read_cut(input: &[u8]) -> Game {
        let text = String::from_utf8_lossy(input);
        let mut numbers = text.split_whitespace().map(|t| t.parse::<u64>().unwrap());
        let mut next = || numbers.next().unwrap_or(0);
        let (n, m) = (next(), next());
        let piles = (0..n).map(|_| next()).collect();
        let forbidden = (0..m)
            .map(|_| (next(), next()))
            .filter(|&(_, y)| y > 0)
            .collect();
        Game { piles, forbidden }
    }

    /// An in-process solution that answers wrong on every input over `over` bytes, or on every
    /// game of more than `piles` piles.
    struct Cut {
        over: usize,
        piles: usize,
        runs: AtomicU64,
    }

    impl Trial for Cut {
        fn try_game(&self, game: &Game, _: Sharing, _: &Budget) -> Outcome {
            self.runs.fetch_add(1, Ordering::Relaxed);
            if game.input().len() <= self.over && game.piles.len() <= self.piles {
                return Outcome::Right;
            }
            let mut actual = Answer::default();
            actual.push(b"Takahashi");
            Outcome::Wrong {
                expected: "Aoki",
                actual,
            }
        }

        fn timeout(&self) -> Duration {
            Duration::from_secs(4)
        }

        fn jobs(&self) -> usize {
            2
        }

        fn runs(&self) -> u64 {
            self.runs.load(Ordering::Relaxed)
        }
    }

    fn wrong(trial: &Cut, game: &Game) -> Outcome {
        trial.try_game(game, Sharing::Shared, &Budget::default())
    }

    /// A solution wrong on every input over 4 MiB, left at a game of 5.3 MB: the probe says
    /// so, its bound within 2% of 4 MiB, every failing game confirmed by a rerun.
    #[test]
    fn a_failure_over_a_byte_size_is_told_with_its_bound() {
        let over = 4 << 20;
        let trial = Cut {
            over,
            piles: usize::MAX,
            runs: AtomicU64::new(0),
        };
        let case = fragile(5_300_000, 99, 4).unwrap();
        let bound = probe(&trial, &case, &wrong(&trial, &case), &Budget::default())
            .and_then(Probed::bound)
            .expect("only the size matters");
        let about = bound.about() as f64;
        assert!(
            (about / over as f64 - 1.0).abs() < 0.02,
            "{bound:?} for {over}"
        );
        assert!(bound.passes_under_bytes as usize <= over);
        assert!(bound.fails_over_bytes as usize > over);
        assert!(trial.runs() > bound.games + 1, "failing games are rerun");
        let said = bound.to_string();
        let games = format!(
            " MB tried ({} games), and passes under: the input's size",
            bound.games
        );
        assert!(
            said.starts_with("it fails on every input over about 4.") && said.contains(&games),
            "{said}"
        );
    }

    /// A solution wrong on every game of more than 100,000 piles, left at a large game: games
    /// of its size with fewer piles pass, and nothing is said of the size.
    #[test]
    fn a_large_failure_about_the_game_says_nothing_of_size() {
        let trial = Cut {
            over: usize::MAX,
            piles: 100_000,
            runs: AtomicU64::new(0),
        };
        let case = Game {
            piles: vec![1; 100_001],
            forbidden: vec![(1, 1)],
        };
        let outcome = wrong(&trial, &case);
        assert_eq!(probe(&trial, &case, &outcome, &Budget::default()), None);
    }

    /// A probe given no time says so, and names what would give it time: never silence that
    /// reads as "the size is not the cause".
    #[test]
    fn a_probe_out_of_time_says_it_did_not_finish() {
        let trial = Cut {
            over: 4 << 20,
            piles: usize::MAX,
            runs: AtomicU64::new(0),
        };
        let case = fragile(5_300_000, 99, 4).unwrap();
        let outcome = wrong(&trial, &case);
        let none = Budget::lasting(Some(std::time::Duration::ZERO));
        let probed = probe(&trial, &case, &outcome, &none);
        assert_eq!(probed, Some(Probed::Unfinished));
        let said = probed.unwrap().to_string();
        assert!(said.contains("was not found out"), "{said}");
        assert!(said.contains("a larger --shrink-time"), "{said}");
    }
}
