//! The init of a run's PID namespace: the first process in it, between hack's child and CMD.
//!
//! CMD runs as the init's child, pid 2, as a judge's program is no namespace's first process:
//! the kernel ignores the signals a namespace's init sends itself, so `abort()` would end CMD by
//! SIGSEGV and `kill -9 $$` not at all. When CMD ends, the init tells hack CMD's use (its wait
//! status, peak and CPU time, on hack's pipe) and hack's child CMD's status; hack's child then
//! ends as CMD ended (the same exit status, or the same signal). The init lives on, with what
//! CMD left running, until hack has read their use and kills the run, as it kills a run that
//! has no init. Nothing of the init names hack: its name is `init`, its command line (a copy of
//! hack's) is blanked, and it keeps the capabilities CMD gives up, so that CMD may not read its
//! environment, its executable or its files (which takes the power to trace it), where hack,
//! the owner of the box's namespaces, may read the box's files through it. System calls only:
//! run between fork and exec.

use crate::cli::sys::{self, Closing, Handling, Reaped, exit as exit_now, fork};
use std::io;
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd};

/// The init's command line, as /proc/1/cmdline shows it.
const INIT: &[u8] = b"init\0";

/// Where hack's command line lies in its memory, and so in every fork's copy of it:
/// `arg_start` and `arg_end` of /proc/self/stat. Read before any fork.
pub(super) fn command_line() -> Option<(usize, usize)> {
    static AREA: std::sync::OnceLock<Option<(usize, usize)>> = std::sync::OnceLock::new();
    *AREA.get_or_init(read_command_line)
}

fn read_command_line() -> Option<(usize, usize)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields 48 and 49 of the line; after the command name's ')' the first one is field 3.
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(45);
    let start = fields.next()?.parse().ok()?;
    let end = fields.next()?.parse().ok()?;
    (start < end).then_some((start, end))
}

/// Starts the run's init, the next child of this process (which has just unshared a PID
/// namespace), and CMD's process as the init's child; returns in CMD's process alone, which
/// goes on to exec. This process, hack's child, tells hack the init's pid on `report` (hack's
/// pipe, see [`Told`]), waits for CMD's status and ends the same way. Fails, in this process,
/// where the init could not start CMD's process: then nothing is left of either.
pub(super) fn start(
    command_line: Option<(usize, usize)>,
    report: Option<BorrowedFd<'_>>,
) -> io::Result<()> {
    // The init tells this process on it: one byte once CMD's process is started, then CMD's
    // wait status.
    let (from_init, to_relay) = rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)?;
    // Whatever handlers hack has are hack's code: neither the init nor CMD runs them (exec
    // would reset them for CMD; the init never execs, and, a namespace's init, it ignores the
    // signals CMD may send it only while their handlers are the default).
    default_signals();
    match fork()? {
        Some(init) => {
            drop(to_relay);
            if let Some(report) = report {
                let _ = rustix::io::write(report, &init.to_ne_bytes());
            }
            relay(from_init, init)
        }
        None => {
            drop(from_init);
            match fork() {
                Ok(Some(cmd)) => be_init(to_relay, report, cmd, command_line),
                // CMD's process: the pipes close at its exec.
                Ok(None) => Ok(()),
                // This process sees the pipe closed before the first byte.
                Err(_) => exit_now(1),
            }
        }
    }
}

/// What hack hears on its pipe (a pipe of packets: each write one message, whatever their
/// order): from hack's child, the init's pid, once it is started; from the init, once CMD
/// ends, CMD's wait status, peak and CPU time, with those of the children it waited for (what
/// wait4 on hack's child, which never waits for the init, cannot tell). A quick CMD may end
/// before hack's child has told the init's pid: the messages are told apart by their length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::cli) enum Told {
    /// The init's pid.
    Init(i32),
    /// CMD has ended.
    Ended {
        status: i32,
        /// In bytes.
        peak: u64,
        cpu: std::time::Duration,
    },
}

impl Told {
    const ENDED: usize = 20;

    fn bytes(status: i32, peak: u64, cpu: std::time::Duration) -> [u8; Told::ENDED] {
        let mut bytes = [0; Told::ENDED];
        bytes[..4].copy_from_slice(&status.to_ne_bytes());
        bytes[4..12].copy_from_slice(&peak.to_ne_bytes());
        bytes[12..].copy_from_slice(&(cpu.as_micros() as u64).to_ne_bytes());
        bytes
    }

    /// The next message on hack's pipe, if one is there (the pipe does not block).
    pub(in crate::cli) fn hear(pipe: &OwnedFd) -> Option<Told> {
        let mut packet = [0u8; 64];
        let length = loop {
            match rustix::io::read(pipe, &mut packet) {
                Err(rustix::io::Errno::INTR) => {}
                Ok(length) => break length,
                Err(_) => return None,
            }
        };
        let word = |range: std::ops::Range<usize>| {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(&packet[range]);
            u64::from_ne_bytes(eight)
        };
        let four = [packet[0], packet[1], packet[2], packet[3]];
        match length {
            4 => Some(Told::Init(i32::from_ne_bytes(four))),
            Told::ENDED => Some(Told::Ended {
                status: i32::from_ne_bytes(four),
                peak: word(4..12),
                cpu: std::time::Duration::from_micros(word(12..20)),
            }),
            _ => None,
        }
    }
}

/// Every signal's handling back to the default.
fn default_signals() {
    for signal in 1..libc::SIGRTMAX() {
        if signal != libc::SIGKILL && signal != libc::SIGSTOP {
            sys::handle(signal, Handling::Default);
        }
    }
}

/// The init's life: it names itself `init`, blanks its copy of hack's command line, tells hack's
/// child that CMD (pid `cmd`) started, keeps nothing open but its pipes, and reaps every process
/// handed to it. Once CMD ends it tells hack CMD's use (on `report`) and hack's child CMD's status,
/// and goes on reaping what CMD left, and then waits, until hack ends the run (without hack's pipe,
/// the probe's, it ends once nothing is left).
fn be_init(
    to_relay: OwnedFd,
    report: Option<BorrowedFd<'_>>,
    cmd: i32,
    command_line: Option<(usize, usize)>,
) -> ! {
    let _ = rustix::thread::set_name(c"init");
    // Hack gone, its pipe's writes must not end the init, and with it CMD's status.
    sys::handle(libc::SIGPIPE, Handling::Ignored);
    if let Some((start, end)) = command_line
        && end - start > INIT.len()
    {
        // SAFETY: [start, end) is this process's own copy of the command line Linux keeps,
        // writable memory of its stack that nothing else in it uses any more.
        let area = unsafe { std::slice::from_raw_parts_mut(start as *mut u8, end - start) };
        // Its last byte not NUL, Linux reads the command line up to the first NUL, as a
        // program that set its own title: `init` alone, not `init` and the padding.
        area.fill(b' ');
        area[..INIT.len()].copy_from_slice(INIT);
    }
    let _ = rustix::io::write(&to_relay, b"S");
    close_all_but(&[Some(to_relay.as_raw_fd()), report.map(|fd| fd.as_raw_fd())]);
    let mut to_relay = Some(to_relay);
    loop {
        match sys::wait4(-1, libc::__WALL) {
            Ok(Some(Reaped {
                pid,
                status,
                peak,
                cpu,
            })) if pid == cmd => {
                if let Some(report) = report {
                    let _ = rustix::io::write(report, &Told::bytes(status, peak, cpu));
                }
                if let Some(to_relay) = to_relay.take() {
                    let _ = rustix::io::write(&to_relay, &status.to_ne_bytes());
                }
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) if report.is_none() => {
                // Nothing is left of the run, and no hack to read it.
                exit_now(0)
            }
            Err(_) => loop {
                // Nothing left to reap: the init stays, its view of the run's tmpfs with it,
                // until hack has read the run's use and kills it.
                rustix::event::pause();
            },
        }
    }
}

/// Hack's child's side: once the init has started CMD, it closes everything it holds (hack's
/// own pipe for a failed exec among it, so that hack's spawn returns once CMD has started),
/// waits for CMD's status and ends the same way (where the init died first, as the init did).
fn relay(from_init: OwnedFd, init: i32) -> io::Result<()> {
    let mut started = [0u8; 1];
    if read_all(&from_init, &mut started) < 1 {
        reap(init);
        return Err(io::Error::from_raw_os_error(libc::EAGAIN));
    }
    close_all_but(&[Some(from_init.as_raw_fd()), None]);
    let mut status = [0u8; 4];
    if read_all(&from_init, &mut status) == status.len() {
        // The init lives on with what CMD left, until hack ends the run.
        end_as(i32::from_ne_bytes(status))
    }
    end_as(reap(init))
}

/// Reads into `buffer` until it is full or the pipe is closed: the bytes read.
fn read_all(fd: &OwnedFd, buffer: &mut [u8]) -> usize {
    let mut read = 0;
    while read < buffer.len() {
        match rustix::io::read(fd, &mut buffer[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => break,
        }
    }
    read
}

/// Reaps the init: its wait status (killed by SIGKILL where it cannot be read).
fn reap(init: i32) -> i32 {
    let pid = rustix::process::Pid::from_raw(init);
    loop {
        match rustix::process::waitpid(pid, rustix::process::WaitOptions::empty()) {
            Ok(Some((_, status))) => return status.as_raw(),
            Err(rustix::io::Errno::INTR) => {}
            _ => return libc::SIGKILL,
        }
    }
}

/// Ends this process as a process with wait status `status` ended: by the same signal, or
/// with the same exit status.
fn end_as(status: i32) -> ! {
    if libc::WIFSIGNALED(status) {
        let signal = libc::WTERMSIG(status);
        sys::handle(signal, Handling::Default);
        // The mask is empty (std empties it before the closures that build the box): the
        // signal ends this process before the call returns.
        if let Some(signal) = rustix::process::Signal::from_named_raw(signal) {
            let _ = rustix::process::kill_process(rustix::process::getpid(), signal);
        }
    }
    exit_now(if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    })
}

/// Closes every descriptor of this process but those in `keep`. No allocation: run between
/// fork and exec.
fn close_all_but(keep: &[Option<i32>; 2]) {
    let mut keep = keep.map(|fd| fd.map_or(libc::c_uint::MAX, |fd| fd as libc::c_uint));
    keep.sort_unstable();
    let mut from: libc::c_uint = 0;
    for fd in keep.into_iter().chain([libc::c_uint::MAX]) {
        if fd > from {
            sys::close_range(from, fd - 1, Closing::Now);
        }
        from = fd.saturating_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A quick CMD may end before hack's child tells the init's pid: each message is read
    /// whole, and known by its length, whatever came first.
    #[test]
    fn the_messages_are_heard_whole_in_either_order() {
        use rustix::pipe::PipeFlags;
        let flags = PipeFlags::CLOEXEC | PipeFlags::NONBLOCK | PipeFlags::DIRECT;
        let (read, write) = rustix::pipe::pipe_with(flags).unwrap();
        let cpu = std::time::Duration::from_micros(1234);
        rustix::io::write(&write, &Told::bytes(11, 5 << 20, cpu)).unwrap();
        rustix::io::write(&write, &4321i32.to_ne_bytes()).unwrap();
        let ended = Told::Ended {
            status: 11,
            peak: 5 << 20,
            cpu,
        };
        assert_eq!(Told::hear(&read), Some(ended));
        assert_eq!(Told::hear(&read), Some(Told::Init(4321)));
        assert_eq!(Told::hear(&read), None);
    }
}
