//! What the subcommands and modes share: loading a game with its errors, the solved game
//! (`Solved`: piles, Grundy values, the breakpoint map, legal and winning moves), and the
//! failures a run ends with.
//!
//! Everything here builds on the solver in `main.rs`; nothing here knows the command line.

use super::reader::{BadNumber, InputError, Refused, digits_value, read_game};
use super::sys;
use super::threads::TwoThreads;
use crate::{Forbidden, Game, Swept, Target, sweep};
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

/// The tool's allocator: the system's, except that where memory runs out the run ends with
/// `error: out of memory while …` and exit status 1, instead of std's abort.
///
/// Why here and not at each allocation: the modes build the breakpoint map (a `BTreeMap`, which
/// has no fallible insert), play's tables, clap's and the formatter's strings; under a memory
/// limit any of them could abort, and std offers no stable hook to turn that into an error.
/// Running out is final for the tool anyway: every allocation it makes is one it needs. The
/// solver's own fallible reservations end the same way, with the phase named by [`during`].
/// `cli/threads.rs` asks the system allocator directly where a failure is an answer (whether a
/// second thread can be afforded), so that question never ends the run.
struct Allocator;

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// What the run is doing, for the out-of-memory line: a [`Phase`] as a number.
static PHASE: AtomicUsize = AtomicUsize::new(Phase::Starting as usize);

/// What the run is doing, as the out-of-memory line names it.
#[derive(Clone, Copy)]
pub(crate) enum Phase {
    Starting,
    Reading,
    Solving,
}

impl Phase {
    const ALL: [Phase; 3] = [Phase::Starting, Phase::Reading, Phase::Solving];

    fn words(self) -> &'static str {
        match self {
            Phase::Starting => "starting",
            Phase::Reading => "reading the game",
            Phase::Solving => "solving",
        }
    }
}

/// The exit status of a run that runs out of memory: 1, but for `judge`, whose statuses are
/// testlib's, and for which running out is the checker's own failure, never the solution's.
static OUT_OF_MEMORY_STATUS: AtomicI32 = AtomicI32::new(1);

/// Sets the exit status of a run that runs out of memory from now on.
pub(crate) fn out_of_memory_status(status: i32) {
    OUT_OF_MEMORY_STATUS.store(status, Ordering::Relaxed);
}

/// Names what the run does from now on, for an out-of-memory error.
pub(crate) fn during(phase: Phase) {
    PHASE.store(phase as usize, Ordering::Relaxed);
}

/// Writes the out-of-memory line and ends the process, allocating nothing.
fn out_of_memory() -> ! {
    let phase = Phase::ALL[PHASE.load(Ordering::Relaxed).min(Phase::ALL.len() - 1)];
    for piece in ["error: out of memory while ", phase.words(), "\n"] {
        let _ = rustix::io::write(rustix::stdio::stderr(), piece.as_bytes());
    }
    sys::exit(OUT_OF_MEMORY_STATUS.load(Ordering::Relaxed))
}

// SAFETY: every call goes to the system allocator with the same arguments; a null pointer
// from it never comes back, since the process ends instead.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is System's.
        let block = unsafe { System.alloc(layout) };
        if block.is_null() {
            out_of_memory();
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is System's; the block came from System.
        unsafe { System.dealloc(block, layout) }
    }
}

/// Why a run failed after its command line was understood.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The input file could not be opened.
    Open(PathBuf, io::Error),
    /// The input is not a game; `path` names the file it came from, if any.
    Input(Option<PathBuf>, Refused),
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
            Failure::Usage(message) => write!(f, "{message}"),
            Failure::Limits(None, broken) | Failure::Other(broken) => write!(f, "{broken}"),
        }
    }
}

/// Whether standard output was closed when the process started, before std's start-up
/// replaced the closed descriptor with `/dev/null` opened for reading and writing. After that
/// replacement a closed output looks exactly like a harness's `/dev/null` (Python's
/// `subprocess.DEVNULL` opens it the same way), so the question is asked earlier, in
/// [`check_start`].
static OUTPUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Address space that must be free when the process starts: std's start-up (the main thread's
/// alternative signal stack, which it panics without), the stack the command line's parsing
/// grows into, and the first allocations. Under a memory limit (`ulimit -v`) just above what
/// the program's loading takes, std's start-up aborted or the stack's growth met SIGSEGV.
const START_HEADROOM: usize = 1 << 20;

/// How much of the main thread's stack is grown at the start, while the headroom is known to be
/// there: a stack that cannot grow later ends the process with SIGSEGV, not an error line.
const STACK_GROWN_AT_START: usize = 256 << 10;

/// What the tool checks before std's start-up (called from the dispatcher's constructor,
/// `cli::AT_START`): notes a closed standard output (see [`OUTPUT_CLOSED_AT_START`]), and ends
/// the run with the out-of-memory line (and the status set by [`out_of_memory_status`]) when
/// the address space left is too small for std's start-up, which would otherwise panic or die
/// of SIGSEGV.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) fn check_start() {
    let closed = rustix::io::fcntl_getfd(rustix::stdio::stdout()).is_err();
    OUTPUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
    // Reserved, never touched, and given back: where it cannot be had, the allocator ends the
    // run with the out-of-memory line.
    drop(std::hint::black_box(Vec::<u8>::with_capacity(
        START_HEADROOM,
    )));
    grow_stack();
}

/// Touches [`STACK_GROWN_AT_START`] bytes of the stack below this frame, from the top down, so
/// that the kernel maps them now (a stack mapping does not shrink back).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[inline(never)]
fn grow_stack() {
    let mut pad = [0u8; STACK_GROWN_AT_START];
    let pad = std::hint::black_box(&mut pad);
    for page in (0..STACK_GROWN_AT_START).step_by(4096).rev() {
        pad[page] = 1;
    }
    std::hint::black_box(pad);
}

/// Standard output that refuses to be closed: an answer written to an output that was closed
/// at the start (`>&-`) is an error instead of vanishing with exit status 0. `/dev/null`, opened
/// in any way, is a place to write to.
pub(crate) struct Output<W> {
    out: W,
    checked: bool,
}

impl<W: io::Write> Output<W> {
    pub(crate) fn new(out: W) -> Self {
        Output {
            out,
            checked: false,
        }
    }
}

impl<W: io::Write> io::Write for Output<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.checked && !buf.is_empty() {
            if OUTPUT_CLOSED_AT_START.load(Ordering::Relaxed) {
                return Err(io::Error::other("standard output is closed"));
            }
            self.checked = true;
        }
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// ASCII white space, as the game's input has it: space, tab, newline, vertical tab, form feed
/// and carriage return.
pub(crate) fn is_space(c: char) -> bool {
    c.is_ascii() && crate::is_space(c as u8)
}

/// `line` without the ASCII white space around it; any other white space stays, and so makes
/// a name or a number that it touches wrong.
pub(crate) fn trim_space(line: &str) -> &str {
    line.trim_matches(is_space)
}

/// A move line `I K`, read exactly like the game's numbers: two runs of the digits 0-9 below
/// 2^64 (no sign), apart and around only ASCII white space; `None` for anything else.
pub(crate) fn parse_move(line: &str) -> Option<(u64, u64)> {
    let words = line.split(is_space).filter(|word| !word.is_empty());
    let mut numbers = words.map(parse_u64);
    match (numbers.next(), numbers.next(), numbers.next()) {
        (Some(Ok(pile)), Some(Ok(take)), None) => Some((pile, take)),
        _ => None,
    }
}

/// How many characters of a line [`quoted`] shows.
pub(crate) const QUOTED: usize = 40;

/// A line as a message quotes it: escaped, and cut after [`QUOTED`] characters.
pub(crate) fn quoted(line: &str) -> String {
    let head: String = line.chars().take(QUOTED).collect();
    let more = if head.len() < line.len() { "..." } else { "" };
    format!("{head:?}{more}")
}

/// A path as a message or a report shows it: on one line, and never the same for two different
/// paths. A backslash shows as `\\`, a newline as `\n`, any other control character, white
/// space other than the space, or character Rust's `{:?}` escapes as `\u{..}` (or `\t`, `\r`,
/// `\0`), and each byte that is not UTF-8 as `\xNN`; each escape starts with a backslash and
/// ends where its form says, so a shown path reads back to one path alone. Neither quoted nor
/// cut, so that an ordinary path reads as itself.
pub(crate) struct ShownPath<'a>(pub(crate) &'a std::path::Path);

impl fmt::Display for ShownPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use std::os::unix::ffi::OsStrExt;
        for chunk in self.0.as_os_str().as_bytes().utf8_chunks() {
            for c in chunk.valid().chars() {
                if c == '\'' || c == '"' {
                    write!(f, "{c}")?;
                } else if c.is_whitespace() && c != ' ' && !c.is_ascii() {
                    write!(f, "\\u{{{:x}}}", u32::from(c))?;
                } else {
                    write!(f, "{}", c.escape_debug())?;
                }
            }
            for byte in chunk.invalid() {
                write!(f, "\\x{byte:02x}")?;
            }
        }
        Ok(())
    }
}

/// Reads the game from `path`, or from standard input when it is `None`.
pub(crate) fn load(path: Option<&Path>) -> Result<Game, Failure> {
    load_with(path, read_game, read_game)
}

/// Reads the game as [`load`] does, through `from_stdin` or `from_file`.
pub(crate) fn load_with(
    path: Option<&Path>,
    from_stdin: impl FnOnce(io::StdinLock<'static>) -> Result<Game, Refused>,
    from_file: impl FnOnce(io::BufReader<File>) -> Result<Game, Refused>,
) -> Result<Game, Failure> {
    during(Phase::Reading);
    let game = match path {
        None => from_stdin(io::stdin().lock()),
        Some(p) => {
            let file = File::open(p).map_err(|e| Failure::Open(p.to_owned(), e))?;
            from_file(io::BufReader::new(file))
        }
    };
    during(Phase::Solving);
    game.map_err(|e| Failure::Input(path.map(Path::to_owned), e))
}

/// `path` as the user gave it, `None` for standard input (`-` or nothing).
pub(crate) fn input_path(path: Option<PathBuf>) -> Option<PathBuf> {
    path.filter(|p| p.as_os_str() != "-")
}

/// A game with its Grundy map and the Grundy value of every pile.
pub(crate) struct Solved {
    pub(crate) piles: Vec<u64>,
    /// How many forbidden moves the input listed, repeats included.
    pub(crate) listed: usize,
    pub(crate) forbidden: Forbidden,
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

    /// Whether some move from a pile of `stones` is allowed: fewer forbidden moves from it than
    /// stones (the forbidden moves are distinct here).
    pub(crate) fn has_move(&self, stones: u64) -> bool {
        (self.forbidden.moves_from(stones).len() as u64) < stones
    }
}

impl Forbidden {
    /// The forbidden moves from a pile of `stones`, as `(stones, target)` by increasing target.
    pub(crate) fn moves_from(&self, stones: u64) -> &[(u64, u64)] {
        let start = self.moves.partition_point(|&(x, _)| x < stones);
        let end = self.moves.partition_point(|&(x, _)| x <= stones);
        &self.moves[start..end]
    }
}

/// The grouped forbidden moves `(X, X - Y)` as [`Forbidden::new`] made them, their targets put
/// back where a sweep wrote Grundy values.
pub(crate) fn restored((mut forbidden, asked): Swept) -> Forbidden {
    for Target { position, slot } in asked {
        forbidden.moves[slot as usize].1 = position;
    }
    forbidden
}

/// Groups the forbidden `moves` and finds `g(A)` for every pile, in input order, in one sweep;
/// `emit` receives the breakpoints.
pub(crate) fn grundy_each(
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
    let answer = |&(_, i): &(u64, usize), g| values[i] = g;
    let swept = sweep(moves, &mut order, stones, answer, emit, &TwoThreads)?;
    let forbidden = restored(swept);
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

/// A number of stones on the command line (`why N`, `--from`, `--to`), read as the game's
/// numbers are: ASCII digits only, below 2^64. clap's own `u64` takes a `+` and speaks of
/// "target types"; this says what the game says.
pub(crate) fn stones(arg: &str) -> Result<u64, String> {
    parse_u64(arg).map_err(|kind| match kind {
        BadNumber::NotInteger => "expected a number of stones, digits only".to_owned(),
        BadNumber::TooLarge => {
            "does not fit in 64 bits (the largest is 18446744073709551615)".to_owned()
        }
    })
}

/// `n` and `word`, in the plural unless `n` is 1.
pub(crate) fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

impl GrundyMap {
    /// The breakpoint at or below `n` and its value: `g(n) = g(p) + (n - p)`.
    pub(crate) fn breakpoint_of(&self, n: u64) -> (u64, u64) {
        let (&p, &v) = self
            .breakpoints
            .range(..=n)
            .next_back()
            .expect("the map holds 0 -> 0");
        (p, v)
    }

    /// `H(limit)`: how many distinct values `g(0..limit)` holds. They are exactly
    /// `0..H(limit)`, so `H` is one past the highest value below `limit`, the rising line's.
    ///
    /// # Complexity
    /// - O(size of the map below `limit`), no allocation
    pub(crate) fn rising(&self, limit: u64) -> u64 {
        self.segments_below(limit)
            .map(|(p, v, end)| v + (end - p))
            .max()
            .unwrap_or(0)
    }

    /// How many positions below `limit` hold each value, counted from the segments without
    /// listing a position.
    ///
    /// # Complexity
    /// - O(s log s) for the s segments below `limit`; then O(log s) a value
    pub(crate) fn holders_below(&self, limit: u64) -> Holders {
        let mut starts = Vec::new();
        let mut ends = Vec::new();
        for (p, v, end) in self.segments_below(limit) {
            starts.push(v);
            ends.push(v + (end - p));
        }
        starts.sort_unstable();
        ends.sort_unstable();
        Holders { starts, ends }
    }

    /// The segments `[p, end)` that start below `limit`, cut at `limit`, with `g(p)`: each
    /// holds the values `g(p) .. g(p) + (end - p)`, once each.
    fn segments_below(&self, limit: u64) -> impl Iterator<Item = (u64, u64, u64)> {
        let mut segments = self.breakpoints.range(..limit).peekable();
        std::iter::from_fn(move || {
            let (&p, &v) = segments.next()?;
            let end = segments.peek().map_or(limit, |&(&q, _)| q.min(limit));
            Some((p, v, end))
        })
    }
}

/// How many positions below a limit hold each value: `1 + extra[w]` for a value `w` below
/// `H(limit)` (once on the rising line, once per drop to it), 0 above.
pub(crate) struct Holders {
    /// The first value of each segment below the limit, sorted.
    starts: Vec<u64>,
    /// One past the last value of each segment (cut at the limit), sorted.
    ends: Vec<u64>,
}

impl Holders {
    /// How many positions below the limit hold `value`: the segments whose run of values
    /// holds it, which start at or below it and end above it.
    pub(crate) fn count(&self, value: u64) -> u64 {
        let started = self.starts.partition_point(|&s| s <= value);
        let ended = self.ends.partition_point(|&e| e <= value);
        (started - ended) as u64
    }
}

/// Parses a non-negative decimal integer below 2^64: digits only, no sign, leading zeros allowed.
pub(crate) fn parse_u64(token: impl AsRef<[u8]>) -> Result<u64, BadNumber> {
    let digits = token.as_ref();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(BadNumber::NotInteger);
    }
    digits_value(digits)
}
