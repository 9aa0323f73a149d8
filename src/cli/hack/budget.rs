//! What a run may still use, passed down to every try as a value: when shrinking's (or a
//! timeout's growth's) share of `--shrink-time` runs out, and the token that cancels the run
//! early (a shrinker's candidate beaten by a smaller failing one, a large game past a timeout).

use super::run::Cancel;
use std::time::Instant;

/// A deadline and a cancel token. The default has neither: only a signal ends its runs.
#[derive(Clone, Debug, Default)]
pub(super) struct Budget {
    /// When the budget runs out: a run still going then is cut, with no verdict.
    pub(super) until: Option<Instant>,
    /// Ends the runs made with this budget when set.
    pub(super) cancel: Cancel,
}

impl Budget {
    /// A budget that runs out at `until` (`None`: never).
    pub(super) fn until(until: Option<Instant>) -> Budget {
        Budget {
            until,
            cancel: Cancel::default(),
        }
    }

    /// This budget, with `cancel` as its token.
    pub(super) fn with_cancel(&self, cancel: Cancel) -> Budget {
        Budget {
            until: self.until,
            cancel,
        }
    }

    /// Whether the deadline has passed.
    pub(super) fn ran_out(&self) -> bool {
        self.until.is_some_and(|until| Instant::now() >= until)
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
        let past = Instant::now().checked_sub(Duration::from_millis(1));
        assert!(Budget::until(past).ran_out());
        let later = Instant::now().checked_add(Duration::from_secs(3600));
        assert!(!Budget::until(later).ran_out());
    }

    /// A budget given a token keeps its deadline, and its runs see the token set from another
    /// clone (the shrinker sets it, a worker's run reads it).
    #[test]
    fn with_cancel_shares_the_token() {
        let later = Instant::now().checked_add(Duration::from_secs(3600));
        let token = Cancel::new();
        let budget = Budget::until(later).with_cancel(token.clone());
        assert_eq!(budget.until, later);
        assert!(!budget.cancel.is_cancelled());
        token.cancel();
        assert!(budget.cancel.is_cancelled());
        // The default token cannot be set: cancelling it does nothing.
        let plain = Cancel::default();
        plain.cancel();
        assert!(!plain.is_cancelled());
    }
}
