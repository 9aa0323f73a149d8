//! `hack`'s sandbox, through the binary, with right and wrong solutions that use threads and
//! child processes (tests/solutions/workers.cpp): a worker thread on a busy CPU (measured by
//! /proc in `tests/hack_quiet.rs`), threads side by side and four threads with the judge's
//! stack pass; a child never waited for that holds more than --memory, and a solution over the
//! limit on every game, are memory limit exceeded;
//! nothing a run starts, however it detaches, outlives its run or hack (SIGKILL to hack or to
//! its whole process group, SIGINT); and the judge's environment (no PYTHONUNBUFFERED). Each
//! run starts from nothing: what the run before it wrote to /dev/shm is gone, and its charge
//! with it; filling /dev/shm past the limit is memory limit exceeded.
//!
//! Each runs the way this machine allows (a control group here, as root) and, where it says
//! so, also by hand from /proc (`CONSTRAINED_NIM_NO_CGROUP`), the way a machine without
//! control groups measures. As root, some also run hack as `nobody` with a control group
//! delegated to it as systemd delegates one, and without.

use super::common;

use common::{BY_HAND, Run, WAYS, run_with_env, workers};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `hack ARGS -- workers MODE ARG` with the environment `vars`.
fn hack_workers(args: &[&str], mode: &str, arg: &str, vars: &[(&str, &str)]) -> Option<Run> {
    let workers = workers()?;
    let mut all = vec!["hack"];
    all.extend_from_slice(args);
    let nim = "tests/solutions/nim.py";
    all.extend_from_slice(&["--", workers, mode, arg, nim, common::python()]);
    Some(run_with_env(&all, vars, b""))
}

#[test]
fn a_worker_thread_on_a_busy_cpu_passes() {
    let Some(workers) = workers() else { return };
    // Measured by a control group where there is one; by /proc, in `tests/hack_quiet.rs`.
    common::assert_a_worker_on_a_busy_cpu_passes(workers, &[&[]]);
}

/// The case at the judge's limits: two threads side by side for 2.6 s of wall time
/// (5.2 s of CPU time), --timeout 4.
#[test]
#[ignore = "heavy: two runs of 2.6 s or more, 10 s of CPU time"]
fn threads_side_by_side_pass_at_the_judges_limits() {
    let Some(run) = hack_workers(&["--tests", "0", "--jobs", "1"], "pair", "2.6", &[]) else {
        return;
    };
    assert_eq!(run.status, 0, "{run:?}");
    assert!(run.stderr.contains("the 2 samples passed"), "{run:?}");
}

#[test]
fn threads_side_by_side_are_timed_in_wall_time_not_cpu_time() {
    // 1.6 s of CPU time in 0.8 s of wall time: past 1.25 times the limit in CPU time, within
    // the limit in wall time (with room for a loaded machine, where the two threads wait for
    // a CPU in turns).
    let Some(run) = hack_workers(
        &["--tests", "0", "--jobs", "1", "--timeout", "1.2"],
        "pair",
        "0.8",
        &[],
    ) else {
        return;
    };
    assert_eq!(run.status, 0, "{run:?}");
    assert!(run.stderr.contains("the 2 samples passed"), "{run:?}");
}

#[test]
fn four_threads_with_the_judges_stack_pass() {
    // glibc gives each thread a stack of --stack bytes (1 GiB), reserved and untouched: no
    // memory the judge counts.
    for vars in WAYS {
        let Some(run) = hack_workers(&["--tests", "0", "--jobs", "1"], "four", "0.05", vars) else {
            return;
        };
        assert_eq!(run.status, 0, "{vars:?}: {run:?}");
        assert!(run.stderr.contains("the 2 samples passed"), "{run:?}");
    }
}

/// The resident peak a report gives, in MiB.
fn peak_shown(run: &Run) -> f64 {
    let rest = run
        .stderr
        .split("its memory peak was ")
        .nth(1)
        .unwrap_or_else(|| panic!("no peak: {run:?}"));
    rest.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_child_never_waited_for_that_holds_more_than_the_limit_is_memory_limit_exceeded() {
    for vars in WAYS {
        let Some(run) = hack_workers(
            &["--tests", "0", "--jobs", "1", "--memory", "100"],
            "child",
            "150",
            vars,
        ) else {
            return;
        };
        assert_eq!(run.status, 1, "{vars:?}: {run:?}");
        assert!(
            run.stderr
                .starts_with("hack: memory limit exceeded on sample 1"),
            "{vars:?}: {run:?}"
        );
        assert!(peak_shown(&run) >= 150.0, "{vars:?}: {run:?}");
        // The report says how it was measured: by hand when asked to, or without root.
        // SAFETY: geteuid cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let way = if vars.is_empty() && root {
            "(measured by a control group"
        } else {
            "(measured by /proc"
        };
        assert!(run.stderr.contains(way), "{vars:?}: {run:?}");
    }
}

#[test]
fn the_reports_line_says_what_its_way_does_not_count() {
    // The line naming the way says what it cannot promise: /proc counts resident memory only,
    // and without a namespace the runs share the machine's /dev/shm.
    for (vars, words) in [
        (
            &[BY_HAND][..],
            "resident memory only, not page cache or /dev/shm)",
        ),
        (&[SHARED_SHM][..], "; /dev/shm not private)"),
    ] {
        let Some(run) = hack_workers(
            &["--tests", "0", "--jobs", "1", "--memory", "100"],
            "touch",
            "150",
            vars,
        ) else {
            return;
        };
        assert_eq!(run.status, 1, "{vars:?}: {run:?}");
        let line = run.stderr.lines().find(|l| l.starts_with("(measured by "));
        assert!(
            line.is_some_and(|l| l.ends_with(words)),
            "{vars:?}: {run:?}"
        );
    }
}

/// The variable that makes hack leave /dev/shm shared by every run.
const SHARED_SHM: (&str, &str) = ("CONSTRAINED_NIM_SHARED_SHM", "1");

/// Whether hack can give each run its own /dev/shm here: as root, or in a user namespace.
fn private_shm_here() -> bool {
    // SAFETY: geteuid cannot fail.
    let root = unsafe { libc::geteuid() } == 0;
    root || Command::new("unshare")
        .args(["--user", "--map-current-user", "--mount", "true"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Held by each test of what runs leave in /dev/shm, which tells its files by their names only.
fn dev_shm() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The files tests/solutions/workers.cpp's `shm` mode left in /dev/shm.
fn left_in_dev_shm() -> Vec<String> {
    std::fs::read_dir("/dev/shm")
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|name| name.starts_with("constrained-nim-workers-"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_solution_that_leaves_100_mib_in_dev_shm_each_run_passes_and_leaves_nothing() {
    // 10 runs of 100 MiB each: a run's files, and their charge, go with it, as with a judge's
    // box. Kept, they were charged to the next runs: the third passed 256 MiB, and by game 1
    // hack measured a peak of 1211 MiB.
    if !private_shm_here() {
        println!("note: no root and no user namespaces: the private /dev/shm test is skipped");
        return;
    }
    let _one = dev_shm();
    for vars in WAYS {
        let before = left_in_dev_shm();
        let Some(run) = hack_workers(
            &["--tests", "8", "--jobs", "2", "--memory", "256"],
            "shm",
            "100",
            vars,
        ) else {
            return;
        };
        assert_eq!(run.status, 0, "{vars:?}: {run:?}");
        assert!(
            run.stderr.contains("all 8 generated games passed"),
            "{run:?}"
        );
        let left: Vec<String> = left_in_dev_shm()
            .into_iter()
            .filter(|name| !before.contains(name))
            .collect();
        assert!(left.is_empty(), "{vars:?}: left in /dev/shm: {left:?}");
    }
}

#[test]
fn with_dev_shm_shared_what_a_run_left_there_is_not_charged_to_the_next() {
    // The files stay, each charged to the group of the run that wrote it, which no later run
    // gets: a group is reused only when its run left nearly nothing charged to it.
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        println!("note: not root, no control group: the shared /dev/shm test is skipped");
        return;
    }
    let _one = dev_shm();
    let before = left_in_dev_shm();
    let run = hack_workers(
        &["--tests", "8", "--jobs", "2", "--memory", "256"],
        "shm",
        "100",
        &[SHARED_SHM],
    );
    let left: Vec<String> = left_in_dev_shm()
        .into_iter()
        .filter(|name| !before.contains(name))
        .collect();
    for name in &left {
        let _ = std::fs::remove_file(std::path::Path::new("/dev/shm").join(name));
    }
    let Some(run) = run else { return };
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr.contains("all 8 generated games passed"),
        "{run:?}"
    );
    assert!(
        !left.is_empty(),
        "nothing left in a shared /dev/shm: {run:?}"
    );
}

#[test]
fn filling_dev_shm_past_the_limit_is_memory_limit_exceeded() {
    // The judge's group counts the pages of /dev/shm's files, which no process holds.
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        println!("note: not root, no control group: the /dev/shm memory test is skipped");
        return;
    }
    let Some(run) = hack_workers(
        &["--tests", "0", "--jobs", "1", "--memory", "256"],
        "shm",
        "300",
        &[],
    ) else {
        return;
    };
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on sample 1"),
        "{run:?}"
    );
    assert!(peak_shown(&run) >= 300.0, "{run:?}");
    assert!(
        run.stderr.contains("(measured by a control group"),
        "{run:?}"
    );
}

#[test]
fn over_the_limit_on_every_game_is_memory_limit_exceeded_not_a_usage_error() {
    let Some(run) = hack_workers(
        &["--tests", "0", "--jobs", "1", "--memory", "200"],
        "touch",
        "300",
        &[],
    ) else {
        return;
    };
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on sample 1"),
        "{run:?}"
    );
    assert!(run.stderr.contains("fails on every game"), "{run:?}");
    assert!(peak_shown(&run) >= 300.0, "{run:?}");
}

/// A solution that leaves processes every way one detaches, each a `sleep` of its own
/// length (`TAG.1` to `TAG.5`), then sleeps itself (`TAG.0`): a child in its group, a
/// `setsid` one, a `setsid env -i` one (no environment: no mark of hack's), a double fork, and
/// a double fork out of the session without an environment.
fn detaching(tag: &str) -> String {
    format!(
        "sleep {tag}.1 & setsid sleep {tag}.2 & setsid env -i sleep {tag}.3 & \
         (sleep {tag}.4 &) ; (setsid env -i sh -c 'sleep {tag}.5 &' &) ; sleep {tag}.0"
    )
}

/// The `sleep TAG.K` processes running now.
fn sleeping(tag: &str) -> Vec<usize> {
    (0..6)
        .filter(|k| {
            let marker = format!("sleep\0{tag}.{k}\0");
            std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
                let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
                cmdline == marker.as_bytes()
            })
        })
        .collect()
}

/// Starts hack in a process group of its own on [`detaching`], waits until every process of
/// the run is there (and a second more, for hack to have looked at them), ends hack with
/// `end`, and asserts that nothing of the run is left within 10 s.
fn nothing_left_after(end: &str, vars: &[(&str, &str)], tag: &str) {
    use std::os::unix::process::CommandExt;
    let mut hack = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
        .args([
            "hack",
            "--tests",
            "1",
            "--jobs",
            "1",
            "--timeout",
            "60",
            "--",
        ])
        .args(["sh", "-c", &detaching(tag)])
        .envs(vars.iter().copied())
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while sleeping(tag).len() < 6 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "never started: {:?}",
            sleeping(tag)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_secs(1));
    let pid = hack.id() as i32;
    // SAFETY: kill(2) on the hack this test started, or its own process group.
    unsafe {
        match end {
            "SIGKILL" => libc::kill(pid, libc::SIGKILL),
            "SIGKILL to its group" => libc::kill(-pid, libc::SIGKILL),
            _ => libc::kill(pid, libc::SIGINT),
        };
    }
    hack.wait().unwrap();
    let ended = Instant::now();
    while !sleeping(tag).is_empty() {
        assert!(
            ended.elapsed() < Duration::from_secs(10),
            "after {end} ({vars:?}) these outlived hack: {:?}",
            sleeping(tag)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A tag no other test's processes have: 7000 + this test's pid, and `k`.
fn tag(k: u32) -> String {
    format!("{}{k}", 7000 + std::process::id() % 1000)
}

#[test]
fn sigkill_to_hack_leaves_nothing_of_its_runs() {
    nothing_left_after("SIGKILL", &[], &tag(1));
    nothing_left_after("SIGKILL", &[BY_HAND], &tag(2));
}

#[test]
fn sigkill_to_hacks_whole_process_group_leaves_nothing_of_its_runs() {
    nothing_left_after("SIGKILL to its group", &[], &tag(3));
    nothing_left_after("SIGKILL to its group", &[BY_HAND], &tag(4));
}

#[test]
fn sigint_leaves_nothing_of_its_runs() {
    nothing_left_after("SIGINT", &[], &tag(5));
    nothing_left_after("SIGINT", &[BY_HAND], &tag(6));
}

#[test]
fn daemons_left_by_each_run_do_not_pile_up() {
    for (k, vars) in WAYS.iter().enumerate() {
        // Each run leaves a spinning daemon out of its session and environment.
        let spin = format!("while :; do :; done; : {}", tag(10 + k as u32));
        let script = format!(
            "(setsid env -i sh -c '{spin}' </dev/null >/dev/null 2>&1 &) ; \
             exec python3 tests/solutions/nim.py none"
        );
        let mut hack = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
            .args(["hack", "--tests", "3", "--jobs", "1", "--", "sh", "-c"])
            .arg(&script)
            .envs(vars.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let spinning = || {
            std::fs::read_dir("/proc")
                .unwrap()
                .flatten()
                .filter(|entry| {
                    let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
                    cmdline.starts_with(b"sh\0-c\0")
                        && String::from_utf8_lossy(&cmdline).ends_with(&format!("{spin}\0"))
                })
                .count()
        };
        let mut most = 0;
        while hack.try_wait().unwrap().is_none() {
            most = most.max(spinning());
            std::thread::sleep(Duration::from_millis(20));
        }
        let status = hack.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{vars:?}");
        // One per running job, and a moment while its run is being ended.
        assert!(most <= 1, "{vars:?}: {most} spinning at once");
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(spinning(), 0, "{vars:?}: left after hack");
    }
}

#[test]
fn a_bot_that_never_flushes_is_idle_even_with_pythonunbuffered_set() {
    let args = [
        "hack",
        "--interactive",
        "--tests",
        "0",
        "--shrink-time",
        "0",
        "--",
        "python3",
        "tests/solutions/bot.py",
        "print-only",
    ];
    let run = run_with_env(&args, &[("PYTHONUNBUFFERED", "1")], b"");
    assert_eq!(run.status, 1, "{run:?}");
    assert!(run.stderr.contains("idleness"), "{run:?}");
    assert!(
        run.stderr.contains("did you flush standard output?"),
        "{run:?}"
    );
}
