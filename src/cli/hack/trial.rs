//! A trial: "run this on a game and say what happened". The schedule, the confirmation, the
//! shrinking and the report are written over trials; each kind of trial says only how one game
//! is tried and judged:
//!
//! - `batch::Batch`: a program run on the game under the judge's limits, its answer compared;
//! - `interactive::Refereed`: a bot playing the game against the referee;
//! - an in-process function of the game (a mutant of this solver): its answer judged as a
//!   batch answer is ([`Outcome::Right`], [`Outcome::Wrong`]), or, when the work it counts
//!   passes its budget, [`Outcome::Timeout`] with `ended: true` and a `time` of the limit times
//!   `verdict::ALONE_WALL`: far over the limit (`verdict::far_over`), so that one try is its
//!   verdict, as for a batch run hack had to end. The unit tests below run one through the
//!   search and the shrinker.
//!
//! What each kind of trial shares: `search::search` (the worker pool, over a schedule of games
//! tried by a trial),
//! [`Trial::confirm`] (the confirmation policy of `confirm`), `shrink::shrink`, the report's
//! game and explanation (`report::game`, `report::explain`), the words of an outcome under the
//! trial's [`Limits`] (`report::failure`), and a timeout's or a memory limit's growth
//! (`growth`), which measures a trial by [`Trial::time_alone`] (the batch trial's; the others
//! are not measured so).
//!
//! A trial is shared by the worker threads (`Sync`), and every call is given its [`Budget`]:
//! when it must end, and the token that cancels it.

use super::budget::Budget;
use super::confirm::{Confirmed, confirm_by};
use super::verdict::Outcome;
use crate::Game;
use std::time::Duration;

/// How a run is made beside hack's other runs, and judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cli) enum Sharing {
    /// Beside hack's other runs, ended at the limit: one over it is run again alone, which
    /// decides (with one job, the same as [`Sharing::Alone`]).
    Shared,
    /// No other run of hack meanwhile; ended at `verdict::ALONE_WALL` times the limit.
    Alone,
    /// Beside hack's other runs (one a core), ended at `verdict::ALONE_WALL` times the limit,
    /// and judged as alone: its wall time less the time it waited for a CPU (see
    /// `verdict::counted`), so that J games that take the limit and more take it once, not
    /// once shared and once alone each, one after the other.
    Beside,
    /// As [`Sharing::Beside`], but ended only at this wall time: a long look at a game over the
    /// limit (see `growth::long_look`), judged as any try is.
    Longer(Duration),
}

/// One try of a game alone, measured for a failure's growth: its time for a timeout's, its
/// resident peak (every process together; 0 where hidden under hack's own, see
/// `run::measure::own_peak`) for a memory limit's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::cli) enum Timed {
    /// It ended well: its wall time, how long of it it waited for a CPU that other work held,
    /// its CPU time and its peak.
    Took {
        time: Duration,
        queued: Duration,
        cpu: Duration,
        peak: u64,
    },
    /// It ended otherwise (a failure status, a signal), at this peak.
    Failed { peak: u64 },
    /// It was still going when its wall time ended it; its peak, where it was seen over the
    /// memory limit.
    Over { peak: Option<u64> },
}

/// The judge's limits a program's runs are held to (`--timeout`, `--memory`, `--stack`), as
/// hack's batch trial and audit's solutions run it and as its report names them.
#[derive(Clone, Copy, Debug)]
pub(in crate::cli) struct Limits {
    pub(in crate::cli) timeout: Duration,
    /// The memory limit, in bytes of resident memory.
    pub(in crate::cli) memory: u64,
    /// The main thread's stack, in bytes.
    pub(in crate::cli) stack: u64,
}

impl Limits {
    /// The room each run has: the memory at which it is stopped as a runaway, and the stack.
    pub(in crate::cli) fn room(&self) -> super::run::Room {
        super::run::Room::for_limits(self.memory, self.stack)
    }
}

/// Something hack tries on games: see the module's documentation.
pub(in crate::cli) trait Trial: Sync {
    /// Tries `game` once, as `sharing` says (a trial that runs nothing beside others may
    /// ignore it), within `budget`: how it went. A run cut by the budget or its cancel token,
    /// or by a signal, is [`Outcome::Stopped`].
    fn try_game(&self, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome;

    /// Tries `game` again, alone, until its failure `outcome` has repeated on every run
    /// (`repeats` in all), or a run passed: the one confirmation policy of `confirm`.
    fn confirm(&self, game: &Game, outcome: &Outcome, repeats: u32, budget: &Budget) -> Confirmed {
        confirm_by(outcome, repeats, || {
            self.try_game(game, Sharing::Alone, budget)
        })
    }

    /// Tries `game` once alone, ended at `wall` rather than at the limit, for a failure's
    /// growth (`growth`), within `budget`: how long it took and its peak, or how else it ended.
    /// `None` where hack ended it (a signal, the budget), and for a trial that is not measured
    /// so.
    fn time_alone(&self, _game: &Game, _wall: Duration, _budget: &Budget) -> Option<Timed> {
        None
    }

    /// The time limit of one try.
    fn timeout(&self) -> Duration;

    /// How many tries may run at once.
    fn jobs(&self) -> usize;

    /// How many tries were made so far.
    fn runs(&self) -> u64;
}

/// A trial lent: the trial itself.
impl<T: Trial + ?Sized> Trial for &T {
    fn try_game(&self, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome {
        (**self).try_game(game, sharing, budget)
    }

    fn confirm(&self, game: &Game, outcome: &Outcome, repeats: u32, budget: &Budget) -> Confirmed {
        (**self).confirm(game, outcome, repeats, budget)
    }

    fn time_alone(&self, game: &Game, wall: Duration, budget: &Budget) -> Option<Timed> {
        (**self).time_alone(game, wall, budget)
    }

    fn timeout(&self) -> Duration {
        (**self).timeout()
    }

    fn jobs(&self) -> usize {
        (**self).jobs()
    }

    fn runs(&self) -> u64 {
        (**self).runs()
    }
}

impl Game {
    /// The game as an input file.
    pub(super) fn input(&self) -> Vec<u8> {
        let mut input = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = crate::cli::shapes::write_input(&mut input, &self.piles, &self.forbidden);
        input
    }

    /// The game an input file holds, or the empty game where it holds none (the statement's
    /// samples, which always do).
    pub(super) fn read_or_empty(input: &[u8]) -> Game {
        crate::read_game(input).unwrap_or(Game {
            piles: Vec::new(),
            forbidden: Vec::new(),
        })
    }

    /// The two smallest games, one pile and one forbidden move (1 1): one pile of 1 (Aoki wins:
    /// the first player cannot move) and one of 2 (Takahashi wins). A solution or a bot that
    /// fails on both (and, in batch, on sample 2) fails on every game.
    pub(super) fn smallest() -> [Game; 2] {
        let one_pile = |pile| Game {
            piles: vec![pile],
            forbidden: vec![(1, 1)],
        };
        [one_pile(1), one_pile(2)]
    }

    /// N + M: how large the game is.
    pub(super) fn size(&self) -> usize {
        self.piles.len() + self.forbidden.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hack::run::{Answer, Cancel};
    use crate::cli::hack::search::{self, Plan};
    use crate::cli::hack::shrink::{self, End};
    use crate::cli::hack::verdict::Kind;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// The third kind of trial: a function of the game, in process (a mutant of the solver
    /// that keeps the piles in 32 bits: every game with a pile of 2^31 or more is answered the
    /// other way round).
    struct Mutant {
        runs: AtomicU64,
    }

    impl Trial for Mutant {
        fn try_game(&self, game: &Game, _: Sharing, budget: &Budget) -> Outcome {
            self.runs.fetch_add(1, Ordering::Relaxed);
            if budget.cancel.is_cancelled() {
                return Outcome::Stopped;
            }
            let Ok(expected) = crate::winner(game.clone()) else {
                return Outcome::Broken("no memory".to_owned());
            };
            if game.piles.iter().all(|&pile| pile < 1 << 31) {
                return Outcome::Right;
            }
            let mut actual = Answer::default();
            actual.push(if expected == "Aoki" {
                b"Takahashi"
            } else {
                b"Aoki"
            });
            Outcome::Wrong { expected, actual }
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

    fn mutant() -> Mutant {
        Mutant {
            runs: AtomicU64::new(0),
        }
    }

    /// The shrinker works over any trial: the mutant's failure shrinks to one pile of exactly
    /// 2^31 and one forbidden move, 1-minimal, each smaller game confirmed by a rerun.
    #[test]
    fn an_in_process_trial_shrinks_to_its_smallest_failing_game() {
        let game = Game {
            piles: vec![5, 3_000_000_000, 7, 1 << 40],
            forbidden: vec![(2, 1), (9, 3), (3_000_000_000, 17)],
        };
        let trial = mutant();
        let outcome = trial.try_game(&game, Sharing::Shared, &Budget::default());
        assert_eq!(outcome.kind(), Some(Kind::WrongAnswer));
        let bar = indicatif::ProgressBar::hidden();
        let shrunk = shrink::shrink(
            &trial,
            game,
            outcome,
            Duration::from_secs(600),
            &Budget::default(),
            &bar,
        );
        assert_eq!(shrunk.end, End::Minimal);
        assert_eq!(shrunk.case.piles, [1 << 31]);
        assert_eq!(shrunk.case.forbidden.len(), 1);
        assert_eq!(shrunk.outcome.kind(), Some(Kind::WrongAnswer));
        assert!(
            trial.runs() > shrunk.runs,
            "each game kept is confirmed by a rerun"
        );
    }

    /// The search works over any trial: the failure reported is the lowest game with a pile of
    /// 2^31 or more, and every game before it (which all ran) has none.
    #[test]
    fn an_in_process_trial_is_searched_to_its_first_failing_game() {
        let trial = mutant();
        let (seed, tests, max_n) = (7, 40, 50);
        let games = search::Games {
            trial: &trial,
            seed,
            tests,
            max_n,
            beyond: false,
        };
        let searched = search::search(&games, Duration::ZERO, &|_, _: Option<&Plan>| {}).unwrap();
        let first = searched.first.expect("a game with a pile of 2^31 or more");
        let findings = searched.findings;
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].index, first);
        assert!(findings[0].game.piles.iter().any(|&p| p >= 1 << 31));
        for index in 0..first {
            let game = search::make(&search::plan(seed, index, tests, max_n, false)).unwrap();
            assert!(game.piles.iter().all(|&p| p < 1 << 31), "game {index}");
        }
    }

    /// A timeout-class mutant: its counted work passes its budget from 8 piles on, reported
    /// as a try far over the limit.
    struct Slow {
        alone: AtomicU64,
    }

    impl Trial for Slow {
        fn try_game(&self, game: &Game, sharing: Sharing, _: &Budget) -> Outcome {
            if sharing == Sharing::Alone {
                self.alone.fetch_add(1, Ordering::Relaxed);
            }
            if game.piles.len() < 8 {
                return Outcome::Right;
            }
            let time = self
                .timeout()
                .mul_f64(crate::cli::hack::verdict::ALONE_WALL);
            Outcome::Timeout {
                time,
                queued: Duration::ZERO,
                cpu: time,
                ended: true,
            }
        }

        fn timeout(&self) -> Duration {
            Duration::from_secs(4)
        }

        fn jobs(&self) -> usize {
            2
        }

        fn runs(&self) -> u64 {
            0
        }
    }

    /// A mutant over its work budget is shrunk as a timeout: by its size, to within a factor
    /// of 2 of the fewest piles that time out, its values scaled down, and each try far over
    /// the limit is its own verdict: no try is rerun alone to confirm it.
    #[test]
    fn a_mutant_over_its_work_budget_is_shrunk_as_a_timeout() {
        let game = Game {
            piles: (1..=40).map(|k| k * 1000).collect(),
            forbidden: vec![(5, 2)],
        };
        let trial = Slow {
            alone: AtomicU64::new(0),
        };
        let outcome = trial.try_game(&game, Sharing::Shared, &Budget::default());
        let bar = indicatif::ProgressBar::hidden();
        let shrunk = shrink::shrink(
            &trial,
            game,
            outcome,
            Duration::from_secs(600),
            &Budget::default(),
            &bar,
        );
        assert_eq!(shrunk.end, End::Sized);
        let piles = shrunk.case.piles.len();
        assert!((8..16).contains(&piles), "{piles} piles");
        assert!(shrunk.scaled);
        assert_eq!(shrunk.outcome.kind(), Some(Kind::Timeout));
        assert_eq!(trial.alone.load(Ordering::Relaxed), 0);
    }

    /// The 32-bit mutant on a busy machine: each try takes 20 ms and says it waited 1 s for a
    /// CPU that other work held.
    struct Busy(Mutant);

    impl Trial for Busy {
        fn try_game(&self, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome {
            std::thread::sleep(Duration::from_millis(20));
            budget.waited(Duration::from_secs(1), self.jobs());
            self.0.try_game(game, sharing, budget)
        }

        fn timeout(&self) -> Duration {
            self.0.timeout()
        }

        fn jobs(&self) -> usize {
            self.0.jobs()
        }

        fn runs(&self) -> u64 {
            self.0.runs()
        }
    }

    /// A budget is wall-clock time, however long the runs waited for a CPU: shrinking a large
    /// game within 0.4 s ends by 0.4 s and a run, where the waits stretched it to twice as long.
    #[test]
    fn a_busy_machine_does_not_stretch_the_shrinking_budget() {
        let game = Game {
            piles: (1..=300).map(|k| k << 33).collect(),
            forbidden: (1..=300).map(|k| (k << 33, k)).collect(),
        };
        let trial = Busy(mutant());
        let outcome = trial.try_game(&game, Sharing::Shared, &Budget::default());
        let bar = indicatif::ProgressBar::hidden();
        let span = Duration::from_millis(400);
        let shrunk = shrink::shrink(
            &trial,
            game,
            outcome,
            span,
            &Budget::lasting(Some(span)),
            &bar,
        );
        assert_eq!(shrunk.end, End::Budget);
        assert_eq!(shrunk.outcome.kind(), Some(Kind::WrongAnswer));
        // One run (20 ms) and the candidates' making past the deadline, at most.
        assert!(
            shrunk.time < span + Duration::from_millis(150),
            "{:?} for a budget of {span:?}",
            shrunk.time
        );
    }

    /// A cancelled token reaches the trial through its budget: the try gives no verdict.
    #[test]
    fn a_cancelled_budget_reaches_the_trial() {
        let token = Cancel::new();
        let budget = Budget::default().with_cancel(token.clone());
        let game = Game {
            piles: vec![1 << 31],
            forbidden: vec![(1, 1)],
        };
        token.cancel();
        let outcome = mutant().try_game(&game, Sharing::Shared, &budget);
        assert!(matches!(outcome, Outcome::Stopped));
    }
}
