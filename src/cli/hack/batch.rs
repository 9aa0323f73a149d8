//! The batch trial: CMD run on a game under the judge's limits (`run`) and judged as the judge
//! would (`verdict`). A run over the limit among other jobs is run again alone, where its wall
//! time decides; a crash by a signal is tried with larger stacks (a stack overflow?), and a stack
//! overflow's confirmation holds it to both halves of the claim, every run crashing with
//! `--stack` and every run ending well with the stack named (else it is a crash, flaky or not).

use super::budget::Budget;
use super::confirm::{Confirmed, confirm_by};
use super::run::{self, Crossing, Deadline, Exited, Ran, Room, Turns, Unrun};
use super::trial::{Limits, Sharing, Timed, Trial};
use super::verdict::{
    ALONE_WALL, Outcome, as_crash, counted, crash_of, describe, escaped_tail, over, timeout_of,
};
use crate::Game;
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The batch trial: the solution under test and how it is run.
pub(super) struct Batch {
    pub(super) command: Vec<OsString>,
    /// `--timeout`, `--memory` and `--stack`.
    pub(super) limits: Limits,
    pub(super) jobs: usize,
    /// Runs of CMD so far.
    pub(super) runs: AtomicU64,
    /// Whose turn it is to run: a run alone takes every turn.
    pub(super) turns: Turns,
}

impl Trial for Batch {
    /// Runs CMD on `game` and judges its answer against this solver's.
    fn try_game(&self, game: &Game, sharing: Sharing, budget: &Budget) -> Outcome {
        // With one job every run is alone.
        let sharing = match sharing {
            Sharing::Shared if self.jobs == 1 => Sharing::Alone,
            sharing => sharing,
        };
        match expected(game) {
            Ok(expected) => self.judge_run(&game.input(), expected, sharing, budget),
            Err(outcome) => outcome,
        }
    }

    /// Runs `game` again, alone, until its failure `outcome` has repeated on every run
    /// (`repeats` in all), or a run passed; a stack overflow as [`Batch::confirm_stack`] says.
    fn confirm(&self, game: &Game, outcome: &Outcome, repeats: u32, budget: &Budget) -> Confirmed {
        match expected(game) {
            Ok(expected) => {
                let input = game.input();
                if let Outcome::Stack { needs, .. } = outcome {
                    return self.confirm_stack(&input, expected, outcome, *needs, repeats, budget);
                }
                confirm_by(outcome, repeats, || {
                    self.judge_run(&input, expected, Sharing::Alone, budget)
                })
            }
            Err(outcome) => Confirmed::Unsure(outcome),
        }
    }

    /// Runs CMD alone on `game`, ended at `wall`; its time and peak (its answer not judged: a
    /// growth measures a game already failed).
    fn time_alone(&self, game: &Game, wall: Duration, budget: &Budget) -> Option<Timed> {
        let deadline = Deadline {
            wall,
            cpu: None,
            // The budget of the timeout's report.
            cut: budget.deadline(),
            cancel: budget.cancel.clone(),
            // Noted, for the peak of a run still going at `wall`.
            memory: Some(self.limits.memory),
        };
        let ran = run::run_once(
            &self.command,
            &game.input(),
            self.room(),
            deadline,
            (&self.turns, true),
        );
        // Its wait for a CPU other work held is not the solution's: the budget counts it.
        match &ran {
            Ok(Ran::Ended(ended)) => budget.waited(ended.queued, 1),
            Ok(Ran::OutOfTime(_, _, queued, _)) => budget.waited(*queued, 1),
            _ => {}
        }
        match ran {
            Ok(Ran::Ended(ended)) if ended.status.success() => Some(Timed::Took {
                time: ended.time,
                queued: ended.queued,
                cpu: ended.cpu,
                peak: ended.peak,
            }),
            Ok(Ran::Ended(ended)) => Some(Timed::Failed { peak: ended.peak }),
            // Cut by the budget is no time at all: it says nothing of the game.
            Ok(Ran::OutOfTime(.., crossed)) if !run::stopped() && !budget.ran_out() => {
                Some(Timed::Over {
                    peak: crossed.map(|c| c.peak),
                })
            }
            _ => None,
        }
    }

    fn timeout(&self) -> Duration {
        self.limits.timeout
    }

    fn jobs(&self) -> usize {
        self.jobs
    }

    fn runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }
}

impl Batch {
    /// The memory at which a run is stopped as a runaway: see [`Room::for_limits`].
    pub(super) fn space(&self) -> u64 {
        Room::for_limits(self.limits.memory, self.limits.stack).space
    }

    /// The largest stack a run may have: what the runaway guard and the shell allow.
    fn largest_stack(&self) -> u64 {
        (self.space() - self.limits.memory.min(self.space()))
            .min(run::hard_limit(rustix::process::Resource::Stack))
    }

    /// The room each run has: [`Batch::space`] and `--stack`.
    pub(super) fn room(&self) -> Room {
        self.limits.room()
    }

    /// [`Trial::confirm`] for a stack overflow, which claims two things, each held to
    /// `repeats` runs alone as any failure is: with the stack it `needs` it ends well every
    /// time (the run that named that stack was the first), and with `--stack` it crashes every
    /// time. A crash with the larger stack means the crash comes and goes whatever the stack:
    /// no stack overflow, and it is confirmed as the crash it is, with `--stack`; a run with
    /// `--stack` that passes makes it a flaky crash. A crash that one run with a larger stack
    /// happened to pass (a null pointer on half the runs) was called a stack overflow.
    fn confirm_stack(
        &self,
        input: &[u8],
        expected: &'static str,
        stack: &Outcome,
        needs: u64,
        repeats: u32,
        budget: &Budget,
    ) -> Confirmed {
        let crash = as_crash(stack);
        // With --stack, each run judged as it ends: no larger stack tried again.
        let rerun = || self.judge(input, expected, Sharing::Alone, false, budget);
        for _ in 1..repeats {
            match self.ends_well(input, needs, Sharing::Alone, budget) {
                Ok(true) => {}
                Ok(false) => return confirm_by(&crash, repeats, rerun),
                Err(outcome) => return Confirmed::Unsure(outcome),
            }
        }
        match confirm_by(&crash, repeats, rerun) {
            Confirmed::Repeats(_) => Confirmed::Repeats(stack.clone()),
            other => other,
        }
    }

    /// A run alone that hack ended: a timeout, unless hack ended it at `run`'s busy-machine
    /// bound with what it ran (less its wait for a CPU) within the limit: only a machine too
    /// busy to wait for ended it, and no verdict can be given.
    fn out_of_time(&self, time: Duration, cpu: Duration, queued: Duration) -> Outcome {
        let busy_bound = (self.limits.timeout)
            .mul_f64(ALONE_WALL)
            .saturating_mul(run::BUSY_MACHINE);
        if time >= busy_bound && counted(time, queued, cpu) <= self.limits.timeout {
            return Outcome::Broken(format!(
                "this machine is too busy to judge a run: in {:.2} s of wall time it waited \
                 {:.2} s for a CPU other work held, and ran {:.2} s, within the limit",
                time.as_secs_f64(),
                queued.as_secs_f64(),
                counted(time, queued, cpu).as_secs_f64()
            ));
        }
        timeout_of(time, cpu, queued, true)
    }

    /// Whether a run's memory crossed the limit within the time limit, in its own time as a
    /// timeout counts it (see `verdict::counted`): then it is memory limit exceeded, however
    /// long it ran after (as on the judge, whose memory limit ends it there).
    fn memory_first(&self, crossed: &Crossing) -> bool {
        counted(crossed.time, crossed.queued, crossed.cpu) <= self.limits.timeout
    }

    /// Whether a run that ended was over the time limit before its memory crossed the limit.
    fn over_first(&self, ended: &Exited) -> bool {
        over(ended, self.limits.timeout) && !ended.crossed.is_some_and(|c| self.memory_first(&c))
    }

    /// One judged run; a run over the limit among other jobs is run again alone, where its
    /// wall time decides; a crash by a signal is tried with larger stacks (a stack overflow?).
    fn judge_run(
        &self,
        input: &[u8],
        expected: &'static str,
        sharing: Sharing,
        budget: &Budget,
    ) -> Outcome {
        self.judge(input, expected, sharing, true, budget)
    }

    /// [`Batch::judge_run`]; a crash is tried with larger stacks only with `stacks`.
    fn judge(
        &self,
        input: &[u8],
        expected: &'static str,
        sharing: Sharing,
        stacks: bool,
        budget: &Budget,
    ) -> Outcome {
        // Beside other runs, judged as alone: its wall time less its wait for a CPU decides.
        let alone = sharing != Sharing::Shared;
        let mut ended = match self.run(input, self.room(), sharing, budget) {
            Err(outcome) => return outcome,
            Ok(Ran::Stopped) => return Outcome::Stopped,
            Ok(Ran::OutOfTime(_, _, _, Some(crossed))) if self.memory_first(&crossed) => {
                return memory_then_ended(crossed);
            }
            Ok(Ran::OutOfTime(time, cpu, queued, _)) if alone => {
                return self.out_of_time(time, cpu, queued);
            }
            Ok(Ran::OutOfTime(..)) => None,
            Ok(Ran::Ended(ended)) if self.over_first(&ended) && !alone => None,
            Ok(Ran::Ended(ended)) => Some(ended),
        };
        if ended.is_none() {
            // Over the limit among other jobs: it counts only if it is over the limit alone.
            ended = match self.run(input, self.room(), Sharing::Alone, budget) {
                Err(outcome) => return outcome,
                Ok(Ran::Stopped) => return Outcome::Stopped,
                Ok(Ran::OutOfTime(_, _, _, Some(crossed))) if self.memory_first(&crossed) => {
                    return memory_then_ended(crossed);
                }
                Ok(Ran::OutOfTime(time, cpu, queued, _)) => {
                    return self.out_of_time(time, cpu, queued);
                }
                Ok(Ran::Ended(ended)) => Some(ended),
            };
        }
        let Some(ended) = ended else {
            return Outcome::Stopped;
        };
        if self.over_first(&ended) {
            return timeout_of(ended.time, ended.cpu, ended.queued, false);
        }
        if ended.peak > self.limits.memory {
            return Outcome::Memory {
                peak: ended.peak,
                status: (!ended.status.success()).then(|| describe(ended.status)),
                stderr: escaped_tail(&ended.stderr),
            };
        }
        if !ended.status.success() {
            if !stacks {
                return crash_of(ended);
            }
            return self.crashed(input, ended, budget);
        }
        if ended.stdout.is(expected) {
            Outcome::Right
        } else {
            Outcome::Wrong {
                expected,
                actual: ended.stdout,
            }
        }
    }

    /// A run that ended badly within the memory limit: a stack overflow when a signal ended it
    /// and a larger stack let it end well (one run; the confirmation holds it to every run, see
    /// [`Batch::confirm_stack`]), else a crash.
    fn crashed(&self, input: &[u8], ended: Exited, budget: &Budget) -> Outcome {
        let status = describe(ended.status);
        let stderr = escaped_tail(&ended.stderr);
        let crash = Outcome::Crash {
            status: status.clone(),
            stderr: stderr.clone(),
            peak: ended.peak,
        };
        // A stack overflow is a SIGSEGV (or SIGBUS) on the guard page.
        let by_signal = matches!(ended.status.signal(), Some(libc::SIGSEGV | libc::SIGBUS));
        let largest = self.largest_stack();
        if !by_signal || largest <= self.limits.stack {
            return crash;
        }
        // The largest stack first: if even that crashes, no stack helps.
        match self.ends_well(input, largest, Sharing::Shared, budget) {
            Ok(true) => {}
            Ok(false) => return crash,
            Err(outcome) => return outcome,
        }
        let mut fails = self.limits.stack;
        let mut stack = self.limits.stack.saturating_mul(2).min(largest);
        while stack < largest {
            match self.ends_well(input, stack, Sharing::Shared, budget) {
                Ok(true) => break,
                Ok(false) => fails = stack,
                Err(outcome) => return outcome,
            }
            stack = stack.saturating_mul(2).min(largest);
        }
        Outcome::Stack {
            status,
            stderr,
            peak: ended.peak,
            needs: stack,
            fails,
        }
    }

    /// Whether CMD ends well (exit status 0, in time) on `input` with `stack` bytes of stack,
    /// run as `sharing` says.
    fn ends_well(
        &self,
        input: &[u8],
        stack: u64,
        sharing: Sharing,
        budget: &Budget,
    ) -> Result<bool, Outcome> {
        let room = Room {
            space: self.space().max(self.limits.memory.saturating_add(stack)),
            stack,
        };
        match self.run(input, room, sharing, budget)? {
            Ran::Ended(ended) => Ok(ended.status.success()),
            Ran::Stopped => Err(Outcome::Stopped),
            Ran::OutOfTime(..) => Ok(false),
        }
    }

    fn run(
        &self,
        input: &[u8],
        room: Room,
        sharing: Sharing,
        budget: &Budget,
    ) -> Result<Ran, Outcome> {
        // Among other jobs a run ends at the limit (then it is run again alone); alone or beside,
        // a little past it. In wall time only, as the judge measures: threads side by side use
        // more CPU time than wall time, and a right parallel solution is not cut for it.
        let alone = sharing == Sharing::Alone;
        let wall = match sharing {
            Sharing::Shared => self.limits.timeout,
            Sharing::Longer(wall) => wall,
            Sharing::Alone | Sharing::Beside => self.limits.timeout.mul_f64(ALONE_WALL),
        };
        let deadline = Deadline {
            wall,
            cpu: None,
            cut: budget.deadline(),
            cancel: budget.cancel.clone(),
            memory: Some(self.limits.memory),
        };
        let ran = run::run_once(&self.command, input, room, deadline, (&self.turns, alone))
            .map_err(|e| match e {
                Unrun::Start(e) => Outcome::NotRun(e),
                Unrun::Machine(e) => Outcome::Broken(e),
            })?;
        // A run counts once it started: a command that cannot start ran 0 times.
        self.runs.fetch_add(1, Ordering::Relaxed);
        // Its wait for a CPU other work held is not the solution's time: the budget counts
        // it (a report says the machine was busy), by its share when runs go side by side.
        let side = if alone { 1 } else { self.jobs };
        match &ran {
            Ran::Ended(ended) => budget.waited(ended.queued, side),
            Ran::OutOfTime(_, _, queued, _) => budget.waited(*queued, side),
            Ran::Stopped => {}
        }
        // Cut by the budget, not by the limit: no verdict.
        Ok(match ran {
            Ran::OutOfTime(..) if budget.ran_out() => Ran::Stopped,
            ran => ran,
        })
    }
}

/// A run over the memory limit within the time limit, which hack ended at its deadline.
fn memory_then_ended(crossed: Crossing) -> Outcome {
    Outcome::Memory {
        peak: crossed.peak,
        status: Some("ran on past the time limit, until hack ended it".to_owned()),
        stderr: String::new(),
    }
}

/// The answer to `game`, from this solver.
fn expected(game: &Game) -> Result<&'static str, Outcome> {
    let game = game.clone();
    // Only an allocation failure makes the solver fail: a game too large to judge here.
    crate::winner(game)
        .map_err(|_| Outcome::Broken("not enough memory to solve the game".to_owned()))
}
