//! The one hunt, for a program and for a bot alike: the run's games searched (the samples and
//! the saved games first, alone, then the generated ones), each failure found confirmed by the
//! trial of its game, then each confirmed kind reported in its own block, shrunk within its
//! share of --shrink-time; or the end of a run that found nothing. What differs between a
//! program and a bot (its games, its trial, how a block is shrunk and worded) is the
//! [`Hunter`]'s; every line and the JSON document's entries come from here or from its blocks.

use super::Settings;
use super::budget::Budget;
use super::confirm::{self, Confirmed};
use super::everywhere;
use super::files;
use super::json;
use super::origin::Origin;
use super::progress;
use super::report;
use super::run;
use super::search::{self, Finding, Schedule};
use super::start;
use super::trial::Trial;
use super::verdict::{self, Outcome};
use crate::Game;
use crate::cli::exit::Ended;
use crate::cli::game::{Failure, ShownPath, plural};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What the hunt asks of the kind of solution it hunts in: a program run on each game, or a bot
/// played against the referee.
pub(super) trait Hunter: Sync {
    /// The words each of the report's lines starts with (`hack`, `hack --interactive`).
    const NAME: &'static str;
    /// What one try is called in the report (`run`, `game`).
    const UNIT: &'static str;

    /// The run's games: the fixed ones (the samples, the saved games), then the generated ones.
    fn games(&self) -> impl Schedule<Plan = Placed> + '_;

    /// How long the search goes on past the first failure, for failures of other kinds, each
    /// reported in a block of its own; `None`: the report is of the first failure alone (a
    /// bot's).
    fn look_further(&self) -> Option<Duration>;

    /// The trial a failure found on the game `placed` is confirmed through.
    fn trial(&self, placed: &Placed) -> Box<dyn Trial + '_>;

    /// How many tries were made so far (a program's runs, a bot's games).
    fn tries(&self) -> u64;

    /// Whether a failure on a sample is named the moment it is confirmed, before its block
    /// (`outcome`: how it failed when found).
    fn names_at_once(&self, outcome: &Outcome) -> bool;

    /// A confirmed failure's block of the report (`slot`: where it stands among the others).
    fn block(&self, slot: &Slot, found: Found) -> Result<Block, Failure>;
}

/// A game of the run: its index in the run, where it came from, and the seed of the
/// referee's choices in it (a bot's; a program's games have none and hold 0).
#[derive(Clone, Debug)]
pub(super) struct Placed {
    pub(super) index: u64,
    pub(super) origin: Origin,
    pub(super) seed: u64,
}

/// A game that failed (or gave no verdict), not yet confirmed.
struct Failed {
    placed: Placed,
    game: Game,
    outcome: Outcome,
}

/// A failure confirmed.
pub(super) struct Found {
    /// The game it was found on, and where that came from.
    pub(super) placed: Placed,
    pub(super) game: Game,
    pub(super) confirmed: Confirmed,
    /// Whether it fails on every game, as far as its confirmation found.
    pub(super) everywhere: Everywhere,
    /// Whether its first line is on standard error already (see [`sample_line`]).
    pub(super) named: bool,
}

/// Whether a failure is on every game (see `everywhere::fails_everywhere`).
pub(super) enum Everywhere {
    /// Not tried yet.
    Untried,
    /// Tried: it is not.
    No,
    /// It is: how the other games failed, the game at [`LOOKED`] looked at longer.
    Yes(Vec<Outcome>),
}

/// Where a failure's block stands among the others, and its share of --shrink-time.
pub(super) struct Slot<'a> {
    /// --out, for the first failure found only.
    pub(super) out: Option<&'a (std::path::PathBuf, std::path::PathBuf)>,
    /// The first failure found: its report says which games passed before it.
    pub(super) first: bool,
    pub(super) share: Duration,
    /// When hack started: the progress lines count from it.
    pub(super) started: Instant,
}

/// A failure's block: its text (the first `told` bytes on standard error already), where its
/// game was kept, and its entry in the JSON document (but for the text, added at the end).
pub(super) struct Block {
    pub(super) text: String,
    pub(super) told: usize,
    pub(super) kept: files::Kept,
    pub(super) entry: json::Failure,
}

/// Which of [`other_games`] is the game of one pile and one move that a timeout on every game
/// is looked at longer on.
pub(super) const LOOKED: usize = 1;

/// Sample 2 and the two smallest games (one for each answer): a solution that fails on these
/// as on sample 1 fails on every game. The first of the smallest, of one pile and one move, is
/// the one a timeout on every game is looked at longer on (see `growth::long_look`).
pub(super) fn other_games() -> [Game; 3] {
    let [one, two] = Game::smallest();
    [
        Game::read_or_empty(super::SAMPLES[1].0.as_bytes()),
        one,
        two,
    ]
}

/// The search, the confirmation of what failed, then the report: how the run ended (with the
/// words of what could not be kept where asked, if anything), the JSON document's entries in
/// `failures`.
pub(super) fn hunt<H: Hunter>(
    settings: &Settings,
    hunter: &H,
    failures: &mut Vec<json::Failure>,
) -> Result<(Ended, Option<String>), Failure> {
    let started = Instant::now();
    let (found, saved) = search_games(settings, hunter, started)?;
    if found.is_empty() {
        return Ok((nothing_found::<H>(settings, hunter, saved), None));
    }
    let confirmed = confirm_all(settings, hunter, started, found)?;
    if confirmed.is_empty() {
        return Ok((nothing_found::<H>(settings, hunter, saved), None));
    }
    report_all(settings, hunter, started, confirmed, failures)
}

/// The fixed games, then the generated ones, with the bar (or a line every few seconds): the
/// failures found, the first found first, and how many saved games there were.
fn search_games<H: Hunter>(
    settings: &Settings,
    hunter: &H,
    started: Instant,
) -> Result<(Vec<Failed>, u64), Failure> {
    let games = hunter.games();
    let fixed = games.fixed();
    let bar = if settings.tests > 0 {
        ProgressBar::with_draw_target(
            Some(settings.tests),
            indicatif::ProgressDrawTarget::stderr(),
        )
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}") {
        bar.set_style(style);
    }
    let on_game = |index: u64, game: Option<&Placed>| match game.map(|placed| &placed.origin) {
        Some(Origin::Sample(i)) => bar.set_message(format!("running sample {}, alone", i + 1)),
        Some(Origin::Saved(path)) => {
            bar.set_message(format!("running the saved game {}, alone", ShownPath(path)))
        }
        Some(Origin::Generated { index, plan, .. }) => {
            bar.set_message(format!("now game {}: {}", index + 1, plan.describe()))
        }
        None if index >= fixed => bar.inc(1),
        None => {}
    };
    let say = |bar: &ProgressBar| {
        let message = bar.message();
        if message.starts_with("now game ") {
            format!(
                "{} of {} games run, {message}",
                bar.position(),
                settings.tests
            )
        } else {
            message
        }
    };
    let look = hunter.look_further();
    let searched = progress::lines(&bar, started, &say, || {
        search::search(&games, look.unwrap_or(Duration::ZERO), &on_game)
    });
    bar.finish_and_clear();
    let searched = searched.map_err(Failure::Other)?;
    // The first failure among the generated games: every one before it passed.
    let first = searched.first.unwrap_or(0).saturating_sub(fixed);
    let saved = fixed - super::SAMPLES.len() as u64;
    let failed = (searched.findings.into_iter())
        .map(|f: Finding<Placed>| {
            let mut placed = f.plan;
            if let Origin::Generated { first: at, .. } = &mut placed.origin {
                *at = first;
            }
            Failed {
                placed,
                game: f.game,
                outcome: f.outcome,
            }
        })
        .take(if look.is_some() { usize::MAX } else { 1 })
        .collect();
    Ok((failed, saved))
}

/// Confirms each failure found, the first found first: it counts once it repeats, run alone;
/// else it is flaky. One block a kind: a kind already confirmed the same way is left out. A run
/// with no verdict ends hack (a CMD that cannot start is a usage error).
fn confirm_all<H: Hunter>(
    settings: &Settings,
    hunter: &H,
    started: Instant,
    found: Vec<Failed>,
) -> Result<Vec<Found>, Failure> {
    let status = ProgressBar::hidden();
    let say = |bar: &ProgressBar| bar.message();
    let unusable = |outcome: &Outcome| match outcome {
        Outcome::NotRun(e) => Err(Failure::Usage(start::cannot_run(&settings.command, e))),
        Outcome::Broken(e) => Err(Failure::Other(format!("cannot go on testing: {e}"))),
        _ => Ok(()),
    };
    for failed in &found {
        unusable(&failed.outcome)?;
    }
    let mut confirmed = Vec::new();
    for Failed {
        placed,
        game,
        outcome,
    } in found
    {
        let trial = hunter.trial(&placed);
        status.set_message(format!(
            "confirming the {} {}: it must fail again",
            outcome.what(),
            settings.found(&placed.origin, false)
        ));
        // A sample's failure is named the moment it is confirmed; its block follows once hack
        // knows whether it fails on every game.
        let sample = match placed.origin {
            Origin::Sample(i) if hunter.names_at_once(&outcome) => Some(i),
            _ => None,
        };
        let named = AtomicBool::new(false);
        let name = |what: &str| {
            if let Some(i) = sample
                && !named.swap(true, Ordering::Relaxed)
            {
                let _ = io::stderr()
                    .lock()
                    .write_all(sample_line(what, i).as_bytes());
            }
        };
        // An endless loop on sample 1 (a timeout far over the limit): its rerun goes beside the
        // games that say whether it fails on every game.
        let quick = match placed.origin {
            Origin::Sample(0) if verdict::far_over(&outcome, trial.timeout()) => {
                let confirmed = || name(outcome.what());
                progress::lines(&status, started, &say, || {
                    everywhere::confirm_with_others(
                        &*trial,
                        &game,
                        &other_games(),
                        LOOKED,
                        &confirmed,
                    )
                })
            }
            _ => None,
        };
        let (confirmation, every) = match quick {
            Some((confirmation, Some(others))) => (confirmation, Everywhere::Yes(others)),
            Some((confirmation, None)) => (confirmation, Everywhere::No),
            None => {
                let repeats = confirm::found_repeats(&outcome, trial.timeout());
                let confirmation = progress::lines(&status, started, &say, || {
                    trial.confirm(&game, &outcome, repeats, &Budget::default())
                });
                (confirmation, Everywhere::Untried)
            }
        };
        match &confirmation {
            Confirmed::Unsure(why) => {
                unusable(why)?;
                continue;
            }
            Confirmed::Repeats(outcome) => name(outcome.what()),
            Confirmed::Flaky { .. } => {}
        }
        // A stack overflow whose confirmation found a crash may meet the crash found as such:
        // one block a kind, flaky or not, the first found.
        let kind = confirmation.outcome().kind();
        if (confirmed.iter()).any(|c: &Found| {
            c.confirmed.outcome().kind() == kind && c.confirmed.repeats() == confirmation.repeats()
        }) {
            continue;
        }
        confirmed.push(Found {
            placed,
            game,
            confirmed: confirmation,
            everywhere: every,
            named: named.into_inner(),
        });
    }
    Ok(confirmed)
}

/// Names every failure confirmed on one line (when more than one), then shrinks and reports
/// each in its own block as soon as it is shrunk; the first found goes to --out, each to
/// --save. Shrinking shares --shrink-time: the quick kinds first (a wrong answer, a crash),
/// timeouts last, each with the time left divided by the failures left. How it ended: found,
/// or in trouble when a game could not be kept where asked (with the `error:` lines' words).
fn report_all<H: Hunter>(
    settings: &Settings,
    hunter: &H,
    started: Instant,
    confirmed: Vec<Found>,
    failures: &mut Vec<json::Failure>,
) -> Result<(Ended, Option<String>), Failure> {
    let count = confirmed.len();
    let mut header = String::new();
    if count > 1 {
        let each: Vec<String> = (confirmed.iter())
            .map(|found| {
                format!(
                    "{} {}",
                    found.confirmed.outcome().what(),
                    settings.found(&found.placed.origin, false)
                )
            })
            .collect();
        let _ = writeln!(
            header,
            "{}: {count} kinds of failure: {}; each below as it is shrunk, the quick kinds \
             first{}\n",
            H::NAME,
            each.join(", "),
            if settings.out.is_some() {
                " (--out has the first)"
            } else {
                ""
            }
        );
    }
    // Every kind's verdict at once, as a judge shows every test's; each block follows as soon
    // as it is shrunk, so that a wrong answer's is not held back behind a timeout's minute.
    // (A failure of several kinds is of generated games: no sample's usage error below.)
    let _ = io::stderr().lock().write_all(header.as_bytes());
    // Timeouts last: each of their runs takes the limit and more.
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by_key(|&i| matches!(confirmed[i].confirmed.outcome(), Outcome::Timeout { .. }));
    let total = settings.shrink_time;
    let shrinking = Instant::now();
    let mut status = Ended::Found;
    let mut troubles: Vec<String> = Vec::new();
    let mut confirmed: Vec<Option<Found>> = confirmed.into_iter().map(Some).collect();
    for (done, &i) in order.iter().enumerate() {
        let left = total.saturating_sub(shrinking.elapsed());
        let share = left / (count - done) as u32;
        let Some(found) = confirmed[i].take() else {
            continue;
        };
        let first = i == 0;
        let slot = Slot {
            out: settings.out.as_ref().filter(|_| first),
            first,
            share,
            started,
        };
        // A usage error (a --memory too small for CMD) is all that is said.
        let Block {
            mut text,
            told,
            kept,
            mut entry,
        } = hunter.block(&slot, found)?;
        // A failure found that could not be kept where asked: hack's trouble too.
        if !kept.finish(&mut text, told) {
            status = Ended::Trouble;
            let said = kept
                .trouble
                .iter()
                .map(|line| line.trim_start_matches("error: "));
            troubles.extend(said.map(str::to_owned));
        }
        entry.report = text;
        failures.push(entry);
        // A blank line after a block's last line ("saved as ..."), before the next block.
        if done + 1 < count {
            let _ = io::stderr().lock().write_all(b"\n");
        }
    }
    // Every report says how its runs were measured and boxed: once at its end, where no
    // block said it (a timeout's and a memory limit's do, beside their figures).
    if !failures
        .iter()
        .any(|f| f.report.contains("\n(measured by "))
    {
        let _ = writeln!(io::stderr().lock(), "{}", report::measured());
    }
    let error = (!troubles.is_empty()).then(|| troubles.join("; "));
    Ok((status, error))
}

/// Keeps the game a block shows where asked (--out, the first failure's only; --save) and
/// shows it, with the places it went: what was kept, and the game's input.
pub(super) fn keep_and_show(
    settings: &Settings,
    slot: &Slot,
    text: &mut String,
    case: &Game,
) -> (files::Kept, Vec<u8>) {
    let input = case.input();
    let out = slot
        .out
        .map(|(target, given)| (target.as_path(), given.as_path()));
    let kept = files::keep(out, settings.save.as_deref(), case, &input);
    let asked = out.is_some() || settings.save.is_some();
    report::game(text, case, &kept.places, asked);
    (kept, input)
}

/// The first line of a failure on sample `i` (from 0) of the statement, `what` it is.
pub(super) fn sample_line(what: &str, i: usize) -> String {
    format!("hack: {what} on sample {} of the statement:\n", i + 1)
}

/// The end of a run that found nothing: all passed, or a signal stopped it (its status).
fn nothing_found<H: Hunter>(settings: &Settings, hunter: &H, saved: u64) -> Ended {
    let seed = settings.seed;
    if run::signal().is_some() {
        return interrupted(plural(hunter.tries(), H::UNIT), seed);
    }
    let passed = all_passed(saved, settings.tests);
    // How the runs were measured and boxed: what a pass promises.
    let measured = report::measured();
    let _ = writeln!(
        io::stderr().lock(),
        "{}: {passed} (seed {seed})\n{measured}",
        H::NAME
    );
    Ended::Passed
}

/// What passed, when all did: the samples, `saved` saved games and `tests` generated ones.
fn all_passed(saved: u64, tests: u64) -> String {
    let fixed = match saved {
        0 => "the 2 samples".to_owned(),
        1 => "the 2 samples and the saved game".to_owned(),
        n => format!("the 2 samples and the {n} saved games"),
    };
    match tests {
        0 => format!("{fixed} passed; no game was generated (--tests 0)"),
        1 => format!(
            "{} and the one generated game passed",
            fixed.replace(" and ", ", ")
        ),
        n => format!(
            "{} and all {n} generated games passed",
            fixed.replace(" and ", ", ")
        ),
    }
}

/// The end of a run that a signal stopped before a failure was confirmed, after `done` (its
/// runs, a bot's games).
fn interrupted(done: String, seed: u64) -> Ended {
    let signal = run::signal().unwrap_or(0);
    crate::report(format_args!(
        "interrupted after {done} (seed {seed}) by {}; no failure found",
        run::signal_name(signal)
    ));
    Ended::Interrupted(signal)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All that passed is named: the saved games too, in a list a reader can take in.
    #[test]
    fn a_pass_names_the_saved_games_too() {
        assert_eq!(
            all_passed(0, 0),
            "the 2 samples passed; no game was generated (--tests 0)"
        );
        assert_eq!(
            all_passed(0, 1000),
            "the 2 samples and all 1000 generated games passed"
        );
        assert_eq!(
            all_passed(1, 0),
            "the 2 samples and the saved game passed; no game was generated (--tests 0)"
        );
        assert_eq!(
            all_passed(3, 1),
            "the 2 samples, the 3 saved games and the one generated game passed"
        );
    }
}
