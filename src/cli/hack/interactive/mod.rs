//! `hack --interactive`: plays a bot (the command under test) on the statement's samples, on
//! saved games and on generated ones, as the judge of an interactive problem would, through the
//! `referee`: a bot's [`Hunter`] for hack's one hunt. The games are a [`Schedule`] the search
//! runs, `jobs` at a time; the first game the bot fails is confirmed by the one policy
//! (`confirm`, through the `Refereed` trial), shrunk with hack's shrinker, and reported
//! (`transcript`) with the whole play, which the failure's outcome carries, and where in the
//! game's terms the bot went wrong.
//!
//! Every game is played with a seed of its own (the referee's choices from lost positions), so
//! that playing it again plays it the same way: a failure that does not come back on every
//! confirming run is flaky, as in batch, counted over `confirm::FLAKY_RUNS` runs, not shrunk.

mod referee;
mod transcript;
mod tricks;

use super::Settings;
use super::budget::Budget;
use super::confirm::{self, Confirmed};
use super::everywhere;
use super::hunt::{Block, Found, Hunter, Placed, Slot, keep_and_show, other_games};
use super::json;
use super::origin::Origin;
use super::report;
use super::run::Turns;
use super::search::{Plan, Schedule};
use super::shrink;
use super::trial::{Sharing, Trial};
use super::verdict::Outcome;
use super::verdict::{Ending, Played};
use crate::Game;
use crate::cli::exit::Ended;
use crate::cli::game::{Failure, ShownPath};
use crate::cli::generate::{self, Options};
use crate::cli::rng::Rng;
use indicatif::{ProgressBar, ProgressStyle};
use referee::Bot;
use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Saved games of more stones than this (in all piles together) are not played: a game lasts
/// up to that many moves. hack's own games for a batch solution may be that large.
const MOST_STONES: u64 = 10_000;

/// A bot's hunt: each game played against the referee, a game of the run with its own seed.
struct Player<'a> {
    settings: &'a Settings,
    bot: Bot<'a>,
}

/// Hunts in the bot `settings.command`: how it ended (as `hunt::hunt` says), and how many games
/// it played.
pub(super) fn hunt(
    settings: &Settings,
    failures: &mut Vec<json::Failure>,
) -> (Result<(Ended, Option<String>), Failure>, u64) {
    let plays = AtomicU64::new(0);
    let turns = Turns::default();
    let player = Player {
        settings,
        bot: Bot {
            command: &settings.command,
            room: settings.limits.room(),
            timeout: settings.limits.timeout,
            memory: settings.limits.memory,
            plays: &plays,
            turns: &turns,
        },
    };
    let result = super::hunt::hunt(settings, &player, failures);
    (result, player.tries())
}

impl Hunter for Player<'_> {
    const NAME: &'static str = "hack --interactive";
    const UNIT: &'static str = "game";

    fn games(&self) -> impl Schedule<Plan = Placed> + '_ {
        let settings = self.settings;
        let mut fixed: Vec<(Placed, Game)> = Vec::new();
        for (origin, case, i) in super::fixed_games(settings) {
            let salt = match origin {
                Origin::Sample(_) => 0,
                _ => 1,
            };
            // A game of many stones can last as many moves: not one to play here, and said so,
            // as every saved game skipped is.
            let stones = case.piles.iter().fold(0u64, |s, &p| s.saturating_add(p));
            if let (Origin::Saved(path), true) = (&origin, stones > MOST_STONES) {
                let _ = writeln!(
                    io::stderr().lock(),
                    "hack: warning: skipped {}: its piles hold {stones} stones in all, over the \
                     {MOST_STONES} a bot's game may take (as many moves)",
                    ShownPath(path)
                );
                continue;
            }
            let index = fixed.len() as u64;
            fixed.push((fixed_game(index, origin, settings.seed, salt, i), case));
        }
        BotGames {
            bot: &self.bot,
            fixed,
            seed: settings.seed,
            tests: settings.tests,
            jobs: settings.jobs,
        }
    }

    /// A bot's report is of the first game it fails, every game before it played.
    fn look_further(&self) -> Option<Duration> {
        None
    }

    /// The game played again with its own seed.
    fn trial(&self, placed: &Placed) -> Box<dyn Trial + '_> {
        Box::new(Refereed::new(&self.bot, placed.seed, self.settings.jobs))
    }

    fn tries(&self) -> u64 {
        self.bot.plays.load(Ordering::Relaxed)
    }

    /// A bot's failure is named once hack knows whether it fails every game.
    fn names_at_once(&self, _: &Outcome) -> bool {
        false
    }

    /// Flaky: reported with its play, not shrunk. One that repeats on sample 1 is checked on
    /// sample 2 and the smallest games (a bot that fails them all fails every game); else, or
    /// failing them not all, it is shrunk and reported.
    fn block(&self, slot: &Slot, found: Found) -> Result<Block, Failure> {
        let (settings, bot) = (self.settings, &self.bot);
        let Found {
            placed: game,
            game: found_case,
            confirmed,
            ..
        } = found;
        let (outcome, flaky) = match confirmed {
            Confirmed::Flaky {
                failed,
                runs,
                outcome,
            } => (outcome, Some((failed, runs))),
            Confirmed::Repeats(outcome) | Confirmed::Unsure(outcome) => (outcome, None),
        };
        let Outcome::Played { play, .. } = &outcome else {
            return Err(Failure::Other(format!(
                "cannot go on testing: a game ended as {} without its play",
                outcome.what()
            )));
        };
        let played = Played::clone(play);
        let mut text = String::new();
        // How much of `text` is on standard error already.
        let mut told = 0;
        let at = settings.found(&game.origin, slot.first);
        let what = outcome.what();
        let kind = played.verdict.kind();
        let mut shrink_line = None;
        let mut every = false;
        let (case, played) = match flaky {
            // Not shrunk, and kept where asked, as a program's flaky failure is.
            Some((failed, runs)) => {
                let _ = writeln!(
                    text,
                    "{}: flaky: {what} {at}; {}:",
                    Self::NAME,
                    confirm::flaky_words(failed, runs, "each played with the same seed")
                );
                (found_case, played)
            }
            None => {
                // Failing on sample 1, every game before it, it may fail on every game: said
                // so when it fails sample 2 and the two smallest games (one for each side) the
                // same way, as batch tries them (`everywhere`); the first of the smallest is
                // played once more for its play.
                let trial = Refereed::new(bot, game.seed, settings.jobs);
                let budget = Budget::default();
                let tiny = match game.origin {
                    Origin::Sample(0) => {
                        let others = other_games();
                        everywhere::fails_everywhere(&trial, &others)
                            .filter(|outcomes| outcomes.iter().all(|o| o.kind() == kind))
                            .map(|_| referee::referee(bot, &others[1], game.seed, (&budget, false)))
                            .filter(|p| p.verdict.kind() == kind)
                    }
                    _ => None,
                };
                every = tiny.is_some();
                if let Some(tiny) = tiny {
                    let _ = writeln!(
                        text,
                        "{}: the bot fails every game: {what} {at}, and on sample 2 and both of \
                         the smallest games (one is won by moving first, the other by moving \
                         second); the first of the smallest:",
                        Self::NAME
                    );
                    let [first, _] = Game::smallest();
                    (first, tiny)
                } else {
                    let _ = writeln!(text, "{}: {what} {at}", Self::NAME);
                    // Named the moment it is confirmed; its shrinking and the rest follow.
                    super::tell_now(&text, &mut told);
                    shrunk(
                        bot,
                        settings,
                        (&mut text, &mut shrink_line),
                        &game,
                        found_case,
                        played,
                        outcome,
                    )
                }
            }
        };
        // Over --memory on every game, the smallest too, ending well with a peak that a runtime
        // alone reaches: the limit is too small for the bot to run at all, as batch says.
        if let (true, Ending::Memory { peak, status: None }) = (every, &played.verdict)
            && *peak <= super::RUNTIME_ALONE
        {
            return Err(super::memory_too_small(
                settings.limits.memory,
                &settings.command,
                *peak,
            ));
        }
        let (kept, input) = keep_and_show(settings, slot, &mut text, &case);
        transcript::play_report(&mut text, &case, &played, &settings.limits);
        if flaky.is_none() {
            report::explain(&mut text, &case);
        }
        // A game that fails everywhere is not one to make again.
        if let Some(line) = game.origin.as_found().filter(|_| !every) {
            let _ = writeln!(text, "{line}");
        }
        let mut entry = game
            .origin
            .entry(at, &case, &input, &played_outcome(played));
        entry.flaky = flaky.map(|(failed, runs)| json::Flaky { failed, runs });
        entry.shrunk = shrink_line;
        entry.game_files = kept.json_places();
        entry.fails_every_game = every;
        Ok(Block {
            text,
            told,
            kept,
            entry,
        })
    }
}

/// The games a bot plays, in order: the fixed ones (the samples, then the saved games), then
/// `tests` generated ones; each played against the referee with a seed of its own from the
/// run's.
struct BotGames<'a> {
    bot: &'a Bot<'a>,
    fixed: Vec<(Placed, Game)>,
    seed: u64,
    tests: u64,
    jobs: usize,
}

impl Schedule for BotGames<'_> {
    type Plan = Placed;

    fn count(&self) -> u64 {
        self.fixed.len() as u64 + self.tests
    }

    fn plan(&self, index: u64) -> Placed {
        match self.fixed.get(index as usize) {
            Some((planned, _)) => planned.clone(),
            None => generated(
                self.seed,
                index,
                index - self.fixed.len() as u64,
                self.tests,
            ),
        }
    }

    fn make(&self, plan: &Placed) -> Result<Game, String> {
        match &plan.origin {
            Origin::Generated { plan, .. } => {
                let (piles, forbidden) =
                    generate::small_game(&mut Rng::new(plan.game_seed), &plan.options)?;
                Ok(Game { piles, forbidden })
            }
            _ => Ok(self.fixed[plan.index as usize].1.clone()),
        }
    }

    fn fixed(&self) -> u64 {
        self.fixed.len() as u64
    }

    fn try_planned(
        &self,
        plan: &Placed,
        game: &Game,
        sharing: Sharing,
        budget: &Budget,
    ) -> Outcome {
        Refereed::new(self.bot, plan.seed, self.jobs).try_game(game, sharing, budget)
    }

    fn jobs(&self) -> usize {
        self.jobs
    }
}

/// Fixed game `index` of the run, game `i` of its kind (`salt`: 0 the samples, 1 the saved
/// games), with a seed of its own from the run's.
fn fixed_game(index: u64, origin: Origin, seed: u64, salt: u64, i: usize) -> Placed {
    Placed {
        index,
        origin,
        seed: mix(seed, salt << 32 | i as u64),
    }
}

fn mix(seed: u64, n: u64) -> u64 {
    Rng::new(seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
}

/// Generated game `index` of `tests` (`at` in the run): tiny first, growing, every value small
/// enough that a game ends within a few hundred moves.
fn generated(seed: u64, at: u64, index: u64, tests: u64) -> Placed {
    let mut rng = Rng::new(mix(seed, index));
    let percent = index * 100 / tests.max(1);
    let (max, n, m) = match percent {
        0..30 => (rng.range(1, 6), rng.range(1, 2), rng.range(1, 6)),
        30..70 => (rng.range(2, 16), rng.range(1, 4), rng.range(1, 16)),
        _ => (rng.range(4, 40), rng.range(1, 6), rng.range(1, 40)),
    };
    let options = Options {
        piles: Some(n),
        moves: Some(m.min(max * (max + 1) / 2)),
        max,
        beyond: false,
        lift: false,
    };
    let game_seed = rng.next_u64();
    Placed {
        index: at,
        // Every game before it passed: a bot's search stops at its first failure.
        origin: Origin::Generated {
            index,
            plan: Plan {
                game_seed,
                options,
                shift: None,
                shape: None,
                top: None,
            },
            first: index,
        },
        seed: rng.next_u64(),
    }
}

/// Shrinks the game with hack's shrinker, each candidate played once with the failing game's
/// seed; the smallest game, played again to confirm it, and that play. The report's line on
/// the shrinking goes to `text` and, without its colon, to `shrink_line`.
fn shrunk(
    bot: &Bot,
    settings: &Settings,
    (text, shrink_line): (&mut String, &mut Option<String>),
    game: &Placed,
    case: Game,
    played: Played,
    outcome: Outcome,
) -> (Game, Played) {
    let kind = played.verdict.kind();
    let seed = game.seed;
    let trial = Refereed::new(bot, seed, settings.jobs);
    let bar = ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    let from = (case.piles.len(), case.forbidden.len());
    // Each candidate's game ends at its own time limit: no budget cuts it.
    let result = shrink::shrink(
        &trial,
        case.clone(),
        outcome,
        settings.shrink_time,
        &Budget::default(),
        &bar,
    );
    bar.finish_and_clear();
    let how = result.how(from, settings.shrink_time, settings.shrink_time);
    let line = result.line(trial.runs(), "game", from, &how);
    let _ = writeln!(text, "{line}:");
    *shrink_line = Some(line);
    // The shrunk game played again: it must fail the same way to be reported.
    let last = referee::referee(bot, &result.case, seed, (&Budget::default(), true));
    if last.verdict.kind() == kind {
        (result.case, last)
    } else {
        let why = match last.verdict {
            Ending::Stopped => "hack was stopped before the shrunk game was played once more",
            ref v if v.kind().is_some() => {
                "the shrunk game failed another way when played once more"
            }
            _ => "the shrunk game passed when played once more",
        };
        let _ = writeln!(text, "({why}: the game as found is shown)");
        (case, played)
    }
}

/// The interactive trial: the bot plays a game against the referee, whose choices follow the
/// seed of the game the failure was found on. A game ends at its own time limit (`--timeout`,
/// for the whole run), when its budget runs out or is cancelled, or when a signal stops hack;
/// a game `Sharing::Alone` is played while no other game of the hunt goes on.
struct Refereed<'a> {
    bot: &'a Bot<'a>,
    seed: u64,
    jobs: usize,
    /// Games played so far.
    runs: AtomicU64,
}

impl<'a> Refereed<'a> {
    fn new(bot: &'a Bot<'a>, seed: u64, jobs: usize) -> Self {
        Refereed {
            bot,
            seed,
            jobs,
            runs: AtomicU64::new(0),
        }
    }
}

impl Trial for Refereed<'_> {
    fn try_game(&self, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome {
        self.runs.fetch_add(1, Ordering::Relaxed);
        let alone = sharing == Sharing::Alone || self.jobs == 1;
        played_outcome(referee::referee(self.bot, game, self.seed, (budget, alone)))
    }

    fn timeout(&self) -> Duration {
        self.bot.timeout
    }

    fn jobs(&self) -> usize {
        self.jobs
    }

    fn runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }
}

/// A game played, as the outcome of a trial: a failure keeps its play, for the report.
fn played_outcome(played: Played) -> Outcome {
    match &played.verdict {
        Ending::NotRun(e) => Outcome::NotRun(e.clone()),
        Ending::Broken(e) => Outcome::Broken(e.clone()),
        Ending::Stopped => Outcome::Stopped,
        verdict => match verdict.kind() {
            Some(kind) => Outcome::Played {
                kind,
                play: Arc::new(played),
            },
            None => Outcome::Right,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hack::SAMPLES;
    use crate::cli::hack::trial::Limits;

    /// A bot's games as the one search takes them: the fixed games first, as given, each with
    /// the seed of its kind and place; then the generated ones, each inside the statement and
    /// as small as `--help` says (up to 6 piles of 40 stones, so that a game ends within a few
    /// hundred moves), tiny in the first 30 %; the same plan and game each time it is asked.
    #[test]
    fn a_bots_schedule_is_its_fixed_games_then_small_generated_ones() {
        let limits = Limits {
            timeout: Duration::from_secs(2),
            memory: 1 << 30,
            stack: 1 << 30,
        };
        let bot = Bot {
            command: &[],
            room: limits.room(),
            timeout: limits.timeout,
            memory: limits.memory,
            plays: &AtomicU64::new(0),
            turns: &Turns::default(),
        };
        let sample = |i: usize| Game::read_or_empty(SAMPLES[i].0.as_bytes());
        let fixed = vec![
            (fixed_game(0, Origin::Sample(0), 7, 0, 0), sample(0)),
            (fixed_game(1, Origin::Sample(1), 7, 0, 1), sample(1)),
        ];
        let games = BotGames {
            bot: &bot,
            fixed,
            seed: 7,
            tests: 200,
            jobs: 2,
        };
        assert_eq!(games.count(), 202);
        for i in 0..2 {
            let plan = games.plan(i);
            assert_eq!(games.make(&plan).unwrap(), sample(i as usize));
            assert_eq!(plan.seed, mix(7, i));
        }
        for index in 2..202 {
            let plan = games.plan(index);
            let game = games.make(&plan).unwrap();
            assert_eq!(games.make(&games.plan(index)).unwrap(), game);
            let Origin::Generated { index: k, .. } = plan.origin else {
                panic!("game {index}: {plan:?}");
            };
            assert_eq!(k, index - 2);
            assert_eq!(crate::cli::strict::violation(&game), None, "{game:?}");
            let largest = (game.piles.iter())
                .chain(game.forbidden.iter().map(|(x, _)| x))
                .max()
                .copied()
                .unwrap_or(0);
            let bound = if k < 60 { 6 } else { 40 };
            assert!(largest <= bound, "game {index}: {game:?}");
            assert!(game.piles.len() <= 6, "game {index}: {game:?}");
        }
    }
}
