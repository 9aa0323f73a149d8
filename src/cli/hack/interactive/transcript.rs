//! The report of an interactive game (`hack --interactive`): the play line by line, each move
//! with the piles and the nim-sum it leaves, how the bot failed, and where in the game's terms it
//! went wrong: the side it chose against the nim-sum, or the first move that let a won position
//! go, with the Grundy values and a winning move it could have made.

use super::super::report;
use super::super::trial::Limits;
use super::super::verdict::{Ending, Played, Speaker};
use super::referee::IDLE;
use crate::Game;
use crate::cli::board::Board;
use crate::cli::game::{Solved, parse_move, quoted};
use std::fmt::Write as _;

/// Transcripts longer than this show their start and end.
const TRANSCRIPT_SHOWN: usize = 120;

/// The play, each move with the position it leaves, then how the bot failed and, in the game's
/// terms, where it went wrong.
pub(super) fn play_report(text: &mut String, case: &Game, played: &Played, limits: &Limits) {
    let timeout = limits.timeout;
    let game = case.clone();
    let Ok(solved) = Solved::new(game) else {
        return;
    };
    let mut board = Board::new(solved);
    let mut lines = Vec::new();
    // The bot's first mistake: where a won position was let go.
    let mut mistake: Option<String> = None;
    let mut bot_first = None;
    for (speaker, line) in &played.transcript {
        let arrow = if *speaker == Speaker::Bot { '>' } else { '<' };
        let mut note = String::new();
        if bot_first.is_none() && *speaker == Speaker::Bot {
            let first = line.trim() == "First";
            bot_first = Some(first);
            let winning = board.nim_sum() != 0;
            if first != winning && (line.trim() == "First" || line.trim() == "Second") {
                mistake = Some(format!(
                    "it chose {}, but {}: {} wins{}",
                    line.trim(),
                    position(&board),
                    if winning { "First" } else { "Second" },
                    winning_move(&board)
                        .map(|m| format!(", by {m}"))
                        .unwrap_or_default()
                ));
            }
        } else if let Some((pile, take)) = parse_move(line) {
            let legal = board.solved().legal(board.piles(), pile, take);
            if let (Ok(index), true) = (legal, pile != 0) {
                let won = board.nim_sum() != 0;
                let before = position(&board);
                let hint = winning_move(&board);
                board.apply(index, take);
                note = format!("piles {}, nim-sum {}", piles(&board), board.nim_sum());
                if *speaker == Speaker::Bot && won && board.nim_sum() != 0 && mistake.is_none() {
                    mistake = Some(format!(
                        "its move `{pile} {take}` let a won position go: {before}, and it left \
                         nim-sum {}; {}",
                        board.nim_sum(),
                        hint.map(|m| format!("a winning move was {m}"))
                            .unwrap_or_default()
                    ));
                }
            }
        }
        let shown = unquoted(line);
        lines.push(if note.is_empty() {
            format!("    {arrow} {shown}")
        } else {
            format!("    {arrow} {shown:<12} {note}")
        });
    }
    let _ = writeln!(
        text,
        "the play (> the bot's lines, < hack's; the game went first, piles {}):",
        piles_of(case)
    );
    if lines.len() > TRANSCRIPT_SHOWN {
        let cut = lines.len() - TRANSCRIPT_SHOWN / 2;
        for line in &lines[..TRANSCRIPT_SHOWN / 2] {
            let _ = writeln!(text, "{line}");
        }
        let _ = writeln!(text, "    ... {} lines ...", cut - TRANSCRIPT_SHOWN / 2);
        lines.drain(..cut);
    }
    for line in &lines {
        let _ = writeln!(text, "{line}");
    }
    if lines.is_empty() {
        let _ = writeln!(text, "    (no line came from the bot)");
    }
    let failure = match &played.verdict {
        Ending::Lost => "lost: it had no move left at the end".to_owned(),
        Ending::Illegal { line, why } => format!(
            "illegal move {}: {why}; before it, {}{}",
            quoted(line),
            position(&board),
            winning_move(&board)
                .map(|m| format!("; a winning move was {m}"))
                .unwrap_or_default()
        ),
        Ending::Protocol {
            line: Some(line),
            why,
        } => {
            let side = ["first", "second"].contains(&line.trim().to_lowercase().as_str());
            let hint = if side {
                " (the side is written `First` or `Second`)"
            } else if line.len() > 4096 {
                ""
            } else {
                " (a debug line? those go to standard error)"
            };
            format!("protocol error: {why}{hint}")
        }
        Ending::Protocol { line: None, why } => format!("protocol error: {why}"),
        Ending::Idle => format!(
            "idleness: no line for {} s while it waited in a read of its standard input, \
             nothing of it running, and hack waited for its line: did you flush standard \
             output? (print(..., flush=True), fflush(stdout), cout << endl) Else it waits for \
             input that does not come: it reads more than the game and the moves (to the end \
             of the input, say)",
            IDLE.as_secs_f64()
        ),
        Ending::Timeout { time, cpu } => format!(
            "timeout: {:.2} s in the game ({:.2} s of CPU time); --timeout is {} s, for the \
             whole run in wall time, asleep or not, as the judge counts it (hack's turns and \
             the waits for a CPU other work held not counted)",
            time.as_secs_f64(),
            cpu.as_secs_f64(),
            timeout.as_secs_f64()
        ),
        Ending::Memory { peak, status } => format!(
            "memory limit exceeded: its memory peak was {} MiB, every process of it together; \
             the limit is {} MiB (--memory){}\n{}",
            peak.div_ceil(1 << 20),
            limits.memory >> 20,
            match status {
                Some(status) => format!("; then the bot {status}"),
                None => String::new(),
            },
            report::measured()
        ),
        Ending::Crash { status, after } => {
            let when = if *after {
                "after the game was over"
            } else if bot_first.is_none() {
                "before choosing a side"
            } else {
                "in the middle of the game"
            };
            format!("crash: it {status} {when}")
        }
        Ending::NoExit { after } => format!(
            "did not exit: the game was over (`0 0`: it won), but it was still running {:.2} s \
             later, at the time limit (--timeout {} s, for the whole run); a bot must exit at \
             the end of the game",
            after.as_secs_f64(),
            timeout.as_secs_f64()
        ),
        // Won, or no verdict: never a failure's report.
        other => other.kind().map_or("", |kind| kind.name()).to_owned(),
    };
    let _ = writeln!(text, "{failure}");
    if let Some(mistake) = mistake {
        let _ = writeln!(text, "where it went wrong: {mistake}");
    }
    if !played.stderr.is_empty() {
        text.push_str("its standard error ended with:\n");
        for line in played.stderr.lines() {
            let _ = writeln!(text, "    {line}");
        }
    }
}

fn piles(board: &Board) -> String {
    listed(board.piles())
}

fn piles_of(case: &Game) -> String {
    listed(&case.piles)
}

/// The piles, a space between two; "none" for no pile (N = 0, with --beyond).
fn listed(piles: &[u64]) -> String {
    if piles.is_empty() {
        return "none".to_owned();
    }
    let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
    piles.join(" ")
}

/// The position in the game's terms: the piles, their Grundy values, the nim-sum.
fn position(board: &Board) -> String {
    let values: Vec<String> = board
        .piles()
        .iter()
        .zip(board.values())
        .map(|(p, g)| format!("g({p}) = {g}"))
        .collect();
    format!(
        "piles {} have Grundy values {}, nim-sum {}",
        piles(board),
        values.join(", "),
        board.nim_sum()
    )
}

/// A winning move from `board`, in words, if there is one.
fn winning_move(board: &Board) -> Option<String> {
    let (pile, take) = board.winning_move()?;
    let stones = board.piles()[pile];
    Some(format!(
        "`{} {take}` (pile {}: {stones} -> {}, Grundy value {} -> {})",
        pile + 1,
        pile + 1,
        stones - take,
        board.values()[pile],
        board.grundy(stones - take)
    ))
}

/// A line of the play as the transcript shows it: escaped and cut as [`quoted`] does, without
/// its quotes (`"line"`, or `"line"...` where it was cut).
fn unquoted(line: &str) -> String {
    let shown = quoted(line);
    match shown.strip_suffix("\"...") {
        Some(cut) => format!("{}...", &cut[1..]),
        None => shown[1..shown.len() - 1].to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::unquoted;

    /// A line is shown escaped, without the quotes around it; a long one cut, with its "..."
    /// after the cut and no stray quote before it.
    #[test]
    fn a_line_is_shown_without_its_quotes_cut_or_not() {
        assert_eq!(unquoted("1 2"), "1 2");
        assert_eq!(unquoted("say \"hi\"\t"), "say \\\"hi\\\"\\t");
        let long = "debug: nim-sum of the Grundy values is 3, so Takahashi wins";
        let shown = unquoted(long);
        assert!(
            shown.ends_with("...") && !shown.contains("\"..."),
            "{shown}"
        );
        assert!(long.starts_with(shown.trim_end_matches("...")), "{shown}");
    }
}
