//! The tool's second core: the solver's sorts split over two threads, and two jobs that need
//! nothing from each other (sorting the piles, reading the moves) run at once. The judge file
//! sorts on one thread (`crate::OneThread`); the answers are the same.

use super::sys;
use crate::Machine;

/// The solver's sorts on two threads where that pays, and the processor's prefetch.
pub(crate) struct TwoThreads;

impl Machine for TwoThreads {
    fn sort<T: Send, K: Ord + Copy>(&self, items: &mut [T], key: impl Fn(&T) -> K + Sync) {
        sort_on_two(items, key);
    }

    fn fetch<T>(&self, item: &T) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing the program sees and never faults; `item` is a valid
        // reference besides.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = item;
    }
}

/// How many items a sort needs before a second thread pays for itself.
pub(crate) const PARALLEL: usize = 1 << 14;

/// Machine `items` by `key`, a long slice on two threads: one pass splits it around the median of
/// a sample into the items below and the rest, and the two sides, which need no merge, sort at
/// once.
///
/// A split that comes out uneven (many equal keys, or a sample that misleads) costs one pass
/// more than a plain sort: the larger side still sorts alone.
///
/// # Complexity
/// - O(n log n)
pub(crate) fn sort_on_two<T: Send, K: Ord + Copy>(items: &mut [T], key: impl Fn(&T) -> K + Sync) {
    if items.len() < PARALLEL {
        items.sort_unstable_by_key(&key);
        return;
    }
    if items.is_sorted_by_key(&key) {
        return;
    }
    // The sample is drawn at random places, so that no order of the input can fill it with
    // extremes (a sample at fixed places could meet only one of two interleaved kinds).
    const SAMPLE: usize = 255;
    let mut place = {
        use std::hash::{BuildHasher, RandomState};
        let mut state = RandomState::new().hash_one(items.len());
        let len = items.len() as u64;
        move || {
            // xorshift64; the state is never 0 after the first step is taken from a hash.
            state = state.max(1);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % len) as usize
        }
    };
    let mut sample: [K; SAMPLE] = std::array::from_fn(|_| key(&items[place()]));
    sample.sort_unstable();
    let pivot = sample[SAMPLE / 2];
    // Branch-free: every item is swapped to the end of the lower side, which then grows only by
    // an item below the pivot.
    let mut below = 0;
    for i in 0..items.len() {
        let lower = key(&items[i]) < pivot;
        items.swap(below, i);
        below += usize::from(lower);
    }
    let (lower, upper) = items.split_at_mut(below);
    let sort = |side: &mut [T]| side.sort_unstable_by_key(&key);
    beside(true, || sort(lower), || sort(upper));
}

/// Runs `side` on a second thread while `here` runs on this one, and returns both results.
///
/// Unless `parallel`, both run here, one after the other; so they do when a thread cannot be
/// afforded or started (a process limit, no memory for its stack, a huge `RUST_MIN_STACK`):
/// that is no error, and the results are the same.
pub(crate) fn beside<A: Send, B>(
    parallel: bool,
    side: impl FnOnce() -> A + Send,
    here: impl FnOnce() -> B,
) -> (A, B) {
    use std::sync::{Mutex, PoisonError, mpsc};
    if !parallel || !thread_affordable() {
        return (side(), here());
    }
    // The thread takes `side` out of the slot; when it never starts, `side` is still there.
    let slot = Mutex::new(Some(side));
    let take = || slot.lock().unwrap_or_else(PoisonError::into_inner).take();
    let (started, start) = mpsc::sync_channel(1);
    std::thread::scope(|scope| {
        let thread = move || {
            let _ = started.send(());
            take().map(|side| side())
        };
        let started = std::thread::Builder::new().spawn_scoped(scope, thread);
        // This thread allocates nothing until the other one has set itself up, so that the
        // memory `thread_affordable` found free is still free for it.
        if started.is_ok() {
            let _ = start.recv();
        }
        let b = here();
        let a = match started {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        };
        let a = a.unwrap_or_else(|| take().expect("side has not run yet")());
        (a, b)
    })
}

/// Address space a thread's start needs beside its stack: std maps a guard page and an
/// alternative signal stack, and the C library its own bits; a generous bound.
const THREAD_MARGIN: usize = 32 << 20;

/// Whether a second thread can be started without running out of memory in its start-up.
///
/// Why ask: std maps a new thread's alternative signal stack inside the thread, and panics when
/// that fails; under a memory limit (`ulimit -v`) that panic comes after `spawn` reported
/// success, and with `RUST_BACKTRACE=1` it can deadlock the thread and so the `join`. So the
/// address space is counted first: what this process has mapped (VmSize), the stack std will
/// map (`RUST_MIN_STACK`, or its default of 2 MiB) and [`THREAD_MARGIN`] must fit under the
/// limit.
fn thread_affordable() -> bool {
    let Some(limit) = rustix::process::getrlimit(rustix::process::Resource::As).current else {
        return true;
    };
    let stack = std::env::var("RUST_MIN_STACK")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(2 << 20);
    let mapped = sys::own_status_kib("VmSize:").saturating_mul(1024);
    mapped
        .saturating_add(stack)
        .saturating_add(THREAD_MARGIN as u64)
        <= limit
}
