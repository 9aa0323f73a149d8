//! The command-line tool's dispatcher: the command line (clap types) and `run`. It only
//! parses, calls one entry point below it, and turns the result into a status (`exit`, the one
//! table, below every room). The rooms under it and their order are written once, in
//! tests/layering.rs, which fails when a room uses one above it or this dispatcher.
//!
//! The judge never compiles this module. Below it, one file a mode or subcommand, and under
//! those `game`, what they share; everything builds on the solver in `main.rs`, which the tool
//! feeds through its own reader (`reader`), sorts on two threads (`threads`) and, for the
//! verdict on small special points, skips for the dense path (`dense`).

use crate::report;
use clap::{Parser, Subcommand};
use exit::{Ended, Exit, Judged, status};
use game::{Failure, Output, ShownPath};
use modes::Mode;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

mod audit;
pub(crate) mod board;
pub(crate) mod checker;
pub(crate) mod dense;
pub(crate) mod exit;
pub(crate) mod game;
mod generate;
mod hack;
mod modes;
mod page;
pub(crate) mod play;
mod plot;
pub(crate) mod reader;
pub(crate) mod rng;
pub(crate) mod shapes;
mod strict;
pub(crate) mod sys;
mod table;
pub(crate) mod threads;
pub(crate) mod why;

/// What `--help` adds below the options: the input format and the exit codes.
const AFTER_HELP: &str = "\
The game is read from FILE, or from standard input when FILE is absent or '-'.
A file named like a subcommand is given as ./gen, say.

input (whitespace-separated ASCII decimal numbers):
  N M
  A_1 ... A_N          the piles (0 <= A_i < 2^64)
  X_1 Y_1 ... X_M Y_M  forbidden moves: from a pile of exactly X stones,
                       taking exactly Y is not allowed (1 <= Y <= X < 2^64)
  A forbidden move listed twice counts once; N = 0, M = 0, empty piles and leading
  zeros are allowed (--check --strict holds the input to the statement's limits instead).
  Any ASCII white space separates numbers (spaces, tabs, CR, LF, form feed, vertical
  tab); the final newline is optional. Signs, decimal points, commas, hex and exponents
  are not numbers. Anything else is refused with one 'error: ' line naming the input
  line and, where the layout shows it, the likely cause (tokens and file names are cut
  and escaped). The input is read as a stream: reading stops at the first token no game
  can hold, so `yes 1 | constrained-nim` fails at once.

exit status:
  0  the answer was printed
  1  the input is not a game, or cannot be read (one 'error: ' line on stderr);
     hack: a failure was found; play --machine: the other side broke the protocol
     (judge speaks testlib's statuses 0-3: see 'judge --help')
  2  the command line is wrong
  129, 130, 143  hack was stopped by SIGHUP, SIGINT (Ctrl-C), SIGTERM before it
     found anything (every solution it ran is killed first)";

/// Who wins Constrained Nim (AtCoder ABC255 G), and why.
///
/// With no subcommand, the game is read and the winner printed: Takahashi (who moves first) or
/// Aoki. The flags choose other answers about the same game; the subcommands find the bug in a
/// solution of your own (gen, hack, table, judge), show why g is what it is (why, plot), or play
/// the game (play); page writes all of it as one HTML file for a browser.
#[derive(Debug, Parser)]
#[command(
    name = "constrained-nim",
    version,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    // clap's usage for an error names the arguments that were used, and shows a given FILE as
    // `<FILE>`, as if it were required: the whole usage says the truth instead.
    override_usage = "constrained-nim [OPTIONS] [FILE]\n       constrained-nim <COMMAND>",
    max_term_width = 100
)]
struct Cli {
    #[command(flatten)]
    mode: ModeFlags,

    /// With --check: also hold the input to the statement's limits (N and M from 1 to 2*10^5,
    /// piles and X from 1 to 10^18, Y from 1 to X, distinct pairs), naming the first one broken
    #[arg(long, requires = "check", conflicts_with_all = ["grundy", "winning_move", "explain"])]
    strict: bool,

    /// The game's file; standard input when absent or '-'
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// More files: a mistake, said in the tool's words rather than taken for a subcommand.
    #[arg(hide = true)]
    more: Vec<OsString>,

    #[command(subcommand)]
    command: Option<Sub>,
}

/// The answer to print; at most one.
#[derive(Debug, clap::Args)]
#[group(multiple = false)]
struct ModeFlags {
    /// Print the Grundy value of every pile, one a line, in input order
    #[arg(long)]
    grundy: bool,
    /// Print the winner; when Takahashi wins, a second line 'I K': take K stones from pile I
    /// (1-based), a move that wins (the first pile whose value has the nim-sum's top bit, the
    /// fewest stones)
    #[arg(long = "move")]
    winning_move: bool,
    /// Print a report: piles and their Grundy values (at most 1,000 listed), the nim-sum, the
    /// verdict and a winning move in words
    #[arg(long)]
    explain: bool,
    /// Check that the input is a game; print nothing
    #[arg(long)]
    check: bool,
}

#[derive(Debug, Subcommand)]
enum Sub {
    Gen(generate::Args),
    Hack(hack::Args),
    Table(table::Args),
    Judge(checker::Args),
    Audit(audit::Args),
    Play(play::Args),
    Why(why::Args),
    Plot(plot::Args),
    Page(page::Args),
}

impl Cli {
    fn mode(&self) -> Mode {
        let flags = &self.mode;
        if flags.grundy {
            Mode::Grundy
        } else if flags.winning_move {
            Mode::Move
        } else if flags.explain {
            Mode::Explain
        } else if flags.check {
            Mode::Check {
                strict: self.strict,
            }
        } else {
            Mode::Winner
        }
    }
}

/// Run by the C library's start-up (`.init_array`) before `main`, and so before std's own
/// start-up and before the first allocation.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[used]
#[unsafe(link_section = ".init_array")]
static AT_START: extern "C" fn() = at_start;

/// Sets the status of running out of memory from the very start, before the command line is
/// read (which allocates): judge's own failure is testlib's FAIL (3); hack's is its trouble
/// (2), never "a failure was found" (1). Then the start-up checks of `game::check_start`. The
/// subcommand is read from /proc/self/cmdline into a buffer on the stack: nothing allocated.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
extern "C" fn at_start() {
    use rustix::fs::{Mode, OFlags};
    let mut start = [0u8; 4200];
    let file = rustix::fs::open(
        c"/proc/self/cmdline",
        OFlags::RDONLY | OFlags::CLOEXEC,
        Mode::empty(),
    );
    let read = file.and_then(|file| rustix::io::read(&file, &mut start));
    match start[..read.unwrap_or(0)].split(|&byte| byte == 0).nth(1) {
        Some(b"judge") => game::out_of_memory_status(status(Exit::Judged(Judged::Fail))),
        Some(b"hack") => game::out_of_memory_status(status(Exit::Hack(Ended::Trouble))),
        _ => {}
    }
    game::check_start();
}

/// The status of the tool's own failure (`Failed` or `Usage`): for `judge`, testlib's `_fail`
/// whatever it was, since 1 and 2 would read as a verdict on the output.
fn own_failure(args: &[OsString], failure: Exit) -> i32 {
    if is_judge(args) {
        status(Exit::Judged(Judged::Fail))
    } else {
        status(failure)
    }
}

/// Runs the tool on this process's arguments and returns its exit status.
pub(crate) fn run() -> i32 {
    let args: Vec<OsString> = std::env::args_os().collect();
    // hack's guard is this binary run again under a name of its own (`hack::run::guard`).
    if let [name, rest @ ..] = args.as_slice()
        && name == hack::run::GUARD_NAME
    {
        return hack::run::be_the_guard(rest);
    }
    // judge's statuses are testlib's: running out of memory, even while its command line is
    // parsed, is the checker's failure (3), never a verdict on the output (on glibc this holds
    // from before `main`: `game::at_start`).
    if is_judge(&args) {
        game::out_of_memory_status(status(Exit::Judged(Judged::Fail)));
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return command_line_error(&e, &args),
    };
    if let Some(e) = mistyped_subcommand(&cli) {
        return command_line_error(&e, &args);
    }
    if let Some(second) = cli.more.first() {
        use clap::CommandFactory;
        let message = format!("more than one input file ('{}')", second.to_string_lossy());
        let e = Cli::command().error(clap::error::ErrorKind::ArgumentConflict, message);
        return command_line_error(&e, &args);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, Output::new(stdout.lock()));
    let mode = cli.mode();
    let subcommand = cli.command.as_ref().map(Sub::name);
    let done = |()| Exit::Done;
    let result = match cli.command {
        None => modes::run(mode, cli.file, &mut out).map(done),
        Some(Sub::Gen(args)) => generate::run(&args, &mut out).map(done),
        Some(Sub::Audit(args)) => audit::run(&args, &mut out),
        Some(Sub::Hack(args)) => hack::run(args).map(Exit::Hack),
        Some(Sub::Table(args)) => table::run(&args, &mut out).map(done),
        Some(Sub::Judge(args)) => checker::run(&args),
        Some(Sub::Play(args)) => play::run(&args),
        Some(Sub::Why(args)) => why::run(&args, &mut out).map(done),
        Some(Sub::Plot(args)) => plot::run(&args, &mut out).map(done),
        Some(Sub::Page(args)) => page::run(&args, &mut out).map(done),
    };
    // The last flush may meet a pipe that a subcommand already found broken (play's output is
    // standard output too): its status stands.
    let flushed = |ended| match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe || status(ended) == 0 => {
            Err(Failure::Write(e))
        }
        _ => Ok(ended),
    };
    match result.and_then(flushed) {
        Ok(ended) => status(ended),
        // A reader that stopped early (`| head`) wanted no more: not an error.
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => status(Exit::Done),
        Err(Failure::Usage(message)) => usage_error(subcommand, message, &args),
        Err(failure) => {
            report(&failure);
            status(Exit::Failed)
        }
    }
}

impl Sub {
    /// The subcommand's name on the command line.
    fn name(&self) -> &'static str {
        match self {
            Sub::Gen(_) => "gen",
            Sub::Audit(_) => "audit",
            Sub::Hack(_) => "hack",
            Sub::Table(_) => "table",
            Sub::Judge(_) => "judge",
            Sub::Play(_) => "play",
            Sub::Why(_) => "why",
            Sub::Plot(_) => "plot",
            Sub::Page(_) => "page",
        }
    }
}

/// Options that clap took but that cannot be met, said as clap says a usage error: with the
/// usage line of the subcommand (or of the tool) and the hint toward `--help`; status 2.
fn usage_error(subcommand: Option<&str>, message: String, args: &[OsString]) -> i32 {
    use clap::CommandFactory;
    let mut command = Cli::command();
    // Built, the subcommands know their whole name for the usage line.
    command.build();
    let named = subcommand.and_then(|name| command.find_subcommand_mut(name).cloned());
    let e = named
        .unwrap_or(command)
        .error(clap::error::ErrorKind::ValueValidation, message);
    command_line_error(&e, args)
}

/// The error clap would give for a mistyped subcommand, with its suggestion, when the game's
/// file is no file but looks like a subcommand's name (`tabel`, `hak`): clap takes that word
/// for the FILE argument, so its own suggestion never shows.
fn mistyped_subcommand(cli: &Cli) -> Option<clap::Error> {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let word = cli.file.as_deref()?;
    if cli.mode() != Mode::Winner || word.exists() {
        return None;
    }
    // A word with a dot or a slash is a path (`tables.in`): "cannot open" says the truth there.
    let word = word.to_str().filter(|w| !w.contains(['.', '/']))?;
    let mut command = Cli::command();
    // clap's own measure and threshold for "a similar subcommand exists".
    let similar = command
        .get_subcommands()
        .map(|sub| sub.get_name())
        .filter(|&name| name != "help")
        .map(|name| (strsim::jaro(word, name), name))
        .filter(|&(likeness, _)| likeness > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))?
        .1
        .to_owned();
    let usage = command.render_usage();
    let mut e = clap::Error::new(ErrorKind::InvalidSubcommand).with_cmd(&command);
    e.insert(
        ContextKind::InvalidSubcommand,
        ContextValue::String(word.to_owned()),
    );
    e.insert(
        ContextKind::SuggestedSubcommand,
        ContextValue::Strings(vec![similar]),
    );
    e.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
    Some(e)
}

/// Prints what clap says about a command line it did not take: `--help` and `--version` on
/// standard output (status 0), a usage error on standard error (status 2).
///
/// An argument holding a newline or another control character is shown escaped, so that an
/// error stays one `error: ` line however the arguments were made.
fn command_line_error(e: &clap::Error, args: &[OsString]) -> i32 {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // Through the same guarded standard output as every answer: a closed one is an error.
        // That bypasses clap's own choice of colour, so it is made here, as clap makes it.
        let rendered = e.render();
        let help = if colour(&io::stdout()) {
            rendered.ansi().to_string()
        } else {
            rendered.to_string()
        };
        let mut out = Output::new(io::stdout().lock());
        return match out.write_all(help.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => status(Exit::Done),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status(Exit::Done),
            Err(e) => {
                report(Failure::Write(e));
                own_failure(args, Exit::Failed)
            }
        };
    }
    let rendered = e.render();
    let mut message = if colour(&io::stderr()) {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    if let Some(tip) = hack_tip(e, args) {
        message = tip;
    }
    for arg in args.iter().skip(1) {
        let raw = arg.to_string_lossy();
        let shown = ShownPath(Path::new(arg)).to_string();
        if shown != raw {
            message = message.replace(&*raw, &shown);
        }
    }
    let _ = io::stderr().lock().write_all(message.as_bytes());
    own_failure(args, Exit::Usage)
}

/// Whether clap's bold and underline go to `stream`, decided as clap decides by default
/// (anstream's rules): never with `NO_COLOR` (not empty); anywhere with `CLICOLOR_FORCE` (not
/// `0`); else never with `CLICOLOR=0`, and on a terminal only when `TERM` names one that is not
/// `dumb` (or `CLICOLOR` asks for colour).
fn colour(stream: &impl io::IsTerminal) -> bool {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    let clicolor = var("CLICOLOR").map(|v| v != "0");
    if var("NO_COLOR").is_some() {
        false
    } else if var("CLICOLOR_FORCE").is_some_and(|v| v != "0") {
        true
    } else if clicolor == Some(false) {
        false
    } else {
        let term = var("TERM").is_some_and(|t| t != "dumb");
        stream.is_terminal() && (term || clicolor == Some(true))
    }
}

/// clap's message for an argument `hack` does not know, with the tip it needs: the solution
/// and its own options go after `--` and CMD. clap's own tip for an unknown option ("to pass
/// '-x' as a value, use '-- -x'") would hand the option to the solution as its program.
fn hack_tip(e: &clap::Error, args: &[OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if args.get(1).is_none_or(|a| a != "hack") || e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(unknown)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let rendered = e.render().to_string();
    let (head, usage) = rendered.split_once("\nUsage:")?;
    let kept: Vec<&str> = head
        .lines()
        .filter(|line| !line.trim_start().starts_with("tip: to pass"))
        .collect();
    let tip = if head.contains("a similar argument exists") {
        String::new()
    } else if unknown.starts_with('-') {
        format!(
            "  tip: an option of the solution goes after '--' and CMD \
             (constrained-nim hack [OPTIONS] -- CMD {unknown}); hack's own: 'hack --help'"
        )
    } else {
        // The command line again, with `--` before the first word hack did not take.
        let at = args.iter().skip(2).position(|a| a == unknown.as_str())? + 2;
        let mut line = vec!["constrained-nim".to_owned()];
        line.extend(args[1..at].iter().map(|a| a.to_string_lossy().into_owned()));
        line.push("--".to_owned());
        line.extend(args[at..].iter().map(|a| a.to_string_lossy().into_owned()));
        format!(
            "  tip: the solution to test goes after '--': {}",
            line.join(" ")
        )
    };
    let mut message = kept.join("\n").trim_end().to_owned();
    if !tip.is_empty() {
        message = format!("{message}\n\n{tip}");
    }
    Some(format!("{message}\n\nUsage:{usage}"))
}

/// Whether the command line is `judge`'s, whose statuses are testlib's.
fn is_judge(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| a == "judge")
}
