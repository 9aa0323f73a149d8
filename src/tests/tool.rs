//! The tool's own pieces, tested beside the judge's: its streaming reader, its sorts on two
//! threads and its dense path.

use super::*;
use crate::cli::reader::BadNumber;

/// After a sweep the targets hold Grundy values; `restored` puts every one back, so
/// the moves are exactly those `Forbidden::new` groups.
#[test]
fn swept_moves_come_back_as_grouped() {
    for seed in 0..500u64 {
        let shape = SHAPES[seed as usize % SHAPES.len()];
        let (game, context) = random_game(5_000_000 + seed, shape, 30);
        let mut queries: Vec<(u64, usize)> = game.piles.iter().copied().zip(0..).collect();
        let swept = sweep(
            game.forbidden.clone(),
            &mut queries,
            |&(n, _)| n,
            |_, _| {},
            |_, _| {},
            &OneThread,
        )
        .unwrap();
        let grouped = crate::Forbidden::new(game.forbidden.clone(), &OneThread);
        assert_eq!(
            crate::cli::game::restored(swept).moves,
            grouped.moves,
            "{context}"
        );
    }
}
use crate::cli::dense::{dense_grundy, dense_top};
use crate::cli::game::parse_u64;
use crate::cli::reader::{Stream, leading_digits, read_game, read_game_sorted, up_to_19_digits};
use crate::cli::threads::{PARALLEL, TwoThreads, sort_on_two};

/// Games with more moves than `PARALLEL`, so that the moves, the targets and one large group
/// each sort on two threads: keys all equal, few and repeated, and spread out.
#[test]
fn games_sorted_on_two_threads_match_the_plain_algorithm() {
    games_sorted_on_two_threads_match_the_plain_algorithm_on(0..3);
}

/// The same on 6 seeds: `cargo test --release --bin constrained-nim -- --ignored`.
#[test]
#[ignore]
fn games_sorted_on_two_threads_match_the_plain_algorithm_full() {
    games_sorted_on_two_threads_match_the_plain_algorithm_on(0..6);
}

fn games_sorted_on_two_threads_match_the_plain_algorithm_on(seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let mut rng = Rng::new(5_000_000 + seed);
        let moves = PARALLEL + rng.range(1, 3 * PARALLEL as u64) as usize;
        let top = [100, 3_000, 1 << 40][seed as usize % 3];
        let mut forbidden: Vec<(u64, u64)> = (0..moves)
            .map(|_| {
                let x = rng.range(1, top);
                (x, rng.range(1, x))
            })
            .collect();
        // One special point with more targets than PARALLEL.
        let big = rng.range(2 * PARALLEL as u64, top.max(4 * PARALLEL as u64));
        forbidden.extend((0..PARALLEL + 10).map(|_| (big, rng.range(1, big))));
        let mut positions: Vec<u64> = (0..3_000).map(|_| rng.range(0, big + 5)).collect();
        positions.extend(forbidden.iter().map(|&(x, _)| x));
        let (values, _) = swept_with(&forbidden, &positions, &TwoThreads);
        assert_eq!(
            values,
            reference::grundy_at(&forbidden, &positions),
            "seed {}",
            5_000_000 + seed
        );
    }
}

/// Games whose special points are all below 2 M, which the verdict solves with arrays: every
/// position against the plain algorithm, moves listed twice, targets shared by many special
/// points, and the verdict through `winner` against the nim-sum of the plain algorithm's values.
#[test]
fn dense_games_match_the_plain_algorithm() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(6_000_000 + seed);
        let moves = rng.range(1, 6_000) as usize;
        let top = rng.range(1, moves as u64);
        let hubs: Vec<u64> = (0..rng.range(1, 20)).map(|_| rng.range(0, top)).collect();
        let mut forbidden: Vec<(u64, u64)> = (0..moves)
            .map(|_| {
                let x = rng.range(1, top);
                move_to_hub_or_near(&mut rng, x, &hubs, 5)
            })
            .collect();
        for i in 0..rng.below(moves as u64 / 4) as usize {
            forbidden.push(forbidden[i]);
        }
        let piles: Vec<u64> = (0..rng.range(0, 3_000))
            .map(|_| rng.range(0, top + 10))
            .collect();
        let context = format!("seed {}", 6_000_000 + seed);
        let Some(dense) = dense_top(&forbidden) else {
            panic!("not dense: {context}");
        };
        let positions: Vec<u64> = (0..=top + 10).collect();
        let expected = reference::grundy_at(&forbidden, &positions);
        let (g, dropped) = dense_grundy(forbidden.clone(), dense).unwrap();
        let values: Vec<u64> = positions
            .iter()
            .map(|&n| {
                g.get(n as usize)
                    .map_or_else(|| n - dropped, |&v| u64::from(v))
            })
            .collect();
        assert_eq!(values, expected, "{context}");
        let nim_sum = piles.iter().fold(0, |s, &a| s ^ expected[a as usize]);
        let want = if nim_sum != 0 { "Takahashi" } else { "Aoki" };
        assert_eq!(verdict(&piles, &forbidden), want, "{context}");
        let game = Game {
            piles: piles.clone(),
            forbidden: forbidden.clone(),
        };
        assert_eq!(crate::cli::dense::winner(game).unwrap(), want, "{context}");
    }
}

/// The dense path is taken exactly when every special point is below 2 M.
#[test]
fn dense_path_needs_special_points_below_twice_the_moves() {
    assert_eq!(dense_top(&[]), None);
    assert_eq!(dense_top(&[(1, 1)]), Some(1));
    assert_eq!(dense_top(&[(2, 1)]), None);
    assert_eq!(dense_top(&[(4, 1), (2, 2)]), None);
    assert_eq!(dense_top(&[(3, 1), (2, 2)]), Some(3));
    assert_eq!(dense_top(&[(u64::MAX, 1)]), None);
}

/// `sort_on_two` sorts, whatever the keys: below and above the size where it splits, all
/// equal, already sorted, reversed, few distinct, and a sample position holding the extreme.
#[test]
fn sort_on_two_sorts() {
    let mut rng = Rng::new(8);
    for case in 0..14u64 {
        let len = [10, PARALLEL - 1, PARALLEL, 3 * PARALLEL + 7][case as usize % 4];
        let mut items: Vec<(u64, u64)> = (0..len as u64)
            .map(|i| {
                let key = match case % 7 {
                    0 => 5,
                    1 => i,
                    2 => u64::MAX - i,
                    3 => rng.below(3),
                    4 if i % (len as u64 / 255).max(1) == 0 => u64::MAX,
                    _ => rng.next_u64(),
                };
                (key, i)
            })
            .collect();
        let mut expected = items.clone();
        expected.sort_unstable_by_key(|&(key, _)| key);
        sort_on_two(&mut items, |&(key, _)| key);
        let keys = |v: &[(u64, u64)]| v.iter().map(|&(key, _)| key).collect::<Vec<_>>();
        assert_eq!(keys(&items), keys(&expected), "case {case}");
        let mut tags: Vec<u64> = items.iter().map(|&(_, i)| i).collect();
        tags.sort_unstable();
        assert!(
            tags.iter().copied().eq(0..len as u64),
            "case {case}: items lost"
        );
    }
}

#[test]
fn parse_u64_takes_digits_only_and_all_of_u64() {
    assert_eq!(parse_u64("0"), Ok(0));
    assert_eq!(parse_u64("007"), Ok(7));
    assert_eq!(
        parse_u64("9999999999999999999"),
        Ok(9_999_999_999_999_999_999)
    );
    assert_eq!(parse_u64("18446744073709551615"), Ok(u64::MAX));
    assert_eq!(
        parse_u64("00000000000000000000018446744073709551615"),
        Ok(u64::MAX)
    );
    assert_eq!(parse_u64("18446744073709551616"), Err(BadNumber::TooLarge));
    assert_eq!(parse_u64("99999999999999999999"), Err(BadNumber::TooLarge));
    for bad in [
        "", "+5", "-5", "1.5", "1,2", "0x10", "1e3", "x", "5\0", "１",
    ] {
        assert_eq!(parse_u64(bad), Err(BadNumber::NotInteger), "{bad:?}");
    }
    assert_eq!(
        parse_u64("1844674407370955161a"),
        Err(BadNumber::NotInteger)
    );
}

/// `len` random ASCII digits, then random bytes of any value to fill `N`.
fn digits_then_noise<const N: usize>(rng: &mut Rng, len: usize) -> [u8; N] {
    std::array::from_fn(|i| {
        if i < len {
            b'0' + rng.below(10) as u8
        } else {
            rng.below(256) as u8
        }
    })
}

/// Up to eight digits read from one word: any bytes after them, leading zeros, every length.
#[test]
fn leading_digits_ignores_what_follows() {
    let mut rng = Rng::new(6);
    for _ in 0..20_000 {
        let len = rng.range(1, 8) as usize;
        let bytes: [u8; 8] = digits_then_noise(&mut rng, len);
        let text = std::str::from_utf8(&bytes[..len]).unwrap();
        assert_eq!(
            leading_digits(bytes, len),
            text.parse::<u64>().unwrap(),
            "{bytes:?}"
        );
    }
    assert_eq!(leading_digits(*b"99999999", 8), 99_999_999);
    assert_eq!(leading_digits(*b"0000000x", 7), 0);
}

/// Up to nineteen digits read from three words: any bytes after them, leading zeros, every
/// length, and the largest values.
#[test]
fn up_to_19_digits_ignores_what_follows() {
    let mut rng = Rng::new(7);
    for _ in 0..20_000 {
        let len = rng.range(1, 19) as usize;
        let bytes: [u8; 24] = digits_then_noise(&mut rng, len);
        let text = std::str::from_utf8(&bytes[..len]).unwrap();
        assert_eq!(
            up_to_19_digits(&bytes, len),
            text.parse::<u64>().unwrap(),
            "{bytes:?}"
        );
    }
    let mut nines = [b'x'; 24];
    nines[..19].fill(b'9');
    assert_eq!(up_to_19_digits(&nines, 19), 9_999_999_999_999_999_999);
    assert_eq!(up_to_19_digits(&nines, 9), 999_999_999);
    assert_eq!(up_to_19_digits(&nines, 17), 99_999_999_999_999_999);
}

/// The verdict's reader gives the same game with its piles sorted, and the same errors, with
/// few piles (sorted on this thread) and with many (sorted beside the reading of the moves).
#[test]
fn read_game_sorted_is_read_game_with_sorted_piles() {
    let mut rng = Rng::new(7);
    for n in [0, 1, 5, 1000, PARALLEL + 1, 40_000] {
        let piles: Vec<u64> = (0..n).map(|_| rng.range(0, u64::MAX)).collect();
        let forbidden: Vec<(u64, u64)> = (0..n.max(3))
            .map(|_| {
                let x = rng.range(1, u64::MAX);
                (x, rng.range(1, x))
            })
            .collect();
        let text = games::input(&piles, &forbidden);
        let mut expected = read_game(text.as_bytes()).unwrap();
        expected.piles.sort_unstable();
        assert_eq!(
            read_game_sorted(text.as_bytes()).unwrap(),
            expected,
            "n = {n}"
        );
        // A bad last move: the same message either way.
        let bad = format!(
            "{}5 6\n",
            text.replacen(
                &format!(" {}\n", forbidden.len()),
                &format!(" {}\n", forbidden.len() + 1),
                1
            )
        );
        let plain = read_game(bad.as_bytes()).unwrap_err().to_string();
        let sorted = read_game_sorted(bad.as_bytes()).unwrap_err().to_string();
        assert_eq!(plain, sorted, "n = {n}");
        assert!(plain.contains("Y = 6 > X = 5"), "{plain}");
    }
    // Piles all below 2 M stay in input order; one pile past it, and they are sorted.
    let forbidden = [(3, 1), (2, 2)];
    let game = |piles: &[u64]| read_game_sorted(games::input(piles, &forbidden).as_bytes());
    assert_eq!(game(&[3, 0, 3]).unwrap().piles, [3, 0, 3]);
    assert_eq!(game(&[3, 0, 4]).unwrap().piles, [0, 3, 4]);
}

#[test]
fn stream_accepts_any_ascii_white_space() {
    // The tool's reader splits where the judge's does.
    for text in WHITE_SPACE {
        let game = read_game(text.as_bytes()).unwrap();
        assert_eq!(game, white_space_game(), "{text:?}");
    }
}

#[test]
fn stream_is_a_proconio_source_for_input() {
    // proconio's `input!` reads from the streaming source as from `OnceSource`, across chunks.
    let mut text = String::from("3\n");
    text += &" ".repeat(100_000);
    text += "1 22\t333\n";
    let mut source = Stream::new(text.as_bytes());
    proconio::input! {
        from &mut source,
        n: usize,
        values: [u64; n],
    }
    assert_eq!(values, [1, 22, 333]);
    use proconio::source::Source;
    assert!(source.is_empty());
}

/// A reader that hands out at most `step` bytes a call, so that tokens cross every boundary.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.step.min(buf.len()).min(self.bytes.len());
        buf[..k].copy_from_slice(&self.bytes[..k]);
        self.bytes = &self.bytes[k..];
        Ok(k)
    }
}

#[test]
fn stream_tokens_cross_read_boundaries() {
    // Long tokens, leading zeros and bad bytes split at every place by short reads.
    let text = format!(
        "2 1\n{}18446744073709551615 7\n{}5 5\n",
        "0".repeat(200),
        " ".repeat(70)
    );
    for step in 1..=9 {
        let reader = std::io::BufReader::with_capacity(
            1,
            Trickle {
                bytes: text.as_bytes(),
                step,
            },
        );
        let game = read_game(reader).unwrap();
        assert_eq!(game.piles, [u64::MAX, 7], "step {step}");
        assert_eq!(game.forbidden, [(5, 5)], "step {step}");
        let bad = b"1 0\n12\xe3\x80\x80\n";
        let reader = std::io::BufReader::with_capacity(1, Trickle { bytes: bad, step });
        let error = read_game(reader).unwrap_err().to_string();
        assert_eq!(
            error,
            "line 2: white space U+3000 is not ASCII; separate numbers with spaces, tabs or newlines",
            "step {step}"
        );
    }
}
