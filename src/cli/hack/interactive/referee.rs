//! The referee of `hack --interactive`: one game between this tool and a bot (the command under
//! test) on AtCoder ABC278 G's line protocol, under the judge's limits, and its verdict.
//!
//! The bot gets the game on standard input, prints `First` or `Second`, and the sides print
//! their moves `I K` in turn, `0 0` for no move left; the referee answers a move it cannot take
//! with `-1 -1` and ends the game. The tool's side plays perfectly from a won position and, from
//! a lost one, the moves of [`tricks`]. The bot runs as a process group of its
//! own under `--memory` (from `run`); its pipes are polled, never read blocking, so that a
//! bot that waits, loops or never exits cannot hold the referee. As on the judge, the one limit
//! is the time limit, for the whole run: its wall time, asleep or not, less hack's turns and its
//! wait for a CPU other work held. It thinks on a move, and takes its time to exit after the
//! game, as long as it likes within it. Idleness is a deadlock alone, each side waiting for the
//! other: the bot asleep in a read of its standard input, nothing of it running, while the
//! referee waits for its line (its answer sits unflushed in its buffer).

use super::super::budget::Budget;
use super::super::run::{self, Room, Sandbox, Unrun, measure};
use super::super::verdict::{Ending, Played, Speaker, counted, describe, escaped_tail};
use super::tricks;
use crate::Game;
use crate::cli::board::Board;
use crate::cli::game::{Solved, parse_move, quoted, trim_space};
use crate::cli::rng::Rng;
use rustix::event::{PollFd, PollFlags};
use std::ffi::OsString;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The window [`IDLE`] grows by the time the bot waited for a CPU that other work held, but to
/// this many times its length at most: a machine that busy does not hold hack forever.
const BUSY_MACHINE: u32 = 8;

/// How long a bot may stay asleep in a read of its standard input, nothing of it running,
/// while the referee waits for its line, before it is idle: both sides wait for each other, and
/// the window only rides out a look at /proc taken as the line comes.
pub(super) const IDLE: Duration = Duration::from_secs(1);

/// The longest line read, as `play --machine` reads them: a move fits many times over.
const LONGEST_LINE: usize = 4096;

/// A game ends at this many times `--timeout` in wall time (less hack's turns), whatever the
/// bot's waits for a CPU: a machine too busy to judge it (no verdict).
const WALL_TIMES: u32 = 20;

/// How often the bot's processes are looked at (CPU time, sleeping or not).
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// The command under test and its limits.
pub(super) struct Bot<'a> {
    pub(super) command: &'a [OsString],
    /// Its address space and stack (from `--memory` and `--stack`, as hack's runs have).
    pub(super) room: Room,
    /// The time limit for the whole run (see [`Session::time`]).
    pub(super) timeout: Duration,
    /// The memory limit (`--memory`), in bytes of resident memory, every process of the bot
    /// together, as a batch run's.
    pub(super) memory: u64,
    /// How many games were played against it so far (`--json`'s `runs`).
    pub(super) plays: &'a std::sync::atomic::AtomicU64,
    /// Whose turn it is to play: a game alone takes every turn.
    pub(super) turns: &'a run::Turns,
}

/// Plays `case` against the bot, in its turn (`alone`: while no other game of the hunt goes
/// on); the referee's choices from lost positions follow `seed`. The game ends as
/// [`Ending::Stopped`] when `budget` runs out or is cancelled, or hack is stopped.
pub(super) fn referee(
    bot: &Bot,
    case: &Game,
    seed: u64,
    (budget, alone): (&Budget, bool),
) -> Played {
    let _turn = bot.turns.take(alone);
    bot.plays.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let game = case.clone();
    let Ok(solved) = Solved::new(game) else {
        return unplayed(Ending::Broken(
            "not enough memory to solve the game".to_owned(),
        ));
    };
    let mut board = Board::new(solved);
    let mut session = match Session::start(bot, budget) {
        Ok(session) => session,
        Err(Unrun::Start(e)) => return unplayed(Ending::NotRun(e)),
        Err(Unrun::Machine(e)) => return unplayed(Ending::Broken(e)),
    };
    session.send_bytes(&case.input());
    let mut rng = Rng::new(seed);
    let verdict = play(&mut session, &mut board, &mut rng);
    session.finish(verdict)
}

fn unplayed(verdict: Ending) -> Played {
    Played {
        verdict,
        transcript: Vec::new(),
        stderr: String::new(),
    }
}

/// What waiting for the bot's next line gave.
enum Heard {
    Line(String),
    /// Its standard output ended (or it exited) with no line.
    Closed,
    /// A verdict came first: too long a line, idleness, time, a signal to stop.
    Ending(Ending),
}

/// The game itself: the side, then the moves in turn, to a verdict (`Won` or `Lost` once the
/// game is over; the bot's exit is judged after).
fn play(session: &mut Session, board: &mut Board, rng: &mut Rng) -> Ending {
    let side = match session.hear() {
        Heard::Line(line) => line,
        Heard::Closed => return session.closed("before choosing a side"),
        Heard::Ending(v) => return v,
    };
    let mut bot_turn = match trim_space(&side) {
        "First" => true,
        "Second" => false,
        _ => {
            return session.refuse(Ending::Protocol {
                why: format!("expected `First` or `Second`, found {}", quoted(&side)),
                line: Some(side),
            });
        }
    };
    loop {
        if !bot_turn {
            let Some((pile, take)) = tricks::referee_move(board, rng) else {
                session.send("0 0");
                return Ending::Won;
            };
            board.apply(pile, take);
            session.send(&format!("{} {take}", pile + 1));
            bot_turn = true;
            continue;
        }
        let line = match session.hear() {
            Heard::Line(line) => line,
            Heard::Closed => return session.closed("before its move"),
            Heard::Ending(v) => return v,
        };
        let refusal = match parse_move(&line) {
            None => Ending::Protocol {
                why: format!("expected a move `I K`, found {}", quoted(&line)),
                line: Some(line),
            },
            Some((0, 0)) if board.stuck() => return Ending::Lost,
            Some((0, 0)) => {
                let (pile, take) = board.reply().unwrap_or((0, 0));
                Ending::Illegal {
                    line,
                    why: format!(
                        "`0 0` claims no move is left, but `{} {take}` is one",
                        pile + 1
                    ),
                }
            }
            Some((pile, take)) => match board.solved().legal(board.piles(), pile, take) {
                Ok(index) => {
                    board.apply(index, take);
                    bot_turn = false;
                    continue;
                }
                Err(why) => Ending::Illegal { line, why },
            },
        };
        return session.refuse(refusal);
    }
}

/// The bot's process and pipes while it plays.
struct Session {
    pid: i32,
    /// The budget of the try this game is: cut or cancelled, the game stops.
    budget: Budget,
    started: Instant,
    timeout: Duration,
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    /// Bytes sent but not yet taken by the pipe.
    pending: Vec<u8>,
    /// Bytes of the bot's output not yet taken as lines.
    heard: Vec<u8>,
    errors: Vec<u8>,
    transcript: Vec<(Speaker, String)>,
    /// How it ended, once it has: its status and CPU time from wait4.
    exited: Option<(ExitStatus, Duration)>,
    /// Its CPU time when last looked at, and when that was.
    cpu: Duration,
    looked: Instant,
    /// The longest time one of its processes waited for a CPU that other work held, when last
    /// looked at: no part of its time, nor of the window for idleness.
    queued: Duration,
    /// The time of hack's turns so far (the bot waiting for hack's line: no part of its time),
    /// and when the one going on began.
    ours: Duration,
    our_turn: Option<Instant>,
    /// How long the referee's thread waited for a CPU in its last [`Session::wait`]: on a busy
    /// machine, the bot's line may wait that long before hack takes it, hack's turn already.
    woke_late: Duration,
    /// The inode of the pipe to its standard input: what a bot waiting for a line reads.
    input_pipe: u64,
    /// At the last look: a thread of it asleep in a read of its standard input, and nothing of
    /// it running.
    reads_input: bool,
    /// Its time when it was seen to have exited.
    exited_at: Option<Duration>,
    /// The memory limit, and the bot's memory peak so far, every process together (see
    /// [`Session::note_peak`]).
    memory: u64,
    peak: u64,
    /// hack's own peak when the bot was forked, which wait4's peak of the bot's main process
    /// carries until it passes it.
    hidden_below: u64,
    /// Measures every process and thread of the bot, and ends them all.
    sandbox: Sandbox,
    /// The bot's scratch folder, where its box has no tmpfs of its own: removed with the
    /// session.
    _scratch: Option<run::Scratch>,
}

impl Session {
    /// Whether the game is to stop: hack was stopped, or the budget was cancelled or ran out.
    fn stopped(&self) -> bool {
        run::stopped() || self.budget.cancel.is_cancelled() || self.budget.ran_out()
    }

    fn start(bot: &Bot, budget: &Budget) -> Result<Session, Unrun> {
        let mut cmd = Command::new(&bot.command[0]);
        cmd.args(&bot.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut sandbox = Sandbox::new(bot.room.space);
        let scratch = run::confine(&mut cmd, bot.room, &sandbox).map_err(|e| {
            sandbox.end();
            Unrun::Machine(format!("cannot make the bot's scratch folder: {e}"))
        })?;
        // Measured before the fork: what the bot's own peak must pass to be its own.
        let hidden_below = measure::own_peak();
        let mut child = match sandbox.spawn(cmd) {
            Ok(child) => child,
            Err(e) => {
                sandbox.end();
                return Err(run::unrun(e));
            }
        };
        let pid = child.id() as i32;
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let stdin_fd = stdin.as_ref().map(AsFd::as_fd);
        let outputs = [
            stdout.as_ref().map(AsFd::as_fd),
            stderr.as_ref().map(AsFd::as_fd),
        ];
        for fd in outputs.into_iter().chain([stdin_fd]).flatten() {
            run::nonblocking(fd);
        }
        // The inode of the input pipe (both ends share it): 0 when it cannot be read.
        let input_pipe = stdin_fd.and_then(|fd| rustix::fs::fstat(fd).ok());
        let input_pipe = input_pipe.map_or(0, |stat| stat.st_ino);
        let now = Instant::now();
        Ok(Session {
            pid,
            budget: budget.clone(),
            started: now,
            timeout: bot.timeout,
            stdin,
            stdout,
            stderr,
            pending: Vec::new(),
            heard: Vec::new(),
            errors: Vec::new(),
            transcript: Vec::new(),
            exited: None,
            cpu: Duration::ZERO,
            looked: now,
            queued: Duration::ZERO,
            ours: Duration::ZERO,
            our_turn: None,
            woke_late: Duration::ZERO,
            input_pipe,
            reads_input: false,
            exited_at: None,
            memory: bot.memory,
            peak: 0,
            hidden_below,
            sandbox,
            _scratch: scratch,
        })
    }

    /// The bot's time so far, as the judge counts it: its wall time since it started, asleep or
    /// not, less hack's turns and its wait for a CPU that other work held (an idle judge has
    /// none), never less than its CPU time spread over the cores (see `outcome::counted`).
    fn time(&self) -> Duration {
        counted(self.wall(), self.queued, self.cpu)
    }

    /// The wall time since the bot started, less hack's turns.
    fn wall(&self) -> Duration {
        let turn = self.our_turn.map_or(Duration::ZERO, |t| t.elapsed());
        self.started.elapsed().saturating_sub(self.ours + turn)
    }

    /// hack's turn is over: the bot's time runs again. (A line already taken is not dated back
    /// to a wait before this.)
    fn end_our_turn(&mut self) {
        if let Some(turn) = self.our_turn.take() {
            self.ours += turn.elapsed();
        }
        self.woke_late = Duration::ZERO;
    }

    /// Whether `window`, opened at `since` when its wait for a CPU stood at `queued`, is still
    /// open: time the bot waited for a CPU that other work held does not count (as for its
    /// time), up to [`BUSY_MACHINE`] times the window.
    fn within(&self, window: Duration, since: Instant, queued: Duration) -> bool {
        let waited = self.queued.saturating_sub(queued);
        let window = (window + waited).min(window * BUSY_MACHINE);
        since.elapsed() < window
    }

    /// Sends a line of the protocol, and keeps it in the transcript.
    fn send(&mut self, line: &str) {
        self.transcript.push((Speaker::Referee, line.to_owned()));
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        self.feed();
    }

    /// Writes what the pipe takes now; a bot that closed its input gets nothing more.
    fn feed(&mut self) {
        let Some(pipe) = &mut self.stdin else {
            self.pending.clear();
            return;
        };
        while !self.pending.is_empty() {
            match pipe.write(&self.pending) {
                Ok(n) => {
                    self.pending.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.stdin = None;
                    self.pending.clear();
                    return;
                }
            }
        }
    }

    /// A failing game's last word: `-1 -1`, and the verdict.
    fn refuse(&mut self, verdict: Ending) -> Ending {
        self.send("-1 -1");
        verdict
    }

    /// The bot's output ended `when`: a crash when it ended badly (within the time limit),
    /// else a protocol error.
    fn closed(&mut self, when: &str) -> Ending {
        while self.exited.is_none() && self.over_time().is_none() && !self.stopped() {
            self.wait(Duration::from_millis(10));
        }
        match self.exited {
            Some((status, _)) if !status.success() => Ending::Crash {
                status: describe(status),
                after: false,
            },
            Some(_) => Ending::Protocol {
                line: None,
                why: format!("it exited with status 0 {when}"),
            },
            None => Ending::Protocol {
                line: None,
                why: format!("it closed its standard output {when}"),
            },
        }
    }

    /// The bot's next line, waiting as long as it works on it within the time limit, or until
    /// it is idle.
    fn hear(&mut self) -> Heard {
        self.end_our_turn();
        let mut active = Instant::now();
        let mut cpu = self.cpu;
        let mut queued = self.queued;
        loop {
            if let Some(end) = self.heard.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.heard.drain(..=end).collect();
                return self.heard_line(&line[..end]);
            }
            if self.heard.len() > LONGEST_LINE {
                let line = String::from_utf8_lossy(&self.heard).into_owned();
                return Heard::Ending(self.refuse(Ending::Protocol {
                    why: format!(
                        "a line longer than {LONGEST_LINE} bytes, beginning {}",
                        quoted(&line)
                    ),
                    line: Some(line),
                }));
            }
            if self.stdout.is_none() {
                // The last line may lack its newline.
                if self.heard.is_empty() {
                    return Heard::Closed;
                }
                let line = std::mem::take(&mut self.heard);
                return self.heard_line(&line);
            }
            if let Some(verdict) = self.over_time() {
                return Heard::Ending(verdict);
            }
            if self.stopped() {
                return Heard::Ending(Ending::Stopped);
            }
            let busy = self.wait(Duration::from_millis(20));
            // Idle only while it waits for what the referee waits for: asleep in a read of its
            // input, all that was sent taken. Asleep otherwise, it spends its own time.
            let deadlock = self.reads_input && self.pending.is_empty();
            if busy || self.cpu > cpu || !deadlock {
                active = Instant::now();
                cpu = self.cpu;
                queued = self.queued;
            } else if !self.within(IDLE, active, queued) {
                return Heard::Ending(Ending::Idle);
            }
        }
    }

    /// A line of the bot's, taken: hack's turn began, when hack's thread was woken by it.
    fn heard_line(&mut self, bytes: &[u8]) -> Heard {
        let now = Instant::now();
        (self.our_turn).get_or_insert(now.checked_sub(self.woke_late).unwrap_or(now));
        let line = String::from_utf8_lossy(bytes).into_owned();
        let line = line.strip_suffix('\r').unwrap_or(&line).to_owned();
        self.transcript.push((Speaker::Bot, line.clone()));
        Heard::Line(line)
    }

    /// A timeout, when the bot's time is over the limit; no verdict when a machine too busy
    /// held it past [`WALL_TIMES`] limits within the limit.
    fn over_time(&self) -> Option<Ending> {
        let time = self.time();
        if time > self.timeout {
            return Some(Ending::Timeout {
                time,
                cpu: self.cpu,
            });
        }
        let wall = self.wall();
        (wall > self.timeout.saturating_mul(WALL_TIMES)).then(|| {
            Ending::Broken(format!(
                "this machine is too busy to judge a game: in {:.2} s of wall time the bot \
                 waited {:.2} s for a CPU other work held, and ran {:.2} s, within the limit",
                wall.as_secs_f64(),
                self.queued.as_secs_f64(),
                time.as_secs_f64()
            ))
        })
    }

    /// Polls the pipes for up to `wait`, feeds and reads them, and notes an exit; every
    /// [`LOOK_EVERY`] also the bot's CPU time. True when one of its processes was seen running.
    fn wait(&mut self, wait: Duration) -> bool {
        let delay = measure::own_delay();
        let ready = {
            let outputs = [
                self.stdout.as_ref().map(AsFd::as_fd),
                self.stderr.as_ref().map(AsFd::as_fd),
            ];
            let mut fds = run::readable(outputs.into_iter().flatten());
            if let (Some(pipe), false) = (&self.stdin, self.pending.is_empty()) {
                fds.push(PollFd::new(pipe, PollFlags::OUT));
            }
            run::poll(&mut fds, wait.min(Duration::from_secs(1)))
        };
        self.woke_late = measure::own_delay().saturating_sub(delay);
        self.feed();
        let mut chunk = [0; 1 << 14];
        if let Some(pipe) = &mut self.stdout {
            let heard = &mut self.heard;
            if !run::read_now(pipe, &mut chunk, |b| heard.extend_from_slice(b)) {
                self.stdout = None;
            }
        }
        if let Some(pipe) = &mut self.stderr {
            let errors = &mut self.errors;
            let open = run::read_now(pipe, &mut chunk, |b| {
                errors.extend_from_slice(b);
                if errors.len() > 4000 {
                    errors.drain(..errors.len() - 2000);
                }
            });
            if !open {
                self.stderr = None;
            }
        }
        // Ended, what it wrote is all there: its descendants are killed with the group, while
        // its main process is unreaped and the group's number still its own.
        if self.exited.is_none() && run::ended(self.pid).unwrap_or(true) {
            self.peak = self.peak.max(self.sandbox.look().peak);
            self.kill();
            if let Some((status, peak, cpu)) = self.sandbox.reap(false) {
                self.note_peak(peak);
                self.exited = Some((status, cpu));
                self.cpu = self.cpu.max(cpu);
                self.exited_at = Some(self.time());
            }
        }
        if self.exited.is_none() && self.looked.elapsed() >= LOOK_EVERY {
            self.looked = Instant::now();
            let usage = self.sandbox.look();
            self.peak = self.peak.max(usage.peak);
            self.cpu = self.cpu.max(usage.cpu);
            self.queued = self.queued.max(usage.queued);
            self.reads_input = !usage.busy && self.sandbox.reading(self.input_pipe);
            return usage.busy;
        }
        // Once exited, its output is all in the pipe: end it when nothing more comes.
        if self.exited.is_some() && self.stdout.is_some() && ready == 0 {
            self.stdout = None;
        }
        false
    }

    fn kill(&self) {
        self.sandbox.kill();
    }

    /// Takes wait4's memory peak of the bot's main process into its peak: wait4's is the
    /// largest one process reached, hack's size at the fork hiding under it (`run` judges a
    /// batch run's the same way), and the sandbox's counts every process.
    fn note_peak(&mut self, wait4: u64) {
        if !self.sandbox.counts_peak() && wait4 > self.hidden_below {
            self.peak = self.peak.max(wait4);
        }
    }

    /// After the game: the bot has what is left of the time limit to exit (its input closed, as
    /// a judge closes it), then everything of it is killed; the verdict, with how it exited.
    fn finish(mut self, verdict: Ending) -> Played {
        self.end_our_turn();
        self.stdin = None;
        self.pending.clear();
        let over = Instant::now();
        let waits = matches!(verdict, Ending::Won | Ending::Lost);
        let mut late = None;
        while waits && self.exited.is_none() && !self.stopped() {
            late = self.over_time();
            if late.is_some() {
                break;
            }
            self.wait(Duration::from_millis(10));
        }
        let verdict = match (verdict, self.exited, late) {
            (_, _, Some(Ending::Broken(why))) => Ending::Broken(why),
            (Ending::Won, None, _) if !self.stopped() => Ending::NoExit {
                after: over.elapsed(),
            },
            (Ending::Won, Some((status, _)), _) if !status.success() => Ending::Crash {
                status: describe(status),
                after: true,
            },
            (Ending::Won | Ending::Lost, Some((_, cpu)), _)
                if self.exited_at.is_some_and(|time| time > self.timeout) =>
            {
                Ending::Timeout {
                    time: self.exited_at.unwrap_or_default(),
                    cpu,
                }
            }
            (verdict, _, _) => verdict,
        };
        self.peak = self.peak.max(self.sandbox.look().peak);
        self.kill();
        if self.exited.is_none()
            && let Some((_, peak, cpu)) = self.sandbox.reap(true)
        {
            self.note_peak(peak);
            self.cpu = self.cpu.max(cpu);
        }
        // Over the memory limit within the time limit: memory limit exceeded, as a batch run's
        // peak over the limit is, whatever the game or its exit said.
        let verdict = match verdict {
            Ending::Won
            | Ending::Lost
            | Ending::Illegal { .. }
            | Ending::Protocol { .. }
            | Ending::Idle
            | Ending::Crash { .. }
            | Ending::NoExit { .. }
                if self.peak > self.memory =>
            {
                Ending::Memory {
                    peak: self.peak,
                    status: (self.exited)
                        .filter(|(status, _)| !status.success())
                        .map(|(status, _)| describe(status)),
                }
            }
            verdict => verdict,
        };
        // Whatever is left in its standard error (a traceback) comes with the report.
        let until = Instant::now() + Duration::from_millis(50);
        while self.stderr.is_some() && Instant::now() < until {
            self.stdout = None;
            self.wait(Duration::from_millis(5));
        }
        self.sandbox.end();
        run::sweep_orphans();
        // Without Landlock, the user's files are checked: a bot that changed one is no pass.
        let verdict = match run::watched_changed() {
            Some(changed) => Ending::Broken(changed),
            None => verdict,
        };
        Played {
            verdict,
            transcript: std::mem::take(&mut self.transcript),
            stderr: escaped_tail(&self.errors),
        }
    }
}
