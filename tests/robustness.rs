//! Whatever the bytes, a run ends with exit 0 and a verdict, or exit 1 and one `error:` line:
//! never a panic, a signal or a hang (the runner fails a run that takes over a minute).

mod common;

use common::games::{SHAPES, SmallGame};
use common::rng::Rng;

/// Asserts that `input` got one of the two allowed outcomes.
fn assert_verdict_or_error(input: &[u8], context: &str) {
    let run = common::run(&[], input);
    match run.status {
        0 => {
            assert!(
                run.stdout == "Takahashi\n" || run.stdout == "Aoki\n",
                "{context}: {run:?}"
            );
            assert_eq!(run.stderr, "", "{context}");
        }
        1 => run.assert_error(&[]),
        _ => panic!("{context}: {run:?}"),
    }
}

/// Random byte strings, seeds `0..count`: the verdict or one error line, never a panic.
fn random_byte_strings_up_to(count: u64) {
    for seed in 0..count {
        let mut rng = Rng::new(seed);
        let len = rng.range(0, 64) as usize;
        // Mostly digits and white space, so that many strings get deep into the parser.
        const ALPHABET: &[u8] = b"0123456789 \n\t\r-+.x\0\xff";
        let bytes: Vec<u8> = (0..len)
            .map(|_| match rng.below(4) {
                0 => rng.next_u64() as u8,
                _ => ALPHABET[rng.below(ALPHABET.len() as u64) as usize],
            })
            .collect();
        assert_verdict_or_error(&bytes, &format!("seed {seed}, bytes {bytes:?}"));
    }
}

/// Valid games with one to three bytes or runs dropped, doubled, swapped or corrupted, seeds
/// `0..count`.
fn mutations_of_valid_games_up_to(count: u64) {
    for seed in 0..count {
        let mut rng = Rng::new(seed);
        let game = SmallGame::random(&mut rng, SHAPES[seed as usize % SHAPES.len()], 12);
        let mut bytes = game.to_input().into_bytes();
        for _ in 0..rng.range(1, 3) {
            mutate(&mut rng, &mut bytes);
        }
        let context = format!("seed {seed}, input {:?}", String::from_utf8_lossy(&bytes));
        assert_verdict_or_error(&bytes, &context);
    }
}

#[test]
fn random_byte_strings() {
    random_byte_strings_up_to(500);
}

/// Twenty times as many: `cargo test --release --test robustness -- --ignored`.
#[test]
#[ignore]
fn random_byte_strings_full() {
    random_byte_strings_up_to(10_000);
}

#[test]
fn mutations_of_valid_games() {
    mutations_of_valid_games_up_to(1_000);
}

/// Twenty times as many: `cargo test --release --test robustness -- --ignored`.
#[test]
#[ignore]
fn mutations_of_valid_games_full() {
    mutations_of_valid_games_up_to(20_000);
}

/// Drops, duplicates, swaps or corrupts one byte or run of bytes.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    if bytes.is_empty() {
        bytes.push(rng.next_u64() as u8);
        return;
    }
    let at = rng.below(bytes.len() as u64) as usize;
    let len = (rng.range(1, 4) as usize).min(bytes.len() - at);
    match rng.below(4) {
        0 => drop(bytes.drain(at..at + len)),
        1 => {
            let run: Vec<u8> = bytes[at..at + len].to_vec();
            bytes.splice(at..at, run);
        }
        2 => {
            let other = rng.below(bytes.len() as u64) as usize;
            bytes.swap(at, other);
        }
        _ => bytes[at] = rng.next_u64() as u8,
    }
}
