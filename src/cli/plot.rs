//! `plot`: an SVG picture of g(n) over a range of positions, for a browser.
//!
//! A small range gets one mark per position, its value in a tooltip; a large one (up to 2^64 - 1
//! positions) gets the breakpoint map's segments, as lines where they are few and as one bar a
//! pixel column where they are many, so the file stays small whatever the range.
//!
//! Positions near 2^64 - 1 do not fit f64 exactly: every coordinate is measured from the range's
//! start in integers first, and only that offset becomes f64.

use super::game::{Failure, GrundyMap, ShownPath, Solved, input_path, load, plural, stones};
use std::io::Write;
use std::path::PathBuf;
use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Line, Path, Rectangle, Style, Text, Title};

/// Draw g(n) for A <= n <= B as an SVG picture on standard output
///
/// A range of up to 400 positions gets one mark per position (its value in a tooltip), drops
/// at special points in red; a larger one gets the breakpoint map's segments. The game's piles
/// are marked below the axis. Without --from and --to, the range covers the special points and
/// the piles.
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The first n (default: from around the smallest special point or pile)
    #[arg(long, value_name = "A", value_parser = stones, allow_negative_numbers = true)]
    from: Option<u64>,
    /// The last n (default: a little past the largest special point or pile)
    #[arg(long, value_name = "B", value_parser = stones, allow_negative_numbers = true)]
    to: Option<u64>,
    /// The game's file; standard input when absent or '-'
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// The largest range drawn one mark per position.
const MOST_MARKS: u64 = 400;

/// The most pieces of line drawn as lines; past it, one bar a pixel column.
const MOST_PIECES: usize = 3000;

const WIDTH: f64 = 1000.0;
const HEIGHT: f64 = 620.0;
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

pub(super) fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    if let (Some(from), Some(to)) = (args.from, args.to)
        && from > to
    {
        return Err(Failure::Usage(format!(
            "--from {from} is past --to {to}: the range is empty"
        )));
    }
    let path = input_path(args.file.clone());
    let game = load(path.as_deref())?;
    let solved = Solved::new(game).map_err(|e| Failure::Input(path.clone(), e))?;
    let (from, to) = range(&solved, args.from, args.to);
    let name = match &path {
        Some(p) => ShownPath(p).to_string(),
        None => "standard input".to_owned(),
    };
    let picture = Picture::new(&solved, from, to).draw(&solved, &name);
    svg::write(&mut *out, &picture).map_err(Failure::Write)?;
    writeln!(out).map_err(Failure::Write)
}

/// The range to draw: the one asked for, filled in around the special points and the piles.
fn range(solved: &Solved, from: Option<u64>, to: Option<u64>) -> (u64, u64) {
    let specials = solved.forbidden.moves.iter().map(|&(x, _)| x);
    let piles = solved.piles.iter().copied().filter(|&a| a > 0);
    let (lo, hi) = specials
        .chain(piles)
        .fold(None, |seen: Option<(u64, u64)>, n| match seen {
            None => Some((n, n)),
            Some((lo, hi)) => Some((lo.min(n), hi.max(n))),
        })
        .unwrap_or((0, 30));
    let margin = ((hi - lo) / 10).max(4);
    // Starting at 0 costs little when the points of interest are not far from it, and shows
    // the line from its start.
    let start = if lo <= (hi - lo) + 2 * margin {
        0
    } else {
        lo - margin
    };
    let end = hi.saturating_add(margin);
    match (from, to) {
        (Some(from), Some(to)) => (from, to),
        (Some(from), None) if from <= end => (from, end),
        (Some(from), None) => (from, from.saturating_add(MOST_MARKS - 1)),
        (None, Some(to)) if start <= to => (start, to),
        (None, Some(to)) => (to.saturating_sub(MOST_MARKS - 1), to),
        (None, None) => (start, end),
    }
}

/// A run of positions `start..=end` whose values rise by one from `value`, all on the rising
/// line or all drops (below it, each `below` under the line at its start).
#[derive(Clone, Copy, Debug)]
struct Piece {
    start: u64,
    end: u64,
    value: u64,
    /// `H(start) - value` for a drop; 0 on the line.
    below: u64,
}

impl Piece {
    fn last_value(&self) -> u64 {
        self.value + (self.end - self.start)
    }
}

/// The pieces of g within `from..=to`, increasing.
///
/// Inside a segment of the map that starts below the rising line (`g(p) < H(p)`), the first
/// `H(p) - g(p)` positions are drops, each one closer to the line; the rest lie on it.
fn pieces(map: &GrundyMap, from: u64, to: u64) -> Vec<Piece> {
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

/// What is drawn, in the game's numbers.
struct Picture {
    from: u64,
    to: u64,
    pieces: Vec<Piece>,
    /// The lowest and highest value drawn (the line a drop falls from included).
    low: u64,
    high: u64,
}

impl Picture {
    fn new(solved: &Solved, from: u64, to: u64) -> Picture {
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

    fn draw(&self, solved: &Solved, name: &str) -> Document {
        let small = self.to - self.from < MOST_MARKS;
        let mut doc = Document::new()
            .set("width", WIDTH)
            .set("height", HEIGHT)
            .set("viewBox", (0, 0, WIDTH, HEIGHT))
            .add(Style::new(STYLE))
            .add(
                Rectangle::new()
                    .set("width", WIDTH)
                    .set("height", HEIGHT)
                    .set("fill", "#fff"),
            );
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

    /// The pieces as lines, or, when there are too many, one bar a pixel column.
    fn lines(&self) -> Group {
        let mut line = Data::new();
        let mut drops = Data::new();
        if self.pieces.len() <= MOST_PIECES {
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
            return Group::new()
                .add(path(falls, "fall"))
                .add(path(line, "line"))
                .add(path(drops, "dropline"));
        }
        let columns = (RIGHT - LEFT) as usize;
        let mut on_line: Vec<Option<(u64, u64)>> = vec![None; columns];
        let mut dropped: Vec<Option<(u64, u64)>> = vec![None; columns];
        for piece in &self.pieces {
            let bars = if piece.below > 0 {
                &mut dropped
            } else {
                &mut on_line
            };
            let (first, last) = (
                self.column(piece.start, columns),
                self.column(piece.end, columns),
            );
            for (bar, c) in bars[first..=last].iter_mut().zip(first..) {
                let (start, end) = self.column_range(c, columns);
                let (s, e) = (start.max(piece.start), end.min(piece.end));
                let (low, high) = (
                    piece.value + (s - piece.start),
                    piece.value + (e - piece.start),
                );
                *bar = Some(bar.map_or((low, high), |(l, h)| (l.min(low), h.max(high))));
            }
        }
        let step = (RIGHT - LEFT) / columns as f64;
        for (bars, data) in [(&on_line, &mut line), (&dropped, &mut drops)] {
            for (c, bar) in bars.iter().enumerate() {
                if let Some((low, high)) = bar {
                    let x = round(LEFT + (c as f64 + 0.5) * step);
                    *data = std::mem::take(data)
                        .move_to((x, self.y(*high)))
                        .line_to((x, self.y(*low)));
                }
            }
        }
        // The drops under the line, so that the line stays in sight where they are dense.
        Group::new()
            .add(path(drops, "dropline").set("style", "stroke-width: 1.5; opacity: 0.6"))
            .add(path(line, "line"))
    }

    /// The pixel column of position `n`, of `columns`.
    fn column(&self, n: u64, columns: usize) -> usize {
        ((n - self.from) as u128 * columns as u128 / self.count()) as usize
    }

    /// The positions of column `c`, of `columns`: the first and the last.
    fn column_range(&self, c: usize, columns: usize) -> (u64, u64) {
        let first = |c: usize| (c as u128 * self.count()).div_ceil(columns as u128);
        let start = self.from as u128 + first(c);
        let end = self.from as u128 + first(c + 1) - 1;
        (start as u64, end.min(self.to as u128) as u64)
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

/// Ticks at round numbers over `low..=high`, and their labels.
struct Ticks {
    at: Vec<u64>,
    /// The number labels count from: 0, or a round number near the range when the range is
    /// narrow against its size (near 10^18, a range of 50), so that labels stay short.
    base: u64,
    /// The ticks are multiples of 10^exponent.
    exponent: u32,
}

impl Ticks {
    fn new(low: u64, high: u64) -> Ticks {
        let span = (high - low) as u128;
        let mut exponent = 0;
        let step = 'search: loop {
            let power = 10u128.pow(exponent);
            for m in [1, 2, 5] {
                if span / (m * power) <= 7 {
                    break 'search m * power;
                }
            }
            exponent += 1;
        };
        let first = (low as u128).div_ceil(step) * step;
        let at: Vec<u64> = (0..)
            .map(|i| first + i * step)
            .take_while(|&t| t <= high as u128)
            .map(|t| t as u64)
            .collect();
        // A label shows at most four significant digits; ticks that need more count from a
        // round number instead.
        let digits = (high as u128).checked_ilog10().unwrap_or(0);
        let base = if high >= 100_000 && digits > exponent + 3 {
            (low as u128 / step * step) as u64
        } else {
            0
        };
        Ticks { at, base, exponent }
    }

    /// `t` as a label: plain below 10^5, else as `2.5×10¹⁸`; counted from the base.
    fn label(&self, t: u64) -> String {
        let t = t - self.base;
        let plain = t.to_string();
        let sign = if self.base > 0 { "+" } else { "" };
        if t < 100_000 {
            return format!("{sign}{plain}");
        }
        let e = plain.len() - 1;
        let kept = (e - (self.exponent as usize).min(e)).min(3);
        let mut mantissa = plain[..1].to_owned();
        let decimals = plain[1..=kept].trim_end_matches('0');
        if !decimals.is_empty() {
            mantissa = format!("{mantissa}.{decimals}");
        }
        let power = format!("10{}", superscript(e));
        if mantissa == "1" {
            format!("{sign}{power}")
        } else {
            format!("{sign}{mantissa}\u{d7}{power}")
        }
    }
}

fn superscript(n: usize) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

/// A coordinate to a tenth of a pixel: the file's numbers stay short.
fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn text(x: f64, y: f64, words: &str) -> Text {
    Text::new(words).set("x", x).set("y", y)
}

fn segment(x1: f64, y1: f64, x2: f64, y2: f64, class: &str) -> Line {
    Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("class", class)
}

fn path(data: Data, class: &str) -> Path {
    Path::new().set("d", data).set("class", class)
}

#[cfg(test)]
mod tests {
    use super::Ticks;
    use crate::cli::rng::Rng;

    /// The labels of all of u64 read as powers of ten, not as 19-digit numbers.
    #[test]
    fn labels_of_all_of_u64_are_powers_of_ten() {
        let ticks = Ticks::new(0, u64::MAX);
        let labels: Vec<String> = ticks.at.iter().map(|&t| ticks.label(t)).collect();
        assert_eq!(labels, ["0", "5×10¹⁸", "10¹⁹", "1.5×10¹⁹"]);
    }

    /// Ranges of every size at every height, up to 2^64 - 1: between one and eight ticks, inside
    /// the range, with labels that are short and tell the ticks apart (near 10^18, a narrow
    /// range counts from a round number rather than repeating `10¹⁸`).
    #[test]
    fn labels_are_short_and_distinct_at_every_scale() {
        let mut rng = Rng::new(31);
        for _ in 0..5_000 {
            let low = rng.below(u64::MAX) >> rng.below(64);
            let span = (u64::MAX - low) >> rng.below(64);
            let high = low + span;
            let ticks = Ticks::new(low, high);
            assert!((1..=8).contains(&ticks.at.len()), "{low} {high}");
            let labels: Vec<String> = ticks.at.iter().map(|&t| ticks.label(t)).collect();
            for (&t, label) in ticks.at.iter().zip(&labels) {
                assert!((low..=high).contains(&t), "{t} in {low} {high}");
                assert!(label.chars().count() <= 10, "{label} for {low} {high}");
            }
            let mut distinct = labels.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), labels.len(), "{labels:?} for {low} {high}");
        }
    }
}
