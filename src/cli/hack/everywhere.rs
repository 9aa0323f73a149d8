//! Whether a failure on sample 1 is a failure on every game: the trial fails on sample 2 and on
//! the two smallest games (one for each answer) too, in any way (each judged as alone). Then
//! nothing is shrunk, and a timeout's growth is "never ends" (or a fixed cost), from the long
//! look at the game of one pile and one move taken beside the others. Written over any trial.

use super::budget::Budget;
use super::confirm::Confirmed;
use super::growth;
use super::trial::{Sharing, Trial};
use super::verdict::{Outcome, far_over};
use crate::Game;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

/// Whether `trial` fails on every one of `others` (sample 2 and the two smallest games), as it
/// failed on sample 1 every time: then it fails on every game; with how it failed.
pub(super) fn fails_everywhere(trial: &dyn Trial, others: &[Game]) -> Option<Vec<Outcome>> {
    let tries: Vec<(&Game, Option<Duration>)> = others.iter().map(|game| (game, None)).collect();
    let outcomes = beside_all(trial, &tries, &|_| {});
    outcomes.iter().all(Outcome::failed).then_some(outcomes)
}

/// Tries each game J at a time, in order, each judged as alone (an endless loop takes the limit
/// and more on each), a game with a wall time tried for that long ([`Sharing::Longer`]);
/// their outcomes, in order. `first` is told the first game's outcome as soon as it is known.
fn beside_all(
    trial: &dyn Trial,
    tries: &[(&Game, Option<Duration>)],
    first: &(dyn Fn(&Outcome) + Sync),
) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; tries.len()]);
    let work = || {
        loop {
            let at = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(game, wall)) = tries.get(at) else {
                break;
            };
            let sharing = wall.map_or(Sharing::Beside, Sharing::Longer);
            let outcome = trial.try_game(game, sharing, &Budget::default());
            if at == 0 {
                first(&outcome);
            }
            outcomes.lock().unwrap_or_else(|p| p.into_inner())[at] = Some(outcome);
        }
    };
    thread::scope(|scope| {
        // This thread is a worker too: without a thread of its own, every game runs here.
        for _ in 1..trial.jobs().clamp(1, tries.len().max(1)) {
            let _ = thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    (outcomes
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter())
    .map(|outcome| outcome.unwrap_or(Outcome::Stopped))
    .collect()
}

/// A timeout far over the limit on sample 1 (an endless loop, most often): its confirmation
/// runs beside `others` (sample 2 and the two smallest games), J at a time, where one after
/// the other they would take the limit and more four times; the game of one pile and one move
/// (`others[looked]`) is tried for the long look (`growth::LONG_LOOK` limits) beside them, so
/// that a game that never ends is told from a fixed cost over the limit at once, not after.
/// The confirmation, if the rerun was far over the limit too, and whether it fails on every
/// game. `confirmed` is told of the confirmation the moment the rerun ends far over the limit,
/// before the others end.
pub(super) fn confirm_with_others(
    trial: &dyn Trial,
    game: &Game,
    others: &[Game],
    looked: usize,
    confirmed: &(dyn Fn() + Sync),
) -> Option<(Confirmed, Option<Vec<Outcome>>)> {
    let long = growth::long_wall(trial.timeout());
    // The rerun and the long look first: the others fit beside the long look.
    let mut tries = vec![(game, None)];
    tries.extend(others.get(looked).map(|game| (game, Some(long))));
    tries.extend(
        (others.iter().enumerate()).filter_map(|(i, game)| (i != looked).then_some((game, None))),
    );
    let timeout = trial.timeout();
    let told = |rerun: &Outcome| {
        if far_over(rerun, timeout) {
            confirmed();
        }
    };
    let mut outcomes = beside_all(trial, &tries, &told);
    let rerun = outcomes.remove(0);
    // Back in the others' order.
    if looked < others.len() {
        let long = outcomes.remove(0);
        outcomes.insert(looked, long);
    }
    // Far over the limit again, or confirmed as any other failure is (a run the busy machine
    // ended before its counted time passed the limit is no verdict).
    if !far_over(&rerun, trial.timeout()) {
        return None;
    }
    let every = outcomes.iter().all(Outcome::failed).then_some(outcomes);
    Some((Confirmed::Repeats(rerun), every))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hack::verdict::ALONE_WALL;
    use std::time::Duration;

    /// A trial that is a function of the game alone.
    struct Function<F>(F);

    impl<F: Fn(&Game) -> Outcome + Sync> Trial for Function<F> {
        fn try_game(&self, game: &Game, _: Sharing, _: &Budget) -> Outcome {
            (self.0)(game)
        }

        fn timeout(&self) -> Duration {
            Duration::from_secs(1)
        }

        fn jobs(&self) -> usize {
            2
        }

        fn runs(&self) -> u64 {
            0
        }
    }

    fn crash() -> Outcome {
        Outcome::Crash {
            status: "exited with status 1".to_owned(),
            stderr: String::new(),
            peak: 0,
        }
    }

    fn timeout(limits: f64, ended: bool) -> Outcome {
        let time = Duration::from_secs(1).mul_f64(limits);
        Outcome::Timeout {
            time,
            queued: Duration::ZERO,
            cpu: time,
            ended,
        }
    }

    /// Three games, two of them the smallest (in input order, as the report reads them).
    fn others() -> Vec<Game> {
        let mut others = vec![Game {
            piles: vec![3, 5],
            forbidden: vec![(2, 1)],
        }];
        others.extend(Game::smallest());
        others
    }

    /// Failing on every game it is tried on is failing everywhere, with each outcome in the
    /// games' order; passing on one of them is not.
    #[test]
    fn failing_on_each_other_game_is_failing_everywhere() {
        let always = Function(|_: &Game| crash());
        let outcomes = fails_everywhere(&always, &others()).unwrap();
        assert_eq!(outcomes.len(), 3);
        let big_only = Function(|game: &Game| {
            if game.piles.iter().any(|&p| p > 2) {
                crash()
            } else {
                Outcome::Right
            }
        });
        assert!(fails_everywhere(&big_only, &others()).is_none());
    }

    /// A trial that notes how each game was tried, and fails each.
    struct Noting(Mutex<Vec<(Game, Sharing)>>);

    impl Trial for Noting {
        fn try_game(&self, game: &Game, sharing: Sharing, _: &Budget) -> Outcome {
            let mut tried = self.0.lock().unwrap();
            tried.push((game.clone(), sharing));
            match game.piles.len() {
                // The sample: far over the limit, as an endless loop is.
                3 => timeout(ALONE_WALL, true),
                // The game of one pile of 1: a crash; every other game: far over the limit.
                1 if game.piles[0] == 1 => crash(),
                _ => timeout(ALONE_WALL, true),
            }
        }

        fn timeout(&self) -> Duration {
            Duration::from_secs(1)
        }

        fn jobs(&self) -> usize {
            2
        }

        fn runs(&self) -> u64 {
            0
        }
    }

    /// The long look at the game of one pile and one move is taken beside the confirmation, as
    /// long as `growth::long_wall` says, started right after the rerun (the others fit beside
    /// it); every other game is tried as usual, and the outcomes come back in the others' order.
    #[test]
    fn the_long_look_is_taken_beside_the_confirmation() {
        let sample = Game::read_or_empty(b"3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n");
        let trial = Noting(Mutex::new(Vec::new()));
        let (confirmed, every) =
            confirm_with_others(&trial, &sample, &others(), 1, &|| {}).unwrap();
        assert!(confirmed.repeats());
        let tried = trial.0.into_inner().unwrap();
        assert_eq!(tried.len(), 4);
        let long = Sharing::Longer(growth::long_wall(Duration::from_secs(1)));
        let looked = &others()[1];
        // The rerun and the long look start first, each on a worker of its own.
        let first: Vec<&Game> = tried[..2].iter().map(|(game, _)| game).collect();
        assert!(
            first.contains(&&sample) && first.contains(&looked),
            "{tried:?}"
        );
        for (game, sharing) in &tried {
            let wanted = if game == looked {
                long
            } else {
                Sharing::Beside
            };
            assert_eq!(*sharing, wanted, "{game:?}");
        }
        let every = every.unwrap();
        assert_eq!(every.len(), 3);
        assert!(matches!(every[1], Outcome::Crash { .. }), "{every:?}");
        assert!(matches!(every[2], Outcome::Timeout { .. }), "{every:?}");
    }

    /// A rerun far over the limit again confirms the timeout, beside the other games; one that
    /// ended near the limit is no such confirmation (it is confirmed as any failure is).
    #[test]
    fn a_rerun_far_over_the_limit_confirms_beside_the_others() {
        let sample = Game::read_or_empty(b"3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n");
        let endless = Function(|_: &Game| timeout(ALONE_WALL, true));
        let (confirmed, every) =
            confirm_with_others(&endless, &sample, &others(), 1, &|| {}).unwrap();
        assert!(confirmed.repeats());
        assert_eq!(every.map(|e| e.len()), Some(3));
        let near = Function(|_: &Game| timeout(1.1, false));
        assert!(confirm_with_others(&near, &sample, &others(), 1, &|| {}).is_none());
        // Far over the limit on the sample only: confirmed, but not on every game.
        let sample_only = Function(|game: &Game| {
            if game.piles.len() == 3 {
                timeout(ALONE_WALL, true)
            } else {
                Outcome::Right
            }
        });
        let (confirmed, every) =
            confirm_with_others(&sample_only, &sample, &others(), 1, &|| {}).unwrap();
        assert!(confirmed.repeats());
        assert!(every.is_none());
    }
}
