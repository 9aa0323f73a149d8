//! Confining the process a run starts, between fork and exec: it dies with hack, has the
//! judge's environment and stack, no open file beyond its standard three, a /dev/shm of its
//! own where hack may make one, and leaves no core file. Its memory is the sandbox's to watch
//! (an address-space cap would count reserved memory, which the judge does not).

use super::Sandbox;
use super::walls;
use crate::cli::sys::{self, Closing, Handling};
use rustix::process::{Resource, Rlimit, Signal};
use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;

/// The largest address-space limit this process may give its children: the hard RLIMIT_AS.
pub(in crate::cli) fn memory_ceiling() -> u64 {
    hard_limit(Resource::As)
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

impl Room {
    /// The room of a run under a `memory` limit with `stack` bytes of stack: a runaway is
    /// stopped well above the limit, so that only a runaway meets it: at least 4 times the
    /// limit, or the limit and 2 GiB, and room for the stack; at most what this shell allows.
    pub(in crate::cli) fn for_limits(memory: u64, stack: u64) -> Room {
        const GIB: u64 = 1 << 30;
        let space = (memory.saturating_mul(4))
            .max(memory.saturating_add(2 * GIB))
            .max(memory.saturating_add(stack))
            .min(memory_ceiling());
        Room { space, stack }
    }
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
/// SIGKILL), has the judge's environment (without [`NOT_THE_JUDGES`], its `TMPDIR` a place of
/// its own), `room`'s stack, no open file but its standard input, output and error, leaves no
/// core file, and lives in the box this machine gives (`walls`), its tmpfs of at most
/// `room.space` bytes, and in `sandbox`'s control group, entered inside the box's namespaces but
/// before it is sealed (the sealed box may not write the group's files). Its
/// memory is watched by its sandbox, not capped here: an address-space cap counts reserved
/// memory (each thread's stack of --stack bytes), which the judge does not; it gets the most
/// address space the shell allows (its hard limit). Fails where the run's scratch folder
/// cannot be made (a box without namespaces). With a PID namespace, the box's init tells hack
/// on `sandbox`'s pipe (see [`Sandbox::report`]).
pub(in crate::cli) fn confine(
    cmd: &mut Command,
    room: Room,
    sandbox: &Sandbox,
) -> io::Result<Option<Scratch>> {
    for variable in NOT_THE_JUDGES {
        cmd.env_remove(variable);
    }
    // The shell's last command (`_`, which bash sets to hack's own path when it starts hack)
    // and hack's own settings (`CONSTRAINED_NIM_...`): each would name hack.
    cmd.env_remove("_");
    for (name, _) in std::env::vars_os() {
        if name.as_encoded_bytes().starts_with(b"CONSTRAINED_NIM_") {
            cmd.env_remove(name);
        }
    }
    let walls = walls::walls();
    let scratch = match walls.way {
        // A judge sets no TMPDIR: programs take /tmp, the run's own.
        Some(_) if walls.tmp => {
            cmd.env_remove("TMPDIR");
            None
        }
        Some(_) => {
            cmd.env("TMPDIR", "/dev/shm");
            None
        }
        None => {
            let scratch = Scratch::new()?;
            cmd.env("TMPDIR", &scratch.folder);
            Some(scratch)
        }
    };
    let hack = rustix::process::getpid();
    let places = (scratch.as_ref()).map(|s| (s.folder.as_path(), s.input.as_path()));
    let (setup, mut seal) = walls::Setup::new(walls, room.space, places, sandbox.report());
    let entry = sandbox.entry();
    let in_the_box = move || -> io::Result<()> {
        // hack killed by SIGKILL (no handler runs) takes the solution with it; the rest of its
        // group goes with the guard (see `guard`).
        rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
        // hack may have died before that: then nobody would send the signal.
        if rustix::process::getppid() != Some(hack) {
            return Err(io::Error::from_raw_os_error(libc::ESRCH));
        }
        // No address-space cap of hack's own (it counts reserved memory, which the judge
        // does not): the most the shell allows, hack's own soft limit lifted.
        set_limit(Resource::As, u64::MAX);
        set_limit(Resource::Stack, room.stack);
        // A crash must not leave a core file of up to --memory behind, once per game.
        set_limit(Resource::Core, 0);
        // hack ignores SIGXFSZ (see `guard::take_over`); the solution gets the default.
        sys::handle(libc::SIGXFSZ, Handling::Default);
        setup.enter().map_err(|walls::Made::Failed(e)| e)?;
        // A judge gives the solution its standard input, output and error and nothing else,
        // where hack may hold more (from its shell, or one of its own not yet marked). Marked,
        // not closed: what runs after this before exec may still need one (the pipe on which
        // Rust reports a failed exec).
        sys::close_range(3, u32::MAX, Closing::AtExec);
        if let Some(entry) = &entry {
            entry.enter()?;
        }
        seal.seal().map_err(|walls::Made::Failed(e)| e)
    };
    // SAFETY: between fork and exec `in_the_box` makes system calls only (Setup::enter's and
    // Seal::seal's among them) and allocates nothing.
    unsafe {
        cmd.pre_exec(in_the_box);
    }
    Ok(scratch)
}

/// A run's scratch folder where the box has no tmpfs of its own (no namespaces): its
/// `TMPDIR`, the one place on disk it may write, and beside it the copy of its input (a plain
/// file, as the judge gives); both removed once the run ends.
pub(in crate::cli) struct Scratch {
    folder: std::path::PathBuf,
    input: std::path::PathBuf,
}

impl Scratch {
    fn new() -> io::Result<Scratch> {
        static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let base = walls::scratch_base()
            .ok_or_else(|| io::Error::other("cannot make a scratch folder for the runs"))?;
        let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let folder = base.join(run.to_string());
        // Without namespaces a run may change the modes of what its user owns (Landlock does
        // not cover them): the folder is made the user's own again first.
        owner_may_write(base);
        std::fs::create_dir(&folder)?;
        let input = base.join(format!("{run}.in"));
        Ok(Scratch { folder, input })
    }
}

/// Gives the user back every right on `path` (a folder or a file), as far as it is theirs.
fn owner_may_write(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.file_type().is_symlink()
    {
        let mode = meta.permissions().mode() | 0o700;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o7777));
    }
}

/// Removes `path` and all under it, whatever modes a run left on what it made there.
fn remove_all(path: &std::path::Path) {
    if std::fs::remove_dir_all(path).is_ok() || !path.exists() {
        return;
    }
    let mut left = vec![path.to_path_buf()];
    while let Some(dir) = left.pop() {
        owner_may_write(&dir);
        let entries = std::fs::read_dir(&dir).into_iter().flatten().flatten();
        left.extend(
            entries
                .map(|e| e.path())
                .filter(|p| p.is_dir() && !p.is_symlink()),
        );
    }
    let _ = std::fs::remove_dir_all(path);
}

impl Drop for Scratch {
    fn drop(&mut self) {
        remove_all(&self.folder);
        let _ = std::fs::remove_file(&self.input);
    }
}

/// Sets both the soft and the hard `resource` limit to `value`, or to the hard limit if that
/// is lower. A system call or two: called between fork and exec.
fn set_limit(resource: Resource, value: u64) {
    let hard = rustix::process::getrlimit(resource).maximum;
    let value = Some(hard.map_or(value, |hard| hard.min(value)));
    let limit = Rlimit {
        current: value,
        maximum: value,
    };
    let _ = rustix::process::setrlimit(resource, limit);
}

/// The hard limit of `resource` in this shell (`u64::MAX` when unlimited).
pub(in crate::cli) fn hard_limit(resource: Resource) -> u64 {
    rustix::process::getrlimit(resource)
        .maximum
        .unwrap_or(u64::MAX)
}
