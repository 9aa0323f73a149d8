//! `play` through the binary: the machine protocol against a random and an optimal opponent on
//! many small games (the program on its default side wins every game, with legal moves only),
//! every way an opponent can break the protocol, and a scripted person session.

mod common;

use common::games::{SHAPES, SmallGame};
use common::oracle::grundy_table;
use common::rng::Rng;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A game written to a file of its own, removed when dropped.
struct GameFile(PathBuf);

impl GameFile {
    fn new(name: &str, text: &str) -> GameFile {
        let path = std::env::temp_dir().join(format!(
            "constrained-nim-play-{name}-{}.in",
            std::process::id()
        ));
        std::fs::write(&path, text).unwrap();
        GameFile(path)
    }
}

impl Drop for GameFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `play --machine` on a game, talked to line by line.
struct Machine {
    child: Child,
    /// `None` once closed.
    to: Option<ChildStdin>,
    from: BufReader<ChildStdout>,
}

impl Machine {
    fn start(file: &GameFile, extra: &[&str]) -> Machine {
        let path = file.0.to_str().unwrap();
        Machine::spawn(&[extra, &[path]].concat())
    }

    /// `play --machine ARGS`.
    fn spawn(args: &[&str]) -> Machine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
            .args(["play", "--machine"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let to = child.stdin.take();
        let from = BufReader::new(child.stdout.take().unwrap());
        Machine { child, to, from }
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.from.read_line(&mut line).unwrap();
        line.trim_end().to_owned()
    }

    fn send(&mut self, line: &str) {
        let to = self.to.as_mut().unwrap();
        writeln!(to, "{line}").unwrap();
        to.flush().unwrap();
    }

    /// The exit status and standard error once the program ends.
    fn finish(self) -> (i32, String) {
        drop(self.to);
        let output = self.child.wait_with_output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        (output.status.code().unwrap(), stderr)
    }
}

/// The allowed moves `(pile, take)`, 0-based piles.
fn moves(piles: &[u64], forbidden: &[(u64, u64)]) -> Vec<(usize, u64)> {
    let mut all = Vec::new();
    for (i, &a) in piles.iter().enumerate() {
        for take in 1..=a {
            if !forbidden.contains(&(a, take)) {
                all.push((i, take));
            }
        }
    }
    all
}

fn nim_sum(piles: &[u64], table: &[u64]) -> u64 {
    piles.iter().fold(0, |s, &a| s ^ table[a as usize])
}

/// Plays `game` to its end against an opponent that moves at random, or optimally when it can
/// win; asserts the program took the winning side, moved legally and won.
fn play_out(game: &SmallGame, optimal: bool, rng: &mut Rng, seed: u64) {
    let table = grundy_table(&game.forbidden, game.limit);
    let file = GameFile::new(&format!("{seed}-{optimal}"), &game.to_input());
    let mut machine = Machine::start(&file, &[]);
    let mut piles = game.piles.clone();
    let side = machine.read();
    let wins = nim_sum(&piles, &table) != 0;
    assert_eq!(
        side,
        if wins { "First" } else { "Second" },
        "seed {seed}: {game:?}"
    );
    let mut ours = wins;
    loop {
        if ours {
            let reply = machine.read();
            let (i, k) = reply.split_once(' ').expect("I K");
            let (pile, take): (usize, u64) = (i.parse().unwrap(), k.parse().unwrap());
            assert!(
                moves(&piles, &game.forbidden).contains(&(pile - 1, take)),
                "seed {seed}: illegal reply {reply} at {piles:?}: {game:?}"
            );
            piles[pile - 1] -= take;
            assert_eq!(nim_sum(&piles, &table), 0, "seed {seed}: {game:?}");
        } else {
            let legal = moves(&piles, &game.forbidden);
            if legal.is_empty() {
                machine.send("0 0");
                break;
            }
            let winning = legal.iter().find(|&&(i, t)| {
                let mut after = piles.clone();
                after[i] -= t;
                nim_sum(&after, &table) == 0
            });
            let &(pile, take) = match winning {
                Some(m) if optimal => m,
                _ => &legal[rng.below(legal.len() as u64) as usize],
            };
            piles[pile] -= take;
            machine.send(&format!("{} {take}", pile + 1));
        }
        ours = !ours;
    }
    let (status, stderr) = machine.finish();
    assert_eq!((status, stderr.as_str()), (0, ""), "seed {seed}: {game:?}");
}

fn many_games(optimal: bool, count: u64) {
    for seed in 0..count {
        let mut rng = Rng::new(seed);
        let shape = SHAPES[seed as usize % SHAPES.len()];
        let limit = rng.range(1, 9);
        let game = SmallGame::random(&mut rng, shape, limit);
        play_out(&game, optimal, &mut rng, seed);
    }
}

#[test]
fn wins_every_game_against_random_moves() {
    many_games(false, 1000);
}

#[test]
fn wins_every_game_against_optimal_moves() {
    many_games(true, 1000);
}

/// Ten times as many games each way: `cargo test --release --test play -- --ignored`.
#[test]
#[ignore]
fn wins_every_game_full() {
    many_games(false, 10_000);
    many_games(true, 10_000);
}

/// Sample 1: piles 1 2 4; from 2 taking 1, from 3 taking 3 or 1, from 1 taking 1 are forbidden.
const SAMPLE_1: &str = "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";

#[test]
fn protocol_breaches_get_minus_one_and_status_1() {
    let file = GameFile::new("breach", SAMPLE_1);
    // The program moves first here (nim-sum 3) and takes 1 from pile 3: piles 1 2 3.
    for (line, why) in [
        ("4 1", "no pile 4"),
        ("2 3", "pile 2 has 2 stones"),
        ("2 1", "from 2 stones, taking 1 is forbidden"),
        ("1 1", "from 1 stone, taking 1 is forbidden"),
        ("2 0", "at least one stone"),
        ("0 0", "`0 0` claims no move is left"),
        ("take 1", "expected `I K`"),
        ("1 2 3", "expected `I K`"),
        ("-1 1", "expected `I K`"),
        // Read as the game's numbers are: no sign, only ASCII white space.
        ("+2 +2", "expected `I K`"),
        ("2\u{3000}2", "expected `I K`"),
    ] {
        let mut machine = Machine::start(&file, &[]);
        assert_eq!(machine.read(), "First");
        assert_eq!(machine.read(), "3 1");
        machine.send(line);
        assert_eq!(machine.read(), "-1 -1", "{line}");
        let (status, stderr) = machine.finish();
        assert_eq!(status, 1, "{line}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(why),
            "{line}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{line}: {stderr}");
    }
    // The opponent's input ends before its move.
    let mut early = Machine::start(&file, &[]);
    assert_eq!(early.read(), "First");
    assert_eq!(early.read(), "3 1");
    early.to = None;
    assert_eq!(early.read(), "-1 -1");
    let (status, stderr) = early.finish();
    assert_eq!(status, 1);
    assert!(stderr.contains("input ended"), "{stderr}");
}

#[test]
fn a_forced_losing_side_still_plays_legal_moves_to_the_end() {
    // Aoki's position (nim-sum 0): the program, told to move first, takes the fewest stones
    // from the largest pile it can, and says `0 0` when it has no move left.
    let file = GameFile::new("lose", "2 0\n2 2\n");
    let mut machine = Machine::start(&file, &["--side", "first"]);
    assert_eq!(machine.read(), "First");
    assert_eq!(machine.read(), "1 1");
    machine.send("2 1");
    assert_eq!(machine.read(), "1 1");
    machine.send("2 1");
    assert_eq!(machine.read(), "0 0");
    assert_eq!(machine.finish(), (0, String::new()));
}

#[test]
fn a_person_session_through_a_pipe() {
    let file = GameFile::new("person", SAMPLE_1);
    let path = file.0.to_str().unwrap();
    let script = b"help\nhint\n9 9\n2 1\nnonsense\npiles\n2 2\nquit\n";
    let run = common::run(&["play", path], script);
    let out = run.assert_ok();
    for expected in [
        "Constrained Nim: 3 piles, 4 forbidden moves. Type 'help' for the commands.",
        "  pile 3: 4 stones (Grundy value 2)",
        "The nim-sum of the Grundy values is 3, not 0, so whoever moves first can win: I move first.",
        "I take 1 from pile 3: 4 \u{2192} 3 (Grundy value 2 \u{2192} 1); the nim-sum is 0 again.",
        "your move (I K)> help\ncommands:",
        "hint: the nim-sum is 0, so every move leaves a nonzero nim-sum",
        "not allowed: there is no pile 9 (the piles are 1 to 3). Try again.",
        "not allowed: from 2 stones, taking 1 is forbidden. Try again.",
        "I do not understand \"nonsense\"",
        "  pile 3: 3 stones (Grundy value 1)",
        "You take 2 from pile 2: 2 \u{2192} 0 (Grundy value 1 \u{2192} 0).",
        // Piles 1 0 3 (values 0 0 1): back to nim-sum 0, and 1 0 1 leaves no move.
        "I take 2 from pile 3: 3 \u{2192} 1 (Grundy value 1 \u{2192} 0); the nim-sum is 0 again.",
        "You have no move left: I win.",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
    let quit = common::run(&["play", path], b"quit\n");
    assert!(
        quit.assert_ok()
            .ends_with("your move (I K)> quit\nGoodbye.\n"),
        "{quit:?}"
    );
    let ended = common::run(&["play", path], b"");
    assert!(
        ended.assert_ok().ends_with("The input ended; goodbye.\n"),
        "{ended:?}"
    );
}

#[test]
fn endless_or_garbled_lines_are_refused_without_reading_them_whole() {
    let file = GameFile::new("endless", SAMPLE_1);
    let path = file.0.to_str().unwrap();
    // 100 MB without a newline: refused after 4096 bytes, in one short error line.
    let endless = vec![b'7'; 100 << 20];
    let machine = common::run(&["play", "--machine", path], &endless);
    assert_eq!(machine.status, 1, "{machine:?}");
    assert_eq!(machine.stdout, "First\n3 1\n-1 -1\n");
    assert_eq!(
        machine.stderr,
        "error: reading the other side's move: a line longer than 4096 bytes\n"
    );
    // A person is asked again, after the rest of that line.
    let mut endless = endless;
    endless.extend_from_slice(b"\n\xff\xfe\n2 2\nquit\n");
    let person = common::run(&["play", path], &endless);
    let out = person.assert_ok();
    for expected in [
        "I cannot read that line (a line longer than 4096 bytes); type two numbers, I K, or 'help'.",
        "I cannot read that line (a line that is not UTF-8 text); type two numbers, I K, or 'help'.",
        "You take 2 from pile 2",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
    // Not UTF-8.
    let garbled = common::run(&["play", "--machine", path], b"1 \xff\n");
    assert_eq!(garbled.status, 1);
    assert!(garbled.stderr.contains("UTF-8"), "{garbled:?}");
    // A long wrong line is quoted short.
    let long = format!("{}\n", "9".repeat(1000));
    let quoted = common::run(&["play", "--machine", path], long.as_bytes());
    assert!(quoted.stderr.len() < 120, "{quoted:?}");
}

/// The hint says why its move wins: the nim-sum in binary and the pile whose value has the
/// nim-sum's top bit set. On sample 1 (values 0 1 2, nim-sum 3 = 11), pile 3's value 10 has it, and
/// 10 xor 11 = 01: the move 4 -> 3 (value 1).
#[test]
fn the_hint_says_why_its_move_wins() {
    let file = GameFile::new("hint", SAMPLE_1);
    let path = file.0.to_str().unwrap();
    let run = common::run(&["play", "--side", "second", path], b"hint\nquit\n");
    let out = run.assert_ok();
    let expected = "hint: take 1 from pile 3: 4 \u{2192} 3 (Grundy value 2 \u{2192} 1).\n  why: the \
                    nim-sum is 11 in binary; pile 3's value 10 has the nim-sum's top bit (2^1) set, so 10 xor 11 \
                    = 01 is smaller, and a move there leaves nim-sum 0.\n";
    assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
}

/// `play -` cannot read the game from standard input, which carries a person's moves: a usage
/// error that says so, not "-: cannot open".
#[test]
fn play_for_a_person_refuses_the_game_on_standard_input() {
    let run = common::run(&["play", "-"], b"1 0\n3\n");
    assert_eq!(run.status, 2, "{run:?}");
    assert!(
        run.stderr.starts_with(
            "error: play reads the game from a file: standard input carries the moves"
        ),
        "{run:?}"
    );
}

/// `play --machine -` is the judge's side of an interactive problem: the game's lines first,
/// then the moves, on the same stream; it answers before the moves are sent.
#[test]
fn play_machine_reads_the_game_then_the_moves_from_standard_input() {
    let mut machine = Machine::spawn(&["-"]);
    // The game, with the piles over two lines: read to its last number, no further.
    for line in ["3 4", "1 2", "4", "2 1", "3 3", "3 1", "1 1"] {
        machine.send(line);
    }
    assert_eq!(machine.read(), "First");
    assert_eq!(machine.read(), "3 1");
    machine.send("2 2");
    assert_eq!(machine.read(), "3 2");
    machine.send("0 0");
    assert_eq!(machine.finish(), (0, String::new()));
    // A game that is not one: the reader's error, and no side.
    let bad = common::run(&["play", "--machine", "-"], b"2 1\n1 x\n");
    assert_eq!(bad.status, 1, "{bad:?}");
    assert_eq!(bad.stdout, "");
    assert!(
        bad.stderr
            .starts_with("error: line 2: pile 2: expected a non-negative integer"),
        "{bad:?}"
    );
}

/// A line past 4096 bytes is answered `-1 -1` as soon as it passes them, while its writer is
/// still writing it (and might never end it); a line of exactly 4096 bytes is read.
#[test]
fn an_over_long_line_is_refused_before_its_newline_comes() {
    let file = GameFile::new("long", SAMPLE_1);
    let mut machine = Machine::start(&file, &[]);
    assert_eq!(machine.read(), "First");
    assert_eq!(machine.read(), "3 1");
    let to = machine.to.as_mut().unwrap();
    to.write_all(&[b'7'; 5000]).unwrap();
    to.flush().unwrap();
    // The pipe stays open, with no newline: the answer must not wait for one.
    let (sender, receiver) = std::sync::mpsc::channel();
    let mut from = machine.from;
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = from.read_line(&mut line);
        let _ = sender.send(line);
    });
    let answer = receiver.recv_timeout(std::time::Duration::from_secs(30));
    assert_eq!(answer.as_deref(), Ok("-1 -1\n"));
    drop(machine.to);
    let status = machine.child.wait_with_output().unwrap();
    assert_eq!(status.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&status.stderr),
        "error: reading the other side's move: a line longer than 4096 bytes\n"
    );
    // Exactly 4096 bytes before the newline: a line, read and judged as a move.
    let mut exact = Machine::start(&file, &[]);
    assert_eq!(exact.read(), "First");
    assert_eq!(exact.read(), "3 1");
    exact.send(&format!("2 2{}", " ".repeat(4093)));
    assert_eq!(exact.read(), "3 2");
}

/// A lost position says its nim-sum once: "is 0, so", not "is 0, 0, so".
#[test]
fn a_lost_position_states_its_nim_sum_once() {
    let file = GameFile::new("lost", "2 0\n1 1\n");
    let path = file.0.to_str().unwrap();
    let run = common::run(&["play", path], b"quit\n");
    let out = run.assert_ok();
    let expected =
        "The nim-sum of the Grundy values is 0, so whoever moves first loses: you move first.";
    assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
}
