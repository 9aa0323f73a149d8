//! The board of a game being played: the piles now, their Grundy values and nim-sum, and the
//! replies looked up from the breakpoint map (a winning move, or the slowest loss). Shared by
//! `play` (against a person or a program) and `hack --interactive`'s referee.

use super::game::Solved;

/// The position as play goes on, with what the replies look up.
pub(crate) struct Board {
    /// The game solved: its breakpoint map, and what it answers.
    pub(crate) solved: Solved,
    /// Stones in each pile now.
    pub(crate) piles: Vec<u64>,
    /// g of each pile now.
    pub(crate) values: Vec<u64>,
    pub(crate) nim_sum: u64,
    /// `d_i - i` for the drops `d_0 < d_1 < ...` (the positions whose value is below the
    /// rising line), nondecreasing: `g(n)` for any other `n` is `n - #drops below n`, so the
    /// line reaches `value` at `value + #{i : d_i - i <= value}`.
    rise: Vec<u64>,
    /// `(value, position)` of every drop, sorted: the positions a value dropped to.
    dropped_to: Vec<(u64, u64)>,
}

impl Board {
    /// # Complexity
    /// - O(size of the map + number of drops): each map segment starts with a run of drops
    ///   whose length is how far the segment sits below the rising line.
    pub(crate) fn new(solved: Solved) -> Board {
        let mut drops = Vec::new();
        let mut dropped_to = Vec::new();
        {
            let mut segments = solved.map.breakpoints(0, u64::MAX).peekable();
            while let Some((p, v)) = segments.next() {
                // The segment holds p..=last; the last one goes on to 2^64 - 1 itself.
                let last = segments.peek().map_or(u64::MAX, |&(q, _)| q - 1);
                // At a drop the gap to the line closes by one a position; once closed it stays.
                let line = p - drops.len() as u64;
                let gap = line - v;
                if gap == 0 {
                    continue;
                }
                for n in p..=p.saturating_add(gap - 1).min(last) {
                    dropped_to.push((v + (n - p), n));
                    drops.push(n);
                }
            }
        }
        dropped_to.sort_unstable();
        let rise = drops
            .iter()
            .enumerate()
            .map(|(i, &d)| d - i as u64)
            .collect();
        Board {
            piles: solved.piles.clone(),
            values: solved.values.clone(),
            nim_sum: solved.nim_sum(),
            solved,
            rise,
            dropped_to,
        }
    }

    /// The game being played.
    pub(crate) fn solved(&self) -> &Solved {
        &self.solved
    }

    /// Stones in each pile now.
    pub(crate) fn piles(&self) -> &[u64] {
        &self.piles
    }

    /// g of each pile now.
    pub(crate) fn values(&self) -> &[u64] {
        &self.values
    }

    /// The nim-sum of the piles' values now: 0 when the side to move loses.
    pub(crate) fn nim_sum(&self) -> u64 {
        self.nim_sum
    }

    /// `g(n)`.
    pub(crate) fn grundy(&self, n: u64) -> u64 {
        self.solved.map.value(n)
    }

    /// The position on the rising line whose value is `value`: the one not dropped.
    fn rising(&self, value: u64) -> u64 {
        value + self.rise.partition_point(|&r| r <= value) as u64
    }

    /// Whether taking `take` from pile `pile` (0-based) is a move.
    pub(crate) fn allowed(&self, pile: usize, take: u64) -> bool {
        let stones = self.piles[pile];
        take >= 1 && take <= stones && !self.solved.is_forbidden(stones, take)
    }

    /// A move to nim-sum 0, as `(pile, take)` with the fewest stones taken from the first pile
    /// that can make it, or `None` when the nim-sum is 0.
    ///
    /// # Complexity
    /// - O(log M + forbidden moves from the pile)
    pub(crate) fn winning_move(&self) -> Option<(usize, u64)> {
        if self.nim_sum == 0 {
            return None;
        }
        let top = 63 - self.nim_sum.leading_zeros();
        let pile = self.values.iter().position(|v| v >> top & 1 == 1)?;
        let stones = self.piles[pile];
        let wanted = self.values[pile] ^ self.nim_sum;
        // Positions below `stones` holding `wanted`: the drops to it and one on the line.
        let start = self.dropped_to.partition_point(|&(v, _)| v < wanted);
        let end = self
            .dropped_to
            .partition_point(|&(v, p)| (v, p) < (wanted, stones));
        let drops = self.dropped_to[start..end].iter().rev().map(|&(_, p)| p);
        let rising = Some(self.rising(wanted)).filter(|&r| r < stones);
        // The line's position and the drops, highest first (the fewest stones taken), walked
        // beside the forbidden targets from the pile, also highest first: O(k) for k of them.
        let forbidden = self.solved.forbidden.moves_from(stones);
        let mut above = forbidden.len();
        let mut drops = drops.peekable();
        let mut rising = rising;
        while let Some(target) = match (rising, drops.peek()) {
            (Some(r), Some(&d)) if r < d => drops.next(),
            (Some(_), _) => rising.take(),
            (None, _) => drops.next(),
        } {
            while above > 0 && forbidden[above - 1].1 > target {
                above -= 1;
            }
            if above == 0 || forbidden[above - 1].1 != target {
                return Some((pile, stones - target));
            }
        }
        unreachable!("mex: a value below g(A) is reachable from A")
    }

    /// A move when every move loses: the fewest stones the rules allow from the largest pile
    /// that has a move; `None` when no pile has one.
    fn any_move(&self) -> Option<(usize, u64)> {
        let mut best: Option<(usize, u64)> = None;
        for (pile, &stones) in self.piles.iter().enumerate() {
            if best.is_some_and(|(b, _)| self.piles[b] >= stones) || !self.can_move(pile) {
                continue;
            }
            let take = (1..=stones).find(|&t| self.allowed(pile, t));
            best = take.map(|t| (pile, t)).or(best);
        }
        best
    }

    /// Whether some move from pile `pile` is allowed: fewer forbidden moves than stones.
    fn can_move(&self, pile: usize) -> bool {
        let stones = self.piles[pile];
        (self.solved.forbidden.moves_from(stones).len() as u64) < stones
    }

    /// Whether the player to move has no move at all.
    pub(crate) fn stuck(&self) -> bool {
        (0..self.piles.len()).all(|pile| !self.can_move(pile))
    }

    /// The program's move: a winning one if there is one, else any.
    pub(crate) fn reply(&self) -> Option<(usize, u64)> {
        self.winning_move().or_else(|| self.any_move())
    }

    /// Takes `take` from pile `pile` (0-based); the move must be allowed. Returns g before and
    /// after.
    pub(crate) fn apply(&mut self, pile: usize, take: u64) -> (u64, u64) {
        let before = self.values[pile];
        self.piles[pile] -= take;
        let after = self.grundy(self.piles[pile]);
        self.values[pile] = after;
        self.nim_sum ^= before ^ after;
        (before, after)
    }
}

#[cfg(test)]
mod tests {
    use super::Board;
    use crate::Game;
    use crate::cli::game::Solved;

    fn board(piles: &[u64], forbidden: &[(u64, u64)]) -> Board {
        let game = Game {
            piles: piles.to_vec(),
            forbidden: forbidden.to_vec(),
        };
        Board::new(Solved::new(game).unwrap())
    }

    /// A drop at 2^64 - 1 itself, the last position of the last segment, is indexed too.
    #[test]
    fn a_drop_at_the_top_of_u64_is_indexed() {
        let top = u64::MAX;
        let board = board(&[top], &[(top, top)]);
        assert_eq!(board.dropped_to, [(0, top)]);
        assert_eq!(board.rise, [top]);
        // The line below it is untouched: value v sits at v.
        assert_eq!(board.rising(top - 1), top - 1);
    }

    /// Consecutive drops inside one segment: 2 has no move (g = 0) and from 3 only the move to 1
    /// is forbidden (g = 1), so the map has one segment from 2 (values 0, 1) whose two
    /// positions are both drops; the line resumes at 4 with value 2.
    #[test]
    fn drops_that_continue_a_segment_are_each_indexed() {
        let board = board(&[5], &[(2, 2), (2, 1), (3, 2)]);
        assert_eq!(board.dropped_to, [(0, 2), (1, 3)]);
        let drops: Vec<u64> = board.dropped_to.iter().map(|&(_, p)| p).collect();
        for (value, position) in &board.dropped_to {
            assert_eq!(board.grundy(*position), *value);
        }
        for n in 0..=10 {
            let dropped = drops.contains(&n);
            let below = drops.iter().filter(|&&d| d < n).count() as u64;
            if !dropped {
                assert_eq!(board.grundy(n), n - below, "{n}");
                assert_eq!(board.rising(board.grundy(n)), n, "{n}");
            }
        }
    }
}
