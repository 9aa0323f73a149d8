//! A run's control group, as isolate's `cg.c` keeps one: prepare (mkdir), enter (the child
//! writes itself into `cgroup.procs` before exec), usage (`cpu.stat`, `cpu.pressure`, the
//! memory peak), kill (`cgroup.kill`) and remove (rmdir).
//!
//! The group is a cgroup v2 one (its CPU time covers every thread of every process, its
//! pressure the time all of them waited for a CPU, and `cgroup.kill` ends every process
//! however it detached), with its memory from v2's `memory.peak` where the memory controller
//! is there, else from a cgroup v1 memory group that the run enters as well
//! (`memory.max_usage_in_bytes`). Every run's group lies under one folder of this hack, made
//! in hack's own group, which the guard empties and removes if hack dies (see `guard`): hack
//! may write there as root, or as a user whose group is delegated to it (systemd does so for
//! a user's own subtree of cgroup v2; a v1 memory group, an administrator chowns).

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The variable that makes hack measure through /proc even where it could have control
/// groups: how the fallback is tested on a machine that has them.
const NO_CGROUP: &str = "CONSTRAINED_NIM_NO_CGROUP";

/// What an ended run may leave charged to its group for the group to serve the next run: a
/// few pages the kernel holds for it (its per-CPU batches of charges, a few of its kernel
/// objects). A run that left more (the page cache of the files it wrote or first read, files
/// in a shared /dev/shm) leaves its group, charge and all, to hack's folder.
const NEARLY_NOTHING: u64 = 1 << 20;

/// This hack's folders: every run's group is made in them.
struct Bases {
    /// In the cgroup v2 hierarchy.
    v2: PathBuf,
    /// In the cgroup v1 memory hierarchy, when v2 has no memory controller here.
    v1_memory: Option<PathBuf>,
    /// Where hack moved itself for its runs to have v2's memory controller.
    moved: Option<Moved>,
}

/// hack's own v2 group, which held hack alone, and the leaf beside hack's folder that hack
/// moved to: v2 gives a group's children a controller only while the group (not the root)
/// holds no process of its own.
struct Moved {
    own: PathBuf,
    leaf: PathBuf,
}

/// The folders, made at the first call; `None` where no group can be made (no cgroup v2 with
/// `cgroup.kill`, no memory accounting, no right to write there) or [`NO_CGROUP`] is set.
fn bases() -> Option<&'static Bases> {
    static BASES: OnceLock<Option<Bases>> = OnceLock::new();
    BASES
        .get_or_init(|| {
            if std::env::var_os(NO_CGROUP).is_some() {
                return None;
            }
            Bases::make()
        })
        .as_ref()
}

impl Bases {
    /// Makes this hack's folders in its own groups, with a memory controller: v2's where it
    /// is delegated to hack's own group, else a v1 memory group.
    fn make() -> Option<Bases> {
        let name = format!("constrained-nim-{}", std::process::id());
        let own = own_group("0", "")?;
        let mut bases = Bases {
            v2: own.join(&name),
            v1_memory: None,
            moved: None,
        };
        // Not hack's to write (not root, nothing delegated): the runs are counted from /proc.
        std::fs::create_dir(&bases.v2).ok()?;
        if !bases.v2.join("cgroup.kill").exists() {
            bases.remove();
            return None;
        }
        if bases.memory_in_v2(&own, &name) {
            return Some(bases);
        }
        match own_group("", "memory").map(|g| g.join(&name)) {
            Some(v1) if std::fs::create_dir(&v1).is_ok() => {
                bases.v1_memory = Some(v1);
                Some(bases)
            }
            _ => {
                bases.remove();
                None
            }
        }
    }

    /// Whether the runs' groups have v2's memory controller: enabled for the children of
    /// hack's own group `own` and of its folder, where `own` has it. A group other than the
    /// root with processes of its own cannot enable it: where hack is alone in `own`, it
    /// moves to a leaf beside its folder first (`NAME-hack`), and back at its end.
    fn memory_in_v2(&mut self, own: &Path, name: &str) -> bool {
        let lists = |dir: &Path, file: &str| {
            std::fs::read_to_string(dir.join(file))
                .is_ok_and(|c| c.split_whitespace().any(|c| c == "memory"))
        };
        if !lists(own, "cgroup.controllers") {
            return false;
        }
        let enable = |dir: &Path| std::fs::write(dir.join("cgroup.subtree_control"), "+memory");
        let in_own = lists(own, "cgroup.subtree_control")
            || enable(own).is_ok()
            || (self.leave(own, name) && enable(own).is_ok());
        if in_own && (enable(&self.v2).is_ok() || lists(&self.v2, "cgroup.subtree_control")) {
            return true;
        }
        self.come_back();
        self.moved = None;
        false
    }

    /// Moves hack from `own`, where it is alone, to a new leaf beside its folder.
    fn leave(&mut self, own: &Path, name: &str) -> bool {
        let procs = std::fs::read_to_string(own.join("cgroup.procs")).unwrap_or_default();
        if procs
            .split_whitespace()
            .ne([std::process::id().to_string().as_str()])
        {
            return false;
        }
        let leaf = own.join(format!("{name}-hack"));
        if std::fs::create_dir(&leaf).is_err() {
            return false;
        }
        self.moved = Some(Moved {
            own: own.to_owned(),
            leaf,
        });
        self.moved
            .as_ref()
            .is_some_and(|m| std::fs::write(m.leaf.join("cgroup.procs"), "0").is_ok())
    }

    /// Gives `own` its memory controller back and moves hack, and the guard it started, back
    /// there from their leaf, which it removes (after hack's SIGKILL, the leaf and the
    /// controller stay: systemd removes a delegated group's subtree with its unit).
    fn come_back(&self) {
        let Some(moved) = &self.moved else {
            return;
        };
        let _ = std::fs::write(moved.own.join("cgroup.subtree_control"), "-memory");
        let procs = std::fs::read_to_string(moved.leaf.join("cgroup.procs")).unwrap_or_default();
        // One process a write.
        for pid in procs.split_whitespace() {
            let _ = std::fs::write(moved.own.join("cgroup.procs"), pid);
        }
        let _ = std::fs::remove_dir(&moved.leaf);
    }

    /// Removes the folders (every run's group gone) and brings hack back to its own group.
    fn remove(&self) {
        for base in std::iter::once(&self.v2).chain(&self.v1_memory) {
            let _ = std::fs::remove_dir(base);
        }
        self.come_back();
    }
}

/// The folder of this process's own group in a hierarchy, from /proc/self/cgroup: v2's line
/// (`id` "0", no controllers) or the v1 line naming `controller`.
fn own_group(id: &str, controller: &str) -> Option<PathBuf> {
    let lines = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let (mount, path) = lines.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (number, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let v2 = !id.is_empty() && number == id && controllers.is_empty();
        let v1 = !controller.is_empty() && controllers.split(',').any(|c| c == controller);
        (v2 || v1).then(|| (mount_of(v2, controller), path.to_owned()))
    })?;
    let mount = mount?;
    Some(mount.join(path.trim_start_matches('/')))
}

/// Where the hierarchy is mounted, from /proc/self/mounts: the cgroup2 mount, or the cgroup
/// mount with `controller` among its options.
fn mount_of(v2: bool, controller: &str) -> Option<PathBuf> {
    let mounts = std::fs::read_to_string("/proc/self/mounts").ok()?;
    mounts.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (point, kind, options) = (fields.get(1)?, fields.get(2)?, fields.get(3)?);
        let fits = if v2 {
            *kind == "cgroup2"
        } else {
            *kind == "cgroup" && options.split(',').any(|o| o == controller)
        };
        fits.then(|| PathBuf::from(point))
    })
}

/// Which control groups hack measures by, in words for a report; `None`: none, /proc.
pub(crate) fn which() -> Option<&'static str> {
    match bases() {
        Some(bases) if bases.v1_memory.is_some() => Some("a control group (cgroup v2, v1 memory)"),
        Some(_) => Some("a control group (cgroup v2)"),
        None => None,
    }
}

/// The folders the guard empties and removes if hack dies.
pub(crate) fn base_folders() -> Vec<PathBuf> {
    bases().map_or_else(Vec::new, |b| {
        std::iter::once(b.v2.clone())
            .chain(b.v1_memory.clone())
            .collect()
    })
}

/// Removes this hack's folders at its orderly end, with the idle groups in them (every run
/// has ended by then), and brings hack back to its own group if it left it.
pub(crate) fn remove_bases() {
    for group in std::mem::take(&mut *IDLE.lock().unwrap_or_else(|p| p.into_inner())) {
        group.remove();
    }
    if let Some(bases) = bases() {
        bases.remove();
    }
}

/// One run's group.
pub(super) struct Cgroup {
    v2: PathBuf,
    v1_memory: Option<PathBuf>,
    /// The `cgroup.procs` files the child writes itself into, made before the fork.
    procs: Vec<CString>,
    /// The CPU time and stall earlier runs in the group used.
    cpu_from: Duration,
    stalled_from: Duration,
    /// What was charged to it when its run began: at most [`NEARLY_NOTHING`], not the run's.
    peak_from: u64,
}

/// Groups that ended runs left empty, nearly nothing charged to them, for the next runs.
static IDLE: Mutex<Vec<Cgroup>> = Mutex::new(Vec::new());

/// What a run's group has used so far.
pub(super) struct Used {
    pub(super) cpu: Duration,
    /// How long every process of it waited for a CPU at once (`cpu.pressure`'s full total).
    pub(super) stalled: Duration,
    /// Its memory peak, every process counted.
    pub(super) peak: u64,
}

impl Cgroup {
    /// A run's group, whose memory a runaway cannot take past `guard` bytes: one that an
    /// earlier run left empty with nearly nothing charged (making a v1 memory group costs
    /// milliseconds), or a new one; `None` where hack has no control groups.
    pub(super) fn prepare(guard: u64) -> Option<Cgroup> {
        bases()?;
        let idle = IDLE.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let mut group = match idle {
            Some(group) => group,
            None => Cgroup::make()?,
        };
        match &group.v1_memory {
            Some(v1) => {
                let _ = std::fs::write(v1.join("memory.limit_in_bytes"), guard.to_string());
            }
            None => {
                let _ = std::fs::write(group.v2.join("memory.max"), guard.to_string());
            }
        }
        // What earlier runs in it used is not this run's: read whole, from zero.
        group.cpu_from = Duration::ZERO;
        group.stalled_from = Duration::ZERO;
        group.peak_from = 0;
        let before = group.used();
        group.cpu_from = before.cpu;
        group.stalled_from = before.stalled;
        group.peak_from = group.charged();
        Some(group)
    }

    /// Makes a new group.
    fn make() -> Option<Cgroup> {
        static RUNS: AtomicU64 = AtomicU64::new(0);
        let bases = bases()?;
        let name = format!("run-{}", RUNS.fetch_add(1, Ordering::Relaxed));
        let v2 = bases.v2.join(&name);
        std::fs::create_dir(&v2).ok()?;
        let v1_memory = bases.v1_memory.as_ref().map(|b| b.join(&name));
        let mut group = Cgroup {
            v2,
            v1_memory: None,
            procs: Vec::new(),
            cpu_from: Duration::ZERO,
            stalled_from: Duration::ZERO,
            peak_from: 0,
        };
        if let Some(v1) = v1_memory {
            if std::fs::create_dir(&v1).is_err() {
                group.remove();
                return None;
            }
            group.v1_memory = Some(v1);
        }
        group.procs = std::iter::once(&group.v2)
            .chain(&group.v1_memory)
            .filter_map(|dir| CString::new(dir.join("cgroup.procs").as_os_str().as_bytes()).ok())
            .collect();
        Some(group)
    }
}

/// The `cgroup.procs` files of a run's group, for the child to enter it.
pub(in crate::cli) struct Entry {
    procs: Vec<CString>,
}

impl Entry {
    /// Moves the calling process into the group: called in the child between fork and exec,
    /// so that everything it runs is in it from its first instruction. Async-signal-safe:
    /// open, write, close.
    pub(in crate::cli) fn enter(&self) -> std::io::Result<()> {
        use rustix::fs::{Mode, OFlags};
        for procs in &self.procs {
            // "0" is the writer.
            let file = rustix::fs::open(
                procs.as_c_str(),
                OFlags::WRONLY | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            if rustix::io::write(&file, b"0")? != 1 {
                return Err(std::io::ErrorKind::WriteZero.into());
            }
        }
        Ok(())
    }
}

impl Cgroup {
    /// What the child needs to enter the group, to be moved into its closure.
    pub(super) fn entry(&self) -> Entry {
        Entry {
            procs: self.procs.clone(),
        }
    }

    /// What the group has used so far.
    pub(super) fn used(&self) -> Used {
        let usec = |file: &str, key: &str| {
            let text = std::fs::read_to_string(self.v2.join(file)).unwrap_or_default();
            text.lines()
                .find_map(|line| {
                    let mut words = line.split_whitespace();
                    (words.next() == Some(key)).then(|| {
                        words
                            .find_map(|w| w.strip_prefix("total="))
                            .or_else(|| line.split_whitespace().nth(1))
                            .and_then(|n| n.parse::<u64>().ok())
                    })?
                })
                .unwrap_or(0)
        };
        let peak_file = match &self.v1_memory {
            Some(v1) => v1.join("memory.max_usage_in_bytes"),
            None => self.v2.join("memory.peak"),
        };
        Used {
            cpu: Duration::from_micros(usec("cpu.stat", "usage_usec"))
                .saturating_sub(self.cpu_from),
            stalled: Duration::from_micros(usec("cpu.pressure", "full"))
                .saturating_sub(self.stalled_from),
            peak: number(&peak_file).saturating_sub(self.peak_from),
        }
    }

    /// The memory charged to the group now.
    fn charged(&self) -> u64 {
        number(&match &self.v1_memory {
            Some(v1) => v1.join("memory.usage_in_bytes"),
            None => self.v2.join("memory.current"),
        })
    }

    /// The processes in the group now.
    pub(super) fn members(&self) -> Vec<i32> {
        std::fs::read_to_string(self.v2.join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }

    /// Kills every process in the group, however it detached.
    pub(super) fn kill(&self) {
        let _ = std::fs::write(self.v2.join("cgroup.kill"), "1");
    }

    /// Ends the group's run: kills what is left and, once it is empty (a moment) with nearly
    /// nothing charged to it, keeps it for the next run, its memory peak set back to what it
    /// holds now. A v1 group that holds more (the page cache of files the run wrote or first
    /// read, its files in a shared /dev/shm) is removed: its charge goes to hack's folder and
    /// the next run starts from nothing. (`memory.force_empty` would empty it by dropping
    /// that page cache: a file the run read, its interpreter's libraries too, would then be
    /// read from the disk again by the next run, in its time.) A v2 memory group, whose peak
    /// cannot be set back, or one that does not empty, is removed.
    pub(super) fn release(self) {
        self.kill();
        let until = Instant::now() + Duration::from_millis(100);
        while !self.members().is_empty() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(1));
        }
        let empty = self.members().is_empty();
        if let Some(v1) = self.v1_memory.as_ref().filter(|_| empty)
            && self.charged() <= NEARLY_NOTHING
            && std::fs::write(v1.join("memory.max_usage_in_bytes"), "0").is_ok()
        {
            IDLE.lock().unwrap_or_else(|p| p.into_inner()).push(self);
            return;
        }
        self.remove();
    }

    /// Kills what is left, waits for the group to empty (a moment) and removes it. Zombies of
    /// processes handed to hack (the subreaper) are reaped by hack's sweep, not here.
    fn remove(&self) {
        self.kill();
        let until = Instant::now() + Duration::from_secs(2);
        for dir in std::iter::once(&self.v2).chain(&self.v1_memory) {
            while std::fs::remove_dir(dir).is_err() && dir.exists() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// The number a control group's file holds, or 0.
fn number(file: &Path) -> u64 {
    std::fs::read_to_string(file)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(0)
}
