//! Where a run has no IPC namespace of its own (no namespaces here), the SysV objects it
//! leaves behind would outlive it and hold the machine's memory. After each run, /proc/sysvipc
//! tells which are new since it started, and of them those a process of the run made (a
//! segment's maker) or last wrote to (a queue's last sender) are removed once no process holds
//! them. Only what a process seen to be the run's did counts: another program's objects, made
//! meanwhile, are not hack's to remove (a maker that lived between two looks is missed).

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
    /// A segment's maker's pid, or a queue's last sender's (0 for a semaphore set), and how
    /// many processes hold a segment.
    pid: i32,
    attached: u64,
}

/// The objects there are now.
fn objects() -> Vec<Object> {
    let mut all = Vec::new();
    for (kind, file) in [(Kind::Shm, "shm"), (Kind::Msg, "msg"), (Kind::Sem, "sem")] {
        let text = std::fs::read_to_string(format!("/proc/sysvipc/{file}")).unwrap_or_default();
        for line in text.lines().skip(1) {
            let columns: Vec<&str> = line.split_whitespace().collect();
            let number = |k: usize| columns.get(k).and_then(|c| c.parse::<i64>().ok());
            let Some(id) = number(1) else {
                continue;
            };
            // A segment's maker (cpid) and holders (nattch); a queue's last sender (lspid).
            let (pid, attached) = match kind {
                Kind::Shm => (number(4), number(6)),
                Kind::Msg => (number(5), None),
                Kind::Sem => (None, None),
            };
            all.push(Object {
                kind,
                id: id as i32,
                pid: pid.unwrap_or(0) as i32,
                attached: attached.unwrap_or(0) as u64,
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
    /// After a run whose processes were `seen`: removes each object new since it started that
    /// one of them made or last wrote to, held by no process now.
    pub(in crate::cli) fn remove_left_by_run(&self, seen: &HashSet<i32>) {
        for object in self.new_ones() {
            if object.pid > 0 && seen.contains(&object.pid) && object.attached == 0 {
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
