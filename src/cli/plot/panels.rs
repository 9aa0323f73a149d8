//! The picture of a range too crowded for a graph of g (a game of contest size): panels over
//! one shared n axis, each on its own y scale, and the nim-sum bit by bit.
//!
//! At 2·10^5 special points over 10^18 positions the graph of g is a rising diagonal with
//! every drop somewhere under it: a filled triangle. What the game's structure is made of is
//! drawn instead, each part on a scale where it can be read: the values the drops take; which
//! special points drop and which stay on the rising line H(n); how far g has fallen below n
//! (n - H(n), the drops below n); the piles and their values; and how those values make the
//! nim-sum. Points are counted into cells a few pixels wide, shaded by their count (drops in a
//! pale red, with their median and quartiles drawn over them), so the file stays small and a
//! cloud of 10^5 drops reads as a distribution, not a wall.

use super::cells::{CELL, COLUMNS, Cells, LEFT, RIGHT, Scale};
use super::pieces::{Piece, pieces};
use super::ticks::{Ticks, canvas, round, segment, superscript, text};
use crate::cli::game::{Solved, plural};
use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Group, Path, Rectangle, Title};

/// The height of a cell in a panel of values, in pixels.
const ROW: f64 = 2.0;
/// The fewest drops in a column whose quartiles are drawn; below it, each drop is a dot.
const FEWEST_QUARTILES: usize = 8;

/// Where each panel lies: the top and bottom of its drawing area, in pixels.
const DROPS: (f64, f64) = (80.0, 200.0);
const STRIP: (f64, f64) = (222.0, 246.0);
const FALLEN: (f64, f64) = (270.0, 330.0);
const PILES: (f64, f64) = (354.0, 434.0);
const N_AXIS: f64 = 434.0;
const BITS: (f64, f64) = (500.0, 520.0);
/// The height of the bars under the nim-sum's bits: how many values have each bit.
const BAR: f64 = 16.0;

const STYLE: &str = "
text { font-family: sans-serif; font-size: 13px; fill: #222; }
.title { font-size: 16px; font-weight: bold; }
.panel { font-weight: bold; }
.panel tspan { font-weight: normal; fill: #555; }
.axis { stroke: #444; stroke-width: 1; }
.grid { stroke: #e4e4e4; stroke-width: 1; }
.tick, .name, .bit { text-anchor: middle; }
.ytick { text-anchor: end; font-size: 12px; }
.bit { font-size: 12px; }
.bit.one { fill: #fff; font-weight: bold; }
.drop { fill: #d62728; }
.cloud { fill: #d62728; }
.cloud.s1 { opacity: 0.08; } .cloud.s2 { opacity: 0.14; }
.cloud.s3 { opacity: 0.2; } .cloud.s4 { opacity: 0.27; }
.stay { fill: #ff8c00; }
.pile { fill: #2ca02c; }
.s1 { opacity: 0.4; } .s2 { opacity: 0.6; } .s3 { opacity: 0.8; } .s4 { opacity: 1; }
.quartile { stroke: #a51d1d; stroke-width: 1.5; fill: none; stroke-dasharray: 4 3; }
.median { stroke: #a51d1d; stroke-width: 2.5; fill: none; }
.share { fill: #c9daf0; }
.fallen { stroke: #d62728; stroke-width: 1.5; fill: none; }
.cell { fill: #fff; stroke: #bbb; }
.cell.one { fill: #1f5fa8; stroke: #1f5fa8; }
";

/// What the panels show, counted over the range.
pub(super) struct Panels<'a> {
    solved: &'a Solved,
    from: u64,
    to: u64,
    pieces: Vec<Piece>,
    /// The distinct special points in the range, increasing.
    specials: Vec<u64>,
    /// Drops (each a special point) a column.
    drops: Vec<u64>,
    /// Special points a column.
    special: Vec<u64>,
    /// The piles in the range as (stones, g, on a drop), increasing.
    piles: Vec<(u64, u64, bool)>,
}

impl<'a> Panels<'a> {
    pub(super) fn new(solved: &'a Solved, from: u64, to: u64) -> Panels<'a> {
        let pieces = pieces(&solved.map, from, to);
        let moves = &solved.forbidden.moves;
        let start = moves.partition_point(|&(x, _)| x < from);
        let end = moves.partition_point(|&(x, _)| x <= to);
        let mut specials: Vec<u64> = moves[start..end].iter().map(|&(x, _)| x).collect();
        specials.dedup();
        let mut panels = Panels {
            solved,
            from,
            to,
            pieces,
            specials,
            drops: vec![0; COLUMNS],
            special: vec![0; COLUMNS],
            piles: Vec::new(),
        };
        let mut drops = vec![0; COLUMNS];
        for piece in panels.pieces.iter().filter(|p| p.below > 0) {
            for (c, s, e) in panels.columns_of(piece.start, piece.end) {
                drops[c] += e - s + 1;
            }
        }
        let mut special = vec![0; COLUMNS];
        for &x in &panels.specials {
            special[panels.column(x)] += 1;
        }
        (panels.drops, panels.special) = (drops, special);
        let mut piles: Vec<(u64, u64)> = (solved.piles.iter().copied())
            .zip(solved.values.iter().copied())
            .filter(|&(a, _)| (from..=to).contains(&a))
            .collect();
        piles.sort_unstable();
        let mut at = 0;
        panels.piles = piles
            .into_iter()
            .map(|(a, g)| {
                while panels.pieces[at].end < a {
                    at += 1;
                }
                (a, g, panels.pieces[at].below > 0)
            })
            .collect();
        panels
    }

    /// The column of position `n`.
    fn column(&self, n: u64) -> usize {
        let count = (self.to - self.from) as u128 + 1;
        ((n - self.from) as u128 * COLUMNS as u128 / count) as usize
    }

    /// The columns that `start..=end` crosses, each with the part of it that falls there.
    fn columns_of(&self, start: u64, end: u64) -> impl Iterator<Item = (usize, u64, u64)> {
        let count = (self.to - self.from) as u128 + 1;
        let from = self.from as u128;
        let first = move |c: usize| from + (c as u128 * count).div_ceil(COLUMNS as u128);
        (self.column(start)..=self.column(end)).map(move |c| {
            let s = first(c).max(start as u128) as u64;
            let e = (first(c + 1) - 1).min(end as u128) as u64;
            (c, s, e)
        })
    }

    /// The x of the left edge of column `c`.
    fn x_of_column(c: usize) -> f64 {
        LEFT + c as f64 * CELL
    }

    /// The x of position `n`: the middle of its share of the axis.
    fn x(&self, n: u64) -> f64 {
        let count = (self.to - self.from) as f64 + 1.0;
        let offset = (n - self.from) as f64 + 0.5;
        round(LEFT + offset / count * (RIGHT - LEFT))
    }

    /// Drops below `n` for `n` in `piece`: `n - H(n)`, H standing still along a run of drops.
    fn fallen(piece: &Piece, n: u64) -> u64 {
        let rising = if piece.below > 0 {
            piece.value + piece.below
        } else {
            piece.value + (n - piece.start)
        };
        n - rising
    }

    pub(super) fn draw(&self, name: &str) -> Document {
        let mut doc = canvas(STYLE);
        for (y, words, class) in self.title(name) {
            doc = doc.add(text(LEFT - 90.0, y, &words).set("class", class));
        }
        doc.add(self.n_axis())
            .add(self.drop_values())
            .add(self.strip())
            .add(self.fallen_panel())
            .add(self.pile_values())
            .add(self.nim_sum())
    }

    /// Three lines that say in words what the picture shows.
    fn title(&self, name: &str) -> [(f64, String, &'static str); 3] {
        let solved = self.solved;
        let dropped: u64 = self.drops.iter().sum();
        let specials = self.specials.len() as u64;
        [
            (
                20.0,
                format!(
                    "The structure of g(n) for {name}: {}, {}",
                    plural(solved.piles.len() as u64, "pile"),
                    plural(solved.listed as u64, "forbidden move"),
                ),
                "title",
            ),
            (
                40.0,
                format!(
                    "Of the {} in this range, {dropped} drop below the rising line H(n) \
                     (g < H) and {} stay on it (g = H).{}",
                    plural(specials, "special point"),
                    specials - dropped,
                    self.outside()
                ),
                "subtitle",
            ),
            (
                57.0,
                "Each panel shares the n axis and has its own scale; the darker a cell, \
                 the more points it holds."
                    .to_owned(),
                "subtitle",
            ),
        ]
    }

    /// What lies outside the range, in words: nothing, or how many piles and special points.
    fn outside(&self) -> String {
        let piles = (self.solved.piles.len() - self.piles.len()) as u64;
        let mut all = self
            .solved
            .forbidden
            .moves
            .iter()
            .map(|&(x, _)| x)
            .collect::<Vec<_>>();
        all.dedup();
        let specials = (all.len() - self.specials.len()) as u64;
        match (piles, specials) {
            (0, 0) => String::new(),
            (piles, 0) => format!(" Outside it: {}.", plural(piles, "pile")),
            (0, specials) => format!(" Outside it: {}.", plural(specials, "special point")),
            (piles, specials) => format!(
                " Outside it: {}, {}.",
                plural(piles, "pile"),
                plural(specials, "special point")
            ),
        }
    }

    /// The n axis under the panels, with its grid through all of them.
    fn n_axis(&self) -> Group {
        let ticks = Ticks::new(self.from, self.to);
        let mut group = Group::new();
        for &t in &ticks.at {
            let x = self.x(t);
            for (top, bottom) in [DROPS, STRIP, FALLEN, PILES] {
                group = group.add(segment(x, top, x, bottom, "grid"));
            }
            group = group.add(text(x, N_AXIS + 18.0, &ticks.label(t)).set("class", "tick"));
        }
        let (from, to) = (self.from, self.to);
        let title = match ticks.base {
            0 => format!("n: stones in a pile, from {from} to {to}"),
            base => format!("n: stones in a pile, from {from} to {to} (n = {base} + the label)"),
        };
        group
            .add(segment(LEFT, N_AXIS, RIGHT, N_AXIS, "axis"))
            .add(text((LEFT + RIGHT) / 2.0, N_AXIS + 36.0, &title).set("class", "name"))
    }

    /// A panel's frame: its label above it, a left axis with ticks on `scale`, the name of its
    /// values beside them.
    fn frame(&self, scale: Scale, label: &str, detail: &str, y_name: &str) -> Group {
        let mut group = Group::new();
        let ticks = Ticks::with_most(scale.low, scale.high, 3);
        for &t in &ticks.at {
            let y = scale.y(t);
            group = group
                .add(segment(LEFT, y, RIGHT, y, "grid"))
                .add(text(LEFT - 6.0, y + 4.0, &ticks.label(t)).set("class", "ytick"));
        }
        let y_name = match ticks.base {
            0 => y_name.to_owned(),
            base => format!("{y_name} − {base}"),
        };
        group
            .add(panel_label(scale.top - 8.0, label, detail))
            .add(segment(LEFT, scale.top, LEFT, scale.bottom, "axis"))
            .add(text(0.0, 0.0, &y_name).set("class", "name").set(
                "transform",
                format!(
                    "translate(14 {}) rotate(-90)",
                    (scale.top + scale.bottom) / 2.0
                ),
            ))
    }

    /// The values the drops take, on a scale of their own: from 0 to the highest of them.
    fn drop_values(&self) -> Group {
        let drops: Vec<&Piece> = self.pieces.iter().filter(|p| p.below > 0).collect();
        let high = drops.iter().map(|p| p.last_value()).max().unwrap_or(0);
        // The scale starts at 0; the smallest value a drop takes is said as it is.
        let least = drops.iter().map(|p| p.value).min().unwrap_or(0);
        let scale = Scale {
            low: 0,
            high,
            top: DROPS.0,
            bottom: DROPS.1,
            row: ROW,
            cells: true,
        };
        let count: u64 = self.drops.iter().sum();
        let detail = match count {
            0 => " none in this range".to_owned(),
            1 => format!(" 1 drop, to g = {high}"),
            _ => format!(
                " {}, values {least} to {high}; shaded by how many, the line their median, \
                 dashed their quartiles",
                plural(count, "drop")
            ),
        };
        let mut cells = Cells::new(scale.rows());
        // Each column's drops as (value, weight): a run of drops climbs, so a long one gives
        // a few values spread along it, weighted by the positions each stands for.
        let mut values: Vec<Vec<(u64, f64)>> = vec![Vec::new(); COLUMNS];
        for piece in drops {
            for (c, s, e) in self.columns_of(piece.start, piece.end) {
                let (low, high) = (
                    piece.value + (s - piece.start),
                    piece.value + (e - piece.start),
                );
                let (r0, r1) = (scale.row(low), scale.row(high));
                let share = (e - s + 1) as f64 / (r1 - r0 + 1) as f64;
                for r in r0..=r1 {
                    cells.counts[c][r] += share;
                }
                let samples = (e - s + 1).min(16);
                for k in 0..samples {
                    let value = low + (high - low) * k / samples.max(2).saturating_sub(1);
                    values[c].push((value, (e - s + 1) as f64 / samples as f64));
                }
            }
        }
        let mut group = self
            .frame(scale, "g at the drops:", &detail, "g")
            .add(cells.draw(scale.bottom, scale.row, "cloud"));
        let mut lines = [Data::new(), Data::new(), Data::new()];
        let mut drawing = false;
        for (c, column) in values.iter_mut().enumerate() {
            let x = round(Self::x_of_column(c) + CELL / 2.0);
            if column.len() < FEWEST_QUARTILES {
                drawing = false;
                for &(value, _) in column.iter() {
                    group = group.add(
                        svg::node::element::Circle::new()
                            .set("cx", x)
                            .set("cy", scale.y(value))
                            .set("r", 2.5)
                            .set("class", "drop")
                            .add(Title::new(format!("a drop to g = {value}"))),
                    );
                }
                continue;
            }
            column.sort_unstable_by_key(|&(value, _)| value);
            let total: f64 = column.iter().map(|&(_, w)| w).sum();
            for (line, q) in lines.iter_mut().zip([0.25, 0.5, 0.75]) {
                let mut seen = 0.0;
                let value = (column.iter())
                    .find(|&&(_, w)| {
                        seen += w;
                        seen >= q * total
                    })
                    .map_or(column[column.len() - 1].0, |&(v, _)| v);
                let point = (x, scale.y(value));
                *line = if drawing {
                    std::mem::take(line).line_to(point)
                } else {
                    std::mem::take(line).move_to(point)
                };
            }
            drawing = true;
        }
        let [low, median, high] = lines;
        group
            .add(Path::new().set("d", low).set("class", "quartile"))
            .add(Path::new().set("d", high).set("class", "quartile"))
            .add(Path::new().set("d", median).set("class", "median"))
    }

    /// Which special points drop and which stay on the rising line, column by column.
    fn strip(&self) -> Group {
        let (top, bottom) = STRIP;
        let middle = (top + bottom) / 2.0;
        let mut group = panel_label(
            top - 8.0,
            "Special points:",
            " dropping (red, upper row), staying on the line (orange, lower row)",
        )
        .add(text(LEFT - 6.0, top + 9.0, "drop").set("class", "ytick"))
        .add(text(LEFT - 6.0, middle + 9.0, "stay").set("class", "ytick"));
        let mut dropping = Cells::new(1);
        let mut staying = Cells::new(1);
        for c in 0..COLUMNS {
            dropping.counts[c][0] = self.drops[c] as f64;
            staying.counts[c][0] = (self.special[c] - self.drops[c]) as f64;
        }
        group = group
            .add(dropping.draw(middle - 1.0, middle - top - 2.0, "drop"))
            .add(staying.draw(bottom - 1.0, bottom - middle - 2.0, "stay"));
        // Their counts, a bar a cell wide, are in the tooltips of the strip's rows.
        for (class, y, count, what) in [
            ("drop", top, self.drops.iter().sum::<u64>(), "drop"),
            (
                "stay",
                middle,
                self.specials.len() as u64 - self.drops.iter().sum::<u64>(),
                "stay on the rising line",
            ),
        ] {
            group = group.add(
                Rectangle::new()
                    .set("x", LEFT)
                    .set("y", y)
                    .set("width", RIGHT - LEFT)
                    .set("height", middle - top)
                    .set("fill", "transparent")
                    .set("class", format!("row-of-{class}"))
                    .add(Title::new(format!(
                        "{} {what}",
                        plural(count, "special point")
                    ))),
            );
        }
        group
    }

    /// How far g has fallen below n by each position: n - H(n), the number of drops below n.
    fn fallen_panel(&self) -> Group {
        let first = &self.pieces[0];
        let low = Self::fallen(first, self.from);
        let mut through = Vec::with_capacity(COLUMNS);
        let mut sum = low;
        for &d in &self.drops {
            sum += d;
            through.push(sum);
        }
        let scale = Scale {
            low,
            high: sum.max(low + 1),
            top: FALLEN.0,
            bottom: FALLEN.1,
            row: ROW,
            cells: false,
        };
        let mut data = Data::new().move_to((LEFT, scale.y(low)));
        for (c, &d) in through.iter().enumerate() {
            data = data
                .vertical_line_to(scale.y(d))
                .horizontal_line_to(Self::x_of_column(c + 1));
        }
        let detail = format!(" n − H(n), the drops below n: {low} at the left, {sum} at the right");
        self.frame(scale, "How far g has fallen below n:", &detail, "drops")
            .add(Path::new().set("d", data).set("class", "fallen"))
    }

    /// Where the piles sit and the values they get, on a scale from 0 to the highest.
    fn pile_values(&self) -> Group {
        let high = self.piles.iter().map(|p| p.1).max().unwrap_or(0);
        let scale = Scale {
            low: 0,
            high,
            top: PILES.0,
            bottom: PILES.1,
            // The piles mostly lie on the rising line, a thin diagonal: drawn as fine as
            // the file allows.
            row: 1.0,
            cells: true,
        };
        let on_drops = self.piles.iter().filter(|p| p.2).count() as u64;
        let specials = (self.piles.iter())
            .filter(|p| self.specials.binary_search(&p.0).is_ok())
            .count() as u64;
        let detail = match self.piles.len() {
            0 => " none in this range".to_owned(),
            n => format!(
                " {} (green), {specials} on special points, {on_drops} on drops",
                plural(n as u64, "pile")
            ),
        };
        let mut cells = Cells::new(scale.rows());
        for &(a, g, _) in &self.piles {
            cells.counts[self.column(a)][scale.row(g)] += 1.0;
        }
        self.frame(scale, "Piles and their g(A):", &detail, "g(A)")
            .add(cells.draw(scale.bottom, scale.row, "pile"))
    }

    /// The nim-sum of all the piles' values, bit by bit: a bit is 1 when an odd number of
    /// values have it. The winner and, when there is one, the winning move.
    fn nim_sum(&self) -> Group {
        let solved = self.solved;
        let sum = solved.nim_sum();
        let highest = solved.values.iter().fold(0, |a, &v| a | v);
        let bits = 64 - highest.leading_zeros().min(63) as usize;
        let width = ((RIGHT - LEFT) / bits as f64).min(24.0);
        let (top, bottom) = BITS;
        let detail = format!(
            " bit k is 1 when an odd number of the {} values have it (the bars: how many do): {sum}",
            solved.values.len()
        );
        let bars = bottom + 3.0;
        let mut group = panel_label(top - 8.0, "Nim-sum of all the piles' g(A):", &detail)
            .add(text(LEFT - 6.0, bottom - 7.0, "nim-sum").set("class", "ytick"))
            .add(text(LEFT - 6.0, bars + BAR - 3.0, "have it").set("class", "ytick"));
        let count = solved.values.len().max(1) as f64;
        for k in (0..bits).rev() {
            let holders = solved.values.iter().filter(|&&v| v >> k & 1 == 1).count();
            let one = sum >> k & 1 == 1;
            let x = LEFT + (bits - 1 - k) as f64 * width;
            let class = if one { "cell one" } else { "cell" };
            let parity = if one { "odd" } else { "even" };
            let height = round(BAR * holders as f64 / count);
            group = group.add(
                Group::new()
                    .add(
                        Rectangle::new()
                            .set("x", round(x))
                            .set("y", top)
                            .set("width", round(width))
                            .set("height", bottom - top)
                            .set("class", class),
                    )
                    .add(
                        text(
                            round(x + width / 2.0),
                            bottom - 7.0,
                            if one { "1" } else { "0" },
                        )
                        .set("class", if one { "bit one" } else { "bit" }),
                    )
                    .add(
                        Rectangle::new()
                            .set("x", round(x + 1.0))
                            .set("y", round(bars + BAR - height))
                            .set("width", round(width - 2.0))
                            .set("height", height)
                            .set("class", "share"),
                    )
                    .add(Title::new(format!(
                        "bit {k} (2^{k}): {holders} of the values have it, an {parity} number"
                    ))),
            );
            if k % 8 == 0 || k == bits - 1 {
                group = group.add(
                    text(
                        round(x + width / 2.0),
                        bars + BAR + 14.0,
                        &format!("2{}", superscript(k)),
                    )
                    .set("class", "bit"),
                );
            }
        }
        let verdict = match solved.winning_move() {
            None => "The nim-sum is 0: Aoki wins, every move of Takahashi's leaves it \
                     non-zero."
                .to_owned(),
            Some((pile, take)) => {
                let (stones, value) = (solved.piles[pile], solved.values[pile]);
                format!(
                    "The nim-sum is not 0: Takahashi wins, by taking {take} from pile {} \
                     ({stones} stones, g = {value}) to a position of g = {}.",
                    pile + 1,
                    value ^ sum
                )
            }
        };
        group.add(text(LEFT - 90.0, bars + BAR + 38.0, &verdict).set("class", "verdict"))
    }
}

/// A panel's label: its name in bold, then the detail.
fn panel_label(y: f64, name: &str, detail: &str) -> Group {
    Group::new().add(
        text(LEFT - 90.0, y, name)
            .set("class", "panel")
            .add(svg::node::element::TSpan::new(detail)),
    )
}
