//! The pieces of g over a range: runs of positions on the rising line, and runs of drops.

use crate::cli::game::GrundyMap;

/// A run of positions `start..=end` whose values rise by one from `value`, all on the rising
/// line or all drops (below it, each `below` under the line at its start).
#[derive(Clone, Copy, Debug)]
pub(super) struct Piece {
    pub(super) start: u64,
    pub(super) end: u64,
    pub(super) value: u64,
    /// `H(start) - value` for a drop; 0 on the line.
    pub(super) below: u64,
}

impl Piece {
    pub(super) fn last_value(&self) -> u64 {
        self.value + (self.end - self.start)
    }
}

/// The pieces of g within `from..=to`, increasing.
///
/// Inside a segment of the map that starts below the rising line (`g(p) < H(p)`), the first
/// `H(p) - g(p)` positions are drops, each one closer to the line; the rest lie on it.
pub(super) fn pieces(map: &GrundyMap, from: u64, to: u64) -> Vec<Piece> {
    let (first, value) = map.breakpoint_of(from);
    let mut rising = map.rising(first);
    let mut segments = std::iter::once((first, value))
        .chain(
            map.breakpoints(first.saturating_add(1), to)
                .filter(move |&(p, _)| p > first),
        )
        .peekable();
    let mut pieces = Vec::new();
    while let Some((p, v)) = segments.next() {
        let last = segments.peek().map_or(u64::MAX, |&(q, _)| q - 1);
        let gap = rising.saturating_sub(v);
        let drops_end = if gap == 0 {
            None
        } else {
            Some(p.saturating_add(gap - 1).min(last))
        };
        let mut push = |start: u64, end: u64, below: u64| {
            let (s, e) = (start.max(from), end.min(to));
            if s <= e {
                let value = v + (s - p);
                let below = if below == 0 { 0 } else { below - (s - start) };
                pieces.push(Piece {
                    start: s,
                    end: e,
                    value,
                    below,
                });
            }
        };
        match drops_end {
            Some(d) => {
                push(p, d, gap);
                if d < last {
                    push(d + 1, last, 0);
                }
            }
            None => push(p, last, 0),
        }
        rising = rising.max((v + (last - p)).saturating_add(1));
        if last >= to {
            break;
        }
    }
    pieces
}
