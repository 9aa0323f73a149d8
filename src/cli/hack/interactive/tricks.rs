//! The referee's moves in `hack --interactive`: perfect from a won position (play's winning
//! move, back to nim-sum 0), and from a lost one the move most likely to trip a bot.
//!
//! From a lost position every move hands the bot a won one; what differs is how hard it is to
//! win it. A bot that has plain Nim's rule in place of the Grundy values (g(n) = n), or that
//! checks the nim-sum but not the forbidden moves, goes wrong where plain Nim's answer differs
//! from the true one: where the xor of the piles is 0 but the nim-sum of the values is not,
//! where plain Nim's move is forbidden, or where it leaves a nim-sum other than 0. A position
//! with one winning move only, or one that lands on a special point, is the next hardest. The
//! referee scores every move so and takes one of the best, by its seed.

use crate::cli::board::Board;
use crate::cli::rng::Rng;

/// Takes from one pile tried per pile: the small games the search plays are all inside it.
const TAKES_TRIED: u64 = 64;

/// Above this many candidate moves, the winning replies are not counted (a quadratic scan).
const COUNT_UP_TO: usize = 400;

/// Above this many piles the referee does not look for traps (each costs a pass over the
/// piles): it takes play's move, the fewest stones from the largest pile.
const TRAPS_UP_TO: usize = 64;

/// The referee's move on `board`, its turn: a winning one if there is one, else a trap; `None`
/// when it has no move.
pub(super) fn referee_move(board: &Board, rng: &mut Rng) -> Option<(usize, u64)> {
    if board.nim_sum() != 0 || board.piles().len() > TRAPS_UP_TO {
        return board.reply();
    }
    let moves = moves(board, board.piles());
    if moves.is_empty() {
        return board.reply();
    }
    let count = moves.len() <= COUNT_UP_TO;
    let scored: Vec<(u32, (usize, u64))> = moves
        .iter()
        .map(|&m| (trap_score(board, m, count), m))
        .collect();
    let best = scored.iter().map(|&(s, _)| s).max().unwrap_or(0);
    let best: Vec<(usize, u64)> = scored
        .into_iter()
        .filter(|&(s, _)| s == best)
        .map(|(_, m)| m)
        .collect();
    Some(best[rng.below(best.len() as u64) as usize])
}

/// Whether taking `take` from a pile of `stones` is a move of the game.
fn allowed(board: &Board, stones: u64, take: u64) -> bool {
    take >= 1 && take <= stones && !board.solved().is_forbidden(stones, take)
}

/// The moves `(pile, take)` from `piles`, up to [`TAKES_TRIED`] takes from each pile and the
/// take of the whole pile.
fn moves(board: &Board, piles: &[u64]) -> Vec<(usize, u64)> {
    let mut moves = Vec::new();
    for (pile, &stones) in piles.iter().enumerate() {
        let takes = (1..=stones.min(TAKES_TRIED)).chain((stones > TAKES_TRIED).then_some(stones));
        for take in takes {
            if allowed(board, stones, take) {
                moves.push((pile, take));
            }
        }
    }
    moves
}

/// How hard the position after `(pile, take)` is for a bot to win: 3 to 5 when plain Nim's
/// answer there is wrong (it sees a lost position: 3; its move is forbidden: 4; its move is
/// allowed but loses: 5), 2 more when one move only wins, 1 more when the pile lands on a
/// special point.
fn trap_score(board: &Board, (pile, take): (usize, u64), count: bool) -> u32 {
    let mut piles = board.piles().to_vec();
    piles[pile] -= take;
    let mut values = board.values().to_vec();
    values[pile] = board.grundy(piles[pile]);
    let sum = values.iter().fold(0, |s, v| s ^ v);
    let mut score = 0;
    let plain = piles.iter().fold(0, |s, p| s ^ p);
    let plain_move = piles
        .iter()
        .position(|&p| p ^ plain < p)
        .map(|j| (j, piles[j] - (piles[j] ^ plain)));
    // A wrong plain move that is allowed is the surest trap: nothing stops a bot from making it.
    match plain_move {
        _ if plain == 0 => score += 3,
        Some((j, t)) if !allowed(board, piles[j], t) => score += 4,
        Some((j, t)) if sum ^ values[j] ^ board.grundy(piles[j] - t) != 0 => score += 5,
        _ => {}
    }
    if count {
        let winning = moves(board, &piles)
            .into_iter()
            .filter(|&(j, t)| sum ^ values[j] ^ board.grundy(piles[j] - t) == 0)
            .count();
        if winning == 1 {
            score += 2;
        }
    }
    if !board.solved().forbidden.moves_from(piles[pile]).is_empty() {
        score += 1;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::referee_move;
    use crate::Game;
    use crate::cli::board::Board;
    use crate::cli::game::Solved;
    use crate::cli::rng::Rng;

    /// g(0..=limit) by the definition: the mex of the values the allowed moves reach.
    fn grundy_by_hand(forbidden: &[(u64, u64)], limit: u64) -> Vec<u64> {
        let mut g = Vec::new();
        for n in 0..=limit {
            let reached: Vec<u64> = (1..=n)
                .filter(|&take| !forbidden.contains(&(n, take)))
                .map(|take| g[(n - take) as usize])
                .collect();
            g.push((0..).find(|v| !reached.contains(v)).unwrap());
        }
        g
    }

    /// Small games of one to three piles of at most 7 stones, each with up to 10 forbidden
    /// moves: every position the referee moves from.
    fn small_games() -> Vec<Game> {
        let mut rng = Rng::new(255);
        (0..400)
            .map(|_| {
                let piles = (0..rng.range(1, 3)).map(|_| rng.range(0, 7)).collect();
                let mut forbidden = Vec::new();
                for _ in 0..rng.range(0, 10) {
                    let x = rng.range(1, 7);
                    let y = rng.range(1, x);
                    if !forbidden.contains(&(x, y)) {
                        forbidden.push((x, y));
                    }
                }
                Game { piles, forbidden }
            })
            .collect()
    }

    #[test]
    fn the_referee_wins_from_a_won_position_and_moves_legally_from_a_lost_one() {
        for game in small_games() {
            let g = grundy_by_hand(&game.forbidden, 7);
            let sum = |piles: &[u64]| piles.iter().fold(0, |s, &p| s ^ g[p as usize]);
            let legal = |piles: &[u64], pile: usize, take: u64| {
                (1..=piles[pile]).contains(&take) && !game.forbidden.contains(&(piles[pile], take))
            };
            let board = Board::new(Solved::new(game.clone()).unwrap());
            for seed in 0..3 {
                let context = format!("{game:?}, seed {seed}");
                match referee_move(&board, &mut Rng::new(seed)) {
                    Some((pile, take)) => {
                        assert!(legal(&game.piles, pile, take), "{pile} {take}: {context}");
                        let mut after = game.piles.clone();
                        after[pile] -= take;
                        // From a won position, back to nim-sum 0: the bot is left lost.
                        if sum(&game.piles) != 0 {
                            assert_eq!(sum(&after), 0, "{pile} {take}: {context}");
                        }
                    }
                    None => {
                        let stuck = (0..game.piles.len())
                            .all(|pile| (1..=7).all(|take| !legal(&game.piles, pile, take)));
                        assert!(stuck, "no move, but one is allowed: {context}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_referee_moves_the_same_way_for_the_same_seed() {
        // A confirmation plays the game again with its seed: the same play, move for move.
        for game in small_games() {
            let board = Board::new(Solved::new(game.clone()).unwrap());
            for seed in 0..3 {
                let first = referee_move(&board, &mut Rng::new(seed));
                assert_eq!(referee_move(&board, &mut Rng::new(seed)), first, "{game:?}");
            }
        }
    }
}
