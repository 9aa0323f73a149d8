//! Where a failing game came from, for a program and for a bot alike: a sample of the
//! statement, a game saved by an earlier run, or a generated one; and how the report and the
//! JSON document say it.

use super::json;
use super::search::Plan;
use super::verdict::Outcome;
use crate::Game;
use crate::cli::game::ShownPath;
use std::path::PathBuf;

/// Where a game came from.
#[derive(Clone, Debug)]
pub(super) enum Origin {
    /// Sample `i + 1` of the statement.
    Sample(usize),
    Saved(PathBuf),
    /// A generated game: its index among the generated games, how it was made, and the index
    /// of the first generated game that failed, any kind (every game before it passed).
    Generated {
        index: u64,
        plan: Plan,
        first: u64,
    },
}

impl Origin {
    /// Where a failure was found, for the report's first line, of a run of `tests` generated
    /// games from `seed`. `first`: the first failure found, whose games before it all passed.
    pub(super) fn found(&self, tests: u64, seed: u64, first: bool) -> String {
        match self {
            Origin::Sample(i) => format!("on sample {} of the statement", i + 1),
            Origin::Saved(path) => format!("on the saved game {}", ShownPath(path)),
            Origin::Generated {
                index,
                plan,
                first: failed,
            } => {
                let near = match (plan.shift, plan.shape) {
                    (Some((_, near)), _) => format!(", values near {near}"),
                    (_, Some(shape)) => format!(", max test {shape}"),
                    _ => String::new(),
                };
                if !first {
                    return format!("on game {} of {tests} (seed {seed}{near})", index + 1);
                }
                let passed = match failed {
                    0 => "the 2 samples".to_owned(),
                    1 => "the samples and the game".to_owned(),
                    n => format!("the samples and the {n} games"),
                };
                // A smaller game of the same kind is reported where a larger one failed first.
                let before = if failed == index {
                    "it".to_owned()
                } else {
                    format!("game {}, which failed the same way,", failed + 1)
                };
                format!(
                    "on game {} of {tests} (seed {seed}{near}); {passed} before {before} passed",
                    index + 1
                )
            }
        }
    }

    /// The report's last line on a game found elsewhere than the statement, how to make it
    /// again (none for a game moved near an overflow, which `gen` does not make).
    pub(super) fn as_found(&self) -> Option<String> {
        match self {
            Origin::Generated { plan, .. } if plan.shift.is_none() => Some(plan.gen_command()),
            Origin::Saved(path) => Some(ShownPath(path).to_string()),
            _ => None,
        }
        .map(|how| format!("the game as found: {how}"))
    }

    /// The JSON entry of a failure found as `found` says, on `case` (the game found, or the
    /// one shrunk or the smallest in its place, its input file `input`): its kind and figures
    /// from `outcome`, where its game came from from `self`; the rest is the caller's.
    pub(super) fn entry(
        &self,
        found: String,
        case: &Game,
        input: &[u8],
        outcome: &Outcome,
    ) -> json::Failure {
        let mut entry = json::Failure::new(case, input, outcome);
        entry.found = found;
        (entry.origin, entry.game_number) = match self {
            Origin::Sample(i) => (json::Source::Sample, Some(*i as u64 + 1)),
            Origin::Saved(path) => {
                entry.saved_file = Some(path.to_string_lossy().into_owned());
                (json::Source::Saved, None)
            }
            Origin::Generated { index, plan, .. } => {
                entry.gen_command = plan.shift.is_none().then(|| plan.gen_command());
                (json::Source::Generated, Some(index + 1))
            }
        };
        entry
    }
}
