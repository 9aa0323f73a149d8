//! Whether a failure on sample 1 is a failure on every game: the trial fails on sample 2 and on
//! the two smallest games (one for each answer) too, in any way (each judged as alone). Then
//! nothing is shrunk, and a timeout's growth is "never ends". Written over any trial.

use super::budget::Budget;
use super::confirm::Confirmed;
use super::trial::{Sharing, Trial};
use super::verdict::{Outcome, far_over};
use crate::Game;
use std::thread;

/// Whether `trial` fails on every one of `others` (sample 2 and the two smallest games), as it
/// failed on sample 1 every time: then it fails on every game; with how it failed.
pub(super) fn fails_everywhere(trial: &dyn Trial, others: &[Game]) -> Option<Vec<Outcome>> {
    let outcomes = beside_all(trial, others);
    outcomes.iter().all(Outcome::failed).then_some(outcomes)
}

/// Tries `games` J at a time, each judged as alone (an endless loop takes the limit and more
/// on each): their outcomes, in order.
fn beside_all(trial: &dyn Trial, games: &[Game]) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for batch in games.chunks(trial.jobs().max(1)) {
        thread::scope(|scope| {
            let runs: Vec<_> = (batch.iter())
                .map(|game| {
                    let run = move || trial.try_game(game, Sharing::Beside, &Budget::default());
                    thread::Builder::new()
                        .spawn_scoped(scope, run)
                        .map_err(|_| game)
                })
                .collect();
            // A run without a thread of its own goes here.
            outcomes.extend(runs.into_iter().map(|run| match run {
                Ok(handle) => handle.join().unwrap_or(Outcome::Stopped),
                Err(game) => trial.try_game(game, Sharing::Beside, &Budget::default()),
            }));
        });
    }
    outcomes
}

/// A timeout far over the limit on sample 1 (an endless loop, most often): its confirmation
/// runs beside `others` (sample 2 and the two smallest games), J at a time, where one after
/// the other they would take the limit and more four times. The confirmation, if the rerun
/// was far over the limit too, and whether it fails on every game.
pub(super) fn confirm_with_others(
    trial: &dyn Trial,
    game: &Game,
    others: &[Game],
) -> Option<(Confirmed, Option<Vec<Outcome>>)> {
    let mut games = vec![game.clone()];
    games.extend_from_slice(others);
    let mut outcomes = beside_all(trial, &games);
    let others = outcomes.split_off(1);
    let rerun = outcomes.pop()?;
    // Far over the limit again, or confirmed as any other failure is (a run the busy machine
    // ended before its counted time passed the limit is no verdict).
    if !far_over(&rerun, trial.timeout()) {
        return None;
    }
    let every = others.iter().all(Outcome::failed).then_some(others);
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

    /// A rerun far over the limit again confirms the timeout, beside the other games; one that
    /// ended near the limit is no such confirmation (it is confirmed as any failure is).
    #[test]
    fn a_rerun_far_over_the_limit_confirms_beside_the_others() {
        let sample = Game::read_or_empty(b"3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n");
        let endless = Function(|_: &Game| timeout(ALONE_WALL, true));
        let (confirmed, every) = confirm_with_others(&endless, &sample, &others()).unwrap();
        assert!(confirmed.repeats());
        assert_eq!(every.map(|e| e.len()), Some(3));
        let near = Function(|_: &Game| timeout(1.1, false));
        assert!(confirm_with_others(&near, &sample, &others()).is_none());
        // Far over the limit on the sample only: confirmed, but not on every game.
        let sample_only = Function(|game: &Game| {
            if game.piles.len() == 3 {
                timeout(ALONE_WALL, true)
            } else {
                Outcome::Right
            }
        });
        let (confirmed, every) = confirm_with_others(&sample_only, &sample, &others()).unwrap();
        assert!(confirmed.repeats());
        assert!(every.is_none());
    }
}
