//! The graph of g over a range with few special points and piles: one mark a position with
//! its tooltip where the range is small, the map's segments as lines where it is large.
//!
//! Positions near 2^64 - 1 do not fit f64 exactly: every coordinate is measured from the range's
//! start in integers first, and only that offset becomes f64.

use super::MOST_MARKS;
use super::pieces::{Piece, pieces};
use super::ticks::{HEIGHT, Ticks, WIDTH, canvas, path, round, segment, text};
use crate::cli::game::{Solved, plural};
use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Title};

const LEFT: f64 = 110.0;
const RIGHT: f64 = WIDTH - 30.0;
const TOP: f64 = 80.0;
const BOTTOM: f64 = HEIGHT - 100.0;

const STYLE: &str = "
text { font-family: sans-serif; font-size: 13px; fill: #222; }
.title { font-size: 17px; font-weight: bold; }
.axis { stroke: #444; stroke-width: 1; }
.grid { stroke: #e4e4e4; stroke-width: 1; }
.tick, .name { text-anchor: middle; }
.ytick { text-anchor: end; }
.line { stroke: #1f5fa8; stroke-width: 2; fill: none; stroke-linecap: round; }
.dropline { stroke: #d62728; stroke-width: 3; fill: none; stroke-linecap: round; }
.fall { stroke: #d62728; stroke-width: 1; stroke-dasharray: 3 3; }
.mark { fill: #1f5fa8; }
.mark.special { fill: #fff; stroke: #ff8c00; stroke-width: 2.5; }
.mark.drop { fill: #d62728; }
.pile { fill: #2ca02c; }
.rug { stroke: #888; stroke-width: 1; }
";

/// What is drawn, in the game's numbers.
pub(super) struct Picture {
    from: u64,
    to: u64,
    pieces: Vec<Piece>,
    /// The lowest and highest value drawn (the line a drop falls from included).
    low: u64,
    high: u64,
}

impl Picture {
    pub(super) fn new(solved: &Solved, from: u64, to: u64) -> Picture {
        let pieces = pieces(&solved.map, from, to);
        let low = pieces.iter().map(|p| p.value).min().unwrap_or(0);
        let high = pieces
            .iter()
            .map(|p| p.last_value().max(p.value.saturating_add(p.below)))
            .max()
            .unwrap_or(0);
        Picture {
            from,
            to,
            pieces,
            low,
            high,
        }
    }

    /// How many positions the range holds (up to 2^64).
    fn count(&self) -> u128 {
        (self.to - self.from) as u128 + 1
    }

    /// The x of position `n`: the middle of its share of the axis.
    fn x(&self, n: u64) -> f64 {
        let offset = (n - self.from) as f64 + 0.5;
        round(LEFT + offset / self.count() as f64 * (RIGHT - LEFT))
    }

    /// The y of value `v`.
    fn y(&self, v: u64) -> f64 {
        let span = (self.high - self.low) as f64 + 1.0;
        let offset = (v - self.low) as f64 + 0.5;
        round(BOTTOM - offset / span * (BOTTOM - TOP))
    }

    pub(super) fn draw(&self, solved: &Solved, name: &str) -> Document {
        let small = self.to - self.from < MOST_MARKS;
        let mut doc = canvas(STYLE);
        let title = format!(
            "g(n) for {name}: {}, {}",
            plural(solved.piles.len() as u64, "pile"),
            plural(solved.listed as u64, "forbidden move"),
        );
        doc = doc.add(text(LEFT, 28.0, &title).set("class", "title"));
        doc = doc.add(self.axes());
        doc = doc.add(legend(small));
        doc = if small {
            doc.add(self.marks(solved))
        } else {
            doc.add(self.lines()).add(self.special_points(solved))
        };
        doc.add(self.piles(solved, small))
    }

    /// Grid, axes, ticks and their labels.
    fn axes(&self) -> Group {
        let mut group = Group::new();
        let x_ticks = Ticks::new(self.from, self.to);
        for &t in &x_ticks.at {
            let x = self.x(t);
            group = group
                .add(segment(x, TOP, x, BOTTOM, "grid"))
                .add(text(x, BOTTOM + 20.0, &x_ticks.label(t)).set("class", "tick"));
        }
        let y_ticks = Ticks::new(self.low, self.high);
        for &t in &y_ticks.at {
            let y = self.y(t);
            group = group
                .add(segment(LEFT, y, RIGHT, y, "grid"))
                .add(text(LEFT - 8.0, y + 4.0, &y_ticks.label(t)).set("class", "ytick"));
        }
        let (from, to) = (self.from, self.to);
        let x_title = match x_ticks.base {
            0 => format!("n: stones in a pile, from {from} to {to}"),
            base => format!("n: stones in a pile, from {from} to {to} (n = {base} + the label)"),
        };
        let y_title = match y_ticks.base {
            0 => "g(n)".to_owned(),
            base => format!("g(n) = {base} + the label"),
        };
        group
            .add(segment(LEFT, BOTTOM, RIGHT, BOTTOM, "axis"))
            .add(segment(LEFT, TOP, LEFT, BOTTOM, "axis"))
            .add(text((LEFT + RIGHT) / 2.0, BOTTOM + 62.0, &x_title).set("class", "name"))
            .add(text(0.0, 0.0, &y_title).set("class", "name").set(
                "transform",
                format!("translate(24 {}) rotate(-90)", (TOP + BOTTOM) / 2.0),
            ))
    }

    /// One mark per position, with its value and why in a tooltip.
    fn marks(&self, solved: &Solved) -> Group {
        let mut group = Group::new().add(self.lines());
        for piece in &self.pieces {
            for n in piece.start..=piece.end {
                let value = piece.value + (n - piece.start);
                let special = !solved.forbidden.moves_from(n).is_empty();
                let (x, y) = (self.x(n), self.y(value));
                let (class, why) = if piece.below > 0 {
                    // H stays put along a run of drops (a drop adds no new value), while g
                    // climbs back to it one step a position.
                    let line = piece.value + piece.below;
                    group = group.add(segment(x, self.y(line), x, y, "fall"));
                    (
                        "mark drop",
                        format!(": a special point, dropped below H({n}) = {line}"),
                    )
                } else if special {
                    (
                        "mark special",
                        ": a special point that does not drop".to_owned(),
                    )
                } else {
                    ("mark", String::new())
                };
                let radius = if piece.below > 0 { 5 } else { 4 };
                group = group.add(
                    Circle::new()
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", radius)
                        .set("class", class)
                        .add(Title::new(format!("g({n}) = {value}{why}"))),
                );
            }
        }
        group
    }

    /// The pieces as lines (they are few: a range with many special points gets the panels).
    fn lines(&self) -> Group {
        let mut line = Data::new();
        let mut drops = Data::new();
        let mut falls = Data::new();
        for piece in &self.pieces {
            let (x0, y0) = (self.x(piece.start), self.y(piece.value));
            let (x1, y1) = (self.x(piece.end), self.y(piece.last_value()));
            let data = if piece.below > 0 {
                &mut drops
            } else {
                &mut line
            };
            *data = std::mem::take(data).move_to((x0, y0)).line_to((x1, y1));
            if piece.below > 0 {
                let top = self.y(piece.value + piece.below);
                falls = falls.move_to((x0, top)).line_to((x0, y0));
            }
        }
        Group::new()
            .add(path(falls, "fall"))
            .add(path(line, "line"))
            .add(path(drops, "dropline"))
    }

    /// The pixel column of position `n`, of `columns`.
    fn column(&self, n: u64, columns: usize) -> usize {
        ((n - self.from) as u128 * columns as u128 / self.count()) as usize
    }

    /// A tick under the plot for each pixel column holding special points.
    fn special_points(&self, solved: &Solved) -> Group {
        let moves = &solved.forbidden.moves;
        let start = moves.partition_point(|&(x, _)| x < self.from);
        let end = moves.partition_point(|&(x, _)| x <= self.to);
        let mut points: Vec<u64> = moves[start..end].iter().map(|&(x, _)| x).collect();
        points.dedup();
        let columns = (RIGHT - LEFT) as usize;
        let mut group = Group::new();
        for column in points.chunk_by(|&a, &b| self.column(a, columns) == self.column(b, columns)) {
            let x = self.x(column[0]);
            let what = match column {
                [one] => format!("special point {one}"),
                [first, .., last] => {
                    format!("{} special points from {first} to {last}", column.len())
                }
                [] => continue,
            };
            group = group.add(segment(x, BOTTOM - 10.0, x, BOTTOM, "rug").add(Title::new(what)));
        }
        group
    }

    /// A triangle under the axis for each pile in the range (one a pixel column).
    fn piles(&self, solved: &Solved, small: bool) -> Group {
        let mut piles: Vec<(u64, usize)> = (solved.piles.iter().copied().zip(0..))
            .filter(|&(a, _)| (self.from..=self.to).contains(&a))
            .collect();
        piles.sort_unstable();
        let columns = if small {
            usize::MAX
        } else {
            (RIGHT - LEFT) as usize
        };
        let column = |n: u64| {
            if small {
                (n - self.from) as usize
            } else {
                self.column(n, columns)
            }
        };
        let mut group = Group::new();
        for here in piles.chunk_by(|a, b| column(a.0) == column(b.0)) {
            let (stones, first) = here[0];
            let x = self.x(stones);
            let what = match here {
                [_] => format!(
                    "pile {}: {}, g = {}",
                    first + 1,
                    plural(stones, "stone"),
                    solved.map.value(stones)
                ),
                [.., (last, _)] if *last == stones => format!(
                    "{}: {} each, g = {}",
                    plural(here.len() as u64, "pile"),
                    stones,
                    solved.map.value(stones)
                ),
                [.., (last, _)] => format!(
                    "{} from {stones} to {last} stones",
                    plural(here.len() as u64, "pile")
                ),
                [] => continue,
            };
            let y = BOTTOM + 28.0;
            let half = if small { 5.0 } else { 2.5 };
            let points = format!(
                "{x},{} {},{} {},{}",
                y - 2.0,
                x - half,
                y + 7.0,
                x + half,
                y + 7.0
            );
            group = group.add(
                svg::node::element::Polygon::new()
                    .set("points", points)
                    .set("class", "pile")
                    .add(Title::new(what)),
            );
        }
        group
    }
}

/// The legend, in a row under the title.
fn legend(small: bool) -> Group {
    let y = 54.0;
    let mut group = Group::new();
    let mut x = LEFT;
    let mut item = |group: Group, symbol: Group, words: &str| {
        let width = 28.0 + 7.0 * words.chars().count() as f64;
        let item = group
            .add(symbol.set("transform", format!("translate({x} {y})")))
            .add(text(x + 16.0, y + 4.0, words));
        x += width;
        item
    };
    let dot = |class: &str, r: f64| Group::new().add(Circle::new().set("r", r).set("class", class));
    let stroke = |class: &str| Group::new().add(segment(-6.0, 4.0, 6.0, -4.0, class));
    if small {
        group = item(group, dot("mark", 4.0), "g(n) = H(n), the rising line");
        group = item(
            group,
            dot("mark drop", 5.0),
            "drop at a special point (g < H)",
        );
        group = item(group, dot("mark special", 4.0), "special point, no drop");
    } else {
        group = item(group, stroke("line"), "g(n) = H(n), the rising line");
        group = item(group, stroke("dropline"), "drops at special points");
        group = item(
            group,
            Group::new().add(segment(0.0, -5.0, 0.0, 5.0, "rug")),
            "special points",
        );
    }
    let triangle = Group::new().add(
        svg::node::element::Polygon::new()
            .set("points", "0,-6 -5,3 5,3")
            .set("class", "pile"),
    );
    item(group, triangle, "pile of the game")
}
