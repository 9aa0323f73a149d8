//! `play`: the program plays the game, against a person at a prompt or against a program over a
//! line protocol (AtCoder ABC278 G's), and takes the winning side unless told otherwise.
//!
//! A reply never solves the game again: the Grundy map is built once, and a changed pile's value
//! and the positions holding a wanted value are looked up in it.

use super::game::{Failure, Output, Solved, load, parse_move, plural, quoted, trim_space};
use crate::cli::Exit;
use crate::{Game, report};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

/// Play the game against the program, which takes the winning side and never loses
///
/// Moves are `I K`: take K stones from pile I (1-based). By default the program moves first when
/// the nim-sum is not 0, else second, and then always answers with a move back to nim-sum 0.
/// From a lost position (--side) it takes the fewest stones it may from the largest pile it can,
/// which keeps the most options open.
///
/// --machine speaks ABC278 G's protocol, one line per message: the program prints First or
/// Second (its side); on its turn it prints `I K`, or `0 0` when it has no move (and exits 0);
/// on the other side's turn it reads `I K`, or `0 0` to claim that side has no move (true: the
/// program exits 0); anything else, or a line past 4096 bytes (answered as soon as it passes
/// them), gets `-1 -1`, an error line on standard error, and exit 1. With FILE `-` the game comes
/// first on standard input, then the moves: the judge's side of an interactive problem.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Speak the line protocol for programs instead of prompting a person
    #[arg(long)]
    machine: bool,
    /// The program's side (default: the winning one)
    #[arg(long, value_enum)]
    side: Option<Side>,
    /// The game; `-` (with --machine only): the game's lines on standard input, then the moves
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Side {
    First,
    Second,
}

pub(super) fn run(args: &Args) -> Result<Exit, Failure> {
    let from_stdin = args.file.as_os_str() == "-";
    if from_stdin && !args.machine {
        return Err(Failure::Usage(
            "play reads the game from a file: standard input carries the moves (a program \
             may send the game first: play --machine -)"
                .to_owned(),
        ));
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let (game, path) = if from_stdin {
        (game_lines(&mut input)?, None)
    } else {
        (load(Some(&args.file))?, Some(args.file.clone()))
    };
    let solved = Solved::new(game).map_err(|e| Failure::Input(path, e.into()))?;
    let mut board = Board::new(solved);
    let side = args.side.unwrap_or(if board.nim_sum != 0 {
        Side::First
    } else {
        Side::Second
    });
    let stdout = io::stdout();
    let mut out = Output::new(stdout.lock());
    let played = if args.machine {
        machine(&mut board, side, &mut input, &mut out)
    } else {
        use std::io::IsTerminal;
        // From a pipe the typed line is not on the screen: shown after the prompt, a session
        // reads as it would in a terminal.
        let echo = !io::stdin().is_terminal();
        person(&mut board, side, echo, &mut input, &mut out)
    };
    match played {
        Ok(ended) => Ok(ended),
        // A person's reader that had enough (`| head`) is no error, as for every answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe && !args.machine => Ok(Exit::Done),
        // Mid-game, a closed output is the other side gone: the game did not end, so no
        // status 0, and one line says why.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            report("the other side closed standard output before the game ended");
            Ok(Exit::Refused)
        }
        Err(e) => Err(Failure::Write(e)),
    }
}

/// The position as play goes on, with what the replies look up.
pub(crate) struct Board {
    solved: Solved,
    /// Stones in each pile now.
    piles: Vec<u64>,
    /// g of each pile now.
    values: Vec<u64>,
    nim_sum: u64,
    /// `d_i - i` for the drops `d_0 < d_1 < ...` (the positions whose value is below the
    /// rising line), nondecreasing: `g(n)` for any other `n` is `n - #drops below n`, so the
    /// line reaches `value` at `value + #{i : d_i - i <= value}`.
    rise: Vec<u64>,
    /// `(value, position)` of every drop, sorted: the positions a value dropped to.
    dropped_to: Vec<(u64, u64)>,
}

impl Board {
    /// # Complexity
    /// - O(size of the map + number of drops): each map segment starts with a run of drops
    ///   whose length is how far the segment sits below the rising line.
    pub(crate) fn new(solved: Solved) -> Board {
        let mut drops = Vec::new();
        let mut dropped_to = Vec::new();
        {
            let mut segments = solved.map.breakpoints(0, u64::MAX).peekable();
            while let Some((p, v)) = segments.next() {
                // The segment holds p..=last; the last one goes on to 2^64 - 1 itself.
                let last = segments.peek().map_or(u64::MAX, |&(q, _)| q - 1);
                // At a drop the gap to the line closes by one a position; once closed it stays.
                let line = p - drops.len() as u64;
                let gap = line - v;
                if gap == 0 {
                    continue;
                }
                for n in p..=p.saturating_add(gap - 1).min(last) {
                    dropped_to.push((v + (n - p), n));
                    drops.push(n);
                }
            }
        }
        dropped_to.sort_unstable();
        let rise = drops
            .iter()
            .enumerate()
            .map(|(i, &d)| d - i as u64)
            .collect();
        Board {
            piles: solved.piles.clone(),
            values: solved.values.clone(),
            nim_sum: solved.nim_sum(),
            solved,
            rise,
            dropped_to,
        }
    }

    /// The game being played.
    pub(crate) fn solved(&self) -> &Solved {
        &self.solved
    }

    /// Stones in each pile now.
    pub(crate) fn piles(&self) -> &[u64] {
        &self.piles
    }

    /// g of each pile now.
    pub(crate) fn values(&self) -> &[u64] {
        &self.values
    }

    /// The nim-sum of the piles' values now: 0 when the side to move loses.
    pub(crate) fn nim_sum(&self) -> u64 {
        self.nim_sum
    }

    /// `g(n)`.
    pub(crate) fn grundy(&self, n: u64) -> u64 {
        self.solved.map.value(n)
    }

    /// The position on the rising line whose value is `value`: the one not dropped.
    fn rising(&self, value: u64) -> u64 {
        value + self.rise.partition_point(|&r| r <= value) as u64
    }

    /// Whether taking `take` from pile `pile` (0-based) is a move.
    pub(crate) fn allowed(&self, pile: usize, take: u64) -> bool {
        let stones = self.piles[pile];
        take >= 1 && take <= stones && !self.solved.is_forbidden(stones, take)
    }

    /// A move to nim-sum 0, as `(pile, take)` with the fewest stones taken from the first pile
    /// that can make it, or `None` when the nim-sum is 0.
    ///
    /// # Complexity
    /// - O(log M + forbidden moves from the pile)
    pub(crate) fn winning_move(&self) -> Option<(usize, u64)> {
        if self.nim_sum == 0 {
            return None;
        }
        let top = 63 - self.nim_sum.leading_zeros();
        let pile = self.values.iter().position(|v| v >> top & 1 == 1)?;
        let stones = self.piles[pile];
        let wanted = self.values[pile] ^ self.nim_sum;
        // Positions below `stones` holding `wanted`: the drops to it and one on the line.
        let start = self.dropped_to.partition_point(|&(v, _)| v < wanted);
        let end = self
            .dropped_to
            .partition_point(|&(v, p)| (v, p) < (wanted, stones));
        let drops = self.dropped_to[start..end].iter().rev().map(|&(_, p)| p);
        let rising = Some(self.rising(wanted)).filter(|&r| r < stones);
        // The line's position and the drops, highest first (the fewest stones taken), walked
        // beside the forbidden targets from the pile, also highest first: O(k) for k of them.
        let forbidden = self.solved.forbidden.moves_from(stones);
        let mut above = forbidden.len();
        let mut drops = drops.peekable();
        let mut rising = rising;
        while let Some(target) = match (rising, drops.peek()) {
            (Some(r), Some(&d)) if r < d => drops.next(),
            (Some(_), _) => rising.take(),
            (None, _) => drops.next(),
        } {
            while above > 0 && forbidden[above - 1].1 > target {
                above -= 1;
            }
            if above == 0 || forbidden[above - 1].1 != target {
                return Some((pile, stones - target));
            }
        }
        unreachable!("mex: a value below g(A) is reachable from A")
    }

    /// A move when every move loses: the fewest stones the rules allow from the largest pile
    /// that has a move; `None` when no pile has one.
    fn any_move(&self) -> Option<(usize, u64)> {
        let mut best: Option<(usize, u64)> = None;
        for (pile, &stones) in self.piles.iter().enumerate() {
            if best.is_some_and(|(b, _)| self.piles[b] >= stones) || !self.can_move(pile) {
                continue;
            }
            let take = (1..=stones).find(|&t| self.allowed(pile, t));
            best = take.map(|t| (pile, t)).or(best);
        }
        best
    }

    /// Whether some move from pile `pile` is allowed: fewer forbidden moves than stones.
    fn can_move(&self, pile: usize) -> bool {
        let stones = self.piles[pile];
        (self.solved.forbidden.moves_from(stones).len() as u64) < stones
    }

    /// Whether the player to move has no move at all.
    pub(crate) fn stuck(&self) -> bool {
        (0..self.piles.len()).all(|pile| !self.can_move(pile))
    }

    /// The program's move: a winning one if there is one, else any.
    pub(crate) fn reply(&self) -> Option<(usize, u64)> {
        self.winning_move().or_else(|| self.any_move())
    }

    /// Takes `take` from pile `pile` (0-based); the move must be allowed. Returns g before and
    /// after.
    pub(crate) fn apply(&mut self, pile: usize, take: u64) -> (u64, u64) {
        let before = self.values[pile];
        self.piles[pile] -= take;
        let after = self.grundy(self.piles[pile]);
        self.values[pile] = after;
        self.nim_sum ^= before ^ after;
        (before, after)
    }
}

/// The longest line a move is read from: two numbers of 20 digits fit many times over, and an
/// endless line costs no more than this.
const LONGEST_LINE: u64 = 4096;

/// What [`read_line`] found.
enum Read {
    /// A line, now in `line`.
    Line,
    /// The end of the input.
    End,
    /// A line that cannot be a move, and why; it was read to its end, so the next read starts
    /// on the next line.
    Unreadable(String),
    /// A line past [`LONGEST_LINE`] bytes, refused before its end: the rest of it is still to
    /// be read.
    TooLong,
}

/// Why a line is refused when it passes [`LONGEST_LINE`] bytes.
fn too_long() -> String {
    format!("a line longer than {LONGEST_LINE} bytes")
}

/// Reads one line into `line` (cleared first), as `BufRead::read_line` does, but refuses a line
/// longer than [`LONGEST_LINE`] bytes (its newline not counted) as soon as it passes them, without
/// waiting for its end (which may never come), and a line that is not UTF-8. After a refused long
/// line the rest of it is still to be read.
fn read_line(input: &mut impl BufRead, line: &mut String) -> io::Result<Read> {
    line.clear();
    let mut bytes = Vec::new();
    let read = io::Read::take(&mut *input, LONGEST_LINE + 1).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(Read::End);
    }
    if read as u64 > LONGEST_LINE && !bytes.ends_with(b"\n") {
        return Ok(Read::TooLong);
    }
    match String::from_utf8(bytes) {
        Ok(text) => {
            *line = text;
            Ok(Read::Line)
        }
        Err(_) => Ok(Read::Unreadable("a line that is not UTF-8 text".to_owned())),
    }
}

/// Reads the game from `input`, up to the end of the line that holds its last number: the moves
/// follow on the same stream, and the other side waits for an answer before it sends them, so
/// nothing past that line may be read (or waited for). The bytes go through the tool's own
/// streaming reader as they come ([`GameLines`]), with the same errors as a file's and memory
/// bounded however much white space an endless input holds.
fn game_lines(input: &mut impl BufRead) -> Result<Game, Failure> {
    let lines = GameLines {
        input,
        counts: [0, 0],
        tokens: 0,
        in_token: false,
        malformed: false,
        done: false,
    };
    super::reader::read_game(io::BufReader::new(lines)).map_err(|e| Failure::Input(None, e))
}

/// The game's part of standard input, as a reader that ends (reads 0 bytes) at the end of the
/// line holding the game's last number, or of a line where N or M is not a number (the reader
/// then says why). It counts tokens as the bytes pass, and keeps only N and M.
struct GameLines<'a, R> {
    input: &'a mut R,
    /// N and M as far as read (saturating).
    counts: [u64; 2],
    /// Tokens begun so far.
    tokens: u64,
    in_token: bool,
    /// N or M held a byte that is not a digit.
    malformed: bool,
    done: bool,
}

impl<R: BufRead> GameLines<'_, R> {
    /// How many tokens the game has: N, M, the piles and the moves.
    fn needed(&self) -> u64 {
        let [n, m] = self.counts;
        n.saturating_add(m.saturating_mul(2)).saturating_add(2)
    }
}

impl<R: BufRead> io::Read for GameLines<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        let available = self.input.fill_buf()?;
        let length = available.len().min(buf.len());
        buf[..length].copy_from_slice(&available[..length]);
        let mut taken = 0;
        for &byte in &buf[..length] {
            taken += 1;
            if byte.is_ascii_whitespace() {
                self.in_token = false;
                let complete = self.tokens >= 2 && self.tokens >= self.needed();
                if byte == b'\n' && (complete || self.malformed) {
                    self.done = true;
                    break;
                }
                continue;
            }
            if !self.in_token {
                self.in_token = true;
                self.tokens += 1;
            }
            if let Some(count) = self.counts.get_mut(self.tokens as usize - 1) {
                match byte {
                    b'0'..=b'9' => {
                        *count = count
                            .saturating_mul(10)
                            .saturating_add(u64::from(byte - b'0'));
                    }
                    _ => self.malformed = true,
                }
            }
        }
        self.input.consume(taken);
        Ok(taken)
    }
}

/// The machine protocol (see [`Args`]). Returns the exit status.
fn machine(
    board: &mut Board,
    side: Side,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Exit> {
    let side_name = if side == Side::First {
        "First"
    } else {
        "Second"
    };
    writeln!(out, "{side_name}")?;
    out.flush()?;
    let mut ours = side == Side::First;
    let mut line = String::new();
    loop {
        if ours {
            let Some((pile, take)) = board.reply() else {
                writeln!(out, "0 0")?;
                out.flush()?;
                return Ok(Exit::Done);
            };
            board.apply(pile, take);
            writeln!(out, "{} {take}", pile + 1)?;
            out.flush()?;
        } else {
            line.clear();
            let refusal = match read_line(input, &mut line) {
                Ok(Read::End) => Some("the input ended before the other side's move".to_owned()),
                Err(e) => Some(format!("reading the other side's move: {e}")),
                Ok(Read::Unreadable(why)) => Some(format!("reading the other side's move: {why}")),
                Ok(Read::TooLong) => Some(format!("reading the other side's move: {}", too_long())),
                Ok(Read::Line) => match parse_move(&line) {
                    None => Some(format!("expected `I K`, found {}", quoted(line.trim_end()))),
                    Some((0, 0)) if board.stuck() => return Ok(Exit::Done),
                    Some((0, 0)) => Some("`0 0` claims no move is left, but one is".to_owned()),
                    Some((pile, take)) => match board.solved.legal(&board.piles, pile, take) {
                        Ok(index) => {
                            board.apply(index, take);
                            None
                        }
                        Err(why) => Some(format!("illegal move {pile} {take}: {why}")),
                    },
                },
            };
            if let Some(why) = refusal {
                writeln!(out, "-1 -1")?;
                out.flush()?;
                report(why);
                return Ok(Exit::Refused);
            }
        }
        ours = !ours;
    }
}

/// How many piles `piles` lists before it summarises.
const SHOWN_PILES: usize = 20;

const PERSON_HELP: &str = "\
commands:
  I K     take K stones from pile I (piles are numbered from 1)
  hint    show a winning move, if there is one
  piles   show the piles and their Grundy values
  help    show this
  quit    stop playing";

/// The person mode: prompts, refusals with reasons, and a word on every reply. Returns the
/// exit status (0: the game ended or the person quit).
fn person(
    board: &mut Board,
    side: Side,
    echo: bool,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Exit> {
    let solved = &board.solved;
    writeln!(
        out,
        "Constrained Nim: {}, {}. Type 'help' for the commands.",
        plural(solved.piles.len() as u64, "pile"),
        plural(solved.listed as u64, "forbidden move")
    )?;
    show_piles(board, out)?;
    let sum = board.nim_sum;
    let (first, why) = match (side, sum != 0) {
        (Side::First, true) => ("I move first", "so whoever moves first can win"),
        (Side::Second, false) => ("you move first", "so whoever moves first loses"),
        (Side::First, false) => ("I move first, as told", "so I should lose"),
        (Side::Second, true) => ("you move first, as told", "so you can win"),
    };
    let sum_is = if sum == 0 {
        "0".to_owned()
    } else {
        format!("{sum}, not 0")
    };
    writeln!(
        out,
        "The nim-sum of the Grundy values is {sum_is}, {why}: {first}."
    )?;
    let mut ours = side == Side::First;
    let mut line = String::new();
    loop {
        if ours {
            let Some((pile, take)) = board.reply() else {
                writeln!(out, "I have no move left: you win.")?;
                return Ok(Exit::Done);
            };
            let stones = board.piles[pile];
            let (before, after) = board.apply(pile, take);
            write!(
                out,
                "I take {take} from pile {}: {stones} \u{2192} {} (Grundy value {before} \u{2192} {after}); ",
                pile + 1,
                stones - take
            )?;
            if board.nim_sum == 0 {
                writeln!(out, "the nim-sum is 0 again.")?;
            } else {
                writeln!(out, "the nim-sum is {}.", board.nim_sum)?;
            }
            ours = false;
            continue;
        }
        if board.stuck() {
            writeln!(out, "You have no move left: I win.")?;
            return Ok(Exit::Done);
        }
        write!(out, "your move (I K)> ")?;
        out.flush()?;
        line.clear();
        match read_line(input, &mut line) {
            Ok(Read::End) => {
                writeln!(out, "\nThe input ended; goodbye.")?;
                return Ok(Exit::Done);
            }
            Err(e) => {
                writeln!(out, "\nI cannot read on ({e}); goodbye.")?;
                return Ok(Exit::Done);
            }
            Ok(Read::TooLong) => {
                // A person is asked again, after the rest of that line.
                input.skip_until(b'\n')?;
                writeln!(
                    out,
                    "\nI cannot read that line ({}); type two numbers, I K, or 'help'.",
                    too_long()
                )?;
                continue;
            }
            Ok(Read::Unreadable(why)) => {
                writeln!(
                    out,
                    "\nI cannot read that line ({why}); type two numbers, I K, or 'help'."
                )?;
                continue;
            }
            Ok(Read::Line) => {}
        }
        if echo {
            writeln!(out, "{}", line.trim_end())?;
        }
        match trim_space(&line) {
            "" => {}
            "help" | "?" => writeln!(out, "{PERSON_HELP}")?,
            "piles" => show_piles(board, out)?,
            "quit" | "exit" => {
                writeln!(out, "Goodbye.")?;
                return Ok(Exit::Done);
            }
            "hint" => match board.winning_move() {
                Some((pile, take)) => writeln!(out, "{}", hint(board, pile, take))?,
                None => writeln!(
                    out,
                    "hint: the nim-sum is 0, so every move leaves a nonzero nim-sum; none wins \
                     against best play."
                )?,
            },
            text => match parse_move(text) {
                None => writeln!(
                    out,
                    "I do not understand {}; type two numbers, I K, or 'help'.",
                    quoted(text)
                )?,
                Some((pile, take)) => match board.solved.legal(&board.piles, pile, take) {
                    Err(why) => writeln!(out, "not allowed: {why}. Try again.")?,
                    Ok(index) => {
                        let stones = board.piles[index];
                        let (before, after) = board.apply(index, take);
                        writeln!(
                            out,
                            "You take {take} from pile {pile}: {stones} \u{2192} {} (Grundy value \
                             {before} \u{2192} {after}).",
                            stones - take
                        )?;
                        ours = true;
                    }
                },
            },
        }
    }
}

/// The hint for the winning move `take` from `pile` (0-based), and why it wins: the nim-sum in
/// binary, and the pile whose value has the nim-sum's top bit set, which the move lowers to value ^ nim-sum.
fn hint(board: &Board, pile: usize, take: u64) -> String {
    let sum = board.nim_sum;
    let value = board.values[pile];
    let wanted = value ^ sum;
    let stones = board.piles[pile];
    let width = (64 - (value | sum).leading_zeros()) as usize;
    let top = 63 - sum.leading_zeros();
    format!(
        "hint: take {take} from pile {}: {stones} \u{2192} {} (Grundy value {value} \u{2192} \
         {wanted}).\n  why: the nim-sum is {sum:0width$b} in binary; pile {}'s value {value:0width$b} \
         has the nim-sum's top bit (2^{top}) set, so {value:0width$b} xor {sum:0width$b} = {wanted:0width$b} is \
         smaller, and a move there leaves nim-sum 0.",
        pile + 1,
        stones - take,
        pile + 1,
    )
}

/// Lists the piles now, each with its Grundy value; past [`SHOWN_PILES`], how many more.
fn show_piles(board: &Board, out: &mut impl Write) -> io::Result<()> {
    for (i, (stones, value)) in board.piles.iter().zip(&board.values).enumerate() {
        if i == SHOWN_PILES {
            let rest = board.piles.len() - SHOWN_PILES;
            return writeln!(out, "  ... and {rest} more");
        }
        writeln!(
            out,
            "  pile {}: {} (Grundy value {value})",
            i + 1,
            plural(*stones, "stone")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Board;
    use crate::Game;
    use crate::cli::game::Solved;

    fn board(piles: &[u64], forbidden: &[(u64, u64)]) -> Board {
        let game = Game {
            piles: piles.to_vec(),
            forbidden: forbidden.to_vec(),
        };
        Board::new(Solved::new(game).unwrap())
    }

    /// A drop at 2^64 - 1 itself, the last position of the last segment, is indexed too.
    #[test]
    fn a_drop_at_the_top_of_u64_is_indexed() {
        let top = u64::MAX;
        let board = board(&[top], &[(top, top)]);
        assert_eq!(board.dropped_to, [(0, top)]);
        assert_eq!(board.rise, [top]);
        // The line below it is untouched: value v sits at v.
        assert_eq!(board.rising(top - 1), top - 1);
    }

    /// Consecutive drops inside one segment: 2 has no move (g = 0) and from 3 only the move to 1
    /// is forbidden (g = 1), so the map has one segment from 2 (values 0, 1) whose two
    /// positions are both drops; the line resumes at 4 with value 2.
    #[test]
    fn drops_that_continue_a_segment_are_each_indexed() {
        let board = board(&[5], &[(2, 2), (2, 1), (3, 2)]);
        assert_eq!(board.dropped_to, [(0, 2), (1, 3)]);
        let drops: Vec<u64> = board.dropped_to.iter().map(|&(_, p)| p).collect();
        for (value, position) in &board.dropped_to {
            assert_eq!(board.grundy(*position), *value);
        }
        for n in 0..=10 {
            let dropped = drops.contains(&n);
            let below = drops.iter().filter(|&&d| d < n).count() as u64;
            if !dropped {
                assert_eq!(board.grundy(n), n - below, "{n}");
                assert_eq!(board.rising(board.grundy(n)), n, "{n}");
            }
        }
    }
}
