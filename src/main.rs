//! Constrained Nim (AtCoder ABC255 G): who wins, by Sprague–Grundy in one sweep over the
//! special points.
//!
//! This file is a complete judge submission on its own: it needs only `proconio` and
//! `rustc-hash`. The command-line modes of the full tool (`--grundy`, `--move`, `--explain`,
//! `--check`) live in `cli`, which only the default feature `cli` compiles.
//!
//! Reading order: input → forbidden moves grouped by X → the sweep → verdict.

// The judge's Cargo.toml declares no feature, so there `cli` is an unknown cfg value; our own
// Cargo.toml declares it, and keeps the check for every other cfg.
#![cfg_attr(not(feature = "cli"), allow(unexpected_cfgs))]

use proconio::source::{Source, once::OnceSource};
use rustc_hash::FxHashMap;
use std::fmt;
use std::io::{self, Cursor, Read};

#[cfg(feature = "cli")]
mod cli;
#[cfg(test)]
mod tests;

fn main() {
    #[cfg(feature = "cli")]
    let code = cli::run();
    #[cfg(not(feature = "cli"))]
    let code = judge();
    std::process::exit(code);
}

/// The judge's program: the game on standard input, the winner on standard output.
///
/// Exit status 0 with `Takahashi` or `Aoki`; for input that is not a game, one `error: ` line on
/// standard error and exit status 1.
#[cfg(not(feature = "cli"))]
fn judge() -> i32 {
    use std::io::Write;
    let verdict = read_game(io::stdin().lock()).map(winner);
    match verdict {
        Ok(name) => {
            let mut out = io::stdout().lock();
            match writeln!(out, "{name}").and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    report(format_args!("writing the answer: {e}"));
                    1
                }
            }
        }
        Err(e) => {
            report(e);
            1
        }
    }
}

/// Writes one `error: ` line on standard error. A standard error that cannot be written to (closed,
/// or a full disk) is no reason to panic: the exit status still tells what happened.
fn report(message: impl fmt::Display) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

/// The first player's name if the position is a win for the player to move, else the second's.
///
/// # Complexity
/// - O((N + M) log(N + M))
fn winner(game: Game) -> &'static str {
    let Game {
        mut piles,
        forbidden,
    } = game;
    let mut nim_sum = 0;
    sweep(
        forbidden,
        &mut piles,
        |&a| a,
        |_, g| nim_sum ^= g,
        |_, _| {},
    );
    if nim_sum != 0 { "Takahashi" } else { "Aoki" }
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/// A game as read: the piles and the forbidden moves `(X, Y)`, both in input order.
///
/// Every forbidden move satisfies `1 <= Y <= X`; piles may be empty (0 stones).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Game {
    piles: Vec<u64>,
    forbidden: Vec<(u64, u64)>,
}

/// Why an input is not a game. Each message names its place in the game's terms.
#[derive(Debug)]
enum InputError {
    /// Reading failed below us (an I/O error).
    Read(io::Error),
    /// The bytes are not UTF-8; `offset` is the first bad byte.
    NotUtf8 { offset: usize },
    /// A non-ASCII white-space character, which would silently split a token.
    NonAsciiSpace { line: usize, ch: char },
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
        token: String,
        kind: BadNumber,
    },
    /// A forbidden move that takes no stone.
    TakesNothing { move_index: u64 },
    /// A forbidden move that takes more stones than its pile has.
    TakesTooMany { move_index: u64, x: u64, y: u64 },
    /// Tokens after the last item the counts declared.
    Trailing { after: &'static str, token: String },
}

/// Where in the game a token stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    PileCount,
    MoveCount,
    Pile(u64),
    MoveX(u64),
    MoveY(u64),
}

/// How a token fails to be a number in `0..2^64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BadNumber {
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

/// A token as an error message shows it: quoted, escaped, and cut after 24 characters.
struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const LIMIT: usize = 24;
        let count = self.0.chars().count();
        if count <= LIMIT {
            write!(f, "{:?}", self.0)
        } else {
            let head: String = self.0.chars().take(LIMIT).collect();
            write!(f, "{:?}... ({count} characters)", head)
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Read(e) => write!(f, "reading the input: {e}"),
            InputError::NotUtf8 { offset } => {
                write!(
                    f,
                    "byte {offset} is not UTF-8 text; the input must be numbers in ASCII"
                )
            }
            InputError::NonAsciiSpace { line, ch } => write!(
                f,
                "line {line}: white space U+{:04X} is not ASCII; separate numbers with spaces, tabs or newlines",
                *ch as u32
            ),
            InputError::Empty => write!(f, "the input is empty; expected N and M first"),
            InputError::NoMoveCount => {
                write!(f, "input ended before M (the number of forbidden moves)")
            }
            InputError::Ended {
                read,
                declared,
                items,
            } => {
                write!(f, "input ended after {read} of {declared} {items}")
            }
            InputError::BadNumber {
                place,
                token,
                kind: BadNumber::NotInteger,
            } => {
                write!(
                    f,
                    "{place}: expected a non-negative integer, found {}",
                    Shown(token)
                )
            }
            InputError::BadNumber {
                place,
                token,
                kind: BadNumber::TooLarge,
            } => {
                if token.len() <= 24 {
                    write!(f, "{place}: {token} does not fit in 64 bits")
                } else {
                    let (head, len) = (&token[..24], token.len());
                    write!(
                        f,
                        "{place}: {head}... ({len} digits) does not fit in 64 bits"
                    )
                }
            }
            InputError::TakesNothing { move_index } => write!(
                f,
                "forbidden move {move_index}: Y = 0 (a move takes at least one stone)"
            ),
            InputError::TakesTooMany { move_index, x, y } => {
                write!(f, "forbidden move {move_index}: Y = {y} > X = {x}")
            }
            InputError::Trailing { after, token } => {
                write!(f, "unexpected input after {after}: {}", Shown(token))
            }
        }
    }
}

/// Reads all of `reader` and parses it as a game.
///
/// Nothing is reserved by a declared count that the input has not backed with tokens, so a
/// huge `N` or `M` over a short input fails fast in small memory.
///
/// # Complexity
/// - O(input size)
fn read_game(mut reader: impl Read) -> Result<Game, InputError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(InputError::Read)?;
    check_text(&bytes)?;
    let budget = bytes.len() / 2 + 1;
    // proconio copies the text out of the reader, so the bytes are freed when it returns.
    let mut source = OnceSource::new(Cursor::new(bytes));
    parse_game(&mut source, budget)
}

/// Checks what proconio's tokenizer relies on: UTF-8 text, split only at ASCII white space.
fn check_text(bytes: &[u8]) -> Result<(), InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
        offset: e.valid_up_to(),
    })?;
    if text.is_ascii() {
        return Ok(());
    }
    for (index, line) in text.lines().enumerate() {
        if let Some(ch) = line.chars().find(|c| !c.is_ascii() && c.is_whitespace()) {
            return Err(InputError::NonAsciiSpace {
                line: index + 1,
                ch,
            });
        }
    }
    Ok(())
}

/// Parses `N M`, the piles and the forbidden moves from the tokens of `source`.
///
/// `budget` bounds every reservation: a game whose input is `k` bytes long holds at most
/// `k / 2 + 1` numbers.
fn parse_game<R: io::BufRead>(
    source: &mut impl Source<R>,
    budget: usize,
) -> Result<Game, InputError> {
    let n = match source.next_token() {
        None => return Err(InputError::Empty),
        Some(token) => number(token, Place::PileCount)?,
    };
    let m = match source.next_token() {
        None => return Err(InputError::NoMoveCount),
        Some(token) => number(token, Place::MoveCount)?,
    };
    let ended = |read: u64, declared: u64, items| InputError::Ended {
        read,
        declared,
        items,
    };

    let mut piles = Vec::with_capacity(n.min(budget as u64) as usize);
    for i in 1..=n {
        let token = source.next_token().ok_or(ended(i - 1, n, "piles"))?;
        piles.push(number(token, Place::Pile(i))?);
    }

    let mut forbidden = Vec::with_capacity(m.min(budget as u64 / 2) as usize);
    for i in 1..=m {
        let x = source
            .next_token()
            .ok_or(ended(i - 1, m, "forbidden moves"))?;
        let x = number(x, Place::MoveX(i))?;
        let y = source
            .next_token()
            .ok_or(ended(i - 1, m, "forbidden moves"))?;
        let y = number(y, Place::MoveY(i))?;
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
        forbidden.push((x, y));
    }

    if let Some(token) = source.next_token() {
        let after = match (n, m) {
            (_, 1..) => "the last forbidden move",
            (1.., 0) => "the last pile (M = 0)",
            (0, 0) => "N and M (both 0)",
        };
        return Err(InputError::Trailing {
            after,
            token: token.to_owned(),
        });
    }
    Ok(Game { piles, forbidden })
}

/// Parses a number in `0..2^64` written with the digits `0`–`9` only.
fn number(token: &str, place: Place) -> Result<u64, InputError> {
    parse_u64(token).map_err(|kind| InputError::BadNumber {
        place,
        token: token.to_owned(),
        kind,
    })
}

/// Parses a non-negative decimal integer below 2^64: digits only, no sign, leading zeros allowed.
fn parse_u64(token: &str) -> Result<u64, BadNumber> {
    let digits = token.as_bytes();
    if digits.is_empty() {
        return Err(BadNumber::NotInteger);
    }
    // 19 digits never overflow (10^19 - 1 < 2^64), so the common case needs no checks.
    if digits.len() <= 19 {
        let mut value = 0u64;
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(BadNumber::NotInteger);
            }
            value = value * 10 + d as u64;
        }
        return Ok(value);
    }
    if !digits.iter().all(u8::is_ascii_digit) {
        return Err(BadNumber::NotInteger);
    }
    digits.iter().try_fold(0u64, |value, &b| {
        value
            .checked_mul(10)
            .and_then(|v| v.checked_add((b - b'0') as u64))
            .ok_or(BadNumber::TooLarge)
    })
}

// ---------------------------------------------------------------------------------------------
// Forbidden moves grouped by X
// ---------------------------------------------------------------------------------------------

/// The forbidden moves as `(X, X - Y)`: each special point `X` with a forbidden target, the
/// position the move would reach. Sorted and distinct, so each special point's targets form
/// one run, increasing.
///
/// # Complexity
/// - `new`: O(M log M)
struct Forbidden {
    moves: Vec<(u64, u64)>,
}

impl Forbidden {
    /// Groups `(X, Y)` pairs; a pair listed twice counts once.
    ///
    /// # Constraints
    /// - `1 <= Y <= X` for every pair
    fn new(mut moves: Vec<(u64, u64)>) -> Forbidden {
        for (x, y) in &mut moves {
            *y = *x - *y;
        }
        // By X alone, then each group by target: most groups are single moves.
        moves.sort_unstable_by_key(|&(x, _)| x);
        for group in moves
            .chunk_by_mut(|a, b| a.0 == b.0)
            .filter(|group| group.len() > 1)
        {
            group.sort_unstable();
        }
        moves.dedup();
        Forbidden { moves }
    }

    /// The special points in increasing order, each as its run of `(X, target)`.
    fn groups(&self) -> impl Iterator<Item = &[(u64, u64)]> {
        self.moves.chunk_by(|a, b| a.0 == b.0)
    }
}

// ---------------------------------------------------------------------------------------------
// The sweep
// ---------------------------------------------------------------------------------------------

/// Answers `g` at sorted positions in one sweep over the special points in increasing order.
///
/// Why it works: let `H(n)` be the number of values among `g(0..n)`. By induction those values
/// are exactly `0..H(n)`, so at a position that is not special every value below `H(n)` is
/// reachable and `g(n) = H(n)`: g rises with slope 1. At a special point `x` a value `w` is
/// unreachable iff every position below `x` holding `w` is a forbidden target. Each value is
/// held once on the rising runs plus once per earlier special point that dropped to it (the
/// duplicate-count table `extra`), so `g(x)` is the smallest target value `w` with
/// `#targets of value w == 1 + extra[w]`, or `H(x)` when there is none.
///
/// The Grundy values of the forbidden targets and of the queries are asked for in increasing
/// position, so the sweep answers each as it passes it, with no search.
///
/// - `moves` are the forbidden `(X, Y)`; they come back grouped.
/// - `queries` are sorted here by `position`; `answer(q, g(position(q)))` is called for each,
///   in increasing position.
/// - `emit(p, v)` receives the breakpoints of g in increasing position: between consecutive
///   breakpoints `p < q`, `g(n) = g(p) + (n - p)` for `p <= n < q`, and past the last one the
///   line goes on to 2^64 - 1. The first is `0 -> 0`, and none merely continues the line
///   before it.
///
/// # Complexity
/// - O((N + M) log(N + M)) for M forbidden moves and N queries; the three sorts share two
///   threads.
fn sweep<Q: Send>(
    moves: Vec<(u64, u64)>,
    queries: &mut [Q],
    position: impl Fn(&Q) -> u64 + Sync,
    mut answer: impl FnMut(&Q, u64),
    emit: impl FnMut(u64, u64),
) -> Forbidden {
    // Every target with its place in the grouped moves, by position: the order the sweep needs
    // them. The queries need nothing from the moves, so they are sorted beside.
    let parallel = queries.len() >= PARALLEL;
    let sort_queries = || queries.sort_unstable_by_key(|q| position(q));
    let group_moves = || {
        let forbidden = Forbidden::new(moves);
        let mut asked: Vec<(u64, usize)> =
            forbidden.moves.iter().map(|&(_, t)| t).zip(0..).collect();
        let middle = sort_in_halves(&mut asked);
        (forbidden, (asked, middle))
    };
    let ((), (forbidden, asked)) = beside(parallel, sort_queries, group_moves);
    let moves = &forbidden.moves;
    let mut asked = Merge::new(&asked.0, asked.1);
    let mut queries = queries.iter().peekable();
    // target_value[j] = g(moves[j].1), filled in before the special point moves[j].0;
    // shared holds j when another forbidden move has the same target as move j.
    let mut target_value = vec![0u64; moves.len()];
    let mut shared = Bits::new(moves.len());
    let mut previous: Option<(u64, usize)> = None;
    // extra[w] for the values some later target may still hold; no other value is looked up.
    // Its keys are `keys.key(w)`, so that the input cannot choose where they land.
    let keys = Keys::new();
    let mut extra: FxHashMap<u64, u64> = FxHashMap::default();
    let mut line = Line::new(emit);
    let mut dropped = 0u64;
    let mut scratch = Vec::new();
    let mut first = 0;

    for group in forbidden.groups() {
        let x = group[0].0;
        while let Some((t, j)) = asked.next_below(x) {
            target_value[j] = line.grundy(t);
            if let Some((_, k)) = previous.filter(|&(p, _)| p == t) {
                shared.insert(j);
                shared.insert(k);
            }
            previous = Some((t, j));
        }
        while let Some(q) = queries.next_if(|q| position(q) < x) {
            answer(q, line.grundy(position(q)));
        }
        let slots = first..first + group.len();
        first += group.len();
        let held = |w: u64| 1 + extra.get(&keys.key(w)).copied().unwrap_or(0);
        if let Some(w) = drop_to(&target_value[slots.clone()], held, &mut scratch) {
            // After the drop, w is held by x and by the targets holding it. A later special
            // point reads extra[w] only through a target holding w, and can drop to w only if
            // it targets all of them: so only if one of them is targeted again.
            let read_again = asked.next_position() == Some(x)
                || slots
                    .filter(|&j| target_value[j] == w)
                    .any(|j| shared.contains(j));
            if read_again {
                *extra.entry(keys.key(w)).or_insert(0) += 1;
            }
            dropped += 1;
            line.push(x, w);
            // The line restarts at H: one value fewer than positions for every drop.
            if let Some(after) = x.checked_add(1) {
                line.push(after, after - dropped);
            }
        }
    }
    for q in queries {
        answer(q, line.grundy(position(q)));
    }
    line.finish();
    forbidden
}

/// The value a special point drops to, if any: the smallest value held by its targets that no
/// allowed move reaches, because all of its `held(w) = 1 + extra[w]` holders are among the
/// targets.
///
/// `values` are the Grundy values of distinct positions; `scratch` is reused memory.
fn drop_to(values: &[u64], held: impl Fn(u64) -> u64, scratch: &mut Vec<u64>) -> Option<u64> {
    if let [w] = *values {
        return (held(w) == 1).then_some(w);
    }
    scratch.clear();
    scratch.extend_from_slice(values);
    scratch.sort_unstable();
    let run = scratch
        .chunk_by(|a, b| a == b)
        .find(|run| run.len() as u64 == held(run[0]))?;
    Some(run[0])
}

/// The keys of the duplicate-count table: each value `w` goes through a bijection drawn afresh for
/// every run, so that no input can choose where its keys land in the table.
///
/// Why: `FxHasher` hashes a `u64` as `(w · K).rotate_left(26)` with a public odd `K`, and
/// hashbrown takes the bucket from the low bits of that and a tag from its top 7 bits. An input
/// whose dropped values are `r · K⁻¹ mod 2^56` for small `r` puts every key in one bucket with
/// one tag, and each lookup walks all earlier keys: quadratic time. `FxSeededState` does not
/// help: it starts the hash at a seed `s`, and `(s + w) · K = s·K + w·K` moves all those keys
/// by the same amount, so they stay together.
///
/// Instead, `key(w)` is chosen so that FxHash of it is exactly `hash(w)`: `w` scrambled by a
/// random odd multiplier `a` and an xor-shift, then multiplied by a second random odd `b`, with
/// the top bits of that product reversed into the low bits hashbrown reads. The top `l` bits of
/// `b · v` are multiply-shift hashing (Dietzfelbinger et al., 1997): for two distinct `v` fixed
/// before `b` is drawn, they agree with probability at most `2 / 2^l`. The first round is a
/// bijection that does not depend on `b`, so this holds for any two values, and every input,
/// however chosen, sees expected O(1) work per lookup; the first round only breaks up the
/// arithmetic structure that a crafted input has, which a single multiplier maps to lattices
/// that fill the table unevenly. The tag comes from the low bits of `b · v` mixed with its top
/// seven.
struct Keys {
    /// The random odd multipliers `a` and `b`.
    multipliers: [u64; 2],
}

/// `FxHasher`'s multiplier in rustc-hash 2.1.1 (64-bit targets), and its inverse mod 2^64.
const FX_K: u64 = 0xf135_7aea_2e62_a9c5;
const FX_K_INVERSE: u64 = {
    // Newton's iteration doubles the correct low bits each step: 3 (any odd k is its own
    // inverse mod 8), 6, 12, 24, 48, 96.
    let mut inverse = FX_K;
    let mut step = 0;
    while step < 5 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(FX_K.wrapping_mul(inverse)));
        step += 1;
    }
    inverse
};

impl Keys {
    /// Keys with multipliers drawn from the standard library's per-process random seed.
    fn new() -> Keys {
        use std::hash::{BuildHasher, RandomState};
        Keys::with_seed(RandomState::new().hash_one(0x5eed_u64))
    }

    fn with_seed(seed: u64) -> Keys {
        // SplitMix64's output mixing: two unrelated odd numbers from one seed.
        let mix = |mut z: u64| {
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) | 1
        };
        Keys {
            multipliers: [mix(seed), mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15))],
        }
    }

    /// The hash the table sees for `w`: a bijection of `w`.
    fn hash(&self, w: u64) -> u64 {
        let [a, b] = self.multipliers;
        let v = a.wrapping_mul(w);
        let m = b.wrapping_mul(v ^ (v >> 32));
        (m ^ (m >> 57)).reverse_bits()
    }

    /// The key stored for `w`: FxHash of it is `self.hash(w)` (a test pins that). A bijection,
    /// so distinct values keep distinct keys.
    fn key(&self, w: u64) -> u64 {
        self.hash(w).rotate_right(26).wrapping_mul(FX_K_INVERSE)
    }
}

/// The breakpoints as the sweep writes them.
///
/// It keeps the newest two, which may still be replaced and which answer every query at or
/// past the previous special point; older ones are final and go to `emit`.
struct Line<E: FnMut(u64, u64)> {
    older: Option<(u64, u64)>,
    last: (u64, u64),
    emit: E,
}

impl<E: FnMut(u64, u64)> Line<E> {
    fn new(emit: E) -> Self {
        Line {
            older: None,
            last: (0, 0),
            emit,
        }
    }

    /// Sets `g(p) = v` and lets the line run on from there; `p` is at least the last position,
    /// and a breakpoint that merely continues the line is left out.
    fn push(&mut self, p: u64, v: u64) {
        if self.last.0 == p {
            self.last = self
                .older
                .take()
                .expect("only a breakpoint after 0 is ever replaced");
        }
        let (q, w) = self.last;
        if w + (p - q) != v {
            if let Some((final_p, final_v)) = self.older.replace(self.last) {
                (self.emit)(final_p, final_v);
            }
            self.last = (p, v);
        }
    }

    /// `g(t)` for a position `t` at or past the previous special point.
    fn grundy(&self, t: u64) -> u64 {
        let (p, v) = if self.last.0 <= t {
            self.last
        } else {
            self.older.expect("t is past a kept breakpoint")
        };
        v + (t - p)
    }

    fn finish(mut self) {
        if let Some((p, v)) = self.older {
            (self.emit)(p, v);
        }
        (self.emit)(self.last.0, self.last.1);
    }
}

/// A set of indices below a bound, one bit each: small enough to stay in cache where the
/// sweep marks it in random order.
struct Bits(Vec<u64>);

impl Bits {
    fn new(bound: usize) -> Bits {
        Bits(vec![0; bound.div_ceil(64)])
    }

    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

/// How many items a sort needs before a second thread pays for itself.
const PARALLEL: usize = 1 << 14;

/// Sorts `items[..middle]` and `items[middle..]` by position, at once on two threads, and
/// returns `middle`.
fn sort_in_halves(items: &mut [(u64, usize)]) -> usize {
    let middle = if items.len() < PARALLEL {
        0
    } else {
        items.len() / 2
    };
    let (left, right) = items.split_at_mut(middle);
    let by_position = |half: &mut [(u64, usize)]| half.sort_unstable_by_key(|&(t, _)| t);
    beside(middle > 0, || by_position(left), || by_position(right));
    middle
}

/// Runs `side` on a second thread while `here` runs on this one, and returns both results.
///
/// Unless `parallel`, both run here, one after the other; so they do when a thread cannot be
/// started (a process limit, no memory for its stack, a huge `RUST_MIN_STACK`): that is no
/// error, and the results are the same.
fn beside<A: Send, B>(
    parallel: bool,
    side: impl FnOnce() -> A + Send,
    here: impl FnOnce() -> B,
) -> (A, B) {
    use std::sync::{Mutex, PoisonError};
    if !parallel {
        return (side(), here());
    }
    // The thread takes `side` out of the slot; when it never starts, `side` is still there.
    let slot = Mutex::new(Some(side));
    let take = || slot.lock().unwrap_or_else(PoisonError::into_inner).take();
    std::thread::scope(|scope| {
        let started = std::thread::Builder::new().spawn_scoped(scope, || take().map(|side| side()));
        let b = here();
        let a = match started {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        };
        let a = a.unwrap_or_else(|| take().expect("side has not run yet")());
        (a, b)
    })
}

/// Two sorted runs of targets read as one.
struct Merge<'a> {
    halves: [&'a [(u64, usize)]; 2],
}

impl<'a> Merge<'a> {
    fn new(items: &'a [(u64, usize)], middle: usize) -> Merge<'a> {
        let (left, right) = items.split_at(middle);
        Merge {
            halves: [left, right],
        }
    }

    /// The position of the next target, if any.
    fn next_position(&self) -> Option<u64> {
        self.halves
            .iter()
            .filter_map(|half| half.first())
            .map(|&(t, _)| t)
            .min()
    }

    /// The next target in position order, if it is below `x`.
    fn next_below(&mut self, x: u64) -> Option<(u64, usize)> {
        let half = match self.halves.map(<[_]>::first) {
            [Some(a), Some(b)] => usize::from(b.0 < a.0),
            [Some(_), None] => 0,
            [None, _] => 1,
        };
        let (&first, rest) = self.halves[half].split_first()?;
        if first.0 >= x {
            return None;
        }
        self.halves[half] = rest;
        Some(first)
    }
}
