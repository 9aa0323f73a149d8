//! A timeout's growth line tells a contestant what the times show: a solution quadratic in the
//! moves of one X (tests/solutions/maxtest.cpp) grows about quadratically in M even unshrunk
//! (N held at 1, not at the game's 30,000); a solution that stalls past a number of moves (as a
//! hash table's collisions do) jumps between two sizes; one that never ends says so. A memory
//! limit's growth line tells what the peaks show: a table of 8 KiB a move grows about linearly
//! in M; a table of a fixed size, over the limit on every game, has none.
//!
//! The games are saved where hack looks first (`--save`), so that no search runs. The full-size
//! run against g++'s `std::unordered_map` takes minutes: `cargo test --release --test hack
//! hack_growth -- --ignored`.

use super::common;

use common::Run;

/// tests/solutions/maxtest.cpp built once, or `None` (with a note) without `c++`.
fn maxtest() -> Option<&'static str> {
    static BUILT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| common::build_cpp("maxtest.cpp", "maxtest-growth"))
        .as_deref()
}

/// `hack ARGS -- COMMAND` with the game `made` (a `gen` command line's game) saved where hack looks
/// first, and no generated games.
fn hack_on(name: &str, made: &[&str], args: &[&str], command: &[&str]) -> Run {
    let dir = format!(
        "{}/growth-{name}-{}",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let game = common::run(made, b"");
    std::fs::write(format!("{dir}/max.in"), game.assert_ok()).unwrap();
    let mut all = vec!["hack", "--tests", "0", "--save", &dir];
    all.extend(args);
    all.push("--");
    all.extend(command);
    let run = common::run(&all, b"");
    println!("{all:?}:\n{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    run
}

/// The lines after the growth's heading.
fn growth(run: &Run) -> Vec<&str> {
    // One line alone ("growth: never ends: ..."), or a heading and lines indented under it.
    if let Some(line) = (run.stderr.lines()).find_map(|l| l.strip_prefix("growth: ")) {
        return vec![line];
    }
    let lines = run.stderr.split("run alone:\n").nth(1).unwrap_or("");
    lines
        .lines()
        .map_while(|l| l.strip_prefix("    "))
        .collect()
}

/// Ignored: beside other work (CI runs two tests at a time on two cores) its smallest size's
/// CPU time reads 0.04 s where it is 0.016 s quiet, and the fit reads M^1.4, at the edge of
/// this test's range, without its runs waiting enough for hack to call the machine busy. A
/// known weakness of a growth measured at a 0.4 s limit, named in the README.
#[test]
#[ignore = "timing: flaky beside other work (see its comment)"]
fn a_quadratic_solution_unshrunk_grows_about_quadratically_in_m() {
    let Some(solution) = maxtest() else { return };
    let made = ["gen", "--shape", "onex", "--n", "50000", "--seed", "1"];
    // Sizes from 6,250 to 50,000 under a limit of 0.4 s: a spread of times wide enough that
    // a loaded machine's noise does not flatten the fit.
    let args = ["--timeout", "0.4", "--shrink-time", "0"];
    let run = hack_on("quadratic", &made, &args, &[solution, "quadratic"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(run.stderr.starts_with("hack: timeout on the saved game "));
    let lines = growth(&run);
    // On a busy machine (two busy loops beside it) hack says its times are rough: the power
    // it gives then is not held to this test's margin, the dimension is.
    if lines
        .last()
        .is_some_and(|l| l.starts_with("(measured on a busy machine: "))
    {
        assert!(lines[0].starts_with("time grows about "), "{run:?}");
        assert!(lines[0].contains(" in M (M^"), "{run:?}");
        assert!(lines[0].contains("; over the limit at M = "), "{run:?}");
        return;
    }
    let exponent: f64 = lines
        .first()
        .and_then(|l| l.strip_prefix("time grows about quadratically in M (M^"))
        .and_then(|l| l.split(':').next())
        .and_then(|e| e.parse().ok())
        .unwrap_or_else(|| panic!("no quadratic growth in M first: {run:?}"));
    // Quadratic, N held at 1; a margin above, for the machine's load shakes the times. Under a
    // limit of 0.4 s the start-up's share flattens the fit to M^1.5 or so (1.8 to 2.1 at the
    // judge's 4 s: hack.rs's full_size_failures_with_default_options holds it to 1.7).
    assert!((1.4..=3.0).contains(&exponent), "{exponent}: {run:?}");
    // The smallest size over the limit is kept as a bound.
    assert!(lines[0].contains("; over the limit at M = "), "{run:?}");
}

#[test]
fn a_solution_that_never_ends_says_so() {
    let made = ["gen", "--seed", "1"];
    let args = ["--timeout", "0.2", "--shrink-time", "0"];
    let run = hack_on("endless", &made, &args, &["sleep", "60"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert_eq!(
        growth(&run),
        [
            "never ends: still running after 2 s even at N = 1, M = 1 (an endless loop or a wait \
             for input)"
        ],
        "{run:?}"
    );
}

/// g++'s `std::unordered_map` keyed by X on the anti-hash max test (gcc-growth): a jump in M
/// where the table's collisions begin, at the judge's size and limit.
#[test]
#[ignore]
fn an_unordered_map_on_the_anti_hash_game_jumps_in_m() {
    let Some(solution) = maxtest() else { return };
    let made = ["gen", "--shape", "gcc-growth", "--seed", "1"];
    let run = hack_on(
        "unordered",
        &made,
        &["--shrink-time", "0"],
        &[solution, "unordered"],
    );
    assert_eq!(run.status, 1, "{run:?}");
    let lines = growth(&run);
    assert!(
        lines
            .first()
            .is_some_and(|l| l.starts_with("time jumps between M = ")
                && l.ends_with(": a threshold or collisions in a hash table")),
        "{run:?}"
    );
}

/// maxtest's `per-move`, 8 KiB a forbidden move: 66 MiB on the whole game of 8,000 moves, over
/// --memory 32, and within it on half. Shrunk, its peak grows about as M (the runtime's 3 MiB
/// the base), the smallest size over the limit kept as a bound; --json has the same lines. Its
/// growth has half of --shrink-time 8: 4 s, where a suite beside it slows each run.
#[test]
fn a_peak_linear_in_m_grows_about_linearly_in_m() {
    let Some(solution) = maxtest() else { return };
    let made = [
        "gen",
        "--n",
        "1",
        "--m",
        "8000",
        "--max",
        "1000000000",
        "--seed",
        "1",
    ];
    let args = ["--memory", "32", "--shrink-time", "8", "--json"];
    let run = hack_on("per-move", &made, &args, &[solution, "per-move"]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on the saved game "),
        "{run:?}"
    );
    let lines = growth(&run);
    assert_eq!(lines.len(), 1, "{run:?}");
    let exponent: f64 = lines[0]
        .strip_prefix("memory grows about linearly in M (M^")
        .and_then(|l| l.split(':').next())
        .and_then(|e| e.parse().ok())
        .unwrap_or_else(|| panic!("no linear growth in M: {run:?}"));
    assert!((0.8..=1.2).contains(&exponent), "{exponent}: {run:?}");
    assert!(lines[0].contains(" MiB at M = "), "{run:?}");
    assert!(lines[0].contains("; over the limit at M = "), "{run:?}");
    // No busy machine bends a peak: no caveat follows.
    assert!(!run.stderr.contains("busy machine"), "{run:?}");
    let report = super::hack_json::document(&run);
    let failure = &report["failures"][0];
    assert_eq!(failure["kind"], "memory_limit_exceeded", "{failure}");
    assert_eq!(failure["verdict"], "MLE", "{failure}");
    assert_eq!(
        failure["growth"],
        serde_json::json!([
            "growth, the same game's first piles or forbidden moves run alone:",
            format!("    {}", lines[0])
        ]),
        "{failure}"
    );
}

/// A table of 100 MiB whatever the game, over --memory 64 on every game: its memory does not
/// come from the game, and no growth is measured.
#[test]
fn a_memory_limit_on_every_game_has_no_growth() {
    let made = ["gen", "--seed", "1"];
    let table = "table = b'x' * (100 << 20); print('Takahashi')";
    let args = ["--memory", "64", "--shrink-time", "2"];
    let run = hack_on(
        "fixed-table",
        &made,
        &args,
        &[common::python(), "-c", table],
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on sample 1 of the statement:\n"),
        "{run:?}"
    );
    assert!(
        run.stderr
            .contains("fails on every game, so nothing was shrunk"),
        "{run:?}"
    );
    assert!(!run.stderr.contains("\ngrowth"), "{run:?}");
}

#[test]
fn a_timeout_that_no_half_shows_keeps_its_size_and_says_why() {
    // Endless only on the whole game (N = M = 200): any first part of it passes.
    let made = ["gen", "--n", "200", "--m", "200", "--max", "1000"];
    let both = format!(
        "game=$(cat); set -- $game; if [ \"$1\" -ge 200 ] && [ \"$2\" -ge 200 ]; then sleep 60; \
         fi; echo \"$game\" | {}",
        env!("CARGO_BIN_EXE_constrained-nim")
    );
    let args = ["--timeout", "0.3", "--shrink-time", "3"];
    let run = hack_on("both", &made, &args, &["sh", "-c", &both]);
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr.contains(
            " from 200 piles and 200 forbidden moves to 200 piles and 200 forbidden moves (a \
             timeout: its first half of forbidden moves does not time out, nor does its first \
             half of piles, so its size stays; its growth below says more):"
        ),
        "{run:?}"
    );
}

/// The slow tests of this file: each takes seconds of CPU time or of waiting, so `cargo test`
/// leaves them out to stay quick; `cargo test -- --ignored slow::` runs them, and so does CI.
mod slow {
    use super::*;

    /// nim.py's `walk`, linear in the largest pile (Python: a start-up of 0.2 s beside busy
    /// loops), beside four busy loops: its growth in V is linear, or it says that its times
    /// cannot tell; never a power the program does not have. It read "time grows less than
    /// linearly in the largest value V ... (V^0.5: ...)" and V^0.3, in CPU times that other
    /// work slowed by a fifth from run to run.
    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_linear_python_solution_beside_busy_loops_claims_no_other_power() {
        let _load = common::Load::anywhere(4);
        let made = [
            "gen", "--n", "1", "--m", "1", "--max", "30000000", "--seed", "1",
        ];
        let args = ["--timeout", "1", "--shrink-time", "0"];
        let command = [common::python(), "tests/solutions/nim.py", "walk"];
        let run = hack_on("walk", &made, &args, &command);
        assert_eq!(run.status, 1, "{run:?}");
        let lines = growth(&run);
        let first = lines.first().copied().unwrap_or_default();
        assert!(
            first.starts_with("time grows about linearly in the largest value V")
                || first.starts_with(
                    "time grows with the largest value V, pile or X, how fast these times \
                     cannot tell"
                ),
            "{run:?}"
        );
    }

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_solution_that_stalls_past_a_size_jumps_there() {
        // Fast below 25,000 moves, endless from 25,000 on: the sizes halve from 40,000 (20,000
        // ends, 40,000 does not), then two runs between (30,000, 25,000) find the edge.
        let made = ["gen", "--n", "40000", "--m", "40000", "--max", "1000000"];
        // Below it, the answer is this solver's, so that the samples pass.
        let stall = format!(
            "game=$(cat); m=$(echo \"$game\" | head -1 | cut -d' ' -f2); \
         if [ \"$m\" -ge 25000 ]; then sleep 60; fi; echo \"$game\" | {}",
            env!("CARGO_BIN_EXE_constrained-nim")
        );
        // A limit of 0.5 s: over it is far enough above the noise (0.01 s) to be no power.
        let args = ["--timeout", "0.5", "--shrink-time", "0"];
        let run = hack_on("stall", &made, &args, &["sh", "-c", &stall]);
        assert_eq!(run.status, 1, "{run:?}");
        let lines = growth(&run);
        let first = lines.first().copied().unwrap_or_default();
        assert!(
            first.starts_with("time jumps between M = 20,000 (0.")
                && first.ends_with(
                    "s) and M = 25,000 (over the limit): a threshold or collisions in a hash table"
                ),
            "{run:?}"
        );
    }
}
