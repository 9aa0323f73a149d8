//! Where a run has no IPC namespace of its own (no namespaces here), the SysV objects it
//! leaves behind would outlive it and hold the machine's memory: a segment it made and let go,
//! a queue, a semaphore set. They are found in /proc/sysvipc and removed: after each run, a
//! new segment no process holds whose maker is gone; at hack's end, every object made by
//! hack's user since hack started that nothing holds.

use std::collections::HashSet;

/// The three kinds of SysV objects, as /proc/sysvipc names their files.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Kind {
    Shm,
    Msg,
    Sem,
}

/// One object as /proc/sysvipc lists it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Object {
    kind: Kind,
    id: i32,
    /// Its maker's user.
    creator_uid: u32,
    /// A segment's maker's pid and how many processes hold it (0 for the other kinds).
    creator_pid: i32,
    attached: u64,
}

/// The objects there are now.
fn objects() -> Vec<Object> {
    let mut all = Vec::new();
    for (kind, file, uid_column) in [
        (Kind::Shm, "shm", 9),
        (Kind::Msg, "msg", 9),
        (Kind::Sem, "sem", 6),
    ] {
        let text = std::fs::read_to_string(format!("/proc/sysvipc/{file}")).unwrap_or_default();
        for line in text.lines().skip(1) {
            let columns: Vec<&str> = line.split_whitespace().collect();
            let number = |k: usize| columns.get(k).and_then(|c| c.parse::<i64>().ok());
            let (Some(id), Some(uid)) = (number(1), number(uid_column)) else {
                continue;
            };
            let shm = kind == Kind::Shm;
            all.push(Object {
                kind,
                id: id as i32,
                creator_uid: uid as u32,
                creator_pid: if shm {
                    number(4).unwrap_or(0) as i32
                } else {
                    0
                },
                attached: if shm {
                    number(6).unwrap_or(0) as u64
                } else {
                    0
                },
            });
        }
    }
    all
}

/// The objects there are when a run (or hack) starts.
pub(in crate::cli) struct Before(HashSet<(Kind, i32)>);

/// Takes the objects there are now, where runs have no IPC namespace of their own.
pub(in crate::cli) fn before() -> Option<Before> {
    (super::walls().way.is_none())
        .then(|| Before(objects().iter().map(|o| (o.kind, o.id)).collect()))
}

impl Before {
    /// After a run: removes each segment made since, held by no process, whose maker is
    /// gone. (Another run's segment has its maker or a holder still.)
    pub(in crate::cli) fn remove_left_by_run(&self) {
        for object in self.new_ones() {
            let gone = std::fs::metadata(format!("/proc/{}", object.creator_pid)).is_err();
            if object.kind == Kind::Shm && object.attached == 0 && object.creator_pid > 0 && gone {
                remove(object);
            }
        }
    }

    /// At hack's end, every run over: removes every object made since by hack's user and
    /// held by no process.
    pub(in crate::cli) fn remove_all_left(&self) {
        let uid = rustix::process::geteuid().as_raw();
        for object in self.new_ones() {
            if object.creator_uid == uid && object.attached == 0 {
                remove(object);
            }
        }
    }

    fn new_ones(&self) -> impl Iterator<Item = Object> + '_ {
        objects()
            .into_iter()
            .filter(|o| !self.0.contains(&(o.kind, o.id)))
    }
}

/// Removes one object.
fn remove(object: Object) {
    // SAFETY: IPC_RMID by id takes no buffer (a null pointer where one is declared).
    unsafe {
        match object.kind {
            Kind::Shm => libc::shmctl(object.id, libc::IPC_RMID, std::ptr::null_mut()),
            Kind::Msg => libc::msgctl(object.id, libc::IPC_RMID, std::ptr::null_mut()),
            Kind::Sem => libc::semctl(object.id, 0, libc::IPC_RMID),
        };
    }
}
