//! `plot` and `why` through the binary: the picture parsed as XML and held against `table`, its
//! size and time on a max-size game, the refusals; `why`'s first line against `table`.

mod common;

use common::games::{SHAPES, SmallGame};
use common::rng::Rng;
use common::run;
use std::time::{Duration, Instant};

const SAMPLE_1: &str = "samples/sample-1.in";

/// The elements of `svg` named `tag` that carry a tooltip, as (element, tooltip).
fn with_titles<'a>(
    svg: &'a roxmltree::Document<'a>,
    tag: &str,
) -> Vec<(roxmltree::Node<'a, 'a>, String)> {
    svg.descendants()
        .filter(|node| node.has_tag_name(tag))
        .filter_map(|node| {
            let title = node.children().find(|c| c.has_tag_name("title"))?;
            Some((node, title.text().unwrap_or_default().to_owned()))
        })
        .collect()
}

fn number(node: roxmltree::Node, attribute: &str) -> f64 {
    node.attribute(attribute).unwrap().parse().unwrap()
}

/// On small games, one mark per position with the value `table` prints; drops (g(n) < H(n))
/// marked as drops and the other special points as such; one pile marker per pile size in the
/// range; x rising with n and y falling with g, so the picture is a graph of g.
#[test]
fn plot_marks_are_the_table_of_small_games() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(9_000_000 + seed);
        let shape = SHAPES[seed as usize % SHAPES.len()];
        let limit = rng.range(1, 30);
        let game = SmallGame::random(&mut rng, shape, limit);
        let input = game.to_input();
        let context = format!("seed {seed}, game:\n{input}");
        let to = (limit + 3).to_string();
        let table = run(&["table", "--to", &to], input.as_bytes());
        let values: Vec<u64> = (table.assert_ok().lines())
            .map(|line| line.split(' ').nth(1).unwrap().parse().unwrap())
            .collect();
        let plot = run(&["plot", "--from", "0", "--to", &to], input.as_bytes());
        let text = plot.assert_ok();
        let svg = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{e}; {context}"));
        let marks = with_titles(&svg, "circle");
        assert_eq!(marks.len(), values.len(), "{context}");
        let mut rising = 0;
        let mut seen_y = std::collections::BTreeMap::new();
        let mut last_x = f64::MIN;
        for (n, ((mark, title), &value)) in marks.iter().zip(&values).enumerate() {
            assert!(
                title.starts_with(&format!("g({n}) = {value}")),
                "{title}; {context}"
            );
            let class = mark.attribute("class").unwrap();
            let special = game.forbidden.iter().any(|&(x, _)| x == n as u64);
            let drop = value < rising;
            let expected = match (drop, special) {
                (true, _) => "mark drop",
                (false, true) => "mark special",
                (false, false) => "mark",
            };
            assert_eq!(class, expected, "position {n}; {context}");
            // The line a drop falls from is H(n), which stays put while g climbs back to it.
            if drop {
                let said = format!("dropped below H({n}) = {rising}");
                assert!(title.ends_with(&said), "{title}; {context}");
            }
            rising = rising.max(value + 1);
            let (x, y) = (number(*mark, "cx"), number(*mark, "cy"));
            assert!(x > last_x, "{context}");
            last_x = x;
            let y_of_value = *seen_y.entry(value).or_insert(y);
            assert_eq!(y, y_of_value, "{context}");
        }
        let ys: Vec<f64> = seen_y.values().copied().collect();
        assert!(
            ys.windows(2).all(|w| w[0] > w[1]),
            "higher values are drawn higher; {context}"
        );
        let mut sizes: Vec<u64> = game.piles.clone();
        sizes.sort_unstable();
        sizes.dedup();
        let piles = with_titles(&svg, "polygon");
        assert_eq!(piles.len(), sizes.len(), "{context}");
        for ((_, title), size) in piles.iter().zip(&sizes) {
            let value = values[*size as usize];
            assert!(
                title.contains(&format!("g = {value}")) && title.contains(&size.to_string()),
                "{title}; {context}"
            );
        }
    }
}

/// A run of special points each dropping one above the last (targets 0, 1, 2, ... of H = 10):
/// H stays 10 along the whole run, and every tooltip and every fall says so.
#[test]
fn plot_falls_from_h_along_a_run_of_drops() {
    let game = b"1 5\n14\n10 10\n11 10\n12 10\n13 10\n14 10\n";
    let plot = run(&["plot", "--from", "8", "--to", "16"], game);
    let svg = roxmltree::Document::parse(plot.assert_ok()).unwrap();
    let marks = with_titles(&svg, "circle");
    let drops: Vec<&str> = marks
        .iter()
        .map(|(_, title)| title.as_str())
        .filter(|title| title.contains("dropped"))
        .collect();
    assert_eq!(drops.len(), 5, "{drops:?}");
    for (k, title) in drops.iter().enumerate() {
        let n = 10 + k;
        assert_eq!(
            *title,
            format!("g({n}) = {k}: a special point, dropped below H({n}) = 10")
        );
    }
    // Every fall starts at the height of H = 10: the height of the mark at 9, g(9) = 9, plus
    // one step of the value axis.
    let y_of = |n: usize| number(marks[n - 8].0, "cy");
    let step = y_of(8) - y_of(9);
    let falls: Vec<f64> = svg
        .descendants()
        .filter(|node| node.has_tag_name("line") && node.attribute("class") == Some("fall"))
        .map(|fall| number(fall, "y1"))
        .collect();
    assert_eq!(falls.len(), 5, "{falls:?}");
    for top in falls {
        // Coordinates are written to a tenth.
        assert!(
            (top - (y_of(9) - step)).abs() < 0.2,
            "a fall starts at {top}"
        );
    }
}

/// A max-size game (N = M = 2·10^5, values up to 10^18) in its default range, and a smaller one
/// over all of u64, are drawn as panels counted into cells, not position by position: under
/// 300 KiB and a few thousand elements; tick labels are short (10^18 as a power); the release
/// build takes well under half a second (the benchmark times it), so even this debug build is
/// given only a generous bound.
#[test]
fn plot_of_a_max_size_game_is_small_and_quick() {
    let max_size = run(&["gen", "--shape", "random", "--seed", "1"], b"");
    let smaller = run(
        &["gen", "--shape", "hits", "--n", "20000", "--seed", "1"],
        b"",
    );
    let all = ["--from", "0", "--to", "18446744073709551615"];
    for (game, range) in [(max_size, &[][..]), (smaller, &all[..])] {
        let input = game.assert_ok().as_bytes().to_vec();
        let args: Vec<&str> = ["plot"].iter().chain(range).copied().collect();
        let started = Instant::now();
        let plot = run(&args, &input);
        let took = started.elapsed();
        let text = plot.assert_ok();
        assert!(took < Duration::from_secs(30), "{took:?}");
        assert!(text.len() < 300 << 10, "{} bytes", text.len());
        let svg = roxmltree::Document::parse(text).unwrap();
        let elements = svg.descendants().filter(|n| n.is_element()).count();
        assert!(elements < 5_000, "{elements} elements");
        let labels: Vec<&str> = (svg.descendants())
            .filter(|n| matches!(n.attribute("class"), Some("tick" | "ytick")))
            .filter_map(|n| n.text())
            .collect();
        assert!(labels.len() >= 4, "{labels:?}");
        assert!(labels.iter().all(|l| l.chars().count() <= 10), "{labels:?}");
        assert!(labels.iter().any(|l| l.contains("10¹⁸")), "{labels:?}");
        assert_eq!(panel_names(&svg).len(), 5, "{args:?}");
    }
}

/// The names of the panels, in order (the bold start of each panel's label).
fn panel_names<'a>(svg: &'a roxmltree::Document<'a>) -> Vec<&'a str> {
    (svg.descendants())
        .filter(|n| n.attribute("class") == Some("panel"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect()
}

/// The whole text of each element of class `class` (its tspans included), its white space
/// collapsed as SVG shows it.
fn text_of(svg: &roxmltree::Document, class: &str) -> Vec<String> {
    (svg.descendants())
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| {
            let words: String = (n.descendants())
                .filter(|t| t.is_text())
                .map(|t| t.text().unwrap_or_default())
                .collect();
            words.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

/// The numbers in `words`, in order.
fn numbers_in(words: &str) -> Vec<u64> {
    words
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// Drops (positions n with g(n) < H(n)) in `from..=to`, counted from `table --breakpoints`:
/// each segment starting at p with value v below H holds min(H - v, its length) drops.
fn drops_in(input: &[u8], from: u64, to: u64) -> u64 {
    let table = run(&["table", "--breakpoints"], input);
    let segments: Vec<(u64, u64)> = (table.assert_ok().lines())
        .map(|line| {
            let (p, v) = line.split_once(' ').unwrap();
            (p.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    let (mut rising, mut drops) = (0u128, 0u128);
    for (k, &(p, v)) in segments.iter().enumerate() {
        let end = segments.get(k + 1).map_or(1u128 << 64, |&(q, _)| q as u128);
        let (p, v) = (p as u128, v as u128);
        let last_drop = p + rising.saturating_sub(v).min(end - p);
        // The drops p..last_drop, cut to the range.
        let (s, e) = (p.max(from as u128), last_drop.min(to as u128 + 1));
        drops += e.saturating_sub(s);
        rising = rising.max(v + (end - p));
    }
    drops as u64
}

/// On contest-size games of four shapes, the default picture is the five labelled panels under
/// a title that says the game's size, and every number it states holds against the other
/// subcommands: the drops (from `table --breakpoints`), special points that drop plus those that
/// stay, the nim-sum and each of its bits (from `--grundy`), and the winner.
#[test]
fn plot_of_a_contest_size_game_is_panels_that_tell_the_truth() {
    for shape in ["random", "onex", "zeros", "top"] {
        let game = run(
            &["gen", "--shape", shape, "--n", "3000", "--seed", "7"],
            b"",
        );
        let input = game.assert_ok().as_bytes().to_vec();
        let plot = run(&["plot"], &input);
        let svg = roxmltree::Document::parse(plot.assert_ok()).unwrap();
        assert_eq!(
            panel_names(&svg),
            [
                "g at the drops:",
                "Special points:",
                "How far g has fallen below n:",
                "Piles and their g(A):",
                "Nim-sum of all the piles' g(A):"
            ],
            "{shape}"
        );
        let title = &text_of(&svg, "title")[0];
        assert!(
            title.contains("3000 piles, 3000 forbidden moves"),
            "{shape}: {title}"
        );
        let axis = (text_of(&svg, "name").into_iter())
            .find(|t| t.starts_with("n: stones"))
            .unwrap();
        let range = numbers_in(&axis);
        let (from, to) = (range[0], range[1]);
        let said = &text_of(&svg, "subtitle")[0];
        let counts = numbers_in(said);
        let (specials, dropped, stayed) = (counts[0], counts[1], counts[2]);
        assert_eq!(specials, dropped + stayed, "{shape}: {said}");
        assert_eq!(dropped, drops_in(&input, from, to), "{shape}: {said}");
        if shape == "zeros" {
            // Y = X on consecutive X: the first special point drops to 0; after it 0 has two
            // holders, one of them allowed, so every later one stays on the line.
            assert_eq!((dropped, stayed), (1, 2999), "{said}");
        }
        let grundy = run(&["--grundy"], &input);
        let values: Vec<u64> = (grundy.assert_ok().lines())
            .map(|l| l.parse().unwrap())
            .collect();
        let sum = values.iter().fold(0, |s, v| s ^ v);
        let label = text_of(&svg, "panel").pop().unwrap();
        assert!(label.ends_with(&format!(": {sum}")), "{shape}: {label}");
        let bits: String = (svg.descendants())
            .filter(|n| matches!(n.attribute("class"), Some("bit" | "bit one")))
            .filter_map(|n| n.text())
            .map(str::trim)
            .filter(|t| *t == "0" || *t == "1")
            .collect();
        assert_eq!(u64::from_str_radix(&bits, 2), Ok(sum), "{shape}: {bits}");
        for (_, tip) in with_titles(&svg, "g") {
            let Some(rest) = tip.strip_prefix("bit ") else {
                continue;
            };
            let numbers = numbers_in(rest);
            let k = numbers[0];
            let holders = values.iter().filter(|&&v| v >> k & 1 == 1).count() as u64;
            assert_eq!(numbers[3], holders, "{shape}: {tip}");
        }
        let winner = run(&[], &input);
        let verdict = &text_of(&svg, "verdict")[0];
        let first = winner.assert_ok().lines().next().unwrap();
        assert!(
            verdict.contains(&format!("{first} wins")),
            "{shape}: {verdict}"
        );
    }
}

/// Zooming into a contest-size game: a small range around a special point still gets one mark
/// a position with the value `table` prints, and a large range holding a single special point
/// the graph of g, not the panels.
#[test]
fn plot_zoomed_into_a_contest_size_game_is_the_graph() {
    let game = run(
        &["gen", "--shape", "random", "--n", "3000", "--seed", "7"],
        b"",
    );
    let input = game.assert_ok().as_bytes().to_vec();
    let x: u64 = String::from_utf8_lossy(&input)
        .split_ascii_whitespace()
        .nth(2 + 3000)
        .unwrap()
        .parse()
        .unwrap();
    let (from, to) = ((x - 20).to_string(), (x + 20).to_string());
    let table = run(&["table", "--from", &from, "--to", &to], &input);
    let plot = run(&["plot", "--from", &from, "--to", &to], &input);
    let svg = roxmltree::Document::parse(plot.assert_ok()).unwrap();
    let marks = with_titles(&svg, "circle");
    assert_eq!(marks.len(), 41);
    for ((_, title), line) in marks.iter().zip(table.assert_ok().lines()) {
        let (n, value) = line.split_once(' ').unwrap();
        assert!(title.starts_with(&format!("g({n}) = {value}")), "{title}");
    }
    assert!(panel_names(&svg).is_empty());
    let (from, to) = ((x - 1000).to_string(), (x + 1000).to_string());
    let plot = run(&["plot", "--from", &from, "--to", &to], &input);
    let svg = roxmltree::Document::parse(plot.assert_ok()).unwrap();
    assert!(panel_names(&svg).is_empty());
    assert!(with_titles(&svg, "circle").is_empty());
    let line = svg
        .descendants()
        .any(|n| n.attribute("class") == Some("line"));
    assert!(line, "the rising line is drawn");
}

/// The file that runs Chromium, or `None`, with a note, where none is installed.
fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            std::process::Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    if found.is_none() {
        common::skipped("no chromium: the screenshot test");
    }
    found
}

/// `svg` as headless Chromium renders it at 1000×620, as (width, height, red, green, dark)
/// shares of the pixels (tests/pixels.py), or `None`, with a note, where python3 is missing.
fn screenshot(browser: &str, svg: &str, name: &str) -> Option<Vec<f64>> {
    let dir = format!(
        "{}/plot-{name}-{}",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    std::fs::create_dir_all(&dir).unwrap();
    let (picture, png) = (format!("{dir}/g.svg"), format!("{dir}/g.png"));
    std::fs::write(&picture, svg).unwrap();
    let shot = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            &format!("--user-data-dir={dir}/profile"),
            &format!("--screenshot={png}"),
            "--window-size=1000,620",
            &format!("file://{picture}"),
        ])
        .output()
        .unwrap();
    assert!(shot.status.success(), "{shot:?}");
    let Ok(counted) = std::process::Command::new("python3")
        .args(["tests/pixels.py", &png])
        .output()
    else {
        common::skipped("no python3: the screenshot's pixels cannot be counted");
        return None;
    };
    assert!(counted.status.success(), "{counted:?}");
    let shares = String::from_utf8(counted.stdout).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    Some(
        shares
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect(),
    )
}

/// The largest games of the issue (random, onex, zeros, top, 2·10^5 piles and moves), rendered
/// by Chromium where it is installed: no longer a red triangle (red under 15% of the pixels,
/// where the graph of g filled half the plot), and the panels do render: some red (the drops),
/// some green (the piles), dark text. Chromium takes seconds to start, so this is run by hand:
/// `cargo test --test see -- --ignored` (without chromium or python3 it says so and passes).
#[test]
#[ignore]
fn plot_of_the_largest_games_is_not_a_red_triangle_in_chromium() {
    let Some(browser) = chromium() else { return };
    for shape in ["random", "onex", "zeros", "top"] {
        let game = run(
            &["gen", "--shape", shape, "--n", "200000", "--seed", "1"],
            b"",
        );
        let plot = run(&["plot"], game.assert_ok().as_bytes());
        let Some(shares) = screenshot(browser, plot.assert_ok(), shape) else {
            return;
        };
        assert_eq!(shares[..2], [1000.0, 620.0], "{shape}");
        let (red, green, dark) = (shares[2], shares[3], shares[4]);
        println!("{shape}: red {red:.4}, green {green:.4}, dark {dark:.4}");
        assert!(red < 0.15 && red > 0.0001, "{shape}: red {red}");
        assert!(green > 0.0005 && dark > 0.005, "{shape}: {green} {dark}");
    }
}

/// Near 2^64 - 1 the marks still tell positions apart: f64 cannot, so coordinates are taken
/// from the range's start.
#[test]
fn plot_near_the_top_of_u64_marks_every_position() {
    let top = u64::MAX;
    let input = format!("1 1\n{top}\n{top} {top}\n");
    let from = (top - 50).to_string();
    let plot = run(
        &["plot", "--from", &from, "--to", &top.to_string()],
        input.as_bytes(),
    );
    let svg = roxmltree::Document::parse(plot.assert_ok()).unwrap();
    let marks = with_titles(&svg, "circle");
    assert_eq!(marks.len(), 51);
    let xs: Vec<f64> = marks.iter().map(|(m, _)| number(*m, "cx")).collect();
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
    // The drop to 0 at 2^64 - 1 itself.
    let (last, title) = marks.last().unwrap();
    assert_eq!(last.attribute("class"), Some("mark drop"));
    assert!(title.starts_with(&format!("g({top}) = 0")), "{title}");
}

/// An empty range and numbers past 2^64 - 1 are command-line mistakes: exit 2, one `error:`
/// line first, nothing on standard output.
#[test]
fn plot_and_why_refuse_bad_command_lines() {
    let too_big = "18446744073709551616";
    for args in [
        &["plot", "--from", "5", "--to", "4", SAMPLE_1][..],
        &["plot", "--to", too_big, SAMPLE_1],
        &["plot", "--from", "-1", SAMPLE_1],
        &["why", too_big, SAMPLE_1],
        &["why", "x", SAMPLE_1],
        &["why"],
    ] {
        let refused = run(args, b"");
        assert_eq!(refused.status, 2, "{args:?}: {refused:?}");
        assert_eq!(refused.stdout, "", "{args:?}");
        assert!(
            refused.stderr.starts_with("error: "),
            "{args:?}: {refused:?}"
        );
    }
    let empty = run(&["plot", "--from", "5", "--to", "4", SAMPLE_1], b"");
    assert!(
        empty.stderr.contains("--from 5 is past --to 4"),
        "{empty:?}"
    );
}

/// `why`'s first line is `table`'s value, through the binary; a game that is not one is refused
/// like everywhere else.
#[test]
fn why_first_line_is_the_table() {
    let table = run(&["table", "--to", "12", SAMPLE_1], b"");
    for line in table.assert_ok().lines() {
        let (n, value) = line.split_once(' ').unwrap();
        let why = run(&["why", n, SAMPLE_1], b"");
        let first = why.assert_ok().lines().next().unwrap().to_owned();
        assert_eq!(first, format!("g({n}) = {value}"));
    }
    run(&["why", "3"], b"1 1\n2\n").assert_error(&["input ended"]);
}

/// On a max-size game, `why` at a special point with all 2·10^5 forbidden moves and at
/// 2^64 - 1 answers at once and in a few lines.
#[test]
fn why_on_a_max_size_game_is_short_and_quick() {
    let game = run(&["gen", "--shape", "onex", "--seed", "1"], b"");
    let input = game.assert_ok().as_bytes().to_vec();
    let x = String::from_utf8_lossy(&input)
        .split_ascii_whitespace()
        .nth(2 + 200_000)
        .unwrap()
        .to_owned();
    for n in [x.as_str(), "18446744073709551615"] {
        let started = Instant::now();
        let why = run(&["why", n], &input);
        assert!(started.elapsed() < Duration::from_secs(30));
        let text = why.assert_ok();
        assert!(text.starts_with(&format!("g({n}) = ")), "{text}");
        assert!(text.lines().count() <= 16, "{text}");
    }
}
