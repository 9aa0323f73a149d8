//! Confining the process a run starts, between fork and exec: it dies with hack, has the
//! judge's environment and stack, no open file beyond its standard three, a /dev/shm of its
//! own where hack may make one, and leaves no core file. Its memory is the sandbox's to watch
//! (an address-space cap would count reserved memory, which the judge does not).

use std::ffi::CString;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::OnceLock;

/// The largest address-space limit this process may give its children: the hard RLIMIT_AS.
pub(in crate::cli) fn memory_ceiling() -> u64 {
    hard_limit(libc::RLIMIT_AS)
}

/// The room one run has: memory (a guard against a runaway) and stack, in bytes.
#[derive(Clone, Copy, Debug)]
pub(in crate::cli) struct Room {
    /// The memory of the whole run, every process together, at which its sandbox kills it as
    /// a runaway: resident memory only, so that reserved and untouched memory (a thread's
    /// stack of --stack bytes) is free, as on the judge.
    pub(in crate::cli) space: u64,
    /// RLIMIT_STACK: the main thread's stack follows it at exec, as on the judge.
    pub(in crate::cli) stack: u64,
}

/// The variables of hack's own environment that change what a judge's program does, which a
/// judge's environment does not hold: how it buffers its output or starts (with
/// `PYTHONUNBUFFERED=1`, set in many container images, a bot that never flushes would pass),
/// whether its asserts run (`PYTHONOPTIMIZE`), its hash order (`PYTHONHASHSEED`, random on
/// the judge each run), what it may convert (`PYTHONINTMAXSTRDIGITS`), its memory's contents and
/// checks (glibc's `MALLOC_PERTURB_`, `MALLOC_CHECK_`, `GLIBC_TUNABLES`), its threads' stacks
/// (`RUST_MIN_STACK`), its time and memory (`PYTHONTRACEMALLOC`, Go's collector). CMD runs
/// without them. Where programs are found (`PATH`, `PYTHONPATH`, `LD_LIBRARY_PATH`,
/// `LD_PRELOAD`) stays the user's: without it CMD might not run at all.
pub(in crate::cli) const NOT_THE_JUDGES: [&str; 25] = [
    "PYTHONUNBUFFERED",
    "PYTHONINSPECT",
    "PYTHONSTARTUP",
    "PYTHONDEVMODE",
    "PYTHONMALLOC",
    "PYTHONWARNINGS",
    "PYTHONBREAKPOINT",
    "PYTHONOPTIMIZE",
    "PYTHONHASHSEED",
    "PYTHONINTMAXSTRDIGITS",
    "PYTHONTRACEMALLOC",
    "MALLOC_PERTURB_",
    "MALLOC_CHECK_",
    "GLIBC_TUNABLES",
    "_STDBUF_I",
    "_STDBUF_O",
    "_STDBUF_E",
    "RUST_MIN_STACK",
    "GOGC",
    "GOMEMLIMIT",
    "NODE_OPTIONS",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "PERL5OPT",
];

/// Confines the process `cmd` starts, between fork and exec: it dies with hack (even by
/// SIGKILL), has the judge's environment (without [`NOT_THE_JUDGES`]), `room`'s stack, no
/// open file but its standard input, output and error, a /dev/shm of its own of at most
/// `room.space` bytes where hack may make one ([`private_shm`]), and leaves no core file. Its
/// memory is watched by its sandbox, not capped here: an address-space cap counts reserved
/// memory (each thread's stack of --stack bytes), which the judge does not; it gets the most
/// address space the shell allows (its hard limit).
pub(in crate::cli) fn confine(cmd: &mut Command, room: Room) {
    for variable in NOT_THE_JUDGES {
        cmd.env_remove(variable);
    }
    // SAFETY: getpid cannot fail.
    let hack = unsafe { libc::getpid() };
    let shm = private_shm().map(|way| Shm::new(way, room.space));
    // SAFETY: between fork and exec only async-signal-safe calls: prctl, getppid, getrlimit,
    // setrlimit, signal, close_range, fcntl, and Shm::make's unshare, open, write, close,
    // mount.
    unsafe {
        cmd.pre_exec(move || {
            // hack killed by SIGKILL (no handler runs) takes the solution with it; the rest of
            // its group goes with the guard (see `guard`).
            #[cfg(target_os = "linux")]
            {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                // hack may have died before the prctl: then nobody would send the signal.
                if libc::getppid() != hack {
                    return Err(io::Error::from_raw_os_error(libc::ESRCH));
                }
            }
            // No address-space cap of hack's own (it counts reserved memory, which the judge
            // does not): the most the shell allows, hack's own soft limit lifted.
            set_limit(libc::RLIMIT_AS, u64::MAX);
            set_limit(libc::RLIMIT_STACK, room.stack);
            // hack ignores SIGXFSZ (see `guard::take_over`); the solution gets the default.
            libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
            // A crash must not leave a core file of up to --memory behind, once per game.
            let none = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            let made = match shm.as_ref().map(Shm::make) {
                // A half-made user namespace would leave the solution without its own user.
                Some(Err(Made::Broken(e))) => Err(e),
                // Else it runs on as without: with the machine's /dev/shm.
                _ => Ok(()),
            };
            close_at_exec_from(3);
            made
        });
    }
}

/// Marks every file descriptor from `first` up close-on-exec: a judge gives the solution its
/// standard input, output and error and nothing else, where hack may hold more (from its
/// shell, or a descriptor of its own not yet marked). Marked, not closed: what runs after this
/// before exec may still need one (the sandbox's entry into its group, the pipe on which Rust
/// reports a failed exec). One call (close_range, Linux 5.11), else one fcntl a descriptor
/// below the limit on open files. Async-signal-safe: called between fork and exec.
fn close_at_exec_from(first: libc::c_uint) {
    // SAFETY: close_range and fcntl only change the flags of this process's descriptors;
    // getrlimit writes a struct we own.
    unsafe {
        let all = libc::c_uint::MAX;
        if libc::syscall(libc::SYS_close_range, first, all, libc::CLOSE_RANGE_CLOEXEC) == 0 {
            return;
        }
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        // An unlimited soft limit (rare) is taken as Linux's most, fs.nr_open's default.
        let end = limit.rlim_cur.min(1 << 20) as libc::c_int;
        for fd in first as libc::c_int..end {
            libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
        }
    }
}

/// The variable that makes hack leave /dev/shm shared even where it could make each run's
/// own: how the other way is tested on a machine that allows both.
const SHARED_SHM: &str = "CONSTRAINED_NIM_SHARED_SHM";

/// How a run gets a /dev/shm of its own: a mount namespace of its own with a fresh tmpfs on
/// /dev/shm, which goes with the run's last process, files and all (a judge's box has its
/// own; without one, what a run leaves there stays on the machine, and a later run may read
/// it). Root makes the mount namespace itself; another user inside a user namespace of the
/// run's own, where it keeps its own user and group (mapped to themselves) and has no
/// capability left once it execs CMD.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::cli) enum Way {
    Root,
    UserNamespace,
}

/// The way this machine gives each run its own /dev/shm, found once by making one in a
/// throwaway child; `None` where neither works (or [`SHARED_SHM`] is set): the runs share
/// the machine's.
pub(in crate::cli) fn private_shm() -> Option<Way> {
    static FOUND: OnceLock<Option<Way>> = OnceLock::new();
    *FOUND.get_or_init(|| {
        if std::env::var_os(SHARED_SHM).is_some() {
            return None;
        }
        [Way::Root, Way::UserNamespace]
            .into_iter()
            .find(|&way| Shm::new(way, 1 << 20).works())
    })
}

/// What the child needs to make its own /dev/shm, all of it made before the fork.
struct Shm {
    way: Way,
    /// The user namespace's maps: the user and group mapped to themselves.
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
    /// The tmpfs's options: its size (the run's memory guard), and anyone may write.
    options: CString,
}

/// How making a /dev/shm failed.
enum Made {
    /// Nothing the run sees is changed: it goes on with the machine's /dev/shm.
    Unchanged,
    /// In a user namespace whose maps could not be written: its user and group are nobody's.
    Broken(io::Error),
}

impl Shm {
    fn new(way: Way, bytes: u64) -> Shm {
        // SAFETY: geteuid and getegid cannot fail.
        let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
        Shm {
            way,
            uid_map: format!("{uid} {uid} 1").into_bytes(),
            gid_map: format!("{gid} {gid} 1").into_bytes(),
            // The kernel rounds the size up to pages, past 2^64 to nearly nothing.
            options: CString::new(format!("size={},mode=1777", bytes.min(1 << 60)))
                .unwrap_or_default(),
        }
    }

    /// Gives the calling process a mount namespace of its own with a fresh tmpfs on
    /// /dev/shm. Async-signal-safe (unshare, open, write, close, mount): called between fork
    /// and exec.
    fn make(&self) -> Result<(), Made> {
        let flags = match self.way {
            Way::Root => libc::CLONE_NEWNS,
            Way::UserNamespace => libc::CLONE_NEWUSER | libc::CLONE_NEWNS,
        };
        // SAFETY: unshare with flags only.
        if unsafe { libc::unshare(flags) } != 0 {
            return Err(Made::Unchanged);
        }
        if self.way == Way::UserNamespace {
            // setgroups must be denied before a process without privilege maps its group.
            for (file, map) in [
                (c"/proc/self/setgroups", &b"deny"[..]),
                (c"/proc/self/uid_map", self.uid_map.as_slice()),
                (c"/proc/self/gid_map", self.gid_map.as_slice()),
            ] {
                write_whole(file, map).map_err(Made::Broken)?;
            }
        }
        // SAFETY: mount with C strings made before the fork, or null where none is read.
        unsafe {
            // Private first: a mount on a shared / would show in the machine's own tree.
            let private = libc::MS_REC | libc::MS_PRIVATE;
            let (none, no_data) = (std::ptr::null(), std::ptr::null());
            if libc::mount(none, c"/".as_ptr(), none, private, no_data) != 0 {
                return Err(Made::Unchanged);
            }
            let (tmpfs, flags) = (c"tmpfs".as_ptr(), libc::MS_NOSUID | libc::MS_NODEV);
            let options = self.options.as_ptr().cast();
            if libc::mount(tmpfs, c"/dev/shm".as_ptr(), tmpfs, flags, options) != 0 {
                return Err(Made::Unchanged);
            }
        }
        Ok(())
    }

    /// Whether a child makes its /dev/shm this way, every step of it.
    fn works(&self) -> bool {
        // SAFETY: the child calls only async-signal-safe functions (make's, and _exit).
        let child = unsafe { libc::fork() };
        if child == 0 {
            let made = self.make().is_ok();
            // SAFETY: _exit ends the child without running anything of hack's.
            unsafe { libc::_exit(if made { 0 } else { 1 }) }
        }
        if child < 0 {
            return false;
        }
        let mut status = 0;
        // SAFETY: waitpid on the child just made.
        while unsafe { libc::waitpid(child, &mut status, 0) } < 0 {
            if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return false;
            }
        }
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
    }
}

/// Writes `bytes` to the file `path` in one write. Async-signal-safe: open, write, close.
fn write_whole(path: &std::ffi::CStr, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: open, write and close on a path and bytes made before the fork.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let error = io::Error::last_os_error();
        libc::close(fd);
        if written != bytes.len() as isize {
            return Err(error);
        }
    }
    Ok(())
}

/// Sets both the soft and the hard `resource` limit to `bytes`, or to the hard limit if that is
/// lower. Async-signal-safe: called between fork and exec.
fn set_limit(resource: libc::__rlimit_resource_t, bytes: u64) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit on a struct we own.
    unsafe {
        libc::getrlimit(resource, &mut limit);
        let wanted = bytes as libc::rlim_t;
        let capped = if limit.rlim_max == libc::RLIM_INFINITY {
            wanted
        } else {
            wanted.min(limit.rlim_max)
        };
        limit.rlim_cur = capped;
        limit.rlim_max = capped;
        libc::setrlimit(resource, &limit);
    }
}

/// The hard limit of `resource` in this shell (`u64::MAX` when unlimited).
pub(in crate::cli) fn hard_limit(resource: libc::__rlimit_resource_t) -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given.
    if unsafe { libc::getrlimit(resource, &mut limit) } != 0
        || limit.rlim_max == libc::RLIM_INFINITY
    {
        return u64::MAX;
    }
    limit.rlim_max
}
