//! Constrained Nim (AtCoder ABC255 G): who wins, by Sprague–Grundy in one sweep over the
//! special points.
//!
//! This file is a complete judge submission on its own: it needs only `proconio` and
//! `rustc-hash`. The command-line tool (its modes, its subcommands, its faster reader that says
//! what is wrong with an input, its second thread) lives in `cli`, which only the default
//! feature `cli` compiles; it calls the same sweep.
//!
//! Reading order: input → forbidden moves grouped by X → the sweep → verdict.

// The judge's Cargo.toml declares no feature, so there `cli` is an unknown cfg value; our own
// Cargo.toml declares it, and keeps the check for every other cfg.
#![cfg_attr(not(feature = "cli"), allow(unexpected_cfgs))]

use proconio::source::Source;
use rustc_hash::FxHashMap;
use std::collections::TryReserveError;
use std::fmt;
use std::io::{self, Read};
use std::ops::Range;

#[cfg(feature = "cli")]
mod cli;
// Documentation only: the map of the design and of the tests that prove it, for `cargo doc`.
#[cfg(doc)]
mod guarantees;
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
/// standard error and exit status 1. A standard output closed from the start (`>&-`) is one
/// std has already replaced with `/dev/null`, as for every Rust program (ripgrep, cargo): the
/// answer goes nowhere with status 0. The full tool tells the two apart (`cli::game`).
#[cfg(not(feature = "cli"))]
fn judge() -> i32 {
    use std::io::Write;
    match read_game(io::stdin().lock()).and_then(|game| winner(game).map_err(NoVerdict::from)) {
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

/// Writes one `error: ` line on standard error. A standard error that cannot be written to
/// (closed, or a full disk) is no reason to panic: the exit status still tells what happened.
fn report(message: impl fmt::Display) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "error: {message}");
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

/// Memory that could not be had while `during` ("reading the piles", "solving", ...).
#[derive(Debug)]
struct OutOfMemory {
    during: &'static str,
}

/// Why the judge gives no verdict: one line each.
#[derive(Debug)]
enum NoVerdict {
    /// Reading failed below us (an I/O error).
    Read(io::Error),
    OutOfMemory(OutOfMemory),
    /// The input is not a game, found on input line `line` (from 1): the line of the first token
    /// no game can hold, or of the last token before the input ended too early (line 1 before
    /// any).
    NotAGame {
        line: u64,
        what: &'static str,
    },
}

impl From<OutOfMemory> for NoVerdict {
    fn from(e: OutOfMemory) -> NoVerdict {
        NoVerdict::OutOfMemory(e)
    }
}

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "out of memory while {}", self.during)
    }
}

impl fmt::Display for NoVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoVerdict::Read(e) => write!(f, "reading the input: {e}"),
            NoVerdict::OutOfMemory(e) => write!(f, "{e}"),
            NoVerdict::NotAGame { line, what } => write!(f, "line {line}: {what}"),
        }
    }
}

/// Reads `reader` as a game: all of it, then its tokens, stopping at the first that no game can
/// hold.
///
/// # Complexity
/// - O(input size) time and memory
fn read_game(mut reader: impl Read) -> Result<Game, NoVerdict> {
    let mut input = Vec::new();
    if let Err(e) = reader.read_to_end(&mut input) {
        return Err(match e.kind() {
            io::ErrorKind::OutOfMemory => OutOfMemory { during: "reading" }.into(),
            _ => NoVerdict::Read(e),
        });
    }
    parse_game(&mut Tokens::new(input))
}

/// Parses `N M`, the piles and the forbidden moves from `tokens`. Every message names the line
/// of the last token handed out; the tool's reader (`cli::reader`) says what is wrong there.
fn parse_game(tokens: &mut Tokens) -> Result<Game, NoVerdict> {
    let next = |tokens: &mut Tokens| match Source::next_token(tokens) {
        None => Err(tokens.not_a_game("the input ends too early")),
        Some(_) => tokens.number(),
    };
    let n = next(tokens)?;
    let m = next(tokens)?;
    let mut piles = Vec::new();
    for _ in 0..n {
        let pile = next(tokens)?;
        push(&mut piles, pile, n, "reading the piles")?;
    }
    let mut forbidden = Vec::new();
    for _ in 0..m {
        let x = next(tokens)?;
        let y = next(tokens)?;
        if y == 0 || y > x {
            return Err(tokens.not_a_game("a forbidden move needs 1 <= Y <= X"));
        }
        push(&mut forbidden, (x, y), m, "reading the forbidden moves")?;
    }
    if Source::next_token(tokens).is_some() {
        return Err(tokens.not_a_game("more input after the game"));
    }
    Ok(Game { piles, forbidden })
}

/// Appends `item`, growing `items` by doubling up to the `declared` count: so never by more
/// than the items read so far back, and never past what the input declared.
fn push<T>(
    items: &mut Vec<T>,
    item: T,
    declared: u64,
    during: &'static str,
) -> Result<(), OutOfMemory> {
    if items.len() == items.capacity() {
        let room = (declared - items.len() as u64).min(items.len().max(1024) as u64);
        items
            .try_reserve_exact(room as usize)
            .map_err(|_| OutOfMemory { during })?;
    }
    items.push(item);
    Ok(())
}

/// ASCII white space as proconio splits on it: space, tab, newline, vertical tab, form feed and
/// carriage return.
fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// The tokens of the input, held whole: a proconio [`Source`]. A token is a run of bytes between
/// ASCII white space; a number is a token of ASCII digits only (leading zeros allowed) below
/// 2^64. Any other byte, a Unicode space, a byte-order mark or bytes that are not UTF-8 among
/// them, makes its token no number; the tool's reader keeps these rules and names the byte.
struct Tokens {
    input: Vec<u8>,
    /// `input[next..]` is not read yet.
    next: usize,
    /// `input[token]` is the last token handed out.
    token: Range<usize>,
}

impl Source<&[u8]> for Tokens {
    /// The next token (`"\u{fffd}"` where it is not UTF-8), or `None` at the end of the input.
    fn next_token(&mut self) -> Option<&str> {
        let input = &self.input[..];
        let start = (self.next..input.len()).find(|&i| !is_space(input[i]))?;
        let end = (start..input.len()).find(|&i| is_space(input[i]));
        let end = end.unwrap_or(input.len());
        self.next = end;
        self.token = start..end;
        Some(std::str::from_utf8(&input[start..end]).unwrap_or("\u{fffd}"))
    }

    fn is_empty(&mut self) -> bool {
        self.input[self.next..].iter().all(|&b| is_space(b))
    }
}

impl Tokens {
    fn new(input: Vec<u8>) -> Tokens {
        Tokens {
            input,
            next: 0,
            token: 0..0,
        }
    }

    /// The last token handed out as a number.
    fn number(&self) -> Result<u64, NoVerdict> {
        let digits = &self.input[self.token.clone()];
        let value = digits.iter().try_fold(0u64, |value, &b| match b {
            b'0'..=b'9' => value.checked_mul(10)?.checked_add(u64::from(b - b'0')),
            _ => None,
        });
        value.ok_or_else(|| self.not_a_game("expected a number below 2^64"))
    }

    /// `what`, on the line of the last token handed out (line 1 before any).
    fn not_a_game(&self, what: &'static str) -> NoVerdict {
        let before = &self.input[..self.token.start];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u64;
        NoVerdict::NotAGame { line, what }
    }
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
    fn new(mut moves: Vec<(u64, u64)>, machine: &impl Machine) -> Forbidden {
        // By X alone; then one pass turns Y into the target, sorts each group by target (most
        // groups are single moves) and closes up the pairs listed twice.
        machine.sort(&mut moves, |&(x, _)| x);
        let mut kept = 0;
        let mut first = 0;
        while first < moves.len() {
            let end = group_end(&moves, first);
            let group = &mut moves[first..end];
            for (x, y) in group.iter_mut() {
                *y = *x - *y;
            }
            if group.len() > 1 {
                machine.sort(group, |&(_, t)| t);
            }
            // moves[i - 1] still holds its sorted value: the write at step j goes to
            // moves[kept] with kept <= j, so below i - 1, or onto moves[i - 1] itself.
            for i in first..end {
                if i == first || moves[i] != moves[i - 1] {
                    moves[kept] = moves[i];
                    kept += 1;
                }
            }
            first = end;
        }
        moves.truncate(kept);
        Forbidden { moves }
    }
}

/// The end of the group of moves that starts at `first`: the moves sorted by X, the first move
/// after `first` whose X differs, or the end.
fn group_end(moves: &[(u64, u64)], first: usize) -> usize {
    let x = moves[first].0;
    first + moves[first..].iter().take_while(|m| m.0 == x).count()
}

/// How the solver uses the machine: its sorts, and memory fetched ahead of a scattered write.
/// [`OneThread`] in the judge; the tool lends its second core and the processor's prefetch
/// (`cli::threads`). No answer depends on it.
trait Machine: Sync {
    /// Sorts `items` by `key`, equal keys in any order.
    fn sort<T: Send, K: Ord + Copy>(&self, items: &mut [T], key: impl Fn(&T) -> K + Sync);

    /// Asks for `item` to be brought into the cache, without waiting for it.
    fn fetch<T>(&self, _item: &T) {}
}

/// Every sort on the calling thread.
struct OneThread;

impl Machine for OneThread {
    fn sort<T: Send, K: Ord + Copy>(&self, items: &mut [T], key: impl Fn(&T) -> K + Sync) {
        items.sort_unstable_by_key(key);
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
/// - `moves` are the forbidden `(X, Y)`; they come back grouped as [`Forbidden::new`] makes
///   them, but that each target holds its Grundy value (see [`Swept`]).
/// - `queries` are sorted here by `position`; `answer(q, g(position(q)))` is called for each,
///   in increasing position.
/// - `emit(p, v)` receives the breakpoints of g in increasing position: between consecutive
///   breakpoints `p < q`, `g(n) = g(p) + (n - p)` for `p <= n < q`, and past the last one the
///   line goes on to 2^64 - 1. The first is `0 -> 0`, and none merely continues the line
///   before it.
/// - `machine` does the three sorts (the queries, the moves by X, the targets) and fetches the
///   moves ahead of the writes.
///
/// # Complexity
/// - O((N + M) log(N + M)) for M forbidden moves and N queries
fn sweep<Q: Send>(
    moves: Vec<(u64, u64)>,
    queries: &mut [Q],
    position: impl Fn(&Q) -> u64 + Sync,
    mut answer: impl FnMut(&Q, u64),
    emit: impl FnMut(u64, u64),
    machine: &impl Machine,
) -> Result<Swept, OutOfMemory> {
    let out_of_memory = |_| OutOfMemory { during: "solving" };
    // A target's slot is a u32, 12 bytes a target with its position: more distinct moves than
    // that (64 GiB of them) cannot be had here.
    let too_many = OutOfMemory { during: "solving" };
    if !queries.is_sorted_by_key(&position) {
        machine.sort(queries, &position);
    }
    let mut forbidden = Forbidden::new(moves, machine);
    // Every target with its place in the grouped moves, by position: the order the sweep needs
    // them.
    let count = u32::try_from(forbidden.moves.len()).map_err(|_| too_many)?;
    let mut asked: Vec<Target> = Vec::new();
    asked
        .try_reserve_exact(count as usize)
        .map_err(out_of_memory)?;
    let targets = forbidden.moves.iter().zip(0..);
    asked.extend(targets.map(|(&(_, position), slot)| Target { position, slot }));
    machine.sort(&mut asked, |t| t.position);
    let moves = &mut forbidden.moves;
    // asked[next..] are the targets not yet passed.
    let mut next = 0;
    let mut queries = queries.iter().peekable();
    // From the time the sweep passes a target until the end, moves[j].1 holds the target's
    // Grundy value instead of its position (which `asked` keeps); shared holds j when another
    // forbidden move has the same target as move j.
    let mut shared = Bits::new(moves.len()).map_err(out_of_memory)?;
    let mut previous: Option<(u64, usize)> = None;
    let mut extra = Extra::new();
    let mut line = Line::new(emit);
    let mut dropped = 0u64;
    let mut scratch = Vec::new();
    let mut first = 0;

    while first < moves.len() {
        let x = moves[first].0;
        let slots = first..group_end(moves, first);
        first = slots.end;
        while let Some(&Target { position: t, slot }) = asked.get(next).filter(|t| t.position < x) {
            next += 1;
            // The writes land in random order, each a likely cache miss: these many overlap.
            if let Some(ahead) = asked.get(next + 16) {
                machine.fetch(&moves[ahead.slot as usize]);
            }
            let j = slot as usize;
            moves[j].1 = line.grundy(t);
            if let Some((_, k)) = previous.filter(|&(p, _)| p == t) {
                shared.insert(j);
                shared.insert(k);
            }
            previous = Some((t, j));
        }
        while let Some(q) = queries.next_if(|q| position(q) < x) {
            answer(q, line.grundy(position(q)));
        }
        extra.make_room(slots.len()).map_err(out_of_memory)?;
        let read = |w, count| extra.read(w, count);
        let drop = drop_to(&moves[slots.clone()], read, &mut scratch).map_err(out_of_memory)?;
        if let Some(w) = drop {
            // After the drop, w is held by x and by the targets holding it. A later special
            // point reads extra[w] only through a target holding w, and can drop to w only if
            // it targets all of them: so only if one of them is targeted again.
            let at_x = asked[next..].iter().take_while(|t| t.position == x);
            let targeted = at_x.count() as u64;
            let holders_shared = slots
                .filter(|&j| moves[j].1 == w)
                .any(|j| shared.contains(j));
            if targeted > 0 || holders_shared {
                extra
                    .add(w, targeted, !holders_shared)
                    .map_err(out_of_memory)?;
            }
            dropped += 1;
            line.push(x, w);
            // The line restarts at H: one value fewer than positions for every drop.
            if let Some(after) = x.checked_add(1) {
                line.push(after, after - dropped);
            }
        }
        extra.forget_unread();
    }
    for q in queries {
        answer(q, line.grundy(position(q)));
    }
    line.finish();
    Ok((forbidden, asked))
}

/// A forbidden target: its position and its move's slot in the grouped moves, packed into 12
/// bytes (a sort moves a quarter fewer bytes than for 16).
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
struct Target {
    position: u64,
    slot: u32,
}

/// The forbidden moves after a sweep, whose targets hold Grundy values, and every target
/// with its place among them: the verdict needs nothing more, and only a caller that needs the
/// moves again pays for putting the targets back (a scattered write per move, `cli::game`).
type Swept = (Forbidden, Vec<Target>);

/// The value a special point drops to, if any: the smallest value held by its targets that no
/// allowed move reaches, because all of its `1 + extra[w]` holders are among the targets.
///
/// `group` holds `(x, g(target))` for distinct targets. `read(w, count)` is called once for every
/// value `w` they hold, with the number of targets holding it, and returns `1 + extra[w]`.
/// `scratch` is reused memory.
fn drop_to(
    group: &[(u64, u64)],
    mut read: impl FnMut(u64, u64) -> u64,
    scratch: &mut Vec<u64>,
) -> Result<Option<u64>, TryReserveError> {
    // Most groups are a few moves: their values sort on the stack.
    const SMALL: usize = 8;
    let mut small = [0; SMALL];
    let values = if group.len() <= SMALL {
        &mut small[..group.len()]
    } else {
        scratch.clear();
        scratch.try_reserve(group.len())?;
        scratch.resize(group.len(), 0);
        &mut scratch[..]
    };
    for (value, &(_, w)) in values.iter_mut().zip(group) {
        *value = w;
    }
    values.sort_unstable();
    let mut drop = None;
    for run in values.chunk_by(|a, b| a == b) {
        let count = run.len() as u64;
        if read(run[0], count) == count && drop.is_none() {
            drop = Some(run[0]);
        }
    }
    Ok(drop)
}

/// The duplicate-count table: for each value `w` that a later target may still hold, `extra[w]`,
/// and, where it is known, how many targets not yet read hold `w`. A key whose targets have all
/// been read is removed, so that the table holds only the values still to be read.
///
/// Why the count is known: a key is counted when it is made at a drop to `w` whose targets
/// holding `w` are shared with no other move. Then the holders of `w` are `x`, which the targets
/// at `x` will read, and those targets, which no later move reads: so the targets still to read
/// `w` are the ones at `x`. A later drop to `w` adds a holder and the targets at it; every
/// target holding `w` is at one of these holders, and is read once, with its special point.
/// Where some target holding `w` is shared, the count would need the shared targets' special
/// points, so the key is kept to the end, as it always was.
///
/// A key removed is never looked up again: a later target holding `w` would have been counted.
/// Debug builds check that.
///
/// Its keys are `keys.key(w)`, so that the input cannot choose where they land.
struct Extra {
    table: FxHashMap<u64, Count>,
    keys: Keys,
    /// The values whose last targets a special point has read, removed once it is done.
    dead: Vec<u64>,
    #[cfg(debug_assertions)]
    removed: std::collections::HashSet<u64>,
}

/// `extra[w]`, and the targets still to read it (`None` for a key kept to the end).
#[derive(Clone, Copy)]
struct Count {
    extra: u64,
    unread: Option<u64>,
}

impl Extra {
    fn new() -> Extra {
        Extra {
            table: FxHashMap::default(),
            keys: Keys::new(),
            dead: Vec::new(),
            #[cfg(debug_assertions)]
            removed: Default::default(),
        }
    }

    /// Makes room to read a special point with `targets` targets.
    fn make_room(&mut self, targets: usize) -> Result<(), TryReserveError> {
        self.dead.try_reserve(targets)
    }

    /// `1 + extra[w]`, as `count` targets holding `w` read it; a key left with no target to
    /// read it goes to `dead`.
    fn read(&mut self, w: u64, count: u64) -> u64 {
        #[cfg(debug_assertions)]
        assert!(!self.removed.contains(&w), "the removed key of {w} is read");
        if self.table.is_empty() {
            return 1;
        }
        let Some(held) = self.table.get_mut(&self.keys.key(w)) else {
            return 1;
        };
        if let Some(unread) = &mut held.unread {
            debug_assert!(*unread >= count, "{w} is read by more targets than counted");
            *unread -= count.min(*unread);
            if *unread == 0 {
                self.dead.push(w);
            }
        }
        1 + held.extra
    }

    /// Counts a drop to `w` at a special point that `targeted` targets read; `counted` when the
    /// targets holding `w` are shared with no other move.
    fn add(&mut self, w: u64, targeted: u64, counted: bool) -> Result<(), TryReserveError> {
        self.table.try_reserve(1)?;
        let unread = counted.then_some(0);
        let held = self
            .table
            .entry(self.keys.key(w))
            .or_insert(Count { extra: 0, unread });
        held.extra += 1;
        if let Some(unread) = &mut held.unread {
            *unread += targeted;
        }
        Ok(())
    }

    /// Removes the keys in `dead` that no target is left to read.
    fn forget_unread(&mut self) {
        for w in self.dead.drain(..) {
            let key = self.keys.key(w);
            if self
                .table
                .get(&key)
                .is_some_and(|held| held.unread == Some(0))
            {
                self.table.remove(&key);
                #[cfg(debug_assertions)]
                self.removed.insert(w);
            }
        }
    }
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
const FX_K_INVERSE: u64 = 0x7814_94a5_5daa_ed0d;
const _: () = assert!(FX_K.wrapping_mul(FX_K_INVERSE) == 1);

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
    fn new(bound: usize) -> Result<Bits, TryReserveError> {
        let mut words = Vec::new();
        words.try_reserve_exact(bound.div_ceil(64))?;
        words.resize(bound.div_ceil(64), 0);
        Ok(Bits(words))
    }

    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

// ---------------------------------------------------------------------------------------------
// The verdict
// ---------------------------------------------------------------------------------------------

/// The first player's name if the position is a win for the player to move, else the second's:
/// the game is the sum of its piles, so by Sprague–Grundy the player to move wins iff
/// `g(A_1) ^ … ^ g(A_N) != 0`.
///
/// # Complexity
/// - O((N + M) log(N + M))
fn winner(game: Game) -> Result<&'static str, OutOfMemory> {
    winner_with(game, &OneThread)
}

/// [`winner`], on `machine`.
fn winner_with(game: Game, machine: &impl Machine) -> Result<&'static str, OutOfMemory> {
    let (mut piles, forbidden) = (game.piles, game.forbidden);
    let mut nim_sum = 0;
    // The verdict needs the piles' values only, not the breakpoints.
    let answer = |_: &u64, g| nim_sum ^= g;
    sweep(forbidden, &mut piles, |&a| a, answer, |_, _| {}, machine)?;
    Ok(if nim_sum != 0 { "Takahashi" } else { "Aoki" })
}
