//! The guard's own side: this binary run again under the name `GUARD_NAME`, in a process group of
//! its own, reading what hack tells it on its standard input. It holds a pidfd of each process hack
//! names (`+PID START`: opened by number, kept only if that number still names the process started
//! at START, by /proc), lets go of those hack says ended (`-PID START`), and at the end of its
//! input, which is hack's end however it comes (a SIGKILL too), kills what hack left:
//!
//! 1. each held process by its pidfd, and the whole process group of each that leads one (a
//!    run's main process, a process that left by `setsid`), stopped first (SIGSTOP by its
//!    pidfd), so that while the group is killed by number the number is provably still the
//!    group that process leads. A group a held process only joined is someone else's (a job
//!    of the same shell, another hack's run): only the process goes;
//! 2. every process in hack's control groups (`cgroup.kill`; without it, each listed process
//!    by a pidfd opened first and checked to be still listed after);
//! 3. every process in a run's IPC namespace that hack named (`ns+NS`, let go by `ns-NS`), by
//!    a pidfd opened before its namespace is read;
//!
//! and then removes the control groups and the runs' scratch folder. `done` (hack's own orderly end, after its own sweep)
//! lets it go without any of it. No number that may name another process by now is signalled.

use super::tally::{Mark, run_marked, stat_of};
use super::{pidfd_open, signal_by};
use std::collections::HashMap;
use std::io::BufRead;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A process hack named: its pid and start (clock ticks after boot), which tell it from a
/// later process given the same pid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Named {
    pid: i32,
    start: u64,
}

/// The guard's life: `args` are its arguments after its name: hack's own process group
/// (spared: hack's pipeline is in it), the runs' scratch folder (`-`: none), then the control
/// groups' bases. Returns its exit status.
pub(in crate::cli) fn be_the_guard(args: &[std::ffi::OsString]) -> i32 {
    let [spared, scratch, bases @ ..] = args else {
        return 2;
    };
    let scratch = (scratch != "-").then(|| PathBuf::from(scratch));
    let mut namespaces: Vec<u64> = Vec::new();
    let Some(spared) = spared.to_str().and_then(|group| group.parse::<i32>().ok()) else {
        return 2;
    };
    let bases: Vec<PathBuf> = bases.iter().map(PathBuf::from).collect();
    let mut held: HashMap<Named, OwnedFd> = HashMap::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line == "done" {
            return 0;
        }
        if let Some(ns) = line.strip_prefix("ns+").and_then(|ns| ns.parse().ok()) {
            namespaces.push(ns);
            continue;
        }
        if let Some(ns) = line
            .strip_prefix("ns-")
            .and_then(|ns| ns.parse::<u64>().ok())
        {
            namespaces.retain(|&n| n != ns);
            continue;
        }
        let Some((sign, named)) = parse(&line) else {
            continue;
        };
        match sign {
            '+' => {
                if let Some(fd) = pidfd_open(named.pid)
                    && stat_of(named.pid).is_some_and(|stat| stat.start == named.start)
                {
                    held.insert(named, fd);
                }
            }
            _ => {
                held.remove(&named);
            }
        }
    }
    end_groups(&held, spared);
    drop(held);
    for _ in 0..3 {
        end_cgroups(&bases);
    }
    for _ in 0..2 {
        end_namespaces(&namespaces);
    }
    remove(&bases);
    if let Some(scratch) = scratch {
        let _ = std::fs::remove_dir_all(scratch);
    }
    0
}

/// `+PID START` or `-PID START`.
fn parse(line: &str) -> Option<(char, Named)> {
    let sign = line.chars().next().filter(|c| matches!(c, '+' | '-'))?;
    let (pid, start) = line[1..].split_once(' ')?;
    let named = Named {
        pid: pid.parse().ok()?,
        start: start.parse().ok()?,
    };
    Some((sign, named))
}

/// Kills each held process, and the process group of each that leads one (but hack's own,
/// `spared`).
fn end_groups(held: &HashMap<Named, OwnedFd>, spared: i32) {
    for (&Named { pid, start }, fd) in held {
        // Stopped, it cannot leave its group (only a process itself, or its parent before it
        // execs, moves it), so the group keeps its number while it is killed.
        if !signal_by(fd, libc::SIGSTOP) {
            continue;
        }
        // Read after the pidfd says the process lives: the number is still its own, and a
        // group numbered as it is was made by it.
        if let Some(stat) = stopped(pid, start)
            && stat.group == pid
            && stat.group != spared
        {
            // A process group that a stopped process of hack's holds.
            if let Some(group) = rustix::process::Pid::from_raw(stat.group) {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
        }
        signal_by(fd, libc::SIGKILL);
    }
}

/// Process `pid`, started at `start`, once it is stopped (a moment: the signal is taken on its
/// way back to user space); `None` if it does not stop within 20 ms (asleep in the kernel, or
/// a zombie) or is gone.
fn stopped(pid: i32, start: u64) -> Option<super::tally::Stat> {
    for _ in 0..20 {
        let stat = stat_of(pid).filter(|stat| stat.start == start)?;
        if stat.state == b'T' {
            return Some(stat);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    None
}

/// Kills every process in hack's control groups under `bases`.
fn end_cgroups(bases: &[PathBuf]) {
    for base in bases {
        if std::fs::write(base.join("cgroup.kill"), "1").is_ok() {
            continue;
        }
        let runs = std::fs::read_dir(base).into_iter().flatten().flatten();
        for procs in runs.map(|run| run.path().join("cgroup.procs")) {
            for pid in listed(&procs) {
                if let Some(fd) = pidfd_open(pid)
                    && listed(&procs).contains(&pid)
                {
                    signal_by(&fd, libc::SIGKILL);
                }
            }
        }
    }
}

/// The pids a `cgroup.procs` file lists now.
fn listed(procs: &Path) -> Vec<i32> {
    let text = std::fs::read_to_string(procs).unwrap_or_default();
    text.split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

/// Kills every process in the runs' IPC `namespaces`: what left hack's groups and sessions
/// and was no one's child for hack to find.
fn end_namespaces(namespaces: &[u64]) {
    if namespaces.is_empty() {
        return;
    }
    let me = rustix::process::getpid().as_raw_nonzero().get();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for pid in entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| pid != me)
    {
        if let Some(fd) = pidfd_open(pid)
            && matches!(run_marked(pid), Mark::Run(ns) if namespaces.contains(&ns))
        {
            signal_by(&fd, libc::SIGKILL);
        }
    }
}

/// Removes the runs' control groups and the bases, a moment after their processes were killed.
fn remove(bases: &[PathBuf]) {
    for _ in 0..10 {
        let mut left = false;
        for base in bases {
            let runs = std::fs::read_dir(base).into_iter().flatten().flatten();
            for run in runs.map(|run| run.path()).filter(|run| run.is_dir()) {
                left |= std::fs::remove_dir(&run).is_err();
            }
            left |= std::fs::remove_dir(base).is_err() && base.exists();
        }
        if !left {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::{Named, parse};

    #[test]
    fn a_line_names_a_process_by_its_pid_and_start() {
        assert_eq!(
            parse("+123 456"),
            Some((
                '+',
                Named {
                    pid: 123,
                    start: 456
                }
            ))
        );
        assert_eq!(parse("-7 0"), Some(('-', Named { pid: 7, start: 0 })));
        // The old form (a group alone), a torn line, garbage: nothing to hold.
        assert_eq!(parse("+123"), None);
        assert_eq!(parse("123 456"), None);
        assert_eq!(parse("+x 1"), None);
        assert_eq!(parse(""), None);
    }
}
