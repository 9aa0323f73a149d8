//! Support shared by the integration tests: running the built binary, the oracle, games.

#![allow(dead_code)] // each test crate uses a different part

pub mod games;
pub mod oracle;
#[path = "../../src/cli/rng.rs"]
pub mod rng;
#[path = "../../src/cli/shapes.rs"]
pub mod shapes;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub status: i32,
    pub stdout: String,
    /// Standard error without hack's progress lines (`hack [T s]: ...`, written every few
    /// seconds when it is not a terminal, as here), which come at times the load decides.
    pub stderr: String,
    /// Those progress lines.
    pub progress: Vec<String>,
}

/// A run past this is a hang: the test fails instead of waiting forever.
const DEADLINE: Duration = Duration::from_secs(60);

/// Runs the binary with `args`, `input` on standard input.
pub fn run(args: &[&str], input: &[u8]) -> Run {
    run_command(
        Command::new(env!("CARGO_BIN_EXE_constrained-nim")).args(args),
        input,
    )
}

/// Runs the binary with `args` and the environment variables `vars`, `input` on standard input.
pub fn run_with_env(args: &[&str], vars: &[(&str, &str)], input: &[u8]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_constrained-nim"));
    command.args(args).envs(vars.iter().copied());
    run_command(&mut command, input)
}

/// Runs the binary under a shell's `ulimit -v` of `kib` KiB of address space.
pub fn run_limited(kib: u64, input: &[u8]) -> Run {
    let script = format!("ulimit -v {kib} && exec \"$0\"");
    run_shell(&script, env!("CARGO_BIN_EXE_constrained-nim"), input)
}

/// Runs `bash -c script` with `$0` set to the binary and `$1`... to `args`, `input` on standard
/// input.
pub fn run_bash(script: &str, args: &[&str], input: &[u8]) -> Run {
    let binary = env!("CARGO_BIN_EXE_constrained-nim");
    let mut command = Command::new("bash");
    command.args(["-c", script, binary]).args(args);
    run_command(&mut command, input)
}

/// Runs `sh -c script` with `$0` set to `zero`, `input` on standard input.
pub fn run_shell(script: &str, zero: &str, input: &[u8]) -> Run {
    run_command(Command::new("sh").args(["-c", script, zero]), input)
}

pub fn run_command(command: &mut Command, input: &[u8]) -> Run {
    run_command_within(command, input, DEADLINE)
}

/// Runs the binary with `args`, `input` on standard input, failing the test past `deadline`
/// (the default options' runs, which take minutes on Python solutions).
pub fn run_within(args: &[&str], input: &[u8], deadline: Duration) -> Run {
    run_command_within(
        Command::new(env!("CARGO_BIN_EXE_constrained-nim")).args(args),
        input,
        deadline,
    )
}

/// [`run_command`], a hang past `deadline`.
pub fn run_command_within(command: &mut Command, input: &[u8], deadline: Duration) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The binary may stop reading early (it does not, but a broken pipe here is not our test).
    let writer = thread::spawn(move || drop(stdin.write_all(&input)));
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let err = thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let status = wait_within(&mut child, Instant::now(), deadline);
    writer.join().unwrap();
    Run::new(
        status
            .code()
            .unwrap_or_else(|| panic!("killed by a signal: {status}")),
        String::from_utf8(out.join().unwrap()).expect("stdout is UTF-8"),
        &String::from_utf8(err.join().unwrap()).expect("stderr is UTF-8"),
    )
}

/// Waits for `child`, started at `started`, to end: a hang past `deadline` kills it and fails
/// the test.
fn wait_within(
    child: &mut std::process::Child,
    started: Instant,
    deadline: Duration,
) -> std::process::ExitStatus {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > deadline {
            child.kill().unwrap();
            panic!("the binary did not finish within {deadline:?}");
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// [`run_within`], with the time after its start (in seconds) at which each line of standard
/// error came: when hack reported what, as a person watching it would see.
pub fn run_within_timed(args: &[&str], deadline: Duration) -> (Run, Vec<(f64, String)>) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_constrained-nim"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let started = Instant::now();
    let mut stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let out = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let err = thread::spawn(move || {
        (std::io::BufReader::new(stderr).lines())
            .map_while(Result::ok)
            .map(|line| (started.elapsed().as_secs_f64(), line))
            .collect::<Vec<_>>()
    });
    let status = wait_within(&mut child, started, deadline);
    let lines = err.join().unwrap();
    let stderr: String = lines.iter().map(|(_, line)| format!("{line}\n")).collect();
    let code = (status.code()).unwrap_or_else(|| panic!("killed by a signal: {status}"));
    let stdout = String::from_utf8(out.join().unwrap()).expect("stdout is UTF-8");
    (Run::new(code, stdout, &stderr), lines)
}

impl Run {
    /// A run's status and output, its progress lines told apart from the rest of `stderr`.
    pub fn new(status: i32, stdout: String, stderr: &str) -> Run {
        let (progress, rest): (Vec<&str>, Vec<&str>) = stderr
            .split_inclusive('\n')
            .partition(|line| line.starts_with("hack [") && line.contains(" s]: "));
        Run {
            status,
            stdout,
            stderr: rest.concat(),
            progress: progress.iter().map(|l| l.trim_end().to_owned()).collect(),
        }
    }

    /// Asserts a refusal: status 1, nothing on stdout, one `error: ` line holding every `words`.
    pub fn assert_error(&self, words: &[&str]) {
        assert_eq!(self.status, 1, "{self:?}");
        assert_eq!(self.stdout, "", "{self:?}");
        assert!(self.stderr.starts_with("error: "), "{self:?}");
        assert!(
            self.stderr.ends_with('\n') && self.stderr.lines().count() == 1,
            "{self:?}"
        );
        for word in words {
            assert!(self.stderr.contains(word), "missing {word:?}: {self:?}");
        }
    }

    /// Asserts an answer: status 0, nothing on stderr.
    pub fn assert_ok(&self) -> &str {
        assert_eq!(self.status, 0, "{self:?}");
        assert_eq!(self.stderr, "", "{self:?}");
        &self.stdout
    }
}

/// Asserts that `run`'s standard error is the pass line `passed` and the line after it that
/// says how the runs were measured and boxed (what the pass promises), and nothing else.
pub fn assert_passed(run: &Run, passed: &str) {
    let mut lines = run.stderr.lines();
    assert_eq!(lines.next(), Some(passed), "{run:?}");
    let measured = lines.next().unwrap_or_default();
    assert!(
        measured.starts_with("(measured by ")
            && measured.contains("; a private box: ")
            && measured.ends_with(')'),
        "{run:?}"
    );
    assert_eq!(lines.next(), None, "{run:?}");
}

/// The variable that makes hack measure by hand, from /proc.
pub const BY_HAND: (&str, &str) = ("CONSTRAINED_NIM_NO_CGROUP", "1");

/// The variable that makes hack run each solution without namespaces of its own (no private
/// /tmp, working directory, /dev/shm or IPC namespace), as where user namespaces are refused.
pub const NO_NAMESPACES: (&str, &str) = ("CONSTRAINED_NIM_NO_NAMESPACES", "1");

/// No box at all: no namespaces and no Landlock, as on a kernel without either. What a test of
/// something else needs when its solution keeps a count across runs in a file (a flaky one):
/// a box keeps each run from seeing what the one before it wrote.
pub const UNBOXED: [(&str, &str); 2] = [NO_NAMESPACES, ("CONSTRAINED_NIM_NO_LANDLOCK", "1")];

/// Both ways of measuring: the machine's (a control group where it has one) and /proc's.
pub const WAYS: [&[(&str, &str)]; 2] = [&[], &[BY_HAND]];

/// tests/solutions/workers.cpp built once, or `None` without `c++`.
pub fn workers() -> Option<&'static str> {
    static BUILT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| build_cpp("workers.cpp", "workers"))
        .as_deref()
}

/// Says that a test, or a part of one, cannot run on this machine, and why: a note here; on CI
/// (the variable `CI` set, as CI services set it) a failure, for CI's machine has root, a C++
/// compiler, taskset, python3 and the rest, and a test that asserts nothing there must not pass.
pub fn skipped(why: &str) {
    if std::env::var("CI").is_ok_and(|ci| !ci.is_empty() && ci != "false" && ci != "0") {
        panic!("{why}: this test cannot run here, and on CI (CI is set) every test must");
    }
    println!("note: {why}: skipped");
}

/// The command that runs the binary with `args` as an ordinary user (`nobody`), as on a
/// contestant's own laptop: `None` where this test is not root or has no `setpriv`.
pub fn as_nobody(args: &[&str]) -> Option<Command> {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 || !std::path::Path::new("/usr/bin/setpriv").exists() {
        skipped("not root, or no setpriv: the unprivileged runs");
        return None;
    }
    let mut command = Command::new("/usr/bin/setpriv");
    command
        .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"])
        .arg(env!("CARGO_BIN_EXE_constrained-nim"))
        .args(args);
    Some(command)
}

/// A Python every user may run (the interpreter [`python`] finds may sit in root's home).
pub const SYSTEM_PYTHON: &str = "/usr/bin/python3";

/// Busy loops on CPU 0, in this test's session: hack and its runs share one scheduling group
/// with them (autogroup), so they really delay a run pinned there. Killed when dropped.
pub struct Load(Vec<std::process::Child>);

impl Load {
    pub fn on_cpu_0(loops: usize) -> Option<Load> {
        let mut children = Vec::new();
        for _ in 0..loops {
            let child = Command::new("taskset")
                .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                .spawn()
                .ok()?;
            children.push(child);
        }
        Some(Load(children))
    }

    /// Busy loops on any CPU, as a contestant's laptop has them.
    pub fn anywhere(loops: usize) -> Load {
        let children = (0..loops)
            .filter_map(|_| {
                Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .spawn()
                    .ok()
            })
            .collect();
        Load(children)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// tests/solutions/workers.cpp's worker thread (0.2 s of CPU time) on CPU 0 beside three busy
/// loops passes a limit of 0.8 s, measured each of the `ways` (environments), though it really
/// takes longer than that in wall time; a note and no test without `taskset`.
pub fn assert_a_worker_on_a_busy_cpu_passes(workers: &str, ways: &[&[(&str, &str)]]) {
    let Some(_load) = Load::on_cpu_0(3) else {
        skipped("no taskset: the busy-CPU test");
        return;
    };
    const SAMPLE: &[u8] = b"3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n";
    // The load really delays the run past the limit: on CPU 0 with three busy loops, 0.2 s
    // of CPU time in the worker (and Python's start after it) take more than 0.8 s of wall
    // time. (The limit leaves room for what /proc cannot see: the last moments of a thread
    // that ended between two looks, a disk's waits on a loaded machine.)
    // Python by its own path, as the other tests of `workers` run it: a version manager's shim
    // starts some forty processes before Python, each gone before a look of /proc sees it, and
    // their waits behind the busy loops (each new process's turn, not in proportion to its CPU
    // time) are then not all seen; that is not what this test is about.
    let solution = [workers, "worker", "0.2", "tests/solutions/nim.py", python()];
    let started = Instant::now();
    let mut direct = Command::new("taskset")
        .args(["-c", "0"])
        .args(solution)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    direct.stdin.take().unwrap().write_all(SAMPLE).unwrap();
    direct.wait().unwrap();
    let took = started.elapsed();
    assert!(took > Duration::from_millis(800), "no delay: {took:?}");
    for vars in ways {
        let binary = env!("CARGO_BIN_EXE_constrained-nim");
        let output = Command::new("taskset")
            .args(["-c", "0", binary, "hack", "--tests", "0", "--jobs", "1"])
            .args(["--timeout", "0.8", "--"])
            .args(solution)
            .envs(vars.iter().copied())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{vars:?} ({took:?}): {stderr}"
        );
        assert!(stderr.contains("the 2 samples passed"), "{stderr}");
    }
}

/// The Python interpreter the solutions' tests run, by its own path: the system's where there is
/// one, else the one `python3` starts. Where `python3` is a version manager's shim (pyenv's runs
/// a bash script and several helpers before Python, each time), the shim took more of a hack
/// test's time than the solutions did. Tests that are about how a contestant writes the
/// command keep `python3`.
pub fn python() -> &'static str {
    static FOUND: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        // The system's interpreter first: one in a user's own tree (pyenv, conda) may import
        // its site packages at each start (certifi's .pth: 50 ms a run, where the solutions'
        // tests run Python thousands of times).
        if std::path::Path::new(SYSTEM_PYTHON).exists() {
            return SYSTEM_PYTHON.to_owned();
        }
        let asked = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .stderr(Stdio::null())
            .output();
        let path = asked.map_or_else(
            |_| String::new(),
            |out| String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        );
        if path.is_empty() {
            "python3".to_owned()
        } else {
            path
        }
    })
}

/// `tests/solutions/SOURCE` built with `c++ -O2 -std=c++17` as NAME in the test's scratch
/// folder, or `None`, with a note, where there is no working `c++` (the C++ tests are skipped).
pub fn build_cpp(source: &str, name: &str) -> Option<String> {
    let binary = format!(
        "{}/{name}-{}",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    let built = Command::new("c++")
        .args(["-O2", "-std=c++17", "-o", &binary])
        .arg(format!("tests/solutions/{source}"))
        .status();
    match built {
        Ok(status) if status.success() => Some(binary),
        _ => {
            skipped("no working c++: the C++ solutions' tests");
            None
        }
    }
}

/// Whether a process whose command line holds `marker` is running (a zombie has none).
pub fn running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        String::from_utf8_lossy(&cmdline)
            .replace('\0', " ")
            .contains(marker)
    })
}

/// The least address space (KiB, to 16 KiB) in which the binary loads and prints its version,
/// plus 64 KiB: the loader maps the binary and libc before any mode runs.
pub fn loader_floor() -> u64 {
    let loads = |kib: u64| {
        let script = format!("ulimit -v {kib} && exec \"$0\" --version");
        run_shell(&script, env!("CARGO_BIN_EXE_constrained-nim"), b"").status == 0
    };
    let (mut low, mut high) = (4_096, 65_536);
    assert!(loads(high), "the binary does not load in 64 MiB");
    while high - low > 16 {
        let middle = (low + high) / 2;
        if loads(middle) {
            high = middle;
        } else {
            low = middle;
        }
    }
    high + 64
}
