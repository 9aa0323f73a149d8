//! The modes through the built binary: `--grundy` and `--move` against the oracle on seeded
//! small games, and for consistency on games of the maximum size.

mod common;

use common::games::{SHAPES, SmallGame, input};
use common::oracle;
use common::rng::Rng;

fn numbers(line: &str) -> Vec<u64> {
    line.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn grundy_lists_every_pile_in_input_order() {
    grundy_lists_every_pile_in_input_order_on(0..400);
}

/// The same on 1,200 seeds: `cargo test --release --test modes -- --ignored`.
#[test]
#[ignore]
fn grundy_lists_every_pile_in_input_order_full() {
    grundy_lists_every_pile_in_input_order_on(0..1_200);
}

fn grundy_lists_every_pile_in_input_order_on(seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let mut rng = Rng::new(2_000_000 + seed);
        let limit = rng.range(1, 50);
        let mut game = SmallGame::random(&mut rng, SHAPES[seed as usize % SHAPES.len()], limit);
        // Every position as a pile, in a scrambled order, checks the whole table at once.
        game.piles
            .extend((0..=limit).map(|n| (n * 7) % (limit + 1)));
        let table = oracle::grundy_table(&game.forbidden, limit);
        let expected: String = game
            .piles
            .iter()
            .map(|&a| format!("{}\n", table[a as usize]))
            .collect();
        let run = common::run(&["--grundy"], game.to_input().as_bytes());
        assert_eq!(
            run.assert_ok(),
            expected,
            "seed {}, game:\n{}",
            2_000_000 + seed,
            game.to_input()
        );
    }
}

#[test]
fn move_is_legal_and_wins_or_the_verdict_is_aoki() {
    move_is_legal_and_wins_or_the_verdict_is_aoki_on(0..400);
}

/// The same on 1,200 seeds: `cargo test --release --test modes -- --ignored`.
#[test]
#[ignore]
fn move_is_legal_and_wins_or_the_verdict_is_aoki_full() {
    move_is_legal_and_wins_or_the_verdict_is_aoki_on(0..1_200);
}

fn move_is_legal_and_wins_or_the_verdict_is_aoki_on(seeds: std::ops::Range<u64>) {
    let (mut wins, mut losses) = (0, 0);
    for seed in seeds.clone() {
        let mut rng = Rng::new(3_000_000 + seed);
        let limit = rng.range(1, 40);
        let game = SmallGame::random(&mut rng, SHAPES[seed as usize % SHAPES.len()], limit);
        let context = format!("seed {}, game:\n{}", 3_000_000 + seed, game.to_input());
        let table = oracle::grundy_table(&game.forbidden, limit);
        let nim_sum = game.piles.iter().fold(0, |s, &a| s ^ table[a as usize]);
        let run = common::run(&["--move"], game.to_input().as_bytes());
        let lines: Vec<&str> = run.assert_ok().lines().collect();
        if nim_sum == 0 {
            assert_eq!(lines, ["Aoki"], "{context}");
            losses += 1;
        } else {
            assert_eq!(lines.len(), 2, "{context}");
            assert_eq!(lines[0], "Takahashi", "{context}");
            let [pile, take] = numbers(lines[1])[..] else {
                panic!("{context}")
            };
            assert!(
                oracle::is_winning_move(
                    &game.piles,
                    &game.forbidden,
                    &table,
                    pile as usize - 1,
                    take
                ),
                "move {pile} {take}; {context}"
            );
            wins += 1;
        }
    }
    assert!(
        // As on 1,200 seeds: more than 100 of each.
        wins * 12 > seeds.end - seeds.start && losses * 12 > seeds.end - seeds.start,
        "both verdicts tested: {wins} wins, {losses} losses"
    );
}

/// A game of `n` piles and `n` forbidden moves with values in `lo..=hi`, with X clustered so that
/// many special points drop, and piles often on special points.
fn large_game(seed: u64, n: usize, lo: u64, hi: u64) -> (Vec<u64>, Vec<(u64, u64)>) {
    let mut rng = Rng::new(seed);
    let mut forbidden = Vec::with_capacity(n);
    while forbidden.len() < n {
        let x = rng.range(lo, hi);
        for _ in 0..rng.range(1, 4) {
            let y = if rng.chance(50) {
                rng.range(1, (x - lo).max(1).min(x))
            } else {
                rng.range(1, x)
            };
            forbidden.push((x, y));
        }
    }
    forbidden.truncate(n);
    let piles = (0..n)
        .map(|_| {
            if rng.chance(30) {
                forbidden[rng.below(n as u64) as usize].0
            } else {
                rng.range(lo, hi)
            }
        })
        .collect();
    (piles, forbidden)
}

fn grundy(piles: &[u64], forbidden: &[(u64, u64)]) -> Vec<u64> {
    numbers(common::run(&["--grundy"], input(piles, forbidden).as_bytes()).assert_ok())
}

#[test]
fn max_size_games_give_consistent_moves() {
    const E18: u64 = 1_000_000_000_000_000_000;
    const N: usize = 200_000;
    for (seed, lo, hi) in [(1, E18 - 400_000, E18), (2, u64::MAX - 400_000, u64::MAX)] {
        let (piles, forbidden) = large_game(seed, N, lo, hi);
        let values = grundy(&piles, &forbidden);
        assert_eq!(values.len(), N);
        let nim_sum = values.iter().fold(0, |s, v| s ^ v);
        assert_ne!(nim_sum, 0, "seed {seed}: the test wants a won game");

        let run = common::run(&["--move"], input(&piles, &forbidden).as_bytes());
        let lines: Vec<&str> = run.assert_ok().lines().collect();
        assert_eq!(lines[0], "Takahashi");
        let [pile, take] = numbers(lines[1])[..] else {
            panic!("{lines:?}")
        };
        let pile = pile as usize - 1;
        assert!(
            take >= 1 && take <= piles[pile],
            "seed {seed}: {pile} {take}"
        );
        assert!(
            !forbidden.contains(&(piles[pile], take)),
            "seed {seed}: forbidden move"
        );

        // The program's own values of the moved position cancel out.
        let mut moved = piles.clone();
        moved[pile] -= take;
        let after = grundy(&moved, &forbidden);
        assert_eq!(after.iter().fold(0, |s, v| s ^ v), 0, "seed {seed}");
        // Only the moved pile changed value.
        let changed: Vec<usize> = (0..N).filter(|&i| after[i] != values[i]).collect();
        assert_eq!(changed, [pile], "seed {seed}");

        // Every pile twice: a lost game, one line.
        let doubled: Vec<u64> = piles[..N / 2]
            .iter()
            .chain(&piles[..N / 2])
            .copied()
            .collect();
        let run = common::run(&["--move"], input(&doubled, &forbidden).as_bytes());
        assert_eq!(run.assert_ok(), "Aoki\n", "seed {seed}");
    }
}

#[test]
fn explain_summarises_past_a_thousand_piles() {
    let piles: Vec<u64> = (1..=1500).collect();
    let run = common::run(&["--explain"], input(&piles, &[(3, 3)]).as_bytes());
    let report = run.assert_ok();
    assert!(
        report.contains("... and 500 more piles (--grundy lists every value)"),
        "{report}"
    );
    assert_eq!(
        report
            .lines()
            .filter(|l| l.trim_start().starts_with(char::is_numeric))
            .count(),
        1000
    );
    assert!(
        report.contains("nim-sum of the Grundy values: "),
        "{report}"
    );
}

#[test]
fn file_argument_and_dash_read_the_same_game() {
    let text = std::fs::read("samples/sample-1.in").unwrap();
    for mode in [
        &[][..],
        &["--grundy"],
        &["--move"],
        &["--explain"],
        &["--check"],
    ] {
        let from_file = common::run(&[mode, &["samples/sample-1.in"][..]].concat(), b"");
        let from_dash = common::run(&[mode, &["-"][..]].concat(), &text);
        let from_stdin = common::run(mode, &text);
        assert_eq!(from_file.assert_ok(), from_stdin.assert_ok(), "{mode:?}");
        assert_eq!(from_dash.assert_ok(), from_stdin.assert_ok(), "{mode:?}");
    }
    assert_eq!(common::run(&["--check"], &text).assert_ok(), "");
    assert_eq!(
        common::run(&["--move"], &text).assert_ok(),
        "Takahashi\n3 1\n"
    );
}
