//! The box each run of `hack` lives in, through the binary, with the solutions a vandal and a
//! careful contestant write (shell scripts around the tool itself, which answers right): a run
//! that tries to write to the user's tests, to `--save`, to the control groups or to
//! /proc/sys changes nothing, leaves nothing in the working directory or /tmp, and no SysV
//! memory; a right solution that writes scratch files in its working directory, /tmp, TMPDIR
//! and /dev/shm, or maps its input, passes; nothing in its environment, its input or its
//! capabilities tells it that hack watches it. Each case runs the ways this machine has: as
//! root (a control group), by hand from /proc, as `nobody` (a user namespace), and without
//! namespaces (Landlock alone, a scratch TMPDIR, SysV objects removed after each run).

use super::common;

use common::{BY_HAND, NO_NAMESPACES, Run, as_nobody, assert_passed, run_command, run_with_env};
use std::path::{Path, PathBuf};

/// The environment that chooses a way (`None`: as `nobody`).
type Way = Option<&'static [(&'static str, &'static str)]>;

/// The ways a box is built here, by name, each with the environment that chooses it.
const WAYS: [(&str, Way); 4] = [
    ("as root", Some(&[])),
    ("by hand", Some(&[BY_HAND])),
    ("without namespaces", Some(&[NO_NAMESPACES])),
    ("as nobody", None),
];

/// A folder of this test's own that every user may read (the tests run as root, the box's
/// runs also as `nobody`), holding `script` as `name`, executable.
fn scripts(test: &str, files: &[(&str, &str)]) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir =
        std::env::temp_dir().join(format!("constrained-nim-box-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// `hack ARGS` the way `way` says; `None` where that way cannot be had here (not root).
fn hack(way: Option<&[(&str, &str)]>, args: &[&str]) -> Option<Run> {
    let mut all = vec!["hack"];
    all.extend_from_slice(args);
    match way {
        Some(vars) => Some(run_with_env(&all, vars, b"")),
        None => Some(run_command(&mut as_nobody(&all)?, b"")),
    }
}

/// Every file under `dir` with its bytes.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    let mut left = vec![dir.to_path_buf()];
    while let Some(path) = left.pop() {
        if path.is_dir() {
            left.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            all.push((path.clone(), std::fs::read(&path).unwrap_or_default()));
        }
    }
    all.sort();
    all
}

/// The tool itself, which answers right.
fn tool() -> &'static str {
    env!("CARGO_BIN_EXE_constrained-nim")
}

/// A vandal that answers right: with the folder of saved games as its argument, it overwrites
/// their answers, removes a game, makes a file there and in the working directory and /tmp,
/// tries to leave its control group and to write /proc/sys, each try's failure ignored. Kept
/// and replayed by `--save`, each of its games must pass, and nothing may change.
#[test]
fn a_vandal_changes_nothing_of_the_users() {
    let vandal = format!(
        "#!/bin/sh\n\
         saved=$1\n\
         for f in \"$saved\"/*.out; do echo Aoki > \"$f\"; done 2>/dev/null\n\
         rm -f \"$saved\"/mine.in 2>/dev/null\n\
         mv \"$saved\"/mine.out \"$saved\"/moved.out 2>/dev/null\n\
         echo x > \"$saved\"/made.in 2>/dev/null\n\
         echo x > vandal-was-here 2>/dev/null\n\
         echo x > /tmp/constrained-nim-vandal-was-here 2>/dev/null\n\
         for procs in /sys/fs/cgroup/cgroup.procs /sys/fs/cgroup/*/cgroup.procs; do echo $$ > \"$procs\"; done 2>/dev/null\n\
         echo 3 > /proc/sys/vm/drop_caches 2>/dev/null\n\
         exec {}\n",
        tool()
    );
    let dir = scripts("vandal", &[("vandal.sh", &vandal)]);
    let saved = dir.join("saved");
    std::fs::create_dir(&saved).unwrap();
    std::fs::write(saved.join("mine.in"), "3 4\n1 2 4\n2 1\n3 3\n3 1\n1 1\n").unwrap();
    std::fs::write(saved.join("mine.out"), "Takahashi\n").unwrap();
    // Every user may write here: only the box keeps nobody's runs out.
    std::process::Command::new("chmod")
        .args(["-R", "a+rwX"])
        .arg(&saved)
        .status()
        .unwrap();
    let before = contents(&saved);
    let script = dir.join("vandal.sh");
    for (name, way) in WAYS {
        let args = [
            "--tests",
            "3",
            "--save",
            saved.to_str().unwrap(),
            "--",
            script.to_str().unwrap(),
            saved.to_str().unwrap(),
        ];
        let Some(run) = hack(way, &args) else {
            continue;
        };
        assert_eq!(run.status, 0, "{name}: {run:?}");
        assert!(
            run.stderr.contains("all 3 generated games passed"),
            "{name}: {run:?}"
        );
        assert_eq!(
            contents(&saved),
            before,
            "{name}: the saved games changed: {run:?}"
        );
        assert!(!Path::new("vandal-was-here").exists(), "{name}: {run:?}");
        assert!(
            !Path::new("/tmp/constrained-nim-vandal-was-here").exists(),
            "{name}: {run:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without Landlock or namespaces (an old kernel), nothing keeps the vandal out of `--save`: the
/// saved games are watched, and its change ends the testing with the file named, never a pass.
#[test]
fn without_landlock_a_change_to_the_users_files_is_named_not_passed() {
    let vandal = "#!/bin/sh
echo Aoki > \"$1\"/mine.out\necho Takahashi\n";
    let dir = scripts("unboxed", &[("vandal.sh", vandal)]);
    let saved = dir.join("saved");
    std::fs::create_dir(&saved).unwrap();
    std::fs::write(saved.join("mine.in"), "1 1\n1\n2 1\n").unwrap();
    std::fs::write(saved.join("mine.out"), "Takahashi\n").unwrap();
    let (saved_arg, script) = (saved.to_str().unwrap(), dir.join("vandal.sh"));
    let args = [
        "--tests",
        "0",
        "--save",
        saved_arg,
        "--",
        script.to_str().unwrap(),
        saved_arg,
    ];
    let run = hack(Some(&common::UNBOXED), &args).unwrap();
    assert_eq!(run.status, 2, "{run:?}");
    let named = format!("the solution changed {}/mine.out during a run", saved_arg);
    assert!(run.stderr.contains(&named), "{run:?}");
    assert!(run.stderr.contains("no verdict can be trusted"), "{run:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A right solution that leaves a SysV shared memory segment of 16 MiB on every run (as one
/// that forgets IPC_RMID does): after hack, no segment it made is left, whichever way.
#[test]
fn sysv_memory_a_run_leaves_dies_with_it() {
    let leak = format!(
        "#!/usr/bin/python3\n\
         import ctypes, os\n\
         libc = ctypes.CDLL(None, use_errno=True)\n\
         # IPC_PRIVATE, 16 MiB, IPC_CREAT | 0600: made, never removed.\n\
         assert libc.shmget(0, 16 << 20, 0o1000 | 0o600) >= 0, ctypes.get_errno()\n\
         os.execv({tool:?}, [{tool:?}])\n",
        tool = tool()
    );
    let dir = scripts("sysv", &[("leak.py", &leak)]);
    let script = dir.join("leak.py");
    // Each segment's id, but those this test binary makes itself (another test's, at once).
    let segments = || {
        let text = std::fs::read_to_string("/proc/sysvipc/shm").unwrap();
        let own = std::process::id().to_string();
        let ids: std::collections::BTreeSet<String> = (text.lines().skip(1))
            .map(|line| line.split_whitespace().collect::<Vec<_>>())
            .filter(|columns| columns.get(4) != Some(&own.as_str()))
            .filter_map(|columns| columns.get(1).map(|id| id.to_string()))
            .collect();
        ids
    };
    for (name, way) in WAYS {
        let before = segments();
        let Some(run) = hack(way, &["--tests", "3", "--", script.to_str().unwrap()]) else {
            continue;
        };
        assert_eq!(run.status, 0, "{name}: {run:?}");
        let left: Vec<String> = segments().difference(&before).cloned().collect();
        assert!(left.is_empty(), "{name}: segments left {left:?}: {run:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A right solution that writes and reads back scratch files where a judge lets it (its
/// working directory, TMPDIR, /tmp, /dev/shm), maps its input and checks it is a plain file
/// of the size `fstat` says: it passes, and leaves nothing. Without namespaces the working
/// directory and /tmp are read-only to it: TMPDIR is its place.
#[test]
fn a_right_solution_that_writes_scratch_files_passes_and_leaves_nothing() {
    let careful = format!(
        "#!/usr/bin/python3\n\
         import mmap, os, sys, subprocess, tempfile\n\
         boxed = sys.argv[1] == 'boxed'\n\
         places = ['.', '/tmp', '/dev/shm', tempfile.gettempdir()] if boxed else [tempfile.gettempdir()]\n\
         for place in places:\n\
         \x20   path = os.path.join(place, 'constrained-nim-scratch')\n\
         \x20   with open(path, 'w') as f: f.write('kept')\n\
         \x20   assert open(path).read() == 'kept', place\n\
         size = os.fstat(0).st_size\n\
         assert os.path.isfile('/proc/self/fd/0') and size > 0\n\
         game = mmap.mmap(0, size, prot=mmap.PROT_READ)[:]\n\
         sys.stdout.write(subprocess.run([{:?}], input=game, capture_output=True).stdout.decode())\n",
        tool()
    );
    let dir = scripts("scratch", &[("careful.py", &careful)]);
    let script = dir.join("careful.py");
    for (name, way) in WAYS {
        let boxed = if name == "without namespaces" {
            "plain"
        } else {
            "boxed"
        };
        let Some(run) = hack(
            way,
            &["--tests", "3", "--", script.to_str().unwrap(), boxed],
        ) else {
            continue;
        };
        assert_eq!(run.status, 0, "{name}: {run:?}");
        for left in [
            "constrained-nim-scratch",
            "/tmp/constrained-nim-scratch",
            "/dev/shm/constrained-nim-scratch",
        ] {
            assert!(!Path::new(left).exists(), "{name}: {left} left: {run:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A solution that looks for hack (a variable of its, its input an anonymous file in memory,
/// a capability left, privileges to gain) and answers wrong when it finds it: it finds nothing
/// and passes. The report names the box.
#[test]
fn nothing_tells_a_run_that_hack_watches_it() {
    let sly = format!(
        "#!/bin/sh\n\
         tell() {{ echo \"$1\" >&2; echo Aoki; exit 0; }}\n\
         env | grep -qi constrained && tell 'a variable of hack'\n\
         case $(readlink /proc/self/fd/0) in /memfd:*|pipe:*) tell 'the input is no file';; esac\n\
         grep -q '^CapEff:[[:space:]]*0000000000000000' /proc/self/status || tell 'a capability'\n\
         grep -q '^CapBnd:[[:space:]]*0000000000000000' /proc/self/status || [ \"$(id -u)\" != 0 ] || tell 'a bounding set'\n\
         grep -q '^NoNewPrivs:[[:space:]]*1' /proc/self/status || tell 'privileges to gain'\n\
         if [ \"$1\" = pid ]; then\n\
           [ $$ = 2 ] && [ $PPID = 1 ] || tell 'a pid of its own'\n\
           tr '\\0' ' ' < /proc/$PPID/cmdline | grep -q -e hack -e -- && tell 'its parent'\n\
           readlink /proc/$PPID/exe && tell 'its parent'\n\
           [ \"$(tr '\\0' '|' < /proc/1/cmdline)\" = 'init|' ] || tell 'the init'\n\
           find /sys/fs/cgroup -name 'constrained*' | grep -q . && tell 'a control group of hack'\n\
           for comm in /proc/[0-9]*/comm; do\n\
             case $(cat $comm) in constrained*) tell \"a process of hack's: $comm\";; esac\n\
           done\n\
         fi\n\
         exec {}\n",
        tool()
    );
    let dir = scripts("sly", &[("sly.sh", &sly)]);
    let script = dir.join("sly.sh");
    for (name, way) in WAYS {
        // Without namespaces hack is the run's parent, and the words say so.
        let pid = if way == Some(&[NO_NAMESPACES]) {
            "-"
        } else {
            "pid"
        };
        let args = ["hack", "--tests", "3", "--", script.to_str().unwrap(), pid];
        // Started from an environment with nothing of the project's in it (cargo's test
        // variables name it): whatever the run finds came from hack.
        let mut command = match way {
            Some(_) => std::process::Command::new(tool()),
            None => match as_nobody(&[]) {
                Some(command) => command,
                None => continue,
            },
        };
        command
            .args(args)
            .env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin");
        command.envs(way.unwrap_or_default().iter().copied());
        let run = run_command(&mut command, b"");
        assert_eq!(run.status, 0, "{name}: {run:?}");
        let measured = run.stderr.lines().find(|l| l.starts_with("(measured by "));
        assert!(
            measured
                .is_some_and(|l| l.contains("; a private box: ") && l.contains("no capabilities")),
            "{name}: {run:?}"
        );
        let pid_words = match pid {
            "pid" => "its own PID namespace",
            _ => "without a PID namespace: a run sees hack's processes and yours",
        };
        assert!(
            measured.is_some_and(|l| l.contains(pid_words)),
            "{name}: {run:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A solution that ends itself by a signal is named by that signal in every box: it is no
/// namespace's init (whose own signals the kernel ignores: SIGABRT would be lost, and abort()
/// end by SIGSEGV), and the processes between hack and it end as it did.
#[test]
fn a_solution_killed_by_its_own_signal_is_named_by_it() {
    let dir = scripts(
        "signals",
        &[
            ("abort.sh", "#!/bin/sh\nkill -ABRT $$\necho Aoki\n"),
            ("kill.sh", "#!/bin/sh\nkill -KILL $$\necho Aoki\n"),
        ],
    );
    for (name, way) in WAYS {
        for (script, words) in [
            ("abort.sh", "killed by signal 6 (SIGABRT)"),
            ("kill.sh", "killed by signal 9 (SIGKILL)"),
        ] {
            let script = dir.join(script);
            let args = ["--tests", "0", "--", script.to_str().unwrap()];
            let Some(run) = hack(way, &args) else {
                continue;
            };
            assert_eq!(run.status, 1, "{name}: {run:?}");
            assert!(
                run.stderr.starts_with("hack: crash on sample 1"),
                "{name}: {run:?}"
            );
            assert!(run.stderr.contains(words), "{name} {words}: {run:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without namespaces, a run's scratch folder (its TMPDIR, on disk) goes even when hack is
/// killed by SIGKILL mid-run: the guard removes it, and the sleeping solution ends.
#[test]
fn a_scratch_folder_does_not_outlive_hack_killed_by_sigkill() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let marker = format!("sleep 47.{}", std::process::id() % 1000);
    let script = format!("echo x > \"$TMPDIR\"/kept; exec {marker}");
    let mut hack = Command::new(tool())
        .args([
            "hack", "--tests", "0", "--jobs", "1", "--", "sh", "-c", &script,
        ])
        .envs([NO_NAMESPACES])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The sleep itself (not hack or the shell, whose command lines hold it too), once its
    // environment is its own (read in the middle of its exec, it can be the shell's).
    let tmpdir_of = |entry: &std::fs::DirEntry| {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline)
            .replace('\0', " ")
            .trim_end()
            != marker
        {
            return None;
        }
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        (environ.split(|&b| b == 0))
            .find_map(|v| v.strip_prefix(b"TMPDIR="))
            .map(|v| PathBuf::from(String::from_utf8_lossy(v).into_owned()))
    };
    let started = Instant::now();
    let tmpdir = loop {
        let found = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .find_map(|e| tmpdir_of(&e));
        if let Some(tmpdir) = found {
            break tmpdir;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = hack.kill();
            panic!("the run never started");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(tmpdir.join("kept").exists(), "{tmpdir:?}");
    hack.kill().unwrap();
    hack.wait().unwrap();
    let base = tmpdir.parent().unwrap().to_path_buf();
    let started = Instant::now();
    while (base.exists() || common::running(&marker)) && started.elapsed() < Duration::from_secs(10)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!base.exists(), "{base:?} left");
    assert!(!common::running(&marker), "the run outlived hack");
}

/// hack ends what it started and nothing else: a report read through bash's process
/// substitution (`2> >(tee log >&2)`, `--json > >(cat > file)`), whose reader bash forked before
/// it became hack and so is hack's child, reaches the log and the file whole.
#[test]
fn a_report_read_through_process_substitution_is_not_lost() {
    use std::time::{Duration, Instant};
    let dir = scripts("substitution", &[]);
    let (log, json) = (dir.join("log"), dir.join("report.json"));
    let script = format!(
        "{tool} hack --tests 2 --seed 1 -- {tool} 2> >(tee {log} >/dev/null); \
         {tool} hack --tests 2 --seed 1 --json -- {tool} > >(cat > {json}) 2>/dev/null",
        tool = tool(),
        log = log.display(),
        json = json.display()
    );
    let status = std::process::Command::new("bash")
        .args(["-c", &script])
        .status()
        .unwrap();
    assert!(status.success(), "{status:?}");
    // The readers finish after hack, each on its own time.
    let started = Instant::now();
    let whole = || {
        let log = std::fs::read_to_string(&log).unwrap_or_default();
        let json = std::fs::read_to_string(&json).unwrap_or_default();
        (log.contains("all 2 generated games passed (seed 1)\n(measured by ")
            && json.trim_end().ends_with('}'))
        .then_some((log, json))
    };
    while whole().is_none() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let (_, json) = whole().unwrap_or_else(|| {
        panic!(
            "lost: {:?}",
            (
                std::fs::read_to_string(&log),
                std::fs::read_to_string(&json)
            )
        )
    });
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["ended"], "passed", "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without namespaces, only what a run's own processes made is removed: a segment another
/// program makes while hack runs is not hack's, and stays.
#[test]
fn without_namespaces_another_programs_sysv_memory_is_left_alone() {
    let slow = format!("#!/bin/sh\nsleep 0.3\nexec {}\n", tool());
    let dir = scripts("sysv-other", &[("slow.sh", &slow)]);
    let script = dir.join("slow.sh");
    let hack = std::thread::spawn(move || {
        hack(
            Some(&[NO_NAMESPACES]),
            &[
                "--tests",
                "0",
                "--jobs",
                "1",
                "--",
                script.to_str().unwrap(),
            ],
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(150));
    // SAFETY: shmget and shmctl with IPC_PRIVATE and an id it returned; no memory is mapped.
    let id = unsafe { libc::shmget(libc::IPC_PRIVATE, 4096, libc::IPC_CREAT | 0o600) };
    assert!(id >= 0);
    let run = hack.join().unwrap().unwrap();
    let listed = std::fs::read_to_string("/proc/sysvipc/shm").unwrap();
    let stays = listed
        .lines()
        .any(|l| l.split_whitespace().nth(1) == Some(&id.to_string()));
    // SAFETY: as above.
    unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
    assert_eq!(run.status, 0, "{run:?}");
    assert!(stays, "another program's segment was removed: {run:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A working directory with a mount beneath it (a mounted folder in a home) is still the run's
/// own: the mount is carried over onto its overlay, read-only, and a right solution that writes
/// a scratch file there and reads from the mounted folder passes (as root, which may mount).
#[test]
fn a_working_directory_with_a_mount_beneath_it_is_still_the_runs_own() {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs as root: this test needs it"
        );
        common::skipped("not root: the mount beneath a working directory cannot be tried");
        return;
    }
    let careful = format!(
        "#!/usr/bin/python3\n\
         import sys, subprocess\n\
         open('scratch.txt', 'w').write('kept')\n\
         assert open('scratch.txt').read() == 'kept'\n\
         assert open('sub/data.txt').read() == 'mounted'\n\
         sys.stdout.write(subprocess.run([{:?}], input=sys.stdin.buffer.read(), capture_output=True).stdout.decode())\n",
        tool()
    );
    let dir = scripts("beneath", &[("careful.py", &careful)]);
    // Outside /tmp and the project's folder, where the other tests' runs live: a mount beneath
    // /tmp makes /tmp read-only to a run as `nobody` (the kernel refuses a user namespace an
    // overlay over it), and one of theirs would fail meanwhile.
    let cwd = Path::new("/var/tmp").join(format!(
        "constrained-nim-box-beneath-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&cwd);
    std::fs::create_dir_all(cwd.join("sub")).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "tmpfs"])
        .arg(cwd.join("sub"))
        .status()
        .unwrap();
    assert!(mounted.success());
    std::fs::write(cwd.join("sub/data.txt"), "mounted").unwrap();
    let run = run_command(
        std::process::Command::new(tool())
            .args(["hack", "--tests", "3", "--seed", "1", "--"])
            .arg(dir.join("careful.py"))
            .current_dir(&cwd),
        b"",
    );
    let left = std::fs::read_dir(&cwd).unwrap().count();
    let _ = std::process::Command::new("umount")
        .arg(cwd.join("sub"))
        .status();
    assert_eq!(run.status, 0, "{run:?}");
    assert!(
        run.stderr
            .contains("its own /dev/shm, /tmp and working directory"),
        "{run:?}"
    );
    let _ = std::fs::remove_dir_all(&cwd);
    assert_eq!(left, 1, "something of the run's was left in {cwd:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A solution that fills a file in its own /tmp past the memory limit and then answers right
/// is over the limit on every run, measured from /proc too: the file is still in its tmpfs when
/// its last process has ended, and read there (through the box's init) before the run is
/// killed. Without namespaces /tmp is not its own, and the way is not tried.
#[test]
fn a_file_in_its_own_tmp_over_the_limit_is_memory_limit_exceeded_every_time() {
    let script = format!(
        "#!/bin/sh\nhead -c 150000000 /dev/zero > /tmp/big || exit 3\nexec {}\n",
        tool()
    );
    let dir = scripts("bigtmp", &[("bigtmp.sh", &script)]);
    let script = dir.join("bigtmp.sh");
    for (name, way) in WAYS {
        if way == Some(&[NO_NAMESPACES]) {
            continue;
        }
        let args = [
            "--tests",
            "0",
            "--memory",
            "100",
            "--",
            script.to_str().unwrap(),
        ];
        let Some(run) = hack(way, &args) else {
            continue;
        };
        assert_eq!(run.status, 1, "{name}: {run:?}");
        assert!(
            run.stderr
                .starts_with("hack: memory limit exceeded on sample 1"),
            "{name}: {run:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run reaches nothing outside its box: not a path socket of the machine's (a session bus, a
/// daemon's; no wall of the file system refuses a connection to one), not the network, not
/// the kernel's key rings (in no namespace: as root a run could read and remove the user's
/// keys); a socket pair between its own processes still works. Without namespaces the network
/// is reachable, and the words say so.
#[test]
fn a_run_reaches_no_socket_network_or_key_ring_of_the_machines() {
    use std::io::Write;
    let reacher = format!(
        "import ctypes, os, platform, socket, sys\n\
         def tell(what):\n    print(what, file=sys.stderr); print('Aoki'); sys.exit(0)\n\
         a, b = socket.socketpair(); a.send(b'x')\n\
         if b.recv(1) != b'x': tell('no socket pair')\n\
         try:\n    s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); tell('a socket')\n\
         except OSError: pass\n\
         if sys.argv[2] != '-':\n\
         \x20   try:\n        socket.create_connection(('127.0.0.1', int(sys.argv[2])), 1); tell('the network')\n\
         \x20   except OSError: pass\n\
         add_key = {{'x86_64': 248, 'aarch64': 217}}[platform.machine()]\n\
         libc = ctypes.CDLL(None, use_errno=True)\n\
         if libc.syscall(add_key, b'user', b'constrained-nim-box', b'x', 1, -4) >= 0: tell('a key ring')\n\
         os.execv('{tool}', ['{tool}'])\n",
        tool = tool()
    );
    let dir = scripts("reacher", &[("reacher.py", &reacher)]);
    // Not under /tmp or the working directory: the run's overlays of them hide the sockets
    // there (an overlay's file is not the socket), and this one must be within its reach.
    let sockets = PathBuf::from(format!(
        "/var/tmp/constrained-nim-box-reacher-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&sockets);
    std::fs::create_dir(&sockets).unwrap();
    std::fs::set_permissions(
        &sockets,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let socket_path = sockets.join("machine.sock");
    let _unix = std::os::unix::net::UnixListener::bind(&socket_path).unwrap();
    // Every user may connect to it (the runs as nobody too): what stops them is the box.
    std::fs::set_permissions(
        &socket_path,
        std::os::unix::fs::PermissionsExt::from_mode(0o777),
    )
    .unwrap();
    let tcp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = tcp.local_addr().unwrap().port().to_string();
    let script = dir.join("reacher.py");
    for (name, way) in WAYS {
        let port = if way == Some(&[NO_NAMESPACES]) {
            "-"
        } else {
            &port
        };
        let args = [
            "--tests",
            "2",
            "--seed",
            "1",
            "--",
            "/usr/bin/python3",
            script.to_str().unwrap(),
            socket_path.to_str().unwrap(),
            port,
        ];
        let Some(run) = hack(way, &args) else {
            continue;
        };
        assert_passed(
            &run,
            "hack: the 2 samples and all 2 generated games passed (seed 1)",
        );
        let measured = run.stderr.lines().find(|l| l.starts_with("(measured by "));
        let net_words = match port {
            "-" => "without a network namespace: a run could reach the network",
            _ => "no network",
        };
        assert!(
            measured.is_some_and(|l| l.contains(net_words)),
            "{name}: {run:?}"
        );
    }
    // No key was left in the user's key ring either.
    let keys = std::fs::read_to_string("/proc/keys").unwrap_or_default();
    assert!(!keys.contains("constrained-nim-box"), "{keys}");
    let _ = std::io::stdout().flush();
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&sockets);
}
