//! The drops of shrinking: which piles or forbidden moves a candidate leaves out, chunk by chunk
//! (ddmin: halves, then quarters, ... down to one), keeping an Aoki game's nim-sum, and pairs
//! of equal piles. Each gives the first candidate at or after a cursor, made lazily from the
//! current game, so that memory stays a few copies of the game whatever its size.

use crate::Game;
use crate::cli::game::Solved;
use crate::cli::strict::MAX_VALUE;

/// Where a drop pass stands: a chunk size and a chunk of that size (the pairs pass: size 0
/// and a pile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cursor {
    size: usize,
    chunk: usize,
}

impl Cursor {
    /// Where a pass starts: the largest chunks (see [`chunk_at`]), the first of them.
    pub(super) const START: Cursor = Cursor { size: 0, chunk: 0 };

    /// The chunk after this one, of the same size.
    pub(super) fn next(self) -> Cursor {
        Cursor {
            chunk: self.chunk + 1,
            ..self
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Drop {
    Piles,
    PilesKeepingNimSum,
    MovesKeepingAnswer,
    Moves,
    Pairs,
}

pub(super) const DROPS: [Drop; 5] = [
    Drop::PilesKeepingNimSum,
    Drop::Piles,
    Drop::MovesKeepingAnswer,
    Drop::Moves,
    Drop::Pairs,
];

/// The first candidate of `pass` on `case` at or after `cursor`, with its own cursor; chunks
/// of at least 1/2^`depth` of the items.
pub(super) fn dropped(
    pass: Drop,
    case: &Game,
    cursor: Cursor,
    depth: u32,
) -> Option<(Cursor, Game)> {
    match pass {
        Drop::Piles => {
            let (at, piles) = drop_chunk(&case.piles, cursor, depth)?;
            let forbidden = case.forbidden.clone();
            Some((at, Game { piles, forbidden }))
        }
        Drop::PilesKeepingNimSum => drop_keeping_nim_sum(case, cursor, depth),
        Drop::MovesKeepingAnswer => drop_moves_keeping_answer(case, cursor, depth),
        Drop::Moves => {
            let (at, forbidden) = drop_chunk(&case.forbidden, cursor, depth)?;
            let piles = case.piles.clone();
            Some((at, Game { piles, forbidden }))
        }
        Drop::Pairs => {
            drop_pair(case, cursor.chunk).map(|(i, c)| (Cursor { size: 0, chunk: i }, c))
        }
    }
}

/// Where the chunk at `(size, k)` or the next one stands: sizes `len / 2`, `len / 4`, ...,
/// down to `len / 2^depth` or 1 (a size of 0 starts at the largest), chunk `k` of each; never
/// all of the items, never a chunk equal to the one before it (dropping either gives the same).
fn chunk_at<T: PartialEq>(items: &[T], cursor: Cursor, depth: u32) -> Option<Cursor> {
    let Cursor {
        mut size,
        chunk: mut k,
    } = cursor;
    let len = items.len();
    if len < 2 {
        return None;
    }
    let smallest = len.checked_shr(depth).unwrap_or(0).max(1);
    if size == 0 || size >= len {
        size = len / 2;
    }
    loop {
        while k * size >= len {
            size /= 2;
            k = 0;
            if size < smallest {
                return None;
            }
        }
        let (from, to) = (k * size, ((k + 1) * size).min(len));
        if to - from >= len {
            return None;
        }
        let repeats = k > 0 && to - from == size && items[from - size..from] == items[from..to];
        if !repeats {
            return Some(Cursor { size, chunk: k });
        }
        k += 1;
    }
}

/// `items` without the chunk at or after `cursor` (see [`chunk_at`]).
fn drop_chunk<T: Clone + PartialEq>(
    items: &[T],
    cursor: Cursor,
    depth: u32,
) -> Option<(Cursor, Vec<T>)> {
    let at = chunk_at(items, cursor, depth)?;
    let (from, to) = (
        at.chunk * at.size,
        ((at.chunk + 1) * at.size).min(items.len()),
    );
    Some((at, [&items[..from], &items[to..]].concat()))
}

/// Without the chunk of piles at `cursor` (as [`drop_chunk`]), and with one pile whose Grundy
/// value is the nim-sum of the dropped ones: the game keeps its nim-sum, so its answer.
///
/// A wrong answer on a large game is nearly always on a game that answers Aoki: dropping piles
/// alone makes it answer Takahashi, for the solution too, and the failure is lost; this keeps it.
fn drop_keeping_nim_sum(case: &Game, cursor: Cursor, depth: u32) -> Option<(Cursor, Game)> {
    let solved = solve(&case.piles, &case.forbidden)?;
    let mut at = cursor;
    loop {
        let found = chunk_at(&case.piles, at, depth)?;
        let Cursor { size, chunk: k } = found;
        at = found.next();
        let (from, to) = (k * size, ((k + 1) * size).min(case.piles.len()));
        // One pile for one is no smaller, and would be taken again and again.
        if to - from < 2 {
            if size < 2 {
                return None;
            }
            continue;
        }
        let dropped = solved.values[from..to].iter().fold(0, |sum, v| sum ^ v);
        let mut piles = [&case.piles[..from], &case.piles[to..]].concat();
        if dropped != 0 {
            let Some(pile) = smallest_pile_of(&solved, dropped) else {
                continue;
            };
            piles.push(pile);
        }
        let forbidden = case.forbidden.clone();
        return Some((found, Game { piles, forbidden }));
    }
}

/// The smallest pile the statement allows (1 to 10^18 stones) whose Grundy value is `value`.
fn smallest_pile_of(solved: &Solved, value: u64) -> Option<u64> {
    let positions = solved.map.positions_of(value, MAX_VALUE + 1);
    positions.into_iter().find(|&p| p >= 1)
}

/// The game's nim-sum, and its map, or `None` when it cannot be solved here.
fn solve(piles: &[u64], forbidden: &[(u64, u64)]) -> Option<Solved> {
    let game = crate::Game {
        piles: piles.to_vec(),
        forbidden: forbidden.to_vec(),
    };
    Solved::new(game).ok()
}

/// Without the chunk of forbidden moves at `cursor`, and, when the game answered Aoki, its last
/// pile moved to where the nim-sum is 0 again: dropping moves changes the Grundy values, which
/// would turn a wrong answer on an Aoki game into a right one on a Takahashi game.
fn drop_moves_keeping_answer(case: &Game, cursor: Cursor, depth: u32) -> Option<(Cursor, Game)> {
    let before = solve(&case.piles, &case.forbidden)?;
    if before.nim_sum() != 0 {
        return None;
    }
    let mut at = cursor;
    loop {
        let (found, forbidden) = drop_chunk(&case.forbidden, at, depth)?;
        at = found.next();
        let after = solve(&case.piles, &forbidden)?;
        let sum = after.nim_sum();
        if sum == 0 {
            // Plain dropping keeps the answer here: the plain pass tries it.
            continue;
        }
        let last = case.piles.len() - 1;
        let wanted = sum ^ after.values[last];
        let Some(pile) = smallest_pile_of(&after, wanted) else {
            continue;
        };
        let mut piles = case.piles.clone();
        piles[last] = pile;
        return Some((found, Game { piles, forbidden }));
    }
}

/// Without pile `i` (from `from` on) and the next pile of the same size: equal piles cancel in
/// the nim-sum, so only both together may go. In a run of equal piles only its first pair is
/// tried: any two neighbours of the run give the same game.
fn drop_pair(case: &Game, from: usize) -> Option<(usize, Game)> {
    let piles = &case.piles;
    if piles.len() < 3 {
        return None;
    }
    // The next pile of the same size after each pile, in one pass from the end.
    let mut next = vec![usize::MAX; piles.len()];
    let mut seen = std::collections::HashMap::new();
    for i in (from..piles.len()).rev() {
        if let Some(&j) = seen.get(&piles[i]) {
            next[i] = j;
        }
        seen.insert(piles[i], i);
    }
    (from..piles.len()).find_map(|i| {
        let j = next[i];
        let in_run = i > 0 && j == i + 1 && piles[i - 1] == piles[i];
        if j == usize::MAX || in_run {
            return None;
        }
        let kept = (0..piles.len()).filter(|&p| p != i && p != j);
        Some((
            i,
            Game {
                piles: kept.map(|p| piles[p]).collect(),
                forbidden: case.forbidden.clone(),
            },
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(size: usize, chunk: usize) -> Cursor {
        Cursor { size, chunk }
    }

    #[test]
    fn a_chunk_equal_to_the_one_before_is_not_dropped_again() {
        // Halves of [1; 8] are equal: one candidate a size, not one a chunk.
        let ones = [1u64; 8];
        assert_eq!(chunk_at(&ones, at(0, 0), 3), Some(at(4, 0)));
        assert_eq!(chunk_at(&ones, at(4, 1), 3), Some(at(2, 0)));
        assert_eq!(chunk_at(&ones, at(2, 1), 3), Some(at(1, 0)));
        assert_eq!(chunk_at(&ones, at(1, 1), 3), None);
        let mixed = [1u64, 2, 2, 1];
        assert_eq!(chunk_at(&mixed, at(2, 1), 2), Some(at(2, 1)));
    }

    #[test]
    fn every_item_is_never_dropped() {
        assert_eq!(chunk_at(&[5u64], at(0, 0), 5), None);
        let (_, kept) = drop_chunk(&[1u64, 2, 3], Cursor::START, 1).unwrap();
        assert!(!kept.is_empty());
    }

    #[test]
    fn a_run_of_equal_piles_gives_one_pair() {
        let case = Game {
            piles: vec![3, 3, 3, 3, 7],
            forbidden: vec![(1, 1)],
        };
        let (i, fewer) = drop_pair(&case, 0).unwrap();
        assert_eq!((i, fewer.piles), (0, vec![3, 3, 7]));
        assert!(drop_pair(&case, 1).is_none());
    }
}
