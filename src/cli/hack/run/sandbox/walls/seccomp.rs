//! The system calls a run may not make, which no wall of the file system or namespace holds:
//!
//! - a socket of the file system's kind (`socket(AF_UNIX, ...)`): a path socket of the
//!   machine's (the session's bus, a daemon's, a container engine's) is reachable from any
//!   network namespace, read-only mounts and Landlock do not refuse a connection to it, and no
//!   judge's box has one. A socket pair between the run's own processes is made by
//!   `socketpair`, which stays;
//! - the kernel's key rings (`add_key`, `request_key`, `keyctl`), which are in no namespace:
//!   run as root, a run could read, add or remove the user's keys, and leave one for the next.
//!
//! Each is refused with EPERM, and everything else is allowed. On x86-64 the 32-bit calls are
//! held too (their own numbers, and `socketcall`'s socket), and the x32 calls refused whole.
//! The filter is installed last before exec (after `no_new_privs`, which it needs) and stays
//! with the run's programs; where the kernel has no seccomp, the run goes without it.

use libc::{sock_filter, sock_fprog};

/// What `struct seccomp_data` holds where: the call's number, its architecture, its first
/// argument (the low half, on a little-endian machine).
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0: u32 = 16;

const LOAD: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
const IS: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
const AT_LEAST: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
const RETURN: u16 = (libc::BPF_RET | libc::BPF_K) as u16;
const ALLOW: u32 = libc::SECCOMP_RET_ALLOW;
const REFUSE: u32 = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
const AF_UNIX: u32 = libc::AF_UNIX as u32;

const fn op(code: u16, k: u32) -> sock_filter {
    sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

/// A jump: `yes` and `no` count the instructions skipped.
const fn jump(code: u16, k: u32, yes: u8, no: u8) -> sock_filter {
    sock_filter {
        code,
        jt: yes,
        jf: no,
        k,
    }
}

#[cfg(target_arch = "x86_64")]
const FILTER: [sock_filter; 23] = {
    const X86_64: u32 = 0xC000_003E;
    const I386: u32 = 0x4000_0003;
    const X32: u32 = 0x4000_0000;
    [
        /* 0 */ op(LOAD, ARCH),
        /* 1 */ jump(IS, X86_64, 0, 7), // else 9
        /* 2 */ op(LOAD, NR),
        /* 3 */ jump(AT_LEAST, X32, 17, 0), // 21
        /* 4 */ jump(IS, 41, 14, 0), // socket: 19
        /* 5 */ jump(IS, 248, 15, 0), // add_key: 21
        /* 6 */ jump(IS, 249, 14, 0), // request_key: 21
        /* 7 */ jump(IS, 250, 13, 0), // keyctl: 21
        /* 8 */ op(RETURN, ALLOW),
        /* 9 */ jump(IS, I386, 0, 12), // else 22
        /* 10 */ op(LOAD, NR),
        /* 11 */ jump(IS, 359, 7, 0), // socket: 19
        /* 12 */ jump(IS, 102, 4, 0), // socketcall: 17
        /* 13 */ jump(IS, 286, 7, 0), // add_key: 21
        /* 14 */ jump(IS, 287, 6, 0), // request_key: 21
        /* 15 */ jump(IS, 288, 5, 0), // keyctl: 21
        /* 16 */ op(RETURN, ALLOW),
        // socketcall's SYS_SOCKET: its domain is in memory, out of the filter's reach.
        /* 17 */
        op(LOAD, ARG0),
        /* 18 */ jump(IS, 1, 2, 3), // 21, else 22
        /* 19 */ op(LOAD, ARG0),
        /* 20 */ jump(IS, AF_UNIX, 0, 1), // 21, else 22
        /* 21 */ op(RETURN, REFUSE),
        /* 22 */ op(RETURN, ALLOW),
    ]
};

#[cfg(target_arch = "aarch64")]
const FILTER: [sock_filter; 12] = {
    const AARCH64: u32 = 0xC000_00B7;
    [
        /* 0 */ op(LOAD, ARCH),
        /* 1 */ jump(IS, AARCH64, 0, 9), // else 11
        /* 2 */ op(LOAD, NR),
        /* 3 */ jump(IS, 198, 4, 0), // socket: 8
        /* 4 */ jump(IS, 217, 5, 0), // add_key: 10
        /* 5 */ jump(IS, 218, 4, 0), // request_key: 10
        /* 6 */ jump(IS, 219, 3, 0), // keyctl: 10
        /* 7 */ op(RETURN, ALLOW),
        /* 8 */ op(LOAD, ARG0),
        /* 9 */ jump(IS, AF_UNIX, 0, 1), // 10, else 11
        /* 10 */ op(RETURN, REFUSE),
        /* 11 */ op(RETURN, ALLOW),
    ]
};

/// Installs the filter in the calling process (the run's, last before exec); where the kernel
/// has no seccomp, nothing. System calls only.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(super) fn install() {
    let program = sock_fprog {
        len: FILTER.len() as u16,
        filter: FILTER.as_ptr().cast_mut(),
    };
    // SAFETY: prctl reads the program, alive for the call; the filter only refuses calls.
    unsafe {
        libc::prctl(
            libc::PR_SET_SECCOMP,
            libc::SECCOMP_MODE_FILTER,
            &program as *const sock_fprog,
        );
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(super) fn install() {}
