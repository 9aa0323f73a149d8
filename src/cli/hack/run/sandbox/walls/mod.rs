//! The walls of a run's box, as a judge's box has them. The run writes only in places of its
//! own that go with it: its working directory and /tmp, each an overlay whose changes live in a
//! tmpfs of the run's own (the mounts beneath them carried over, read-only), and a /dev/shm of
//! its own. The rest of the file system, the user's tests, `--save` and `--out` among it, is
//! read-only to it: Landlock refuses writes, and the machine's mounts are read-only in its mount
//! namespace, which refuses a change of mode, owner or times too. Its SysV memory lives in an
//! IPC namespace of its own and dies with its last process. It holds no capability and can gain
//! none (`no_new_privs`, an empty bounding set, root's special powers locked off), so it can
//! neither leave its control group nor write to `/proc/sys`; Landlock also keeps it from
//! signalling anything outside its box. Its standard input is a plain file, opened for reading;
//! its control group namespace is its own, the machine's control group trees hidden. It has a
//! PID namespace of its own, under an init that names nothing of hack's (`init`), and a network
//! namespace (no network); seccomp refuses it sockets of the file system's kind and the key
//! rings, which no namespace holds (`seccomp`).
//!
//! What this machine gives is found once, by building a box in a throwaway child, and said in
//! every report ([`Walls::words`]). Without namespaces (an unprivileged user where user
//! namespaces are refused) the run writes in a scratch folder of its own on disk (its `TMPDIR`),
//! removed after it; without Landlock or without namespaces, the user's files are watched
//! (`watch`), and the report says what a missing wall means.

mod build;
mod init;
mod seccomp;

pub(in crate::cli) use build::{Made, Setup};
pub(in crate::cli) use init::Told;
use landlock::{ABI, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr, Scope};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The variable that makes hack leave the runs without namespaces of their own even where it
/// could give them: how the other ways are tested on a machine that allows all.
const NO_NAMESPACES: &str = "CONSTRAINED_NIM_NO_NAMESPACES";

/// The variable that makes hack leave Landlock out: how the check of the user's files that
/// stands in for it is tested on a machine that has it.
const NO_LANDLOCK: &str = "CONSTRAINED_NIM_NO_LANDLOCK";

/// How a run gets namespaces of its own (mount and IPC): root makes them itself; another user
/// inside a user namespace of the run's own, where it keeps its own user and group (mapped to
/// themselves).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::cli) enum Way {
    Root,
    UserNamespace,
}

/// What Landlock gives on this machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::cli) struct Landlock {
    /// Whether signals to processes outside the box are refused (Landlock ABI 6, Linux 6.12).
    pub(in crate::cli) signals: bool,
}

/// What this machine gives each run, found once.
#[derive(Debug)]
pub(in crate::cli) struct Walls {
    /// Namespaces of the run's own, and a tmpfs of its own for what it writes.
    pub(in crate::cli) way: Option<Way>,
    /// Whether /tmp is overlaid: the run reads the machine's, its writes are its own.
    pub(in crate::cli) tmp: bool,
    /// The working directory, where it is overlaid as /tmp is (not `/`, not one with a mount
    /// beneath it).
    pub(in crate::cli) cwd: Option<PathBuf>,
    /// Whether the working directory can be written in by the run (overlaid, itself or with
    /// /tmp).
    pub(in crate::cli) cwd_writable: bool,
    /// Landlock, where this machine has it.
    pub(in crate::cli) landlock: Option<Landlock>,
    /// Whether the run has a PID namespace of its own (with namespaces): it sees its own
    /// processes alone, hack's and the user's not at all, and its parent is the box's init.
    pub(in crate::cli) pid: bool,
    /// Whether the run has a network namespace of its own (with namespaces): no network.
    pub(in crate::cli) net: bool,
}

/// The walls this machine gives, found at the first call.
pub(in crate::cli) fn walls() -> &'static Walls {
    static WALLS: OnceLock<Walls> = OnceLock::new();
    WALLS.get_or_init(Walls::find)
}

/// The access rights that write: what Landlock refuses outside the run's own places. (Reading
/// and running programs are left alone: CMD reads what it needs where it is.)
fn writes() -> landlock::BitFlags<AccessFs> {
    AccessFs::from_write(ABI::V4)
}

/// The devices a program writes to as a sink or a source of bytes: writable in every box.
const DEVICES: [&str; 5] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

impl Walls {
    fn find() -> Walls {
        let landlock = find_landlock();
        let cwd = std::env::current_dir().ok();
        if std::env::var_os(NO_NAMESPACES).is_none() {
            for way in [Way::Root, Way::UserNamespace] {
                if let Some(walls) = Walls::try_way(way, cwd.as_deref(), landlock) {
                    return walls;
                }
            }
        }
        Walls {
            way: None,
            tmp: false,
            cwd: None,
            cwd_writable: false,
            landlock,
            pid: false,
            net: false,
        }
    }

    /// The walls `way` gives, found by building them in a throwaway child: namespaces and the
    /// run's tmpfs first (nothing without them), then /tmp's overlay, then the working
    /// directory's, each kept only if it works.
    fn try_way(way: Way, cwd: Option<&Path>, landlock: Option<Landlock>) -> Option<Walls> {
        let mut walls = Walls {
            way: Some(way),
            tmp: false,
            cwd: None,
            cwd_writable: false,
            landlock,
            pid: true,
            net: true,
        };
        let works = |walls: &Walls| {
            let (setup, _) = Setup::new(walls, 1 << 20, None, None);
            setup.strict().works()
        };
        // A network namespace may be refused (a limit of them set to 0), and a PID namespace
        // needs a /proc of its own, which the kernel may refuse (a /proc with parts hidden
        // under other mounts, in a container, as a user without privilege).
        let mut found = false;
        for (pid, net) in [(true, true), (true, false), (false, false)] {
            (walls.pid, walls.net) = (pid, net);
            if works(&walls) {
                found = true;
                break;
            }
        }
        if !found {
            return None;
        }
        // An overlay shows its lower folder's files, not the mounts beneath it.
        walls.tmp = overlayable(Path::new("/tmp"));
        if walls.tmp && !works(&walls) {
            walls.tmp = false;
        }
        // A working directory under an overlaid /tmp is overlaid itself all the same: written
        // through /tmp's overlay, a folder on the way that another user owns could not be
        // copied up in a user namespace (EOVERFLOW), and a right solution would crash.
        let under_tmp = cwd.is_some_and(|cwd| walls.tmp && cwd.starts_with("/tmp"));
        walls.cwd_writable = under_tmp;
        if let Some(cwd) = cwd.filter(|cwd| overlayable(cwd)) {
            walls.cwd = Some(cwd.to_path_buf());
            if works(&walls) {
                walls.cwd_writable = true;
            } else {
                walls.cwd = None;
            }
        }
        Some(walls)
    }

    /// The box in words, for the report's line: what it has, and what a missing wall means.
    pub(in crate::cli) fn words(&self) -> String {
        let mut has = Vec::new();
        if self.landlock.is_some() {
            has.push("Landlock".to_owned());
        }
        if self.way.is_some() {
            has.push("read-only mounts".to_owned());
            has.push("its own IPC namespace".to_owned());
            if self.pid {
                has.push("its own PID namespace".to_owned());
            }
            if self.net {
                has.push("no network".to_owned());
            }
            let mut own = vec!["/dev/shm"];
            if self.tmp {
                own.push("/tmp");
            }
            if self.cwd_writable {
                own.push("working directory");
            }
            has.push(format!("its own {}", list(&own)));
        } else {
            has.push("a scratch TMPDIR".to_owned());
        }
        has.push("no capabilities".to_owned());
        let mut lacks = Vec::new();
        let checked = "your test files, --save and --out are checked after each run";
        match (self.landlock, self.way) {
            (Some(landlock), Some(_)) if !landlock.signals => lacks.push(
                "without Landlock's signal scope (Linux 6.12): a run could signal your processes"
                    .to_owned(),
            ),
            (Some(_), Some(_)) => {}
            (None, Some(_)) => lacks.push(format!(
                "without Landlock (Linux 5.13): a run could signal your processes and, run as root, leave its control group; {checked}"
            )),
            (Some(_), None) => lacks.push(format!(
                "without namespaces: a run could change your files' modes, owners and times, which Landlock does not cover ({checked}), and it shares /dev/shm"
            )),
            (None, None) => lacks.push(format!(
                "without Landlock or namespaces: a run could write where you may ({checked}), signal your processes and, run as root, leave its control group and write /proc/sys"
            )),
        }
        if self.way.is_none() || !self.pid {
            lacks.push("without a PID namespace: a run sees hack's processes and yours".to_owned());
        }
        if self.way.is_none() || !self.net {
            lacks.push("without a network namespace: a run could reach the network".to_owned());
        }
        match self.way {
            Some(_) if !self.cwd_writable => {
                lacks.push("the working directory read-only to it".to_owned())
            }
            Some(_) => {}
            None => lacks.push(
                "/tmp and the working directory read-only to it, SysV memory its processes made removed after it (not its queues or semaphores), /dev/shm not private"
                    .to_owned(),
            ),
        }
        let mut words = format!("a private box: {}", has.join(", "));
        for lack in lacks {
            words.push_str("; ");
            words.push_str(&lack);
        }
        words
    }

    /// Whether a run is kept from your files whole: Landlock for writes, read-only mounts for
    /// modes, owners and times. Where not, they are watched (see `watch`).
    pub(in crate::cli) fn keeps_files(&self) -> bool {
        self.landlock.is_some() && self.way.is_some()
    }
}

/// The folder on disk that holds the runs' scratch folders where the box has no tmpfs of its
/// own (no namespaces): made at the first call in the system's temporary folder, named as
/// `mktemp -d` names its folders (a run sees it as its `TMPDIR`), readable by its user alone;
/// removed at hack's end, and by the guard should hack die. `None` where it cannot be made.
pub(in crate::cli) fn scratch_base() -> Option<&'static Path> {
    static BASE: OnceLock<Option<PathBuf>> = OnceLock::new();
    BASE.get_or_init(|| {
        use std::os::unix::fs::DirBuilderExt;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!("tmp.{:x}{nanos:x}", std::process::id());
        let base = std::env::temp_dir().join(name);
        std::fs::DirBuilder::new().mode(0o700).create(&base).ok()?;
        Some(base)
    })
    .as_deref()
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Whether Landlock works here ([`NO_LANDLOCK`] unset), and whether it scopes signals.
fn find_landlock() -> Option<Landlock> {
    if std::env::var_os(NO_LANDLOCK).is_some() {
        return None;
    }
    let strict = || Ruleset::default().set_compatibility(CompatLevel::HardRequirement);
    let works = strict()
        .handle_access(AccessFs::from_write(ABI::V1))
        .and_then(|ruleset| ruleset.create())
        .is_ok();
    let signals = strict()
        .scope(Scope::Signal)
        .and_then(|ruleset| ruleset.create())
        .is_ok();
    works.then_some(Landlock { signals })
}

/// Whether the folder `dir` can be overlaid: not `/`, and at most [`CARRIED`] mounts beneath it
/// to carry over onto the overlay (see [`beneath`]).
fn overlayable(dir: &Path) -> bool {
    dir != Path::new("/") && beneath(dir).len() <= CARRIED
}

/// At most this many mounts beneath an overlaid folder are carried over onto it.
const CARRIED: usize = 16;

/// The mounts strictly beneath `dir`, the outermost of each tree (those under them go with
/// them): an overlay shows its lower folder's files, not what is mounted there, so these are
/// carried over onto it (see [`overlay`]).
fn beneath(dir: &Path) -> Vec<CString> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    // The fifth field is the mount point, with spaces and the like as octal escapes.
    let under: Vec<PathBuf> = (mounts.lines())
        .filter_map(|line| line.split(' ').nth(4))
        .map(|point| PathBuf::from(unescape_octal(point)))
        .filter(|point| {
            point
                .strip_prefix(dir)
                .is_ok_and(|rest| !rest.as_os_str().is_empty())
        })
        .collect();
    let mut outermost: Vec<&PathBuf> = (under.iter())
        .filter(|point| {
            !under
                .iter()
                .any(|other| other != *point && point.starts_with(other))
        })
        .collect();
    outermost.sort();
    outermost.dedup();
    (outermost.into_iter())
        .filter_map(|point| CString::new(point.as_os_str().as_bytes()).ok())
        .collect()
}

/// A mount point as /proc/self/mountinfo writes it, its `\040`-style escapes undone.
fn unescape_octal(text: &str) -> std::ffi::OsString {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        let octal = bytes
            .get(k + 1..k + 4)
            .filter(|d| d.iter().all(|b| (b'0'..=b'7').contains(b)));
        match (bytes[k], octal) {
            (b'\\', Some(d)) => {
                out.push((d[0] - b'0') * 64 + (d[1] - b'0') * 8 + (d[2] - b'0'));
                k += 4;
            }
            (b, _) => {
                out.push(b);
                k += 1;
            }
        }
    }
    std::ffi::OsString::from(std::ffi::OsStr::from_bytes(&out))
}

/// A path as an overlay's option takes it: `\`, `,` and `:` escaped.
fn overlay_path(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in path.as_os_str().as_bytes() {
        if matches!(b, b'\\' | b',' | b':') {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{overlay_path, unescape_octal};
    use std::path::Path;

    #[test]
    fn a_mount_point_with_a_space_reads_as_written() {
        assert_eq!(unescape_octal("/home/a\\040b"), "/home/a b");
        assert_eq!(unescape_octal("/plain"), "/plain");
        // A backslash not followed by three octal digits stays.
        assert_eq!(unescape_octal("/a\\9"), "/a\\9");
    }

    #[test]
    fn an_overlay_option_escapes_its_separators() {
        assert_eq!(overlay_path(Path::new("/a,b:c\\d")), b"/a\\,b\\:c\\\\d");
    }
}
