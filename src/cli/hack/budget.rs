//! What a run may still use, passed down to every try as a value: when shrinking's (or a
//! timeout's growth's) share of `--shrink-time` runs out, and the token that cancels the run
//! early (a shrinker's candidate beaten by a smaller failing one, a large game past a timeout).
//!
//! A share of `--shrink-time` is the solution's time, as its runs' times are: the time its runs
//! waited for a CPU that other work held moves the deadline later, up to [`STRETCH`] times the
//! share, so that a busy machine measures what a quiet one does.

use super::run::Cancel;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A busy machine stretches a budget by at most this many times its length: --shrink-time 60
/// lasts 120 s at most, however busy.
pub(super) const STRETCH: u32 = 1;

/// A deadline and a cancel token. The default has neither: only a signal ends its runs.
#[derive(Clone, Debug, Default)]
pub(in crate::cli) struct Budget {
    /// When the budget runs out on a quiet machine, and how long it was then.
    until: Option<(Instant, Duration)>,
    /// Nanoseconds the budget's runs waited for a CPU that other work held, shared by every
    /// clone: the deadline moves later by as much (see [`Budget::waited`]).
    held: Arc<AtomicU64>,
    /// Ends the runs made with this budget when set.
    pub(in crate::cli) cancel: Cancel,
}

impl Budget {
    /// A budget that runs out `span` from now on a quiet machine (`None`: never).
    pub(in crate::cli) fn lasting(span: Option<Duration>) -> Budget {
        let now = Instant::now();
        Budget {
            until: span.and_then(|span| Some((now.checked_add(span)?, span))),
            held: Arc::default(),
            cancel: Cancel::default(),
        }
    }

    /// This budget, with `cancel` as its token.
    pub(super) fn with_cancel(&self, cancel: Cancel) -> Budget {
        Budget {
            until: self.until,
            held: Arc::clone(&self.held),
            cancel,
        }
    }

    /// When the budget runs out: its quiet deadline, moved later by its runs' waits for a CPU.
    pub(super) fn deadline(&self) -> Option<Instant> {
        let (until, span) = self.until?;
        until.checked_add(self.held().min(span.saturating_mul(STRETCH)))
    }

    /// How long the budget's runs waited for a CPU that other work held, by their shares.
    pub(super) fn held(&self) -> Duration {
        Duration::from_nanos(self.held.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed.
    pub(in crate::cli) fn ran_out(&self) -> bool {
        self.deadline().is_some_and(|until| Instant::now() >= until)
    }

    /// Counts a run's wait for a CPU that other work held, `queued`, made beside `side` runs
    /// of its budget (itself included): runs side by side wait at the same time, and the
    /// budget is moved by their share of it.
    pub(super) fn waited(&self, queued: Duration, side: usize) {
        let share = queued / side.max(1) as u32;
        let nanos = u64::try_from(share.as_nanos()).unwrap_or(u64::MAX);
        self.held.fetch_add(nanos, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A budget without a deadline never runs out; one whose deadline passed has.
    #[test]
    fn budget_runs_out_at_its_deadline() {
        assert!(!Budget::default().ran_out());
        assert!(Budget::lasting(Some(Duration::ZERO)).ran_out());
        assert!(!Budget::lasting(Some(Duration::from_secs(3600))).ran_out());
        assert_eq!(Budget::lasting(None).deadline(), None);
    }

    /// Its runs' waits for a CPU move the deadline later, by their share when side by side,
    /// and at most STRETCH times the budget's length; every clone sees it.
    #[test]
    fn waits_for_a_cpu_move_the_deadline_up_to_the_stretch() {
        let span = Duration::from_secs(10);
        let budget = Budget::lasting(Some(span));
        let quiet = budget.deadline().unwrap();
        let clone = budget.with_cancel(Cancel::new());
        clone.waited(Duration::from_secs(4), 2);
        assert_eq!(budget.deadline().unwrap() - quiet, Duration::from_secs(2));
        budget.waited(Duration::from_secs(3), 1);
        assert_eq!(clone.deadline().unwrap() - quiet, Duration::from_secs(5));
        budget.waited(Duration::from_secs(3600), 1);
        assert_eq!(budget.deadline().unwrap() - quiet, span * STRETCH);
        // A run's wait is counted once, whatever clone it was made with: zero side is one.
        let other = Budget::lasting(Some(span));
        let before = other.deadline().unwrap();
        other.waited(Duration::from_secs(1), 0);
        assert_eq!(other.deadline().unwrap() - before, Duration::from_secs(1));
    }

    /// A budget given a token keeps its deadline, and its runs see the token set from another
    /// clone (the shrinker sets it, a worker's run reads it).
    #[test]
    fn with_cancel_shares_the_token() {
        let token = Cancel::new();
        let lasting = Budget::lasting(Some(Duration::from_secs(3600)));
        let budget = lasting.with_cancel(token.clone());
        assert_eq!(budget.deadline(), lasting.deadline());
        assert!(!budget.cancel.is_cancelled());
        token.cancel();
        assert!(budget.cancel.is_cancelled());
        // The default token cannot be set: cancelling it does nothing.
        let plain = Cancel::default();
        plain.cancel();
        assert!(!plain.is_cancelled());
    }
}
