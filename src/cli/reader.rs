//! The tool's reader: a proconio `Source` that streams the input a chunk at a time, finds
//! tokens and parses numbers eight bytes at a time, and on an error names the likely cause
//! (a line of piles that disagrees with N, a line of moves that is not two numbers).
//!
//! It gives the judge's reader's (`crate::read_game`) game on every input, and refuses what it
//! refuses on the same line; where the judge file names only the line, its message says what is
//! wrong there (the place in the game, the token quoted, the byte that is not UTF-8 or not an
//! ASCII space, a byte-order mark), plus the hint. `src/tests/stream.rs` checks both readers
//! against a plain reader on corrupted games.

use super::dense::DENSE;
use super::threads::{PARALLEL, beside};
use crate::{Game, OutOfMemory, is_space, push};
use proconio::source::Source;
use std::fmt;
use std::io::{self, BufRead, Read};

/// Why an input is not a game, as the tool says it: each message names its place in the game's
/// terms and quotes what it found there. The judge file's reader names the line alone.
#[derive(Debug)]
pub(crate) enum InputError {
    /// Reading failed below us (an I/O error).
    Read(io::Error),
    /// The memory for the game could not be had.
    OutOfMemory { during: &'static str },
    /// The bytes are not UTF-8; `byte` is the first bad one, counted from 1.
    NotUtf8 { byte: u64 },
    /// A non-ASCII white-space character, which would silently split a token.
    NonAsciiSpace { ch: char },
    /// A UTF-8 byte-order mark at the start, which some editors write.
    ByteOrderMark,
    /// No token at all.
    Empty,
    /// The input ended before `M` was read.
    NoMoveCount,
    /// The input ended after `read` of `declared` items of some kind.
    Ended {
        read: u64,
        declared: u64,
        items: &'static str,
    },
    /// A token that is not a number in `0..2^64`.
    BadNumber {
        place: Place,
        token: Token,
        kind: BadNumber,
    },
    /// A forbidden move that takes no stone.
    TakesNothing { move_index: u64 },
    /// A forbidden move that takes more stones than its pile has.
    TakesTooMany { move_index: u64, x: u64, y: u64 },
    /// Tokens after the last item the counts declared.
    Trailing { after: &'static str, token: Token },
    /// `error` on input line `line` (counted from 1).
    At { line: u64, error: Box<InputError> },
}

/// A token as read, for a message: its text, and whether the text is only its beginning.
#[derive(Debug)]
pub(crate) struct Token {
    pub(crate) text: String,
    pub(crate) cut: bool,
}

/// Where in the game a token stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    PileCount,
    MoveCount,
    Pile(u64),
    MoveX(u64),
    MoveY(u64),
}

/// How a token fails to be a number in `0..2^64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BadNumber {
    /// Not only the digits `0`–`9` (a sign, a dot, a letter, a comma, a NUL, ...).
    NotInteger,
    /// Only digits, but at least 2^64.
    TooLarge,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::PileCount => write!(f, "N (the number of piles)"),
            Place::MoveCount => write!(f, "M (the number of forbidden moves)"),
            Place::Pile(i) => write!(f, "pile {i}"),
            Place::MoveX(i) => write!(f, "forbidden move {i}: X"),
            Place::MoveY(i) => write!(f, "forbidden move {i}: Y"),
        }
    }
}

/// How many characters of a token a message shows.
pub(crate) const SHOWN: usize = 24;

/// How many bytes of a token that is not a number a message is made from (more is cut).
pub(crate) const LONG: usize = 64;

impl fmt::Display for Token {
    /// Quoted and escaped, cut after [`SHOWN`] characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head: String = self.text.chars().take(SHOWN).collect();
        write!(f, "{head:?}")?;
        if self.cut || head.len() < self.text.len() {
            write!(f, "...")?;
        }
        Ok(())
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use InputError as E;
        match self {
            E::Read(e) => write!(f, "reading the input: {e}"),
            E::OutOfMemory { during } => write!(f, "out of memory while {during}"),
            E::NotUtf8 { byte } => write!(
                f,
                "byte {byte} of the input is not UTF-8 text; the input must be numbers in ASCII"
            ),
            E::NonAsciiSpace { ch } => write!(
                f,
                "white space U+{:04X} is not ASCII; separate numbers with spaces, tabs or newlines",
                *ch as u32
            ),
            E::ByteOrderMark => write!(
                f,
                "the input starts with a UTF-8 byte-order mark (U+FEFF); save it without one"
            ),
            E::Empty => write!(f, "the input is empty; expected N and M first"),
            E::NoMoveCount => write!(f, "input ended before M (the number of forbidden moves)"),
            E::Ended {
                read,
                declared,
                items,
            } => {
                write!(f, "input ended after {read} of {declared} {items}")
            }
            E::BadNumber {
                place,
                token,
                kind: BadNumber::NotInteger,
            } => {
                write!(f, "{place}: expected a non-negative integer, found {token}")
            }
            E::BadNumber {
                place,
                token,
                kind: BadNumber::TooLarge,
            } => {
                // Leading zeros say nothing about the size; however many arrived, none is shown.
                let digits = token.text.trim_start_matches('0');
                let head = &digits[..digits.len().min(SHOWN)];
                let more = if token.cut || head.len() < digits.len() {
                    "..."
                } else {
                    ""
                };
                write!(f, "{place}: {head}{more} does not fit in 64 bits")
            }
            E::TakesNothing { move_index: i } => {
                write!(
                    f,
                    "forbidden move {i}: Y = 0 (a move takes at least one stone)"
                )
            }
            E::TakesTooMany {
                move_index: i,
                x,
                y,
            } => {
                write!(f, "forbidden move {i}: Y = {y} > X = {x}")
            }
            E::Trailing { after, token } => write!(f, "unexpected input after {after}: {token}"),
            E::At { line, error } => write!(f, "line {line}: {error}"),
        }
    }
}

impl From<OutOfMemory> for InputError {
    fn from(e: OutOfMemory) -> InputError {
        InputError::OutOfMemory { during: e.during }
    }
}

/// Why the input stops at the byte `bytes[0]`, the first of a token that is neither a digit nor
/// ASCII white space, found at `offset` in the input: a byte that does not start a UTF-8
/// character, a byte-order mark at the very start, or a non-ASCII white space. `None` when it
/// is none of these (the token is then no number).
fn stops(bytes: &[u8], offset: u64) -> Option<InputError> {
    if bytes[0] < 0x80 {
        return None;
    }
    let bytes = &bytes[..bytes.len().min(4)];
    let text = std::str::from_utf8(&bytes[..valid_utf8(bytes)]).unwrap_or_default();
    match text.chars().next() {
        None => Some(InputError::NotUtf8 { byte: offset + 1 }),
        Some('\u{feff}') if offset == 0 => Some(InputError::ByteOrderMark),
        Some(ch) if ch.is_whitespace() => Some(InputError::NonAsciiSpace { ch }),
        Some(_) => None,
    }
}

/// How many bytes at the start of `bytes` are valid UTF-8.
fn valid_utf8(bytes: &[u8]) -> usize {
    std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), str::len)
}

/// Why an input is not a game, as the tool says it: what is wrong and where ([`InputError`]),
/// and the likely cause where the lines disagree with N.
#[derive(Debug)]
pub(crate) struct Refused {
    pub(crate) error: InputError,
    pub(crate) hint: Option<Hint>,
}

impl From<InputError> for Refused {
    fn from(error: InputError) -> Refused {
        Refused { error, hint: None }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)?;
        match &self.hint {
            Some(hint) => write!(f, " ({hint})"),
            None => Ok(()),
        }
    }
}

/// The likely cause of an error further on: line `line` holds `count` numbers where it should
/// hold the `n` piles, or (`n` is `None`) one forbidden move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hint {
    line: u64,
    count: u64,
    n: Option<u64>,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Hint { line, count, n } = self;
        let numbers = if *count == 1 { "number" } else { "numbers" };
        write!(f, "line {line} holds {count} {numbers}, but ")?;
        match n {
            Some(n) => write!(f, "N = {n}"),
            None => write!(f, "a forbidden move is two"),
        }
    }
}

/// Reads `reader` as a game, a chunk at a time, and stops at the first byte no game can hold.
///
/// # Complexity
/// - O(input size) time; memory: one chunk, plus the numbers read (no reservation that read
///   tokens do not back)
pub(crate) fn read_game(reader: impl BufRead) -> Result<Game, Refused> {
    let mut stream = Stream::new(reader);
    parse_game(&mut stream, false).map_err(|e| stream.locate(e))
}

/// Reads `reader` as a game for its verdict alone: as [`read_game`], but the piles come back
/// sorted, sorted on a second thread while the forbidden moves are read, unless every pile is
/// below `2 M`.
pub(crate) fn read_game_sorted(reader: impl BufRead) -> Result<Game, Refused> {
    let mut stream = Stream::new(reader);
    parse_game(&mut stream, true).map_err(|e| stream.locate(e))
}

/// Parses `N M`, the piles and the forbidden moves from the tokens of `source`; with `sorted`,
/// the piles come back sorted.
fn parse_game<R: BufRead>(source: &mut Stream<R>, sorted: bool) -> Result<Game, InputError> {
    let n = match source.next_token() {
        None => return Err(source.failure(InputError::Empty)),
        Some(_) => source.number(Place::PileCount)?,
    };
    let m = match source.next_token() {
        None => return Err(source.failure(InputError::NoMoveCount)),
        Some(_) => source.number(Place::MoveCount)?,
    };
    source.mark_counts(n, m);
    let ended = |read: u64, declared: u64, items| InputError::Ended {
        read,
        declared,
        items,
    };

    let mut piles = Vec::new();
    for i in 1..=n {
        if source.next_token().is_none() {
            return Err(source.failure(ended(i - 1, n, "piles")));
        }
        let pile = source.number(Place::Pile(i))?;
        push(&mut piles, pile, n, "reading the piles")?;
    }
    source.mark_piles();

    let read_moves = || {
        let mut forbidden = Vec::new();
        for i in 1..=m {
            let mut next = |place| match source.next_token() {
                None => Err(source.failure(ended(i - 1, m, "forbidden moves"))),
                Some(_) => source.number(place),
            };
            let x = next(Place::MoveX(i))?;
            let y = next(Place::MoveY(i))?;
            if y == 0 {
                return Err(InputError::TakesNothing { move_index: i });
            }
            if y > x {
                return Err(InputError::TakesTooMany {
                    move_index: i,
                    x,
                    y,
                });
            }
            push(&mut forbidden, (x, y), m, "reading the forbidden moves")?;
        }
        Ok(forbidden)
    };
    // The sweep sorts the piles anyway; sorted while the moves are read, that costs no time.
    // Piles all below 2 M promise a game for the dense path, which needs them in no order:
    // there the sort would only take the second core from whoever else needs it (and if the
    // moves are large after all, the sweep sorts the piles beside its own sorts).
    let sorted = sorted && piles.iter().any(|&a| a >= m.saturating_mul(DENSE));
    let parallel = sorted && piles.len() >= PARALLEL;
    let sort_piles = || {
        if sorted {
            piles.sort_unstable();
        }
    };
    let ((), forbidden) = beside(parallel, sort_piles, read_moves);
    let forbidden = forbidden?;

    if source.next_token().is_some() {
        let after = match (n, m) {
            (_, 1..) => "the last forbidden move",
            (1.., 0) => "the last pile (M = 0)",
            (0, 0) => "N and M (both 0)",
        };
        return Err(InputError::Trailing {
            after,
            token: source.token(),
        });
    }
    match source.failure.take() {
        Some(failure) => Err(failure),
        None => Ok(Game { piles, forbidden }),
    }
}

/// Bytes asked of the reader at a time.
pub(crate) const CHUNK: usize = 1 << 16;

/// How far past `N M` the reader looks for the line of the piles, for [`Hint`]: a line of a few
/// piles is seen whole, and a long one costs one look at this many bytes.
pub(crate) const LOOK: usize = 4096;

/// The tokens of a game, read from `reader` one chunk at a time: a proconio [`Source`] that
/// streams, where `OnceSource` reads everything first and copies it.
///
/// It holds one chunk and the token being read, never the whole input, and it stops at the first
/// token that no game can hold. Then, and on a failure to read, `next_token` hands out what it
/// has of the bad token (or `None`) and nothing after; [`Stream::failure`] says why.
///
/// What it says depends on the bytes alone, never on how the reader cut them into pieces, so
/// every decision below looks at a token from its first byte, whatever was read before:
/// - a run of digits is a number of any length: its leading zeros are dropped as they come;
/// - a run of digits with more than 20 digits after its leading zeros is too large, whatever
///   follows it (it stops at the 25th, enough to show 24);
/// - otherwise the first byte that is neither a digit nor ASCII white space decides: a byte that
///   does not start a UTF-8 character, a byte-order mark at the very start, or a non-ASCII white
///   space stop the input with that reason; anything else makes the token not a number, shown by
///   its first [`LONG`] bytes.
pub(crate) struct Stream<R> {
    reader: R,
    /// `buffer[start..end]` is read and not yet handed out.
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    /// The reader has no more, or reading stopped at a bad token.
    finished: bool,
    /// Bytes and newlines of the input before `buffer[0]`.
    offset: u64,
    lines: u64,
    /// Why no more tokens come, when that is not the end of the input.
    failure: Option<InputError>,
    /// The last token handed out is only the beginning of the token in the input.
    cut: bool,
    /// `buffer[token]` is the last token handed out; [`GONE`] once a refill moved it away, and
    /// then `token_line` is its line.
    token: std::ops::Range<usize>,
    token_line: u64,
    /// The last token was checked to be digits only as it was read.
    digits: bool,
    /// Leading zeros of the token being read that were dropped from the buffer.
    zeros: u64,
    /// Where the lines of `N M` and of the piles stand, for [`Hint`]; looked at only on an error.
    layout: Layout,
}

/// The lines of the first sections, as [`Stream::mark_counts`] and [`Stream::mark_piles`] saw
/// them.
#[derive(Clone, Copy, Default)]
struct Layout {
    n: u64,
    m: u64,
    /// The line of `M`.
    counts: u64,
    /// How many numbers the next line holds, when `M` ends its line and the next one ends
    /// within [`LOOK`] bytes.
    next_line: Option<u64>,
    /// All N piles were read; then whether the token after the last pile shares its line.
    piles_read: bool,
    shared: bool,
    /// When some line of the moves within [`LOOK`] bytes of the first holds two numbers: the
    /// first that holds another count, and its count.
    odd_move_line: Option<(u64, u64)>,
}

/// The `token` of a [`Stream`] whose bytes a refill moved away.
const GONE: usize = usize::MAX;

/// How many newlines `bytes` holds: counted in runs of 255 into bytes, which compiles to vector
/// instructions.
fn newlines(bytes: &[u8]) -> u64 {
    let run = |run: &[u8]| run.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as u64;
    bytes.chunks(255).map(run).sum()
}

/// How many tokens `bytes` holds.
fn tokens_in(bytes: &[u8]) -> u64 {
    let starts = bytes.iter().zip(std::iter::once(&b' ').chain(bytes));
    starts
        .filter(|&(&b, &before)| !is_space(b) && is_space(before))
        .count() as u64
}

impl<R: Read> Stream<R> {
    pub(crate) fn new(reader: R) -> Self {
        let mut buffer = Vec::new();
        let failure = buffer
            .try_reserve_exact(CHUNK + LONG)
            .map(|()| buffer.resize(CHUNK + LONG, 0))
            .err()
            .map(|_| InputError::OutOfMemory { during: "reading" });
        Stream {
            reader,
            buffer,
            start: 0,
            end: 0,
            finished: false,
            offset: 0,
            lines: 0,
            failure,
            cut: false,
            token: 0..0,
            token_line: 1,
            digits: false,
            zeros: 0,
            layout: Layout::default(),
        }
    }

    /// Why the tokens stopped: a failure to read or a byte no game holds, or else `ended`.
    fn failure(&mut self, ended: InputError) -> InputError {
        self.failure.take().unwrap_or(ended)
    }

    /// The last token handed out, for a message.
    fn token(&self) -> Token {
        // A number's dropped zeros stay dropped; a token that is not one is shown from its start.
        let zeros = if self.digits {
            0
        } else {
            self.zeros.min(LONG as u64) as usize
        };
        let zeros = "0".repeat(zeros);
        let text = String::from_utf8_lossy(&self.buffer[self.token.clone()]);
        Token {
            text: zeros + &text,
            cut: self.cut,
        }
    }

    /// The line (from 1) of the byte at `buffer[at]`.
    fn line_at(&self, at: usize) -> u64 {
        self.lines + newlines(&self.buffer[..at]) + 1
    }

    /// The next [`LOOK`] bytes (fewer where the input ends first), and whether they are the rest
    /// of the input.
    fn look_ahead(&mut self) -> (&[u8], bool) {
        self.hold(LOOK);
        let whole = self.end - self.start < LOOK && self.failure.is_none();
        let seen = &self.buffer[self.start..self.end.min(self.start + LOOK)];
        (seen, whole)
    }

    /// The line of the last token handed out (1 before any).
    fn last_line(&self) -> u64 {
        if self.token.start == GONE {
            self.token_line
        } else {
            self.line_at(self.token.start)
        }
    }

    /// The last token handed out as a number at `place`.
    #[inline]
    fn number(&self, place: Place) -> Result<u64, InputError> {
        // Up to 19 digits never overflow, and come from three words of the buffer, whatever
        // bytes follow them there.
        let token = self.token.clone();
        match self.buffer.get(token.start..token.start + 24) {
            Some(words) if self.digits && token.len() <= 19 => {
                Ok(up_to_19_digits(words.try_into().unwrap(), token.len()))
            }
            _ => self.long_number(place),
        }
    }

    /// [`Stream::number`] for a token that is long, not digits only, or at the buffer's end.
    #[cold]
    fn long_number(&self, place: Place) -> Result<u64, InputError> {
        // A token that is not digits only was found so where it was read.
        let value = if self.digits {
            digits_value(&self.buffer[self.token.clone()])
        } else {
            Err(BadNumber::NotInteger)
        };
        value.map_err(|kind| InputError::BadNumber {
            place,
            token: self.token(),
            kind,
        })
    }

    /// Reads on after `buffer[end]`, first moving the unread `buffer[start..end]` to the
    /// front. False at the end of the input, or on a failure (kept in `failure`).
    fn refill(&mut self) -> bool {
        if self.finished || self.failure.is_some() {
            return false;
        }
        // The newlines before the last token handed out give its line, before it moves away.
        let before = self.token.start.min(self.start);
        let newlines_before = newlines(&self.buffer[..before]);
        if self.token.start != GONE {
            self.token_line = self.lines + newlines_before + 1;
            self.token = GONE..GONE;
        }
        self.lines += newlines_before + newlines(&self.buffer[before..self.start]);
        self.offset += self.start as u64;
        self.buffer.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.finished = true;
                    return false;
                }
                Ok(read) => {
                    self.end += read;
                    return true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failure = Some(InputError::Read(e));
                    return false;
                }
            }
        }
    }

    /// Reads until `buffer[start..]` holds `count` bytes, or all the input has.
    fn hold(&mut self, count: usize) {
        while self.end - self.start < count && self.refill() {}
    }

    /// Hands out `buffer[start..stop]` and stops the stream: nothing comes after a bad token.
    fn hand_out_last(&mut self, stop: usize, digits: bool, cut: bool) -> Option<&str> {
        self.token = self.start..stop;
        self.cut = cut;
        self.digits = digits;
        self.finished = true;
        self.start = self.end;
        let text = &self.buffer[self.token.clone()];
        // Cut at a character boundary: a message shows the valid beginning.
        let valid = std::str::from_utf8(text).map_or_else(|e| e.valid_up_to(), |t| t.len());
        if valid < text.len() {
            self.token.end = self.token.start + valid;
            self.cut = true;
        }
        std::str::from_utf8(&self.buffer[self.token.clone()]).ok()
    }

    /// Drops the leading zeros of the digits `buffer[start..at]`, but the last digit.
    fn drop_leading_zeros(&mut self, at: usize) {
        let digits = &self.buffer[self.start..at];
        let zeros = digits.iter().take_while(|&&b| b == b'0').count();
        let dropped = zeros.min(digits.len() - 1);
        self.start += dropped;
        self.zeros += dropped as u64;
    }

    /// Skips white space; true when a token starts at `buffer[start]`, false at the end of the
    /// input or where reading stopped.
    fn skip_space(&mut self) -> bool {
        loop {
            if let Some(k) = self.buffer[self.start..self.end]
                .iter()
                .position(|&b| !is_space(b))
            {
                self.start += k;
                return true;
            }
            self.start = self.end;
            if !self.refill() {
                return false;
            }
        }
    }

    /// Stops the stream at a byte no token holds, with `failure` on the line of `buffer[at]`.
    fn fail_at(&mut self, at: usize, failure: InputError) {
        let line = self.line_at(at);
        self.failure = Some(InputError::At {
            line,
            error: Box::new(failure),
        });
        self.finished = true;
        self.start = self.end;
    }

    /// Ends a token whose digits `buffer[start..at]` are followed by a byte that is neither a
    /// digit nor white space (or by more digits than any number has).
    #[cold]
    fn bad_byte(&mut self, at: usize) -> Option<&str> {
        let run = at - self.start;
        let zeros = self.buffer[self.start..at]
            .iter()
            .take_while(|&&b| b == b'0')
            .count()
            .min(run.saturating_sub(1));
        if run - zeros > 20 {
            // Too large already: what follows the digits does not matter.
            if run > LONG {
                self.drop_leading_zeros(at);
            }
            return self.hand_out_last(at, true, false);
        }
        // At most three more bytes complete a character.
        self.hold(run + 4);
        let at = self.start + run;
        if at >= self.end {
            // Only a failure to read ends the input before a byte already seen.
            return None;
        }
        if let Some(failure) = stops(&self.buffer[at..self.end], self.offset + at as u64) {
            self.fail_at(at, failure);
            return None;
        }
        // Not a number: shown by its first LONG bytes, counting the zeros already dropped.
        let kept = LONG - self.zeros.min(LONG as u64) as usize;
        self.hold(kept + 1);
        let limit = self.end.min(self.start + kept);
        let stop = self.buffer[self.start..limit]
            .iter()
            .position(|&b| is_space(b))
            .map_or(limit, |k| self.start + k);
        let ends = if stop < self.end {
            is_space(self.buffer[stop])
        } else {
            self.failure.is_none()
        };
        self.hand_out_last(stop, false, !ends)
    }

    /// Notes the line of `M` and how many numbers the line after it holds: read after `M`, with
    /// `n` piles declared.
    fn mark_counts(&mut self, n: u64, m: u64) {
        self.layout = Layout {
            n,
            m,
            counts: self.last_line(),
            ..Layout::default()
        };
        if n == 0 {
            return;
        }
        let (seen, whole) = self.look_ahead();
        let Some(first) = seen.iter().position(|&b| b == b'\n') else {
            return;
        };
        if !seen[..first].iter().all(|&b| is_space(b)) {
            return;
        }
        let rest = &seen[first + 1..];
        let line = match rest.iter().position(|&b| b == b'\n') {
            Some(k) => &rest[..k],
            None if whole => rest,
            None => return,
        };
        self.layout.next_line = Some(tokens_in(line));
    }

    /// Notes whether the token after the last pile is on its line, and the first line of the
    /// moves that does not hold two numbers: read after the piles.
    fn mark_piles(&mut self) {
        if self.layout.n == 0 || self.layout.next_line.is_none() {
            return;
        }
        let last = self.last_line();
        self.layout.piles_read = true;
        if !self.skip_space() {
            return;
        }
        let first = self.line_at(self.start);
        self.layout.shared = first == last;
        if self.layout.shared || self.layout.m == 0 {
            return;
        }
        let (seen, whole) = self.look_ahead();
        let mut lines = seen.split(|&b| b == b'\n');
        // The last piece ends a line only where the input ends.
        let complete = seen.iter().filter(|&&b| b == b'\n').count() + usize::from(whole);
        let counts = lines.by_ref().take(complete).map(tokens_in);
        let counts: Vec<u64> = counts.collect();
        if counts.contains(&2) {
            self.layout.odd_move_line = (first..)
                .zip(counts)
                .find(|&(_, count)| count != 2 && count != 0);
        }
    }

    /// `error` with the line of the last token and, when the line after `N M` disagrees with
    /// N, that likely cause.
    #[cold]
    fn locate(&self, error: InputError) -> Refused {
        use InputError as E;
        let after_piles = match &error {
            E::Read(_) | E::OutOfMemory { .. } | E::Empty | E::At { .. } => return error.into(),
            E::Ended { items, .. } => *items != "piles",
            E::BadNumber { place, .. } => matches!(place, Place::MoveX(_) | Place::MoveY(_)),
            E::TakesNothing { .. } | E::TakesTooMany { .. } | E::Trailing { .. } => true,
            _ => false,
        };
        let line = self.last_line();
        let Layout {
            n,
            counts,
            next_line,
            piles_read,
            shared,
            odd_move_line,
            ..
        } = self.layout;
        let piles = next_line.and_then(|count| {
            let wrong = if after_piles {
                piles_read && count != n && (count > n || shared)
            } else {
                matches!(error, E::Ended { .. }) && count < n && line == counts + 1
            };
            wrong.then_some(Hint {
                line: counts + 1,
                count,
                n: Some(n),
            })
        });
        let moves = odd_move_line
            .filter(|&(odd, _)| after_piles && odd <= line)
            .map(|(line, count)| Hint {
                line,
                count,
                n: None,
            });
        let hint = piles.or(moves);
        let error = E::At {
            line,
            error: Box::new(error),
        };
        Refused { error, hint }
    }
}

impl<R: BufRead> Source<R> for Stream<R> {
    /// The next token, or `None` at the end of the input or where reading stopped.
    fn next_token(&mut self) -> Option<&str> {
        if !self.skip_space() {
            return None;
        }
        // The digits of the token.
        let mut at = self.start;
        let mut long = false;
        loop {
            at = digits_end(&self.buffer[..self.end], at);
            if at < self.end {
                break;
            }
            // The digits run to the end of what is read: drop leading zeros of a long run, and
            // stop at a run too long for any number.
            if at - self.start > LONG {
                long = true;
                self.drop_leading_zeros(at);
                if at - self.start > SHOWN {
                    return self.hand_out_last(at, true, true);
                }
            }
            let scanned = at - self.start;
            if !self.refill() {
                if self.failure.is_some() {
                    return None;
                }
                at = self.start + scanned;
                break;
            }
            at = self.start + scanned;
        }
        if at < self.end && !is_space(self.buffer[at]) {
            return self.bad_byte(at);
        }
        if long || at - self.start > LONG {
            self.drop_leading_zeros(at);
            self.zeros = 0;
        }
        self.token = self.start..at;
        self.cut = false;
        self.digits = true;
        self.start = at;
        // The token is ASCII digits (checked by `digits_end` just above), so UTF-8.
        std::str::from_utf8(&self.buffer[self.token.clone()]).ok()
    }

    fn is_empty(&mut self) -> bool {
        !self.skip_space()
    }
}

/// The value of a non-empty run of ASCII digits, leading zeros allowed, if below 2^64.
pub(crate) fn digits_value(digits: &[u8]) -> Result<u64, BadNumber> {
    let zeros = digits.iter().take_while(|&&b| b == b'0').count();
    let digits = &digits[zeros.min(digits.len() - 1)..];
    // 19 digits never overflow (10^19 - 1 < 2^64); 21 always do.
    let (head, last) = match digits.len() {
        ..=19 => return Ok(eight_at_a_time(digits)),
        20 => digits.split_at(19),
        _ => return Err(BadNumber::TooLarge),
    };
    eight_at_a_time(head)
        .checked_mul(10)
        .and_then(|v| v.checked_add((last[0] - b'0') as u64))
        .ok_or(BadNumber::TooLarge)
}

/// `ONES * b` has the byte `b` in each of its eight bytes.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The first index at or after `from` whose byte is not a digit, or `bytes.len()`.
///
/// Eight bytes at a time: a byte `b` is a digit iff `t = b ^ 0x30` is below 10, that is iff
/// neither `t` nor `t + 0x76` has its top bit set. A carry out of a byte only reaches bytes
/// after it, and only out of a non-digit, so the first flagged byte is the first non-digit.
fn digits_end(bytes: &[u8], mut from: usize) -> usize {
    while let Some(word) = bytes.get(from..from + 8) {
        let t = u64::from_le_bytes(word.try_into().unwrap()) ^ (ONES * 0x30);
        let flags = (t.wrapping_add(ONES * 0x76) | t) & (ONES * 0x80);
        if flags != 0 {
            return from + flags.trailing_zeros() as usize / 8;
        }
        from += 8;
    }
    from + bytes[from..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count()
}

/// `POWERS[k]` is 10^k.
const POWERS: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The value of at most 19 digits, eight at a time.
fn eight_at_a_time(digits: &[u8]) -> u64 {
    let len = digits.len();
    if len < 8 {
        return digits.iter().fold(0, |v, &b| v * 10 + (b - b'0') as u64);
    }
    let word = |at: usize| u64::from_le_bytes(digits[at..at + 8].try_into().unwrap());
    let (mut value, mut at) = (0, 0);
    while at + 8 <= len {
        value = value * 100_000_000 + eight_digits(word(at));
        at += 8;
    }
    let rest = len - at;
    if rest == 0 {
        return value;
    }
    // The last eight bytes end with the rest: the digits before them, in the low bytes, become
    // zeros.
    let read = (1u64 << (8 * (8 - rest))) - 1;
    let last = (word(len - 8) & !read) | ((ONES * b'0' as u64) & read);
    value * POWERS[rest] + eight_digits(last)
}

/// The value of the `len` (1 to 19) ASCII digits that `bytes` starts with; the bytes after them
/// may be anything.
pub(crate) fn up_to_19_digits(bytes: &[u8; 24], len: usize) -> u64 {
    let word = |k: usize| bytes[8 * k..8 * k + 8].try_into().unwrap();
    match len {
        ..=8 => leading_digits(word(0), len),
        9..=16 => {
            eight_digits(u64::from_le_bytes(word(0))) * POWERS[len - 8]
                + leading_digits(word(1), len - 8)
        }
        _ => {
            let high = eight_digits(u64::from_le_bytes(word(0))) * 100_000_000
                + eight_digits(u64::from_le_bytes(word(1)));
            high * POWERS[len - 16] + leading_digits(word(2), len - 16)
        }
    }
}

/// The value of the `len` (1 to 8) ASCII digits that `bytes` starts with; the bytes after them
/// may be anything.
pub(crate) fn leading_digits(bytes: [u8; 8], len: usize) -> u64 {
    // The digits move to the high bytes, and zeros fill the low ones: the same value.
    let low = (1u64 << (8 * (8 - len))) - 1;
    let word = u64::from_le_bytes(bytes) << (8 * (8 - len));
    eight_digits(word | ((ONES * b'0' as u64) & low))
}

/// The value of eight ASCII digits read as a little-endian word (the first digit in the low
/// byte): pairs, then quads, then all eight, each step one multiply.
fn eight_digits(word: u64) -> u64 {
    let d = word - ONES * b'0' as u64;
    let pairs = (d * 10 + (d >> 8)) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs * 100 + (pairs >> 16)) & 0x0000_ffff_0000_ffff;
    (quads * 10_000 + (quads >> 32)) & 0xffff_ffff
}
