//! `page`: one self-contained HTML file for a learner: g over any range, drawn and zoomed, why a
//! position has its value, the game played against the program and edited, all offline.
//!
//! The file is written here from sources of its own, kept beside this one and pulled in at
//! build time: the template (`page.html`), the styles (`page.css`) and the script, a room a
//! file under `script/` (words, sweep, why, moves, state, picture, play, edit, start), put
//! together in that order inside one function.
//! The script sweeps the special points as `src/main.rs` does (ported, with BigInt for values
//! past 2^53) and says why in `why`'s own words ([`WORDS`], embedded as JSON); the tests hold its
//! values and its words against the tool's in Chromium.

use super::game::{Failure, input_path, load};
use super::why::{SHOWN_POSITIONS, SHOWN_VALUES, WORDS};
use crate::Game;
use std::io::Write;
use std::path::PathBuf;

/// Write a self-contained HTML page of the game for a browser: see g, ask why, play and edit
///
/// The page is one file on standard output (`constrained-nim page game.in > nim.html`): its
/// script, styles and the game are inside it, it makes no network request, and it opens from
/// disk in any current browser. Without FILE it holds a small game whose drops show clearly.
///
/// The picture: g(n) beside plain Nim's g = n, the special points (a drop: a triangle pointing
/// down; one that stays on the rising line: a hollow diamond) and the piles (squares); where
/// they crowd, a tick a pixel column in a strip at the bottom, and each drop a dot. Both axes
/// have ticks at round steps, each labelled with its exact value. Zoom and pan
/// from the first stones up to 2^64 - 1 with the buttons, the mouse wheel, dragging, or the
/// keyboard on the focused picture (+ and - zoom, the arrows move the cursor, Page Up and Page
/// Down pan, Enter asks why at the cursor, Home shows the whole game). Every value is exact at
/// any zoom (BigInt, or two 32-bit halves, never a float). The picture is told in words too.
///
/// Why: a click on the picture, or a typed N, shows why g(N) is what it is, in the words of
/// `why N`. Play: the program takes the winning side, as `play` does, and explains each of its
/// moves; each pile's value and the nim-sum are shown in binary; a hint names a winning move and
/// why it wins. The board plays up to 1,000 piles: the game's, or piles the learner types.
///
/// Edit: add or remove a pile or a forbidden move, or paste a whole game as text; g, the drops
/// and the verdict follow at once. The page's address carries the edited game (a link to share)
/// while it has at most 20,000 piles and forbidden moves together; past that the address holds
/// no game (a reload opens the page's own), and the page says so. An address edited by hand in
/// an open page opens its game, or says what is wrong in it. An edited game may grow to contest
/// size and past it (up to 10^6 piles and 10^6 forbidden moves): each edit solves it again, in
/// about half a second at 2·10^5 forbidden moves near 10^18.
///
/// A game of contest size opens and draws in under a second on a quiet two-core machine, in
/// about 1.5 s beside two busy loops (the tests measure it in Chromium and print it).
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The game's file; '-' for standard input; without it, a small game with clear drops
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
/// The script: its rooms in order, one scope (a function called at once), strict.
const SCRIPT: &str = concat!(
    "// The page of `constrained-nim page`: the game solved in the browser by the sweep of\n",
    "// src/main.rs (ported), drawn, explained in the words of `why` (embedded from\n",
    "// src/cli/why.rs), played and edited. No request leaves the page.\n",
    "\"use strict\";\n(function () {\n",
    include_str!("script/words.js"),
    include_str!("script/sweep.js"),
    include_str!("script/why.js"),
    include_str!("script/moves.js"),
    include_str!("script/state.js"),
    include_str!("script/picture.js"),
    include_str!("script/play.js"),
    include_str!("script/edit.js"),
    include_str!("script/start.js"),
    "})();\n",
);

/// The game of a page written without FILE: three piles, and eight forbidden moves of which
/// seven drop (to 0 twice) and one, at 17, stays on the rising line.
const FIRST_GAME: &str = "3 8\n5 9 14\n3 3\n8 8\n8 5\n11 2\n14 1\n14 4\n17 3\n20 5\n";

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    let game = match &args.file {
        None => crate::read_game(FIRST_GAME.as_bytes()).expect("the first game is a game"),
        Some(file) => load(input_path(Some(file.clone())).as_deref())?,
    };
    out.write_all(page(&game).as_bytes())
        .map_err(Failure::Write)
}

/// The page: the template with the styles, the script, the words and the game put in.
fn page(game: &Game) -> String {
    let words: serde_json::Map<String, serde_json::Value> = WORDS
        .iter()
        .map(|&(k, t)| (k.to_owned(), t.into()))
        .collect();
    let words = serde_json::json!({
        "words": words,
        "shownValues": SHOWN_VALUES,
        "shownPositions": SHOWN_POSITIONS,
    });
    // Inside a <script> element, "</" could close it: JSON allows "<\/" for it.
    let words = words.to_string().replace("</", "<\\/");
    TEMPLATE
        .replace("/*STYLE*/", STYLE)
        .replace("/*WORDS*/", &words)
        .replace("/*GAME*/", &game_records(game))
        .replace("/*SCRIPT*/", SCRIPT)
}

/// The game as the page's script reads it fastest: N, M, the piles, then X and Y of each
/// forbidden move, each number as 8 bytes, big-endian, the whole in base64 (a third smaller
/// than hexadecimal, and read by the browser's own `atob` and a `DataView`: at contest size the
/// input's decimal layout took the script several times longer to read).
fn game_records(game: &Game) -> String {
    let numbers = 2 + game.piles.len() + 2 * game.forbidden.len();
    let mut bytes = Vec::with_capacity(8 * numbers);
    for count in [game.piles.len(), game.forbidden.len()] {
        bytes.extend_from_slice(&(count as u64).to_be_bytes());
    }
    for pile in &game.piles {
        bytes.extend_from_slice(&pile.to_be_bytes());
    }
    for (x, y) in &game.forbidden {
        bytes.extend_from_slice(&x.to_be_bytes());
        bytes.extend_from_slice(&y.to_be_bytes());
    }
    base64(&bytes)
}

/// Standard base64, padded.
fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |bits, (i, &b)| bits | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                text.push(DIGITS[(bits >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                text.push('=');
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    /// The game's records: N, M, the piles, the moves, 8 bytes each, big-endian, in base64.
    #[test]
    fn the_game_is_written_as_records_of_8_bytes_in_base64() {
        let game = crate::Game {
            piles: vec![5, u64::MAX],
            forbidden: vec![(3, 3)],
        };
        // 2, 1, 5, 2^64 - 1, 3, 3: 48 bytes, 64 base64 digits.
        let expected = "AAAAAAAAAAIAAAAAAAAAAQAAAAAAAAAF//////////8AAAAAAAAAAwAAAAAAAAAD";
        assert_eq!(super::game_records(&game), expected);
        assert_eq!(super::base64(b"ab"), "YWI=");
        assert_eq!(super::base64(b"a"), "YQ==");
        assert_eq!(super::base64(b""), "");
    }

    /// The template has each place the page fills, once, and the script none of them: a page is
    /// whole and nothing of it is put in twice.
    #[test]
    fn every_part_is_put_in_once() {
        for mark in ["/*STYLE*/", "/*WORDS*/", "/*GAME*/", "/*SCRIPT*/"] {
            assert_eq!(super::TEMPLATE.matches(mark).count(), 1, "{mark}");
            assert!(!super::SCRIPT.contains(mark), "{mark}");
            assert!(!super::STYLE.contains(mark), "{mark}");
        }
    }
}
