//! Building a run's box in its child, between fork and exec (see the parent module for what
//! the box is): the namespaces, the read-only mounts, the overlays and tmpfs, the input's copy
//! ([`Setup::enter`]), then the seal ([`Seal::seal`]): no capability, Landlock. Everything the
//! child uses is made before the fork; the child only makes system calls.

use super::{CARRIED, DEVICES, Walls, Way, beneath, init, overlay_path, unescape_octal, writes};
use crate::cli::sys;
use landlock::{
    ABI, Access, AccessFs, PathBeneath, Ruleset, RulesetAttr, RulesetCreated, RulesetCreatedAttr,
    Scope,
};
use rustix::fs::{Mode, OFlags};
use rustix::mount::{MountFlags, MountPropagationFlags};
use std::ffi::CString;
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Arc;

/// Everything the child needs to build its box, made before the fork: between fork and exec
/// it only makes system calls (unshare, open, write, mkdir, chmod, mount, sendfile, dup2,
/// chdir, prctl, capset, landlock's), with what is here.
pub(in crate::cli) struct Setup {
    way: Option<Way>,
    /// The user namespace's maps: the user and group mapped to themselves.
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
    /// The options of the run's two tmpfs: the hidden one that holds its writes and its input,
    /// and its /dev/shm; each of at most the run's memory guard.
    scratch_options: CString,
    shm_options: CString,
    /// /tmp's overlay options, where /tmp is overlaid, and the mounts beneath it.
    tmp: Option<CString>,
    tmp_beneath: Vec<CString>,
    /// The working directory, its overlay's options where it is overlaid, and its mode.
    cwd: Option<CString>,
    cwd_overlay: Option<(CString, u32)>,
    cwd_beneath: Vec<CString>,
    /// Whether every wall must be built (the probe's), or an overlay may be missed (a run's).
    strict: bool,
    /// Where standard input, a regular file, is copied to (see [`copy_input`]).
    input: CString,
    /// The machine's mount points, made read-only in the run's mount namespace before its own
    /// places are mounted: Landlock refuses writes, not a change of a file's mode, owner,
    /// times or attributes, which a read-only mount refuses. The control groups' file systems
    /// are left (the run enters its group after this; Landlock keeps it there).
    read_only: Vec<CString>,
    /// Whether the run gets a PID namespace of its own, with an init ([`init`]), and
    /// where hack's command line lies in memory, for the init to blank its copy.
    pid: bool,
    command_line: Option<(usize, usize)>,
    /// Whether the run gets a network namespace of its own: no network, as on a judge.
    net: bool,
    /// The pipe on which the init tells hack what wait4 on hack's child cannot (see
    /// `init::Told`): its writing end.
    report: Option<Arc<OwnedFd>>,
}

/// What seals a run's box, last before exec (see [`Seal::seal`]), made before the fork.
pub(in crate::cli) struct Seal {
    /// The run's own places, writable to it: /dev/shm, /tmp and the working directory, as
    /// far as they are its own.
    places: [Option<CString>; 3],
    /// Landlock's rules, made in the parent, completed in the child with its own places.
    ruleset: Option<RulesetCreated>,
    /// Whether the run gets a control group namespace of its own, rooted at its group (with
    /// namespaces): its /proc/self/cgroup says `0::/`, not hack's folder by name; and the
    /// control group trees are hidden under an empty tmpfs.
    cgroup_namespace: bool,
}

/// How building the box failed.
pub(in crate::cli) enum Made {
    /// A wall could not be built: the run must not start.
    Failed(io::Error),
}

impl From<io::Error> for Made {
    fn from(e: io::Error) -> Made {
        Made::Failed(e)
    }
}

impl From<rustix::io::Errno> for Made {
    fn from(e: rustix::io::Errno) -> Made {
        Made::Failed(e.into())
    }
}

/// The folders of the run's hidden tmpfs: /tmp's overlay's changes and work folder, the
/// working directory's, and the input's copy.
const TMP_UPPER: &std::ffi::CStr = c"/dev/shm/t";
const TMP_WORK: &std::ffi::CStr = c"/dev/shm/t.w";
const CWD_UPPER: &std::ffi::CStr = c"/dev/shm/c";
const CWD_WORK: &std::ffi::CStr = c"/dev/shm/c.w";
const INPUT: &std::ffi::CStr = c"/dev/shm/input";

impl Setup {
    /// What a run's child needs to build `walls`, its tmpfs of at most `bytes` each, and to
    /// seal them; without namespaces, its input is copied to `input`; with a PID namespace, the
    /// init tells hack on the pipe `report`.
    pub(in crate::cli) fn new(
        walls: &Walls,
        bytes: u64,
        scratch: Option<(&Path, &Path)>,
        report: Option<Arc<OwnedFd>>,
    ) -> (Setup, Seal) {
        let (uid, gid) = (
            rustix::process::geteuid().as_raw(),
            rustix::process::getegid().as_raw(),
        );
        // The kernel rounds the size up to pages, past 2^64 to nearly nothing.
        let size = bytes.min(1 << 60);
        let cstring = |bytes: Vec<u8>| CString::new(bytes).unwrap_or_default();
        let overlay = |lower: &[u8], upper: &std::ffi::CStr, work: &std::ffi::CStr| {
            let mut options = b"lowerdir=".to_vec();
            options.extend_from_slice(lower);
            options.extend_from_slice(b",upperdir=");
            options.extend_from_slice(upper.to_bytes());
            options.extend_from_slice(b",workdir=");
            options.extend_from_slice(work.to_bytes());
            cstring(options)
        };
        let cwd_overlay = walls.cwd.as_ref().map(|cwd| {
            let mode = std::fs::metadata(cwd).map_or(0o755, |m| {
                std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o7777
            });
            (overlay(&overlay_path(cwd), CWD_UPPER, CWD_WORK), mode)
        });
        let cwd = (walls.way.is_some())
            .then(|| std::env::current_dir().ok())
            .flatten()
            .map(|cwd| cstring(cwd.into_os_string().into_encoded_bytes()));
        let seal = Seal {
            places: [
                walls.way.map(|_| c"/dev/shm".to_owned()),
                (walls.way.is_some() && walls.tmp).then(|| c"/tmp".to_owned()),
                cwd_overlay.as_ref().and(cwd.clone()),
            ],
            ruleset: walls
                .landlock
                .and_then(|_| ruleset(scratch.map(|(folder, _)| folder))),
            cgroup_namespace: walls.way.is_some(),
        };
        let setup = Setup {
            way: walls.way,
            uid_map: format!("{uid} {uid} 1").into_bytes(),
            gid_map: format!("{gid} {gid} 1").into_bytes(),
            scratch_options: cstring(format!("size={size},mode=755").into_bytes()),
            shm_options: cstring(format!("size={size},mode=1777").into_bytes()),
            tmp: walls.tmp.then(|| overlay(b"/tmp", TMP_UPPER, TMP_WORK)),
            tmp_beneath: if walls.tmp {
                beneath(Path::new("/tmp"))
            } else {
                Vec::new()
            },
            cwd_beneath: walls.cwd.as_deref().map_or_else(Vec::new, beneath),
            strict: false,
            cwd,
            cwd_overlay,
            read_only: walls.way.map_or_else(Vec::new, |_| mount_points()),
            pid: walls.way.is_some() && walls.pid,
            net: walls.way.is_some() && walls.net,
            command_line: init::command_line(),
            report,
            input: match scratch {
                Some((_, input)) => cstring(input.as_os_str().as_bytes().to_vec()),
                None => INPUT.to_owned(),
            },
        };
        (setup, seal)
    }

    /// Builds the box's namespaces and mounts in the calling process, the child between fork
    /// and exec, and makes its standard input, if a regular file, a copy in its own tmpfs.
    /// System calls only: called between fork and exec.
    pub(in crate::cli) fn enter(&self) -> Result<(), Made> {
        let Some(way) = self.way else {
            return copy_input(&self.input);
        };
        use rustix::thread::UnshareFlags;
        let mut flags = match way {
            Way::Root => UnshareFlags::NEWNS | UnshareFlags::NEWIPC,
            Way::UserNamespace => {
                UnshareFlags::NEWUSER | UnshareFlags::NEWNS | UnshareFlags::NEWIPC
            }
        };
        if self.pid {
            flags |= UnshareFlags::NEWPID;
        }
        if self.net {
            flags |= UnshareFlags::NEWNET;
        }
        sys::unshare(flags)?;
        if way == Way::UserNamespace {
            // setgroups must be denied before a process without privilege maps its group.
            for (file, map) in [
                (c"/proc/self/setgroups", &b"deny"[..]),
                (c"/proc/self/uid_map", self.uid_map.as_slice()),
                (c"/proc/self/gid_map", self.gid_map.as_slice()),
            ] {
                write_whole(file, map)?;
            }
        }
        // Private first: a mount on a shared / would show in the machine's own tree.
        rustix::mount::mount_change(
            c"/",
            MountPropagationFlags::REC | MountPropagationFlags::PRIVATE,
        )?;
        for point in &self.read_only {
            read_only(point)?;
        }
        let tmpfs = |options: &std::ffi::CStr| {
            rustix::mount::mount(
                c"tmpfs",
                c"/dev/shm",
                c"tmpfs",
                MountFlags::NOSUID | MountFlags::NODEV,
                options,
            )
        };
        tmpfs(&self.scratch_options)?;
        // An overlay a run cannot have now, though the probe (`strict`) made one (a mount has
        // come beneath the folder since, over which a user namespace may not mount), leaves the
        // folder as the machine's: read-only, as every mount here is by now.
        let tmp = (self.tmp.as_ref()).map(|options| {
            overlay(
                c"/tmp",
                TMP_UPPER,
                TMP_WORK,
                0o1777,
                options,
                &self.tmp_beneath,
            )
        });
        let cwd = match (&self.cwd, &self.cwd_overlay) {
            (Some(cwd), Some((options, mode))) => Some(overlay(
                cwd,
                CWD_UPPER,
                CWD_WORK,
                *mode,
                options,
                &self.cwd_beneath,
            )),
            _ => None,
        };
        if self.strict {
            tmp.transpose()?;
            cwd.transpose()?;
        }
        copy_input(&self.input)?;
        // The run's own /dev/shm over the hidden tmpfs, which the overlays and the input hold.
        tmpfs(&self.shm_options)?;
        // The working directory as the new mounts show it (the old one is the machine's).
        if let Some(cwd) = &self.cwd {
            rustix::process::chdir(cwd.as_c_str())?;
        }
        if self.pid {
            // From here on in CMD's process alone, pid 2 of the run's namespace.
            init::start(self.command_line, self.report.as_deref().map(AsFd::as_fd))?;
            // A /proc of the namespace's own: the run's processes, by their numbers in it.
            rustix::mount::mount(
                c"proc",
                c"/proc",
                c"proc",
                MountFlags::NOSUID | MountFlags::NODEV | MountFlags::NOEXEC | MountFlags::RDONLY,
                c"",
            )?;
        }
        Ok(())
    }

    /// The same, every wall of it required: the probe's.
    pub(super) fn strict(mut self) -> Setup {
        self.strict = true;
        self
    }

    /// Whether a child builds this box, every step of it.
    pub(super) fn works(&self) -> bool {
        let child = match sys::fork() {
            Ok(Some(child)) => child,
            // The child makes only system calls (enter's).
            Ok(None) => sys::exit(if self.enter().is_ok() { 0 } else { 1 }),
            Err(_) => return false,
        };
        let pid = rustix::process::Pid::from_raw(child);
        loop {
            match rustix::process::waitpid(pid, rustix::process::WaitOptions::empty()) {
                Ok(Some((_, status))) => return status.exit_status() == Some(0),
                Err(rustix::io::Errno::INTR) => {}
                _ => return false,
            }
        }
    }
}

impl Seal {
    /// Seals the box, last before exec: the run's own places made writable to it and
    /// nothing else (Landlock), no capability, none to gain. System calls only.
    pub(in crate::cli) fn seal(&mut self) -> Result<(), Made> {
        if self.cgroup_namespace {
            sys::unshare(rustix::thread::UnshareFlags::NEWCGROUP)?;
            // The machine's control group trees, hack's groups named in them, out of sight:
            // an empty folder, as in a judge's box.
            if rustix::fs::access(c"/sys/fs/cgroup", rustix::fs::Access::EXISTS).is_ok() {
                rustix::mount::mount(
                    c"tmpfs",
                    c"/sys/fs/cgroup",
                    c"tmpfs",
                    MountFlags::RDONLY
                        | MountFlags::NOSUID
                        | MountFlags::NODEV
                        | MountFlags::NOEXEC,
                    c"size=0",
                )?;
            }
        }
        drop_capabilities();
        rustix::thread::set_no_new_privs(true)?;
        super::seccomp::install();
        let Some(mut ruleset) = self.ruleset.take() else {
            return Ok(());
        };
        // Opened here, after the mounts: the rules hold the run's own mounts, which nothing
        // outside its namespace reaches, never the machine's folders beneath them.
        for place in self.places.iter().flatten() {
            let fd = rustix::fs::open(
                place.as_c_str(),
                OFlags::PATH | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            ruleset = ruleset
                .add_rule(PathBeneath::new(fd.as_fd(), writes()))
                .map_err(|e| Made::Failed(io::Error::other(e.to_string())))?;
        }
        ruleset
            .restrict_self()
            .map_err(|e| Made::Failed(io::Error::other(e.to_string())))?;
        Ok(())
    }
}

/// Landlock's rules for a run: the devices writable; without namespaces, the run's own
/// `scratch` folder and the machine's /dev/shm too (POSIX shared memory and semaphores live
/// there). Made in the parent; the child adds its own places.
fn ruleset(scratch: Option<&Path>) -> Option<RulesetCreated> {
    let mut ruleset = Ruleset::default()
        .handle_access(writes())
        .ok()?
        .scope(Scope::from_all(ABI::V6))
        .ok()?
        .create()
        .ok()?;
    for device in DEVICES {
        if let Ok(fd) = landlock::PathFd::new(device) {
            ruleset = ruleset
                .add_rule(PathBeneath::new(
                    fd,
                    AccessFs::WriteFile | AccessFs::Truncate,
                ))
                .ok()?;
        }
    }
    if let Some(scratch) = scratch {
        for place in [scratch, Path::new("/dev/shm")] {
            if let Ok(fd) = landlock::PathFd::new(place) {
                ruleset = ruleset.add_rule(PathBeneath::new(fd, writes())).ok()?;
            }
        }
    }
    Some(ruleset)
}

/// The machine's mount points but the control groups' (see [`Setup::read_only`]), from
/// /proc/self/mountinfo, in its order (a mount before those on it).
fn mount_points() -> Vec<CString> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    mounts
        .lines()
        .filter_map(|line| {
            let point = line.split(' ').nth(4)?;
            let kind = line.split(" - ").nth(1)?.split(' ').next()?;
            let cgroups = matches!(kind, "cgroup" | "cgroup2");
            let point = unescape_octal(point).into_encoded_bytes();
            (!cgroups).then(|| CString::new(point).ok()).flatten()
        })
        .collect()
}

/// Makes the mount at `point` read-only, itself alone (the mounts on it are each made so in
/// turn), its other flags as they are (in a user namespace, a remount that would clear one
/// is refused). A point that is gone or that this namespace cannot see (another's) is passed
/// over. System calls only.
fn read_only(point: &std::ffi::CStr) -> Result<(), Made> {
    use rustix::mount::MountFlags;
    let kept = MountFlags::NOSUID
        | MountFlags::NODEV
        | MountFlags::NOEXEC
        | MountFlags::NOATIME
        | MountFlags::NODIRATIME
        | MountFlags::RELATIME
        | MountFlags::NOSYMFOLLOW;
    let done = rustix::fs::statvfs(point).and_then(|vfs| {
        // statvfs's ST_ flags have the values of the mount flags they name.
        let flags = MountFlags::from_bits_truncate(vfs.f_flag.bits() as _) & kept;
        let flags = flags | MountFlags::BIND | MountFlags::RDONLY;
        rustix::mount::mount_remount(point, flags, c"")
    });
    match done {
        Ok(()) => Ok(()),
        Err(rustix::io::Errno::NOENT)
        | Err(rustix::io::Errno::INVAL)
        | Err(rustix::io::Errno::NOTDIR)
        | Err(rustix::io::Errno::ACCESS) => Ok(()),
        Err(e) => Err(Made::Failed(e.into())),
    }
}

/// Mounts an overlay on `target`: the folder as it is below, its changes in `upper` (made
/// with `mode`, the overlay's root's), `work` its work folder; the mounts `beneath` it (at most
/// [`CARRIED`]) are carried over onto it, each tree cloned whole (read-only, as they were made).
fn overlay(
    target: &std::ffi::CStr,
    upper: &std::ffi::CStr,
    work: &std::ffi::CStr,
    mode: u32,
    options: &std::ffi::CStr,
    beneath: &[CString],
) -> Result<(), Made> {
    use rustix::mount::{MoveMountFlags, OpenTreeFlags};
    rustix::fs::mkdir(upper, Mode::from_raw_mode(0o700))?;
    rustix::fs::mkdir(work, Mode::from_raw_mode(0o700))?;
    rustix::fs::chmod(upper, Mode::from_raw_mode(mode))?;
    let mut clones: [Option<OwnedFd>; CARRIED] = [const { None }; CARRIED];
    let clone = OpenTreeFlags::OPEN_TREE_CLONE
        | OpenTreeFlags::AT_RECURSIVE
        | OpenTreeFlags::OPEN_TREE_CLOEXEC;
    for (slot, point) in clones.iter_mut().zip(beneath) {
        *slot = Some(rustix::mount::open_tree(
            rustix::fs::CWD,
            point.as_c_str(),
            clone,
        )?);
    }
    rustix::mount::mount(c"overlay", target, c"overlay", MountFlags::empty(), options)?;
    for (slot, point) in clones.iter().zip(beneath) {
        if let Some(tree) = slot {
            let to = point.as_c_str();
            rustix::mount::move_mount(
                tree,
                c"",
                rustix::fs::CWD,
                to,
                MoveMountFlags::MOVE_MOUNT_F_EMPTY_PATH,
            )?;
        }
    }
    Ok(())
}

/// Makes standard input, where it is a regular file (a game), a copy at `path` (the run's
/// hidden tmpfs, or beside its scratch folder): a plain file, as a judge gives it (not an
/// anonymous one in memory, which a program could tell apart by its name).
fn copy_input(path: &std::ffi::CStr) -> Result<(), Made> {
    let stdin = rustix::stdio::stdin();
    let stat = rustix::fs::fstat(stdin)?;
    if rustix::fs::FileType::from_raw_mode(stat.st_mode) != rustix::fs::FileType::RegularFile {
        return Ok(());
    }
    let copy = rustix::fs::open(
        path,
        OFlags::RDWR | OFlags::CREATE | OFlags::EXCL | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o644),
    )?;
    let mut offset = 0u64;
    let size = stat.st_size as u64;
    while offset < size {
        let left = (size - offset).min(1 << 30) as usize;
        match rustix::fs::sendfile(&copy, stdin, Some(&mut offset), left) {
            Ok(0) => break,
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
    drop(copy);
    // Opened anew for reading only, as a judge opens the input: not for writing.
    let input = rustix::fs::open(path, OFlags::RDONLY | OFlags::CLOEXEC, Mode::empty())?;
    rustix::stdio::dup2_stdin(&input)?;
    Ok(())
}

/// Drops every capability the process holds, from its bounding set too, and locks root's
/// special powers off, so that CMD, even run by root, execs with none and can gain none.
/// System calls only; a process that holds none (a user's) keeps what it has: nothing.
fn drop_capabilities() {
    use rustix::thread::{CapabilitiesSecureBits as Bits, CapabilitySet, CapabilitySets};
    for bit in 0..64 {
        let _ = rustix::thread::remove_capability_from_bounding_set(
            CapabilitySet::from_bits_retain(1 << bit),
        );
    }
    let _ = rustix::thread::set_capabilities_secure_bits(
        Bits::NO_ROOT
            | Bits::NO_ROOT_LOCKED
            | Bits::NO_SETUID_FIXUP
            | Bits::NO_SETUID_FIXUP_LOCKED
            | Bits::KEEP_CAPS_LOCKED
            | Bits::NO_CAP_AMBIENT_RAISE
            | Bits::NO_CAP_AMBIENT_RAISE_LOCKED,
    );
    let _ = rustix::thread::clear_ambient_capability_set();
    let none = CapabilitySet::empty();
    let _ = rustix::thread::set_capabilities(
        None,
        CapabilitySets {
            effective: none,
            permitted: none,
            inheritable: none,
        },
    );
}

/// Writes `bytes` to the file `path` in one write. System calls only.
fn write_whole(path: &std::ffi::CStr, bytes: &[u8]) -> Result<(), Made> {
    let fd: OwnedFd = rustix::fs::open(path, OFlags::WRONLY | OFlags::CLOEXEC, Mode::empty())?;
    let written = rustix::io::write(&fd, bytes)?;
    if written != bytes.len() {
        return Err(Made::Failed(io::Error::from(io::ErrorKind::WriteZero)));
    }
    Ok(())
}
