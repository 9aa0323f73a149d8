//! `hack` run by a user without privilege (`nobody`, through setpriv), in the control groups
//! root sets up for it: a cgroup v2 group delegated to it as systemd delegates a user's own
//! subtree (the group and its cgroup.procs, cgroup.threads and cgroup.subtree_control chowned
//! to the user), with a v1 memory group chowned to it as an administrator would where the
//! memory controller is in cgroup v1 (as here); in the v2 group alone, and in none: where it
//! has no memory controller, hack counts from /proc and leaves nothing in them.
//! Only as root, with setpriv; else each test says it was skipped. The tool and the solution
//! are copied to a folder `nobody` may read (the build's may sit under root's home).

use super::common;

use common::{Run, workers};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Everything the run as `nobody` needs, or `None` with a line saying why the test is skipped.
struct Setup {
    scratch: Scratch,
    /// nobody's user and group.
    ids: (u32, u32),
}

impl Setup {
    fn new(test: &str) -> Option<Setup> {
        // SAFETY: geteuid cannot fail.
        if unsafe { libc::geteuid() } != 0 {
            common::skipped(&format!("not root: {test}"));
            return None;
        }
        // SAFETY: getpwnam with a C string; the entry is read at once, before any other call.
        let ids = unsafe {
            let entry = libc::getpwnam(c"nobody".as_ptr());
            if entry.is_null() {
                common::skipped(&format!("no user nobody: {test}"));
                return None;
            }
            ((*entry).pw_uid, (*entry).pw_gid)
        };
        let scratch = Scratch::new(test, workers()?)?;
        let setup = Setup { scratch, ids };
        // setpriv is there, and the system's python3 runs as nobody (the one first on the PATH
        // may sit in root's home).
        let python = setup
            .as_nobody(&[], &[common::SYSTEM_PYTHON, "-c", "pass"])
            .0;
        if python.status != 0 {
            common::skipped(&format!(
                "no setpriv, or no python3 that nobody may run: {test}"
            ));
            return None;
        }
        Some(setup)
    }

    /// Runs `command` as nobody, inside the control groups `groups` (their folders) if any,
    /// in the scratch folder; what it did and its pid (setpriv execs it: hack's own).
    fn as_nobody(&self, groups: &[&Path], command: &[&str]) -> (Run, u32) {
        let mut script = String::new();
        for group in groups {
            script += &format!("echo $$ > '{}/cgroup.procs' && ", group.display());
        }
        let (uid, gid) = self.ids;
        script += &format!(
            "exec setpriv --reuid={uid} --regid={gid} --clear-groups --inh-caps=-all \"$@\""
        );
        let child = Command::new("sh")
            .args(["-c", &script, "sh"])
            .args(command)
            .current_dir(&self.scratch.0)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let output = child.wait_with_output().unwrap();
        let status = output.status.code().unwrap_or(-1);
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let run = Run::new(status, stdout, &String::from_utf8_lossy(&output.stderr));
        (run, pid)
    }

    /// `hack ARGS -- workers MODE ARG nim.py /usr/bin/python3` as nobody in `groups`, and hack's pid.
    fn hack(&self, groups: &[&Path], args: &[&str], mode: &str, arg: &str) -> (Run, u32) {
        let mut command = vec!["./constrained-nim", "hack"];
        command.extend_from_slice(args);
        command.extend_from_slice(&[
            "--",
            "./workers",
            mode,
            arg,
            "nim.py",
            common::SYSTEM_PYTHON,
        ]);
        self.as_nobody(groups, &command)
    }
}

/// A folder anyone may read, with the tool, tests/solutions/workers.cpp built and nim.py:
/// removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str, workers: &str) -> Option<Scratch> {
        let dir = std::env::temp_dir().join(format!("{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let scratch = Scratch(dir);
        let all = std::fs::Permissions::from_mode;
        std::fs::set_permissions(&scratch.0, all(0o755)).ok()?;
        for (from, name, mode) in [
            (
                env!("CARGO_BIN_EXE_constrained-nim"),
                "constrained-nim",
                0o755,
            ),
            (workers, "workers", 0o755),
            ("tests/solutions/nim.py", "nim.py", 0o644),
        ] {
            let to = scratch.0.join(name);
            std::fs::copy(from, &to).ok()?;
            std::fs::set_permissions(&to, all(mode)).ok()?;
        }
        Some(scratch)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// This process's own folder in the cgroup v2 hierarchy (`controller` None) or in the v1
/// hierarchy of `controller`, from /proc/self/cgroup and /proc/self/mounts.
fn own_group(controller: Option<&str>) -> Option<PathBuf> {
    let lines = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = lines.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (number, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let fits = match controller {
            None => number == "0" && controllers.is_empty(),
            Some(c) => controllers.split(',').any(|n| n == c),
        };
        fits.then(|| path.trim_start_matches('/').to_owned())
    })?;
    let mounts = std::fs::read_to_string("/proc/self/mounts").ok()?;
    let mount = mounts.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (point, kind, options) = (fields.get(1)?, fields.get(2)?, fields.get(3)?);
        let fits = match controller {
            None => *kind == "cgroup2",
            Some(c) => *kind == "cgroup" && options.split(',').any(|o| o == c),
        };
        fits.then(|| PathBuf::from(point))
    })?;
    Some(mount.join(path))
}

/// The groups made for a test in this process's own, chowned to a user as systemd delegates
/// one: removed when dropped, with whatever is left in them.
struct Delegated {
    v2: PathBuf,
    v1_memory: Option<PathBuf>,
}

impl Delegated {
    /// A v2 group and, with `v1` where memory is a v1 controller here, a v1 memory group,
    /// each named `name` and chowned to `ids`.
    fn new(name: &str, ids: (u32, u32), v1: bool) -> Option<Delegated> {
        let v2 = own_group(None)?.join(name);
        std::fs::create_dir(&v2).ok()?;
        let mut groups = Delegated {
            v2,
            v1_memory: None,
        };
        let v1 = own_group(Some("memory"))
            .filter(|_| v1)
            .map(|g| g.join(name));
        if let Some(v1) = v1.filter(|v1| std::fs::create_dir(v1).is_ok()) {
            groups.v1_memory = Some(v1);
        }
        let chown = |dir: &Path, files: &[&str]| {
            let (uid, gid) = (Some(ids.0), Some(ids.1));
            std::os::unix::fs::chown(dir, uid, gid).unwrap();
            for file in files {
                std::os::unix::fs::chown(dir.join(file), uid, gid).unwrap();
            }
        };
        let v2_files = ["cgroup.procs", "cgroup.threads", "cgroup.subtree_control"];
        chown(&groups.v2, &v2_files);
        if let Some(v1) = &groups.v1_memory {
            chown(v1, &["cgroup.procs", "tasks"]);
        }
        Some(groups)
    }

    fn folders(&self) -> Vec<&Path> {
        std::iter::once(self.v2.as_path())
            .chain(self.v1_memory.as_deref())
            .collect()
    }
}

impl Drop for Delegated {
    fn drop(&mut self) {
        for folder in self.folders() {
            remove_tree(folder);
        }
    }
}

/// The folders inside the group `dir`.
fn subgroups(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| {
            let dirs = entries.flatten().map(|e| e.path());
            dirs.filter(|p| p.is_dir()).collect()
        })
        .unwrap_or_default()
}

/// Removes the group `dir` and every group in it, killing what is left in them.
fn remove_tree(dir: &Path) {
    for group in subgroups(dir) {
        remove_tree(&group);
    }
    let until = Instant::now() + Duration::from_secs(5);
    while std::fs::remove_dir(dir).is_err() && dir.exists() && Instant::now() < until {
        let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
        for pid in procs
            .split_whitespace()
            .filter_map(|p| p.parse::<i32>().ok())
        {
            // SAFETY: kill(2) on a process left in the test's own group.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The memory peak a report gives, in MiB.
fn peak_shown(run: &Run) -> f64 {
    let rest = run.stderr.split("its memory peak was ").nth(1);
    let rest = rest.unwrap_or_else(|| panic!("no peak: {run:?}"));
    rest.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_user_in_a_delegated_group_is_measured_by_it_an_escaped_grandchild_too() {
    let Some(setup) = Setup::new("constrained-nim-delegated") else {
        return;
    };
    let name = format!("constrained-nim-test-{}-delegated", std::process::id());
    let groups = Delegated::new(&name, setup.ids, true).expect("root makes cgroups here");
    // A grandchild out of the run's session (setsid, double fork) holding 400 MiB: only a
    // control group finds it (it is neither in the run's process group nor its descendant),
    // and a user's group is one only if hack makes the runs' groups in it.
    let (run, _) = setup.hack(
        &groups.folders(),
        &["--tests", "0", "--jobs", "1", "--memory", "256"],
        "escaped",
        "400",
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on sample 1"),
        "{run:?}"
    );
    assert!(peak_shown(&run) >= 400.0, "{run:?}");
    assert!(
        run.stderr.contains("(measured by a control group"),
        "{run:?}"
    );
    // hack removed what it made in them.
    for folder in groups.folders() {
        assert_eq!(subgroups(folder), Vec::<PathBuf>::new(), "{run:?}");
    }
}

#[test]
fn a_user_without_a_delegated_group_is_counted_from_proc_and_leaves_no_folder() {
    let Some(setup) = Setup::new("constrained-nim-undelegated") else {
        return;
    };
    // In this test's own groups, which are root's.
    let (run, pid) = setup.hack(
        &[],
        &["--tests", "0", "--jobs", "1", "--memory", "200"],
        "touch",
        "300",
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on sample 1"),
        "{run:?}"
    );
    assert!(run.stderr.contains("(measured by /proc"), "{run:?}");
    let own = [own_group(None), own_group(Some("memory"))];
    for group in own.iter().flatten() {
        for name in [
            format!("constrained-nim-{pid}"),
            format!("constrained-nim-{pid}-hack"),
        ] {
            assert!(!group.join(&name).exists(), "{name} left in {group:?}");
        }
    }
}

#[test]
fn a_user_with_only_a_v2_group_delegated_leaves_nothing_in_it() {
    let Some(setup) = Setup::new("constrained-nim-v2-only") else {
        return;
    };
    let name = format!("constrained-nim-test-{}-v2-only", std::process::id());
    let groups = Delegated::new(&name, setup.ids, false).expect("root makes cgroups here");
    let (run, _) = setup.hack(
        &groups.folders(),
        &["--tests", "0", "--jobs", "1", "--memory", "200"],
        "touch",
        "300",
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert!(
        run.stderr
            .starts_with("hack: memory limit exceeded on sample 1"),
        "{run:?}"
    );
    // Where memory is a v1 controller, a v2 group has none to give the runs: hack counts
    // from /proc, and removes the folder it made to try.
    if own_group(Some("memory")).is_some() {
        assert!(run.stderr.contains("(measured by /proc"), "{run:?}");
    }
    assert_eq!(subgroups(&groups.v2), Vec::<PathBuf>::new(), "{run:?}");
}
