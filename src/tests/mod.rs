//! Proof by testing: the Grundy map against the brute-force oracle, on random, exhaustive and
//! hand-made games; the number parser; the winning move.

#[path = "../../tests/common/games.rs"]
mod games;
#[path = "../../tests/common/oracle.rs"]
mod oracle;
mod reference;
#[cfg(feature = "cli")]
mod stream;
// The tool's generator where the tool is built; the same files on their own in the judge build.
#[cfg(feature = "cli")]
use crate::cli::{exit::Exit, rng, shapes};
#[cfg(not(feature = "cli"))]
#[path = "../cli/rng.rs"]
mod rng;
#[cfg(not(feature = "cli"))]
#[path = "../cli/shapes.rs"]
#[allow(dead_code)] // only the hash-flooding values are used here
mod shapes;

#[cfg(feature = "cli")]
mod tool;

use crate::{Game, Keys, Machine, OneThread, read_game, sweep, winner};
use games::{SHAPES, SmallGame};
use rng::Rng;

/// A random small game of `shape` with piles and X up to a limit drawn from `1..=top`, and how
/// a failing assertion names it: its seed, its shape and its input.
fn random_game(seed: u64, shape: games::Shape, top: u64) -> (SmallGame, String) {
    let mut rng = Rng::new(seed);
    let limit = rng.range(1, top);
    let game = SmallGame::random(&mut rng, shape, limit);
    let context = format!("seed {seed}, shape {shape:?}, game:\n{}", game.to_input());
    (game, context)
}

/// `g` at `positions` from one sweep, and the breakpoints it emitted.
fn swept(forbidden: &[(u64, u64)], positions: &[u64]) -> (Vec<u64>, Vec<(u64, u64)>) {
    swept_with(forbidden, positions, &OneThread)
}

/// [`swept`], on `machine`.
fn swept_with(
    forbidden: &[(u64, u64)],
    positions: &[u64],
    machine: &impl Machine,
) -> (Vec<u64>, Vec<(u64, u64)>) {
    let mut values = vec![u64::MAX; positions.len()];
    let mut breakpoints = Vec::new();
    let mut queries: Vec<(u64, usize)> = positions.iter().copied().zip(0..).collect();
    sweep(
        forbidden.to_vec(),
        &mut queries,
        |&(n, _)| n,
        |&(_, i), g| values[i] = g,
        |p, v| breakpoints.push((p, v)),
        machine,
    )
    .unwrap();
    (values, breakpoints)
}

/// g(0..=limit) from one sweep.
fn map_table(forbidden: &[(u64, u64)], limit: u64) -> Vec<u64> {
    swept(forbidden, &(0..=limit).collect::<Vec<_>>()).0
}

fn verdict(piles: &[u64], forbidden: &[(u64, u64)]) -> &'static str {
    winner(Game {
        piles: piles.to_vec(),
        forbidden: forbidden.to_vec(),
    })
    .unwrap()
}

/// Asserts the breakpoints are minimal and give `table` at every position it covers.
fn assert_breakpoints(breakpoints: &[(u64, u64)], table: &[u64], context: &str) {
    assert_eq!(breakpoints.first(), Some(&(0, 0)), "{context}");
    for pair in breakpoints.windows(2) {
        let ((p, v), (q, w)) = (pair[0], pair[1]);
        assert!(
            p < q,
            "breakpoints out of order: {breakpoints:?}; {context}"
        );
        assert_ne!(v + (q - p), w, "redundant breakpoint {q} -> {w}; {context}");
    }
    for (n, &g) in table.iter().enumerate() {
        let &(p, v) = breakpoints
            .iter()
            .rev()
            .find(|&&(p, _)| p <= n as u64)
            .unwrap();
        assert_eq!(
            v + (n as u64 - p),
            g,
            "breakpoints give the wrong g({n}); {context}"
        );
    }
}

#[test]
fn random_games_match_the_oracle_at_every_position() {
    random_games_match_the_oracle_at_every_position_on(0..2_040);
}

/// The same on 10,200 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[test]
#[ignore]
fn random_games_match_the_oracle_at_every_position_full() {
    random_games_match_the_oracle_at_every_position_on(0..10_200);
}

fn random_games_match_the_oracle_at_every_position_on(seeds: std::ops::Range<u64>) {
    let mut checked = 0;
    for seed in seeds.clone() {
        let (game, context) = random_game(seed, SHAPES[seed as usize % SHAPES.len()], 60);
        // A few positions past the last special point check the line after it.
        let expected = oracle::grundy_table(&game.forbidden, game.limit + 3);
        let positions: Vec<u64> = (0..=game.limit + 3).collect();
        let (table, breakpoints) = swept(&game.forbidden, &positions);
        assert_eq!(table, expected, "{context}");
        assert_eq!(
            reference::grundy_at(&game.forbidden, &positions),
            expected,
            "{context}"
        );
        assert_breakpoints(&breakpoints, &expected, &context);

        let nim_sum = game.piles.iter().fold(0, |s, &a| s ^ expected[a as usize]);
        let want = if nim_sum != 0 { "Takahashi" } else { "Aoki" };
        assert_eq!(verdict(&game.piles, &game.forbidden), want, "{context}");
        checked += 1;
    }
    assert_eq!(checked, seeds.end - seeds.start);
}

#[cfg(feature = "cli")]
#[test]
fn winning_moves_of_random_games_are_legal_and_reach_nim_sum_zero() {
    winning_moves_of_random_games_are_legal_and_reach_nim_sum_zero_on(0..1_000);
}

/// The same on 5,000 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[cfg(feature = "cli")]
#[test]
#[ignore]
fn winning_moves_of_random_games_are_legal_and_reach_nim_sum_zero_full() {
    winning_moves_of_random_games_are_legal_and_reach_nim_sum_zero_on(0..5_000);
}

#[cfg(feature = "cli")]
fn winning_moves_of_random_games_are_legal_and_reach_nim_sum_zero_on(seeds: std::ops::Range<u64>) {
    use crate::cli::game::Solved;
    for seed in seeds {
        let shape = SHAPES[seed as usize % SHAPES.len()];
        let (game, context) = random_game(1_000_000 + seed, shape, 40);
        let table = oracle::grundy_table(&game.forbidden, game.limit);
        let solved = Solved::new(Game {
            piles: game.piles.clone(),
            forbidden: game.forbidden.clone(),
        })
        .unwrap();
        let values: Vec<u64> = game.piles.iter().map(|&a| table[a as usize]).collect();
        assert_eq!(solved.values, values, "{context}");
        // The breakpoint map places every value where the oracle does.
        for value in 0..=game.limit {
            let expected: Vec<u64> = (0..=game.limit)
                .filter(|&n| table[n as usize] == value)
                .collect();
            assert_eq!(
                solved.map.positions_of(value, game.limit + 1),
                expected,
                "value {value}; {context}"
            );
        }
        match solved.winning_move() {
            None => assert_eq!(solved.nim_sum(), 0, "{context}"),
            Some((pile, take)) => assert!(
                oracle::is_winning_move(&game.piles, &game.forbidden, &table, pile, take),
                "move {} {take} is not a winning move; {context}",
                pile + 1
            ),
        }
    }
}

/// A random small game solved by the tool, its oracle table, and a context for messages.
#[cfg(feature = "cli")]
fn solved_game(seed: u64) -> (SmallGame, crate::cli::game::Solved, Vec<u64>, String) {
    let (game, context) = random_game(seed, SHAPES[seed as usize % SHAPES.len()], 30);
    // A few positions past the last special point: the line goes on there.
    let table = oracle::grundy_table(&game.forbidden, game.limit + 3);
    let solved = crate::cli::game::Solved::new(Game {
        piles: game.piles.clone(),
        forbidden: game.forbidden.clone(),
    })
    .unwrap();
    (game, solved, table, context)
}

/// What `table` prints: `g(n)` position by position, and the breakpoints in a range.
#[cfg(feature = "cli")]
#[test]
fn table_values_and_breakpoints_match_the_oracle() {
    table_values_and_breakpoints_match_the_oracle_on(0..600);
}

/// The same on 3,000 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[cfg(feature = "cli")]
#[test]
#[ignore]
fn table_values_and_breakpoints_match_the_oracle_full() {
    table_values_and_breakpoints_match_the_oracle_on(0..3_000);
}

#[cfg(feature = "cli")]
fn table_values_and_breakpoints_match_the_oracle_on(seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (game, solved, table, context) = solved_game(2_000_000 + seed);
        let top = game.limit + 3;
        let values: Vec<u64> = (0..=top).map(|n| solved.map.value(n)).collect();
        assert_eq!(values, table, "{context}");
        let breakpoints: Vec<(u64, u64)> = solved.map.breakpoints(0, top).collect();
        assert_breakpoints(&breakpoints, &table, &context);
        // A range that starts inside the map holds exactly the breakpoints inside it.
        let inner: Vec<(u64, u64)> = solved.map.breakpoints(2, top - 1).collect();
        let kept: Vec<(u64, u64)> = breakpoints
            .iter()
            .copied()
            .filter(|&(p, _)| (2..top).contains(&p))
            .collect();
        assert_eq!(inner, kept, "{context}");
        assert_eq!(solved.map.breakpoints(5, 4).count(), 0);
    }
}

/// `judge` accepts the winner alone, and the winner with any winning move; it rejects every
/// other answer: the wrong winner, a move that loses, an illegal move, a move after Aoki.
#[cfg(feature = "cli")]
#[test]
fn judge_accepts_exactly_the_winning_moves_of_the_oracle() {
    use crate::cli::checker::verdict;
    for seed in 0..1_500u64 {
        let (game, solved, table, context) = solved_game(3_000_000 + seed);
        let sum = game.piles.iter().fold(0, |s, &a| s ^ table[a as usize]);
        let (winner, loser) = if sum != 0 {
            ("Takahashi", "Aoki")
        } else {
            ("Aoki", "Takahashi")
        };
        assert_eq!(
            verdict(&solved, &format!("{winner}\n")),
            Ok(()),
            "{context}"
        );
        // The wrong name is a wrong answer (status 1); no name is a presentation error (2).
        let status = |output: &str| {
            verdict(&solved, output).map_err(|r| crate::cli::exit::status(Exit::Judged(r.judged())))
        };
        assert_eq!(status(&format!("{loser}\n")), Err(1), "{context}");
        assert_eq!(status(""), Err(2), "{context}");
        for pile in 0..=game.piles.len() + 1 {
            let stones = game.piles.get(pile).copied().unwrap_or(3);
            for take in 0..=stones + 1 {
                let wins = pile < game.piles.len()
                    && oracle::is_winning_move(&game.piles, &game.forbidden, &table, pile, take);
                let output = format!("{winner}\n{} {take}\n", pile + 1);
                assert_eq!(
                    verdict(&solved, &output).is_ok(),
                    wins,
                    "{output:?}: {:?}; {context}",
                    verdict(&solved, &output)
                );
            }
        }
        assert_eq!(status(&format!("{winner}\n1\n")), Err(2), "{context}");
        assert_eq!(
            status(&format!("{winner}\n1 1\n1 1\n")),
            Err(2),
            "{context}"
        );
    }
}

/// `play`'s index of the drops: from any position, the program's reply is a legal move, and a
/// winning one whenever the oracle says one exists.
#[cfg(feature = "cli")]
#[test]
fn play_replies_match_the_oracle_from_every_position_of_a_pile() {
    play_replies_match_the_oracle_from_every_position_of_a_pile_on(0..600);
}

/// The same on 3,000 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[cfg(feature = "cli")]
#[test]
#[ignore]
fn play_replies_match_the_oracle_from_every_position_of_a_pile_full() {
    play_replies_match_the_oracle_from_every_position_of_a_pile_on(0..3_000);
}

#[cfg(feature = "cli")]
fn play_replies_match_the_oracle_from_every_position_of_a_pile_on(seeds: std::ops::Range<u64>) {
    use crate::cli::board::Board;
    for seed in seeds {
        let (game, _, table, context) = solved_game(4_000_000 + seed);
        // One pile at each size: every position of the map is asked once.
        for stones in 0..=game.limit + 2 {
            let piles = vec![stones, game.piles.first().copied().unwrap_or(0)];
            let solved = crate::cli::game::Solved::new(Game {
                piles: piles.clone(),
                forbidden: game.forbidden.clone(),
            })
            .unwrap();
            // --move scans the map; play looks the same move up in its index of the drops.
            let scanned = solved.winning_move();
            let board = Board::new(solved);
            assert_eq!(board.winning_move(), scanned, "at {piles:?}; {context}");
            let sum = piles.iter().fold(0, |s, &a| s ^ table[a as usize]);
            match board.reply() {
                Some((pile, take)) => {
                    let legal = take >= 1
                        && take <= piles[pile]
                        && !game.forbidden.contains(&(piles[pile], take));
                    assert!(legal, "{pile} {take} at {piles:?}; {context}");
                    let wins = oracle::is_winning_move(&piles, &game.forbidden, &table, pile, take);
                    assert_eq!(wins, sum != 0, "{pile} {take} at {piles:?}; {context}");
                }
                None => {
                    let stuck = piles
                        .iter()
                        .all(|&a| (1..=a).all(|t| game.forbidden.contains(&(a, t))));
                    assert!(stuck, "no reply at {piles:?}; {context}");
                }
            }
        }
    }
}

/// `why N` at every position of thousands of small games: the first line is `g(N) = V` with the
/// oracle's value, and every fact the explanation states is the brute force's: H(N), each
/// value's holders below N (1 + extra[w]), the forbidden targets holding it, which values are
/// out of reach, and g(N) as the smallest of them or H(N).
#[cfg(feature = "cli")]
#[test]
fn why_states_the_oracles_facts_at_every_position() {
    why_states_the_oracles_facts_at_every_position_on(0..500);
}

/// The same on 2,500 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[cfg(feature = "cli")]
#[test]
#[ignore]
fn why_states_the_oracles_facts_at_every_position_full() {
    why_states_the_oracles_facts_at_every_position_on(0..2_500);
}

#[cfg(feature = "cli")]
fn why_states_the_oracles_facts_at_every_position_on(seeds: std::ops::Range<u64>) {
    use crate::cli::why::Why;
    for seed in seeds {
        let (game, solved, table, context) = solved_game(6_000_000 + seed);
        for n in 0..=game.limit + 3 {
            let why = Why::new(&solved, n);
            let report = why.to_string();
            let first = report.lines().next().unwrap_or_default();
            assert_eq!(
                first,
                format!("g({n}) = {}", table[n as usize]),
                "{context}"
            );
            let below = &table[..n as usize];
            let mut distinct = below.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(why.rising, distinct.len() as u64, "H({n}); {context}");
            let targets: Vec<u64> = (0..n)
                .filter(|&t| game.forbidden.contains(&(n, n - t)))
                .collect();
            assert_eq!(why.targets, targets, "targets of {n}; {context}");
            let mut values: Vec<u64> = targets.iter().map(|&t| table[t as usize]).collect();
            values.sort_unstable();
            values.dedup();
            let held: Vec<u64> = why.held.iter().map(|h| h.value).collect();
            assert_eq!(held, values, "values held by targets of {n}; {context}");
            for h in &why.held {
                let holders = below.iter().filter(|&&v| v == h.value).count() as u64;
                assert_eq!(
                    h.holders, holders,
                    "holders of {} below {n}; {context}",
                    h.value
                );
                let blocked: Vec<u64> = (targets.iter().copied())
                    .filter(|&t| table[t as usize] == h.value)
                    .collect();
                assert_eq!(h.blocked, blocked, "blocked {} at {n}; {context}", h.value);
            }
            let expected = why.unreachable().next().unwrap_or(why.rising);
            assert_eq!(
                expected, table[n as usize],
                "g({n}) from the facts; {context}"
            );
            // A few lines, however many values the targets hold.
            assert!(report.lines().count() <= 16, "{report}; {context}");
        }
    }
}

#[test]
fn large_games_near_the_top_match_the_plain_algorithm() {
    large_games_near_the_top_match_the_plain_algorithm_on(0..60);
}

/// The same on 300 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[test]
#[ignore]
fn large_games_near_the_top_match_the_plain_algorithm_full() {
    large_games_near_the_top_match_the_plain_algorithm_on(0..300);
}

fn large_games_near_the_top_match_the_plain_algorithm_on(seeds: std::ops::Range<u64>) {
    const E18: u64 = 1_000_000_000_000_000_000;
    for seed in seeds {
        let mut rng = Rng::new(4_000_000 + seed);
        // A window of pile sizes near 10^18 or near 2^64 - 1; targets either anywhere below
        // or among a few positions, so that targets are shared and values dropped to often.
        let top = if seed % 2 == 0 { E18 } else { u64::MAX };
        let width = rng.range(100, 20_000);
        let low = top - width;
        let hubs: Vec<u64> = (0..rng.range(1, 50))
            .map(|_| rng.range(low - width, top))
            .collect();
        let forbidden: Vec<(u64, u64)> = (0..rng.range(1, 3_000))
            .map(|_| {
                let x = rng.range(low, top);
                move_to_hub_or_near(&mut rng, x, &hubs, 40)
            })
            .collect();
        let mut positions: Vec<u64> = (0..2_000).map(|_| rng.range(low - width, top)).collect();
        positions.extend(forbidden.iter().map(|&(x, _)| x));
        positions.extend(hubs.iter().copied());
        positions.extend([0, 1, top]);
        let (values, _) = swept(&forbidden, &positions);
        assert_eq!(
            values,
            reference::grundy_at(&forbidden, &positions),
            "seed {}",
            4_000_000 + seed
        );
    }
}

/// A forbidden move `(x, y)` from `x` (at least 1) whose target is anywhere below, or one of
/// the `hubs` (so that many special points share targets), or within `near` below `x`.
fn move_to_hub_or_near(rng: &mut Rng, x: u64, hubs: &[u64], near: u64) -> (u64, u64) {
    let target = match rng.below(3) {
        0 => rng.range(0, x - 1),
        1 => hubs[rng.below(hubs.len() as u64) as usize].min(x - 1),
        _ => x - rng.range(1, near.min(x)),
    };
    (x, x - target)
}

#[test]
fn every_forbidden_set_with_x_at_most_4_matches_the_oracle() {
    let all: Vec<(u64, u64)> = (1..=4).flat_map(|x| (1..=x).map(move |y| (x, y))).collect();
    assert_eq!(all.len(), 10);
    for subset in 0u32..1 << all.len() {
        let forbidden: Vec<(u64, u64)> = all
            .iter()
            .enumerate()
            .filter(|&(i, _)| subset >> i & 1 == 1)
            .map(|(_, &m)| m)
            .collect();
        assert_eq!(
            map_table(&forbidden, 6),
            oracle::grundy_table(&forbidden, 6),
            "forbidden {forbidden:?}"
        );
    }
}

/// Checks a hand-derived table against both the map and the oracle.
fn assert_table(forbidden: &[(u64, u64)], expected: &[u64]) {
    let limit = expected.len() as u64 - 1;
    assert_eq!(
        oracle::grundy_table(forbidden, limit),
        expected,
        "oracle, {forbidden:?}"
    );
    assert_eq!(map_table(forbidden, limit), expected, "map, {forbidden:?}");
}

#[test]
fn samples() {
    assert_eq!(
        verdict(&[1, 2, 4], &[(2, 1), (3, 3), (3, 1), (1, 1)]),
        "Takahashi"
    );
    assert_eq!(
        verdict(&[5], &[(5, 1), (5, 2), (5, 3), (5, 4), (5, 5)]),
        "Aoki"
    );
}

#[test]
fn plain_nim_without_forbidden_moves() {
    // g(n) = n: the line from 0 -> 0 with no breakpoint.
    assert_table(&[], &[0, 1, 2, 3, 4, 5]);
    assert_eq!(verdict(&[1, 2, 3], &[]), "Aoki");
    assert_eq!(verdict(&[1, 2, 4], &[]), "Takahashi");
}

#[test]
fn special_point_that_does_not_drop() {
    // (1,1) drops 1 to 0, so 0 is held at 0 and 1. From 3, only the way to 0 is closed: 0 is
    // still reached through 1, so 3 does not drop and keeps g(3) = H = 2. A pile there is 2.
    assert_table(&[(1, 1), (3, 3)], &[0, 0, 1, 2, 3]);
    assert_eq!(verdict(&[3], &[(1, 1), (3, 3)]), "Takahashi");
    // Three equal piles on that point: 2 ^ 2 ^ 2 = 2.
    assert_eq!(verdict(&[3, 3, 3], &[(1, 1), (3, 3)]), "Takahashi");
}

#[test]
fn equal_piles_on_a_dropped_special_point() {
    // Y = X drops 5 to 0; two such piles cancel, and so do two piles of 4 with g(4) = 4.
    assert_table(&[(5, 5)], &[0, 1, 2, 3, 4, 0, 5]);
    assert_eq!(verdict(&[5, 5], &[(5, 5)]), "Aoki");
    assert_eq!(verdict(&[5, 5, 4, 4], &[(5, 5)]), "Aoki");
    assert_eq!(verdict(&[5, 5, 6], &[(5, 5)]), "Takahashi");
}

#[test]
fn consecutive_special_points() {
    // 2 drops to g(1) = 1; 3 cannot reach 2 but reaches 1 at position 1, so no drop: g(3) = 2.
    assert_table(&[(2, 1), (3, 1)], &[0, 1, 1, 2, 3]);
    // Both 2 and 3 drop (to 0 and to 1): the line restarts after the second drop.
    assert_table(&[(2, 2), (3, 2)], &[0, 1, 0, 1, 2, 3]);
}

#[test]
fn value_dropped_to_several_times() {
    // Every move from 1, 2 and 3 is forbidden: each drops to 0, which ends up held four times
    // (extra[0] = 3); position 4 reaches 0 only and gets 1.
    let walls = [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)];
    assert_table(&walls, &[0, 0, 0, 0, 1, 2]);
    // From 5, the four 0s are closed only if all four targets are forbidden.
    let mut closed = walls.to_vec();
    closed.extend([(5, 2), (5, 3), (5, 4), (5, 5)]);
    assert_table(&closed, &[0, 0, 0, 0, 1, 0, 2]);
    closed.pop();
    assert_table(&closed, &[0, 0, 0, 0, 1, 2, 3]);
}

#[test]
fn forbidden_moves_listed_twice_count_once() {
    // With the pair counted twice, 2 would look like it closes two holders of 1.
    assert_table(&[(2, 1), (2, 1), (2, 1)], &[0, 1, 1, 2]);
    assert_table(&[(1, 1), (3, 3), (3, 3)], &[0, 0, 1, 2, 3]);
}

#[test]
fn empty_piles_and_no_piles() {
    assert_eq!(verdict(&[], &[]), "Aoki");
    assert_eq!(verdict(&[], &[(3, 1)]), "Aoki");
    assert_eq!(verdict(&[0, 0, 0], &[(1, 1)]), "Aoki");
    assert_eq!(verdict(&[0, 1], &[]), "Takahashi");
}

#[test]
fn values_near_the_top_of_u64() {
    const TOP: u64 = u64::MAX;
    const E18: u64 = 1_000_000_000_000_000_000;
    // Y = X at 10^18: every value 1..10^18 is reachable but 0 is not, so g(10^18) = 0.
    assert_eq!(verdict(&[E18], &[(E18, E18)]), "Aoki");
    // One past it the line resumes one lower: g(10^18 + 1) = 10^18.
    let (values, _) = swept(&[(E18, E18)], &[E18 - 1, E18, E18 + 1, TOP]);
    assert_eq!(values, [E18 - 1, 0, E18, TOP - 1]);
    // Plain Nim at the top: g(2^64 - 1) = 2^64 - 1; two such piles cancel.
    assert_eq!(verdict(&[TOP], &[]), "Takahashi");
    assert_eq!(verdict(&[TOP, TOP], &[]), "Aoki");
    // Y = X at 2^64 - 1: the drop has no position after it for the line to restart at.
    assert_eq!(verdict(&[TOP], &[(TOP, TOP)]), "Aoki");
    assert_eq!(verdict(&[TOP, TOP - 1], &[(TOP, TOP)]), "Takahashi");
    // Two consecutive drops ending at the top: TOP - 1 to 0, then TOP to the value of TOP - 2.
    let (values, breakpoints) = swept(&[(TOP - 1, TOP - 1), (TOP, 2)], &[TOP - 2, TOP - 1, TOP]);
    assert_eq!(values, [TOP - 2, 0, TOP - 2]);
    assert_eq!(breakpoints, [(0, 0), (TOP - 1, 0), (TOP, TOP - 2)]);
}

#[test]
fn fx_hash_of_a_key_is_the_hash_keys_chose() {
    // The protection rests on knowing FxHash exactly: `key(w)` is built so that rustc-hash's
    // hasher turns it into `hash(w)`. A rustc-hash with another multiplier or rotation fails here.
    use std::hash::BuildHasher;
    let mut rng = Rng::new(17);
    for seed in 0..20 {
        let keys = Keys::with_seed(rng.next_u64() ^ seed);
        for w in (0..1000).map(|_| rng.next_u64()).chain([0, 1, u64::MAX]) {
            let fx = rustc_hash::FxBuildHasher.hash_one(keys.key(w));
            assert_eq!(fx, keys.hash(w), "w = {w}");
        }
    }
}

/// How many distinct buckets (of `2^bits`) and 7-bit tags hashbrown would give these hashes.
fn buckets_and_tags(hashes: impl Iterator<Item = u64>, bits: u32) -> (usize, usize) {
    let (mut buckets, mut tags) = (
        std::collections::HashSet::new(),
        std::collections::HashSet::new(),
    );
    for hash in hashes {
        buckets.insert(hash & ((1 << bits) - 1));
        tags.insert(hash >> 57);
    }
    (buckets.len(), tags.len())
}

#[test]
fn hash_flooding_values_spread_over_the_table() {
    use std::hash::BuildHasher;
    const COUNT: usize = 100_000;
    let values = shapes::colliding_values(COUNT);
    // Under plain FxHash the attack works: one bucket of a table of 2^18, one tag.
    let plain = values
        .iter()
        .map(|&w| rustc_hash::FxBuildHasher.hash_one(w));
    assert_eq!(buckets_and_tags(plain, 18), (1, 1));
    // Through the keys they spread like random hashes: 10^5 balls in 2^18 bins fill about
    // 83,150 of them (standard deviation about 150), and all 128 tags. (The proven bound is
    // weaker, at least 100,000 - 38,000 buckets in expectation: any two values share one with
    // probability at most 2 / 2^18.)
    for seed in [0, 1, 2, 0xdead_beef, u64::MAX] {
        let keys = Keys::with_seed(seed);
        let keyed = values
            .iter()
            .map(|&w| rustc_hash::FxBuildHasher.hash_one(keys.key(w)));
        let (buckets, tags) = buckets_and_tags(keyed, 18);
        assert!(buckets > 81_000, "seed {seed}: {buckets} buckets");
        assert_eq!(tags, 128, "seed {seed}");
    }
}

#[test]
fn keys_are_distinct_for_distinct_values() {
    // A bijection: the table never merges two values' counts.
    let keys = Keys::with_seed(12345);
    let mut rng = Rng::new(5);
    let values: Vec<u64> = (0..10_000)
        .map(|_| rng.next_u64())
        .chain(0..10_000)
        .chain(shapes::colliding_values(10_000))
        .collect();
    let distinct: std::collections::HashSet<u64> = values.iter().copied().collect();
    let keyed: std::collections::HashSet<u64> = values.iter().map(|&w| keys.key(w)).collect();
    assert_eq!(keyed.len(), distinct.len());
}

/// The judge's reader splits on every ASCII white space proconio splits on.
#[test]
fn read_game_accepts_any_ascii_white_space() {
    for text in WHITE_SPACE {
        assert_eq!(
            read_game(text.as_bytes()).unwrap(),
            white_space_game(),
            "{text:?}"
        );
    }
}

/// The judge's reader refuses what no game holds with one line that names the input line: of
/// the bad token, or of the last token before the input ended too early (line 1 before any).
#[test]
fn read_game_refuses_garbage_on_its_line() {
    let cases: [(&[u8], u64); 14] = [
        (b"", 1),
        (b"\n\n  \n", 1),
        (b"2 1\n1 x\n2 1\n", 2),
        (b"1 1\n5\n-3 1\n", 3),
        (b"2 1\n1 2\n2\n", 3),
        (b"3 0\n1 2\n\n\n", 2),
        (b"1 0\n18446744073709551616\n", 2),
        (b"1 0\n5\n\n99999999999999999999999999\n", 4),
        (b"1 0\n\n5\xff\n", 3),
        (b"\xef\xbb\xbf1 0\n5\n", 1),
        (b"2 0\n5\xe3\x80\x806\n", 2),
        (b"1 1\n5\n5 0\n", 3),
        (b"1 1\n5\n\n5\n6\n", 5),
        (b"1 0\n5\n6\n", 3),
    ];
    for (input, line) in cases {
        let message = read_game(input).unwrap_err().to_string();
        assert!(
            message.starts_with(&format!("line {line}: ")) && !message.contains('\n'),
            "{:?}: {message:?}, not on line {line}",
            String::from_utf8_lossy(input)
        );
    }
    // Past the statement's 10^18, a number is read up to 2^64 - 1, with any leading zeros.
    let game = read_game(&b"2 0\n1000000000000000001 00018446744073709551615\n"[..]).unwrap();
    assert_eq!(game.piles, [1_000_000_000_000_000_001, u64::MAX]);
}

/// One game written with every ASCII white space between its numbers.
const WHITE_SPACE: [&str; 4] = [
    "2 1\n1 2\n2 1\n",
    "2\t1\r\n1 2\r\n2 1",
    "  2 1 1 2 2 1  ",
    "2\x0c1\x0b1 2\n\n2 1",
];

/// The game of [`WHITE_SPACE`].
fn white_space_game() -> Game {
    Game {
        piles: vec![1, 2],
        forbidden: vec![(2, 1)],
    }
}

#[test]
fn tokens_are_a_proconio_source_for_input() {
    // proconio's `input!` reads from the judge's tokens as from `OnceSource`.
    let mut source = crate::Tokens::new(b"3\n1 22\t333\n".to_vec());
    proconio::input! {
        from &mut source,
        n: usize,
        values: [u64; n],
    }
    assert_eq!(values, [1, 22, 333]);
    use proconio::source::Source;
    assert!(source.is_empty());
}
