//! `judge`: a checker for online-judge-tools' `--judge-command`, which accepts any right answer:
//! the right winner and, when a move follows, any move that wins, not only the one `--move`
//! would print. Its exit statuses are testlib's verdicts, which problem setters' tools read.

use super::game::{
    Failure, QUOTED, ShownPath, Solved, input_path, is_space, load, parse_move, quoted, trim_space,
};
use crate::cli::exit::{Exit, Judged};
use crate::report;
use std::path::{Path, PathBuf};

/// Check a solution's output against the game (for oj's --judge-command)
///
/// Accepts OUTPUT when its first line is the winner and, if a second line `I K` is there, taking
/// K stones from pile I (1-based) is allowed and leaves nim-sum 0. The exit status is testlib's
/// verdict; the reason is printed on standard output (where oj's --judge-command shows it) and,
/// as an 'error: ' line, on standard error.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
exit status (testlib's):
  0  accepted
  1  wrong answer: the wrong winner, a move that is not allowed or does not win
  2  presentation error: the output is not in the format (not a winner's name, empty, a move
     line that is not two numbers, a move after Aoki, lines beyond the move, over 1 MiB)
  3  the checker failed: INPUT is not a game or cannot be read, OUTPUT cannot be read,
     the command line is wrong, or memory ran out

online-judge-tools reads only zero against non-zero, so --judge-command works as it is, and it
shows the reason (standard output) as the judge's output. With oj:
  oj t -c \"python3 main.py\" -d samples                  # samples/: NAME.in / NAME.out
  oj g/i -d random \"constrained-nim gen\" 100           # 100 generated games in random/
  oj g/o -c constrained-nim -d random                  # their answers, from this solver
  oj t -c \"python3 main.py\" -d random --judge-command \"constrained-nim judge\"
  oj g/i --hack-expected constrained-nim --hack-actual \"python3 main.py\" \"constrained-nim gen\"")]
pub(super) struct Args {
    /// The game; standard input when '-' (`gen | constrained-nim judge - out.txt`)
    #[arg(value_name = "INPUT")]
    input: PathBuf,
    /// The solution's output; standard input when '-'
    /// (`./sol < game | constrained-nim judge game -`)
    #[arg(value_name = "OUTPUT")]
    output: PathBuf,
    /// The expected output, as oj passes it; not needed, since the answer is computed
    #[arg(value_name = "EXPECTED")]
    expected: Option<PathBuf>,
}

pub(super) fn run(args: &Args) -> Result<Exit, Failure> {
    if args.input.as_os_str() == "-" && args.output.as_os_str() == "-" {
        return Err(Failure::Usage(
            "INPUT and OUTPUT cannot both be standard input ('-'): give one of them as a file"
                .to_owned(),
        ));
    }
    let input = input_path(Some(args.input.clone()));
    let judged = load(input.as_deref()).and_then(|game| {
        let output = read(&args.output)?;
        let solved = Solved::new(game).map_err(|e| Failure::Input(input.clone(), e.into()))?;
        Ok(match output {
            Some(output) => verdict(&solved, &output),
            None => Err(Rejection::format(format!(
                "the output is longer than {LONGEST_OUTPUT} bytes"
            ))),
        })
    });
    Ok(Exit::Judged(match judged {
        Ok(Ok(())) => Judged::Accepted,
        Ok(Err(rejection)) => {
            tell(&rejection);
            rejection.judged()
        }
        // Not the solution's fault: the checker's own failure, which testlib keeps apart.
        Err(failure) => {
            tell(format_args!("cannot judge: {failure}"));
            Judged::Fail
        }
    }))
}

/// Gives the reason for a status on both outputs: as an `error: ` line on standard error, as
/// every failure of the tool, and as it is on standard output, which is where oj's
/// `--judge-command` looks for the judge's output (it shows standard error nowhere). The status
/// is the verdict: an output that cannot be written changes nothing.
fn tell(reason: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{reason}");
    report(reason);
}

/// Why an output is rejected: testlib's wrong answer or presentation error, with the reason.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Rejection {
    format: bool,
    reason: String,
}

impl Rejection {
    /// A wrong answer: a winner's name or a move, but not a right one.
    fn wrong(reason: String) -> Rejection {
        Rejection {
            format: false,
            reason,
        }
    }

    /// A presentation error: the output is not in the answer's format.
    fn format(reason: String) -> Rejection {
        Rejection {
            format: true,
            reason,
        }
    }

    /// testlib's verdict: a wrong answer, or a presentation error.
    pub(crate) fn judged(&self) -> Judged {
        if self.format {
            Judged::Format
        } else {
            Judged::Wrong
        }
    }
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verdict = if self.format {
            "wrong output format"
        } else {
            "wrong answer"
        };
        write!(f, "{verdict}: {}", self.reason)
    }
}

/// The longest output read: a right one is two short lines, and an endless one (a solution that
/// never stops printing) is rejected without holding all of it.
const LONGEST_OUTPUT: u64 = 1 << 20;

/// The output's text (standard input for `-`), or `None` when it is longer than
/// [`LONGEST_OUTPUT`].
fn read(path: &Path) -> Result<Option<String>, Failure> {
    use std::io::Read;
    let failed =
        |e: std::io::Error| Failure::Other(format!("{}: cannot read: {e}", ShownPath(path)));
    let source: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(failed)?)
    };
    let mut bytes = Vec::new();
    source
        .take(LONGEST_OUTPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    let fits = bytes.len() as u64 <= LONGEST_OUTPUT;
    Ok(fits.then(|| String::from_utf8_lossy(&bytes).into_owned()))
}

/// Why `output` is not a right answer for `solved`, if it is not.
pub(crate) fn verdict(solved: &Solved, output: &str) -> Result<(), Rejection> {
    // Read as the game is: only ASCII white space around a name or between numbers.
    let output = output.trim_end_matches(is_space);
    let mut lines = output.lines().map(trim_space);
    let first = lines.next().unwrap_or("");
    if output.is_empty() {
        return Err(Rejection::format("the output is empty".to_owned()));
    }
    if first.is_empty() {
        return Err(Rejection::format(
            "the first line is empty; the winner comes first".to_owned(),
        ));
    }
    if first != "Takahashi" && first != "Aoki" {
        return Err(Rejection::format(format!(
            "the first line is {}, not Takahashi or Aoki",
            shown(first)
        )));
    }
    let wins = solved.nim_sum() != 0;
    let winner = if wins { "Takahashi" } else { "Aoki" };
    if first != winner {
        return Err(Rejection::wrong(format!(
            "the winner is {winner}, the output says {}",
            shown(first)
        )));
    }
    let Some(second) = lines.next() else {
        return Ok(());
    };
    if let Some(third) = lines.next() {
        return Err(Rejection::format(format!(
            "more than two lines (the third is {})",
            shown(third)
        )));
    }
    if !wins {
        return Err(Rejection::format(format!(
            "Aoki wins, so no move follows; the second line is {}",
            shown(second)
        )));
    }
    let Some((pile, take)) = parse_move(second) else {
        return Err(Rejection::format(format!(
            "the second line {} is not `I K`",
            shown(second)
        )));
    };
    solved.check_move(pile, take).map_err(Rejection::wrong)
}

/// A line of the output as a message shows it: [`quoted`], and when cut, with its length, so
/// that a reason stays one short line however long the line is.
fn shown(line: &str) -> String {
    let count = line.chars().count();
    if count > QUOTED {
        format!("{} ({count} characters)", quoted(line))
    } else {
        quoted(line)
    }
}

impl Solved {
    /// Why taking `take` stones from pile `pile` (1-based) is not a winning move, if it is not.
    pub(super) fn check_move(&self, pile: u64, take: u64) -> Result<(), String> {
        let index = self.legal(&self.piles, pile, take)?;
        let stones = self.piles[index];
        let after = self.map.value(stones - take);
        let sum = self.nim_sum() ^ self.values[index] ^ after;
        if sum != 0 {
            return Err(format!(
                "taking {take} from pile {pile} leaves nim-sum {sum}, not 0 (g {} -> {after})",
                self.values[index]
            ));
        }
        Ok(())
    }
}
