//! What a run may still use, passed down to every try as a value: when shrinking's (or a
//! growth's) share of `--shrink-time` runs out, and the token that cancels the run
//! early (a shrinker's candidate beaten by a smaller failing one, a large game past a timeout).
//!
//! A budget is wall-clock time, whatever the machine's load: `--shrink-time 60` ends shrinking
//! 60 s after it began, a run in progress cut then. Its runs' waits for a CPU that other work
//! held are counted ([`Budget::held`]), for a report to say the machine was busy, but never move
//! the deadline: they did, by up to the budget's length, and a user who gave 60 s waited 2 min.

use super::run::Cancel;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A deadline and a cancel token. The default has neither: only a signal ends its runs.
#[derive(Clone, Debug, Default)]
pub(in crate::cli) struct Budget {
    /// When the budget runs out, in wall-clock time.
    until: Option<Instant>,
    /// Nanoseconds the budget's runs waited for a CPU that other work held, shared by every
    /// clone (see [`Budget::waited`]).
    held: Arc<AtomicU64>,
    /// Ends the runs made with this budget when set.
    pub(in crate::cli) cancel: Cancel,
}

impl Budget {
    /// A budget that runs out `span` from now (`None`: never).
    pub(in crate::cli) fn lasting(span: Option<Duration>) -> Budget {
        let now = Instant::now();
        Budget {
            until: span.and_then(|span| now.checked_add(span)),
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

    /// When the budget runs out, however long its runs waited for a CPU.
    pub(super) fn deadline(&self) -> Option<Instant> {
        self.until
    }

    /// How long is left until the deadline (`None`: no deadline).
    pub(super) fn left(&self) -> Option<Duration> {
        Some(self.until?.saturating_duration_since(Instant::now()))
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
    /// of its budget (itself included): runs side by side wait at the same time, and their
    /// share of it is counted.
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

    /// Its runs' waits for a CPU are counted, by their share when side by side, and every
    /// clone sees them; the deadline stays where it was: a budget is wall-clock time.
    #[test]
    fn waits_for_a_cpu_are_counted_and_never_move_the_deadline() {
        let span = Duration::from_secs(10);
        let budget = Budget::lasting(Some(span));
        let deadline = budget.deadline().unwrap();
        let clone = budget.with_cancel(Cancel::new());
        clone.waited(Duration::from_secs(4), 2);
        assert_eq!(budget.held(), Duration::from_secs(2));
        budget.waited(Duration::from_secs(3), 1);
        assert_eq!(clone.held(), Duration::from_secs(5));
        budget.waited(Duration::from_secs(3600), 1);
        assert_eq!(budget.deadline(), Some(deadline));
        assert_eq!(clone.deadline(), Some(deadline));
        assert!(budget.left().unwrap() <= span);
        // A run's wait is counted once, whatever clone it was made with: zero side is one.
        let other = Budget::lasting(Some(span));
        other.waited(Duration::from_secs(1), 0);
        assert_eq!(other.held(), Duration::from_secs(1));
        assert_eq!(Budget::default().left(), None);
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
