//! The command-line tool around the judge's solver: modes, a file argument, usage, exit codes.
//!
//! The judge never compiles this module; everything here builds on the solver in `main.rs`.

use crate::{Forbidden, Game, InputError, read_game, report, sweep, winner};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

const USAGE: &str = "usage: constrained-nim [--grundy | --move | --explain | --check] [FILE]";

const HELP: &str = "\
constrained-nim: who wins Constrained Nim (AtCoder ABC255 G), and why.

usage: constrained-nim [--grundy | --move | --explain | --check] [FILE]

The game is read from FILE, or from standard input when FILE is absent or '-'.

modes:
  (none)      print the winner: Takahashi (who moves first) or Aoki
  --grundy    print the Grundy value of every pile, one a line, in input order
  --move      print the winner; when Takahashi wins, a second line 'I K':
              take K stones from pile I (1-based), a move that wins
  --explain   print a report: piles and their Grundy values, the nim-sum,
              the verdict and a winning move in words
  --check     check that the input is a game; print nothing
  -h, --help  print this help
  -V, --version  print the version

input (whitespace-separated ASCII decimal numbers):
  N M
  A_1 ... A_N          the piles (0 <= A_i < 2^64)
  X_1 Y_1 ... X_M Y_M  forbidden moves: from a pile of exactly X stones,
                       taking exactly Y is not allowed (1 <= Y <= X < 2^64)
  A forbidden move listed twice counts once; N = 0 and M = 0 are allowed.

exit status:
  0  the answer was printed
  1  the input is not a game, or cannot be read (one 'error: ' line on stderr)
  2  the command line is wrong (a usage line on stderr)
";

/// What the tool was asked to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Winner,
    Grundy,
    Move,
    Explain,
    Check,
}

/// A command line, understood.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Run { mode: Mode, path: Option<PathBuf> },
    Help,
    Version,
}

/// Runs the tool on this process's arguments and returns its exit status.
pub(crate) fn run() -> i32 {
    let command = match parse_args(std::env::args_os().skip(1)) {
        Ok(command) => command,
        Err(message) => {
            report(format_args!("{message}\n{USAGE}"));
            return 2;
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = match command {
        Command::Help => out.write_all(HELP.as_bytes()).map_err(Failure::Write),
        Command::Version => {
            writeln!(out, "constrained-nim {}", env!("CARGO_PKG_VERSION")).map_err(Failure::Write)
        }
        Command::Run { mode, path } => execute(mode, path, &mut out),
    };
    match result.and_then(|()| out.flush().map_err(Failure::Write)) {
        Ok(()) => 0,
        // A reader that stopped early (`| head`) wanted no more: not an error.
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(failure) => {
            report(failure);
            1
        }
    }
}

/// Understands the arguments after the program's name.
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Command, String> {
    let mut mode = None;
    let mut path = None;
    for arg in args {
        let chosen = match arg.to_str() {
            Some("-h" | "--help") => return Ok(Command::Help),
            Some("-V" | "--version") => return Ok(Command::Version),
            Some("--grundy") => Mode::Grundy,
            Some("--move") => Mode::Move,
            Some("--explain") => Mode::Explain,
            Some("--check") => Mode::Check,
            Some(flag) if flag.starts_with('-') && flag != "-" => {
                return Err(format!("unknown option {flag:?}"));
            }
            _ => {
                if path.is_some() {
                    return Err(format!("more than one input file ({:?})", arg));
                }
                path = Some(PathBuf::from(arg));
                continue;
            }
        };
        if mode.is_some_and(|m| m != chosen) {
            return Err("choose one mode: --grundy, --move, --explain or --check".to_owned());
        }
        mode = Some(chosen);
    }
    let path = path.filter(|p| p.as_os_str() != "-");
    Ok(Command::Run {
        mode: mode.unwrap_or(Mode::Winner),
        path,
    })
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
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Open(path, e) => write!(f, "{}: cannot open: {e}", ShownPath(path)),
            Failure::Input(Some(path), e) => write!(f, "{}: {e}", ShownPath(path)),
            Failure::Input(None, e) => write!(f, "{e}"),
            Failure::Write(e) => write!(f, "writing the answer: {e}"),
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

/// Reads the game and writes what `mode` asks for; nothing is written unless the game is valid.
fn execute(mode: Mode, path: Option<PathBuf>, out: &mut impl Write) -> Result<(), Failure> {
    let game = match &path {
        None => read_game(io::stdin().lock()),
        Some(p) => {
            let file = File::open(p).map_err(|e| Failure::Open(p.clone(), e))?;
            read_game(io::BufReader::new(file))
        }
    };
    let failed = |e| Failure::Input(path.clone(), e);
    let game = game.map_err(failed)?;
    let written = match mode {
        Mode::Check => Ok(()),
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
    let forbidden = sweep(moves, &mut order, stones, |&(_, i), g| values[i] = g, emit)?;
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
    match solved.winning_move() {
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
