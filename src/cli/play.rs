//! `play`: the program plays the game, against a person at a prompt or against a program over a
//! line protocol (AtCoder ABC278 G's), and takes the winning side unless told otherwise.
//!
//! A reply never solves the game again: the Grundy map is built once, and a changed pile's value
//! and the positions holding a wanted value are looked up in it.

use super::board::Board;
use super::game::{Failure, Output, Solved, load, parse_move, plural, quoted, trim_space};
use crate::cli::exit::Exit;
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
