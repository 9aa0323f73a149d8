//! The readers against a plain one: the tool's [`Stream`](crate::cli::reader::Stream) reads a
//! chunk at a time and stops at the first bad token; the judge's [`Tokens`](crate::Tokens) holds
//! the whole input; the plain reader below holds it too, splits it on ASCII white space and
//! judges each token by the rules the readers' documentation states. On valid games corrupted
//! the ways real files are (long zero padding, a stray byte, a Unicode space, a cut, a token too
//! many or too few), fed in pieces of random sizes with the corrupted token across a chunk's
//! end, all three must give the same game, or refuse it on the same line: the tool with the
//! plain reader's one-line message, the judge with one line that names the line alone.

use crate::Game;
use crate::cli::reader::{CHUNK, LONG, LOOK, SHOWN, digits_value, read_game};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// A token as the plain reader judges it.
enum Judged {
    Number(u64),
    /// Digits, at least 2^64: the digits shown, as a message quotes them.
    TooLarge(String),
    /// Not only digits: the token as a message quotes it.
    NotInteger(String),
    /// A byte that stops the input: the whole message.
    Stop(String),
}

/// `text` as the stream's messages quote a token: the first [`SHOWN`] characters, and `...`
/// when there is more or when `cut`.
fn quoted(text: &str, cut: bool) -> String {
    let head: String = text.chars().take(SHOWN).collect();
    let more = if cut || head.len() < text.len() {
        "..."
    } else {
        ""
    };
    format!("{head:?}{more}")
}

/// The input whole, with what the plain reader needs of it.
struct Plain<'a> {
    input: &'a [u8],
    /// `(start, end)` of every token.
    tokens: Vec<(usize, usize)>,
}

impl Plain<'_> {
    fn line_at(&self, at: usize) -> u64 {
        1 + self.input[..at].iter().filter(|&&b| b == b'\n').count() as u64
    }

    fn judge(&self, k: usize) -> Judged {
        let (start, end) = self.tokens[k];
        let token = &self.input[start..end];
        let run = token.iter().take_while(|b| b.is_ascii_digit()).count();
        let zeros = token[..run]
            .iter()
            .take_while(|&&b| b == b'0')
            .count()
            .min(run.saturating_sub(1));
        let digits = &token[..run];
        // A number's leading zeros are dropped past LONG bytes, and never shown as a size.
        let shown_digits = || {
            let kept = if run > LONG { &digits[zeros..] } else { digits };
            String::from_utf8(kept.to_vec()).unwrap()
        };
        if run - zeros > 20 {
            return Judged::TooLarge(shown_digits());
        }
        if run == token.len() {
            return match digits_value(digits) {
                Ok(value) => Judged::Number(value),
                Err(_) => Judged::TooLarge(shown_digits()),
            };
        }
        let at = start + run;
        if self.input[at] >= 0x80 {
            let bytes = &self.input[at..self.input.len().min(at + 4)];
            let valid = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |t| t.len());
            let ch = std::str::from_utf8(&bytes[..valid]).unwrap().chars().next();
            let line = self.line_at(at);
            match ch {
                None => {
                    return Judged::Stop(format!(
                        "line {line}: byte {} of the input is not UTF-8 text; the input must be numbers in ASCII",
                        at + 1
                    ));
                }
                Some('\u{feff}') if at == 0 => {
                    return Judged::Stop(
                        "line 1: the input starts with a UTF-8 byte-order mark (U+FEFF); save it without one"
                            .to_owned(),
                    );
                }
                Some(ch) if ch.is_whitespace() => {
                    return Judged::Stop(format!(
                        "line {line}: white space U+{:04X} is not ASCII; separate numbers with spaces, tabs or newlines",
                        ch as u32
                    ));
                }
                Some(_) => {}
            }
        }
        let window = &token[..token.len().min(LONG)];
        let valid = std::str::from_utf8(window).map_or_else(|e| e.valid_up_to(), |t| t.len());
        let text = std::str::from_utf8(&window[..valid]).unwrap();
        Judged::NotInteger(quoted(text, token.len() > LONG || valid < window.len()))
    }
}

/// Where the plain reader stands, for the hint.
#[derive(Default)]
struct Layout {
    n: u64,
    counts: u64,
    next_line: Option<u64>,
    piles_read: bool,
    shared: bool,
    odd_move_line: Option<(u64, u64)>,
}

fn tokens_in(line: &[u8]) -> u64 {
    let mut count = 0;
    let mut before = b' ';
    for &b in line {
        count += u64::from(!is_space(b) && is_space(before));
        before = b;
    }
    count
}

/// The game in `input`, or the message the reader must give, by the plain rules.
fn plain(input: &[u8]) -> Result<Game, String> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if is_space(input[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < input.len() && !is_space(input[i]) {
            i += 1;
        }
        tokens.push((start, i));
    }
    let plain = Plain { input, tokens };
    let mut layout = Layout::default();
    // The error of the token `k` (or of the input's end when it is past the last), with its
    // line and hint.
    let located = |layout: &Layout, k: usize, message: String, after_piles: bool, ended: bool| {
        // Past the last token, the line of the last one read.
        let line = plain.line_at(plain.tokens[k.min(plain.tokens.len() - 1)].0);
        let piles = layout.next_line.and_then(|count| {
            let wrong = if after_piles {
                layout.piles_read && count != layout.n && (count > layout.n || layout.shared)
            } else {
                ended && count < layout.n && line == layout.counts + 1
            };
            wrong.then(|| {
                let numbers = if count == 1 { "number" } else { "numbers" };
                format!(
                    " (line {} holds {count} {numbers}, but N = {})",
                    layout.counts + 1,
                    layout.n
                )
            })
        });
        let moves = layout
            .odd_move_line
            .filter(|&(odd, _)| after_piles && odd <= line)
            .map(|(odd, count)| {
                let numbers = if count == 1 { "number" } else { "numbers" };
                format!(" (line {odd} holds {count} {numbers}, but a forbidden move is two)")
            });
        let hint = piles.or(moves);
        format!("line {line}: {message}{}", hint.unwrap_or_default())
    };
    let number = |layout: &Layout, k: usize, place: String, after_piles: bool| match plain.judge(k)
    {
        Judged::Number(value) => Ok(value),
        Judged::Stop(message) => Err(message),
        Judged::TooLarge(digits) => {
            let digits = digits.trim_start_matches('0');
            let head = &digits[..digits.len().min(SHOWN)];
            let more = if head.len() < digits.len() { "..." } else { "" };
            let message = format!("{place}: {head}{more} does not fit in 64 bits");
            Err(located(layout, k, message, after_piles, false))
        }
        Judged::NotInteger(token) => {
            let message = format!("{place}: expected a non-negative integer, found {token}");
            Err(located(layout, k, message, after_piles, false))
        }
    };
    let count = plain.tokens.len();
    if count == 0 {
        return Err("the input is empty; expected N and M first".to_owned());
    }
    let n = number(&layout, 0, "N (the number of piles)".to_owned(), false)?;
    if count == 1 {
        let message = "input ended before M (the number of forbidden moves)".to_owned();
        return Err(located(&layout, 1, message, false, true));
    }
    let m = number(
        &layout,
        1,
        "M (the number of forbidden moves)".to_owned(),
        false,
    )?;
    layout.n = n;
    layout.counts = plain.line_at(plain.tokens[1].0);
    if n > 0 {
        let m_end = plain.tokens[1].1;
        let window = &input[m_end..input.len().min(m_end + LOOK)];
        let whole = input.len() - m_end < LOOK;
        if let Some(first) = window.iter().position(|&b| b == b'\n')
            && window[..first].iter().all(|&b| is_space(b))
        {
            let rest = &window[first + 1..];
            let line = match rest.iter().position(|&b| b == b'\n') {
                Some(k) => Some(&rest[..k]),
                None if whole => Some(rest),
                None => None,
            };
            layout.next_line = line.map(tokens_in);
        }
    }
    let mut k = 2;
    let mut piles = Vec::new();
    for i in 1..=n {
        if k == count {
            let message = format!("input ended after {} of {n} piles", i - 1);
            return Err(located(&layout, k, message, false, true));
        }
        piles.push(number(&layout, k, format!("pile {i}"), false)?);
        k += 1;
    }
    if n > 0 && layout.next_line.is_some() {
        layout.piles_read = true;
        let last = plain.line_at(plain.tokens[k - 1].0);
        if k < count {
            let first = plain.line_at(plain.tokens[k].0);
            layout.shared = first == last;
            if !layout.shared && m > 0 {
                let start = plain.tokens[k].0;
                let window = &input[start..input.len().min(start + LOOK)];
                let whole = input.len() - start < LOOK;
                let complete = window.iter().filter(|&&b| b == b'\n').count() + usize::from(whole);
                let counts: Vec<u64> = window
                    .split(|&b| b == b'\n')
                    .take(complete)
                    .map(tokens_in)
                    .collect();
                if counts.contains(&2) {
                    layout.odd_move_line = (first..)
                        .zip(counts)
                        .find(|&(_, count)| count != 2 && count != 0);
                }
            }
        }
    }
    let mut forbidden = Vec::new();
    for i in 1..=m {
        let ended = |layout: &Layout, k| {
            let message = format!("input ended after {} of {m} forbidden moves", i - 1);
            located(layout, k, message, true, true)
        };
        if k == count {
            return Err(ended(&layout, k));
        }
        let x = number(&layout, k, format!("forbidden move {i}: X"), true)?;
        k += 1;
        if k == count {
            return Err(ended(&layout, k));
        }
        let y = number(&layout, k, format!("forbidden move {i}: Y"), true)?;
        if y == 0 {
            let message = format!("forbidden move {i}: Y = 0 (a move takes at least one stone)");
            return Err(located(&layout, k, message, true, false));
        }
        if y > x {
            let message = format!("forbidden move {i}: Y = {y} > X = {x}");
            return Err(located(&layout, k, message, true, false));
        }
        k += 1;
        forbidden.push((x, y));
    }
    if k < count {
        let after = match (n, m) {
            (_, 1..) => "the last forbidden move",
            (1.., 0) => "the last pile (M = 0)",
            (0, 0) => "N and M (both 0)",
        };
        let shown = match plain.judge(k) {
            Judged::Stop(message) => return Err(message),
            Judged::Number(_) | Judged::TooLarge(_) => {
                let (start, end) = plain.tokens[k];
                let run = input[start..end]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let digits = &input[start..start + run];
                let zeros = digits
                    .iter()
                    .take_while(|&&b| b == b'0')
                    .count()
                    .min(run - 1);
                let kept = if run > LONG { &digits[zeros..] } else { digits };
                quoted(std::str::from_utf8(kept).unwrap(), false)
            }
            Judged::NotInteger(token) => token,
        };
        let message = format!("unexpected input after {after}: {shown}");
        return Err(located(&layout, k, message, true, false));
    }
    Ok(Game { piles, forbidden })
}

/// A reader that hands out the input in pieces of the given sizes, in turn.
struct Pieces<'a> {
    bytes: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
}

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let k = size.min(buf.len()).min(self.bytes.len());
        buf[..k].copy_from_slice(&self.bytes[..k]);
        self.bytes = &self.bytes[k..];
        Ok(k)
    }
}

/// The stream's answer on `input` read in pieces of `sizes`.
fn streamed(input: &[u8], sizes: &[usize]) -> Result<Game, String> {
    let pieces = Pieces {
        bytes: input,
        sizes,
        turn: 0,
    };
    // A buffer of one byte: every read of the stream goes to the pieces as asked.
    let reader = std::io::BufReader::with_capacity(1, pieces);
    read_game(reader).map_err(|e| e.to_string())
}

/// The judge's answer on `input` read in pieces of `sizes`.
fn judged(input: &[u8], sizes: &[usize]) -> Result<Game, String> {
    let pieces = Pieces {
        bytes: input,
        sizes,
        turn: 0,
    };
    crate::read_game(pieces).map_err(|e| e.to_string())
}

/// The line a message of the plain reader names: `line L: ...`, or line 1 for the one message
/// that names none, an input without a token.
fn line_of(message: &str) -> u64 {
    let named = message
        .strip_prefix("line ")
        .and_then(|rest| rest.split(':').next());
    named.map_or(1, |line| line.parse().unwrap())
}

/// What is done to one token of a valid game.
#[derive(Clone, Debug)]
enum Corruption {
    /// Zeros before it, to this length.
    Pad(usize),
    /// A byte before it (0), after its first character (1) or after it (2).
    Junk(u8, &'static [u8]),
    /// Replaced by these digits (long numbers).
    Digits(String),
    /// The white space before it becomes this character.
    Space(char),
    /// The input ends this many bytes into it.
    Cut(usize),
    /// Dropped (one number too few).
    Drop,
    /// Written twice (one number too many).
    Twice,
    /// These tokens after the input's end.
    Trailing(String),
}

const JUNK: &[&[u8]] = &[
    b"x",
    b",",
    b"+",
    b"-",
    b".",
    b"\0",
    b"\xff",
    b"\xe3\x80",
    b"\xc3\xa9",
    b"\xef\xbc\x95",
    b"\xef\xbb\xbf",
    b"e",
];

/// Zero padding (to the reader's limit [`LONG`] and around it more often), then a junk byte,
/// then one more corruption, each perhaps: the ways a token meets the reader's limits.
fn corruptions() -> impl Strategy<Value = Vec<Corruption>> {
    let pad =
        prop_oneof![1usize..=200, (LONG - 4)..=(LONG + 4), Just(LONG)].prop_map(Corruption::Pad);
    let junk = (0u8..3, proptest::sample::select(JUNK)).prop_map(|(at, b)| Corruption::Junk(at, b));
    let other = prop_oneof![
        ("[0-9]{15,90}").prop_map(Corruption::Digits),
        proptest::sample::select(&['\u{3000}', '\u{a0}', '\u{2028}', '\u{85}', '\u{feff}'][..])
            .prop_map(Corruption::Space),
        (0usize..30).prop_map(Corruption::Cut),
        Just(Corruption::Drop),
        Just(Corruption::Twice),
        ("( [0-9x]{1,70}){1,2}").prop_map(Corruption::Trailing),
    ];
    (
        proptest::option::of(pad),
        proptest::option::of(junk),
        proptest::option::of(other),
    )
        .prop_map(|(pad, junk, other)| [pad, junk, other].into_iter().flatten().collect())
}

fn value() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..12, any::<u64>(), (u64::MAX - 3)..=u64::MAX]
}

/// A small valid game, written as the statement lays it out: `N M`, the piles, a move a line.
fn game() -> impl Strategy<Value = (Vec<u64>, Vec<(u64, u64)>)> {
    let moves = proptest::collection::vec((value(), value()), 0..4).prop_map(|pairs| {
        let pairs = pairs.into_iter().map(|(x, y)| (x.max(1), y % x.max(1) + 1));
        pairs.collect::<Vec<_>>()
    });
    (proptest::collection::vec(value(), 0..4), moves)
}

/// The game's text with `corruptions` done in turn to token `k` (of those it has), the
/// corrupted token moved `shift` bytes before a read's end by white space in front of it.
fn corrupted(
    piles: &[u64],
    forbidden: &[(u64, u64)],
    k: usize,
    corruptions: &[Corruption],
    boundary: usize,
    shift: usize,
    newline: bool,
) -> Vec<u8> {
    let mut lines = vec![vec![piles.len().to_string(), forbidden.len().to_string()]];
    lines.push(piles.iter().map(u64::to_string).collect());
    lines.extend(
        forbidden
            .iter()
            .map(|(x, y)| vec![x.to_string(), y.to_string()]),
    );
    let total: usize = lines.iter().map(Vec::len).sum();
    let k = k % total;
    let mut out: Vec<u8> = Vec::new();
    let mut index = 0;
    let mut end = None;
    for line in &lines {
        for (j, token) in line.iter().enumerate() {
            let space: &[u8] = if j == 0 { b"" } else { b" " };
            if index != k {
                out.extend_from_slice(space);
                out.extend_from_slice(token.as_bytes());
                index += 1;
                continue;
            }
            let mut space = space.to_vec();
            let mut token = token.as_bytes().to_vec();
            let mut cut = None;
            for corruption in corruptions {
                match corruption {
                    Corruption::Pad(len) => {
                        let zeros = len.saturating_sub(token.len());
                        token.splice(0..0, std::iter::repeat_n(b'0', zeros));
                    }
                    Corruption::Junk(at, junk) => {
                        let at = [0, 1.min(token.len()), token.len()][*at as usize];
                        token.splice(at..at, junk.iter().copied());
                    }
                    Corruption::Digits(digits) => token = digits.clone().into_bytes(),
                    Corruption::Drop => token.clear(),
                    Corruption::Twice => token = [&token[..], b" ", &token[..]].concat(),
                    Corruption::Space(ch) => space = ch.to_string().into_bytes(),
                    Corruption::Cut(at) => cut = Some(*at),
                    Corruption::Trailing(_) => {}
                }
            }
            // White space that puts the token `shift` bytes before the read's end.
            let filler = if newline { b'\n' } else { b' ' };
            let target = boundary.saturating_sub(shift);
            let here = out.len() + space.len();
            if target > here {
                out.resize(out.len() + target - here, filler);
            }
            out.extend_from_slice(&space);
            if let Some(at) = cut {
                end = Some(out.len() + at.min(token.len()));
            }
            out.extend_from_slice(&token);
            index += 1;
        }
        out.push(b'\n');
    }
    if let Some(end) = end {
        out.truncate(end);
    }
    for corruption in corruptions {
        if let Corruption::Trailing(more) = corruption {
            out.extend_from_slice(more.as_bytes());
        }
    }
    out
}

/// Piece sizes: from one byte to past a chunk.
fn sizes() -> impl Strategy<Value = Vec<usize>> {
    let size = prop_oneof![1usize..8, 1usize..=CHUNK + 2 * LONG, Just(CHUNK + LONG)];
    proptest::collection::vec(size, 1..6)
}

fn check(input: &[u8], sizes: &[usize]) -> Result<(), TestCaseError> {
    let expected = plain(input);
    let got = streamed(input, sizes);
    if let Err(message) = &got {
        prop_assert!(!message.contains('\n'), "more than one line: {message}");
    }
    prop_assert_eq!(
        got.is_ok(),
        expected.is_ok(),
        "verdict: stream {:?}, plain {:?}",
        got,
        expected
    );
    let judge = judged(input, sizes);
    match (&judge, &expected) {
        (Err(message), Err(plain)) => {
            let line = line_of(plain);
            prop_assert!(
                message.starts_with(&format!("line {line}: ")) && !message.contains('\n'),
                "the judge's reader: {message:?}, where the plain reader says {plain:?}"
            );
        }
        _ => prop_assert_eq!(&judge, &expected, "the judge's reader"),
    }
    prop_assert_eq!(got, expected);
    Ok(())
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

fn fuzz(cases: u32) {
    proptest!(config(cases), |(
        (piles, forbidden) in game(),
        k in 0usize..20,
        corruptions in corruptions(),
        boundary in proptest::sample::select(&[0, CHUNK, CHUNK + LONG, 2 * CHUNK + LONG][..]),
        shift in 0usize..100,
        newline in proptest::bool::weighted(0.2),
        sizes in sizes(),
    )| {
        let input = corrupted(&piles, &forbidden, k, &corruptions, boundary, shift, newline);
        check(&input, &sizes)?;
    });
}

#[test]
fn stream_agrees_with_the_plain_reader_on_corrupted_games() {
    fuzz(100);
}

/// The default run's former 400 cases.
#[test]
#[ignore]
fn stream_agrees_with_the_plain_reader_on_corrupted_games_full() {
    fuzz(400);
}

/// The same, many more cases: `cargo test --release -- --ignored stream_agrees`.
#[test]
#[ignore]
fn stream_agrees_with_the_plain_reader_on_many_corrupted_games() {
    fuzz(50_000);
}

/// Numbers of 64 and 65 digits followed by junk, across every chunk boundary, through the same
/// comparison.
#[test]
fn reported_chunk_boundary_cases() {
    for input in [
        format!("{:065}x\n", 0),
        format!("1 0\n{:064}x\n", 5),
        format!("1 0\n{:064},000\n", 5),
        format!("{:064}x\n", 0),
    ] {
        for sizes in [&[CHUNK + LONG][..], &[1], &[60, 3]] {
            check(input.as_bytes(), sizes).unwrap();
        }
    }
}
