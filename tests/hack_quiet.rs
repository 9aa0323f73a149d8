//! `hack`'s tests that time runs to the millisecond or load a CPU on purpose, in a binary of
//! their own and one at a time: cargo runs test binaries one after another, so nothing else of
//! the suite runs beside them. In `tests/hack.rs`'s pool (three tests at a time) a 10 ms limit
//! met the machine's load, and /proc's measure (`CONSTRAINED_NIM_NO_CGROUP`) missed waits the
//! other tests caused, where it sees all the waits the busy loops cause.

mod common;

use common::{BY_HAND, WAYS, workers};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};

/// Held by each test: one at a time.
fn alone() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The case at the judge's limits: 3 s of CPU time in a worker thread, on a CPU shared
/// with two busy loops in hack's session (about 9 s of wall time), --timeout 4.
#[test]
#[ignore = "heavy: two runs of about 9 s each"]
fn a_worker_thread_on_a_busy_cpu_passes_at_the_judges_limits() {
    let _alone = alone();
    let (Some(workers), Some(_load)) = (workers(), common::Load::on_cpu_0(2)) else {
        return;
    };
    for vars in WAYS {
        let binary = env!("CARGO_BIN_EXE_constrained-nim");
        let output = Command::new("taskset")
            .args(["-c", "0", binary, "hack", "--tests", "0", "--jobs", "1"])
            .args(["--", workers, "worker", "3", "tests/solutions/nim.py"])
            .arg(common::python())
            .envs(vars.iter().copied())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{vars:?}: {stderr}");
        assert!(stderr.contains("the 2 samples passed"), "{stderr}");
    }
}

#[test]
fn a_fast_solution_passes_under_a_limit_of_10_ms() {
    let _alone = alone();
    // A run's time starts at its exec: the move into its control group before it took 1 to 25
    // ms here, and counted, it made a sample a flaky timeout (0.00 s of CPU time) in one hack
    // of six or so like this one.
    let Some(solution) = common::build_cpp("maxtest.cpp", "maxtest-quiet") else {
        return;
    };
    let args = [
        "hack",
        "--tests",
        "300",
        "--max-n",
        "50",
        "--timeout",
        "0.01",
    ];
    let run = common::run(&[&args[..], &["--", &solution, "sentinel"]].concat(), b"");
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.contains("all 300 generated games passed"),
        "{run:?}"
    );
}

/// Two hacks at once beside two busy loops, each way: a right solution whose answer comes
/// from an orphaned grandchild (double fork) and a plain right one, each hack with its default
/// jobs. One hack's end of a run killed the other's orphans (by a process group or pid it
/// remembered, which pid reuse gives to strangers), and a right solution was a flaky crash.
#[test]
#[ignore = "heavy: two hacks of 60 games each way, beside two busy loops (about 10 s on a quiet machine)"]
fn two_hacks_beside_two_busy_loops_pass_right_solutions() {
    let _alone = alone();
    let Some(workers) = workers() else { return };
    let _load = common::Load::anywhere(2);
    for vars in WAYS {
        let args = ["hack", "--tests", "60", "--max-n", "50", "--"];
        let helper = [
            workers,
            "helper",
            "0.02",
            "tests/solutions/nim.py",
            common::python(),
        ];
        let plain = [common::python(), "tests/solutions/nim.py", "none"];
        let runs = std::thread::scope(|scope| {
            let one =
                scope.spawn(|| common::run_with_env(&[&args[..], &helper].concat(), vars, b""));
            let two =
                scope.spawn(|| common::run_with_env(&[&args[..], &plain].concat(), vars, b""));
            [one.join().unwrap(), two.join().unwrap()]
        });
        for run in runs {
            assert_eq!(run.status, 0, "{vars:?}: {run:?}");
            assert!(
                run.stderr.contains("all 60 generated games passed"),
                "{vars:?}: {run:?}"
            );
        }
    }
}

/// The slow tests of this file: each takes seconds of CPU time or of waiting, so `cargo test`
/// leaves them out to stay quick; `cargo test -- --ignored slow::` runs them, and so does CI.
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow: `cargo test -- --ignored slow::` and CI run it"]
    fn a_worker_thread_on_a_busy_cpu_passes_measured_from_proc() {
        let _alone = alone();
        let Some(workers) = workers() else { return };
        // A control group sees every wait, whatever else runs: that way is tests/hack's.
        common::assert_a_worker_on_a_busy_cpu_passes(workers, &[&[BY_HAND]]);
    }
}
