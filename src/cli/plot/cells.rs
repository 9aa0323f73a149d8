//! The panels' y scales, and points counted into cells a few pixels wide, drawn as shaded
//! rectangles: a cloud of 10^5 points in a few thousand of them.

use super::ticks::round;
use svg::node::element::path::Data;
use svg::node::element::{Group, Path};

/// The left edge of the n axis, in pixels.
pub(super) const LEFT: f64 = 110.0;
/// The right edge of the n axis, in pixels.
pub(super) const RIGHT: f64 = 970.0;
/// The side of a cell, in pixels: the n axis is `COLUMNS` cells wide.
pub(super) const CELL: f64 = 4.0;
pub(super) const COLUMNS: usize = ((RIGHT - LEFT) / CELL) as usize;

/// One panel's y axis: values `low..=high` over `top..bottom` pixels.
#[derive(Clone, Copy)]
pub(super) struct Scale {
    pub(super) low: u64,
    pub(super) high: u64,
    pub(super) top: f64,
    pub(super) bottom: f64,
    /// The height of a row of cells, in pixels.
    pub(super) row: f64,
    /// Whether the panel draws cells (else a line).
    pub(super) cells: bool,
}

impl Scale {
    /// The y of value `v`; in a panel of cells, the middle of its row, so that the ticks, the
    /// lines and the cells agree.
    pub(super) fn y(&self, v: u64) -> f64 {
        if self.cells {
            return round(self.bottom - (self.row(v) as f64 + 0.5) * self.row);
        }
        let span = (self.high - self.low) as f64 + 1.0;
        let offset = (v - self.low) as f64 + 0.5;
        round(self.bottom - offset / span * (self.bottom - self.top))
    }

    pub(super) fn rows(&self) -> usize {
        ((self.bottom - self.top) / self.row) as usize
    }

    /// The row of cells (0 at the bottom) that holds value `v`.
    pub(super) fn row(&self, v: u64) -> usize {
        let span = (self.high - self.low) as u128 + 1;
        ((v - self.low) as u128 * self.rows() as u128 / span) as usize
    }
}

/// Points counted into cells, `counts[column][row]`.
pub(super) struct Cells {
    pub(super) counts: Vec<Vec<f64>>,
}

/// The shades of a cell, palest first: the cell's count on a logarithmic scale from one point
/// to the fullest cell, so that a lone point shows beside a cell of ten thousand.
const SHADES: usize = 4;

/// The most rectangles a panel of cells draws (about 20 bytes each).
const MOST_RECTANGLES: usize = 2500;

impl Cells {
    pub(super) fn new(rows: usize) -> Cells {
        Cells {
            counts: vec![vec![0.0; rows]; COLUMNS],
        }
    }

    /// The cells as rectangles, one path a shade, of classes `class s1` to `class s4`; rows
    /// `row` pixels high, merged two by two while there are too many rectangles for a small
    /// file (a cloud of points whose neighbours differ in shade).
    pub(super) fn draw(&self, bottom: f64, row: f64, class: &str) -> Group {
        let rectangles = self.rectangles();
        if rectangles.len() > MOST_RECTANGLES && row < 8.0 {
            return self.coarser().draw(bottom, 2.0 * row, class);
        }
        let mut shades = vec![Data::new(); SHADES];
        for (c, r, rows, shade) in rectangles {
            let (x, y) = (LEFT + c as f64 * CELL, bottom - r as f64 * row);
            shades[shade - 1] = std::mem::take(&mut shades[shade - 1])
                .move_to((round(x), round(y)))
                .horizontal_line_by(CELL)
                .vertical_line_by(-(rows as f64) * row)
                .horizontal_line_by(-CELL)
                .close();
        }
        let mut group = Group::new();
        for (k, data) in shades.into_iter().enumerate() {
            let path = Path::new()
                .set("d", data)
                .set("class", format!("{class} s{}", k + 1));
            group = group.add(path);
        }
        group
    }

    /// The cells to draw as (column, first row, rows, shade): a column's cells of one shade
    /// one above the other make one rectangle.
    fn rectangles(&self) -> Vec<(usize, usize, usize, usize)> {
        let most = (self.counts.iter().flatten()).fold(0.0f64, |a, &b| a.max(b));
        let shade_of = |count: f64| {
            let share = (1.0 + count).ln() / (1.0 + most).ln();
            ((share * SHADES as f64).ceil() as usize).clamp(1, SHADES)
        };
        let mut rectangles = Vec::new();
        for (c, column) in self.counts.iter().enumerate() {
            let mut r = 0;
            while r < column.len() {
                if column[r] <= 0.0 {
                    r += 1;
                    continue;
                }
                let shade = shade_of(column[r]);
                let mut end = r + 1;
                while end < column.len() && column[end] > 0.0 && shade_of(column[end]) == shade {
                    end += 1;
                }
                rectangles.push((c, r, end - r, shade));
                r = end;
            }
        }
        rectangles
    }

    /// The same points in rows twice as high.
    fn coarser(&self) -> Cells {
        let counts = (self.counts.iter())
            .map(|column| column.chunks(2).map(|pair| pair.iter().sum()).collect())
            .collect();
        Cells { counts }
    }
}
