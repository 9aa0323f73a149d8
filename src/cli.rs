//! The command-line tool around the judge's solver: the modes, the subcommands, exit codes.
//!
//! The judge never compiles this module; everything here builds on the solver in `main.rs`.

use crate::{Forbidden, Game, InputError, read_game, read_game_sorted, report, sweep, winner};
use clap::{Parser, Subcommand};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub(crate) mod checker;
mod generate;
mod hack;
pub(crate) mod play;
pub(crate) mod rng;
pub(crate) mod shapes;
mod strict;
mod table;

/// What `--help` adds below the options: the input format and the exit codes.
const AFTER_HELP: &str = "\
The game is read from FILE, or from standard input when FILE is absent or '-'.
A file named like a subcommand is given as ./gen, say.

input (whitespace-separated ASCII decimal numbers):
  N M
  A_1 ... A_N          the piles (0 <= A_i < 2^64)
  X_1 Y_1 ... X_M Y_M  forbidden moves: from a pile of exactly X stones,
                       taking exactly Y is not allowed (1 <= Y <= X < 2^64)
  A forbidden move listed twice counts once; N = 0 and M = 0 are allowed
  (--check --strict holds the input to the statement's limits instead).

exit status:
  0  the answer was printed
  1  the input is not a game, or cannot be read (one 'error: ' line on stderr);
     hack: a failure was found; judge: the output is rejected;
     play --machine: the other side broke the protocol
  2  the command line is wrong
  130  hack was interrupted (Ctrl-C) before it found anything";

/// Who wins Constrained Nim (AtCoder ABC255 G), and why.
///
/// With no subcommand, the game is read and the winner printed: Takahashi (who moves first) or
/// Aoki. The flags choose other answers about the same game; the subcommands find the bug in a
/// solution of your own (gen, hack, table, judge) or play the game (play).
#[derive(Debug, Parser)]
#[command(
    name = "constrained-nim",
    version,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    max_term_width = 100
)]
struct Cli {
    #[command(flatten)]
    mode: ModeFlags,

    /// With --check: also hold the input to the statement's limits (N and M from 1 to 2*10^5,
    /// piles and X from 1 to 10^18, Y from 1 to X, distinct pairs), naming the first one broken
    #[arg(long, requires = "check")]
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
    /// (1-based), a move that wins
    #[arg(long = "move")]
    winning_move: bool,
    /// Print a report: piles and their Grundy values, the nim-sum, the verdict and a winning
    /// move in words
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
    Play(play::Args),
}

/// What the tool was asked to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Winner,
    Grundy,
    Move,
    Explain,
    Check { strict: bool },
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

/// Runs the tool on this process's arguments and returns its exit status.
pub(crate) fn run() -> i32 {
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return command_line_error(&e, &args),
    };
    if let Some(second) = cli.more.first() {
        use clap::CommandFactory;
        let message = format!("more than one input file ('{}')", second.to_string_lossy());
        let e = Cli::command().error(clap::error::ErrorKind::ArgumentConflict, message);
        return command_line_error(&e, &args);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mode = cli.mode();
    let result = match cli.command {
        None => execute(mode, cli.file, &mut out).map(|()| 0),
        Some(Sub::Gen(args)) => generate::run(&args, &mut out).map(|()| 0),
        Some(Sub::Hack(args)) => hack::run(args),
        Some(Sub::Table(args)) => table::run(&args, &mut out).map(|()| 0),
        Some(Sub::Judge(args)) => checker::run(&args),
        Some(Sub::Play(args)) => play::run(&args),
    };
    match result.and_then(|code| out.flush().map(|()| code).map_err(Failure::Write)) {
        Ok(code) => code,
        // A reader that stopped early (`| head`) wanted no more: not an error.
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(failure) => {
            report(&failure);
            if matches!(failure, Failure::Usage(_)) {
                2
            } else {
                1
            }
        }
    }
}

/// Prints what clap says about a command line it did not take: `--help` and `--version` on
/// standard output (status 0), a usage error on standard error (status 2).
///
/// An argument holding a newline or another control character is shown escaped, so that an
/// error stays one `error: ` line however the arguments were made.
fn command_line_error(e: &clap::Error, args: &[OsString]) -> i32 {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return match e.print() {
            Ok(()) => 0,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Err(e) => {
                report(Failure::Write(e));
                1
            }
        };
    }
    let mut message = e.render().to_string();
    for arg in args.iter().skip(1) {
        let raw = arg.to_string_lossy();
        let shown = ShownPath(Path::new(arg)).to_string();
        if shown != raw {
            message = message.replace(&*raw, &shown);
        }
    }
    let _ = io::stderr().lock().write_all(message.as_bytes());
    2
}

/// Why a run failed after its command line was understood.
#[derive(Debug)]
enum Failure {
    /// The input file could not be opened.
    Open(PathBuf, io::Error),
    /// The input is not a game; `path` names the file it came from, if any.
    Input(Option<PathBuf>, InputError),
    /// Standard output refused the answer.
    Write(io::Error),
    /// `--check --strict`: the game breaks one of the statement's limits, said in full.
    Limits(Option<PathBuf>, String),
    /// A subcommand's options that cannot be met: a usage error (exit status 2).
    Usage(String),
    /// Anything else a subcommand cannot go on from, said in full.
    Other(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Open(path, e) => write!(f, "{}: cannot open: {e}", ShownPath(path)),
            Failure::Input(Some(path), e) => write!(f, "{}: {e}", ShownPath(path)),
            Failure::Input(None, e) => write!(f, "{e}"),
            Failure::Write(e) => write!(f, "writing the answer: {e}"),
            Failure::Limits(Some(path), broken) => write!(f, "{}: {broken}", ShownPath(path)),
            Failure::Usage(message) => {
                write!(f, "{message}\n\nFor more information, try '--help'.")
            }
            Failure::Limits(None, broken) | Failure::Other(broken) => write!(f, "{broken}"),
        }
    }
}

/// A path as an error message shows it: control characters and white space other than the
/// space escaped as in a token (a newline shows as `\n`), so that an error is always exactly one
/// line; neither quoted nor cut, so that an ordinary path reads as itself.
struct ShownPath<'a>(&'a std::path::Path);

impl fmt::Display for ShownPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.to_string_lossy().chars() {
            if c.is_control() || (c.is_whitespace() && c != ' ') {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Reads the game from `path`, or from standard input when it is `None`.
fn load(path: Option<&Path>) -> Result<Game, Failure> {
    load_with(path, read_game, read_game)
}

/// Reads the game as [`load`] does, through `from_stdin` or `from_file`.
fn load_with(
    path: Option<&Path>,
    from_stdin: impl FnOnce(io::StdinLock<'static>) -> Result<Game, InputError>,
    from_file: impl FnOnce(io::BufReader<File>) -> Result<Game, InputError>,
) -> Result<Game, Failure> {
    let game = match path {
        None => from_stdin(io::stdin().lock()),
        Some(p) => {
            let file = File::open(p).map_err(|e| Failure::Open(p.to_owned(), e))?;
            from_file(io::BufReader::new(file))
        }
    };
    game.map_err(|e| Failure::Input(path.map(Path::to_owned), e))
}

/// `path` as the user gave it, `None` for standard input (`-` or nothing).
fn input_path(path: Option<PathBuf>) -> Option<PathBuf> {
    path.filter(|p| p.as_os_str() != "-")
}

/// Reads the game and writes what `mode` asks for; nothing is written unless the game is valid.
fn execute(mode: Mode, path: Option<PathBuf>, out: &mut impl Write) -> Result<(), Failure> {
    let path = input_path(path);
    // The verdict needs the piles in no order: sorted as the moves are read, they cost less.
    let game = match mode {
        Mode::Winner => load_with(path.as_deref(), read_game_sorted, read_game_sorted)?,
        _ => load(path.as_deref())?,
    };
    let failed = |e| Failure::Input(path.clone(), e);
    let written = match mode {
        Mode::Check { strict: false } => Ok(()),
        Mode::Check { strict: true } => match strict::violation(&game) {
            None => Ok(()),
            Some(broken) => return Err(Failure::Limits(path, broken)),
        },
        Mode::Winner => writeln!(out, "{}", winner(game).map_err(failed)?),
        Mode::Grundy => {
            let (_, values) =
                grundy_each(game.forbidden, &game.piles, |_, _| {}).map_err(failed)?;
            values.iter().try_for_each(|v| writeln!(out, "{v}"))
        }
        Mode::Move => {
            let solved = Solved::new(game).map_err(failed)?;
            match solved.winning_move() {
                Some((pile, take)) => writeln!(out, "Takahashi\n{} {take}", pile + 1),
                None => writeln!(out, "Aoki"),
            }
        }
        Mode::Explain => explain(&Solved::new(game).map_err(failed)?, out),
    };
    written.map_err(Failure::Write)
}

/// A game with its Grundy map and the Grundy value of every pile.
pub(crate) struct Solved {
    pub(crate) piles: Vec<u64>,
    /// How many forbidden moves the input listed, repeats included.
    listed: usize,
    forbidden: Forbidden,
    pub(crate) map: GrundyMap,
    /// `values[i]` is g(A_i), in input order.
    pub(crate) values: Vec<u64>,
}

impl Solved {
    /// # Complexity
    /// - O((N + M) log(N + M))
    pub(crate) fn new(game: Game) -> Result<Solved, InputError> {
        let listed = game.forbidden.len();
        let mut breakpoints = Vec::new();
        let emit = |p, v| breakpoints.push((p, v));
        let (forbidden, values) = grundy_each(game.forbidden, &game.piles, emit)?;
        let map = GrundyMap {
            breakpoints: breakpoints.into_iter().collect(),
        };
        Ok(Solved {
            piles: game.piles,
            listed,
            forbidden,
            map,
            values,
        })
    }

    pub(crate) fn nim_sum(&self) -> u64 {
        self.values.iter().fold(0, |sum, v| sum ^ v)
    }

    /// A move to a position of nim-sum 0, as `(pile index, stones to take)`, or `None` when the
    /// nim-sum is already 0 (every move loses).
    ///
    /// The pile is the first whose value has the highest set bit of the nim-sum `s`; its target
    /// value `t = g(A) ^ s` is below `g(A)`, so by the mex definition an allowed move reaches
    /// some position of value `t`. Such positions are few: one on the rising runs plus the
    /// special points that dropped to `t`; at most `#forbidden moves from A` of them are
    /// forbidden. Of the allowed ones, the move takes the fewest stones.
    ///
    /// # Complexity
    /// - O(size of the map + log M)
    pub(crate) fn winning_move(&self) -> Option<(usize, u64)> {
        let sum = self.nim_sum();
        if sum == 0 {
            return None;
        }
        let top = 63 - sum.leading_zeros();
        let pile = self.values.iter().position(|v| v >> top & 1 == 1)?;
        let stones = self.piles[pile];
        let wanted = self.values[pile] ^ sum;
        let forbidden = self.forbidden.moves_from(stones);
        let target = self
            .map
            .positions_of(wanted, stones)
            .into_iter()
            .rev()
            .find(|&p| forbidden.binary_search(&(stones, p)).is_err())
            .expect("mex: a value below g(A) is reachable from A");
        Some((pile, stones - target))
    }
}

impl Solved {
    /// Why taking `take` stones from pile `pile` (1-based) of `piles` (this game's forbidden
    /// moves, any position) is not a move, if it is not; else the 0-based pile.
    pub(crate) fn legal(&self, piles: &[u64], pile: u64, take: u64) -> Result<usize, String> {
        let n = piles.len();
        let index = pile
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .filter(|&i| i < n)
            .ok_or_else(|| format!("there is no pile {pile} (the piles are 1 to {n})"))?;
        let stones = piles[index];
        if take == 0 {
            return Err("a move takes at least one stone".to_owned());
        }
        if take > stones {
            return Err(format!(
                "pile {pile} has {}; taking {take} is not a move",
                plural(stones, "stone")
            ));
        }
        if self.is_forbidden(stones, take) {
            return Err(format!(
                "from {}, taking {take} is forbidden",
                plural(stones, "stone")
            ));
        }
        Ok(index)
    }

    /// Whether taking `take` stones from a pile of `stones` is forbidden.
    pub(crate) fn is_forbidden(&self, stones: u64, take: u64) -> bool {
        let target = stones - take;
        self.forbidden
            .moves_from(stones)
            .binary_search(&(stones, target))
            .is_ok()
    }
}

impl Forbidden {
    /// The forbidden moves from a pile of `stones`, as `(stones, target)` by increasing target.
    fn moves_from(&self, stones: u64) -> &[(u64, u64)] {
        let start = self.moves.partition_point(|&(x, _)| x < stones);
        let end = self.moves.partition_point(|&(x, _)| x <= stones);
        &self.moves[start..end]
    }
}

/// Groups the forbidden `moves` and finds `g(A)` for every pile, in input order, in one sweep;
/// `emit` receives the breakpoints.
fn grundy_each(
    moves: Vec<(u64, u64)>,
    piles: &[u64],
    emit: impl FnMut(u64, u64),
) -> Result<(Forbidden, Vec<u64>), InputError> {
    let out_of_memory = |_| InputError::OutOfMemory { during: "solving" };
    let mut order: Vec<(u64, usize)> = Vec::new();
    order
        .try_reserve_exact(piles.len())
        .map_err(out_of_memory)?;
    order.extend(piles.iter().copied().zip(0..));
    let mut values = Vec::new();
    values
        .try_reserve_exact(piles.len())
        .map_err(out_of_memory)?;
    values.resize(piles.len(), 0);
    let stones = |&(stones, _): &(u64, usize)| stones;
    let swept = sweep(moves, &mut order, stones, |&(_, i), g| values[i] = g, emit)?;
    let forbidden = swept.forbidden();
    Ok((forbidden, values))
}

/// Grundy values of a single pile under the forbidden moves, as a map of breakpoints.
///
/// Between two consecutive breakpoints `p < q`, `g(n) = g(p) + (n - p)` for `p <= n < q`; past
/// the last breakpoint the same line goes on to 2^64 - 1. The map holds `0 -> 0` and no
/// breakpoint that merely continues the line before it (see [`sweep`]).
///
/// # Complexity
/// - built by one sweep: O(M log M); `positions_of`: O(size of the map)
pub(crate) struct GrundyMap {
    breakpoints: BTreeMap<u64, u64>,
}

impl GrundyMap {
    /// `g(n)`.
    ///
    /// # Complexity
    /// - O(log(size of the map))
    pub(crate) fn value(&self, n: u64) -> u64 {
        let (&p, &v) = self
            .breakpoints
            .range(..=n)
            .next_back()
            .expect("the map holds 0 -> 0");
        v + (n - p)
    }

    /// The breakpoints `p -> g(p)` with `from <= p <= to`, increasing.
    pub(crate) fn breakpoints(&self, from: u64, to: u64) -> impl Iterator<Item = (u64, u64)> {
        // BTreeMap::range panics on a range that ends before it starts.
        let empty = from > to;
        let range = if empty { 0..=0 } else { from..=to };
        let breakpoints = self.breakpoints.range(range).filter(move |_| !empty);
        breakpoints.map(|(&p, &v)| (p, v))
    }

    /// Every position below `limit` whose Grundy value is `value`, increasing.
    pub(crate) fn positions_of(&self, value: u64, limit: u64) -> Vec<u64> {
        let mut positions = Vec::new();
        let mut segments = self.breakpoints.range(..limit).peekable();
        while let Some((&p, &v)) = segments.next() {
            // The segment [p, end) holds v, v + 1, ..., each once.
            let end = segments.peek().map_or(limit, |&(&q, _)| q.min(limit));
            if v <= value && value - v < end - p {
                positions.push(p + (value - v));
            }
        }
        positions
    }
}

/// Rows of the pile table past which `--explain` summarises.
const EXPLAIN_ROWS: usize = 1000;

/// Writes the human-readable report of `--explain`.
fn explain(solved: &Solved, out: &mut impl Write) -> io::Result<()> {
    let piles = &solved.piles;
    let moves = solved.listed;
    let distinct = solved.forbidden.moves.len();
    write!(
        out,
        "Constrained Nim: {}, {}",
        plural(piles.len() as u64, "pile"),
        plural(moves as u64, "forbidden move")
    )?;
    if distinct != moves {
        write!(out, " ({distinct} distinct)")?;
    }
    writeln!(out, "\n")?;

    let shown = piles.len().min(EXPLAIN_ROWS);
    if shown > 0 {
        let width = |header: &str, column: &[u64]| {
            let widths = column[..shown].iter().map(|v| v.to_string().len());
            widths.fold(header.len(), usize::max)
        };
        let wi = shown.to_string().len().max("pile".len());
        let ws = width("stones", piles);
        let wg = width("grundy", &solved.values);
        writeln!(out, "{:>wi$}  {:>ws$}  {:>wg$}", "pile", "stones", "grundy")?;
        for (i, (stones, value)) in piles.iter().zip(&solved.values).take(shown).enumerate() {
            writeln!(out, "{:>wi$}  {stones:>ws$}  {value:>wg$}", i + 1)?;
        }
        if piles.len() > shown {
            let rest = piles.len() - shown;
            let piles = if rest == 1 { "pile" } else { "piles" };
            writeln!(
                out,
                "... and {rest} more {piles} (--grundy lists every value)"
            )?;
        }
        writeln!(out)?;
    }

    let sum = solved.nim_sum();
    writeln!(out, "nim-sum of the Grundy values: {sum} (binary {sum:b})")?;
    let stuck = piles
        .iter()
        .all(|&stones| solved.forbidden.moves_from(stones).len() as u64 == stones);
    match solved.winning_move() {
        None if stuck => writeln!(
            out,
            "Aoki wins: Takahashi has no move at all (every pile is empty, or every move from \
             it is forbidden), so he loses at once."
        ),
        None => writeln!(
            out,
            "Aoki wins: the nim-sum is 0, so every move by Takahashi leaves a nonzero nim-sum \
             that Aoki can bring back to 0."
        ),
        Some((pile, take)) => {
            let stones = piles[pile];
            writeln!(
                out,
                "Takahashi wins: the nim-sum is not 0, so Takahashi can move to a position of \
                 nim-sum 0."
            )?;
            writeln!(
                out,
                "winning move: take {} from pile {}: {stones} \u{2192} {} (Grundy value {} \u{2192} {})",
                plural(take, "stone"),
                pile + 1,
                stones - take,
                solved.values[pile],
                solved.values[pile] ^ sum
            )
        }
    }
}

/// `n` and `word`, in the plural unless `n` is 1.
fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}
