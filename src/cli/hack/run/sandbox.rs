//! The sandbox of one run: what the judge's own runner keeps around a solution. It starts the
//! solution inside it, measures what every process and every thread of the run used (CPU
//! time, the time other work kept it from a CPU, the memory peak), stops a runaway at a guard
//! far above the memory limit (memory really used only: reserved, untouched memory is free, as
//! on the judge), and at the end kills every process the run started, however it detached, and
//! nothing else.
//!
//! Two ways, the first where this machine allows it: a control group per run (`cgroup`), the
//! kernel's own accounting, as isolate and DOMjudge use; else a count by hand from /proc
//! (`tally`): the run's process group, its descendants, and the orphans handed to hack (the
//! subreaper) in the run's own IPC namespace. The process is confined between fork and exec
//! (`confine`: environment, stack, death with hack) in a box of its own (`walls`: its own
//! namespaces and places to write, Landlock, no capabilities), and tracked from its start to
//! its end, with a sweep of what escaped to hack (`tracked`).
//!
//! No number that may have been given to another process since is signalled: a process group
//! only while its leader, the run's main process, is unreaped; any other process by a pidfd,
//! opened and checked against the process seen; an orphan only as hack's own unreaped child.

mod cgroup;
mod confine;
mod keeper;
mod sysv;
mod tally;
mod tracked;
mod walls;
mod watch;

use super::guard::tell_guard;
use super::measure;
use cgroup::Cgroup;
pub(in crate::cli) use cgroup::{base_folders, remove_bases};
pub(in crate::cli) use confine::{Room, Scratch, confine, hard_limit, memory_ceiling};
pub(in crate::cli) use keeper::be_the_guard;
use std::collections::HashMap;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;
use tally::Thread;
use tracked::tell_orphans_now;
pub(in crate::cli) use tracked::{note_children_before, reap, spawn_tracked, sweep_orphans};
pub(in crate::cli) use walls::{scratch_base, walls};
pub(in crate::cli) use watch::{changed as watched_changed, settle, watch};

/// How runs are measured and boxed, in words for the report's line: the way, what it does not
/// count, and the box (see `walls`).
pub(in crate::cli) fn which() -> String {
    let way = match cgroup::which() {
        Some(way) => format!("{way}: every process and every thread of the run"),
        None if walls().way.is_some() => "/proc, no control group here: mapped memory and the files the run keeps in its own tmpfs (/tmp, /dev/shm, its working directory), each page once; not page cache or an anonymous file it does not map".to_owned(),
        None => "/proc, no control group here: mapped memory only, each page once, not page cache or files in /dev/shm".to_owned(),
    };
    format!("{way}; {}", walls().words())
}

/// Whether a control group measures the runs: it sees every page a run charges, so a peak of 0
/// is the run's own (less than a page above what its group held before it), not a run too
/// short for /proc's looks to see.
pub(in crate::cli) fn peaks_by_group() -> bool {
    cgroup::which().is_some()
}

/// What a run has used so far, every process and thread of it.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::cli) struct Usage {
    /// CPU time, user and system.
    pub(in crate::cli) cpu: Duration,
    /// How long it waited for a CPU that other work held (see `Waits`): never a thread's
    /// wait behind the run's own threads.
    pub(in crate::cli) queued: Duration,
    /// Its memory peak: the group's, or the largest sum of its processes' memory seen
    /// (/proc, each page counted once).
    pub(in crate::cli) peak: u64,
    /// Whether one of its threads is running or waiting for a CPU or a disk now.
    pub(in crate::cli) busy: bool,
}

/// One run's sandbox.
pub(in crate::cli) struct Sandbox {
    cgroup: Option<Cgroup>,
    /// The run's IPC namespace, where it has one of its own: its mark (see `tally::Mark`).
    ns: Option<u64>,
    /// The run's main process (and process group), once started; 0 once reaped, when its
    /// number is no longer the run's.
    main: i32,
    /// When its main process started, in clock ticks after boot.
    start: u64,
    /// The resident memory at which a runaway is killed, in bytes.
    guard: u64,
    usage: Usage,
    /// The run's processes seen by the last look (/proc only), each held by a pidfd, which
    /// names that process and no other, however long after it ended: killed with it at the
    /// end, and told to the guard, which kills them and their process groups should hack die
    /// (nothing else would find a process that left hack's environment and session).
    members: HashMap<(i32, u64), OwnedFd>,
    /// The run's wait for a CPU that other work held.
    waits: Waits,
    /// When its main process was started.
    started: Option<std::time::Instant>,
    /// Each CPU's idle time at the last look (see [`Waits`]).
    idle: Vec<Duration>,
    /// The SysV objects there were before the run, where it has no IPC namespace of its own,
    /// and every process of the run seen (their makers, if the run's).
    ipc: Option<sysv::Before>,
    seen: std::collections::HashSet<i32>,
    /// The bytes of its input's copy in its own tmpfs, which is no memory of the run's.
    input: u64,
    /// The box's namespaces, held while the run goes on (see [`Sandbox::spawn`]).
    namespaces: Vec<std::fs::File>,
    /// With a PID namespace: the pipe on which the box's init tells hack (see `walls::Told`),
    /// its reading end, and its writing end until the spawn; and the init's pid.
    told: Option<(OwnedFd, Option<Arc<OwnedFd>>)>,
    init: Option<i32>,
    /// CMD's end as the init told it (status, peak, CPU time), once heard.
    cmd_ended: Option<(i32, u64, Duration)>,
    /// A pidfd of the init: it lives until the run is killed, whatever became of the main
    /// process.
    init_fd: Option<OwnedFd>,
    /// A pidfd of CMD's process (the init's child), readable the moment it ends: the run's
    /// end, before the init, which may wait for a CPU, has told it.
    cmd_fd: Option<OwnedFd>,
    /// A pidfd of the run's main process, readable once it has ended.
    main_fd: Option<OwnedFd>,
}

/// The time a run waited for a CPU that other work held, from its threads' CPU times and run
/// delays, read now and then. Between two looks, the run was ready to run for as long as its
/// longest-ready thread (`c + d`: on a CPU for `c`, waiting for one for `d`); alone it would
/// have needed its CPU time `s` spread over as many cores as it had threads at work, up to
/// this machine's: what the first passes the second is the wait that other work caused. So a
/// single thread's wait counts whole; threads waiting behind the run's own threads, more of
/// them than cores, count nothing (the cores were the run's meanwhile); threads side by side
/// that took turns with other work count as long as they were kept from running alone.
///
/// The run's own CPU figure also holds what no look saw: processes that started and ended
/// between two looks (a version manager's `python3` shim starts some forty before Python), and
/// the last moments of threads seen before. Their wait cannot be read. Where every CPU the run
/// may use was busy through the time between two looks (none idle a tenth of it in all) and
/// other work than the run's filled all of them but one at least, it is taken to be what other
/// work cost the run's seen threads, per unit of their work alone, over the whole run so far
/// (so work unseen before the first thread was seen counts too); never more than the part of
/// that time no thread seen was ready, less that unseen work itself. Where a CPU was idle or
/// held only the run's work, the unseen work could have run there at once, and nothing is
/// taken: a solution that sends its children to another CPU and sleeps must not pass as
/// waiting. The figure and the threads' own are compared summed from the run's start: /proc
/// rounds each process's figure down to a clock tick, so the figure never passes the truth,
/// and what it holds beyond the threads' own was surely unseen.
#[derive(Default)]
struct Waits {
    /// Each thread's CPU time and run delay at the last look.
    seen: HashMap<i32, (Duration, Duration)>,
    /// The CPU time of every thread seen, up to the last look.
    ran: Duration,
    /// The most the run's figure held beyond that at a look: work no look saw.
    unseen: Duration,
    /// Each stretch between two looks with unseen work on a busy machine: that work, and the
    /// most its wait may be.
    unseen_at: Vec<(Duration, Duration)>,
    /// What the run's seen threads would have needed alone, up to the last look: what the rate
    /// of their wait is per.
    alone_seen: Duration,
    /// What the run would have needed alone, up to the last look, its unseen work too.
    alone: Duration,
    /// The wait of the run's seen threads beyond what the run needed alone, up to the last
    /// look.
    seen_wait: Duration,
    /// The time from the run's start to the last look.
    at: Duration,
    /// This machine's cores.
    cores: u32,
}

impl Waits {
    /// Adds the wait up to a look `at` after the run's start, from each thread's times then and
    /// the run's CPU figure `cpu` then (never more than the truth), and `cpus`: the CPUs the
    /// run may use and their idle time since the last look (`None` where not known). The
    /// total.
    fn add(
        &mut self,
        threads: &[Thread],
        cpu: Duration,
        at: Duration,
        cpus: Option<(u32, Duration)>,
    ) -> Duration {
        // A thread seen at the last look and gone now ended between the two.
        let now: std::collections::HashSet<i32> = threads.iter().map(|t| t.id).collect();
        self.seen.retain(|id, _| now.contains(id));
        let (mut ready, mut ran, mut working) = (Duration::ZERO, Duration::ZERO, 0u32);
        for thread in threads {
            let (cpu_before, delay_before) = self
                .seen
                .insert(thread.id, (thread.cpu, thread.delay))
                .unwrap_or_default();
            let on_cpu = thread.cpu.saturating_sub(cpu_before);
            ran += on_cpu;
            working += u32::from(!on_cpu.is_zero());
            ready = ready.max(on_cpu + thread.delay.saturating_sub(delay_before));
        }
        self.ran += ran;
        let beyond = cpu.saturating_sub(self.ran);
        let unseen = beyond.saturating_sub(self.unseen);
        self.unseen = self.unseen.max(beyond);
        // What the run needed alone counts its unseen work too: threads that started and ended
        // between the looks held the cores the seen ones waited for (sixteen threads on two
        // cores wait behind each other, not behind other work).
        let workers = working.clamp(1, self.cores.max(1));
        let alone = (ran + unseen) / workers;
        let span = at.saturating_sub(self.at);
        // Every CPU busy, and with other work than the run's: all of them but one at least.
        let crowded = cpus.is_some_and(|(count, idle)| {
            let busy = (span * count).saturating_sub(idle);
            idle < span * count / 10 && busy.saturating_sub(ran + unseen) >= span * (count - 1)
        });
        if crowded && !unseen.is_zero() {
            let idle = span.saturating_sub(ready).saturating_sub(unseen);
            self.unseen_at.push((unseen, idle));
        }
        self.at = self.at.max(at);
        self.alone_seen += ran / workers;
        self.alone += alone;
        self.seen_wait += ready.saturating_sub(alone);
        let rate = if self.alone_seen.is_zero() {
            0.0
        } else {
            self.seen_wait.as_secs_f64() / self.alone_seen.as_secs_f64()
        };
        let unseen_wait: Duration = (self.unseen_at.iter())
            .map(|&(unseen, idle)| unseen.mul_f64(rate).min(idle))
            .sum();
        // Threads read a moment apart each look make the readies overlap a little, more on a
        // loaded machine: no run waited longer than it ran less what it needed alone.
        (self.seen_wait + unseen_wait).min(at.saturating_sub(self.alone))
    }
}

impl Sandbox {
    /// A sandbox whose runaway is killed at `guard` bytes of memory.
    pub(in crate::cli) fn new(guard: u64) -> Sandbox {
        Sandbox {
            cgroup: Cgroup::prepare(guard),
            ns: None,
            main: 0,
            start: 0,
            guard,
            usage: Usage::default(),
            members: HashMap::new(),
            waits: Waits {
                cores: std::thread::available_parallelism().map_or(1, |n| n.get()) as u32,
                ..Waits::default()
            },
            started: None,
            idle: Vec::new(),
            ipc: sysv::before(),
            seen: std::collections::HashSet::new(),
            input: 0,
            namespaces: Vec::new(),
            told: (walls().way.is_some() && walls().pid)
                .then(|| {
                    use rustix::pipe::PipeFlags;
                    let flags = PipeFlags::CLOEXEC | PipeFlags::NONBLOCK | PipeFlags::DIRECT;
                    rustix::pipe::pipe_with(flags).ok()
                })
                .flatten()
                .map(|(read, write)| (read, Some(Arc::new(write)))),
            init: None,
            cmd_ended: None,
            init_fd: None,
            cmd_fd: None,
            main_fd: None,
        }
    }

    /// The descriptors a wait for the run's end polls beside its pipes: the pipe on which the
    /// box's init tells CMD's end, and a pidfd of the run's main process, readable once it
    /// has ended (each where there is one).
    pub(in crate::cli) fn ended_fds(&self) -> impl Iterator<Item = BorrowedFd<'_>> {
        let told = (self.told.as_ref()).filter(|_| self.init.is_some());
        (told.map(|(read, _)| read.as_fd()).into_iter())
            .chain(self.cmd_fd.as_ref().map(AsFd::as_fd))
            .chain(self.main_fd.as_ref().map(AsFd::as_fd))
    }

    /// Whether CMD has ended: the box's init has told so (at once, where hack's child tells a
    /// moment later); without an init, whether the main process has ended.
    pub(in crate::cli) fn ended(&mut self) -> std::io::Result<bool> {
        self.hear();
        if self.cmd_ended.is_some() || self.cmd_fd.as_ref().is_some_and(readable) {
            return Ok(true);
        }
        super::ended(self.main)
    }

    /// Waits until the box's init has told how CMD ended, once CMD has (see [`Sandbox::ended`]):
    /// the init may wait for a CPU first, and killed before it tells, CMD's status would be
    /// lost. Not the run's time. Returns at once without an init, or once it is gone.
    pub(in crate::cli) fn hear_the_end(&mut self) {
        use rustix::event::{PollFd, PollFlags, Timespec};
        let started = std::time::Instant::now();
        while self.init.is_some() && self.cmd_ended.is_none() {
            let Some((read, _)) = &self.told else {
                return;
            };
            let mut fds = [PollFd::new(read, PollFlags::IN)];
            let tenth = Timespec {
                tv_sec: 0,
                tv_nsec: 100_000_000,
            };
            let _ = rustix::event::poll(&mut fds, Some(&tenth));
            let gone = fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR);
            self.hear();
            // However busy the machine, not forever: hack's child tells it too.
            if gone || started.elapsed() > Duration::from_secs(60) {
                return;
            }
        }
    }

    /// Takes in what the box's init and hack's child have told on hack's pipe so far.
    fn hear(&mut self) {
        let Some((read, _)) = &self.told else {
            return;
        };
        while let Some(told) = walls::Told::hear(read) {
            match told {
                walls::Told::Init(pid) => self.init = Some(pid),
                walls::Told::Ended { status, peak, cpu } => {
                    self.cmd_ended = Some((status, peak, cpu));
                }
            }
        }
    }

    /// The writing end of the pipe on which the box's init tells hack, for `confine`: open in
    /// hack until the spawn, which drops the command and with it the copy `confine` keeps.
    pub(in crate::cli) fn report(&self) -> Option<Arc<OwnedFd>> {
        let (_, write) = self.told.as_ref()?;
        write.clone()
    }

    /// What moves a process into the run's control group, if it has one.
    pub(super) fn entry(&self) -> Option<cgroup::Entry> {
        self.cgroup.as_ref().map(Cgroup::entry)
    }

    /// Starts `cmd`, confined and entered, as this run: see [`spawn_tracked`].
    pub(in crate::cli) fn spawn(
        &mut self,
        mut cmd: Command,
    ) -> std::io::Result<std::process::Child> {
        let (child, ns) = spawn_tracked(&mut cmd)?;
        // Its closures hold the init's pipe: hack's last copy goes below, and the pipe's end
        // then tells that the init is gone.
        drop(cmd);
        self.main = child.id() as i32;
        self.ns = ns;
        self.main_fd = pidfd_open(self.main);
        if let Some((_, write)) = &mut self.told {
            *write = None;
            // Told before spawn returns (hack's child tells it before it lets CMD's exec be
            // seen); the init waits to be killed, so its pid is its own until then.
            self.hear();
            self.init_fd = self.init.and_then(pidfd_open);
            self.cmd_fd = self.init.and_then(cmd_of);
        }
        if ns.is_some() {
            // Held until the run ends: the box's namespaces are torn down (its mounts undone)
            // when hack lets them go, not in the exit of the run's last process, whose time it
            // would add to the run's.
            self.namespaces = ["mnt", "ipc", "user"]
                .iter()
                .filter_map(|kind| {
                    std::fs::File::open(format!("/proc/{}/ns/{kind}", self.main)).ok()
                })
                .collect();
        }
        self.started = Some(std::time::Instant::now());
        self.idle = measure::idle_times();
        self.start = tally::stat_of(self.main).map_or(0, |stat| stat.start);
        Ok(child)
    }

    /// Reaps the run's main process (see [`reap`]) once the rest of the run is killed and its
    /// use read: from then on its number is not the run's.
    pub(in crate::cli) fn reap(
        &mut self,
        block: bool,
    ) -> Option<(std::process::ExitStatus, u64, Duration)> {
        let mut reaped = reap(self.main, block);
        if reaped.is_some() {
            self.main = 0;
        }
        // CMD's own status and use, which wait4 on hack's child (the init's parent) does not
        // hold: it may have been killed with the run before it ended as CMD did.
        self.hear();
        if let (Some((status, peak, cpu)), Some(told)) = (&mut reaped, self.cmd_ended) {
            *status = std::os::unix::process::ExitStatusExt::from_raw(told.0);
            *peak = (*peak).max(told.1);
            *cpu += told.2;
        }
        reaped
    }

    /// Whether the run's main process (hack's child) and its child are the box's, not the
    /// run's: CMD is the child of the init of its PID namespace (see `walls::init`).
    fn has_init(&self) -> bool {
        self.init.is_some()
    }

    /// The time since the run's main process was started.
    fn since(&self) -> Duration {
        self.started
            .map_or(Duration::ZERO, |started| started.elapsed())
    }

    /// The CPUs the run may use and their idle time since the last look (see [`Waits`]).
    fn cpus(&mut self) -> Option<(u32, Duration)> {
        let idle = measure::idle_times();
        let known = !idle.is_empty() && idle.len() == self.idle.len();
        let since = (idle.iter().zip(&self.idle)).map(|(now, then)| now.saturating_sub(*then));
        let cpus = known.then(|| (idle.len() as u32, since.sum()));
        self.idle = idle;
        cpus
    }

    /// Reads what the run has used up to now (each figure the largest seen), and kills it if
    /// its memory passed the guard.
    pub(in crate::cli) fn look(&mut self) -> Usage {
        match &self.cgroup {
            Some(group) => {
                let used = group.used();
                self.usage.cpu = self.usage.cpu.max(used.cpu);
                self.usage.queued = self.usage.queued.max(used.stalled);
                self.usage.peak = self.usage.peak.max(used.peak);
                // A main process that has ended, not yet reaped, is in no group but its last
                // times are still there to read (without an init: with one, it is the box's).
                let mut members = group.members();
                if self.main > 0 && !members.contains(&self.main) && !self.has_init() {
                    members.push(self.main);
                }
                if self.ipc.is_some() {
                    self.seen.extend(&members);
                }
                let (busy, threads) = tally::threads(&members);
                let cpus = self.cpus();
                let queued = self.waits.add(&threads, used.cpu, self.since(), cpus);
                self.usage.queued = self.usage.queued.max(queued);
                self.usage.busy = busy;
            }
            None => {
                let mut tally = tally::scan(
                    self.main,
                    self.start,
                    self.ns,
                    self.init,
                    tracked::not_orphans,
                );
                // What it keeps in files of its own tmpfs is memory too, as in a group.
                tally.memory += self.in_files(&tally.members);
                self.usage.cpu = self.usage.cpu.max(tally.cpu);
                let at = self.since();
                let cpus = self.cpus();
                let queued = self.waits.add(&tally.threads, tally.cpu, at, cpus);
                self.usage.queued = self.usage.queued.max(queued);
                self.usage.peak = self.usage.peak.max(tally.memory);
                self.usage.busy = tally.busy;
                self.hold(&tally.members);
                if self.ipc.is_some() {
                    self.seen.extend(tally.members.iter().map(|&(pid, _)| pid));
                }
                tell_orphans_now();
                // The kernel stops a group's runaway; by hand, this look does.
                if tally.memory > self.guard {
                    self.kill();
                }
            }
        }
        self.usage
    }

    /// Tells the sandbox that the run's input, `bytes` long, is copied into its tmpfs (where
    /// it has one): not the run's memory.
    pub(in crate::cli) fn holds_input(&mut self, bytes: usize) {
        self.input = bytes as u64;
    }

    /// The bytes the run keeps in the files of its own tmpfs (/proc only: a group counts them
    /// itself), read through one of its processes `members`' view (an overlay tells its
    /// changes' tmpfs), less its input's copy; 0 without a tmpfs of its own.
    fn in_files(&self, members: &[(i32, u64)]) -> u64 {
        let walls = walls();
        let Some(ns) = self.ns.filter(|_| walls.way.is_some()) else {
            return 0;
        };
        let used = |path: String| {
            rustix::fs::statvfs(path.as_str())
                .ok()
                .map(|s| (s.f_blocks - s.f_bfree) * s.f_frsize)
        };
        let cwd = std::env::current_dir().ok();
        // Only a process in the run's namespace sees its tmpfs: the box's init first, which
        // lives until the run is killed, after CMD has ended too.
        let inside = (self.init.into_iter())
            .chain(members.iter().map(|&(pid, _)| pid))
            .filter(|&pid| tally::run_marked(pid) == tally::Mark::Run(ns));
        for pid in inside {
            let root = format!("/proc/{pid}/root");
            // /tmp's overlay, else the working directory's, tells the hidden tmpfs, which
            // holds the input's copy; without either, that tmpfs holds the copy alone.
            let hidden = if walls.tmp {
                Some((format!("{root}/tmp"), PathBuf::from("/tmp")))
            } else if walls.cwd.is_some() {
                (cwd.as_ref()).map(|cwd| (format!("{root}{}", cwd.display()), cwd.clone()))
            } else {
                None
            };
            let shm = (format!("{root}/dev/shm"), PathBuf::from("/dev/shm"));
            // A process whose walls are not up yet sees this machine's /dev/shm and /tmp, whose
            // files are not the run's (a disk's gigabytes): read through one that sees its own.
            if (std::iter::once(&shm).chain(&hidden))
                .any(|(inside, outside)| same_file_system(Path::new(inside), outside))
            {
                continue;
            }
            let Some(shm) = used(shm.0) else {
                continue;
            };
            let hidden = hidden.and_then(|(inside, _)| used(inside));
            let page = 4096;
            let input = self.input.div_ceil(page) * page;
            return shm + hidden.unwrap_or(0).saturating_sub(input);
        }
        0
    }

    /// Holds a pidfd of each process of `members` (pid and start), the ones no longer there let
    /// go, and tells the guard of both. A pidfd is opened by number, so it is kept only if that
    /// number still names the process seen, by its start, after it was opened.
    fn hold(&mut self, members: &[(i32, u64)]) {
        let mut held = HashMap::with_capacity(members.len());
        for &(pid, start) in members {
            if pid == self.main {
                // Killed by its group while unreaped.
                continue;
            }
            if let Some(fd) = self.members.remove(&(pid, start)) {
                held.insert((pid, start), fd);
            } else if let Some(fd) = pidfd_open(pid)
                && tally::stat_of(pid).is_some_and(|stat| stat.start == start)
            {
                tell_guard('+', pid, start);
                held.insert((pid, start), fd);
            }
        }
        for &(pid, start) in self.members.keys() {
            tell_guard('-', pid, start);
        }
        self.members = held;
    }

    /// Whether a thread of the run is asleep in a read of the pipe whose inode is `pipe` (see
    /// `tally::reading`): of its group's processes now, or of those the last [`Sandbox::look`]
    /// found (/proc).
    pub(in crate::cli) fn reading(&self, pipe: u64) -> bool {
        match &self.cgroup {
            Some(group) => tally::reading(&group.members(), pipe),
            None => {
                let pids: Vec<i32> = std::iter::once(self.main)
                    .filter(|&main| main > 0)
                    .chain(self.members.keys().map(|&(pid, _)| pid))
                    .collect();
                tally::reading(&pids, pipe)
            }
        }
    }

    /// Whether the memory peak is the whole run's, by the kernel's account: then wait4's peak
    /// (which also carries hack's own size, see `measure::own_peak`) is not needed.
    pub(in crate::cli) fn counts_peak(&self) -> bool {
        self.cgroup.is_some()
    }

    /// Kills every process of the run: its control group whole, or its process group (while
    /// its main process is unreaped, the group's number is the run's) and each process it was
    /// seen to hold (by pidfd).
    pub(in crate::cli) fn kill(&self) {
        if let Some(group) = &self.cgroup {
            group.kill();
        }
        // The run's own process group while its leader is unreaped: the number is the run's.
        if let Some(main) = rustix::process::Pid::from_raw(self.main) {
            let _ = rustix::process::kill_process_group(main, rustix::process::Signal::KILL);
        }
        for fd in self.members.values().chain(&self.init_fd) {
            signal_by(fd, libc::SIGKILL);
        }
    }

    /// Ends the run: kills what is left of it and removes its group.
    pub(in crate::cli) fn end(&mut self) {
        self.kill();
        for ((pid, start), _) in self.members.drain() {
            tell_guard('-', pid, start);
        }
        if let Some(group) = self.cgroup.take() {
            group.release();
        }
        if let Some(ipc) = self.ipc.take() {
            ipc.remove_left_by_run(&self.seen);
        }
        self.namespaces.clear();
    }
}

/// Sends `signal` to the process the pidfd `fd` names, whatever its number now; false if it
/// is gone.
fn signal_by(fd: &OwnedFd, signal: i32) -> bool {
    rustix::process::Signal::from_named_raw(signal)
        .is_some_and(|signal| rustix::process::pidfd_send_signal(fd, signal).is_ok())
}

/// Whether the pidfd `fd` is readable now: its process has ended.
fn readable(fd: &OwnedFd) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec};
    let mut fds = [PollFd::new(fd, PollFlags::IN)];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    rustix::event::poll(&mut fds, Some(&now)).is_ok_and(|ready| ready > 0)
}

/// A pidfd of CMD's process, the child of the box's init `init`: read from the init's
/// children, and kept only if, once opened, it is still the init's child (not a later process
/// that got its number); `None` where CMD has already ended and been reaped.
fn cmd_of(init: i32) -> Option<OwnedFd> {
    let children = std::fs::read_to_string(format!("/proc/{init}/task/{init}/children")).ok()?;
    let cmd: i32 = children.split_whitespace().next()?.parse().ok()?;
    let fd = pidfd_open(cmd)?;
    (tally::stat_of(cmd)?.parent == init).then_some(fd)
}

/// A pidfd for process `pid`, or `None` where it is gone (or Linux has none).
fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    let pid = rustix::process::Pid::from_raw(pid)?;
    rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
}

/// Whether process `pid` is in a run's group of this hack now (a run still going, or one
/// being ended): an orphan sweep leaves it to its run.
pub(in crate::cli) fn in_a_run(pid: i32) -> bool {
    let Some(base) = base_folders().into_iter().next() else {
        return false;
    };
    let Some(name) = base.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    std::fs::read_to_string(format!("/proc/{pid}/cgroup")).is_ok_and(|groups| {
        groups
            .lines()
            .any(|line| line.starts_with("0::") && line.contains(&format!("/{name}/run-")))
    })
}

/// Whether `inside` (a path through a process's root) is on the file system `outside` is on,
/// as this process sees it: that process sees this machine's, not a tmpfs of its run's own.
fn same_file_system(inside: &Path, outside: &Path) -> bool {
    let device = |path: &Path| rustix::fs::stat(path).ok().map(|stat| stat.st_dev);
    device(inside).is_some_and(|dev| device(outside) == Some(dev))
}

#[cfg(test)]
mod tests {
    use super::{Thread, Waits, same_file_system};
    use std::path::Path;
    use std::time::Duration;

    /// A process that sees this machine's /tmp (hack itself, or a run before its walls are up)
    /// is told from one that sees a file system of its own there; a path that is not there is
    /// no machine's.
    #[test]
    fn a_process_that_sees_this_machines_tmp_is_told_apart() {
        let through = |path: &str| format!("/proc/{}/root{path}", std::process::id());
        assert!(same_file_system(
            Path::new(&through("/tmp")),
            Path::new("/tmp")
        ));
        assert!(same_file_system(
            Path::new(&through("/dev/shm")),
            Path::new("/dev/shm")
        ));
        assert!(!same_file_system(
            Path::new("/proc/self"),
            Path::new("/tmp")
        ));
        assert!(!same_file_system(
            Path::new("/no/such/path"),
            Path::new("/tmp")
        ));
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// One CPU, never idle: busy loops beside the run.
    const BUSY: Option<(u32, Duration)> = Some((1, Duration::ZERO));

    /// Looks at `threads` (id, CPU time, run delay, all in ms) as they stand after each look,
    /// the looks 100 ms apart, on `cores` cores, the run's own CPU figure the threads' sum: the
    /// total wait.
    fn waited(cores: u32, looks: &[&[(i32, u64, u64)]]) -> Duration {
        let mut waits = Waits {
            cores,
            ..Waits::default()
        };
        let mut total = Duration::ZERO;
        for (k, threads) in looks.iter().enumerate() {
            let threads = threads_of(threads);
            let cpu = threads.iter().map(|t| t.cpu).sum();
            total = waits.add(&threads, cpu, ms(100 * (k as u64 + 1)), BUSY);
        }
        total
    }

    fn threads_of(threads: &[(i32, u64, u64)]) -> Vec<Thread> {
        threads
            .iter()
            .map(|&(id, cpu, delay)| Thread {
                id,
                cpu: ms(cpu),
                delay: ms(delay),
            })
            .collect()
    }

    #[test]
    fn a_single_threads_wait_counts_whole() {
        // 100 ms a look, a quarter of it on a CPU: 75 ms of each waited for one.
        assert_eq!(waited(2, &[&[(1, 25, 75)], &[(1, 50, 150)]]), ms(150));
    }

    #[test]
    fn threads_waiting_behind_their_own_siblings_count_nothing() {
        // Sixteen threads on two cores, nothing else running: each on a CPU an eighth of the
        // time, waiting the rest, the cores full.
        let look: Vec<(i32, u64, u64)> = (0..16).map(|id| (id, 25, 175)).collect();
        assert_eq!(waited(2, &[&[], &look]), Duration::ZERO);
    }

    #[test]
    fn two_threads_taking_turns_with_other_work_count_as_kept_from_running() {
        // Two threads on two cores beside two busy loops: each on a CPU half of 200 ms. Alone
        // they would have needed 100 ms: the other 100 ms is the busy loops' doing.
        assert_eq!(waited(2, &[&[], &[(1, 100, 100), (2, 100, 100)]]), ms(100));
    }

    /// A run whose main thread (25 ms on a CPU, 75 ms waiting for one, in the first 100 ms)
    /// then sleeps while processes no look sees use `unseen` ms of CPU time in the next 100
    /// ms, on one core, the CPUs as `cpus` (their count and idle time each look): the total
    /// wait.
    fn with_unseen_work(first: (u64, u64), unseen: u64, cpus: Option<(u32, Duration)>) -> Duration {
        let mut waits = Waits {
            cores: 1,
            ..Waits::default()
        };
        let main = threads_of(&[(1, first.0, first.1)]);
        waits.add(&main, ms(first.0), ms(100), cpus);
        waits.add(&main, ms(first.0 + unseen), ms(200), cpus)
    }

    #[test]
    fn work_no_look_saw_waited_as_the_run_s_seen_threads_did() {
        // Three busy loops on the CPU: the main thread waited 3 ms for each it ran, and so,
        // it is taken, did the 20 ms of processes that started and ended between the looks.
        assert_eq!(with_unseen_work((25, 75), 20, BUSY), ms(75) + ms(60));
        // Never longer than the time no thread seen was ready, less that work: 100 - 40.
        assert_eq!(with_unseen_work((25, 75), 40, BUSY), ms(75) + ms(60));
        // Nothing else running: no wait seen, none taken for the unseen.
        assert_eq!(with_unseen_work((100, 0), 20, BUSY), ms(0));
        // No figure beyond the threads' own, nothing unseen.
        assert_eq!(with_unseen_work((25, 75), 0, BUSY), ms(75));
        // A CPU the run may use was idle meanwhile: the unseen work could have run there at
        // once (a solution that sends its children to an idle CPU and sleeps is not waiting).
        assert_eq!(with_unseen_work((25, 75), 20, Some((1, ms(30)))), ms(75));
        // Two CPUs, idle 15 ms in all, the second held by the run's own work (90 ms of its
        // children sent there): other work did not fill all but one (200 - 15 - 90 < 100).
        assert_eq!(with_unseen_work((25, 75), 90, Some((2, ms(15)))), ms(75));
        // The same with other work on both: 10 ms taken, the time no thread seen was ready.
        assert_eq!(with_unseen_work((25, 75), 90, Some((1, ms(0)))), ms(85));
        // Where the CPUs are not known, nothing is taken.
        assert_eq!(with_unseen_work((25, 75), 20, None), ms(75));
    }

    #[test]
    fn work_unseen_before_any_thread_was_seen_waited_at_the_rate_found_later() {
        // A shim's forty processes come first, unseen (20 ms of CPU time in the first 100 ms);
        // then Python, seen, 25 ms on a CPU and 75 waiting: the rate it shows counts for the
        // shim's work too, once known.
        let mut waits = Waits {
            cores: 1,
            ..Waits::default()
        };
        assert_eq!(waits.add(&[], ms(20), ms(100), BUSY), ms(0));
        let python = threads_of(&[(1, 25, 75)]);
        assert_eq!(waits.add(&python, ms(45), ms(200), BUSY), ms(75) + ms(60));
    }

    #[test]
    fn a_thread_that_ended_between_looks_left_its_last_moments_unseen() {
        // The worker (3 ms waited for each it ran) ends after the first look; the run's figure
        // holds its last 20 ms, which no look saw, beside the main thread's 25 ms on a CPU and
        // 25 waiting. The run needed 45 ms alone in the second 100 ms, so the main thread's 50
        // ready count 5 as a wait; the unseen work's wait is taken at the rate seen so far
        // (80 / 50), 32 ms, but the time no thread seen was ready, less the unseen work, is
        // 100 - 50 - 20 = 30 ms.
        let mut waits = Waits {
            cores: 2,
            ..Waits::default()
        };
        let first = threads_of(&[(1, 0, 0), (2, 25, 75)]);
        waits.add(&first, ms(25), ms(100), BUSY);
        let then = threads_of(&[(1, 25, 25)]);
        let total = waits.add(&then, ms(25 + 25 + 20), ms(200), BUSY);
        assert_eq!(total, ms(75) + ms(5) + ms(30));
    }
}
