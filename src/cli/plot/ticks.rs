//! Ticks at round numbers and their short labels, and the few SVG elements every view draws.

use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Line, Path, Rectangle, Style, Text};

/// Every view's picture, in pixels.
pub(super) const WIDTH: f64 = 1000.0;
pub(super) const HEIGHT: f64 = 620.0;

/// An empty picture, white, with a view's `style`.
pub(super) fn canvas(style: &str) -> Document {
    Document::new()
        .set("width", WIDTH)
        .set("height", HEIGHT)
        .set("viewBox", (0, 0, WIDTH, HEIGHT))
        .add(Style::new(style))
        .add(
            Rectangle::new()
                .set("width", WIDTH)
                .set("height", HEIGHT)
                .set("fill", "#fff"),
        )
}

/// Ticks at round numbers over `low..=high`, and their labels.
pub(super) struct Ticks {
    pub(super) at: Vec<u64>,
    /// The number labels count from: 0, or a round number near the range when the range is
    /// narrow against its size (near 10^18, a range of 50), so that labels stay short.
    pub(super) base: u64,
    /// The ticks are multiples of 10^exponent.
    exponent: u32,
}

impl Ticks {
    pub(super) fn new(low: u64, high: u64) -> Ticks {
        Ticks::with_most(low, high, 7)
    }

    /// Ticks a step apart that leaves at most `most` steps over the range (a short panel
    /// takes two or three).
    pub(super) fn with_most(low: u64, high: u64, most: u128) -> Ticks {
        let span = (high - low) as u128;
        let mut exponent = 0;
        let step = 'search: loop {
            let power = 10u128.pow(exponent);
            for m in [1, 2, 5] {
                if span / (m * power) <= most {
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
    pub(super) fn label(&self, t: u64) -> String {
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

pub(super) fn superscript(n: usize) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

/// A coordinate to a tenth of a pixel: the file's numbers stay short.
pub(super) fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

pub(super) fn text(x: f64, y: f64, words: &str) -> Text {
    Text::new(words).set("x", x).set("y", y)
}

pub(super) fn segment(x1: f64, y1: f64, x2: f64, y2: f64, class: &str) -> Line {
    Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("class", class)
}

pub(super) fn path(data: Data, class: &str) -> Path {
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
