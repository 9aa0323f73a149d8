//! The one confirmation policy: a failure counts once it repeats, run alone; one that does
//! not is *flaky*, and its count of failed runs is taken over [`FLAKY_RUNS`] runs. A smaller
//! game the shrinker tries must fail [`REPEATS`] times; the failure found, before it is
//! reported, [`FOUND_REPEATS`] times (see [`found_repeats`]). Every kind of trial is confirmed
//! through [`confirm_by`] (`Trial::confirm`).

use super::verdict::{Outcome, far_over};
use std::time::Duration;

/// A failure seen again, or not.
#[derive(Clone, Debug)]
pub(in crate::cli) enum Confirmed {
    /// It failed on every run, alone: the last run that failed as the first did.
    Repeats(Outcome),
    /// It failed on only `failed` of `runs` runs: the last that failed as the first did.
    Flaky {
        failed: u32,
        runs: u32,
        outcome: Outcome,
    },
    /// No verdict: a run could not be made, hack was stopped or the budget ran out (the
    /// outcome that said so), or there was no failure to confirm.
    Unsure(Outcome),
}

impl Confirmed {
    /// The outcome it stands on.
    pub(super) fn outcome(&self) -> &Outcome {
        match self {
            Confirmed::Repeats(outcome)
            | Confirmed::Unsure(outcome)
            | Confirmed::Flaky { outcome, .. } => outcome,
        }
    }

    /// Whether the failure counts: it repeated on every run.
    pub(super) fn repeats(&self) -> bool {
        matches!(self, Confirmed::Repeats(_))
    }
}

/// How many runs a smaller game the shrinker tries must fail, all of them, to be kept: the
/// first and a rerun alone. (Each shrinking step that is kept pays for the rerun.)
pub(super) const REPEATS: u32 = 2;

/// How many runs the failure found must fail, all of them, before it is reported as one that
/// repeats: a solution that crashes on one run in five passes three reruns alone by chance
/// once in 125, and a flaky failure taken for a steady one would make every smaller game
/// look as if it passed.
pub(super) const FOUND_REPEATS: u32 = 4;

/// How many runs a failure that did not repeat is counted over.
pub(super) const FLAKY_RUNS: u32 = 8;

/// How many runs the failure found must fail before it is reported: [`FOUND_REPEATS`], or
/// [`REPEATS`] for a timeout far over the limit (see [`far_over`]): each of its runs takes the
/// limit and more, and a run that is still going at `verdict::ALONE_WALL` times the limit,
/// alone, is no timeout by chance.
pub(super) fn found_repeats(outcome: &Outcome, timeout: Duration) -> u32 {
    if far_over(outcome, timeout) {
        REPEATS
    } else {
        FOUND_REPEATS
    }
}

/// Confirms the failure `outcome` by calling `rerun` (a run alone) until it has repeated on
/// every run (`repeats` in all), or a run passed (then [`FLAKY_RUNS`] in all are counted).
pub(super) fn confirm_by(
    outcome: &Outcome,
    repeats: u32,
    mut rerun: impl FnMut() -> Outcome,
) -> Confirmed {
    if !outcome.failed() {
        return Confirmed::Unsure(outcome.clone());
    }
    let (mut failed, mut runs, mut last) = (1, 1, outcome.clone());
    loop {
        let again = rerun();
        if !again.failed() && !matches!(again, Outcome::Right) {
            return Confirmed::Unsure(again);
        }
        runs += 1;
        // A run that fails another way (a crash, then a timeout) still fails.
        if again.failed() {
            failed += 1;
            if again.kind() == outcome.kind() {
                last = again;
            }
        }
        if failed == runs && runs == repeats {
            return Confirmed::Repeats(last);
        }
        if runs == FLAKY_RUNS {
            return Confirmed::Flaky {
                failed,
                runs,
                outcome: last,
            };
        }
    }
}

/// The report's words for a flaky failure, after "flaky: {what} {where}; ", for every kind of
/// trial: how often it failed of the runs counted, `how` they were made, and that it is not
/// shrunk.
pub(super) fn flaky_words(failed: u32, runs: u32, how: &str) -> String {
    format!(
        "it failed {failed} of {runs} runs of this game, {how}; not shrunk (a smaller game counts \
         only when it fails every time)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hack::run::Answer;
    use crate::cli::hack::verdict::{ALONE_WALL, Kind};
    use std::cell::Cell;

    fn wrong() -> Outcome {
        Outcome::Wrong {
            expected: "Aoki",
            actual: Answer::default(),
        }
    }

    fn crash() -> Outcome {
        Outcome::Crash {
            status: "exited with status 1".to_owned(),
            stderr: String::new(),
            peak: 0,
        }
    }

    fn timeout(time: Duration, ended: bool) -> Outcome {
        Outcome::Timeout {
            time,
            queued: Duration::ZERO,
            cpu: time,
            ended,
        }
    }

    /// Reruns that give `outcomes` in turn (then `Right`), and how many were made.
    fn reruns(outcomes: Vec<Outcome>) -> (impl FnMut() -> Outcome, std::rc::Rc<Cell<u32>>) {
        let made = std::rc::Rc::new(Cell::new(0));
        let count = std::rc::Rc::clone(&made);
        let mut outcomes = outcomes.into_iter();
        let rerun = move || {
            count.set(count.get() + 1);
            outcomes.next().unwrap_or(Outcome::Right)
        };
        (rerun, made)
    }

    /// A failure that fails again on every rerun repeats after exactly `repeats` runs in all,
    /// the first included: no run more.
    #[test]
    fn a_failure_on_every_run_repeats_after_repeats_runs() {
        let (rerun, made) = reruns(vec![wrong(); 10]);
        let confirmed = confirm_by(&wrong(), FOUND_REPEATS, rerun);
        assert!(confirmed.repeats(), "{confirmed:?}");
        assert_eq!(made.get(), FOUND_REPEATS - 1);
    }

    /// One pass among the reruns makes it flaky, its failures counted over FLAKY_RUNS runs: the
    /// one meaning of "flaky".
    #[test]
    fn a_pass_makes_it_flaky_counted_over_flaky_runs() {
        let mut script = vec![Outcome::Right, crash()];
        script.extend(vec![Outcome::Right; 5]);
        let (rerun, made) = reruns(script);
        match confirm_by(&crash(), REPEATS, rerun) {
            Confirmed::Flaky {
                failed,
                runs,
                outcome,
            } => {
                assert_eq!((failed, runs), (2, FLAKY_RUNS));
                assert_eq!(outcome.kind(), Some(Kind::Crash));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(made.get(), FLAKY_RUNS - 1);
    }

    /// A rerun that fails another way still fails (a crash, then a timeout), and the outcome
    /// kept is the last of the first one's kind.
    #[test]
    fn a_failure_of_another_kind_still_counts_and_the_first_kind_is_kept() {
        let (rerun, _) = reruns(vec![timeout(Duration::from_secs(5), true)]);
        match confirm_by(&crash(), REPEATS, rerun) {
            Confirmed::Repeats(outcome) => assert_eq!(outcome.kind(), Some(Kind::Crash)),
            other => panic!("{other:?}"),
        }
    }

    /// A rerun without a verdict (stopped, not run) makes the confirmation unsure at once; an
    /// outcome that is no failure is not rerun at all.
    #[test]
    fn no_verdict_or_no_failure_is_unsure() {
        let (rerun, made) = reruns(vec![Outcome::Stopped]);
        let confirmed = confirm_by(&wrong(), REPEATS, rerun);
        assert!(matches!(confirmed, Confirmed::Unsure(Outcome::Stopped)));
        assert_eq!(made.get(), 1);
        let (rerun, made) = reruns(vec![wrong()]);
        let confirmed = confirm_by(&Outcome::Right, REPEATS, rerun);
        assert!(matches!(confirmed, Confirmed::Unsure(Outcome::Right)));
        assert_eq!(made.get(), 0);
    }

    /// The flaky words say the count over the runs made, as the report of every trial gives
    /// them.
    #[test]
    fn the_flaky_words_give_the_count_over_the_runs() {
        assert_eq!(
            flaky_words(2, FLAKY_RUNS, "each run alone after the first"),
            "it failed 2 of 8 runs of this game, each run alone after the first; not shrunk (a \
             smaller game counts only when it fails every time)"
        );
    }

    /// The failure found needs FOUND_REPEATS runs, but a timeout still running at ALONE_WALL
    /// times the limit only REPEATS: each of its runs takes the limit and more.
    #[test]
    fn a_timeout_far_over_the_limit_needs_fewer_repeats() {
        let limit = Duration::from_secs(2);
        let far = timeout(limit.mul_f64(ALONE_WALL), true);
        assert_eq!(found_repeats(&far, limit), REPEATS);
        // Over the limit but ended by itself, or cut well before ALONE_WALL limits: by chance?
        let near = timeout(limit.mul_f64(1.1), false);
        assert_eq!(found_repeats(&near, limit), FOUND_REPEATS);
        let cut_early = timeout(limit.mul_f64(1.1), true);
        assert_eq!(found_repeats(&cut_early, limit), FOUND_REPEATS);
        assert_eq!(found_repeats(&wrong(), limit), FOUND_REPEATS);
    }
}
